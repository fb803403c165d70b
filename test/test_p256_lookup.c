/*
 * The constant-time table scans of the P-256 scalar multiplications
 * (lib/curves/p256/lookup.h): ecfi_p256_lookup_affine (8-word entries, the
 * fixed-base windows) and ecfi_p256_lookup_jac (12-word entries, the variable
 * base), on the SSE2 tier (flag word 0) and the AVX2 tier
 * (ECFI_KERNEL_AVX2, alone and with the CPU's other kernels), against a plain
 * C selection and a GMP negation mod p:
 *   - every index d = 0 .. n + 2 (0 and d > n give zeros), both signs, for
 *     n = 64 and 16 (the sizes the scalar multiplications use) and a few
 *     other n (1, 2, 3, 5, 33, 65);
 *   - entries random below p, with y = 0 and y = p - 1 in some of them
 *     (-0 = 0), the table unaligned (8 bytes off a 32-byte boundary);
 *   - canary words on both sides of r and an unchanged table;
 * the AVX2 kernels alone (no negation) on d up to 2^64 - 1; and which scan
 * each flag word selects (the library branches on the word; the test hooks
 * of the same code, testhooks/p256_hooks.h, count the scans run), for fixed
 * words and the word of every tier set with ecfi_cpu_set_kernels.
 * On a CPU without AVX2 (or a build without the x86-64 kernels) the AVX2
 * cases are reported skipped (cmocka SKIP). Fixed seed (ECF_TEST_SEED),
 * printed with every failure.
 */
#include <string.h>

#include "curves/p256/lookup.h"
#include "dispatch/cpu.h"
#include "moduli.h" /* P256_HEX, generated */
#include "testhooks/p256_hooks.h"
#include "testutil.h"

#define MAXN 65
#define CANARY 0xa5a5a5a5a5a5a5a5ull

static mpz_t P;

static int have_avx2(void)
{
#if ECFI_X86_64_KERNELS
	return (ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX2) != 0;
#else
	return 0;
#endif
}

/* A table of n entries of nw words (coordinates below p), one word past a
 * 32-byte boundary. */
static uint64_t table_buf[MAXN * 12 + 8] __attribute__((aligned(32)));

static uint64_t *fill_table(test_rng *rng, size_t n, size_t nw)
{
	uint64_t *t = table_buf + 1;
	for (size_t j = 0; j < n; j++)
		for (size_t c = 0; c < nw / 4; c++)
			test_rand_below(rng, t + j * nw + 4 * c, P, 4, (int)(j & 1));
	/* y = 0 in the first entry, y = p - 1 in the last */
	memset(t + 4, 0, 32);
	mpz_t z;
	mpz_init(z);
	mpz_sub_ui(z, P, 1);
	test_mpz_to_limbs(t + (n - 1) * nw + 4, 4, z);
	mpz_clear(z);
	return t;
}

/* The reference: r = table[d - 1] (zeros for d = 0 or d > n), y negated mod p if neg. */
static void reference(uint64_t *r, const uint64_t *t, size_t n, size_t nw, uint64_t d, int neg)
{
	memset(r, 0, nw * 8);
	if (d >= 1 && d <= n)
		memcpy(r, t + (d - 1) * nw, nw * 8);
	if (neg) {
		mpz_t y;
		mpz_init(y);
		test_limbs_to_mpz(y, r + 4, 4);
		mpz_neg(y, y);
		mpz_mod(y, y, P);
		test_mpz_to_limbs(r + 4, 4, y);
		mpz_clear(y);
	}
}

static void check_lookup(size_t nw, uint32_t flags, const char *tier)
{
	static const size_t sizes[] = {64, 16, 1, 2, 3, 5, 33, 65};
	test_rng rng;
	test_rng_init(&rng, 0x6c6f6f6b7570ull + nw);
	for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
		size_t n = sizes[si];
		for (int round = 0; round < 2; round++) {
			uint64_t *t = fill_table(&rng, n, nw);
			uint64_t copy[MAXN * 12];
			memcpy(copy, t, n * nw * 8);
			for (uint64_t d = 0; d <= n + 2; d++)
				for (int neg = 0; neg < 2; neg++) {
					uint64_t got[12 + 2], want[12];
					for (size_t k = 0; k < nw + 2; k++)
						got[k] = CANARY;
					if (nw == 8)
						ecfi_p256_lookup_affine(got + 1, t, n, d, neg ? ~(uint64_t)0 : 0,
						                        flags);
					else
						ecfi_p256_lookup_jac(got + 1, t, n, d, neg ? ~(uint64_t)0 : 0, flags);
					reference(want, t, n, nw, d, neg);
					test_expect_limbs(got + 1, want, nw,
					                  "%s lookup%zu n=%zu d=%llu neg=%d round %d", tier, nw, n,
					                  (unsigned long long)d, neg, round);
					test_expect(got[0] == CANARY && got[nw + 1] == CANARY,
					            "%s lookup%zu n=%zu d=%llu: wrote outside r", tier, nw, n,
					            (unsigned long long)d);
				}
			test_expect(memcmp(copy, t, n * nw * 8) == 0, "%s lookup%zu n=%zu: table changed", tier, nw, n);
		}
	}
}

static void test_sse2(void **s)
{
	(void)s;
	check_lookup(8, 0, "sse2");
	check_lookup(12, 0, "sse2");
	/* with MULX/ADX, AVX2 cleared: the flag picks the scan, nothing else does */
	uint32_t f = ecfi_cpu_supported_kernels() & ~ECFI_KERNEL_AVX2;
	check_lookup(8, f, "sse2+others");
	check_lookup(12, f, "sse2+others");
}

static void test_avx2(void **s)
{
	(void)s;
	if (!have_avx2()) {
		fprintf(stderr, "# no AVX2 on this CPU (or no x86-64 kernels in this build): AVX2 scan skipped\n");
		skip();
	}
	check_lookup(8, ECFI_KERNEL_AVX2, "avx2");
	check_lookup(12, ECFI_KERNEL_AVX2, "avx2");
	check_lookup(8, ecfi_cpu_supported_kernels(), "avx2+others");
	check_lookup(12, ecfi_cpu_supported_kernels(), "avx2+others");
}

/* The flag word picks the scan: AVX2 exactly when it has ECFI_KERNEL_AVX2 (and
 * the build has the x86-64 kernels). The results are the same bits either
 * way, so only the hooks' counts see the choice; the library's lookups must
 * give the hooks' bits. The words: fixed ones, and the flag word of each tier
 * the tests run (ecfi_cpu_set_kernels), which the scalar multiplications read. */
static void test_scan_choice(void **s)
{
	(void)s;
	uint32_t sup = ecfi_cpu_supported_kernels();
	uint32_t words[6 + 4] = {0,   ECFI_KERNEL_MULX_ADX,   ECFI_KERNEL_SHA_NI, ECFI_KERNEL_AVX2,
	                         sup, sup & ~ECFI_KERNEL_AVX2};
	size_t nwords = 6;
	for (size_t t = 0; t < test_tier_count() && nwords < sizeof words / sizeof words[0]; t++) {
		test_tier_select(t);
		words[nwords++] = ecfi_cpu_flags;
	}
	test_tier_restore();
	test_rng rng;
	test_rng_init(&rng, 0x63686f696365ull);
	for (size_t i = 0; i < nwords; i++) {
		uint32_t f = words[i] & sup; /* runs the scan: only what the CPU has */
		int avx2 = ECFI_X86_64_KERNELS && (f & ECFI_KERNEL_AVX2) != 0;
		for (size_t nw = 8; nw <= 12; nw += 4) {
			uint64_t *t = fill_table(&rng, 16, nw);
			uint64_t got[12], lib[12], want[12];
			uint64_t d = 1 + i % 16;
			memset(ecfi_test_p256_scans, 0, sizeof ecfi_test_p256_scans);
			if (nw == 8) {
				ecfi_test_p256_lookup_affine(got, t, 16, d, ~(uint64_t)0, f);
				ecfi_p256_lookup_affine(lib, t, 16, d, ~(uint64_t)0, f);
			} else {
				ecfi_test_p256_lookup_jac(got, t, 16, d, ~(uint64_t)0, f);
				ecfi_p256_lookup_jac(lib, t, 16, d, ~(uint64_t)0, f);
			}
			reference(want, t, 16, nw, d, 1);
			test_expect_limbs(got, want, nw, "flags 0x%x: hook lookup%zu", f, nw);
			test_expect_limbs(lib, want, nw, "flags 0x%x: lookup%zu", f, nw);
			test_expect(ecfi_test_p256_scans[1] == (unsigned long)avx2 &&
			                ecfi_test_p256_scans[0] == (unsigned long)!avx2,
			            "flags 0x%x, lookup%zu: scans run SSE2 %lu, AVX2 %lu; expected the %s one", f, nw,
			            ecfi_test_p256_scans[0], ecfi_test_p256_scans[1], avx2 ? "AVX2" : "SSE2");
		}
	}
}

/* The kernels alone: no negation, any d (the 64-bit compare: d > n, even
 * with low 32 bits in range, gives zeros). */
static void test_avx2_kernels(void **s)
{
	(void)s;
	if (!have_avx2()) {
		fprintf(stderr, "# no AVX2 on this CPU (or no x86-64 kernels in this build): AVX2 kernels skipped\n");
		skip();
	}
#if ECFI_X86_64_KERNELS
	test_rng rng;
	test_rng_init(&rng, 0x6b65726e656c73ull);
	static const uint64_t big[] = {(1ull << 32) + 1, (1ull << 32) + 64, 1ull << 63, ~0ull, ~0ull - 63};
	for (int nw = 8; nw <= 12; nw += 4) {
		uint64_t *t = fill_table(&rng, 64, (size_t)nw);
		for (size_t i = 0; i < 64 + 2 + sizeof big / sizeof big[0]; i++) {
			uint64_t d = i < 66 ? i : big[i - 66];
			uint64_t got[12], want[12];
			memset(got, 0x5a, sizeof got);
			if (nw == 8)
				ecfk_p256_lookup8_avx2(got, t, 64, d);
			else
				ecfk_p256_lookup12_avx2(got, t, 64, d);
			reference(want, t, 64, (size_t)nw, d, 0);
			test_expect_limbs(got, want, (size_t)nw, "ecfk lookup%d d=0x%llx", nw, (unsigned long long)d);
		}
	}
#endif
}

int main(void)
{
	mpz_init(P);
	test_mpz_set_hex(P, P256_HEX);
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sse2),
	    cmocka_unit_test(test_avx2),
	    cmocka_unit_test(test_avx2_kernels),
	    cmocka_unit_test(test_scan_choice),
	};
	int rc = cmocka_run_group_tests_name("p256_lookup", tests, NULL, NULL);
	mpz_clear(P);
	return rc;
}
