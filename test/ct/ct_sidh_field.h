/*
 * Constant-time checks of one isogeny field GF(p) and GF(p^2) built from
 * lib/fields/sidh_field_impl.h (p = 2^PA * 3^PB - 1): every public operation
 * (none is _vartime), with every secret argument marked undefined for
 * valgrind's memcheck. Include after defining FIELD (token), NL (limbs),
 * FIELD_BYTES, PA and PB; it defines ct_sidh_<FIELD>(rng), which ct_test.c
 * lists in its table.
 *
 * Inputs: the edge values of the lazy range [0, 2p) (0, 1, p - 1, p, p + 1,
 * 2p - 1, and R mod p), then ct_rounds rounds of random values below 2p.
 * mp_mul also gets all-ones limbs (any value below R is allowed), redc the
 * largest allowed t, p*R - 1.
 */
#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FP2 ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fp2)
#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define CT(name) ECFI_CAT(ECFI_CAT(ct_sidh_, name), ECFI_CAT(_, FIELD))

enum { CT(nedge) = 7 };

/* The edge values of [0, 2p), computed from PA and PB (public data). */
static void CT(edges)(uint64_t edge[][NL])
{
	uint64_t p[NL] = {1}, t[NL], one[NL] = {1};
	for (int i = 0; i < PB; i++) { /* p = 3^PB */
		ecfi_limbs_copy(t, p, NL);
		ecfi_limbs_add(p, p, t, NL);
		ecfi_limbs_add(p, p, t, NL);
	}
	for (int i = 0; i < PA; i++) /* p = 2^PA * 3^PB */
		ecfi_limbs_add(p, p, p, NL);
	ecfi_limbs_sub(p, p, one, NL);       /* p = 2^PA * 3^PB - 1 */
	ecfi_limbs_zero(edge[0], NL);        /* 0 */
	ecfi_limbs_copy(edge[1], one, NL);   /* 1 */
	ecfi_limbs_sub(edge[2], p, one, NL); /* p - 1 */
	ecfi_limbs_copy(edge[3], p, NL);     /* p: zero, not canonical */
	ecfi_limbs_add(edge[4], p, one, NL); /* p + 1 */
	ecfi_limbs_add(edge[5], p, p, NL);
	ecfi_limbs_sub(edge[5], edge[5], one, NL); /* 2p - 1, the largest input */
	FE r1;
	FN(one)(&r1); /* R mod p, the Montgomery one */
	ecfi_limbs_copy(edge[6], r1.limb, NL);
}

/* A public operand in [0, 2p): an edge value for the first rounds, then
 * random (the top limb drawn below 2p's top limb). */
static void CT(operand)(ct_rng *rng, FE *a, uint64_t edge[][NL], int i)
{
	if (i < CT(nedge)) {
		ecfi_limbs_copy(a->limb, edge[i], NL);
		return;
	}
	ct_rand(rng, a->limb, NL);
	a->limb[NL - 1] %= edge[5][NL - 1];
}

static void CT(fp)(ct_rng *rng, uint64_t edge[][NL], int i, const FE *a0, const FE *b0)
{
	FE a = *a0, b = *b0, r, s;
	uint64_t c[2 * NL], t[2 * NL], ones[NL];
	uint8_t bytes[FIELD_BYTES];
	uint64_t k = i == 0 ? 0 : i == 1 ? ~(uint64_t)0 : ct_next(rng) >> (i & 63);
	/* redc input: p*R - 1 (the largest allowed), 0, or a product of values in [0, 2p). */
	if (i == 0) {
		for (size_t w = 0; w < NL; w++)
			t[w] = ~(uint64_t)0;
		ecfi_limbs_copy(t + NL, edge[2], NL);
	} else if (i == 1) {
		ecfi_limbs_zero(t, 2 * NL);
	} else {
		FN(mp_mul)(t, &a, &a); /* (2p - 1)^2 among them */
	}
	for (size_t w = 0; w < NL; w++)
		ones[w] = ~(uint64_t)0;
	CT_SECRET(&a, sizeof a);
	CT_SECRET(&b, sizeof b);
	CT_SECRET(t, sizeof t);
	CT_SECRET(ones, sizeof ones);
	CT_SECRET(&k, sizeof k);

	FN(add)(&r, &a, &b);
	ct_sink_bytes(&r, sizeof r);
	FN(sub)(&r, &a, &b);
	ct_sink_bytes(&r, sizeof r);
	FN(neg)(&r, &a);
	ct_sink_bytes(&r, sizeof r);
	FN(mul)(&r, &a, &b);
	ct_sink_bytes(&r, sizeof r);
	FN(sqr)(&r, &a);
	ct_sink_bytes(&r, sizeof r);
	FN(mul_small)(&r, &a, k);
	ct_sink_bytes(&r, sizeof r);
	FN(mp_mul)(c, &a, &b);
	ct_sink_bytes(c, sizeof c);
	FN(mp_mul)(c, (const FE *)ones, (const FE *)ones); /* any value below R */
	ct_sink_bytes(c, sizeof c);
	FN(redc)(&r, t);
	ct_sink_bytes(&r, sizeof r);
	FN(to_mont)(&r, &a);
	ct_sink_bytes(&r, sizeof r);
	FN(from_mont)(&r, &a);
	ct_sink_bytes(&r, sizeof r);
	FN(reduce)(&r, &a);
	ct_sink_bytes(&r, sizeof r);
	FN(inv)(&r, &a);
	ct_sink_bytes(&r, sizeof r);
	ct_sink_int(FN(is_zero)(&a));
	ct_sink_int(FN(equal)(&a, &b));
	int cond = ct_cond(rng, i);
	r = a;
	FN(cmov)(&r, &b, cond);
	FN(select)(&s, &a, &b, cond);
	FN(cswap)(&r, &s, cond);
	FN(cswap)(&r, &r, cond); /* a and b may be the same */
	ct_sink_bytes(&r, sizeof r);
	ct_sink_bytes(&s, sizeof s);
	FN(zero)(&r);
	FN(one)(&r);
	ct_sink_bytes(&r, sizeof r);
	FN(to_bytes)(bytes, &a);
	ct_sink_bytes(bytes, sizeof bytes);
	/* Decoding: the bytes are secret, only the status is public. Canonical
	 * bytes, then the (rejected) encoding of 2p - 1's bits, then all-ones. */
	for (int v = 0; v < 3; v++) {
		if (v == 1)
			ecfi_limbs_to_le(bytes, sizeof bytes, edge[5]);
		if (v == 2)
			memset(bytes, 0xff, sizeof bytes);
		CT_SECRET(bytes, sizeof bytes);
		int st = FN(from_bytes)(&r, bytes, sizeof bytes);
		CT_PUBLIC(&st, sizeof st);
		ct_sink_int(st);
		ct_sink_bytes(&r, sizeof r);
	}
}

static void CT(fp2)(ct_rng *rng, int i, const FE *a0, const FE *b0)
{
	/* x = a + b i, y = b + a i, z = a + a i (zero when a is). */
	FP2 x = {*a0, *b0}, y = {*b0, *a0}, z = {*a0, *a0}, r, s;
	uint8_t bytes[2 * FIELD_BYTES];
	uint64_t k = i == 0 ? 0 : i == 1 ? ~(uint64_t)0 : ct_next(rng) >> (i & 63);
	CT_SECRET(&x, sizeof x);
	CT_SECRET(&y, sizeof y);
	CT_SECRET(&z, sizeof z);
	CT_SECRET(&k, sizeof k);

	FN(fp2_add)(&r, &x, &y);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_sub)(&r, &x, &y);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_neg)(&r, &x);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_conj)(&r, &x);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_mul)(&r, &x, &y);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_sqr)(&r, &x);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_inv)(&r, &x);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_inv)(&r, &z);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_mul_small)(&r, &x, k);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_to_mont)(&r, &x);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_from_mont)(&r, &x);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_reduce)(&r, &x);
	ct_sink_bytes(&r, sizeof r);
	ct_sink_int(FN(fp2_is_zero)(&x));
	ct_sink_int(FN(fp2_is_zero)(&z));
	ct_sink_int(FN(fp2_equal)(&x, &y));
	ct_sink_int(FN(fp2_equal)(&z, &z));
	int cond = ct_cond(rng, i);
	r = x;
	FN(fp2_cmov)(&r, &y, cond);
	FN(fp2_select)(&s, &x, &y, cond);
	FN(fp2_cswap)(&r, &s, cond);
	FN(fp2_cswap)(&s, &s, cond);
	ct_sink_bytes(&r, sizeof r);
	ct_sink_bytes(&s, sizeof s);
	FN(fp2_zero)(&r);
	FN(fp2_one)(&r);
	ct_sink_bytes(&r, sizeof r);
	FN(fp2_to_bytes)(bytes, &x);
	ct_sink_bytes(bytes, sizeof bytes);
	for (int v = 0; v < 2; v++) { /* the encoding of x, then all-ones (rejected) */
		if (v == 1)
			memset(bytes, 0xff, sizeof bytes);
		CT_SECRET(bytes, sizeof bytes);
		int st = FN(fp2_from_bytes)(&r, bytes, sizeof bytes);
		CT_PUBLIC(&st, sizeof st);
		ct_sink_int(st);
		ct_sink_bytes(&r, sizeof r);
	}
}

static void ECFI_CAT(ct_sidh_, FIELD)(ct_rng *rng)
{
	uint64_t edge[CT(nedge)][NL];
	CT(edges)(edge);
	int rounds = CT(nedge) + ct_rounds; /* every edge, then ct_rounds random */
	for (int i = 0; i < rounds; i++) {
		FE a, b;
		CT(operand)(rng, &a, edge, i);
		/* b runs through the edges in another order: (0, p), (1, R),
		 * (p - 1, p - 1), (p, 2p - 1), (2p - 1, p + 1), (R, 0), ... */
		CT(operand)(rng, &b, edge, i < CT(nedge) ? (3 * i + 3) % CT(nedge) : i);
		CT(fp)(rng, edge, i, &a, &b);
		CT(fp2)(rng, i, &a, &b);
	}
}

#undef FE
#undef FP2
#undef FN
#undef CT
