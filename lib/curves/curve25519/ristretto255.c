/*
 * ristretto255 (RFC 9496 section 4) over the edwards25519 internals: decode,
 * encode, equality, the element derivation map, and the group operations of
 * the representatives. Written step by step after the RFC's pseudocode.
 */
#include "ecfield/ristretto255.h"

#include <string.h>

#include "common/wipe.h"
#include "curves/curve25519/edwards25519_internal.h"

#include "ed25519_consts.h" /* ED_D, ED_SQRT_M1, RISTRETTO_* (gen_tables.py consts) */

typedef ecf_ristretto255_point rp;

static const fe FE_ONE = {{1, 0, 0, 0}};

static inline uint64_t bit_mask(int b) { return ecfi_mask_from_bit((uint64_t)(b & 1)); }

/* Section 4.3.1. Constant time; returns a status computed without a branch. */
static int decode(uint32_t tiers, ecfi_ed_p3 *r, const uint8_t in[32])
{
	fe s, ss, u1, u2, u2_sqr, v, t, invsqrt, den_x, den_y, x, y;
	/* canonical: the whole 256-bit value below p (the top bit set is non-canonical) */
	int st = ecfi_p25519_from_bytes(&s, in, 32);
	uint64_t range_bad = ecfi_mask_nonzero((uint64_t)(int64_t)st);
	uint64_t neg_bad = bit_mask(ecfi_p25519_is_negative(&s));
	fe_sqr(tiers, &ss, &s);
	ecfi_p25519_sub(&u1, &FE_ONE, &ss);
	ecfi_p25519_add(&u2, &FE_ONE, &ss);
	fe_sqr(tiers, &u2_sqr, &u2);
	fe_sqr(tiers, &t, &u1);
	fe_mul(tiers, &v, &t, &ED_D);
	ecfi_p25519_neg(&v, &v);
	ecfi_p25519_sub(&v, &v, &u2_sqr); /* v = -(D u1^2) - u2^2 */
	fe_mul(tiers, &t, &v, &u2_sqr);
	int sq = ecfi_p25519_sqrt_ratio(&invsqrt, &FE_ONE, &t);
	uint64_t sq_bad = ecfi_mask_nonzero((uint64_t)(int64_t)sq);
	fe_mul(tiers, &den_x, &invsqrt, &u2);
	fe_mul(tiers, &den_y, &invsqrt, &den_x);
	fe_mul(tiers, &den_y, &den_y, &v);
	ecfi_p25519_add(&x, &s, &s);
	fe_mul(tiers, &x, &x, &den_x);
	ecfi_p25519_abs(&x, &x);
	fe_mul(tiers, &y, &u1, &den_y);
	fe_mul(tiers, &t, &x, &y);
	uint64_t t_bad = bit_mask(ecfi_p25519_is_negative(&t));
	uint64_t y_bad = bit_mask(ecfi_p25519_is_zero(&y));
	uint64_t bad = range_bad | neg_bad | sq_bad | t_bad | y_bad;
	r->X = x;
	r->Y = y;
	r->Z = FE_ONE;
	r->T = t;
	for (int i = 0; i < 4; i++) {
		r->X.limb[i] &= ~bad;
		r->Y.limb[i] &= ~bad;
		r->Z.limb[i] &= ~bad;
		r->T.limb[i] &= ~bad;
	}
	return ecfi_status_from_mask(ECF_ERR_RANGE, range_bad) |
	       ecfi_status_from_mask(ECF_ERR_ENCODING, ~range_bad & bad);
}

/* Section 4.3.2. */
static void encode(uint32_t tiers, uint8_t out[32], const ecfi_ed_p3 *p)
{
	fe u1, u2, t, invsqrt, den1, den2, z_inv, ix0, iy0, ench, x, y, den_inv, s;
	ecfi_p25519_add(&u1, &p->Z, &p->Y);
	ecfi_p25519_sub(&t, &p->Z, &p->Y);
	fe_mul(tiers, &u1, &u1, &t); /* (z0 + y0)(z0 - y0) */
	fe_mul(tiers, &u2, &p->X, &p->Y);
	fe_sqr(tiers, &t, &u2);
	fe_mul(tiers, &t, &t, &u1);
	(void)ecfi_p25519_sqrt_ratio(&invsqrt, &FE_ONE, &t);
	fe_mul(tiers, &den1, &invsqrt, &u1);
	fe_mul(tiers, &den2, &invsqrt, &u2);
	fe_mul(tiers, &z_inv, &den1, &den2);
	fe_mul(tiers, &z_inv, &z_inv, &p->T);
	fe_mul(tiers, &ix0, &p->X, &ED_SQRT_M1);
	fe_mul(tiers, &iy0, &p->Y, &ED_SQRT_M1);
	fe_mul(tiers, &ench, &den1, &RISTRETTO_INVSQRT_A_MINUS_D);
	fe_mul(tiers, &t, &p->T, &z_inv);
	int rotate = ecfi_p25519_is_negative(&t);
	ecfi_p25519_select(&x, &iy0, &p->X, rotate);
	ecfi_p25519_select(&y, &ix0, &p->Y, rotate);
	ecfi_p25519_select(&den_inv, &ench, &den2, rotate);
	fe_mul(tiers, &t, &x, &z_inv);
	ecfi_p25519_cneg(&y, ecfi_p25519_is_negative(&t));
	ecfi_p25519_sub(&t, &p->Z, &y);
	fe_mul(tiers, &s, &den_inv, &t);
	ecfi_p25519_abs(&s, &s);
	ecfi_p25519_to_bytes(out, &s);
}

/* Section 4.3.4: MAP. */
static void map(uint32_t tiers, ecfi_ed_p3 *r, const fe *t)
{
	static const fe MINUS_ONE = {{0xffffffffffffffec, 0xffffffffffffffff, 0xffffffffffffffff, 0x7fffffffffffffff}};
	fe rr, u, v, w, s, s_prime, c, n, w0, w1, w2, w3, ss;
	fe_sqr(tiers, &rr, t);
	fe_mul(tiers, &rr, &rr, &ED_SQRT_M1); /* r = SQRT_M1 t^2 */
	ecfi_p25519_add(&u, &rr, &FE_ONE);
	fe_mul(tiers, &u, &u, &RISTRETTO_ONE_MINUS_D_SQ); /* u = (r + 1) ONE_MINUS_D_SQ */
	fe_mul(tiers, &w, &rr, &ED_D);
	ecfi_p25519_sub(&v, &MINUS_ONE, &w); /* -1 - r D */
	ecfi_p25519_add(&w, &rr, &ED_D);
	fe_mul(tiers, &v, &v, &w); /* v = (-1 - r D)(r + D) */
	int was_square = ecfi_p25519_sqrt_ratio(&s, &u, &v) == ECF_OK;
	fe_mul(tiers, &s_prime, &s, t);
	ecfi_p25519_abs(&s_prime, &s_prime);
	ecfi_p25519_neg(&s_prime, &s_prime);
	ecfi_p25519_select(&s, &s, &s_prime, was_square);
	ecfi_p25519_select(&c, &MINUS_ONE, &rr, was_square);
	ecfi_p25519_sub(&w, &rr, &FE_ONE);
	fe_mul(tiers, &n, &c, &w);
	fe_mul(tiers, &n, &n, &RISTRETTO_D_MINUS_ONE_SQ);
	ecfi_p25519_sub(&n, &n, &v); /* N = c (r - 1) D_MINUS_ONE_SQ - v */
	ecfi_p25519_add(&w0, &s, &s);
	fe_mul(tiers, &w0, &w0, &v);
	fe_mul(tiers, &w1, &n, &RISTRETTO_SQRT_AD_MINUS_ONE);
	fe_sqr(tiers, &ss, &s);
	ecfi_p25519_sub(&w2, &FE_ONE, &ss);
	ecfi_p25519_add(&w3, &FE_ONE, &ss);
	fe_mul(tiers, &r->X, &w0, &w3);
	fe_mul(tiers, &r->Y, &w2, &w1);
	fe_mul(tiers, &r->Z, &w1, &w3);
	fe_mul(tiers, &r->T, &w0, &w2);
}

static uint64_t equal_mask(uint32_t tiers, const ecfi_ed_p3 *a, const ecfi_ed_p3 *b)
{
	fe l, r;
	fe_mul(tiers, &l, &a->X, &b->Y);
	fe_mul(tiers, &r, &a->Y, &b->X);
	uint64_t m = ecfi_p25519_equal_mask(&l, &r);
	fe_mul(tiers, &l, &a->Y, &b->Y);
	fe_mul(tiers, &r, &a->X, &b->X);
	return m | ecfi_p25519_equal_mask(&l, &r);
}

/* ---- public entries ---- */

void ecf_ristretto255_identity(rp *r) { ecfi_edwards25519_identity(&r->p); }

void ecf_ristretto255_generator(rp *r) { ecfi_edwards25519_generator(&r->p); }

int ecf_ristretto255_from_bytes(rp *r, const uint8_t *in, size_t len)
{
	if (r == NULL)
		return ECF_ERR_NULL;
	memset(r, 0, sizeof *r);
	if (in == NULL)
		return ECF_ERR_NULL;
	if (len != 32)
		return ECF_ERR_LENGTH;
	return decode(ecfi_tiers(), &r->p, in);
}

void ecf_ristretto255_to_bytes(uint8_t out[32], const rp *p) { encode(ecfi_tiers(), out, &p->p); }

/* The input may be secret (the hash of a password, an OPRF input): the map
 * runs in a noinline worker and the stack it used is cleared afterwards
 * (ecfi_wipe_stack, lib/common/wipe.h). */
static ECFI_NOINLINE void from_uniform_worker(rp *r, const uint8_t in[64])
{
	const uint32_t tiers = ecfi_tiers();
	fe t0, t1;
	ecfi_ed_p3 p1, p2;
	ecfi_p25519_from_bytes_masked(&t0, in); /* masks bit 255, reduces mod p */
	ecfi_p25519_from_bytes_masked(&t1, in + 32);
	map(tiers, &p1, &t0);
	map(tiers, &p2, &t1);
	ecfi_edwards25519_add(tiers, &r->p, &p1, &p2);
	ecfi_wipe(&t0, sizeof t0);
	ecfi_wipe(&t1, sizeof t1);
	ecfi_wipe(&p1, sizeof p1);
	ecfi_wipe(&p2, sizeof p2);
}

int ecf_ristretto255_from_uniform_bytes(rp *r, const uint8_t *in, size_t len)
{
	if (r == NULL)
		return ECF_ERR_NULL;
	memset(r, 0, sizeof *r);
	if (in == NULL)
		return ECF_ERR_NULL;
	if (len != 64)
		return ECF_ERR_LENGTH;
	from_uniform_worker(r, in);
	ecfi_wipe_stack();
	return ECF_OK;
}

int ecf_ristretto255_equal(const rp *a, const rp *b) { return (int)(equal_mask(ecfi_tiers(), &a->p, &b->p) & 1); }

void ecf_ristretto255_add(rp *r, const rp *a, const rp *b) { ecfi_edwards25519_add(ecfi_tiers(), &r->p, &a->p, &b->p); }

void ecf_ristretto255_sub(rp *r, const rp *a, const rp *b) { ecfi_edwards25519_sub(ecfi_tiers(), &r->p, &a->p, &b->p); }

void ecf_ristretto255_neg(rp *r, const rp *a) { ecfi_edwards25519_neg(&r->p, &a->p); }

void ecf_ristretto255_double(rp *r, const rp *a) { ecfi_edwards25519_double(ecfi_tiers(), &r->p, &a->p); }

/* The identity's representatives are the 4-torsion points (0, 1), (0, -1),
 * (i, 0), (-i, 0) (times Z): equal to the identity (0 : 1 : 1 : 0) under
 * equal_mask's test X1 Y2 = Y1 X2 or Y1 Y2 = X1 X2, i.e. X = 0 or Y = 0. */
int ecf_ristretto255_is_identity(const rp *a)
{
	uint64_t m = ecfi_mask_from_bit((uint64_t)(ecfi_p25519_is_zero(&a->p.X) & 1)) |
	             ecfi_mask_from_bit((uint64_t)(ecfi_p25519_is_zero(&a->p.Y) & 1));
	return (int)(m & 1);
}

void ecf_ristretto255_cmov(rp *r, const rp *a, int cond) { ecfi_edwards25519_cmov(&r->p, &a->p, cond); }

void ecf_ristretto255_select(rp *r, const rp *a, const rp *b, int cond)
{
	ecfi_edwards25519_select(&r->p, &a->p, &b->p, cond);
}

/* Secret scalars: edwards25519's entry points, which clear the stack after. */
void ecf_ristretto255_scalar_mult_base(rp *r, const uint8_t scalar[32])
{
	ecfi_edwards25519_scalar_mult_base_wiped(&r->p, scalar);
}

void ecf_ristretto255_scalar_mult(rp *r, const uint8_t scalar[32], const rp *p)
{
	ecfi_edwards25519_scalar_mult_wiped(&r->p, scalar, &p->p);
}

void ecf_ristretto255_double_scalar_mult_base_vartime(rp *r, const uint8_t a[32], const rp *A, const uint8_t b[32])
{
	ecfi_edwards25519_double_scalar_mult_base_vartime(ecfi_tiers(), &r->p, a, &A->p, b);
}
