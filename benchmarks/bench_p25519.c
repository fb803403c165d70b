/*
 * ecfield-bench rows for GF(2^255 - 19) (field "p25519"), in the format of
 * the P-256 rows: ping-pong latency chains, every variant of a group sampled
 * interleaved. mul is measured through the public entry, directly and
 * through a function pointer per kernel; mul, sqr and add also carry a row
 * for the 5 x 51 prototype (proto_fe51.h, kernel "c_5x51"), the measurement
 * behind the choice of 4 x 64 limbs (docs/p25519.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ecfield/p25519.h"

#include "bench.h"
#include "common/internal.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"
/* The 5 x 51 prototype needs unsigned __int128: 64-bit hosts only. */
#if defined(__SIZEOF_INT128__)
#define HAVE_FE51 1
#include "proto_fe51.h"
#else
#define HAVE_FE51 0
#endif

typedef struct {
	ecf_p25519_fe a, b, c;
#if HAVE_FE51
	fe51 a51, b51, c51;
#endif
	uint8_t bytes[32];
	void (*mul_ptr)(uint64_t *, const uint64_t *, const uint64_t *);
} state;

static state st;

#define BINARY(name, call)                                                                                             \
	static void name(void *p, long n)                                                                              \
	{                                                                                                              \
		state *s = p;                                                                                          \
		for (long i = 0; i < n; i += 2) {                                                                      \
			call(a, b, c);                                                                                 \
			call(b, a, c);                                                                                 \
		}                                                                                                      \
	}
#define PUB2(x, y, z) ecf_p25519_mul(&s->x, &s->y, &s->z)
#define ADD2(x, y, z) ecf_p25519_add(&s->x, &s->y, &s->z)
#define SUB2(x, y, z) ecf_p25519_sub(&s->x, &s->y, &s->z)
#define DIR_P(x, y, z) ecfk_p25519_mul_portable(s->x.limb, s->y.limb, s->z.limb)
#define SQR1(x, y, z) ecf_p25519_sqr(&s->x, &s->y)
#define MULS(x, y, z) ecf_p25519_mul_small(&s->x, &s->y, 121666)
#define NEG1(x, y, z) ecf_p25519_neg(&s->x, &s->y)
#define INV1(x, y, z) ecf_p25519_inv(&s->x, &s->y)
#define POW1(x, y, z) ecf_p25519_pow22523(&s->x, &s->y)
#define SQRT2(x, y, z) s->x.limb[3] ^= (uint64_t)(ecf_p25519_sqrt_ratio(&s->x, &s->y, &s->z) == 1) /* never: 0 */
BINARY(b_mul, PUB2)
BINARY(b_mul_direct_portable, DIR_P)
BINARY(b_sqr, SQR1)
BINARY(b_add, ADD2)
BINARY(b_sub, SUB2)
BINARY(b_neg, NEG1)
BINARY(b_mul_small, MULS)
BINARY(b_inv, INV1)
BINARY(b_pow22523, POW1)
BINARY(b_sqrt_ratio, SQRT2)
#if ECFI_X86_64_KERNELS
#define DIR_X(x, y, z) ecfk_p25519_mul_mulx_adx(s->x.limb, s->y.limb, s->z.limb)
BINARY(b_mul_direct_mulx_adx, DIR_X)
#elif ECFI_AARCH64_KERNELS
#define DIR_A(x, y, z) ecfk_p25519_mul_aarch64(s->x.limb, s->y.limb, s->z.limb)
BINARY(b_mul_direct_aarch64, DIR_A)
#endif

static void b_mul_pointer(void *p, long n)
{
	state *s = p;
	void (*volatile vf)(uint64_t *, const uint64_t *, const uint64_t *) = s->mul_ptr;
	void (*f)(uint64_t *, const uint64_t *, const uint64_t *) = vf; /* opaque to the compiler */
	for (long i = 0; i < n; i += 2) {
		f(s->a.limb, s->b.limb, s->c.limb);
		f(s->b.limb, s->a.limb, s->c.limb);
	}
}

static void b_to_bytes(void *p, long n)
{
	state *s = p;
	for (long i = 0; i < n; i++) {
		ecf_p25519_to_bytes(s->bytes, &s->a);
		s->a.limb[0] ^= s->bytes[1] & 1; /* chain through the bytes (any value is an element) */
	}
}

/* Chain: the decoded value (and the status) flips low bits of the next input,
 * by one 8-byte store over the limb that from_bytes loads (it forwards). */
static void b_from_bytes(void *p, long n)
{
	state *s = p;
	for (long i = 0; i < n; i++) {
		int status = ecf_p25519_from_bytes(&s->a, s->bytes, 32);
		uint64_t w, flip = ((s->a.limb[0] ^ (uint64_t)status) & 1) | 2;
		memcpy(&w, s->bytes, 8);
		w ^= bench_le64(flip, flip << 56); /* byte 0, least significant (little-endian) */
		memcpy(s->bytes, &w, 8);
	}
	bench_sink(&s->a, sizeof s->a);
}

/* One group: the public entry on every kernel tier, plus extra variants. */
static void group(const char *op, bench_body body, const bench_variant *extra, size_t nextra)
{
	bench_public("p25519", op, body, &st, extra, nextra);
}

#if HAVE_FE51
#define M51(x, y, z) fe51_mul(&s->x##51, &s->y##51, &s->z##51)
#define A51(x, y, z) fe51_add(&s->x##51, &s->y##51, &s->z##51)
#define S51(x, y, z) fe51_sqr(&s->x##51, &s->y##51)
BINARY(b_mul_51, M51)
BINARY(b_sqr_51, S51)
BINARY(b_add_51, A51)

/* The prototype must compute the same field elements, or its figures mean nothing. */
static void check_fe51(void)
{
	ecf_p25519_fe x = st.b, y = st.c, want, got;
	fe51 x51, y51, z51;
	for (int i = 0; i < 100; i++) {
		ecf_p25519_reduce(&x, &x);
		ecf_p25519_reduce(&y, &y);
		fe51_from_4x64(&x51, x.limb);
		fe51_from_4x64(&y51, y.limb);
		int ok = 1;
		fe51_mul(&z51, &x51, &y51);
		fe51_to_4x64(got.limb, &z51);
		ecf_p25519_mul(&want, &x, &y);
		ok &= ecf_p25519_equal(&got, &want);
		fe51_sqr(&z51, &x51);
		fe51_to_4x64(got.limb, &z51);
		ecf_p25519_sqr(&want, &x);
		ok &= ecf_p25519_equal(&got, &want);
		fe51_add(&z51, &x51, &y51);
		fe51_to_4x64(got.limb, &z51);
		ecf_p25519_add(&want, &x, &y);
		ok &= ecf_p25519_equal(&got, &want);
		if (!ok) {
			fprintf(stderr, "proto_fe51.h disagrees with the library\n");
			exit(1);
		}
		ecf_p25519_mul(&x, &x, &y);
		ecf_p25519_add(&y, &y, &x);
	}
}
#endif

void bench_p25519(void)
{
	state *s = &st;
	memset(s, 0, sizeof *s);
	ecf_p25519_set_u64(&s->a, 9);
	ecf_p25519_set_u64(&s->b, 0x123456789abcdefULL);
	ecf_p25519_sqr(&s->b, &s->b);
	ecf_p25519_sqr(&s->b, &s->b);
	ecf_p25519_sqr(&s->b, &s->b); /* random-looking */
	ecf_p25519_mul(&s->c, &s->b, &s->b);
	ecf_p25519_mul(&s->c, &s->c, &s->b);
	ecf_p25519_reduce(&s->b, &s->b);
	ecf_p25519_reduce(&s->c, &s->c);
	ecf_p25519_to_bytes(s->bytes, &s->c);
#if HAVE_FE51
	check_fe51();
	fe51_from_4x64(&s->a51, s->a.limb);
	fe51_from_4x64(&s->b51, s->b.limb);
	fe51_from_4x64(&s->c51, s->c.limb);
#endif

	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	bench_variant x[5];
	size_t nx = 0;
	x[nx++] = (bench_variant){"portable", "direct", 0, b_mul_direct_portable, s};
#if ECFI_X86_64_KERNELS
	if (nt > 1)
		x[nx++] = (bench_variant){"mulx_adx", "direct", flags[1], b_mul_direct_mulx_adx, s};
	s->mul_ptr = nt > 1 ? ecfk_p25519_mul_mulx_adx : ecfk_p25519_mul_portable;
#elif ECFI_AARCH64_KERNELS
	if (nt > 1)
		x[nx++] = (bench_variant){"aarch64", "direct", flags[1], b_mul_direct_aarch64, s};
	s->mul_ptr = nt > 1 ? ecfk_p25519_mul_aarch64 : ecfk_p25519_mul_portable;
#else
	s->mul_ptr = ecfk_p25519_mul_portable;
#endif
	x[nx++] = (bench_variant){names[nt - 1], "pointer", flags[nt - 1], b_mul_pointer, s};
#if HAVE_FE51
	x[nx++] = (bench_variant){"c_5x51", "direct", 0, b_mul_51, s};
#endif
	group("mul", b_mul, x, nx);
#if HAVE_FE51
	x[0] = (bench_variant){"c_5x51", "direct", 0, b_sqr_51, s};
	group("sqr", b_sqr, x, 1);
	x[0] = (bench_variant){"c_5x51", "direct", 0, b_add_51, s};
	group("add", b_add, x, 1);
#else
	group("sqr", b_sqr, NULL, 0);
	group("add", b_add, NULL, 0);
#endif
	group("sub", b_sub, NULL, 0);
	group("neg", b_neg, NULL, 0);
	group("mul_small", b_mul_small, NULL, 0);
	group("inv", b_inv, NULL, 0);
	group("pow22523", b_pow22523, NULL, 0);
	group("sqrt_ratio", b_sqrt_ratio, NULL, 0);
	group("to_bytes", b_to_bytes, NULL, 0);
	group("from_bytes", b_from_bytes, NULL, 0);
}
