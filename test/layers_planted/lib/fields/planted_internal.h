/* Planted: a field header that includes the curve layer. */
#include "common/internal.h"
#include "curves/p256/group.h"
#include "kernels/kernels.h"
