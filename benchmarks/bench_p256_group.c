/*
 * ecfield-bench rows of the P-256 group (field "p256"): scalar_mult,
 * scalar_mult_base, double_scalar_mult_base_vartime, ecdh, keypair, ecdsa_sign,
 * ecdsa_verify, point_decode, point_decode_compressed, and the operations of
 * issue 19 (ecdsa_sign_msg, ecdsa_verify_msg, ecdsa_verify_msg_prepared,
 * ecdsa_public_key_prepare, ecdsa_verify_one_key: verify against
 * verify_prepared for one key, point_compress, point_decompress,
 * point_add_affine with and without the identity select, point_add,
 * point_sub, point_select) on every kernel tier
 * (call "public"), with OpenSSL (libcrypto) and nettle as peers in the same
 * interleaved groups (kernel "openssl" / "nettle", call "peer") when found at
 * configure time, and throughput rows on every core (call "parallel") for
 * ecdsa_verify and ecdh, and for their batch calls (8 per call).
 *
 * What each peer row calls: OpenSSL EC_POINT_mul (variable base: point and
 * scalar; fixed base: generator scalar; double: both), ECDH_compute_key,
 * EC_KEY_generate_key, ECDSA_do_sign (its own nonce), ECDSA_do_verify,
 * EC_POINT_oct2point (which checks the curve equation); nettle ecc_point_mul,
 * ecc_point_mul_g, ecdsa_sign (random nonce), ecdsa_verify; nettle's "ecdh" is
 * ecc_point_mul then ecc_point_get. Ours include what the API does: ecdh
 * decodes and validates the 65-byte peer point, keygen computes the public
 * key, ecdsa_sign computes the RFC 6979 nonce.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "common/internal.h"
#include "dispatch/cpu.h"
#include "ecfield/p256_ecdh.h"
#include "ecfield/p256_ecdsa.h"
#include "ecfield/p256_point.h"
#include "curves/p256/point_ops.h"

#ifdef ECF_BENCH_OPENSSL
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdh.h>
#include <openssl/ecdsa.h>
#include <openssl/obj_mac.h>
#include <openssl/sha.h>
#endif
#ifdef ECF_BENCH_NETTLE
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#endif

typedef struct group_state {
	uint8_t k[32], k2[32], priv[32], pub[65], pubc[33], digest[32], sig[64], out[65], msg[64], sigm[64];
	ecf_p256_point p, r;
	ecf_p256_affine a;
	ecf_p256_ecdsa_prepared_key prep, prepc; /* of pub and of pubc */
	int status;                              /* every status ORed in: read by bench_sink */
} group_state;

static void st_init(group_state *s, uint8_t seed)
{
	uint8_t w[48];
	for (int i = 0; i < 48; i++)
		w[i] = (uint8_t)(seed * 37 + i * 101 + 7);
	int st = ecf_p256_keypair(s->pub, s->priv, w, 48);
	st |= ecf_p256_point_from_bytes(&s->p, s->pub, 65);
	st |= ecf_p256_point_to_bytes(s->pubc, 33, &s->p);
	for (int i = 0; i < 32; i++) {
		s->k[i] = (uint8_t)(seed + 13 * i + 1);
		s->k2[i] = (uint8_t)(seed * 3 + 29 * i + 5);
		s->digest[i] = (uint8_t)(seed ^ (17 * i));
	}
	for (int i = 0; i < 64; i++)
		s->msg[i] = (uint8_t)(seed * 5 + 3 * i);
	st |= ecf_p256_ecdsa_sign(s->sig, s->priv, s->digest, 32, NULL, 0, 0);
	st |= ecf_p256_ecdsa_sign_msg(s->sigm, s->priv, s->msg, sizeof s->msg, NULL, 0, 0);
	st |= ecf_p256_ecdsa_public_key_prepare(&s->prep, s->pub, 65);
	st |= ecf_p256_ecdsa_public_key_prepare(&s->prepc, s->pubc, 33);
	ecf_p256_point_to_affine(&s->a, &s->p);
	s->status = st;
	if (st != ECF_OK)
		fprintf(stderr, "bench_p256_group: setup failed (%d)\n", st);
}

/* Dependent chains: each result feeds the next call's input. */
static void run_scalar_mult(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++) {
		ecf_p256_point_scalar_mult(&s->r, s->k, &s->p);
		s->k[0] ^= (uint8_t)s->r.x.limb[0];
	}
}

static void run_scalar_mult_base(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++) {
		ecf_p256_point_scalar_mult_base(&s->r, s->k);
		s->k[0] ^= (uint8_t)s->r.x.limb[0];
	}
}

static void run_double(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++) {
		ecf_p256_point_double_scalar_mult_base_vartime(&s->r, s->k2, &s->p, s->k);
		s->k[0] ^= (uint8_t)s->r.x.limb[0];
	}
}

static void run_ecdh(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++) {
		s->status |= ecf_p256_ecdh(s->out, s->priv, s->pub, 65);
		s->priv[31] ^= s->out[0] & 1; /* stays a valid key */
	}
}

static void run_keygen(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++) {
		s->status |= ecf_p256_keypair(s->out, s->k2, s->k, 32);
		s->k[31] ^= s->out[1] & 1;
	}
}

/* The public key of a given secret key (ecf_p256_public_key); the key stays
 * valid (its last byte changes by at most 1). */
static void run_public_key(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++) {
		s->status |= ecf_p256_public_key(s->out, s->priv);
		s->priv[31] ^= s->out[1] & 1;
	}
}

static void run_sign(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++) {
		s->status |= ecf_p256_ecdsa_sign(s->out, s->priv, s->digest, 32, NULL, 0, 0);
		s->digest[0] ^= s->out[0];
	}
}

static void run_sign_msg(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++) {
		s->status |= ecf_p256_ecdsa_sign_msg(s->out, s->priv, s->msg, sizeof s->msg, NULL, 0, 0);
		s->msg[0] ^= s->out[0];
	}
}

/* The verifications do not chain (the signature must stay valid): each
 * status is ORed into the state. */
static void run_verify(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_ecdsa_verify(s->sig, s->pub, 65, s->digest, 32);
}

static void run_verify_c(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_ecdsa_verify(s->sig, s->pubc, 33, s->digest, 32);
}

static void run_verify_prepared(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_ecdsa_verify_prepared(s->sig, &s->prep, s->digest, 32);
}

static void run_verify_prepared_c(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_ecdsa_verify_prepared(s->sig, &s->prepc, s->digest, 32);
}

static void run_verify_msg(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_ecdsa_verify_msg(s->sigm, s->pub, 65, s->msg, sizeof s->msg);
}

static void run_verify_msg_prepared(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_ecdsa_verify_msg_prepared(s->sigm, &s->prep, s->msg, sizeof s->msg);
}

static void run_prepare(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_ecdsa_public_key_prepare(&s->prep, s->pub, 65);
}

static void run_prepare_c(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_ecdsa_public_key_prepare(&s->prepc, s->pubc, 33);
}

static void run_decode(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_point_from_bytes(&s->r, s->pub, 65);
}

static void run_decode_c(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_point_from_bytes(&s->r, s->pubc, 33);
}

static void run_compress(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_point_compress(s->out, s->pub, 65);
}

static void run_decompress(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		s->status |= ecf_p256_point_decompress(s->out, s->pubc, 33);
}

/* r = r + a: the public add_affine (with the select of p for a = (0, 0))
 * and, as "no_select", the mixed formula alone (pt_madd, what add_affine was
 * before the affine identity was handled). */
static void run_add_affine(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		ecf_p256_point_add_affine(&s->r, &s->r, &s->a);
}

/* add_affine as the library had it before (0, 0) was handled: the same
 * out-of-line call reading the tier, the formula alone. */
static __attribute__((noinline)) void add_affine_no_select(point *r, const point *p, const affine *q)
{
	pt_madd(r, p, q, ecfi_tiers());
}

static void run_add_affine_no_select(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		add_affine_no_select(&s->r, &s->r, &s->a);
}

static void run_add(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		ecf_p256_point_add(&s->r, &s->r, &s->p);
}

static void run_sub(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		ecf_p256_point_sub(&s->r, &s->r, &s->p);
}

static void run_select(void *p, long n)
{
	group_state *s = p;
	for (long i = 0; i < n; i++)
		ecf_p256_point_select(&s->r, &s->p, &s->r, (int)(s->r.x.limb[0] & 1));
}

#ifdef ECF_BENCH_OPENSSL
typedef struct ossl_state {
	EC_GROUP *g;
	BN_CTX *ctx;
	EC_KEY *key;
	EC_POINT *p, *r;
	BIGNUM *k, *k2;
	ECDSA_SIG *sig;
	ECDSA_SIG *sigm;
	uint8_t digest[32], pub[65], pubc[33], out[65], msg[64];
} ossl_state;

static void ossl_init(ossl_state *o, const group_state *s)
{
	o->g = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
	o->ctx = BN_CTX_new();
	o->key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
	BIGNUM *d = BN_bin2bn(s->priv, 32, NULL);
	EC_KEY_set_private_key(o->key, d);
	BN_free(d);
	o->p = EC_POINT_new(o->g);
	o->r = EC_POINT_new(o->g);
	EC_POINT_oct2point(o->g, o->p, s->pub, 65, o->ctx);
	EC_KEY_set_public_key(o->key, o->p);
	o->k = BN_bin2bn(s->k, 32, NULL);
	o->k2 = BN_bin2bn(s->k2, 32, NULL);
	memcpy(o->digest, s->digest, 32);
	memcpy(o->pub, s->pub, 65);
	memcpy(o->pubc, s->pubc, 33);
	o->sig = ECDSA_do_sign(o->digest, 32, o->key);
	memcpy(o->msg, s->msg, 64);
	uint8_t h[32];
	SHA256(o->msg, 64, h);
	o->sigm = ECDSA_do_sign(h, 32, o->key);
}

static void ossl_free(ossl_state *o)
{
	ECDSA_SIG_free(o->sig);
	ECDSA_SIG_free(o->sigm);
	BN_free(o->k);
	BN_free(o->k2);
	EC_POINT_free(o->p);
	EC_POINT_free(o->r);
	EC_KEY_free(o->key);
	BN_CTX_free(o->ctx);
	EC_GROUP_free(o->g);
}

static void ossl_scalar_mult(void *p, long n)
{
	ossl_state *o = p;
	for (long i = 0; i < n; i++)
		EC_POINT_mul(o->g, o->r, NULL, o->p, o->k, o->ctx);
}
static void ossl_scalar_mult_base(void *p, long n)
{
	ossl_state *o = p;
	for (long i = 0; i < n; i++)
		EC_POINT_mul(o->g, o->r, o->k, NULL, NULL, o->ctx);
}
static void ossl_double(void *p, long n)
{
	ossl_state *o = p;
	for (long i = 0; i < n; i++)
		EC_POINT_mul(o->g, o->r, o->k, o->p, o->k2, o->ctx);
}
static void ossl_ecdh(void *p, long n)
{
	ossl_state *o = p;
	for (long i = 0; i < n; i++)
		ECDH_compute_key(o->out, 32, o->p, o->key, NULL);
}
static void ossl_keygen(void *p, long n)
{
	(void)p;
	EC_KEY *k = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
	for (long i = 0; i < n; i++)
		EC_KEY_generate_key(k);
	EC_KEY_free(k);
}
static void ossl_sign(void *p, long n)
{
	ossl_state *o = p;
	for (long i = 0; i < n; i++)
		ECDSA_SIG_free(ECDSA_do_sign(o->digest, 32, o->key));
}
static void ossl_verify(void *p, long n)
{
	ossl_state *o = p;
	for (long i = 0; i < n; i++)
		(void)ECDSA_do_verify(o->digest, 32, o->sig, o->key);
}
/* The message rows: SHA-256, then ECDSA on the digest (what OpenSSL's
 * EVP_DigestSign does, without the EVP layers). */
static void ossl_sign_msg(void *p, long n)
{
	ossl_state *o = p;
	uint8_t h[32];
	for (long i = 0; i < n; i++) {
		SHA256(o->msg, 64, h);
		ECDSA_SIG_free(ECDSA_do_sign(h, 32, o->key));
	}
}
static void ossl_verify_msg(void *p, long n)
{
	ossl_state *o = p;
	uint8_t h[32];
	for (long i = 0; i < n; i++) {
		SHA256(o->msg, 64, h);
		(void)ECDSA_do_verify(h, 32, o->sigm, o->key);
	}
}
/* compress / decompress: decode (with the curve check), encode the other form. */
static void ossl_compress(void *p, long n)
{
	ossl_state *o = p;
	for (long i = 0; i < n; i++) {
		(void)EC_POINT_oct2point(o->g, o->r, o->pub, 65, o->ctx);
		(void)EC_POINT_point2oct(o->g, o->r, POINT_CONVERSION_COMPRESSED, o->out, 33, o->ctx);
	}
}
static void ossl_decompress(void *p, long n)
{
	ossl_state *o = p;
	for (long i = 0; i < n; i++) {
		(void)EC_POINT_oct2point(o->g, o->r, o->pubc, 33, o->ctx);
		(void)EC_POINT_point2oct(o->g, o->r, POINT_CONVERSION_UNCOMPRESSED, o->out, 65, o->ctx);
	}
}
static void ossl_decode(void *p, long n)
{
	ossl_state *o = p;
	for (long i = 0; i < n; i++)
		(void)EC_POINT_oct2point(o->g, o->r, o->pub, 65, o->ctx);
}
static void ossl_decode_c(void *p, long n)
{
	ossl_state *o = p;
	for (long i = 0; i < n; i++)
		(void)EC_POINT_oct2point(o->g, o->r, o->pubc, 33, o->ctx);
}
#endif

#ifdef ECF_BENCH_NETTLE
typedef struct nettle_state {
	struct ecc_point p, r;
	struct ecc_scalar k, k2, key;
	struct dsa_signature sig;
	uint8_t digest[32];
	mpz_t x;
	unsigned rnd;
} nettle_state;

static void nettle_random(void *ctx, size_t len, uint8_t *dst)
{
	nettle_state *s = ctx;
	for (size_t i = 0; i < len; i++)
		dst[i] = (uint8_t)(s->rnd = s->rnd * 1103515245u + 12345u) >> 3;
}

static void nettle_init_state(nettle_state *s, const group_state *g)
{
	const struct ecc_curve *c = nettle_get_secp_256r1();
	mpz_t x, y;
	mpz_inits(x, y, s->x, NULL);
	ecc_point_init(&s->p, c);
	ecc_point_init(&s->r, c);
	ecc_scalar_init(&s->k, c);
	ecc_scalar_init(&s->k2, c);
	ecc_scalar_init(&s->key, c);
	mpz_import(x, 32, 1, 1, 1, 0, g->pub + 1);
	mpz_import(y, 32, 1, 1, 1, 0, g->pub + 33);
	ecc_point_set(&s->p, x, y);
	mpz_import(x, 32, 1, 1, 1, 0, g->k);
	mpz_mod(x, x, y); /* any value below n works: reduce by y < p, near n */
	mpz_set_ui(y, 0);
	mpz_import(x, 31, 1, 1, 1, 0, g->k + 1); /* 248 bits: below n */
	ecc_scalar_set(&s->k, x);
	mpz_import(x, 31, 1, 1, 1, 0, g->k2 + 1);
	ecc_scalar_set(&s->k2, x);
	mpz_import(x, 32, 1, 1, 1, 0, g->priv);
	ecc_scalar_set(&s->key, x);
	memcpy(s->digest, g->digest, 32);
	s->rnd = 1;
	dsa_signature_init(&s->sig);
	ecdsa_sign(&s->key, s, nettle_random, 32, s->digest, &s->sig);
	mpz_clears(x, y, NULL);
}

static void nettle_free_state(nettle_state *s)
{
	ecc_point_clear(&s->p);
	ecc_point_clear(&s->r);
	ecc_scalar_clear(&s->k);
	ecc_scalar_clear(&s->k2);
	ecc_scalar_clear(&s->key);
	dsa_signature_clear(&s->sig);
	mpz_clear(s->x);
}

static void nettle_scalar_mult(void *p, long n)
{
	nettle_state *s = p;
	for (long i = 0; i < n; i++)
		ecc_point_mul(&s->r, &s->k, &s->p);
}
static void nettle_scalar_mult_base(void *p, long n)
{
	nettle_state *s = p;
	for (long i = 0; i < n; i++)
		ecc_point_mul_g(&s->r, &s->k);
}
static void nettle_ecdh(void *p, long n)
{
	nettle_state *s = p;
	for (long i = 0; i < n; i++) {
		ecc_point_mul(&s->r, &s->key, &s->p);
		ecc_point_get(&s->r, s->x, NULL);
	}
}
static void nettle_sign(void *p, long n)
{
	nettle_state *s = p;
	for (long i = 0; i < n; i++)
		ecdsa_sign(&s->key, s, nettle_random, 32, s->digest, &s->sig);
}
static void nettle_verify(void *p, long n)
{
	nettle_state *s = p;
	for (long i = 0; i < n; i++)
		(void)ecdsa_verify(&s->p, 32, s->digest, &s->sig);
}
#endif

typedef struct peer_bodies {
	bench_body openssl, nettle;
} peer_bodies;

static void one_group(const char *op, bench_body ours, group_state *s, peer_bodies peers, void *ossl, void *nett)
{
	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	bench_variant v[8];
	size_t nv = 0;
	for (size_t k = 0; k < nt; k++)
		v[nv++] = (bench_variant){names[k], "public", flags[k], ours, s};
	/* Signing with the portable SHA-256 under the top tier: the share of SHA-NI. */
	if (strcmp(op, "ecdsa_sign") == 0 && (flags[nt - 1] & ECFI_KERNEL_SHA_NI))
		v[nv++] = (bench_variant){names[nt - 1], "c_sha256", flags[nt - 1] & ~ECFI_KERNEL_SHA_NI, ours, s};
	/* The scalar multiplications with the SSE2 table scans under the top tier: the share of AVX2. */
	if (strncmp(op, "scalar_mult", 11) == 0 && (flags[nt - 1] & ECFI_KERNEL_AVX2))
		v[nv++] = (bench_variant){names[nt - 1], "sse2_scan", flags[nt - 1] & ~ECFI_KERNEL_AVX2, ours, s};
	if (peers.openssl && ossl)
		v[nv++] = (bench_variant){"openssl", "peer", flags[nt - 1], peers.openssl, ossl};
	if (peers.nettle && nett)
		v[nv++] = (bench_variant){"nettle", "peer", flags[nt - 1], peers.nettle, nett};
	bench_group("p256", op, v, nv);
}

/* Many verifications under one key: the one-shot verify (which decodes the
 * key each time, with a square root for the compressed one) and
 * verify_prepared (the key decoded once, its odd multiples in affine form),
 * for the uncompressed and the compressed key, in one interleaved group on
 * every tier: call verify_65, verify_33, prepared_65, prepared_33. The
 * vs_first column of a prepared row divided by its verify row is the gain. */
static void verify_one_key_group(group_state *s)
{
	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	bench_variant v[16];
	size_t nv = 0;
	for (size_t k = 0; k < nt; k++) {
		v[nv++] = (bench_variant){names[k], "verify_65", flags[k], run_verify, s};
		v[nv++] = (bench_variant){names[k], "verify_33", flags[k], run_verify_c, s};
		v[nv++] = (bench_variant){names[k], "prepared_65", flags[k], run_verify_prepared, s};
		v[nv++] = (bench_variant){names[k], "prepared_33", flags[k], run_verify_prepared_c, s};
	}
	bench_group("p256", "ecdsa_verify_one_key", v, nv);
}

/* add_affine (call "public") against the mixed formula without the select
 * of the affine identity (call "no_select": add_affine before it handled
 * (0, 0)), on every tier. */
static void add_affine_group(group_state *s)
{
	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	bench_variant v[8];
	size_t nv = 0;
	for (size_t k = 0; k < nt; k++) {
		v[nv++] = (bench_variant){names[k], "public", flags[k], run_add_affine, s};
		v[nv++] = (bench_variant){names[k], "no_select", flags[k], run_add_affine_no_select, s};
	}
	bench_group("p256", "point_add_affine", v, nv);
}

/* Throughput on every core: one thread per online CPU, each running the op
 * on its own state for a fixed count; ns per op = wall time / all ops, and
 * vs_first = the speedup over one thread measured just before. */
typedef struct par_arg {
	bench_body body;
	group_state st;
	long n;
} __attribute__((aligned(128))) par_arg; /* one per thread, no shared cache line */

static void *par_thread(void *p)
{
	par_arg *a = p;
	a->body(&a->st, a->n);
	return NULL;
}

static void parallel_row(const char *op, bench_body body)
{
	const char *kernel;
	long ncpu = bench_parallel_threads("p256", op, &kernel);
	if (ncpu == 0)
		return;
	static par_arg args[64];
	pthread_t th[64];
	double single_ns = 0, par_ns = 0, par_ticks = 0;
	long n = 400;
	for (int rep = 0; rep < 3; rep++) { /* the best of three, for each */
		st_init(&args[0].st, 1);
		double t0 = bench_now_ns();
		body(&args[0].st, n);
		double t = (bench_now_ns() - t0) / (double)n;
		if (rep == 0 || t < single_ns)
			single_ns = t;
		for (long i = 0; i < ncpu; i++) {
			args[i].body = body;
			args[i].n = n;
			st_init(&args[i].st, (uint8_t)(i + 1));
		}
		t0 = bench_now_ns();
		uint64_t c0 = bench_ticks();
		for (long i = 0; i < ncpu; i++)
			pthread_create(&th[i], NULL, par_thread, &args[i]);
		for (long i = 0; i < ncpu; i++)
			pthread_join(th[i], NULL);
		uint64_t c1 = bench_ticks();
		t = (bench_now_ns() - t0) / (double)(n * ncpu);
		if (rep == 0 || t < par_ns) {
			par_ns = t;
			par_ticks = (double)(c1 - c0) / (double)(n * ncpu);
		}
	}
	char first[64];
	snprintf(first, sizeof first, "%s/one-thread, %ld threads", kernel, ncpu);
	bench_print_row("p256", op, kernel, "parallel", par_ns, par_ticks, single_ns / par_ns, first);
}

/* The batch calls (ecf_p256_ecdh_batch, ecf_p256_public_key_batch): one
 * body call is one batch of 8 or 64, and the row is per operation (ops). */
#define BATCH_MAX 64
typedef struct batch_state {
	uint8_t sk[BATCH_MAX][32], peer[BATCH_MAX][65], out[BATCH_MAX][65], shared[BATCH_MAX][32];
	int status[BATCH_MAX];
	int acc;
} batch_state;

static void batch_init(batch_state *b)
{
	for (int i = 0; i < BATCH_MAX; i++) {
		uint8_t w[48];
		for (int j = 0; j < 48; j++)
			w[j] = (uint8_t)(i * 37 + j * 101 + 7);
		b->acc |= ecf_p256_keypair(b->peer[i], b->sk[i], w, 48);
	}
}

#define BATCH_BODY(name, nb, call)                                                                                     \
	static void name(void *p, long n)                                                                              \
	{                                                                                                              \
		batch_state *b = p;                                                                                    \
		for (long i = 0; i < n; i++) {                                                                         \
			b->acc |= call;                                                                                \
			b->sk[0][31] ^= b->out[0][1] & 1; /* stays a valid key */                                      \
		}                                                                                                      \
	}
BATCH_BODY(run_ecdh_batch8, 8,
           ecf_p256_ecdh_batch(b->shared, b->status, (const uint8_t (*)[32])b->sk, (const uint8_t (*)[65])b->peer, 8))
BATCH_BODY(run_ecdh_batch64, 64,
           ecf_p256_ecdh_batch(b->shared, b->status, (const uint8_t (*)[32])b->sk, (const uint8_t (*)[65])b->peer, 64))
BATCH_BODY(run_pk_batch8, 8, ecf_p256_public_key_batch(b->out, b->status, (const uint8_t (*)[32])b->sk, 8))
BATCH_BODY(run_pk_batch64, 64, ecf_p256_public_key_batch(b->out, b->status, (const uint8_t (*)[32])b->sk, 64))

/* The ECDSA batch calls: sign_batch on 32-byte digests without extra data
 * (the RFC 6979 nonce derivation included, as in the single call's row),
 * verify_batch of valid signatures under uncompressed keys (each verification
 * decodes its key, as ecf_p256_ecdsa_verify with 65 bytes). */
typedef struct ecdsa_batch_state {
	uint8_t sk[BATCH_MAX][32], pk[BATCH_MAX][65], sig[BATCH_MAX][64], out[BATCH_MAX][64], digest[BATCH_MAX][32];
	const uint8_t *dp[BATCH_MAX];
	size_t dl[BATCH_MAX];
	int status[BATCH_MAX];
	int acc;
} ecdsa_batch_state;

static void ecdsa_batch_init(ecdsa_batch_state *b)
{
	for (int i = 0; i < BATCH_MAX; i++) {
		uint8_t w[48];
		for (int j = 0; j < 48; j++)
			w[j] = (uint8_t)(i * 53 + j * 29 + 3);
		b->acc |= ecf_p256_keypair(b->pk[i], b->sk[i], w, 48);
		for (int j = 0; j < 32; j++)
			b->digest[i][j] = (uint8_t)(i * 7 + j * 13 + 1);
		b->dp[i] = b->digest[i];
		b->dl[i] = 32;
		b->acc |= ecf_p256_ecdsa_sign(b->sig[i], b->sk[i], b->digest[i], 32, NULL, 0, 0);
	}
}

#define ECDSA_BATCH_BODY(name, call)                                                                                   \
	static void name(void *p, long n)                                                                              \
	{                                                                                                              \
		ecdsa_batch_state *b = p;                                                                              \
		for (long i = 0; i < n; i++)                                                                           \
			b->acc |= call;                                                                                \
	}
ECDSA_BATCH_BODY(run_sign_batch8, ecf_p256_ecdsa_sign_batch(b->out, b->status, (const uint8_t (*)[32])b->sk, b->dp,
                                                            b->dl, NULL, NULL, 0, 8))
ECDSA_BATCH_BODY(run_sign_batch64, ecf_p256_ecdsa_sign_batch(b->out, b->status, (const uint8_t (*)[32])b->sk, b->dp,
                                                             b->dl, NULL, NULL, 0, 64))
ECDSA_BATCH_BODY(run_verify_batch8, ecf_p256_ecdsa_verify_batch(b->status, (const uint8_t (*)[64])b->sig,
                                                                (const uint8_t (*)[65])b->pk, b->dp, b->dl, 8))
ECDSA_BATCH_BODY(run_verify_batch64, ecf_p256_ecdsa_verify_batch(b->status, (const uint8_t (*)[64])b->sig,
                                                                 (const uint8_t (*)[65])b->pk, b->dp, b->dl, 64))

/* Throughput of a batch call (8 per call, its own state per thread) on
 * every core, as parallel_row: ns and ticks per operation, vs_first the
 * speedup over one thread. st: ncpu states of stride bytes, initialised. */
typedef struct par_batch_arg {
	bench_body body;
	void *st;
	long n;
} __attribute__((aligned(128))) par_batch_arg;

static void *par_batch_thread(void *p)
{
	par_batch_arg *a = p;
	a->body(a->st, a->n);
	return NULL;
}

static void parallel_batch_row(const char *op, bench_body body8, void *st, size_t stride, long ncpu, const char *kernel)
{
	static par_batch_arg args[64];
	pthread_t th[64];
	double single_ns = 0, par_ns = 0, par_ticks = 0;
	const long n = 50;                  /* calls of 8: 400 operations, as parallel_row */
	for (int rep = 0; rep < 3; rep++) { /* the best of three, for each */
		double t0 = bench_now_ns();
		body8(st, n);
		double t = (bench_now_ns() - t0) / (double)(8 * n);
		if (rep == 0 || t < single_ns)
			single_ns = t;
		for (long i = 0; i < ncpu; i++)
			args[i] = (par_batch_arg){body8, (char *)st + (size_t)i * stride, n};
		t0 = bench_now_ns();
		uint64_t c0 = bench_ticks();
		for (long i = 0; i < ncpu; i++)
			pthread_create(&th[i], NULL, par_batch_thread, &args[i]);
		for (long i = 0; i < ncpu; i++)
			pthread_join(th[i], NULL);
		uint64_t c1 = bench_ticks();
		t = (bench_now_ns() - t0) / (double)(8 * n * ncpu);
		if (rep == 0 || t < par_ns) {
			par_ns = t;
			par_ticks = (double)(c1 - c0) / (double)(8 * n * ncpu);
		}
	}
	char first[64];
	snprintf(first, sizeof first, "%s/one-thread, %ld threads", kernel, ncpu);
	bench_print_row("p256", op, kernel, "parallel", par_ns, par_ticks, single_ns / par_ns, first);
}

static batch_state par_bs[64];
static ecdsa_batch_state par_es[64];

static void parallel_batch_rows(void)
{
	const char *kernel;
	long ncpu = bench_parallel_threads("p256", "ecdh_batch", &kernel);
	if (ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA)
		kernel = "avx512_ifma";
	if (ncpu > 0) {
		for (long i = 0; i < ncpu; i++)
			batch_init(&par_bs[i]);
		parallel_batch_row("ecdh_batch", run_ecdh_batch8, par_bs, sizeof par_bs[0], ncpu, kernel);
		bench_sink(par_bs, sizeof par_bs[0] * (size_t)ncpu);
	}
	ncpu = bench_parallel_threads("p256", "ecdsa_verify_batch", &kernel);
	if (ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA)
		kernel = "avx512_ifma";
	if (ncpu > 0) {
		for (long i = 0; i < ncpu; i++)
			ecdsa_batch_init(&par_es[i]);
		parallel_batch_row("ecdsa_verify_batch", run_verify_batch8, par_es, sizeof par_es[0], ncpu, kernel);
		bench_sink(par_es, sizeof par_es[0] * (size_t)ncpu);
	}
}

/* The single call on every tier, then the batch of 8 and of 64 on the
 * IFMA tier (kernel avx512_ifma, where the CPU has it) and on the scalar
 * fallback (kernel mulx_adx, call batch8/batch64: the top tier without
 * IFMA). vs_first against the first row; the ratio to the MULX single call
 * is each batch row's ticks over the mulx_adx/public row's. */
static void batch_group(const char *op, bench_body single, group_state *s, bench_body b8, bench_body b64, void *b)
{
	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	bench_variant v[12];
	long ops[12];
	size_t nv = 0;
	for (size_t k = 0; k < nt; k++) {
		ops[nv] = 1;
		v[nv++] = (bench_variant){names[k], "public", flags[k], single, s};
	}
	uint32_t top = flags[nt - 1];
	ops[nv] = 8;
	v[nv++] = (bench_variant){names[nt - 1], "batch8", top, b8, b};
	ops[nv] = 64;
	v[nv++] = (bench_variant){names[nt - 1], "batch64", top, b64, b};
	if (ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA) {
		uint32_t ifma = top | ECFI_KERNEL_AVX512_IFMA;
		ops[nv] = 8;
		v[nv++] = (bench_variant){"avx512_ifma", "batch8", ifma, b8, b};
		ops[nv] = 64;
		v[nv++] = (bench_variant){"avx512_ifma", "batch64", ifma, b64, b};
	}
	bench_group_ops("p256", op, v, nv, ops);
}

void bench_p256_group(void)
{
	group_state s;
	st_init(&s, 1);
	void *ossl = NULL, *nett = NULL;
#ifdef ECF_BENCH_OPENSSL
	static ossl_state o;
	ossl_init(&o, &s);
	ossl = &o;
#endif
#ifdef ECF_BENCH_NETTLE
	static nettle_state ns;
	nettle_init_state(&ns, &s);
	nett = &ns;
#endif
	peer_bodies none = {NULL, NULL};
	peer_bodies sm = none, smb = none, dbl = none, ecdh = none, kg = none, sign = none, ver = none, dec = none,
	            decc = none, signm = none, verm = none, comp = none, decomp = none;
#ifdef ECF_BENCH_OPENSSL
	sm.openssl = ossl_scalar_mult;
	smb.openssl = ossl_scalar_mult_base;
	dbl.openssl = ossl_double;
	ecdh.openssl = ossl_ecdh;
	kg.openssl = ossl_keygen;
	sign.openssl = ossl_sign;
	ver.openssl = ossl_verify;
	dec.openssl = ossl_decode;
	decc.openssl = ossl_decode_c;
	signm.openssl = ossl_sign_msg;
	verm.openssl = ossl_verify_msg;
	comp.openssl = ossl_compress;
	decomp.openssl = ossl_decompress;
#endif
#ifdef ECF_BENCH_NETTLE
	sm.nettle = nettle_scalar_mult;
	smb.nettle = nettle_scalar_mult_base;
	ecdh.nettle = nettle_ecdh;
	sign.nettle = nettle_sign;
	ver.nettle = nettle_verify;
#endif
	one_group("scalar_mult", run_scalar_mult, &s, sm, ossl, nett);
	one_group("scalar_mult_base", run_scalar_mult_base, &s, smb, ossl, nett);
	one_group("double_scalar_mult_base_vartime", run_double, &s, dbl, ossl, nett);
	one_group("ecdh", run_ecdh, &s, ecdh, ossl, nett);
	one_group("keypair", run_keygen, &s, kg, ossl, nett);
	one_group("public_key", run_public_key, &s, none, ossl, nett);
	static batch_state bs;
	batch_init(&bs);
	batch_group("ecdh_batch", run_ecdh, &s, run_ecdh_batch8, run_ecdh_batch64, &bs);
	batch_group("public_key_batch", run_public_key, &s, run_pk_batch8, run_pk_batch64, &bs);
	bench_sink(&bs, sizeof bs);
	static ecdsa_batch_state es;
	ecdsa_batch_init(&es);
	one_group("ecdsa_sign", run_sign, &s, sign, ossl, nett);
	batch_group("ecdsa_sign_batch", run_sign, &s, run_sign_batch8, run_sign_batch64, &es);
	one_group("ecdsa_sign_msg", run_sign_msg, &s, signm, ossl, nett);
	one_group("ecdsa_verify", run_verify, &s, ver, ossl, nett);
	batch_group("ecdsa_verify_batch", run_verify, &s, run_verify_batch8, run_verify_batch64, &es);
	bench_sink(&es, sizeof es);
	one_group("ecdsa_verify_msg", run_verify_msg, &s, verm, ossl, nett);
	one_group("ecdsa_verify_msg_prepared", run_verify_msg_prepared, &s, none, ossl, nett);
	one_group("ecdsa_public_key_prepare", run_prepare, &s, none, ossl, nett);
	one_group("ecdsa_public_key_prepare_compressed", run_prepare_c, &s, none, ossl, nett);
	verify_one_key_group(&s);
	one_group("point_decode", run_decode, &s, dec, ossl, nett);
	one_group("point_decode_compressed", run_decode_c, &s, decc, ossl, nett);
	one_group("point_compress", run_compress, &s, comp, ossl, nett);
	one_group("point_decompress", run_decompress, &s, decomp, ossl, nett);
	add_affine_group(&s);
	one_group("point_add", run_add, &s, none, ossl, nett);
	one_group("point_sub", run_sub, &s, none, ossl, nett);
	one_group("point_select", run_select, &s, none, ossl, nett);
	parallel_row("ecdsa_verify", run_verify);
	parallel_row("ecdh", run_ecdh);
	parallel_batch_rows();
	bench_sink(&s, sizeof s);
#ifdef ECF_BENCH_OPENSSL
	ossl_free(&o);
#endif
#ifdef ECF_BENCH_NETTLE
	nettle_free_state(&ns);
#endif
}
