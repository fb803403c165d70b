/* GF(p503) and GF(p503^2), p503 = 2^250 * 3^159 - 1: the generic isogeny field
 * (sidh_field_impl.h). The constants are checked against GMP by test_p503. */
#include "ecfield/p503.h"

#include "fields/sidh_internal.h"

#define FIELD p503
#define FIELD_LIMBS 8
#define FIELD_BYTES 63
#include "fields/sidh_field_impl.h"
