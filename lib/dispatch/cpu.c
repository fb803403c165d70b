/*
 * Load-time CPU probe. The constructor and the flag live in this one object,
 * so a static link that pulls in the flag also pulls in the probe. The probe
 * writes the flag once, before main() or before dlopen() returns, and nothing
 * else in the library writes it (the test-only ecfi_cpu_set_kernels lives in
 * lib/testhooks/, outside libecfield.so), so there is no
 * data race. "Detected" and "allowed" are kept apart: ECFIELD_DISABLE can only
 * clear features; unknown words in it are ignored, never reported or fatal.
 * It is read with secure_getenv where available (not in setuid programs).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* secure_getenv */
#endif
#include "dispatch/cpu.h"

#include <stdlib.h>
#include <string.h>

#include "ecfield/ecfield.h"

#if defined(__x86_64__) || defined(__i386__)
#include "cpuinfo_x86.h"
#elif defined(__aarch64__)
#include "cpuinfo_aarch64.h"
#endif

uint32_t ecfi_cpu_flags;

static uint32_t cpu_detected;
static uint32_t cpu_allowed;
static const char *kernel_reason = "probe has not run: portable kernels";

/* Features that ECFIELD_DISABLE names. Words are separated by commas, spaces
 * and tabs and must match a name exactly (no prefixes, case-sensitive);
 * anything else is ignored. Each character is read once and a word is kept
 * only up to the longest name, so the work is linear in the value's length
 * and needs no counter that could wrap. */
static uint32_t parse_disable(const char *s)
{
	static const struct {
		const char *word;
		uint32_t bits;
	} words[] = {
	    {"all", ~0u},
	    {"mulx_adx", ECF_CPU_X86_BMI2 | ECF_CPU_X86_ADX},
	    {"bmi2", ECF_CPU_X86_BMI2},
	    {"adx", ECF_CPU_X86_ADX},
	    {"sha", ECF_CPU_X86_SHA},
	    {"avx2", ECF_CPU_X86_AVX2},
	    {"asimd", ECF_CPU_ARM_ASIMD},
	    {"pmull", ECF_CPU_ARM_PMULL},
	};
	enum { MAX_WORD = 16 };
	char word[MAX_WORD + 1];
	size_t len = 0, overlong = 0;
	uint32_t cleared = 0;
	for (;; s++) {
		char c = *s;
		if (c == '\0' || c == ',' || c == ' ' || c == '\t') {
			if (len > 0 && !overlong) {
				word[len] = '\0';
				for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
					if (strcmp(word, words[i].word) == 0)
						cleared |= words[i].bits;
			}
			len = 0;
			overlong = 0;
			if (c == '\0')
				break;
		} else if (len < MAX_WORD) {
			word[len++] = c;
		} else {
			overlong = 1; /* longer than any name: never matches */
		}
	}
	return cleared;
}

/* secure_getenv where the C library has it (ignored in setuid/setgid
 * processes: their environment is not trusted); getenv elsewhere. */
static const char *ecfi_getenv(const char *name)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 17))
	return secure_getenv(name);
#else
	return getenv(name);
#endif
}

static uint32_t kernels_for(uint32_t features)
{
	uint32_t k = 0;
#if ECFI_X86_64_KERNELS
	/* MULX is BMI2, ADCX/ADOX are ADX: the kernels need both. */
	if ((features & ECF_CPU_X86_BMI2) && (features & ECF_CPU_X86_ADX))
		k |= ECFI_KERNEL_MULX_ADX;
	/* SHA256RNDS2/MSG1/MSG2 are SHA; the kernel's byte shuffles SSSE3, its blend SSE4.1. */
	if ((features & ECF_CPU_X86_SHA) && (features & ECF_CPU_X86_SSSE3) && (features & ECF_CPU_X86_SSE4_1))
		k |= ECFI_KERNEL_SHA_NI;
	/* cpu_features reports AVX2 only when the OS saves the ymm state (XCR0). */
	if (features & ECF_CPU_X86_AVX2)
		k |= ECFI_KERNEL_AVX2;
#else
	(void)features;
#endif
	return k;
}

static uint32_t probe_features(void)
{
	uint32_t f = 0;
#if defined(__x86_64__) || defined(__i386__)
	const X86Info info = GetX86Info();
	if (info.features.bmi2)
		f |= ECF_CPU_X86_BMI2;
	if (info.features.adx)
		f |= ECF_CPU_X86_ADX;
	if (info.features.sha)
		f |= ECF_CPU_X86_SHA;
	if (info.features.ssse3)
		f |= ECF_CPU_X86_SSSE3;
	if (info.features.sse4_1)
		f |= ECF_CPU_X86_SSE4_1;
	if (info.features.avx2)
		f |= ECF_CPU_X86_AVX2;
#elif defined(__aarch64__)
	const Aarch64Info info = GetAarch64Info();
	if (info.features.asimd)
		f |= ECF_CPU_ARM_ASIMD;
	if (info.features.pmull)
		f |= ECF_CPU_ARM_PMULL;
#endif
	return f;
}

static const char *reason_for(uint32_t detected, uint32_t allowed)
{
#if defined(__x86_64__)
	if (!(detected & ECF_CPU_X86_BMI2) && !(detected & ECF_CPU_X86_ADX))
		return "x86-64: BMI2 and ADX not detected: portable kernels";
	if (!(detected & ECF_CPU_X86_BMI2))
		return "x86-64: BMI2 (MULX) not detected: portable kernels";
	if (!(detected & ECF_CPU_X86_ADX))
		return "x86-64: ADX not detected: portable kernels";
	if (!ECFI_X86_64_KERNELS)
		return "x86-64: BMI2 and ADX detected, but built without assembly: portable kernels";
	if (!(allowed & ECF_CPU_X86_BMI2) || !(allowed & ECF_CPU_X86_ADX))
		return "x86-64: BMI2 and ADX detected, disabled by ECFIELD_DISABLE: portable kernels";
	return "x86-64: BMI2 and ADX detected: MULX/ADX kernels";
#elif defined(__aarch64__)
	(void)allowed;
	return (detected & ECF_CPU_ARM_ASIMD)
	           ? "aarch64: HWCAP read (ASIMD present); no aarch64 kernel yet: portable kernels"
	           : "aarch64: HWCAP read (no ASIMD); no aarch64 kernel yet: portable kernels";
#else
	(void)detected;
	(void)allowed;
	return "no CPU-specific kernels for this architecture: portable kernels";
#endif
}

__attribute__((constructor)) static void ecfi_cpu_probe(void)
{
	cpu_detected = probe_features();
	const char *env = ecfi_getenv("ECFIELD_DISABLE");
	cpu_allowed = cpu_detected & ~(env ? parse_disable(env) : 0u);
	kernel_reason = reason_for(cpu_detected, cpu_allowed);
	ecfi_cpu_flags = kernels_for(cpu_allowed);
}

uint32_t ecfi_cpu_supported_kernels(void) { return kernels_for(cpu_detected); }

const char *ecfi_kernel_name_of(uint32_t flags)
{
	(void)flags; /* unused where no kernel tier is built */
	return ECFI_USE_MULX_ADX(flags) ? "mulx_adx" : "portable";
}

uint32_t ecf_cpu_detected(void) { return cpu_detected; }
uint32_t ecf_cpu_allowed(void) { return cpu_allowed; }
const char *ecf_kernel_name(void) { return ecfi_kernel_name_of(ecfi_cpu_flags); }
const char *ecf_kernel_reason(void) { return kernel_reason; }
