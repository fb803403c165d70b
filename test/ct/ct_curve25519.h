/*
 * Constant-time checks of X25519, the edwards25519 group, ristretto255 and
 * Ed25519 (ecfield/x25519.h, edwards25519.h, ristretto255.h, ed25519.h):
 * every function not named _vartime (Ed25519 verification, prepared keys and
 * pk_to_x25519 handle public data only and use variable-time code), with the scalars, the u-coordinates, the
 * encodings and the points marked secret. Included by ct_test.c; defines ct_curve25519(rng).
 *
 * Edge inputs first: scalars 0, all-ones and l; u = 0 (small order: the
 * status is computed without a branch), u = p, u = 2^256 - 1; the identity
 * and a small-order point; encodings with y >= p and x = 0 with the sign bit
 * (rejected, the output zeroed without a branch).
 */
/* lib/curves/curve25519/x25519_internal.h declares it; that header's fe
 * (GF(2^255 - 19)) clashes with the P-256 code's fe in this program. */
void ecfi_x25519_finish(uint32_t tiers, uint8_t out[][32], int status[], const uint8_t z[][32], size_t m);

static void ct_curve25519_bytes(ct_rng *rng, uint8_t b[32], int i, int kind)
{
	uint8_t L[32]; /* l = (l - 1) + 1, from the scalar field: no typed modulus */
	ecf_sc25519_fe lm1;
	ecf_sc25519_one(&lm1);
	ecf_sc25519_neg(&lm1, &lm1);
	ecf_sc25519_from_mont(&lm1, &lm1);
	ecf_sc25519_to_bytes(L, &lm1);
	L[0]++; /* l - 1 ends in 0xec */
	for (int k = 0; k < 32; k++)
		b[k] = (uint8_t)ct_next(rng);
	if (i == 0)
		memset(b, 0, 32);
	else if (i == 1)
		memset(b, 0xff, 32);
	else if (i == 2 && kind == 0)
		memcpy(b, L, 32);
	else if (i == 2) { /* p, or y = p with the sign bit */
		memset(b, 0xff, 32);
		b[0] = 0xed;
		b[31] = kind == 1 ? 0x7f : 0xff;
	} else if (i == 3 && kind == 2) { /* the identity with the sign bit: x = 0, sign set */
		memset(b, 0, 32);
		b[0] = 1;
		b[31] = 0x80;
	}
}

static void ct_curve25519(ct_rng *rng)
{
	int rounds = 4 + ct_rounds;
	for (int i = 0; i < rounds; i++) {
		uint8_t k[32], u[32], e[32], out[32];
		ecf_edwards25519_point p, q, r;
		ct_curve25519_bytes(rng, k, i, 0);
		ct_curve25519_bytes(rng, u, i, 1);
		ct_curve25519_bytes(rng, e, i, 2);
		/* points: identity, a small-order point (0, -1), then random multiples of B */
		if (i == 0) {
			ecf_edwards25519_identity(&p);
		} else if (i == 1) {
			ecf_edwards25519_identity(&p); /* (0, -1), of order 2 */
			ecf_p25519_neg(&p.Y, &p.Y);
		} else {
			uint8_t s[32];
			ct_curve25519_bytes(rng, s, 5, 0);
			ecf_edwards25519_scalar_mult_base(&p, s);
		}
		ecf_edwards25519_generator(&q);
		CT_SECRET(k, sizeof k);
		CT_SECRET(u, sizeof u);
		CT_SECRET(e, sizeof e);
		CT_SECRET(&p, sizeof p);
		CT_SECRET(&q, sizeof q);

		ct_sink_int(ecf_x25519(out, k, u));
		ct_sink_bytes(out, sizeof out);
		ct_sink_int(ecf_x25519_public_key(out, k));
		ct_sink_bytes(out, sizeof out);
		{
			uint8_t xpk[32], xsk[32];
			ct_sink_int(ecf_x25519_keypair(xpk, xsk, k));
			ct_sink_bytes(xpk, sizeof xpk);
			ct_sink_bytes(xsk, sizeof xsk);
		}
		if (i < 2) {
			/* The batch calls (their single-call path: the avx512_ifma tier
			 * is never among the tiers this test forces, and valgrind cannot
			 * run it); 9 elements from the secret k and u, one peer of small
			 * order (0), all secret. */
			uint8_t bk[9][32], bu[9][32], bout[9][32];
			int st[9];
			for (int j = 0; j < 9; j++) {
				memcpy(bk[j], k, 32);
				memcpy(bu[j], u, 32);
				bk[j][0] ^= (uint8_t)j;
				bu[j][1] ^= (uint8_t)j;
			}
			memset(bu[4], 0, 32);
			CT_SECRET(bu, sizeof bu);
			ct_sink_int(ecf_x25519_batch(bout, st, (const uint8_t(*)[32])bk, (const uint8_t(*)[32])bu, 9));
			ct_sink_bytes(bout, sizeof bout);
			ct_sink_bytes(st, sizeof st);
			ct_sink_int(ecf_x25519_public_key_batch(bout, (const uint8_t(*)[32])bk, 9));
			ct_sink_bytes(bout, sizeof bout);
			/* The division after the 8-lane ladders (valgrind cannot run the
			 * kernels, but their outputs' division is scalar code): x and z
			 * secret, canonical, z = 0 in one lane and 1 in another. */
			{
				uint8_t fz[9][32];
				for (int j = 0; j < 9; j++) {
					memcpy(bout[j], bu[j], 32);
					memcpy(fz[j], bk[j], 32);
					bout[j][31] &= 0x3f;
					fz[j][31] &= 0x3f;
				}
				memset(fz[2], 0, 32);
				memset(fz[6], 0, 32);
				fz[6][0] = 1;
				CT_SECRET(bout, sizeof bout);
				CT_SECRET(fz, sizeof fz);
				ecfi_x25519_finish(ecfi_tiers(), bout, st, (const uint8_t(*)[32])fz, 9);
				ct_sink_bytes(bout, sizeof bout);
				ct_sink_bytes(st, sizeof st);
			}
			/* Ed25519 batches (the scalar fallback): 9 secret keys, public
			 * messages of different lengths, one NULL with a length */
			uint8_t esk[9][64], esig[9][64];
			const uint8_t *emsg[9];
			size_t elen[9];
			for (int j = 0; j < 9; j++) {
				memcpy(esk[j], bk[j], 32);
				memcpy(esk[j] + 32, bu[j], 32);
				emsg[j] = bu[0];
				elen[j] = (size_t)(3 * j);
			}
			emsg[5] = NULL;
			CT_SECRET(esk, sizeof esk);
			ct_sink_int(ecf_ed25519_sign_batch(esig, st, (const uint8_t(*)[64])esk, emsg, elen, 9));
			ct_sink_bytes(esig, sizeof esig);
			ct_sink_bytes(st, sizeof st);
			ct_sink_int(ecf_ed25519_public_key_batch(bout, (const uint8_t(*)[32])bk, 9));
			ct_sink_bytes(bout, sizeof bout);
		}

		ct_sink_int(ecf_edwards25519_from_bytes(&r, e, 32));
		ct_sink_bytes(&r, sizeof r);
		ct_sink_int(ecf_edwards25519_from_bytes_zip215(&r, e, 32));
		ct_sink_bytes(&r, sizeof r);
		ecf_edwards25519_to_bytes(out, &p);
		ct_sink_bytes(out, sizeof out);
		ecf_edwards25519_add(&r, &p, &q);
		ct_sink_bytes(&r, sizeof r);
		ecf_edwards25519_sub(&r, &p, &q);
		ct_sink_bytes(&r, sizeof r);
		ecf_edwards25519_double(&r, &p);
		ct_sink_bytes(&r, sizeof r);
		ecf_edwards25519_neg(&r, &p);
		ct_sink_bytes(&r, sizeof r);
		ct_sink_int(ecf_edwards25519_equal(&p, &q));
		ct_sink_int(ecf_edwards25519_is_identity(&p));
		ct_sink_int(ecf_edwards25519_is_small_order(&p));
		ct_sink_int(ecf_edwards25519_is_torsion_free(&p));
		ecf_edwards25519_select(&r, &p, &q, k[0] & 1); /* the condition secret too */
		ct_sink_bytes(&r, sizeof r);
		ecf_edwards25519_cmov(&r, &q, k[1] & 1);
		ct_sink_bytes(&r, sizeof r);
		ecf_edwards25519_scalar_mult_base(&r, k);
		ct_sink_bytes(&r, sizeof r);
		ecf_edwards25519_scalar_mult(&r, k, &p);
		ct_sink_bytes(&r, sizeof r);

		/* ristretto255: secret encodings, uniform bytes, elements, scalars */
		ecf_ristretto255_point rp, rq, rr;
		uint8_t wide[64];
		memcpy(wide, e, 32);
		memcpy(wide + 32, u, 32);
		rp.p = p;
		rq.p = q;
		ct_sink_int(ecf_ristretto255_from_bytes(&rr, e, 32));
		ct_sink_bytes(&rr, sizeof rr);
		ct_sink_int(ecf_ristretto255_from_uniform_bytes(&rr, wide, 64));
		ct_sink_bytes(&rr, sizeof rr);
		ecf_ristretto255_to_bytes(out, &rp);
		ct_sink_bytes(out, sizeof out);
		ct_sink_int(ecf_ristretto255_equal(&rp, &rq));
		ecf_ristretto255_add(&rr, &rp, &rq);
		ct_sink_bytes(&rr, sizeof rr);
		ecf_ristretto255_sub(&rr, &rp, &rq);
		ct_sink_bytes(&rr, sizeof rr);
		ecf_ristretto255_neg(&rr, &rp);
		ct_sink_bytes(&rr, sizeof rr);
		ecf_ristretto255_double(&rr, &rp);
		ct_sink_bytes(&rr, sizeof rr);
		ct_sink_int(ecf_ristretto255_is_identity(&rp));
		ecf_ristretto255_select(&rr, &rp, &rq, k[2] & 1);
		ct_sink_bytes(&rr, sizeof rr);
		ecf_ristretto255_cmov(&rr, &rq, k[3] & 1);
		ct_sink_bytes(&rr, sizeof rr);
		ecf_ristretto255_scalar_mult_base(&rr, k);
		ct_sink_bytes(&rr, sizeof rr);
		ecf_ristretto255_scalar_mult(&rr, k, &rp);
		ct_sink_bytes(&rr, sizeof rr);

		/* Ed25519: secret seed and secret key; the message and the outputs
		 * are public (the signature is declassified before verifying it). */
		uint8_t pk[32], sk[64], sig[64], msg[40];
		memcpy(msg, u, 32);
		memcpy(msg + 32, e, 8);
		CT_PUBLIC(msg, sizeof msg);
		ct_sink_int(ecf_ed25519_keypair(pk, sk, k));
		CT_SECRET(sk, sizeof sk);
		ct_sink_int(ecf_ed25519_sign(sig, sk, msg, (size_t)i));
		CT_PUBLIC(sig, sizeof sig);
		CT_PUBLIC(pk, sizeof pk);
		ct_sink_bytes(sig, sizeof sig);
		/* Ed25519ctx and Ed25519ph (the context and the digest public),
		 * public_key, sk_to_x25519: secret seed and key */
		ct_sink_int(ecf_ed25519ctx_sign(sig, sk, msg, (size_t)i, msg + 8, 1 + (size_t)i % 3));
		CT_PUBLIC(sig, sizeof sig);
		ct_sink_bytes(sig, sizeof sig);
		uint8_t dg[64];
		memcpy(dg, msg, 40);
		memset(dg + 40, 0x3c, 24);
		ct_sink_int(ecf_ed25519ph_sign(sig, sk, dg, msg, (size_t)i % 3));
		CT_PUBLIC(sig, sizeof sig);
		ct_sink_bytes(sig, sizeof sig);
		ct_sink_int(ecf_ed25519_public_key(out, k));
		CT_PUBLIC(out, sizeof out);
		ct_sink_bytes(out, sizeof out);
		ct_sink_int(ecf_ed25519_sk_to_x25519(out, k));
		ct_sink_bytes(out, sizeof out);
	}
}
