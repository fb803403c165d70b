/*
 * Generic portable Montgomery kernels for an odd modulus m of n 64-bit limbs,
 * with n0 = -m^-1 mod 2^64. Static inline: each field's kernel file
 * instantiates them with constant n and m, so the loops unroll. Written with
 * ecfi_mac/ecfi_adc only, so they build with or without unsigned __int128.
 */
#ifndef ECFI_MONT_GENERIC_H
#define ECFI_MONT_GENERIC_H

#include "common/limbs.h"

#define ECFI_MAX_LIMBS 16

/* z = x*y/2^(64n) mod m (CIOS: one reduction step per row of the product).
 * Requires x, y < m. Output < m. z may alias x or y. */
static inline void ecfi_montmul_generic(uint64_t *z, const uint64_t *x, const uint64_t *y, const uint64_t *m,
                                        uint64_t n0, size_t n)
{
	uint64_t t[ECFI_MAX_LIMBS + 2] = {0};
	for (size_t i = 0; i < n; i++) {
		uint64_t c = 0, cc = 0;
		for (size_t j = 0; j < n; j++)
			t[j] = ecfi_mac(&c, x[j], y[i], t[j], c);
		t[n] = ecfi_adc(&cc, t[n], c);
		t[n + 1] = cc;
		/* Adding u*m clears the low word; the division by 2^64 is the shift. */
		uint64_t u = t[0] * n0;
		(void)ecfi_mac(&c, u, m[0], t[0], 0);
		for (size_t j = 1; j < n; j++)
			t[j - 1] = ecfi_mac(&c, u, m[j], t[j], c);
		cc = 0;
		t[n - 1] = ecfi_adc(&cc, t[n], c);
		t[n] = t[n + 1] + cc;
	}
	ecfi_limbs_reduce_once(z, t, t[n], m, n);
}

/* z = t/2^(64n) mod m for a 2n-limb t < m*2^(64n). Output < m. t is not
 * modified; z may alias the low half of t. */
static inline void ecfi_redc_generic(uint64_t *z, const uint64_t *t_in, const uint64_t *m, uint64_t n0, size_t n)
{
	uint64_t t[2 * ECFI_MAX_LIMBS];
	uint64_t top = 0;
	ecfi_limbs_copy(t, t_in, 2 * n);
	for (size_t i = 0; i < n; i++) {
		uint64_t u = t[i] * n0, c = 0;
		for (size_t j = 0; j < n; j++)
			t[i + j] = ecfi_mac(&c, u, m[j], t[i + j], c);
		uint64_t cc = top;
		t[i + n] = ecfi_adc(&cc, t[i + n], c);
		top = cc;
	}
	ecfi_limbs_reduce_once(z, t + n, top, m, n);
}

/* t = x*y as 2n limbs (schoolbook). */
static inline void ecfi_mul_wide_generic(uint64_t *t, const uint64_t *x, const uint64_t *y, size_t n)
{
	ecfi_limbs_zero(t, 2 * n);
	for (size_t i = 0; i < n; i++) {
		uint64_t c = 0;
		for (size_t j = 0; j < n; j++)
			t[i + j] = ecfi_mac(&c, x[j], y[i], t[i + j], c);
		t[i + n] = c;
	}
}

#endif
