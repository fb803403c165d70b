/*
 * GF(p256) as the P-256 group code uses it, through the field's internal
 * interface (lib/fields/p256_internal.h): the multiplications take the
 * dispatch flag word as an argument (`tiers`, read once per public operation
 * with ecfi_tiers(), passed to ecfi_p256_mul_with/sqr_with), so a scalar
 * multiplication of ~3,000 field multiplications reads the flag once; the
 * small operations are the field's static inline ones.
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
#include "fields/p256_internal.h"

typedef ecf_p256_fe fe;

/* R mod p: 1 in the Montgomery domain (generated: p256_params.h). */
#define P256_ONE (*(const fe *)ecfi_p256_R1)

static inline void fe_mul(fe *r, const fe *a, const fe *b, uint32_t tiers) { ecfi_p256_mul_with(tiers, r, a, b); }
static inline void fe_sqr(fe *r, const fe *a, uint32_t tiers) { ecfi_p256_sqr_with(tiers, r, a); }
static inline void fe_zero(fe *r) { ecfi_p256_zero(r); }

/* The field's own add, sub and neg (on x86-64 carry chains in inline
 * assembly: lib/fields/p256_internal.h), the same code as ecf_p256_add/sub/neg. */
static inline void fe_add(fe *r, const fe *a, const fe *b) { ecfi_p256_add(r, a, b); }
static inline void fe_sub(fe *r, const fe *a, const fe *b) { ecfi_p256_sub(r, a, b); }
static inline void fe_neg(fe *r, const fe *a) { ecfi_p256_neg(r, a); }
static inline void fe_cmov(fe *r, const fe *a, uint64_t mask) { ecfi_limbs_cmov(r->limb, a->limb, mask, 4); }
/* All-ones masks. */
static inline uint64_t fe_zero_mask(const fe *a) { return ecfi_limbs_zero_mask(a->limb, 4); }
static inline uint64_t fe_equal_mask(const fe *a, const fe *b) { return ecfi_limbs_equal_mask(a->limb, b->limb, 4); }
/* All-ones if the plain value a (any 256-bit value) is < p. */
static inline uint64_t fe_lt_p_mask(const fe *a) { return ecfi_limbs_lt_mask(a->limb, ecfi_p256_M, 4); }

static inline void fe_to_mont(fe *r, const fe *a, uint32_t tiers)
{
	fe rr;
	ecfi_limbs_copy(rr.limb, ecfi_p256_R2, 4);
	fe_mul(r, a, &rr, tiers);
}
static inline void fe_from_mont(fe *r, const fe *a, uint32_t tiers)
{
	static const fe one_plain = {{1, 0, 0, 0}};
	fe_mul(r, a, &one_plain, tiers);
}
/* Plain-domain value of a Montgomery element, as 32 big-endian bytes. */
static inline void fe_to_bytes_mont(uint8_t out[32], const fe *a, uint32_t tiers)
{
	fe t;
	fe_from_mont(&t, a, tiers);
	ecfi_limbs_to_be(out, 32, t.limb);
}
/* Parity of the plain value (0 or 1). */
static inline uint64_t fe_parity_mont(const fe *a, uint32_t tiers)
{
	fe t;
	fe_from_mont(&t, a, tiers);
	return t.limb[0] & 1;
}

/* 1/a (Montgomery domain; 0 for 0): the field's constant-time safegcd. */
static inline void fe_inv(fe *r, const fe *a) { ecfi_p256_inv(r, a); }
/* Square root (Montgomery domain); all-ones mask if a is a square. */
static inline uint64_t fe_sqrt(fe *r, const fe *a)
{
	/* ecfi_p256_sqrt returns ECF_OK (0) or ECF_ERR_NOT_SQUARE, without a branch. */
	return ~ecfi_mask_nonzero((uint64_t)(unsigned)ecfi_p256_sqrt(r, a));
}

#endif
