/* Differential fuzzing of GF(p610) and GF(p610^2) against GMP (fuzz_sidh_field.h). */
#include "ecfield/p610.h"

#define FIELD p610
#define NL 10
#define PA 305
#define PB 192
#define FIELD_BYTES 77
#include "fuzz_sidh_field.h"
