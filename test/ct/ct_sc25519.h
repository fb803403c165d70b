/* Constant time of the edwards25519 scalar field: the generic Montgomery
 * operations (ct_mont_field.h) and the plain-domain extras, with every
 * scalar, byte string and condition secret. */
#define FIELD sc25519
#define NL 4
#define FIELD_BYTES 32
#include "ct_mont_field.h"
#undef FIELD
#undef NL
#undef FIELD_BYTES

static void ct_sc25519(ct_rng *rng)
{
	ct_mont_sc25519(rng);
	uint8_t buf[64], out[32];
	ecf_sc25519_fe a, b, c, r, table[9];
	for (int i = 0; i < ct_rounds; i++) {
		for (size_t k = 0; k < sizeof buf; k++)
			buf[k] = (uint8_t)(i == 1 ? 0xff : ct_next(rng));
		CT_SECRET(buf, sizeof buf);
		ct_sink_int(ecf_sc25519_from_bytes_reduce(&r, buf, 64));
		ct_sink_bytes(&r, sizeof r);
		ct_sink_int(ecf_sc25519_from_bytes_reduce(&r, buf, 32));
		ct_sink_bytes(&r, sizeof r);
		ecf_sc25519_clamp(out, buf);
		ct_sink_bytes(out, sizeof out);
		ct_operand_sc25519(rng, &a, i, 0);
		ct_operand_sc25519(rng, &b, i, 1);
		ct_operand_sc25519(rng, &c, i + 1, 0);
		CT_SECRET(&a, sizeof a);
		CT_SECRET(&b, sizeof b);
		CT_SECRET(&c, sizeof c);
		ecf_sc25519_muladd(&r, &a, &b, &c);
		ct_sink_bytes(&r, sizeof r);
		ecf_sc25519_select(&r, &a, &b, ct_cond(rng, i));
		ct_sink_bytes(&r, sizeof r);
		uint64_t v = ct_next(rng);
		CT_SECRET(&v, sizeof v);
		ecf_sc25519_set_u64(&r, v);
		ct_sink_bytes(&r, sizeof r);
		for (size_t k = 0; k < 9; k++)
			ct_rand(rng, table[k].limb, 4);
		size_t idx = (size_t)(ct_next(rng) % 11); /* 9 and 10 are out of range */
		CT_SECRET(&idx, sizeof idx);
		ct_sink_int(ecf_sc25519_lookup(&r, table, 9, idx));
		ct_sink_bytes(&r, sizeof r);
	}
}
