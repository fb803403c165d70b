/*
 * The ecfield OpenSSL provider against OpenSSL's default provider through
 * EVP, in one process and one library context, interleaved (each sample
 * measures default, ecfield and the bare libecfield call in turn, order
 * rotating), medians of the samples, in thread CPU time (CLOCK_THREAD_CPUTIME_ID:
 * what this thread ran, whatever else runs on the machine). Also the cost of
 * a provider call that does no arithmetic (EVP_PKEY_derive asked for the
 * secret's length), which with the bare call explains where the provider's
 * time goes: ecfield via EVP = libecfield + EVP and provider overhead.
 *
 * usage: ecfield-provider-evp-bench [MODULE_DIR [SAMPLES]]
 *   MODULE_DIR holds ecfield.so (default: this build's provider/).
 * Used by benchmarks/provider_bench.sh; a program, not a test.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/rand.h>

#include <ecfield/ed25519.h>
#include <ecfield/p256_ecdh.h>
#include <ecfield/p256_ecdsa.h>
#include <ecfield/x25519.h>

#ifndef ECF_PROVIDER_DIR_DEFAULT
#define ECF_PROVIDER_DIR_DEFAULT "provider"
#endif

static OSSL_LIB_CTX *libctx;

static void die(const char *what)
{
	fprintf(stderr, "provider_evp_bench: %s failed\n", what);
	ERR_print_errors_fp(stderr);
	exit(1);
}
#define CHECK(x)                                                                                                       \
	do {                                                                                                           \
		if (!(x))                                                                                              \
			die(#x);                                                                                       \
	} while (0)

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}
static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One operation prepared for one implementation: run(state) does it once. */
typedef struct bench_case {
	void (*run)(void *);
	void *state;
} bench_case;

static EVP_PKEY *keygen(const char *alg, const char *propq)
{
	EVP_PKEY *k = NULL;
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(libctx, alg, propq);
	CHECK(c != NULL && EVP_PKEY_keygen_init(c) == 1);
	if (strcmp(alg, "EC") == 0)
		CHECK(EVP_PKEY_CTX_set_group_name(c, "P-256") == 1);
	CHECK(EVP_PKEY_generate(c, &k) == 1);
	EVP_PKEY_CTX_free(c);
	return k;
}

/* ---- EVP cases */
typedef struct {
	EVP_PKEY_CTX *c;
	unsigned char out[80];
	int length_only;
} derive_st;
static void run_derive(void *p)
{
	derive_st *s = p;
	size_t len = sizeof s->out;
	CHECK(EVP_PKEY_derive(s->c, s->length_only ? NULL : s->out, &len) == 1);
}
static derive_st *derive_new(const char *alg, const char *propq, int length_only)
{
	derive_st *s = calloc(1, sizeof *s);
	EVP_PKEY *a = keygen(alg, propq), *b = keygen(alg, propq);
	CHECK(s != NULL);
	s->c = EVP_PKEY_CTX_new_from_pkey(libctx, a, propq);
	CHECK(s->c != NULL && EVP_PKEY_derive_init(s->c) == 1 && EVP_PKEY_derive_set_peer(s->c, b) == 1);
	s->length_only = length_only;
	EVP_PKEY_free(a);
	EVP_PKEY_free(b);
	return s;
}

typedef struct {
	EVP_PKEY *k;
	const char *propq;
	EVP_MD_CTX *md;
	unsigned char msg[64], sig[80], out[80];
	size_t siglen;
} dsig_st; /* Ed25519 as TLS 1.3 does it: EVP_DigestSignInit_ex + EVP_DigestSign per signature */
static void run_ed_sign(void *p)
{
	dsig_st *s = p;
	size_t len = sizeof s->out;
	CHECK(EVP_DigestSignInit_ex(s->md, NULL, NULL, libctx, s->propq, s->k, NULL) == 1);
	CHECK(EVP_DigestSign(s->md, s->out, &len, s->msg, sizeof s->msg) == 1);
}
static void run_ed_verify(void *p)
{
	dsig_st *s = p;
	CHECK(EVP_DigestVerifyInit_ex(s->md, NULL, NULL, libctx, s->propq, s->k, NULL) == 1);
	CHECK(EVP_DigestVerify(s->md, s->sig, s->siglen, s->msg, sizeof s->msg) == 1);
}
static dsig_st *ed_new(const char *propq)
{
	dsig_st *s = calloc(1, sizeof *s);
	CHECK(s != NULL);
	s->k = keygen("ED25519", propq);
	s->propq = propq;
	s->md = EVP_MD_CTX_new();
	CHECK(s->md != NULL && RAND_bytes(s->msg, sizeof s->msg) == 1);
	s->siglen = sizeof s->sig;
	CHECK(EVP_DigestSignInit_ex(s->md, NULL, NULL, libctx, propq, s->k, NULL) == 1);
	CHECK(EVP_DigestSign(s->md, s->sig, &s->siglen, s->msg, sizeof s->msg) == 1);
	return s;
}

typedef struct {
	EVP_PKEY_CTX *sc, *vc;
	unsigned char dgst[32], sig[80], out[80];
	size_t siglen;
} ecdsa_st; /* ECDSA on a SHA-256 digest, contexts initialised once (as openssl speed) */
static void run_ecdsa_sign(void *p)
{
	ecdsa_st *s = p;
	size_t len = sizeof s->out;
	CHECK(EVP_PKEY_sign(s->sc, s->out, &len, s->dgst, sizeof s->dgst) == 1);
}
static void run_ecdsa_verify(void *p)
{
	ecdsa_st *s = p;
	CHECK(EVP_PKEY_verify(s->vc, s->sig, s->siglen, s->dgst, sizeof s->dgst) == 1);
}
static ecdsa_st *ecdsa_new(const char *propq)
{
	ecdsa_st *s = calloc(1, sizeof *s);
	EVP_PKEY *k = keygen("EC", propq);
	CHECK(s != NULL && RAND_bytes(s->dgst, sizeof s->dgst) == 1);
	s->sc = EVP_PKEY_CTX_new_from_pkey(libctx, k, propq);
	s->vc = EVP_PKEY_CTX_new_from_pkey(libctx, k, propq);
	CHECK(s->sc != NULL && s->vc != NULL && EVP_PKEY_sign_init(s->sc) == 1 && EVP_PKEY_verify_init(s->vc) == 1);
	CHECK(EVP_PKEY_CTX_set_signature_md(s->sc, EVP_sha256()) == 1);
	CHECK(EVP_PKEY_CTX_set_signature_md(s->vc, EVP_sha256()) == 1);
	s->siglen = sizeof s->sig;
	CHECK(EVP_PKEY_sign(s->sc, s->sig, &s->siglen, s->dgst, sizeof s->dgst) == 1);
	EVP_PKEY_free(k);
	return s;
}

/* ---- bare libecfield cases (the arithmetic the provider calls) */
typedef struct {
	uint8_t sk[64], pk[65], peer[65], out[72], msg[64], sig[64], dgst[32], extra[32];
	size_t der_len;
	ecf_ed25519_prepared_key edp;
	ecf_p256_ecdsa_prepared_key pp;
} raw_st;
static void raw_x25519(void *p)
{
	raw_st *s = p;
	CHECK(ecf_x25519(s->out, s->sk, s->peer) == ECF_OK);
}
static void raw_ed_sign(void *p)
{
	raw_st *s = p;
	CHECK(ecf_ed25519_sign(s->out, s->sk, s->msg, sizeof s->msg) == ECF_OK);
}
static void raw_ed_verify(void *p)
{
	raw_st *s = p;
	CHECK(ecf_ed25519_verify_prepared(s->sig, &s->edp, s->msg, sizeof s->msg) == ECF_OK);
}
static void raw_ecdh(void *p)
{
	raw_st *s = p;
	CHECK(ecf_p256_ecdh(s->out, s->sk, s->peer, 65) == ECF_OK);
}
static void raw_ecdsa_sign(void *p) /* hedged, DER, as the provider signs */
{
	raw_st *s = p;
	CHECK(ecf_p256_ecdsa_sign_der(s->out, &s->der_len, s->sk, s->dgst, 32, s->extra, 32, 0) == ECF_OK);
}
static void raw_ecdsa_verify(void *p)
{
	raw_st *s = p;
	CHECK(ecf_p256_ecdsa_verify_prepared(s->sig, &s->pp, s->dgst, 32) == ECF_OK);
}
static raw_st *raw_new(void)
{
	raw_st *s = calloc(1, sizeof *s);
	CHECK(s != NULL && RAND_bytes(s->msg, 64) == 1 && RAND_bytes(s->dgst, 32) == 1);
	CHECK(RAND_bytes(s->extra, 32) == 1);
	return s;
}
static raw_st *raw_x25519_new(void)
{
	raw_st *s = raw_new();
	uint8_t seed[32], sk2[32];
	CHECK(RAND_bytes(seed, 32) == 1 && ecf_x25519_keypair(s->pk, s->sk, seed) == ECF_OK);
	CHECK(RAND_bytes(seed, 32) == 1 && ecf_x25519_keypair(s->peer, sk2, seed) == ECF_OK);
	return s;
}
static raw_st *raw_ed_new(void)
{
	raw_st *s = raw_new();
	uint8_t seed[32];
	CHECK(RAND_bytes(seed, 32) == 1 && ecf_ed25519_keypair(s->pk, s->sk, seed) == ECF_OK);
	CHECK(ecf_ed25519_sign(s->sig, s->sk, s->msg, sizeof s->msg) == ECF_OK);
	CHECK(ecf_ed25519_public_key_prepare(&s->edp, s->pk) == ECF_OK);
	return s;
}
static raw_st *raw_p256_new(void)
{
	raw_st *s = raw_new();
	uint8_t seed[48], sk2[32];
	CHECK(RAND_bytes(seed, 48) == 1 && ecf_p256_keypair(s->pk, s->sk, seed, 48) == ECF_OK);
	CHECK(RAND_bytes(seed, 48) == 1 && ecf_p256_keypair(s->peer, sk2, seed, 48) == ECF_OK);
	CHECK(ecf_p256_ecdsa_sign(s->sig, s->sk, s->dgst, 32, NULL, 0, 0) == ECF_OK);
	CHECK(ecf_p256_ecdsa_public_key_prepare(&s->pp, s->pk, 65) == ECF_OK);
	return s;
}

/* Time `n` runs of each case, `samples` times, the order rotating; medians in ns per op. */
static void measure(const char *name, bench_case *cases, int ncases, int samples, double target_ns)
{
	double *t = calloc((size_t)(ncases * samples), sizeof *t), med[4];
	int n = 1;
	CHECK(t != NULL && ncases <= 4);
	/* calibrate the batch on the first case: about target_ns per sample */
	for (;;) {
		double t0 = now_ns();
		for (int i = 0; i < n; i++)
			cases[0].run(cases[0].state);
		if (now_ns() - t0 > target_ns / 4 || n > 1 << 20)
			break;
		n *= 2;
	}
	n *= 4;
	for (int s = 0; s < samples; s++)
		for (int j = 0; j < ncases; j++) {
			int c = (j + s) % ncases;
			double t0 = now_ns();
			for (int i = 0; i < n; i++)
				cases[c].run(cases[c].state);
			t[c * samples + s] = (now_ns() - t0) / n;
		}
	for (int c = 0; c < ncases; c++)
		med[c] = median(t + c * samples, samples);
	/* cases: default, ecfield[, libecfield] */
	printf("%-16s %10.0f %10.0f %8.2fx", name, 1e9 / med[0], 1e9 / med[1], med[0] / med[1]);
	if (ncases > 2)
		printf(" %10.0f %9.0f ns %7.0f ns", 1e9 / med[2], med[2], med[1] - med[2]);
	printf("\n");
	free(t);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : ECF_PROVIDER_DIR_DEFAULT;
	int samples = argc > 2 ? atoi(argv[2]) : 15;
	const char *D = "provider=default", *E = "provider=ecfield";
	double target = 20e6; /* ~20 ms of CPU per batch */
	if (samples < 3)
		samples = 3;
	CHECK((libctx = OSSL_LIB_CTX_new()) != NULL);
	CHECK(OSSL_PROVIDER_set_default_search_path(libctx, dir) == 1);
	CHECK(OSSL_PROVIDER_load(libctx, "default") != NULL);
	CHECK(OSSL_PROVIDER_load(libctx, "ecfield") != NULL);

	printf("# provider_evp_bench: ecfield (%s) against OpenSSL's default provider, one library context,\n", dir);
	printf("# %d interleaved samples of ~%.0f ms CPU each, medians, thread CPU time\n", samples, target / 1e6);
	printf("%-16s %10s %10s %9s %10s %12s %10s\n", "operation", "default/s", "ecfield/s", "ratio", "libecf/s",
	       "libecf", "EVP+prov");
	bench_case c[3];
	c[0] = (bench_case){run_derive, derive_new("X25519", D, 0)};
	c[1] = (bench_case){run_derive, derive_new("X25519", E, 0)};
	c[2] = (bench_case){raw_x25519, raw_x25519_new()};
	measure("x25519_derive", c, 3, samples, target);
	c[0] = (bench_case){run_ed_sign, ed_new(D)};
	c[1] = (bench_case){run_ed_sign, ed_new(E)};
	c[2] = (bench_case){raw_ed_sign, raw_ed_new()};
	measure("ed25519_sign", c, 3, samples, target);
	c[0].run = run_ed_verify;
	c[1].run = run_ed_verify;
	c[2] = (bench_case){raw_ed_verify, raw_ed_new()};
	measure("ed25519_verify", c, 3, samples, target);
	c[0] = (bench_case){run_derive, derive_new("EC", D, 0)};
	c[1] = (bench_case){run_derive, derive_new("EC", E, 0)};
	c[2] = (bench_case){raw_ecdh, raw_p256_new()};
	measure("ecdh_derive", c, 3, samples, target);
	ecdsa_st *ed = ecdsa_new(D), *ee = ecdsa_new(E);
	c[0] = (bench_case){run_ecdsa_sign, ed};
	c[1] = (bench_case){run_ecdsa_sign, ee};
	c[2] = (bench_case){raw_ecdsa_sign, raw_p256_new()};
	measure("ecdsa_sign", c, 3, samples, target);
	c[0] = (bench_case){run_ecdsa_verify, ed};
	c[1] = (bench_case){run_ecdsa_verify, ee};
	c[2] = (bench_case){raw_ecdsa_verify, raw_p256_new()};
	measure("ecdsa_verify", c, 3, samples, target);
	/* A provider call without arithmetic: EVP_PKEY_derive for the length only. */
	c[0] = (bench_case){run_derive, derive_new("X25519", D, 1)};
	c[1] = (bench_case){run_derive, derive_new("X25519", E, 1)};
	measure("derive_len_only", c, 2, samples, target / 4);
	printf("# ratio: ecfield's throughput over default's; libecf: the bare library call; EVP+prov: ecfield's\n"
	       "# time per operation minus the bare call's (EVP dispatch, the provider's checks and copies)\n");
	return 0;
}
