/* Differential fuzzing of GF(p751) and GF(p751^2) against GMP (fuzz_sidh_field.h). */
#include "ecfield/p751.h"

#define FIELD p751
#define NL 12
#define PA 372
#define PB 239
#define FIELD_BYTES 94
#include "fuzz_sidh_field.h"
