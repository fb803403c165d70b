/*
 * Generic portable kernels of the isogeny fields (p = 2^a * 3^b - 1, where
 * p + 1 has zero low limbs): the multiprecision product and the Montgomery
 * reduction that multiplies only the non-zero limbs of p + 1. Static inline:
 * sidh_portable.c instantiates them for each prime with constant n, so the
 * loops unroll. Written with ecfi_mac/ecfi_adc only, so they build with or
 * without unsigned __int128. Contracts: kernels/kernels.h.
 */
#ifndef ECFI_MONT_FRIENDLY_H
#define ECFI_MONT_FRIENDLY_H

#include "common/limbs.h"

#define ECFI_MF_MAX_LIMBS 12

/* c = a*b as 2n limbs (operand scanning: one row of n products per limb of b). */
static inline void ecfi_mp_mul_school(uint64_t *c, const uint64_t *a, const uint64_t *b, size_t n)
{
	uint64_t cc = 0;
	for (size_t j = 0; j < n; j++)
		c[j] = ecfi_mac(&cc, a[j], b[0], 0, cc);
	c[n] = cc;
	for (size_t i = 1; i < n; i++) {
		cc = 0;
		for (size_t j = 0; j < n; j++)
			c[i + j] = ecfi_mac(&cc, a[j], b[i], c[i + j], cc);
		c[i + n] = cc;
	}
}

/* c = a*b as 2n limbs, n even, by one level of Karatsuba on halves of h = n/2
 * limbs: a0*b0, a1*b1 and (a0+a1)*(b0+b1), whose sums carry one bit each; the
 * carries are folded in with masks, so nothing depends on the values. */
static inline void ecfi_mp_mul_karatsuba(uint64_t *c, const uint64_t *a, const uint64_t *b, size_t n)
{
	const size_t h = n / 2;
	uint64_t sa[ECFI_MF_MAX_LIMBS / 2], sb[ECFI_MF_MAX_LIMBS / 2], m[ECFI_MF_MAX_LIMBS + 2];
	uint64_t ca = ecfi_limbs_add(sa, a, a + h, h);
	uint64_t cb = ecfi_limbs_add(sb, b, b + h, h);
	ecfi_mp_mul_school(c, a, b, h);             /* low product into c[0, n) */
	ecfi_mp_mul_school(c + n, a + h, b + h, h); /* high product into c[n, 2n) */
	ecfi_mp_mul_school(m, sa, sb, h);           /* middle: n limbs, plus the carry terms */
	uint64_t mka = ecfi_mask_from_bit(ca), mkb = ecfi_mask_from_bit(cb), k = 0, k2 = 0;
	/* m += (ca ? sb : 0) * 2^(64h) + (cb ? sa : 0) * 2^(64h); m[n] collects carries. */
	for (size_t i = 0; i < h; i++) {
		m[h + i] = ecfi_adc(&k, m[h + i], sb[i] & mka);
		m[h + i] = ecfi_adc(&k2, m[h + i], sa[i] & mkb);
	}
	m[n] = k + k2 + (ca & cb);
	/* m -= a0*b0 + a1*b1 (the result is a1*b0 + a0*b1 >= 0). */
	uint64_t br = 0, br2 = 0;
	for (size_t i = 0; i < n; i++) {
		m[i] = ecfi_sbb(&br, m[i], c[i]);
		m[i] = ecfi_sbb(&br2, m[i], c[n + i]);
	}
	m[n] -= br + br2;
	/* c += m * 2^(64h); the total fits 2n limbs. */
	k = 0;
	for (size_t i = 0; i <= n; i++)
		c[h + i] = ecfi_adc(&k, c[h + i], m[i]);
	for (size_t i = h + n + 1; i < 2 * n; i++)
		c[i] = ecfi_adc(&k, c[i], 0);
}

/* t[0 .. w] += x * y[0 .. w): the w products first, then the low words and
 * the high words in two separate carry chains (each a plain ADC run on x86-64,
 * where GCC does not interleave two chains without saving the carry). The
 * caller guarantees that the sum fits in w + 1 words. */
static inline void ecfi_muladd_row(uint64_t *t, uint64_t x, const uint64_t *y, size_t w)
{
	uint64_t lo[ECFI_MF_MAX_LIMBS], hi[ECFI_MF_MAX_LIMBS], c = 0;
	for (size_t j = 0; j < w; j++)
		lo[j] = ecfi_mac(&hi[j], x, y[j], 0, 0);
	for (size_t j = 0; j < w; j++)
		t[j] = ecfi_adc(&c, t[j], lo[j]);
	t[w] += c;
	c = 0;
	for (size_t j = 0; j < w; j++)
		t[j + 1] = ecfi_adc(&c, t[j + 1], hi[j]);
}

/* z = a*b/R mod p in [0, 2p) for a, b < 4p, product and reduction
 * interleaved (CIOS): row i adds a*b[i] to the n + 1 word window t (positions
 * i .. i+n), whose word 0 is then the factor u (-1/p = 1 mod 2^64); adding
 * u*p = u*(p+1) - u clears word 0, so only u*(p+1) is added from limb zl on,
 * and the window shifts down one word. The window holds
 * (a*b_{<=i} + U*p) / 2^(64(i+1)) < a + p after row i, so it never carries
 * past word n; the result is (a*b + U*p)/R < 16p^2/R + p < 2p, the same value
 * as redc(a*b) (the quotient U = -a*b/p mod R is unique). z may alias a or b
 * (written after the last read). Rows of ecfi_muladd_row: faster for every
 * prime than the same algorithm with one multiply-accumulate (ecfi_mac) per
 * product (docs/benchmarks.md). */
static inline void ecfi_mul_mont_friendly(uint64_t *z, const uint64_t *a, const uint64_t *b, const uint64_t *p1,
                                          size_t zl, size_t n)
{
	uint64_t t[ECFI_MF_MAX_LIMBS + 2] = {0};
	for (size_t i = 0; i < n; i++) {
		t[n] = 0;
		ecfi_muladd_row(t, b[i], a, n);
		ecfi_muladd_row(t + zl, t[0], p1 + zl, n - zl);
		for (size_t j = 0; j < n; j++)
			t[j] = t[j + 1];
	}
	ecfi_limbs_copy(z, t, n);
}

/* z = t/R mod p in [0, 2p) for t < p*R, R = 2^(64n), p = -1 mod 2^64 (so
 * -1/p = 1 mod 2^64 and each row's factor u is the current low word). p1 holds
 * p + 1, whose limbs below zl are zero: adding u*p = u*(p+1) - u at word i
 * clears word i exactly, so each row adds u*(p+1) from limb zl on (rows of
 * ecfi_muladd_row; faster than one ecfi_mac per product on a 2n-word copy,
 * docs/benchmarks.md).
 * The rows run on the low half only, in an n + 1 word window:
 * u = t_lo + U*p < R*(p + 1), so nothing carries out of it; then
 * z = u/R + t_hi < 2p in one add chain. t is not modified; z may alias t's
 * high half only. */
static inline void ecfi_redc_mont_friendly(uint64_t *z, const uint64_t *t, const uint64_t *p1, size_t zl, size_t n)
{
	uint64_t w[ECFI_MF_MAX_LIMBS + 1];
	ecfi_limbs_copy(w, t, n);
	for (size_t i = 0; i < n; i++) {
		w[n] = 0;
		ecfi_muladd_row(w + zl, w[0], p1 + zl, n - zl);
		for (size_t j = 0; j < n; j++)
			w[j] = w[j + 1];
	}
	(void)ecfi_limbs_add(z, w, t + n, n);
}

/* t = a^2 as 2n limbs: the products a[i]*a[j], i < j, once, then doubled
 * with the squares a[i]^2 added in the same carry chain (n(n+1)/2 products
 * instead of n^2). */
static inline void ecfi_mp_sqr(uint64_t *t, const uint64_t *a, size_t n)
{
	uint64_t c = 0;
	t[0] = 0;
	for (size_t j = 1; j < n; j++)
		t[j] = ecfi_mac(&c, a[0], a[j], 0, c);
	t[n] = c;
	for (size_t i = 1; i + 1 < n; i++) {
		c = 0;
		for (size_t j = i + 1; j < n; j++)
			t[i + j] = ecfi_mac(&c, a[i], a[j], t[i + j], c);
		t[i + n] = c;
	}
	t[2 * n - 1] = 0;
	/* t = 2t + sum a[i]^2 2^(128i): shift in the top bit of the word below. */
	uint64_t top = 0, cc = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t hi, lo = ecfi_mac(&hi, a[i], a[i], 0, 0);
		uint64_t w0 = t[2 * i], w1 = t[2 * i + 1];
		t[2 * i] = ecfi_adc(&cc, (w0 << 1) | top, lo);
		t[2 * i + 1] = ecfi_adc(&cc, (w1 << 1) | (w0 >> 63), hi);
		top = w1 >> 63;
	}
}

/* z = a^2/R mod p in [0, 2p) for a < 4p (a^2 < 16p^2 <= p*R): ecfi_mp_sqr
 * then the reduction; the same bits as the mul of a by itself. */
static inline void ecfi_sqr_mont_friendly(uint64_t *z, const uint64_t *a, const uint64_t *p1, size_t zl, size_t n)
{
	uint64_t t[2 * ECFI_MF_MAX_LIMBS];
	ecfi_mp_sqr(t, a, n);
	ecfi_redc_mont_friendly(z, t, p1, zl, n);
}

#endif
