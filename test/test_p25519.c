/*
 * GF(2^255 - 19): every operation against GMP on every kernel tier, through
 * the public (dispatched) entries, on an edge set and 100,000 random inputs
 * per operation and tier (uniform and biased, over the whole accepted range:
 * any 256-bit value, not only values below p). The lazy outputs of
 * add/sub/neg/mul/sqr/mul_small are checked exactly against a GMP model of
 * the documented fold, not only mod p. Then the decoders, sqrt_ratio
 * (RFC 9496), and an end-to-end X25519 Montgomery ladder (test only) on the
 * RFC 7748 vectors. ECF_TEST_SLOW=1 adds the 1,000,000-iteration vector.
 */
#include <stdlib.h>
#include <string.h>

#include "ecfield/p25519.h"

#include "common/internal.h"
#include "common/testutil.h"
#include "common/vectors.h"
#include "dispatch/cpu.h"

typedef ecf_p25519_fe fe;

#define RANDOM_CASES 100000
#define NL 4

static mpz_t P_, TWO256_, SQRTM1_, X_, Y_, Z_, W_, V2_;
static uint64_t EDGE[64][4];
static size_t NEDGE;

static void push_edge(const mpz_t z)
{
	if (NEDGE < 64)
		test_mpz_to_limbs(EDGE[NEDGE++], NL, z);
}

static int setup(void **state)
{
	(void)state;
	mpz_inits(P_, TWO256_, SQRTM1_, X_, Y_, Z_, W_, V2_, NULL);
	mpz_ui_pow_ui(P_, 2, 255);
	mpz_sub_ui(P_, P_, 19);
	mpz_ui_pow_ui(TWO256_, 2, 256);
	mpz_sub_ui(Z_, P_, 1);
	mpz_fdiv_q_2exp(Z_, Z_, 2);
	mpz_set_ui(W_, 2);
	mpz_powm(SQRTM1_, W_, Z_, P_); /* 2^((p-1)/4) */
	/* Edges: small values, around p, 2p, 2^255 and 2^256, (p +- 1)/2, limb
	 * boundaries and single all-ones limbs; every one below 2^256. */
	long small[] = {0, 1, 2, 3, 18, 19, 37, 38, 39, 121665, 121666};
	for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
		mpz_set_si(Z_, small[i]);
		push_edge(Z_);
	}
	long around[] = {-2, -1, 0, 1, 2, 18, 19, 20};
	for (int base = 1; base <= 2; base++)
		for (size_t i = 0; i < sizeof around / sizeof around[0]; i++) {
			mpz_mul_ui(Z_, P_, (unsigned long)base); /* p + d, 2p + d */
			if (around[i] < 0)
				mpz_sub_ui(Z_, Z_, (unsigned long)-around[i]);
			else
				mpz_add_ui(Z_, Z_, (unsigned long)around[i]);
			push_edge(Z_);
		}
	long top[] = {1, 2, 37, 38, 39, 76};
	for (size_t i = 0; i < sizeof top / sizeof top[0]; i++) { /* 2^256 - d */
		mpz_sub_ui(Z_, TWO256_, (unsigned long)top[i]);
		push_edge(Z_);
	}
	mpz_ui_pow_ui(Z_, 2, 255); /* 2^255 */
	push_edge(Z_);
	mpz_sub_ui(Z_, P_, 1);
	mpz_fdiv_q_2exp(Z_, Z_, 1); /* (p-1)/2, (p+1)/2 */
	push_edge(Z_);
	mpz_add_ui(Z_, Z_, 1);
	push_edge(Z_);
	for (int i = 1; i <= 4; i++) { /* 2^(64i) - 1 and one all-ones limb */
		mpz_ui_pow_ui(Z_, 2, 64 * (unsigned long)i);
		mpz_sub_ui(Z_, Z_, 1);
		push_edge(Z_);
		mpz_ui_pow_ui(W_, 2, 64 * ((unsigned long)i - 1));
		mpz_sub_ui(W_, W_, 1);
		mpz_sub(Z_, Z_, W_);
		push_edge(Z_);
	}
	mpz_set(Z_, SQRTM1_);
	push_edge(Z_);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	mpz_clears(P_, TWO256_, SQRTM1_, X_, Y_, Z_, W_, V2_, NULL);
	return 0;
}

/* Operand i of a run: every pair of edges first, then random values: below
 * 2^256 or below p, uniform or biased. */
static void operand(test_rng *rng, long i, int which, fe *out)
{
	if (i < (long)(NEDGE * NEDGE)) {
		size_t e = which ? (size_t)i % NEDGE : (size_t)i / NEDGE;
		memcpy(out->limb, EDGE[e], sizeof out->limb);
	} else if (i & 4) {
		test_rand_below(rng, out->limb, P_, NL, (int)(i & 1));
	} else {
		test_rand_limbs(rng, out->limb, NL, (int)((i >> which) & 1));
	}
}

/* The documented lazy reduction of add, sub and neg for a sum or difference
 * z (possibly negative or above 2^256): fold 2^256 = 38 until it fits. */
static void lazy_mod(mpz_t z)
{
	while (mpz_cmp(z, TWO256_) >= 0) {
		mpz_fdiv_q_2exp(W_, z, 256);
		mpz_fdiv_r_2exp(z, z, 256);
		mpz_addmul_ui(z, W_, 38);
	}
	while (mpz_sgn(z) < 0) {
		mpz_add(z, z, TWO256_);
		mpz_sub_ui(z, z, 38);
	}
}

/* The documented fold of the kernels and of mul_small (p25519_fold.h): for a
 * product z < 2^512, T = (z mod 2^256) + 38*(z >> 256) when fold38 is set
 * (mul, sqr) or T = z (mul_small, z < 2^288); then (T mod 2^255) + 19*(T >> 255). */
static void fold_model(mpz_t z, int fold38)
{
	if (fold38) {
		mpz_fdiv_q_2exp(W_, z, 256);
		mpz_fdiv_r_2exp(z, z, 256);
		mpz_addmul_ui(z, W_, 38);
	}
	mpz_fdiv_q_2exp(W_, z, 255);
	mpz_fdiv_r_2exp(z, z, 255);
	mpz_addmul_ui(z, W_, 19);
}

static void expect_mpz(const fe *r, const mpz_t want, const char *what, long i)
{
	uint64_t w[NL];
	test_mpz_to_limbs(w, NL, want);
	test_expect_limbs(r->limb, w, NL, "p25519_%s case %ld", what, i);
}

enum { OP_ADD, OP_SUB, OP_NEG, OP_MUL, OP_SQR, OP_MUL_SMALL, OP_INV, OP_POW22523, OP_REDUCE, OP_CMP, OP_ABS, OP_MOVES };

static void check_op(int op)
{
	long cases = (long)(NEDGE * NEDGE) + test_iterations(RANDOM_CASES);
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, 0x25519000 + (uint64_t)op * 16 + k);
		for (long i = 0; i < cases; i++) {
			fe a, b, r, t;
			operand(&rng, i, 0, &a);
			operand(&rng, i, 1, &b);
			test_limbs_to_mpz(X_, a.limb, NL);
			test_limbs_to_mpz(Y_, b.limb, NL);
			switch (op) {
			case OP_ADD:
				ecf_p25519_add(&r, &a, &b);
				mpz_add(Z_, X_, Y_);
				lazy_mod(Z_);
				expect_mpz(&r, Z_, "add", i);
				t = a;
				ecf_p25519_add(&t, &t, &b);
				expect_mpz(&t, Z_, "add in place", i);
				t = b;
				ecf_p25519_add(&t, &a, &t);
				expect_mpz(&t, Z_, "add with r == b", i);
				t = a;
				ecf_p25519_add(&t, &t, &t);
				mpz_mul_2exp(V2_, X_, 1);
				lazy_mod(V2_);
				expect_mpz(&t, V2_, "add with r == a == b", i);
				break;
			case OP_SUB:
				ecf_p25519_sub(&r, &a, &b);
				mpz_sub(Z_, X_, Y_);
				lazy_mod(Z_);
				expect_mpz(&r, Z_, "sub", i);
				t = b;
				ecf_p25519_sub(&t, &a, &t);
				expect_mpz(&t, Z_, "sub in place", i);
				t = a;
				ecf_p25519_sub(&t, &t, &b);
				expect_mpz(&t, Z_, "sub with r == a", i);
				t = a;
				ecf_p25519_sub(&t, &t, &t);
				mpz_set_ui(V2_, 0);
				expect_mpz(&t, V2_, "sub with r == a == b", i);
				break;
			case OP_NEG:
				ecf_p25519_neg(&r, &a);
				mpz_neg(Z_, X_);
				lazy_mod(Z_);
				expect_mpz(&r, Z_, "neg", i);
				t = a;
				ecf_p25519_cneg(&t, (int)(i & 2));
				expect_mpz(&t, (i & 2) ? Z_ : X_, "cneg", i);
				break;
			case OP_MUL:
				ecf_p25519_mul(&r, &a, &b);
				mpz_mul(Z_, X_, Y_);
				fold_model(Z_, 1);
				expect_mpz(&r, Z_, "mul", i);
				t = a;
				ecf_p25519_mul(&t, &t, &b);
				expect_mpz(&t, Z_, "mul in place", i);
				t = b;
				ecf_p25519_mul(&t, &a, &t);
				expect_mpz(&t, Z_, "mul with r == b", i);
				t = a;
				ecf_p25519_mul(&t, &t, &t);
				mpz_mul(V2_, X_, X_);
				fold_model(V2_, 1);
				expect_mpz(&t, V2_, "mul with r == a == b", i);
				ecf_p25519_mul(&t, &b, &b); /* both operands the same object */
				mpz_mul(Z_, Y_, Y_);
				fold_model(Z_, 1);
				expect_mpz(&t, Z_, "mul b*b", i);
				break;
			case OP_SQR:
				ecf_p25519_sqr(&r, &a);
				mpz_mul(Z_, X_, X_);
				fold_model(Z_, 1);
				expect_mpz(&r, Z_, "sqr", i);
				t = a;
				ecf_p25519_sqr(&t, &t);
				expect_mpz(&t, Z_, "sqr in place", i);
				break;
			case OP_MUL_SMALL: {
				static const uint32_t cs[] = {0, 1, 2, 19, 38, 121665, 121666, 0xffffffff};
				uint32_t c = (uint32_t)b.limb[0];
				if (i < (long)(NEDGE * NEDGE) || (i & 8))
					c = cs[(size_t)i % 8];
				ecf_p25519_mul_small(&r, &a, c);
				mpz_mul_ui(Z_, X_, c);
				fold_model(Z_, 0);
				expect_mpz(&r, Z_, "mul_small", i);
				t = a;
				ecf_p25519_mul_small(&t, &t, c);
				expect_mpz(&t, Z_, "mul_small in place", i);
				break;
			}
			case OP_INV: /* canonical 1/a; 0 (mod p) maps to 0 */
				ecf_p25519_inv(&r, &a);
				mpz_mod(Z_, X_, P_);
				if (mpz_sgn(Z_) != 0)
					mpz_invert(Z_, Z_, P_);
				expect_mpz(&r, Z_, "inv", i);
				t = a;
				ecf_p25519_inv(&t, &t);
				expect_mpz(&t, Z_, "inv in place", i);
				break;
			case OP_POW22523:
				if (i < (long)(NEDGE * NEDGE) && i % (long)NEDGE != 0)
					continue; /* each edge once: b is unused */
				ecf_p25519_pow22523(&r, &a);
				mpz_sub_ui(W_, P_, 5);
				mpz_fdiv_q_2exp(W_, W_, 3);
				mpz_powm(Z_, X_, W_, P_);
				mpz_set(W_, Z_);
				test_limbs_to_mpz(Y_, r.limb, NL);
				mpz_mod(Y_, Y_, P_);
				test_expect(mpz_cmp(Y_, W_) == 0, "p25519_pow22523 case %ld", i);
				break;
			case OP_REDUCE: { /* reduce, to_bytes: canonical */
				uint8_t bytes[32], want[32];
				ecf_p25519_reduce(&r, &a);
				mpz_mod(Z_, X_, P_);
				expect_mpz(&r, Z_, "reduce", i);
				ecf_p25519_to_bytes(bytes, &a);
				memset(want, 0, sizeof want);
				mpz_export(want, NULL, -1, 1, -1, 0, Z_);
				test_expect(memcmp(bytes, want, 32) == 0, "p25519_to_bytes case %ld", i);
				break;
			}
			case OP_CMP: { /* equal, is_zero, is_negative */
				mpz_mod(Z_, X_, P_);
				mpz_mod(W_, Y_, P_);
				int eq = mpz_cmp(Z_, W_) == 0;
				test_expect(ecf_p25519_equal(&a, &b) == eq, "p25519_equal case %ld", i);
				test_expect(ecf_p25519_equal(&a, &a) == 1, "p25519_equal(a, a) case %ld", i);
				test_expect(ecf_p25519_is_zero(&a) == (mpz_sgn(Z_) == 0), "p25519_is_zero case %ld", i);
				test_expect(ecf_p25519_is_negative(&a) == (int)mpz_tstbit(Z_, 0),
				            "p25519_is_negative case %ld", i);
				/* a and a + p (when it fits) are one element */
				mpz_add(W_, X_, P_);
				if (mpz_cmp(W_, TWO256_) < 0) {
					test_mpz_to_limbs(t.limb, NL, W_);
					test_expect(ecf_p25519_equal(&a, &t) == 1, "p25519_equal(a, a+p) case %ld", i);
				}
				break;
			}
			case OP_ABS:
				ecf_p25519_abs(&r, &a);
				mpz_mod(Z_, X_, P_);
				if (mpz_tstbit(Z_, 0))
					mpz_sub(Z_, P_, Z_);
				expect_mpz(&r, Z_, "abs", i);
				t = a;
				ecf_p25519_abs(&t, &t);
				expect_mpz(&t, Z_, "abs in place", i);
				break;
			case OP_MOVES: { /* select, cmov, cswap with zero and non-zero conditions */
				int cond = (int)(i & 3) == 0   ? 0
				           : (int)(i & 3) == 1 ? 1
				                               : (int)(0x80000000u >> (i & 8));
				fe x = a, y = b;
				ecf_p25519_select(&r, &a, &b, cond);
				expect_mpz(&r, cond ? X_ : Y_, "select", i);
				t = b;
				ecf_p25519_cmov(&t, &a, cond);
				expect_mpz(&t, cond ? X_ : Y_, "cmov", i);
				ecf_p25519_cswap(&x, &y, cond);
				expect_mpz(&x, cond ? Y_ : X_, "cswap a", i);
				expect_mpz(&y, cond ? X_ : Y_, "cswap b", i);
				ecf_p25519_set(&t, &a);
				expect_mpz(&t, X_, "set", i);
				break;
			}
			}
		}
	}
	test_tier_restore();
}

#define OP_TEST(name, op)                                                                                              \
	static void test_##name(void **s)                                                                              \
	{                                                                                                              \
		(void)s;                                                                                               \
		check_op(op);                                                                                          \
	}
OP_TEST(add, OP_ADD)
OP_TEST(sub, OP_SUB)
OP_TEST(neg, OP_NEG)
OP_TEST(mul, OP_MUL)
OP_TEST(sqr, OP_SQR)
OP_TEST(mul_small, OP_MUL_SMALL)
OP_TEST(inv, OP_INV)
OP_TEST(pow22523, OP_POW22523)
OP_TEST(reduce, OP_REDUCE)
OP_TEST(compare, OP_CMP)
OP_TEST(abs, OP_ABS)
OP_TEST(moves, OP_MOVES)

static void test_constants(void **s)
{
	(void)s;
	fe r;
	ecf_p25519_zero(&r);
	mpz_set_ui(Z_, 0);
	expect_mpz(&r, Z_, "zero", 0);
	ecf_p25519_one(&r);
	mpz_set_ui(Z_, 1);
	expect_mpz(&r, Z_, "one", 0);
	ecf_p25519_set_u64(&r, UINT64_MAX);
	mpz_set_ui(Z_, 0);
	mpz_setbit(Z_, 64);
	mpz_sub_ui(Z_, Z_, 1);
	expect_mpz(&r, Z_, "set_u64", 0);
}

/* 32 little-endian bytes of z (z < 2^256). */
static void le32(uint8_t out[32], const mpz_t z)
{
	memset(out, 0, 32);
	mpz_export(out, NULL, -1, 1, -1, 0, z);
}

/* from_bytes_reduce (32 bytes) and the strict from_bytes on one encoding of x < 2^256. */
static void check_decode(const mpz_t x, long i)
{
	uint8_t in[32];
	fe r;
	le32(in, x);
	/* reducing: all 256 bits (the top bit counts), result canonical */
	mpz_mod(Z_, x, P_);
	memset(&r, 0xa5, sizeof r);
	test_expect(ecf_p25519_from_bytes_reduce(&r, in, 32) == ECF_OK, "from_bytes_reduce status, case %ld", i);
	expect_mpz(&r, Z_, "from_bytes_reduce (32 bytes)", i);
	test_expect(mpz_cmp(Z_, P_) < 0 && r.limb[3] >> 63 == 0, "from_bytes_reduce not canonical, case %ld", i);
	/* strict: exactly the values below p */
	int canonical = mpz_cmp(x, P_) < 0;
	memset(&r, 0xa5, sizeof r);
	int st = ecf_p25519_from_bytes(&r, in, 32);
	test_expect(st == (canonical ? ECF_OK : ECF_ERR_RANGE), "from_bytes status %d, case %ld", st, i);
	if (canonical) {
		expect_mpz(&r, x, "from_bytes", i);
		uint8_t back[32];
		ecf_p25519_to_bytes(back, &r);
		test_expect(memcmp(back, in, 32) == 0, "to_bytes(from_bytes(x)) != x, case %ld", i);
	} else {
		mpz_set_ui(Z_, 0);
		expect_mpz(&r, Z_, "from_bytes zeroes on error", i);
	}
}

static void test_decode(void **s)
{
	(void)s;
	mpz_t x;
	mpz_init(x);
	long n = 0;
	/* Decoding calls no kernel, but runs on every tier like the rest. */
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		/* Every value from p - 40 to 2^255 + 40, the 60 below 2^256, and the edges (around 2p too). */
		mpz_sub_ui(x, P_, 40);
		for (int d = 0; d < 100; d++, mpz_add_ui(x, x, 1))
			check_decode(x, n++);
		mpz_sub_ui(x, TWO256_, 60);
		for (int d = 0; d < 60; d++, mpz_add_ui(x, x, 1))
			check_decode(x, n++);
		for (size_t e = 0; e < NEDGE; e++) {
			test_limbs_to_mpz(x, EDGE[e], NL);
			check_decode(x, n++);
		}
		test_rng rng;
		test_rng_init(&rng, 0xdec0de + k);
		long cases = test_iterations(RANDOM_CASES);
		for (long i = 0; i < cases; i++) {
			uint64_t l[NL];
			if (i & 2)
				test_rand_below(&rng, l, P_, NL, (int)(i & 1));
			else
				test_rand_limbs(&rng, l, NL, (int)(i & 1));
			test_limbs_to_mpz(x, l, NL);
			check_decode(x, n++);
		}
		/* Wide decoding: 64 bytes mod p. */
		for (long i = 0; i < cases + 4; i++) {
			uint64_t l[8];
			uint8_t in[64];
			fe r;
			if (i < 4) {
				memset(l, i < 2 ? 0xff : 0, sizeof l);
				l[0] ^= (uint64_t)(i & 1);
			} else {
				test_rand_limbs(&rng, l, 8, (int)(i & 1));
			}
			test_limbs_to_mpz(x, l, 8);
			memset(in, 0, sizeof in);
			mpz_export(in, NULL, -1, 1, -1, 0, x);
			mpz_mod(Z_, x, P_);
			test_expect(ecf_p25519_from_bytes_reduce(&r, in, 64) == ECF_OK,
			            "from_bytes_reduce (64 bytes) status, case %ld", i);
			expect_mpz(&r, Z_, "from_bytes_reduce (64 bytes)", i);
		}
	}
	test_tier_restore();
	/* Bad arguments: clear errors, output zeroed. */
	uint8_t in[64];
	memset(in, 0x11, sizeof in);
	fe r;
	int (*dec[3])(fe *, const uint8_t *, size_t) = {ecf_p25519_from_bytes, ecf_p25519_from_bytes_reduce,
	                                                ecf_p25519_from_bytes_reduce};
	size_t good[3] = {32, 32, 64};
	for (int d = 0; d < 3; d++) {
		test_expect(dec[d](NULL, in, good[d]) == ECF_ERR_NULL, "decoder %d: NULL output", d);
		memset(&r, 0xa5, sizeof r);
		test_expect(dec[d](&r, NULL, good[d]) == ECF_ERR_NULL, "decoder %d: NULL input", d);
		test_expect(ecf_p25519_is_zero(&r) && r.limb[0] == 0, "decoder %d: output not zeroed", d);
		size_t bad[] = {0, 31, 33, 63, 65};
		for (size_t j = 0; j < 5; j++) {
			if (bad[j] == good[d])
				continue;
			memset(&r, 0xa5, sizeof r);
			test_expect(dec[d](&r, in, bad[j]) == ECF_ERR_LENGTH, "decoder %d: length %zu", d, bad[j]);
			test_expect(r.limb[0] == 0 && r.limb[1] == 0 && r.limb[2] == 0 && r.limb[3] == 0,
			            "decoder %d: output not zeroed", d);
		}
	}
	mpz_clear(x);
}

/* The non-negative square root of a square z mod p (p = 5 mod 8), by GMP. */
static void mpz_sqrt_p(mpz_t r, const mpz_t z)
{
	mpz_add_ui(W_, P_, 3);
	mpz_fdiv_q_2exp(W_, W_, 3);
	mpz_powm(r, z, W_, P_); /* z^((p+3)/8) */
	mpz_mul(W_, r, r);
	mpz_mod(W_, W_, P_);
	if (mpz_cmp(W_, z) != 0) {
		mpz_mul(r, r, SQRTM1_);
		mpz_mod(r, r, P_);
	}
	mpz_mul(W_, r, r);
	mpz_mod(W_, W_, P_);
	test_expect(mpz_cmp(W_, z) == 0, "test oracle: not a square");
	if (mpz_tstbit(r, 0))
		mpz_sub(r, P_, r);
}

static void test_sqrt_ratio(void **s)
{
	(void)s;
	long cases = (long)(NEDGE * NEDGE) + test_iterations(RANDOM_CASES);
	mpz_t q, want;
	mpz_inits(q, want, NULL);
	long kinds[4] = {0};
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, 0x5ca7 + k);
		for (long i = 0; i < cases; i++) {
			fe u, v, r;
			operand(&rng, i, 0, &u);
			operand(&rng, i, 1, &v);
			if (i >= (long)(NEDGE * NEDGE)) {
				if ((i & 3) == 0) /* a square ratio: u = w^2 v */
					ecf_p25519_sqr(&r, &u), ecf_p25519_mul(&u, &r, &v);
				else if ((i & 15) == 1)
					ecf_p25519_zero(&u);
				else if ((i & 15) == 5)
					ecf_p25519_zero(&v);
			}
			test_limbs_to_mpz(X_, u.limb, NL);
			test_limbs_to_mpz(Y_, v.limb, NL);
			mpz_mod(X_, X_, P_);
			mpz_mod(Y_, Y_, P_);
			int want_sq;
			if (mpz_sgn(X_) == 0) {
				want_sq = 1, mpz_set_ui(want, 0), kinds[0]++;
			} else if (mpz_sgn(Y_) == 0) {
				want_sq = 0, mpz_set_ui(want, 0), kinds[1]++;
			} else {
				mpz_invert(q, Y_, P_);
				mpz_mul(q, q, X_);
				mpz_mod(q, q, P_);
				want_sq = mpz_legendre(q, P_) == 1;
				kinds[2 + !want_sq]++;
				if (!want_sq) {
					mpz_mul(q, q, SQRTM1_);
					mpz_mod(q, q, P_);
				}
				mpz_sqrt_p(want, q);
			}
			int got = ecf_p25519_sqrt_ratio(&r, &u, &v);
			test_expect(got == (want_sq ? ECF_OK : ECF_ERR_NOT_SQUARE),
			            "sqrt_ratio status %d, want was_square %d, case %ld", got, want_sq, i);
			expect_mpz(&r, want, "sqrt_ratio", i);
			fe t = u;
			test_expect(ecf_p25519_sqrt_ratio(&t, &t, &v) == got, "sqrt_ratio in place status");
			expect_mpz(&t, want, "sqrt_ratio in place", i);
		}
	}
	fprintf(stderr, "# sqrt_ratio: %ld zero numerators, %ld zero denominators, %ld squares, %ld non-squares\n",
	        kinds[0], kinds[1], kinds[2], kinds[3]);
	test_expect(kinds[0] > 100 && kinds[1] > 100 && kinds[2] > 1000 && kinds[3] > 1000, "sqrt_ratio case mix");
	mpz_clears(q, want, NULL);
	test_tier_restore();
}

/* ---- X25519 (RFC 7748 section 5), for testing the field end to end only ---- */

static void x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u_in[32])
{
	uint8_t k[32];
	memcpy(k, scalar, 32);
	k[0] &= 248;
	k[31] &= 127;
	k[31] |= 64;
	fe x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
	uint8_t u[32];
	memcpy(u, u_in, 32);
	u[31] &= 127; /* RFC 7748: the top bit is ignored */
	test_expect(ecf_p25519_from_bytes_reduce(&x1, u, 32) == ECF_OK, "from_bytes_reduce");
	ecf_p25519_one(&x2);
	ecf_p25519_zero(&z2);
	x3 = x1;
	ecf_p25519_one(&z3);
	int swap = 0;
	for (int i = 254; i >= 0; i--) {
		int bit = (k[i >> 3] >> (i & 7)) & 1;
		swap ^= bit;
		ecf_p25519_cswap(&x2, &x3, swap);
		ecf_p25519_cswap(&z2, &z3, swap);
		swap = bit;
		ecf_p25519_add(&a, &x2, &z2);
		ecf_p25519_sqr(&aa, &a);
		ecf_p25519_sub(&b, &x2, &z2);
		ecf_p25519_sqr(&bb, &b);
		ecf_p25519_sub(&e, &aa, &bb);
		ecf_p25519_add(&c, &x3, &z3);
		ecf_p25519_sub(&d, &x3, &z3);
		ecf_p25519_mul(&da, &d, &a);
		ecf_p25519_mul(&cb, &c, &b);
		ecf_p25519_add(&t, &da, &cb);
		ecf_p25519_sqr(&x3, &t);
		ecf_p25519_sub(&t, &da, &cb);
		ecf_p25519_sqr(&t, &t);
		ecf_p25519_mul(&z3, &x1, &t);
		ecf_p25519_mul(&x2, &aa, &bb);
		ecf_p25519_mul_small(&t, &e, 121665);
		ecf_p25519_add(&t, &aa, &t);
		ecf_p25519_mul(&z2, &e, &t);
	}
	ecf_p25519_cswap(&x2, &x3, swap);
	ecf_p25519_cswap(&z2, &z3, swap);
	ecf_p25519_inv(&z2, &z2);
	ecf_p25519_mul(&x2, &x2, &z2);
	ecf_p25519_to_bytes(out, &x2);
}

static void test_x25519(void **s)
{
	(void)s;
	vec_rfc7748_x25519(x25519, x25519);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_constants), cmocka_unit_test(test_add),     cmocka_unit_test(test_sub),
	    cmocka_unit_test(test_neg),       cmocka_unit_test(test_mul),     cmocka_unit_test(test_sqr),
	    cmocka_unit_test(test_mul_small), cmocka_unit_test(test_inv),     cmocka_unit_test(test_pow22523),
	    cmocka_unit_test(test_reduce),    cmocka_unit_test(test_compare), cmocka_unit_test(test_abs),
	    cmocka_unit_test(test_moves),     cmocka_unit_test(test_decode),  cmocka_unit_test(test_sqrt_ratio),
	    cmocka_unit_test(test_x25519),
	};
	return cmocka_run_group_tests_name("p25519", tests, setup, teardown);
}
