/*
 * GF(p256) as the P-256 group code uses it: the multiplications take the
 * kernel tier as an argument (`fast`, read once per public operation from the
 * dispatch flag with P256_FAST()), so a scalar multiplication of ~3,000 field
 * multiplications tests the flag once instead of once per multiplication, and
 * the small operations are static inline.
 *
 * Every element is canonical (< p) and in the Montgomery domain unless a
 * comment says "plain". Constant time.
 */
#ifndef ECFI_P256_CURVE_FE_H
#define ECFI_P256_CURVE_FE_H

#include <ecfield/p256.h>
#include <ecfield/p256_point.h>

#include "common/internal.h"
#include "common/limbs.h"
#include "common/wipe.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

typedef ecf_p256_fe fe;

static const uint64_t P256_P[4] = {0xffffffffffffffffull, 0x00000000ffffffffull, 0x0000000000000000ull,
                                   0xffffffff00000001ull};
/* R mod p: 1 in the Montgomery domain. */
static const fe P256_ONE = {
    {0x0000000000000001ull, 0xffffffff00000000ull, 0xffffffffffffffffull, 0x00000000fffffffeull}};
/* R^2 mod p. */
static const fe P256_RR = {
    {0x0000000000000003ull, 0xfffffffbffffffffull, 0xfffffffffffffffeull, 0x00000004fffffffdull}};

/* The tier of this operation: nonzero for the MULX/ADX kernels. */
#define P256_FAST() ((unsigned)ECFI_USE_MULX_ADX(ecfi_cpu_flags))

static inline void fe_mul(fe *r, const fe *a, const fe *b, unsigned fast)
{
#if ECFI_X86_64_KERNELS
	if (fast) {
		ecfk_p256_mul_mulx_adx(r->limb, a->limb, b->limb);
		return;
	}
#endif
	(void)fast;
	ecfk_p256_mul_portable(r->limb, a->limb, b->limb);
}

static inline void fe_sqr(fe *r, const fe *a, unsigned fast)
{
#if ECFI_X86_64_KERNELS
	if (fast) {
		ecfk_p256_sqr_mulx_adx(r->limb, a->limb);
		return;
	}
#endif
	(void)fast;
	ecfk_p256_sqr_portable(r->limb, a->limb);
}

static inline void fe_add(fe *r, const fe *a, const fe *b) { ecfi_limbs_modadd(r->limb, a->limb, b->limb, P256_P, 4); }
static inline void fe_sub(fe *r, const fe *a, const fe *b) { ecfi_limbs_modsub(r->limb, a->limb, b->limb, P256_P, 4); }
static inline void fe_neg(fe *r, const fe *a) { ecfi_limbs_modneg(r->limb, a->limb, P256_P, 4); }
static inline void fe_zero(fe *r) { ecfi_limbs_zero(r->limb, 4); }
static inline void fe_cmov(fe *r, const fe *a, uint64_t mask) { ecfi_limbs_cmov(r->limb, a->limb, mask, 4); }
/* All-ones masks. */
static inline uint64_t fe_zero_mask(const fe *a) { return ecfi_limbs_zero_mask(a->limb, 4); }
static inline uint64_t fe_equal_mask(const fe *a, const fe *b) { return ecfi_limbs_equal_mask(a->limb, b->limb, 4); }

static inline void fe_to_mont(fe *r, const fe *a, unsigned fast) { fe_mul(r, a, &P256_RR, fast); }
static inline void fe_from_mont(fe *r, const fe *a, unsigned fast)
{
	static const fe one_plain = {{1, 0, 0, 0}};
	fe_mul(r, a, &one_plain, fast);
}
/* Plain-domain value of a Montgomery element, as 32 big-endian bytes. */
static inline void fe_to_bytes_mont(uint8_t out[32], const fe *a, unsigned fast)
{
	fe t;
	fe_from_mont(&t, a, fast);
	ecfi_limbs_to_be(out, 32, t.limb);
}
/* Parity of the plain value (0 or 1). */
static inline uint64_t fe_parity_mont(const fe *a, unsigned fast)
{
	fe t;
	fe_from_mont(&t, a, fast);
	return t.limb[0] & 1;
}

/* r = a^(2^k) * b (k squarings then one multiplication); r may alias a or b. */
static inline void fe_sqrn_mul(fe *r, const fe *a, int k, const fe *b, unsigned fast)
{
	fe t = *a;
	for (int i = 0; i < k; i++)
		fe_sqr(&t, &t, fast);
	fe_mul(r, &t, b, fast);
}

ECFI_HIDDEN void ecfi_p256_curve_inv(fe *r, const fe *a, unsigned fast);
/* Square root (Montgomery domain); mask all-ones if a is a square. */
ECFI_HIDDEN uint64_t ecfi_p256_curve_sqrt(fe *r, const fe *a, unsigned fast);

#endif
