/*
 * Generic differential fuzzing of one isogeny field GF(p) and GF(p^2) =
 * GF(p)[i]/(i^2 + 1) (include/ecfield/sidh_field.h.in, built from
 * lib/fields/sidh_field_impl.h) against GMP, on every kernel tier. Include
 * after the field's header, defining FIELD (token), NL (limbs), PA and PB
 * (p = 2^PA * 3^PB - 1) and FIELD_BYTES.
 *
 * Input layout: one byte picks the operation (OP_COUNT of them, listed in
 * fuzz/make_corpus.py), the rest are its operands. An element operand is a
 * mode byte and its bytes: the modes cover the whole documented input range
 * [0, 2p) with its edges (0, small, p - 1, p, p + k, 2p - 1 - k, 2^k +- small)
 * so the fuzzer reaches them without guessing 400-bit values. mp_mul gets any
 * limbs (its range is [0, R)), redc any t < p*R (steered to the top), the
 * decoders raw bytes (steered to p + delta and all-ones), the moves any limbs.
 *
 * Every result is checked for its documented range ([0, 2p), or [0, p) for
 * the canonical ones) and its residue mod p against GMP (GF(p^2)
 * coordinate-wise as re + im*i with i^2 = -1), in place too where outputs may
 * alias inputs, and bit for bit against the portable tier's result.
 */
#include "fuzz_common.h"

#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FP2 ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fp2)
#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define STR2(x) #x
#define STR(x) STR2(x)
#define FIELD_BYTES2 (2 * FIELD_BYTES)
/* both halves of an element of GF(p^2) as one array of 2*NL limbs (re, then im) */
#define L2(x) ((const uint64_t *)(const void *)&(x))

static mpz_t M_, M2_, R_, RINV_, MR_, X0_, X1_, Y0_, Y1_, W0_, W1_, T_, U_;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	mpz_inits(M_, M2_, R_, RINV_, MR_, X0_, X1_, Y0_, Y1_, W0_, W1_, T_, U_, NULL);
	mpz_ui_pow_ui(M_, 3, PB);
	mpz_mul_2exp(M_, M_, PA);
	mpz_sub_ui(M_, M_, 1);
	mpz_mul_2exp(M2_, M_, 1);
	fz_mont_consts(R_, RINV_, MR_, M_, NL);
	fz_init_tiers(STR(FIELD));
	return 0;
}

/* An element in [0, 2p) from the input, and its value in z. */
static void fz_elem(fz_cursor *c, FE *a, mpz_t z)
{
	uint8_t mode = fz_byte(c);
	uint64_t raw[NL];
	switch (mode & 7) {
	case 0: /* raw limbs mod 2p */
	case 6: /* raw limbs mod p, plus p when bit 3 is set: [0, p) and [p, 2p) evenly */
		fz_limbs(c, raw, NL);
		fz_limbs_to_mpz(z, raw, NL);
		mpz_mod(z, z, (mode & 7) ? M_ : M2_);
		if ((mode & 7) && (mode & 8))
			mpz_add(z, z, M_);
		break;
	case 1: /* small */
		mpz_set_ui(z, fz_byte(c));
		break;
	case 2: /* p - 1 - k */
		mpz_sub_ui(z, M_, 1u + fz_byte(c));
		break;
	case 3: /* p + k */
		mpz_add_ui(z, M_, fz_byte(c));
		break;
	case 4: /* 2p - 1 - k: the largest inputs */
		mpz_sub_ui(z, M2_, 1u + fz_byte(c));
		break;
	default: /* 2^k +- small */
		mpz_set_ui(z, 0);
		mpz_setbit(z, (mp_bitcnt_t)(fz_byte(c) % (64 * NL + 1)));
		if (mode & 8)
			mpz_sub_ui(z, z, 1u + (mode >> 4));
		else
			mpz_add_ui(z, z, mode >> 4);
		break;
	}
	mpz_mod(z, z, M2_);
	fz_mpz_to_limbs(a->limb, NL, z);
}

static void fz_elem2(fz_cursor *c, FP2 *a, mpz_t re, mpz_t im)
{
	fz_elem(c, &a->re, re);
	fz_elem(c, &a->im, im);
}

/* Any limbs (the moves and mp_mul take any value below R): raw, all-ones
 * minus a small value, or an element. */
static void fz_any(fz_cursor *c, FE *a, mpz_t z)
{
	uint8_t mode = fz_byte(c);
	if ((mode & 3) == 0) {
		fz_limbs(c, a->limb, NL);
	} else if ((mode & 3) == 1) {
		memset(a->limb, 0xff, sizeof a->limb);
		a->limb[0] -= fz_byte(c);
	} else {
		fz_elem(c, a, z);
	}
	fz_limbs_to_mpz(z, a->limb, NL);
}

/* A multiplier for mul_small: small, all 64 bits, or 2^64 - 1 - small. */
static uint64_t fz_small(fz_cursor *c)
{
	uint8_t mode = fz_byte(c);
	uint64_t k = 0;
	switch (mode & 3) {
	case 0:
		k = fz_byte(c);
		break;
	case 1:
		fz_limbs(c, &k, 1);
		break;
	case 2:
		k = ~(uint64_t)fz_byte(c);
		break;
	default:
		k = (uint64_t)1 << (fz_byte(c) & 63);
		break;
	}
	return k;
}

/* r is in [0, 2p) (or [0, p) if canonical) and r = want (mod p). */
static void fz_check(const FE *r, const mpz_t want, int canonical, const char *what)
{
	fz_limbs_to_mpz(U_, r->limb, NL);
	if (mpz_cmp(U_, canonical ? M_ : M2_) >= 0) {
		fz_print("got", r->limb, NL);
		FZ_FAIL("%s %s: output not below %s", STR(FIELD), what, canonical ? "p" : "2p");
	}
	mpz_sub(U_, U_, want);
	if (!mpz_divisible_p(U_, M_)) {
		fz_print("got", r->limb, NL);
		mpz_mod(U_, want, M_);
		gmp_fprintf(stderr, "  want = 0x%Zx (mod p)\n", U_);
		FZ_FAIL("%s %s: wrong residue", STR(FIELD), what);
	}
}

/* Bits of tier k's result against the first (portable) tier's. */
static void fz_same(const void *got, const void *first, size_t nbytes, size_t k, const char *what)
{
	if (k > 0 && memcmp(got, first, nbytes) != 0) {
		fz_print("got     ", (const uint64_t *)got, nbytes / 8);
		fz_print("portable", (const uint64_t *)first, nbytes / 8);
		FZ_FAIL("%s %s: tier differs from portable", STR(FIELD), what);
	}
}

enum {
	/* GF(p) */
	OP_FROM_BYTES,
	OP_TO_BYTES,
	OP_TO_MONT,
	OP_FROM_MONT,
	OP_REDUCE,
	OP_ADD,
	OP_SUB,
	OP_NEG,
	OP_MUL,
	OP_SQR,
	OP_MUL_SMALL,
	OP_INV,
	OP_MP_MUL,
	OP_REDC,
	OP_COMPARE,
	OP_MOVE,
	/* GF(p^2) */
	OP2_FROM_BYTES,
	OP2_TO_BYTES,
	OP2_TO_MONT,
	OP2_FROM_MONT,
	OP2_REDUCE,
	OP2_ADD,
	OP2_SUB,
	OP2_NEG,
	OP2_CONJ,
	OP2_MUL,
	OP2_SQR,
	OP2_MUL_SMALL,
	OP2_INV,
	OP2_COMPARE,
	OP2_MOVE,
	/* both */
	OP_CONSTANTS,
	OP_NULL_ARGS,
	OP_COUNT
};

static const char *const OP_NAMES[OP_COUNT] = {"from_bytes",
                                               "to_bytes",
                                               "to_mont",
                                               "from_mont",
                                               "reduce",
                                               "add",
                                               "sub",
                                               "neg",
                                               "mul",
                                               "sqr",
                                               "mul_small",
                                               "inv",
                                               "mp_mul",
                                               "redc",
                                               "equal/is_zero",
                                               "cmov/select/cswap",
                                               "fp2_from_bytes",
                                               "fp2_to_bytes",
                                               "fp2_to_mont",
                                               "fp2_from_mont",
                                               "fp2_reduce",
                                               "fp2_add",
                                               "fp2_sub",
                                               "fp2_neg",
                                               "fp2_conj",
                                               "fp2_mul",
                                               "fp2_sqr",
                                               "fp2_mul_small",
                                               "fp2_inv",
                                               "fp2_equal/is_zero",
                                               "fp2_cmov/select/cswap",
                                               "constants",
                                               "NULL arguments"};

/* ---- GF(p) ---- */

static void fz_fp_arith(int op, fz_cursor *c)
{
	FE a, b, r, t, u, first;
	uint64_t k = 0;
	int canonical = op == OP_FROM_MONT || op == OP_REDUCE;
	fz_elem(c, &a, X0_);
	fz_elem(c, &b, Y0_);
	static const int kind[OP_COUNT] = {[OP_TO_MONT] = FZ_M_TO_MONT, [OP_FROM_MONT] = FZ_M_FROM_MONT,
	                                   [OP_REDUCE] = FZ_M_REDUCE,   [OP_ADD] = FZ_M_ADD,
	                                   [OP_SUB] = FZ_M_SUB,         [OP_NEG] = FZ_M_NEG,
	                                   [OP_MUL] = FZ_M_MUL,         [OP_SQR] = FZ_M_SQR,
	                                   [OP_INV] = FZ_M_INV};
	switch (op) {
	case OP_MUL_SMALL:
		k = fz_small(c);
		mpz_set_ui(T_, 0);
		mpz_import(T_, 1, -1, 8, 0, 0, &k);
		mpz_mul(W0_, X0_, T_);
		break;
	default:
		fz_model(kind[op], W0_, X0_, Y0_, M_, R_, RINV_);
		break;
	}
	FZ_EACH_TIER(i)
	{
		t = a;
		u = b;
		switch (op) {
		case OP_TO_MONT:
			FN(to_mont)(&r, &a);
			FN(to_mont)(&t, &t);
			break;
		case OP_FROM_MONT:
			FN(from_mont)(&r, &a);
			FN(from_mont)(&t, &t);
			break;
		case OP_REDUCE:
			FN(reduce)(&r, &a);
			FN(reduce)(&t, &t);
			break;
		case OP_ADD:
			FN(add)(&r, &a, &b);
			FN(add)(&t, &t, &b);
			FN(add)(&u, &a, &u);
			break;
		case OP_SUB:
			FN(sub)(&r, &a, &b);
			FN(sub)(&t, &t, &b);
			FN(sub)(&u, &a, &u);
			break;
		case OP_NEG:
			FN(neg)(&r, &a);
			FN(neg)(&t, &t);
			break;
		case OP_MUL:
			FN(mul)(&r, &a, &b);
			FN(mul)(&t, &t, &b);
			FN(mul)(&u, &a, &u);
			break;
		case OP_SQR:
			FN(sqr)(&r, &a);
			FN(sqr)(&t, &t);
			break;
		case OP_MUL_SMALL:
			FN(mul_small)(&r, &a, k);
			FN(mul_small)(&t, &t, k);
			break;
		case OP_INV:
			FN(inv)(&r, &a);
			FN(inv)(&t, &t);
			break;
		}
		fz_check(&r, W0_, canonical, OP_NAMES[op]);
		fz_expect_limbs(t.limb, r.limb, NL, "in place (r = a)");
		if (op == OP_ADD || op == OP_SUB || op == OP_MUL)
			fz_expect_limbs(u.limb, r.limb, NL, "in place (r = b)");
		if (i == 0)
			first = r;
		fz_same(&r, &first, sizeof r, i, OP_NAMES[op]);
	}
	fz_tiers_reset();
}

/* mp_mul: the exact product of any a, b < R. */
static void fz_mp_mul(fz_cursor *c)
{
	FE a, b;
	uint64_t p[2 * NL], want[2 * NL];
	fz_any(c, &a, X0_);
	fz_any(c, &b, Y0_);
	mpz_mul(W0_, X0_, Y0_);
	fz_mpz_to_limbs(want, 2 * NL, W0_);
	FZ_EACH_TIER(i)
	{
		memset(p, 0xa5, sizeof p);
		FN(mp_mul)(p, &a, &b);
		fz_expect_limbs(p, want, 2 * NL, STR(FIELD) " mp_mul vs GMP");
	}
	fz_tiers_reset();
}

/* redc: any t < p*R (raw, reduced mod p*R, or p*R - 1 - small), t unchanged. */
static void fz_redc(fz_cursor *c)
{
	uint64_t t[2 * NL], t0[2 * NL];
	FE r, first;
	uint8_t mode = fz_byte(c);
	fz_limbs(c, t, 2 * NL);
	fz_limbs_to_mpz(T_, t, 2 * NL);
	if (mode & 1) {
		mpz_fdiv_r_2exp(T_, T_, 8 * (mode >> 1)); /* up to 2^1016 below the top */
		mpz_sub(T_, MR_, T_);
		mpz_sub_ui(T_, T_, 1);
	}
	mpz_mod(T_, T_, MR_);
	fz_mpz_to_limbs(t, 2 * NL, T_);
	memcpy(t0, t, sizeof t);
	mpz_mul(W0_, T_, RINV_);
	FZ_EACH_TIER(i)
	{
		FN(redc)(&r, t);
		fz_check(&r, W0_, 0, "redc");
		fz_expect_limbs(t, t0, 2 * NL, STR(FIELD) " redc modified t");
		if (i == 0)
			first = r;
		fz_same(&r, &first, sizeof r, i, "redc");
	}
	fz_tiers_reset();
}

/* from_bytes: raw bytes of any length, steered to p + delta or all-ones. */
static void fz_from_bytes(fz_cursor *c)
{
	uint8_t sel = fz_byte(c);
	size_t len = (sel & 7) ? FIELD_BYTES : (size_t)(fz_byte(c) % (2 * FIELD_BYTES + 1));
	uint8_t buf[2 * FIELD_BYTES], out[FIELD_BYTES];
	fz_bytes(c, buf, len);
	if (len == FIELD_BYTES && (sel & 8)) { /* p + delta - 128, little-endian */
		mpz_add_ui(T_, M_, fz_byte(c));
		mpz_sub_ui(T_, T_, 128);
		memset(buf, 0, FIELD_BYTES);
		mpz_export(buf, NULL, -1, 1, 0, 0, T_);
	} else if (sel & 16) {
		memset(buf, 0xff, len);
	}
	FE r, first;
	FZ_EACH_TIER(i)
	{
		memset(&r, 0xa5, sizeof r);
		int st = FN(from_bytes)(&r, buf, len);
		if (len != FIELD_BYTES) {
			FZ_CHECK(st == ECF_ERR_LENGTH, "from_bytes accepted length %zu (status %d)", len, st);
			FZ_CHECK(ecfi_limbs_zero_mask(r.limb, NL), "from_bytes length error left a partial output");
			continue;
		}
		mpz_import(T_, len, -1, 1, 0, 0, buf);
		if (mpz_cmp(T_, M_) >= 0) {
			FZ_CHECK(st == ECF_ERR_RANGE, "from_bytes accepted a value >= p (status %d)", st);
			FZ_CHECK(ecfi_limbs_zero_mask(r.limb, NL), "from_bytes range error left a partial output");
			continue;
		}
		FZ_CHECK(st == ECF_OK, "from_bytes rejected a canonical value (status %d)", st);
		fz_check(&r, T_, 1, "from_bytes");
		fz_limbs_to_mpz(U_, r.limb, NL);
		FZ_CHECK(mpz_cmp(U_, T_) == 0, "from_bytes value");
		FN(to_bytes)(out, &r);
		FZ_CHECK(memcmp(out, buf, FIELD_BYTES) == 0, "to_bytes(from_bytes(s)) != s");
		if (i == 0)
			first = r;
		fz_same(&r, &first, sizeof r, i, "from_bytes");
	}
	fz_tiers_reset();
}

/* to_bytes of any a in [0, 2p): the canonical value, little-endian. */
static void fz_to_bytes(fz_cursor *c)
{
	FE a, r;
	uint8_t out[FIELD_BYTES];
	fz_elem(c, &a, X0_);
	mpz_mod(W0_, X0_, M_);
	FZ_EACH_TIER(i)
	{
		FN(to_bytes)(out, &a);
		mpz_import(T_, FIELD_BYTES, -1, 1, 0, 0, out);
		FZ_CHECK(mpz_cmp(T_, W0_) == 0, "to_bytes value");
		FZ_CHECK(FN(from_bytes)(&r, out, FIELD_BYTES) == ECF_OK, "from_bytes(to_bytes(a)) rejected");
		FZ_CHECK(FN(equal)(&r, &a), "from_bytes(to_bytes(a)) != a");
	}
	fz_tiers_reset();
}

/* equal and is_zero on [0, 2p): b is a, another representative of a, or any. */
static void fz_compare(fz_cursor *c)
{
	FE a, b;
	fz_elem(c, &a, X0_);
	uint8_t how = fz_byte(c);
	if ((how & 3) == 0) {
		b = a;
		mpz_set(Y0_, X0_);
	} else if ((how & 3) == 1) { /* the other representative in [0, 2p), if any */
		mpz_set(Y0_, X0_);
		if (mpz_cmp(X0_, M_) < 0)
			mpz_add(Y0_, X0_, M_);
		else
			mpz_sub(Y0_, X0_, M_);
		fz_mpz_to_limbs(b.limb, NL, Y0_);
	} else {
		fz_elem(c, &b, Y0_);
	}
	int eq = mpz_congruent_p(X0_, Y0_, M_) != 0;
	int z = mpz_divisible_p(X0_, M_) != 0;
	FZ_EACH_TIER(i)
	{
		FZ_CHECK(FN(equal)(&a, &b) == eq, "equal, want %d", eq);
		FZ_CHECK(FN(is_zero)(&a) == z, "is_zero, want %d", z);
	}
	fz_tiers_reset();
}

/* cmov, select, cswap (also of an element with itself): any limbs, any cond. */
static void fz_move(fz_cursor *c)
{
	FE a, b, r, x, y;
	fz_any(c, &a, X0_);
	fz_any(c, &b, Y0_);
	int cond = fz_cond(c);
	FZ_EACH_TIER(i)
	{
		r = a;
		FN(cmov)(&r, &b, cond);
		fz_expect_limbs(r.limb, cond ? b.limb : a.limb, NL, "cmov");
		FN(select)(&r, &a, &b, cond);
		fz_expect_limbs(r.limb, cond ? a.limb : b.limb, NL, "select");
		r = a;
		FN(select)(&r, &r, &b, cond);
		fz_expect_limbs(r.limb, cond ? a.limb : b.limb, NL, "select in place");
		x = a;
		y = b;
		FN(cswap)(&x, &y, cond);
		fz_expect_limbs(x.limb, cond ? b.limb : a.limb, NL, "cswap a");
		fz_expect_limbs(y.limb, cond ? a.limb : b.limb, NL, "cswap b");
		FN(cswap)(&x, &x, cond);
		fz_expect_limbs(x.limb, cond ? b.limb : a.limb, NL, "cswap with itself");
	}
	fz_tiers_reset();
}

/* ---- GF(p^2) ---- */

static void fz_check2(const FP2 *r, const mpz_t re, const mpz_t im, int canonical, const char *what)
{
	fz_check(&r->re, re, canonical, what);
	fz_check(&r->im, im, canonical, what);
}

static void fz_fp2_arith(int op, fz_cursor *c)
{
	FP2 a, b, r, t, u, first;
	uint64_t k = 0;
	int canonical = op == OP2_FROM_MONT || op == OP2_REDUCE;
	fz_elem2(c, &a, X0_, X1_);
	fz_elem2(c, &b, Y0_, Y1_);
	switch (op) {
	case OP2_TO_MONT:
		mpz_mul(W0_, X0_, R_);
		mpz_mul(W1_, X1_, R_);
		break;
	case OP2_FROM_MONT:
		mpz_mul(W0_, X0_, RINV_);
		mpz_mul(W1_, X1_, RINV_);
		break;
	case OP2_REDUCE:
		mpz_set(W0_, X0_);
		mpz_set(W1_, X1_);
		break;
	case OP2_ADD:
		mpz_add(W0_, X0_, Y0_);
		mpz_add(W1_, X1_, Y1_);
		break;
	case OP2_SUB:
		mpz_sub(W0_, X0_, Y0_);
		mpz_sub(W1_, X1_, Y1_);
		break;
	case OP2_NEG:
		mpz_neg(W0_, X0_);
		mpz_neg(W1_, X1_);
		break;
	case OP2_CONJ:
		mpz_set(W0_, X0_);
		mpz_neg(W1_, X1_);
		break;
	case OP2_MUL: /* (x0 y0 - x1 y1) + (x0 y1 + x1 y0) i, over R */
		mpz_mul(W0_, X0_, Y0_);
		mpz_submul(W0_, X1_, Y1_);
		mpz_mul(W1_, X0_, Y1_);
		mpz_addmul(W1_, X1_, Y0_);
		mpz_mul(W0_, W0_, RINV_);
		mpz_mul(W1_, W1_, RINV_);
		break;
	case OP2_SQR: /* (x0^2 - x1^2) + 2 x0 x1 i, over R */
		mpz_mul(W0_, X0_, X0_);
		mpz_submul(W0_, X1_, X1_);
		mpz_mul(W1_, X0_, X1_);
		mpz_mul_2exp(W1_, W1_, 1);
		mpz_mul(W0_, W0_, RINV_);
		mpz_mul(W1_, W1_, RINV_);
		break;
	case OP2_MUL_SMALL:
		k = fz_small(c);
		mpz_set_ui(T_, 0);
		mpz_import(T_, 1, -1, 8, 0, 0, &k);
		mpz_mul(W0_, X0_, T_);
		mpz_mul(W1_, X1_, T_);
		break;
	case OP2_INV: /* a = xR gives R/x = R^2 conj(a) / (a0^2 + a1^2); 0 for 0 */
		mpz_mul(T_, X0_, X0_);
		mpz_addmul(T_, X1_, X1_);
		mpz_mod(T_, T_, M_);
		if (mpz_sgn(T_) == 0) { /* only for a = 0: -1 is not a square mod p */
			mpz_set_ui(W0_, 0);
			mpz_set_ui(W1_, 0);
		} else {
			mpz_invert(T_, T_, M_);
			mpz_mul(T_, T_, R_);
			mpz_mul(T_, T_, R_);
			mpz_mul(W0_, X0_, T_);
			mpz_mul(W1_, X1_, T_);
			mpz_neg(W1_, W1_);
		}
		break;
	}
	FZ_EACH_TIER(i)
	{
		t = a;
		u = b;
		switch (op) {
		case OP2_TO_MONT:
			FN(fp2_to_mont)(&r, &a);
			FN(fp2_to_mont)(&t, &t);
			break;
		case OP2_FROM_MONT:
			FN(fp2_from_mont)(&r, &a);
			FN(fp2_from_mont)(&t, &t);
			break;
		case OP2_REDUCE:
			FN(fp2_reduce)(&r, &a);
			FN(fp2_reduce)(&t, &t);
			break;
		case OP2_ADD:
			FN(fp2_add)(&r, &a, &b);
			FN(fp2_add)(&t, &t, &b);
			FN(fp2_add)(&u, &a, &u);
			break;
		case OP2_SUB:
			FN(fp2_sub)(&r, &a, &b);
			FN(fp2_sub)(&t, &t, &b);
			FN(fp2_sub)(&u, &a, &u);
			break;
		case OP2_NEG:
			FN(fp2_neg)(&r, &a);
			FN(fp2_neg)(&t, &t);
			break;
		case OP2_CONJ:
			FN(fp2_conj)(&r, &a);
			FN(fp2_conj)(&t, &t);
			break;
		case OP2_MUL:
			FN(fp2_mul)(&r, &a, &b);
			FN(fp2_mul)(&t, &t, &b);
			FN(fp2_mul)(&u, &a, &u);
			break;
		case OP2_SQR:
			FN(fp2_sqr)(&r, &a);
			FN(fp2_sqr)(&t, &t);
			break;
		case OP2_MUL_SMALL:
			FN(fp2_mul_small)(&r, &a, k);
			FN(fp2_mul_small)(&t, &t, k);
			break;
		case OP2_INV:
			FN(fp2_inv)(&r, &a);
			FN(fp2_inv)(&t, &t);
			break;
		}
		fz_check2(&r, W0_, W1_, canonical, OP_NAMES[op]);
		fz_expect_limbs(L2(t), L2(r), 2 * NL, "in place (r = a)");
		if (op == OP2_ADD || op == OP2_SUB || op == OP2_MUL)
			fz_expect_limbs(L2(u), L2(r), 2 * NL, "in place (r = b)");
		if (i == 0)
			first = r;
		fz_same(&r, &first, sizeof r, i, OP_NAMES[op]);
	}
	fz_tiers_reset();
}

/* fp2_from_bytes: re || im; either half may be >= p (steered to p + delta or
 * all-ones independently), any length. */
static void fz_fp2_from_bytes(fz_cursor *c)
{
	uint8_t sel = fz_byte(c);
	size_t len = (sel & 7) ? FIELD_BYTES2 : (size_t)(fz_byte(c) % (2 * FIELD_BYTES2 + 1));
	uint8_t buf[2 * FIELD_BYTES2], out[FIELD_BYTES2];
	fz_bytes(c, buf, len);
	if (len == FIELD_BYTES2) {
		for (int h = 0; h < 2; h++) {
			uint8_t *half = buf + h * FIELD_BYTES;
			if (sel & (8 << h)) { /* p + delta - 128 */
				mpz_add_ui(T_, M_, fz_byte(c));
				mpz_sub_ui(T_, T_, 128);
				memset(half, 0, FIELD_BYTES);
				mpz_export(half, NULL, -1, 1, 0, 0, T_);
			} else if (sel & (32 << h)) {
				memset(half, 0xff, FIELD_BYTES);
			}
		}
	}
	FP2 r;
	FZ_EACH_TIER(i)
	{
		memset(&r, 0xa5, sizeof r);
		int st = FN(fp2_from_bytes)(&r, buf, len);
		if (len != FIELD_BYTES2) {
			FZ_CHECK(st == ECF_ERR_LENGTH, "fp2_from_bytes accepted length %zu (status %d)", len, st);
			FZ_CHECK(ecfi_limbs_zero_mask(L2(r), 2 * NL), "fp2_from_bytes length error left a value");
			continue;
		}
		mpz_import(X0_, FIELD_BYTES, -1, 1, 0, 0, buf);
		mpz_import(X1_, FIELD_BYTES, -1, 1, 0, 0, buf + FIELD_BYTES);
		if (mpz_cmp(X0_, M_) >= 0 || mpz_cmp(X1_, M_) >= 0) {
			FZ_CHECK(st == ECF_ERR_RANGE, "fp2_from_bytes accepted a half >= p (status %d)", st);
			FZ_CHECK(ecfi_limbs_zero_mask(L2(r), 2 * NL), "fp2_from_bytes range error left a value");
			continue;
		}
		FZ_CHECK(st == ECF_OK, "fp2_from_bytes rejected a canonical value (status %d)", st);
		fz_check2(&r, X0_, X1_, 1, "fp2_from_bytes");
		fz_limbs_to_mpz(U_, r.re.limb, NL);
		FZ_CHECK(mpz_cmp(U_, X0_) == 0, "fp2_from_bytes re value");
		fz_limbs_to_mpz(U_, r.im.limb, NL);
		FZ_CHECK(mpz_cmp(U_, X1_) == 0, "fp2_from_bytes im value");
		FN(fp2_to_bytes)(out, &r);
		FZ_CHECK(memcmp(out, buf, FIELD_BYTES2) == 0, "fp2_to_bytes(fp2_from_bytes(s)) != s");
	}
	fz_tiers_reset();
}

static void fz_fp2_to_bytes(fz_cursor *c)
{
	FP2 a, r;
	uint8_t out[FIELD_BYTES2];
	fz_elem2(c, &a, X0_, X1_);
	mpz_mod(W0_, X0_, M_);
	mpz_mod(W1_, X1_, M_);
	FZ_EACH_TIER(i)
	{
		FN(fp2_to_bytes)(out, &a);
		mpz_import(T_, FIELD_BYTES, -1, 1, 0, 0, out);
		FZ_CHECK(mpz_cmp(T_, W0_) == 0, "fp2_to_bytes re");
		mpz_import(T_, FIELD_BYTES, -1, 1, 0, 0, out + FIELD_BYTES);
		FZ_CHECK(mpz_cmp(T_, W1_) == 0, "fp2_to_bytes im");
		FZ_CHECK(FN(fp2_from_bytes)(&r, out, FIELD_BYTES2) == ECF_OK,
		         "fp2_from_bytes(fp2_to_bytes(a)) rejected");
		FZ_CHECK(FN(fp2_equal)(&r, &a), "fp2_from_bytes(fp2_to_bytes(a)) != a");
	}
	fz_tiers_reset();
}

/* fp2_equal and fp2_is_zero: each half of b is a's, its other representative, or any. */
static void fz_fp2_compare(fz_cursor *c)
{
	FP2 a, b;
	fz_elem2(c, &a, X0_, X1_);
	uint8_t how = fz_byte(c);
	mpz_ptr xs[2] = {X0_, X1_}, ys[2] = {Y0_, Y1_};
	FE *as[2] = {&a.re, &a.im}, *bs[2] = {&b.re, &b.im};
	for (int h = 0; h < 2; h++, how >>= 2) {
		if ((how & 3) == 0) {
			*bs[h] = *as[h];
			mpz_set(ys[h], xs[h]);
		} else if ((how & 3) == 1) {
			if (mpz_cmp(xs[h], M_) < 0)
				mpz_add(ys[h], xs[h], M_);
			else
				mpz_sub(ys[h], xs[h], M_);
			fz_mpz_to_limbs(bs[h]->limb, NL, ys[h]);
		} else {
			fz_elem(c, bs[h], ys[h]);
		}
	}
	int eq = mpz_congruent_p(X0_, Y0_, M_) && mpz_congruent_p(X1_, Y1_, M_);
	int z = mpz_divisible_p(X0_, M_) && mpz_divisible_p(X1_, M_);
	FZ_EACH_TIER(i)
	{
		FZ_CHECK(FN(fp2_equal)(&a, &b) == eq, "fp2_equal, want %d", eq);
		FZ_CHECK(FN(fp2_is_zero)(&a) == z, "fp2_is_zero, want %d", z);
	}
	fz_tiers_reset();
}

static void fz_fp2_move(fz_cursor *c)
{
	FP2 a, b, r, x, y;
	fz_any(c, &a.re, X0_);
	fz_any(c, &a.im, X1_);
	fz_any(c, &b.re, Y0_);
	fz_any(c, &b.im, Y1_);
	int cond = (int)(int8_t)fz_byte(c);
	if (fz_byte(c) & 1)
		cond = (int)((uint32_t)cond << 24);
	const uint64_t *want = cond ? L2(b) : L2(a), *other = cond ? L2(a) : L2(b);
	FZ_EACH_TIER(i)
	{
		r = a;
		FN(fp2_cmov)(&r, &b, cond);
		fz_expect_limbs(L2(r), want, 2 * NL, "fp2_cmov");
		FN(fp2_select)(&r, &a, &b, cond);
		fz_expect_limbs(L2(r), other, 2 * NL, "fp2_select");
		x = a;
		y = b;
		FN(fp2_cswap)(&x, &y, cond);
		fz_expect_limbs(L2(x), want, 2 * NL, "fp2_cswap a");
		fz_expect_limbs(L2(y), other, 2 * NL, "fp2_cswap b");
		FN(fp2_cswap)(&y, &y, cond);
		fz_expect_limbs(L2(y), other, 2 * NL, "fp2_cswap with itself");
	}
	fz_tiers_reset();
}

/* zero, one (R mod p, canonical) and their GF(p^2) forms. */
static void fz_constants(void)
{
	FE r;
	FP2 w;
	mpz_mod(W0_, R_, M_);
	mpz_set_ui(W1_, 0);
	memset(&r, 0xa5, sizeof r);
	FN(zero)(&r);
	FZ_CHECK(ecfi_limbs_zero_mask(r.limb, NL), "zero");
	FN(one)(&r);
	fz_check(&r, W0_, 1, "one");
	memset(&w, 0xa5, sizeof w);
	FN(fp2_zero)(&w);
	FZ_CHECK(ecfi_limbs_zero_mask(L2(w), 2 * NL), "fp2_zero");
	memset(&w, 0xa5, sizeof w);
	FN(fp2_one)(&w);
	fz_check2(&w, W0_, W1_, 1, "fp2_one");
}

/* Decoders with a NULL output or input: ECF_ERR_NULL, output zeroed. */
static void fz_null_args(fz_cursor *c)
{
	uint8_t buf[FIELD_BYTES2];
	fz_bytes(c, buf, sizeof buf);
	FE r;
	FP2 w;
	memset(&r, 0xa5, sizeof r);
	FZ_CHECK(FN(from_bytes)(&r, NULL, FIELD_BYTES) == ECF_ERR_NULL, "from_bytes(NULL input)");
	FZ_CHECK(ecfi_limbs_zero_mask(r.limb, NL), "from_bytes(NULL input) left a value");
	FZ_CHECK(FN(from_bytes)(NULL, buf, FIELD_BYTES) == ECF_ERR_NULL, "from_bytes(NULL output)");
	memset(&w, 0xa5, sizeof w);
	FZ_CHECK(FN(fp2_from_bytes)(&w, NULL, FIELD_BYTES2) == ECF_ERR_NULL, "fp2_from_bytes(NULL input)");
	FZ_CHECK(ecfi_limbs_zero_mask(L2(w), 2 * NL), "fp2_from_bytes(NULL input) left a value");
	FZ_CHECK(FN(fp2_from_bytes)(NULL, buf, FIELD_BYTES2) == ECF_ERR_NULL, "fp2_from_bytes(NULL output)");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cursor c = {data, size};
	int op = fz_byte(&c) % OP_COUNT;
	switch (op) {
	case OP_FROM_BYTES:
		fz_from_bytes(&c);
		break;
	case OP_TO_BYTES:
		fz_to_bytes(&c);
		break;
	case OP_MP_MUL:
		fz_mp_mul(&c);
		break;
	case OP_REDC:
		fz_redc(&c);
		break;
	case OP_COMPARE:
		fz_compare(&c);
		break;
	case OP_MOVE:
		fz_move(&c);
		break;
	case OP2_FROM_BYTES:
		fz_fp2_from_bytes(&c);
		break;
	case OP2_TO_BYTES:
		fz_fp2_to_bytes(&c);
		break;
	case OP2_COMPARE:
		fz_fp2_compare(&c);
		break;
	case OP2_MOVE:
		fz_fp2_move(&c);
		break;
	case OP_CONSTANTS:
	case OP_NULL_ARGS: /* no kernel inside, but every operation runs on every tier */
		FZ_EACH_TIER(i)
		{
			fz_cursor ci = c;
			if (op == OP_CONSTANTS)
				fz_constants();
			else
				fz_null_args(&ci);
		}
		fz_tiers_reset();
		break;
	default:
		if (op < OP2_FROM_BYTES)
			fz_fp_arith(op, &c);
		else
			fz_fp2_arith(op, &c);
		break;
	}
	return 0;
}
