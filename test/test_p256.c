/* GF(p256): every operation against GMP on every kernel tier, the square root
 * and table lookup, and BoringSSL's Negate and MulMont vectors. */
/* The tests pass NULL on purpose (ECF_ERR_NULL): no nonnull attributes here
 * (ecfield_internal_dep defines this too; the *_noint128 builds' dependency
 * does not). */
#ifndef ECF_NO_NONNULL
#define ECF_NO_NONNULL
#endif
#include "ecfield/p256.h"

#include "common/internal.h"
#include "common/limbs.h"
#include "common/vectors.h"
#include "dispatch/cpu.h"

#define FIELD p256
#define NL 4
#define MOD_HEX "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"
#define FIELD_BYTES 32
#define FIELD_BIG_ENDIAN 1
#include "mont_field_tests.h"

/* sqrt with r == a must give the same root. */
static void check_sqrt_in_place(const ecf_p256_fe *root, const ecf_p256_fe *a, long i)
{
	ecf_p256_fe t = *a;
	test_expect(ecf_p256_sqrt(&t, &t) == ECF_OK, "sqrt in place rejected a square, case %ld", i);
	test_expect_limbs(t.limb, root->limb, NL, "sqrt in place, case %ld", i);
}

/* Square roots: squares give a root (checked by squaring), non-squares the
 * error, both checked against GMP's Legendre symbol. */
static void test_p256_sqrt(void **s)
{
	(void)s;
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, 0x5427 + k);
		long cases = (long)NEDGE + test_iterations(5000);
		for (long i = 0; i < cases; i++) {
			ecf_p256_fe a, r, r2;
			if (i < (long)NEDGE)
				memcpy(a.limb, EDGE[i], sizeof a.limb);
			else
				test_rand_below(&rng, a.limb, M_, NL, (int)(i & 1));
			if (i & 2 && i >= (long)NEDGE)
				ecf_p256_sqr(&a, &a); /* half the cases are squares */
			test_limbs_to_mpz(X_, a.limb, NL);
			mpz_mul(X_, X_, RINV_); /* plain value */
			mpz_mod(X_, X_, M_);
			int want = mpz_sgn(X_) == 0 || mpz_legendre(X_, M_) == 1;
			int st = ecf_p256_sqrt(&r, &a);
			test_expect(st == (want ? ECF_OK : ECF_ERR_NOT_SQUARE), "sqrt status %d, case %ld", st, i);
			if (want) {
				ecf_p256_sqr(&r2, &r);
				test_expect_limbs(r2.limb, a.limb, NL, "sqrt(a)^2 != a, case %ld", i);
				/* The documented root, exactly: a^((p+1)/4), not the other one. */
				mpz_add_ui(Y_, M_, 1);
				mpz_fdiv_q_2exp(Y_, Y_, 2);
				mpz_powm(Z_, X_, Y_, M_);
				mpz_mul(Z_, Z_, R_);
				mpz_mod(Z_, Z_, M_);
				test_mpz_to_limbs(r2.limb, NL, Z_);
				test_expect_limbs(r.limb, r2.limb, NL, "sqrt(a) != a^((p+1)/4), case %ld", i);
				check_sqrt_in_place(&r, &a, i);
			} else {
				test_expect(ecf_p256_is_zero(&r), "sqrt of a non-square left a value, case %ld", i);
			}
		}
	}
	test_tier_restore();
}

static void test_p256_lookup(void **s)
{
	(void)s;
	ecf_p256_fe table[17], r;
	for (size_t i = 0; i < 17; i++)
		for (size_t j = 0; j < 4; j++)
			table[i].limb[j] = 0x0101010101010101ULL * (i + 1) + j;
	for (size_t n = 0; n <= 17; n++)
		for (size_t idx = 0; idx < 20; idx++) {
			int st = ecf_p256_lookup(&r, table, n, idx);
			if (idx < n) {
				test_expect(st == ECF_OK, "lookup(%zu of %zu) failed", idx, n);
				test_expect_limbs(r.limb, table[idx].limb, 4, "lookup(%zu of %zu)", idx, n);
			} else {
				test_expect(st == ECF_ERR_INDEX, "lookup(%zu of %zu) accepted", idx, n);
				test_expect(ecf_p256_is_zero(&r), "lookup out of range left a value");
			}
		}
	/* Bad input: huge indices, an empty table, NULLs; each zeroes the output
	 * (no entry leaks out as if it had been selected). */
	const size_t huge[] = {(size_t)-1, (size_t)-2, (size_t)-1 / 2 + 1, 17, 18, 1u << 16}; /* -1/2+1: the top bit */
	for (size_t i = 0; i < sizeof huge / sizeof huge[0]; i++) {
		memset(&r, 0xa5, sizeof r);
		test_expect(ecf_p256_lookup(&r, table, 17, huge[i]) == ECF_ERR_INDEX, "lookup(%zu of 17)", huge[i]);
		test_expect(ecf_p256_is_zero(&r), "lookup(%zu of 17) left a value", huge[i]);
	}
	memset(&r, 0xa5, sizeof r);
	test_expect(ecf_p256_lookup(&r, table, 0, 0) == ECF_ERR_INDEX, "lookup from an empty table");
	test_expect(ecf_p256_is_zero(&r), "lookup from an empty table left a value");
	memset(&r, 0xa5, sizeof r);
	test_expect(ecf_p256_lookup(&r, NULL, 4, 0) == ECF_ERR_NULL, "lookup NULL table");
	test_expect(ecf_p256_is_zero(&r), "lookup NULL table left a value");
	memset(&r, 0xa5, sizeof r);
	test_expect(ecf_p256_lookup(&r, NULL, 0, 0) == ECF_ERR_NULL, "lookup NULL empty table");
	test_expect(ecf_p256_is_zero(&r), "lookup NULL empty table left a value");
	test_expect(ecf_p256_lookup(NULL, table, 4, 0) == ECF_ERR_NULL, "lookup NULL output");
	test_expect(ecf_p256_lookup(NULL, NULL, 4, 9) == ECF_ERR_NULL, "lookup NULL output and table");
}

static void load_be(ecf_p256_fe *r, const char *hex, long line)
{
	uint8_t b[32];
	test_expect(vec_hex(b, 32, hex), "malformed hex at line %ld", line);
	/* Vectors may hold any 256-bit value in the Montgomery domain: load raw. */
	ecfi_limbs_from_be(r->limb, 4, b, 32);
}

/* BoringSSL p256-nistz_tests.txt: Negate (A = -B) and MulMont (A*B/R = Result). */
static void test_p256_boringssl_vectors(void **s)
{
	(void)s;
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		FILE *f = vec_open("boringssl/p256-nistz_tests.txt");
		vec_record rec;
		long line = 0, negate = 0, mulmont = 0;
		while (vec_next(f, &rec, &line)) {
			const char *test = vec_get(&rec, "Test");
			ecf_p256_fe a, b, want, r;
			if (test && strcmp(test, "Negate") == 0) {
				load_be(&a, vec_get(&rec, "A"), rec.line);
				load_be(&b, vec_get(&rec, "B"), rec.line);
				ecf_p256_neg(&r, &b);
				test_expect_limbs(r.limb, a.limb, 4, "Negate at line %ld", rec.line);
				ecf_p256_neg(&r, &a);
				test_expect_limbs(r.limb, b.limb, 4, "Negate back at line %ld", rec.line);
				negate++;
			} else if (test && strcmp(test, "MulMont") == 0) {
				load_be(&a, vec_get(&rec, "A"), rec.line);
				load_be(&b, vec_get(&rec, "B"), rec.line);
				load_be(&want, vec_get(&rec, "Result"), rec.line);
				ecf_p256_mul(&r, &a, &b);
				test_expect_limbs(r.limb, want.limb, 4, "MulMont at line %ld", rec.line);
				ecf_p256_mul(&r, &b, &a);
				test_expect_limbs(r.limb, want.limb, 4, "MulMont (swapped) at line %ld", rec.line);
				if (memcmp(&a, &b, sizeof a) == 0) {
					ecf_p256_sqr(&r, &a);
					test_expect_limbs(r.limb, want.limb, 4, "MulMont as sqr at line %ld", rec.line);
				}
				mulmont++;
			}
		}
		fclose(f);
		test_expect(negate == 256 && mulmont == 31,
		            "read %ld Negate and %ld MulMont cases, expected 256 and 31", negate, mulmont);
	}
	test_tier_restore();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    MONT_FIELD_TESTS,
	    cmocka_unit_test(test_p256_sqrt),
	    cmocka_unit_test(test_p256_lookup),
	    cmocka_unit_test(test_p256_boringssl_vectors),
	};
	return cmocka_run_group_tests_name("p256", tests, test_p256_setup, test_p256_teardown);
}
