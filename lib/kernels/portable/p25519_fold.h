/*
 * The reduction every GF(2^255 - 19) kernel ends with, written once in C for
 * the portable kernel and the field code (the assembly kernels implement the
 * same function, bit for bit: test_kernels checks it).
 *
 * Input: a 512-bit value t = L + H*2^256 (8 limbs). Since 2^256 = 38 and
 * 2^255 = 19 (mod p):
 *   T = L + 38*H              (exact; T < 39*2^256)
 *   q = T >> 255              (q <= 77)
 *   z = (T mod 2^255) + 19*q  (< 2^255 + 1463 < 2^256: no carry out)
 * z = t (mod p); z is not necessarily below p. One carry chain after T, and
 * no conditional second pass (measured faster per mul and sqr than adding
 * 38*t4 and then 38 once more, docs/p25519.md).
 */
#ifndef ECFI_P25519_FOLD_H
#define ECFI_P25519_FOLD_H

#include <stdint.h>

#include "common/wide.h"

/* z = (T mod 2^255) + 19*(T >> 255) for T = r + top*2^256, top < 2^58. */
static inline void ecfi_p25519_fold_top(uint64_t z[4], uint64_t r0, uint64_t r1, uint64_t r2, uint64_t r3, uint64_t top)
{
	uint64_t k = 0, q = (top << 1) | (r3 >> 63);
	r0 = ecfi_adc(&k, r0, q * 19);
	r1 = ecfi_adc(&k, r1, 0);
	r2 = ecfi_adc(&k, r2, 0);
	r3 = (r3 & 0x7fffffffffffffff) + k;
	z[0] = r0;
	z[1] = r1;
	z[2] = r2;
	z[3] = r3;
}

/* z = t mod p (lazily, as above) for an 8-limb t. */
static inline void ecfi_p25519_fold(uint64_t z[4], const uint64_t t[8])
{
	uint64_t c, r0, r1, r2, r3;
	r0 = ecfi_mac(&c, t[4], 38, t[0], 0);
	r1 = ecfi_mac(&c, t[5], 38, t[1], c);
	r2 = ecfi_mac(&c, t[6], 38, t[2], c);
	r3 = ecfi_mac(&c, t[7], 38, t[3], c);
	ecfi_p25519_fold_top(z, r0, r1, r2, r3, c);
}

#endif
