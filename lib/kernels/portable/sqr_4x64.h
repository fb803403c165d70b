/*
 * The 512-bit square of a 4 x 64-bit value, the one definition shared by the
 * portable squaring kernels of p25519, p256, p256n and sc25519 (which differ
 * only in how they reduce it). Static inline: each kernel keeps the eight
 * words in registers and goes straight on to its reduction.
 */
#ifndef ECFI_SQR_4X64_H
#define ECFI_SQR_4X64_H

#include "common/wide.h"

/* t = x^2 as 8 words, least significant first: the six cross products
 * x_i*x_j (i < j) once, doubled, plus the four squares x_i^2 at words 2i,
 * 2i+1, each added as it is formed. always_inline: as a plain static inline
 * the p25519 kernel built on it ran slower than the copy it replaced; this
 * order of the squares was as fast as (p25519) or faster than (p256) forming
 * all four first (docs/benchmarks.md, "One portable square"). */
static inline __attribute__((always_inline)) void ecfi_sqr_4x64(uint64_t t[8], const uint64_t x[4])
{
	uint64_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
	uint64_t c, k, t1, t2, t3, t4, t5, t6, t7;
	/* Cross products x_i*x_j, i < j, once. */
	t1 = ecfi_mac(&c, x0, x1, 0, 0);
	t2 = ecfi_mac(&c, x0, x2, 0, c);
	t3 = ecfi_mac(&c, x0, x3, 0, c);
	t4 = c;
	t3 = ecfi_mac(&c, x1, x2, t3, 0);
	t4 = ecfi_mac(&c, x1, x3, t4, c);
	t5 = c;
	t5 = ecfi_mac(&c, x2, x3, t5, 0);
	t6 = c;
	/* Doubled. */
	t7 = t6 >> 63;
	t6 = (t6 << 1) | (t5 >> 63);
	t5 = (t5 << 1) | (t4 >> 63);
	t4 = (t4 << 1) | (t3 >> 63);
	t3 = (t3 << 1) | (t2 >> 63);
	t2 = (t2 << 1) | (t1 >> 63);
	t1 <<= 1;
	/* Plus the squares x_i^2 at words 2i, 2i+1. */
	uint64_t lo, hi;
	k = 0;
	t[0] = ecfi_mac(&hi, x0, x0, 0, 0);
	t[1] = ecfi_adc(&k, t1, hi);
	lo = ecfi_mac(&hi, x1, x1, 0, 0);
	t[2] = ecfi_adc(&k, t2, lo);
	t[3] = ecfi_adc(&k, t3, hi);
	lo = ecfi_mac(&hi, x2, x2, 0, 0);
	t[4] = ecfi_adc(&k, t4, lo);
	t[5] = ecfi_adc(&k, t5, hi);
	lo = ecfi_mac(&hi, x3, x3, 0, 0);
	t[6] = ecfi_adc(&k, t6, lo);
	t[7] = t7 + hi + k;
}

#endif
