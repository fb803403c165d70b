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

/* ---- Ed25519ctx and Ed25519ph: RFC 8032 sections 7.2 and 7.3 ---- */

static int all_zero(const uint8_t *b, size_t n)
{
	uint8_t acc = 0;
	for (size_t i = 0; i < n; i++)
		acc |= b[i];
	return acc == 0;
}

static void test_rfc8032_ctx_ph(void **s)
{
	(void)s;
	int ctx_n = 0, ph_n = 0;
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		FILE *f = vec_open("rfc/rfc8032_ed25519ctx_ph.txt");
		vec_record rec;
		long line = 0;
		while (vec_next(f, &rec, &line)) {
			const char *scheme = vec_get(&rec, "scheme");
			if (!scheme)
				continue;
			int ph = strcmp(scheme, "Ed25519ph") == 0;
			const char *mh = vec_get(&rec, "message"), *ch = vec_get(&rec, "context");
			test_expect(mh && ch && (ph || strcmp(scheme, "Ed25519ctx") == 0), "vector at line %ld",
			            rec.line);
			uint8_t seed[32], pk[32], sig[64], got[64], sk[64], gpk[32], msg[64], ctx[255], digest[64];
			size_t mlen = strlen(mh) / 2, clen = strlen(ch) / 2;
			test_expect(mlen <= sizeof msg && clen <= sizeof ctx &&
			                vec_hex(seed, 32, vec_get(&rec, "secret_key")) &&
			                vec_hex(pk, 32, vec_get(&rec, "public_key")) &&
			                vec_hex(sig, 64, vec_get(&rec, "signature")) && vec_hex(msg, mlen, mh) &&
			                (clen == 0 || vec_hex(ctx, clen, ch)),
			            "vector at line %ld", rec.line);
			test_expect(ecf_ed25519_keypair(gpk, sk, seed) == ECF_OK, "keypair");
			test_expect_bytes(gpk, pk, 32, "RFC 8032 7.2/7.3 public key", rec.line);
			if (ph) {
				test_expect(vec_hex(digest, 64, vec_get(&rec, "prehash")), "prehash, line %ld",
				            rec.line);
#ifdef ECF_HAVE_OPENSSL
				uint8_t d2[64];
				SHA512(msg, mlen, d2);
				test_expect_bytes(d2, digest, 64, "prehash = SHA-512(message)", rec.line);
#endif
				test_expect(ecf_ed25519ph_sign(got, sk, digest, ctx, clen) == ECF_OK, "ph_sign");
				test_expect_bytes(got, sig, 64, "RFC 8032 7.3 signature", rec.line);
				test_expect(ecf_ed25519ph_verify(sig, pk, digest, ctx, clen) == ECF_OK,
				            "ph_verify, line %ld", rec.line);
				/* another context, pure Ed25519 and Ed25519ctx over the digest: rejected */
				test_expect(ecf_ed25519ph_verify(sig, pk, digest, (const uint8_t *)"x", 1) ==
				                ECF_ERR_VERIFY,
				            "ph_verify with another context");
				test_expect(ecf_ed25519_verify(sig, pk, digest, 64) == ECF_ERR_VERIFY,
				            "pure verify of a ph sig");
				digest[7] ^= 1;
				test_expect(ecf_ed25519ph_verify(sig, pk, digest, ctx, clen) == ECF_ERR_VERIFY,
				            "ph_verify, tampered digest");
				ph_n++;
			} else {
				test_expect(ecf_ed25519ctx_sign(got, sk, msg, mlen, ctx, clen) == ECF_OK, "ctx_sign");
				test_expect_bytes(got, sig, 64, "RFC 8032 7.2 signature", rec.line);
				test_expect(ecf_ed25519ctx_verify(sig, pk, msg, mlen, ctx, clen) == ECF_OK,
				            "ctx_verify, line %ld", rec.line);
				/* the context is bound: another one, none (pure), or ph: rejected */
				ctx[0] ^= 1;
				test_expect(ecf_ed25519ctx_verify(sig, pk, msg, mlen, ctx, clen) == ECF_ERR_VERIFY,
				            "ctx_verify with another context");
				ctx[0] ^= 1;
				test_expect(ecf_ed25519ctx_verify(sig, pk, msg, mlen, ctx, clen - 1) == ECF_ERR_VERIFY,
				            "ctx_verify with a shorter context");
				test_expect(ecf_ed25519_verify(sig, pk, msg, mlen) == ECF_ERR_VERIFY,
				            "pure verify of a ctx sig");
				/* aliasing: sig over sk, and over msg */
				memcpy(got, sk, 64);
				test_expect(ecf_ed25519ctx_sign(got, got, msg, mlen, ctx, clen) == ECF_OK,
				            "ctx_sign (sig = sk)");
				test_expect_bytes(got, sig, 64, "ctx_sign (sig = sk)", rec.line);
				memcpy(got, msg, mlen);
				test_expect(ecf_ed25519ctx_sign(got, sk, got, mlen, ctx, clen) == ECF_OK,
				            "ctx_sign (sig = msg)");
				test_expect_bytes(got, sig, 64, "ctx_sign (sig = msg)", rec.line);
				sig[63] ^= 0x40;
				test_expect(ecf_ed25519ctx_verify(sig, pk, msg, mlen, ctx, clen) != ECF_OK,
				            "tampered S");
				ctx_n++;
			}
		}
		fclose(f);
	}
	test_tier_restore();
	fprintf(stderr, "# RFC 8032: %d Ed25519ctx and %d Ed25519ph vectors reproduced (over every tier)\n", ctx_n,
	        ph_n);
	test_expect(ctx_n == 4 * (int)test_tier_count() && ph_n == (int)test_tier_count(), "vector count");
}

/* Arguments: NULLs, lengths, and every output zeroed on every error. */
static void test_ctx_ph_args(void **s)
{
	(void)s;
	uint8_t seed[32] = {1}, pk[32], sk[64], sig[64], msg[8] = "msg", ctx[256], dg[64] = {2};
	memset(ctx, 'c', sizeof ctx);
	test_expect(ecf_ed25519_keypair(pk, sk, seed) == ECF_OK, "keypair");
	const size_t bad_ctx[] = {0, 256, 1000};
	for (size_t j = 0; j < 3; j++) {
		memset(sig, 0xa5, 64);
		test_expect(ecf_ed25519ctx_sign(sig, sk, msg, 3, ctx, bad_ctx[j]) == ECF_ERR_LENGTH &&
		                all_zero(sig, 64),
		            "ctx_sign ctx_len %zu", bad_ctx[j]);
		test_expect(ecf_ed25519ctx_verify(sig, pk, msg, 3, ctx, bad_ctx[j]) == ECF_ERR_LENGTH,
		            "ctx_verify ctx_len %zu", bad_ctx[j]);
		if (bad_ctx[j] == 0)
			continue;
		memset(sig, 0xa5, 64);
		test_expect(ecf_ed25519ph_sign(sig, sk, dg, ctx, bad_ctx[j]) == ECF_ERR_LENGTH && all_zero(sig, 64),
		            "ph_sign ctx_len %zu", bad_ctx[j]);
		test_expect(ecf_ed25519ph_verify(sig, pk, dg, ctx, bad_ctx[j]) == ECF_ERR_LENGTH, "ph_verify ctx_len");
	}
	/* 255 bytes of context: the longest, accepted both ways */
	test_expect(ecf_ed25519ctx_sign(sig, sk, msg, 3, ctx, 255) == ECF_OK &&
	                ecf_ed25519ctx_verify(sig, pk, msg, 3, ctx, 255) == ECF_OK,
	            "ctx_len 255");
	test_expect(ecf_ed25519ph_sign(sig, sk, dg, ctx, 255) == ECF_OK &&
	                ecf_ed25519ph_verify(sig, pk, dg, ctx, 255) == ECF_OK &&
	                ecf_ed25519ph_verify(sig, pk, dg, ctx, 254) == ECF_ERR_VERIFY,
	            "ph ctx_len 255");
	test_expect(ecf_ed25519ph_sign(sig, sk, dg, NULL, 0) == ECF_OK &&
	                ecf_ed25519ph_verify(sig, pk, dg, NULL, 0) == ECF_OK,
	            "ph, empty context as NULL");
	/* NULLs: status ECF_ERR_NULL, sig zeroed */
	memset(sig, 0xa5, 64);
	test_expect(ecf_ed25519ctx_sign(sig, NULL, msg, 3, ctx, 3) == ECF_ERR_NULL && all_zero(sig, 64), "ctx NULL sk");
	memset(sig, 0xa5, 64);
	test_expect(ecf_ed25519ctx_sign(sig, sk, NULL, 3, ctx, 3) == ECF_ERR_NULL && all_zero(sig, 64), "ctx NULL msg");
	memset(sig, 0xa5, 64);
	test_expect(ecf_ed25519ctx_sign(sig, sk, msg, 3, NULL, 3) == ECF_ERR_NULL && all_zero(sig, 64), "ctx NULL ctx");
	test_expect(ecf_ed25519ctx_sign(NULL, sk, msg, 3, ctx, 3) == ECF_ERR_NULL, "ctx NULL sig");
	test_expect(ecf_ed25519ctx_sign(sig, sk, NULL, 0, ctx, 3) == ECF_OK &&
	                ecf_ed25519ctx_verify(sig, pk, NULL, 0, ctx, 3) == ECF_OK,
	            "ctx, empty message as NULL");
	memset(sig, 0xa5, 64);
	test_expect(ecf_ed25519ph_sign(sig, sk, NULL, ctx, 3) == ECF_ERR_NULL && all_zero(sig, 64), "ph NULL digest");
	memset(sig, 0xa5, 64);
	test_expect(ecf_ed25519ph_sign(sig, NULL, dg, ctx, 3) == ECF_ERR_NULL && all_zero(sig, 64), "ph NULL sk");
	memset(sig, 0xa5, 64);
	test_expect(ecf_ed25519ph_sign(sig, sk, dg, NULL, 3) == ECF_ERR_NULL && all_zero(sig, 64), "ph NULL ctx");
	test_expect(ecf_ed25519ctx_verify(NULL, pk, msg, 3, ctx, 3) == ECF_ERR_NULL &&
	                ecf_ed25519ctx_verify(sig, NULL, msg, 3, ctx, 3) == ECF_ERR_NULL &&
	                ecf_ed25519ctx_verify(sig, pk, NULL, 3, ctx, 3) == ECF_ERR_NULL &&
	                ecf_ed25519ctx_verify(sig, pk, msg, 3, NULL, 3) == ECF_ERR_NULL &&
	                ecf_ed25519ph_verify(NULL, pk, dg, ctx, 3) == ECF_ERR_NULL &&
	                ecf_ed25519ph_verify(sig, NULL, dg, ctx, 3) == ECF_ERR_NULL &&
	                ecf_ed25519ph_verify(sig, pk, NULL, ctx, 3) == ECF_ERR_NULL &&
	                ecf_ed25519ph_verify(sig, pk, dg, NULL, 3) == ECF_ERR_NULL,
	            "verify NULLs");
	/* keypair, public_key, sign: outputs zeroed on ECF_ERR_NULL */
	uint8_t a[64], b[64];
	memset(a, 0xa5, 64);
	memset(b, 0xa5, 64);
	test_expect(ecf_ed25519_keypair(a, b, NULL) == ECF_ERR_NULL && all_zero(a, 32) && all_zero(b, 64),
	            "keypair(NULL seed) zeroes pk and sk");
	memset(a, 0xa5, 64);
	test_expect(ecf_ed25519_keypair(a, NULL, seed) == ECF_ERR_NULL && all_zero(a, 32),
	            "keypair(NULL sk) zeroes pk");
	memset(b, 0xa5, 64);
	test_expect(ecf_ed25519_keypair(NULL, b, seed) == ECF_ERR_NULL && all_zero(b, 64),
	            "keypair(NULL pk) zeroes sk");
	memset(a, 0xa5, 64);
	test_expect(ecf_ed25519_public_key(a, NULL) == ECF_ERR_NULL && all_zero(a, 32), "public_key(NULL seed)");
	test_expect(ecf_ed25519_public_key(NULL, seed) == ECF_ERR_NULL, "public_key(NULL pk)");
	memset(a, 0xa5, 64);
	test_expect(ecf_ed25519_sign(a, NULL, msg, 3) == ECF_ERR_NULL && all_zero(a, 64), "sign(NULL sk) zeroes sig");
	memset(a, 0xa5, 64);
	test_expect(ecf_ed25519_sign(a, sk, NULL, 3) == ECF_ERR_NULL && all_zero(a, 64), "sign(NULL msg) zeroes sig");
	/* public_key = keypair's pk, and the first half of sk is the seed */
	test_expect(ecf_ed25519_public_key(a, sk) == ECF_OK, "public_key of sk's first half");
	test_expect_bytes(a, pk, 32, "public_key(seed) = keypair pk", 0);
	test_expect_bytes(sk, seed, 32, "sk = seed || pk", 0);
}

/* Ed25519ph with an empty context against libsodium's crypto_sign_ed25519ph
 * (which signs with dom2(1, "")), random digests and keys on every tier;
 * Ed25519ctx against the dom2 definition through OpenSSL's SHA-512 is
 * covered by the RFC vectors (OpenSSL 3.0 has no Ed25519ctx/Ed25519ph:
 * its "instance" parameter came with 3.2). */
static void test_ph_sodium(void **s)
{
	(void)s;
#ifdef ECF_HAVE_SODIUM
	long n = test_iterations(500);
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (long i = 0; i < n; i++) {
			uint8_t seed[32], pk[32], sk[64], sig[64], want[64], msg[40];
			size_t mlen = (size_t)(i % 41);
			test_rand_bytes(&RNG, seed, 32);
			test_rand_bytes(&RNG, msg, mlen);
			test_expect(ecf_ed25519_keypair(pk, sk, seed) == ECF_OK, "keypair");
			crypto_sign_ed25519ph_state st;
			crypto_sign_ed25519ph_init(&st);
			crypto_sign_ed25519ph_update(&st, msg, mlen);
			crypto_sign_ed25519ph_final_create(&st, want, NULL, sk);
			uint8_t dg[64];
			crypto_hash_sha512(dg, msg, mlen);
			test_expect(ecf_ed25519ph_sign(sig, sk, dg, NULL, 0) == ECF_OK, "ph_sign");
			test_expect_bytes(sig, want, 64, "Ed25519ph vs libsodium", i);
			test_expect(ecf_ed25519ph_verify(want, pk, dg, NULL, 0) == ECF_OK, "ph_verify libsodium's, %ld",
			            i);
			sig[i % 64] ^= (uint8_t)(1 << (i % 8));
			crypto_sign_ed25519ph_init(&st);
			crypto_sign_ed25519ph_update(&st, msg, mlen);
			int sod = crypto_sign_ed25519ph_final_verify(&st, sig, pk);
			test_expect((ecf_ed25519ph_verify(sig, pk, dg, NULL, 0) == ECF_OK) == (sod == 0),
			            "tampered ph signature: libsodium and ours disagree, case %ld", i);
		}
	}
	test_tier_restore();
	fprintf(stderr, "# Ed25519ph: %ld random cases per tier against libsodium\n", n);
#else
	fprintf(stderr, "# SKIPPED: libsodium not found: no Ed25519ph oracle test\n");
	skip();
#endif
}

/* ---- prepared public keys ---- */

/* verify_prepared must accept and reject exactly what verify does. */
static void expect_same(const uint8_t sig[64], const uint8_t pk[32], const ecf_ed25519_prepared_key *prep,
                        const uint8_t *msg, size_t mlen, long i)
{
	int a = ecf_ed25519_verify(sig, pk, msg, mlen);
	int b = ecf_ed25519_verify_prepared(sig, prep, msg, mlen);
	test_expect((a == ECF_OK) == (b == ECF_OK) && (a == ECF_OK || a == b),
	            "verify %d but verify_prepared %d, case %ld", a, b, i);
}

static void test_prepared(void **s)
{
	(void)s;
	long n = test_iterations(2000);
	static uint8_t msg[200];
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (long i = 0; i < n; i++) {
			uint8_t seed[32], pk[32], sk[64], sig[64];
			size_t mlen = (size_t)(i % 200);
			test_rand_bytes(&RNG, seed, 32);
			test_rand_bytes(&RNG, msg, mlen);
			test_expect(ecf_ed25519_keypair(pk, sk, seed) == ECF_OK, "keypair");
			test_expect(ecf_ed25519_sign(sig, sk, msg, mlen) == ECF_OK, "sign");
			ecf_ed25519_prepared_key prep, copy;
			test_expect(ecf_ed25519_public_key_prepare(&prep, pk) == ECF_OK, "prepare, case %ld", i);
			test_expect(ecf_ed25519_verify_prepared(sig, &prep, msg, mlen) == ECF_OK,
			            "verify_prepared, %ld", i);
			copy = prep; /* a plain value */
			test_expect(ecf_ed25519_verify_prepared(sig, &copy, msg, mlen) == ECF_OK, "copied prep, %ld",
			            i);
			/* tampered R, S, message; S + l; another key's prep */
			uint8_t t[64];
			memcpy(t, sig, 64);
			t[(i * 7) % 64] ^= (uint8_t)(1 << (i % 8));
			expect_same(t, pk, &prep, msg, mlen, i);
			if (mlen > 0) {
				msg[i % (long)mlen] ^= 0x10;
				expect_same(sig, pk, &prep, msg, mlen, i);
				msg[i % (long)mlen] ^= 0x10;
			}
			memcpy(t, sig, 64);
			t[63] |= 0xf0; /* S >= l */
			expect_same(t, pk, &prep, msg, mlen, i);
			test_rand_bytes(&RNG, t, 64); /* garbage */
			expect_same(t, pk, &prep, msg, mlen, i);
		}
	}
	test_tier_restore();
	/* keys that do not decode, or decode to small-order points: prepare
	 * gives verify's status and a zeroed prep, which verify_prepared
	 * rejects; small-order keys prepare and then agree with verify */
	const char *keys[] = {
	    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* y = p: RANGE */
	    "0200000000000000000000000000000000000000000000000000000000000000", /* y = 2: not on the curve */
	    "0100000000000000000000000000000000000000000000000000000000000080", /* x = 0, sign set: ENCODING */
	    "0100000000000000000000000000000000000000000000000000000000000000", /* identity */
	    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* (0, -1), order 2 */
	    "0000000000000000000000000000000000000000000000000000000000000080", /* order 4 */
	    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", /* order 8 */
	};
	for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
		uint8_t pk[32], sig[64] = {0};
		test_expect(vec_hex(pk, 32, keys[k]), "hex");
		ecf_ed25519_prepared_key prep;
		memset(&prep, 0xa5, sizeof prep);
		int want = ecf_ed25519_verify(sig, pk, NULL, 0);
		int st = ecf_ed25519_public_key_prepare(&prep, pk);
		if (st != ECF_OK) {
			test_expect(st == want, "prepare %d, verify %d (key %zu)", st, want, k);
			test_expect(all_zero((const uint8_t *)&prep, sizeof prep), "prep not zeroed on error (key %zu)",
			            k);
			test_expect(ecf_ed25519_verify_prepared(sig, &prep, NULL, 0) == ECF_ERR_ENCODING,
			            "failed prep accepted (key %zu)", k);
		} else {
			for (int m = 0; m < 64; m++) {
				uint8_t msg1[1] = {(uint8_t)m}, zs[64] = {0};
				memcpy(zs, pk, 32); /* R = A: some of these verify under a small-order A */
				expect_same(zs, pk, &prep, msg1, 1, m);
				memset(zs, 0, 32);
				zs[0] = 1; /* R = identity, S = 0 */
				expect_same(zs, pk, &prep, msg1, 1, m);
			}
		}
	}
	/* a zeroed or never prepared struct is rejected, never crashes */
	ecf_ed25519_prepared_key z;
	memset(&z, 0, sizeof z);
	uint8_t sig[64] = {0};
	test_expect(ecf_ed25519_verify_prepared(sig, &z, NULL, 0) == ECF_ERR_ENCODING, "zeroed prep");
	memset(&z, 0xff, sizeof z);
	test_expect(ecf_ed25519_verify_prepared(sig, &z, NULL, 0) == ECF_ERR_ENCODING, "garbage prep");
	test_expect(ecf_ed25519_verify_prepared(NULL, &z, NULL, 0) == ECF_ERR_NULL &&
	                ecf_ed25519_verify_prepared(sig, NULL, NULL, 0) == ECF_ERR_NULL &&
	                ecf_ed25519_verify_prepared(sig, &z, NULL, 1) == ECF_ERR_NULL,
	            "verify_prepared NULLs");
	memset(&z, 0xa5, sizeof z);
	test_expect(ecf_ed25519_public_key_prepare(&z, NULL) == ECF_ERR_NULL && all_zero((const uint8_t *)&z, sizeof z),
	            "prepare(NULL pk) zeroes prep");
	test_expect(ecf_ed25519_public_key_prepare(NULL, sig) == ECF_ERR_NULL, "prepare(NULL prep)");
	test_expect(sizeof(ecf_ed25519_prepared_key) == ECF_ED25519_PREPARED_KEY_BYTES, "size");
	fprintf(stderr, "# prepared keys: %ld random keys per tier, verify_prepared = verify\n", n);
}

/* ---- conversion to X25519 ---- */

static void test_to_x25519(void **s)
{
	(void)s;
#ifdef ECF_HAVE_SODIUM
	long n = test_iterations(2000);
	long accepted = 0, rejected = 0, noncanon = 0;
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (long i = 0; i < n; i++) {
			uint8_t seed[32], pk[32], sk[64], xpk[32], xsk[32], want[32], x2[32];
			test_rand_bytes(&RNG, seed, 32);
			test_expect(ecf_ed25519_keypair(pk, sk, seed) == ECF_OK, "keypair");
			/* a real key: both agree with libsodium, and pk_to(pk) = X25519 public key of sk_to(seed) */
			test_expect(ecf_ed25519_pk_to_x25519(xpk, pk) == ECF_OK, "pk_to_x25519, case %ld", i);
			test_expect(crypto_sign_ed25519_pk_to_curve25519(want, pk) == 0, "libsodium pk_to");
			test_expect_bytes(xpk, want, 32, "pk_to_x25519 vs libsodium", i);
			test_expect(ecf_ed25519_sk_to_x25519(xsk, seed) == ECF_OK, "sk_to_x25519");
			test_expect(crypto_sign_ed25519_sk_to_curve25519(want, sk) == 0, "libsodium sk_to");
			test_expect_bytes(xsk, want, 32, "sk_to_x25519 vs libsodium", i);
			test_expect(ecf_x25519_public_key(x2, xsk) == ECF_OK, "x25519_public_key");
			test_expect_bytes(x2, xpk, 32, "x25519_public_key(sk_to(seed)) = pk_to(pk)", i);
			/* aliasing */
			memcpy(x2, pk, 32);
			test_expect(ecf_ed25519_pk_to_x25519(x2, x2) == ECF_OK, "pk_to in place");
			test_expect_bytes(x2, xpk, 32, "pk_to_x25519 in place", i);
			memcpy(x2, seed, 32);
			test_expect(ecf_ed25519_sk_to_x25519(x2, x2) == ECF_OK, "sk_to in place");
			test_expect_bytes(x2, xsk, 32, "sk_to_x25519 in place", i);
			/* a random string: rejected whenever libsodium rejects it, same u when both accept */
			uint8_t r[32];
			test_rand_bytes(&RNG, r, 32);
			if (i % 4 == 0) { /* non-canonical y in [p, 2^255) and its sign bit */
				memset(r + 1, 0xff, 31);
				r[0] = (uint8_t)(0xed + (i / 4) % 19);
				r[31] = (uint8_t)(0x7f | (i & 0x80));
			}
			memset(xpk, 0xa5, 32);
			int st = ecf_ed25519_pk_to_x25519(xpk, r);
			int sod = crypto_sign_ed25519_pk_to_curve25519(want, r);
			uint8_t y[32];
			memcpy(y, r, 32);
			y[31] &= 0x7f;
			int canonical = !(y[31] == 0x7f && y[0] >= 0xed); /* and bytes 1..30 all 0xff: */
			for (int b = 1; b < 31 && canonical == 0; b++)
				canonical = y[b] != 0xff;
			if (st == ECF_OK) {
				test_expect(sod == 0, "pk_to_x25519 accepted what libsodium rejects, case %ld", i);
				test_expect_bytes(xpk, want, 32, "pk_to_x25519 vs libsodium (random string)", i);
				accepted++;
			} else {
				test_expect(all_zero(xpk, 32), "pk_to_x25519 error left output, case %ld", i);
				test_expect(sod != 0 || !canonical,
				            "pk_to_x25519 rejected (%d) a canonical key libsodium accepts", st);
				if (sod == 0)
					noncanon++;
				rejected++;
			}
		}
	}
	test_tier_restore();
	/* the 8 points of small order, each encoding and sign: ECF_ERR_SMALL_ORDER
	 * (or a decoding error), libsodium rejects all */
	const char *small[] = {
	    "0100000000000000000000000000000000000000000000000000000000000000",
	    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	    "0000000000000000000000000000000000000000000000000000000000000000",
	    "0000000000000000000000000000000000000000000000000000000000000080",
	    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
	    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
	    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
	    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
	};
	for (size_t k = 0; k < 8; k++) {
		uint8_t pk[32], out[32], want[32];
		test_expect(vec_hex(pk, 32, small[k]), "hex");
		memset(out, 0xa5, 32);
		int st = ecf_ed25519_pk_to_x25519(out, pk);
		test_expect(st == ECF_ERR_SMALL_ORDER || (k == 3 && st == ECF_ERR_ENCODING) || (k == 0 && 0),
		            "small-order key %zu: status %d", k, st);
		test_expect(all_zero(out, 32), "small-order key %zu: output not zeroed", k);
		test_expect(crypto_sign_ed25519_pk_to_curve25519(want, pk) != 0, "libsodium accepts small-order %zu",
		            k);
	}
	/* mixed order: A + T for an order-8 T: ECF_ERR_SMALL_ORDER, libsodium rejects */
	for (int i = 0; i < 16; i++) {
		uint8_t seed[32], pk[32], sk[64], out[32], want[32], tb[32];
		ecf_edwards25519_point A, T;
		test_rand_bytes(&RNG, seed, 32);
		test_expect(ecf_ed25519_keypair(pk, sk, seed) == ECF_OK, "keypair");
		test_expect(vec_hex(tb, 32, small[4 + (i & 3)]) && ecf_edwards25519_from_bytes(&T, tb, 32) == ECF_OK &&
		                ecf_edwards25519_from_bytes(&A, pk, 32) == ECF_OK,
		            "decode");
		ecf_edwards25519_add(&A, &A, &T);
		ecf_edwards25519_to_bytes(pk, &A);
		memset(out, 0xa5, 32);
		test_expect(ecf_ed25519_pk_to_x25519(out, pk) == ECF_ERR_SMALL_ORDER && all_zero(out, 32),
		            "mixed-order key accepted, case %d", i);
		test_expect(crypto_sign_ed25519_pk_to_curve25519(want, pk) != 0, "libsodium accepts mixed order");
	}
	/* non-canonical y (y >= p) of a point: ECF_ERR_RANGE (libsodium reduces it) */
	{
		uint8_t pk[32], out[32];
		test_expect(vec_hex(pk, 32, "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"), "hex");
		int st = ecf_ed25519_pk_to_x25519(out, pk);
		test_expect(st == ECF_ERR_RANGE || st == ECF_ERR_NOT_ON_CURVE, "y = p + 1 (the identity): %d", st);
	}
	uint8_t z[32], o[32];
	memset(z, 0x11, 32);
	memset(o, 0xa5, 32);
	test_expect(ecf_ed25519_pk_to_x25519(o, NULL) == ECF_ERR_NULL && all_zero(o, 32), "pk_to(NULL)");
	memset(o, 0xa5, 32);
	test_expect(ecf_ed25519_sk_to_x25519(o, NULL) == ECF_ERR_NULL && all_zero(o, 32), "sk_to(NULL)");
	test_expect(ecf_ed25519_pk_to_x25519(NULL, z) == ECF_ERR_NULL &&
	                ecf_ed25519_sk_to_x25519(NULL, z) == ECF_ERR_NULL,
	            "NULL outputs");
	fprintf(stderr,
	        "# ed25519 -> x25519: %ld random keys per tier against libsodium; random strings: %ld accepted, %ld "
	        "rejected (%ld non-canonical y that libsodium accepts)\n",
	        n, accepted, rejected, noncanon);
#else
	fprintf(stderr, "# SKIPPED: libsodium not found: no Ed25519 -> X25519 oracle test\n");
	skip();
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_rfc8032),         cmocka_unit_test(test_random),
	    cmocka_unit_test(test_edges),           cmocka_unit_test(test_wipe),
	    cmocka_unit_test(test_small_order_key), cmocka_unit_test(test_last_bytes),
	    cmocka_unit_test(test_rfc8032_ctx_ph),  cmocka_unit_test(test_ctx_ph_args),
	    cmocka_unit_test(test_ph_sodium),       cmocka_unit_test(test_prepared),
	    cmocka_unit_test(test_to_x25519),
	};
	return cmocka_run_group_tests_name("ed25519", tests, setup, NULL);
}
