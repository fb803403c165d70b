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
 *     every lane.
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

int main(void)
{
	mpz_init(MODS[0]);
	mpz_init(MODS[1]);
	test_mpz_set_hex(MODS[0], P256_HEX);
	test_mpz_set_hex(MODS[1], P256N_HEX);
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_raw),
	    cmocka_unit_test(test_mul_scalar),
	};
	int rc = cmocka_run_group_tests_name("p256x8", tests, NULL, NULL);
	mpz_clear(MODS[0]);
	mpz_clear(MODS[1]);
	return rc;
}
