/* GF(p434) and GF(p434^2), p434 = 2^216 * 3^137 - 1: the generic isogeny field
 * (sidh_field_impl.h). The constants are checked against GMP by test_p434. */
#include "ecfield/p434.h"

#include "fields/sidh_internal.h"

#define FIELD p434
#define FIELD_LIMBS 7
#define FIELD_BYTES 55
#include "fields/sidh_field_impl.h"
