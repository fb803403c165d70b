/*
 * ecfield-bench rows for curve25519 (field "curve25519"): X25519 and the
 * edwards25519 group through the public entries on every kernel tier, and in
 * the same groups (sampled interleaved) the peers found at build time through
 * their public APIs: libsodium, OpenSSL (EVP, context reused where the API
 * allows) and nettle, kernel = the peer, call "peer". Chains are dependent:
 * each output is the next input (x25519: the shared secret becomes the next
 * u; scalar mults: the encoding of the result becomes the next scalar).
 * Then "parallel" rows: x25519 and ed25519_verify on one thread per core: ns
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
#ifdef ECF_BENCH_OPENSSL
	EVP_PKEY *priv, *edpriv, *edpub;
#endif
} cstate;

static cstate cs;
static volatile int vsink; /* results of the calls that return only a status */

static void b_x25519(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		(void)ecf_x25519(s->u, s->k, s->u);
}

static void b_x25519_base(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		(void)ecf_x25519_base(s->k, s->k);
}

static void b_scalar_mult_base(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		ecf_edwards25519_scalar_mult_base(&s->p, s->k);
		ecf_edwards25519_encode(s->k, &s->p);
		s->k[31] &= 0x0f; /* keep it below l for the peers */
	}
}

static void b_scalar_mult(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		ecf_edwards25519_scalar_mult(&s->p, s->k, &s->p);
		s->k[0] ^= (uint8_t)s->p.X.limb[0]; /* dependent chain through the point */
	}
}

static void b_double_scalar(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		ecf_edwards25519_double_scalar_mult_base_vartime(&s->p, s->k, &s->p, s->u);
		s->k[0] ^= (uint8_t)s->p.X.limb[0];
	}
}

static void b_decode(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		(void)ecf_edwards25519_decode(&s->p, s->enc, 32);
		vsink += (int)(s->p.X.limb[0] & 1);
	}
}

static void b_encode(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		ecf_edwards25519_encode(s->enc, &s->p);
		vsink += s->enc[0];
	}
}

#ifdef ECF_BENCH_SODIUM
static void b_sodium_x25519(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		if (crypto_scalarmult_curve25519(s->u, s->k, s->u) != 0)
			s->u[0] = 9;
}
static void b_sodium_x25519_base(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		if (crypto_scalarmult_curve25519_base(s->k, s->k) != 0)
			s->k[0]++;
}
static void b_sodium_smb(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		if (crypto_scalarmult_ed25519_base_noclamp(s->k, s->k) != 0)
			s->k[0]++;
		s->k[31] &= 0x0f;
	}
}
static void b_sodium_sm(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		if (crypto_scalarmult_ed25519_noclamp(s->u, s->k, s->enc) != 0)
			s->u[0]++;
		s->k[0] ^= s->u[0];
	}
}
#endif

#ifdef ECF_BENCH_OPENSSL
static void b_ossl_x25519(void *p, long n)
{
	/* EVP with a reused context: the peer key is set once per call, as a
	 * server deriving with a fresh peer key would. */
	cstate *s = p;
	EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(s->priv, NULL);
	EVP_PKEY_derive_init(ctx);
	for (long i = 0; i < n; i++) {
		EVP_PKEY *pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, s->u, 32);
		size_t len = 32;
		EVP_PKEY_derive_set_peer(ctx, pub);
		if (EVP_PKEY_derive(ctx, s->u, &len) <= 0)
			s->u[0] = 9;
		EVP_PKEY_free(pub);
	}
	EVP_PKEY_CTX_free(ctx);
}
static void b_ossl_x25519_base(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, s->k, 32);
		size_t len = 32;
		EVP_PKEY_get_raw_public_key(k, s->k, &len);
		EVP_PKEY_free(k);
	}
}
#endif

#ifdef ECF_BENCH_NETTLE
static void b_nettle_x25519(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		curve25519_mul(s->u, s->k, s->u);
}
static void b_nettle_x25519_base(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		curve25519_mul_g(s->k, s->k);
}
#endif

/* ---- Ed25519 and ristretto255 ---- */

static void b_ed_keygen(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		(void)ecf_ed25519_keypair(s->seed, NULL, s->seed);
}

static void b_ed_sign(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		(void)ecf_ed25519_sign(s->sig, s->msg, 64, s->sk);
		memcpy(s->msg, s->sig, 32);
	}
}

static void b_ed_verify(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		vsink += ecf_ed25519_verify(s->sig, s->msg, 64, s->pk);
}

static void b_rist_decode(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		(void)ecf_ristretto255_decode(&s->rp, s->renc, 32);
}

static void b_rist_uniform(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		(void)ecf_ristretto255_from_uniform_bytes(&s->rp, s->wide, 64);
		s->wide[0] ^= (uint8_t)s->rp.p.X.limb[0];
	}
}

#ifdef ECF_BENCH_SODIUM
static void b_sodium_keygen(void *p, long n)
{
	cstate *s = p;
	uint8_t sk[64];
	for (long i = 0; i < n; i++)
		(void)crypto_sign_seed_keypair(s->seed, sk, s->seed);
}
static void b_sodium_sign(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		(void)crypto_sign_detached(s->sig, NULL, s->msg, 64, s->sk);
		memcpy(s->msg, s->sig, 32);
	}
}
static void b_sodium_verify(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		vsink += crypto_sign_verify_detached(s->sig, s->msg, 64, s->pk);
}
static void b_sodium_rist_decode(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		vsink += crypto_core_ristretto255_is_valid_point(s->renc);
}
static void b_sodium_rist_uniform(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		(void)crypto_core_ristretto255_from_hash(s->renc, s->wide);
		s->wide[0] ^= s->renc[0];
	}
}
#endif

#ifdef ECF_BENCH_OPENSSL
static void b_ossl_sign(void *p, long n)
{
	cstate *s = p;
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	for (long i = 0; i < n; i++) {
		size_t sl = 64;
		EVP_DigestSignInit(c, NULL, NULL, NULL, s->edpriv);
		EVP_DigestSign(c, s->sig, &sl, s->msg, 64);
		memcpy(s->msg, s->sig, 32);
	}
	EVP_MD_CTX_free(c);
}
static void b_ossl_verify(void *p, long n)
{
	cstate *s = p;
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	for (long i = 0; i < n; i++) {
		EVP_DigestVerifyInit(c, NULL, NULL, NULL, s->edpub);
		vsink += EVP_DigestVerify(c, s->sig, 64, s->msg, 64);
	}
	EVP_MD_CTX_free(c);
}
static void b_ossl_keygen(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, s->seed, 32);
		size_t len = 32;
		EVP_PKEY_get_raw_public_key(k, s->seed, &len);
		EVP_PKEY_free(k);
	}
}
#endif

#ifdef ECF_BENCH_NETTLE
static void b_nettle_keygen(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		ed25519_sha512_public_key(s->seed, s->seed);
}
static void b_nettle_sign(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++) {
		ed25519_sha512_sign(s->pk, s->sk, 64, s->msg, s->sig);
		memcpy(s->msg, s->sig, 32);
	}
}
static void b_nettle_verify(void *p, long n)
{
	cstate *s = p;
	for (long i = 0; i < n; i++)
		vsink += ed25519_sha512_verify(s->pk, 64, s->msg, s->sig);
}
#endif

#define PEER(kernel, body) ((bench_variant){kernel, "peer", 0, body, &cs})

static void reset(void)
{
	memset(&cs.k, 0x42, 32);
	cs.k[31] &= 0x0f;
	memset(cs.u, 0, 32);
	cs.u[0] = 9;
	ecf_edwards25519_scalar_mult_base(&cs.p, cs.k);
	ecf_edwards25519_encode(cs.enc, &cs.p);
	memset(cs.seed, 0x17, 32);
	memset(cs.msg, 0x33, 64);
	memset(cs.wide, 0x99, 64);
	(void)ecf_ed25519_keypair(cs.pk, cs.sk, cs.seed);
	(void)ecf_ed25519_sign(cs.sig, cs.msg, 64, cs.sk);
	ecf_ristretto255_from_uniform_bytes(&cs.rp, cs.wide, 64);
	ecf_ristretto255_encode(cs.renc, &cs.rp);
}

/* ---- parallel throughput ---- */

typedef struct {
	long n;
	int op; /* 0: x25519, 1: ed25519_verify */
	uint8_t k[32], u[32];
	const cstate *ed;
} worker;

static void *run_worker(void *arg)
{
	worker *w = arg;
	for (long i = 0; i < w->n; i++) {
		if (w->op == 0)
			(void)ecf_x25519(w->u, w->k, w->u);
		else
			w->u[0] ^= (uint8_t)ecf_ed25519_verify(w->ed->sig, w->ed->msg, 64, w->ed->pk);
	}
	return NULL;
}

/* Wall ns per operation (all threads together) of op on t threads, each
 * running n operations; ticks likewise. */
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
		if (pthread_create(&th[i], NULL, run_worker, &w[i]) != 0)
			return 0;
	}
	for (int i = 0; i < t; i++)
		pthread_join(th[i], NULL);
	uint64_t c1 = bench_ticks();
	double dt = bench_now_ns() - t0;
	for (int i = 0; i < t; i++)
		bench_sink(w[i].u, 32);
	*ticks_per_op = (double)(c1 - c0) / ((double)t * (double)n);
	return dt / ((double)t * (double)n);
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* One thread per online core against one thread, 9 interleaved rounds of
 * about 50 ms each; medians. ns and ticks are per operation over all threads
 * (1e9 / ns is the throughput in ops/s); vs_first is the speedup over one
 * thread. */
static void parallel_row(int op, const char *name)
{
	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	const char *kernel = names[nt - 1];
	if (!bench_row_selected("curve25519", name, kernel, "parallel"))
		return;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	if (cores < 1)
		cores = 1;
	if (cores > 64)
		cores = 64;
	double one[9], all[9], tk[9], ratio[9], tk1;
	for (int r = 0; r < 9; r++) {
		one[r] = throughput(op, 1, 500, &tk1);
		all[r] = throughput(op, (int)cores, 500, &tk[r]);
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
	bench_variant peers[4];
	size_t np;
	reset();
#ifdef ECF_BENCH_OPENSSL
	cs.priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, cs.k, 32);
#endif
	np = 0;
#ifdef ECF_BENCH_SODIUM
	peers[np++] = PEER("libsodium", b_sodium_x25519);
#endif
#ifdef ECF_BENCH_OPENSSL
	peers[np++] = PEER("openssl", b_ossl_x25519);
#endif
#ifdef ECF_BENCH_NETTLE
	peers[np++] = PEER("nettle", b_nettle_x25519);
#endif
	bench_public("curve25519", "x25519", b_x25519, &cs, peers, np);
	reset();
	np = 0;
#ifdef ECF_BENCH_SODIUM
	peers[np++] = PEER("libsodium", b_sodium_x25519_base);
#endif
#ifdef ECF_BENCH_OPENSSL
	peers[np++] = PEER("openssl", b_ossl_x25519_base);
#endif
#ifdef ECF_BENCH_NETTLE
	peers[np++] = PEER("nettle", b_nettle_x25519_base);
#endif
	bench_public("curve25519", "x25519_base", b_x25519_base, &cs, peers, np);
	reset();
	np = 0;
#ifdef ECF_BENCH_SODIUM
	peers[np++] = PEER("libsodium", b_sodium_smb);
#endif
	bench_public("curve25519", "scalar_mult_base", b_scalar_mult_base, &cs, peers, np);
	reset();
	np = 0;
#ifdef ECF_BENCH_SODIUM
	peers[np++] = PEER("libsodium", b_sodium_sm);
#endif
	bench_public("curve25519", "scalar_mult", b_scalar_mult, &cs, peers, np);
	reset();
	bench_public("curve25519", "double_scalar_mult_base_vartime", b_double_scalar, &cs, NULL, 0);
	reset();
	bench_public("curve25519", "decode", b_decode, &cs, NULL, 0);
	reset();
	bench_public("curve25519", "encode", b_encode, &cs, NULL, 0);
#ifdef ECF_BENCH_OPENSSL
	EVP_PKEY_free(cs.priv);
#endif
	reset();
	np = 0;
#ifdef ECF_BENCH_SODIUM
	peers[np++] = PEER("libsodium", b_sodium_keygen);
#endif
#ifdef ECF_BENCH_OPENSSL
	peers[np++] = PEER("openssl", b_ossl_keygen);
#endif
#ifdef ECF_BENCH_NETTLE
	peers[np++] = PEER("nettle", b_nettle_keygen);
#endif
	bench_public("curve25519", "ed25519_keygen", b_ed_keygen, &cs, peers, np);
	reset();
#ifdef ECF_BENCH_OPENSSL
	cs.edpriv = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, cs.seed, 32);
	cs.edpub = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, cs.pk, 32);
#endif
	np = 0;
#ifdef ECF_BENCH_SODIUM
	peers[np++] = PEER("libsodium", b_sodium_sign);
#endif
#ifdef ECF_BENCH_OPENSSL
	peers[np++] = PEER("openssl", b_ossl_sign);
#endif
#ifdef ECF_BENCH_NETTLE
	peers[np++] = PEER("nettle", b_nettle_sign);
#endif
	bench_public("curve25519", "ed25519_sign", b_ed_sign, &cs, peers, np);
	reset();
	np = 0;
#ifdef ECF_BENCH_SODIUM
	peers[np++] = PEER("libsodium", b_sodium_verify);
#endif
#ifdef ECF_BENCH_OPENSSL
	peers[np++] = PEER("openssl", b_ossl_verify);
#endif
#ifdef ECF_BENCH_NETTLE
	peers[np++] = PEER("nettle", b_nettle_verify);
#endif
	bench_public("curve25519", "ed25519_verify", b_ed_verify, &cs, peers, np);
#ifdef ECF_BENCH_OPENSSL
	EVP_PKEY_free(cs.edpriv);
	EVP_PKEY_free(cs.edpub);
#endif
	reset();
	np = 0;
#ifdef ECF_BENCH_SODIUM
	peers[np++] = PEER("libsodium", b_sodium_rist_decode);
#endif
	bench_public("curve25519", "ristretto255_decode", b_rist_decode, &cs, peers, np);
	reset();
	np = 0;
#ifdef ECF_BENCH_SODIUM
	peers[np++] = PEER("libsodium", b_sodium_rist_uniform);
#endif
	bench_public("curve25519", "ristretto255_from_uniform", b_rist_uniform, &cs, peers, np);
	reset();
	parallel_row(0, "x25519");
	parallel_row(1, "ed25519_verify");
}
