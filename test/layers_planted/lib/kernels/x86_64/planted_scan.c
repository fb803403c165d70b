/* Planted for test layers_planted: a kernel that includes the curve and hash
 * layers (two violations) next to what a kernel may include. */
#include <stdint.h>

#include "common/limbs.h"
#include "curves/p256/lookup.h"
#include "hash/sha2.h"
#include "kernels/kernels.h"
#include "p256_params.h" /* generated: belongs to no layer */
/* #include "fields/p256_internal.h": a comment, not an include */
