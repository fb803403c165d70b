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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecfield/ecfield.h"

#if defined(__x86_64__) || defined(__i386__)
#include "cpuinfo_x86.h"
#elif defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

uint32_t ecfi_cpu_flags;

static uint32_t cpu_detected;
static uint32_t cpu_allowed;
static const char *kernel_reason = "probe has not run: portable kernels";

/* The rows of the tier table (tiers.h) the probe reads. */
struct cap_row {
	uint32_t bit;
	const char *word;
};
#define CAP_ROW_(bit, word, host, ...) {(bit), #word},
static const struct cap_row caps[] = {ECFI_CAPS(CAP_ROW_, ~)};
struct tier_row {
	uint32_t mask, requires;
	const char *name;
	int built, target; /* kernels built; compiled for the tier's architecture */
};
#define TIER_ROW_(T, mask, name, arch, req, ...)                                                                       \
	{(mask), (req), #name, 0 ECFI_IF_BUILT_##arch(+1), 0 ECFI_IF_TARGET_##arch(+1)},
static const struct tier_row tiers_table[] = {ECFI_TIERS(TIER_ROW_, ~)};
/* The tiers of the family ecf_kernel_name() reports, preferred first. */
#define NAMED_ENTRY_(T, ...) ECFI_TIER_ROW_(T, TIER_ROW_, ~)
static const struct tier_row named_rows[] = {ECFI_TIER_FAMILY_(ECFI_NAMED_FAMILY)(NAMED_ENTRY_, ~){0, 0, NULL, 0, 0}};
#define N_ROWS(a) (sizeof(a) / sizeof((a)[0]))

/* Features that ECFIELD_DISABLE names: "all", each capability's word, and
 * each tier's name (clearing the capabilities the tier requires). Words are
 * separated by commas, spaces and tabs and must match a name exactly (no
 * prefixes, case-sensitive); anything else is ignored. Each character is read
 * once and a word is kept only up to the longest name, so the work is linear
 * in the value's length and needs no counter that could wrap. */
static uint32_t disable_word(const char *word)
{
	if (strcmp(word, "all") == 0)
		return ~0u;
	uint32_t bits = 0;
	for (size_t i = 0; i < N_ROWS(caps); i++)
		if (strcmp(word, caps[i].word) == 0)
			bits |= caps[i].bit;
	for (size_t i = 0; i < N_ROWS(tiers_table); i++)
		if (strcmp(word, tiers_table[i].name) == 0)
	bits |= tiers_table[i].requires;
	return bits;
}

static uint32_t parse_disable(const char *s)
{
	enum { MAX_WORD = 16 };
	char word[MAX_WORD + 1];
	size_t len = 0, overlong = 0;
	uint32_t cleared = 0;
	for (;; s++) {
		char c = *s;
		if (c == '\0' || c == ',' || c == ' ' || c == '\t') {
			if (len > 0 && !overlong) {
				word[len] = '\0';
				cleared |= disable_word(word);
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

static const char *ecfi_getenv(const char *name)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 17))
	return secure_getenv(name);
#else
	return getenv(name);
#endif
}

/* A tier's bit is set when its kernels are built and every capability it
 * requires is allowed. */
static uint32_t kernels_for(uint32_t features)
{
	uint32_t k = 0;
	for (size_t i = 0; i < N_ROWS(tiers_table); i++)
		if (tiers_table[i].built && (features & tiers_table[i].requires) == tiers_table[i].requires)
			k |= tiers_table[i].mask;
	return k;
}

static uint32_t probe_features(void)
{
	uint32_t f = 0;
#define READ_CAP_(bit, word, host, ...) ECFI_IF_HOST_##host(if (info.features.word) f |= (bit);)
#if defined(__x86_64__) || defined(__i386__)
	const X86Info info = GetX86Info();
	ECFI_CAPS(READ_CAP_, ~)
#elif defined(__aarch64__) && defined(__linux__)
	/* The kernel's HWCAP word, read here rather than through cpu_features'
	 * GetAarch64Info: cpu_features 0.7 (Debian 12) prints "Parsing
	 * /proc/self/auxv to extract ELF hwcaps!" on stdout, at load, on every CPU
	 * whose AT_HWCAP2 is 0 (ARMv8.0: Cortex-A53, A72, Graviton 1), and a
	 * library must not write to its program's stdout (test probe_quiet). The
	 * fields are named as cpu_features names them (the capability words);
	 * bits of arch/arm64/include/uapi/asm/hwcap.h. */
	const unsigned long hwcap = getauxval(AT_HWCAP);
	const struct {
		struct {
			int asimd, pmull, sha2, sha512, sha3;
		} features;
	} info = {{(int)(hwcap >> 1 & 1), (int)(hwcap >> 4 & 1), (int)(hwcap >> 6 & 1), (int)(hwcap >> 21 & 1),
	           (int)(hwcap >> 17 & 1)}};
	ECFI_CAPS(READ_CAP_, ~)
#endif
	return f;
}

#if defined(__x86_64__)
#define HOST "x86-64"
#elif defined(__aarch64__)
#define HOST "aarch64"
#else
#define HOST "this architecture"
#endif

/* Appends the capabilities in bits, upper case, joined by " and ". */
static void put_caps(char *buf, size_t size, uint32_t bits)
{
	const char *sep = "";
	for (size_t i = 0; i < N_ROWS(caps); i++) {
		if (!(bits & caps[i].bit))
			continue;
		size_t n = strlen(buf);
		snprintf(buf + n, size - n, "%s", sep);
		for (const char *c = caps[i].word; *c; c++) {
			n = strlen(buf);
			if (n + 1 < size) {
				buf[n] = (char)(*c >= 'a' && *c <= 'z' ? *c - 'a' + 'A' : *c);
				buf[n + 1] = '\0';
			}
		}
		sep = " and ";
	}
}

/* Why the named family runs where it does: of its tiers for this
 * architecture, the first one allowed, or why the first one is not. */
static char reason_buf[160];
static const char *reason_for(uint32_t detected, uint32_t allowed)
{
	const struct tier_row *first = NULL;
	char text[64] = "";
	for (size_t i = 0; named_rows[i].name; i++) {
		const struct tier_row *t = &named_rows[i];
		if (!t->target)
			continue;
		if (!first)
			first = t;
		if (t->built && (allowed & t->requires) == t->requires) {
			put_caps(text, sizeof text, t->requires);
			snprintf(reason_buf, sizeof reason_buf, HOST ": %s detected: %s kernels", text, t->name);
			return reason_buf;
		}
	}
	if (!first)
		return HOST ": no " ECFI_STR(ECFI_NAMED_FAMILY) " kernel for this architecture yet: portable kernels";
	const char *why = "detected, disabled by ECFIELD_DISABLE";
	uint32_t missing = first->requires & ~detected;
	if (missing)
		why = "not detected";
	else if (!first->built)
		why = "detected, but built without assembly";
	put_caps(text, sizeof text, missing ? missing : first->requires);
	snprintf(reason_buf, sizeof reason_buf, HOST ": %s %s: portable kernels", text, why);
	return reason_buf;
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
	return ECFI_DISPATCH_NAME(ECFI_NAMED_FAMILY, flags);
}

uint32_t ecf_cpu_detected(void) { return cpu_detected; }
uint32_t ecf_cpu_allowed(void) { return cpu_allowed; }
const char *ecf_kernel_name(void) { return ecfi_kernel_name_of(ecfi_cpu_flags); }
const char *ecf_kernel_reason(void) { return kernel_reason; }
