/*
 * The API convention shared by every field (docs/api.md), checked the same
 * way on each: select(r, a, b, cond) is cond ? a : b; lookup reads a table in
 * constant time and says ECF_ERR_INDEX past its end; set_u64(1) is one and
 * set_u64(v) is v (through from_mont, or the plain encoding); cswap may
 * alias. On every kernel tier. In a -Drange_checks=true build, an input
 * outside the documented range aborts in every field and tier (forked).
 */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ecfield/ecfield.h"

#include "common/internal.h"
#include "common/moduli.h" /* generated from lib/common/field_params.py */
#include "common/testutil.h"

#define TABLE 9

/* One block per field: F (prefix), FE (element type), PLAIN(r, a) gives the
 * plain value of a (from_mont, reduce or copy). */
#define API_TEST(F, FE, PLAIN)                                                                                         \
	static void test_api_##F(void **s)                                                                             \
	{                                                                                                              \
		(void)s;                                                                                               \
		const size_t nl = sizeof(FE) / 8;                                                                      \
		for (size_t k = 0; k < test_tier_count(); k++) {                                                       \
			test_tier_select(k);                                                                           \
			FE a, b, r, one, table[TABLE];                                                                 \
			test_rng rng;                                                                                  \
			test_rng_init(&rng, 0xa91 + k);                                                                \
			ecf_##F##_set_u64(&a, 7);                                                                      \
			ecf_##F##_set_u64(&b, 11);                                                                     \
			for (int c = -2; c <= 2; c++) {                                                                \
				ecf_##F##_select(&r, &a, &b, c);                                                       \
				test_expect(ecf_##F##_equal(&r, c ? &a : &b), #F " select(cond %d)", c);               \
			}                                                                                              \
			r = a;                                                                                         \
			ecf_##F##_select(&r, &r, &b, 0); /* r aliases a */                                             \
			test_expect(ecf_##F##_equal(&r, &b), #F " select aliased");                                    \
			/* set_u64: 1 is one; v is v in the plain domain; v + w is additive. */                        \
			ecf_##F##_one(&one);                                                                           \
			ecf_##F##_set_u64(&r, 1);                                                                      \
			test_expect(ecf_##F##_equal(&r, &one), #F " set_u64(1) != one");                               \
			for (int i = 0; i < 200; i++) {                                                                \
				uint64_t v = test_rng_next(&rng) >> (i % 64), w = test_rng_next(&rng) >> 1;            \
				FE x, y, sum, plain;                                                                   \
				if (i < 3)                                                                             \
					v = i == 2 ? ~(uint64_t)0 : (uint64_t)i;                                       \
				ecf_##F##_set_u64(&x, v);                                                              \
				PLAIN(&plain, &x);                                                                     \
				test_expect(plain.limb[0] == v, #F " set_u64(%llu) plain value",                       \
				            (unsigned long long)v);                                                    \
				for (size_t j = 1; j < nl; j++)                                                        \
					test_expect(plain.limb[j] == 0, #F " set_u64 high limb %zu", j);               \
				ecf_##F##_set_u64(&y, w >> 1);                                                         \
				ecf_##F##_add(&sum, &x, &y);                                                           \
				PLAIN(&plain, &sum);                                                                   \
				uint64_t lo = v + (w >> 1);                                                            \
				test_expect(plain.limb[0] == lo && plain.limb[1] == (lo < v), #F " set_u64 adds");     \
			}                                                                                              \
			/* cswap: swaps, keeps, and may alias. */                                                      \
			FE x = a, y = b;                                                                               \
			ecf_##F##_cswap(&x, &y, 0);                                                                    \
			test_expect(ecf_##F##_equal(&x, &a) && ecf_##F##_equal(&y, &b), #F " cswap(0)");               \
			ecf_##F##_cswap(&x, &y, -1);                                                                   \
			test_expect(ecf_##F##_equal(&x, &b) && ecf_##F##_equal(&y, &a), #F " cswap(-1)");              \
			ecf_##F##_cswap(&x, &x, 1);                                                                    \
			test_expect(ecf_##F##_equal(&x, &b), #F " cswap aliased");                                     \
			/* lookup: every index, past the end, empty table, NULLs. */                                   \
			for (size_t i = 0; i < TABLE; i++)                                                             \
				ecf_##F##_set_u64(&table[i], 1000 + i);                                                \
			for (size_t n = 0; n <= TABLE; n++)                                                            \
				for (size_t idx = 0; idx < TABLE + 3; idx++) {                                         \
					memset(&r, 0xa5, sizeof r);                                                    \
					int st = ecf_##F##_lookup(&r, table, n, idx);                                  \
					if (idx < n) {                                                                 \
						test_expect(st == ECF_OK, #F " lookup(%zu of %zu) status %d", idx, n,  \
						            st);                                                       \
						test_expect_limbs(r.limb, table[idx].limb, nl,                         \
						                  #F " lookup(%zu of %zu)", idx, n);                   \
					} else {                                                                       \
						test_expect(st == ECF_ERR_INDEX, #F " lookup(%zu of %zu) status %d",   \
						            idx, n, st);                                               \
						test_expect(ecf_##F##_is_zero(&r),                                     \
						            #F " lookup past the end left a value");                   \
					}                                                                              \
				}                                                                                      \
			test_expect(ecf_##F##_lookup(&r, table, TABLE, (size_t)-1) == ECF_ERR_INDEX,                   \
			            #F " lookup(-1)");                                                                 \
			test_expect(ecf_##F##_lookup(&r, NULL, TABLE, 0) == ECF_ERR_NULL, #F " lookup(NULL table)");   \
			test_expect(ecf_##F##_lookup(NULL, table, TABLE, 0) == ECF_ERR_NULL, #F " lookup(NULL out)");  \
		}                                                                                                      \
		test_tier_restore();                                                                                   \
	}

static void plain_p25519(ecf_p25519_fe *r, const ecf_p25519_fe *a) { ecf_p25519_reduce(r, a); }

API_TEST(p256, ecf_p256_fe, ecf_p256_from_mont)
API_TEST(p256n, ecf_p256n_fe, ecf_p256n_from_mont)
API_TEST(p25519, ecf_p25519_fe, plain_p25519)
API_TEST(p434, ecf_p434_fe, ecf_p434_from_mont)
API_TEST(p503, ecf_p503_fe, ecf_p503_from_mont)
API_TEST(p610, ecf_p610_fe, ecf_p610_from_mont)
API_TEST(p751, ecf_p751_fe, ecf_p751_from_mont)

#if ECFI_RANGE_CHECKS
/* Run fn in a child: it must die of SIGABRT (the range check). */
static void expect_abort(void (*fn)(void), const char *what)
{
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		fflush(stdout);
		fflush(stderr);
		pid_t pid = fork();
		test_expect(pid >= 0, "fork");
		if (pid == 0) {
			fn();
			_exit(0);
		}
		int status = 0;
		waitpid(pid, &status, 0);
		test_expect(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "%s on tier %s did not abort", what,
		            test_tier_name(k));
	}
	test_tier_restore();
}

/* The modulus itself (m, or 2p for the lazy isogeny fields) as an input. */
#define RANGE_CASES(F, FE, BOUND_HEX)                                                                                  \
	static FE F##_bound(void)                                                                                      \
	{                                                                                                              \
		mpz_t z;                                                                                               \
		FE e;                                                                                                  \
		mpz_init(z);                                                                                           \
		test_mpz_set_hex(z, BOUND_HEX);                                                                        \
		test_mpz_to_limbs(e.limb, sizeof(FE) / 8, z);                                                          \
		mpz_clear(z);                                                                                          \
		return e;                                                                                              \
	}                                                                                                              \
	static void F##_bad_mul(void)                                                                                  \
	{                                                                                                              \
		FE m = F##_bound(), one, r;                                                                            \
		ecf_##F##_one(&one);                                                                                   \
		ecf_##F##_mul(&r, &one, &m);                                                                           \
	}                                                                                                              \
	static void F##_bad_sqr(void)                                                                                  \
	{                                                                                                              \
		FE m = F##_bound(), r;                                                                                 \
		ecf_##F##_sqr(&r, &m);                                                                                 \
	}                                                                                                              \
	static void F##_bad_add(void)                                                                                  \
	{                                                                                                              \
		FE m = F##_bound(), one, r;                                                                            \
		ecf_##F##_one(&one);                                                                                   \
		ecf_##F##_add(&r, &m, &one);                                                                           \
	}                                                                                                              \
	static void F##_bad_inv(void)                                                                                  \
	{                                                                                                              \
		FE m = F##_bound(), r;                                                                                 \
		ecf_##F##_inv(&r, &m);                                                                                 \
	}                                                                                                              \
	static void test_range_##F(void **s)                                                                           \
	{                                                                                                              \
		(void)s;                                                                                               \
		expect_abort(F##_bad_mul, #F " mul(1, bound)");                                                        \
		expect_abort(F##_bad_sqr, #F " sqr(bound)");                                                           \
		expect_abort(F##_bad_add, #F " add(bound, 1)");                                                        \
		expect_abort(F##_bad_inv, #F " inv(bound)");                                                           \
	}

RANGE_CASES(p256, ecf_p256_fe, P256_HEX)
RANGE_CASES(p256n, ecf_p256n_fe, P256N_HEX)
#endif

static void test_range_checks(void **s)
{
	(void)s;
#if ECFI_RANGE_CHECKS
	test_range_p256(s);
	test_range_p256n(s);
	/* The isogeny fields' range checks (inputs >= 2p) are in test_p434..p751
	 * (sidh_field_tests.h, misc). GF(2^255 - 19) has no input range: every
	 * 256-bit value is a valid input of every operation. */
	fprintf(stderr, "# range checks abort on out-of-range inputs (p256, p256n)\n");
#else
	skip(); /* only a -Drange_checks=true build has them (CI job range-checks) */
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_api_p256), cmocka_unit_test(test_api_p256n),    cmocka_unit_test(test_api_p25519),
	    cmocka_unit_test(test_api_p434), cmocka_unit_test(test_api_p503),     cmocka_unit_test(test_api_p610),
	    cmocka_unit_test(test_api_p751), cmocka_unit_test(test_range_checks),
	};
	return cmocka_run_group_tests_name("api", tests, NULL, NULL);
}
