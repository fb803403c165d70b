/*
 * Generic differential fuzzing of one Montgomery field built from
 * lib/fields/mont_field_impl.h, against GMP, on every kernel tier.
 * Include after defining FIELD (token), NL (limbs), MOD_HEX, FIELD_BYTES and
 * FIELD_BIG_ENDIAN; optionally FIELD_EXTRA_OPS (count) and a function
 * fz_extra(int op, fz_cursor *c) defined before the include, for
 * field-specific entries (sqrt, select, reducing decoders...).
 *
 * Input layout: one byte picks the operation, the rest are its operands.
 * Operands are made canonical in several ways (raw bytes mod m, small k,
 * m-1-k, 2^k mod m) so the fuzzer reaches edge values quickly; decoders and
 * redc get raw bytes, so non-canonical encodings and the largest accepted
 * redc inputs are exercised too. Each operation runs on every tier and is
 * compared with GMP, in place too (outputs may alias inputs).
 */
#include "fuzz_common.h"

#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define STR2(x) #x
#define STR(x) STR2(x)

#ifndef FIELD_EXTRA_OPS
#define FIELD_EXTRA_OPS 0
#endif

static mpz_t M_, R_, RINV_, MR_, X_, Y_, Z_;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	mpz_inits(M_, R_, RINV_, MR_, X_, Y_, Z_, NULL);
	if (mpz_set_str(M_, MOD_HEX, 16) != 0)
		abort();
	fz_mont_consts(R_, RINV_, MR_, M_, NL);
	fz_init_tiers(STR(FIELD));
	return 0;
}

/* A canonical element from the input, and its value in z. */
static void fz_elem(fz_cursor *c, FE *a, mpz_t z)
{
	uint8_t mode = fz_byte(c);
	uint64_t raw[NL];
	switch (mode & 3) {
	case 0: /* raw bytes, reduced */
		fz_limbs(c, raw, NL);
		fz_limbs_to_mpz(z, raw, NL);
		break;
	case 1: /* small */
		mpz_set_ui(z, fz_byte(c));
		break;
	case 2: /* m - 1 - k */
		mpz_sub_ui(z, M_, 1u + fz_byte(c));
		break;
	default: /* 2^k +- small */
		mpz_set_ui(z, 0);
		mpz_setbit(z, (mp_bitcnt_t)(fz_byte(c) % (64 * NL + 1)));
		if (mode & 4)
			mpz_sub_ui(z, z, 1u + (mode >> 3));
		else
			mpz_add_ui(z, z, mode >> 3);
		break;
	}
	mpz_mod(z, z, M_);
	fz_mpz_to_limbs(a->limb, NL, z);
}

/* value of a byte string in the field's byte order */
static void fz_import_bytes(mpz_t z, const uint8_t *b, size_t len)
{
	mpz_import(z, len, FIELD_BIG_ENDIAN ? 1 : -1, 1, 0, 0, b);
}

static void fz_want(FE *w, const mpz_t z)
{
	mpz_mod(Z_, z, M_);
	fz_mpz_to_limbs(w->limb, NL, Z_);
}

enum {
	OP_FROM_BYTES,
	OP_TO_BYTES,
	OP_ADD,
	OP_SUB,
	OP_NEG,
	OP_MUL,
	OP_SQR,
	OP_REDC,
	OP_TO_MONT,
	OP_FROM_MONT,
	OP_INV,
	OP_COMPARE,
	OP_CMOV,
	OP_NULL_ARGS,
	OP_COUNT
};

static void fz_from_bytes(fz_cursor *c)
{
	uint8_t sel = fz_byte(c);
	/* Mostly the right length; sometimes any length up to 2x. */
	size_t len = (sel & 7) ? FIELD_BYTES : (size_t)(fz_byte(c) % (2 * FIELD_BYTES + 1));
	uint8_t buf[2 * FIELD_BYTES];
	fz_bytes(c, buf, len);
	if (sel & 8) { /* steer towards m: the encoding of m plus a small delta */
		mpz_add_ui(X_, M_, fz_byte(c));
		mpz_sub_ui(X_, X_, 128);
		if (len == FIELD_BYTES && mpz_sizeinbase(X_, 2) <= 8 * FIELD_BYTES) {
			memset(buf, 0, FIELD_BYTES);
			size_t sz = (mpz_sizeinbase(X_, 2) + 7) / 8;
			mpz_export(FIELD_BIG_ENDIAN ? buf + FIELD_BYTES - sz : buf, NULL, FIELD_BIG_ENDIAN ? 1 : -1, 1,
			           0, 0, X_);
		}
	}
	FE r, want;
	memset(&r, 0xa5, sizeof r);
	int st = FN(from_bytes)(&r, buf, len);
	if (len != FIELD_BYTES) {
		FZ_CHECK(st == ECF_ERR_LENGTH, "from_bytes accepted length %zu (status %d)", len, st);
		FZ_CHECK(FN(is_zero)(&r), "from_bytes length error left a partial output");
		return;
	}
	fz_import_bytes(X_, buf, len);
	if (mpz_cmp(X_, M_) >= 0) {
		FZ_CHECK(st == ECF_ERR_RANGE, "from_bytes accepted a non-canonical value (status %d)", st);
		FZ_CHECK(FN(is_zero)(&r), "from_bytes range error left a partial output");
		return;
	}
	FZ_CHECK(st == ECF_OK, "from_bytes rejected a canonical value (status %d)", st);
	fz_mpz_to_limbs(want.limb, NL, X_);
	fz_expect_limbs(r.limb, want.limb, NL, "from_bytes value");
	uint8_t out[FIELD_BYTES];
	FN(to_bytes)(out, &r);
	FZ_CHECK(memcmp(out, buf, FIELD_BYTES) == 0, "to_bytes(from_bytes(s)) != s");
}

static void fz_null_args(fz_cursor *c)
{
	uint8_t buf[FIELD_BYTES];
	fz_bytes(c, buf, sizeof buf);
	FE r;
	memset(&r, 0xa5, sizeof r);
	FZ_CHECK(FN(from_bytes)(&r, NULL, FIELD_BYTES) == ECF_ERR_NULL, "from_bytes(NULL input)");
	FZ_CHECK(FN(is_zero)(&r), "from_bytes(NULL input) left a partial output");
	FZ_CHECK(FN(from_bytes)(NULL, buf, FIELD_BYTES) == ECF_ERR_NULL, "from_bytes(NULL output)");
}

static void fz_arith(int op, fz_cursor *c)
{
	FE a, b, r, t, want;
	uint64_t tw[2 * NL];
	fz_elem(c, &a, X_);
	fz_elem(c, &b, Y_);
	static const int kind[OP_COUNT] = {[OP_ADD] = FZ_M_ADD,
	                                   [OP_SUB] = FZ_M_SUB,
	                                   [OP_NEG] = FZ_M_NEG,
	                                   [OP_MUL] = FZ_M_MUL,
	                                   [OP_SQR] = FZ_M_SQR,
	                                   [OP_TO_MONT] = FZ_M_TO_MONT,
	                                   [OP_FROM_MONT] = FZ_M_FROM_MONT,
	                                   [OP_INV] = FZ_M_INV};
	switch (op) {
	default:
		fz_model(kind[op], Z_, X_, Y_, M_, R_, RINV_);
		break;
	case OP_REDC: /* raw 2n limbs: any t < m*R is accepted, larger ones are reduced first */
		fz_limbs(c, tw, 2 * NL);
		fz_limbs_to_mpz(X_, tw, 2 * NL);
		if (fz_byte(c) & 1) { /* steer to the top of the accepted range: m*R - 1 - small */
			mpz_fdiv_r_2exp(X_, X_, 16);
			mpz_sub(X_, MR_, X_);
			mpz_sub_ui(X_, X_, 1);
		}
		mpz_mod(X_, X_, MR_);
		fz_mpz_to_limbs(tw, 2 * NL, X_);
		mpz_mul(Z_, X_, RINV_);
		break;
	}
	fz_want(&want, Z_);
	FZ_EACH_TIER(k)
	{
		t = a;
		switch (op) {
		case OP_ADD:
			FN(add)(&r, &a, &b);
			FN(add)(&t, &t, &b);
			break;
		case OP_SUB:
			FN(sub)(&r, &a, &b);
			FN(sub)(&t, &t, &b);
			break;
		case OP_NEG:
			FN(neg)(&r, &a);
			FN(neg)(&t, &t);
			break;
		case OP_MUL:
			FN(mul)(&r, &a, &b);
			FN(mul)(&t, &t, &b);
			break;
		case OP_SQR:
			FN(sqr)(&r, &a);
			FN(sqr)(&t, &t);
			break;
		case OP_TO_MONT:
			FN(to_mont)(&r, &a);
			FN(to_mont)(&t, &t);
			break;
		case OP_FROM_MONT:
			FN(from_mont)(&r, &a);
			FN(from_mont)(&t, &t);
			break;
		case OP_INV:
			FN(inv)(&r, &a);
			FN(inv)(&t, &t);
			break;
		case OP_REDC: {
			FN(redc)(&r, tw);
			uint64_t tt[2 * NL];
			memcpy(tt, tw, sizeof tt);
			FN(redc)((FE *)(void *)tt, tt); /* z may alias the low half of t */
			memcpy(t.limb, tt, sizeof t.limb);
			break;
		}
		}
		fz_expect_limbs(r.limb, want.limb, NL, STR(FIELD) " arithmetic vs GMP");
		fz_expect_limbs(t.limb, want.limb, NL, STR(FIELD) " arithmetic in place vs GMP");
	}
	fz_tiers_reset();
}

static void fz_compare_and_move(int op, fz_cursor *c)
{
	FE a, b, r, n;
	fz_elem(c, &a, X_);
	if (fz_byte(c) & 1)
		b = a; /* equal operands, so equal() sees both answers */
	else
		fz_elem(c, &b, Y_);
	int cond = (int)(int8_t)fz_byte(c);
	if (op == OP_COMPARE) {
		FZ_CHECK(FN(equal)(&a, &b) == (memcmp(&a, &b, sizeof a) == 0), "equal");
		FZ_CHECK(FN(is_zero)(&a) == (mpz_sgn(X_) == 0), "is_zero");
		return;
	}
	r = a;
	FN(cmov)(&r, &b, cond);
	fz_expect_limbs(r.limb, cond ? b.limb : a.limb, NL, "cmov");
	FE x = a, y = b;
	FN(cswap)(&x, &y, cond);
	fz_expect_limbs(x.limb, cond ? b.limb : a.limb, NL, "cswap x");
	fz_expect_limbs(y.limb, cond ? a.limb : b.limb, NL, "cswap y");
	mpz_neg(Z_, X_);
	fz_want(&n, Z_);
	r = a;
	FN(cneg)(&r, cond);
	fz_expect_limbs(r.limb, cond ? n.limb : a.limb, NL, "cneg");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cursor c = {data, size};
	int op = fz_byte(&c) % (OP_COUNT + FIELD_EXTRA_OPS);
	switch (op) {
	case OP_FROM_BYTES:
		fz_from_bytes(&c);
		break;
	case OP_TO_BYTES: {
		FE a, r;
		uint8_t out[FIELD_BYTES];
		fz_elem(&c, &a, X_);
		FN(to_bytes)(out, &a);
		fz_import_bytes(Y_, out, FIELD_BYTES);
		FZ_CHECK(mpz_cmp(X_, Y_) == 0, "to_bytes value");
		FZ_CHECK(FN(from_bytes)(&r, out, FIELD_BYTES) == ECF_OK, "from_bytes(to_bytes(a)) rejected");
		fz_expect_limbs(r.limb, a.limb, NL, "from_bytes(to_bytes(a))");
		break;
	}
	case OP_COMPARE:
	case OP_CMOV:
		fz_compare_and_move(op, &c);
		break;
	case OP_NULL_ARGS:
		fz_null_args(&c);
		break;
	default:
		if (op < OP_COUNT)
			fz_arith(op, &c);
#if FIELD_EXTRA_OPS
		else
			fz_extra(op - OP_COUNT, &c);
#endif
		break;
	}
	return 0;
}
