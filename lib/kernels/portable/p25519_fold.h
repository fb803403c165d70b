/*
 * The reduction every GF(2^255 - 19) kernel ends with, written once in C for
 * the portable kernel and the field code (the assembly kernels implement the
 * same function, bit for bit: test_kernels checks it).
 *
 * Input: a 512-bit value t = L + H*2^256 (8 limbs). Since 2^256 = 38 mod p:
 *   T  = L + 38*H             (exact; T < 39*2^256, so T = T' + t4*2^256 with t4 <= 38)
 *   R  = T' + 38*t4           (mod 2^256; carry c in {0, 1})
 *   z  = R + 38*c             (cannot carry: if c = 1 then R < 38*39)
 * z < 2^256 and z = t (mod p); z is not necessarily below p.
 */
#ifndef ECFI_P25519_FOLD_H
#define ECFI_P25519_FOLD_H

#include <stdint.h>

#include "common/wide.h"

/* z = r + 38*top (mod p) for a 4-limb r and top < 2^58, z < 2^256. */
static inline void ecfi_p25519_fold_top(uint64_t z[4], uint64_t r0, uint64_t r1, uint64_t r2, uint64_t r3, uint64_t top)
{
	uint64_t k = 0;
	r0 = ecfi_adc(&k, r0, top * 38);
	r1 = ecfi_adc(&k, r1, 0);
	r2 = ecfi_adc(&k, r2, 0);
	r3 = ecfi_adc(&k, r3, 0);
	z[0] = r0 + (38 & (0 - k));
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
