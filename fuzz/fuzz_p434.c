/* Differential fuzzing of GF(p434) and GF(p434^2) against GMP (fuzz_sidh_field.h). */
#include "ecfield/p434.h"

#define FIELD p434
#define NL 7
#define PA 216
#define PB 137
#define FIELD_BYTES 55
#include "fuzz_sidh_field.h"
