/*
 * Internal interface of the isogeny fields p434, p503, p610, p751 for code
 * inside the library: ecfi_<field>_<op> for every public ecf_<field>_<op>
 * (lib/fields/sidh_field_internal.h, once per prime), plus the hooks that
 * only the tests and benchmarks link (lib/testhooks/, never in the shared
 * library): the GF(p^2) multiplication on one tier's kernels (no flag test)
 * and through function pointers (the dispatch style that Cloudflare's SIDH
 * measurements compared against a flag branch).
 */
#ifndef ECFI_SIDH_INTERNAL_H
#define ECFI_SIDH_INTERNAL_H

#include <ecfield/sidh.h>

#include "common/internal.h"
#include "common/modinv.h"
#include "p434_params.h" /* ecfi_p434_P, _P2, _R1, _R2, _R3, _MODINV: lib/common/field_params.py */
#include "p503_params.h"
#include "p610_params.h"
#include "p751_params.h"

/* The including file may have its own FIELD (a template): keep it. */
#pragma push_macro("FIELD")
#pragma push_macro("FIELD_LIMBS")
#undef FIELD
#undef FIELD_LIMBS
#define FIELD p434
#define FIELD_LIMBS 7
#include "fields/sidh_field_internal.h"
#undef FIELD
#undef FIELD_LIMBS
#define FIELD p503
#define FIELD_LIMBS 8
#include "fields/sidh_field_internal.h"
#undef FIELD
#undef FIELD_LIMBS
#define FIELD p610
#define FIELD_LIMBS 10
#include "fields/sidh_field_internal.h"
#undef FIELD
#undef FIELD_LIMBS
#define FIELD p751
#define FIELD_LIMBS 12
#include "fields/sidh_field_internal.h"
#undef FIELD
#undef FIELD_LIMBS
#pragma pop_macro("FIELD")
#pragma pop_macro("FIELD_LIMBS")

/* Test and benchmark hooks (lib/testhooks/sidh_hooks.c). */
typedef void (*ecfi_mp_mul_fn)(uint64_t *c, const uint64_t *a, const uint64_t *b);
typedef void (*ecfi_redc_fn)(uint64_t *z, const uint64_t *t);

#if ECFI_X86_64_KERNELS
#define ECFI_SIDH_DECLARE_FAST(field)                                                                                  \
	ECFI_HIDDEN void ecfi_##field##_fp2_mul_mulx_adx(ecf_##field##_fp2 *r, const ecf_##field##_fp2 *a,             \
	                                                 const ecf_##field##_fp2 *b);
#elif ECFI_AARCH64_KERNELS
#define ECFI_SIDH_DECLARE_FAST(field)                                                                                  \
	ECFI_HIDDEN void ecfi_##field##_fp2_mul_aarch64(ecf_##field##_fp2 *r, const ecf_##field##_fp2 *a,              \
	                                                const ecf_##field##_fp2 *b);
#else
#define ECFI_SIDH_DECLARE_FAST(field)
#endif

#define ECFI_SIDH_DECLARE_HOOKS(field)                                                                                 \
	ECFI_HIDDEN void ecfi_##field##_fp2_mul_portable(ecf_##field##_fp2 *r, const ecf_##field##_fp2 *a,             \
	                                                 const ecf_##field##_fp2 *b);                                  \
	ECFI_HIDDEN void ecfi_##field##_fp2_mul_pointer(ecf_##field##_fp2 *r, const ecf_##field##_fp2 *a,              \
	                                                const ecf_##field##_fp2 *b, ecfi_mp_mul_fn mp_mul,             \
	                                                ecfi_redc_fn redc);                                            \
	ECFI_SIDH_DECLARE_FAST(field)

ECFI_SIDH_DECLARE_HOOKS(p434)
ECFI_SIDH_DECLARE_HOOKS(p503)
ECFI_SIDH_DECLARE_HOOKS(p610)
ECFI_SIDH_DECLARE_HOOKS(p751)

#endif
