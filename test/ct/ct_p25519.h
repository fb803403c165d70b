/*
 * Constant-time checks of GF(2^255 - 19) (ecfield/p25519.h, its own code, not
 * mont_field_impl.h): every public operation (none is _vartime), with every
 * secret argument marked undefined for valgrind's memcheck. Included by
 * ct_test.c; it defines ct_p25519(rng). (This replaces test_p25519_ct.c.)
 *
 * Every function accepts any 256-bit limbs, so the edge inputs span the
 * whole lazy range: 0, 1, p - 1, p, p + 1, 2^255 - 1, 2p - 1 and all-ones
 * 2^256 - 1, in pairs that include (0, 0) for sqrt_ratio; then random limbs.
 */
#define CT_P25519_NEDGE 8

static const uint64_t CT_P25519_EDGE[CT_P25519_NEDGE][4] = {
    {0, 0, 0, 0},
    {1, 0, 0, 0},
    {0xffffffffffffffecULL, ~0ULL, ~0ULL, ~0ULL >> 1}, /* p - 1 */
    {0xffffffffffffffedULL, ~0ULL, ~0ULL, ~0ULL >> 1}, /* p */
    {0xffffffffffffffeeULL, ~0ULL, ~0ULL, ~0ULL >> 1}, /* p + 1 */
    {~0ULL, ~0ULL, ~0ULL, ~0ULL >> 1},                 /* 2^255 - 1 */
    {0xffffffffffffffd9ULL, ~0ULL, ~0ULL, ~0ULL},      /* 2p - 1 */
    {~0ULL, ~0ULL, ~0ULL, ~0ULL},                      /* 2^256 - 1 */
};

static void ct_p25519_operand(ct_rng *rng, ecf_p25519_fe *a, int i)
{
	if (i < CT_P25519_NEDGE)
		memcpy(a->limb, CT_P25519_EDGE[i], sizeof a->limb);
	else
		ct_rand(rng, a->limb, 4);
}

static void ct_p25519(ct_rng *rng)
{
	int rounds = CT_P25519_NEDGE + ct_rounds; /* every edge, then ct_rounds random */
	for (int i = 0; i < rounds; i++) {
		ecf_p25519_fe a, b, r, s;
		uint8_t wide[64], bytes[32];
		ct_p25519_operand(rng, &a, i);
		/* (0, 0), (1, 2^255 - 1), (p, 2^256 - 1), (2^256 - 1, p), ...: every
		 * edge on each side, v = 0 mod p with u != 0 too; then random. */
		ct_p25519_operand(rng, &b, i < CT_P25519_NEDGE ? (5 * i) % CT_P25519_NEDGE : i);
		uint64_t v = i < 2 ? (uint64_t)0 - (uint64_t)i : ct_next(rng);
		uint32_t c = i == 0 ? 121666 : i == 1 ? 0xffffffffu : (uint32_t)ct_next(rng);
		if (i < 2)
			memset(wide, i ? 0xff : 0, sizeof wide);
		else
			for (size_t k = 0; k < sizeof wide; k++)
				wide[k] = (uint8_t)ct_next(rng);
		CT_SECRET(&a, sizeof a);
		CT_SECRET(&b, sizeof b);
		CT_SECRET(&v, sizeof v);
		CT_SECRET(&c, sizeof c);
		CT_SECRET(wide, sizeof wide);

		ecf_p25519_zero(&r);
		ecf_p25519_one(&r);
		ecf_p25519_set_u64(&r, v);
		ct_sink_bytes(&r, sizeof r);
		ecf_p25519_set(&r, &a);
		ecf_p25519_add(&r, &a, &b);
		ct_sink_bytes(&r, sizeof r);
		ecf_p25519_sub(&r, &a, &b);
		ct_sink_bytes(&r, sizeof r);
		ecf_p25519_neg(&r, &a);
		ct_sink_bytes(&r, sizeof r);
		ecf_p25519_mul(&r, &a, &b);
		ct_sink_bytes(&r, sizeof r);
		ecf_p25519_sqr(&r, &a);
		ct_sink_bytes(&r, sizeof r);
		ecf_p25519_mul_small(&r, &a, c);
		ct_sink_bytes(&r, sizeof r);
		ecf_p25519_reduce(&r, &a);
		ct_sink_bytes(&r, sizeof r);
		ecf_p25519_inv(&r, &a);
		ct_sink_bytes(&r, sizeof r);
		ecf_p25519_pow22523(&r, &a);
		ct_sink_bytes(&r, sizeof r);
		ct_sink_int(ecf_p25519_sqrt_ratio(&r, &a, &b)); /* the result is secret too */
		ct_sink_bytes(&r, sizeof r);
		ct_sink_int(ecf_p25519_is_zero(&a));
		ct_sink_int(ecf_p25519_equal(&a, &b));
		ct_sink_int(ecf_p25519_is_negative(&a));
		ecf_p25519_abs(&r, &a);
		ct_sink_bytes(&r, sizeof r);
		int cond = ct_cond(rng, i);
		ecf_p25519_select(&r, &a, &b, cond);
		s = a;
		ecf_p25519_cmov(&s, &b, cond);
		ecf_p25519_cswap(&r, &s, cond);
		ecf_p25519_cneg(&r, cond);
		ct_sink_bytes(&r, sizeof r);
		ct_sink_bytes(&s, sizeof s);
		ecf_p25519_to_bytes(bytes, &a);
		ct_sink_bytes(bytes, sizeof bytes);

		/* Decoders. from_bytes_reduce fails only on the (public)
		 * length; from_bytes's status is public by contract. The raw limbs of a give top-bit-set and [p, 2^255)
		 * encodings too. */
		memcpy(bytes, a.limb, sizeof bytes); /* little-endian host; any bytes will do */
		CT_SECRET(bytes, sizeof bytes);
		ct_sink_int(ecf_p25519_from_bytes_reduce(&r, bytes, sizeof bytes));
		ct_sink_bytes(&r, sizeof r);
		int st = ecf_p25519_from_bytes(&r, bytes, sizeof bytes);
		CT_PUBLIC(&st, sizeof st);
		ct_sink_int(st);
		ct_sink_bytes(&r, sizeof r);
		ct_sink_int(ecf_p25519_from_bytes_reduce(&r, wide, sizeof wide));
		ct_sink_bytes(&r, sizeof r);
	}
}
