/*
 * Hidden entry points of the isogeny fields, for tests and benchmarks: the
 * GF(p^2) multiplication built on direct calls to one tier's kernels (no flag
 * test), and the same code calling mp_mul and redc through function pointers
 * (the dispatch style that Cloudflare's SIDH measurements compared against a
 * flag branch).
 */
#ifndef ECFI_SIDH_INTERNAL_H
#define ECFI_SIDH_INTERNAL_H

#include <ecfield/sidh.h>

#include "common/internal.h"

typedef void (*ecfi_mp_mul_fn)(uint64_t *c, const uint64_t *a, const uint64_t *b);
typedef void (*ecfi_redc_fn)(uint64_t *z, const uint64_t *t);

#if ECFI_X86_64_KERNELS
#define ECFI_SIDH_DECLARE_FAST(field)                                                                                  \
	ECFI_HIDDEN void ecfi_##field##_fp2_mul_mulx_adx(ecf_##field##_fp2 *r, const ecf_##field##_fp2 *a,             \
	                                                 const ecf_##field##_fp2 *b);
#else
#define ECFI_SIDH_DECLARE_FAST(field)
#endif

#define ECFI_SIDH_DECLARE_INTERNALS(field)                                                                             \
	ECFI_HIDDEN void ecfi_##field##_fp2_mul_portable(ecf_##field##_fp2 *r, const ecf_##field##_fp2 *a,             \
	                                                 const ecf_##field##_fp2 *b);                                  \
	ECFI_HIDDEN void ecfi_##field##_fp2_mul_pointer(ecf_##field##_fp2 *r, const ecf_##field##_fp2 *a,              \
	                                                const ecf_##field##_fp2 *b, ecfi_mp_mul_fn mp_mul,             \
	                                                ecfi_redc_fn redc);                                            \
	ECFI_SIDH_DECLARE_FAST(field)

ECFI_SIDH_DECLARE_INTERNALS(p434)
ECFI_SIDH_DECLARE_INTERNALS(p503)
ECFI_SIDH_DECLARE_INTERNALS(p610)
ECFI_SIDH_DECLARE_INTERNALS(p751)

#endif
