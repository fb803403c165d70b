/* Differential fuzzing of GF(p503) and GF(p503^2) against GMP (fuzz_sidh_field.h). */
#include "ecfield/p503.h"

#define FIELD p503
#define NL 8
#define PA 250
#define PB 159
#define FIELD_BYTES 63
#include "fuzz_sidh_field.h"
