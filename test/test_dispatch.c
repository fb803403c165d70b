/*
 * The load-time probe: the report agrees with the flag, the version agrees
 * with the header, and ECFIELD_DISABLE (set by meson test through
 * ECF_EXPECT_DISABLE) can only clear features and never trips on junk.
 */
#include <stdlib.h>
#include <string.h>

#include "common/testutil.h"
#include "dispatch/cpu.h"
#include "ecfield/ecfield.h"
#include "hash/sha2.h"
static void test_report(void **s)
{
	(void)s;
	uint32_t det = ecf_cpu_detected(), allowed = ecf_cpu_allowed();
	const char *expect = getenv("ECF_EXPECT_DISABLE");
	fprintf(stderr, "# detected 0x%x allowed 0x%x kernel %s: %s\n", det, allowed, ecf_kernel_name(),
	        ecf_kernel_reason());
	test_expect((allowed & ~det) == 0, "allowed has a feature that was not detected");
	test_expect(strcmp(ecf_kernel_name(), ecfi_kernel_name_of(ecfi_cpu_flags)) == 0, "kernel name vs flag");
	test_expect(ecf_kernel_reason() != NULL && strlen(ecf_kernel_reason()) > 10, "no reason given");
	int both = (allowed & ECF_CPU_X86_BMI2) && (allowed & ECF_CPU_X86_ADX);
	test_expect(ECFI_TIER_ON(ecfi_cpu_flags, MULX_ADX) == (both && ECFI_X86_64_KERNELS),
	            "MULX/ADX kernel flag must be set exactly when BMI2 and ADX are both allowed");
	int sha = (allowed & ECF_CPU_X86_SHA) && (allowed & ECF_CPU_X86_SSSE3) && (allowed & ECF_CPU_X86_SSE4_1);
	test_expect(ECFI_TIER_ON(ecfi_cpu_flags, SHA_NI) == (sha && ECFI_X86_64_KERNELS),
	            "SHA-NI kernel flag must be set exactly when SHA, SSSE3 and SSE4.1 are all allowed");
	/* The Armv8 hash tiers: each set exactly when ASIMD and its extension are
	 * allowed (and the aarch64 kernels built). */
	int a64 = ECFI_AARCH64_KERNELS && (allowed & ECF_CPU_ARM_ASIMD);
	int a64_sha2 = a64 && (allowed & ECF_CPU_ARM_SHA2), a64_sha512 = a64 && (allowed & ECF_CPU_ARM_SHA512),
	    a64_sha3 = a64 && (allowed & ECF_CPU_ARM_SHA3);
	test_expect(ECFI_TIER_ON(ecfi_cpu_flags, ARMV8_SHA2) == a64_sha2, "armv8_sha2 tier vs ASIMD and SHA2 allowed");
	test_expect(ECFI_TIER_ON(ecfi_cpu_flags, ARMV8_SHA512) == a64_sha512,
	            "armv8_sha512 tier vs ASIMD and SHA512 allowed");
	test_expect(ECFI_TIER_ON(ecfi_cpu_flags, ARMV8_SHA3) == a64_sha3, "armv8_sha3 tier vs ASIMD and SHA3 allowed");
	test_expect(strcmp(ecfi_sha256_kernel_name_of(ecfi_cpu_flags), sha && ECFI_X86_64_KERNELS ? "sha_ni"
	                                                               : a64_sha2                 ? "armv8_sha2"
	                                                                                          : "portable") == 0,
	            "SHA-256 kernel name");
	test_expect(strcmp(ecfi_sha512_kernel_name_of(ecfi_cpu_flags), a64_sha512 ? "armv8_sha512" : "portable") == 0,
	            "SHA-512 kernel name");
	/* No test may pass by testing nothing: where CPUID (read here, not by the
	 * probe) has SHA, SSSE3 and SSE4.1, the probe must detect them. */
	test_expect(!test_host_has_sha_ni() || (det & (ECF_CPU_X86_SHA | ECF_CPU_X86_SSSE3 | ECF_CPU_X86_SSE4_1)) ==
	                                           (ECF_CPU_X86_SHA | ECF_CPU_X86_SSSE3 | ECF_CPU_X86_SSE4_1),
	            "CPUID has SHA, SSSE3 and SSE4.1 but the probe did not detect them");
	int avx2 = (allowed & ECF_CPU_X86_AVX2) != 0;
	test_expect(ECFI_TIER_ON(ecfi_cpu_flags, AVX2) == (avx2 && ECFI_X86_64_KERNELS),
	            "AVX2 scan flag must be set exactly when AVX2 is allowed");
	/* As for SHA: where CPUID and XCR0 say AVX2 is usable, the probe must detect it. */
	test_expect(!test_host_has_avx2() || (det & ECF_CPU_X86_AVX2),
	            "CPUID has AVX2 but the probe did not detect it");
	test_expect(test_host_has_avx2() || !(det & ECF_CPU_X86_AVX2), "the probe claims AVX2 that CPUID/XCR0 deny");
	int asimd = (allowed & ECF_CPU_ARM_ASIMD) != 0;
	test_expect(ECFI_TIER_ON(ecfi_cpu_flags, AARCH64) == (asimd && ECFI_AARCH64_KERNELS),
	            "aarch64 kernel flag must be set exactly when ASIMD is allowed");
	/* The probe (cpu_features) against the kernel's HWCAP word, read here with
	 * getauxval: ASIMD is HWCAP bit 1, PMULL bit 4 (0 off aarch64 Linux). */
	unsigned long hwcap = test_host_hwcap();
	test_expect(!!(det & ECF_CPU_ARM_ASIMD) == (int)((hwcap >> 1) & 1), "probe ASIMD %d, HWCAP ASIMD %d",
	            !!(det & ECF_CPU_ARM_ASIMD), (int)((hwcap >> 1) & 1));
	test_expect(!!(det & ECF_CPU_ARM_PMULL) == (int)((hwcap >> 4) & 1), "probe PMULL %d, HWCAP PMULL %d",
	            !!(det & ECF_CPU_ARM_PMULL), (int)((hwcap >> 4) & 1));
#if defined(__aarch64__) && defined(__linux__)
	fprintf(stderr, "# HWCAP 0x%lx (getauxval)\n", hwcap);
#endif
	/* AVX-512 IFMA: CPUID and XCR0 (opmask, zmm) read here with xgetbv. */
	const uint32_t ifma_caps = ECF_CPU_X86_AVX512F | ECF_CPU_X86_AVX512IFMA | ECF_CPU_X86_AVX512VL;
	test_expect(ECFI_TIER_ON(ecfi_cpu_flags, AVX512_IFMA) ==
	                ((allowed & ifma_caps) == ifma_caps && ECFI_X86_64_KERNELS),
	            "AVX-512 IFMA tier must be set exactly when AVX512F, IFMA and VL are allowed");
	test_expect(!test_host_has_avx512ifma() || (det & ifma_caps) == ifma_caps,
	            "CPUID and XCR0 have AVX512F, IFMA and VL but the probe did not detect them");
	test_expect(test_host_has_avx512ifma() || (det & ifma_caps) != ifma_caps,
	            "the probe claims AVX-512 IFMA that CPUID/XCR0 deny");
	if (expect && strcmp(expect, "portable") == 0) {
		test_expect(strcmp(ecf_kernel_name(), "portable") == 0,
		            "ECFIELD_DISABLE=mulx_adx,aarch64 did not force portable");
		test_expect((allowed & (ECF_CPU_X86_BMI2 | ECF_CPU_X86_ADX | ECF_CPU_ARM_ASIMD)) == 0,
		            "bmi2/adx/asimd still allowed");
		test_expect(strstr(ecf_kernel_reason(), "portable") != NULL, "reason does not say portable");
	} else if (expect && strcmp(expect, "all") == 0) {
		test_expect(allowed == 0, "ECFIELD_DISABLE=all left features allowed");
	} else if (getenv("ECF_EXPECT_CLEARED") == NULL) {
		/* No variable, or junk: allowed == detected. */
		test_expect(allowed == det, "junk in ECFIELD_DISABLE changed the allowed features");
	}
	/* ECF_EXPECT_CLEARED (set by meson test beside ECFIELD_DISABLE): the feature
	 * names, comma-separated, that the value must clear, and nothing else ("-"
	 * for none). The names are mapped to bits here, independently of cpu.c. */
	const char *cleared = getenv("ECF_EXPECT_CLEARED");
	if (cleared) {
		uint32_t want = 0;
		char buf[128];
		snprintf(buf, sizeof buf, "%s", cleared);
		for (char *w = strtok(buf, ","); w; w = strtok(NULL, ",")) {
			if (strcmp(w, "bmi2") == 0)
				want |= 1u << 0;
			else if (strcmp(w, "adx") == 0)
				want |= 1u << 1;
			else if (strcmp(w, "sha") == 0)
				want |= 1u << 2;
			else if (strcmp(w, "ssse3") == 0)
				want |= 1u << 3;
			else if (strcmp(w, "sse4_1") == 0)
				want |= 1u << 4;
			else if (strcmp(w, "avx2") == 0)
				want |= 1u << 5;
			else if (strcmp(w, "avx512f") == 0)
				want |= 1u << 6;
			else if (strcmp(w, "avx512ifma") == 0)
				want |= 1u << 7;
			else if (strcmp(w, "avx512vl") == 0)
				want |= 1u << 10;
			else if (strcmp(w, "asimd") == 0)
				want |= 1u << 8;
			else if (strcmp(w, "pmull") == 0)
				want |= 1u << 9;
			else if (strcmp(w, "sha2") == 0)
				want |= 1u << 11;
			else if (strcmp(w, "sha512") == 0)
				want |= 1u << 12;
			else if (strcmp(w, "sha3") == 0)
				want |= 1u << 13;
			else if (strcmp(w, "all") == 0)
				want = ~0u;
			else
				test_expect(strcmp(w, "-") == 0, "bad ECF_EXPECT_CLEARED word %s", w);
		}
		const char *v = getenv("ECFIELD_DISABLE");
		fprintf(stderr, "# ECFIELD_DISABLE (%zu chars) must clear %s: detected 0x%x, allowed 0x%x\n",
		        v ? strlen(v) : 0, cleared, det, allowed);
		test_expect(allowed == (det & ~want), "ECFIELD_DISABLE: allowed 0x%x, expected 0x%x", allowed,
		            det & ~want);
		if (want & ((1u << 0) | (1u << 1)))
			test_expect(strcmp(ecf_kernel_name(), "mulx_adx") != 0 &&
			                !ECFI_TIER_ON(ecfi_cpu_flags, MULX_ADX),
			            "BMI2 or ADX disabled, kernel %s", ecf_kernel_name());
		if (want & (1u << 2))
			test_expect(!ECFI_TIER_ON(ecfi_cpu_flags, SHA_NI),
			            "SHA disabled, SHA-NI kernel still selected");
		if (want & (1u << 5))
			test_expect(!ECFI_TIER_ON(ecfi_cpu_flags, AVX2), "AVX2 disabled, AVX2 scan still selected");
		if (want & (1u << 8))
			test_expect(strcmp(ecf_kernel_name(), "aarch64") != 0 && !ECFI_TIER_ON(ecfi_cpu_flags, AARCH64),
			            "ASIMD disabled, kernel %s", ecf_kernel_name());
		if (want & ((1u << 6) | (1u << 7) | (1u << 10)))
			test_expect(!ECFI_TIER_ON(ecfi_cpu_flags, AVX512_IFMA),
			            "AVX-512 disabled, IFMA tier still selected");
	}
	/* Set by .ci/cpu-models (and .ci/jobs/cross.sh) when the suite runs under
	 * an emulated CPU model: the kernel the probe must choose, and words its
	 * reason must contain, where ECFIELD_DISABLE does not take features away
	 * (the dispatch_env and dispatch_disable tests set it and check the rest). */
	const char *want_kernel = getenv("ECF_EXPECT_KERNEL"), *want_reason = getenv("ECF_EXPECT_REASON");
	if (getenv("ECFIELD_DISABLE"))
		want_kernel = want_reason = NULL;
	if (want_kernel && *want_kernel)
		test_expect(strcmp(ecf_kernel_name(), want_kernel) == 0, "kernel %s, expected %s", ecf_kernel_name(),
		            want_kernel);
	if (want_reason && *want_reason)
		test_expect(strstr(ecf_kernel_reason(), want_reason) != NULL, "reason '%s' does not say '%s'",
		            ecf_kernel_reason(), want_reason);
	test_expect(strcmp(ecf_version(), ECF_VERSION_STRING) == 0, "version string");
	test_expect(ecf_version_number() ==
	                (uint32_t)(ECF_VERSION_MAJOR << 16 | ECF_VERSION_MINOR << 8 | ECF_VERSION_PATCH),
	            "version number");
	test_expect(strcmp(ecf_status_string(ECF_ERR_RANGE), "unknown status") != 0, "status strings");
	test_expect(strcmp(ecf_status_string(12345), "unknown status") == 0, "unknown status string");
}

/* The test hook can only lower the tier to what the CPU supports. */
static void test_set_kernels(void **s)
{
	(void)s;
	uint32_t sup = ecfi_cpu_supported_kernels();
	uint32_t old = ecfi_cpu_set_kernels(~0u);
	test_expect(ecfi_cpu_flags == sup, "set_kernels(all) != supported");
	ecfi_cpu_set_kernels(0);
	test_expect(strcmp(ecf_kernel_name(), "portable") == 0, "set_kernels(0) is not portable");
	test_expect(strcmp(ecfi_sha256_kernel_name_of(ecfi_cpu_flags), "portable") == 0,
	            "set_kernels(0) left the SHA-NI kernel on");
	ecfi_cpu_set_kernels(ECFI_KERNEL_SHA_NI);
	test_expect(ecfi_cpu_flags == (sup & ECFI_KERNEL_SHA_NI), "set_kernels(SHA-NI) != supported SHA-NI");
	ecfi_cpu_set_kernels(ECFI_KERNEL_AVX2);
	test_expect(ecfi_cpu_flags == (sup & ECFI_KERNEL_AVX2), "set_kernels(AVX2) != supported AVX2");
	test_expect(!test_host_has_avx2() || !ECFI_X86_64_KERNELS || (sup & ECFI_KERNEL_AVX2),
	            "CPUID has AVX2 but the probe offers no AVX2 scan");
	ecfi_cpu_set_kernels(old);
}

/* The tier table (lib/dispatch/tiers.h) as this test expects it, written apart
 * from it: the tier each family runs on under fixed flag words (portable
 * where the build has no x86-64 kernels). A family that loses a tier, gains
 * the wrong one or prefers another fails here. */
#define EXPECT_TIER(family, word, name)                                                                                \
	test_expect(strcmp(ECFI_DISPATCH_NAME(family, (uint32_t)(word)), ECFI_X86_64_KERNELS ? (name) : "portable") == \
	                0,                                                                                             \
	            "family %s under 0x%x runs on %s, expected %s", #family, (unsigned)(word),                         \
	            ECFI_DISPATCH_NAME(family, (uint32_t)(word)), (name))
/* The same for the aarch64 tier (portable where the build has no aarch64
 * kernels). */
#define EXPECT_TIER_A64(family, word, name)                                                                            \
	test_expect(                                                                                                   \
	    strcmp(ECFI_DISPATCH_NAME(family, (uint32_t)(word)), ECFI_AARCH64_KERNELS ? (name) : "portable") == 0,     \
	    "family %s under 0x%x runs on %s, expected %s", #family, (unsigned)(word),                                 \
	    ECFI_DISPATCH_NAME(family, (uint32_t)(word)), (name))
static void test_table(void **s)
{
	(void)s;
	const uint32_t mulx = ECFI_KERNEL_MULX_ADX, sha = ECFI_KERNEL_SHA_NI, avx2 = ECFI_KERNEL_AVX2;
	const uint32_t a64 = ECFI_KERNEL_AARCH64;
	EXPECT_TIER_A64(p256, a64, "aarch64");
	EXPECT_TIER_A64(p256n, a64, "aarch64");
	EXPECT_TIER_A64(p25519, a64, "aarch64");
	EXPECT_TIER_A64(p434, a64, "aarch64");
	EXPECT_TIER_A64(p503, a64, "aarch64");
	EXPECT_TIER_A64(p610, a64, "aarch64");
	EXPECT_TIER_A64(p751, a64, "aarch64");
	EXPECT_TIER_A64(sc25519, a64, "portable");
	EXPECT_TIER_A64(p256_point, a64, "portable");
	EXPECT_TIER_A64(x25519_ladder, a64, "portable");
	EXPECT_TIER(p256, 0, "portable");
	EXPECT_TIER(p256, mulx, "mulx_adx");
	EXPECT_TIER(p256, sha | avx2, "portable");
	EXPECT_TIER(p256n, mulx, "mulx_adx");
	EXPECT_TIER(sc25519, ~0u, "portable");
	EXPECT_TIER(p25519, mulx, "mulx_adx");
	EXPECT_TIER(p434, mulx, "mulx_adx");
	EXPECT_TIER(p503, mulx, "mulx_adx");
	EXPECT_TIER(p610, mulx, "mulx_adx");
	EXPECT_TIER(p751, mulx, "mulx_adx");
	EXPECT_TIER(p256_point, mulx, "mulx_adx");
	EXPECT_TIER(p256_point, sha | avx2, "portable");
	EXPECT_TIER(p256_scan, avx2, "avx2");
	EXPECT_TIER(p256_scan, mulx | sha, "portable");
	EXPECT_TIER(p256_madd_scan, mulx | avx2, "mulx_adx_avx2");
	EXPECT_TIER(p256_madd_scan, mulx | sha, "portable");
	EXPECT_TIER(p256_madd_scan, avx2 | sha, "portable");
	EXPECT_TIER(ed25519_point, mulx, "mulx_adx");
	EXPECT_TIER(x25519_ladder, mulx, "mulx_adx");
	EXPECT_TIER(sha256, sha, "sha_ni");
	EXPECT_TIER(sha256, mulx | avx2, "portable");
	EXPECT_TIER(p256_batch, ECFI_KERNEL_AVX512_IFMA, "avx512_ifma");
	EXPECT_TIER(p256_batch, mulx | sha | avx2, "portable");
	EXPECT_TIER(x25519_batch, ECFI_KERNEL_AVX512_IFMA, "avx512_ifma");
	EXPECT_TIER(x25519_batch, mulx | sha | avx2, "portable");
	EXPECT_TIER(ed25519_batch, ECFI_KERNEL_AVX512_IFMA, "avx512_ifma");
	EXPECT_TIER(ed25519_batch, mulx | sha | avx2, "portable");
	/* The field tiers that tests step through: MULX/ADX and aarch64, never SHA-NI or AVX2. */
	test_expect((ECFI_FIELD_TIERS & mulx) != 0 && (ECFI_FIELD_TIERS & a64) != 0 &&
	                (ECFI_FIELD_TIERS & (sha | avx2)) == 0,
	            "ECFI_FIELD_TIERS 0x%x", (unsigned)ECFI_FIELD_TIERS);
	/* ecf_kernel_name() names the multiplication tier the probe allowed. */
	uint32_t allowed = ecf_cpu_allowed();
	int both = (allowed & ECF_CPU_X86_BMI2) && (allowed & ECF_CPU_X86_ADX);
	int asimd = (allowed & ECF_CPU_ARM_ASIMD) != 0;
	const char *want = both && ECFI_X86_64_KERNELS     ? "mulx_adx"
	                   : asimd && ECFI_AARCH64_KERNELS ? "aarch64"
	                                                   : "portable";
	test_expect(strcmp(ecf_kernel_name(), want) == 0, "ecf_kernel_name() %s, expected %s", ecf_kernel_name(), want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_report), cmocka_unit_test(test_set_kernels),
	                                   cmocka_unit_test(test_table)};
	return cmocka_run_group_tests_name("dispatch", tests, NULL, NULL);
}
