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

#if ECFI_X86_64_KERNELS && !ECFI_RANGE_CHECKS && defined(__GNUC__)
/* x86-64: addition and subtraction mod p as one carry chain each, with the
 * limbs of p = (2^64 - 1, 2^32 - 1, 0, 2^64 - 2^32 + 1) as immediates or
 * registers (limbs 1 and 3 from the generated ecfi_p256_M), and CMOV / a
 * borrow mask for the correction: no branch, no memory index (the generic
 * ecfi_limbs_modadd/modsub compiled to about twice the instructions).
 * Tier-independent (baseline x86-64 instructions). a, b < p give r < p, the
 * same bits as ecfi_p256_add/sub/neg (test/test_p256_curve_fe.c checks them
 * against GMP on edge and random cases). r may alias a or b (all inputs are
 * read before r is written). */
static inline void fe_add(fe *r, const fe *a, const fe *b)
{
	uint64_t r0 = a->limb[0], r1 = a->limb[1], r2 = a->limb[2], r3 = a->limb[3];
	uint64_t t0, t1, t2, t3, c;
	const uint64_t p1 = ecfi_p256_M[1], p3 = ecfi_p256_M[3];
	__asm__("xorl %k[c], %k[c]\n\t"
	        "addq 0(%[b]), %[r0]\n\t"
	        "adcq 8(%[b]), %[r1]\n\t"
	        "adcq 16(%[b]), %[r2]\n\t"
	        "adcq 24(%[b]), %[r3]\n\t"
	        "adcq $0, %[c]\n\t" /* c:r = a + b < 2p */
	        "movq %[r0], %[t0]\n\t"
	        "movq %[r1], %[t1]\n\t"
	        "movq %[r2], %[t2]\n\t"
	        "movq %[r3], %[t3]\n\t"
	        "subq $-1, %[t0]\n\t"
	        "sbbq %[p1], %[t1]\n\t"
	        "sbbq $0, %[t2]\n\t"
	        "sbbq %[p3], %[t3]\n\t"
	        "sbbq $0, %[c]\n\t" /* borrow: a + b < p, keep it */
	        "cmovcq %[r0], %[t0]\n\t"
	        "cmovcq %[r1], %[t1]\n\t"
	        "cmovcq %[r2], %[t2]\n\t"
	        "cmovcq %[r3], %[t3]"
	        : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [t0] "=&r"(t0), [t1] "=&r"(t1),
	          [t2] "=&r"(t2), [t3] "=&r"(t3), [c] "=&r"(c)
	        : [b] "r"(b->limb), [p1] "r"(p1), [p3] "r"(p3), "m"(*(const uint64_t(*)[4])b->limb)
	        : "cc");
	r->limb[0] = t0;
	r->limb[1] = t1;
	r->limb[2] = t2;
	r->limb[3] = t3;
}

static inline void fe_sub(fe *r, const fe *a, const fe *b)
{
	uint64_t r0 = a->limb[0], r1 = a->limb[1], r2 = a->limb[2], r3 = a->limb[3];
	uint64_t m, t1, t3;
	const uint64_t p3 = ecfi_p256_M[3];
	__asm__("subq 0(%[b]), %[r0]\n\t"
	        "sbbq 8(%[b]), %[r1]\n\t"
	        "sbbq 16(%[b]), %[r2]\n\t"
	        "sbbq 24(%[b]), %[r3]\n\t"
	        "sbbq %[m], %[m]\n\t"    /* m = all-ones if a < b */
	        "movl %k[m], %k[t1]\n\t" /* p1 & m (zero-extended) */
	        "movq %[m], %[t3]\n\t"
	        "andq %[p3], %[t3]\n\t"
	        "addq %[m], %[r0]\n\t" /* + (p & m) */
	        "adcq %[t1], %[r1]\n\t"
	        "adcq $0, %[r2]\n\t"
	        "adcq %[t3], %[r3]"
	        : [r0] "+&r"(r0), [r1] "+&r"(r1), [r2] "+&r"(r2), [r3] "+&r"(r3), [m] "=&r"(m), [t1] "=&r"(t1),
	          [t3] "=&r"(t3)
	        : [b] "r"(b->limb), [p3] "r"(p3), "m"(*(const uint64_t(*)[4])b->limb)
	        : "cc");
	r->limb[0] = r0;
	r->limb[1] = r1;
	r->limb[2] = r2;
	r->limb[3] = r3;
}

/* -a mod p = 0 - a (0 for 0). */
static inline void fe_neg(fe *r, const fe *a)
{
	fe z;
	fe_zero(&z);
	fe_sub(r, &z, a);
}
#else
static inline void fe_add(fe *r, const fe *a, const fe *b) { ecfi_p256_add(r, a, b); }
static inline void fe_sub(fe *r, const fe *a, const fe *b) { ecfi_p256_sub(r, a, b); }
static inline void fe_neg(fe *r, const fe *a) { ecfi_p256_neg(r, a); }
#endif
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
