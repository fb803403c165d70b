/*
 * Constant-time check of GF(2^255 - 19), run under valgrind (memcheck) by
 * meson test: every operation's secret inputs are marked undefined, so a
 * branch or a memory index that depends on them is reported as a use of
 * uninitialised data and the run fails (--error-exitcode). Results are marked
 * defined again before the test looks at them. Every kernel tier is covered.
 * Outside valgrind the marks are no-ops and this only runs the calls.
 */
#include <string.h>

#include "ecfield/p25519.h"

#include "common/testutil.h"
#include "dispatch/cpu.h"

#if defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED(p, n)
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED(p, n)
#endif
#endif
#ifndef SECRET
#define SECRET(p, n) ((void)(p), (void)(n))
#define PUBLIC(p, n) ((void)(p), (void)(n))
#endif

typedef ecf_p25519_fe fe;

static void test_ct(void **s)
{
	(void)s;
	uint32_t flags[4];
	const char *names[4];
	size_t tiers = test_kernel_tiers(flags, names);
	long calls = 0;
	for (size_t k = 0; k < tiers; k++) {
		test_use_tier(flags[k]);
		test_rng rng;
		test_rng_init(&rng, 0xc7 + k);
		for (int i = 0; i < 8; i++) {
			fe a, b, r, t;
			uint8_t bytes[64];
			int cond = i & 1, ret[8];
			test_rand_limbs(&rng, a.limb, 4, i & 2);
			test_rand_limbs(&rng, b.limb, 4, i & 4);
			if (i == 0)
				ecf_p25519_zero(&a); /* zero and p are the special values */
			if (i == 1)
				b.limb[0] = 0xffffffffffffffed, b.limb[1] = b.limb[2] = ~(uint64_t)0,
				b.limb[3] = ~(uint64_t)0 >> 1;
			for (int j = 0; j < 8; j++)
				bytes[j] = (uint8_t)test_rng_next(&rng), bytes[j + 8] = bytes[j] ^ 0x5a;
			memcpy(bytes + 16, &a, 32);
			memcpy(bytes + 48, &b, 16);
			SECRET(&a, sizeof a);
			SECRET(&b, sizeof b);
			SECRET(&cond, sizeof cond);
			SECRET(bytes, sizeof bytes);
			ecf_p25519_add(&r, &a, &b);
			ecf_p25519_sub(&r, &r, &b);
			ecf_p25519_neg(&r, &r);
			ecf_p25519_mul(&r, &r, &b);
			ecf_p25519_sqr(&r, &r);
			ecf_p25519_mul_small(&r, &r, 121666);
			ecf_p25519_reduce(&t, &r);
			ecf_p25519_inv(&t, &a);
			ecf_p25519_pow22523(&t, &t);
			ret[0] = ecf_p25519_sqrt_ratio(&t, &a, &b);
			ret[1] = ecf_p25519_equal(&a, &b);
			ret[2] = ecf_p25519_is_zero(&a);
			ret[3] = ecf_p25519_is_negative(&b);
			ecf_p25519_abs(&t, &t);
			ecf_p25519_select(&t, &a, &t, cond);
			ecf_p25519_cmov(&t, &b, cond);
			ecf_p25519_cswap(&t, &r, cond);
			ecf_p25519_cneg(&t, cond);
			ecf_p25519_to_bytes(bytes, &t);
			ret[4] = ecf_p25519_from_bytes(&r, bytes + 16, 32);
			ret[5] =
			    ecf_p25519_from_bytes_strict(&r, bytes + 16, 32); /* the status is public by contract */
			ret[6] = ecf_p25519_from_wide_bytes(&t, bytes, 64);
			PUBLIC(ret, sizeof ret);
			PUBLIC(&r, sizeof r);
			PUBLIC(&t, sizeof t);
			test_expect(ret[4] == ECF_OK && ret[6] == ECF_OK, "decoder status");
			calls += 24;
		}
	}
	fprintf(stderr, "# %ld calls with secret inputs\n", calls);
	test_use_tier(ecfi_cpu_supported_kernels());
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_ct)};
	return cmocka_run_group_tests_name("p25519_ct", tests, NULL, NULL);
}
