/* Planted: the common layer may include only itself. */
#include "common/wide.h"
#include "dispatch/cpu.h"
