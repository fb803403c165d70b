/*
 * The dispatch flag. A probe (cpu.c) runs once at load and sets
 * ecfi_cpu_flags from the capabilities the tier table (tiers.h) says each
 * tier requires; the dispatched entries test one bit of it and jump straight
 * into a kernel (no function pointer). Before the probe has run the word is 0,
 * which selects the portable kernels: always correct, only slower.
 */
#ifndef ECFI_DISPATCH_CPU_H
#define ECFI_DISPATCH_CPU_H

#include <stdint.h>

#include "common/internal.h"
#include "dispatch/tiers.h"

/* Kernel tiers the CPU supports (whatever ECFIELD_DISABLE says). */
ECFI_HIDDEN uint32_t ecfi_cpu_supported_kernels(void);
/* For tests and benchmarks only (lib/testhooks/cpu_hooks.c, linked into them,
 * never into libecfield.so): restrict the kernels to
 * `mask & supported`, so one process can run every kernel the CPU has.
 * Returns the previous flag word. Not thread-safe: call it before threads. */
ECFI_HIDDEN uint32_t ecfi_cpu_set_kernels(uint32_t mask);
/* Name of the multiplication tier a flag word selects (ECFI_NAMED_FAMILY's:
 * "mulx_adx" or "portable"). */
ECFI_HIDDEN const char *ecfi_kernel_name_of(uint32_t flags);

#endif
