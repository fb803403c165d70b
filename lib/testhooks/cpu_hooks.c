/* Test and benchmark hook (not in libecfield.so): restrict the kernel tiers
 * of this process, so that one run can exercise every tier the CPU has. */
#include "dispatch/cpu.h"

uint32_t ecfi_cpu_set_kernels(uint32_t mask)
{
	uint32_t old = ecfi_cpu_flags;
	ecfi_cpu_flags = mask & ecfi_cpu_supported_kernels();
	return old;
}
