/*
 * X25519 (RFC 7748): the Montgomery ladder on u-coordinates for ecf_x25519,
 * and the edwards25519 fixed-base comb plus the birational map
 * u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y) for ecf_x25519_public_key and
 * ecf_x25519_keypair.
 */
#include "ecfield/x25519.h"

#include <string.h>

#include "common/wipe.h"
#include "curves/curve25519/edwards25519_internal.h"
#include "curves/curve25519/x25519_internal.h"
#include "fields/sc25519_internal.h"

/* The values of one ladder step: x2, z2, x3, z3 (in and out), x1 (in), and
 * the intermediates. Separate objects, not one array: GCC's code for the
 * portable step ran slower on the array (docs/benchmarks.md). */
typedef struct {
	fe *x2, *z2, *x3, *z3;
	const fe *x1;
	fe *a, *b, *c, *d, *aa, *bb, *e, *da, *cb;
} step_vars;

/* One step of the ladder of RFC 7748 section 5, (x2 : z2) = k*u and
 * (x3 : z3) = (k+1)*u. The lazy field needs no reduction inside: every
 * kernel, add and sub takes and returns any 256-bit value. The MULX/ADX
 * kernel (lib/kernels/x86_64/x25519_ladder_mulx_adx.S) does the same
 * operations, so the same bits. Both run the independent products side by
 * side, the z3 chain (da -> (da - cb)^2 -> times x1) first: the core overlaps
 * them (the order changes no value; measured faster, here and in the
 * kernel, than the order of the formulas: docs/benchmarks.md).
 *
 * No swap of the pairs: the differential addition is symmetric in them
 * (swapping exchanges da and cb, which leaves (da + cb)^2 and, mod p,
 * (da - cb)^2 unchanged), so it runs on the pairs as they are, and only the
 * doubling's inputs a = x + z and b = x - z are selected from the pair that
 * RFC 7748's cswap would have put first. The outputs are those of the
 * swapped step mod p (z3 may differ in its representation when swap = 1). */
static inline void ladder_step(uint32_t tiers, const step_vars *s, uint64_t swap)
{
	uint64_t m = ecfi_mask_from_bit(swap);
	ecfi_p25519_add(s->a, s->x2, s->z2);
	ecfi_p25519_sub(s->b, s->x2, s->z2);
	ecfi_p25519_add(s->c, s->x3, s->z3);
	ecfi_p25519_sub(s->d, s->x3, s->z3);
	fe_mul(tiers, s->da, s->d, s->a);              /* (x3 - z3)(x2 + z2) */
	fe_mul(tiers, s->cb, s->c, s->b);              /* (x3 + z3)(x2 - z2) */
	ecfi_limbs_cmov(s->a->limb, s->c->limb, m, 4); /* the doubled pair's sum */
	ecfi_limbs_cmov(s->b->limb, s->d->limb, m, 4); /* and difference */
	fe_sqr(tiers, s->aa, s->a);
	ecfi_p25519_add(s->x3, s->da, s->cb);
	ecfi_p25519_sub(s->z3, s->da, s->cb);
	fe_sqr(tiers, s->bb, s->b);
	fe_sqr(tiers, s->z3, s->z3);
	ecfi_p25519_sub(s->e, s->aa, s->bb);
	ecfi_p25519_mul_small(s->z2, s->e, 121666); /* a24 + 1: z2 = e (bb + 121666 e) */
	ecfi_p25519_add(s->z2, s->z2, s->bb);
	fe_sqr(tiers, s->x3, s->x3);
	fe_mul(tiers, s->z3, s->z3, s->x1);
	fe_mul(tiers, s->z2, s->z2, s->e);
	fe_mul(tiers, s->x2, s->aa, s->bb);
}

void ecfi_x25519_ladder_step_portable(fe v[ECFI_X25519_LADDER_FE], uint64_t swap)
{
	const step_vars s = {&v[0], &v[1], &v[2], &v[3],  &v[4],  &v[5],  &v[6],
	                     &v[7], &v[8], &v[9], &v[10], &v[11], &v[12], &v[13]};
	ladder_step(0, &s, swap);
}

/* (x : z) = 2 (x : z): the doubling half of ladder_step, the same
 * operations in the same order, so the bits of its x2, z2 outputs when the
 * doubled pair is (x, z). t is scratch for four values (the caller wipes it). */
static void ladder_double(uint32_t tiers, fe *x, fe *z, fe t[4])
{
	fe *a = &t[0], *b = &t[1], *aa = &t[2], *bb = &t[3];
	ecfi_p25519_add(a, x, z);
	ecfi_p25519_sub(b, x, z);
	fe_sqr(tiers, aa, a);
	fe_sqr(tiers, bb, b);
	ecfi_p25519_sub(a, aa, bb); /* e */
	ecfi_p25519_mul_small(z, a, 121666);
	ecfi_p25519_add(z, z, bb);
	fe_mul(tiers, z, z, a);
	fe_mul(tiers, x, aa, bb);
}

/* The ladder steps run bits LADDER_TOP - 1..LADDER_LOW of k. Bit 254 is 1
 * in every clamped scalar and bits LADDER_LOW - 1..0 are 0
 * (ecfi_sc25519_clamp sets and clears them: public, the same for every key).
 * The step on bit 254 starts from (x2 : z2) = (1 : 0), (x3 : z3) = (x1 : 1)
 * and swap 1: its differential addition gives (4 x1^2 : 4 x1), (x1 : 1) up
 * to a factor, and its doubling doubles (x1 : 1); so the ladder starts after it
 * with (x2 : z2) = 2 (x1 : 1) (ladder_double), (x3 : z3) = (x1 : 1), swap = 1.
 * A step on a zero bit doubles (x2 : z2), so the low bits are pure
 * doublings, after the last swap: no differential addition. The projective
 * results differ from those of the 255 steps by a factor, u = x2 / z2 not
 * (for x1 = 0 the step gave (0 : 0), the start here is the point (0 : 1)
 * itself: k (0 : 1) is the identity for every clamped k, u = 0 both ways). */
#define LADDER_TOP 254
#define LADDER_LOW 3

/* (x_out : z_out) = k*x1 by the ladder over bits 254..0 of a clamped k. The
 * MULX/ADX tier runs the ladder kernel, the portable tier the C step, for
 * bits 253..3; both run the doublings (ladder_double) through the tier's
 * mul and sqr. The flag tiers was read once by the caller. */
static void ladder(uint32_t tiers, fe *x_out, fe *z_out, const uint8_t k[32], const fe *x1)
{
	fe v[ECFI_X25519_LADDER_FE];
	v[0] = *x1;
	ecfi_p25519_one(&v[1]);
	ladder_double(tiers, &v[0], &v[1], &v[5]); /* bit 254 */
	v[2] = *x1;
	ecfi_p25519_one(&v[3]);
	v[4] = *x1;
	uint64_t swap = 1;
	/* A tier of x25519_ladder: the swap value of every step (swaps[j] for
	 * bit LADDER_TOP - 1 - j), then its ladder kernel runs the 251 steps in
	 * one call (no call per step: docs/benchmarks.md). */
#define LADDER_KERNEL(tier, ...)                                                                                       \
	{                                                                                                              \
		uint64_t swaps[LADDER_TOP - LADDER_LOW];                                                               \
		for (int i = LADDER_TOP - 1; i >= LADDER_LOW; i--) {                                                   \
			uint64_t bit = (uint64_t)(k[i >> 3] >> (i & 7)) & 1;                                           \
			swaps[LADDER_TOP - 1 - i] = swap ^ bit;                                                        \
			swap = bit;                                                                                    \
		}                                                                                                      \
		ECFI_CAT(ecfk_x25519_ladder_, tier)((uint64_t *)v, swaps, LADDER_TOP - LADDER_LOW);                    \
		ecfi_wipe(swaps, sizeof swaps);                                                                        \
	}
	ECFI_DISPATCH_EACH(x25519_ladder, tiers, LADDER_KERNEL, ~)
#undef LADDER_KERNEL
	{
		fe x2 = v[0], z2 = v[1], x3 = v[2], z3 = v[3];
		fe a, b, c, d, aa, bb, e, da, cb;
		const step_vars s = {&x2, &z2, &x3, &z3, x1, &a, &b, &c, &d, &aa, &bb, &e, &da, &cb};
		for (int i = LADDER_TOP - 1; i >= LADDER_LOW; i--) {
			uint64_t bit = (uint64_t)(k[i >> 3] >> (i & 7)) & 1;
			ladder_step(0, &s, swap ^ bit);
			swap = bit;
		}
		v[0] = x2, v[1] = z2, v[2] = x3, v[3] = z3;
		ecfi_wipe(&x2, sizeof x2);
		ecfi_wipe(&z2, sizeof z2);
		ecfi_wipe(&x3, sizeof x3);
		ecfi_wipe(&z3, sizeof z3);
		ecfi_wipe(&a, sizeof a);
		ecfi_wipe(&b, sizeof b);
		ecfi_wipe(&c, sizeof c);
		ecfi_wipe(&d, sizeof d);
		ecfi_wipe(&aa, sizeof aa);
		ecfi_wipe(&bb, sizeof bb);
		ecfi_wipe(&e, sizeof e);
		ecfi_wipe(&da, sizeof da);
		ecfi_wipe(&cb, sizeof cb);
	}
	uint64_t m = ecfi_mask_from_bit(swap);
	ecfi_limbs_cswap(v[0].limb, v[2].limb, m, 4);
	ecfi_limbs_cswap(v[1].limb, v[3].limb, m, 4);
	for (int i = 0; i < LADDER_LOW; i++)
		ladder_double(tiers, &v[0], &v[1], &v[5]);
	*x_out = v[0];
	*z_out = v[1];
	ecfi_wipe(v, sizeof v);
	swap = 0;
}

/* The two public functions run a noinline worker that holds the clamped
 * scalar, then clear the stack its call tree used (ecfi_wipe_stack,
 * lib/common/wipe.h): spill slots are out of reach of the ecfi_wipe calls. */
static ECFI_NOINLINE int x25519_worker(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
	const uint32_t tiers = ecfi_tiers();
	uint8_t k[32];
	fe x1, x, z;
	ecfi_sc25519_clamp(k, scalar);
	ecfi_p25519_from_bytes_masked(&x1, u); /* masks bit 255, reduces */
	ladder(tiers, &x, &z, k, &x1);
	ecfi_p25519_inv(&z, &z); /* 1/0 = 0: the point at infinity gives u = 0 */
	fe_mul(tiers, &x, &x, &z);
	ecfi_p25519_to_bytes(out, &x);
	/* Contributory check: OR the bytes, turn "all zero" into a mask. */
	uint64_t acc = 0;
	for (int i = 0; i < 32; i++)
		acc |= out[i];
	uint64_t zero = ~ecfi_mask_nonzero(acc);
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(&x1, sizeof x1);
	ecfi_wipe(&x, sizeof x);
	ecfi_wipe(&z, sizeof z);
	return ecfi_status_from_mask(ECF_ERR_SMALL_ORDER, zero);
}

int ecf_x25519(uint8_t shared[32], const uint8_t sk[32], const uint8_t peer[32])
{
	if (shared == NULL)
		return ECF_ERR_NULL;
	if (sk == NULL || peer == NULL) {
		ecfi_wipe(shared, 32);
		return ECF_ERR_NULL;
	}
	int status = x25519_worker(shared, sk, peer);
	ecfi_wipe_stack();
	return status;
}

static ECFI_NOINLINE void x25519_base_worker(uint8_t out[32], const uint8_t scalar[32])
{
	const uint32_t tiers = ecfi_tiers();
	uint8_t k[32];
	ecfi_ed_p3 p;
	fe n, d;
	ecfi_sc25519_clamp(k, scalar);
	ecfi_edwards25519_scalar_mult_base(tiers, &p, k);
	/* u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y); Z - Y != 0 since the clamped
	 * scalar is never a multiple of l, so p is never the identity. */
	ecfi_p25519_add(&n, &p.Z, &p.Y);
	ecfi_p25519_sub(&d, &p.Z, &p.Y);
	ecfi_p25519_inv(&d, &d);
	fe_mul(tiers, &n, &n, &d);
	ecfi_p25519_to_bytes(out, &n);
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(&p, sizeof p);
	ecfi_wipe(&n, sizeof n);
	ecfi_wipe(&d, sizeof d);
}

int ecf_x25519_public_key(uint8_t pk[32], const uint8_t sk[32])
{
	if (pk == NULL)
		return ECF_ERR_NULL;
	if (sk == NULL) {
		ecfi_wipe(pk, 32);
		return ECF_ERR_NULL;
	}
	x25519_base_worker(pk, sk);
	ecfi_wipe_stack();
	return ECF_OK;
}

/* seed may alias pk or sk: it is copied first. */
static ECFI_NOINLINE void keypair_worker(uint8_t pk[32], uint8_t sk[32], const uint8_t seed[32])
{
	uint8_t k[32];
	memcpy(k, seed, 32);
	x25519_base_worker(pk, k);
	memcpy(sk, k, 32);
	ecfi_wipe(k, sizeof k);
}

int ecf_x25519_keypair(uint8_t pk[32], uint8_t sk[32], const uint8_t seed[32])
{
	if (pk == NULL || sk == NULL || seed == NULL) {
		if (pk != NULL)
			ecfi_wipe(pk, 32);
		if (sk != NULL)
			ecfi_wipe(sk, 32);
		return ECF_ERR_NULL;
	}
	keypair_worker(pk, sk, seed);
	ecfi_wipe_stack();
	return ECF_OK;
}

/* One element of the batch calls (x25519_batch.c): the workers of ecf_x25519
 * and ecf_x25519_public_key, without their stack wipe (the batch call wipes
 * once, after all of its elements). */
int ecfi_x25519_one(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
	return x25519_worker(out, scalar, u);
}

void ecfi_x25519_base_one(uint8_t out[32], const uint8_t scalar[32]) { x25519_base_worker(out, scalar); }
