/*
 * The dispatch flag. A probe (cpu.c) runs once at load and sets
 * ecfi_cpu_flags; the public mul/sqr/redc entries test one bit of it and jump
 * straight into a kernel (no function pointer). Before the probe has run the
 * word is 0, which selects the portable kernels: always correct, only slower.
 */
#ifndef ECFI_DISPATCH_CPU_H
#define ECFI_DISPATCH_CPU_H

#include <stdint.h>

#include "common/internal.h"

/* Kernel tiers, as bits of ecfi_cpu_flags. */
#define ECFI_KERNEL_MULX_ADX (1u << 0) /* x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX) */
/* x86-64 with SHA, SSSE3 and SSE4.1: the SHA-256 compression kernel
 * (lib/kernels/x86_64/sha256_sha_ni.c). Not in ECFI_KERNEL_ALL, the field
 * multiplication tiers that the field tests, fuzzers and the valgrind ct test
 * step through (valgrind 3.19 cannot run SHA instructions: docs/hash.md);
 * test_hash and the benchmark's hash rows select it explicitly. */
#define ECFI_KERNEL_SHA_NI (1u << 1)
/* x86-64 with AVX2 (and the OS saving the ymm registers): the constant-time
 * table scans of the P-256 scalar multiplications
 * (lib/kernels/x86_64/p256_lookup_avx2.c, docs/p256.md); the SSE2 scans
 * otherwise. A selection, so the results are the same bits on every tier.
 * Not in ECFI_KERNEL_ALL: that is the field multiplication tiers. */
#define ECFI_KERNEL_AVX2 (1u << 2)
#define ECFI_KERNEL_ALL (ECFI_KERNEL_MULX_ADX)

/* Kernels allowed on this CPU: detected, minus ECFIELD_DISABLE. */
ECFI_HIDDEN extern uint32_t ecfi_cpu_flags;

/* True if the MULX/ADX kernels may run. Read the flag once per operation into
 * a local when an operation calls several kernels: the compiler must otherwise
 * reload it after every call. */
#if ECFI_X86_64_KERNELS
#define ECFI_USE_MULX_ADX(flags) (((flags)&ECFI_KERNEL_MULX_ADX) != 0)
#else
#define ECFI_USE_MULX_ADX(flags) 0
#endif
/* True if the SHA-NI SHA-256 kernel may run. */
#if ECFI_X86_64_KERNELS
#define ECFI_USE_SHA_NI(flags) (((flags)&ECFI_KERNEL_SHA_NI) != 0)
#else
#define ECFI_USE_SHA_NI(flags) 0
#endif

/* True if the AVX2 table scans may run. */
#if ECFI_X86_64_KERNELS
#define ECFI_USE_AVX2(flags) (((flags)&ECFI_KERNEL_AVX2) != 0)
#else
#define ECFI_USE_AVX2(flags) 0
#endif

/* Kernel tiers the CPU supports (whatever ECFIELD_DISABLE says). */
ECFI_HIDDEN uint32_t ecfi_cpu_supported_kernels(void);
/* For tests and benchmarks only (lib/testhooks/cpu_hooks.c, linked into them,
 * never into libecfield.so): restrict the kernels to
 * `mask & supported`, so one process can run every kernel the CPU has.
 * Returns the previous flag word. Not thread-safe: call it before threads. */
ECFI_HIDDEN uint32_t ecfi_cpu_set_kernels(uint32_t mask);
/* Name of the kernel a flag word selects ("mulx_adx" or "portable"). */
ECFI_HIDDEN const char *ecfi_kernel_name_of(uint32_t flags);

#endif
