/*
 * Differential fuzzing of GF(2^255 - 19) (include/ecfield/p25519.h) against
 * GMP, every operation on every kernel tier.
 *
 * Input layout: one byte picks the operation (OP_COUNT of them, listed in
 * fuzz/make_corpus.py), the rest are its operands. Elements are lazy: any
 * 256-bit value stands for its residue, so an element operand is a mode byte
 * and its bytes covering the whole accepted range with its edges (raw limbs,
 * small, p - 1 - k, p + k, 2p + k, 2^256 - 1 - k, 2^k +- small). Decoders get
 * raw bytes of any length, steered to p + delta (with and without the top
 * bit) and all-ones.
 *
 * Results are checked for their residue mod p against GMP, for range
 * (canonical outputs below p; mul, sqr and pow22523 below the kernels' bound
 * 2^255 + 1463, kernels/kernels.h), in place, and bit for bit against the
 * portable tier. sqrt_ratio is checked through its definition: status from
 * the Legendre symbol of u/v, r^2 = u/v or SQRT_M1*u/v, r even and canonical
 * (which pins r: the other root is p - r, odd).
 */
#include "ecfield/p25519.h"

#include "fuzz_common.h"

#define NL 4
typedef ecf_p25519_fe fe;

static mpz_t ONE_, M_, M2_, TOP_, KBOUND_, SQRT_M1_, E22523_, X_, Y_, W_, T_, U_;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	mpz_inits(ONE_, M_, M2_, TOP_, KBOUND_, SQRT_M1_, E22523_, X_, Y_, W_, T_, U_, NULL);
	mpz_set_ui(ONE_, 1);
	mpz_ui_pow_ui(M_, 2, 255);
	mpz_sub_ui(M_, M_, 19);
	mpz_mul_2exp(M2_, M_, 1);
	mpz_ui_pow_ui(TOP_, 2, 256);
	mpz_ui_pow_ui(KBOUND_, 2, 255);
	mpz_add_ui(KBOUND_, KBOUND_, 1463);
	/* SQRT_M1 = 2^((p-1)/4) (RFC 9496), E22523 = (p-5)/8 = 2^252 - 3 */
	mpz_sub_ui(T_, M_, 1);
	mpz_fdiv_q_2exp(T_, T_, 2);
	mpz_set_ui(SQRT_M1_, 2);
	mpz_powm(SQRT_M1_, SQRT_M1_, T_, M_);
	mpz_ui_pow_ui(E22523_, 2, 252);
	mpz_sub_ui(E22523_, E22523_, 3);
	fz_init_tiers("p25519");
	return 0;
}

/* An element (any value below 2^256) from the input, and its value in z. */
static void fz_elem(fz_cursor *c, fe *a, mpz_t z)
{
	uint8_t mode = fz_byte(c);
	switch (mode & 7) {
	case 0: /* raw limbs: anything */
		fz_limbs(c, a->limb, NL);
		fz_limbs_to_mpz(z, a->limb, NL);
		break;
	case 1: /* small */
		mpz_set_ui(z, fz_byte(c));
		break;
	case 2: /* p - 1 - k */
		mpz_sub_ui(z, M_, 1u + fz_byte(c));
		break;
	case 3: /* p + k: non-canonical */
		mpz_add_ui(z, M_, fz_byte(c));
		break;
	case 4: /* 2^256 - 1 - k: the largest */
		mpz_sub_ui(z, TOP_, 1u + fz_byte(c));
		break;
	case 5: /* 2p + k, up to 2^256 - 1 */
		mpz_add_ui(z, M2_, fz_byte(c) % 38);
		break;
	case 6: /* raw mod p, plus p when bit 3 is set */
		fz_limbs(c, a->limb, NL);
		fz_limbs_to_mpz(z, a->limb, NL);
		mpz_mod(z, z, M_);
		if (mode & 8)
			mpz_add(z, z, M_);
		break;
	default: /* 2^k +- small, mod 2^256 */
		mpz_set_ui(z, 0);
		mpz_setbit(z, fz_byte(c) % 257);
		if (mode & 8)
			mpz_sub_ui(z, z, 1u + (mode >> 4));
		else
			mpz_add_ui(z, z, mode >> 4);
		break;
	}
	mpz_mod(z, z, TOP_);
	fz_mpz_to_limbs(a->limb, NL, z);
}

/* r = want (mod p), and r < bound (NULL: any 256-bit value). */
static void fz_check(const fe *r, const mpz_t want, const mpz_t bound, const char *what)
{
	fz_limbs_to_mpz(U_, r->limb, NL);
	if (bound != NULL && mpz_cmp(U_, bound) >= 0) {
		fz_print("got", r->limb, NL);
		FZ_FAIL("p25519 %s: output out of range", what);
	}
	mpz_sub(U_, U_, want);
	if (!mpz_divisible_p(U_, M_)) {
		fz_print("got", r->limb, NL);
		mpz_mod(U_, want, M_);
		gmp_fprintf(stderr, "  want = 0x%Zx (mod p)\n", U_);
		FZ_FAIL("p25519 %s: wrong residue", what);
	}
}

static void fz_same(const fe *got, const fe *first, size_t k, const char *what)
{
	if (k > 0 && memcmp(got, first, sizeof *got) != 0) {
		fz_print("got     ", got->limb, NL);
		fz_print("portable", first->limb, NL);
		FZ_FAIL("p25519 %s: tier differs from portable", what);
	}
}

enum {
	OP_FROM_BYTES_REDUCE32,
	OP_FROM_BYTES,
	OP_FROM_BYTES_REDUCE64,
	OP_TO_BYTES,
	OP_REDUCE,
	OP_ADD,
	OP_SUB,
	OP_NEG,
	OP_MUL,
	OP_SQR,
	OP_MUL_SMALL,
	OP_INV,
	OP_POW22523,
	OP_ABS,
	OP_SQRT_RATIO,
	OP_COMPARE,
	OP_MOVE,
	OP_SET,
	OP_NULL_ARGS,
	OP_COUNT
};

static const char *const OP_NAMES[OP_COUNT] = {"from_bytes_reduce (32)",
                                               "from_bytes",
                                               "from_bytes_reduce (64)",
                                               "to_bytes",
                                               "reduce",
                                               "add",
                                               "sub",
                                               "neg",
                                               "mul",
                                               "sqr",
                                               "mul_small",
                                               "inv",
                                               "pow22523",
                                               "abs",
                                               "sqrt_ratio",
                                               "equal/is_zero/is_negative",
                                               "select/cmov/cswap/cneg",
                                               "set",
                                               "NULL arguments"};

static void fz_arith(int op, fz_cursor *c)
{
	fe a, b, r, t, u, first;
	uint32_t k = 0;
	const mpz_ptr bound = op == OP_REDUCE || op == OP_INV || op == OP_ABS     ? M_
	                      : op == OP_MUL || op == OP_SQR || op == OP_POW22523 ? KBOUND_
	                                                                          : NULL;
	fz_elem(c, &a, X_);
	fz_elem(c, &b, Y_);
	static const int kind[OP_COUNT] = {
	    [OP_REDUCE] = FZ_M_REDUCE, [OP_ADD] = FZ_M_ADD, [OP_SUB] = FZ_M_SUB, [OP_NEG] = FZ_M_NEG,
	    [OP_MUL] = FZ_M_MUL,       [OP_SQR] = FZ_M_SQR, [OP_INV] = FZ_M_INV};
	switch (op) {
	default: /* the plain domain: r = 1 */
		fz_model(kind[op], W_, X_, Y_, M_, ONE_, ONE_);
		break;
	case OP_MUL_SMALL: {
		uint8_t kb[4];
		fz_bytes(c, kb, 4);
		k = (uint32_t)kb[0] | (uint32_t)kb[1] << 8 | (uint32_t)kb[2] << 16 | (uint32_t)kb[3] << 24;
		if (kb[0] == 0xff) /* the ladder constant */
			k = 121666;
		mpz_mul_ui(W_, X_, k);
		break;
	}
	case OP_POW22523:
		mpz_mod(T_, X_, M_);
		mpz_powm(W_, T_, E22523_, M_);
		break;
	case OP_ABS: /* the even one of x, p - x */
		mpz_mod(W_, X_, M_);
		if (mpz_odd_p(W_))
			mpz_sub(W_, M_, W_);
		break;
	}
	FZ_EACH_TIER(i)
	{
		t = a;
		u = b;
		switch (op) {
		case OP_REDUCE:
			ecf_p25519_reduce(&r, &a);
			ecf_p25519_reduce(&t, &t);
			break;
		case OP_ADD:
			ecf_p25519_add(&r, &a, &b);
			ecf_p25519_add(&t, &t, &b);
			ecf_p25519_add(&u, &a, &u);
			break;
		case OP_SUB:
			ecf_p25519_sub(&r, &a, &b);
			ecf_p25519_sub(&t, &t, &b);
			ecf_p25519_sub(&u, &a, &u);
			break;
		case OP_NEG:
			ecf_p25519_neg(&r, &a);
			ecf_p25519_neg(&t, &t);
			break;
		case OP_MUL:
			ecf_p25519_mul(&r, &a, &b);
			ecf_p25519_mul(&t, &t, &b);
			ecf_p25519_mul(&u, &a, &u);
			break;
		case OP_SQR:
			ecf_p25519_sqr(&r, &a);
			ecf_p25519_sqr(&t, &t);
			break;
		case OP_MUL_SMALL:
			ecf_p25519_mul_small(&r, &a, k);
			ecf_p25519_mul_small(&t, &t, k);
			break;
		case OP_INV:
			ecf_p25519_inv(&r, &a);
			ecf_p25519_inv(&t, &t);
			break;
		case OP_POW22523:
			ecf_p25519_pow22523(&r, &a);
			ecf_p25519_pow22523(&t, &t);
			break;
		case OP_ABS:
			ecf_p25519_abs(&r, &a);
			ecf_p25519_abs(&t, &t);
			break;
		}
		fz_check(&r, W_, bound, OP_NAMES[op]);
		if (bound == M_) { /* canonical: the exact value */
			fz_limbs_to_mpz(U_, r.limb, NL);
			mpz_mod(T_, W_, M_);
			FZ_CHECK(mpz_cmp(U_, T_) == 0, "%s: canonical output is not the reduced value", OP_NAMES[op]);
		}
		fz_expect_limbs(t.limb, r.limb, NL, "in place (r = a)");
		if (op == OP_ADD || op == OP_SUB || op == OP_MUL)
			fz_expect_limbs(u.limb, r.limb, NL, "in place (r = b)");
		if (i == 0)
			first = r;
		fz_same(&r, &first, i, OP_NAMES[op]);
	}
	fz_tiers_reset();
}

/* The decoders: from_bytes (strict: value < p or ECF_ERR_RANGE) and
 * from_bytes_reduce (32 or 64 bytes, the whole integer mod p; the op decides
 * which length the usual case takes). */
static void fz_decode(int op, fz_cursor *c)
{
	const size_t want_len = op == OP_FROM_BYTES_REDUCE64 ? 64 : 32;
	uint8_t sel = fz_byte(c), buf[129], out[32];
	size_t len = (sel & 7) ? want_len : (size_t)(fz_byte(c) % 129);
	fz_bytes(c, buf, len);
	if (len >= 32 && (sel & 8)) { /* p + delta - 128 in the low 32 bytes, little-endian */
		mpz_add_ui(T_, M_, fz_byte(c));
		mpz_sub_ui(T_, T_, 128);
		memset(buf, 0, 32);
		mpz_export(buf, NULL, -1, 1, 0, 0, T_);
	} else if (sel & 16) {
		memset(buf, 0xff, len);
	}
	if (len >= 32 && (sel & 32))
		buf[31] ^= 0x80; /* the top bit: reduced by from_bytes_reduce, rejected by from_bytes */
	fe r, first;
	FZ_EACH_TIER(i)
	{
		memset(&r, 0xa5, sizeof r);
		int st = op == OP_FROM_BYTES ? ecf_p25519_from_bytes(&r, buf, len)
		                             : ecf_p25519_from_bytes_reduce(&r, buf, len);
		if (op == OP_FROM_BYTES ? len != 32 : len != 32 && len != 64) {
			FZ_CHECK(st == ECF_ERR_LENGTH, "%s accepted length %zu (status %d)", OP_NAMES[op], len, st);
			FZ_CHECK(ecfi_limbs_zero_mask(r.limb, NL), "%s length error left a value", OP_NAMES[op]);
			continue;
		}
		mpz_import(X_, len, -1, 1, 0, 0, buf);
		if (op == OP_FROM_BYTES && mpz_cmp(X_, M_) >= 0) {
			FZ_CHECK(st == ECF_ERR_RANGE, "from_bytes accepted a value >= p (status %d)", st);
			FZ_CHECK(ecfi_limbs_zero_mask(r.limb, NL), "from_bytes range error left a value");
			continue;
		}
		FZ_CHECK(st == ECF_OK, "%s rejected a valid string (status %d)", OP_NAMES[op], st);
		mpz_mod(W_, X_, M_);
		fz_check(&r, W_, M_, OP_NAMES[op]);
		fz_limbs_to_mpz(U_, r.limb, NL);
		FZ_CHECK(mpz_cmp(U_, W_) == 0, "%s: output is not the reduced value", OP_NAMES[op]);
		ecf_p25519_to_bytes(out, &r);
		mpz_import(T_, 32, -1, 1, 0, 0, out);
		FZ_CHECK(mpz_cmp(T_, W_) == 0, "to_bytes(%s)", OP_NAMES[op]);
		if (len == 32 && mpz_cmp(X_, M_) < 0) /* canonical strings round-trip */
			FZ_CHECK(memcmp(out, buf, 32) == 0, "to_bytes(from_bytes(s)) != s");
		if (i == 0)
			first = r;
		fz_same(&r, &first, i, OP_NAMES[op]);
	}
	fz_tiers_reset();
}

static void fz_to_bytes(fz_cursor *c)
{
	fe a, r;
	uint8_t out[32];
	fz_elem(c, &a, X_);
	mpz_mod(W_, X_, M_);
	FZ_EACH_TIER(i)
	{
		ecf_p25519_to_bytes(out, &a);
		mpz_import(T_, 32, -1, 1, 0, 0, out);
		FZ_CHECK(mpz_cmp(T_, W_) == 0, "to_bytes value");
		FZ_CHECK(ecf_p25519_from_bytes(&r, out, 32) == ECF_OK, "from_bytes(to_bytes(a)) rejected");
		FZ_CHECK(ecf_p25519_equal(&r, &a), "from_bytes(to_bytes(a)) != a");
	}
	fz_tiers_reset();
}

/* sqrt_ratio against its definition (RFC 9496 4.2); u/v steered to squares. */
static void fz_sqrt_ratio(fz_cursor *c)
{
	fe u, v, r, first;
	fz_elem(c, &u, X_);
	fz_elem(c, &v, Y_);
	if (fz_byte(c) & 1) { /* u = v * s^2: a square ratio (or 0) */
		fe s;
		fz_elem(c, &s, T_);
		mpz_mul(T_, T_, T_);
		mpz_mul(X_, T_, Y_);
		mpz_mod(X_, X_, M_);
		fz_mpz_to_limbs(u.limb, NL, X_);
	}
	mpz_mod(T_, X_, M_);
	mpz_mod(U_, Y_, M_);
	int want_st, square = 0;
	if (mpz_sgn(T_) == 0) {
		want_st = 1; /* r = 0 */
	} else if (mpz_sgn(U_) == 0) {
		want_st = 0; /* r = 0 */
	} else {
		mpz_invert(W_, U_, M_);
		mpz_mul(W_, W_, T_);
		mpz_mod(W_, W_, M_); /* u/v */
		square = mpz_legendre(W_, M_) == 1;
		want_st = square;
		if (!square) {
			mpz_mul(W_, W_, SQRT_M1_);
			mpz_mod(W_, W_, M_);
		}
	}
	FZ_EACH_TIER(i)
	{
		memset(&r, 0xa5, sizeof r);
		int st = ecf_p25519_sqrt_ratio(&r, &u, &v);
		FZ_CHECK(st == (want_st ? ECF_OK : ECF_ERR_NOT_SQUARE), "sqrt_ratio returned %d, want was_square %d",
		         st, want_st);
		fz_limbs_to_mpz(X_, r.limb, NL);
		FZ_CHECK(mpz_cmp(X_, M_) < 0, "sqrt_ratio: r not canonical");
		FZ_CHECK(mpz_even_p(X_), "sqrt_ratio: r negative (odd)");
		if (mpz_sgn(T_) == 0 || mpz_sgn(U_) == 0) {
			FZ_CHECK(mpz_sgn(X_) == 0, "sqrt_ratio with u = 0 or v = 0: r != 0");
		} else {
			mpz_mul(X_, X_, X_);
			FZ_CHECK(mpz_congruent_p(X_, W_, M_), "sqrt_ratio: r^2 != %su/v", square ? "" : "SQRT_M1*");
		}
		fe t = u, w = v;
		FZ_CHECK(ecf_p25519_sqrt_ratio(&t, &t, &v) == (want_st ? ECF_OK : ECF_ERR_NOT_SQUARE),
		         "sqrt_ratio in place (r = u) status");
		fz_expect_limbs(t.limb, r.limb, NL, "sqrt_ratio in place (r = u)");
		FZ_CHECK(ecf_p25519_sqrt_ratio(&w, &u, &w) == (want_st ? ECF_OK : ECF_ERR_NOT_SQUARE),
		         "sqrt_ratio in place (r = v) status");
		fz_expect_limbs(w.limb, r.limb, NL, "sqrt_ratio in place (r = v)");
		if (i == 0)
			first = r;
		fz_same(&r, &first, i, "sqrt_ratio");
	}
	fz_tiers_reset();
}

/* equal, is_zero, is_negative on lazy values: b is a, another representative, or any. */
static void fz_compare(fz_cursor *c)
{
	fe a, b;
	fz_elem(c, &a, X_);
	uint8_t how = fz_byte(c);
	if ((how & 3) == 0) {
		mpz_set(Y_, X_);
	} else if ((how & 3) == 1) { /* a +- 2p (bit 2) or a +- p, whichever stays below 2^256 */
		mpz_ptr d = (how & 4) ? M2_ : M_;
		mpz_add(Y_, X_, d);
		if (mpz_cmp(Y_, TOP_) >= 0)
			mpz_sub(Y_, X_, d);
		if (mpz_sgn(Y_) < 0) { /* a +- 2p does not fit; a +- p always does (p < 2^256 - p) */
			mpz_add(Y_, X_, M_);
			if (mpz_cmp(Y_, TOP_) >= 0)
				mpz_sub(Y_, X_, M_);
		}
	} else {
		fz_elem(c, &b, Y_);
	}
	fz_mpz_to_limbs(b.limb, NL, Y_);
	mpz_mod(W_, X_, M_);
	int eq = mpz_congruent_p(X_, Y_, M_) != 0;
	int z = mpz_sgn(W_) == 0;
	int neg = mpz_odd_p(W_) != 0;
	FZ_EACH_TIER(i)
	{
		FZ_CHECK(ecf_p25519_equal(&a, &b) == eq, "equal, want %d", eq);
		FZ_CHECK(ecf_p25519_is_zero(&a) == z, "is_zero, want %d", z);
		FZ_CHECK(ecf_p25519_is_negative(&a) == neg, "is_negative, want %d", neg);
	}
	fz_tiers_reset();
}

/* select (cond ? a : b), cmov, cswap, cneg with any cond. */
static void fz_move(fz_cursor *c)
{
	fe a, b, r, x, y;
	fz_elem(c, &a, X_);
	fz_elem(c, &b, Y_);
	int cond = fz_cond(c);
	mpz_neg(W_, X_);
	FZ_EACH_TIER(i)
	{
		ecf_p25519_select(&r, &a, &b, cond);
		fz_expect_limbs(r.limb, cond ? a.limb : b.limb, NL, "select");
		r = b;
		ecf_p25519_select(&r, &a, &r, cond);
		fz_expect_limbs(r.limb, cond ? a.limb : b.limb, NL, "select in place");
		r = a;
		ecf_p25519_cmov(&r, &b, cond);
		fz_expect_limbs(r.limb, cond ? b.limb : a.limb, NL, "cmov");
		x = a;
		y = b;
		ecf_p25519_cswap(&x, &y, cond);
		fz_expect_limbs(x.limb, cond ? b.limb : a.limb, NL, "cswap a");
		fz_expect_limbs(y.limb, cond ? a.limb : b.limb, NL, "cswap b");
		r = a;
		ecf_p25519_cneg(&r, cond);
		if (cond)
			fz_check(&r, W_, NULL, "cneg");
		else
			fz_expect_limbs(r.limb, a.limb, NL, "cneg (cond 0) changed r");
	}
	fz_tiers_reset();
}

static void fz_set(fz_cursor *c)
{
	fe a, r;
	uint64_t v;
	fz_elem(c, &a, X_);
	fz_limbs(c, &v, 1);
	memset(&r, 0xa5, sizeof r);
	ecf_p25519_zero(&r);
	FZ_CHECK(ecfi_limbs_zero_mask(r.limb, NL), "zero");
	ecf_p25519_one(&r);
	FZ_CHECK(r.limb[0] == 1 && r.limb[1] == 0 && r.limb[2] == 0 && r.limb[3] == 0, "one");
	ecf_p25519_set(&r, &a);
	fz_expect_limbs(r.limb, a.limb, NL, "set keeps the representation");
	ecf_p25519_set_u64(&r, v);
	FZ_CHECK(r.limb[0] == v && r.limb[1] == 0 && r.limb[2] == 0 && r.limb[3] == 0, "set_u64");
}

static void fz_null_args(fz_cursor *c)
{
	uint8_t buf[64];
	fz_bytes(c, buf, sizeof buf);
	fe r;
	int (*dec[3])(fe *, const uint8_t *, size_t) = {ecf_p25519_from_bytes_reduce, ecf_p25519_from_bytes,
	                                                ecf_p25519_from_bytes_reduce};
	for (int d = 0; d < 3; d++) {
		size_t len = d == 2 ? 64 : 32;
		memset(&r, 0xa5, sizeof r);
		FZ_CHECK(dec[d](&r, NULL, len) == ECF_ERR_NULL, "decoder %d (NULL input)", d);
		FZ_CHECK(ecfi_limbs_zero_mask(r.limb, NL), "decoder %d (NULL input) left a value", d);
		FZ_CHECK(dec[d](NULL, buf, len) == ECF_ERR_NULL, "decoder %d (NULL output)", d);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cursor c = {data, size};
	int op = fz_byte(&c) % OP_COUNT;
	switch (op) {
	case OP_FROM_BYTES_REDUCE32:
	case OP_FROM_BYTES:
	case OP_FROM_BYTES_REDUCE64:
		fz_decode(op, &c);
		break;
	case OP_TO_BYTES:
		fz_to_bytes(&c);
		break;
	case OP_SQRT_RATIO:
		fz_sqrt_ratio(&c);
		break;
	case OP_COMPARE:
		fz_compare(&c);
		break;
	case OP_MOVE:
		fz_move(&c);
		break;
	case OP_SET:
	case OP_NULL_ARGS: /* no kernel inside, but every operation runs on every tier */
		FZ_EACH_TIER(i)
		{
			fz_cursor ci = c;
			if (op == OP_SET)
				fz_set(&ci);
			else
				fz_null_args(&ci);
		}
		fz_tiers_reset();
		break;
	default:
		fz_arith(op, &c);
		break;
	}
	return 0;
}
