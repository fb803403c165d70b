/*
 * Constant-time checks of one Montgomery field built from
 * lib/fields/mont_field_impl.h: every operation whose name does not end in
 * _vartime, with every secret argument marked undefined for valgrind's
 * memcheck. Include after defining FIELD (token), NL (limbs) and FIELD_BYTES;
 * it defines ct_mont_<FIELD>(rng), which ct_test.c lists in its table.
 */
#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)

/* A public, canonical operand: round 0 gives 0 (which = 0) and 1 (which = 1),
 * round 1 the largest value m - 1, later rounds random values below m (the
 * top limb is halved until from_bytes accepts it, whatever the modulus). */
static void ECFI_CAT(ct_operand_, FIELD)(ct_rng *rng, FE *a, int round, int which)
{
	uint8_t bytes[FIELD_BYTES];
	ecfi_limbs_zero(a->limb, NL);
	if (round == 0) {
		a->limb[0] = (uint64_t)which;
		return;
	}
	if (round == 1) {
		a->limb[0] = 1;
		FN(neg)(a, a);
		return;
	}
	ct_rand(rng, a->limb, NL);
	for (;;) {
		FN(to_bytes)(bytes, a); /* serialises any limbs, canonical or not */
		FE t;
		if (FN(from_bytes)(&t, bytes, sizeof bytes) == ECF_OK)
			return;
		a->limb[NL - 1] >>= 1;
	}
}

static void ECFI_CAT(ct_mont_, FIELD)(ct_rng *rng)
{
	FE a, b, r;
	uint64_t t[2 * NL];
	uint8_t bytes[FIELD_BYTES];
	for (int i = 0; i < ct_rounds; i++) {
		ECFI_CAT(ct_operand_, FIELD)(rng, &a, i, 0);
		ECFI_CAT(ct_operand_, FIELD)(rng, &b, i, 1);
		CT_SECRET(&a, sizeof a);
		CT_SECRET(&b, sizeof b);
		ct_rand(rng, t, 2 * NL);
		t[2 * NL - 1] = 0; /* t < m*R */
		CT_SECRET(t, sizeof t);

		FN(add)(&r, &a, &b);
		FN(sub)(&r, &a, &b);
		FN(neg)(&r, &a);
		FN(mul)(&r, &a, &b);
		FN(sqr)(&r, &a);
		FN(redc)(&r, t);
		FN(to_mont)(&r, &a);
		FN(from_mont)(&r, &a);
		FN(inv)(&r, &a);
		ct_sink_int(FN(is_zero)(&a));
		ct_sink_int(FN(equal)(&a, &b));
		int cond = ct_cond(rng, i);
		r = a;
		FN(cmov)(&r, &b, cond);
		FN(cneg)(&r, cond);
		FN(cswap)(&r, &b, cond);
		FN(zero)(&r);
		FN(to_bytes)(bytes, &a);
		ct_sink_bytes(bytes, sizeof bytes);
		/* Decoding: the bytes are secret, only the status is public. */
		CT_SECRET(bytes, sizeof bytes);
		int st = FN(from_bytes)(&r, bytes, sizeof bytes);
		CT_PUBLIC(&st, sizeof st);
		ct_sink_int(st);
		ct_sink_bytes(&r, sizeof r);
	}
}

#undef FE
#undef FN
