/* GF(p610) and GF(p610^2), p610 = 2^305 * 3^192 - 1: the generic isogeny field
 * (sidh_field_impl.h). The constants are checked against GMP by test_p610. */
#include "ecfield/p610.h"

#include "fields/sidh_internal.h"

#define FIELD p610
#define FIELD_LIMBS 10
#define FIELD_BYTES 77
#include "fields/sidh_field_impl.h"
