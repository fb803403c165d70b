/*
 * Generic GMP-checked tests of a Montgomery field built from
 * lib/fields/mont_field_impl.h. Include after defining FIELD (token), NL
 * (limbs), MOD_HEX (modulus in hex), FIELD_BYTES and FIELD_BIG_ENDIAN.
 * Every test runs once per kernel tier the CPU has, through the public
 * (dispatched) entries; test_kernels.c compares the kernels bit for bit.
 * MONT_FIELD_TESTS lists the cmocka cases.
 */
#include <string.h>

#include "common/testutil.h"

#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define TN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(test_, FIELD), _), op)
#define STR2(x) #x
#define STR(x) STR2(x)

#define RANDOM_CASES 100000

static mpz_t M_, R_, RINV_, X_, Y_, Z_, W_;
static uint64_t EDGE[32][16];
static size_t NEDGE;

static int TN(setup)(void **state)
{
	(void)state;
	mpz_inits(M_, R_, RINV_, X_, Y_, Z_, W_, NULL);
	test_mpz_set_hex(M_, MOD_HEX);
	mpz_set_ui(R_, 0);
	mpz_setbit(R_, 64 * NL);
	mpz_invert(RINV_, R_, M_);
	NEDGE = test_edge_values(EDGE, 32, M_, NL);
	return 0;
}

static int TN(teardown)(void **state)
{
	(void)state;
	mpz_clears(M_, R_, RINV_, X_, Y_, Z_, W_, NULL);
	return 0;
}

/* Operand i of a run: the edge values first (every pair for binary ops),
 * then uniform and biased random values. */
static void TN(operand)(test_rng *rng, long i, int which, FE *out)
{
	if (i < (long)(NEDGE * NEDGE)) {
		size_t e = which ? (size_t)i % NEDGE : (size_t)i / NEDGE;
		memcpy(out->limb, EDGE[e], sizeof out->limb);
	} else {
		test_rand_below(rng, out->limb, M_, NL, (int)(i & 1));
	}
}

enum { OP_ADD, OP_SUB, OP_NEG, OP_MUL, OP_SQR, OP_TO_MONT, OP_FROM_MONT, OP_INV };
static const char *const OP_NAMES[] = {"add", "sub", "neg", "mul", "sqr", "to_mont", "from_mont", "inv"};

/* One operation against GMP on edges and RANDOM_CASES random inputs, per tier. */
static void TN(check_op)(int op)
{
	long cases = (long)(NEDGE * NEDGE) + test_iterations(RANDOM_CASES);
	if (op == OP_INV)
		cases = (long)(NEDGE * NEDGE) + test_iterations(RANDOM_CASES / 10);
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, (uint64_t)op * 16 + k);
		for (long i = 0; i < cases; i++) {
			FE a, b, r, want;
			TN(operand)(&rng, i, 0, &a);
			TN(operand)(&rng, i, 1, &b);
			test_limbs_to_mpz(X_, a.limb, NL);
			test_limbs_to_mpz(Y_, b.limb, NL);
			switch (op) {
			case OP_ADD:
				FN(add)(&r, &a, &b);
				mpz_add(Z_, X_, Y_);
				break;
			case OP_SUB:
				FN(sub)(&r, &a, &b);
				mpz_sub(Z_, X_, Y_);
				break;
			case OP_NEG:
				FN(neg)(&r, &a);
				mpz_neg(Z_, X_);
				break;
			case OP_MUL:
				FN(mul)(&r, &a, &b);
				mpz_mul(Z_, X_, Y_);
				mpz_mul(Z_, Z_, RINV_);
				break;
			case OP_SQR:
				FN(sqr)(&r, &a);
				mpz_mul(Z_, X_, X_);
				mpz_mul(Z_, Z_, RINV_);
				break;
			case OP_TO_MONT:
				FN(to_mont)(&r, &a);
				mpz_mul(Z_, X_, R_);
				break;
			case OP_FROM_MONT:
				FN(from_mont)(&r, &a);
				mpz_mul(Z_, X_, RINV_);
				break;
			case OP_INV: /* R/x for a = xR, i.e. R^2/a; 0 maps to 0 */
				FN(inv)(&r, &a);
				if (mpz_sgn(X_) == 0) {
					mpz_set_ui(Z_, 0);
				} else {
					mpz_invert(Z_, X_, M_);
					mpz_mul(Z_, Z_, R_);
					mpz_mul(Z_, Z_, R_);
				}
				break;
			}
			mpz_mod(Z_, Z_, M_);
			test_mpz_to_limbs(want.limb, NL, Z_);
			test_expect_limbs(r.limb, want.limb, NL, "%s_%s case %ld", STR(FIELD), OP_NAMES[op], i);
			/* Outputs may alias inputs: the same op in place must agree. */
			if (op == OP_MUL || op == OP_ADD || op == OP_SUB) {
				FE t = a;
				if (op == OP_MUL)
					FN(mul)(&t, &t, &b);
				if (op == OP_ADD)
					FN(add)(&t, &t, &b);
				if (op == OP_SUB)
					FN(sub)(&t, &t, &b);
				test_expect_limbs(t.limb, want.limb, NL, "%s_%s in place, case %ld", STR(FIELD),
				                  OP_NAMES[op], i);
				/* r == b (common.h: outputs may alias any input). */
				t = b;
				if (op == OP_MUL)
					FN(mul)(&t, &a, &t);
				if (op == OP_ADD)
					FN(add)(&t, &a, &t);
				if (op == OP_SUB)
					FN(sub)(&t, &a, &t);
				test_expect_limbs(t.limb, want.limb, NL, "%s_%s with r == b, case %ld", STR(FIELD),
				                  OP_NAMES[op], i);
				/* r == a == b, against GMP. */
				t = a;
				if (op == OP_MUL) {
					FN(mul)(&t, &t, &t);
					mpz_mul(W_, X_, X_);
					mpz_mul(W_, W_, RINV_);
				}
				if (op == OP_ADD) {
					FN(add)(&t, &t, &t);
					mpz_mul_2exp(W_, X_, 1);
				}
				if (op == OP_SUB) {
					FN(sub)(&t, &t, &t);
					mpz_set_ui(W_, 0);
				}
				mpz_mod(W_, W_, M_);
				FE want2;
				test_mpz_to_limbs(want2.limb, NL, W_);
				test_expect_limbs(t.limb, want2.limb, NL, "%s_%s with r == a == b, case %ld",
				                  STR(FIELD), OP_NAMES[op], i);
			} else if (op != OP_INV) {
				FE t = a;
				if (op == OP_NEG)
					FN(neg)(&t, &t);
				if (op == OP_SQR)
					FN(sqr)(&t, &t);
				if (op == OP_TO_MONT)
					FN(to_mont)(&t, &t);
				if (op == OP_FROM_MONT)
					FN(from_mont)(&t, &t);
				test_expect_limbs(t.limb, want.limb, NL, "%s_%s in place, case %ld", STR(FIELD),
				                  OP_NAMES[op], i);
			}
		}
	}
	test_tier_restore();
}

TEST_CASE(TN(add), TN(check_op), OP_ADD)
TEST_CASE(TN(sub), TN(check_op), OP_SUB)
TEST_CASE(TN(neg), TN(check_op), OP_NEG)
TEST_CASE(TN(mul), TN(check_op), OP_MUL)
TEST_CASE(TN(sqr), TN(check_op), OP_SQR)
TEST_CASE(TN(to_mont), TN(check_op), OP_TO_MONT)
TEST_CASE(TN(from_mont), TN(check_op), OP_FROM_MONT)
TEST_CASE(TN(inv), TN(check_op), OP_INV)

/* redc on 2n-limb inputs up to its documented limit t < m*R. */
static void TN(redc)(void **s)
{
	(void)s;
	mpz_t lim;
	mpz_init(lim);
	mpz_mul(lim, M_, R_); /* exclusive bound */
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, 0x4ed0 + k);
		long cases = test_iterations(RANDOM_CASES) + 8;
		for (long i = 0; i < cases; i++) {
			uint64_t t[2 * NL];
			FE r, want;
			if (i < 8) { /* the largest inputs, zero, and products of edges */
				long e = i;
				if (e == 0)
					mpz_sub_ui(X_, lim, 1);
				else if (e == 1)
					mpz_set_ui(X_, 0);
				else if (e == 2)
					mpz_sub(X_, lim, R_);
				else if (e == 3) {
					mpz_sub_ui(X_, M_, 1);
					mpz_mul(X_, X_, X_);
				} else if (e == 4) {
					mpz_set_ui(X_, 1);
				} else if (e == 5) {
					mpz_sub_ui(X_, R_, 1);
				} else if (e == 6) {
					mpz_sub_ui(X_, lim, 1);
					mpz_fdiv_q_2exp(X_, X_, 64 * NL);
					mpz_mul_2exp(X_, X_, 64 * NL);
				} else {
					mpz_mul_ui(X_, R_, 2);
					mpz_sub_ui(X_, X_, 1);
				}
			} else {
				test_rand_limbs(&rng, t, 2 * NL, (int)(i & 1));
				test_limbs_to_mpz(X_, t, 2 * NL);
				mpz_mod(X_, X_, lim);
			}
			test_mpz_to_limbs(t, 2 * NL, X_);
			FN(redc)(&r, t);
			mpz_mul(Z_, X_, RINV_);
			mpz_mod(Z_, Z_, M_);
			test_mpz_to_limbs(want.limb, NL, Z_);
			test_expect_limbs(r.limb, want.limb, NL, "%s_redc case %ld", STR(FIELD), i);
		}
	}
	/* t = k*m for several k (redc must give 0, not m: the final subtraction is
	 * taken when t/R = m exactly), k*m +- 1, and k*m + (m - 1); every result
	 * is compared with the canonical value, so it must be below m. */
	{
		static const char *const ks[] = {
		    "1", "2", "3", "10000000000000000", "ffffffffffffffff", "R-1", "R/2", "R/2+1", "R-2", "R/3"};
		mpz_t kk;
		mpz_init(kk);
		for (size_t k = 0; k < test_tier_count(); k++) {
			test_tier_select(k);
			for (size_t j = 0; j < sizeof ks / sizeof ks[0]; j++)
				for (int d = -1; d <= 2; d++) {
					uint64_t t[2 * NL];
					FE r, want;
					if (ks[j][0] == 'R') {
						mpz_set(kk, R_);
						if (strcmp(ks[j], "R-1") == 0)
							mpz_sub_ui(kk, kk, 1);
						else if (strcmp(ks[j], "R-2") == 0)
							mpz_sub_ui(kk, kk, 2);
						else if (strcmp(ks[j], "R/2") == 0)
							mpz_fdiv_q_2exp(kk, kk, 1);
						else if (strcmp(ks[j], "R/2+1") == 0) {
							mpz_fdiv_q_2exp(kk, kk, 1);
							mpz_add_ui(kk, kk, 1);
						} else
							mpz_fdiv_q_ui(kk, kk, 3);
					} else {
						test_mpz_set_hex(kk, ks[j]);
					}
					mpz_mul(X_, kk, M_);
					if (d == -1)
						mpz_sub_ui(X_, X_, 1);
					else if (d == 1)
						mpz_add_ui(X_, X_, 1);
					else if (d == 2) {
						mpz_add(X_, X_, M_);
						mpz_sub_ui(X_, X_, 1);
					}
					if (mpz_sgn(X_) < 0 || mpz_cmp(X_, lim) >= 0)
						continue;
					test_mpz_to_limbs(t, 2 * NL, X_);
					FN(redc)(&r, t);
					mpz_mul(Z_, X_, RINV_);
					mpz_mod(Z_, Z_, M_);
					test_mpz_to_limbs(want.limb, NL, Z_);
					test_expect_limbs(r.limb, want.limb, NL, "%s_redc(k*m%+d), k = %s", STR(FIELD),
					                  d, ks[j]);
					if (d == 0)
						test_expect(FN(is_zero)(&r), "%s_redc(k*m) is not zero, k = %s",
						            STR(FIELD), ks[j]);
				}
		}
		mpz_clear(kk);
	}
	mpz_clear(lim);
	test_tier_restore();
}

/* Encoding: round trips, and rejection of every value >= m we can name. */
static void TN(bytes)(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0xb17e5);
	uint8_t buf[FIELD_BYTES + 8], out[FIELD_BYTES];
	FE a, r;
	for (long i = 0; i < test_iterations(RANDOM_CASES / 10) + (long)NEDGE; i++) {
		if (i < (long)NEDGE)
			memcpy(a.limb, EDGE[i], sizeof a.limb);
		else
			test_rand_below(&rng, a.limb, M_, NL, (int)(i & 1));
		FN(to_bytes)(buf, &a);
		test_limbs_to_mpz(X_, a.limb, NL);
		memset(out, 0, sizeof out);
		mpz_export(out, NULL, FIELD_BIG_ENDIAN ? 1 : -1, 1, 0, 0, X_);
		if (FIELD_BIG_ENDIAN) { /* right-align the export */
			size_t len = (mpz_sizeinbase(X_, 2) + 7) / 8;
			if (mpz_sgn(X_) == 0)
				len = 0;
			memset(out, 0, sizeof out);
			mpz_export(out + FIELD_BYTES - len, NULL, 1, 1, 0, 0, X_);
		}
		test_expect(memcmp(buf, out, FIELD_BYTES) == 0, "to_bytes case %ld", i);
		test_expect(FN(from_bytes)(&r, buf, FIELD_BYTES) == ECF_OK, "from_bytes rejects case %ld", i);
		test_expect_limbs(r.limb, a.limb, NL, "from_bytes round trip %ld", i);
	}
	/* Non-canonical: m, m+1, m+2^k, and the all-ones string. */
	const long offs[] = {0, 1, 2, 255, 1L << 20};
	for (size_t i = 0; i < sizeof offs / sizeof offs[0] + 1; i++) {
		if (i < sizeof offs / sizeof offs[0])
			mpz_add_ui(X_, M_, (unsigned long)offs[i]);
		else {
			mpz_set_ui(X_, 0);
			mpz_setbit(X_, 8 * FIELD_BYTES);
			mpz_sub_ui(X_, X_, 1);
		}
		if (mpz_sizeinbase(X_, 2) > 8 * FIELD_BYTES)
			continue;
		size_t len = (mpz_sizeinbase(X_, 2) + 7) / 8;
		memset(buf, 0, sizeof buf);
		if (FIELD_BIG_ENDIAN)
			mpz_export(buf + FIELD_BYTES - len, NULL, 1, 1, 0, 0, X_);
		else
			mpz_export(buf, NULL, -1, 1, 0, 0, X_);
		memset(&r, 0xa5, sizeof r);
		test_expect(FN(from_bytes)(&r, buf, FIELD_BYTES) == ECF_ERR_RANGE, "non-canonical %zu accepted", i);
		test_expect(FN(is_zero)(&r), "non-canonical %zu left a partial output", i);
	}
	/* Wrong lengths and NULL. */
	memset(buf, 0, sizeof buf);
	size_t lens[] = {0, 1, FIELD_BYTES - 1, FIELD_BYTES + 1, FIELD_BYTES + 8};
	for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
		memset(&r, 0xa5, sizeof r);
		test_expect(FN(from_bytes)(&r, buf, lens[i]) == ECF_ERR_LENGTH, "length %zu accepted", lens[i]);
		test_expect(FN(is_zero)(&r), "length error left a partial output");
	}
	memset(&r, 0xa5, sizeof r);
	test_expect(FN(from_bytes)(&r, NULL, FIELD_BYTES) == ECF_ERR_NULL, "NULL input accepted");
	test_expect(FN(is_zero)(&r), "NULL input left a partial output");
	test_expect(FN(from_bytes)(NULL, buf, FIELD_BYTES) == ECF_ERR_NULL, "NULL output accepted");
}

/* Bad input to the decoder: every non-canonical encoding shape we can name
 * (random values in [m, 2^(8*FIELD_BYTES)), bit flips of m-1 that land at or
 * above m, m + small), every length but the right one, NULL in every position.
 * Each must give its own error code, zero the output and write nothing past it. */
static void TN(bad_input)(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0xbad1);
	struct {
		uint64_t before;
		FE r;
		uint64_t after;
	} g;
	uint8_t buf[2 * FIELD_BYTES + 1];
	mpz_t top;
	mpz_init(top);
	mpz_set_ui(top, 0);
	mpz_setbit(top, 8 * FIELD_BYTES); /* encodings hold values below top */
#define GUARDED_CALL(call, want_status, ...)                                                                           \
	do {                                                                                                           \
		g.before = g.after = 0x5a5a5a5a5a5a5a5aULL;                                                            \
		memset(&g.r, 0xa5, sizeof g.r);                                                                        \
		int st_ = (call);                                                                                      \
		test_expect(st_ == (want_status), __VA_ARGS__);                                                        \
		test_expect(FN(is_zero)(&g.r), "error left a partial output");                                         \
		test_expect(g.before == 0x5a5a5a5a5a5a5a5aULL && g.after == 0x5a5a5a5a5a5a5a5aULL,                     \
		            "decoder wrote outside its output");                                                       \
	} while (0)
	/* Encode X_ (< top) into buf in the field's byte order. */
#define ENCODE_X()                                                                                                     \
	do {                                                                                                           \
		memset(buf, 0, sizeof buf);                                                                            \
		size_t sz_ = mpz_sgn(X_) ? (mpz_sizeinbase(X_, 2) + 7) / 8 : 0;                                        \
		mpz_export(FIELD_BIG_ENDIAN ? buf + FIELD_BYTES - sz_ : buf, NULL, FIELD_BIG_ENDIAN ? 1 : -1, 1, 0, 0, \
		           X_);                                                                                        \
	} while (0)
	long n = test_iterations(20000);
	for (long i = 0; i < n; i++) {
		/* m + (random NL limbs mod (top - m)): anywhere in [m, top) */
		uint64_t l[16];
		test_rand_limbs(&rng, l, NL, (int)(i & 1));
		test_limbs_to_mpz(Y_, l, NL);
		mpz_sub(Z_, top, M_);
		mpz_mod(Y_, Y_, Z_);
		mpz_add(X_, M_, Y_);
		ENCODE_X();
		GUARDED_CALL(FN(from_bytes)(&g.r, buf, FIELD_BYTES), ECF_ERR_RANGE, "non-canonical case %ld accepted",
		             i);
	}
	/* Bit flips of m - 1: each result is checked against GMP for its verdict. */
	for (size_t bit = 0; bit < 8 * FIELD_BYTES; bit++) {
		mpz_sub_ui(X_, M_, 1);
		mpz_combit(X_, bit);
		ENCODE_X();
		int canonical = mpz_cmp(X_, M_) < 0;
		if (canonical) {
			test_expect(FN(from_bytes)(&g.r, buf, FIELD_BYTES) == ECF_OK,
			            "m-1 with bit %zu flipped rejected", bit);
		} else {
			GUARDED_CALL(FN(from_bytes)(&g.r, buf, FIELD_BYTES), ECF_ERR_RANGE,
			             "m-1 with bit %zu flipped accepted", bit);
		}
	}
	/* Every wrong length from 0 to 2*FIELD_BYTES+1, with a valid value inside. */
	memset(buf, 0, sizeof buf);
	for (size_t len = 0; len <= sizeof buf; len++) {
		if (len == FIELD_BYTES)
			continue;
		GUARDED_CALL(FN(from_bytes)(&g.r, buf, len), ECF_ERR_LENGTH, "length %zu accepted", len);
	}
	GUARDED_CALL(FN(from_bytes)(&g.r, buf, (size_t)-1), ECF_ERR_LENGTH, "length SIZE_MAX accepted");
	/* NULL input with any length (NULL is reported before the length). */
	GUARDED_CALL(FN(from_bytes)(&g.r, NULL, 0), ECF_ERR_NULL, "NULL input, length 0");
	GUARDED_CALL(FN(from_bytes)(&g.r, NULL, FIELD_BYTES), ECF_ERR_NULL, "NULL input");
	test_expect(FN(from_bytes)(NULL, NULL, FIELD_BYTES) == ECF_ERR_NULL, "NULL output and input");
	test_expect(FN(from_bytes)(NULL, buf, 3) == ECF_ERR_NULL, "NULL output, bad length");
	/* The codes are distinct and described. */
	const int codes[] = {ECF_OK, ECF_ERR_NULL, ECF_ERR_LENGTH, ECF_ERR_RANGE, ECF_ERR_NOT_SQUARE};
	for (size_t i = 0; i < 5; i++) {
		test_expect(strcmp(ecf_status_string(codes[i]), "unknown status") != 0, "status %d has no text",
		            codes[i]);
		for (size_t j = 0; j < i; j++)
			test_expect(codes[i] != codes[j] &&
			                strcmp(ecf_status_string(codes[i]), ecf_status_string(codes[j])) != 0,
			            "status %d and %d are not distinct", codes[i], codes[j]);
	}
	mpz_clear(top);
}

/* Comparisons, constant-time moves, and the constants. */
static void TN(misc)(void **s)
{
	(void)s;
	FE a, b, r, one;
	for (size_t i = 0; i < NEDGE; i++)
		for (size_t j = 0; j < NEDGE; j++) {
			memcpy(a.limb, EDGE[i], sizeof a.limb);
			memcpy(b.limb, EDGE[j], sizeof b.limb);
			int same = memcmp(a.limb, b.limb, sizeof a.limb) == 0;
			test_expect(FN(equal)(&a, &b) == same, "equal(%zu, %zu)", i, j);
			for (int cond = -2; cond <= 2; cond++) {
				r = a;
				FN(cmov)(&r, &b, cond);
				test_expect_limbs(r.limb, cond ? b.limb : a.limb, NL, "cmov cond %d", cond);
				FE x = a, y = b;
				FN(cswap)(&x, &y, cond);
				test_expect_limbs(x.limb, cond ? b.limb : a.limb, NL, "cswap x cond %d", cond);
				test_expect_limbs(y.limb, cond ? a.limb : b.limb, NL, "cswap y cond %d", cond);
				r = a;
				FN(cneg)(&r, cond);
				FE n;
				FN(neg)(&n, &a);
				test_expect_limbs(r.limb, cond ? n.limb : a.limb, NL, "cneg cond %d", cond);
			}
		}
	for (size_t i = 0; i < NEDGE; i++) {
		memcpy(a.limb, EDGE[i], sizeof a.limb);
		test_limbs_to_mpz(X_, a.limb, NL);
		test_expect(FN(is_zero)(&a) == (mpz_sgn(X_) == 0), "is_zero edge %zu", i);
	}
	FN(zero)(&r);
	test_expect(FN(is_zero)(&r), "zero");
	FN(one)(&one); /* R mod m */
	mpz_mod(Z_, R_, M_);
	test_mpz_to_limbs(b.limb, NL, Z_);
	test_expect_limbs(one.limb, b.limb, NL, "one is R mod m");
	FN(from_mont)(&r, &one);
	memset(b.limb, 0, sizeof b.limb);
	b.limb[0] = 1;
	test_expect_limbs(r.limb, b.limb, NL, "from_mont(one) is 1");
}

#define MONT_FIELD_TESTS                                                                                               \
	cmocka_unit_test(TN(add)), cmocka_unit_test(TN(sub)), cmocka_unit_test(TN(neg)), cmocka_unit_test(TN(mul)),    \
	    cmocka_unit_test(TN(sqr)), cmocka_unit_test(TN(redc)), cmocka_unit_test(TN(to_mont)),                      \
	    cmocka_unit_test(TN(from_mont)), cmocka_unit_test(TN(inv)), cmocka_unit_test(TN(bytes)),                   \
	    cmocka_unit_test(TN(bad_input)), cmocka_unit_test(TN(misc))
