/*
 * Generic GMP-checked tests of an isogeny field GF(p) and GF(p^2) built from
 * lib/fields/sidh_field_impl.h. Include after defining FIELD (token), NL
 * (limbs), PA and PB (p = 2^PA * 3^PB - 1), FIELD_BYTES and KAT_FILE (the
 * uncompressed SIKE KAT file of the prime, below ECF_VECTORS_DIR).
 *
 * GF(p): every result is checked three ways against GMP: bit for bit against
 * a model of the lazy algorithm (so the exact representative in [0, 2p) is
 * pinned, whatever the kernel), for the documented range, and for the right
 * residue mod p. GF(p^2): against a GMP model of (a + b i) mod p, plus the
 * range. Every test runs once per kernel tier the CPU has, through the public
 * (dispatched) entries. SIDH_FIELD_TESTS lists the cmocka cases.
 */
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/internal.h"
#include "common/testutil.h"
#include "common/vectors.h"
#include "dispatch/cpu.h"
#include "fields/sidh_internal.h"
#include "kernels/kernels.h"

#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FP2 ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fp2)
#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define TN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(test_, FIELD), _), op)
#define IN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _), op)
#define KERNEL(op, tier) ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfk_, FIELD), _), op), _), tier)
#define STR2(x) #x
#define STR(x) STR2(x)

/* At least 50,000 random inputs per operation, kernel tier and prime. */
#define RANDOM_CASES 50000

static mpz_t M_, M2_, R_, RINV_, NINV_, R2_, R3_, X_, Y_, Z_, W_, V_, U_;
static uint64_t EDGE[32][16]; /* values in [0, 2p) */
static size_t NEDGE;

static int TN(setup)(void **state)
{
	(void)state;
	mpz_inits(M_, M2_, R_, RINV_, NINV_, R2_, R3_, X_, Y_, Z_, W_, V_, U_, NULL);
	mpz_ui_pow_ui(M_, 3, PB);
	mpz_mul_2exp(M_, M_, PA);
	mpz_sub_ui(M_, M_, 1);
	mpz_mul_2exp(M2_, M_, 1);
	mpz_set_ui(R_, 0);
	mpz_setbit(R_, 64 * NL);
	mpz_invert(RINV_, R_, M_);
	mpz_invert(NINV_, M_, R_);
	mpz_sub(NINV_, R_, NINV_); /* -1/p mod R */
	mpz_mul(R2_, R_, R_);
	mpz_mod(R2_, R2_, M_);
	mpz_mul(R3_, R2_, R_);
	mpz_mod(R3_, R3_, M_);
	NEDGE = test_edge_values(EDGE, 28, M2_, NL);
	long extra[] = {-1, 0, 1, 2}; /* p - 1, p, p + 1, p + 2 */
	for (size_t i = 0; i < 4; i++) {
		mpz_set_si(Z_, extra[i]);
		mpz_add(Z_, Z_, M_);
		test_mpz_to_limbs(EDGE[NEDGE++], NL, Z_);
	}
	return 0;
}

static int TN(teardown)(void **state)
{
	(void)state;
	mpz_clears(M_, M2_, R_, RINV_, NINV_, R2_, R3_, X_, Y_, Z_, W_, V_, U_, NULL);
	return 0;
}

/* z = the exact output of redc(t): (t + q*p)/R with q = -t/p mod R. */
static void TN(model_redc)(mpz_t z, const mpz_t t)
{
	mpz_t q;
	mpz_init(q);
	mpz_mul(q, t, NINV_);
	mpz_fdiv_r_2exp(q, q, 64 * NL);
	mpz_mul(z, q, M_);
	mpz_add(z, z, t);
	mpz_fdiv_q_2exp(z, z, 64 * NL);
	mpz_clear(q);
}

/* Operand i, which-th of the case: edge pairs first, then uniform and biased
 * random values in [0, 2p). */
static void TN(operand)(test_rng *rng, long i, int which, uint64_t *out)
{
	if (i < (long)(NEDGE * NEDGE)) {
		size_t e = which ? (size_t)i % NEDGE : (size_t)i / NEDGE;
		memcpy(out, EDGE[e], NL * 8);
	} else {
		test_rand_below(rng, out, M2_, NL, (int)((i >> which) & 1));
	}
}

/* got must equal the model exactly, lie below bound (2p or p) and be = want mod p. */
static void TN(expect)(const uint64_t *got, const mpz_t model, const mpz_t bound, const mpz_t want, const char *op,
                       long i)
{
	uint64_t m[NL];
	test_mpz_to_limbs(m, NL, model);
	test_expect_limbs(got, m, NL, "%s_%s vs model, case %ld", STR(FIELD), op, i);
	test_limbs_to_mpz(U_, got, NL);
	test_expect(mpz_cmp(U_, bound) < 0, "%s_%s out of range, case %ld", STR(FIELD), op, i);
	mpz_sub(U_, U_, want);
	test_expect(mpz_divisible_p(U_, M_), "%s_%s wrong residue, case %ld", STR(FIELD), op, i);
}

enum { OP_ADD, OP_SUB, OP_NEG, OP_MUL, OP_SQR, OP_REDUCE, OP_TO_MONT, OP_FROM_MONT, OP_INV, OP_MUL_SMALL, OP_EQUAL };
static const char *const OP_NAMES[] = {"add",     "sub",       "neg", "mul",       "sqr",  "reduce",
                                       "to_mont", "from_mont", "inv", "mul_small", "equal"};

static void TN(check_op)(int op)
{
	long cases = (long)(NEDGE * NEDGE) + test_iterations(RANDOM_CASES);
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, (uint64_t)op * 16 + k);
		for (long i = 0; i < cases; i++) {
			FE a, b, r, t;
			TN(operand)(&rng, i, 0, a.limb);
			TN(operand)(&rng, i, 1, b.limb);
			test_limbs_to_mpz(X_, a.limb, NL);
			test_limbs_to_mpz(Y_, b.limb, NL);
			mpz_srcptr bound = M2_;
			uint64_t small = 0;
			switch (op) {
			case OP_ADD:
				FN(add)(&r, &a, &b);
				mpz_add(Z_, X_, Y_);
				if (mpz_cmp(Z_, M2_) >= 0)
					mpz_sub(Z_, Z_, M2_);
				mpz_set(W_, Z_);
				t = a;
				FN(add)(&t, &t, &b);
				test_expect_limbs(t.limb, r.limb, NL, "add in place (a), case %ld", i);
				t = b;
				FN(add)(&t, &a, &t);
				test_expect_limbs(t.limb, r.limb, NL, "add in place (b), case %ld", i);
				{ /* r == a == b, against the unaliased op(a, a) */
					FE u = a, w;
					FN(add)(&w, &a, &a);
					FN(add)(&u, &u, &u);
					test_expect_limbs(u.limb, w.limb, NL, "add with r == a == b, case %ld", i);
				}
				break;
			case OP_SUB:
				FN(sub)(&r, &a, &b);
				mpz_sub(Z_, X_, Y_);
				if (mpz_sgn(Z_) < 0)
					mpz_add(Z_, Z_, M2_);
				mpz_set(W_, Z_);
				t = a;
				FN(sub)(&t, &t, &b);
				test_expect_limbs(t.limb, r.limb, NL, "sub in place (a), case %ld", i);
				t = b;
				FN(sub)(&t, &a, &t);
				test_expect_limbs(t.limb, r.limb, NL, "sub in place (b), case %ld", i);
				{ /* r == a == b, against the unaliased op(a, a) */
					FE u = a, w;
					FN(sub)(&w, &a, &a);
					FN(sub)(&u, &u, &u);
					test_expect_limbs(u.limb, w.limb, NL, "sub with r == a == b, case %ld", i);
				}
				break;
			case OP_NEG:
				FN(neg)(&r, &a);
				mpz_neg(Z_, X_);
				if (mpz_sgn(Z_) < 0)
					mpz_add(Z_, Z_, M2_);
				mpz_set(W_, Z_);
				t = a;
				FN(neg)(&t, &t);
				test_expect_limbs(t.limb, r.limb, NL, "neg in place, case %ld", i);
				break;
			case OP_MUL:
			case OP_SQR:
				if (op == OP_SQR) {
					b = a;
					mpz_set(Y_, X_);
				}
				if (op == OP_MUL)
					FN(mul)(&r, &a, &b);
				else
					FN(sqr)(&r, &a);
				mpz_mul(V_, X_, Y_);
				TN(model_redc)(Z_, V_);
				mpz_mul(W_, V_, RINV_);
				t = a;
				if (op == OP_MUL)
					FN(mul)(&t, &t, &b);
				else
					FN(sqr)(&t, &t);
				test_expect_limbs(t.limb, r.limb, NL, "%s in place, case %ld", OP_NAMES[op], i);
				if (op == OP_MUL) {
					t = b;
					FN(mul)(&t, &a, &t);
					test_expect_limbs(t.limb, r.limb, NL, "mul in place (b), case %ld", i);
				}
				{ /* r == a == b, against the unaliased op(a, a) */
					FE u, w;
					if (op == OP_MUL) {
						FN(mul)(&w, &a, &a);
						u = a;
						FN(mul)(&u, &u, &u);
					} else {
						FN(sqr)(&w, &a);
						u = w;
					}
					test_expect_limbs(u.limb, w.limb, NL, "mul with r == a == b, case %ld", i);
				}
				break;
			case OP_REDUCE:
				FN(reduce)(&r, &a);
				mpz_mod(Z_, X_, M_);
				mpz_set(W_, Z_);
				bound = M_;
				t = a;
				FN(reduce)(&t, &t);
				test_expect_limbs(t.limb, r.limb, NL, "reduce in place, case %ld", i);
				break;
			case OP_TO_MONT:
				FN(to_mont)(&r, &a);
				mpz_mul(V_, X_, R2_);
				TN(model_redc)(Z_, V_);
				mpz_mul(W_, X_, R_);
				t = a;
				FN(to_mont)(&t, &t);
				test_expect_limbs(t.limb, r.limb, NL, "to_mont in place, case %ld", i);
				break;
			case OP_FROM_MONT:
				FN(from_mont)(&r, &a);
				mpz_mul(Z_, X_, RINV_);
				mpz_mod(Z_, Z_, M_);
				mpz_set(W_, Z_);
				bound = M_;
				t = a;
				FN(from_mont)(&t, &t);
				test_expect_limbs(t.limb, r.limb, NL, "from_mont in place, case %ld", i);
				break;
			case OP_INV: /* R/x for a = xR, i.e. R^2/a; 0 (and p) map to 0 */
				FN(inv)(&r, &a);
				mpz_mod(V_, X_, M_);
				if (mpz_sgn(V_) == 0) {
					mpz_set_ui(Z_, 0);
					mpz_set_ui(W_, 0);
				} else {
					mpz_invert(V_, V_, M_);
					mpz_mul(V_, V_, R3_);
					TN(model_redc)(Z_, V_);
					mpz_invert(W_, X_, M_);
					mpz_mul(W_, W_, R_);
					mpz_mul(W_, W_, R_);
				}
				t = a;
				FN(inv)(&t, &t);
				test_expect_limbs(t.limb, r.limb, NL, "inv in place, case %ld", i);
				break;
			case OP_MUL_SMALL: /* small factors first, then any 64-bit k */
				small = (i & 3) == 0   ? (uint64_t)(i % 17)
				        : (i & 3) == 1 ? ~(uint64_t)0 - (uint64_t)(i % 5)
				                       : test_rng_next(&rng) >> (i % 64);
				FN(mul_small)(&r, &a, small);
				mpz_set_ui(V_, 0);
				mpz_import(V_, 1, -1, 8, 0, 0, &small);
				mpz_mul(W_, X_, V_);
				mpz_mul(V_, V_, R2_);
				TN(model_redc)(U_, V_); /* k in Montgomery form */
				mpz_mul(V_, U_, X_);
				TN(model_redc)(Z_, V_);
				t = a;
				FN(mul_small)(&t, &t, small);
				test_expect_limbs(t.limb, r.limb, NL, "mul_small in place, case %ld", i);
				break;
			case OP_EQUAL: {
				/* Half the cases compare a with its other representative. */
				if (i & 1) {
					mpz_mod(V_, X_, M_);
					if (mpz_cmp(V_, X_) == 0 && mpz_cmp(V_, M_) < 0)
						mpz_add(V_, V_, M_);
					if (mpz_cmp(V_, M2_) < 0) {
						test_mpz_to_limbs(b.limb, NL, V_);
						mpz_set(Y_, V_);
					}
				}
				mpz_mod(V_, X_, M_);
				mpz_mod(U_, Y_, M_);
				int want = mpz_cmp(V_, U_) == 0;
				test_expect(FN(equal)(&a, &b) == want, "equal case %ld", i);
				test_expect(FN(is_zero)(&a) == (mpz_sgn(V_) == 0), "is_zero case %ld", i);
				continue;
			}
			}
			TN(expect)(r.limb, Z_, bound, W_, OP_NAMES[op], i);
		}
	}
	test_tier_restore();
}

TEST_CASE(TN(add), TN(check_op), OP_ADD)
TEST_CASE(TN(sub), TN(check_op), OP_SUB)
TEST_CASE(TN(neg), TN(check_op), OP_NEG)
TEST_CASE(TN(mul), TN(check_op), OP_MUL)
TEST_CASE(TN(sqr), TN(check_op), OP_SQR)
TEST_CASE(TN(reduce), TN(check_op), OP_REDUCE)
TEST_CASE(TN(to_mont), TN(check_op), OP_TO_MONT)
TEST_CASE(TN(from_mont), TN(check_op), OP_FROM_MONT)
TEST_CASE(TN(inv), TN(check_op), OP_INV)
TEST_CASE(TN(mul_small), TN(check_op), OP_MUL_SMALL)
TEST_CASE(TN(equal), TN(check_op), OP_EQUAL)

/* mp_mul on any inputs below R (all-ones limbs included), exact. */
static void TN(mp_mul)(void **s)
{
	(void)s;
	uint64_t edge[32][16];
	size_t nedge = test_edge_values(edge, 26, R_, NL);      /* 0, 1, R-1, R-2, one-limb patterns, ... */
	memcpy(edge[nedge++], EDGE[NEDGE - 3], sizeof edge[0]); /* p */
	memcpy(edge[nedge++], EDGE[NEDGE - 4], sizeof edge[0]); /* p - 1 */
	mpz_mul_2exp(Z_, M_, 2);
	mpz_sub_ui(Z_, Z_, 1);
	test_mpz_to_limbs(edge[nedge++], NL, Z_); /* 4p - 1, the largest Fp2 Karatsuba operand */
	long cases = (long)(nedge * nedge) + test_iterations(RANDOM_CASES);
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, 0x3003 + k);
		for (long i = 0; i < cases; i++) {
			FE a, b;
			uint64_t c[2 * NL], want[2 * NL];
			if (i < (long)(nedge * nedge)) {
				memcpy(a.limb, edge[i / (long)nedge], sizeof a.limb);
				memcpy(b.limb, edge[i % (long)nedge], sizeof b.limb);
			} else {
				test_rand_limbs(&rng, a.limb, NL, (int)(i & 1));
				test_rand_limbs(&rng, b.limb, NL, (int)((i >> 1) & 1));
			}
			FN(mp_mul)(c, &a, &b);
			test_limbs_to_mpz(X_, a.limb, NL);
			test_limbs_to_mpz(Y_, b.limb, NL);
			mpz_mul(Z_, X_, Y_);
			test_mpz_to_limbs(want, 2 * NL, Z_);
			test_expect_limbs(c, want, 2 * NL, "%s_mp_mul case %ld", STR(FIELD), i);
		}
	}
	test_tier_restore();
}

/* redc on 2n-limb inputs up to its limit t < p*R, exact. */
static void TN(redc)(void **s)
{
	(void)s;
	mpz_t lim;
	mpz_init(lim);
	mpz_mul(lim, M_, R_); /* exclusive bound */
	long nfixed = 10 + (long)(NEDGE * NEDGE);
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, 0x4ed0 + k);
		long cases = nfixed + test_iterations(RANDOM_CASES);
		for (long i = 0; i < cases; i++) {
			uint64_t t[2 * NL], t0[2 * NL];
			FE r;
			if (i < 10) { /* the largest inputs, zero, powers, and sums of products */
				switch (i) {
				case 0:
					mpz_sub_ui(X_, lim, 1);
					break;
				case 1:
					mpz_set_ui(X_, 0);
					break;
				case 2:
					mpz_sub(X_, lim, R_);
					break;
				case 3:
					mpz_mul(X_, M2_, M2_);
					mpz_sub_ui(X_, X_, 1);
					break; /* (2p)^2 - 1 */
				case 4:
					mpz_set_ui(X_, 1);
					break;
				case 5:
					mpz_sub_ui(X_, R_, 1);
					break;
				case 6:
					mpz_sub_ui(X_, lim, 1);
					mpz_fdiv_q_2exp(X_, X_, 64 * NL);
					mpz_mul_2exp(X_, X_, 64 * NL);
					break;
				case 7:
					mpz_mul_ui(X_, R_, 2);
					mpz_sub_ui(X_, X_, 1);
					break;
				case 8:
					mpz_mul(X_, M_, M_);
					mpz_mul_ui(X_, X_, 8);
					mpz_sub_ui(X_, X_, 1);
					break; /* 8p^2 - 1 */
				default:
					mpz_sub(X_, lim, M_);
					break;
				}
			} else if (i < nfixed) { /* products of edge values in [0, 2p) */
				long e = i - 10;
				test_limbs_to_mpz(X_, EDGE[e / (long)NEDGE], NL);
				test_limbs_to_mpz(Y_, EDGE[e % (long)NEDGE], NL);
				mpz_mul(X_, X_, Y_);
			} else {
				test_rand_limbs(&rng, t, 2 * NL, (int)(i & 1));
				test_limbs_to_mpz(X_, t, 2 * NL);
				mpz_mod(X_, X_, lim);
			}
			test_mpz_to_limbs(t, 2 * NL, X_);
			memcpy(t0, t, sizeof t);
			FN(redc)(&r, t);
			test_expect_limbs(t, t0, 2 * NL, "%s_redc modified its input, case %ld", STR(FIELD), i);
			TN(model_redc)(Z_, X_);
			mpz_mul(W_, X_, RINV_);
			TN(expect)(r.limb, Z_, M2_, W_, "redc", i);
		}
	}
	mpz_clear(lim);
	test_tier_restore();
}

/* ---- GF(p^2) against a GMP model of (x0 + x1 i) mod p ---- */

static void TN(fp2_to_mpz)(mpz_t x0, mpz_t x1, const FP2 *a)
{
	test_limbs_to_mpz(x0, a->re.limb, NL);
	test_limbs_to_mpz(x1, a->im.limb, NL);
}

/* r's halves must be below bound and = (w0, w1) mod p. */
static void TN(expect_fp2)(const FP2 *r, const mpz_t w0, const mpz_t w1, const mpz_t bound, const char *op, long i)
{
	const uint64_t *half[2] = {r->re.limb, r->im.limb};
	const mpz_srcptr want[2] = {w0, w1};
	for (int h = 0; h < 2; h++) {
		test_limbs_to_mpz(U_, half[h], NL);
		test_expect(mpz_cmp(U_, bound) < 0, "%s_fp2_%s: half %d out of range, case %ld", STR(FIELD), op, h, i);
		mpz_sub(U_, U_, want[h]);
		test_expect(mpz_divisible_p(U_, M_), "%s_fp2_%s: half %d wrong, case %ld", STR(FIELD), op, h, i);
	}
}

enum { F2_ADD, F2_SUB, F2_NEG, F2_CONJ, F2_MUL, F2_SQR, F2_INV, F2_MUL_SMALL, F2_REDUCE, F2_MONT, F2_EQUAL };
static const char *const F2_NAMES[] = {
    "add", "sub", "neg", "conj", "mul", "sqr", "inv", "mul_small", "reduce", "to_mont/from_mont", "equal"};

static void TN(check_fp2)(int op)
{
	long nfixed = (long)(NEDGE * NEDGE);
	long cases = nfixed + test_iterations(RANDOM_CASES);
	mpz_t a0, a1, b0, b1, w0, w1, n;
	mpz_inits(a0, a1, b0, b1, w0, w1, n, NULL);
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, 0xf2f2 + (uint64_t)op * 16 + k);
		for (long i = 0; i < cases; i++) {
			FP2 a, b, r, t;
			/* Edge pairs: a = e1 + e2 i and b = e2 + e1 i; then random halves. */
			TN(operand)(&rng, i, 0, a.re.limb);
			TN(operand)(&rng, i, 1, a.im.limb);
			if (i < nfixed) {
				b.re = a.im;
				b.im = a.re;
			} else {
				TN(operand)(&rng, i, 0, b.re.limb);
				TN(operand)(&rng, i, 1, b.im.limb);
			}
			TN(fp2_to_mpz)(a0, a1, &a);
			TN(fp2_to_mpz)(b0, b1, &b);
			mpz_srcptr bound = M2_;
			uint64_t small = 0;
			switch (op) {
			case F2_ADD:
				FN(fp2_add)(&r, &a, &b);
				mpz_add(w0, a0, b0);
				mpz_add(w1, a1, b1);
				t = a;
				FN(fp2_add)(&t, &t, &b);
				break;
			case F2_SUB:
				FN(fp2_sub)(&r, &a, &b);
				mpz_sub(w0, a0, b0);
				mpz_sub(w1, a1, b1);
				t = b;
				FN(fp2_sub)(&t, &a, &t);
				break;
			case F2_NEG:
				FN(fp2_neg)(&r, &a);
				mpz_neg(w0, a0);
				mpz_neg(w1, a1);
				t = a;
				FN(fp2_neg)(&t, &t);
				break;
			case F2_CONJ:
				FN(fp2_conj)(&r, &a);
				mpz_set(w0, a0);
				mpz_neg(w1, a1);
				t = a;
				FN(fp2_conj)(&t, &t);
				break;
			case F2_MUL: /* (a0 b0 - a1 b1, a0 b1 + a1 b0) / R */
				FN(fp2_mul)(&r, &a, &b);
				mpz_mul(w0, a0, b0);
				mpz_submul(w0, a1, b1);
				mpz_mul(w0, w0, RINV_);
				mpz_mul(w1, a0, b1);
				mpz_addmul(w1, a1, b0);
				mpz_mul(w1, w1, RINV_);
				t = b;
				FN(fp2_mul)(&t, &a, &t);
				test_expect_limbs(t.re.limb, r.re.limb, NL, "fp2_mul in place (b), case %ld", i);
				test_expect_limbs(t.im.limb, r.im.limb, NL, "fp2_mul in place (b), case %ld", i);
				/* The benchmark's direct and pointer forms give the same bits. */
				if (k == 0) { /* tier 0 is portable */
					IN(fp2_mul_portable)(&t, &a, &b);
					test_expect_limbs(t.re.limb, r.re.limb, NL, "fp2_mul direct, case %ld", i);
					test_expect_limbs(t.im.limb, r.im.limb, NL, "fp2_mul direct, case %ld", i);
					IN(fp2_mul_pointer)
					(&t, &a, &b, KERNEL(mp_mul, portable), KERNEL(redc, portable));
				}
#if ECFI_X86_64_KERNELS
				else {
					IN(fp2_mul_mulx_adx)(&t, &a, &b);
					test_expect_limbs(t.re.limb, r.re.limb, NL, "fp2_mul direct, case %ld", i);
					test_expect_limbs(t.im.limb, r.im.limb, NL, "fp2_mul direct, case %ld", i);
					IN(fp2_mul_pointer)
					(&t, &a, &b, KERNEL(mp_mul, mulx_adx), KERNEL(redc, mulx_adx));
				}
#endif
#if ECFI_AARCH64_KERNELS
				else
				{
					IN(fp2_mul_aarch64)(&t, &a, &b);
					test_expect_limbs(t.re.limb, r.re.limb, NL, "fp2_mul direct, case %ld", i);
					test_expect_limbs(t.im.limb, r.im.limb, NL, "fp2_mul direct, case %ld", i);
					IN(fp2_mul_pointer)
					(&t, &a, &b, KERNEL(mp_mul, aarch64), KERNEL(redc, aarch64));
				}
#endif
				test_expect_limbs(t.re.limb, r.re.limb, NL, "fp2_mul through pointers, case %ld", i);
				test_expect_limbs(t.im.limb, r.im.limb, NL, "fp2_mul through pointers, case %ld", i);
				t = a;
				FN(fp2_mul)(&t, &t, &b);
				break;
			case F2_SQR:
				FN(fp2_sqr)(&r, &a);
				mpz_mul(w0, a0, a0);
				mpz_submul(w0, a1, a1);
				mpz_mul(w0, w0, RINV_);
				mpz_mul(w1, a0, a1);
				mpz_mul_2exp(w1, w1, 1);
				mpz_mul(w1, w1, RINV_);
				t = a;
				FN(fp2_sqr)(&t, &t);
				/* and sqr(a) = mul(a, a) as residues */
				FP2 m;
				FN(fp2_mul)(&m, &a, &a);
				FN(fp2_sub)(&m, &m, &r);
				test_expect(FN(fp2_is_zero)(&m), "fp2_sqr != fp2_mul(a, a), case %ld", i);
				break;
			case F2_INV: /* a = xR gives R/x: (a0 - a1 i) R^2 / (a0^2 + a1^2) */
				FN(fp2_inv)(&r, &a);
				mpz_mul(n, a0, a0);
				mpz_addmul(n, a1, a1);
				mpz_mod(n, n, M_);
				if (mpz_sgn(n) == 0) {
					mpz_set_ui(w0, 0);
					mpz_set_ui(w1, 0);
				} else {
					mpz_invert(n, n, M_);
					mpz_mul(n, n, R_);
					mpz_mul(n, n, R_);
					mpz_mul(w0, a0, n);
					mpz_mul(w1, a1, n);
					mpz_neg(w1, w1);
				}
				t = a;
				FN(fp2_inv)(&t, &t);
				break;
			case F2_MUL_SMALL:
				small = (i & 1) ? (uint64_t)(i % 9) : test_rng_next(&rng) >> (i % 64);
				FN(fp2_mul_small)(&r, &a, small);
				mpz_set_ui(n, 0);
				mpz_import(n, 1, -1, 8, 0, 0, &small);
				mpz_mul(w0, a0, n);
				mpz_mul(w1, a1, n);
				t = a;
				FN(fp2_mul_small)(&t, &t, small);
				break;
			case F2_REDUCE:
				FN(fp2_reduce)(&r, &a);
				mpz_set(w0, a0);
				mpz_set(w1, a1);
				bound = M_;
				t = a;
				FN(fp2_reduce)(&t, &t);
				break;
			case F2_MONT: /* to_mont then from_mont is the canonical value */
				FN(fp2_to_mont)(&t, &a);
				mpz_mul(w0, a0, R_);
				mpz_mul(w1, a1, R_);
				TN(expect_fp2)(&t, w0, w1, M2_, "to_mont", i);
				FN(fp2_from_mont)(&r, &t);
				mpz_set(w0, a0);
				mpz_set(w1, a1);
				bound = M_;
				t = a;
				FN(fp2_to_mont)(&t, &t);
				FN(fp2_from_mont)(&t, &t);
				break;
			case F2_EQUAL: {
				if (i & 1) { /* the other representative of each half, when it fits */
					b = a;
					for (int h = 0; h < 2; h++) {
						FE *x = h ? &b.im : &b.re;
						test_limbs_to_mpz(n, x->limb, NL);
						if (mpz_cmp(n, M_) < 0)
							mpz_add(n, n, M_);
						else
							mpz_sub(n, n, M_);
						if ((i >> (h + 1)) & 1)
							test_mpz_to_limbs(x->limb, NL, n);
					}
					TN(fp2_to_mpz)(b0, b1, &b);
				}
				mpz_sub(w0, a0, b0);
				mpz_sub(w1, a1, b1);
				int want = mpz_divisible_p(w0, M_) && mpz_divisible_p(w1, M_);
				test_expect(FN(fp2_equal)(&a, &b) == want, "fp2_equal case %ld", i);
				int z = mpz_divisible_p(a0, M_) && mpz_divisible_p(a1, M_);
				test_expect(FN(fp2_is_zero)(&a) == z, "fp2_is_zero case %ld", i);
				continue;
			}
			}
			TN(expect_fp2)(&r, w0, w1, bound, F2_NAMES[op], i);
			/* the in-place run must give the same bits */
			test_expect_limbs(t.re.limb, r.re.limb, NL, "fp2_%s in place, case %ld", F2_NAMES[op], i);
			test_expect_limbs(t.im.limb, r.im.limb, NL, "fp2_%s in place, case %ld", F2_NAMES[op], i);
			/* Binary ops: r == a, r == b, and r == a == b (against the unaliased op(a, a)). */
			if (op == F2_ADD || op == F2_SUB || op == F2_MUL) {
				void (*f2)(FP2 *, const FP2 *, const FP2 *) = op == F2_ADD   ? FN(fp2_add)
				                                              : op == F2_SUB ? FN(fp2_sub)
				                                                             : FN(fp2_mul);
				FP2 u = a, v = b, w;
				f2(&u, &u, &b);
				f2(&v, &a, &v);
				test_expect(memcmp(&u, &r, sizeof r) == 0, "fp2_%s with r == a, case %ld", F2_NAMES[op],
				            i);
				test_expect(memcmp(&v, &r, sizeof r) == 0, "fp2_%s with r == b, case %ld", F2_NAMES[op],
				            i);
				f2(&w, &a, &a);
				u = a;
				f2(&u, &u, &u);
				test_expect(memcmp(&u, &w, sizeof w) == 0, "fp2_%s with r == a == b, case %ld",
				            F2_NAMES[op], i);
			}
		}
	}
	mpz_clears(a0, a1, b0, b1, w0, w1, n, NULL);
	test_tier_restore();
}

TEST_CASE(TN(fp2_add), TN(check_fp2), F2_ADD)
TEST_CASE(TN(fp2_sub), TN(check_fp2), F2_SUB)
TEST_CASE(TN(fp2_neg), TN(check_fp2), F2_NEG)
TEST_CASE(TN(fp2_conj), TN(check_fp2), F2_CONJ)
TEST_CASE(TN(fp2_mul), TN(check_fp2), F2_MUL)
TEST_CASE(TN(fp2_sqr), TN(check_fp2), F2_SQR)
TEST_CASE(TN(fp2_inv), TN(check_fp2), F2_INV)
TEST_CASE(TN(fp2_mul_small), TN(check_fp2), F2_MUL_SMALL)
TEST_CASE(TN(fp2_reduce), TN(check_fp2), F2_REDUCE)
TEST_CASE(TN(fp2_mont), TN(check_fp2), F2_MONT)
TEST_CASE(TN(fp2_equal), TN(check_fp2), F2_EQUAL)

/* ---- encodings ---- */

/* GF(p) and GF(p^2) encodings: round trips (inputs in [0, 2p) encode their
 * canonical value), and rejection of every value >= p we can name. */
static void TN(bytes)(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0xb17e5);
	uint8_t buf[2 * FIELD_BYTES + 8], out[2 * FIELD_BYTES];
	FE a, r;
	FP2 x, y;
	for (long i = 0; i < test_iterations(RANDOM_CASES / 10) + (long)NEDGE; i++) {
		if (i < (long)NEDGE)
			memcpy(a.limb, EDGE[i], sizeof a.limb);
		else
			TN(operand)(&rng, 1 << 30, (int)(i & 1), a.limb);
		FN(to_bytes)(buf, &a);
		test_limbs_to_mpz(X_, a.limb, NL);
		mpz_mod(X_, X_, M_);
		memset(out, 0, sizeof out);
		mpz_export(out, NULL, -1, 1, 0, 0, X_);
		test_expect(memcmp(buf, out, FIELD_BYTES) == 0, "to_bytes case %ld", i);
		test_expect(FN(from_bytes)(&r, buf, FIELD_BYTES) == ECF_OK, "from_bytes rejects case %ld", i);
		test_mpz_to_limbs(a.limb, NL, X_);
		test_expect_limbs(r.limb, a.limb, NL, "from_bytes round trip %ld", i);
		/* GF(p^2): re || im */
		x.re = a;
		TN(operand)(&rng, 1 << 30, 0, x.im.limb);
		FN(fp2_to_bytes)(buf, &x);
		test_expect(memcmp(buf, out, FIELD_BYTES) == 0, "fp2_to_bytes re, case %ld", i);
		test_expect(FN(fp2_from_bytes)(&y, buf, 2 * FIELD_BYTES) == ECF_OK, "fp2_from_bytes rejects %ld", i);
		FN(fp2_to_bytes)(out, &y);
		test_expect(memcmp(buf, out, 2 * FIELD_BYTES) == 0, "fp2 round trip %ld", i);
		test_expect(FN(fp2_equal)(&x, &y), "fp2 decode != value, case %ld", i);
	}
	/* Non-canonical: p, p+1, p+2^k, 2p - 1 and the all-ones string, alone and
	 * in either half of a GF(p^2) encoding. */
	const long offs[] = {0, 1, 2, 255, 1L << 20, -1};
	for (size_t i = 0; i < sizeof offs / sizeof offs[0] + 1; i++) {
		if (i + 1 < sizeof offs / sizeof offs[0])
			mpz_add_ui(X_, M_, (unsigned long)offs[i]);
		else if (i + 1 == sizeof offs / sizeof offs[0])
			mpz_sub_ui(X_, M2_, 1);
		else {
			mpz_set_ui(X_, 0);
			mpz_setbit(X_, 8 * FIELD_BYTES);
			mpz_sub_ui(X_, X_, 1);
		}
		test_expect(mpz_sizeinbase(X_, 2) <= 8 * FIELD_BYTES, "test value %zu too long", i);
		memset(buf, 0, sizeof buf);
		mpz_export(buf, NULL, -1, 1, 0, 0, X_);
		memset(&r, 0xa5, sizeof r);
		test_expect(FN(from_bytes)(&r, buf, FIELD_BYTES) == ECF_ERR_RANGE, "non-canonical %zu accepted", i);
		test_expect(FN(is_zero)(&r) && r.limb[0] == 0, "non-canonical %zu left a partial output", i);
		for (int h = 0; h < 2; h++) {
			memset(buf, 0, sizeof buf);
			buf[(1 - h) * FIELD_BYTES] = 7; /* a valid other half */
			mpz_export(buf + h * FIELD_BYTES, NULL, -1, 1, 0, 0, X_);
			memset(&y, 0xa5, sizeof y);
			test_expect(FN(fp2_from_bytes)(&y, buf, 2 * FIELD_BYTES) == ECF_ERR_RANGE,
			            "fp2 half %d: %zu accepted", h, i);
			FE zero;
			FN(zero)(&zero);
			test_expect_limbs(y.re.limb, zero.limb, NL, "fp2 range error left a partial output");
			test_expect_limbs(y.im.limb, zero.limb, NL, "fp2 range error left a partial output");
		}
	}
	/* Wrong lengths and NULL. */
	memset(buf, 0, sizeof buf);
	size_t lens[] = {
	    0, 1, FIELD_BYTES - 1, FIELD_BYTES + 1, 2 * FIELD_BYTES, 2 * FIELD_BYTES - 1, 2 * FIELD_BYTES + 1};
	for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
		memset(&r, 0xa5, sizeof r);
		test_expect(FN(from_bytes)(&r, buf, lens[i]) == ECF_ERR_LENGTH, "length %zu accepted", lens[i]);
		test_expect(r.limb[0] == 0 && FN(is_zero)(&r), "length error left a partial output");
		if (lens[i] == 2 * FIELD_BYTES)
			continue;
		memset(&y, 0xa5, sizeof y);
		test_expect(FN(fp2_from_bytes)(&y, buf, lens[i]) == ECF_ERR_LENGTH, "fp2 length %zu accepted", lens[i]);
		test_expect(y.re.limb[0] == 0 && y.im.limb[NL - 1] == 0, "fp2 length error left a partial output");
	}
	memset(&r, 0xa5, sizeof r);
	test_expect(FN(from_bytes)(&r, NULL, FIELD_BYTES) == ECF_ERR_NULL, "NULL input accepted");
	test_expect(r.limb[0] == 0, "NULL input left a partial output");
	test_expect(FN(from_bytes)(NULL, buf, FIELD_BYTES) == ECF_ERR_NULL, "NULL output accepted");
	memset(&y, 0xa5, sizeof y);
	test_expect(FN(fp2_from_bytes)(&y, NULL, 2 * FIELD_BYTES) == ECF_ERR_NULL, "fp2 NULL input accepted");
	test_expect(y.re.limb[0] == 0 && y.im.limb[0] == 0, "fp2 NULL input left a partial output");
	test_expect(FN(fp2_from_bytes)(NULL, buf, 2 * FIELD_BYTES) == ECF_ERR_NULL, "fp2 NULL output accepted");
}

/* Every public key of the uncompressed SIKE KAT file: three GF(p^2) elements
 * (six GF(p) values, each checked < p with GMP) that decode, and re-encode to
 * the same bytes. */
static void TN(sike_kat)(void **s)
{
	(void)s;
	FILE *f = vec_open(KAT_FILE);
	vec_record rec;
	long line = 0, keys = 0;
	uint8_t pk[6 * FIELD_BYTES], out[2 * FIELD_BYTES];
	while (vec_next(f, &rec, &line)) {
		const char *hex = vec_get(&rec, "pk");
		if (!hex)
			continue;
		test_expect(vec_hex(pk, sizeof pk, hex), "pk at line %ld is not %zu bytes of hex", rec.line, sizeof pk);
		for (int e = 0; e < 3; e++) {
			const uint8_t *enc = pk + e * 2 * FIELD_BYTES;
			for (int h = 0; h < 2; h++) { /* independent of the library */
				mpz_import(X_, FIELD_BYTES, -1, 1, 0, 0, enc + h * FIELD_BYTES);
				test_expect(mpz_cmp(X_, M_) < 0, "pk line %ld: element %d half %d is >= p", rec.line, e,
				            h);
			}
			FP2 x;
			int st = FN(fp2_from_bytes)(&x, enc, 2 * FIELD_BYTES);
			test_expect(st == ECF_OK, "pk line %ld: element %d rejected (%d)", rec.line, e, st);
			FN(fp2_to_bytes)(out, &x);
			test_expect(memcmp(out, enc, sizeof out) == 0, "pk line %ld: element %d does not round-trip",
			            rec.line, e);
			/* and through the Montgomery domain and back */
			FN(fp2_to_mont)(&x, &x);
			FN(fp2_from_mont)(&x, &x);
			FN(fp2_to_bytes)(out, &x);
			test_expect(memcmp(out, enc, sizeof out) == 0,
			            "pk line %ld: element %d changed in Montgomery form", rec.line, e);
		}
		keys++;
	}
	fclose(f);
	fprintf(stderr, "# %ld public keys of %s round-trip\n", keys, KAT_FILE);
	test_expect(keys == 100, "expected 100 public keys in %s, found %ld", KAT_FILE, keys);
}

/* Constants, moves, and the range checks of a -Drange_checks=true build. */
static void TN(misc)(void **s)
{
	(void)s;
	FE a, b, r, one;
	for (size_t i = 0; i < NEDGE; i++)
		for (size_t j = 0; j < NEDGE; j++) {
			memcpy(a.limb, EDGE[i], sizeof a.limb);
			memcpy(b.limb, EDGE[j], sizeof b.limb);
			for (int cond = -2; cond <= 2; cond++) {
				r = a;
				FN(cmov)(&r, &b, cond);
				test_expect_limbs(r.limb, cond ? b.limb : a.limb, NL, "cmov cond %d", cond);
				FN(select)(&r, &a, &b, cond);
				test_expect_limbs(r.limb, cond ? a.limb : b.limb, NL, "select cond %d", cond);
				FE x = a, y = b;
				FN(cswap)(&x, &y, cond);
				test_expect_limbs(x.limb, cond ? b.limb : a.limb, NL, "cswap x cond %d", cond);
				test_expect_limbs(y.limb, cond ? a.limb : b.limb, NL, "cswap y cond %d", cond);
				FN(cswap)(&x, &x, cond);
				test_expect_limbs(x.limb, cond ? b.limb : a.limb, NL, "cswap with itself, cond %d",
				                  cond);
				FP2 u = {a, b}, v = {b, a}, w;
				FN(fp2_select)(&w, &u, &v, cond);
				test_expect_limbs(w.re.limb, cond ? a.limb : b.limb, NL, "fp2_select cond %d", cond);
				test_expect_limbs(w.im.limb, cond ? b.limb : a.limb, NL, "fp2_select cond %d", cond);
				w = u;
				FN(fp2_cmov)(&w, &v, cond);
				test_expect_limbs(w.re.limb, cond ? b.limb : a.limb, NL, "fp2_cmov cond %d", cond);
				FN(fp2_cswap)(&u, &v, cond);
				test_expect_limbs(u.im.limb, cond ? a.limb : b.limb, NL, "fp2_cswap cond %d", cond);
				test_expect_limbs(v.im.limb, cond ? b.limb : a.limb, NL, "fp2_cswap cond %d", cond);
			}
		}
	FN(zero)(&r);
	test_expect(FN(is_zero)(&r), "zero");
	FN(one)(&one); /* R mod p, canonical */
	mpz_mod(Z_, R_, M_);
	test_mpz_to_limbs(b.limb, NL, Z_);
	test_expect_limbs(one.limb, b.limb, NL, "one is R mod p");
	FN(from_mont)(&r, &one);
	memset(b.limb, 0, sizeof b.limb);
	b.limb[0] = 1;
	test_expect_limbs(r.limb, b.limb, NL, "from_mont(one) is 1");
	FP2 o, z2;
	FN(fp2_one)(&o);
	FN(fp2_zero)(&z2);
	test_expect(FN(fp2_is_zero)(&z2) && !FN(fp2_is_zero)(&o), "fp2 zero/one");
	test_expect_limbs(o.re.limb, one.limb, NL, "fp2_one re");
	test_expect(FN(is_zero)(&o.im), "fp2_one im");
	/* i^2 = -1 */
	FP2 im = {{{0}}, one}, sq;
	FN(fp2_sqr)(&sq, &im);
	FN(fp2_add)(&sq, &sq, &o);
	test_expect(FN(fp2_is_zero)(&sq), "i^2 != -1");
#if ECFI_RANGE_CHECKS
	/* The debug build aborts on 2p (out of [0, 2p)) and on an overlapping redc. */
	for (int which = 0; which < 3; which++) {
		fflush(stderr);
		pid_t pid = fork();
		test_expect(pid >= 0, "fork");
		if (pid == 0) {
			FE big, out;
			uint64_t t[2 * NL] = {0};
			test_mpz_to_limbs(big.limb, NL, M2_);
			if (which == 0)
				FN(mul)(&out, &big, &one);
			if (which == 1)
				FN(add)(&out, &one, &big);
			if (which == 2)
				FN(redc)((FE *)t, t);
			_exit(0);
		}
		int status = 0;
		waitpid(pid, &status, 0);
		test_expect(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT, "range check %d did not abort", which);
	}
	fprintf(stderr, "# range checks abort on out-of-range inputs\n");
#endif
}

#define UT(f) cmocka_unit_test(f) /* expands TN() first, for readable names */
#define SIDH_FIELD_TESTS                                                                                               \
	UT(TN(add)), UT(TN(sub)), UT(TN(neg)), UT(TN(mul)), UT(TN(sqr)), UT(TN(mp_mul)), UT(TN(redc)), UT(TN(reduce)), \
	    UT(TN(to_mont)), UT(TN(from_mont)), UT(TN(inv)), UT(TN(mul_small)), UT(TN(equal)), UT(TN(fp2_add)),        \
	    UT(TN(fp2_sub)), UT(TN(fp2_neg)), UT(TN(fp2_conj)), UT(TN(fp2_mul)), UT(TN(fp2_sqr)), UT(TN(fp2_inv)),     \
	    UT(TN(fp2_mul_small)), UT(TN(fp2_reduce)), UT(TN(fp2_mont)), UT(TN(fp2_equal)), UT(TN(bytes)),             \
	    UT(TN(sike_kat)), UT(TN(misc))
