/*
 * Portable kernels of the isogeny fields p434, p503, p610 and p751: one
 * generic definition (mont_friendly.h) instantiated per prime with constant n.
 * Only the non-zero limbs of p + 1 are listed: redc skips the zero low limbs.
 * Prototypes and contracts: kernels/kernels.h.
 */
#include "kernels/kernels.h"
#include "kernels/portable/mont_friendly.h"

/* mp_mul uses one level of Karatsuba from this many limbs on (even n only).
 * ecfield-bench compares both forms (op mp_mul, kernels portable_school and
 * portable_karatsuba, interleaved, built with the library's flags; gcc 12 -O3,
 * Zen3, median rdtsc ticks): 8 limbs 88.8 vs 74.0, 10 limbs 141.6 vs 109.8,
 * 12 limbs 207.0 vs 152.3: Karatsuba wins at every even size. (An earlier
 * measurement that favoured schoolbook at 8 limbs was taken while GCC still
 * auto-vectorised the limb loops; see docs/benchmarks.md.) */
#ifndef ECFI_SIDH_KARATSUBA_MIN
#define ECFI_SIDH_KARATSUBA_MIN 8
#endif

#define ECFI_SIDH_PORTABLE(field, n, zl, ...)                                                                          \
	static const uint64_t field##_p1[n] = {__VA_ARGS__};                                                           \
	void ecfk_##field##_mp_mul_portable(uint64_t c[2 * (n)], const uint64_t a[n], const uint64_t b[n])             \
	{                                                                                                              \
		if ((n) >= ECFI_SIDH_KARATSUBA_MIN && (n) % 2 == 0)                                                    \
			ecfi_mp_mul_karatsuba(c, a, b, n);                                                             \
		else                                                                                                   \
			ecfi_mp_mul_school(c, a, b, n);                                                                \
	}                                                                                                              \
	void ecfk_##field##_redc_portable(uint64_t z[n], const uint64_t t[2 * (n)])                                    \
	{                                                                                                              \
		ecfi_redc_mont_friendly(z, t, field##_p1, zl, n);                                                      \
	}

/* p + 1 = 2^216 * 3^137: 3 zero limbs. */
ECFI_SIDH_PORTABLE(p434, 7, 3, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0xfdc1767ae3000000,
                   0x7bc65c783158aea3, 0x6cfc5fd681c52056, 0x0002341f27177344)
/* p + 1 = 2^250 * 3^159: 3 zero limbs. */
ECFI_SIDH_PORTABLE(p503, 8, 3, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0xac00000000000000,
                   0x13085bda2211e7a0, 0x1b9bf6c87b7e7daf, 0x6045c6bdda77a4d0, 0x004066f541811e1e)
/* p + 1 = 2^305 * 3^192: 4 zero limbs. */
ECFI_SIDH_PORTABLE(p610, 10, 4, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
                   0x6e02000000000000, 0xb1784de8aa5ab02e, 0x9ae7bf45048ff9ab, 0xb255b2fa10c4252a, 0x819010c251e7d88c,
                   0x000000027bf6a768)
/* p + 1 = 2^372 * 3^239: 5 zero limbs. */
ECFI_SIDH_PORTABLE(p751, 12, 5, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000, 0x0000000000000000,
                   0x0000000000000000, 0xeeb0000000000000, 0xe3ec968549f878a8, 0xda959b1a13f7cc76, 0x084e9867d6ebe876,
                   0x8562b5045cb25748, 0x0e12909f97badc66, 0x00006fe5d541f71c)
