/*
 * libecfield: constant-time, allocation-free prime-field arithmetic with
 * run-time CPU dispatch. This umbrella header declares the library-wide API
 * (version, CPU report) and includes every header of libecfield.so: the
 * fields and the curves. SIDH and SIKE live in libecfield-sidh.so, whose
 * umbrella header is <ecfield/sike.h> (pkg-config ecfield-sidh). Every module
 * follows one convention (names, argument order, statuses): docs/api.md.
 */
#ifndef ECFIELD_ECFIELD_H
#define ECFIELD_ECFIELD_H

#include <ecfield/common.h>
#include <ecfield/version.h>
#include <ecfield/p256.h>
#include <ecfield/p256n.h>
#include <ecfield/sidh.h>
#include <ecfield/p25519.h>
#include <ecfield/x25519.h>
#include <ecfield/edwards25519.h>
#include <ecfield/ristretto255.h>
#include <ecfield/ed25519.h>
#include <ecfield/sc25519.h>
#include <ecfield/p256_point.h>
#include <ecfield/p256_ecdh.h>
#include <ecfield/p256_ecdsa.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The library's version at run time, e.g. "0.1.0" (compare ECF_VERSION_STRING). */
ECF_API const char *ecf_version(void);
/** (major << 16) | (minor << 8) | patch of the library at run time. */
ECF_API uint32_t ecf_version_number(void);

/** CPU feature bits reported by ecf_cpu_detected() and ecf_cpu_allowed(). */
#define ECF_CPU_X86_BMI2 (1u << 0)
#define ECF_CPU_X86_ADX (1u << 1)
/** x86 SHA extensions (with SSSE3 and SSE4.1: the SHA-256 kernel). */
#define ECF_CPU_X86_SHA (1u << 2)
#define ECF_CPU_X86_SSSE3 (1u << 3)
#define ECF_CPU_X86_SSE4_1 (1u << 4)
/** x86 AVX2, with the OS saving the ymm registers (the P-256 table scans). */
#define ECF_CPU_X86_AVX2 (1u << 5)
/** x86 AVX-512 Foundation, with the OS saving the zmm and mask registers. */
#define ECF_CPU_X86_AVX512F (1u << 6)
/** x86 AVX-512 IFMA (VPMADD52LUQ/HUQ: the 8-lane P-256 and 2^255-19 batches). */
#define ECF_CPU_X86_AVX512IFMA (1u << 7)
#define ECF_CPU_ARM_ASIMD (1u << 8)
#define ECF_CPU_ARM_PMULL (1u << 9)
/** x86 AVX-512 VL (the AVX-512 instructions on xmm and ymm registers). */
#define ECF_CPU_X86_AVX512VL (1u << 10)

/** Features the load-time probe found on this CPU. */
ECF_API uint32_t ecf_cpu_detected(void);
/** Features the kernels may use: detected, minus those cleared by the
 *  ECFIELD_DISABLE environment variable (read once, at load). */
ECF_API uint32_t ecf_cpu_allowed(void);
/** Name of the multiplication kernel in use: "mulx_adx" or "portable". */
ECF_API const char *ecf_kernel_name(void);
/** One line saying why that kernel was picked, e.g.
 *  "x86-64: BMI2 and ADX detected" or "x86-64: ADX not detected". */
ECF_API const char *ecf_kernel_reason(void);

#ifdef __cplusplus
}
#endif

#endif
