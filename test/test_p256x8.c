/*
 * The 8-lane P-256 field with AVX-512 IFMA (lib/kernels/x86_64/
 * p256x8_avx512_ifma.c), mod p and mod n, lane by lane against GMP:
 *   - field_raw: mul (a b 2^-260), add, sub, neg, canon, inv (mod p) on
 *     radix-2^52 limbs; each lane's input drawn from the edges 0, 1, m - 1,
 *     m, m + 1, 2m - 1, 2m (and for mul 2^257 - 1, every limb all ones up to
 *     the bound) or random below the input bound, mixed across lanes; the
 *     output must be congruent to GMP's, its limbs normalised (0..3 below
 *     2^52, 4 below 2^50) and its value at most 2m (canon: below m);
 *   - mul_scalar: the scalar path's representation in and out (canonical
 *     a 2^256 mod m): bit for bit equal to ecf_p256_mul / ecf_p256n_mul on
 *     every lane;
 *   - lazy (the ranges of the point formulas, mod p): mul on operands up to
 *     2^260 (edges 4p - 1, 10p - 1, 12p - 1, all-ones limbs; random below
 *     2^257, 4p, 12p, 2^260) congruent and below a b / 2^260 + p; the
 *     squaring bit for bit equal to mul(a, a); fold_p on signed limbs
 *     (|l_i| < 2^58, 0 <= l_4 < 2^62, value >= 0: the extremes, top = 1 with
 *     the most negative lower limbs, l_4 = 0, p, 2p, 16p, random) congruent,
 *     normalised, at most 2^256 + 2^239.
 * On a CPU without AVX-512 F/IFMA/VL (or a build without the x86-64
 * kernels) every case is reported skipped (cmocka SKIP) with the reason.
 * Fixed seed (ECF_TEST_SEED), printed with every failure; ECF_TEST_SCALE.
 */
#include <string.h>

#include <ecfield/p256.h>
#include <ecfield/p256n.h>

#include "dispatch/cpu.h"
#include "kernels/kernels.h"
#include "moduli.h"
#include "testutil.h"

static mpz_t MODS[2];
static const char *const MOD_NAME[2] = {"p", "n"};

static int have_ifma(void)
{
#if ECFI_X86_64_KERNELS
	if ((ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA) != 0)
		return 1;
	fprintf(stderr, "# SKIP: this CPU lacks AVX-512 F, IFMA or VL (or ECFIELD_DISABLE cleared them): "
	                "the 8-lane IFMA field is not run\n");
#else
	fprintf(stderr, "# SKIP: this build has no x86-64 kernels: the 8-lane IFMA field is not run\n");
#endif
	return 0;
}

#if ECFI_X86_64_KERNELS
static void mpz_to_l52(uint64_t r[5][8], int lane, const mpz_t z)
{
	mpz_t t;
	mpz_init_set(t, z);
	for (int i = 0; i < 5; i++) {
		r[i][lane] = mpz_get_ui(t) & 0xfffffffffffffull;
		mpz_fdiv_q_2exp(t, t, 52);
	}
	mpz_clear(t);
}

static void l52_to_mpz(mpz_t z, uint64_t a[5][8], int lane)
{
	mpz_set_ui(z, 0);
	for (int i = 4; i >= 0; i--) {
		mpz_mul_2exp(z, z, 52);
		mpz_add_ui(z, z, a[i][lane]);
	}
}

/* A lane's input: an edge (kind < 8) or random below bound. */
static void pick(mpz_t z, test_rng *rng, const mpz_t m, const mpz_t bound, unsigned kind)
{
	switch (kind) {
	case 0:
		mpz_set_ui(z, 0);
		break;
	case 1:
		mpz_set_ui(z, 1);
		break;
	case 2:
		mpz_sub_ui(z, m, 1);
		break;
	case 3:
		mpz_set(z, m);
		break;
	case 4:
		mpz_add_ui(z, m, 1);
		break;
	case 5:
		mpz_mul_2exp(z, m, 1);
		mpz_sub_ui(z, z, 1);
		break;
	case 6:
		mpz_mul_2exp(z, m, 1);
		break;
	case 7:
		mpz_sub_ui(z, bound, 1);
		break; /* 2m or, for mul, 2^257 - 1: all-ones limbs */
	default: {
		uint64_t w[5];
		test_rand_below(rng, w, bound, 5, (int)(kind & 1));
		test_limbs_to_mpz(z, w, 5);
	}
	}
}

static const char *op_name(int op)
{
	static const char *const names[] = {"mul", "add", "sub", "neg", "canon", "inv"};
	for (int i = 0; i < 6; i++)
		if (op == 1 << i)
			return names[i];
	return "?";
}

static void raw_case(test_rng *rng, int op, int modn, long iter)
{
	mpz_srcptr m = MODS[modn];
	mpz_t bound, a, b, r, want, rinv;
	mpz_inits(bound, a, b, r, want, rinv, NULL);
	if (op == ECFK_P256X8_MUL || op == ECFK_P256X8_INV) {
		mpz_set_ui(bound, 1);
		mpz_mul_2exp(bound, bound, 257);
	} else {
		mpz_mul_2exp(bound, m, 1);
		mpz_add_ui(bound, bound, 1); /* inputs <= 2m */
	}
	mpz_set_ui(rinv, 1);
	mpz_mul_2exp(rinv, rinv, 260);
	mpz_invert(rinv, rinv, m);
	uint64_t A[5][8], B[5][8], R[5][8];
	mpz_t av[8], bv[8];
	for (int l = 0; l < 8; l++) {
		mpz_init(av[l]);
		mpz_init(bv[l]);
		/* iteration 0..63: every pair of edges somewhere; then random with some edges */
		unsigned ka = iter < 8 ? (unsigned)iter : (unsigned)(test_rng_next(rng) % 12);
		unsigned kb = iter < 8 ? (unsigned)l : (unsigned)(test_rng_next(rng) % 12);
		if (op == ECFK_P256X8_INV && ka == 7)
			ka = 8;
		pick(av[l], rng, m, bound, ka);
		pick(bv[l], rng, m, bound, kb);
		mpz_to_l52(A, l, av[l]);
		mpz_to_l52(B, l, bv[l]);
	}
	memset(R, 0x5a, sizeof R);
	ecfk_p256x8_field_raw_avx512_ifma(R, (const uint64_t(*)[8])A, (const uint64_t(*)[8])B, op, modn);
	for (int l = 0; l < 8; l++) {
		switch (op) {
		case ECFK_P256X8_MUL:
			mpz_mul(want, av[l], bv[l]);
			mpz_mul(want, want, rinv);
			break;
		case ECFK_P256X8_ADD:
			mpz_add(want, av[l], bv[l]);
			break;
		case ECFK_P256X8_SUB:
			mpz_sub(want, av[l], bv[l]);
			break;
		case ECFK_P256X8_NEG:
			mpz_neg(want, av[l]);
			break;
		case ECFK_P256X8_CANON:
			mpz_set(want, av[l]);
			break;
		case ECFK_P256X8_INV: /* (a/R)^(p-2) R = a^(p-2) R^(3-p) */
		{
			mpz_t e;
			mpz_init(e);
			mpz_mul(want, av[l], rinv);
			mpz_sub_ui(e, m, 2);
			mpz_powm(want, want, e, m);
			mpz_set_ui(e, 1);
			mpz_mul_2exp(e, e, 260);
			mpz_mul(want, want, e);
			mpz_clear(e);
			break;
		}
		}
		mpz_mod(want, want, m);
		l52_to_mpz(r, R, l);
		int ok = 1;
		for (int i = 0; i < 4; i++)
			ok &= R[i][l] < (1ull << 52);
		ok &= R[4][l] < (1ull << 50);
		mpz_t lim;
		mpz_init(lim);
		if (op == ECFK_P256X8_CANON)
			mpz_sub_ui(lim, m, 1);
		else
			mpz_mul_2exp(lim, m, 1);
		ok &= mpz_cmp(r, lim) <= 0;
		mpz_t rr;
		mpz_init(rr);
		mpz_mod(rr, r, m);
		ok &= mpz_cmp(rr, want) == 0;
		if (!ok)
			gmp_fprintf(stderr, "# %s mod %s lane %d: a = %Zx b = %Zx got %Zx want %Zx (mod m)\n",
			            op_name(op), MOD_NAME[modn], l, av[l], bv[l], r, want);
		test_expect(ok, "field_raw %s mod %s iteration %ld lane %d", op_name(op), MOD_NAME[modn], iter, l);
		mpz_clears(lim, rr, NULL);
		mpz_clear(av[l]);
		mpz_clear(bv[l]);
	}
	mpz_clears(bound, a, b, r, want, rinv, NULL);
}
#endif

static void test_raw(void **s)
{
	(void)s;
	if (!have_ifma()) {
		skip();
		return;
	}
#if ECFI_X86_64_KERNELS
	test_rng rng;
	test_rng_init(&rng, 1);
	long iters = test_iterations(300);
	for (int modn = 0; modn < 2; modn++)
		for (int op = ECFK_P256X8_MUL; op <= ECFK_P256X8_INV; op <<= 1) {
			if (op == ECFK_P256X8_INV && modn)
				continue;
			long n = op == ECFK_P256X8_INV ? iters / 10 + 8 : iters;
			for (long i = 0; i < n; i++)
				raw_case(&rng, op, modn, i);
		}
#endif
}

static void test_mul_scalar(void **s)
{
	(void)s;
	if (!have_ifma()) {
		skip();
		return;
	}
#if ECFI_X86_64_KERNELS
	test_rng rng;
	test_rng_init(&rng, 2);
	long iters = test_iterations(300);
	for (int modn = 0; modn < 2; modn++)
		for (long it = 0; it < iters; it++) {
			uint64_t A[4][8], B[4][8], R[4][8];
			uint64_t a[8][4], b[8][4];
			for (int l = 0; l < 8; l++) {
				unsigned kind = it == 0 ? (unsigned)l : (unsigned)(test_rng_next(&rng) % 6);
				mpz_t z;
				mpz_init(z);
				switch (kind) { /* canonical inputs: the scalar path's domain */
				case 0:
					mpz_set_ui(z, 0);
					break;
				case 1:
					mpz_set_ui(z, 1);
					break;
				case 2:
					mpz_sub_ui(z, MODS[modn], 1);
					break;
				default:
					test_rand_below(&rng, a[l], MODS[modn], 4, (int)(kind & 1));
					test_limbs_to_mpz(z, a[l], 4);
				}
				test_mpz_to_limbs(a[l], 4, z);
				test_rand_below(&rng, b[l], MODS[modn], 4, l & 1);
				if (it == 1)
					memcpy(b[l], a[l], sizeof b[l]);
				for (int w = 0; w < 4; w++) {
					A[w][l] = a[l][w];
					B[w][l] = b[l][w];
				}
				mpz_clear(z);
			}
			ecfk_p256x8_mul_scalar_avx512_ifma(R, (const uint64_t(*)[8])A, (const uint64_t(*)[8])B, modn);
			for (int l = 0; l < 8; l++) {
				uint64_t want[4], got[4];
				if (modn)
					ecf_p256n_mul((ecf_p256n_fe *)want, (const ecf_p256n_fe *)a[l],
					              (const ecf_p256n_fe *)b[l]);
				else
					ecf_p256_mul((ecf_p256_fe *)want, (const ecf_p256_fe *)a[l],
					             (const ecf_p256_fe *)b[l]);
				for (int w = 0; w < 4; w++)
					got[w] = R[w][l];
				test_expect_limbs(got, want, 4, "mul_scalar mod %s iteration %ld lane %d",
				                  MOD_NAME[modn], it, l);
			}
		}
#endif
}

#if ECFI_X86_64_KERNELS
/* A lane's multiplication operand for the lazy ranges: an edge or random
 * below a random one of 2^257, 4p, 12p, 2^260 (normalised limbs). */
static void pick_wide(mpz_t z, test_rng *rng, unsigned kind)
{
	mpz_srcptr p = MODS[0];
	mpz_t bound;
	mpz_init(bound);
	switch (kind) {
	case 0:
		mpz_set_ui(z, 0);
		break;
	case 1:
		mpz_set_ui(z, 1);
		break;
	case 2:
		mpz_sub_ui(z, p, 1);
		break;
	case 3:
		mpz_mul_ui(z, p, 4);
		mpz_sub_ui(z, z, 1);
		break;
	case 4:
		mpz_mul_ui(z, p, 10);
		mpz_sub_ui(z, z, 1);
		break;
	case 5:
		mpz_mul_ui(z, p, 12);
		mpz_sub_ui(z, z, 1);
		break;
	case 6:
		mpz_set_ui(z, 1);
		mpz_mul_2exp(z, z, 260);
		mpz_sub_ui(z, z, 1); /* every limb all ones */
		break;
	default: {
		static const unsigned mult[4] = {0, 4, 12, 0};
		unsigned b = (unsigned)(test_rng_next(rng) % 4);
		if (mult[b])
			mpz_mul_ui(bound, p, mult[b]);
		else {
			mpz_set_ui(bound, 1);
			mpz_mul_2exp(bound, bound, b == 0 ? 257 : 260);
		}
		uint64_t w[5];
		test_rand_below(rng, w, bound, 5, (int)(kind & 1));
		test_limbs_to_mpz(z, w, 5);
	}
	}
	mpz_clear(bound);
}

/* mul (p) on operands up to 2^260: congruent, normalised, below
 * a b / 2^260 + p (the bound the lazy point formulas rely on); SQR bit for
 * bit equal to MUL(a, a). */
static void wide_mul_case(test_rng *rng, long iter)
{
	mpz_srcptr p = MODS[0];
	uint64_t A[5][8], B[5][8], R[5][8], S[5][8], Q[5][8];
	mpz_t av[8], bv[8], r, want, rinv, lim;
	mpz_inits(r, want, rinv, lim, NULL);
	mpz_set_ui(rinv, 1);
	mpz_mul_2exp(rinv, rinv, 260);
	mpz_invert(rinv, rinv, p);
	for (int l = 0; l < 8; l++) {
		mpz_inits(av[l], bv[l], NULL);
		unsigned ka = iter < 7 ? (unsigned)iter : (unsigned)(test_rng_next(rng) % 12);
		unsigned kb = iter < 7 ? (unsigned)l % 7 : (unsigned)(test_rng_next(rng) % 12);
		pick_wide(av[l], rng, ka);
		pick_wide(bv[l], rng, kb);
		mpz_to_l52(A, l, av[l]);
		mpz_to_l52(B, l, bv[l]);
	}
	memset(R, 0x5a, sizeof R);
	memset(S, 0xa5, sizeof S);
	ecfk_p256x8_field_raw_avx512_ifma(R, (const uint64_t(*)[8])A, (const uint64_t(*)[8])B, ECFK_P256X8_MUL, 0);
	ecfk_p256x8_field_raw_avx512_ifma(S, (const uint64_t(*)[8])A, (const uint64_t(*)[8])B, ECFK_P256X8_SQR, 0);
	ecfk_p256x8_field_raw_avx512_ifma(Q, (const uint64_t(*)[8])A, (const uint64_t(*)[8])A, ECFK_P256X8_MUL, 0);
	for (int l = 0; l < 8; l++) {
		int ok = 1;
		for (int i = 0; i < 4; i++)
			ok &= R[i][l] < (1ull << 52);
		l52_to_mpz(r, R, l);
		mpz_mul(lim, av[l], bv[l]);
		mpz_mul(want, lim, rinv);
		mpz_mod(want, want, p);
		mpz_fdiv_q_2exp(lim, lim, 260);
		mpz_add(lim, lim, p); /* r < a b / 2^260 + p: r <= floor(a b / 2^260) + p */
		ok &= mpz_cmp(r, lim) <= 0;
		mpz_mod(r, r, p);
		ok &= mpz_cmp(r, want) == 0;
		if (!ok)
			gmp_fprintf(stderr, "# wide mul lane %d: a = %Zx b = %Zx\n", l, av[l], bv[l]);
		test_expect(ok, "wide mul mod p iteration %ld lane %d", iter, l);
		int same = 1;
		for (int i = 0; i < 5; i++)
			same &= S[i][l] == Q[i][l];
		if (!same)
			gmp_fprintf(stderr, "# sqr lane %d: a = %Zx\n", l, av[l]);
		test_expect(same, "sqr = mul(a, a) iteration %ld lane %d", iter, l);
		mpz_clears(av[l], bv[l], NULL);
	}
	mpz_clears(r, want, rinv, lim, NULL);
}

/* A signed limb below 2^bits in size: random length, random sign. */
static int64_t rand_signed(test_rng *rng, unsigned bits)
{
	uint64_t x = test_rng_next(rng);
	unsigned len = (unsigned)(test_rng_next(rng) % (bits + 1));
	x = len == 0 ? 0 : x >> (64 - len);
	if (len == bits) /* the largest size, often */
		x |= (uint64_t)1 << (bits - 1);
	x &= ((uint64_t)1 << bits) - 1;
	return (test_rng_next(rng) & 1) ? -(int64_t)x : (int64_t)x;
}

/* fold_p on signed limbs: value v >= 0, |l_i| < 2^58 (i < 4), 0 <= l_4 < 2^62;
 * the output normalised, congruent to v, at most 2^256 + 2^239 (<= 2p). */
static void fold_case(test_rng *rng, long iter)
{
	mpz_srcptr p = MODS[0];
	const int64_t B58 = ((int64_t)1 << 58) - 1, B62 = ((int64_t)1 << 62) - 1;
	/* edge lanes: {l0, l1, l2, l3, l4} */
	static const int64_t E[][5] = {
	    {0, 0, 0, 0, 0},
	    {1, 0, 0, 0, 0},
	    {((int64_t)1 << 58) - 1, ((int64_t)1 << 58) - 1, ((int64_t)1 << 58) - 1, ((int64_t)1 << 58) - 1,
	     ((int64_t)1 << 62) - 1},
	    {-(((int64_t)1 << 58) - 1), -(((int64_t)1 << 58) - 1), -(((int64_t)1 << 58) - 1), -(((int64_t)1 << 58) - 1),
	     ((int64_t)1 << 62) - 1},
	    {-(((int64_t)1 << 58) - 1), -(((int64_t)1 << 58) - 1), -(((int64_t)1 << 58) - 1), -(((int64_t)1 << 58) - 1),
	     (int64_t)1 << 48}, /* top = 1, L most negative: v' just above 2^223 - 2^215 */
	    {-(((int64_t)1 << 58) - 1), -(((int64_t)1 << 58) - 1), -(((int64_t)1 << 58) - 1), -(((int64_t)1 << 58) - 1),
	     ((int64_t)1 << 48) - 1},
	    {0, 0, 0, ((int64_t)1 << 58) - 1, 0}, /* l_4 = 0 */
	    {-(((int64_t)1 << 58) - 1), 0, 0, ((int64_t)1 << 58) - 1, 0},
	    {0xfffffffffffff, 0xfffffffffffff, 0xfffffffffffff, 0xfffffffffffff, 0xffffffffffff},        /* 2^256 - 1 */
	    {0xfffffffffffff, 0x00fffffffffff, 0, 0x0001000000000, 0x0ffffffff0000},                     /* p */
	    {0xffffffffffffe, 0x01fffffffffff, 0, 0x0002000000000, 0x1fffffffe0000},                     /* 2p */
	    {16 * 0xfffffffffffff, 16 * 0x00fffffffffff, 0, 16 * 0x0001000000000, 16 * 0x0ffffffff0000}, /* 16p */
	};
	const size_t NE = sizeof E / sizeof E[0];
	int64_t L[5][8];
	mpz_t v[8], r, t, lim;
	mpz_inits(r, t, lim, NULL);
	for (int l = 0; l < 8; l++) {
		mpz_init(v[l]);
		size_t e = (size_t)(iter * 8 + l);
		if (e >= NE && test_rng_next(rng) % 4 != 0)
			e = NE; /* random */
		else if (e >= NE)
			e = (size_t)(test_rng_next(rng) % NE);
		for (int i = 0; i < 5; i++)
			L[i][l] = e < NE ? E[e][i] : rand_signed(rng, i < 4 ? 58 : (test_rng_next(rng) & 1) ? 62 : 50);
		if (L[4][l] < 0)
			L[4][l] = -L[4][l];
		for (;;) {
			mpz_set_si(v[l], 0);
			for (int i = 4; i >= 0; i--) {
				mpz_mul_2exp(v[l], v[l], 52);
				mpz_set_si(t, L[i][l]);
				mpz_add(v[l], v[l], t);
			}
			if (mpz_sgn(v[l]) >= 0)
				break;
			for (int i = 0; i < 4; i++) /* negative (small l_4): negate the lower limbs */
				L[i][l] = -L[i][l];
		}
		for (int i = 0; i < 4; i++)
			test_expect(L[i][l] < B58 + 1 && L[i][l] > -B58 - 1, "fold input range");
		test_expect(L[4][l] <= B62 && L[4][l] >= 0, "fold input range");
	}
	uint64_t A[5][8], R[5][8];
	for (int i = 0; i < 5; i++)
		for (int l = 0; l < 8; l++)
			A[i][l] = (uint64_t)L[i][l];
	memset(R, 0x5a, sizeof R);
	ecfk_p256x8_field_raw_avx512_ifma(R, (const uint64_t(*)[8])A, (const uint64_t(*)[8])A, ECFK_P256X8_FOLD, 0);
	mpz_set_ui(lim, 1);
	mpz_mul_2exp(lim, lim, 256);
	mpz_set_ui(t, 1);
	mpz_mul_2exp(t, t, 239);
	mpz_add(lim, lim, t);
	for (int l = 0; l < 8; l++) {
		int ok = 1;
		for (int i = 0; i < 4; i++)
			ok &= R[i][l] < (1ull << 52);
		ok &= R[4][l] < (1ull << 49);
		l52_to_mpz(r, R, l);
		ok &= mpz_cmp(r, lim) <= 0;
		mpz_sub(t, r, v[l]);
		ok &= mpz_divisible_p(t, p) != 0;
		if (!ok)
			gmp_fprintf(stderr, "# fold lane %d: limbs %lld %lld %lld %lld %lld (v = %Zx) got %Zx\n", l,
			            (long long)L[0][l], (long long)L[1][l], (long long)L[2][l], (long long)L[3][l],
			            (long long)L[4][l], v[l], r);
		test_expect(ok, "fold iteration %ld lane %d", iter, l);
		mpz_clear(v[l]);
	}
	mpz_clears(r, t, lim, NULL);
}
#endif

/* The squaring and the fold of the lazy point formulas, and the
 * multiplication on the wider operands they give it. */
static void test_lazy(void **s)
{
	(void)s;
	if (!have_ifma()) {
		skip();
		return;
	}
#if ECFI_X86_64_KERNELS
	test_rng rng;
	test_rng_init(&rng, 3);
	long iters = test_iterations(2000);
	for (long i = 0; i < iters; i++)
		wide_mul_case(&rng, i);
	for (long i = 0; i < iters; i++)
		fold_case(&rng, i);
#endif
}

int main(void)
{
	mpz_init(MODS[0]);
	mpz_init(MODS[1]);
	test_mpz_set_hex(MODS[0], P256_HEX);
	test_mpz_set_hex(MODS[1], P256N_HEX);
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_raw),
	    cmocka_unit_test(test_mul_scalar),
	    cmocka_unit_test(test_lazy),
	};
	int rc = cmocka_run_group_tests_name("p256x8", tests, NULL, NULL);
	mpz_clear(MODS[0]);
	mpz_clear(MODS[1]);
	return rc;
}
