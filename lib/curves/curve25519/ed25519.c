/*
 * Ed25519 (RFC 8032 section 5.1): key generation, signing, and the two
 * verification rules of ecfield/ed25519.h, over the edwards25519 internals,
 * the hidden SHA-512 (lib/hash/sha2.h) and the scalars mod l
 * (lib/fields/sc25519_internal.h).
 */
#include "ecfield/ed25519.h"

#include <string.h>

#include "common/wipe.h"
#include "curves/curve25519/edwards25519_internal.h"
#include "hash/sha2.h"
#include "sc25519_internal.h"

/* k = SHA-512(R || A || M) mod l. */
static void challenge(ecf_sc25519_fe *k, const uint8_t R[32], const uint8_t A[32], const uint8_t *msg, size_t len)
{
	ecfi_sha512_ctx ctx;
	uint8_t h[64];
	ecfi_sha512_init(&ctx);
	ecfi_sha512_update(&ctx, R, 32);
	ecfi_sha512_update(&ctx, A, 32);
	if (len)
		ecfi_sha512_update(&ctx, msg, len);
	ecfi_sha512_final(&ctx, h);
	(void)ecfi_sc25519_from_wide_bytes(k, h, 64);
}

/* keypair and sign hold the secret scalar, the prefix and the nonce in a
 * noinline worker; the public function then clears the stack its call tree
 * used (ecfi_wipe_stack, lib/common/wipe.h), spill slots included. */
static ECFI_NOINLINE void keypair_worker(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
	const uint32_t fl = fe_flags();
	uint8_t h[64], s[32], a[32];
	ecfi_ed_p3 A;
	memcpy(s, seed, 32); /* seed may alias pk or sk */
	ecfi_sha512(h, s, 32);
	ecfi_sc25519_clamp(a, h);
	ecfi_edwards25519_scalar_mult_base(fl, &A, a);
	if (sk != NULL) {
		memcpy(sk, s, 32);
		ecfi_edwards25519_encode(fl, sk + 32, &A);
	}
	ecfi_edwards25519_encode(fl, pk, &A);
	ecfi_wipe(h, sizeof h);
	ecfi_wipe(s, sizeof s);
	ecfi_wipe(a, sizeof a);
}

int ecf_ed25519_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
	if (pk == NULL || seed == NULL)
		return ECF_ERR_NULL;
	keypair_worker(pk, sk, seed);
	ecfi_wipe_stack();
	return ECF_OK;
}

static ECFI_NOINLINE void sign_worker(uint8_t sig[64], const uint8_t *msg, size_t msglen, const uint8_t sk[64])
{
	const uint32_t fl = fe_flags();
	uint8_t h[64], rh[64], a_bytes[32], r_bytes[32], pk[32], Renc[32];
	ecf_sc25519_fe a, r, k, S;
	ecfi_ed_p3 R;
	ecfi_sha512_ctx ctx;
	memcpy(pk, sk + 32, 32);
	/* h = SHA-512(seed): the secret scalar a (clamped) and the prefix. */
	ecfi_sha512(h, sk, 32);
	ecfi_sc25519_clamp(a_bytes, h);
	(void)ecfi_sc25519_from_wide_bytes(&a, a_bytes, 32);
	/* r = SHA-512(prefix || M) mod l, R = r*B */
	ecfi_sha512_init(&ctx);
	ecfi_sha512_update(&ctx, h + 32, 32);
	if (msglen)
		ecfi_sha512_update(&ctx, msg, msglen);
	ecfi_sha512_final(&ctx, rh);
	(void)ecfi_sc25519_from_wide_bytes(&r, rh, 64);
	ecfi_sc25519_to_bytes(r_bytes, &r);
	ecfi_edwards25519_scalar_mult_base(fl, &R, r_bytes);
	ecfi_edwards25519_encode(fl, Renc, &R);
	/* S = r + k*a mod l */
	challenge(&k, Renc, pk, msg, msglen);
	ecfi_sc25519_muladd(&S, &k, &a, &r);
	memcpy(sig, Renc, 32); /* after the last read of msg: sig may alias msg */
	ecfi_sc25519_to_bytes(sig + 32, &S);
	ecfi_wipe(h, sizeof h);
	ecfi_wipe(rh, sizeof rh);
	ecfi_wipe(a_bytes, sizeof a_bytes);
	ecfi_wipe(r_bytes, sizeof r_bytes);
	ecfi_wipe(&a, sizeof a);
	ecfi_wipe(&r, sizeof r);
	ecfi_wipe(&S, sizeof S);
	ecfi_wipe(&R, sizeof R);
}

int ecf_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t msglen, const uint8_t sk[64])
{
	if (sig == NULL || sk == NULL || (msg == NULL && msglen != 0))
		return ECF_ERR_NULL;
	sign_worker(sig, msg, msglen, sk);
	ecfi_wipe_stack();
	return ECF_OK;
}

/* R' = [S]B - [k]A for a decoded A and the canonical S; k from R, A, M bytes.
 * The point is negated, not the scalar: (l - k)*A is -k*A only for A in the
 * prime-order subgroup, and A may have a small-order component (found by
 * fuzz/fuzz_ed25519.c against OpenSSL: a public key of order 4 verified a
 * signature that RFC 8032's equation rejects). */
static int compute_rprime(uint32_t fl, ecfi_ed_p3 *Rp, const uint8_t sig[64], const uint8_t *msg, size_t msglen,
                          const uint8_t pk[32], const ecfi_ed_p3 *A)
{
	ecf_sc25519_fe S, k;
	uint8_t kb[32];
	ecfi_ed_p3 negA;
	if (ecfi_sc25519_from_bytes(&S, sig + 32, 32) != ECF_OK) /* S < l */
		return ECF_ERR_RANGE;
	challenge(&k, sig, pk, msg, msglen);
	ecfi_sc25519_to_bytes(kb, &k);
	ecfi_edwards25519_neg(&negA, A);
	ecfi_edwards25519_double_scalar_mult_base_vartime(fl, Rp, kb, &negA, sig + 32); /* k*(-A) + S*B */
	return ECF_OK;
}

int ecf_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t msglen, const uint8_t pk[32])
{
	if (sig == NULL || pk == NULL || (msg == NULL && msglen != 0))
		return ECF_ERR_NULL;
	const uint32_t fl = fe_flags();
	ecfi_ed_p3 A, Rp;
	uint8_t enc[32];
	int st = ecfi_edwards25519_decode(fl, &A, pk, ECFI_ED_DECODE_STRICT);
	if (st != ECF_OK)
		return st;
	st = compute_rprime(fl, &Rp, sig, msg, msglen, pk, &A);
	if (st != ECF_OK)
		return st;
	ecfi_edwards25519_encode(fl, enc, &Rp);
	uint8_t d = 0;
	for (int i = 0; i < 32; i++)
		d |= (uint8_t)(enc[i] ^ sig[i]);
	return d == 0 ? ECF_OK : ECF_ERR_VERIFY;
}

int ecf_ed25519_verify_cofactored(const uint8_t sig[64], const uint8_t *msg, size_t msglen, const uint8_t pk[32])
{
	if (sig == NULL || pk == NULL || (msg == NULL && msglen != 0))
		return ECF_ERR_NULL;
	const uint32_t fl = fe_flags();
	ecfi_ed_p3 A, R, Rp;
	int st = ecfi_edwards25519_decode(fl, &A, pk, ECFI_ED_DECODE_ZIP215);
	if (st != ECF_OK)
		return st;
	st = ecfi_edwards25519_decode(fl, &R, sig, ECFI_ED_DECODE_ZIP215);
	if (st != ECF_OK)
		return st;
	st = compute_rprime(fl, &Rp, sig, msg, msglen, pk, &A);
	if (st != ECF_OK)
		return st;
	ecfi_edwards25519_sub(fl, &Rp, &Rp, &R);
	ecfi_edwards25519_double(fl, &Rp, &Rp);
	ecfi_edwards25519_double(fl, &Rp, &Rp);
	ecfi_edwards25519_double(fl, &Rp, &Rp);
	ecfi_ed_p3 I;
	ecfi_edwards25519_identity(&I);
	return ecfi_edwards25519_equal_mask(fl, &Rp, &I) ? ECF_OK : ECF_ERR_VERIFY;
}
