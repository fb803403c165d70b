/* GF(p751) and GF(p751^2), p751 = 2^372 * 3^239 - 1: the generic isogeny field
 * (sidh_field_impl.h). The constants are checked against GMP by test_p751. */
#include "ecfield/p751.h"

#include "fields/sidh_internal.h"

#define FIELD p751
#define FIELD_LIMBS 12
#define FIELD_BYTES 94
#include "fields/sidh_field_impl.h"
