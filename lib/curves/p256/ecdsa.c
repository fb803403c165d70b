/* ECDSA over P-256 with RFC 6979 nonces (see ecfield/p256_ecdsa.h).
 *
 * Built with -DECFI_TEST_HOOKS (the test-hook archive, never libecfield.so),
 * this file defines only the RFC 6979 generator for any q
 * (testhooks/p256_hooks.h), from the same code as the library's for n. */
#include <string.h>

#include <ecfield/p256_ecdsa.h>

#include "common/batch.h"
#include "common/declassify.h"
#include "curves/p256/group.h"
#include "curves/p256/point_ops.h"
#include "fields/p256n_internal.h"
#include "hash/sha2.h"
#include "kernels/kernels.h"

#if defined(ECFI_TEST_HOOKS)
#include "testhooks/p256_hooks.h"
#endif

typedef ecf_p256n_fe sc;

/* bits2int of RFC 6979 for qlen = 256: the leftmost 32 bytes of the digest,
 * or all of a shorter one, as a big-endian integer. */
static void bits2int(uint64_t e[4], const uint8_t *digest, size_t len)
{
	uint8_t buf[32] = {0};
	if (len >= 32)
		memcpy(buf, digest, 32);
	else if (len > 0)
		memcpy(buf + 32 - len, digest, len);
	ecfi_limbs_from_be(e, 4, buf, 32);
}

/* K = HMAC_K(V || sep || x || h || extra); V = HMAC_K(V). K is kept as its
 * HMAC states (ecfi_hmac_sha256_key): each new K costs its two key blocks
 * once, and every HMAC under it after that starts from them. Compressions:
 * 3 for the first HMAC with x (97 bytes, 2 + 1; more with extra), 2 for the
 * new key, 2 for V (one block in, one out); 2 + 2 + 2 without x. */
static void drbg_update(ecfi_p256_rfc6979 *g, uint8_t sep, const uint8_t *x, const uint8_t *h, const uint8_t *extra,
                        size_t extra_len)
{
	ecfi_hmac_sha256_ctx ctx;
	uint8_t k[32];
	ecfi_hmac_sha256_init_key(&ctx, &g->hk);
	ecfi_hmac_sha256_update(&ctx, g->v, 32);
	ecfi_hmac_sha256_update(&ctx, &sep, 1);
	if (x != NULL) {
		ecfi_hmac_sha256_update(&ctx, x, 32);
		ecfi_hmac_sha256_update(&ctx, h, 32);
		ecfi_hmac_sha256_update(&ctx, extra, extra_len);
	}
	ecfi_hmac_sha256_final(&ctx, k); /* wipes ctx */
	ecfi_hmac_sha256_key_init(&g->hk, k, 32);
	ecfi_wipe(k, sizeof k);
	ecfi_hmac_sha256_32(g->v, &g->hk, g->v);
}

/* RFC 6979 for a modulus q of 256 bits (group.h; the library's q is n).
 * 18 compressions up to the first candidate without extra data (steps d-g:
 * 2 for K = 0's key blocks, then 7 each; step h.2: 2), where one-shot HMACs
 * took 22. */
static inline void rfc6979_init(ecfi_p256_rfc6979 *g, const uint8_t x[32], const uint8_t *digest, size_t digest_len,
                                const uint8_t *extra, size_t extra_len, const uint64_t q[4])
{
	uint64_t e[4];
	uint8_t h[32], k0[32];
	bits2int(e, digest, digest_len);
	ecfi_limbs_reduce_once(e, e, 0, q, 4); /* e < 2^256 <= 2q */
	ecfi_limbs_to_be(h, 32, e);            /* bits2octets(digest) */
	memset(g->v, 0x01, 32);
	memset(k0, 0x00, 32);
	ecfi_hmac_sha256_key_init(&g->hk, k0, 32);
	drbg_update(g, 0x00, x, h, extra, extra_len); /* steps d, e */
	drbg_update(g, 0x01, x, h, extra, extra_len); /* steps f, g */
	g->started = 0;
}

static inline void rfc6979_next(ecfi_p256_rfc6979 *g, uint64_t k[4], const uint64_t q[4])
{
	for (;;) {
		if (g->started) /* step h.3 after a rejected candidate or an unusable k */
			drbg_update(g, 0x00, NULL, NULL, NULL, 0);
		g->started = 1;
		ecfi_hmac_sha256_32(g->v, &g->hk, g->v); /* h.2: V = HMAC_K(V), T = V (qlen = hlen) */
		ecfi_limbs_from_be(k, 4, g->v, 32);
		uint64_t ok = ecfi_limbs_lt_mask(k, q, 4) & ~ecfi_limbs_zero_mask(k, 4);
		ecfi_declassify(&ok, sizeof ok); /* rejected with probability ~2^-32 for n */
		if (ok)
			return;
	}
}

#if !defined(ECFI_TEST_HOOKS)
void ecfi_p256_rfc6979_init(ecfi_p256_rfc6979 *g, const uint8_t x[32], const uint8_t *digest, size_t digest_len,
                            const uint8_t *extra, size_t extra_len)
{
	rfc6979_init(g, x, digest, digest_len, extra, extra_len, P256_N);
}

void ecfi_p256_rfc6979_next(ecfi_p256_rfc6979 *g, uint64_t k[4]) { rfc6979_next(g, k, P256_N); }

/* s = (e + r x) / k mod n for kinv = R/k (the Montgomery domain) and plain
 * r, x, e: with r as rR, two Montgomery products give plain values. */
static void sign_s(uint64_t s[4], const uint64_t r[4], const uint64_t x[4], const uint64_t e[4], const sc *kinv,
                   uint32_t tiers)
{
	sc xm, rm, em, t;
	ecfi_limbs_copy(xm.limb, x, 4);
	ecfi_limbs_copy(rm.limb, r, 4);
	ecfi_limbs_copy(em.limb, e, 4);
	ecfi_p256n_to_mont(&rm, &rm);             /* rR */
	ecfi_p256n_mul_with(tiers, &t, &rm, &xm); /* r x */
	ecfi_p256n_add(&t, &t, &em);              /* e + r x */
	ecfi_p256n_mul_with(tiers, &t, &t, kinv); /* (e + r x) / k */
	ecfi_limbs_copy(s, t.limb, 4);
	ecfi_wipe(&xm, sizeof xm);
	ecfi_wipe(&t, sizeof t);
}

/* 1 if r or s is 0 (a candidate RFC 6979 rejects; probability ~2^-256),
 * declassified. */
static int sign_bad(const uint64_t r[4], const uint64_t s[4])
{
	uint64_t bad = ecfi_limbs_zero_mask(r, 4) | ecfi_limbs_zero_mask(s, 4);
	ecfi_declassify(&bad, sizeof bad);
	return bad != 0;
}

/* Step h of RFC 6979 and the signature from the generator g on: the next
 * candidate k, r = x(kG) mod n, s; again while r or s is 0. x is the key
 * (plain, 1 for an invalid one), e the digest's integer mod n. */
static void sign_loop(uint64_t r[4], uint64_t s[4], ecfi_p256_rfc6979 *g, const uint64_t x[4], const uint64_t e[4],
                      uint32_t tiers)
{
	uint64_t k[4];
	sc km, kinv;
	point R;
	affine A;
	do {
		ecfi_p256_rfc6979_next(g, k);
		ecfi_p256_scalar_mult_base_limbs(&R, k, tiers);
		(void)ecfi_p256_point_to_affine_fast(&A, &R, tiers); /* k != 0: never the identity */
		fe rx;
		fe_from_mont(&rx, &A.x, tiers);
		ecfi_limbs_reduce_once(r, rx.limb, 0, P256_N, 4); /* x < p < 2n */
		ecfi_limbs_copy(km.limb, k, 4);
		ecfi_p256n_to_mont(&km, &km);
		ecfi_p256n_inv(&kinv, &km); /* R/k */
		sign_s(s, r, x, e, &kinv, tiers);
	} while (sign_bad(r, s));
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(&km, sizeof km);
	ecfi_wipe(&kinv, sizeof kinv);
	ecfi_wipe(&R, sizeof R);
	ecfi_wipe(&A, sizeof A);
}

/* The key x (1 where sk is invalid: ok = 0), its bytes xb, the digest's
 * integer e mod n and the generator's steps b-g. Returns ok. */
static uint64_t sign_setup(uint64_t x[4], uint8_t xb[32], uint64_t e[4], ecfi_p256_rfc6979 *g, const uint8_t sk[32],
                           const uint8_t *digest, size_t digest_len, const uint8_t *extra, size_t extra_len)
{
	uint64_t ok = ecfi_p256_scalar_load(x, sk);
	ecfi_p256_scalar_or_one(x, ok); /* an invalid key signs with x = 1, masked away */
	ecfi_limbs_to_be(xb, 32, x);
	bits2int(e, digest, digest_len);
	ecfi_limbs_reduce_once(e, e, 0, P256_N, 4);
	ecfi_p256_rfc6979_init(g, xb, digest, digest_len, extra, extra_len);
	return ok;
}

/* Low s (s = n - s when 2s >= n, n odd) under flags; r, s zeroed where ok is 0. */
static void sign_finish(uint64_t r[4], uint64_t s[4], uint64_t ok, unsigned flags)
{
	uint64_t s2[4];
	uint64_t s2top = ecfi_limbs_add(s2, s, s, 4);
	uint64_t high = (ecfi_mask_from_bit(s2top) | ~ecfi_limbs_lt_mask(s2, P256_N, 4)) &
	                ecfi_mask_cond((int)(flags & ECF_P256_ECDSA_LOW_S));
	uint64_t ns[4];
	ecfi_limbs_sub(ns, P256_N, s, 4);
	ecfi_limbs_cmov(s, ns, high, 4);
	for (int i = 0; i < 4; i++) {
		r[i] &= ok;
		s[i] &= ok;
	}
	ecfi_wipe(s2, sizeof s2);
	ecfi_wipe(ns, sizeof ns);
}

static int sign_rs(uint64_t r[4], uint64_t s[4], const uint8_t sk[32], const uint8_t *digest, size_t digest_len,
                   const uint8_t *extra, size_t extra_len, unsigned flags)
{
	uint32_t tiers = ecfi_tiers();
	uint64_t x[4], e[4];
	uint8_t xb[32];
	ecfi_p256_rfc6979 g;
	uint64_t ok = sign_setup(x, xb, e, &g, sk, digest, digest_len, extra, extra_len);
	sign_loop(r, s, &g, x, e, tiers);
	sign_finish(r, s, ok, flags);
	ecfi_wipe(x, sizeof x);
	ecfi_wipe(xb, sizeof xb);
	ecfi_wipe(&g, sizeof g);
	return ecfi_status_from_mask(ECF_ERR_SCALAR, ~ok);
}

static ECFI_NOINLINE int sign_worker(uint8_t sig[64], const uint8_t sk[32], const uint8_t *digest, size_t digest_len,
                                     const uint8_t *extra, size_t extra_len, unsigned flags)
{
	uint64_t r[4], s[4];
	int status = sign_rs(r, s, sk, digest, digest_len, extra, extra_len, flags);
	ecfi_limbs_to_be(sig, 32, r);
	ecfi_limbs_to_be(sig + 32, 32, s);
	ecfi_wipe(r, sizeof r);
	ecfi_wipe(s, sizeof s);
	return status;
}

/* The key and the nonce live in the noinline worker's call tree, which
 * ecfi_wipe_stack() clears afterwards (lib/common/wipe.h): spill slots and
 * callees' temporaries are out of reach of the ecfi_wipe calls in sign_rs. */
static int ecdsa_sign_impl(uint8_t sig[64], const uint8_t sk[32], const uint8_t *digest, size_t digest_len,
                           const uint8_t *extra, size_t extra_len, unsigned flags)
{
	if (sig == NULL)
		return ECF_ERR_NULL;
	if (sk == NULL || (digest == NULL && digest_len != 0) || (extra == NULL && extra_len != 0)) {
		ecfi_wipe(sig, 64);
		return ECF_ERR_NULL;
	}
	int status = sign_worker(sig, sk, digest, digest_len, extra, extra_len, flags);
	ecfi_wipe_stack();
	return status;
}

/* One DER INTEGER of a positive 32-byte big-endian value; returns its length. */
static size_t der_put_int(uint8_t *out, const uint8_t v[32])
{
	size_t i = 0;
	while (i < 31 && v[i] == 0)
		i++;
	size_t len = 32 - i, pad = v[i] >> 7;
	out[0] = 0x02;
	out[1] = (uint8_t)(len + pad);
	out[2] = 0x00;
	memcpy(out + 2 + pad, v + i, len);
	return 2 + pad + len;
}

/* DER of r || s (both in [1, n - 1]; the lengths are public, as in every DER signature). */
static size_t der_encode(uint8_t der[72], const uint8_t sig[64])
{
	size_t l = der_put_int(der + 2, sig);
	l += der_put_int(der + 2 + l, sig + 32);
	der[0] = 0x30;
	der[1] = (uint8_t)l;
	return l + 2;
}

int ecf_p256_ecdsa_sign_der(uint8_t der[ECF_P256_ECDSA_DER_MAX_BYTES], size_t *der_len,
                            const uint8_t sk[ECF_P256_SECRET_KEY_BYTES], const uint8_t *digest, size_t digest_len,
                            const uint8_t *extra, size_t extra_len, unsigned flags)
{
	if (der_len != NULL)
		*der_len = 0;
	if (der != NULL)
		memset(der, 0, ECF_P256_ECDSA_DER_MAX_BYTES);
	if (der == NULL || der_len == NULL)
		return ECF_ERR_NULL;
	uint8_t sig[64];
	int status = ecdsa_sign_impl(sig, sk, digest, digest_len, extra, extra_len, flags);
	ecfi_declassify(&status, sizeof status); /* the status is returned: public */
	if (status != ECF_OK)
		return status;            /* der is zeroed */
	ecfi_declassify(sig, sizeof sig); /* the signature is public: its DER length may show */
	*der_len = der_encode(der, sig);
	return ECF_OK;
}

/* All-ones if the 32 big-endian bytes are in [1, n - 1]. Public values. */
static int scalar_in_range(uint64_t v[4], const uint8_t in[32]) { return ecfi_p256_scalar_load(v, in) != 0; }

int ecf_p256_ecdsa_sig_to_der(uint8_t der[ECF_P256_ECDSA_DER_MAX_BYTES], size_t *der_len,
                              const uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES])
{
	if (der_len != NULL)
		*der_len = 0;
	if (der != NULL)
		memset(der, 0, ECF_P256_ECDSA_DER_MAX_BYTES);
	if (der == NULL || der_len == NULL || sig == NULL)
		return ECF_ERR_NULL;
	uint64_t v[4];
	if (!scalar_in_range(v, sig) || !scalar_in_range(v, sig + 32))
		return ECF_ERR_RANGE;
	*der_len = der_encode(der, sig);
	return ECF_OK;
}

/* One strict DER INTEGER into 32 big-endian bytes; advances *pp. */
static int der_get_int(const uint8_t **pp, const uint8_t *end, uint8_t out[32])
{
	const uint8_t *p = *pp;
	if (end - p < 2 || p[0] != 0x02)
		return ECF_ERR_ENCODING;
	size_t len = p[1];
	p += 2;
	if ((len & 0x80) != 0 || len == 0 || len > (size_t)(end - p)) /* long form is never minimal here */
		return ECF_ERR_ENCODING;
	if (p[0] & 0x80) /* negative */
		return ECF_ERR_ENCODING;
	if (len > 1 && p[0] == 0x00) {
		if ((p[1] & 0x80) == 0) /* a superfluous leading zero */
			return ECF_ERR_ENCODING;
		p++;
		len--;
	}
	*pp = p + len;
	if (len > 32) { /* well-formed but >= 2^256: out of range, once the rest is checked */
		memset(out, 0xff, 32);
		return ECF_OK;
	}
	memset(out, 0, 32);
	memcpy(out + 32 - len, p, len);
	return ECF_OK;
}

static int ecdsa_sig_from_der_impl(uint8_t sig[64], const uint8_t *der, size_t der_len)
{
	if (sig == NULL)
		return ECF_ERR_NULL;
	memset(sig, 0, 64);
	if (der == NULL)
		return ECF_ERR_NULL;
	if (der_len < 2 || der[0] != 0x30 || (der[1] & 0x80) != 0 || der[1] != der_len - 2)
		return ECF_ERR_ENCODING;
	const uint8_t *p = der + 2, *end = der + der_len;
	uint8_t rs[64];
	if (der_get_int(&p, end, rs) != ECF_OK || der_get_int(&p, end, rs + 32) != ECF_OK || p != end)
		return ECF_ERR_ENCODING;
	uint64_t v[4];
	if (!scalar_in_range(v, rs) || !scalar_in_range(v, rs + 32))
		return ECF_ERR_RANGE;
	memcpy(sig, rs, 64);
	return ECF_OK;
}

/* The last step of a verification: ECF_OK iff R (Jacobian, Z = 0 for the
 * identity) is not the identity and x(R) mod n == r. */
static int verify_finish(const point *R, const uint64_t r[4], uint32_t tiers)
{
	if (fe_zero_mask(&R->z))
		return ECF_ERR_VERIFY;
	/* x(R) mod n == r without an inversion, R in Jacobian coordinates (x =
	 * X / Z^2): X == r Z^2, or X == (r + n) Z^2 when r + n < p. */
	fe rf, rz, zz;
	fe_sqr(&zz, &R->z, tiers);
	ecfi_limbs_copy(rf.limb, r, 4);
	fe_to_mont(&rf, &rf, tiers);
	fe_mul(&rz, &rf, &zz, tiers);
	if (fe_equal_mask(&rz, &R->x))
		return ECF_OK;
	uint64_t rn[4];
	uint64_t carry = ecfi_limbs_add(rn, r, P256_N, 4);
	if (carry == 0 && ecfi_limbs_lt_mask(rn, ecfi_p256_M, 4)) {
		ecfi_limbs_copy(rf.limb, rn, 4);
		fe_to_mont(&rf, &rf, tiers);
		fe_mul(&rz, &rf, &zz, tiers);
		if (fe_equal_mask(&rz, &R->x))
			return ECF_OK;
	}
	return ECF_ERR_VERIFY;
}

/* The verification of sig for the digest under the key q (decoded), or the
 * prepared key's table when table is not NULL (then q is unused). */
static int verify_core(const uint8_t sig[64], const point *q, const affine *table, const uint8_t *digest,
                       size_t digest_len)
{
	point R;
	uint64_t r[4], s[4], e[4];
	if (!scalar_in_range(r, sig) || !scalar_in_range(s, sig + 32))
		return ECF_ERR_RANGE;
	uint32_t tiers = ecfi_tiers();
	bits2int(e, digest, digest_len);
	ecfi_limbs_reduce_once(e, e, 0, P256_N, 4);
	/* u1 = e/s, u2 = r/s: w = R/s in the Montgomery domain, times the plain values. */
	sc w, u1, u2, t;
	ecfi_limbs_copy(t.limb, s, 4);
	ecfi_p256n_to_mont(&t, &t);
	ecfi_p256n_inv(&w, &t);
	ecfi_limbs_copy(t.limb, e, 4);
	ecfi_p256n_mul_with(tiers, &u1, &t, &w);
	ecfi_limbs_copy(t.limb, r, 4);
	ecfi_p256n_mul_with(tiers, &u2, &t, &w);
	if (table != NULL) /* public: which entry point */
		ecfi_p256_double_scalar_mult_vartime_jac_table(&R, u1.limb, u2.limb, table, tiers);
	else
		ecfi_p256_double_scalar_mult_vartime_jac(&R, u1.limb, u2.limb, q, tiers);
	return verify_finish(&R, r, tiers);
}

static int ecdsa_verify_impl(const uint8_t sig[64], const uint8_t *pk, size_t pk_len, const uint8_t *digest,
                             size_t digest_len)
{
	if (sig == NULL || pk == NULL || (digest == NULL && digest_len != 0))
		return ECF_ERR_NULL;
	point q;
	int status = ecfi_p256_point_decode(&q, pk, pk_len);
	if (status != ECF_OK)
		return status;
	return verify_core(sig, &q, NULL, digest, digest_len);
}

/* The layout of ecf_p256_ecdsa_prepared_key: a marker, then the affine odd
 * multiples Q, 3Q, ..., (2^(W-1) - 1) Q of the key (W = ECFI_P256_PREP_W;
 * table[0] is Q itself). */
typedef struct prepared {
	uint64_t magic;
	affine table[ECFI_P256_PREP_ENTRIES];
} prepared;
_Static_assert(sizeof(prepared) == ECF_P256_ECDSA_PREPARED_KEY_BYTES, "ECF_P256_ECDSA_PREPARED_KEY_BYTES");
_Static_assert(sizeof(prepared) == sizeof(ecf_p256_ecdsa_prepared_key), "ecf_p256_ecdsa_prepared_key's size");
/* "p256prep" with the window: a struct of another layout is not taken. */
#define PREP_MAGIC (UINT64_C(0x7032353670726570) ^ (uint64_t)ECFI_P256_PREP_W)

int ecf_p256_ecdsa_public_key_prepare(ecf_p256_ecdsa_prepared_key *prep, const uint8_t *pk, size_t pk_len)
{
	if (prep == NULL)
		return ECF_ERR_NULL;
	memset(prep, 0, sizeof *prep);
	if (pk == NULL)
		return ECF_ERR_NULL;
	point q;
	int status = ecfi_p256_point_decode(&q, pk, pk_len);
	if (status != ECF_OK)
		return status;
	prepared *pp = (prepared *)prep->opaque;
	ecfi_p256_odd_multiples_affine(pp->table, &q, ecfi_tiers());
	pp->magic = PREP_MAGIC;
	return ECF_OK;
}

static int verify_prepared_impl(const uint8_t sig[64], const ecf_p256_ecdsa_prepared_key *prep, const uint8_t *digest,
                                size_t digest_len)
{
	if (sig == NULL || prep == NULL || (digest == NULL && digest_len != 0))
		return ECF_ERR_NULL;
	const prepared *pp = (const prepared *)prep->opaque;
	if (pp->magic != PREP_MAGIC)
		return ECF_ERR_ENCODING;
	return verify_core(sig, NULL, pp->table, digest, digest_len);
}

int ecf_p256_ecdsa_verify_prepared(const uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES],
                                   const ecf_p256_ecdsa_prepared_key *prep, const uint8_t *digest, size_t digest_len)
{
	return verify_prepared_impl(sig, prep, digest, digest_len);
}

/* SHA-256 of msg (msg_len bytes; NULL only when empty) for the _msg functions. */
static void hash_msg(uint8_t h[32], const uint8_t *msg, size_t msg_len)
{
	static const uint8_t empty[1] = {0};
	ecfi_sha256(h, msg_len != 0 ? msg : empty, msg_len);
}

int ecf_p256_ecdsa_verify_msg(const uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const uint8_t *pk, size_t pk_len,
                              const uint8_t *msg, size_t msg_len)
{
	if (sig == NULL || pk == NULL || (msg == NULL && msg_len != 0))
		return ECF_ERR_NULL;
	uint8_t h[32];
	hash_msg(h, msg, msg_len);
	return ecdsa_verify_impl(sig, pk, pk_len, h, sizeof h);
}

int ecf_p256_ecdsa_verify_msg_prepared(const uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES],
                                       const ecf_p256_ecdsa_prepared_key *prep, const uint8_t *msg, size_t msg_len)
{
	if (sig == NULL || prep == NULL || (msg == NULL && msg_len != 0))
		return ECF_ERR_NULL;
	uint8_t h[32];
	hash_msg(h, msg, msg_len);
	return verify_prepared_impl(sig, prep, h, sizeof h);
}

/* The message's digest is public; the key and the nonce are held by
 * ecdsa_sign_impl's worker, whose stack is wiped. */
int ecf_p256_ecdsa_sign_msg(uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const uint8_t sk[ECF_P256_SECRET_KEY_BYTES],
                            const uint8_t *msg, size_t msg_len, const uint8_t *extra, size_t extra_len, unsigned flags)
{
	if (sig == NULL)
		return ECF_ERR_NULL;
	if (sk == NULL || (msg == NULL && msg_len != 0) || (extra == NULL && extra_len != 0)) {
		ecfi_wipe(sig, ECF_P256_ECDSA_SIGNATURE_BYTES);
		return ECF_ERR_NULL;
	}
	uint8_t h[32];
	hash_msg(h, msg, msg_len);
	return ecdsa_sign_impl(sig, sk, h, sizeof h, extra, extra_len, flags);
}

int ecf_p256_ecdsa_verify_der(const uint8_t *der, size_t der_len, const uint8_t *pk, size_t pk_len,
                              const uint8_t *digest, size_t digest_len)
{
	if (der == NULL || pk == NULL || (digest == NULL && digest_len != 0))
		return ECF_ERR_NULL;
	uint8_t sig[64];
	int status = ecdsa_sig_from_der_impl(sig, der, der_len);
	if (status != ECF_OK)
		return status;
	return ecdsa_verify_impl(sig, pk, pk_len, digest, digest_len);
}

/* The exported names (the code above calls the static ones, never through the PLT). */
int ecf_p256_ecdsa_sign(uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const uint8_t sk[ECF_P256_SECRET_KEY_BYTES],
                        const uint8_t *digest, size_t digest_len, const uint8_t *extra, size_t extra_len,
                        unsigned flags)
{
	return ecdsa_sign_impl(sig, sk, digest, digest_len, extra, extra_len, flags);
}

int ecf_p256_ecdsa_sig_from_der(uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const uint8_t *der, size_t der_len)
{
	return ecdsa_sig_from_der_impl(sig, der, der_len);
}

int ecf_p256_ecdsa_verify(const uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const uint8_t *pk, size_t pk_len,
                          const uint8_t *digest, size_t digest_len)
{
	return ecdsa_verify_impl(sig, pk, pk_len, digest, digest_len);
}
/* ---- Batches (ecf_p256_ecdsa_sign_batch, ecf_p256_ecdsa_verify_batch) ----
 *
 * As ecdh.c's batches: full groups of 8 elements on the 8-lane AVX-512 IFMA
 * kernels where the flag word has the avx512_ifma tier, the rest (and every
 * element on other CPUs) through the single calls' workers. A lane computes
 * what the single call computes, from the same code where it is scalar:
 * sign_setup (key, digest, RFC 6979 steps b-g) and the first candidate k per
 * lane, then k G for the 8 lanes in the kernel (Jacobian), then per lane
 * r = x(kG) mod n and s = (e + r x)/k with sign_s and sign_finish. The two
 * inversions (Z mod p for x, k mod n) take one constant-time inversion each
 * per group (Montgomery's trick over the 8 lanes: inv8 below) instead of
 * eight. A lane whose r or s is 0 (probability ~2^-256, public) goes on in
 * sign_loop from its own generator, as the single call does. Verification:
 * u1 G + u2 Q per lane in the kernel, then the single call's verify_finish.
 * A lane with an invalid key, signature or pointer runs with a stand-in
 * (key 1, or the generator with u1 = 0, u2 = 1) and gets its own status;
 * the other lanes' results and timing do not depend on it. */

#define BATCH_LANES 8

/* Element i's digest and extra data as the single call gets them (extra[i]
 * or NULL, extra_len[i] or 0); ECF_ERR_NULL where the single call returns it
 * (a NULL pointer with a nonzero length), else ECF_OK. */
static int batch_args(const uint8_t **dp, size_t *dn, const uint8_t **ep, size_t *en, const uint8_t *const digest[],
                      const size_t digest_len[], const uint8_t *const extra[], const size_t extra_len[], size_t i)
{
	*dp = digest[i];
	*dn = digest_len[i];
	*ep = extra != NULL ? extra[i] : NULL;
	*en = extra_len != NULL ? extra_len[i] : 0;
	return (*dp == NULL && *dn != 0) || (*ep == NULL && *en != 0) ? ECF_ERR_NULL : ECF_OK;
}

/* The arguments of elements i .. i + count - 1 (count <= BATCH_LANES) of a
 * batch, lane by lane, with batch_args's verdict in pre. */
typedef struct {
	const uint8_t *dp[BATCH_LANES], *ep[BATCH_LANES];
	size_t dn[BATCH_LANES], en[BATCH_LANES];
	int pre[BATCH_LANES];
} batch_lanes;

static void batch_lanes_args(batch_lanes *g, const uint8_t *const digest[], const size_t digest_len[],
                             const uint8_t *const extra[], const size_t extra_len[], size_t i, int count)
{
	for (int l = 0; l < count; l++)
		g->pre[l] = batch_args(&g->dp[l], &g->dn[l], &g->ep[l], &g->en[l], digest, digest_len, extra, extra_len,
		                       i + (size_t)l);
}

#if ECFI_X86_64_KERNELS
/* Montgomery's trick: r[l] = 1/a[l] (the Montgomery domain) for 8 nonzero
 * a[l], one constant-time inversion and 21 multiplications; r may alias a. */
static void fe_inv8(fe r[BATCH_LANES], const fe a[BATCH_LANES], uint32_t tiers)
{
	fe c[BATCH_LANES], inv, t;
	c[0] = a[0];
	for (int l = 1; l < BATCH_LANES; l++)
		fe_mul(&c[l], &c[l - 1], &a[l], tiers);
	fe_inv(&inv, &c[BATCH_LANES - 1]);
	for (int l = BATCH_LANES - 1; l > 0; l--) {
		fe_mul(&t, &inv, &c[l - 1], tiers);
		fe_mul(&inv, &inv, &a[l], tiers);
		r[l] = t;
	}
	r[0] = inv;
	ecfi_wipe(c, sizeof c);
	ecfi_wipe(&inv, sizeof inv);
	ecfi_wipe(&t, sizeof t);
}

/* The same mod n. */
static void sc_inv8(sc r[BATCH_LANES], const sc a[BATCH_LANES], uint32_t tiers)
{
	sc c[BATCH_LANES], inv, t;
	c[0] = a[0];
	for (int l = 1; l < BATCH_LANES; l++)
		ecfi_p256n_mul_with(tiers, &c[l], &c[l - 1], &a[l]);
	ecfi_p256n_inv(&inv, &c[BATCH_LANES - 1]);
	for (int l = BATCH_LANES - 1; l > 0; l--) {
		ecfi_p256n_mul_with(tiers, &t, &inv, &c[l - 1]);
		ecfi_p256n_mul_with(tiers, &inv, &inv, &a[l]);
		r[l] = t;
	}
	r[0] = inv;
	ecfi_wipe(c, sizeof c);
	ecfi_wipe(&inv, sizeof inv);
	ecfi_wipe(&t, sizeof t);
}

/* 8 signatures on the IFMA tier; pre[l] is ECF_ERR_NULL for a lane whose
 * pointers the single call rejects (it signs an empty digest, discarded). */
static ECFI_NOINLINE void sign_worker8(uint8_t sig[][ECF_P256_ECDSA_SIGNATURE_BYTES], int *status,
                                       const uint8_t sk[][ECF_P256_SECRET_KEY_BYTES], const uint8_t *const *dp,
                                       const size_t *dn, const uint8_t *const *ep, const size_t *en, const int *pre,
                                       unsigned flags, uint32_t tiers)
{
	ecfi_p256_rfc6979 g[BATCH_LANES];
	uint64_t x[BATCH_LANES][4], e[BATCH_LANES][4], ok[BATCH_LANES], kv[4][BATCH_LANES], X[4][BATCH_LANES],
	    Z[4][BATCH_LANES], k[4], r[4], s[4];
	uint8_t xb[32];
	fe zi[BATCH_LANES], xa, t;
	sc kinv[BATCH_LANES];
	for (int l = 0; l < BATCH_LANES; l++) {
		const int empty = pre[l] != ECF_OK; /* public */
		ok[l] = sign_setup(x[l], xb, e[l], &g[l], sk[l], empty ? NULL : dp[l], empty ? 0 : dn[l],
		                   empty ? NULL : ep[l], empty ? 0 : en[l]);
		ecfi_p256_rfc6979_next(&g[l], k);
		for (int w = 0; w < 4; w++)
			kv[w][l] = k[w];
		ecfi_limbs_copy(kinv[l].limb, k, 4);
		ecfi_p256n_to_mont(&kinv[l], &kinv[l]);
	}
	ecfk_p256x8_scalar_mult_base_jac_avx512_ifma(X, Z, (const uint64_t(*)[BATCH_LANES])kv,
	                                             ecfi_p256_base_table_words(), P256_BASE_W);
	for (int l = 0; l < BATCH_LANES; l++)
		for (int w = 0; w < 4; w++)
			zi[l].limb[w] = Z[w][l]; /* never 0: k in [1, n - 1] */
	fe_inv8(zi, zi, tiers);
	sc_inv8(kinv, kinv, tiers); /* R/k */
	for (int l = 0; l < BATCH_LANES; l++) {
		for (int w = 0; w < 4; w++)
			xa.limb[w] = X[w][l];
		fe_sqr(&t, &zi[l], tiers);
		fe_mul(&xa, &xa, &t, tiers);
		fe_from_mont(&xa, &xa, tiers);                    /* x(kG), plain */
		ecfi_limbs_reduce_once(r, xa.limb, 0, P256_N, 4); /* x < p < 2n */
		sign_s(s, r, x[l], e[l], &kinv[l], tiers);
		if (sign_bad(r, s)) /* public: step h.3 and on, as the single call */
			sign_loop(r, s, &g[l], x[l], e[l], tiers);
		sign_finish(r, s, ok[l], flags);
		ecfi_limbs_to_be(sig[l], 32, r);
		ecfi_limbs_to_be(sig[l] + 32, 32, s);
		status[l] = ecfi_status_from_mask(ECF_ERR_SCALAR, ~ok[l]);
		if (pre[l] != ECF_OK) { /* public */
			ecfi_wipe(sig[l], ECF_P256_ECDSA_SIGNATURE_BYTES);
			status[l] = pre[l];
		}
	}
	ecfi_wipe(g, sizeof g);
	ecfi_wipe(x, sizeof x);
	ecfi_wipe(kv, sizeof kv);
	ecfi_wipe(X, sizeof X);
	ecfi_wipe(Z, sizeof Z);
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(r, sizeof r);
	ecfi_wipe(s, sizeof s);
	ecfi_wipe(xb, sizeof xb);
	ecfi_wipe(zi, sizeof zi);
	ecfi_wipe(&xa, sizeof xa);
	ecfi_wipe(&t, sizeof t);
	ecfi_wipe(kinv, sizeof kinv);
}

/* 8 verifications on the IFMA tier (public inputs); pre[l] as above. A lane
 * whose key, signature or pointers fail gets the single call's status and
 * computes 0 G + 1 G meanwhile. */
static ECFI_NOINLINE void verify_worker8(int *status, const uint8_t sig[][ECF_P256_ECDSA_SIGNATURE_BYTES],
                                         const uint8_t pk[][ECF_P256_PUBLIC_KEY_BYTES], const uint8_t *const *dp,
                                         const size_t *dn, const int *pre, uint32_t tiers)
{
	uint64_t r[BATCH_LANES][4], e[4], sv[4], u[2][4][BATCH_LANES], q2[2][4][BATCH_LANES], X[4][BATCH_LANES],
	    Z[4][BATCH_LANES];
	int st[BATCH_LANES];
	sc w[BATCH_LANES], t, v;
	for (int l = 0; l < BATCH_LANES; l++) {
		point q;
		st[l] = pre[l];
		if (st[l] == ECF_OK)
			st[l] = ecfi_p256_point_decode(&q, pk[l], ECF_P256_PUBLIC_KEY_BYTES);
		if (st[l] == ECF_OK && (!scalar_in_range(r[l], sig[l]) || !scalar_in_range(sv, sig[l] + 32)))
			st[l] = ECF_ERR_RANGE;
		if (st[l] == ECF_OK) {
			bits2int(e, dp[l], dn[l]);
			ecfi_limbs_reduce_once(e, e, 0, P256_N, 4);
		} else { /* the stand-in: 0 G + 1 G */
			q.x = P256_GX_MONT;
			q.y = P256_GY_MONT;
			static const uint64_t one[4] = {1, 0, 0, 0};
			ecfi_limbs_copy(r[l], one, 4);
			ecfi_limbs_copy(sv, one, 4);
			ecfi_limbs_zero(e, 4);
		}
		for (int j = 0; j < 4; j++) {
			q2[0][j][l] = q.x.limb[j];
			q2[1][j][l] = q.y.limb[j];
			u[0][j][l] = e[j]; /* e, until multiplied by 1/s */
		}
		ecfi_limbs_copy(w[l].limb, sv, 4);
		ecfi_p256n_to_mont(&w[l], &w[l]);
	}
	sc_inv8(w, w, tiers); /* R/s */
	for (int l = 0; l < BATCH_LANES; l++) {
		/* u1 = e/s, u2 = r/s: the plain values times R/s */
		for (int j = 0; j < 4; j++)
			t.limb[j] = u[0][j][l];
		ecfi_p256n_mul_with(tiers, &v, &t, &w[l]);
		for (int j = 0; j < 4; j++)
			u[0][j][l] = v.limb[j];
		ecfi_limbs_copy(t.limb, r[l], 4);
		ecfi_p256n_mul_with(tiers, &v, &t, &w[l]);
		for (int j = 0; j < 4; j++)
			u[1][j][l] = v.limb[j];
	}
	ecfk_p256x8_double_scalar_mult_vartime_avx512_ifma(X, Z, (const uint64_t(*)[4][BATCH_LANES])u,
	                                                   (const uint64_t(*)[4][BATCH_LANES])q2,
	                                                   ecfi_p256_base_table_words(), P256_BASE_W);
	for (int l = 0; l < BATCH_LANES; l++) {
		point R;
		for (int j = 0; j < 4; j++) {
			R.x.limb[j] = X[j][l];
			R.z.limb[j] = Z[j][l];
		}
		status[l] = st[l] == ECF_OK ? verify_finish(&R, r[l], tiers) : st[l];
	}
}
#endif

int ecf_p256_ecdsa_sign_batch(uint8_t sig[][ECF_P256_ECDSA_SIGNATURE_BYTES], int status[],
                              const uint8_t sk[][ECF_P256_SECRET_KEY_BYTES], const uint8_t *const digest[],
                              const size_t digest_len[], const uint8_t *const extra[], const size_t extra_len[],
                              unsigned flags, size_t n)
{
	if (sig == NULL || status == NULL || sk == NULL || digest == NULL || digest_len == NULL)
		return ecfi_batch_null(sig, ECF_P256_ECDSA_SIGNATURE_BYTES, status, n);
	const uint32_t tiers = ecfi_tiers();
	(void)tiers;
	size_t i = 0;
	batch_lanes g;
#if ECFI_X86_64_KERNELS
	if (ECFI_TIER_ON(tiers, AVX512_IFMA))
		for (; n - i >= BATCH_LANES; i += BATCH_LANES) {
			batch_lanes_args(&g, digest, digest_len, extra, extra_len, i, BATCH_LANES);
			sign_worker8(sig + i, status + i, sk + i, g.dp, g.dn, g.ep, g.en, g.pre, flags, tiers);
		}
#endif
	for (; i < n; i++) {
		batch_lanes_args(&g, digest, digest_len, extra, extra_len, i, 1);
		if (g.pre[0] != ECF_OK) {
			ecfi_wipe(sig[i], ECF_P256_ECDSA_SIGNATURE_BYTES);
			status[i] = ECF_ERR_NULL;
			continue;
		}
		status[i] = sign_worker(sig[i], sk[i], g.dp[0], g.dn[0], g.ep[0], g.en[0], flags);
	}
	ecfi_wipe_stack_32k(); /* the 8-lane kernels' tables: 15 KiB */
	return ecfi_batch_result(status, n);
}

int ecf_p256_ecdsa_verify_batch(int status[], const uint8_t sig[][ECF_P256_ECDSA_SIGNATURE_BYTES],
                                const uint8_t pk[][ECF_P256_PUBLIC_KEY_BYTES], const uint8_t *const digest[],
                                const size_t digest_len[], size_t n)
{
	if (status == NULL || sig == NULL || pk == NULL || digest == NULL || digest_len == NULL)
		return ecfi_batch_null(NULL, 0, status, n);
	const uint32_t tiers = ecfi_tiers();
	(void)tiers;
	size_t i = 0;
	batch_lanes g;
#if ECFI_X86_64_KERNELS
	if (ECFI_TIER_ON(tiers, AVX512_IFMA))
		for (; n - i >= BATCH_LANES; i += BATCH_LANES) {
			batch_lanes_args(&g, digest, digest_len, NULL, NULL, i, BATCH_LANES);
			verify_worker8(status + i, sig + i, pk + i, g.dp, g.dn, g.pre, tiers);
		}
#endif
	for (; i < n; i++) {
		batch_lanes_args(&g, digest, digest_len, NULL, NULL, i, 1);
		status[i] = g.pre[0] != ECF_OK
		                ? g.pre[0]
		                : ecdsa_verify_impl(sig[i], pk[i], ECF_P256_PUBLIC_KEY_BYTES, g.dp[0], g.dn[0]);
	}
	return ecfi_batch_result(status, n);
}
#else /* ECFI_TEST_HOOKS: the test hooks only (testhooks/p256_hooks.h) */
void ecfi_test_p256_rfc6979_init(ecfi_p256_rfc6979 *g, const uint8_t x[32], const uint8_t *digest, size_t digest_len,
                                 const uint8_t *extra, size_t extra_len, const uint64_t q[4])
{
	rfc6979_init(g, x, digest, digest_len, extra, extra_len, q);
}

void ecfi_test_p256_rfc6979_next(ecfi_p256_rfc6979 *g, uint64_t k[4], const uint64_t q[4]) { rfc6979_next(g, k, q); }
#endif
