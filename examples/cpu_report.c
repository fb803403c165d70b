/*
 * Example: which kernel libecfield picked for this CPU, and why.
 *
 * The library probes the CPU once, when it is loaded, and dispatches its
 * multiplication kernels on the result. ECFIELD_DISABLE in the environment
 * can only take features away, e.g.
 *   ECFIELD_DISABLE=mulx_adx ./cpu_report
 * forces the portable C kernels (see README.md for the accepted words).
 *
 * Build against an installed libecfield:
 *   cc -o cpu_report cpu_report.c $(pkg-config --cflags --libs ecfield)
 */
#include <ecfield/ecfield.h>
#include <stdio.h>
#include <string.h>

static void print_features(const char *label, uint32_t f)
{
	static const struct {
		uint32_t bit;
		const char *name;
	} names[] = {
	    {ECF_CPU_X86_BMI2, "bmi2"},
	    {ECF_CPU_X86_ADX, "adx"},
	    {ECF_CPU_X86_SHA, "sha"},
	    {ECF_CPU_X86_SSSE3, "ssse3"},
	    {ECF_CPU_X86_SSE4_1, "sse4_1"},
	    {ECF_CPU_ARM_ASIMD, "asimd"},
	    {ECF_CPU_ARM_PMULL, "pmull"},
	    {ECF_CPU_X86_AVX2, "avx2"},
	    {ECF_CPU_ARM_SHA2, "sha2"},
	    {ECF_CPU_ARM_SHA512, "sha512"},
	    {ECF_CPU_ARM_SHA3, "sha3"},
	    {ECF_CPU_X86_AVX512F, "avx512f"},
	    {ECF_CPU_X86_AVX512IFMA, "avx512ifma"},
	    {ECF_CPU_X86_AVX512VL, "avx512vl"},
	};
	printf("%s:", label);
	int any = 0;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (f & names[i].bit) {
			printf(" %s", names[i].name);
			any = 1;
		}
	printf("%s\n", any ? "" : " (none)");
}

int main(void)
{
	/* The header's version (compile time) and the library's (run time). */
	printf("libecfield %s (built against headers %s)\n", ecf_version(), ECF_VERSION_STRING);
	if (strcmp(ecf_version(), ECF_VERSION_STRING) != 0)
		printf("warning: header and library versions differ\n");

	print_features("detected", ecf_cpu_detected());
	print_features("allowed ", ecf_cpu_allowed());
	printf("kernel  : %s\n", ecf_kernel_name());
	printf("reason  : %s\n", ecf_kernel_reason());

	/* What is allowed is always a subset of what was detected. */
	return (ecf_cpu_allowed() & ~ecf_cpu_detected()) == 0 ? 0 : 1;
}
