/*
 * Field-level peers of ecfield-bench, added to the groups of the same field
 * and operation (bench_group appends them, so they are sampled interleaved
 * with our rows): OpenSSL's internal x86-64 field kernels, linked from
 * Debian's static libcrypto.a when the build finds it (they are not exported
 * by libcrypto.so):
 *   p256   mul  ecp_nistz256_mul_mont     sqr  ecp_nistz256_sqr_mont
 *   p256n  mul  ecp_nistz256_ord_mul_mont
 *   p25519 mul  x25519_fe64_mul           sqr  x25519_fe64_sqr
 * Rows: kernel "openssl" (the MULX/ADX path, which OpenSSL picks from
 * OPENSSL_ia32cap_P when the CPU has BMI2 and ADX) and, for the nistz256
 * kernels, "openssl_alu" (the same functions with the BMI2/ADX bits cleared
 * in OPENSSL_ia32cap_P while sampling: OpenSSL's plain MUL path). The fe64
 * kernels exist only as MULX/ADX code (x25519_fe64_eligible). Call "peer".
 * The same ping-pong chain as our rows: z = f(x, c); x = f(z, c); ...
 * The P-256 kernels take Montgomery-form values below p (or n); ours are too.
 *
 * Peers built outside the tree and given to Meson by path (docs/benchmarks.md):
 * s2n-bignum (-Ds2n_bignum, ECF_BENCH_S2N): field kernels and curve functions,
 * kernel "s2n-bignum" and "s2n-bignum_alt"; Intel crypto_mb (-Dcrypto_mb,
 * ECF_BENCH_CRYPTO_MB): 8-way calls, kernel "crypto_mb", ticks per operation.
 * These are appended to the curve groups too (curve25519 and p256 fields): the
 * groups of one field/op, whatever their area, pass through bench_group.
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "ecfield/ed25519.h"
#include "ecfield/p256_ecdh.h"
#include "ecfield/p256_ecdsa.h"
#include "ecfield/x25519.h"

#if ECF_BENCH_PEER_KERNELS
extern unsigned int OPENSSL_ia32cap_P[4];
void OPENSSL_cpuid_setup(void);
void ecp_nistz256_mul_mont(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void ecp_nistz256_sqr_mont(uint64_t r[4], const uint64_t a[4]);
void ecp_nistz256_ord_mul_mont(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void x25519_fe64_mul(uint64_t h[4], const uint64_t f[4], const uint64_t g[4]);
void x25519_fe64_sqr(uint64_t h[4], const uint64_t f[4]);
int x25519_fe64_eligible(void);

/* OPENSSL_ia32cap_P[2] holds CPUID leaf 7 EBX: BMI2 is bit 8, ADX bit 19. */
#define OSSL_BMI2_ADX ((1u << 8) | (1u << 19))

typedef struct {
	uint64_t a[4], b[4], c[4];
	int alu; /* clear OpenSSL's BMI2/ADX bits while running */
} peer_state;

static peer_state st_p256[2], st_p256n[2], st_p25519;

#define PEER_BODY2(name, fn)                                                                                           \
	static void name(void *p, long n)                                                                              \
	{                                                                                                              \
		peer_state *s = p;                                                                                     \
		unsigned int saved = OPENSSL_ia32cap_P[2];                                                             \
		if (s->alu)                                                                                            \
			OPENSSL_ia32cap_P[2] = saved & ~OSSL_BMI2_ADX;                                                 \
		for (long i = 0; i < n; i += 2) {                                                                      \
			fn(s->a, s->b, s->c);                                                                          \
			fn(s->b, s->a, s->c);                                                                          \
		}                                                                                                      \
		OPENSSL_ia32cap_P[2] = saved;                                                                          \
	}
#define PEER_BODY1(name, fn)                                                                                           \
	static void name(void *p, long n)                                                                              \
	{                                                                                                              \
		peer_state *s = p;                                                                                     \
		unsigned int saved = OPENSSL_ia32cap_P[2];                                                             \
		if (s->alu)                                                                                            \
			OPENSSL_ia32cap_P[2] = saved & ~OSSL_BMI2_ADX;                                                 \
		for (long i = 0; i < n; i += 2) {                                                                      \
			fn(s->a, s->b);                                                                                \
			fn(s->b, s->a);                                                                                \
		}                                                                                                      \
		OPENSSL_ia32cap_P[2] = saved;                                                                          \
	}
PEER_BODY2(ossl_p256_mul, ecp_nistz256_mul_mont)
PEER_BODY1(ossl_p256_sqr, ecp_nistz256_sqr_mont)
PEER_BODY2(ossl_p256n_mul, ecp_nistz256_ord_mul_mont)
PEER_BODY2(ossl_p25519_mul, x25519_fe64_mul)
PEER_BODY1(ossl_p25519_sqr, x25519_fe64_sqr)

static int ossl_mulx(void) { return (OPENSSL_ia32cap_P[2] & OSSL_BMI2_ADX) == OSSL_BMI2_ADX; }

static void peer_init(void)
{
	static int done;
	if (done)
		return;
	done = 1;
	OPENSSL_cpuid_setup(); /* fills OPENSSL_ia32cap_P (idempotent) */
	static const uint64_t x[4] = {0x0123456789abcdefULL, 0x1111111111111111ULL, 0x2222222222222222ULL,
	                              0x3333333333333333ULL}; /* below p, n and 2^255 - 19 */
	static const uint64_t y[4] = {0xfedcba9876543210ULL, 0x0f0f0f0f0f0f0f0fULL, 0x7777777777777777ULL,
	                              0x0555555555555555ULL};
	peer_state *all[] = {&st_p256[0], &st_p256[1], &st_p256n[0], &st_p256n[1], &st_p25519};
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		memcpy(all[i]->a, x, sizeof x);
		memcpy(all[i]->b, x, sizeof x);
		memcpy(all[i]->c, y, sizeof y);
	}
	st_p256[1].alu = st_p256n[1].alu = 1;
}

static const char *openssl_info(void)
{
	peer_init();
	return ossl_mulx()
	           ? "OpenSSL libcrypto.a kernels: MULX/ADX path (openssl rows), plain MUL path (openssl_alu rows)"
	           : "OpenSSL libcrypto.a kernels: plain MUL path (this CPU lacks BMI2/ADX; no fe64 rows)";
}

static size_t openssl_variants(const char *field, const char *op, bench_variant *v, size_t room)
{
	size_t n = 0;
	peer_init();
#define ADD(kernel, body, state)                                                                                       \
	do {                                                                                                           \
		if (n < room)                                                                                          \
			v[n++] = (bench_variant){kernel, "peer", 0, body, state};                                      \
	} while (0)
	if (strcmp(field, "p256") == 0 && strcmp(op, "mul") == 0) {
		if (ossl_mulx())
			ADD("openssl", ossl_p256_mul, &st_p256[0]);
		ADD("openssl_alu", ossl_p256_mul, &st_p256[1]);
	} else if (strcmp(field, "p256") == 0 && strcmp(op, "sqr") == 0) {
		if (ossl_mulx())
			ADD("openssl", ossl_p256_sqr, &st_p256[0]);
		ADD("openssl_alu", ossl_p256_sqr, &st_p256[1]);
	} else if (strcmp(field, "p256n") == 0 && strcmp(op, "mul") == 0) {
		if (ossl_mulx())
			ADD("openssl", ossl_p256n_mul, &st_p256n[0]);
		ADD("openssl_alu", ossl_p256n_mul, &st_p256n[1]);
	} else if (strcmp(field, "p25519") == 0 && x25519_fe64_eligible()) {
		if (strcmp(op, "mul") == 0)
			ADD("openssl", ossl_p25519_mul, &st_p25519);
		else if (strcmp(op, "sqr") == 0)
			ADD("openssl", ossl_p25519_sqr, &st_p25519);
	}
#undef ADD
	return n;
}
#endif

#if ECF_BENCH_S2N
/* s2n-bignum's field kernels (x86-64 MULX/ADX code; the "_alt" variants are
 * its plain-MUL versions for CPUs without BMI2/ADX): kernel "s2n-bignum" and
 * "s2n-bignum_alt", call "peer", the same ping-pong chain.
 *   p256   mul bignum_montmul_p256   sqr bignum_montsqr_p256   (Montgomery
 *          form, inputs below p, as ours)
 *          inv bignum_inv_p256       (plain modular inverse; ours is the
 *          Montgomery-form inverse: safegcd plus one Montgomery multiply)
 *   p25519 mul bignum_mul_p25519     sqr bignum_sqr_p25519   (fully reduced
 *          outputs; ours are below 2^256)
 *          inv bignum_inv_p25519 */
#include <s2n-bignum.h>

typedef struct {
	uint64_t a[4], b[4], c[4];
} s2n_state;
static s2n_state s2n_st;

#define S2N_BODY2(fn)                                                                                                  \
	static void s2n_##fn(void *p, long n)                                                                          \
	{                                                                                                              \
		s2n_state *s = p;                                                                                      \
		for (long i = 0; i < n; i += 2) {                                                                      \
			fn(s->a, s->b, s->c);                                                                          \
			fn(s->b, s->a, s->c);                                                                          \
		}                                                                                                      \
	}
#define S2N_BODY1(fn)                                                                                                  \
	static void s2n_##fn(void *p, long n)                                                                          \
	{                                                                                                              \
		s2n_state *s = p;                                                                                      \
		for (long i = 0; i < n; i += 2) {                                                                      \
			fn(s->a, s->b);                                                                                \
			fn(s->b, s->a);                                                                                \
		}                                                                                                      \
	}
S2N_BODY2(bignum_montmul_p256)
S2N_BODY2(bignum_montmul_p256_alt)
S2N_BODY1(bignum_montsqr_p256)
S2N_BODY1(bignum_montsqr_p256_alt)
S2N_BODY2(bignum_mul_p25519)
S2N_BODY2(bignum_mul_p25519_alt)
S2N_BODY1(bignum_sqr_p25519)
S2N_BODY1(bignum_sqr_p25519_alt)
S2N_BODY1(bignum_inv_p256)
S2N_BODY1(bignum_inv_p25519)

static size_t s2n_variants(const char *field, const char *op, bench_variant *v, size_t room)
{
	static const uint64_t x[4] = {0x0123456789abcdefULL, 0x1111111111111111ULL, 0x2222222222222222ULL,
	                              0x3333333333333333ULL}; /* below p256 and 2^255 - 19 */
	static const uint64_t y[4] = {0xfedcba9876543210ULL, 0x0f0f0f0f0f0f0f0fULL, 0x7777777777777777ULL,
	                              0x0555555555555555ULL};
	memcpy(s2n_st.a, x, sizeof x);
	memcpy(s2n_st.b, x, sizeof x);
	memcpy(s2n_st.c, y, sizeof y);
	bench_body f = NULL, alt = NULL;
	if (strcmp(field, "p256") == 0) {
		if (strcmp(op, "mul") == 0)
			f = s2n_bignum_montmul_p256, alt = s2n_bignum_montmul_p256_alt;
		else if (strcmp(op, "sqr") == 0)
			f = s2n_bignum_montsqr_p256, alt = s2n_bignum_montsqr_p256_alt;
		else if (strcmp(op, "inv") == 0)
			f = s2n_bignum_inv_p256;
	} else if (strcmp(field, "p25519") == 0) {
		if (strcmp(op, "mul") == 0)
			f = s2n_bignum_mul_p25519, alt = s2n_bignum_mul_p25519_alt;
		else if (strcmp(op, "sqr") == 0)
			f = s2n_bignum_sqr_p25519, alt = s2n_bignum_sqr_p25519_alt;
		else if (strcmp(op, "inv") == 0)
			f = s2n_bignum_inv_p25519;
	}
	size_t n = 0;
	if (f && n < room)
		v[n++] = (bench_variant){"s2n-bignum", "peer", 0, f, &s2n_st, 0};
	if (alt && n < room)
		v[n++] = (bench_variant){"s2n-bignum_alt", "peer", 0, alt, &s2n_st, 0};
	return n;
}
#endif

#if ECF_BENCH_S2N
/* s2n-bignum's curve functions: curve25519_x25519(_alt) in the x25519 group
 * (u64 words in and out; ours takes and returns bytes), curve25519_x25519base
 * in x25519_base, and p256_scalarmul(_alt) (affine point in, affine point out,
 * no decoding or check of the point, no encoding) in the p256 ecdh group. */
typedef struct {
	uint64_t k[4], u[4], r[4];
	uint64_t pk[4], pt[8], pr[8];
} s2n_curve_state;
static s2n_curve_state s2n_cs;
#define S2N_X25519(fn)                                                                                                 \
	static void s2n_##fn(void *p, long n)                                                                          \
	{                                                                                                              \
		s2n_curve_state *s = p;                                                                                \
		for (long i = 0; i < n; i++)                                                                           \
			fn(s->u, s->k, s->u);                                                                          \
	}
#define S2N_X25519_BASE(fn)                                                                                            \
	static void s2n_##fn(void *p, long n)                                                                          \
	{                                                                                                              \
		s2n_curve_state *s = p;                                                                                \
		for (long i = 0; i < n; i++) {                                                                         \
			fn(s->r, s->k);                                                                                \
			s->k[0] ^= s->r[0] & 0xf8; /* the next scalar */                                               \
		}                                                                                                      \
	}
#define S2N_P256(fn)                                                                                                   \
	static void s2n_##fn(void *p, long n)                                                                          \
	{                                                                                                              \
		s2n_curve_state *s = p;                                                                                \
		for (long i = 0; i < n; i++) {                                                                         \
			fn(s->pr, s->pk, s->pt);                                                                       \
			s->pk[0] ^= s->pr[0] & 0xff00; /* the next scalar, below n */                                  \
		}                                                                                                      \
	}
S2N_X25519(curve25519_x25519)
S2N_X25519(curve25519_x25519_alt)
S2N_X25519_BASE(curve25519_x25519base)
S2N_X25519_BASE(curve25519_x25519base_alt)
S2N_P256(p256_scalarmul)
S2N_P256(p256_scalarmul_alt)

static void load_le(uint64_t *w, const uint8_t *b, size_t words)
{
	for (size_t i = 0; i < words; i++) {
		w[i] = 0;
		for (int j = 7; j >= 0; j--)
			w[i] = w[i] << 8 | b[8 * i + (size_t)j];
	}
}
static void load_be(uint64_t *w, const uint8_t *b, size_t words) /* 8*words big-endian bytes */
{
	for (size_t i = 0; i < words; i++) {
		w[i] = 0;
		for (int j = 0; j < 8; j++)
			w[i] = w[i] << 8 | b[8 * (words - 1 - i) + (size_t)j];
	}
}

/* Inputs, and one call of each checked against the library: 0 if they agree. */
static int s2n_curve_init(void)
{
	uint8_t k[32], u[32] = {9}, want[32], got[32], seed[32], pub[65], sk[32], shared[32];
	for (int i = 0; i < 32; i++)
		k[i] = (uint8_t)(0x42 + 7 * i), seed[i] = (uint8_t)(0x17 + 3 * i);
	load_le(s2n_cs.k, k, 4);
	load_le(s2n_cs.u, u, 4);
	int bad = ecf_x25519(want, k, u) != ECF_OK;
	curve25519_x25519(s2n_cs.r, s2n_cs.k, s2n_cs.u);
	for (int i = 0; i < 32; i++)
		got[i] = (uint8_t)(s2n_cs.r[i / 8] >> (8 * (i % 8)));
	bad |= memcmp(want, got, 32) != 0;
	bad |= ecf_x25519_public_key(want, k) != ECF_OK;
	curve25519_x25519base(s2n_cs.r, s2n_cs.k);
	for (int i = 0; i < 32; i++)
		got[i] = (uint8_t)(s2n_cs.r[i / 8] >> (8 * (i % 8)));
	bad |= memcmp(want, got, 32) != 0;
	/* P-256: our key pair's public point, a second secret key */
	bad |= ecf_p256_keypair(pub, sk, seed, 32) != ECF_OK;
	load_be(s2n_cs.pt, pub + 1, 4);
	load_be(s2n_cs.pt + 4, pub + 33, 4);
	seed[0] = 0x5a;
	load_be(s2n_cs.pk, seed, 4);
	bad |= ecf_p256_ecdh(shared, seed, pub, 65) != ECF_OK;
	p256_scalarmul(s2n_cs.pr, s2n_cs.pk, s2n_cs.pt);
	uint64_t x[4];
	load_be(x, shared, 4);
	bad |= memcmp(x, s2n_cs.pr, 32) != 0;
	memcpy(s2n_cs.u, s2n_cs.r, sizeof s2n_cs.u);
	return bad;
}
#endif

#if ECF_BENCH_CRYPTO_MB
/* Intel crypto_mb (ipp-crypto's multi-buffer library, AVX-512 IFMA): one call
 * computes 8 independent operations; the rows (kernel "crypto_mb", call
 * "peer") report ticks per operation = per call / 8 (bench_variant.ops).
 * Each lane has its own key. What a call includes:
 *   curve25519 x25519             mbx_x25519_mb8 (bytes in and out)
 *   curve25519 x25519_base        mbx_x25519_public_key_mb8
 *   curve25519 ed25519_public_key mbx_ed25519_public_key_mb8
 *   curve25519 ed25519_sign       mbx_ed25519_sign_mb8 (64-byte messages; the
 *                                 public key given, as in our 64-byte sk)
 *   curve25519 ed25519_verify     mbx_ed25519_verify_mb8
 *   p256 ecdh         mbx_nistp256_ecdh_mb8 (affine peer point as words, which
 *                     it checks to be on the curve; ours decodes 65 bytes)
 *   p256 public_key   mbx_nistp256_ecpublic_key_mb8 (affine out, as words;
 *                     ours encodes 65 bytes)
 *   p256 ecdsa_sign   mbx_nistp256_ecdsa_sign_mb8 with the nonce given (ours
 *                     derives it, RFC 6979)
 *   p256 ecdsa_verify mbx_nistp256_ecdsa_verify_mb8 (affine key as words)
 * At start every lane's result is checked against the library (the same
 * X25519 outputs, public keys, Ed25519 signatures, ECDH secrets; our verify
 * accepts its ECDSA signatures; its verify accepts them): on a mismatch the
 * rows are left out and the header says so. */
#include <crypto_mb/ec_nistp256.h>
#include <crypto_mb/ed25519.h>
#include <crypto_mb/status.h>
#include <crypto_mb/x25519.h>

typedef struct {
	uint8_t xk[8][32], xu[2][8][32]; /* X25519: keys, u (ping-pong) */
	ed25519_private_key eseed[8];    /* Ed25519 */
	ed25519_public_key epk[8];
	ed25519_sign_component er[8], es[8];
	uint8_t emsg[8][64];
	int32u elen[8];
	int64u d[8][4], k[8][4], px[8][4], py[8][4], qx[8][4], qy[8][4]; /* P-256: keys, nonces, points */
	uint8_t dig[8][32], r[8][32], s[8][32], shared[8][32];
	int ok;
} mb_state;
static mb_state mb;

/* The 8 lane pointers of an array of 8 rows; LANEP: to rows of array type
 * (ed25519_public_key &c.), as type T. */
#define LANES(arr)                                                                                                     \
	{                                                                                                              \
		arr[0], arr[1], arr[2], arr[3], arr[4], arr[5], arr[6], arr[7]                                         \
	}
#define LANEP(T, arr)                                                                                                  \
	{                                                                                                              \
		(T *)&arr[0], (T *)&arr[1], (T *)&arr[2], (T *)&arr[3], (T *)&arr[4], (T *)&arr[5], (T *)&arr[6],      \
		    (T *)&arr[7]                                                                                       \
	}
static void mb_x25519(void *p, long n)
{
	mb_state *s = p;
	for (long i = 0; i < n; i++) {
		uint8_t(*in)[32] = s->xu[i & 1], (*out)[32] = s->xu[(i & 1) ^ 1];
		int8u *const o[8] = LANES(out);
		const int8u *const k[8] = LANES(s->xk), *const u[8] = LANES(in);
		(void)mbx_x25519_mb8(o, k, u);
	}
}
static void mb_x25519_base(void *p, long n)
{
	mb_state *s = p;
	for (long i = 0; i < n; i++) {
		int8u *const o[8] = LANES(s->xu[0]);
		const int8u *const k[8] = LANES(s->xk);
		(void)mbx_x25519_public_key_mb8(o, k);
		s->xk[i & 7][0] ^= s->xu[0][0][1]; /* the next keys */
	}
}
static void mb_ed_public_key(void *p, long n)
{
	mb_state *s = p;
	for (long i = 0; i < n; i++) {
		ed25519_public_key *o[8] = LANEP(ed25519_public_key, s->epk);
		const ed25519_private_key *const k[8] = LANEP(const ed25519_private_key, s->eseed);
		(void)mbx_ed25519_public_key_mb8(o, k);
	}
}
static void mb_ed_sign(void *p, long n)
{
	mb_state *s = p;
	for (long i = 0; i < n; i++) {
		ed25519_sign_component *r[8] = LANEP(ed25519_sign_component, s->er),
		                       *sc[8] = LANEP(ed25519_sign_component, s->es);
		const int8u *const m[8] = LANES(s->emsg);
		const ed25519_private_key *const k[8] = LANEP(const ed25519_private_key, s->eseed);
		const ed25519_public_key *const pk[8] = LANEP(const ed25519_public_key, s->epk);
		(void)mbx_ed25519_sign_mb8(r, sc, m, s->elen, k, pk);
	}
}
static void mb_ed_verify(void *p, long n)
{
	mb_state *s = p;
	for (long i = 0; i < n; i++) {
		const ed25519_sign_component *const r[8] = LANEP(const ed25519_sign_component, s->er),
		                                    *const sc[8] = LANEP(const ed25519_sign_component, s->es);
		const int8u *const m[8] = LANES(s->emsg);
		const ed25519_public_key *const pk[8] = LANEP(const ed25519_public_key, s->epk);
		s->ok |= (int)mbx_ed25519_verify_mb8(r, sc, m, s->elen, pk);
	}
}
static void mb_p256_ecdh(void *p, long n)
{
	mb_state *s = p;
	for (long i = 0; i < n; i++) {
		int8u *o[8] = LANES(s->shared);
		const int64u *const d[8] = LANES(s->d), *const x[8] = LANES(s->qx), *const y[8] = LANES(s->qy);
		(void)mbx_nistp256_ecdh_mb8(o, d, x, y, NULL, NULL);
	}
}
static void mb_p256_public_key(void *p, long n)
{
	mb_state *s = p;
	for (long i = 0; i < n; i++) {
		int64u *x[8] = LANES(s->px), *y[8] = LANES(s->py);
		const int64u *const d[8] = LANES(s->d);
		(void)mbx_nistp256_ecpublic_key_mb8(x, y, NULL, d, NULL);
	}
}
static void mb_p256_sign(void *p, long n)
{
	mb_state *s = p;
	for (long i = 0; i < n; i++) {
		int8u *r[8] = LANES(s->r), *sc[8] = LANES(s->s);
		const int8u *const m[8] = LANES(s->dig);
		const int64u *const k[8] = LANES(s->k), *const d[8] = LANES(s->d);
		(void)mbx_nistp256_ecdsa_sign_mb8(r, sc, m, k, d, NULL);
	}
}
static void mb_p256_verify(void *p, long n)
{
	mb_state *s = p;
	for (long i = 0; i < n; i++) {
		const int8u *const r[8] = LANES(s->r), *const sc[8] = LANES(s->s);
		const int8u *const m[8] = LANES(s->dig);
		const int64u *const x[8] = LANES(s->px), *const y[8] = LANES(s->py);
		s->ok |= (int)mbx_nistp256_ecdsa_verify_mb8(r, sc, m, x, y, NULL, NULL);
	}
}

static void store_be(uint8_t *b, const int64u *w) /* 4 words -> 32 bytes big-endian */
{
	for (int i = 0; i < 32; i++)
		b[i] = (uint8_t)(w[3 - i / 8] >> (8 * (7 - i % 8)));
}
static void words_be(int64u *w, const uint8_t *b)
{
	for (int i = 0; i < 4; i++) {
		w[i] = 0;
		for (int j = 0; j < 8; j++)
			w[i] = w[i] << 8 | b[8 * (3 - i) + j];
	}
}

/* Inputs of every lane, and each function's results checked against the
 * library's: 0 if all agree. */
static const char *mb_failed = "?"; /* the first check that failed */
#define MB_STAGE(name)                                                                                                 \
	if (bad && *mb_failed == '?')                                                                                  \
	mb_failed = name
static int mb_init(void)
{
	mb_state *s = &mb;
	int bad = 0;
	uint8_t want[65], pub[65], sk[32], seed[32], sig[64];
	for (int l = 0; l < 8; l++) {
		for (int i = 0; i < 32; i++) {
			s->xk[l][i] = (uint8_t)(l * 31 + 7 * i + 1);
			s->eseed[l][i] = (uint8_t)(l * 17 + 5 * i + 3);
			s->dig[l][i] = (uint8_t)(l * 13 + 11 * i);
			seed[i] = (uint8_t)(l * 29 + 3 * i + 9);
		}
		memset(s->xu[0][l], 0, 32);
		s->xu[0][l][0] = 9;
		for (int i = 0; i < 64; i++)
			s->emsg[l][i] = (uint8_t)(l + 3 * i);
		s->elen[l] = 64;
		/* P-256: d and our public key; k a second key (the nonce); Q = k's public key (the ECDH peer) */
		bad |= ecf_p256_keypair(pub, sk, seed, 32) != ECF_OK;
		words_be(s->d[l], sk);
		seed[0] ^= 0x5a;
		bad |= ecf_p256_keypair(want, sig, seed, 32) != ECF_OK;
		words_be(s->k[l], sig);
		words_be(s->qx[l], want + 1);
		words_be(s->qy[l], want + 33);
		int64u x[4], y[4];
		words_be(x, pub + 1);
		words_be(y, pub + 33);
		memcpy(s->px[l], x, 32);
		memcpy(s->py[l], y, 32);
	}
	MB_STAGE("setup");
	/* X25519 */
	mb_x25519(s, 1); /* xu[1] = X25519(xk, xu[0]) */
	for (int l = 0; l < 8; l++)
		bad |= ecf_x25519(want, s->xk[l], s->xu[0][l]) != ECF_OK || memcmp(want, s->xu[1][l], 32) != 0;
	MB_STAGE("mbx_x25519_mb8");
	{
		int8u *const o[8] = LANES(s->xu[1]);
		const int8u *const k[8] = LANES(s->xk);
		bad |= mbx_x25519_public_key_mb8(o, k) != MBX_STATUS_OK;
	}
	for (int l = 0; l < 8; l++)
		bad |= ecf_x25519_public_key(want, s->xk[l]) != ECF_OK || memcmp(want, s->xu[1][l], 32) != 0;
	MB_STAGE("mbx_x25519_public_key_mb8");
	/* Ed25519 */
	mb_ed_public_key(s, 1);
	for (int l = 0; l < 8; l++)
		bad |= ecf_ed25519_public_key(want, s->eseed[l]) != ECF_OK || memcmp(want, s->epk[l], 32) != 0;
	MB_STAGE("mbx_ed25519_public_key_mb8");
	mb_ed_sign(s, 1);
	for (int l = 0; l < 8; l++) {
		uint8_t esk[64];
		bad |= ecf_ed25519_keypair(want, esk, s->eseed[l]) != ECF_OK;
		bad |= ecf_ed25519_sign(sig, esk, s->emsg[l], 64) != ECF_OK;
		bad |= memcmp(sig, s->er[l], 32) != 0 || memcmp(sig + 32, s->es[l], 32) != 0;
	}
	MB_STAGE("mbx_ed25519_sign_mb8");
	s->ok = 0;
	mb_ed_verify(s, 1);
	bad |= s->ok != MBX_STATUS_OK;
	MB_STAGE("mbx_ed25519_verify_mb8");
	/* P-256 */
	uint64_t kx[8][4], ky[8][4];
	memcpy(kx, s->px, sizeof kx);
	memcpy(ky, s->py, sizeof ky);
	mb_p256_public_key(s, 1);
	bad |= memcmp(kx, s->px, sizeof kx) != 0 || memcmp(ky, s->py, sizeof ky) != 0;
	MB_STAGE("mbx_nistp256_ecpublic_key_mb8");
	mb_p256_ecdh(s, 1);
	for (int l = 0; l < 8; l++) {
		uint8_t peer[65], d[32];
		peer[0] = 4;
		store_be(peer + 1, s->qx[l]);
		store_be(peer + 33, s->qy[l]);
		store_be(d, s->d[l]);
		bad |= ecf_p256_ecdh(want, d, peer, 65) != ECF_OK || memcmp(want, s->shared[l], 32) != 0;
	}
	MB_STAGE("mbx_nistp256_ecdh_mb8");
	mb_p256_sign(s, 1);
	for (int l = 0; l < 8; l++) {
		uint8_t pk[65];
		pk[0] = 4;
		store_be(pk + 1, s->px[l]);
		store_be(pk + 33, s->py[l]);
		memcpy(sig, s->r[l], 32);
		memcpy(sig + 32, s->s[l], 32);
		bad |= ecf_p256_ecdsa_verify(sig, pk, 65, s->dig[l], 32) != ECF_OK;
	}
	MB_STAGE("mbx_nistp256_ecdsa_sign_mb8");
	s->ok = 0;
	mb_p256_verify(s, 1);
	bad |= s->ok != MBX_STATUS_OK;
	MB_STAGE("mbx_nistp256_ecdsa_verify_mb8");
	return bad;
}
#endif

#if ECF_BENCH_S2N
static int s2n_ready; /* 0: not set up, 1: checked, -1: disagrees with the library */
#endif
#if ECF_BENCH_CRYPTO_MB
static int mb_ready; /* 0: not set up, 1: checked, -1: disagrees, -2: no AVX-512 IFMA here */
#endif

static void ext_init(void)
{
#if ECF_BENCH_S2N
	if (s2n_ready == 0)
		s2n_ready = s2n_curve_init() ? -1 : 1;
#endif
#if ECF_BENCH_CRYPTO_MB
	if (mb_ready == 0) {
		__builtin_cpu_init();
		if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512ifma"))
			mb_ready = -2;
		else
			mb_ready = mb_init() ? -1 : 1;
	}
#endif
}

/* The s2n-bignum and crypto_mb rows of a curve group (field curve25519 or
 * p256). */
static size_t ext_curve_variants(const char *field, const char *op, bench_variant *v, size_t room)
{
	size_t n = 0;
#define ADDV(kernel, body, state, ops)                                                                                 \
	do {                                                                                                           \
		if (n < room)                                                                                          \
			v[n++] = (bench_variant){kernel, "peer", 0, body, state, ops};                                 \
	} while (0)
	int c25519 = strcmp(field, "curve25519") == 0, p256 = strcmp(field, "p256") == 0;
#if ECF_BENCH_S2N
	if (s2n_ready < 0)
		;
	else if (c25519 && strcmp(op, "x25519") == 0) {
		ADDV("s2n-bignum", s2n_curve25519_x25519, &s2n_cs, 0);
		ADDV("s2n-bignum_alt", s2n_curve25519_x25519_alt, &s2n_cs, 0);
	} else if (c25519 && strcmp(op, "x25519_base") == 0) {
		ADDV("s2n-bignum", s2n_curve25519_x25519base, &s2n_cs, 0);
		ADDV("s2n-bignum_alt", s2n_curve25519_x25519base_alt, &s2n_cs, 0);
	} else if (p256 && strcmp(op, "ecdh") == 0) {
		ADDV("s2n-bignum", s2n_p256_scalarmul, &s2n_cs, 0);
		ADDV("s2n-bignum_alt", s2n_p256_scalarmul_alt, &s2n_cs, 0);
	}
#endif
#if ECF_BENCH_CRYPTO_MB
	if (mb_ready > 0) {
		static const struct {
			const char *field, *op;
			bench_body body;
		} rows[] = {
		    {"curve25519", "x25519", mb_x25519},
		    {"curve25519", "x25519_base", mb_x25519_base},
		    {"curve25519", "ed25519_public_key", mb_ed_public_key},
		    {"curve25519", "ed25519_sign", mb_ed_sign},
		    {"curve25519", "ed25519_verify", mb_ed_verify},
		    {"curve25519", "ed25519_verify_batch", mb_ed_verify}, /* beside ecf_ed25519_verify_batch */
		    {"curve25519", "x25519_base_batch", mb_x25519_base},  /* beside the batch rows too */
		    {"curve25519", "ed25519_sign_batch", mb_ed_sign},
		    {"curve25519", "ed25519_public_key_batch", mb_ed_public_key},
		    {"p256", "ecdh", mb_p256_ecdh},
		    {"p256", "public_key", mb_p256_public_key},
		    {"p256", "ecdsa_sign", mb_p256_sign},
		    {"p256", "ecdsa_verify", mb_p256_verify},
		};
		for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
			if (strcmp(field, rows[i].field) == 0 && strcmp(op, rows[i].op) == 0)
				ADDV("crypto_mb", rows[i].body, &mb, 8);
	}
#endif
#undef ADDV
	(void)c25519, (void)p256, (void)field, (void)op, (void)v, (void)room;
	return n;
}

const char *bench_peer_info(void)
{
	static char info[512];
	size_t len = 0;
	info[0] = '\0';
	ext_init();
#define INFO(...) len += (size_t)snprintf(info + len, len < sizeof info ? sizeof info - len : 0, __VA_ARGS__)
#if ECF_BENCH_PEER_KERNELS
	INFO("%s", openssl_info());
#endif
#if ECF_BENCH_S2N
	INFO("%s%s", len ? "; " : "",
	     s2n_ready > 0 ? "s2n-bignum (s2n-bignum, s2n-bignum_alt rows)"
	                   : "s2n-bignum linked but its X25519 or P-256 result disagrees with ours: no curve rows");
#endif
#if ECF_BENCH_CRYPTO_MB
	INFO("%s%s", len ? "; " : "",
	     mb_ready > 0     ? "crypto_mb (crypto_mb rows: ticks per operation, 8 per call)"
	     : mb_ready == -2 ? "crypto_mb linked, but this CPU lacks AVX-512 IFMA: no crypto_mb rows"
	                      : "crypto_mb linked but a result disagrees with ours: no crypto_mb rows");
	if (mb_ready == -1)
		INFO(" (first failed check: %s)", mb_failed);
#endif
#undef INFO
	return len ? info : NULL;
}

size_t bench_peer_variants(const char *field, const char *op, bench_variant *v, size_t room)
{
	size_t n = 0;
	ext_init();
#if ECF_BENCH_PEER_KERNELS
	n += openssl_variants(field, op, v + n, room - n);
#endif
#if ECF_BENCH_S2N
	n += s2n_variants(field, op, v + n, room - n);
#endif
	n += ext_curve_variants(field, op, v + n, room - n);
	return n;
}
