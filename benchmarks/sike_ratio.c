/*
 * ecfield-sike-ratio: SIDH/SIKE operations (broken since 2022: research and
 * benchmark code) as multiples of fp2_mul of the same prime and tier,
 * measured interleaved in one process in thread CPU time (so that a
 * preemption on a loaded machine does not count, unlike ecfield-bench's
 * wall-clock rows, which drop such rounds: on a busy machine every
 * millisecond-long round is dropped). Each round: a chain of 4,000
 * ecfi_<prime>_fp2_mul, then one call of each operation; medians of 31
 * rounds after 3 warm-up rounds.
 *
 *   ecfield-sike-ratio [portable|mulx_adx] [p434|p503|p610|p751]
 *
 * The bar: sidh_public_key_a <= 12,500 x fp2_mul on p503 (PQCrypto-SIDH
 * v3.5 is about 13,500 of its own Fp2 multiplications). docs/sike.md.
 */
#define _GNU_SOURCE 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dispatch/cpu.h"
#include "ecfield/ecfield.h"
#include "ecfield/sike.h"
#include "fields/sidh_internal.h"

#define ROUNDS 31
#define WARM 3
#define NOPS 8

static double cpu_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

static const char *const OPS[NOPS] = {"fp2_mul",       "sidh_public_key_a", "sidh_public_key_b", "sidh_shared_a",
                                      "sidh_shared_b", "sike_keypair",      "sike_encaps",       "sike_decaps"};

static void report(const char *field, const char *tier, double t[NOPS][ROUNDS])
{
	double med[NOPS];
	for (int k = 0; k < NOPS; k++) {
		qsort(t[k], ROUNDS, sizeof(double), cmp_double);
		med[k] = t[k][ROUNDS / 2];
	}
	for (int k = 0; k < NOPS; k++)
		printf("%-5s %-9s %-14s %13.1f ns (min %13.1f) %9.0f x fp2_mul\n", field, tier, OPS[k], med[k], t[k][0],
		       med[k] / med[0]);
	fflush(stdout);
}

#define TIME(k, call)                                                                                                  \
	do {                                                                                                           \
		double t0_ = cpu_ns();                                                                                 \
		call;                                                                                                  \
		double t1_ = cpu_ns();                                                                                 \
		if (r >= WARM)                                                                                         \
			t[k][r - WARM] = t1_ - t0_;                                                                    \
	} while (0)

#define RATIO(F, U)                                                                                                    \
	static void ratio_##F(const char *tier)                                                                        \
	{                                                                                                              \
		static uint8_t ska[ECF_##U##_SIDH_SK_A_BYTES] = {1, 2, 3}, skb[ECF_##U##_SIDH_SK_B_BYTES] = {4, 5, 6}; \
		static uint8_t pka[ECF_##U##_SIDH_PK_BYTES], pkb[ECF_##U##_SIDH_PK_BYTES],                             \
		    ss[ECF_##U##_SIDH_SS_BYTES];                                                                       \
		static uint8_t rnd[ECF_##U##_SIKE_KEYGEN_RANDOM_BYTES] = {9}, m[ECF_##U##_SIKE_MSG_BYTES] = {7};       \
		static uint8_t pk[ECF_##U##_SIKE_PK_BYTES], sk[ECF_##U##_SIKE_SK_BYTES], ct[ECF_##U##_SIKE_CT_BYTES];  \
		static uint8_t kss[ECF_##U##_SIKE_SS_BYTES];                                                           \
		static double t[NOPS][ROUNDS];                                                                         \
		ecf_##F##_fp2 a, b;                                                                                    \
		ecfi_##F##_fp2_one(&a);                                                                                \
		ecfi_##F##_fp2_add(&b, &a, &a);                                                                        \
		ecf_##F##_sidh_public_key_a(pka, ska);                                                                 \
		ecf_##F##_sidh_public_key_b(pkb, skb);                                                                 \
		ecf_##F##_sike_keypair(pk, sk, rnd);                                                                   \
		ecf_##F##_sike_encaps(ct, kss, pk, sizeof pk, m);                                                      \
		for (int r = 0; r < ROUNDS + WARM; r++) {                                                              \
			double c0 = cpu_ns();                                                                          \
			for (int i = 0; i < 2000; i++) {                                                               \
				ecfi_##F##_fp2_mul(&a, &a, &b);                                                        \
				ecfi_##F##_fp2_mul(&b, &b, &a);                                                        \
			}                                                                                              \
			double c1 = cpu_ns();                                                                          \
			if (r >= WARM)                                                                                 \
				t[0][r - WARM] = (c1 - c0) / 4000;                                                     \
			TIME(1, ecf_##F##_sidh_public_key_a(pka, ska));                                                \
			TIME(2, ecf_##F##_sidh_public_key_b(pkb, skb));                                                \
			TIME(3, ecf_##F##_sidh_shared_a(ss, ska, pkb, sizeof pkb));                                    \
			TIME(4, ecf_##F##_sidh_shared_b(ss, skb, pka, sizeof pka));                                    \
			TIME(5, ecf_##F##_sike_keypair(pk, sk, rnd));                                                  \
			TIME(6, ecf_##F##_sike_encaps(ct, kss, pk, sizeof pk, m));                                     \
			TIME(7, ecf_##F##_sike_decaps(kss, sk, ct, sizeof ct));                                        \
		}                                                                                                      \
		report(#F, tier, t);                                                                                   \
		volatile uint8_t sink = (uint8_t)(a.re.limb[0] ^ ss[0] ^ kss[0]);                                      \
		(void)sink;                                                                                            \
	}

RATIO(p434, P434)
RATIO(p503, P503)
RATIO(p610, P610)
RATIO(p751, P751)

int main(int argc, char **argv)
{
	const char *tier = argc > 1 ? argv[1] : "mulx_adx";
	const char *only = argc > 2 ? argv[2] : "";
	uint32_t want = strcmp(tier, "portable") == 0 ? 0 : ECFI_KERNEL_MULX_ADX;
	if ((ecfi_cpu_supported_kernels() & want) != want) {
		fprintf(stderr, "tier %s not supported by this CPU\n", tier);
		return 1;
	}
	ecfi_cpu_set_kernels(want);
	printf("# ecfield-sike-ratio: tier %s, thread CPU time, medians of %d interleaved rounds\n",
	       ecfi_kernel_name_of(want), ROUNDS);
	if (!*only || !strcmp(only, "p434"))
		ratio_p434(tier);
	if (!*only || !strcmp(only, "p503"))
		ratio_p503(tier);
	if (!*only || !strcmp(only, "p610"))
		ratio_p610(tier);
	if (!*only || !strcmp(only, "p751"))
		ratio_p751(tier);
	return 0;
}
