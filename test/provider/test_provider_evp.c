/*
 * The "ecfield" OpenSSL provider (provider/) through libcrypto's EVP API,
 * against OpenSSL's default provider in the same library context:
 * - X25519 and ECDH P-256: the shared secret of keys made by each provider is
 *   the same whichever provider derives it;
 * - Ed25519: signatures bit-identical, each verified by the other provider;
 *   ECDSA P-256: signatures of either provider verified by both (digests of
 *   1 to 64 bytes, and digest_sign/digest_verify streams with SHA-256/384/512);
 * - keys moved between the providers (export/import: raw keys, EC
 *   parameters) and through the default provider's PEM encoders/decoders;
 * - bad inputs: wrong curves (secp384r1, explicit parameters), truncated and
 *   overlong raw keys, X25519 peers of small order (the derive fails with an
 *   error on the queue), points off the curve, malformed, truncated, r or s
 *   0 or >= n ECDSA signatures, wrong-length and S >= l Ed25519 signatures:
 *   each is refused or fails to verify as the default provider does, and
 *   nothing crashes;
 * - the provider's call counters ("ecfield-calls") prove which provider did
 *   the work.
 * Random cases come from a fixed seed (ECF_TEST_SEED overrides it; printed on
 * failure); ECF_TEST_SCALE (percent, default 100) scales the 1,000 cases per
 * operation. The module is loaded from ECFP_PROVIDER_DIR (the build's
 * provider/ directory, set by meson; no LD_PRELOAD needed under ASan).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/provider.h>

#include "moduli.h" /* the generator's moduli (test/common), as hex strings */

#ifndef ECFP_PROVIDER_DIR_DEFAULT
#define ECFP_PROVIDER_DIR_DEFAULT "provider"
#endif

static const char *const PQ_E = "provider=ecfield";
static const char *const PQ_D = "provider=default";

static OSSL_LIB_CTX *lc;
static OSSL_PROVIDER *prov_e, *prov_d;

/* ---------------------------------------------------------------- seed, scale, failures */

static uint64_t seed;
static uint64_t rng_state;

static uint64_t rng_next(void) /* splitmix64 */
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void rng_bytes(uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)rng_next();
}

static void rng_stream(uint64_t stream) { rng_state = seed ^ (stream * 0xd1342543de82ef95ULL); }

static long iterations(long dflt)
{
	const char *s = getenv("ECF_TEST_SCALE");
	long pct = s && *s ? strtol(s, NULL, 10) : 100;
	long n = dflt * pct / 100;
	return n < 10 ? 10 : n;
}

#define EXPECT(cond, ...)                                                                                              \
	do {                                                                                                           \
		if (!(cond)) {                                                                                         \
			fprintf(stderr, "# FAILED %s:%d (seed 0x%016llx, replay with ECF_TEST_SEED): %s: ", __FILE__,  \
			        __LINE__, (unsigned long long)seed, #cond);                                            \
			fprintf(stderr, __VA_ARGS__);                                                                  \
			fprintf(stderr, "\n");                                                                         \
			ERR_print_errors_fp(stderr);                                                                   \
			fail();                                                                                        \
		}                                                                                                      \
	} while (0)

/* The last error on the queue mentions want (the provider's reason string). */
static int error_says(const char *want)
{
	unsigned long e;
	char buf[256] = "";
	int found = 0;
	while ((e = ERR_get_error()) != 0) {
		ERR_error_string_n(e, buf, sizeof buf);
		if (strstr(buf, want) != NULL)
			found = 1;
	}
	return found;
}

/* ---------------------------------------------------------------- counters */

enum {
	C_X_KEYGEN,
	C_X_DERIVE,
	C_ED_KEYGEN,
	C_ED_SIGN,
	C_ED_VERIFY,
	C_P_KEYGEN,
	C_ECDH,
	C_ECDSA_SIGN,
	C_ECDSA_VERIFY,
	C_N
};
static const char *const counter_names[C_N] = {"x25519_keygen", "x25519_derive",  "ed25519_keygen",
                                               "ed25519_sign",  "ed25519_verify", "p256_keygen",
                                               "ecdh_derive",   "ecdsa_sign",     "ecdsa_verify"};

static void counters(unsigned long long c[C_N])
{
	char buf[512] = "";
	OSSL_PARAM params[2] = {OSSL_PARAM_utf8_string("ecfield-calls", buf, sizeof buf), OSSL_PARAM_END};
	EXPECT(OSSL_PROVIDER_get_params(prov_e, params) == 1, "get ecfield-calls");
	for (int i = 0; i < C_N; i++) {
		char key[64];
		const char *p;
		snprintf(key, sizeof key, "%s=", counter_names[i]);
		p = strstr(buf, key);
		EXPECT(p != NULL, "counter %s in \"%s\"", counter_names[i], buf);
		c[i] = strtoull(p + strlen(key), NULL, 10);
	}
}

static void expect_counted(const unsigned long long before[C_N], int which, unsigned long long n)
{
	unsigned long long after[C_N];
	counters(after);
	EXPECT(after[which] - before[which] == n, "%s counted %llu, want %llu", counter_names[which],
	       after[which] - before[which], n);
}

/* ---------------------------------------------------------------- helpers */

static int is_ecfield(const EVP_PKEY *k) { return EVP_PKEY_get0_provider(k) == prov_e; }

static int derive(EVP_PKEY *key, EVP_PKEY *peer, const char *pq, uint8_t *out, size_t *outlen)
{
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, key, pq);
	int ok = c != NULL && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer(c, peer) == 1 &&
	         EVP_PKEY_derive(c, out, outlen) == 1;
	if (ok)
		ok = EVP_PKEY_CTX_get0_provider(c) == (strcmp(pq, PQ_E) == 0 ? prov_e : prov_d);
	EVP_PKEY_CTX_free(c);
	return ok;
}

/* Move a key to the other provider through export/import (EVP_PKEY_todata,
 * EVP_PKEY_fromdata), as OpenSSL does between providers. */
static EVP_PKEY *move_key(EVP_PKEY *k, const char *alg, const char *pq, int selection)
{
	OSSL_PARAM *params = NULL;
	EVP_PKEY *out = NULL;
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lc, alg, pq);
	if (c != NULL && EVP_PKEY_todata(k, selection, &params) == 1 && EVP_PKEY_fromdata_init(c) == 1 &&
	    EVP_PKEY_fromdata(c, &out, selection, params) != 1)
		out = NULL;
	OSSL_PARAM_free(params);
	EVP_PKEY_CTX_free(c);
	return out;
}

static int is_ecfield(const EVP_PKEY *k);
static EVP_PKEY *move_key(EVP_PKEY *k, const char *alg, const char *pq, int selection);

/* k through PEM: written by the default provider's encoders (which export
 * the key), read back by its decoders, then imported into pq's provider. */
static EVP_PKEY *pem_roundtrip(EVP_PKEY *k, const char *alg, const char *pq, int priv)
{
	BIO *b = BIO_new(BIO_s_mem());
	EVP_PKEY *out = NULL;
	OSSL_DECODER_CTX *d = NULL;
	const unsigned char *data;
	long len;
	int ok = b != NULL &&
	         (priv ? PEM_write_bio_PrivateKey(b, k, NULL, NULL, 0, NULL, NULL) : PEM_write_bio_PUBKEY(b, k)) == 1;
	if (ok) {
		len = BIO_get_mem_data(b, (char **)&data);
		size_t n = (size_t)len;
		d = OSSL_DECODER_CTX_new_for_pkey(&out, "PEM", NULL, alg, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
		                                  lc, pq);
		if (d == NULL || OSSL_DECODER_from_data(d, &data, &n) != 1)
			out = NULL;
	}
	OSSL_DECODER_CTX_free(d);
	BIO_free(b);
	/* OpenSSL 3.0's decoders build the key with their own provider's key
	 * management (default): import it (as any operation fetched from
	 * ecfield would). */
	if (out != NULL && !is_ecfield(out)) {
		EVP_PKEY *moved = move_key(out, alg, pq, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY);
		EVP_PKEY_free(out);
		out = moved;
	}
	return out;
}

/* ---------------------------------------------------------------- setup */

static int setup(void **state)
{
	const char *dir = getenv("ECFP_PROVIDER_DIR");
	const char *s = getenv("ECF_TEST_SEED");
	(void)state;
	seed = s && *s ? strtoull(s, NULL, 0) : 0x5eed0021ecf1e1dULL;
	fprintf(stderr, "# random seed 0x%016llx (replay with ECF_TEST_SEED=0x%016llx)\n", (unsigned long long)seed,
	        (unsigned long long)seed);
	/* The counters are on only when the variable is set at load. */
	setenv("ECFIELD_PROVIDER_STATS", "/dev/null", 0);
	lc = OSSL_LIB_CTX_new();
	if (lc == NULL || OSSL_PROVIDER_set_default_search_path(lc, dir ? dir : ECFP_PROVIDER_DIR_DEFAULT) != 1)
		return -1;
	prov_e = OSSL_PROVIDER_load(lc, "ecfield");
	prov_d = OSSL_PROVIDER_load(lc, "default");
	if (prov_e == NULL || prov_d == NULL) {
		ERR_print_errors_fp(stderr);
		return -1;
	}
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	OSSL_PROVIDER_unload(prov_e);
	OSSL_PROVIDER_unload(prov_d);
	OSSL_LIB_CTX_free(lc);
	return 0;
}

/* ---------------------------------------------------------------- provider parameters */

static void test_params(void **state)
{
	char *name = NULL, *version = NULL, *buildinfo = NULL;
	int status = 0;
	OSSL_PARAM params[] = {
	    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, &name, 0),
	    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, &version, 0),
	    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, &buildinfo, 0),
	    OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, &status),
	    OSSL_PARAM_END,
	};
	(void)state;
	EXPECT(OSSL_PROVIDER_get_params(prov_e, params) == 1, "get_params");
	EXPECT(name && strcmp(name, "libecfield OpenSSL provider") == 0, "name %s", name ? name : "(null)");
	EXPECT(version && strcmp(version, ECFP_EXPECT_VERSION) == 0, "version %s", version ? version : "(null)");
	EXPECT(buildinfo && strstr(buildinfo, "kernel") != NULL, "buildinfo %s", buildinfo ? buildinfo : "(null)");
	EXPECT(status == 1, "status %d", status);
	EXPECT(OSSL_PROVIDER_self_test(prov_e) == 1, "self test");
	/* The algorithms carry the property provider=ecfield. */
	for (size_t i = 0; i < 3; i++) {
		const char *alg[] = {"X25519", "ED25519", "EC"};
		EVP_KEYMGMT *km = EVP_KEYMGMT_fetch(lc, alg[i], PQ_E);
		EXPECT(km != NULL && EVP_KEYMGMT_get0_provider(km) == prov_e, "KEYMGMT %s", alg[i]);
		EVP_KEYMGMT_free(km);
	}
	EVP_SIGNATURE *sig = EVP_SIGNATURE_fetch(lc, "ECDSA", PQ_E);
	EXPECT(sig != NULL, "SIGNATURE ECDSA");
	EVP_SIGNATURE_free(sig);
	EVP_KEYEXCH *kx = EVP_KEYEXCH_fetch(lc, "ECDH", PQ_E);
	EXPECT(kx != NULL, "KEYEXCH ECDH");
	EVP_KEYEXCH_free(kx);
}

/* ---------------------------------------------------------------- X25519 */

static void test_x25519(void **state)
{
	long n = iterations(1000);
	unsigned long long before[C_N];
	(void)state;
	rng_stream(1);
	counters(before);
	for (long i = 0; i < n; i++) {
		uint8_t a[32], b[32], pa_e[32], pa_d[32], s1[32], s2[32], s3[32], s4[32], got[32];
		size_t l1 = 32, l2 = 32, l3 = 32, l4 = 32, len = 32;
		rng_bytes(a, 32);
		rng_bytes(b, 32);
		/* a in ecfield, b in default (every 8th case: made by each provider's key generation) */
		EVP_PKEY *ka = EVP_PKEY_new_raw_private_key_ex(lc, "X25519", PQ_E, a, 32);
		EVP_PKEY *kb = (i % 8 == 7) ? EVP_PKEY_Q_keygen(lc, PQ_D, "X25519")
		                            : EVP_PKEY_new_raw_private_key_ex(lc, "X25519", PQ_D, b, 32);
		EVP_PKEY *ka_d = EVP_PKEY_new_raw_private_key_ex(lc, "X25519", PQ_D, a, 32);
		EXPECT(ka && kb && ka_d && is_ecfield(ka) && !is_ecfield(kb), "X25519 keys, case %ld", i);
		/* the same public key from both providers, raw round trip */
		EXPECT(EVP_PKEY_get_raw_public_key(ka, pa_e, &len) == 1 && len == 32, "raw pub %ld", i);
		len = 32;
		EXPECT(EVP_PKEY_get_raw_public_key(ka_d, pa_d, &len) == 1 && memcmp(pa_e, pa_d, 32) == 0,
		       "public keys differ, case %ld", i);
		len = 32;
		EXPECT(EVP_PKEY_get_raw_private_key(ka, got, &len) == 1 && len == 32 && memcmp(got, a, 32) == 0,
		       "raw priv round trip %ld", i);
		/* key comparison in ecfield: a differs from b (private and public-only keys) */
		if (i % 8 != 7) {
			EVP_PKEY *kb_e = EVP_PKEY_new_raw_private_key_ex(lc, "X25519", PQ_E, b, 32);
			EVP_PKEY *pa_only = EVP_PKEY_new_raw_public_key_ex(lc, "X25519", PQ_E, pa_e, 32);
			EXPECT(kb_e && pa_only && EVP_PKEY_eq(ka, kb_e) == 0 && EVP_PKEY_eq(kb_e, pa_only) == 0 &&
			           EVP_PKEY_eq(ka, pa_only) == 1,
			       "X25519 key comparison, case %ld", i);
			EVP_PKEY_free(kb_e);
			EVP_PKEY_free(pa_only);
		}
		/* derive: ecfield(a, b), default(b, a), default(a, b) with a moved, ecfield(b, a) with b moved */
		EXPECT(derive(ka, kb, PQ_E, s1, &l1), "ecfield derive %ld", i);
		EXPECT(derive(kb, ka, PQ_D, s2, &l2), "default derive %ld", i);
		EXPECT(derive(ka, kb, PQ_D, s3, &l3), "default derive, ecfield key %ld", i);
		EXPECT(derive(kb, ka, PQ_E, s4, &l4), "ecfield derive, default key %ld", i);
		EXPECT(l1 == 32 && l2 == 32 && l3 == 32 && l4 == 32 && memcmp(s1, s2, 32) == 0 &&
		           memcmp(s1, s3, 32) == 0 && memcmp(s1, s4, 32) == 0,
		       "X25519 shared secrets differ, case %ld", i);
		if (i % 50 == 0) {
			/* export/import and PEM through the default provider's encoders and decoders */
			EVP_PKEY *m = move_key(ka, "X25519", PQ_D, EVP_PKEY_KEYPAIR);
			EVP_PKEY *back = m ? move_key(m, "X25519", PQ_E, EVP_PKEY_KEYPAIR) : NULL;
			EVP_PKEY *pem = pem_roundtrip(ka, "X25519", PQ_E, 1);
			EVP_PKEY *pub = pem_roundtrip(ka, "X25519", PQ_E, 0);
			EXPECT(m && back && !is_ecfield(m) && is_ecfield(back) && EVP_PKEY_eq(back, ka) == 1,
			       "X25519 export/import %ld", i);
			EXPECT(pem && is_ecfield(pem) && EVP_PKEY_eq(pem, ka) == 1, "X25519 PEM private %ld", i);
			EXPECT(pub && is_ecfield(pub) && EVP_PKEY_eq(pub, ka) == 1, "X25519 PEM public %ld", i);
			len = 32;
			EXPECT(EVP_PKEY_get_raw_private_key(pem, got, &len) == 1 && memcmp(got, a, 32) == 0,
			       "X25519 PEM private bytes %ld", i);
			EVP_PKEY_free(m);
			EVP_PKEY_free(back);
			EVP_PKEY_free(pem);
			EVP_PKEY_free(pub);
		}
		EVP_PKEY_free(ka);
		EVP_PKEY_free(kb);
		EVP_PKEY_free(ka_d);
	}
	expect_counted(before, C_X_DERIVE, 2 * (unsigned long long)n);
	/* key generation in ecfield */
	counters(before);
	for (int i = 0; i < 20; i++) {
		uint8_t s1[32], s2[32];
		size_t l1 = 32, l2 = 32;
		EVP_PKEY *ka = EVP_PKEY_Q_keygen(lc, PQ_E, "X25519"), *kb = EVP_PKEY_Q_keygen(lc, PQ_D, "X25519");
		EXPECT(ka && kb && is_ecfield(ka), "X25519 keygen");
		EXPECT(derive(ka, kb, PQ_E, s1, &l1) && derive(kb, ka, PQ_D, s2, &l2) && memcmp(s1, s2, 32) == 0,
		       "X25519 keygen derive %d", i);
		EVP_PKEY_free(ka);
		EVP_PKEY_free(kb);
	}
	expect_counted(before, C_X_KEYGEN, 20);
}

/* u-coordinates whose X25519 is all zero (points of small order, and their
 * non-canonical encodings): the derive must fail with an error. */
static uint8_t x25519_small_order[8][32] = {
    {0},
    {1},
    {0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4, 0x6a,
     0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00},
    {0x5f, 0x9c, 0x95, 0xbc, 0xa3, 0x50, 0x8c, 0x24, 0xb1, 0xd0, 0xb1, 0x55, 0x9c, 0x83, 0xef, 0x5b,
     0x04, 0x44, 0x5c, 0xc4, 0x58, 0x1c, 0x8e, 0x86, 0xd8, 0x22, 0x4e, 0xdd, 0xd0, 0x9f, 0x11, 0x57},
    /* p - 1, p, p + 1, p + 2^255 (the top bit, ignored): filled from the
     * generator's modulus (moduli.h) */
};

/* v (hex, a modulus of moduli.h) + add, as 32 little-endian bytes; add may
 * be negative. */
static void le32_from_hex(uint8_t out[32], const char *hex, long add)
{
	BIGNUM *v = NULL;
	EXPECT(BN_hex2bn(&v, hex) > 0, "hex");
	EXPECT(add >= 0 ? BN_add_word(v, (BN_ULONG)add) : BN_sub_word(v, (BN_ULONG)-add), "add");
	EXPECT(BN_bn2lebinpad(v, out, 32) == 32, "32 bytes");
	BN_free(v);
}

static void test_x25519_bad(void **state)
{
	uint8_t a[33], s[32];
	size_t len;
	(void)state;
	rng_stream(2);
	rng_bytes(a, sizeof a);
	EVP_PKEY *ka = EVP_PKEY_new_raw_private_key_ex(lc, "X25519", PQ_E, a, 32);
	EXPECT(ka != NULL, "X25519 key");
	le32_from_hex(x25519_small_order[4], P25519_HEX, -1);
	le32_from_hex(x25519_small_order[5], P25519_HEX, 0);
	le32_from_hex(x25519_small_order[6], P25519_HEX, 1);
	le32_from_hex(x25519_small_order[7], P25519_HEX, 0);
	x25519_small_order[7][31] |= 0x80;
	for (size_t i = 0; i < sizeof x25519_small_order / sizeof x25519_small_order[0]; i++) {
		for (int who = 0; who < 2; who++) { /* the peer made by ecfield, then by default */
			EVP_PKEY *peer =
			    EVP_PKEY_new_raw_public_key_ex(lc, "X25519", who ? PQ_D : PQ_E, x25519_small_order[i], 32);
			EXPECT(peer != NULL, "small-order peer %zu", i);
			ERR_clear_error();
			len = sizeof s;
			memset(s, 0x55, sizeof s);
			EXPECT(!derive(ka, peer, PQ_E, s, &len), "derive with small-order peer %zu succeeded", i);
			EXPECT(error_says("all-zero"), "no all-zero error on the queue for peer %zu", i);
			/* the default provider refuses it too */
			len = sizeof s;
			EXPECT(!derive(ka, peer, PQ_D, s, &len), "default derive with small-order peer %zu", i);
			ERR_clear_error();
			EVP_PKEY_free(peer);
		}
	}
	/* truncated and overlong raw keys, for both key types */
	for (int t = 0; t < 2; t++) {
		const char *alg = t ? "ED25519" : "X25519";
		size_t lens[] = {0, 1, 31, 33, 64};
		for (size_t j = 0; j < sizeof lens / sizeof lens[0]; j++) {
			ERR_clear_error();
			EXPECT(EVP_PKEY_new_raw_private_key_ex(lc, alg, PQ_E, a, lens[j]) == NULL,
			       "%s private key of %zu bytes accepted", alg, lens[j]);
			EXPECT(EVP_PKEY_new_raw_public_key_ex(lc, alg, PQ_E, a, lens[j]) == NULL,
			       "%s public key of %zu bytes accepted", alg, lens[j]);
			EXPECT(error_says("bad key length"), "no bad key length error (%s, %zu)", alg, lens[j]);
		}
	}
	/* a private key imported with a public key that is not its own */
	for (int t = 0; t < 2; t++) {
		const char *alg = t ? "ED25519" : "X25519";
		uint8_t other[32];
		OSSL_PARAM params[] = {OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, a, 32),
		                       OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, other, 32), OSSL_PARAM_END};
		EVP_PKEY *k = NULL, *ko = EVP_PKEY_Q_keygen(lc, PQ_D, alg);
		EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lc, alg, PQ_E);
		len = 32;
		EXPECT(ko && EVP_PKEY_get_raw_public_key(ko, other, &len) == 1, "other key");
		ERR_clear_error();
		EXPECT(c && EVP_PKEY_fromdata_init(c) == 1 && EVP_PKEY_fromdata(c, &k, EVP_PKEY_KEYPAIR, params) != 1,
		       "%s private key with another public key accepted", alg);
		EXPECT(error_says("invalid point"), "no error for %s's mismatched public key", alg);
		EVP_PKEY_free(k);
		EVP_PKEY_free(ko);
		EVP_PKEY_CTX_free(c);
	}
	/* the encoded public key of TLS: 32 bytes only */
	EXPECT(EVP_PKEY_set1_encoded_public_key(ka, a, 31) != 1, "31-byte encoded public key");
	EXPECT(EVP_PKEY_set1_encoded_public_key(ka, a, 33) != 1, "33-byte encoded public key");
	ERR_clear_error();
	/* group names: x25519 only */
	EVP_PKEY_CTX *g = EVP_PKEY_CTX_new_from_name(lc, "X25519", PQ_E);
	EXPECT(g && EVP_PKEY_keygen_init(g) == 1, "keygen init");
	EXPECT(EVP_PKEY_CTX_set_group_name(g, "x448") != 1, "X25519 with group x448");
	EXPECT(error_says("wrong curve"), "no wrong curve error");
	EVP_PKEY_CTX_free(g);
	EVP_PKEY_free(ka);
}

/* ---------------------------------------------------------------- Ed25519 */

static int ed_sign(EVP_PKEY *k, const char *pq, const uint8_t *m, size_t mlen, uint8_t sig[64])
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	size_t len = 64;
	int ok = c && EVP_DigestSignInit_ex(c, NULL, NULL, lc, pq, k, NULL) == 1 &&
	         EVP_DigestSign(c, sig, &len, m, mlen) == 1 && len == 64;
	EVP_MD_CTX_free(c);
	return ok;
}

static int ed_verify(EVP_PKEY *k, const char *pq, const uint8_t *m, size_t mlen, const uint8_t *sig, size_t slen)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	int ok = c && EVP_DigestVerifyInit_ex(c, NULL, NULL, lc, pq, k, NULL) == 1 &&
	         EVP_DigestVerify(c, sig, slen, m, mlen) == 1;
	EVP_MD_CTX_free(c);
	return ok;
}

static void test_ed25519(void **state)
{
	long n = iterations(1000);
	unsigned long long before[C_N];
	(void)state;
	rng_stream(3);
	counters(before);
	unsigned long long signs = 0, verifies = 0;
	for (long i = 0; i < n; i++) {
		uint8_t seedk[32], msg[300], s_e[64], s_d[64], bad[65], pub_e[32], pub_d[32];
		size_t mlen = (size_t)(rng_next() % sizeof msg), len = 32;
		rng_bytes(seedk, 32);
		rng_bytes(msg, mlen);
		EVP_PKEY *ke = EVP_PKEY_new_raw_private_key_ex(lc, "ED25519", PQ_E, seedk, 32);
		EVP_PKEY *kd = EVP_PKEY_new_raw_private_key_ex(lc, "ED25519", PQ_D, seedk, 32);
		EXPECT(ke && kd && is_ecfield(ke), "Ed25519 keys %ld", i);
		EXPECT(EVP_PKEY_get_raw_public_key(ke, pub_e, &len) == 1, "pub");
		len = 32;
		EXPECT(EVP_PKEY_get_raw_public_key(kd, pub_d, &len) == 1 && memcmp(pub_e, pub_d, 32) == 0,
		       "Ed25519 public keys differ %ld", i);
		EXPECT(ed_sign(ke, PQ_E, msg, mlen, s_e), "ecfield sign %ld", i);
		EXPECT(ed_sign(kd, PQ_D, msg, mlen, s_d), "default sign %ld", i);
		EXPECT(memcmp(s_e, s_d, 64) == 0, "Ed25519 signatures differ, case %ld (msg %zu bytes)", i, mlen);
		/* a default key signed by ecfield (moved by export/import) */
		EXPECT(ed_sign(kd, PQ_E, msg, mlen, s_d) && memcmp(s_e, s_d, 64) == 0, "ecfield sign, default key %ld",
		       i);
		signs += 2;
		/* verify both ways; the public key alone from the other provider */
		EVP_PKEY *pe = EVP_PKEY_new_raw_public_key_ex(lc, "ED25519", PQ_E, pub_d, 32);
		EXPECT(pe != NULL, "Ed25519 public key");
		EXPECT(ed_verify(pe, PQ_E, msg, mlen, s_d, 64), "ecfield verify %ld", i);
		EXPECT(ed_verify(kd, PQ_E, msg, mlen, s_e, 64), "ecfield verify, default key %ld", i);
		EXPECT(ed_verify(pe, PQ_D, msg, mlen, s_e, 64), "default verify, ecfield key %ld", i);
		verifies += 2;
		/* one flipped bit of the message or of the signature */
		memcpy(bad, s_e, 64);
		if (mlen > 0 && (i & 1)) {
			uint8_t *m2 = msg + rng_next() % mlen, bit = (uint8_t)(1u << (rng_next() % 8));
			*m2 ^= bit;
			EXPECT(!ed_verify(pe, PQ_E, msg, mlen, bad, 64) && !ed_verify(pe, PQ_D, msg, mlen, bad, 64),
			       "Ed25519 modified message verified %ld", i);
			*m2 ^= bit;
		} else {
			bad[rng_next() % 64] ^= (uint8_t)(1u << (rng_next() % 8));
			int e = ed_verify(pe, PQ_E, msg, mlen, bad, 64), d = ed_verify(pe, PQ_D, msg, mlen, bad, 64);
			EXPECT(!e && !d, "Ed25519 modified signature verified (ecfield %d, default %d) %ld", e, d, i);
		}
		verifies++;
		ERR_clear_error();
		if (i % 50 == 0) {
			/* wrong lengths, S + l (>= l) */
			memcpy(bad, s_e, 64);
			bad[64] = 0;
			EXPECT(!ed_verify(pe, PQ_E, msg, mlen, bad, 63), "63-byte signature verified");
			EXPECT(!ed_verify(pe, PQ_E, msg, mlen, bad, 65), "65-byte signature verified");
			EXPECT(!ed_verify(pe, PQ_E, msg, mlen, bad, 0), "empty signature verified");
			EXPECT(error_says("bad signature length"), "no bad signature length error");
			unsigned carry = 0;
			uint8_t ed_l[32]; /* l, the order of the base point, little-endian */
			le32_from_hex(ed_l, SC25519_HEX, 0);
			for (int j = 0; j < 32; j++) {
				unsigned t = bad[32 + j] + ed_l[j] + carry;
				bad[32 + j] = (uint8_t)t;
				carry = t >> 8;
			}
			EXPECT(!ed_verify(pe, PQ_E, msg, mlen, bad, 64) && !ed_verify(pe, PQ_D, msg, mlen, bad, 64),
			       "S + l verified");
			EXPECT(error_says("bad signature encoding"), "no error for S >= l");
			verifies += 4; /* 63, 65, 0 bytes, S + l */
			/* export/import and PEM round trips */
			EVP_PKEY *m = move_key(ke, "ED25519", PQ_D, EVP_PKEY_KEYPAIR);
			EVP_PKEY *pem = pem_roundtrip(ke, "ED25519", PQ_E, 1);
			EVP_PKEY *pub = pem_roundtrip(kd, "ED25519", PQ_E, 0);
			EXPECT(m && !is_ecfield(m) && EVP_PKEY_eq(m, ke) == 1, "Ed25519 export %ld", i);
			EXPECT(pem && is_ecfield(pem) && EVP_PKEY_eq(pem, ke) == 1, "Ed25519 PEM private %ld", i);
			EXPECT(pub && is_ecfield(pub) && EVP_PKEY_eq(pub, ke) == 1, "Ed25519 PEM public %ld", i);
			EXPECT(ed_sign(pem, PQ_E, msg, mlen, s_d) && memcmp(s_d, s_e, 64) == 0 &&
			           ed_verify(pub, PQ_E, msg, mlen, s_e, 64),
			       "Ed25519 PEM keys sign/verify %ld", i);
			signs++;
			verifies++;
			EVP_PKEY_free(m);
			EVP_PKEY_free(pem);
			EVP_PKEY_free(pub);
			/* a digest is refused */
			EVP_MD_CTX *c = EVP_MD_CTX_new();
			EXPECT(EVP_DigestSignInit_ex(c, NULL, "SHA256", lc, PQ_E, ke, NULL) != 1,
			       "Ed25519 with SHA256");
			EVP_MD_CTX_free(c);
			ERR_clear_error();
		}
		EVP_PKEY_free(pe);
		EVP_PKEY_free(ke);
		EVP_PKEY_free(kd);
	}
	expect_counted(before, C_ED_SIGN, signs);
	expect_counted(before, C_ED_VERIFY, verifies);
	/* the AlgorithmIdentifier X.509 signing needs; keygen */
	EVP_PKEY *k = EVP_PKEY_Q_keygen(lc, PQ_E, "ED25519");
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	EVP_PKEY_CTX *pc = NULL;
	uint8_t aid[32];
	OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, aid, sizeof aid), OSSL_PARAM_END};
	static const uint8_t want[] = {0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70};
	EXPECT(k && is_ecfield(k) && EVP_DigestSignInit_ex(c, &pc, NULL, lc, PQ_E, k, NULL) == 1, "Ed25519 keygen");
	EXPECT(EVP_PKEY_CTX_get_params(pc, p) == 1 && p[0].return_size == sizeof want &&
	           memcmp(aid, want, sizeof want) == 0,
	       "Ed25519 AlgorithmIdentifier");
	EVP_MD_CTX_free(c);
	EVP_PKEY_free(k);
}

/* ---------------------------------------------------------------- P-256 */

static EVP_PKEY *p256_from_priv(const char *pq, const uint8_t sk[32], const char *group)
{
	OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
	BIGNUM *d = BN_bin2bn(sk, 32, NULL);
	OSSL_PARAM *params = NULL;
	EVP_PKEY *k = NULL;
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lc, "EC", pq);
	if (b && d && c && OSSL_PARAM_BLD_push_utf8_string(b, OSSL_PKEY_PARAM_GROUP_NAME, group, 0) &&
	    OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_PRIV_KEY, d) && (params = OSSL_PARAM_BLD_to_param(b)) != NULL &&
	    EVP_PKEY_fromdata_init(c) == 1 && EVP_PKEY_fromdata(c, &k, EVP_PKEY_KEYPAIR, params) != 1)
		k = NULL;
	OSSL_PARAM_free(params);
	OSSL_PARAM_BLD_free(b);
	BN_free(d);
	EVP_PKEY_CTX_free(c);
	return k;
}

/* A P-256 secret key below n: 32 random bytes with the top bit cleared
 * (below 2^255 < n), never zero. */
static void p256_rand_sk(uint8_t sk[32])
{
	rng_bytes(sk, 32);
	sk[0] &= 0x7f;
	sk[31] |= 1;
}

static void test_ecdh(void **state)
{
	long n = iterations(1000);
	unsigned long long before[C_N];
	(void)state;
	rng_stream(4);
	counters(before);
	for (long i = 0; i < n; i++) {
		uint8_t a[32], s1[32], s2[32], s3[32], s4[32], pe[65], pd[65];
		size_t l1 = 32, l2 = 32, l3 = 32, l4 = 32, len;
		p256_rand_sk(a);
		EVP_PKEY *ka = p256_from_priv(PQ_E, a, (i & 1) ? "P-256" : "prime256v1");
		EVP_PKEY *kb = EVP_PKEY_Q_keygen(lc, PQ_D, "EC", "P-256");
		EXPECT(ka && kb && is_ecfield(ka) && !is_ecfield(kb), "P-256 keys %ld", i);
		/* the key moved to default has the same public key */
		EVP_PKEY *ka_d = move_key(ka, "EC", PQ_D, EVP_PKEY_KEYPAIR);
		EXPECT(ka_d && !is_ecfield(ka_d), "P-256 export %ld", i);
		len = 0;
		EXPECT(EVP_PKEY_get_octet_string_param(ka, OSSL_PKEY_PARAM_PUB_KEY, pe, sizeof pe, &len) == 1 &&
		           len == 65,
		       "ecfield public key %ld", i);
		EXPECT(EVP_PKEY_get_octet_string_param(ka_d, OSSL_PKEY_PARAM_PUB_KEY, pd, sizeof pd, &len) == 1 &&
		           len == 65 && memcmp(pe, pd, 65) == 0,
		       "P-256 public keys differ %ld", i);
		EXPECT(derive(ka, kb, PQ_E, s1, &l1), "ecfield ECDH %ld", i);
		EXPECT(derive(kb, ka, PQ_D, s2, &l2), "default ECDH %ld", i);
		EXPECT(derive(ka, kb, PQ_D, s3, &l3), "default ECDH, ecfield key %ld", i);
		EXPECT(derive(kb, ka, PQ_E, s4, &l4), "ecfield ECDH, default key %ld", i);
		EXPECT(l1 == 32 && l2 == 32 && l3 == 32 && l4 == 32 && memcmp(s1, s2, 32) == 0 &&
		           memcmp(s1, s3, 32) == 0 && memcmp(s1, s4, 32) == 0,
		       "ECDH secrets differ %ld", i);
		if (i % 50 == 0) {
			/* a shorter output buffer gets the secret's first bytes, as from the default provider */
			uint8_t t1[16], t2[16];
			size_t tl1 = sizeof t1, tl2 = sizeof t2;
			EXPECT(derive(ka, kb, PQ_E, t1, &tl1) && derive(ka, kb, PQ_D, t2, &tl2) && tl1 == 16 &&
			           tl2 == 16 && memcmp(t1, s1, 16) == 0 && memcmp(t2, s1, 16) == 0,
			       "ECDH into 16 bytes, case %ld", i);
			EVP_PKEY *back = move_key(ka_d, "EC", PQ_E, EVP_PKEY_KEYPAIR);
			EVP_PKEY *pem = pem_roundtrip(ka, "EC", PQ_E, 1);
			EVP_PKEY *pub = pem_roundtrip(ka, "EC", PQ_E, 0);
			EXPECT(back && is_ecfield(back) && EVP_PKEY_eq(back, ka) == 1, "P-256 import %ld", i);
			EXPECT(pem && is_ecfield(pem) && EVP_PKEY_eq(pem, ka) == 1, "P-256 PEM private %ld", i);
			EXPECT(pub && is_ecfield(pub) && EVP_PKEY_eq(pub, ka) == 1, "P-256 PEM public %ld", i);
			BIGNUM *d = NULL;
			uint8_t got[32];
			EXPECT(EVP_PKEY_get_bn_param(pem, OSSL_PKEY_PARAM_PRIV_KEY, &d) == 1 &&
			           BN_bn2binpad(d, got, 32) == 32 && memcmp(got, a, 32) == 0,
			       "P-256 PEM private key value %ld", i);
			BN_free(d);
			char gname[32];
			EXPECT(EVP_PKEY_get_group_name(pem, gname, sizeof gname, NULL) == 1 &&
			           strcmp(gname, "prime256v1") == 0,
			       "group name");
			/* a compressed public key is accepted and decompressed */
			uint8_t comp[33];
			comp[0] = (uint8_t)(2 | (pe[64] & 1));
			memcpy(comp + 1, pe + 1, 32);
			OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
			OSSL_PARAM *params = NULL;
			EVP_PKEY *kc = NULL;
			EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lc, "EC", PQ_E);
			EXPECT(b && c && OSSL_PARAM_BLD_push_utf8_string(b, "group", "prime256v1", 0) &&
			           OSSL_PARAM_BLD_push_octet_string(b, "pub", comp, 33) &&
			           (params = OSSL_PARAM_BLD_to_param(b)) && EVP_PKEY_fromdata_init(c) == 1 &&
			           EVP_PKEY_fromdata(c, &kc, EVP_PKEY_PUBLIC_KEY, params) == 1 &&
			           EVP_PKEY_eq(kc, ka) == 1,
			       "compressed public key %ld", i);
			EVP_PKEY_free(kc);
			EVP_PKEY_CTX_free(c);
			OSSL_PARAM_free(params);
			OSSL_PARAM_BLD_free(b);
			EVP_PKEY_free(back);
			EVP_PKEY_free(pem);
			EVP_PKEY_free(pub);
		}
		EVP_PKEY_free(ka);
		EVP_PKEY_free(ka_d);
		EVP_PKEY_free(kb);
	}
	expect_counted(before, C_ECDH, 2 * (unsigned long long)n + (unsigned long long)(n + 49) / 50);
	counters(before);
	for (int i = 0; i < 20; i++) {
		uint8_t s1[32], s2[32];
		size_t l1 = 32, l2 = 32;
		EVP_PKEY *ka = EVP_PKEY_Q_keygen(lc, PQ_E, "EC", "P-256"),
		         *kb = EVP_PKEY_Q_keygen(lc, PQ_D, "EC", "P-256");
		EXPECT(ka && kb && is_ecfield(ka), "P-256 keygen");
		EXPECT(derive(ka, kb, PQ_E, s1, &l1) && derive(kb, ka, PQ_D, s2, &l2) && memcmp(s1, s2, 32) == 0,
		       "P-256 keygen derive %d", i);
		EVP_PKEY_free(ka);
		EVP_PKEY_free(kb);
	}
	expect_counted(before, C_P_KEYGEN, 20);
}

/* A P-256 key with explicit parameters, made by the default provider. */
static EVP_PKEY *p256_explicit_key(const char *pq)
{
	/* p, a = p - 3 (computed below), b, n */
	static const char *const hex[] = {
	    P256_HEX,
	    P256_HEX,
	    "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
	    P256N_HEX,
	};
	static const char gen[] = "046b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c2964fe342e2fe1a7f9b8"
	                          "ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5";
	uint8_t g[65];
	BIGNUM *bn[4] = {NULL}, *one = BN_new();
	OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
	OSSL_PARAM *params = NULL;
	EVP_PKEY *k = NULL;
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lc, "EC", pq);
	int ok = b && c && one && BN_one(one);
	for (int i = 0; i < 65; i++) {
		unsigned v;
		sscanf(gen + 2 * i, "%2x", &v);
		g[i] = (uint8_t)v;
	}
	for (int i = 0; i < 4; i++)
		ok = ok && BN_hex2bn(&bn[i], hex[i]);
	ok = ok && BN_sub_word(bn[1], 3);
	ok = ok && OSSL_PARAM_BLD_push_utf8_string(b, OSSL_PKEY_PARAM_EC_FIELD_TYPE, SN_X9_62_prime_field, 0) &&
	     OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_EC_P, bn[0]) &&
	     OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_EC_A, bn[1]) &&
	     OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_EC_B, bn[2]) &&
	     OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_EC_ORDER, bn[3]) &&
	     OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_EC_COFACTOR, one) &&
	     OSSL_PARAM_BLD_push_octet_string(b, OSSL_PKEY_PARAM_EC_GENERATOR, g, 65) &&
	     OSSL_PARAM_BLD_push_octet_string(b, OSSL_PKEY_PARAM_PUB_KEY, g, 65) &&
	     (params = OSSL_PARAM_BLD_to_param(b)) != NULL && EVP_PKEY_fromdata_init(c) == 1 &&
	     EVP_PKEY_fromdata(c, &k, EVP_PKEY_PUBLIC_KEY, params) == 1;
	if (!ok)
		k = NULL;
	for (int i = 0; i < 4; i++)
		BN_free(bn[i]);
	BN_free(one);
	OSSL_PARAM_free(params);
	OSSL_PARAM_BLD_free(b);
	EVP_PKEY_CTX_free(c);
	return k;
}

static void test_p256_bad(void **state)
{
	uint8_t a[32], s[32];
	size_t len;
	(void)state;
	rng_stream(5);
	p256_rand_sk(a);
	EVP_PKEY *ka = p256_from_priv(PQ_E, a, "prime256v1");
	EXPECT(ka != NULL, "P-256 key");
	/* other groups: import, generation, and a secp384r1 key of the default provider */
	const char *groups[] = {"secp384r1", "P-384", "secp256k1", "prime239v1", "brainpoolP256r1"};
	for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
		ERR_clear_error();
		EXPECT(p256_from_priv(PQ_E, a, groups[i]) == NULL, "import with group %s", groups[i]);
		EXPECT(error_says("wrong curve"), "no wrong curve error for %s", groups[i]);
		EXPECT(EVP_PKEY_Q_keygen(lc, PQ_E, "EC", groups[i]) == NULL, "keygen with group %s", groups[i]);
		ERR_clear_error();
	}
	EVP_PKEY *k384 = EVP_PKEY_Q_keygen(lc, PQ_D, "EC", "P-384");
	EXPECT(k384 != NULL, "P-384 key");
	len = sizeof s;
	ERR_clear_error();
	EXPECT(!derive(ka, k384, PQ_E, s, &len), "ECDH with a P-384 peer");
	len = sizeof s;
	EXPECT(!derive(k384, ka, PQ_E, s, &len), "ECDH with a P-384 key");
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, k384, PQ_E);
	EXPECT(c == NULL || EVP_PKEY_sign_init(c) != 1, "ECDSA with a P-384 key");
	EVP_PKEY_CTX_free(c);
	EXPECT(move_key(k384, "EC", PQ_E, EVP_PKEY_KEYPAIR) == NULL, "P-384 key imported");
	EXPECT(error_says("wrong curve"), "no wrong curve error for the P-384 key");
	/* explicit parameters (P-256's own, written out) */
	EVP_PKEY *kx = p256_explicit_key(PQ_D);
	EXPECT(kx != NULL, "explicit-parameters key (default)");
	EXPECT(move_key(kx, "EC", PQ_E, EVP_PKEY_PUBLIC_KEY | OSSL_KEYMGMT_SELECT_ALL_PARAMETERS) == NULL,
	       "explicit parameters imported");
	EXPECT(error_says("explicit"), "no explicit parameters error");
	EXPECT(p256_explicit_key(PQ_E) == NULL, "explicit parameters accepted by ecfield");
	EXPECT(error_says("explicit"), "no explicit parameters error (fromdata)");
	len = sizeof s;
	EXPECT(!derive(ka, kx, PQ_E, s, &len), "ECDH with an explicit-parameters peer");
	ERR_clear_error();
	/* points off the curve, wrong lengths, the identity, as public keys */
	uint8_t pub[66];
	len = 0;
	EXPECT(EVP_PKEY_get_octet_string_param(ka, OSSL_PKEY_PARAM_PUB_KEY, pub, sizeof pub, &len) == 1, "pub");
	for (int t = 0; t < 6; t++) {
		uint8_t bad[66];
		size_t blen = 65;
		memcpy(bad, pub, 65);
		switch (t) {
		case 0:
			bad[64] ^= 1;
			break; /* off the curve */
		case 1:
			blen = 64;
			break; /* truncated */
		case 2:
			bad[65] = 0;
			blen = 66;
			break; /* overlong */
		case 3:
			bad[0] = 0x06;
			break; /* hybrid tag */
		case 4:
			memset(bad + 1, 0xff, 32);
			break; /* x >= p */
		case 5:
			bad[0] = 0;
			blen = 1;
			break; /* the identity */
		}
		EVP_PKEY *kp = p256_from_priv(PQ_E, a, "prime256v1");
		ERR_clear_error();
		EXPECT(kp && EVP_PKEY_set1_encoded_public_key(kp, bad, blen) != 1, "bad public key %d accepted", t);
		EXPECT(ERR_peek_error() != 0, "no error for bad public key %d", t);
		ERR_clear_error();
		EVP_PKEY_free(kp);
	}
	/* a private key imported with a public key that is not its own */
	{
		EVP_PKEY *ko = EVP_PKEY_Q_keygen(lc, PQ_D, "EC", "P-256"), *k = NULL;
		uint8_t other[65];
		OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
		BIGNUM *d = BN_bin2bn(a, 32, NULL);
		OSSL_PARAM *params = NULL;
		EVP_PKEY_CTX *c2 = EVP_PKEY_CTX_new_from_name(lc, "EC", PQ_E);
		EXPECT(ko && EVP_PKEY_get_octet_string_param(ko, OSSL_PKEY_PARAM_PUB_KEY, other, 65, &len) == 1,
		       "other");
		EXPECT(b && d && OSSL_PARAM_BLD_push_utf8_string(b, "group", "P-256", 0) &&
		           OSSL_PARAM_BLD_push_BN(b, "priv", d) &&
		           OSSL_PARAM_BLD_push_octet_string(b, "pub", other, 65) &&
		           (params = OSSL_PARAM_BLD_to_param(b)) != NULL,
		       "params");
		ERR_clear_error();
		EXPECT(c2 && EVP_PKEY_fromdata_init(c2) == 1 &&
		           EVP_PKEY_fromdata(c2, &k, EVP_PKEY_KEYPAIR, params) != 1,
		       "P-256 private key with another public key accepted");
		EXPECT(error_says("invalid point"), "no error for the mismatched public key");
		EVP_PKEY_free(k);
		EVP_PKEY_free(ko);
		EVP_PKEY_CTX_free(c2);
		OSSL_PARAM_free(params);
		OSSL_PARAM_BLD_free(b);
		BN_free(d);
	}
	/* KDFs are not implemented: refused */
	c = EVP_PKEY_CTX_new_from_pkey(lc, ka, PQ_E);
	EXPECT(c && EVP_PKEY_derive_init(c) == 1, "derive init");
	EXPECT(EVP_PKEY_CTX_set_ecdh_kdf_type(c, EVP_PKEY_ECDH_KDF_X9_63) <= 0, "X9.63 KDF accepted");
	EXPECT(error_says("unsupported"), "no unsupported error for the KDF");
	EVP_PKEY_CTX_free(c);
	EVP_PKEY_free(k384);
	EVP_PKEY_free(kx);
	EVP_PKEY_free(ka);
}

/* ---------------------------------------------------------------- ECDSA */

static int ecdsa_sign(EVP_PKEY *k, const char *pq, const uint8_t *dg, size_t dlen, uint8_t *sig, size_t *slen)
{
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, k, pq);
	int ok = c && EVP_PKEY_sign_init(c) == 1 && EVP_PKEY_sign(c, sig, slen, dg, dlen) == 1;
	EVP_PKEY_CTX_free(c);
	return ok;
}

static int ecdsa_verify(EVP_PKEY *k, const char *pq, const uint8_t *dg, size_t dlen, const uint8_t *sig, size_t slen)
{
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, k, pq);
	int ok = c && EVP_PKEY_verify_init(c) == 1 && EVP_PKEY_verify(c, sig, slen, dg, dlen) == 1;
	EVP_PKEY_CTX_free(c);
	return ok;
}

/* The DER of (r, s) after f changes them (r, s BIGNUMs of the signature). */
static size_t ecdsa_modify(const uint8_t *sig, size_t slen, uint8_t out[160], int what)
{
	const unsigned char *p = sig;
	ECDSA_SIG *es = d2i_ECDSA_SIG(NULL, &p, (long)slen);
	BIGNUM *n = NULL, *r, *s;
	unsigned char *q = out;
	int len;
	BN_hex2bn(&n, P256N_HEX);
	r = BN_dup(ECDSA_SIG_get0_r(es));
	s = BN_dup(ECDSA_SIG_get0_s(es));
	switch (what) {
	case 0:
		BN_sub(s, n, s);
		break; /* high S: n - s (valid) */
	case 1:
		BN_zero(r);
		break;
	case 2:
		BN_zero(s);
		break;
	case 3:
		BN_copy(r, n);
		break;
	case 4:
		BN_copy(s, n);
		break;
	case 5:
		BN_add(r, r, n);
		break; /* r + n: same value mod n, out of range */
	case 6:
		BN_add(s, s, n);
		break;
	}
	ECDSA_SIG_set0(es, r, s);
	len = i2d_ECDSA_SIG(es, &q);
	ECDSA_SIG_free(es);
	BN_free(n);
	return len > 0 ? (size_t)len : 0;
}

static void test_ecdsa(void **state)
{
	long n = iterations(1000);
	unsigned long long before[C_N], signs = 0, verifies = 0;
	(void)state;
	rng_stream(6);
	counters(before);
	for (long i = 0; i < n; i++) {
		uint8_t a[32], dg[64], s_e[80], s_d[80], bad[160];
		size_t dlen = 1 + (size_t)(rng_next() % 64), le = sizeof s_e, ld = sizeof s_d;
		if (i % 4 == 0)
			dlen = 32;
		p256_rand_sk(a);
		rng_bytes(dg, dlen);
		EVP_PKEY *ke = p256_from_priv(PQ_E, a, "prime256v1");
		EVP_PKEY *kd = ke ? move_key(ke, "EC", PQ_D, EVP_PKEY_KEYPAIR) : NULL;
		EVP_PKEY *pe = ke ? move_key(kd, "EC", PQ_E, EVP_PKEY_PUBLIC_KEY) : NULL;
		EXPECT(ke && kd && pe && is_ecfield(ke) && !is_ecfield(kd) && is_ecfield(pe), "ECDSA keys %ld", i);
		EXPECT(ecdsa_sign(ke, PQ_E, dg, dlen, s_e, &le), "ecfield sign %ld (digest %zu bytes)", i, dlen);
		EXPECT(ecdsa_sign(kd, PQ_D, dg, dlen, s_d, &ld), "default sign %ld", i);
		signs++;
		EXPECT(ecdsa_verify(kd, PQ_D, dg, dlen, s_e, le),
		       "default verify of ecfield's signature %ld (%zu bytes)", i, dlen);
		EXPECT(ecdsa_verify(pe, PQ_E, dg, dlen, s_d, ld),
		       "ecfield verify of default's signature %ld (%zu bytes)", i, dlen);
		EXPECT(ecdsa_verify(kd, PQ_E, dg, dlen, s_e, le), "ecfield verify, default key %ld", i);
		verifies += 2;
		/* the last byte of the digest that is used (the 32nd of a longer
		 * one: FIPS 186-5 takes the leftmost 256 bits) changed: both reject */
		uint8_t bit = (uint8_t)(1u << (rng_next() % 8));
		size_t last = (dlen < 32 ? dlen : 32) - 1;
		dg[last] ^= bit;
		EXPECT(!ecdsa_verify(pe, PQ_E, dg, dlen, s_e, le) && !ecdsa_verify(kd, PQ_D, dg, dlen, s_e, le),
		       "modified digest verified %ld", i);
		verifies++;
		dg[last] ^= bit;
		if (dlen > 32) { /* bytes beyond the 32nd are not used: both accept */
			dg[dlen - 1] ^= bit;
			EXPECT(ecdsa_verify(pe, PQ_E, dg, dlen, s_e, le) && ecdsa_verify(kd, PQ_D, dg, dlen, s_e, le),
			       "truncated digest %ld", i);
			verifies++;
			dg[dlen - 1] ^= bit;
		}
		ERR_clear_error();
		if (i % 20 == 0) {
			/* r, s modified: high S verifies, 0 and >= n do not; both providers agree */
			for (int w = 0; w < 7; w++) {
				size_t bl = ecdsa_modify(s_e, le, bad, w);
				int e = ecdsa_verify(pe, PQ_E, dg, dlen, bad, bl),
				    d = ecdsa_verify(kd, PQ_D, dg, dlen, bad, bl);
				EXPECT(bl > 0 && e == (w == 0) && d == e,
				       "modified signature %d: ecfield %d default %d", w, e, d);
				verifies++;
			}
			/* malformed DER: truncated, trailing byte, wrong tag, empty */
			memcpy(bad, s_e, le);
			bad[le] = 0;
			EXPECT(!ecdsa_verify(pe, PQ_E, dg, dlen, bad, le - 1), "truncated DER verified");
			EXPECT(!ecdsa_verify(pe, PQ_E, dg, dlen, bad, le + 1), "DER with a trailing byte verified");
			bad[0] = 0x31;
			EXPECT(!ecdsa_verify(pe, PQ_E, dg, dlen, bad, le), "DER with a wrong tag verified");
			EXPECT(!ecdsa_verify(pe, PQ_E, dg, dlen, bad, 0), "empty signature verified");
			EXPECT(error_says("bad signature encoding"), "no bad signature encoding error");
			verifies += 4;
			/* the digest set must match the length signed */
			EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, ke, PQ_E);
			le = sizeof s_e;
			EXPECT(c && EVP_PKEY_sign_init(c) == 1 && EVP_PKEY_CTX_set_signature_md(c, EVP_sha256()) == 1,
			       "set md");
			EXPECT(EVP_PKEY_sign(c, s_e, &le, dg, 20) != 1, "SHA-256 ECDSA of a 20-byte digest");
			EVP_PKEY_CTX_free(c);
			ERR_clear_error();
		}
		EVP_PKEY_free(ke);
		EVP_PKEY_free(kd);
		EVP_PKEY_free(pe);
	}
	expect_counted(before, C_ECDSA_SIGN, signs);
	expect_counted(before, C_ECDSA_VERIFY, verifies);
}

static int ecdsa_dsign(EVP_PKEY *k, const char *pq, const char *md, const uint8_t *m, size_t mlen, uint8_t *sig,
                       size_t *slen, EVP_PKEY_CTX **pc_out, EVP_MD_CTX **c_out)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	EVP_PKEY_CTX *pc = NULL;
	size_t half = mlen / 2;
	int ok = c && EVP_DigestSignInit_ex(c, &pc, md, lc, pq, k, NULL) == 1 &&
	         EVP_DigestSignUpdate(c, m, half) == 1 && EVP_DigestSignUpdate(c, m + half, mlen - half) == 1 &&
	         EVP_DigestSignFinal(c, NULL, slen) == 1 && EVP_DigestSignFinal(c, sig, slen) == 1;
	if (c_out != NULL && ok) {
		*c_out = c;
		*pc_out = pc;
	} else
		EVP_MD_CTX_free(c);
	return ok;
}

static int ecdsa_dverify(EVP_PKEY *k, const char *pq, const char *md, const uint8_t *m, size_t mlen, const uint8_t *sig,
                         size_t slen)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	int ok = c && EVP_DigestVerifyInit_ex(c, NULL, md, lc, pq, k, NULL) == 1 &&
	         EVP_DigestVerifyUpdate(c, m, mlen) == 1 && EVP_DigestVerifyFinal(c, sig, slen) == 1;
	EVP_MD_CTX_free(c);
	return ok;
}

static void test_ecdsa_digest_sign(void **state)
{
	static const char *const mds[] = {"SHA256", "SHA384", "SHA512", "SHA224", "SHA3-256", "SHA1"};
	long n = iterations(200);
	unsigned long long before[C_N], signs = 0;
	(void)state;
	rng_stream(7);
	counters(before);
	for (long i = 0; i < n; i++) {
		uint8_t a[32], msg[200], s_e[80], s_d[80];
		size_t mlen = (size_t)(rng_next() % sizeof msg), le = sizeof s_e, ld = sizeof s_d;
		const char *md = mds[i % 6];
		p256_rand_sk(a);
		rng_bytes(msg, mlen);
		EVP_PKEY *ke = p256_from_priv(PQ_E, a, "prime256v1");
		EVP_PKEY *kd = move_key(ke, "EC", PQ_D, EVP_PKEY_KEYPAIR);
		EVP_PKEY_CTX *pc = NULL;
		EVP_MD_CTX *c = NULL;
		EXPECT(ke && kd, "keys");
		EXPECT(ecdsa_dsign(ke, PQ_E, md, msg, mlen, s_e, &le, &pc, &c), "ecfield digest sign %s %ld", md, i);
		EXPECT(ecdsa_dsign(kd, PQ_D, md, msg, mlen, s_d, &ld, NULL, NULL), "default digest sign %s", md);
		signs++;
		EXPECT(ecdsa_dverify(kd, PQ_D, md, msg, mlen, s_e, le), "default verify (%s) of ecfield's %ld", md, i);
		EXPECT(ecdsa_dverify(ke, PQ_E, md, msg, mlen, s_d, ld), "ecfield verify (%s) of default's %ld", md, i);
		EXPECT(!ecdsa_dverify(ke, PQ_E, md, msg, mlen + 1, s_d, ld), "ecfield verify of a longer message");
		/* the AlgorithmIdentifier equals the default provider's */
		uint8_t aid_e[32], aid_d[32];
		OSSL_PARAM p[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, aid_e, sizeof aid_e),
		                  OSSL_PARAM_END};
		EXPECT(EVP_PKEY_CTX_get_params(pc, p) == 1, "algorithm id");
		size_t aid_len = p[0].return_size;
		EVP_MD_CTX_free(c);
		c = EVP_MD_CTX_new();
		pc = NULL;
		OSSL_PARAM q[] = {OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, aid_d, sizeof aid_d),
		                  OSSL_PARAM_END};
		EXPECT(EVP_DigestSignInit_ex(c, &pc, md, lc, PQ_D, kd, NULL) == 1 &&
		           EVP_PKEY_CTX_get_params(pc, q) == 1,
		       "default algorithm id");
		EXPECT(q[0].return_size == aid_len && memcmp(aid_e, aid_d, aid_len) == 0, "AlgorithmIdentifier (%s)",
		       md);
		EVP_MD_CTX_free(c);
		ERR_clear_error();
		EVP_PKEY_free(ke);
		EVP_PKEY_free(kd);
	}
	expect_counted(before, C_ECDSA_SIGN, signs);
	expect_counted(before, C_ECDSA_VERIFY, 2 * (unsigned long long)n);
	/* deterministic nonces (nonce-type 1): equal signatures; hedged (the
	 * default): 40 signatures of one digest in one context (past the
	 * provider's 16-signature randomness refill) all differ */
	uint8_t a[32], dg[32], sigs[40][80];
	size_t lens[40];
	unsigned int det = 1;
	p256_rand_sk(a);
	rng_bytes(dg, 32);
	EVP_PKEY *k = p256_from_priv(PQ_E, a, "prime256v1");
	OSSL_PARAM p[] = {OSSL_PARAM_uint("nonce-type", &det), OSSL_PARAM_END};
	for (int t = 0; t < 2; t++) {
		EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, k, PQ_E);
		EXPECT(c && EVP_PKEY_sign_init_ex(c, t ? p : NULL) == 1, "sign init");
		for (int j = 0; j < 40; j++) {
			lens[j] = sizeof sigs[j];
			EXPECT(EVP_PKEY_sign(c, sigs[j], &lens[j], dg, 32) == 1 &&
			           ecdsa_verify(k, PQ_D, dg, 32, sigs[j], lens[j]),
			       "sign %d", j);
			for (int m = 0; m < j; m++)
				EXPECT((lens[m] == lens[j] && memcmp(sigs[m], sigs[j], lens[j]) == 0) == (t == 1),
				       "nonce type %d: signatures %d and %d", t, m, j);
		}
		EVP_PKEY_CTX_free(c);
	}
	EVP_PKEY_free(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_params),     cmocka_unit_test(test_x25519),
	    cmocka_unit_test(test_x25519_bad), cmocka_unit_test(test_ed25519),
	    cmocka_unit_test(test_ecdh),       cmocka_unit_test(test_p256_bad),
	    cmocka_unit_test(test_ecdsa),      cmocka_unit_test(test_ecdsa_digest_sign),
	};
	return cmocka_run_group_tests_name("provider_evp", tests, setup, teardown);
}
