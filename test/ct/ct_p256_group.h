/* The P-256 group (ecfield/p256_point.h, p256_ecdh.h, p256_ecdsa.h): every function not
 * named _vartime, with its secrets marked undefined: points and scalars of
 * the group law and the scalar multiplications, the secret coordinates of a
 * decoded point (its status is public by contract), private keys, seeds,
 * nonces (inside ECDSA signing) and the hedging entropy. Included by
 * ct_test.c.
 *
 * The values the library publishes on purpose (a decoding status, a rejected
 * RFC 6979 candidate, a signature before its DER encoding) it marks defined
 * itself (ecfi_declassify, a memcheck client request: lib/common/declassify.c);
 * every other use of a secret is reported. */
#include "ecfield/p256_ecdsa.h"
#include "ecfield/p256_point.h"

/* A random point with a secret-free origin (k*G for a public k). */
static void ct_p256_point(ct_rng *rng, ecf_p256_point *r)
{
	uint8_t k[32];
	for (int i = 0; i < 32; i++)
		k[i] = (uint8_t)ct_next(rng);
	ecf_p256_point_scalar_mult_base(r, k);
}

static void ct_p256_group(ct_rng *rng)
{
	/* Group rounds are ~1000 field operations each: a quarter of the field rounds. */
	int rounds = ct_rounds / 4 < 2 ? 2 : ct_rounds / 4;
	for (int i = 0; i < rounds; i++) {
		ecf_p256_point p, q, r, id;
		ecf_p256_affine a, batch[3];
		uint8_t k[32], enc[65], c[33], seed[48], priv[32], pub[65], peer[65], shared[32], digest[32], sig[64],
		    der[72], extra[16];
		size_t dl;
		ct_p256_point(rng, &p);
		ct_p256_point(rng, &q);
		ecf_p256_point_identity(&id);
		if (i == 1)
			q = p; /* doubling through add */
		for (int j = 0; j < 32; j++)
			k[j] = (uint8_t)(i == 0 ? 0xff : ct_next(rng)); /* i = 0: k >= n, reduced */
		/* Encoding and decoding (secret coordinates; the status is public). */
		ct_sink_int(ecf_p256_point_to_bytes(enc, 65, &p));
		ct_sink_int(ecf_p256_point_to_bytes(c, 33, &p));
		CT_SECRET(enc + 1, 64);
		CT_SECRET(c + 1, 32);
		ct_sink_int(ecf_p256_point_from_bytes(&r, enc, 65));
		ct_sink_bytes(&r, sizeof r);
		ct_sink_int(ecf_p256_point_from_bytes(&r, c, 33));
		ct_sink_bytes(&r, sizeof r);
		{ /* compress / decompress of secret coordinates (the status is public) */
			uint8_t out[65];
			ct_sink_int(ecf_p256_point_compress(out, enc, 65));
			ct_sink_bytes(out, 33);
			ct_sink_int(ecf_p256_point_decompress(out, c, 33));
			ct_sink_bytes(out, 65);
		}
		CT_SECRET(&p, sizeof p);
		CT_SECRET(&q, sizeof q);
		CT_SECRET(k, sizeof k);
		ct_sink_int(ecf_p256_point_to_bytes(enc, 65, &p));
		ct_sink_int(ecf_p256_point_to_bytes(c, 33, (i & 1) ? &id : &p));
		ct_sink_bytes(enc, sizeof enc);
		ct_sink_bytes(c, sizeof c);
		/* The group law. */
		ecf_p256_point_add(&r, &p, &q);
		ct_sink_bytes(&r, sizeof r);
		ecf_p256_point_add(&r, &p, &id);
		ct_sink_bytes(&r, sizeof r);
		ecf_p256_point_double(&r, &p);
		ct_sink_bytes(&r, sizeof r);
		ecf_p256_point_neg(&r, &p);
		ct_sink_bytes(&r, sizeof r);
		ecf_p256_point_to_affine(&a, &q);
		ecf_p256_point_add_affine(&r, &p, &a);
		ct_sink_bytes(&r, sizeof r);
		ecf_p256_point_from_affine(&r, &a);
		ct_sink_bytes(&r, sizeof r);
		/* issue 19: sub, select on a secret condition, add_affine with the
		 * affine identity (0, 0) as a secret choice (batch[1] below is it). */
		ecf_p256_point_sub(&r, &p, &q);
		ct_sink_bytes(&r, sizeof r);
		ecf_p256_point_select(&r, &p, &q, ct_cond(rng, i));
		ct_sink_bytes(&r, sizeof r);
		{
			ecf_p256_affine ai, oa;
			ecf_p256_point_to_affine(&oa, &id);
			ai = a;
			int cz = ct_cond(rng, i + 1);
			ecf_p256_cmov(&ai.x, &oa.x, cz);
			ecf_p256_cmov(&ai.y, &oa.y, cz);
			ecf_p256_point_add_affine(&r, &p, &ai);
			ct_sink_bytes(&r, sizeof r);
		}
		ct_sink_int(ecf_p256_point_is_identity(&p));
		ct_sink_int(ecf_p256_point_equal(&p, &q));
		r = p;
		ecf_p256_point_cmov(&r, &q, ct_cond(rng, i));
		ct_sink_bytes(&r, sizeof r);
		ecf_p256_point pts[3] = {p, id, q};
		ct_sink_int(ecf_p256_point_batch_to_affine(batch, pts, 3));
		ct_sink_bytes(batch, sizeof batch);
		/* Scalar multiplications. */
		ecf_p256_point_scalar_mult(&r, k, &p);
		ct_sink_bytes(&r, sizeof r);
		ecf_p256_point_scalar_mult(&r, k, &id);
		ct_sink_bytes(&r, sizeof r);
		ecf_p256_point_scalar_mult_base(&r, k);
		ct_sink_bytes(&r, sizeof r);
		/* Keys: 32-byte seeds (valid or not: 0xff.. is >= n) and 48-byte ones. */
		for (int j = 0; j < 48; j++)
			seed[j] = (uint8_t)(i == 0 ? 0xff : ct_next(rng));
		CT_SECRET(seed, sizeof seed);
		ct_sink_int(ecf_p256_keypair(pub, priv, seed, 32));
		ct_sink_bytes(priv, sizeof priv);
		ct_sink_bytes(pub, sizeof pub);
		ct_sink_int(ecf_p256_keypair(pub, priv, seed, 48));
		ct_sink_bytes(pub, sizeof pub);
		ct_sink_int(ecf_p256_public_key(pub, seed));
		ct_sink_bytes(pub, sizeof pub);
		/* ECDH with a public peer point. */
		ct_p256_point(rng, &q);
		ct_sink_int(ecf_p256_point_to_bytes(peer, 65, &q));
		ct_sink_int(ecf_p256_ecdh(shared, priv, peer, 65));
		ct_sink_int(ecf_p256_ecdh(shared, seed, peer, 65)); /* i = 0: an invalid key */
		ct_sink_bytes(shared, sizeof shared);
		/* The batch calls: under valgrind (no AVX-512) the scalar fallback of
		 * each element; secret keys, one invalid at i = 0, a public peer
		 * that does not decode in the last element. */
		{
			uint8_t bsk[3][32], bpeer[3][65], bpk[3][65], bsh[3][32];
			int bst[3];
			memcpy(bsk[0], priv, 32);
			memcpy(bsk[1], seed, 32);
			memcpy(bsk[2], priv, 32);
			for (int j = 0; j < 3; j++)
				memcpy(bpeer[j], peer, 65);
			bpeer[2][0] = 0x05;
			ct_sink_int(ecf_p256_public_key_batch(bpk, bst, (const uint8_t(*)[32])bsk, 3));
			ct_sink_bytes(bpk, sizeof bpk);
			ct_sink_bytes(bst, sizeof bst);
			ct_sink_int(
			    ecf_p256_ecdh_batch(bsh, bst, (const uint8_t(*)[32])bsk, (const uint8_t(*)[65])bpeer, 3));
			ct_sink_bytes(bsh, sizeof bsh);
			ct_sink_bytes(bst, sizeof bst);
		}
		/* ECDSA signing: public digest, secret key and hedging entropy. */
		for (int j = 0; j < 32; j++)
			digest[j] = (uint8_t)ct_next(rng);
		for (int j = 0; j < 16; j++)
			extra[j] = (uint8_t)ct_next(rng);
		CT_SECRET(extra, sizeof extra);
		ct_sink_int(ecf_p256_ecdsa_sign(sig, priv, digest, 32, NULL, 0, 0));
		ct_sink_bytes(sig, sizeof sig);
		ct_sink_int(ecf_p256_ecdsa_sign(sig, seed, digest, 32, extra, 16, ECF_P256_ECDSA_LOW_S));
		ct_sink_bytes(sig, sizeof sig);
		ct_sink_int(ecf_p256_ecdsa_sign_der(der, &dl, priv, digest, 32, extra, 16, ECF_P256_ECDSA_LOW_S));
		ct_sink_bytes(der, sizeof der);
		/* sign_msg: a public message, the secret key, secret hedging. */
		ct_sink_int(ecf_p256_ecdsa_sign_msg(sig, priv, digest, 32, NULL, 0, 0));
		ct_sink_bytes(sig, sizeof sig);
		ct_sink_int(ecf_p256_ecdsa_sign_msg(sig, seed, digest, 7, extra, 16, ECF_P256_ECDSA_LOW_S));
		ct_sink_bytes(sig, sizeof sig);
		/* sign_batch (the scalar fallback under valgrind): secret keys, one
		 * invalid; public digests; secret hedging in one element. */
		{
			uint8_t bsk[3][32], bsig[3][64];
			const uint8_t *bd[3] = {digest, digest, digest}, *bx[3] = {NULL, extra, NULL};
			const size_t bdl[3] = {32, 20, 0}, bxl[3] = {0, 16, 0};
			int bst[3];
			memcpy(bsk[0], priv, 32);
			memcpy(bsk[1], seed, 32);
			memcpy(bsk[2], priv, 32);
			ct_sink_int(ecf_p256_ecdsa_sign_batch(bsig, bst, (const uint8_t(*)[32])bsk, bd, bdl, bx, bxl,
			                                      ECF_P256_ECDSA_LOW_S, 3));
			ct_sink_bytes(bsig, sizeof bsig);
			ct_sink_bytes(bst, sizeof bst);
		}
	}
}
