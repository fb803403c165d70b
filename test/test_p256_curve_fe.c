/*
 * The P-256 field's add, sub and neg, one definition for the public API and
 * the group code (lib/fields/p256_internal.h; on x86-64 carry chains in
 * inline assembly, elsewhere the generic template's), through the group's
 * fe_add/fe_sub/fe_neg (lib/curves/p256/fe.h) and the exported
 * ecf_p256_add/sub/neg, against GMP: every pair of the edge values below p
 * (0, 1, 2, p - 1, p - 2, (p +- 1)/2, 2^256 - 1 mod p, R mod p, ... and
 * pairs summing to p - 1, p, p + 1 and past 2^256), then random and
 * biased-random pairs (ECF_TEST_SCALE), each with every aliasing
 * (r = a, r = b, a = b = r). Results must be canonical (< p).
 */
#include <string.h>

#include "curves/p256/fe.h"
#include "moduli.h" /* P256_HEX, generated */
#include "testutil.h"

static mpz_t P;

enum { ADD, SUB, NEG };

static void want_of(uint64_t w[4], int op, const fe *a, const fe *b)
{
	mpz_t x, y;
	mpz_inits(x, y, NULL);
	test_limbs_to_mpz(x, a->limb, 4);
	test_limbs_to_mpz(y, b->limb, 4);
	if (op == ADD)
		mpz_add(x, x, y);
	else if (op == SUB)
		mpz_sub(x, x, y);
	else
		mpz_neg(x, x);
	mpz_mod(x, x, P);
	test_mpz_to_limbs(w, 4, x);
	mpz_clears(x, y, NULL);
}

static void run(int op, fe *r, const fe *a, const fe *b)
{
	if (op == ADD)
		fe_add(r, a, b);
	else if (op == SUB)
		fe_sub(r, a, b);
	else
		fe_neg(r, a);
}

/* The exported names (ECFI_EXPORT_ALIAS of the same functions, out of line). */
static void run_public(int op, fe *r, const fe *a, const fe *b)
{
	if (op == ADD)
		ecf_p256_add(r, a, b);
	else if (op == SUB)
		ecf_p256_sub(r, a, b);
	else
		ecf_p256_neg(r, a);
}

static const char *const NAMES[3] = {"add", "sub", "neg"};

/* One case, with every aliasing the functions allow. */
static void check(const fe *a, const fe *b)
{
	for (int op = ADD; op <= NEG; op++) {
		uint64_t w[4];
		fe r, ra, rb;
		want_of(w, op, a, b);
		run(op, &r, a, b);
		test_expect_limbs(r.limb, w, 4, "fe_%s", NAMES[op]);
		ra = *a;
		run(op, &ra, &ra, b);
		test_expect_limbs(ra.limb, w, 4, "fe_%s, r = a", NAMES[op]);
		rb = *b;
		run(op, &rb, a, &rb);
		if (op != NEG)
			test_expect_limbs(rb.limb, w, 4, "fe_%s, r = b", NAMES[op]);
		run_public(op, &r, a, b);
		test_expect_limbs(r.limb, w, 4, "ecf_p256_%s", NAMES[op]);
	}
	/* a = b = r */
	uint64_t w[4];
	fe x = *a;
	want_of(w, ADD, a, a);
	fe_add(&x, &x, &x);
	test_expect_limbs(x.limb, w, 4, "fe_add, r = a = b");
	x = *a;
	fe_sub(&x, &x, &x);
	test_expect(fe_zero_mask(&x) == ~(uint64_t)0, "fe_sub, r = a = b: not 0");
}

static void test_edges(void **s)
{
	(void)s;
	uint64_t edge[64][16];
	size_t n = test_edge_values(edge, 48, P, 4);
	/* complements: a + b = p - 1, p, p + 1 for a in the edge set */
	mpz_t x;
	mpz_init(x);
	size_t m = n;
	for (size_t i = 0; i < n && m + 2 <= 64; i++) {
		for (int d = 0; d < 2; d++) {
			test_limbs_to_mpz(x, edge[i], 4);
			mpz_sub(x, P, x);
			mpz_sub_ui(x, x, (unsigned long)d); /* p - a - d */
			mpz_mod(x, x, P);
			test_mpz_to_limbs(edge[m++], 4, x);
		}
	}
	mpz_clear(x);
	for (size_t i = 0; i < m; i++)
		for (size_t j = 0; j < m; j++) {
			fe a, b;
			memcpy(a.limb, edge[i], 32);
			memcpy(b.limb, edge[j], 32);
			check(&a, &b);
		}
}

static void test_random(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0xfe256);
	long iters = test_iterations(20000);
	for (long i = 0; i < iters; i++) {
		fe a, b;
		test_rand_below(&rng, a.limb, P, 4, (int)(i & 1));
		test_rand_below(&rng, b.limb, P, 4, (int)((i >> 1) & 1));
		check(&a, &b);
	}
}

static int setup(void **s)
{
	(void)s;
	mpz_init(P);
	test_mpz_set_hex(P, P256_HEX);
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
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_edges), cmocka_unit_test(test_random)};
	return cmocka_run_group_tests_name("p256_curve_fe", tests, setup, teardown);
}
