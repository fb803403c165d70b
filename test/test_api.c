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
#include "common/moduli.h" /* generated from the build's generator */
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
API_TEST(sc25519, ecf_sc25519_fe, ecf_sc25519_from_mont)
API_TEST(p25519, ecf_p25519_fe, plain_p25519)
API_TEST(p434, ecf_p434_fe, ecf_p434_from_mont)
API_TEST(p503, ecf_p503_fe, ecf_p503_from_mont)
API_TEST(p610, ecf_p610_fe, ecf_p610_from_mont)
API_TEST(p751, ecf_p751_fe, ecf_p751_from_mont)

/* Every tier gives the same bits (not only the same residue) on accepted
 * inputs: the lazy fields' outputs are representatives, and a caller that
 * hashes or compares limbs must see the same ones on every CPU. Inputs:
 * random values in the accepted range (below m, below 2p, or any 256-bit
 * value for p25519), and edge values. */
#define TIER_OUT 8 /* outputs compared per input */
typedef void (*tier_case_fn)(uint64_t out[TIER_OUT][24], test_rng *rng, long i);

static void tiers_identical(const char *name, tier_case_fn fn)
{
	size_t nt = test_tier_count();
	if (nt < 2) {
		fprintf(stderr, "# %s: one kernel tier on this CPU, nothing to compare\n", name);
		skip();
	}
	for (long i = 0; i < test_iterations(2000); i++) {
		uint64_t ref[TIER_OUT][24], got[TIER_OUT][24];
		for (size_t k = 0; k < nt; k++) {
			test_rng rng;
			test_rng_init(&rng, 0x71e5 + (uint64_t)i); /* the same inputs on every tier */
			test_tier_select(k);
			memset(k ? got : ref, 0, sizeof ref);
			fn(k ? got : ref, &rng, i);
			if (k)
				for (int j = 0; j < TIER_OUT; j++)
					test_expect_limbs(got[j], ref[j], 24, "%s output %d, tier %s vs %s, case %ld",
					                  name, j, test_tier_name(k), test_tier_name(0), i);
		}
	}
	test_tier_restore();
}

/* A random element in the accepted range: below the bound (n limbs), biased
 * to long runs of equal bits on odd cases, and the bound minus one now and then. */
static void rand_below_hex(test_rng *rng, uint64_t *r, size_t n, const char *bound_hex, long i)
{
	mpz_t m;
	mpz_init(m);
	test_mpz_set_hex(m, bound_hex);
	test_rand_below(rng, r, m, n, (int)(i & 1));
	if (i % 17 == 3) {
		mpz_sub_ui(m, m, 1);
		test_mpz_to_limbs(r, n, m);
	}
	mpz_clear(m);
}

static void case_p256(uint64_t out[TIER_OUT][24], test_rng *rng, long i)
{
	ecf_p256_fe a, b, r;
	rand_below_hex(rng, a.limb, 4, P256_HEX, i);
	rand_below_hex(rng, b.limb, 4, P256_HEX, i + 1);
	ecf_p256_mul((ecf_p256_fe *)out[0], &a, &b);
	ecf_p256_sqr((ecf_p256_fe *)out[1], &a);
	ecf_p256_inv((ecf_p256_fe *)out[2], &a);
	out[3][0] = (uint64_t)ecf_p256_sqrt((ecf_p256_fe *)&out[3][1], &a);
	ecf_p256_to_mont((ecf_p256_fe *)out[4], &a);
	ecf_p256_from_mont((ecf_p256_fe *)out[5], &a);
	uint64_t t[8];
	memcpy(t, a.limb, 32);
	memcpy(t + 4, b.limb, 32);
	ecf_p256_redc(&r, t);
	memcpy(out[6], r.limb, 32);
	ecf_p256_set_u64((ecf_p256_fe *)out[7], a.limb[0]);
}

static void case_p256n(uint64_t out[TIER_OUT][24], test_rng *rng, long i)
{
	ecf_p256n_fe a, b;
	uint8_t wide[64];
	rand_below_hex(rng, a.limb, 4, P256N_HEX, i);
	rand_below_hex(rng, b.limb, 4, P256N_HEX, i + 1);
	ecf_p256n_mul((ecf_p256n_fe *)out[0], &a, &b);
	ecf_p256n_sqr((ecf_p256n_fe *)out[1], &a);
	ecf_p256n_inv((ecf_p256n_fe *)out[2], &a);
	for (int j = 0; j < 64; j++)
		wide[j] = (uint8_t)test_rng_next(rng);
	out[3][0] = (uint64_t)ecf_p256n_from_bytes_reduce((ecf_p256n_fe *)&out[3][1], wide, 64);
	ecf_p256n_to_mont((ecf_p256n_fe *)out[4], &a);
	ecf_p256n_from_mont((ecf_p256n_fe *)out[5], &a);
}

static void case_p25519(uint64_t out[TIER_OUT][24], test_rng *rng, long i)
{
	ecf_p25519_fe a, b;
	test_rand_limbs(rng, a.limb, 4, (int)(i & 1)); /* any 256-bit value is accepted */
	test_rand_limbs(rng, b.limb, 4, (int)(i & 2));
	if (i % 13 == 5)
		memset(a.limb, 0xff, sizeof a.limb);
	ecf_p25519_mul((ecf_p25519_fe *)out[0], &a, &b);
	ecf_p25519_sqr((ecf_p25519_fe *)out[1], &a);
	ecf_p25519_inv((ecf_p25519_fe *)out[2], &a);
	out[3][0] = (uint64_t)ecf_p25519_sqrt_ratio((ecf_p25519_fe *)&out[3][1], &a, &b);
	ecf_p25519_pow22523((ecf_p25519_fe *)out[4], &a);
	ecf_p25519_mul_small((ecf_p25519_fe *)out[5], &a, (uint32_t)b.limb[0]);
}

/* The isogeny fields: GF(p) and GF(p^2) ops on values in [0, 2p). */
#define SIDH_CASE(F, N, P2HEX)                                                                                         \
	static void case_##F(uint64_t out[TIER_OUT][24], test_rng *rng, long i)                                        \
	{                                                                                                              \
		ecf_##F##_fp2 a, b;                                                                                    \
		rand_below_hex(rng, a.re.limb, N, P2HEX, i);                                                           \
		rand_below_hex(rng, a.im.limb, N, P2HEX, i + 1);                                                       \
		rand_below_hex(rng, b.re.limb, N, P2HEX, i + 2);                                                       \
		rand_below_hex(rng, b.im.limb, N, P2HEX, i + 3);                                                       \
		ecf_##F##_mul((ecf_##F##_fe *)out[0], &a.re, &b.re);                                                   \
		ecf_##F##_inv((ecf_##F##_fe *)out[1], &a.re);                                                          \
		ecf_##F##_fp2_mul((ecf_##F##_fp2 *)out[2], &a, &b);                                                    \
		ecf_##F##_fp2_sqr((ecf_##F##_fp2 *)out[3], &a);                                                        \
		ecf_##F##_fp2_inv((ecf_##F##_fp2 *)out[4], &a);                                                        \
		ecf_##F##_fp2_mul_small((ecf_##F##_fp2 *)out[5], &a, b.re.limb[0]);                                    \
		ecf_##F##_mp_mul(out[6], &a.re, &b.im);                                                                \
		ecf_##F##_set_u64((ecf_##F##_fe *)out[7], b.im.limb[0]);                                               \
	}

/* 2p for each isogeny prime (from the generated moduli, by GMP at start). */
static char p2hex[4][200];
static const char *const sidh_hex[4] = {P434_HEX, P503_HEX, P610_HEX, P751_HEX};
SIDH_CASE(p434, 7, p2hex[0])
SIDH_CASE(p503, 8, p2hex[1])
SIDH_CASE(p610, 10, p2hex[2])
SIDH_CASE(p751, 12, p2hex[3])

static void test_tiers_identical(void **s)
{
	(void)s;
	for (int k = 0; k < 4; k++) {
		mpz_t z;
		mpz_init(z);
		test_mpz_set_hex(z, sidh_hex[k]);
		mpz_mul_ui(z, z, 2);
		gmp_snprintf(p2hex[k], sizeof p2hex[k], "%Zx", z);
		mpz_clear(z);
	}
	tiers_identical("p256", case_p256);
	tiers_identical("p256n", case_p256n);
	tiers_identical("p25519", case_p25519);
	tiers_identical("p434", case_p434);
	tiers_identical("p503", case_p503);
	tiers_identical("p610", case_p610);
	tiers_identical("p751", case_p751);
	fprintf(stderr, "# every tier gave the same bits on every accepted input\n");
}

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

/* The library-wide helpers: ecf_ct_equal against memcmp on strings equal and
 * differing in each position, ecf_wipe, ECF_VERSION_NUMBER. */
static void test_util(void **s)
{
	(void)s;
	uint8_t a[67], b[67];
	for (size_t i = 0; i < sizeof a; i++)
		a[i] = (uint8_t)(i * 37 + 11);
	for (size_t len = 0; len <= sizeof a; len++) {
		memcpy(b, a, sizeof b);
		test_expect(ecf_ct_equal(a, b, len) == 1, "ct_equal of equal strings, len %zu", len);
		for (size_t i = 0; i < len; i++)
			for (int bit = 0; bit < 8; bit++) {
				memcpy(b, a, sizeof b);
				b[i] ^= (uint8_t)(1u << bit);
				test_expect(ecf_ct_equal(a, b, len) == 0,
				            "ct_equal missed bit %d of byte %zu (len %zu)", bit, i, len);
				test_expect(ecf_ct_equal(a, b, i) == 1, "ct_equal read past len %zu", i);
			}
	}
	memset(b, 0xff, sizeof b);
	ecf_wipe(b + 1, sizeof b - 2);
	test_expect(b[0] == 0xff && b[sizeof b - 1] == 0xff, "ecf_wipe wrote outside its range");
	for (size_t i = 1; i + 1 < sizeof b; i++)
		test_expect(b[i] == 0, "ecf_wipe left byte %zu", i);
	test_expect(ECF_VERSION_NUMBER == ecf_version_number(), "ECF_VERSION_NUMBER %#x, library %#x",
	            (unsigned)ECF_VERSION_NUMBER, (unsigned)ecf_version_number());
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_api_p256),
	    cmocka_unit_test(test_api_p256n),
	    cmocka_unit_test(test_api_sc25519),
	    cmocka_unit_test(test_api_p25519),
	    cmocka_unit_test(test_api_p434),
	    cmocka_unit_test(test_api_p503),
	    cmocka_unit_test(test_api_p610),
	    cmocka_unit_test(test_api_p751),
	    cmocka_unit_test(test_tiers_identical),
	    cmocka_unit_test(test_range_checks),
	    cmocka_unit_test(test_util),
	};
	return cmocka_run_group_tests_name("api", tests, NULL, NULL);
}
