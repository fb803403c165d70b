/*
 * The 8-lane GF(2^255 - 19) of the avx512_ifma tier
 * (lib/kernels/x86_64/p25519x8_avx512_ifma.h, through the entry points of
 * x25519_avx512_ifma.c) against GMP, lane by lane: every
 * operation on random and edge inputs spanning the whole range it takes
 * (limbs up to 2^52 - 1, the top limb up to its bound; per lane 0, 1, p - 1,
 * p, p + 1, 2^255 - 1, ...; lanes mixed), checking the value mod p and that
 * the output is in the range the next operation needs (T: limbs < 2^52, the
 * top one < 2^48; L: all limbs < 2^52), and the encoding canonical. On a CPU
 * without AVX512F, IFMA and VL (or a build without the x86-64 kernels) it
 * prints SKIP with the reason and exits 77 (meson: skipped, never passed).
 */
#include <stdlib.h>
#include <string.h>

#include "common/testutil.h"
#include "dispatch/cpu.h"

#if ECFI_X86_64_KERNELS
#include "kernels/x86_64/x25519_avx512_ifma.h"

#define M52 ((1ull << 52) - 1)

static mpz_t P;

typedef uint64_t fe8[5][8];
#define C(a) ((const uint64_t(*)[8])(a))

static void lane_to_mpz(mpz_t z, const uint64_t a[5][8], int lane)
{
	mpz_set_ui(z, 0);
	for (int i = 4; i >= 0; i--) {
		mpz_mul_2exp(z, z, 52);
		mpz_add_ui(z, z, a[i][lane]);
	}
}

/* Limb bounds: top limb < 2^top_bits, the others < 2^52. */
static void expect_range(const uint64_t a[5][8], int top_bits, const char *what, long it)
{
	for (int lane = 0; lane < 8; lane++) {
		for (int i = 0; i < 4; i++)
			test_expect(a[i][lane] <= M52, "%s case %ld lane %d: limb %d = 0x%llx >= 2^52", what, it, lane,
			            i, (unsigned long long)a[i][lane]);
		test_expect(a[4][lane] >> top_bits == 0, "%s case %ld lane %d: limb 4 = 0x%llx >= 2^%d", what, it, lane,
		            (unsigned long long)a[4][lane], top_bits);
	}
}

/* One lane of a random element with limbs < 2^52 and limb 4 < 2^top_bits:
 * uniform, all ones, zero, or the limbs of a special value. */
static void rand_lane(test_rng *rng, fe8 a, int lane, int top_bits)
{
	const uint64_t top = top_bits == 64 ? ~0ull : (1ull << top_bits) - 1;
	uint64_t r = test_rng_next(rng) % 16;
	uint64_t v[5];
	if (r < 9) {
		for (int i = 0; i < 5; i++)
			v[i] = test_rng_next(rng) & M52;
		if (r == 1) /* long runs */
			for (int i = 0; i < 5; i++)
				v[i] = (test_rng_next(rng) & 1) ? M52 : v[i] & 0xff;
	} else if (r == 9) {
		for (int i = 0; i < 5; i++)
			v[i] = M52; /* the maximum of the range */
	} else if (r == 10) {
		memset(v, 0, sizeof v);
	} else {
		/* p + d for small d (p - 1, p, p + 1, ...), or 2^255 - 1, 2p, 1 */
		static const int64_t d[] = {-1, 0, 1, 18, 19};
		mpz_t z;
		mpz_init(z);
		if (r == 15)
			mpz_set_ui(z, 1);
		else if (r == 14)
			mpz_mul_2exp(z, P, 1);
		else if (r == 13) {
			mpz_set_ui(z, 1);
			mpz_mul_2exp(z, z, 255);
			mpz_sub_ui(z, z, 1);
		} else {
			int64_t k = d[test_rng_next(rng) % 5];
			mpz_set(z, P);
			if (k >= 0)
				mpz_add_ui(z, z, (unsigned long)k);
			else
				mpz_sub_ui(z, z, (unsigned long)-k);
		}
		for (int i = 0; i < 5; i++) {
			v[i] = mpz_get_ui(z) & M52;
			mpz_tdiv_q_2exp(z, z, 52);
		}
		mpz_clear(z);
	}
	for (int i = 0; i < 5; i++)
		a[i][lane] = i == 4 ? v[4] & top : v[i];
}

static void rand_fe8(test_rng *rng, fe8 a, int top_bits)
{
	for (int lane = 0; lane < 8; lane++)
		rand_lane(rng, a, lane, top_bits);
}

enum { OP_MUL, OP_SQR, OP_ADD, OP_SUB, OP_MUL121666, OP_INV };

/* Each op: the top-limb bits of its inputs (L: 52, T: 48) and output. */
static void check_op(int op)
{
	static const char *names[] = {"mul", "sqr", "add", "sub", "mul121666", "inv"};
	static const int in_top[] = {52, 52, 48, 48, 52, 48}, out_top[] = {48, 48, 52, 52, 48, 48};
	test_rng rng;
	test_rng_init(&rng, 100 + (uint64_t)op);
	long n = test_iterations(op == OP_INV ? 300 : 20000);
	mpz_t x, y, want, got;
	mpz_inits(x, y, want, got, NULL);
	for (long it = 0; it < n; it++) {
		fe8 a, b, r;
		rand_fe8(&rng, a, in_top[op]);
		rand_fe8(&rng, b, in_top[op]);
		switch (op) {
		case OP_MUL:
			ecfk_p25519x8_mul_avx512_ifma(r, C(a), C(b));
			break;
		case OP_SQR:
			ecfk_p25519x8_sqr_avx512_ifma(r, C(a));
			break;
		case OP_ADD:
			ecfk_p25519x8_add_avx512_ifma(r, C(a), C(b));
			break;
		case OP_SUB:
			ecfk_p25519x8_sub_avx512_ifma(r, C(a), C(b));
			break;
		case OP_MUL121666:
			ecfk_p25519x8_mul121666_avx512_ifma(r, C(a));
			break;
		default:
			ecfk_p25519x8_inv_avx512_ifma(r, C(a));
			break;
		}
		expect_range(C(r), out_top[op], names[op], it);
		for (int lane = 0; lane < 8; lane++) {
			lane_to_mpz(x, C(a), lane);
			lane_to_mpz(y, C(b), lane);
			switch (op) {
			case OP_MUL:
				mpz_mul(want, x, y);
				break;
			case OP_SQR:
				mpz_mul(want, x, x);
				break;
			case OP_ADD:
				mpz_add(want, x, y);
				break;
			case OP_SUB:
				mpz_sub(want, x, y);
				break;
			case OP_MUL121666:
				mpz_mul_ui(want, x, 121666);
				break;
			default: {
				mpz_t e;
				mpz_init(e);
				mpz_sub_ui(e, P, 2);
				mpz_powm(want, x, e, P);
				mpz_clear(e);
			}
			}
			mpz_mod(want, want, P);
			lane_to_mpz(got, C(r), lane);
			mpz_mod(got, got, P);
			if (mpz_cmp(got, want) != 0) {
				gmp_fprintf(stderr,
				            "# %s case %ld lane %d: a = %Zx b = %Zx\n#   got %Zx\n#  want %Zx\n",
				            names[op], it, lane, x, y, got, want);
				test_expect(0, "%s differs from GMP", names[op]);
			}
		}
	}
	mpz_clears(x, y, want, got, NULL);
}

TEST_CASE(test_mul, check_op, OP_MUL)
TEST_CASE(test_sqr, check_op, OP_SQR)
TEST_CASE(test_add, check_op, OP_ADD)
TEST_CASE(test_sub, check_op, OP_SUB)
TEST_CASE(test_mul121666, check_op, OP_MUL121666)
TEST_CASE(test_inv, check_op, OP_INV)

/* ---- The ladder's lazy ranges (p25519x8_avx512_ifma.h) ----
 * U (a product before its carry chain), UB (U + 16p limb by limb), M (limbs
 * read mod 2^52 by VPMADD52 only, the top limb as it is), each operation on
 * inputs at and below the bounds of the ranges it takes (every limb at its
 * bound minus 1, 0, random below it, and in M random bits above bit 52),
 * checked against GMP and for the range it gives. */
static const uint64_t U_BOUND[5] = {(1ull << 53) + (1ull << 18), (1ull << 54) + (1ull << 15), 1ull << 55,
                                    (1ull << 55) + (1ull << 15), (1ull << 47) + (1ull << 15)};
static const uint64_t P16[5] = {16 * (M52 - 18), 16 * M52, 16 * M52, 16 * M52, 16 * ((1ull << 47) - 1)};
enum { R_T, R_L, R_U, R_UB, R_M };

/* One element of range rg: each limb at its bound - 1 (one case in four,
 * per limb), 0, or random below the bound. */
static void rand_range(test_rng *rng, fe8 a, int rg)
{
	for (int lane = 0; lane < 8; lane++) {
		uint64_t r = test_rng_next(rng) % 8;
		if (rg == R_T || rg == R_L || (rg == R_M && r < 4)) {
			rand_lane(rng, a, lane, rg == R_T ? 48 : 52);
			if (rg == R_M) /* bits above 52 that VPMADD52 must ignore */
				for (int i = 0; i < 4; i++)
					a[i][lane] |= test_rng_next(rng) << 52;
			continue;
		}
		for (int i = 0; i < 5; i++) {
			uint64_t bound = rg == R_M ? (i < 4 ? ~0ull : 1ull << 52) : U_BOUND[i];
			uint64_t k = test_rng_next(rng) % 4, v;
			if (r == 0 || k == 0)
				v = bound - 1;
			else if (k == 1)
				v = 0;
			else
				v = test_rng_next(rng) % bound;
			a[i][lane] = v + (rg == R_UB ? P16[i] : 0);
		}
	}
}

/* The value of a lane: limbs 0..3 mod 2^52 if m (the range M), else whole. */
static void lane_value(mpz_t z, const uint64_t a[5][8], int lane, int m)
{
	mpz_set_ui(z, 0);
	for (int i = 4; i >= 0; i--) {
		mpz_mul_2exp(z, z, 52);
		mpz_add_ui(z, z, m && i < 4 ? a[i][lane] & M52 : a[i][lane]);
	}
}

enum { LZ_MUL_U, LZ_SQR_U, LZ_SQR_M, LZ_MUL_UB, LZ_SQR_UB, LZ_ADD_M, LZ_SUB_M, LZ_SUB_MB, LZ_MSA_M, LZ_N };

static void check_lazy(int op)
{
	static const char *names[] = {"mul_u", "sqr_u", "sqr_m",  "mul_ub",         "sqr_ub",
	                              "add_m", "sub_m", "sub_mb", "mul121666_add_m"};
	typedef void (*fn)(uint64_t[5][8], const uint64_t[5][8], const uint64_t[5][8]);
	static const fn fns[] = {ecfk_p25519x8_mul_u_avx512_ifma,          ecfk_p25519x8_sqr_u_avx512_ifma,
	                         ecfk_p25519x8_sqr_m_avx512_ifma,          ecfk_p25519x8_mul_ub_avx512_ifma,
	                         ecfk_p25519x8_sqr_ub_avx512_ifma,         ecfk_p25519x8_add_m_avx512_ifma,
	                         ecfk_p25519x8_sub_m_avx512_ifma,          ecfk_p25519x8_sub_mb_avx512_ifma,
	                         ecfk_p25519x8_mul121666_add_m_avx512_ifma};
	test_rng rng;
	test_rng_init(&rng, 400 + (uint64_t)op);
	long n = test_iterations(20000);
	mpz_t x, y, want, got;
	mpz_inits(x, y, want, got, NULL);
	for (long it = 0; it < n; it++) {
		fe8 a, b, r;
		/* the ranges each takes: products L or M; add_m and sub_m U, UB (add's
		 * first operand) or T; sub_mb UB minus U or T; mul_small_add M and T */
		const int k = (int)(it % 3);
		int ra = R_L, rb = R_L;
		if (op <= LZ_SQR_UB)
			ra = k == 0 ? R_M : R_L, rb = k == 1 ? R_M : R_L;
		else if (op == LZ_ADD_M)
			ra = k == 0 ? R_UB : k == 1 ? R_U : R_T, rb = k == 2 ? R_U : R_T;
		else if (op == LZ_SUB_M)
			ra = k == 0 ? R_U : R_T, rb = k == 1 ? R_T : R_U;
		else if (op == LZ_SUB_MB)
			ra = R_UB, rb = k == 0 ? R_T : R_U;
		else
			ra = R_M, rb = R_T;
		rand_range(&rng, a, ra);
		rand_range(&rng, b, rb);
		fns[op](r, C(a), C(b));
		for (int lane = 0; lane < 8; lane++) {
			lane_value(x, C(a), lane, ra == R_M);
			lane_value(y, C(b), lane, rb == R_M);
			if (op == LZ_MUL_U || op == LZ_MUL_UB)
				mpz_mul(want, x, y);
			else if (op <= LZ_SQR_UB)
				mpz_mul(want, x, x);
			else if (op == LZ_ADD_M)
				mpz_add(want, x, y);
			else if (op == LZ_MSA_M) {
				mpz_mul_ui(want, x, 121666);
				mpz_add(want, want, y);
			} else
				mpz_sub(want, x, y);
			mpz_mod(want, want, P);
			const int out_m = op == LZ_SQR_M || op >= LZ_ADD_M;
			lane_value(got, C(r), lane, out_m);
			mpz_mod(got, got, P);
			if (mpz_cmp(got, want) != 0) {
				gmp_fprintf(stderr,
				            "# %s case %ld lane %d: a = %Zx b = %Zx\n#   got %Zx\n#  want %Zx\n",
				            names[op], it, lane, x, y, got, want);
				test_expect(0, "%s differs from GMP", names[op]);
			}
			/* the range out: U and UB by their bounds (UB: 16p's limbs at
			 * least, for sub_mb), M: top limb < 2^52 (< 2^48 where the limbs
			 * mod 2^52 are T: sqr_m, mul_small_add_m) */
			for (int i = 0; i < 5; i++) {
				const uint64_t v = r[i][lane];
				if (op == LZ_MUL_U || op == LZ_SQR_U)
					test_expect(v < U_BOUND[i], "%s case %ld lane %d: limb %d = 0x%llx out of U",
					            names[op], it, lane, i, (unsigned long long)v);
				else if (op == LZ_MUL_UB || op == LZ_SQR_UB)
					test_expect(v >= P16[i] && v - P16[i] < U_BOUND[i],
					            "%s case %ld lane %d: limb %d = 0x%llx out of UB", names[op], it,
					            lane, i, (unsigned long long)v);
				else if (i == 4)
					test_expect(v >> (op == LZ_SQR_M || op == LZ_MSA_M ? 48 : 52) == 0,
					            "%s case %ld lane %d: limb 4 = 0x%llx too large", names[op], it,
					            lane, (unsigned long long)v);
			}
		}
	}
	mpz_clears(x, y, want, got, NULL);
}

TEST_CASE(test_mul_u, check_lazy, LZ_MUL_U)
TEST_CASE(test_sqr_u, check_lazy, LZ_SQR_U)
TEST_CASE(test_sqr_m, check_lazy, LZ_SQR_M)
TEST_CASE(test_mul_ub, check_lazy, LZ_MUL_UB)
TEST_CASE(test_sqr_ub, check_lazy, LZ_SQR_UB)
TEST_CASE(test_add_m, check_lazy, LZ_ADD_M)
TEST_CASE(test_sub_m, check_lazy, LZ_SUB_M)
TEST_CASE(test_sub_mb, check_lazy, LZ_SUB_MB)
TEST_CASE(test_mul121666_add_m, check_lazy, LZ_MSA_M)

static void lane_bytes_to_mpz(mpz_t z, const uint8_t b[32]) { mpz_import(z, 32, -1, 1, 0, 0, b); }

/* from_bytes: the value mod 2^255 (bit 255 dropped), T; to_bytes of any T
 * value: the canonical encoding (GMP's), bit for bit. */
static void test_bytes(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 200);
	long n = test_iterations(20000);
	mpz_t x, want, got;
	mpz_inits(x, want, got, NULL);
	for (long it = 0; it < n; it++) {
		uint8_t in[8][32], out[8][32];
		fe8 a;
		for (int lane = 0; lane < 8; lane++) {
			test_rand_bytes(&rng, in[lane], 32);
			uint64_t r = test_rng_next(&rng) % 8;
			if (r < 5) { /* 0, 1, p - 1, p, 2^255 - 1 (and with bit 255 set) */
				mpz_set_ui(x, r == 1);
				if (r == 2 || r == 3) {
					mpz_set(x, P);
					if (r == 2)
						mpz_sub_ui(x, x, 1);
				} else if (r == 4) {
					mpz_set_ui(x, 1);
					mpz_mul_2exp(x, x, 255);
					mpz_sub_ui(x, x, 1);
				}
				memset(in[lane], 0, 32);
				mpz_export(in[lane], NULL, -1, 1, 0, 0, x);
				if (test_rng_next(&rng) & 1)
					in[lane][31] |= 0x80;
			}
		}
		ecfk_p25519x8_from_bytes_avx512_ifma(a, (const uint8_t(*)[32])in);
		expect_range(C(a), 47, "from_bytes", it);
		for (int lane = 0; lane < 8; lane++) {
			lane_bytes_to_mpz(want, in[lane]);
			mpz_tdiv_r_2exp(want, want, 255);
			lane_to_mpz(got, C(a), lane);
			test_expect(mpz_cmp(got, want) == 0, "from_bytes case %ld lane %d", it, lane);
		}
		/* to_bytes of T values: random ones and from_bytes' */
		if (it & 1)
			rand_fe8(&rng, a, 48);
		ecfk_p25519x8_to_bytes_avx512_ifma(out, C(a));
		for (int lane = 0; lane < 8; lane++) {
			lane_to_mpz(want, C(a), lane);
			mpz_mod(want, want, P);
			uint8_t wb[32] = {0};
			mpz_export(wb, NULL, -1, 1, 0, 0, want);
			test_expect_bytes(out[lane], wb, 32, "to_bytes", it * 8 + lane);
		}
	}
	mpz_clears(x, want, got, NULL);
}

static int setup(void **s)
{
	(void)s;
	mpz_init_set_ui(P, 1);
	mpz_mul_2exp(P, P, 255);
	mpz_sub_ui(P, P, 19);
	return 0;
}

static int teardown(void **s)
{
	(void)s;
	mpz_clear(P);
	return 0;
}

int main(void)
{
	if (!(ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA)) {
		printf("SKIP: this CPU has no AVX512F + AVX512IFMA + AVX512VL (with the zmm state enabled): the "
		       "avx512_ifma field is not tested here\n");
		return 77;
	}
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_mul),       cmocka_unit_test(test_sqr),
	    cmocka_unit_test(test_add),       cmocka_unit_test(test_sub),
	    cmocka_unit_test(test_mul121666), cmocka_unit_test(test_inv),
	    cmocka_unit_test(test_bytes),     cmocka_unit_test(test_mul_u),
	    cmocka_unit_test(test_sqr_u),     cmocka_unit_test(test_sqr_m),
	    cmocka_unit_test(test_mul_ub),    cmocka_unit_test(test_sqr_ub),
	    cmocka_unit_test(test_add_m),     cmocka_unit_test(test_sub_m),
	    cmocka_unit_test(test_sub_mb),    cmocka_unit_test(test_mul121666_add_m),
	};
	return cmocka_run_group_tests_name("ifma25519", tests, setup, teardown);
}
#else
int main(void)
{
	printf("SKIP: built without the x86-64 kernels: no avx512_ifma field\n");
	return 77;
}
#endif
