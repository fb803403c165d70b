/*
 * Curve25519 above the field: X25519 (ecfield/x25519.h) and the edwards25519
 * group (ecfield/edwards25519.h), on every kernel tier, against
 *   - the RFC 7748 vectors (the 1,000,000-iteration one with ECF_TEST_SLOW=1),
 *   - an independent GMP model of the curve (affine Edwards formulas with
 *     inversions, the RFC 8032 encoding),
 *   - libsodium and OpenSSL as test-only oracles when the build found them
 *     (otherwise those cases are reported as skipped),
 * on edge inputs (the small-order points and every non-canonical encoding of
 * them, y >= p, x = 0 with the sign bit) and random ones (scaled by
 * ECF_TEST_SCALE, seed printed on failure), with every aliasing the headers
 * allow; group laws; and a check that the secret scalar is wiped from the
 * stack.
 */
#include <stdlib.h>
#include <string.h>

#include "ecfield/edwards25519.h"
#include "ecfield/x25519.h"

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

typedef ecf_edwards25519_point pt;

static test_rng RNG;
static mpz_t P_, D_, L_, SQRTM1_;

/* ---- GMP model of edwards25519: affine (x, y) ---- */

typedef struct {
	mpz_t x, y;
} aff;

static void aff_init(aff *a) { mpz_inits(a->x, a->y, NULL); }
static void aff_clear(aff *a) { mpz_clears(a->x, a->y, NULL); }

static void aff_add(aff *r, const aff *a, const aff *b)
{
	mpz_t t, n1, n2, d1, d2;
	mpz_inits(t, n1, n2, d1, d2, NULL);
	mpz_mul(t, a->x, b->x);
	mpz_mul(t, t, a->y);
	mpz_mul(t, t, b->y);
	mpz_mul(t, t, D_);
	mpz_mod(t, t, P_);
	mpz_mul(n1, a->x, b->y);
	mpz_addmul(n1, b->x, a->y);
	mpz_mul(n2, a->y, b->y);
	mpz_addmul(n2, a->x, b->x);
	mpz_add_ui(d1, t, 1);
	mpz_ui_sub(d2, 1, t);
	mpz_mod(d2, d2, P_);
	test_expect(mpz_invert(d1, d1, P_) && mpz_invert(d2, d2, P_), "GMP model: exceptional addition");
	mpz_mul(n1, n1, d1);
	mpz_mod(r->x, n1, P_);
	mpz_mul(n2, n2, d2);
	mpz_mod(r->y, n2, P_);
	mpz_clears(t, n1, n2, d1, d2, NULL);
}

static void aff_mul(aff *r, const uint8_t s[32], const aff *p)
{
	aff acc, q;
	aff_init(&acc);
	aff_init(&q);
	mpz_set_ui(acc.x, 0);
	mpz_set_ui(acc.y, 1);
	mpz_set(q.x, p->x);
	mpz_set(q.y, p->y);
	for (int i = 0; i < 256; i++) {
		if ((s[i >> 3] >> (i & 7)) & 1)
			aff_add(&acc, &acc, &q);
		aff_add(&q, &q, &q);
	}
	mpz_set(r->x, acc.x);
	mpz_set(r->y, acc.y);
	aff_clear(&acc);
	aff_clear(&q);
}

static void aff_encode(uint8_t out[32], const aff *a)
{
	memset(out, 0, 32);
	mpz_export(out, NULL, -1, 1, 0, 0, a->y);
	if (mpz_odd_p(a->x))
		out[31] |= 0x80;
}

/* Decode as RFC 8032 5.1.3 (strict) or ZIP-215 (permissive); returns 0 if
 * the encoding is rejected. */
static int aff_decode(aff *r, const uint8_t in[32], int zip215)
{
	uint8_t b[32];
	memcpy(b, in, 32);
	int sign = b[31] >> 7;
	b[31] &= 127;
	mpz_import(r->y, 32, -1, 1, 0, 0, b);
	if (mpz_cmp(r->y, P_) >= 0) {
		if (!zip215)
			return 0;
		mpz_sub(r->y, r->y, P_);
	}
	mpz_t u, v, x2;
	mpz_inits(u, v, x2, NULL);
	mpz_mul(u, r->y, r->y);
	mpz_mul(v, u, D_);
	mpz_sub_ui(u, u, 1);
	mpz_add_ui(v, v, 1);
	mpz_invert(v, v, P_);
	mpz_mul(x2, u, v);
	mpz_mod(x2, x2, P_);
	/* candidate x = x2^((p+3)/8), times sqrt(-1) if needed */
	mpz_add_ui(u, P_, 3);
	mpz_fdiv_q_2exp(u, u, 3);
	mpz_powm(r->x, x2, u, P_);
	mpz_mul(v, r->x, r->x);
	mpz_sub(v, v, x2);
	mpz_mod(v, v, P_);
	if (mpz_sgn(v) != 0) {
		mpz_mul(r->x, r->x, SQRTM1_);
		mpz_mod(r->x, r->x, P_);
	}
	mpz_mul(v, r->x, r->x);
	mpz_sub(v, v, x2);
	mpz_mod(v, v, P_);
	int ok = mpz_sgn(v) == 0;
	if (ok && mpz_sgn(r->x) == 0 && sign && !zip215)
		ok = 0;
	if (ok && mpz_odd_p(r->x) != sign)
		mpz_sub(r->x, P_, r->x), mpz_mod(r->x, r->x, P_);
	mpz_clears(u, v, x2, NULL);
	return ok;
}

/* ---- small-order points: the 8 torsion points and their encodings ---- */

/* y of the points of order 1, 2, 4, 8 (libsodium's blocklist, canonical). */
static const char *TORSION_Y[] = {
    "0100000000000000000000000000000000000000000000000000000000000000", /* 1: identity */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p-1: order 2 */
    "0000000000000000000000000000000000000000000000000000000000000000", /* 0: order 4 */
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", /* order 8 */
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", /* order 8 */
};

static uint8_t TORSION[8][32]; /* the 8 torsion points, canonical encodings */

static void make_torsion(void)
{
	size_t n = 0;
	for (size_t i = 0; i < sizeof TORSION_Y / sizeof TORSION_Y[0]; i++)
		for (int sign = 0; sign < 2; sign++) {
			uint8_t b[32];
			test_expect(vec_hex(b, 32, TORSION_Y[i]), "hex");
			b[31] |= (uint8_t)(sign << 7);
			aff a;
			aff_init(&a);
			if (aff_decode(&a, b, 0)) {
				test_expect(n < 8, "too many torsion points");
				memcpy(TORSION[n++], b, 32);
			}
			aff_clear(&a);
		}
	test_expect(n == 8, "found %zu torsion points, want 8", n);
}

static int setup(void **state)
{
	(void)state;
	mpz_inits(P_, D_, L_, SQRTM1_, NULL);
	mpz_ui_pow_ui(P_, 2, 255);
	mpz_sub_ui(P_, P_, 19);
	mpz_set_ui(D_, 121666);
	mpz_invert(D_, D_, P_);
	mpz_mul_si(D_, D_, -121665);
	mpz_mod(D_, D_, P_);
	test_mpz_set_hex(L_, SC25519_HEX);
	mpz_t e, two;
	mpz_inits(e, two, NULL);
	mpz_sub_ui(e, P_, 1);
	mpz_fdiv_q_2exp(e, e, 2);
	mpz_set_ui(two, 2);
	mpz_powm(SQRTM1_, two, e, P_);
	mpz_clears(e, two, NULL);
	test_rng_init(&RNG, 25519);
	make_torsion();
#ifdef ECF_HAVE_SODIUM
	if (sodium_init() < 0)
		return -1;
#endif
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	mpz_clears(P_, D_, L_, SQRTM1_, NULL);
	return 0;
}

static void base_aff(aff *b)
{
	uint8_t enc[32] = {0x58};
	memset(enc + 1, 0x66, 31);
	test_expect(aff_decode(b, enc, 0), "base point");
}

/* ======================= X25519 ======================= */

/* ecf_x25519 for the RFC 7748 vectors, checked on the way: its status, the
 * aliasings out = u and out = scalar, and ecf_x25519_public_key (also with out =
 * scalar) whenever u = 9. */
static void x25519_checked(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
	static const uint8_t nine[32] = {9};
	uint8_t alias[32];
	test_expect(ecf_x25519(out, k, u) == ECF_OK, "status");
	memcpy(alias, u, 32);
	test_expect(ecf_x25519(alias, k, alias) == ECF_OK, "status");
	test_expect_bytes(alias, out, 32, "RFC 7748 X25519 (out = u)", 0);
	memcpy(alias, k, 32);
	test_expect(ecf_x25519(alias, alias, u) == ECF_OK, "status");
	test_expect_bytes(alias, out, 32, "RFC 7748 X25519 (out = scalar)", 0);
	if (memcmp(u, nine, 32) == 0) {
		test_expect(ecf_x25519_public_key(alias, k) == ECF_OK, "status");
		test_expect_bytes(alias, out, 32, "RFC 7748 X25519 (base)", 0);
		memcpy(alias, k, 32);
		test_expect(ecf_x25519_public_key(alias, alias) == ECF_OK, "status");
		test_expect_bytes(alias, out, 32, "RFC 7748 X25519 (base, out = scalar)", 0);
	}
}

/* The iterated vectors: the plain call. */
static void x25519_plain(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
	test_expect(ecf_x25519(out, k, u) == ECF_OK, "status");
}

static void test_x25519_rfc7748(void **s)
{
	(void)s;
	vec_rfc7748_x25519(x25519_checked, x25519_plain);
}

/* u-coordinates of small order (0, 1, the two of order 8, p - 1), their
 * non-canonical encodings (u + p, below 2^255 only for u = 0, 1) and all of
 * these with the ignored top bit set: 14 strings, each must give
 * ECF_ERR_SMALL_ORDER. */
static size_t small_order_u(uint8_t out[][32])
{
	static const char *U[] = {
	    "0000000000000000000000000000000000000000000000000000000000000000",
	    "0100000000000000000000000000000000000000000000000000000000000000",
	    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
	    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
	    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	};
	size_t n = 0;
	mpz_t z;
	mpz_init(z);
	for (size_t i = 0; i < 5; i++) {
		uint8_t b[32];
		test_expect(vec_hex(b, 32, U[i]), "hex");
		mpz_import(z, 32, -1, 1, 0, 0, b);
		mpz_add(z, z, P_);
		for (int hi = 0; hi < 2; hi++) {
			memcpy(out[n], b, 32);
			out[n++][31] |= (uint8_t)(hi << 7);
			if (mpz_sizeinbase(z, 2) <= 255) { /* u + p < 2^255 */
				memset(out[n], 0, 32);
				mpz_export(out[n], NULL, -1, 1, 0, 0, z);
				out[n++][31] |= (uint8_t)(hi << 7);
			}
		}
	}
	mpz_clear(z);
	return n;
}

static void test_x25519_small_order(void **s)
{
	(void)s;
	uint8_t u[32][32];
	size_t n = small_order_u(u);
	test_expect(n == 14, "small-order u list has %zu entries", n);
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (size_t i = 0; i < n; i++)
			for (int j = 0; j < 4; j++) {
				uint8_t k[32], out[32], zero[32] = {0};
				test_rand_bytes(&RNG, k, 32);
				memset(out, 0xa5, 32);
				int st = ecf_x25519(out, k, u[i]);
				test_expect(st == ECF_ERR_SMALL_ORDER, "small-order u #%zu: status %d", i, st);
				test_expect_bytes(out, zero, 32, "small-order output", (long)i);
#ifdef ECF_HAVE_SODIUM
				test_expect(crypto_scalarmult_curve25519(out, k, u[i]) != 0, "libsodium agrees on #%zu",
				            i);
#endif
			}
	}
	test_tier_restore();
	/* NULL pointers */
	uint8_t b[32] = {9};
	test_expect(ecf_x25519(NULL, b, b) == ECF_ERR_NULL && ecf_x25519(b, NULL, b) == ECF_ERR_NULL &&
	                ecf_x25519(b, b, NULL) == ECF_ERR_NULL && ecf_x25519_public_key(NULL, b) == ECF_ERR_NULL &&
	                ecf_x25519_public_key(b, NULL) == ECF_ERR_NULL,
	            "NULL arguments");
}

#ifdef ECF_HAVE_OPENSSL
static int ossl_x25519(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
	EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k, 32);
	EVP_PKEY *pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(priv, NULL);
	size_t len = 32;
	int ok = ctx && EVP_PKEY_derive_init(ctx) > 0 && EVP_PKEY_derive_set_peer(ctx, pub) > 0 &&
	         EVP_PKEY_derive(ctx, out, &len) > 0 && len == 32;
	EVP_PKEY_CTX_free(ctx);
	EVP_PKEY_free(priv);
	EVP_PKEY_free(pub);
	return ok;
}

static int ossl_x25519_base(uint8_t out[32], const uint8_t k[32])
{
	EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k, 32);
	size_t len = 32;
	int ok = priv && EVP_PKEY_get_raw_public_key(priv, out, &len) > 0 && len == 32;
	EVP_PKEY_free(priv);
	return ok;
}
#endif

/* Random and edge inputs against libsodium and OpenSSL; then x25519_base
 * against the ladder on u = 9 (no oracle needed). */
/* X25519 arguments: every output zeroed on ECF_ERR_NULL. */
static void test_x25519_null(void **s)
{
	(void)s;
	uint8_t a[32], b[32], k[32] = {1}, u[32] = {9};
	memset(a, 0xa5, 32);
	test_expect(ecf_x25519(a, NULL, u) == ECF_ERR_NULL && a[0] == 0 && !memcmp(a, a + 1, 31), "x25519(NULL sk)");
	memset(a, 0xa5, 32);
	test_expect(ecf_x25519(a, k, NULL) == ECF_ERR_NULL && a[0] == 0 && !memcmp(a, a + 1, 31), "x25519(NULL peer)");
	test_expect(ecf_x25519(NULL, k, u) == ECF_ERR_NULL, "x25519(NULL shared)");
	memset(a, 0xa5, 32);
	test_expect(ecf_x25519_public_key(a, NULL) == ECF_ERR_NULL && a[0] == 0 && !memcmp(a, a + 1, 31),
	            "public_key(NULL sk)");
	test_expect(ecf_x25519_public_key(NULL, k) == ECF_ERR_NULL, "public_key(NULL pk)");
	memset(a, 0xa5, 32);
	memset(b, 0xa5, 32);
	test_expect(ecf_x25519_keypair(a, b, NULL) == ECF_ERR_NULL && a[0] == 0 && !memcmp(a, a + 1, 31) && b[0] == 0 &&
	                !memcmp(b, b + 1, 31),
	            "keypair(NULL seed) zeroes both outputs");
	memset(a, 0xa5, 32);
	test_expect(ecf_x25519_keypair(a, NULL, k) == ECF_ERR_NULL && a[0] == 0 && !memcmp(a, a + 1, 31),
	            "keypair(NULL sk) zeroes pk");
	memset(b, 0xa5, 32);
	test_expect(ecf_x25519_keypair(NULL, b, k) == ECF_ERR_NULL && b[0] == 0 && !memcmp(b, b + 1, 31),
	            "keypair(NULL pk) zeroes sk");
}

static void test_x25519_random(void **s)
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
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (long i = 0; i < n; i++) {
			uint8_t k[32], u[32], got[32], want[32], nine[32] = {9};
			test_rand_bytes(&RNG, k, 32);
			test_rand_bytes(&RNG, u, 32);
			if (i < 64) { /* edge scalars and u: all-zero/all-one bytes, u >= p */
				memset(k, (i & 1) ? 0xff : 0, 32);
				memset(u, 0xff, 32);
				u[0] = (uint8_t)(0xed + (i >> 1));
				u[31] = (i & 2) ? 0xff : 0x7f;
			}
			int st = ecf_x25519(got, k, u);
#ifdef ECF_HAVE_SODIUM
			int sst = crypto_scalarmult_curve25519(want, k, u);
			test_expect((st == ECF_OK) == (sst == 0), "x25519 status vs libsodium, case %ld", i);
			if (sst == 0)
				test_expect_bytes(got, want, 32, "x25519 vs libsodium", i);
			crypto_scalarmult_curve25519_base(want, k);
			test_expect(ecf_x25519_public_key(got, k) == ECF_OK, "status");
			test_expect_bytes(got, want, 32, "x25519_base vs libsodium", i);
#endif
#ifdef ECF_HAVE_OPENSSL
			{ /* OpenSSL EVP, every case */
				st = ecf_x25519(got, k, u);
				int ok = ossl_x25519(want, k, u);
				test_expect((st == ECF_OK) == ok, "x25519 status vs OpenSSL, case %ld", i);
				if (ok)
					test_expect_bytes(got, want, 32, "x25519 vs OpenSSL", i);
				test_expect(ossl_x25519_base(want, k), "OpenSSL public key");
				test_expect(ecf_x25519_public_key(got, k) == ECF_OK, "status");
				test_expect_bytes(got, want, 32, "x25519_base vs OpenSSL", i);
			}
#endif
			{ /* keypair: sk = seed, pk = public_key(seed); outputs may alias the seed */
				uint8_t pk[32], sk[32], buf[32];
				test_expect(ecf_x25519_keypair(pk, sk, k) == ECF_OK, "x25519_keypair");
				test_expect_bytes(sk, k, 32, "x25519_keypair sk = seed", i);
				test_expect(ecf_x25519_public_key(got, k) == ECF_OK, "status");
				test_expect_bytes(pk, got, 32, "x25519_keypair pk = public_key(seed)", i);
#ifdef ECF_HAVE_SODIUM
				crypto_scalarmult_curve25519_base(want, k);
				test_expect_bytes(pk, want, 32, "x25519_keypair pk vs libsodium", i);
#endif
				memcpy(buf, k, 32);
				test_expect(ecf_x25519_keypair(buf, sk, buf) == ECF_OK, "keypair (pk = seed)");
				test_expect_bytes(buf, got, 32, "x25519_keypair (pk = seed)", i);
				memcpy(buf, k, 32);
				test_expect(ecf_x25519_keypair(pk, buf, buf) == ECF_OK, "keypair (sk = seed)");
				test_expect_bytes(pk, got, 32, "x25519_keypair (sk = seed) pk", i);
				test_expect_bytes(buf, k, 32, "x25519_keypair (sk = seed) sk", i);
			}
			if (i % 8 == 0) {
				test_expect(ecf_x25519(want, k, nine) == ECF_OK, "status");
				test_expect(ecf_x25519_public_key(got, k) == ECF_OK, "status");
				test_expect_bytes(got, want, 32, "x25519_base vs the ladder on u = 9", i);
			}
			(void)st;
		}
		fprintf(stderr, "# %s: %ld random X25519 cases against %d library oracle(s)\n", test_tier_name(tk), n,
		        oracles);
	}
	test_tier_restore();
	if (oracles < 2) {
		fprintf(stderr, "# SKIPPED: %s not found at build time: no differential X25519 test against it\n",
		        oracles == 0 ? "libsodium and OpenSSL" :
#ifdef ECF_HAVE_SODIUM
		                     "OpenSSL"
#else
		                     "libsodium"
#endif
		);
		skip();
	}
}

/* ======================= edwards25519 ======================= */

static void rand_point(pt *p, uint8_t s[32], int torsion)
{
	test_rand_bytes(&RNG, s, 32);
	ecf_edwards25519_scalar_mult_base(p, s);
	if (torsion >= 0) {
		pt t;
		test_expect(ecf_edwards25519_from_bytes(&t, TORSION[torsion & 7], 32) == ECF_OK, "torsion decode");
		ecf_edwards25519_add(p, p, &t);
	}
}

static void enc(uint8_t out[32], const pt *p) { ecf_edwards25519_to_bytes(out, p); }

/* Decoding: edge encodings against the GMP model, strict and ZIP-215. */
static void test_ed_decode(void **s)
{
	(void)s;
	mpz_t y;
	mpz_init(y);
	uint8_t cases[64][32];
	size_t n = 0;
	for (int i = 0; i < 8; i++) /* torsion points */
		memcpy(cases[n++], TORSION[i], 32);
	for (int i = 0; i < 8; i++) { /* with the sign flipped (x = 0: sign set) */
		memcpy(cases[n], TORSION[i], 32);
		cases[n++][31] ^= 0x80;
	}
	for (int d = 0; d < 19; d++) { /* y = p + d (non-canonical), both signs */
		mpz_add_ui(y, P_, (unsigned long)d);
		for (int sign = 0; sign < 2; sign++) {
			memset(cases[n], 0, 32);
			mpz_export(cases[n], NULL, -1, 1, 0, 0, y);
			cases[n++][31] |= (uint8_t)(sign << 7);
		}
	}
	for (int i = 0; i < 4; i++) { /* all-ones, base point */
		memset(cases[n], i & 1 ? 0xff : 0xfe, 32);
		if (i >= 2)
			cases[n][0] = 0x58, memset(cases[n] + 1, 0x66, 31), cases[n][31] |= (uint8_t)((i & 1) << 7);
		n++;
	}
	int kinds[4] = {0};
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		long total = n + test_iterations(2000);
		for (long i = 0; i < total; i++) {
			uint8_t b[32], out[32], want[32];
			if (i < (long)n)
				memcpy(b, cases[i], 32);
			else
				test_rand_bytes(&RNG, b, 32);
			for (int zip = 0; zip < 2; zip++) {
				pt p;
				aff a;
				aff_init(&a);
				int ok = aff_decode(&a, b, zip);
				int st = zip ? ecf_edwards25519_from_bytes_zip215(&p, b, 32)
				             : ecf_edwards25519_from_bytes(&p, b, 32);
				test_expect((st == ECF_OK) == ok, "decode%s case %ld: status %d, model %d",
				            zip ? "_zip215" : "", i, st, ok);
				if (ok) {
					enc(out, &p);
					aff_encode(want, &a);
					test_expect_bytes(out, want, 32, "decoded point", i);
					if (!zip) /* strict decoding round-trips */
						test_expect_bytes(out, b, 32, "decode/encode round trip", i);
					kinds[zip]++;
				} else {
					pt zero;
					memset(&zero, 0, sizeof zero);
					test_expect(memcmp(&p, &zero, sizeof p) == 0, "output zeroed on error");
					kinds[2 + zip]++;
				}
				aff_clear(&a);
			}
		}
	}
	test_tier_restore();
	/* The error codes, one by one. */
	pt p;
	uint8_t b[32];
	mpz_add_ui(y, P_, 1);
	memset(b, 0, 32);
	mpz_export(b, NULL, -1, 1, 0, 0, y); /* y = p + 1 = 1: identity, non-canonical */
	test_expect(ecf_edwards25519_from_bytes(&p, b, 32) == ECF_ERR_RANGE, "y >= p: ECF_ERR_RANGE");
	test_expect(ecf_edwards25519_from_bytes_zip215(&p, b, 32) == ECF_OK && ecf_edwards25519_is_identity(&p),
	            "zip215: y = p + 1 is the identity");
	memcpy(b, TORSION[0], 32);
	b[31] |= 0x80; /* the identity with the sign bit */
	test_expect(ecf_edwards25519_from_bytes(&p, b, 32) == ECF_ERR_ENCODING, "x = 0, sign set: ECF_ERR_ENCODING");
	test_expect(ecf_edwards25519_from_bytes_zip215(&p, b, 32) == ECF_OK && ecf_edwards25519_is_identity(&p),
	            "zip215: -0 accepted");
	memset(b, 0, 32);
	b[0] = 2; /* y = 2 is not on the curve */
	test_expect(ecf_edwards25519_from_bytes(&p, b, 32) == ECF_ERR_NOT_ON_CURVE, "y = 2: ECF_ERR_NOT_ON_CURVE");
	test_expect(ecf_edwards25519_from_bytes(&p, b, 31) == ECF_ERR_LENGTH, "length");
	test_expect(ecf_edwards25519_from_bytes(NULL, b, 32) == ECF_ERR_NULL, "NULL out");
	test_expect(ecf_edwards25519_from_bytes(&p, NULL, 32) == ECF_ERR_NULL, "NULL in");
	fprintf(stderr, "# decode: %d/%d accepted (strict/zip215), %d/%d rejected\n", kinds[0], kinds[1], kinds[2],
	        kinds[3]);
	/* Each tier decodes test_iterations(2000) random strings: about half valid. */
	long floor_cases = (long)test_tier_count() * test_iterations(2000) / 8;
	test_expect(kinds[0] > floor_cases && kinds[2] > floor_cases && kinds[1] > kinds[0], "decode case mix");
	mpz_clear(y);
}

/* Group operations against the GMP model: add, sub, double, neg, scalar
 * mults, on points with and without a small-order component. */
static void test_ed_vs_gmp(void **s)
{
	(void)s;
	aff B, a1, a2, r;
	aff_init(&B);
	aff_init(&a1);
	aff_init(&a2);
	aff_init(&r);
	base_aff(&B);
	long n = test_iterations(200);
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (long i = 0; i < n; i++) {
			pt p, q, t, u;
			uint8_t s1[32], s2[32], k[32], e1[32], e2[32], got[32], want[32];
			rand_point(&p, s1, (int)(i % 9) - 1);
			rand_point(&q, s2, (int)((i / 9) % 9) - 1);
			enc(e1, &p);
			enc(e2, &q);
			test_expect(aff_decode(&a1, e1, 0) && aff_decode(&a2, e2, 0), "model decodes our encodings");
			/* add, sub, double, neg */
			ecf_edwards25519_add(&t, &p, &q);
			aff_add(&r, &a1, &a2);
			aff_encode(want, &r);
			enc(got, &t);
			test_expect_bytes(got, want, 32, "add", i);
			t = p;
			ecf_edwards25519_add(&t, &t, &q); /* r = a */
			enc(got, &t);
			test_expect_bytes(got, want, 32, "add (r = a)", i);
			t = q;
			ecf_edwards25519_add(&t, &p, &t); /* r = b */
			enc(got, &t);
			test_expect_bytes(got, want, 32, "add (r = b)", i);
			ecf_edwards25519_sub(&u, &t, &q);
			test_expect(ecf_edwards25519_equal(&u, &p), "(p + q) - q = p, case %ld", i);
			ecf_edwards25519_neg(&u, &q);
			ecf_edwards25519_add(&u, &t, &u);
			test_expect(ecf_edwards25519_equal(&u, &p), "(p + q) + (-q) = p, case %ld", i);
			ecf_edwards25519_double(&t, &p);
			aff_add(&r, &a1, &a1);
			aff_encode(want, &r);
			enc(got, &t);
			test_expect_bytes(got, want, 32, "double", i);
			ecf_edwards25519_add(&u, &p, &p);
			test_expect(ecf_edwards25519_equal(&u, &t), "double = add(p, p), case %ld", i);
			t = p;
			ecf_edwards25519_double(&t, &t);
			test_expect(ecf_edwards25519_equal(&u, &t), "double (r = a), case %ld", i);
			/* scalar mults: every 8th case (the model is slow) */
			if (i % 8 == 0) {
				test_rand_bytes(&RNG, k, 32);
				if (i % 16 == 0)
					k[31] |= 0x80; /* top bit set */
				ecf_edwards25519_scalar_mult(&t, k, &p);
				aff_mul(&r, k, &a1);
				aff_encode(want, &r);
				enc(got, &t);
				test_expect_bytes(got, want, 32, "scalar_mult", i);
				t = p;
				ecf_edwards25519_scalar_mult(&t, k, &t);
				enc(got, &t);
				test_expect_bytes(got, want, 32, "scalar_mult (r = p)", i);
				ecf_edwards25519_scalar_mult_base(&t, k);
				aff_mul(&r, k, &B);
				aff_encode(want, &r);
				enc(got, &t);
				test_expect_bytes(got, want, 32, "scalar_mult_base", i);
				/* a*A + b*B */
				ecf_edwards25519_double_scalar_mult_base_vartime(&t, k, &p, s2);
				aff_mul(&r, k, &a1);
				aff_mul(&a2, s2, &B);
				aff_add(&r, &r, &a2);
				aff_encode(want, &r);
				enc(got, &t);
				test_expect_bytes(got, want, 32, "double_scalar_mult_base_vartime", i);
				t = p;
				ecf_edwards25519_double_scalar_mult_base_vartime(&t, k, &t, s2);
				enc(got, &t);
				test_expect_bytes(got, want, 32, "double_scalar_mult_base_vartime (r = A)", i);
			}
		}
		fprintf(stderr, "# %s: %ld cases of the group operations against the GMP model\n", test_tier_name(tk),
		        n);
	}
	test_tier_restore();
	aff_clear(&B);
	aff_clear(&a1);
	aff_clear(&a2);
	aff_clear(&r);
}

static void scalar_from_mpz(uint8_t s[32], const mpz_t z)
{
	memset(s, 0, 32);
	mpz_export(s, NULL, -1, 1, 0, 0, z);
}

/* Edge scalars, identity inputs, small order and torsion, group laws. */
static void test_ed_edges_and_laws(void **s)
{
	(void)s;
	mpz_t z;
	mpz_init(z);
	const long edge[] = {0, 1, 2, 7, 8, 9, 15, 16, 17, -1, -2}; /* negative: l - |v| */
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		pt B, I, p, t, u;
		uint8_t k[32], k2[32];
		ecf_edwards25519_generator(&B);
		ecf_edwards25519_identity(&I);
		test_expect(ecf_edwards25519_is_identity(&I) && !ecf_edwards25519_is_identity(&B), "identity");
		/* edge scalars: v*B by repeated addition */
		for (size_t e = 0; e < sizeof edge / sizeof edge[0]; e++) {
			for (int plus_l = 0; plus_l < 3; plus_l++) {
				long v = edge[e];
				if (v >= 0)
					mpz_set_ui(z, (unsigned long)v);
				else
					mpz_sub_ui(z, L_, (unsigned long)-v);
				mpz_addmul_ui(z, L_, (unsigned long)plus_l * (plus_l == 2 ? 7 : 1)); /* + 0, l, 14l */
				scalar_from_mpz(k, z);
				pt want;
				ecf_edwards25519_identity(&want);
				if (v >= 0)
					for (long j = 0; j < v; j++)
						ecf_edwards25519_add(&want, &want, &B);
				else
					for (long j = 0; j < -v; j++)
						ecf_edwards25519_sub(&want, &want, &B);
				ecf_edwards25519_scalar_mult_base(&t, k);
				test_expect(ecf_edwards25519_equal(&t, &want), "scalar_mult_base, edge %ld + %d l", v,
				            plus_l);
				ecf_edwards25519_scalar_mult(&t, k, &B);
				test_expect(ecf_edwards25519_equal(&t, &want), "scalar_mult, edge %ld + %d l", v,
				            plus_l);
				memset(k2, 0, 32);
				ecf_edwards25519_double_scalar_mult_base_vartime(&t, k, &B, k2);
				test_expect(ecf_edwards25519_equal(&t, &want), "double_scalar (a), edge %ld + %d l", v,
				            plus_l);
				ecf_edwards25519_double_scalar_mult_base_vartime(&t, k2, &I, k);
				test_expect(ecf_edwards25519_equal(&t, &want), "double_scalar (b), edge %ld + %d l", v,
				            plus_l);
			}
		}
		/* all-ones scalar: 2^256 - 1 */
		memset(k, 0xff, 32);
		mpz_ui_pow_ui(z, 2, 256);
		mpz_sub_ui(z, z, 1);
		mpz_mod(z, z, L_);
		scalar_from_mpz(k2, z);
		ecf_edwards25519_scalar_mult_base(&t, k);
		ecf_edwards25519_scalar_mult_base(&u, k2);
		test_expect(ecf_edwards25519_equal(&t, &u), "scalar_mult_base(2^256 - 1)");
		ecf_edwards25519_scalar_mult(&t, k, &B);
		test_expect(ecf_edwards25519_equal(&t, &u), "scalar_mult(2^256 - 1)");
		/* small order and torsion */
		for (int i = 0; i < 8; i++) {
			test_expect(ecf_edwards25519_from_bytes(&p, TORSION[i], 32) == ECF_OK, "torsion %d", i);
			test_expect(ecf_edwards25519_is_small_order(&p), "torsion point %d is of small order", i);
			test_expect(ecf_edwards25519_is_torsion_free(&p) == (i == 0 ? 1 : 0) ||
			                ecf_edwards25519_is_identity(&p),
			            "torsion point %d is torsion-free only if the identity", i);
			rand_point(&t, k, i);
			test_expect(!ecf_edwards25519_is_small_order(&t), "random + torsion is not small order");
			test_expect(ecf_edwards25519_is_torsion_free(&t) == ecf_edwards25519_is_identity(&p),
			            "random + torsion %d: torsion-free iff the torsion part is 0", i);
			mpz_set(z, L_);
			scalar_from_mpz(k, z);
			ecf_edwards25519_scalar_mult(&u, k, &t);
			pt five; /* l = 5 (mod 8): l (sB + T) = l T = 5 T */
			ecf_edwards25519_double(&five, &p);
			ecf_edwards25519_double(&five, &five);
			ecf_edwards25519_add(&five, &five, &p);
			test_expect(ecf_edwards25519_equal(&u, &five), "l (sB + T) = 5 T, torsion point %d", i);
		}
		/* group laws on random points */
		long n = test_iterations(300);
		for (long i = 0; i < n; i++) {
			pt a, b, c, x, y;
			uint8_t sa[32], sb[32], sc[32];
			rand_point(&a, sa, (int)(i % 9) - 1);
			rand_point(&b, sb, (int)((i + 3) % 9) - 1);
			rand_point(&c, sc, -1);
			ecf_edwards25519_add(&x, &a, &b);
			ecf_edwards25519_add(&x, &x, &c);
			ecf_edwards25519_add(&y, &b, &c);
			ecf_edwards25519_add(&y, &a, &y);
			test_expect(ecf_edwards25519_equal(&x, &y), "associativity, case %ld", i);
			ecf_edwards25519_add(&x, &a, &b);
			ecf_edwards25519_add(&y, &b, &a);
			test_expect(ecf_edwards25519_equal(&x, &y), "commutativity, case %ld", i);
			ecf_edwards25519_add(&x, &a, &I);
			test_expect(ecf_edwards25519_equal(&x, &a), "identity, case %ld", i);
			test_expect(!ecf_edwards25519_equal(&a, &b), "distinct random points, case %ld", i);
			test_expect(ecf_edwards25519_is_torsion_free(&c), "s*B is torsion-free, case %ld", i);
			/* (s1 + s2) B = s1 B + s2 B with s1 + s2 < 2^256 */
			sa[31] &= 0x7f;
			sb[31] &= 0x7f;
			mpz_import(z, 32, -1, 1, 0, 0, sa);
			mpz_t w;
			mpz_init(w);
			mpz_import(w, 32, -1, 1, 0, 0, sb);
			mpz_add(z, z, w);
			mpz_clear(w);
			scalar_from_mpz(sc, z);
			ecf_edwards25519_scalar_mult_base(&x, sc);
			ecf_edwards25519_scalar_mult_base(&a, sa);
			ecf_edwards25519_scalar_mult_base(&b, sb);
			ecf_edwards25519_add(&y, &a, &b);
			test_expect(ecf_edwards25519_equal(&x, &y), "(s1 + s2) B = s1 B + s2 B, case %ld", i);
		}
	}
	test_tier_restore();
	mpz_clear(z);
}

/* libsodium's edwards25519 API (noclamp scalar mults, add/sub, validity). */
static void test_ed_vs_sodium(void **s)
{
	(void)s;
#ifdef ECF_HAVE_SODIUM
	long n = test_iterations(10000);
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (long i = 0; i < n; i++) {
			pt p, q, t;
			uint8_t k[32], s2[32], e1[32], e2[32], got[32], want[32];
			rand_point(&p, k, (int)(i % 9) - 1);
			rand_point(&q, s2, (int)((i / 9) % 9) - 1);
			enc(e1, &p);
			enc(e2, &q);
			test_rand_bytes(&RNG, k, 32);
			k[31] &= 0x7f; /* libsodium clears the top bit of noclamp scalars */
			ecf_edwards25519_scalar_mult_base(&t, k);
			if (crypto_scalarmult_ed25519_base_noclamp(want, k) == 0) {
				enc(got, &t);
				test_expect_bytes(got, want, 32, "scalar_mult_base vs libsodium", i);
			}
			ecf_edwards25519_add(&t, &p, &q);
			test_expect(crypto_core_ed25519_add(want, e1, e2) == 0, "libsodium add");
			enc(got, &t);
			test_expect_bytes(got, want, 32, "add vs libsodium", i);
			ecf_edwards25519_sub(&t, &p, &q);
			test_expect(crypto_core_ed25519_sub(want, e1, e2) == 0, "libsodium sub");
			enc(got, &t);
			test_expect_bytes(got, want, 32, "sub vs libsodium", i);
			/* validity: canonical, on the curve, not small order, torsion-free */
			int ours = ecf_edwards25519_from_bytes(&t, e1, 32) == ECF_OK &&
			           !ecf_edwards25519_is_small_order(&t) && ecf_edwards25519_is_torsion_free(&t);
			test_expect(ours == crypto_core_ed25519_is_valid_point(e1),
			            "is_valid_point vs libsodium, case %ld", i);
			{ /* the variable-base mult on torsion-free points (libsodium's needs them) */
				ecf_edwards25519_scalar_mult_base(&q, s2);
				enc(e2, &q);
				ecf_edwards25519_scalar_mult(&t, k, &q);
				if (crypto_scalarmult_ed25519_noclamp(want, k, e2) == 0) {
					enc(got, &t);
					test_expect_bytes(got, want, 32, "scalar_mult vs libsodium", i);
				}
			}
			{ /* random strings: decode + validity */
				test_rand_bytes(&RNG, e1, 32);
				ours = ecf_edwards25519_from_bytes(&t, e1, 32) == ECF_OK &&
				       !ecf_edwards25519_is_small_order(&t) && ecf_edwards25519_is_torsion_free(&t);
				test_expect(ours == crypto_core_ed25519_is_valid_point(e1),
				            "random string validity vs libsodium, case %ld", i);
			}
		}
		fprintf(stderr, "# %s: %ld edwards25519 cases against libsodium\n", test_tier_name(tk), n);
	}
	test_tier_restore();
#else
	fprintf(stderr, "# SKIPPED: libsodium not found at build time: no edwards25519 test against it\n");
	skip();
#endif
}

/* RFC 8032 public keys: A = s*B for s = clamp(SHA-512(seed)[0..32]) (OpenSSL's
 * SHA-512 as the test's hash). */
static void test_ed_rfc8032_keys(void **s)
{
	(void)s;
#ifdef ECF_HAVE_OPENSSL
	int checked = 0;
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		FILE *f = vec_open("rfc/rfc8032_ed25519.txt");
		vec_record rec;
		long line = 0;
		while (vec_next(f, &rec, &line)) {
			uint8_t seed[32], pub[32], h[64], got[32];
			if (!vec_get(&rec, "secret_key"))
				continue;
			vec_get_hex(seed, 32, &rec, "secret_key");
			vec_get_hex(pub, 32, &rec, "public_key");
			SHA512(seed, 32, h);
			h[0] &= 248;
			h[31] &= 127;
			h[31] |= 64;
			pt A;
			ecf_edwards25519_scalar_mult_base(&A, h);
			enc(got, &A);
			test_expect_bytes(got, pub, 32, "RFC 8032 public key", rec.line);
			test_expect(ecf_edwards25519_from_bytes(&A, pub, 32) == ECF_OK &&
			                ecf_edwards25519_is_torsion_free(&A),
			            "RFC 8032 public key decodes");
			checked++;
		}
		fclose(f);
	}
	fprintf(stderr, "# %d RFC 8032 public keys reproduced\n", checked);
	test_expect(checked >= 5, "too few RFC 8032 vectors (%d)", checked);
#else
	fprintf(stderr, "# SKIPPED: OpenSSL (for SHA-512) not found at build time: no RFC 8032 key test\n");
	skip();
#endif
}

/* ======================= wiping ======================= */

static const uint8_t SECRET[32] = {0x3c, 0x5a, 0x7e, 0x91, 0xa3, 0xc5, 0xe7, 0x19, 0x2b, 0x4d, 0x6f,
                                   0x81, 0x93, 0xb5, 0xd7, 0xf9, 0x0a, 0x2c, 0x4e, 0x60, 0x72, 0x94,
                                   0xb6, 0xd8, 0xea, 0x0c, 0x1e, 0x30, 0x42, 0x64, 0x86, 0x48};

/* probe() paints a stack region with a pattern (test_stack_paint), calls fn from
 * the same depth (so fn's callees' frames land on the painted region), then
 * scans the same region (test_stack_count, same depth again) for the secret the
 * callee held: its clamped scalar or its recoded digits. */
typedef void (*secret_fn)(const uint8_t secret[32]);

static void call_x25519(const uint8_t secret[32])
{
	uint8_t out[32], u[32] = {9};
	test_expect(ecf_x25519(out, secret, u) == ECF_OK, "x25519");
}

static void call_x25519_base(const uint8_t secret[32])
{
	uint8_t out[32];
	test_expect(ecf_x25519_public_key(out, secret) == ECF_OK, "x25519_public_key");
}

static void call_scalar_mult_base(const uint8_t secret[32])
{
	pt p;
	ecf_edwards25519_scalar_mult_base(&p, secret);
}

static void call_scalar_mult(const uint8_t secret[32])
{
	pt p;
	ecf_edwards25519_generator(&p);
	ecf_edwards25519_scalar_mult(&p, secret, &p);
}

static __attribute__((noinline)) size_t probe(secret_fn fn, const uint8_t *needle, size_t nlen, int wipe_needed)
{
	(void)wipe_needed;
	test_stack_paint(0xcc);
	fn(SECRET);
	return test_stack_count(needle, 1, nlen);
}

static void test_wipe(void **s)
{
	(void)s;
	TEST_SKIP_UNDER_ASAN();
	/* The clamped scalar (what the callee copies to its stack) and, for the
	 * Edwards mults, the first 16 signed radix-16 digits it recodes into. */
	uint8_t clamped[32];
	memcpy(clamped, SECRET, 32);
	clamped[0] &= 248;
	clamped[31] &= 127;
	clamped[31] |= 64;
	int8_t digits[16];
	int carry = 0;
	for (int i = 0; i < 16; i++) {
		int v = ((SECRET[i / 2] >> (4 * (i & 1))) & 15) + carry;
		carry = (v + 8) >> 4;
		digits[i] = (int8_t)(v - 16 * carry);
	}
	/* The search works: a function that leaves the secret behind is caught. */
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		size_t h;
		h = probe(call_x25519, clamped, 32, 1);
		test_expect(h == 0, "%s: x25519 left the clamped scalar on the stack (%zu copies)", test_tier_name(tk),
		            h);
		h = probe(call_x25519_base, clamped, 32, 1);
		test_expect(h == 0, "%s: x25519_base left the clamped scalar on the stack (%zu)", test_tier_name(tk),
		            h);
		h = probe(call_scalar_mult_base, (const uint8_t *)digits, 16, 1);
		test_expect(h == 0, "%s: scalar_mult_base left the digits on the stack (%zu)", test_tier_name(tk), h);
		h = probe(call_scalar_mult, (const uint8_t *)digits, 16, 1);
		test_expect(h == 0, "%s: scalar_mult left the digits on the stack (%zu)", test_tier_name(tk), h);
	}
	test_tier_restore();
}

/* The scan can fail: a function that keeps the secret on its stack is found. */
static __attribute__((noinline)) void leaky(const uint8_t secret[32])
{
	volatile uint8_t copy[32];
	for (int i = 0; i < 32; i++)
		copy[i] = secret[i];
	__asm__ __volatile__("" : : "r"(copy) : "memory");
}

static void test_wipe_detects(void **s)
{
	(void)s;
	TEST_SKIP_UNDER_ASAN();
	size_t h = probe(leaky, SECRET, 32, 0);
	test_expect(h >= 1, "the stack scan did not find a secret left behind on purpose");
}

/* cmov and select: r = cond ? a : b for any non-zero cond, aliasing allowed. */
static void test_ed_cmov_select(void **s)
{
	(void)s;
	const int conds[] = {0, 1, -1, 2, 0x100, INT32_MIN, 7};
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		for (long i = 0; i < 200; i++) {
			uint8_t sa[32], sb[32];
			pt a, b, r;
			rand_point(&a, sa, (int)(i % 9) - 1);
			rand_point(&b, sb, -1);
			int c = conds[i % 7];
			const pt *want = c ? &a : &b;
			ecf_edwards25519_select(&r, &a, &b, c);
			test_expect(memcmp(&r, want, sizeof r) == 0, "select, cond %d, case %ld", c, i);
			r = b;
			ecf_edwards25519_cmov(&r, &a, c);
			test_expect(memcmp(&r, want, sizeof r) == 0, "cmov, cond %d, case %ld", c, i);
			pt a2 = a, b2 = b;
			ecf_edwards25519_select(&a2, &a2, &b, c); /* r = a */
			test_expect(memcmp(&a2, want, sizeof a2) == 0, "select (r = a), case %ld", i);
			ecf_edwards25519_select(&b2, &a, &b2, c); /* r = b */
			test_expect(memcmp(&b2, want, sizeof b2) == 0, "select (r = b), case %ld", i);
			r = a;
			ecf_edwards25519_cmov(&r, &r, c);
			test_expect(memcmp(&r, &a, sizeof r) == 0, "cmov (r = a)");
		}
	}
	test_tier_restore();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_x25519_rfc7748), cmocka_unit_test(test_x25519_small_order),
	    cmocka_unit_test(test_x25519_random),  cmocka_unit_test(test_ed_decode),
	    cmocka_unit_test(test_x25519_null),    cmocka_unit_test(test_ed_cmov_select),
	    cmocka_unit_test(test_ed_vs_gmp),      cmocka_unit_test(test_ed_edges_and_laws),
	    cmocka_unit_test(test_ed_vs_sodium),   cmocka_unit_test(test_ed_rfc8032_keys),
	    cmocka_unit_test(test_wipe_detects),   cmocka_unit_test(test_wipe),
	};
	return cmocka_run_group_tests_name("curve25519", tests, setup, teardown);
}
