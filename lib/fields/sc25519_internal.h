/* Internal interface of the scalars mod l (the edwards25519 group order) for
 * code inside the library: ecfi_sc25519_<op> for every public
 * ecf_sc25519_<op> (see lib/fields/mont_field_internal.h and
 * include/ecfield/sc25519.h). */
#ifndef ECFI_SC25519_INTERNAL_H
#define ECFI_SC25519_INTERNAL_H

#include "ecfield/sc25519.h"

#include "common/modinv.h"
#include "sc25519_params.h" /* ecfi_sc25519_M, _R1, _R2, _R3, _N0, _MODINV: lib/common/field_params.py */

/* The including file may have its own FIELD (a template): keep it. */
#pragma push_macro("FIELD")
#pragma push_macro("FIELD_LIMBS")
#undef FIELD
#undef FIELD_LIMBS
#define FIELD sc25519
#define FIELD_LIMBS 4
#include "fields/mont_field_internal.h"
#undef FIELD
#undef FIELD_LIMBS
#pragma pop_macro("FIELD")
#pragma pop_macro("FIELD_LIMBS")

ECFI_HIDDEN int ecfi_sc25519_from_bytes_reduce(ecf_sc25519_fe *r, const uint8_t *in, size_t len);
ECFI_HIDDEN void ecfi_sc25519_muladd(ecf_sc25519_fe *r, const ecf_sc25519_fe *a, const ecf_sc25519_fe *b,
                                     const ecf_sc25519_fe *c);
ECFI_HIDDEN void ecfi_sc25519_clamp(uint8_t out[ECF_SC25519_BYTES], const uint8_t in[ECF_SC25519_BYTES]);

#endif
