/*
 * GF(2^255 - 19). Elements are 4 x 64-bit limbs holding any value below 2^256
 * (lazy: congruent mod p, not necessarily below p); see ecfield/p25519.h and
 * docs/p25519.md for why. mul and sqr test the dispatch flag and tail-jump
 * into a kernel; everything else is constant-time C. The small ops are static
 * inline in p25519_internal.h; this file defines the others as hidden
 * ecfi_p25519_ functions with their exported ecf_p25519_ aliases, and the
 * exported forms of the inline ops.
 */
#include "fields/p25519_internal.h"

#include "common/lookup.h"

typedef ecf_p25519_fe fe;

void ecfi_p25519_mul(fe *r, const fe *a, const fe *b) { ecfi_p25519_mul_with(ecfi_tiers(), r, a, b); }
ECFI_EXPORT_ALIAS(ecf_p25519_mul, ecfi_p25519_mul);

void ecfi_p25519_sqr(fe *r, const fe *a) { ecfi_p25519_sqr_with(ecfi_tiers(), r, a); }
ECFI_EXPORT_ALIAS(ecf_p25519_sqr, ecfi_p25519_sqr);

void ecfi_p25519_reduce(fe *r, const fe *a) { ecfi_p25519_canon(r->limb, a->limb); }
ECFI_EXPORT_ALIAS(ecf_p25519_reduce, ecfi_p25519_reduce);

static inline void load_le(uint64_t *r, const uint8_t *in, int n)
{
	for (int i = 0; i < n; i++)
		r[i] = ecfi_load_le64(in + 8 * i);
}

/* Argument checks shared by the decoders: zero the output first. */
static int check_args(fe *r, const uint8_t *in, size_t len, size_t want)
{
	if (r == NULL)
		return ECF_ERR_NULL;
	ecfi_limbs_zero(r->limb, 4);
	if (in == NULL)
		return ECF_ERR_NULL;
	if (len != want)
		return ECF_ERR_LENGTH;
	return ECF_OK;
}

/* X25519's decoding of u (RFC 7748 section 5) and ristretto255's of its
 * uniform halves (RFC 9496 section 4.3.4): the top bit is ignored, values from
 * p to 2^255 - 1 are reduced. Internal only (no public name). */
void ecfi_p25519_from_bytes_masked(fe *r, const uint8_t in[32])
{
	uint64_t v[4];
	load_le(v, in, 4);
	v[3] &= 0x7fffffffffffffff; /* RFC 7748: ignore the top bit */
	ecfi_p25519_canon(r->limb, v);
}

int ecfi_p25519_from_bytes(fe *r, const uint8_t *in, size_t len)
{
	int st = check_args(r, in, len, 32);
	if (st != ECF_OK)
		return st;
	uint64_t v[4];
	load_le(v, in, 4);
	/* The value stays secret; only whether it is canonical becomes public. */
	uint64_t ok = ecfi_limbs_lt_mask(v, ecfi_p25519_M, 4);
	for (int i = 0; i < 4; i++)
		r->limb[i] = v[i] & ok;
	/* ok is all-ones for a canonical value: ECF_OK (0) without a branch. */
	return ecfi_status_from_mask(ECF_ERR_RANGE, ~ok);
}
ECFI_EXPORT_ALIAS(ecf_p25519_from_bytes, ecfi_p25519_from_bytes);

int ecfi_p25519_from_bytes_reduce(fe *r, const uint8_t *in, size_t len)
{
	int st = check_args(r, in, len, len == 64 ? 64 : 32);
	if (st != ECF_OK)
		return st;
	uint64_t t[8] = {0}, z[4];
	load_le(t, in, (int)(len / 8)); /* 32 bytes: the high half stays 0 */
	ecfi_p25519_fold(z, t);
	ecfi_p25519_canon(r->limb, z);
	return ECF_OK;
}
ECFI_EXPORT_ALIAS(ecf_p25519_from_bytes_reduce, ecfi_p25519_from_bytes_reduce);

void ecfi_p25519_to_bytes(uint8_t out[32], const fe *a)
{
	uint64_t c[4];
	ecfi_p25519_canon(c, a->limb);
	for (int i = 0; i < 4; i++)
		ecfi_store_le64(out + 8 * i, c[i]);
}
ECFI_EXPORT_ALIAS(ecf_p25519_to_bytes, ecfi_p25519_to_bytes);

void ecfi_p25519_inv(fe *r, const fe *a)
{
	uint64_t c[4];
	ecfi_p25519_canon(c, a->limb); /* safegcd wants a canonical input; 0 gives 0 */
	ecfi_modinv(r->limb, c, &ecfi_p25519_MODINV);
}
ECFI_EXPORT_ALIAS(ecf_p25519_inv, ecfi_p25519_inv);

void ecfi_p25519_pow22523(fe *r, const fe *a)
{
	/* 2^252 - 3 by the usual chain: 250 ones, then a 0 and a 1. */
	const uint32_t tiers = ecfi_tiers();
	fe z = *a, t0, t1, t2;
	ecfi_p25519_sqr_with(tiers, &t0, &z);       /* 2 */
	ecfi_p25519_sqr_n_with(tiers, &t1, &t0, 2); /* 8 */
	ecfi_p25519_mul_with(tiers, &t1, &z, &t1);  /* 9 */
	ecfi_p25519_mul_with(tiers, &t0, &t0, &t1); /* 11 */
	ecfi_p25519_sqr_with(tiers, &t0, &t0);      /* 22 */
	ecfi_p25519_mul_with(tiers, &t0, &t1, &t0); /* 2^5 - 1 */
	ecfi_p25519_sqr_n_with(tiers, &t1, &t0, 5);
	ecfi_p25519_mul_with(tiers, &t0, &t1, &t0); /* 2^10 - 1 */
	ecfi_p25519_sqr_n_with(tiers, &t1, &t0, 10);
	ecfi_p25519_mul_with(tiers, &t1, &t1, &t0); /* 2^20 - 1 */
	ecfi_p25519_sqr_n_with(tiers, &t2, &t1, 20);
	ecfi_p25519_mul_with(tiers, &t1, &t2, &t1); /* 2^40 - 1 */
	ecfi_p25519_sqr_n_with(tiers, &t1, &t1, 10);
	ecfi_p25519_mul_with(tiers, &t0, &t1, &t0); /* 2^50 - 1 */
	ecfi_p25519_sqr_n_with(tiers, &t1, &t0, 50);
	ecfi_p25519_mul_with(tiers, &t1, &t1, &t0); /* 2^100 - 1 */
	ecfi_p25519_sqr_n_with(tiers, &t2, &t1, 100);
	ecfi_p25519_mul_with(tiers, &t1, &t2, &t1); /* 2^200 - 1 */
	ecfi_p25519_sqr_n_with(tiers, &t1, &t1, 50);
	ecfi_p25519_mul_with(tiers, &t0, &t1, &t0); /* 2^250 - 1 */
	ecfi_p25519_sqr_n_with(tiers, &t0, &t0, 2); /* 2^252 - 4 */
	ecfi_p25519_mul_with(tiers, r, &t0, &z);    /* 2^252 - 3 */
}
ECFI_EXPORT_ALIAS(ecf_p25519_pow22523, ecfi_p25519_pow22523);

void ecfi_p25519_abs(fe *r, const fe *a)
{
	/* For canonical x, p - x is canonical unless x = 0, which is non-negative. */
	uint64_t x[4], n[4];
	ecfi_p25519_canon(x, a->limb);
	ecfi_limbs_sub(n, ecfi_p25519_M, x, 4);
	ecfi_limbs_cmov(x, n, ecfi_mask_from_bit(x[0] & 1), 4);
	ecfi_limbs_copy(r->limb, x, 4);
}
ECFI_EXPORT_ALIAS(ecf_p25519_abs, ecfi_p25519_abs);

int ecfi_p25519_sqrt_ratio(fe *r, const fe *u, const fe *v)
{
	/* RFC 9496, section 4.2 (SQRT_RATIO_M1), step by step. */
	const uint32_t tiers = ecfi_tiers();
	fe v3, v7, t, x, check, un, uni, xi, sqrt_m1;
	ecfi_limbs_copy(sqrt_m1.limb, ecfi_p25519_SQRTM1, 4);
	ecfi_p25519_sqr_with(tiers, &v3, v);
	ecfi_p25519_mul_with(tiers, &v3, &v3, v); /* v^3 */
	ecfi_p25519_sqr_with(tiers, &v7, &v3);
	ecfi_p25519_mul_with(tiers, &v7, &v7, v); /* v^7 */
	ecfi_p25519_mul_with(tiers, &t, u, &v7);
	ecfi_p25519_pow22523(&t, &t); /* (u v^7)^((p-5)/8) */
	ecfi_p25519_mul_with(tiers, &x, u, &v3);
	ecfi_p25519_mul_with(tiers, &x, &x, &t); /* r = u v^3 (u v^7)^((p-5)/8) */
	ecfi_p25519_sqr_with(tiers, &check, &x);
	ecfi_p25519_mul_with(tiers, &check, &check, v); /* v r^2 */
	ecfi_p25519_neg(&un, u);
	ecfi_p25519_mul_with(tiers, &uni, &un, &sqrt_m1);
	uint64_t correct = ecfi_p25519_equal_mask(&check, u);
	uint64_t flipped = ecfi_p25519_equal_mask(&check, &un);
	uint64_t flipped_i = ecfi_p25519_equal_mask(&check, &uni);
	ecfi_p25519_mul_with(tiers, &xi, &x, &sqrt_m1);
	ecfi_limbs_cmov(x.limb, xi.limb, flipped | flipped_i, 4);
	ecfi_p25519_abs(r, &x);
	/* was_square is all-ones for a square: ECF_OK (0) without a branch. */
	uint64_t was_square = correct | flipped;
	return ecfi_status_from_mask(ECF_ERR_NOT_SQUARE, ~was_square);
}
ECFI_EXPORT_ALIAS(ecf_p25519_sqrt_ratio, ecfi_p25519_sqrt_ratio);

int ecfi_p25519_lookup(fe *r, const fe *table, size_t n, size_t idx)
{
	/* Elements are plain structs of limbs: the table is n * 4 limbs. */
	return ecfi_limbs_lookup(r ? r->limb : NULL, table ? table[0].limb : NULL, 4, n, idx);
}
ECFI_EXPORT_ALIAS(ecf_p25519_lookup, ecfi_p25519_lookup);

/* The exported forms of the static inline ops of p25519_internal.h. */
void ecf_p25519_zero(fe *r) { ecfi_p25519_zero(r); }
void ecf_p25519_one(fe *r) { ecfi_p25519_one(r); }
void ecf_p25519_set(fe *r, const fe *a) { ecfi_p25519_set(r, a); }
void ecf_p25519_set_u64(fe *r, uint64_t v) { ecfi_p25519_set_u64(r, v); }
void ecf_p25519_add(fe *r, const fe *a, const fe *b) { ecfi_p25519_add(r, a, b); }
void ecf_p25519_sub(fe *r, const fe *a, const fe *b) { ecfi_p25519_sub(r, a, b); }
void ecf_p25519_neg(fe *r, const fe *a) { ecfi_p25519_neg(r, a); }
void ecf_p25519_mul_small(fe *r, const fe *a, uint32_t c) { ecfi_p25519_mul_small(r, a, c); }
int ecf_p25519_is_zero(const fe *a) { return ecfi_p25519_is_zero(a); }
int ecf_p25519_equal(const fe *a, const fe *b) { return ecfi_p25519_equal(a, b); }
int ecf_p25519_is_negative(const fe *a) { return ecfi_p25519_is_negative(a); }
void ecf_p25519_select(fe *r, const fe *a, const fe *b, int cond) { ecfi_p25519_select(r, a, b, cond); }
void ecf_p25519_cmov(fe *r, const fe *a, int cond) { ecfi_p25519_cmov(r, a, cond); }
void ecf_p25519_cswap(fe *a, fe *b, int cond) { ecfi_p25519_cswap(a, b, cond); }
void ecf_p25519_cneg(fe *r, int cond) { ecfi_p25519_cneg(r, cond); }
