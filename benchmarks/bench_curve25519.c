/*
 * ecfield-bench rows for curve25519 (field "curve25519"): X25519 and the
 * edwards25519 group through the public entries on every kernel tier, and in
 * the same groups (sampled interleaved) the peers found at build time through
 * their public APIs, each used as an application uses it: libsodium after
 * sodium_init() (which picks its fastest X25519 for this CPU); OpenSSL
 * through EVP with the keys and contexts built once (X25519: one
 * EVP_PKEY_derive per call on a context holding the private key and the peer
 * key; Ed25519: one EVP_DigestSign / EVP_DigestVerify per call on a context
 * initialised once; the key-from-seed rows create the EVP_PKEY, which
 * derives the public key, and read it); nettle; kernel = the peer, call
 * "peer". Chains are dependent:
 * each output is the next input (x25519: the shared secret becomes the next
 * u; scalar mults: the encoding of the result becomes the next scalar).
 * Then "parallel" rows: x25519, ed25519_verify and their batch calls (8 per
 * call) on one thread per core: ns
 * and ticks per operation over all threads, and the speedup over one thread
 * (vs_first) measured in the same run.
 */
#define _GNU_SOURCE 1
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ecfield/ed25519.h"
#include "ecfield/edwards25519.h"
#include "ecfield/ristretto255.h"
#include "ecfield/x25519.h"

#include "bench.h"
#include "dispatch/cpu.h"

#ifdef ECF_BENCH_SODIUM
#include <sodium.h>
#endif
#ifdef ECF_BENCH_OPENSSL
#include <openssl/evp.h>
#endif
#ifdef ECF_BENCH_NETTLE
#include <nettle/curve25519.h>
#include <nettle/eddsa.h>
#endif

typedef struct {
	uint8_t k[32], u[32], enc[32];
	ecf_edwards25519_point p;
	ecf_ristretto255_point rp;
	uint8_t seed[32], pk[32], sk[64], sig[64], msg[64], wide[64], renc[32];
	uint8_t ctx_sig[64], ph_sig[64], digest[64], xk[32];
	ecf_ed25519_prepared_key prep;
	ecf_edwards25519_point q;
#ifdef ECF_BENCH_OPENSSL
	EVP_PKEY *priv, *edpriv, *edpub, *xpeer;
	EVP_MD_CTX *edsign, *edverify; /* Ed25519: DigestSignInit / DigestVerifyInit once */
	EVP_PKEY_CTX *xctx;            /* X25519: private key, derive_init and peer set once */
	uint8_t xout[32];
#endif
} cstate;

static cstate cs;
static volatile int vsink; /* results of the calls that return only a status */

BENCH_LOOP(b_x25519, cstate, vsink += ecf_x25519(s->u, s->k, s->u))

BENCH_LOOP(b_x25519_base, cstate, vsink += ecf_x25519_public_key(s->k, s->k))

BENCH_LOOP(b_scalar_mult_base, cstate, ecf_edwards25519_scalar_mult_base(&s->p, s->k);
           ecf_edwards25519_to_bytes(s->k, &s->p); s->k[31] &= 0x0f /* keep it below l for the peers */)

BENCH_LOOP(b_scalar_mult, cstate, ecf_edwards25519_scalar_mult(&s->p, s->k, &s->p);
           s->k[0] ^= (uint8_t)s->p.X.limb[0] /* dependent chain through the point */)

BENCH_LOOP(b_double_scalar, cstate, ecf_edwards25519_double_scalar_mult_base_vartime(&s->p, s->k, &s->p, s->u);
           s->k[0] ^= (uint8_t)s->p.X.limb[0])

BENCH_LOOP(b_decode, cstate, vsink += ecf_edwards25519_from_bytes(&s->p, s->enc, 32);
           vsink += (int)(s->p.X.limb[0] & 1))

BENCH_LOOP(b_encode, cstate, ecf_edwards25519_to_bytes(s->enc, &s->p); vsink += s->enc[0])

#ifdef ECF_BENCH_SODIUM
BENCH_LOOP(b_sodium_x25519, cstate, if (crypto_scalarmult_curve25519(s->u, s->k, s->u) != 0) s->u[0] = 9)
BENCH_LOOP(b_sodium_x25519_base, cstate, if (crypto_scalarmult_curve25519_base(s->k, s->k) != 0) s->k[0]++)
BENCH_LOOP(b_sodium_smb, cstate, if (crypto_scalarmult_ed25519_base_noclamp(s->k, s->k) != 0) s->k[0]++;
           s->k[31] &= 0x0f)
BENCH_LOOP(b_sodium_sm, cstate, if (crypto_scalarmult_ed25519_noclamp(s->u, s->k, s->enc) != 0) s->u[0]++;
           s->k[0] ^= s->u[0])
#endif

#ifdef ECF_BENCH_OPENSSL
static void b_ossl_x25519(void *p, long n)
{
	/* EVP as an application reusing its private key and a peer key: the
	 * context, with the private key, derive_init and the peer set, is built
	 * once (bench_curve25519); each call is one EVP_PKEY_derive. The peer
	 * key stays the same (u = 9's multiple from reset()), so the chain runs
	 * through the output buffer only; X25519's time does not depend on u. */
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		size_t len = 32;
		if (EVP_PKEY_derive(s->xctx, s->xout, &len) <= 0)
			s->xout[0] ^= 1;
	}
}
BENCH_LOOP(b_ossl_x25519_base, cstate, EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, s->k, 32);
           size_t len = 32; EVP_PKEY_get_raw_public_key(k, s->k, &len); EVP_PKEY_free(k))
#endif

#ifdef ECF_BENCH_NETTLE
BENCH_LOOP(b_nettle_x25519, cstate, curve25519_mul(s->u, s->k, s->u))
BENCH_LOOP(b_nettle_x25519_base, cstate, curve25519_mul_g(s->k, s->k))
#endif

/* ---- Ed25519 and ristretto255 ---- */

/* keygen: the key pair (pk and the 64-byte sk) from a seed, as libsodium's
 * crypto_sign_seed_keypair; ed25519_public_key below: pk alone. */
BENCH_LOOP(b_ed_keygen, cstate, uint8_t sk[64]; vsink += ecf_ed25519_keypair(s->seed, sk, s->seed))

BENCH_LOOP(b_ed_sign, cstate, vsink += ecf_ed25519_sign(s->sig, s->sk, s->msg, 64); memcpy(s->msg, s->sig, 32))

BENCH_LOOP(b_ed_verify, cstate, vsink += ecf_ed25519_verify(s->sig, s->pk, s->msg, 64))

BENCH_LOOP(b_rist_decode, cstate, vsink += ecf_ristretto255_from_bytes(&s->rp, s->renc, 32))

BENCH_LOOP(b_rist_uniform, cstate, vsink += ecf_ristretto255_from_uniform_bytes(&s->rp, s->wide, 64);
           s->wide[0] ^= (uint8_t)s->rp.p.X.limb[0])

/* The operations of issue 19: X25519 key pairs, Ed25519ctx/ph, prepared
 * keys (verify_prepared against verify of the same key: its own group per
 * tier, ed25519_verify_prepared), the conversions to X25519, the new group
 * operations. */
static const uint8_t CTX[3] = "foo";
BENCH_LOOP(b_x25519_keypair, cstate, vsink += ecf_x25519_keypair(s->k, s->u, s->k))
BENCH_LOOP(b_ed_public_key, cstate, vsink += ecf_ed25519_public_key(s->seed, s->seed))
BENCH_LOOP(b_ed_prepare, cstate, vsink += ecf_ed25519_public_key_prepare(&s->prep, s->pk))
BENCH_LOOP(b_ed_verify_prepared, cstate, vsink += ecf_ed25519_verify_prepared(s->sig, &s->prep, s->msg, 64))
BENCH_LOOP(b_edctx_sign, cstate, vsink += ecf_ed25519ctx_sign(s->ctx_sig, s->sk, s->msg, 64, CTX, 3);
           memcpy(s->msg, s->ctx_sig, 32))
BENCH_LOOP(b_edctx_verify, cstate, vsink += ecf_ed25519ctx_verify(s->ctx_sig, s->pk, s->msg, 64, CTX, 3))
BENCH_LOOP(b_edph_sign, cstate, vsink += ecf_ed25519ph_sign(s->ph_sig, s->sk, s->digest, NULL, 0);
           memcpy(s->digest, s->ph_sig, 32))
BENCH_LOOP(b_edph_verify, cstate, vsink += ecf_ed25519ph_verify(s->ph_sig, s->pk, s->digest, NULL, 0))
BENCH_LOOP(b_pk_to_x25519, cstate, vsink += ecf_ed25519_pk_to_x25519(s->xk, s->pk))
BENCH_LOOP(b_sk_to_x25519, cstate, vsink += ecf_ed25519_sk_to_x25519(s->seed, s->seed))
BENCH_LOOP(b_ed_select, cstate, ecf_edwards25519_select(&s->p, &s->q, &s->p, s->k[0] & 1); s->k[0]++)
BENCH_LOOP(b_rist_double, cstate, ecf_ristretto255_double(&s->rp, &s->rp))
BENCH_LOOP(b_rist_is_identity, cstate, vsink += ecf_ristretto255_is_identity(&s->rp); s->rp.p.X.limb[0] += 1)

#ifdef ECF_BENCH_SODIUM
BENCH_LOOP(b_sodium_pk_to, cstate, vsink += crypto_sign_ed25519_pk_to_curve25519(s->xk, s->pk))
BENCH_LOOP(b_sodium_sk_to, cstate, vsink += crypto_sign_ed25519_sk_to_curve25519(s->seed, s->sk);
           s->sk[0] ^= s->seed[0])
BENCH_LOOP(b_sodium_x25519_keypair, cstate, crypto_scalarmult_curve25519_base(s->u, s->k); memcpy(s->k, s->u, 32))
#endif

#ifdef ECF_BENCH_SODIUM
BENCH_LOOP(b_sodium_keygen, cstate, uint8_t sk[64]; (void)crypto_sign_seed_keypair(s->seed, sk, s->seed))
BENCH_LOOP(b_sodium_sign, cstate, (void)crypto_sign_detached(s->sig, NULL, s->msg, 64, s->sk);
           memcpy(s->msg, s->sig, 32))
BENCH_LOOP(b_sodium_verify, cstate, vsink += crypto_sign_verify_detached(s->sig, s->msg, 64, s->pk))
BENCH_LOOP(b_sodium_rist_decode, cstate, vsink += crypto_core_ristretto255_is_valid_point(s->renc))
BENCH_LOOP(b_sodium_rist_uniform, cstate, (void)crypto_core_ristretto255_from_hash(s->renc, s->wide);
           s->wide[0] ^= s->renc[0])
#endif

#ifdef ECF_BENCH_OPENSSL
/* Ed25519 through EVP with a reused EVP_MD_CTX: DigestSignInit /
 * DigestVerifyInit once (bench_curve25519), then one-shot EVP_DigestSign /
 * EVP_DigestVerify per call (OpenSSL 3.0 accepts repeated one-shot calls on
 * one Ed25519 context). */
static void b_ossl_sign(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		size_t sl = 64;
		if (EVP_DigestSign(s->edsign, s->sig, &sl, s->msg, 64) <= 0)
			s->sig[0] ^= 1;
		memcpy(s->msg, s->sig, 32);
	}
}
static void b_ossl_verify(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		vsink += EVP_DigestVerify(s->edverify, s->sig, 64, s->msg, 64);
}
BENCH_LOOP(b_ossl_keygen, cstate, EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, s->seed, 32);
           size_t len = 32; EVP_PKEY_get_raw_public_key(k, s->seed, &len); EVP_PKEY_free(k))
#endif

#ifdef ECF_BENCH_NETTLE
BENCH_LOOP(b_nettle_keygen, cstate, ed25519_sha512_public_key(s->seed, s->seed))
BENCH_LOOP(b_nettle_sign, cstate, ed25519_sha512_sign(s->pk, s->sk, 64, s->msg, s->sig); memcpy(s->msg, s->sig, 32))
BENCH_LOOP(b_nettle_verify, cstate, vsink += ed25519_sha512_verify(s->pk, 64, s->msg, s->sig))
#endif

#define PEER(kernel, body) ((bench_variant){kernel, "peer", 0, body, &cs})

static void reset(void)
{
	memset(&cs.k, 0x42, 32);
	cs.k[31] &= 0x0f;
	memset(cs.u, 0, 32);
	cs.u[0] = 9;
	ecf_edwards25519_scalar_mult_base(&cs.p, cs.k);
	ecf_edwards25519_to_bytes(cs.enc, &cs.p);
	memset(cs.seed, 0x17, 32);
	memset(cs.msg, 0x33, 64);
	memset(cs.wide, 0x99, 64);
	vsink += ecf_ed25519_keypair(cs.pk, cs.sk, cs.seed);
	vsink += ecf_ed25519_sign(cs.sig, cs.sk, cs.msg, 64);
	vsink += ecf_ristretto255_from_uniform_bytes(&cs.rp, cs.wide, 64);
	ecf_ristretto255_to_bytes(cs.renc, &cs.rp);
	memset(cs.digest, 0x5c, 64);
	vsink += ecf_ed25519ctx_sign(cs.ctx_sig, cs.sk, cs.msg, 64, CTX, 3);
	vsink += ecf_ed25519ph_sign(cs.ph_sig, cs.sk, cs.digest, NULL, 0);
	vsink += ecf_ed25519_public_key_prepare(&cs.prep, cs.pk);
	ecf_edwards25519_generator(&cs.q);
}

/* The groups, in order: the public entry on every tier, then the peers that
 * were found (NULL: none for that op). One row per op. */
#ifdef ECF_BENCH_SODIUM
#define SODIUM(body) body
#else
#define SODIUM(body) NULL
#endif
#ifdef ECF_BENCH_OPENSSL
#define OPENSSL(body) body
#else
#define OPENSSL(body) NULL
#endif
#ifdef ECF_BENCH_NETTLE
#define NETTLE(body) body
#else
#define NETTLE(body) NULL
#endif
typedef struct c25519_op {
	const char *op;
	bench_body ours, sodium, openssl, nettle;
} c25519_op;
static const c25519_op OPS[] = {
    {"x25519", b_x25519, SODIUM(b_sodium_x25519), OPENSSL(b_ossl_x25519), NETTLE(b_nettle_x25519)},
    {"x25519_base", b_x25519_base, SODIUM(b_sodium_x25519_base), OPENSSL(b_ossl_x25519_base),
     NETTLE(b_nettle_x25519_base)},
    {"scalar_mult_base", b_scalar_mult_base, SODIUM(b_sodium_smb), NULL, NULL},
    {"scalar_mult", b_scalar_mult, SODIUM(b_sodium_sm), NULL, NULL},
    {"double_scalar_mult_base_vartime", b_double_scalar, NULL, NULL, NULL},
    {"decode", b_decode, NULL, NULL, NULL},
    {"encode", b_encode, NULL, NULL, NULL},
    {"ed25519_keygen", b_ed_keygen, SODIUM(b_sodium_keygen), OPENSSL(b_ossl_keygen), NETTLE(b_nettle_keygen)},
    {"ed25519_sign", b_ed_sign, SODIUM(b_sodium_sign), OPENSSL(b_ossl_sign), NETTLE(b_nettle_sign)},
    {"ed25519_verify", b_ed_verify, SODIUM(b_sodium_verify), OPENSSL(b_ossl_verify), NETTLE(b_nettle_verify)},
    {"ristretto255_decode", b_rist_decode, SODIUM(b_sodium_rist_decode), NULL, NULL},
    {"ristretto255_from_uniform", b_rist_uniform, SODIUM(b_sodium_rist_uniform), NULL, NULL},
    {"x25519_keypair", b_x25519_keypair, SODIUM(b_sodium_x25519_keypair), NULL, NULL},
    {"ed25519_public_key", b_ed_public_key, SODIUM(b_sodium_keygen), OPENSSL(b_ossl_keygen), NETTLE(b_nettle_keygen)},
    {"ed25519_public_key_prepare", b_ed_prepare, NULL, NULL, NULL},
    {"ed25519ctx_sign", b_edctx_sign, NULL, NULL, NULL},
    {"ed25519ctx_verify", b_edctx_verify, NULL, NULL, NULL},
    {"ed25519ph_sign", b_edph_sign, NULL, NULL, NULL},
    {"ed25519ph_verify", b_edph_verify, NULL, NULL, NULL},
    {"ed25519_pk_to_x25519", b_pk_to_x25519, SODIUM(b_sodium_pk_to), NULL, NULL},
    {"ed25519_sk_to_x25519", b_sk_to_x25519, SODIUM(b_sodium_sk_to), NULL, NULL},
    {"select", b_ed_select, NULL, NULL, NULL},
    {"ristretto255_double", b_rist_double, NULL, NULL, NULL},
    {"ristretto255_is_identity", b_rist_is_identity, NULL, NULL, NULL},
};

/* The batch calls: ecf_x25519_batch, ecf_x25519_public_key_batch,
 * ecf_ed25519_sign_batch (64-byte messages, as the ed25519_sign rows) and
 * ecf_ed25519_public_key_batch on batches of 8 and 64, per operation (bench_variant.per_iter), each output
 * the next input, beside the single call on the best tier (the first row:
 * the ratio column is batch / single), and the batch of 8 without the
 * avx512_ifma tier (the single-call path: its cost next to n single calls). */
typedef struct {
	uint8_t k[64][32], u[64][32];
	int st[64];
	/* Ed25519: key pairs, signatures; msg[i] = sig[i] (64 bytes: each
	 * signature is the next message), seeds for the public keys */
	uint8_t esk[64][64], sig[64][64], seed[64][32];
	const uint8_t *msg[64];
	size_t len[64];
} bstate;
static bstate bs;
#define CB(a) ((const uint8_t(*)[32])(a))
#define BATCH_BODY(name, call)                                                                                         \
	static void name(void *p, long n)                                                                              \
	{                                                                                                              \
		bstate *s = p;                                                                                         \
		for (long i = 0; i < n; i++) {                                                                         \
			call;                                                                                          \
		}                                                                                                      \
	}
BATCH_BODY(b_x25519_batch8, vsink += ecf_x25519_batch(s->u, s->st, CB(s->k), CB(s->u), 8))
BATCH_BODY(b_x25519_batch64, vsink += ecf_x25519_batch(s->u, s->st, CB(s->k), CB(s->u), 64))
BATCH_BODY(b_x25519_base_batch8, vsink += ecf_x25519_public_key_batch(s->k, CB(s->k), 8))
BATCH_BODY(b_x25519_base_batch64, vsink += ecf_x25519_public_key_batch(s->k, CB(s->k), 64))
#define CB64(a) ((const uint8_t(*)[64])(a))
BATCH_BODY(b_ed_sign_batch8, vsink += ecf_ed25519_sign_batch(s->sig, s->st, CB64(s->esk), s->msg, s->len, 8))
BATCH_BODY(b_ed_sign_batch64, vsink += ecf_ed25519_sign_batch(s->sig, s->st, CB64(s->esk), s->msg, s->len, 64))
BATCH_BODY(b_ed_public_key_batch8, vsink += ecf_ed25519_public_key_batch(s->seed, CB(s->seed), 8))
BATCH_BODY(b_ed_public_key_batch64, vsink += ecf_ed25519_public_key_batch(s->seed, CB(s->seed), 64))

/* ecf_ed25519_verify_batch on 8 and 64 valid signatures (64 keys, 64-byte
 * messages, as the single row's), per operation; the statuses are summed
 * into the sink. */
typedef struct {
	uint8_t sig[64][64], pk[64][32], msg[64][64];
	const uint8_t *mp[64];
	size_t len[64];
	int st[64];
} vstate;
static vstate vs;
#define VERIFY_BATCH_BODY(name, n)                                                                                     \
	static void name(void *p, long iters)                                                                          \
	{                                                                                                              \
		vstate *s = p;                                                                                         \
		for (long i = 0; i < iters; i++)                                                                       \
			vsink += ecf_ed25519_verify_batch(s->st, (const uint8_t(*)[64])s->sig,                         \
			                                  (const uint8_t(*)[32])s->pk, s->mp, s->len, n);              \
	}
VERIFY_BATCH_BODY(b_ed_verify_batch8, 8)
VERIFY_BATCH_BODY(b_ed_verify_batch64, 64)

static void verify_batch_reset(void)
{
	for (int i = 0; i < 64; i++) {
		uint8_t seed[32], sk[64];
		memset(seed, 0x17 + i, 32);
		memset(vs.msg[i], 0x33 + i, 64);
		vsink += ecf_ed25519_keypair(vs.pk[i], sk, seed);
		vsink += ecf_ed25519_sign(vs.sig[i], sk, vs.msg[i], 64);
		vs.mp[i] = vs.msg[i];
		vs.len[i] = 64;
	}
}

static void batch_reset(void)
{
	for (int i = 0; i < 64; i++) {
		memset(bs.k[i], 0x42 + i, 32);
		memset(bs.u[i], 0, 32);
		bs.u[i][0] = 9;
		memset(bs.seed[i], 0x17 + i, 32);
		uint8_t pk[32];
		vsink += ecf_ed25519_keypair(pk, bs.esk[i], bs.seed[i]);
		memset(bs.sig[i], 0x33 + i, 64);
		bs.msg[i] = bs.sig[i];
		bs.len[i] = 64;
	}
}

static void batch_groups(void)
{
	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	/* bench_tiers' best tier (MULX/ADX with SHA-NI and AVX2), then with IFMA */
	const uint32_t noifma = flags[nt - 1], ifma = ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA;
	const uint32_t best = noifma | ifma;
	const char *vec = ifma ? "avx512_ifma" : names[nt - 1];
	static const struct {
		const char *op;
		bench_body single, b8, b64;
		void *state;
	} G[] = {{"x25519_batch", b_x25519, b_x25519_batch8, b_x25519_batch64, &bs},
	         {"x25519_base_batch", b_x25519_base, b_x25519_base_batch8, b_x25519_base_batch64, &bs},
	         {"ed25519_sign_batch", b_ed_sign, b_ed_sign_batch8, b_ed_sign_batch64, &bs},
	         {"ed25519_public_key_batch", b_ed_public_key, b_ed_public_key_batch8, b_ed_public_key_batch64, &bs},
	         {"ed25519_verify_batch", b_ed_verify, b_ed_verify_batch8, b_ed_verify_batch64, &vs}};
	for (size_t g = 0; g < sizeof G / sizeof G[0]; g++) {
		const bench_variant v[4] = {{names[nt - 1], "public", noifma, G[g].single, &cs},
		                            {vec, "batch8", best, G[g].b8, G[g].state},
		                            {vec, "batch64", best, G[g].b64, G[g].state},
		                            {names[nt - 1], "batch8", noifma, G[g].b8, G[g].state}};
		static const long ops[4] = {1, 8, 64, 8};
		reset();
		batch_reset();
		verify_batch_reset();
		bench_group_ops("curve25519", G[g].op, v, 4, ops);
	}
}

/* verify and verify_prepared of the same key and signature, side by side in
 * one group per tier (the ratio column is prepared / one-shot). */
static void verify_prepared_groups(void)
{
	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	for (size_t k = 0; k < nt; k++) {
		bench_variant v[2] = {{names[k], "verify", flags[k], b_ed_verify, &cs},
		                      {names[k], "prepared", flags[k], b_ed_verify_prepared, &cs}};
		reset();
		bench_group("curve25519", "ed25519_verify_prepared", v, 2);
	}
}

/* ---- parallel throughput ---- */

typedef struct {
	long n;
	int op; /* 0: x25519, 1: ed25519_verify, 2: x25519_batch (8 per call), 3: ed25519_verify_batch (8) */
	uint8_t k[32], u[32];
	uint8_t kb[8][32], ub[8][32];
	int st[8];
	const cstate *ed;
} __attribute__((aligned(128))) worker; /* one per thread, no shared cache line */

/* Operations per call of each op. */
static const long par_ops[4] = {1, 1, 8, 8};

static void *run_worker(void *arg)
{
	worker *w = arg;
	for (long i = 0; i < w->n; i++) {
		if (w->op == 0)
			vsink += ecf_x25519(w->u, w->k, w->u);
		else if (w->op == 1)
			w->u[0] ^= (uint8_t)ecf_ed25519_verify(w->ed->sig, w->ed->pk, w->ed->msg, 64);
		else if (w->op == 2)
			vsink +=
			    ecf_x25519_batch(w->ub, w->st, (const uint8_t(*)[32])w->kb, (const uint8_t(*)[32])w->ub, 8);
		else
			w->u[0] ^= (uint8_t)ecf_ed25519_verify_batch(w->st, (const uint8_t(*)[64])vs.sig,
			                                             (const uint8_t(*)[32])vs.pk, vs.mp, vs.len, 8);
	}
	return NULL;
}

/* Wall ns per operation (all threads together) of op on t threads, each
 * running n calls (par_ops[op] operations each); ticks likewise. */
static double throughput(int op, int t, long n, double *ticks_per_op)
{
	pthread_t th[64];
	worker w[64];
	double t0 = bench_now_ns();
	uint64_t c0 = bench_ticks();
	for (int i = 0; i < t; i++) {
		w[i].n = n;
		w[i].op = op;
		w[i].ed = &cs;
		memset(w[i].k, 0x40 + i, 32);
		memset(w[i].u, 0, 32);
		w[i].u[0] = 9;
		for (int j = 0; j < 8; j++) {
			memset(w[i].kb[j], 0x40 + 8 * i + j, 32);
			memset(w[i].ub[j], 0, 32);
			w[i].ub[j][0] = 9;
		}
		if (pthread_create(&th[i], NULL, run_worker, &w[i]) != 0)
			return 0;
	}
	for (int i = 0; i < t; i++)
		pthread_join(th[i], NULL);
	uint64_t c1 = bench_ticks();
	double dt = bench_now_ns() - t0;
	for (int i = 0; i < t; i++) {
		bench_sink(w[i].u, 32);
		bench_sink(w[i].ub, sizeof w[i].ub);
	}
	const double ops = (double)t * (double)n * (double)par_ops[op];
	*ticks_per_op = (double)(c1 - c0) / ops;
	return dt / ops;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* One thread per online core against one thread, 9 interleaved rounds of
 * about 50 ms each (the batch ops: the same number of operations in calls
 * of 8); medians. ns and ticks are per operation over all threads
 * (1e9 / ns is the throughput in ops/s); vs_first is the speedup over one
 * thread. */
static void parallel_row(int op, const char *name)
{
	const char *kernel;
	long cores = bench_parallel_threads("curve25519", name, &kernel);
	if (cores == 0)
		return;
	if (par_ops[op] > 1 && (ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA))
		kernel = "avx512_ifma"; /* the batch calls' groups of 8 */
	double one[9], all[9], tk[9], ratio[9], tk1;
	for (int r = 0; r < 9; r++) {
		one[r] = throughput(op, 1, 504 / par_ops[op], &tk1);
		all[r] = throughput(op, (int)cores, 504 / par_ops[op], &tk[r]);
		ratio[r] = one[r] / all[r];
	}
	qsort(one, 9, sizeof one[0], cmp_d);
	qsort(all, 9, sizeof all[0], cmp_d);
	qsort(tk, 9, sizeof tk[0], cmp_d);
	qsort(ratio, 9, sizeof ratio[0], cmp_d);
	char first[64];
	snprintf(first, sizeof first, "%s/one-thread, %ld threads", kernel, cores);
	bench_print_row("curve25519", name, kernel, "parallel", all[4], tk[4], ratio[4], first);
}

void bench_curve25519(void)
{
#ifdef ECF_BENCH_SODIUM
	/* What every libsodium application does first: it picks the fastest
	 * implementations for this CPU (without it, 1.0.18's X25519 stays on its
	 * generic ref10 code). Idempotent. */
	if (sodium_init() < 0)
		fprintf(stderr, "bench_curve25519: sodium_init failed\n");
#endif
	reset(); /* the OpenSSL keys come from the state reset() sets */
#ifdef ECF_BENCH_OPENSSL
	cs.priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, cs.k, 32);
	cs.xpeer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, cs.u, 32);
	cs.xctx = EVP_PKEY_CTX_new(cs.priv, NULL);
	if (!cs.xctx || EVP_PKEY_derive_init(cs.xctx) <= 0 || EVP_PKEY_derive_set_peer(cs.xctx, cs.xpeer) <= 0)
		fprintf(stderr, "bench_curve25519: OpenSSL X25519 context setup failed\n");
	cs.edpriv = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, cs.seed, 32);
	cs.edpub = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, cs.pk, 32);
	cs.edsign = EVP_MD_CTX_new();
	cs.edverify = EVP_MD_CTX_new();
	if (!cs.edsign || !cs.edverify || EVP_DigestSignInit(cs.edsign, NULL, NULL, NULL, cs.edpriv) <= 0 ||
	    EVP_DigestVerifyInit(cs.edverify, NULL, NULL, NULL, cs.edpub) <= 0)
		fprintf(stderr, "bench_curve25519: OpenSSL Ed25519 context setup failed\n");
#endif
	for (size_t r = 0; r < sizeof OPS / sizeof OPS[0]; r++) {
		const c25519_op *o = &OPS[r];
		bench_variant peers[8];
		size_t np = 0;
		if (o->sodium)
			peers[np++] = PEER("libsodium", o->sodium);
		if (o->openssl)
			peers[np++] = PEER("openssl", o->openssl);
		if (o->nettle)
			peers[np++] = PEER("nettle", o->nettle);

		reset();
		bench_public("curve25519", o->op, o->ours, &cs, peers, np);
	}
#ifdef ECF_BENCH_OPENSSL
	EVP_PKEY_CTX_free(cs.xctx);
	EVP_MD_CTX_free(cs.edsign);
	EVP_MD_CTX_free(cs.edverify);
	EVP_PKEY_free(cs.xpeer);
	EVP_PKEY_free(cs.priv);
	EVP_PKEY_free(cs.edpriv);
	EVP_PKEY_free(cs.edpub);
#endif
	verify_prepared_groups();
	batch_groups();
	reset();
	verify_batch_reset();
	parallel_row(0, "x25519");
	parallel_row(1, "ed25519_verify");
	parallel_row(2, "x25519_batch");
	parallel_row(3, "ed25519_verify_batch");
}
