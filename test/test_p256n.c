/* Scalars mod the P-256 order: every operation against GMP on every kernel
 * tier, the reducing decoders, and BoringSSL's OrdMulMont vectors. */
/* The tests pass NULL on purpose (ECF_ERR_NULL): no nonnull attributes here
 * (ecfield_internal_dep defines this too; the *_noint128 builds' dependency
 * does not). */
#ifndef ECF_NO_NONNULL
#define ECF_NO_NONNULL
#endif
#include "ecfield/p256n.h"

#include "common/internal.h"
#include "common/limbs.h"
#include "common/vectors.h"
#include "dispatch/cpu.h"

#define FIELD p256n
#define NL 4
#define MOD_HEX "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"
#define FIELD_BYTES 32
#define FIELD_BIG_ENDIAN 1
#include "mont_field_tests.h"

/* from_bytes_reduce: any 32- or 64-byte string, reduced mod n. */
static void test_p256n_from_bytes_reduce(void **s)
{
	(void)s;
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, 0x7ed0 + k);
		for (long i = 0; i < test_iterations(50000); i++) {
			uint8_t buf[64];
			uint64_t l[8];
			size_t len = (i & 2) ? 64 : 32;
			test_rand_limbs(&rng, l, 8, (int)(i & 1));
			if (i < 4)
				memset(l, i < 2 ? 0xff : 0, sizeof l); /* all-ones and zero strings */
			ecfi_limbs_to_be(buf, len, l);
			test_limbs_to_mpz(X_, l, len / 8);
			mpz_mod(Z_, X_, M_);
			ecf_p256n_fe r, want;
			test_mpz_to_limbs(want.limb, 4, Z_);
			test_expect(ecf_p256n_from_bytes_reduce(&r, buf, len) == ECF_OK, "reduce rejected case %ld", i);
			test_expect_limbs(r.limb, want.limb, 4, "from_bytes_reduce(%zu bytes) case %ld", len, i);
		}
	}
	test_tier_restore();
	uint8_t buf[65] = {0};
	ecf_p256n_fe r;
	size_t bad[] = {0, 31, 33, 48, 63, 65};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(&r, 0xa5, sizeof r);
		test_expect(ecf_p256n_from_bytes_reduce(&r, buf, bad[i]) == ECF_ERR_LENGTH, "length %zu accepted",
		            bad[i]);
		test_expect(ecf_p256n_is_zero(&r), "length error left a partial output");
	}
	/* Every wrong length up to 65 and SIZE_MAX; NULL with any length. */
	for (size_t len = 0; len <= 65; len++) {
		if (len == 32 || len == 64)
			continue;
		memset(&r, 0xa5, sizeof r);
		test_expect(ecf_p256n_from_bytes_reduce(&r, buf, len) == ECF_ERR_LENGTH, "length %zu accepted", len);
		test_expect(ecf_p256n_is_zero(&r), "length %zu left a partial output", len);
	}
	memset(&r, 0xa5, sizeof r);
	test_expect(ecf_p256n_from_bytes_reduce(&r, buf, (size_t)-1) == ECF_ERR_LENGTH, "length SIZE_MAX accepted");
	test_expect(ecf_p256n_is_zero(&r), "length SIZE_MAX left a partial output");
	const size_t null_lens[] = {0, 32, 64};
	for (size_t i = 0; i < 3; i++) {
		memset(&r, 0xa5, sizeof r);
		test_expect(ecf_p256n_from_bytes_reduce(&r, NULL, null_lens[i]) == ECF_ERR_NULL, "NULL input accepted");
		test_expect(ecf_p256n_is_zero(&r), "NULL input left a partial output");
	}
	test_expect(ecf_p256n_from_bytes_reduce(NULL, buf, 32) == ECF_ERR_NULL, "NULL output accepted");
	test_expect(ecf_p256n_from_bytes_reduce(NULL, NULL, 7) == ECF_ERR_NULL, "NULL output and input accepted");
}

/* BoringSSL p256-nistz_tests.txt: OrdMulMont (A*B/R = Result mod n). */
static void test_p256n_boringssl_vectors(void **s)
{
	(void)s;
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		FILE *f = vec_open("boringssl/p256-nistz_tests.txt");
		vec_record rec;
		long line = 0, count = 0;
		while (vec_next(f, &rec, &line)) {
			const char *test = vec_get(&rec, "Test");
			if (!test || strcmp(test, "OrdMulMont") != 0)
				continue;
			uint8_t b[3][32];
			test_expect(vec_hex(b[0], 32, vec_get(&rec, "A")) && vec_hex(b[1], 32, vec_get(&rec, "B")) &&
			                vec_hex(b[2], 32, vec_get(&rec, "Result")),
			            "malformed OrdMulMont at line %ld", rec.line);
			ecf_p256n_fe a, bb, want, r;
			test_expect(ecf_p256n_from_bytes(&a, b[0], 32) == ECF_OK, "A >= n at line %ld", rec.line);
			test_expect(ecf_p256n_from_bytes(&bb, b[1], 32) == ECF_OK, "B >= n at line %ld", rec.line);
			test_expect(ecf_p256n_from_bytes(&want, b[2], 32) == ECF_OK, "Result >= n at line %ld",
			            rec.line);
			ecf_p256n_mul(&r, &a, &bb);
			test_expect_limbs(r.limb, want.limb, 4, "OrdMulMont at line %ld", rec.line);
			count++;
		}
		fclose(f);
		test_expect(count == 26, "read %ld OrdMulMont cases, expected 26", count);
	}
	test_tier_restore();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    MONT_FIELD_TESTS,
	    cmocka_unit_test(test_p256n_from_bytes_reduce),
	    cmocka_unit_test(test_p256n_boringssl_vectors),
	};
	return cmocka_run_group_tests_name("p256n", tests, test_p256n_setup, test_p256n_teardown);
}
