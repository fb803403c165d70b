/*
 * Portable kernels of the isogeny fields p434, p503, p610 and p751: one
 * generic definition (mont_friendly.h) instantiated per prime with constant n.
 * p + 1, its count of zero low limbs (which redc and mul skip) and the limb
 * count come from the build's generator (lib/common/field_params.py, the one
 * place the moduli are written). Prototypes and contracts: kernels/kernels.h.
 */
#include "kernels/kernels.h"
#include "kernels/portable/mont_friendly.h"
#include "p434_kernel_params.h"
#include "p503_kernel_params.h"
#include "p610_kernel_params.h"
#include "p751_kernel_params.h"

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

/* The reduction keeps an n-word window in locals (ecfi_redc_mont_friendly_window)
 * up to these limb counts, else works on a 2n-word copy of t: which one GCC
 * compiles better depends on n. Measured with ecfield-bench (gcc 12 -O3, Zen 4,
 * median rdtsc ticks, window / copy): redc 73 / 94 (7 limbs), 98 / 117 (8),
 * 188 / 150 (10), 265 / 214 (12); sqr 98 / 131, 168 / 211, 312 / 320,
 * 434 / 386. */
#define ECFI_SIDH_REDC_WINDOW_MAX 8
#define ECFI_SIDH_SQR_WINDOW_MAX 10

#define ECFI_SIDH_PORTABLE(field) ECFI_SIDH_PORTABLE_N(field, field##_NL, field##_P1, field##_P1ZL)
#define ECFI_SIDH_PORTABLE_N(field, n, p1, zl)                                                                         \
	void ecfk_##field##_mp_mul_portable(uint64_t c[2 * (n)], const uint64_t a[n], const uint64_t b[n])             \
	{                                                                                                              \
		if ((n) >= ECFI_SIDH_KARATSUBA_MIN && (n) % 2 == 0)                                                    \
			ecfi_mp_mul_karatsuba(c, a, b, n);                                                             \
		else                                                                                                   \
			ecfi_mp_mul_school(c, a, b, n);                                                                \
	}                                                                                                              \
	void ecfk_##field##_redc_portable(uint64_t z[n], const uint64_t t[2 * (n)])                                    \
	{                                                                                                              \
		if ((n) <= ECFI_SIDH_REDC_WINDOW_MAX)                                                                  \
			ecfi_redc_mont_friendly_window(z, t, p1, zl, n);                                               \
		else                                                                                                   \
			ecfi_redc_mont_friendly(z, t, p1, zl, n);                                                      \
	}                                                                                                              \
	void ecfk_##field##_mul_portable(uint64_t z[n], const uint64_t a[n], const uint64_t b[n])                      \
	{                                                                                                              \
		ecfi_mul_mont_friendly(z, a, b, p1, zl, n);                                                            \
	}                                                                                                              \
	void ecfk_##field##_sqr_portable(uint64_t z[n], const uint64_t a[n])                                           \
	{                                                                                                              \
		ecfi_sqr_mont_friendly(z, a, p1, zl, n, (n) <= ECFI_SIDH_SQR_WINDOW_MAX);                              \
	}

ECFI_SIDH_PORTABLE(p434)
ECFI_SIDH_PORTABLE(p503)
ECFI_SIDH_PORTABLE(p610)
ECFI_SIDH_PORTABLE(p751)
