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
 */
#include <stdio.h>
#include <string.h>

#include "bench.h"

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

const char *bench_peer_info(void)
{
	peer_init();
	return ossl_mulx()
	           ? "OpenSSL libcrypto.a kernels: MULX/ADX path (openssl rows), plain MUL path (openssl_alu rows)"
	           : "OpenSSL libcrypto.a kernels: plain MUL path (this CPU lacks BMI2/ADX; no fe64 rows)";
}

size_t bench_peer_variants(const char *field, const char *op, bench_variant *v, size_t room)
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
#else
const char *bench_peer_info(void) { return NULL; }

size_t bench_peer_variants(const char *field, const char *op, bench_variant *v, size_t room)
{
	(void)field, (void)op, (void)v, (void)room;
	return 0;
}
#endif
