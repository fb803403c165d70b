/*
 * ristretto255 (ecfield/ristretto255.h) on every kernel tier: every RFC 9496
 * vector of test/vectors/rfc/rfc9496_ristretto255.txt (the encodings of
 * 0..15 times the generator through every way of computing them, all 29 bad
 * encodings with their error class, the 11 element-derivation vectors);
 * libsodium's ristretto255 as a test-only oracle on random inputs (skipped
 * with a notice when the build did not find it); the coset property (adding
 * a 4-torsion point changes neither the element nor its encoding); aliasing.
 */
#include <stdlib.h>
#include <string.h>

#include "ecfield/edwards25519.h"
#include "ecfield/ristretto255.h"

#include "common/testutil.h"
#include "common/vectors.h"

#ifdef ECF_HAVE_SODIUM
#include <sodium.h>
#endif

typedef ecf_ristretto255_point rp;

static test_rng RNG;

static int setup(void **state)
{
	(void)state;
	test_rng_init(&RNG, 9496);
#ifdef ECF_HAVE_SODIUM
	if (sodium_init() < 0)
		return -1;
#endif
	return 0;
}

/* One line of the vector file: "multiple k hex", "bad hex class", "map hex64 hex". */
static void test_rfc9496(void **s)
{
	(void)s;
	char path[4096];
	vec_path(path, sizeof path, "rfc/rfc9496_ristretto255.txt");
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		FILE *f = fopen(path, "r");
		test_expect(f != NULL, "cannot open %s", path);
		char line[512];
		int mult = 0, bad = 0, maps = 0;
		rp acc, B;
		ecf_ristretto255_identity(&acc);
		ecf_ristretto255_generator(&B);
		long ln = 0;
		while (fgets(line, sizeof line, f)) {
			ln++;
			char kind[16], a[160], b[160];
			if (line[0] == '#' || sscanf(line, "%15s %159s %159s", kind, a, b) != 3)
				continue;
			uint8_t enc[32], got[32], in64[64];
			rp p, q;
			if (strcmp(kind, "multiple") == 0) {
				int k = atoi(a);
				test_expect(k == mult && vec_hex(enc, 32, b), "line %ld", ln);
				uint8_t sc[32] = {(uint8_t)k};
				ecf_ristretto255_to_bytes(got, &acc); /* sum of k generators */
				test_expect_bytes(got, enc, 32, "k*B by additions", ln);
				ecf_ristretto255_scalar_mult_base(&p, sc);
				ecf_ristretto255_to_bytes(got, &p);
				test_expect_bytes(got, enc, 32, "k*B by scalar_mult_base", ln);
				ecf_ristretto255_scalar_mult(&p, sc, &B);
				ecf_ristretto255_to_bytes(got, &p);
				test_expect_bytes(got, enc, 32, "k*B by scalar_mult", ln);
				test_expect(ecf_ristretto255_from_bytes(&q, enc, 32) == ECF_OK, "decode line %ld", ln);
				test_expect(ecf_ristretto255_equal(&q, &acc), "decode = k*B, line %ld", ln);
				ecf_ristretto255_to_bytes(got, &q);
				test_expect_bytes(got, enc, 32, "decode/encode round trip", ln);
				ecf_ristretto255_add(&acc, &acc, &B);
				mult++;
			} else if (strcmp(kind, "bad") == 0) {
				test_expect(vec_hex(enc, 32, a), "line %ld", ln);
				int st = ecf_ristretto255_from_bytes(&p, enc, 32);
				int want = strcmp(b, "noncanonical") == 0 ? ECF_ERR_RANGE : ECF_ERR_ENCODING;
				test_expect(st == want, "bad encoding (%s) line %ld: status %d, want %d", b, ln, st,
				            want);
				rp zero;
				memset(&zero, 0, sizeof zero);
				test_expect(memcmp(&p, &zero, sizeof p) == 0, "output zeroed, line %ld", ln);
				bad++;
			} else if (strcmp(kind, "map") == 0) {
				test_expect(vec_hex(in64, 64, a) && vec_hex(enc, 32, b), "line %ld", ln);
				test_expect(ecf_ristretto255_from_uniform_bytes(&p, in64, 64) == ECF_OK, "status");
				ecf_ristretto255_to_bytes(got, &p);
				test_expect_bytes(got, enc, 32, "from_uniform_bytes", ln);
				maps++;
			}
		}
		fclose(f);
		fprintf(stderr, "# %s: RFC 9496: %d multiples, %d bad encodings, %d map vectors\n", test_tier_name(tk),
		        mult, bad, maps);
		test_expect(mult == 16 && bad == 29 && maps == 11, "vector counts");
	}
	test_tier_restore();
	rp p;
	uint8_t z[64] = {0};
	test_expect(ecf_ristretto255_from_bytes(NULL, z, 32) == ECF_ERR_NULL &&
	                ecf_ristretto255_from_bytes(&p, NULL, 32) == ECF_ERR_NULL &&
	                ecf_ristretto255_from_bytes(&p, z, 33) == ECF_ERR_LENGTH &&
	                ecf_ristretto255_from_uniform_bytes(&p, z, 32) == ECF_ERR_LENGTH &&
	                ecf_ristretto255_from_uniform_bytes(NULL, z, 64) == ECF_ERR_NULL,
	            "argument checks");
}

/* The 4-torsion (identity, (0,-1), (+-sqrt(-1), 0)) vanishes in ristretto255:
 * P + T is the same element with the same encoding. */
static void test_coset(void **s)
{
	(void)s;
	static const uint8_t T4[4][32] = {
	    {1}, /* identity */
	    {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}, /* (0, -1) */
	    {0}, /* (sqrt(-1), 0) */
	    {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80},
	};
	long n = test_iterations(1000);
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (long i = 0; i < n; i++) {
			uint8_t sc[32], e1[32], e2[32];
			rp p, q, r;
			test_rand_bytes(&RNG, sc, 32);
			ecf_ristretto255_scalar_mult_base(&p, sc);
			ecf_ristretto255_to_bytes(e1, &p);
			for (int t = 0; t < 4; t++) {
				ecf_edwards25519_point tp;
				test_expect(ecf_edwards25519_from_bytes_zip215(&tp, T4[t], 32) == ECF_OK,
				            "torsion point %d", t);
				ecf_edwards25519_add(&q.p, &p.p, &tp);
				test_expect(ecf_ristretto255_equal(&p, &q), "P + T%d = P, case %ld", t, i);
				ecf_ristretto255_to_bytes(e2, &q);
				test_expect_bytes(e2, e1, 32, "encode(P + T) = encode(P)", i);
			}
			/* group laws through the encodings */
			ecf_ristretto255_sub(&q, &p, &p);
			ecf_ristretto255_identity(&r);
			test_expect(ecf_ristretto255_equal(&q, &r), "P - P = 0, case %ld", i);
			ecf_ristretto255_neg(&q, &p);
			ecf_ristretto255_add(&q, &q, &p);
			test_expect(ecf_ristretto255_equal(&q, &r), "-P + P = 0, case %ld", i);
			ecf_ristretto255_generator(&r);
			uint8_t one[32] = {1};
			ecf_ristretto255_double_scalar_mult_base_vartime(&q, sc, &r, one);
			ecf_ristretto255_add(&r, &p, &r);
			test_expect(ecf_ristretto255_equal(&q, &r), "s*B + 1*B, case %ld", i);
			/* double = add(p, p); is_identity = equal(identity); every coset member */
			ecf_ristretto255_double(&q, &p);
			ecf_ristretto255_add(&r, &p, &p);
			test_expect(ecf_ristretto255_equal(&q, &r), "double = p + p, case %ld", i);
			q = p;
			ecf_ristretto255_double(&q, &q);
			test_expect(ecf_ristretto255_equal(&q, &r), "double in place, case %ld", i);
			test_expect(!ecf_ristretto255_is_identity(&p) && !ecf_ristretto255_is_identity(&q),
			            "not identity");
			ecf_ristretto255_sub(&q, &p, &p);
			test_expect(ecf_ristretto255_is_identity(&q), "P - P is the identity, case %ld", i);
			for (int t = 0; t < 4; t++) {
				ecf_edwards25519_point tp;
				rp tr;
				test_expect(ecf_edwards25519_from_bytes_zip215(&tp, T4[t], 32) == ECF_OK, "torsion");
				tr.p = tp;
				test_expect(ecf_ristretto255_is_identity(&tr), "4-torsion T%d is the identity", t);
				ecf_edwards25519_add(&tr.p, &p.p, &tp);
				test_expect(!ecf_ristretto255_is_identity(&tr), "P + T%d is not", t);
				ecf_ristretto255_double(&tr, &tr);
				ecf_ristretto255_to_bytes(e2, &tr);
				ecf_ristretto255_to_bytes(e1, &r);
				test_expect_bytes(e2, e1, 32, "double(P + T) = 2P", i);
			}
			ecf_ristretto255_to_bytes(e1, &p);
			/* select and cmov, aliasing included */
			int c = (int)(i % 3) - 1; /* -1, 0, 1 */
			ecf_ristretto255_select(&q, &p, &r, c);
			test_expect(memcmp(&q, c ? &p : &r, sizeof q) == 0, "select, case %ld", i);
			q = r;
			ecf_ristretto255_cmov(&q, &p, c);
			test_expect(memcmp(&q, c ? &p : &r, sizeof q) == 0, "cmov, case %ld", i);
			q = p;
			ecf_ristretto255_select(&q, &q, &r, c);
			test_expect(memcmp(&q, c ? &p : &r, sizeof q) == 0, "select (r = a), case %ld", i);
			q = p;
			ecf_ristretto255_add(&q, &q, &q);
			ecf_ristretto255_add(&r, &p, &p);
			test_expect(ecf_ristretto255_equal(&q, &r), "add (r = a = b), case %ld", i);
			test_expect(!ecf_ristretto255_equal(&p, &r) || ecf_ristretto255_equal(&p, &q), "distinct");
		}
	}
	test_tier_restore();
}

static void test_vs_sodium(void **s)
{
	(void)s;
#ifdef ECF_HAVE_SODIUM
	long n = test_iterations(10000);
	int valid = 0;
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (long i = 0; i < n; i++) {
			uint8_t h[64], h2[64], e1[32], e2[32], got[32], want[32], sc[32];
			rp p, q, r;
			test_rand_bytes(&RNG, h, 64);
			test_rand_bytes(&RNG, h2, 64);
			test_expect(ecf_ristretto255_from_uniform_bytes(&p, h, 64) == ECF_OK, "status");
			ecf_ristretto255_to_bytes(e1, &p);
			crypto_core_ristretto255_from_hash(want, h);
			test_expect_bytes(e1, want, 32, "from_uniform_bytes vs libsodium", i);
			test_expect(ecf_ristretto255_from_uniform_bytes(&q, h2, 64) == ECF_OK, "status");
			ecf_ristretto255_to_bytes(e2, &q);
			ecf_ristretto255_add(&r, &p, &q);
			ecf_ristretto255_to_bytes(got, &r);
			test_expect(crypto_core_ristretto255_add(want, e1, e2) == 0, "libsodium add");
			test_expect_bytes(got, want, 32, "add vs libsodium", i);
			ecf_ristretto255_sub(&r, &p, &q);
			ecf_ristretto255_to_bytes(got, &r);
			test_expect(crypto_core_ristretto255_sub(want, e1, e2) == 0, "libsodium sub");
			test_expect_bytes(got, want, 32, "sub vs libsodium", i);
			ecf_ristretto255_double(&r, &p);
			ecf_ristretto255_to_bytes(got, &r);
			test_expect(crypto_core_ristretto255_add(want, e1, e1) == 0, "libsodium add");
			test_expect_bytes(got, want, 32, "double vs libsodium", i);
			test_rand_bytes(&RNG, sc, 32);
			sc[31] &= 0x7f; /* libsodium clears the top bit */
			ecf_ristretto255_scalar_mult(&r, sc, &p);
			ecf_ristretto255_to_bytes(got, &r);
			if (crypto_scalarmult_ristretto255(want, sc, e1) == 0)
				test_expect_bytes(got, want, 32, "scalar_mult vs libsodium", i);
			ecf_ristretto255_scalar_mult_base(&r, sc);
			ecf_ristretto255_to_bytes(got, &r);
			if (crypto_scalarmult_ristretto255_base(want, sc) == 0)
				test_expect_bytes(got, want, 32, "scalar_mult_base vs libsodium", i);
			/* decoding: random strings, and valid encodings with one bit flipped */
			memcpy(e2, e1, 32);
			e2[(i >> 3) % 32] ^= (uint8_t)(1 << (i & 7));
			const uint8_t *cands[3] = {e1, e2, h};
			for (int c = 0; c < 3; c++) {
				int ours = ecf_ristretto255_from_bytes(&r, cands[c], 32) == ECF_OK;
				if (cands[c][31] & 0x80) {
					/* libsodium 1.0.18 ignores bit 255 here (it accepts e.g. the
					 * generator's encoding with bit 255 set); RFC 9496 rejects
					 * every encoding >= p, as we do. */
					test_expect(!ours, "bit 255 set must be rejected, case %ld/%d", i, c);
					continue;
				}
				test_expect(ours == crypto_core_ristretto255_is_valid_point(cands[c]),
				            "decode validity vs libsodium, case %ld/%d", i, c);
				valid += ours;
				if (ours) {
					ecf_ristretto255_to_bytes(got, &r);
					test_expect_bytes(got, cands[c], 32, "decode/encode round trip", i);
				}
			}
		}
		fprintf(stderr, "# %s: %ld ristretto255 cases against libsodium\n", test_tier_name(tk), n);
	}
	test_tier_restore();
	test_expect(valid > 1000, "too few valid encodings (%d)", valid);
#else
	fprintf(stderr, "# SKIPPED: libsodium not found at build time: no ristretto255 test against it\n");
	skip();
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_rfc9496),
	    cmocka_unit_test(test_coset),
	    cmocka_unit_test(test_vs_sodium),
	};
	return cmocka_run_group_tests_name("ristretto255", tests, setup, NULL);
}
