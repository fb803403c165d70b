/*
 * Ed25519 (ecfield/ed25519.h) on every kernel tier: the RFC 8032 section 7.1
 * vectors (keypair, sign, both verifiers); libsodium and OpenSSL as test-only
 * oracles (skipped with a notice when the build did not find them) on random
 * seeds and messages of every length 0..300, with signatures from each side
 * verified by the other, and tampered ones (every bit position of R, S, A and
 * the message) rejected by all; S >= l; non-canonical and small-order R and
 * A, where the strict and the ZIP-215 rules differ; aliasing; and a stack
 * scan for the secret scalar and the nonce after sign.
 */
#include <stdlib.h>
#include <string.h>

#include "ecfield/ed25519.h"
#include "ecfield/edwards25519.h"

#include "common/moduli.h" /* SC25519_HEX, generated: no test types a modulus */
#include "common/testutil.h"
#include "common/vectors.h"

#ifdef ECF_HAVE_SODIUM
#include <sodium.h>
#endif
#ifdef ECF_HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/sha.h>
#endif

static test_rng RNG;

static int setup(void **state)
{
	(void)state;
	test_rng_init(&RNG, 8032);
#ifdef ECF_HAVE_SODIUM
	if (sodium_init() < 0)
		return -1;
#endif
	return 0;
}

static void test_rfc8032(void **s)
{
	(void)s;
	int checked = 0;
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		FILE *f = vec_open("rfc/rfc8032_ed25519.txt");
		vec_record rec;
		long line = 0;
		while (vec_next(f, &rec, &line)) {
			const char *mh = vec_get(&rec, "message");
			if (!vec_get(&rec, "secret_key") || !mh)
				continue;
			uint8_t seed[32], pk[32], sig[64], got[64], sk[64], gpk[32];
			size_t mlen = strlen(mh) / 2;
			uint8_t *msg = malloc(mlen + 1);
			test_expect(msg != NULL && vec_hex(seed, 32, vec_get(&rec, "secret_key")) &&
			                vec_hex(pk, 32, vec_get(&rec, "public_key")) &&
			                vec_hex(sig, 64, vec_get(&rec, "signature")) &&
			                (mlen == 0 || vec_hex(msg, mlen, mh)),
			            "vector at line %ld", rec.line);
			test_expect(ecf_ed25519_keypair(gpk, sk, seed) == ECF_OK, "keypair");
			test_expect_bytes(gpk, pk, 32, "RFC 8032 public key", rec.line);
			test_expect_bytes(sk + 32, pk, 32, "sk = seed || pk", rec.line);
			test_expect(ecf_ed25519_sign(got, sk, msg, mlen) == ECF_OK, "sign");
			test_expect_bytes(got, sig, 64, "RFC 8032 signature", rec.line);
			test_expect(ecf_ed25519_verify(sig, pk, msg, mlen) == ECF_OK, "verify, line %ld", rec.line);
			test_expect(ecf_ed25519_verify_cofactored(sig, pk, msg, mlen) == ECF_OK, "verify_cofactored");
			/* aliasing: keypair into its own seed buffer, sign over sk */
			memcpy(got, seed, 32);
			test_expect(ecf_ed25519_public_key(got, got) == ECF_OK, "public_key");
			test_expect_bytes(got, pk, 32, "keypair (pk = seed)", rec.line);
			uint8_t buf[64];
			memcpy(buf, sk, 64);
			test_expect(ecf_ed25519_sign(buf, buf, msg, mlen) == ECF_OK, "sign");
			test_expect_bytes(buf, sig, 64, "sign (sig = sk)", rec.line);
			if (mlen > 0) {
				sig[(checked * 7) % 64] ^= 4;
				test_expect(ecf_ed25519_verify(sig, pk, msg, mlen) != ECF_OK, "tampered RFC signature");
				test_expect(ecf_ed25519_verify_cofactored(sig, pk, msg, mlen) != ECF_OK, "tampered");
			}
			free(msg);
			checked++;
		}
		fclose(f);
	}
	fprintf(stderr, "# %d RFC 8032 vectors reproduced (over every tier)\n", checked);
	test_expect(checked >= 5 * (int)test_tier_count(), "too few RFC 8032 vectors (%d)", checked);
	uint8_t b[64] = {0};
	test_expect(ecf_ed25519_keypair(NULL, NULL, b) == ECF_ERR_NULL &&
	                ecf_ed25519_sign(b, b, NULL, 1) == ECF_ERR_NULL &&
	                ecf_ed25519_verify(b, b, NULL, 1) == ECF_ERR_NULL &&
	                ecf_ed25519_verify_cofactored(NULL, b, b, 0) == ECF_ERR_NULL,
	            "NULL arguments");
}

#ifdef ECF_HAVE_OPENSSL
static int ossl_sign(uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t seed[32])
{
	EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	size_t sl = 64;
	int ok = k && c && EVP_DigestSignInit(c, NULL, NULL, NULL, k) > 0 && EVP_DigestSign(c, sig, &sl, msg, len) > 0;
	EVP_MD_CTX_free(c);
	EVP_PKEY_free(k);
	return ok;
}

static int ossl_verify(const uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t pk[32])
{
	EVP_PKEY *k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pk, 32);
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	int ok =
	    k && c && EVP_DigestVerifyInit(c, NULL, NULL, NULL, k) > 0 && EVP_DigestVerify(c, sig, 64, msg, len) == 1;
	EVP_MD_CTX_free(c);
	EVP_PKEY_free(k);
	return ok;
}
#endif

static void test_random(void **s)
{
	(void)s;
	long n = test_iterations(10000);
	int oracles = 0;
#ifdef ECF_HAVE_SODIUM
	oracles++;
#endif
#ifdef ECF_HAVE_OPENSSL
	oracles++;
#endif
	static uint8_t msg[301];
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (long i = 0; i < n; i++) {
			uint8_t seed[32], pk[32], sk[64], sig[64], want[64];
			size_t mlen = (size_t)(i % 301);
			test_rand_bytes(&RNG, seed, 32);
			test_rand_bytes(&RNG, msg, mlen);
			test_expect(ecf_ed25519_keypair(pk, sk, seed) == ECF_OK, "keypair");
			test_expect(ecf_ed25519_sign(sig, sk, msg, mlen) == ECF_OK, "sign");
			test_expect(ecf_ed25519_verify(sig, pk, msg, mlen) == ECF_OK, "own signature, case %ld", i);
			test_expect(ecf_ed25519_verify_cofactored(sig, pk, msg, mlen) == ECF_OK,
			            "own (cofactored), %ld", i);
#ifdef ECF_HAVE_SODIUM
			{
				uint8_t spk[32], ssk[64];
				crypto_sign_seed_keypair(spk, ssk, seed);
				test_expect_bytes(pk, spk, 32, "public key vs libsodium", i);
				crypto_sign_detached(want, NULL, msg, mlen, ssk);
				test_expect_bytes(sig, want, 64, "signature vs libsodium", i);
				test_expect(crypto_sign_verify_detached(sig, msg, mlen, pk) == 0,
				            "libsodium verifies ours, %ld", i);
			}
#endif
#ifdef ECF_HAVE_OPENSSL
			{
				test_expect(ossl_sign(want, msg, mlen, seed), "OpenSSL sign");
				test_expect_bytes(sig, want, 64, "signature vs OpenSSL", i);
				test_expect(ossl_verify(sig, msg, mlen, pk), "OpenSSL verifies ours, case %ld", i);
			}
#endif
			/* tamper one bit of R, S, A or the message: every verifier rejects */
			uint8_t tsig[64], tpk[32];
			memcpy(tsig, sig, 64);
			memcpy(tpk, pk, 32);
			int where = (int)(i % 3);
			int bit = (int)((i / 3) % 256);
			if (where == 0)
				tsig[bit / 8] ^= (uint8_t)(1 << (bit % 8)); /* R */
			else if (where == 1)
				tsig[32 + bit / 8] ^= (uint8_t)(1 << (bit % 8)); /* S */
			else if (mlen > 0 && (i & 8))
				msg[(size_t)bit % mlen] ^= 1;
			else
				tpk[bit / 8] ^= (uint8_t)(1 << (bit % 8)); /* A */
			int ours = ecf_ed25519_verify(tsig, tpk, msg, mlen);
			int ours_c = ecf_ed25519_verify_cofactored(tsig, tpk, msg, mlen);
			test_expect(ours != ECF_OK, "tampered signature accepted (strict), case %ld", i);
			test_expect(ours_c != ECF_OK, "tampered signature accepted (cofactored), case %ld", i);
#ifdef ECF_HAVE_SODIUM
			test_expect(crypto_sign_verify_detached(tsig, msg, mlen, tpk) != 0,
			            "libsodium agrees, case %ld", i);
#endif
#ifdef ECF_HAVE_OPENSSL
			test_expect(!ossl_verify(tsig, msg, mlen, tpk), "OpenSSL agrees, case %ld", i);
#endif
		}
		fprintf(stderr, "# %s: %ld random Ed25519 cases against %d library oracle(s)\n", test_tier_name(tk), n,
		        oracles);
	}
	test_tier_restore();
	if (oracles < 2) {
		fprintf(stderr, "# SKIPPED: libsodium and/or OpenSSL not found at build time: part of the differential "
		                "Ed25519 test did not run\n");
		skip();
	}
}

/* S >= l, non-canonical and small-order R and A: where strict and ZIP-215 differ. */
static void test_edges(void **s)
{
	(void)s;
	uint8_t L[32] = {0};
	mpz_t lz;
	mpz_init(lz);
	test_mpz_set_hex(lz, SC25519_HEX);
	mpz_export(L, NULL, -1, 1, 0, 0, lz);
	mpz_clear(lz);
	uint8_t seed[32], pk[32], sk[64], sig[64], msg[16] = "edges";
	test_rand_bytes(&RNG, seed, 32);
	test_expect(ecf_ed25519_keypair(pk, sk, seed) == ECF_OK && ecf_ed25519_sign(sig, sk, msg, 5) == ECF_OK,
	            "keypair, sign");
	/* S + l: same equation, must be rejected (malleability) */
	uint8_t big[64];
	memcpy(big, sig, 64);
	unsigned c = 0;
	for (int i = 0; i < 32; i++) {
		c += (unsigned)big[32 + i] + L[i];
		big[32 + i] = (uint8_t)c;
		c >>= 8;
	}
	test_expect(ecf_ed25519_verify(big, pk, msg, 5) == ECF_ERR_RANGE, "S + l rejected (strict)");
	test_expect(ecf_ed25519_verify_cofactored(big, pk, msg, 5) == ECF_ERR_RANGE, "S + l rejected (ZIP-215)");
	memcpy(big, sig, 32);
	memcpy(big + 32, L, 32);
	test_expect(ecf_ed25519_verify(big, pk, msg, 5) == ECF_ERR_RANGE, "S = l rejected");

	/* A = the identity encoded non-canonically (y = p + 1), R = identity, S = 0:
	 * ZIP-215 accepts ([8](0 - R - kA) = 0), strict rejects the encoding. */
	uint8_t A_nc[32], zsig[64] = {0};
	memset(A_nc, 0xff, 32);
	A_nc[0] = 0xee;
	A_nc[31] = 0x7f;
	zsig[0] = 1; /* R = identity (canonical), S = 0 */
	test_expect(ecf_ed25519_verify(zsig, A_nc, msg, 5) == ECF_ERR_RANGE, "non-canonical A: strict rejects");
	test_expect(ecf_ed25519_verify_cofactored(zsig, A_nc, msg, 5) == ECF_OK, "non-canonical A: ZIP-215 accepts");
	/* R non-canonical (identity as y = p + 1) with the canonical identity A. */
	uint8_t A_id[32] = {1}, rsig[64] = {0};
	memcpy(rsig, A_nc, 32);
	test_expect(ecf_ed25519_verify(rsig, A_id, msg, 5) == ECF_ERR_VERIFY, "non-canonical R: strict rejects");
	test_expect(ecf_ed25519_verify_cofactored(rsig, A_id, msg, 5) == ECF_OK, "non-canonical R: ZIP-215 accepts");
	/* A of order 8, R = identity, S = 0: cofactored accepts whatever k is;
	 * strict accepts exactly when [k]A = identity (k = 0 mod 8). Count both. */
	static const char *T8 = "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05";
	uint8_t A8[32];
	test_expect(vec_hex(A8, 32, T8), "hex");
	int strict_ok = 0, cof_ok = 0;
	for (int i = 0; i < 64; i++) {
		msg[0] = (uint8_t)i;
		strict_ok += ecf_ed25519_verify(zsig, A8, msg, 5) == ECF_OK;
		cof_ok += ecf_ed25519_verify_cofactored(zsig, A8, msg, 5) == ECF_OK;
#ifdef ECF_HAVE_SODIUM
		test_expect(crypto_sign_verify_detached(zsig, msg, 5, A8) != 0, "libsodium rejects small-order A");
#endif
	}
	fprintf(stderr, "# small-order A, R = 0, S = 0: strict accepted %d/64 messages, ZIP-215 %d/64\n", strict_ok,
	        cof_ok);
	test_expect(cof_ok == 64 && strict_ok > 0 && strict_ok < 32, "small-order A: strict vs ZIP-215");
	/* Public keys that do not decode. */
	uint8_t bad[32] = {2};
	test_expect(ecf_ed25519_verify(sig, bad, msg, 5) == ECF_ERR_NOT_ON_CURVE, "A not on the curve");
	memcpy(big, sig, 64);
	memcpy(big, bad, 32);
	test_expect(ecf_ed25519_verify_cofactored(big, pk, msg, 5) == ECF_ERR_NOT_ON_CURVE, "R not on the curve");
}

#if defined(ECF_HAVE_SODIUM) || defined(ECF_HAVE_OPENSSL)
/* SHA-512 from a test-only oracle, of a || b || c (at most 128 bytes here). */
static void oracle_sha512(uint8_t out[64], const uint8_t *a, size_t al, const uint8_t *b, size_t bl, const uint8_t *c,
                          size_t cl)
{
	uint8_t buf[128];
	assert_true(al + bl + cl <= sizeof buf);
	if (al)
		memcpy(buf, a, al);
	if (bl)
		memcpy(buf + al, b, bl);
	if (cl)
		memcpy(buf + al + bl, c, cl);
#ifdef ECF_HAVE_SODIUM
	crypto_hash_sha512(out, buf, al + bl + cl);
#else
	SHA512(buf, al + bl + cl, out);
#endif
}

/* z = the 64-byte little-endian h mod l. */
static void wide_mod_l(mpz_t z, const uint8_t h[64], const mpz_t l)
{
	mpz_import(z, 64, -1, 1, 0, 0, h);
	mpz_mod(z, z, l);
}
#endif

/* The last byte of R and of S. A strict verifier that compared only the first
 * 31 bytes of R' with R (the sign bit of x and the top bits of y in byte 31)
 * is not caught by flipping a bit of R alone: the challenge k = H(R || A || M)
 * changes with R, and so does R' = [S]B - [k]A, everywhere. So from a valid
 * signature (R, S) with R = [r]B (r = S - k a mod l, from the secret scalar
 * a, with GMP and an oracle's SHA-512), each bit b of byte 31 is flipped, R_b,
 * and S_b = r + H(R_b || A || M) a mod l: then R' = [r]B = R, whose encoding
 * differs from R_b in byte 31 only. Every verifier must reject (libsodium
 * too). And each bit of S's last byte flipped (S >= l, or another S). */
static void test_last_bytes(void **s)
{
	(void)s;
#if defined(ECF_HAVE_SODIUM) || defined(ECF_HAVE_OPENSSL)
	mpz_t l, a, k, r, z;
	mpz_inits(l, a, k, r, z, NULL);
	test_mpz_set_hex(l, SC25519_HEX);
	int cases = 0;
	for (int trial = 0; trial < 4; trial++) {
		uint8_t seed[32], pk[32], sk[64], sig[64], h[64], msg[7];
		size_t mlen = (size_t)trial * 2;
		test_rand_bytes(&RNG, seed, 32);
		test_rand_bytes(&RNG, msg, sizeof msg);
		test_expect(ecf_ed25519_keypair(pk, sk, seed) == ECF_OK, "keypair");
		test_expect(ecf_ed25519_sign(sig, sk, msg, mlen) == ECF_OK, "sign");
		/* a = clamp(SHA-512(seed)[0..31]) */
		oracle_sha512(h, seed, 32, NULL, 0, NULL, 0);
		h[0] &= 248;
		h[31] &= 127;
		h[31] |= 64;
		mpz_import(a, 32, -1, 1, 0, 0, h);
		/* r = S - k a mod l */
		oracle_sha512(h, sig, 32, pk, 32, msg, mlen);
		wide_mod_l(k, h, l);
		mpz_import(r, 32, -1, 1, 0, 0, sig + 32);
		mpz_submul(r, k, a);
		mpz_mod(r, r, l);
		for (int bit = -1; bit < 16; bit++) {
			uint8_t t[64];
			memcpy(t, sig, 64);
			if (bit < 8) {
				if (bit >= 0)
					t[31] ^= (uint8_t)(1u << bit);
				oracle_sha512(h, t, 32, pk, 32, msg, mlen);
				wide_mod_l(k, h, l);
				mpz_set(z, r);
				mpz_addmul(z, k, a);
				mpz_mod(z, z, l);
				memset(t + 32, 0, 32);
				mpz_export(t + 32, NULL, -1, 1, 0, 0, z);
				if (bit < 0) { /* the construction gives back the signature */
					test_expect_bytes(t, sig, 64, "S = r + k a rebuilt", trial);
					continue;
				}
			} else {
				t[63] ^= (uint8_t)(1u << (bit - 8));
			}
			for (size_t tk = 0; tk < test_tier_count(); tk++) {
				test_tier_select(tk);
				int st = ecf_ed25519_verify(t, pk, msg, mlen);
				test_expect(st != ECF_OK,
				            "%s: %s bit %d of the last byte flipped: strict verify accepts",
				            test_tier_name(tk), bit < 8 ? "R's" : "S's", bit % 8);
				st = ecf_ed25519_verify_cofactored(t, pk, msg, mlen);
				test_expect(st != ECF_OK,
				            "%s: %s bit %d of the last byte flipped: ZIP-215 verify accepts",
				            test_tier_name(tk), bit < 8 ? "R's" : "S's", bit % 8);
			}
#ifdef ECF_HAVE_SODIUM
			test_expect(crypto_sign_verify_detached(t, msg, mlen, pk) != 0,
			            "libsodium accepts %s bit %d of the last byte flipped", bit < 8 ? "R's" : "S's",
			            bit % 8);
#endif
			cases++;
		}
	}
	test_tier_restore();
	fprintf(stderr, "# %d signatures with a bit of R's or S's last byte flipped (R' = the old R), all rejected\n",
	        cases);
	mpz_clears(l, a, k, r, z, NULL);
#else
	fprintf(stderr, "# SKIPPED: neither libsodium nor OpenSSL (SHA-512 oracle) found\n");
	skip();
#endif
}

/* ---- wiping: the clamped secret scalar and the nonce must not stay on the stack ---- */

static uint8_t W_SK[64], W_SIG[64];
static const uint8_t W_MSG[3] = "abc";

static __attribute__((noinline)) size_t probe_sign(const uint8_t *needle, size_t nlen)
{
	test_stack_paint(0xcc);
	test_expect(ecf_ed25519_sign(W_SIG, W_SK, W_MSG, 3) == ECF_OK, "sign");
	return test_stack_count(needle, 1, nlen);
}

static __attribute__((noinline)) size_t probe_keypair(const uint8_t *needle, size_t nlen)
{
	uint8_t pk[32];
	test_stack_paint(0xcc);
	test_expect(ecf_ed25519_public_key(pk, W_SK) == ECF_OK, "public_key");
	return test_stack_count(needle, 1, nlen);
}

static void test_wipe(void **s)
{
	(void)s;
	TEST_SKIP_UNDER_ASAN();
#ifdef ECF_HAVE_OPENSSL
	uint8_t pk[32], h[64], a[32], rh[64];
	memset(W_SK, 0x5a, 32);
	test_expect(ecf_ed25519_keypair(pk, W_SK, W_SK) == ECF_OK, "keypair");
	/* expected secrets: the clamped scalar a, the prefix, and the nonce hash */
	SHA512(W_SK, 32, h);
	memcpy(a, h, 32);
	a[0] &= 248;
	a[31] &= 127;
	a[31] |= 64;
	uint8_t buf[35];
	memcpy(buf, h + 32, 32);
	memcpy(buf + 32, W_MSG, 3);
	SHA512(buf, 35, rh);
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		test_expect(probe_sign(a, 32) == 0, "%s: sign left the secret scalar on the stack", test_tier_name(tk));
		test_expect(probe_sign(h + 32, 32) == 0, "%s: sign left the prefix on the stack", test_tier_name(tk));
		test_expect(probe_sign(rh, 32) == 0, "%s: sign left the nonce hash on the stack", test_tier_name(tk));
		test_expect(probe_keypair(a, 32) == 0, "%s: keypair left the secret scalar on the stack",
		            test_tier_name(tk));
		test_expect(probe_keypair(h + 32, 32) == 0, "%s: keypair left the prefix on the stack",
		            test_tier_name(tk));
	}
	test_tier_restore();
#else
	fprintf(stderr, "# SKIPPED: OpenSSL (SHA-512 oracle) not found: no stack-wipe test of Ed25519\n");
	skip();
#endif
}

/* A public key with a small-order component: R' = [S]B - [k]A needs -k*A,
 * and (l - k)*A differs from it outside the prime-order subgroup. Found by
 * fuzz/fuzz_ed25519.c against OpenSSL: A with y = 0 and the sign bit set
 * (a point of order 4); sig = 0^64, empty message. k = SHA-512(0^32 || A) mod l
 * is 2 mod 4, so R' = -2A = (0, -1), not the all-zero R: RFC 8032 (and
 * OpenSSL, and libsodium) reject it; verifying with (l - k)*A = -A accepted. */
static void test_small_order_key(void **s)
{
	(void)s;
	uint8_t pk[32] = {0}, sig[64] = {0};
	pk[31] = 0x80;
	int st = ecf_ed25519_verify(sig, pk, NULL, 0);
	test_expect(st == ECF_ERR_VERIFY, "order-4 key, zero signature: verify returned %d, want ECF_ERR_VERIFY", st);
	/* cofactored: 8(R' - R) = 8(0, -1) = O, so ZIP-215 accepts */
	st = ecf_ed25519_verify_cofactored(sig, pk, NULL, 0);
	test_expect(st == ECF_OK, "order-4 key, zero signature: verify_cofactored returned %d, want ECF_OK", st);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_rfc8032), cmocka_unit_test(test_random),          cmocka_unit_test(test_edges),
	    cmocka_unit_test(test_wipe),    cmocka_unit_test(test_small_order_key), cmocka_unit_test(test_last_bytes),
	};
	return cmocka_run_group_tests_name("ed25519", tests, setup, NULL);
}
