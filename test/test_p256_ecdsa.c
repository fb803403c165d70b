/*
 * ECDSA over P-256 (ecfield/p256_ecdsa.h) on every kernel tier:
 *  - RFC 6979 A.2.5 (test/vectors/rfc/rfc6979_p256.txt): for SHA-256,
 *    the nonce k and the signature (r, s) exactly; for the other hashes (the
 *    library's DRBG is HMAC-SHA-256 only) the RFC's signatures verify, with
 *    the digests from OpenSSL;
 *  - the RFC 6979 generator against a reference HMAC-DRBG written here from
 *    RFC 6979 section 3.2 (OpenSSL's HMAC and GMP), with a test modulus
 *    q' = 2^255 + 1 so that about half of the candidates are >= q' (the k >= q
 *    retry of step h.3) and half of the digests are >= q' (the reduction in
 *    bits2octets; the library's generator is for n only, so q' goes through
 *    the test hook of the same code, testhooks/p256_hooks.h), and with n (the
 *    library's) on digests >= n;
 *  - signatures against OpenSSL both ways (ours verified by ECDSA_do_verify,
 *    OpenSSL's ECDSA_do_sign verified by us), corrupted signatures, digests
 *    and keys rejected by both, DER parsing against d2i_ECDSA_SIG on random
 *    mutations (every DER OpenSSL rejects, we reject; we also reject the
 *    non-canonical forms), low-s, hedged nonces, error codes;
 *  - the private key and nonce wiped from the stack after signing.
 * OpenSSL (libcrypto) is an optional test-only dependency: without it those
 * cases are reported as skipped. Random counts scale with ECF_TEST_SCALE.
 */
#include <stdlib.h>
#include <string.h>

#include "common/moduli.h" /* P256_HEX, generated */
#include "common/wipe.h"
#include "curves/p256/group.h"
#include "ecfield/p256_ecdsa.h"
#include "ecfield/p256_ecdh.h"
#include "ecfield/p256_point.h"
#include "hash/sha2.h"
#include "testhooks/p256_hooks.h"
#include "testutil.h"
#include "vectors.h"

#ifdef HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/obj_mac.h>
#endif

static const char *const N_HEX = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";

static void rand_bytes(test_rng *rng, uint8_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = (uint8_t)(test_rng_next(rng) >> 56);
}

static void mpz_to_be32(uint8_t out[32], const mpz_t z)
{
	uint64_t l[4];
	test_mpz_to_limbs(l, 4, z);
	for (int i = 0; i < 32; i++)
		out[i] = (uint8_t)(l[3 - i / 8] >> (56 - 8 * (i % 8)));
}

/* 1 if the n bytes at p are all zero. */
static int all_zero(const uint8_t *p, size_t n)
{
	uint8_t acc = 0;
	for (size_t i = 0; i < n; i++)
		acc |= p[i];
	return acc == 0;
}

/* A random valid private key and its public key. */
static void rand_key(test_rng *rng, uint8_t priv[32], uint8_t pub[65])
{
	uint8_t seed[48];
	rand_bytes(rng, seed, 48);
	assert_int_equal(ecf_p256_keypair(pub, priv, seed, 48), ECF_OK);
}

/* 64 hex digits at h into 32 bytes. */
static int hex32(uint8_t out[32], const char *h)
{
	char buf[65];
	if (h == NULL || strlen(h) < 64)
		return 0;
	memcpy(buf, h, 64);
	buf[64] = 0;
	return vec_hex(out, 32, buf);
}

/* The value of the token "key=value" in a line. */
static const char *token(const char *line, const char *key)
{
	size_t kl = strlen(key);
	for (const char *p = line; (p = strstr(p, key)) != NULL; p++)
		if ((p == line || p[-1] == ' ') && p[kl] == '=')
			return p + kl + 1;
	return NULL;
}

static void test_rfc6979(void **s)
{
	(void)s;
	FILE *f = vec_open("rfc/rfc6979_p256.txt");
	char line[1024];
	uint8_t x[32] = {0}, ux[32], uy[32], pub[65];
	int nsha256 = 0, nother = 0;
	while (fgets(line, sizeof line, f)) {
		if (strncmp(line, "key ", 4) == 0) {
			assert_true(hex32(x, token(line, "x")) && hex32(ux, token(line, "ux")) &&
			            hex32(uy, token(line, "uy")));
			uint8_t want[65] = {0x04};
			memcpy(want + 1, ux, 32);
			memcpy(want + 33, uy, 32);
			for (size_t t = 0; t < test_tier_count(); t++) {
				test_tier_select(t);
				test_expect(ecf_p256_public_key(pub, x) == ECF_OK && memcmp(pub, want, 65) == 0,
				            "RFC 6979 public key");
			}
			continue;
		}
		if (strncmp(line, "sig ", 4) != 0)
			continue;
		const char *msg = token(line, "msg");
		size_t mlen = strcspn(msg, " ");
		const char *hash = token(line, "hash");
		uint8_t k[32], r[32], sv[32], sig[64], got[64], digest[64];
		assert_true(hex32(k, token(line, "k")) && hex32(r, token(line, "r")) && hex32(sv, token(line, "s")));
		memcpy(sig, r, 32);
		memcpy(sig + 32, sv, 32);
		size_t dlen = 0;
		if (strncmp(hash, "SHA-256 ", 8) == 0) {
			ecfi_sha256(digest, msg, mlen);
			dlen = 32;
		} else {
#ifdef HAVE_OPENSSL
			const EVP_MD *md = strncmp(hash, "SHA-1 ", 6) == 0     ? EVP_sha1()
			                   : strncmp(hash, "SHA-224 ", 8) == 0 ? EVP_sha224()
			                   : strncmp(hash, "SHA-384 ", 8) == 0 ? EVP_sha384()
			                                                       : EVP_sha512();
			unsigned dl = 0;
			EVP_Digest(msg, mlen, digest, &dl, md, NULL);
			dlen = dl;
#else
			continue;
#endif
		}
		for (size_t t = 0; t < test_tier_count(); t++) {
			test_tier_select(t);
			/* Every RFC signature verifies (64 bytes and DER). */
			test_expect(ecf_p256_ecdsa_verify(sig, pub, 65, digest, dlen) == ECF_OK,
			            "RFC 6979 %.*s %.7s verify", (int)mlen, msg, hash);
			uint8_t der[72];
			size_t derlen;
			test_expect(ecf_p256_ecdsa_sig_to_der(der, &derlen, sig) == ECF_OK &&
			                ecf_p256_ecdsa_verify_der(der, derlen, pub, 65, digest, dlen) == ECF_OK,
			            "RFC 6979 DER verify");
			if (dlen != 32)
				continue;
			/* SHA-256: the nonce and the signature exactly. */
			ecfi_p256_rfc6979 g;
			uint64_t kk[4];
			uint8_t kb[32];
			ecfi_p256_rfc6979_init(&g, x, digest, dlen, NULL, 0);
			ecfi_p256_rfc6979_next(&g, kk);
			for (int i = 0; i < 32; i++)
				kb[i] = (uint8_t)(kk[3 - i / 8] >> (56 - 8 * (i % 8)));
			test_expect(memcmp(kb, k, 32) == 0, "RFC 6979 %.*s SHA-256: k", (int)mlen, msg);
			test_expect(ecf_p256_ecdsa_sign(got, x, digest, dlen, NULL, 0, 0) == ECF_OK &&
			                memcmp(got, sig, 64) == 0,
			            "RFC 6979 %.*s SHA-256: (r, s)", (int)mlen, msg);
			/* sign_msg hashes the message itself: RFC 6979's signature exactly. */
			test_expect(ecf_p256_ecdsa_sign_msg(got, x, (const uint8_t *)msg, mlen, NULL, 0, 0) == ECF_OK &&
			                memcmp(got, sig, 64) == 0,
			            "RFC 6979 %.*s SHA-256: sign_msg (r, s)", (int)mlen, msg);
			ecf_p256_ecdsa_prepared_key prep, prepc;
			uint8_t pubc[33];
			test_expect(ecf_p256_point_compress(pubc, pub, 65) == ECF_OK, "RFC 6979 key compressed");
			test_expect(ecf_p256_ecdsa_public_key_prepare(&prep, pub, 65) == ECF_OK &&
			                ecf_p256_ecdsa_public_key_prepare(&prepc, pubc, 33) == ECF_OK,
			            "RFC 6979 key prepared");
			test_expect(
			    ecf_p256_ecdsa_verify_msg(sig, pub, 65, (const uint8_t *)msg, mlen) == ECF_OK &&
			        ecf_p256_ecdsa_verify_msg(sig, pubc, 33, (const uint8_t *)msg, mlen) == ECF_OK &&
			        ecf_p256_ecdsa_verify_msg_prepared(sig, &prep, (const uint8_t *)msg, mlen) == ECF_OK &&
			        ecf_p256_ecdsa_verify_msg_prepared(sig, &prepc, (const uint8_t *)msg, mlen) == ECF_OK &&
			        ecf_p256_ecdsa_verify_prepared(sig, &prep, digest, dlen) == ECF_OK,
			    "RFC 6979 %.*s SHA-256: verify_msg, verify_prepared", (int)mlen, msg);
		}
		if (dlen == 32)
			nsha256++;
		else
			nother++;
	}
	fclose(f);
	test_tier_restore();
	test_expect(nsha256 == 2, "RFC 6979: %d SHA-256 vectors (want 2)", nsha256);
#ifdef HAVE_OPENSSL
	test_expect(nother == 8, "RFC 6979: %d other vectors (want 8)", nother);
#else
	print_message("OpenSSL not found: the 8 non-SHA-256 RFC 6979 vectors skipped\n");
#endif
}

#define REQUIRE_OPENSSL()                                                                                              \
	do {                                                                                                           \
		if (!have_openssl()) {                                                                                 \
			print_message("OpenSSL (libcrypto) not found: skipped\n");                                     \
			skip();                                                                                        \
		}                                                                                                      \
	} while (0)

static int have_openssl(void)
{
#ifdef HAVE_OPENSSL
	return 1;
#else
	return 0;
#endif
}

#ifdef HAVE_OPENSSL
static EC_GROUP *grp;
static BN_CTX *bnctx;

static void hmac(uint8_t out[32], const uint8_t key[32], const uint8_t *msg, size_t len)
{
	unsigned ol = 0;
	HMAC(EVP_sha256(), key, 32, msg, len, out, &ol);
}

/* RFC 6979 section 3.2, step by step, with GMP: the first count accepted
 * candidates k (and how many were rejected on the way). */
static int ref_nonces(mpz_t *out, int count, const uint8_t x[32], const uint8_t *h, size_t hlen, const uint8_t *extra,
                      size_t elen, const mpz_t q)
{
	mpz_t e, k;
	mpz_inits(e, k, NULL);
	mpz_import(e, hlen < 32 ? hlen : 32, 1, 1, 1, 0, h); /* bits2int: leftmost qlen bits */
	mpz_mod(e, e, q);
	uint8_t ho[32], V[32], K[32], buf[32 + 1 + 32 + 32 + 256];
	mpz_to_be32(ho, e);
	memset(V, 1, 32);
	memset(K, 0, 32);
	for (int step = 0; step < 2; step++) {
		memcpy(buf, V, 32);
		buf[32] = (uint8_t)step;
		memcpy(buf + 33, x, 32);
		memcpy(buf + 65, ho, 32);
		memcpy(buf + 97, extra, elen);
		hmac(K, K, buf, 97 + elen);
		hmac(V, K, V, 32);
	}
	int produced = 0, rejected = 0, first = 1;
	while (produced < count) {
		if (!first) {
			memcpy(buf, V, 32);
			buf[32] = 0;
			hmac(K, K, buf, 33);
			hmac(V, K, V, 32);
		}
		first = 0;
		hmac(V, K, V, 32);
		mpz_import(k, 32, 1, 1, 1, 0, V);
		if (mpz_sgn(k) > 0 && mpz_cmp(k, q) < 0)
			mpz_set(out[produced++], k);
		else
			rejected++;
	}
	mpz_clears(e, k, NULL);
	return rejected;
}
#endif

/* The generator against the reference: q' = 2^255 + 1 (half the candidates
 * and half the digests >= q') through the test hook of the same code, and the
 * library's (n) with digests >= n. */
static void test_nonce_reference(void **s)
{
	(void)s;
	REQUIRE_OPENSSL();
#ifdef HAVE_OPENSSL
	test_rng rng;
	test_rng_init(&rng, 0x6979);
	mpz_t q, want[3], got;
	mpz_inits(q, got, want[0], want[1], want[2], NULL);
	int rejected = 0, reduced = 0;
	for (int which = 0; which < 2; which++) {
		uint64_t ql[4];
		if (which == 0) {
			mpz_set_ui(q, 1);
			mpz_mul_2exp(q, q, 255);
			mpz_add_ui(q, q, 1);
		} else {
			test_mpz_set_hex(q, N_HEX);
		}
		test_mpz_to_limbs(ql, 4, q);
		for (long i = 0; i < test_iterations(300); i++) {
			uint8_t x[32], h[64], extra[80];
			size_t hl = (size_t)(i % 5) * 16, el = (i % 3) ? 0 : (size_t)(i % 80);
			rand_bytes(&rng, x, 32);
			rand_bytes(&rng, h, 64);
			rand_bytes(&rng, extra, el);
			if (which == 1 && hl >= 32) /* a digest >= n: its top 32 bits all ones */
				memset(h, 0xff, 4 + i % 8);
			mpz_t e;
			mpz_init(e);
			mpz_import(e, hl < 32 ? hl : 32, 1, 1, 1, 0, h);
			reduced += mpz_cmp(e, q) >= 0;
			mpz_clear(e);
			rejected += ref_nonces(want, 3, x, h, hl, extra, el, q);
			ecfi_p256_rfc6979 g;
			if (which == 0)
				ecfi_test_p256_rfc6979_init(&g, x, hl ? h : NULL, hl, el ? extra : NULL, el, ql);
			else
				ecfi_p256_rfc6979_init(&g, x, hl ? h : NULL, hl, el ? extra : NULL, el);
			for (int j = 0; j < 3; j++) {
				uint64_t k[4];
				if (which == 0)
					ecfi_test_p256_rfc6979_next(&g, k, ql);
				else
					ecfi_p256_rfc6979_next(&g, k);
				test_limbs_to_mpz(got, k, 4);
				test_expect(mpz_cmp(got, want[j]) == 0, "nonce %d differs (q %d, case %ld)", j, which,
				            i);
			}
		}
	}
	test_expect(rejected > 50 && reduced > 50, "the rejection (%d) and reduction (%d) paths ran", rejected,
	            reduced);
	mpz_clears(q, got, want[0], want[1], want[2], NULL);
#endif
}

#ifdef HAVE_OPENSSL
/* OpenSSL's key object for a public key. */
static EC_KEY *ossl_key(const uint8_t *priv, const uint8_t pub[65])
{
	EC_KEY *key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
	EC_POINT *pt = EC_POINT_new(grp);
	EC_POINT_oct2point(grp, pt, pub, 65, bnctx);
	EC_KEY_set_public_key(key, pt);
	EC_POINT_free(pt);
	if (priv) {
		BIGNUM *d = BN_bin2bn(priv, 32, NULL);
		EC_KEY_set_private_key(key, d);
		BN_free(d);
	}
	return key;
}

static ECDSA_SIG *ossl_sig(const uint8_t sig[64])
{
	ECDSA_SIG *os = ECDSA_SIG_new();
	ECDSA_SIG_set0(os, BN_bin2bn(sig, 32, NULL), BN_bin2bn(sig + 32, 32, NULL));
	return os;
}
#endif

static void test_openssl_sign_verify(void **s)
{
	(void)s;
	REQUIRE_OPENSSL();
#ifdef HAVE_OPENSSL
	test_rng rng;
	test_rng_init(&rng, 0x5197);
	mpz_t n, v;
	mpz_inits(n, v, NULL);
	test_mpz_set_hex(n, N_HEX);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (long i = 0; i < test_iterations(1000); i++) {
			uint8_t priv[32], pub[65], digest[64], sig[64], sig2[64], extra[32];
			size_t dl = (size_t[]){32, 0, 20, 48, 64, 32, 1}[i % 7];
			rand_key(&rng, priv, pub);
			rand_bytes(&rng, digest, 64);
			if (i % 11 == 5) /* a digest >= n */
				memset(digest, 0xff, 8);
			rand_bytes(&rng, extra, 32);
			unsigned flags = (i & 1) ? ECF_P256_ECDSA_LOW_S : 0;
			size_t el = (i % 3 == 0) ? 32 : 0;
			EC_KEY *key = ossl_key(priv, pub);
			/* Ours, verified by OpenSSL and by us. */
			test_expect(ecf_p256_ecdsa_sign(sig, priv, dl ? digest : NULL, dl, el ? extra : NULL, el,
			                                flags) == ECF_OK,
			            "sign, case %ld", i);
			ECDSA_SIG *os = ossl_sig(sig);
			test_expect(ECDSA_do_verify(digest, (int)dl, os, key) == 1,
			            "OpenSSL rejects our signature, case %ld", i);
			ECDSA_SIG_free(os);
			test_expect(ecf_p256_ecdsa_verify(sig, pub, 65, digest, dl) == ECF_OK,
			            "verify our own, case %ld", i);
			if (flags) {
				mpz_import(v, 32, 1, 1, 1, 0, sig + 32);
				mpz_mul_2exp(v, v, 1);
				test_expect(mpz_cmp(v, n) < 0, "low-s gave a high s, case %ld", i);
			}
			/* Deterministic: the same inputs sign the same; extra entropy changes it. */
			test_expect(ecf_p256_ecdsa_sign(sig2, priv, digest, dl, el ? extra : NULL, el, flags) ==
			                    ECF_OK &&
			                memcmp(sig, sig2, 64) == 0,
			            "not deterministic, case %ld", i);
			if (el) {
				extra[0] ^= 1;
				test_expect(ecf_p256_ecdsa_sign(sig2, priv, digest, dl, extra, el, flags) == ECF_OK &&
				                memcmp(sig, sig2, 32) != 0,
				            "extra entropy ignored, case %ld", i);
			}
			/* OpenSSL's, verified by us (64 bytes, DER both ways). */
			os = ECDSA_do_sign(digest, (int)dl, key);
			const BIGNUM *orr, *oss;
			ECDSA_SIG_get0(os, &orr, &oss);
			BN_bn2binpad(orr, sig, 32);
			BN_bn2binpad(oss, sig + 32, 32);
			test_expect(ecf_p256_ecdsa_verify(sig, pub, 65, digest, dl) == ECF_OK,
			            "OpenSSL's signature rejected, case %ld", i);
			uint8_t der[72], der2[72], *dp = der;
			int odl = i2d_ECDSA_SIG(os, &dp);
			size_t ours_len;
			test_expect(ecf_p256_ecdsa_sig_to_der(der2, &ours_len, sig) == ECF_OK && (int)ours_len == odl &&
			                memcmp(der, der2, ours_len) == 0,
			            "DER differs from OpenSSL's, case %ld", i);
			test_expect(ecf_p256_ecdsa_verify_der(der, (size_t)odl, pub, 65, digest, dl) == ECF_OK,
			            "OpenSSL's DER signature rejected, case %ld", i);
			ECDSA_SIG_free(os);
			/* Corruptions: a bit of r, s, the digest, another key. */
			uint8_t bad[64];
			memcpy(bad, sig, 64);
			bad[test_rng_next(&rng) % 64] ^= (uint8_t)(1u << (test_rng_next(&rng) % 8));
			int st = ecf_p256_ecdsa_verify(bad, pub, 65, digest, dl);
			os = ossl_sig(bad);
			int ost = ECDSA_do_verify(digest, (int)dl, os, key);
			ECDSA_SIG_free(os);
			test_expect(st != ECF_OK && ost != 1, "corrupted signature: ours %d, OpenSSL %d, case %ld", st,
			            ost, i);
			test_expect(st == ECF_ERR_VERIFY || st == ECF_ERR_RANGE, "corrupted signature status %d", st);
			if (dl > 0) {
				digest[0] ^= 0x80;
				test_expect(ecf_p256_ecdsa_verify(sig, pub, 65, digest, dl) == ECF_ERR_VERIFY,
				            "wrong digest accepted, case %ld", i);
				digest[0] ^= 0x80;
			}
			uint8_t priv2[32], pub2[65];
			rand_key(&rng, priv2, pub2);
			test_expect(ecf_p256_ecdsa_verify(sig, pub2, 65, digest, dl) == ECF_ERR_VERIFY,
			            "wrong key accepted, case %ld", i);
			EC_KEY_free(key);
		}
	}
	test_tier_restore();
	mpz_clears(n, v, NULL);
#endif
}

/* r, s = 0, n, n + 1, 2^256 - 1 are out of range for us and for OpenSSL. */
static void test_ranges_and_errors(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0xe770);
	uint8_t priv[32], pub[65], digest[32], sig[64], good[64];
	rand_key(&rng, priv, pub);
	rand_bytes(&rng, digest, 32);
	assert_int_equal(ecf_p256_ecdsa_sign(good, priv, digest, 32, NULL, 0, 0), ECF_OK);
	mpz_t z;
	mpz_init(z);
	for (int which = 0; which < 2; which++)
		for (int v = 0; v < 4; v++) {
			memcpy(sig, good, 64);
			if (v == 0)
				mpz_set_ui(z, 0);
			else if (v == 3) {
				mpz_set_ui(z, 1);
				mpz_mul_2exp(z, z, 256);
				mpz_sub_ui(z, z, 1);
			} else {
				test_mpz_set_hex(z, N_HEX);
				mpz_add_ui(z, z, (unsigned long)v - 1);
			}
			mpz_to_be32(sig + 32 * which, z);
			test_expect(ecf_p256_ecdsa_verify(sig, pub, 65, digest, 32) == ECF_ERR_RANGE,
			            "%c out of range (%d)", which ? 's' : 'r', v);
			uint8_t der[72];
			size_t dl = 99;
			test_expect(ecf_p256_ecdsa_sig_to_der(der, &dl, sig) == ECF_ERR_RANGE && dl == 0,
			            "sig_to_der range");
#ifdef HAVE_OPENSSL
			EC_KEY *key = ossl_key(NULL, pub);
			ECDSA_SIG *os = ossl_sig(sig);
			test_expect(ECDSA_do_verify(digest, 32, os, key) != 1, "OpenSSL accepts r/s out of range");
			ECDSA_SIG_free(os);
			EC_KEY_free(key);
#endif
		}
	mpz_clear(z);
	/* s and n - s both verify (no low-s rule in verification). */
	uint8_t hi[64];
	assert_int_equal(ecf_p256_ecdsa_sign(sig, priv, digest, 32, NULL, 0, ECF_P256_ECDSA_LOW_S), ECF_OK);
	memcpy(hi, sig, 64);
	{
		mpz_t a, n;
		mpz_inits(a, n, NULL);
		test_mpz_set_hex(n, N_HEX);
		mpz_import(a, 32, 1, 1, 1, 0, sig + 32);
		mpz_sub(a, n, a);
		mpz_to_be32(hi + 32, a);
		mpz_clears(a, n, NULL);
	}
	test_expect(ecf_p256_ecdsa_verify(sig, pub, 65, digest, 32) == ECF_OK, "low s verifies");
	test_expect(ecf_p256_ecdsa_verify(hi, pub, 65, digest, 32) == ECF_OK, "high s verifies");
	test_expect(memcmp(hi, good, 64) == 0 || memcmp(sig, good, 64) == 0, "low-s is s or n - s of the plain one");
	/* Keys. */
	uint8_t zero[32] = {0}, ff[32];
	memset(ff, 0xff, 32);
	memset(sig, 0xa5, 64);
	test_expect(ecf_p256_ecdsa_sign(sig, zero, digest, 32, NULL, 0, 0) == ECF_ERR_SCALAR, "sign with key 0");
	for (int i = 0; i < 64; i++)
		test_expect(sig[i] == 0, "sign error zeroes the signature");
	test_expect(ecf_p256_ecdsa_sign(sig, ff, digest, 32, NULL, 0, 0) == ECF_ERR_SCALAR, "sign with key >= n");
	test_expect(ecf_p256_ecdsa_sign(sig, NULL, digest, 32, NULL, 0, 0) == ECF_ERR_NULL, "sign NULL key");
	test_expect(ecf_p256_ecdsa_sign(sig, priv, NULL, 32, NULL, 0, 0) == ECF_ERR_NULL, "sign NULL digest");
	test_expect(ecf_p256_ecdsa_sign(sig, priv, digest, 32, NULL, 5, 0) == ECF_ERR_NULL, "sign NULL extra");
	test_expect(ecf_p256_ecdsa_sign(NULL, priv, digest, 32, NULL, 0, 0) == ECF_ERR_NULL, "sign NULL out");
	uint8_t der[72];
	size_t dlen = 7;
	test_expect(ecf_p256_ecdsa_sign_der(der, &dlen, zero, digest, 32, NULL, 0, 0) == ECF_ERR_SCALAR && dlen == 0,
	            "sign_der with key 0");
	test_expect(ecf_p256_ecdsa_sign_der(der, &dlen, priv, digest, 32, NULL, 0, 0) == ECF_OK &&
	                ecf_p256_ecdsa_verify_der(der, dlen, pub, 65, digest, 32) == ECF_OK,
	            "sign_der / verify_der");
	/* Public keys: the point decoder's errors come through. */
	uint8_t badpub[65];
	memcpy(badpub, pub, 65);
	badpub[64] ^= 1;
	test_expect(ecf_p256_ecdsa_verify(good, badpub, 65, digest, 32) == ECF_ERR_NOT_ON_CURVE, "pub off curve");
	test_expect(ecf_p256_ecdsa_verify(good, pub, 64, digest, 32) == ECF_ERR_LENGTH, "pub length");
	badpub[0] = 0x05;
	test_expect(ecf_p256_ecdsa_verify(good, badpub, 65, digest, 32) == ECF_ERR_ENCODING, "pub tag");
	uint8_t z0 = 0;
	test_expect(ecf_p256_ecdsa_verify(good, &z0, 1, digest, 32) == ECF_ERR_IDENTITY, "pub identity");
	uint8_t cpub[33];
	ecf_p256_point P;
	assert_int_equal(ecf_p256_point_from_bytes(&P, pub, 65), ECF_OK);
	assert_int_equal(ecf_p256_point_to_bytes(cpub, 33, &P), ECF_OK);
	test_expect(ecf_p256_ecdsa_verify(good, cpub, 33, digest, 32) == ECF_OK, "compressed public key");
}

/* Affine P-256 arithmetic with GMP, independent of the library: enough to
 * build signatures with chosen properties. inf marks the identity. */
typedef struct {
	mpz_t x, y;
	int inf;
} gpt;

static const char *const B_HEX = "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b";
static const char *const GX_HEX = "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296";
static const char *const GY_HEX = "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";

static void gpt_init(gpt *a)
{
	mpz_inits(a->x, a->y, NULL);
	a->inf = 1;
}

static void gpt_clear(gpt *a) { mpz_clears(a->x, a->y, NULL); }

/* r = a + b (r may alias a or b). */
static void gpt_add(gpt *r, const gpt *a, const gpt *b, const mpz_t p)
{
	if (a->inf || b->inf) {
		const gpt *c = a->inf ? b : a;
		mpz_set(r->x, c->x);
		mpz_set(r->y, c->y);
		r->inf = c->inf;
		return;
	}
	mpz_t l, t, x3;
	mpz_inits(l, t, x3, NULL);
	if (mpz_cmp(a->x, b->x) == 0) {
		mpz_add(t, a->y, b->y);
		mpz_mod(t, t, p);
		if (mpz_sgn(t) == 0) { /* a = -b */
			r->inf = 1;
			mpz_clears(l, t, x3, NULL);
			return;
		}
		mpz_mul(l, a->x, a->x); /* (3x^2 - 3) / 2y */
		mpz_sub_ui(l, l, 1);
		mpz_mul_ui(l, l, 3);
	} else {
		mpz_sub(l, b->y, a->y);
		mpz_sub(t, b->x, a->x);
	}
	mpz_invert(t, t, p);
	mpz_mul(l, l, t);
	mpz_mod(l, l, p);
	mpz_mul(x3, l, l);
	mpz_sub(x3, x3, a->x);
	mpz_sub(x3, x3, b->x);
	mpz_mod(x3, x3, p);
	mpz_sub(t, a->x, x3);
	mpz_mul(t, t, l);
	mpz_sub(t, t, a->y);
	mpz_mod(r->y, t, p);
	mpz_set(r->x, x3);
	r->inf = 0;
	mpz_clears(l, t, x3, NULL);
}

/* r = k a, double-and-add from the top bit (k >= 0). */
static void gpt_mul(gpt *r, const mpz_t k, const gpt *a, const mpz_t p)
{
	gpt acc;
	gpt_init(&acc);
	for (long i = (long)mpz_sizeinbase(k, 2) - 1; i >= 0; i--) {
		gpt_add(&acc, &acc, &acc, p);
		if (mpz_tstbit(k, (mp_bitcnt_t)i))
			gpt_add(&acc, &acc, a, p);
	}
	mpz_set(r->x, acc.x);
	mpz_set(r->y, acc.y);
	r->inf = acc.inf;
	gpt_clear(&acc);
}

/* x(R) in [n, p): r = x(R) - n, and a valid signature verifies only through
 * the check X == (r + n) Z^2 (ecdsa.c), which no random signature reaches
 * (probability ~2^-128). R = (n + t, y) for the first t >= 1 with
 * x^3 - 3x + b a square; the signature (r, s) on the digest e for a random s,
 * and the public key Q = u2^-1 (R - u1 G), u1 = e/s, u2 = r/s (no discrete
 * log needed): u1 G + u2 Q = R. Both signs of y, several t. Ours must accept
 * through verify and verify_der, OpenSSL too; r + 1, r + n (out of range),
 * and a flipped bit of r or s must be rejected. */
static void test_x_above_n(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0x8e2);
	mpz_t p, n, b, x, rhs, y, e, sv, w, u1, u2, t;
	mpz_inits(p, n, b, x, rhs, y, e, sv, w, u1, u2, t, NULL);
	test_mpz_set_hex(p, P256_HEX);
	test_mpz_set_hex(n, P256N_HEX);
	test_mpz_set_hex(b, B_HEX);
	gpt G, R, Q, T;
	gpt_init(&G);
	gpt_init(&R);
	gpt_init(&Q);
	gpt_init(&T);
	test_mpz_set_hex(G.x, GX_HEX);
	test_mpz_set_hex(G.y, GY_HEX);
	G.inf = 0;
	int found = 0, checked = 0;
	char ts[64] = "";
	for (unsigned long dt = 1; found < 4 && dt < 1000; dt++) {
		mpz_add_ui(x, n, dt); /* n + dt < p: p - n is about 2^128 */
		mpz_powm_ui(rhs, x, 3, p);
		mpz_submul_ui(rhs, x, 3);
		mpz_add(rhs, rhs, b);
		mpz_mod(rhs, rhs, p);
		mpz_add_ui(t, p, 1); /* p = 3 mod 4: y = rhs^((p + 1) / 4) if rhs is a square */
		mpz_fdiv_q_2exp(t, t, 2);
		mpz_powm(y, rhs, t, p);
		mpz_mul(t, y, y);
		mpz_mod(t, t, p);
		if (mpz_cmp(t, rhs) != 0)
			continue;
		found++;
		snprintf(ts + strlen(ts), sizeof ts - strlen(ts), "%s%lu", found > 1 ? ", " : "", dt);
		for (int neg = 0; neg < 2; neg++) {
			mpz_set(R.x, x);
			if (neg)
				mpz_sub(R.y, p, y);
			else
				mpz_set(R.y, y);
			R.inf = 0;
			uint8_t digest[32], sig[64], pub[65];
			test_rand_bytes(&rng, digest, 32);
			mpz_import(e, 32, 1, 1, 1, 0, digest);
			mpz_mod(e, e, n); /* bits2int, then mod n */
			do {
				uint8_t sb[32];
				test_rand_bytes(&rng, sb, 32);
				mpz_import(sv, 32, 1, 1, 1, 0, sb);
				mpz_mod(sv, sv, n);
			} while (mpz_sgn(sv) == 0);
			mpz_sub(t, x, n); /* r = x mod n = dt */
			test_expect(mpz_cmp_ui(t, dt) == 0, "r = x - n");
			mpz_invert(w, sv, n);
			mpz_mul(u1, e, w);
			mpz_mod(u1, u1, n);
			mpz_mul(u2, t, w);
			mpz_mod(u2, u2, n);
			/* Q = u2^-1 (R - u1 G) */
			gpt_mul(&T, u1, &G, p);
			mpz_sub(T.y, p, T.y); /* -u1 G */
			gpt_add(&T, &R, &T, p);
			mpz_invert(w, u2, n);
			gpt_mul(&Q, w, &T, p);
			test_expect(!Q.inf, "Q is the identity");
			/* the construction, checked: x(u1 G + u2 Q) = x(R) >= n */
			gpt_mul(&T, u1, &G, p);
			{
				gpt V;
				gpt_init(&V);
				gpt_mul(&V, u2, &Q, p);
				gpt_add(&T, &T, &V, p);
				gpt_clear(&V);
			}
			test_expect(!T.inf && mpz_cmp(T.x, x) == 0 && mpz_cmp(T.x, n) >= 0,
			            "u1 G + u2 Q is not R (t = %lu)", dt);
			pub[0] = 0x04;
			mpz_to_be32(pub + 1, Q.x);
			mpz_to_be32(pub + 33, Q.y);
			mpz_to_be32(sig, t);
			mpz_to_be32(sig + 32, sv);
			uint8_t der[72];
			size_t dl;
			test_expect(ecf_p256_ecdsa_sig_to_der(der, &dl, sig) == ECF_OK, "DER");
			for (size_t k = 0; k < test_tier_count(); k++) {
				test_tier_select(k);
				int st = ecf_p256_ecdsa_verify(sig, pub, 65, digest, 32);
				test_expect(st == ECF_OK, "%s: x(R) = n + %lu (y %s): verify returned %d",
				            test_tier_name(k), dt, neg ? "odd/neg" : "root", st);
				st = ecf_p256_ecdsa_verify_der(der, dl, pub, 65, digest, 32);
				test_expect(st == ECF_OK, "%s: x(R) = n + %lu: verify_der returned %d",
				            test_tier_name(k), dt, st);
				ecf_p256_ecdsa_prepared_key prep;
				test_expect(ecf_p256_ecdsa_public_key_prepare(&prep, pub, 65) == ECF_OK, "prepare");
				st = ecf_p256_ecdsa_verify_prepared(sig, &prep, digest, 32);
				test_expect(st == ECF_OK, "%s: x(R) = n + %lu: verify_prepared returned %d",
				            test_tier_name(k), dt, st);
				/* r + 1, r + n (out of range), a flipped bit of r and of s */
				uint8_t bad[64];
				for (int c = 0; c < 4; c++) {
					memcpy(bad, sig, 64);
					if (c == 0) {
						mpz_add_ui(u1, t, 1);
						mpz_to_be32(bad, u1);
					} else if (c == 1) {
						mpz_to_be32(bad, x); /* r + n = x(R) itself */
					} else if (c == 2) {
						bad[(test_rng_next(&rng) % 32)] ^=
						    (uint8_t)(1u << (test_rng_next(&rng) % 8));
					} else {
						bad[32 + (test_rng_next(&rng) % 32)] ^=
						    (uint8_t)(1u << (test_rng_next(&rng) % 8));
					}
					st = ecf_p256_ecdsa_verify(bad, pub, 65, digest, 32);
					test_expect(c == 1 ? st == ECF_ERR_RANGE
					                   : (st == ECF_ERR_VERIFY || st == ECF_ERR_RANGE),
					            "%s: x(R) = n + %lu, corruption %d accepted (%d)",
					            test_tier_name(k), dt, c, st);
					test_expect(ecf_p256_ecdsa_verify_prepared(bad, &prep, digest, 32) == st,
					            "%s: x(R) = n + %lu, corruption %d: verify_prepared differs",
					            test_tier_name(k), dt, c);
#ifdef HAVE_OPENSSL
					if (k == 0) {
						EC_KEY *key = ossl_key(NULL, pub);
						ECDSA_SIG *os = ossl_sig(bad);
						test_expect(ECDSA_do_verify(digest, 32, os, key) != 1,
						            "OpenSSL accepts corruption %d (t = %lu)", c, dt);
						ECDSA_SIG_free(os);
						EC_KEY_free(key);
					}
#endif
				}
			}
#ifdef HAVE_OPENSSL
			EC_KEY *key = ossl_key(NULL, pub);
			ECDSA_SIG *os = ossl_sig(sig);
			test_expect(ECDSA_do_verify(digest, 32, os, key) == 1, "OpenSSL rejects x(R) = n + %lu", dt);
			ECDSA_SIG_free(os);
			EC_KEY_free(key);
#endif
			checked++;
		}
	}
	test_tier_restore();
	fprintf(stderr, "# %d signatures with x(R) = n + t, t in {%s} (both y), verified\n", checked, ts);
	test_expect(found == 4, "too few x = n + t on the curve (%d)", found);
	gpt_clear(&G);
	gpt_clear(&R);
	gpt_clear(&Q);
	gpt_clear(&T);
	mpz_clears(p, n, b, x, rhs, y, e, sv, w, u1, u2, t, NULL);
}

/* Strict DER: hand-made malformed encodings, and random mutations against OpenSSL. */
static void test_der(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0xde7);
	uint8_t priv[32], pub[65], digest[32], sig[64], out[64], der[80];
	size_t dl;
	rand_key(&rng, priv, pub);
	rand_bytes(&rng, digest, 32);
	/* Small r and s exercise short INTEGERs: craft sig = (1, 0x80) etc. */
	memset(sig, 0, 64);
	sig[31] = 1;
	sig[63] = 0x80;
	assert_int_equal(ecf_p256_ecdsa_sig_to_der(der, &dl, sig), ECF_OK);
	static const uint8_t small[] = {0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x02, 0x00, 0x80};
	test_expect(dl == sizeof small && memcmp(der, small, dl) == 0, "DER of (1, 0x80)");
	test_expect(ecf_p256_ecdsa_sig_from_der(out, small, sizeof small) == ECF_OK && memcmp(out, sig, 64) == 0,
	            "parse (1, 0x80)");
	static const struct {
		const char *what;
		uint8_t d[12];
		size_t len;
		int want;
	} bad[] = {
	    {"empty", {0}, 0, ECF_ERR_ENCODING},
	    {"wrong outer tag", {0x31, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01}, 8, ECF_ERR_ENCODING},
	    {"outer length too long", {0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01}, 8, ECF_ERR_ENCODING},
	    {"outer length too short", {0x30, 0x05, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01}, 8, ECF_ERR_ENCODING},
	    {"long-form outer length", {0x30, 0x81, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01}, 9, ECF_ERR_ENCODING},
	    {"trailing byte", {0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0x00}, 9, ECF_ERR_ENCODING},
	    {"trailing inside", {0x30, 0x07, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01, 0x00}, 9, ECF_ERR_ENCODING},
	    {"wrong integer tag", {0x30, 0x06, 0x03, 0x01, 0x01, 0x02, 0x01, 0x01}, 8, ECF_ERR_ENCODING},
	    {"zero-length integer", {0x30, 0x05, 0x02, 0x00, 0x02, 0x01, 0x01}, 7, ECF_ERR_ENCODING},
	    {"negative integer", {0x30, 0x06, 0x02, 0x01, 0x81, 0x02, 0x01, 0x01}, 8, ECF_ERR_ENCODING},
	    {"leading zero", {0x30, 0x07, 0x02, 0x02, 0x00, 0x01, 0x02, 0x01, 0x01}, 9, ECF_ERR_ENCODING},
	    {"long-form integer length", {0x30, 0x07, 0x02, 0x81, 0x01, 0x01, 0x02, 0x01, 0x01}, 9, ECF_ERR_ENCODING},
	    {"missing s", {0x30, 0x03, 0x02, 0x01, 0x01}, 5, ECF_ERR_ENCODING},
	    {"r = 0", {0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x01}, 8, ECF_ERR_RANGE},
	    {"s = 0", {0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x00}, 8, ECF_ERR_RANGE},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		memset(out, 0xa5, 64);
		int st = ecf_p256_ecdsa_sig_from_der(out, bad[i].d, bad[i].len);
		test_expect(st == bad[i].want, "DER %s: %d", bad[i].what, st);
		test_expect(out[0] == 0 && out[63] == 0, "DER %s leaves a value", bad[i].what);
		test_expect(ecf_p256_ecdsa_verify_der(bad[i].d, bad[i].len, pub, 65, digest, 32) == bad[i].want,
		            "verify_der %s", bad[i].what);
	}
	/* A 33-byte integer with a high value (>= 2^256) and r = n. */
	uint8_t big[72] = {0x30, 0x26, 0x02, 0x21, 0x01};
	memset(big + 5, 0, 32);
	big[37] = 0x02;
	big[38] = 0x01;
	big[39] = 0x01;
	test_expect(ecf_p256_ecdsa_sig_from_der(out, big, 40) == ECF_ERR_RANGE, "DER 33-byte integer >= 2^256");
	/* Random mutations of valid DER signatures: whatever OpenSSL rejects, we reject. */
#ifdef HAVE_OPENSSL
	for (long i = 0; i < test_iterations(2000); i++) {
		uint8_t d[80];
		assert_int_equal(ecf_p256_ecdsa_sign(sig, priv, digest, 32, NULL, 0, 0), ECF_OK);
		if (i % 4 == 0) /* short r: zero high bytes */
			memset(sig, 0, 1 + i % 5);
		assert_int_equal(ecf_p256_ecdsa_sig_to_der(d, &dl, sig), ECF_OK);
		digest[i % 32] ^= 1; /* next signature differs */
		size_t len = dl;
		switch (i % 5) {
		case 0:
			d[test_rng_next(&rng) % len] ^= (uint8_t)(1 + test_rng_next(&rng) % 255);
			break;
		case 1:
			len -= 1 + test_rng_next(&rng) % 3;
			break;
		case 2:
			d[len++] = (uint8_t)test_rng_next(&rng);
			break;
		case 3:
			d[test_rng_next(&rng) % len] = (uint8_t)(test_rng_next(&rng) & 0x83);
			break;
		default:
			break;
		}
		const uint8_t *p = d;
		ECDSA_SIG *os = d2i_ECDSA_SIG(NULL, &p, (long)len);
		int ossl_ok = os != NULL && p == d + len;
		if (ossl_ok) { /* OpenSSL's d2i is also strict DER; compare the values */
			uint8_t re[80], *rp = re;
			int rl = i2d_ECDSA_SIG(os, &rp);
			ossl_ok = rl == (int)len && memcmp(re, d, len) == 0;
		}
		ECDSA_SIG_free(os);
		int st = ecf_p256_ecdsa_sig_from_der(out, d, len);
		if (!ossl_ok)
			test_expect(st != ECF_OK, "DER OpenSSL rejects, we accept, case %ld", i);
		else
			test_expect(st == ECF_OK || st == ECF_ERR_RANGE, "DER OpenSSL accepts, we say %d, case %ld", st,
			            i);
	}
#endif
}

/* sign_msg / verify_msg against OpenSSL's ECDSA over SHA-256 both ways
 * (ECDSA_do_sign/do_verify of SHA256(msg)), messages of 0 to 200 bytes,
 * hedged and low-s signatures; the prepared forms agree. */
static void test_openssl_msg(void **s)
{
	(void)s;
	REQUIRE_OPENSSL();
#ifdef HAVE_OPENSSL
	test_rng rng;
	test_rng_init(&rng, 0x6d59);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (long i = 0; i < test_iterations(300); i++) {
			uint8_t priv[32], pub[65], msg[200], h[32], sig[64], extra[32];
			size_t ml = (size_t)(test_rng_next(&rng) % 201);
			if (i % 17 == 0)
				ml = 0;
			rand_key(&rng, priv, pub);
			rand_bytes(&rng, msg, sizeof msg);
			rand_bytes(&rng, extra, sizeof extra);
			size_t el = (i % 3 == 1) ? 32 : 0;
			unsigned flags = (i & 1) ? ECF_P256_ECDSA_LOW_S : 0;
			EVP_Digest(msg, ml, h, NULL, EVP_sha256(), NULL);
			EC_KEY *key = ossl_key(priv, pub);
			ecf_p256_ecdsa_prepared_key prep;
			assert_int_equal(ecf_p256_ecdsa_public_key_prepare(&prep, pub, 65), ECF_OK);
			/* ours, verified by OpenSSL; equal to sign of the digest */
			test_expect(ecf_p256_ecdsa_sign_msg(sig, priv, ml ? msg : NULL, ml, el ? extra : NULL, el,
			                                    flags) == ECF_OK,
			            "sign_msg, case %ld", i);
			ECDSA_SIG *os = ossl_sig(sig);
			test_expect(ECDSA_do_verify(h, 32, os, key) == 1, "OpenSSL rejects our sign_msg, case %ld", i);
			ECDSA_SIG_free(os);
			uint8_t sig2[64];
			test_expect(ecf_p256_ecdsa_sign(sig2, priv, h, 32, el ? extra : NULL, el, flags) == ECF_OK &&
			                memcmp(sig, sig2, 64) == 0,
			            "sign_msg != sign(SHA-256(msg)), case %ld", i);
			test_expect(ecf_p256_ecdsa_verify_msg(sig, pub, 65, msg, ml) == ECF_OK &&
			                ecf_p256_ecdsa_verify_msg_prepared(sig, &prep, msg, ml) == ECF_OK,
			            "verify_msg of our own, case %ld", i);
			/* OpenSSL's, verified by us */
			os = ECDSA_do_sign(h, 32, key);
			const BIGNUM *orr, *oss;
			ECDSA_SIG_get0(os, &orr, &oss);
			BN_bn2binpad(orr, sig, 32);
			BN_bn2binpad(oss, sig + 32, 32);
			ECDSA_SIG_free(os);
			test_expect(ecf_p256_ecdsa_verify_msg(sig, pub, 65, msg, ml) == ECF_OK &&
			                ecf_p256_ecdsa_verify_msg_prepared(sig, &prep, msg, ml) == ECF_OK,
			            "OpenSSL's signature of a message rejected, case %ld", i);
			/* another message: both reject */
			if (ml > 0) {
				msg[test_rng_next(&rng) % ml] ^= 1;
				int st = ecf_p256_ecdsa_verify_msg(sig, pub, 65, msg, ml);
				test_expect(st == ECF_ERR_VERIFY &&
				                ecf_p256_ecdsa_verify_msg_prepared(sig, &prep, msg, ml) == st,
				            "changed message accepted (%d), case %ld", st, i);
			}
			EC_KEY_free(key);
		}
	}
	test_tier_restore();
#endif
}

/* verify_prepared gives the status of verify, for every signature: keys of
 * both forms (compressed with y of both parities) and the keys 1 and n - 1
 * (G and -G), digests of several lengths, valid signatures, flipped bits of
 * r, s and the digest, s and n - s, r or s 0 or >= n. */
static void test_prepared_agrees(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0x9e9a);
	mpz_t n, z;
	mpz_inits(n, z, NULL);
	test_mpz_set_hex(n, N_HEX);
	int parity[2] = {0, 0};
	long agree = 0;
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (long i = 0; i < test_iterations(150); i++) {
			uint8_t priv[32], pub[65], pubc[33], digest[64], sig[64], bad[64];
			if (i < 2) { /* d = 1 and n - 1 */
				if (i == 0)
					mpz_set_ui(z, 1);
				else
					mpz_sub_ui(z, n, 1);
				mpz_to_be32(priv, z);
				assert_int_equal(ecf_p256_public_key(pub, priv), ECF_OK);
			} else {
				rand_key(&rng, priv, pub);
			}
			assert_int_equal(ecf_p256_point_compress(pubc, pub, 65), ECF_OK);
			parity[pubc[0] & 1] = 1;
			ecf_p256_ecdsa_prepared_key prep, prepc;
			assert_int_equal(ecf_p256_ecdsa_public_key_prepare(&prep, pub, 65), ECF_OK);
			assert_int_equal(ecf_p256_ecdsa_public_key_prepare(&prepc, pubc, 33), ECF_OK);
			size_t dl = (size_t[]){32, 0, 20, 48, 64}[i % 5];
			rand_bytes(&rng, digest, sizeof digest);
			assert_int_equal(ecf_p256_ecdsa_sign(sig, priv, digest, dl, NULL, 0, 0), ECF_OK);
			for (int c = 0; c < 12; c++) {
				memcpy(bad, sig, 64);
				uint8_t dg[64];
				memcpy(dg, digest, sizeof dg);
				switch (c) {
				case 0:
					break; /* valid */
				case 1:        /* s -> n - s: valid too */
					mpz_import(z, 32, 1, 1, 1, 0, sig + 32);
					mpz_sub(z, n, z);
					mpz_to_be32(bad + 32, z);
					break;
				case 2:
				case 3:
				case 4:
				case 5:
					bad[test_rng_next(&rng) % 64] ^= (uint8_t)(1u << (test_rng_next(&rng) % 8));
					break;
				case 6:
					if (dl > 0)
						dg[test_rng_next(&rng) % dl] ^=
						    (uint8_t)(1u << (test_rng_next(&rng) % 8));
					break;
				case 7:
					memset(bad, 0, 32); /* r = 0 */
					break;
				case 8:
					mpz_to_be32(bad + 32, n); /* s = n */
					break;
				case 9:
					memset(bad, 0xff, 32); /* r = 2^256 - 1 */
					break;
				case 10:
					memcpy(bad, bad + 32, 32); /* r = s */
					break;
				default: /* r + n (mod 2^256: out of range or another r) */
					mpz_import(z, 32, 1, 1, 1, 0, sig);
					mpz_add(z, z, n);
					mpz_fdiv_r_2exp(z, z, 256);
					mpz_to_be32(bad, z);
					break;
				}
				int st = ecf_p256_ecdsa_verify(bad, pub, 65, dg, dl);
				int stc = ecf_p256_ecdsa_verify(bad, pubc, 33, dg, dl);
				int sp = ecf_p256_ecdsa_verify_prepared(bad, &prep, dg, dl);
				int spc = ecf_p256_ecdsa_verify_prepared(bad, &prepc, dg, dl);
				test_expect(
				    st == stc && st == sp && st == spc,
				    "verify %d, compressed %d, prepared %d, prepared compressed %d: key %ld, case %d, "
				    "tier %s",
				    st, stc, sp, spc, i, c, test_tier_name(t));
				if (c < 2)
					test_expect(st == ECF_OK, "valid signature rejected (%d), key %ld, case %d", st,
					            i, c);
				agree++;
			}
		}
	}
	test_tier_restore();
	test_expect(parity[0] && parity[1], "compressed keys of both parities met");
	print_message("# verify_prepared agreed with verify on %ld signatures\n", agree);
	mpz_clears(n, z, NULL);
}

/* The statuses of the prepared keys and the _msg functions, and every output
 * zeroed on every error (ECF_ERR_NULL included). */
static void test_issue19_errors(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0xe119);
	uint8_t priv[32], pub[65], digest[32], sig[64], msg[10] = "a message";
	rand_key(&rng, priv, pub);
	rand_bytes(&rng, digest, 32);
	assert_int_equal(ecf_p256_ecdsa_sign_msg(sig, priv, msg, sizeof msg, NULL, 0, 0), ECF_OK);
	ecf_p256_ecdsa_prepared_key prep, zero;
	memset(&zero, 0, sizeof zero);
	/* An unprepared struct is rejected, whatever the signature. */
	test_expect(ecf_p256_ecdsa_verify_prepared(sig, &zero, digest, 32) == ECF_ERR_ENCODING, "zeroed prep");
	test_expect(ecf_p256_ecdsa_verify_msg_prepared(sig, &zero, msg, sizeof msg) == ECF_ERR_ENCODING,
	            "zeroed prep (msg)");
	memset(&prep, 0x5a, sizeof prep);
	test_expect(ecf_p256_ecdsa_verify_msg_prepared(sig, &prep, msg, sizeof msg) == ECF_ERR_ENCODING,
	            "garbage prep");
	/* prepare: the decoding errors, prep zeroed each time. */
	uint8_t bad[65], z0 = 0;
	struct {
		const uint8_t *pk;
		size_t len;
		int want;
		int mod;
	} cases[] = {{bad, 65, ECF_ERR_NOT_ON_CURVE, 1}, {bad, 64, ECF_ERR_LENGTH, 0},  {bad, 65, ECF_ERR_ENCODING, 2},
	             {bad, 65, ECF_ERR_RANGE, 3},        {&z0, 1, ECF_ERR_IDENTITY, 0}, {NULL, 65, ECF_ERR_NULL, 0}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		memcpy(bad, pub, 65);
		if (cases[i].mod == 1)
			bad[64] ^= 1;
		if (cases[i].mod == 2)
			bad[0] = 7;
		if (cases[i].mod == 3)
			memset(bad + 33, 0xff, 32);
		memset(&prep, 0x5a, sizeof prep);
		int st = ecf_p256_ecdsa_public_key_prepare(&prep, cases[i].pk, cases[i].len);
		test_expect(st == cases[i].want && all_zero((const uint8_t *)&prep, sizeof prep),
		            "prepare case %zu: %d, prep zeroed", i, st);
		test_expect(ecf_p256_ecdsa_verify_prepared(sig, &prep, digest, 32) == ECF_ERR_ENCODING,
		            "a failed prepare's struct is rejected, case %zu", i);
		if (cases[i].pk != NULL)
			test_expect(ecf_p256_ecdsa_verify(sig, cases[i].pk, cases[i].len, digest, 32) == cases[i].want,
			            "verify with the same key: the same status, case %zu", i);
	}
	test_expect(ecf_p256_ecdsa_public_key_prepare(NULL, pub, 65) == ECF_ERR_NULL, "prepare NULL prep");
	assert_int_equal(ecf_p256_ecdsa_public_key_prepare(&prep, pub, 65), ECF_OK);
	test_expect(sizeof prep == ECF_P256_ECDSA_PREPARED_KEY_BYTES, "the documented size");
	/* A copy of a prepared key works (no pointer inside). */
	ecf_p256_ecdsa_prepared_key copy;
	memcpy(&copy, &prep, sizeof copy);
	test_expect(ecf_p256_ecdsa_verify_msg_prepared(sig, &copy, msg, sizeof msg) == ECF_OK, "copied prep");
	/* NULLs of the verifications. */
	test_expect(ecf_p256_ecdsa_verify_prepared(NULL, &prep, digest, 32) == ECF_ERR_NULL,
	            "verify_prepared NULL sig");
	test_expect(ecf_p256_ecdsa_verify_prepared(sig, NULL, digest, 32) == ECF_ERR_NULL, "verify_prepared NULL prep");
	test_expect(ecf_p256_ecdsa_verify_prepared(sig, &prep, NULL, 32) == ECF_ERR_NULL,
	            "verify_prepared NULL digest");
	test_expect(ecf_p256_ecdsa_verify_msg(NULL, pub, 65, msg, sizeof msg) == ECF_ERR_NULL, "verify_msg NULL sig");
	test_expect(ecf_p256_ecdsa_verify_msg(sig, NULL, 65, msg, sizeof msg) == ECF_ERR_NULL, "verify_msg NULL pk");
	test_expect(ecf_p256_ecdsa_verify_msg(sig, pub, 65, NULL, 3) == ECF_ERR_NULL, "verify_msg NULL msg");
	test_expect(ecf_p256_ecdsa_verify_msg_prepared(sig, &prep, NULL, 3) == ECF_ERR_NULL,
	            "verify_msg_prepared NULL");
	test_expect(ecf_p256_ecdsa_verify_msg_prepared(NULL, &prep, msg, 3) == ECF_ERR_NULL,
	            "verify_msg_prepared NULL sig");
	/* The empty message: NULL with length 0 is the empty string. */
	uint8_t se[64];
	test_expect(ecf_p256_ecdsa_sign_msg(se, priv, NULL, 0, NULL, 0, 0) == ECF_OK &&
	                ecf_p256_ecdsa_verify_msg(se, pub, 65, (const uint8_t *)"", 0) == ECF_OK &&
	                ecf_p256_ecdsa_verify_msg_prepared(se, &prep, NULL, 0) == ECF_OK,
	            "empty message");
	/* sign_msg: errors zero sig. */
	uint8_t zk[32] = {0};
	memset(se, 0xa5, 64);
	test_expect(ecf_p256_ecdsa_sign_msg(se, zk, msg, 3, NULL, 0, 0) == ECF_ERR_SCALAR && all_zero(se, 64),
	            "sign_msg key 0");
	memset(se, 0xa5, 64);
	test_expect(ecf_p256_ecdsa_sign_msg(se, NULL, msg, 3, NULL, 0, 0) == ECF_ERR_NULL && all_zero(se, 64),
	            "sign_msg NULL sk");
	memset(se, 0xa5, 64);
	test_expect(ecf_p256_ecdsa_sign_msg(se, priv, NULL, 3, NULL, 0, 0) == ECF_ERR_NULL && all_zero(se, 64),
	            "sign_msg NULL msg");
	memset(se, 0xa5, 64);
	test_expect(ecf_p256_ecdsa_sign_msg(se, priv, msg, 3, NULL, 4, 0) == ECF_ERR_NULL && all_zero(se, 64),
	            "sign_msg NULL extra");
	test_expect(ecf_p256_ecdsa_sign_msg(NULL, priv, msg, 3, NULL, 0, 0) == ECF_ERR_NULL, "sign_msg NULL sig");
	/* sign_der / sig_to_der: der zeroed and *der_len = 0 on every error. */
	uint8_t der[72];
	size_t dlen = 5;
	memset(der, 0xa5, sizeof der);
	test_expect(ecf_p256_ecdsa_sign_der(der, NULL, priv, digest, 32, NULL, 0, 0) == ECF_ERR_NULL &&
	                all_zero(der, sizeof der),
	            "sign_der NULL der_len zeroes der");
	memset(der, 0xa5, sizeof der);
	test_expect(ecf_p256_ecdsa_sign_der(der, &dlen, NULL, digest, 32, NULL, 0, 0) == ECF_ERR_NULL && dlen == 0 &&
	                all_zero(der, sizeof der),
	            "sign_der NULL sk");
	dlen = 5;
	test_expect(ecf_p256_ecdsa_sign_der(NULL, &dlen, priv, digest, 32, NULL, 0, 0) == ECF_ERR_NULL && dlen == 0,
	            "sign_der NULL der");
	memset(der, 0xa5, sizeof der);
	dlen = 5;
	test_expect(ecf_p256_ecdsa_sig_to_der(der, &dlen, NULL) == ECF_ERR_NULL && dlen == 0 &&
	                all_zero(der, sizeof der),
	            "sig_to_der NULL sig");
	uint8_t rs0[64] = {0};
	memset(der, 0xa5, sizeof der);
	dlen = 5;
	test_expect(ecf_p256_ecdsa_sig_to_der(der, &dlen, rs0) == ECF_ERR_RANGE && dlen == 0 &&
	                all_zero(der, sizeof der),
	            "sig_to_der range zeroes der");
}

/* The private key and the nonce do not stay on the stack. */
/* The 8-byte pieces of the RFC 6979 nonce for (priv, digest), computed in a
 * function of its own: the test must not hold the nonce in a register when it
 * calls the function under test, which would push it as a callee-saved value
 * (clang did, 48 bytes below the test's frame, and the scan found it). */
static __attribute__((noinline)) void nonce_pieces(uint8_t pieces[8][8], const uint8_t priv[32], const uint8_t *digest,
                                                   size_t digest_len)
{
	ecfi_p256_rfc6979 g;
	uint64_t k[4];
	uint8_t kb[32];
	ecfi_p256_rfc6979_init(&g, priv, digest, digest_len, NULL, 0);
	ecfi_p256_rfc6979_next(&g, k);
	for (int j = 0; j < 32; j++)
		kb[j] = (uint8_t)(k[3 - j / 8] >> (56 - 8 * (j % 8)));
	test_key32_pieces(pieces, kb);
	ecfi_wipe(&g, sizeof g);
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(kb, sizeof kb);
}

static void test_stack_wiped(void **s)
{
	(void)s;
	TEST_SKIP_UNDER_ASAN();
	test_rng rng;
	test_rng_init(&rng, 0x5a5);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (int i = 0; i < 4; i++) {
			uint8_t priv[32], pub[65], digest[32], sig[64];
			rand_key(&rng, priv, pub);
			rand_bytes(&rng, digest, 32);
			/* the nonce, from the generator directly */
			uint8_t priv_pieces[8][8], k_pieces[8][8];
			test_key32_pieces(priv_pieces, priv);
			nonce_pieces(k_pieces, priv, digest, 32);
			test_stack_paint(0);
			(void)!ecf_p256_ecdsa_sign(sig, priv, digest, 32, NULL, 0, (unsigned)i & 1);
			test_expect(test_stack_count(priv_pieces[0], 8, 8) == 0,
			            "sign left the private key on the stack");
			test_stack_paint(0);
			(void)!ecf_p256_ecdsa_sign(sig, priv, digest, 32, NULL, 0, (unsigned)i & 1);
			test_expect(test_stack_count(k_pieces[0], 8, 8) == 0, "sign left the nonce on the stack");
			/* sign_msg: the message here is the digest above, hashed again inside */
			uint8_t h[32], km_pieces[8][8];
			ecfi_sha256(h, digest, 32);
			nonce_pieces(km_pieces, priv, h, 32);
			test_stack_paint(0);
			(void)!ecf_p256_ecdsa_sign_msg(sig, priv, digest, 32, NULL, 0, (unsigned)i & 1);
			test_expect(test_stack_count(priv_pieces[0], 8, 8) == 0 &&
			                test_stack_count(km_pieces[0], 8, 8) == 0,
			            "sign_msg left the private key or the nonce on the stack");
		}
	}
	test_tier_restore();
}

static int setup(void **s)
{
	(void)s;
#ifdef HAVE_OPENSSL
	grp = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
	bnctx = BN_CTX_new();
#endif
	return 0;
}

static int teardown(void **s)
{
	(void)s;
#ifdef HAVE_OPENSSL
	EC_GROUP_free(grp);
	BN_CTX_free(bnctx);
#endif
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_rfc6979),
	    cmocka_unit_test(test_nonce_reference),
	    cmocka_unit_test(test_openssl_sign_verify),
	    cmocka_unit_test(test_ranges_and_errors),
	    cmocka_unit_test(test_der),
	    cmocka_unit_test(test_x_above_n),
	    cmocka_unit_test(test_stack_wiped),
	    cmocka_unit_test(test_openssl_msg),
	    cmocka_unit_test(test_prepared_agrees),
	    cmocka_unit_test(test_issue19_errors),
	};
	return cmocka_run_group_tests_name("p256_ecdsa", tests, setup, teardown);
}
