/* Test and benchmark hooks of the isogeny fields (not in libecfield.so): the
 * GF(p^2) multiplication on one tier's kernels and through function pointers,
 * from the same inline bodies as the library's (sidh_field_impl.h). */
#define ECFI_SIDH_HOOKS_ONLY 1

#include "fields/sidh_internal.h"

#define FIELD p434
#define FIELD_LIMBS 7
#define FIELD_BYTES 55
#include "fields/sidh_field_impl.h"
#undef FIELD
#undef FIELD_LIMBS
#undef FIELD_BYTES

#define FIELD p503
#define FIELD_LIMBS 8
#define FIELD_BYTES 63
#include "fields/sidh_field_impl.h"
#undef FIELD
#undef FIELD_LIMBS
#undef FIELD_BYTES

#define FIELD p610
#define FIELD_LIMBS 10
#define FIELD_BYTES 77
#include "fields/sidh_field_impl.h"
#undef FIELD
#undef FIELD_LIMBS
#undef FIELD_BYTES

#define FIELD p751
#define FIELD_LIMBS 12
#define FIELD_BYTES 94
#include "fields/sidh_field_impl.h"
#undef FIELD
#undef FIELD_LIMBS
#undef FIELD_BYTES
