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
 * portable_karatsuba): Karatsuba wins at every even size (docs/benchmarks.md).
 * (An earlier measurement that favoured schoolbook at 8 limbs was taken while
 * GCC still auto-vectorised the limb loops.) */
#ifndef ECFI_SIDH_KARATSUBA_MIN
#define ECFI_SIDH_KARATSUBA_MIN 8
#endif

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
		ecfi_redc_mont_friendly(z, t, p1, zl, n);                                                              \
	}                                                                                                              \
	void ecfk_##field##_mul_portable(uint64_t z[n], const uint64_t a[n], const uint64_t b[n])                      \
	{                                                                                                              \
		ecfi_mul_mont_friendly(z, a, b, p1, zl, n);                                                            \
	}                                                                                                              \
	void ecfk_##field##_sqr_portable(uint64_t z[n], const uint64_t a[n])                                           \
	{                                                                                                              \
		ecfi_sqr_mont_friendly(z, a, p1, zl, n);                                                               \
	}

ECFI_SIDH_PORTABLE(p434)
ECFI_SIDH_PORTABLE(p503)
ECFI_SIDH_PORTABLE(p610)
ECFI_SIDH_PORTABLE(p751)
