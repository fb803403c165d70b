/*
 * Ed25519 signatures (RFC 8032 section 5.1, pure EdDSA: no context, no
 * prehash) over the edwards25519 group (ecfield/edwards25519.h), with the
 * library's own SHA-512 and scalars mod l (ecfield/sc25519.h).
 *
 * Keys: a 32-byte secret seed; the 32-byte public key A = s*B (RFC 8032
 * 5.1.5); the 64-byte secret key seed || A (the NaCl/libsodium layout) that
 * sign takes, so that signing needs no second scalar multiplication. The
 * public half of sk must be the one keypair derived from the seed: signing
 * with a wrong public half gives a signature that does not verify, and two
 * messages signed under different public halves reveal the secret scalar.
 *
 * Two verification rules, both requiring S < l and both pure functions of
 * their inputs (no state, no allocation):
 * - ecf_ed25519_verify: cofactorless and strict, RFC 8032 5.1.7: A decoded
 *   strictly (5.1.3), R compared with the canonical encoding of
 *   [S]B - [k]A (so a non-canonical R never verifies), [S]B = R + [k]A
 *   exactly. Small-order A and R are not rejected (RFC 8032 does not; libsodium
 *   does, and rejects some signatures that this function accepts).
 * - ecf_ed25519_verify_cofactored: ZIP-215 (Zcash and other consensus
 *   systems): A and R decoded permissively (non-canonical y accepted, x = 0
 *   with the sign bit accepted), k hashed over the bytes as given, and
 *   [8]([S]B - R - [k]A) = 0. Accepts everything verify accepts, and more.
 *
 * Constant time: keypair and sign in the seed, the secret scalar and the
 * nonce (the message length and the outputs are public); they wipe the
 * expanded key, the nonce and every secret temporary before returning.
 * Verification handles public data only and uses the variable-time
 * double-scalar multiplication. Outputs may alias inputs.
 */
#ifndef ECFIELD_ED25519_H
#define ECFIELD_ED25519_H

#include <ecfield/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECF_ED25519_SEED_BYTES 32
#define ECF_ED25519_PUBLIC_KEY_BYTES 32
#define ECF_ED25519_SECRET_KEY_BYTES 64
#define ECF_ED25519_SIGNATURE_BYTES 64

/** pk = the public key of seed; sk = seed || pk (may be NULL if not wanted).
 *  Returns ECF_OK, or ECF_ERR_NULL if pk or seed is NULL. */
ECF_API int ecf_ed25519_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32]);
/** sig = the Ed25519 signature of msg[0..msglen) under sk = seed || pk.
 *  msg may be NULL when msglen is 0. Returns ECF_OK, or ECF_ERR_NULL. */
ECF_API int ecf_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t msglen, const uint8_t sk[64]);
/** Strict, cofactorless verification (see above). Returns ECF_OK for a valid
 *  signature; otherwise a negative status, and every non-OK status means
 *  "invalid": ECF_ERR_NULL; ECF_ERR_RANGE (S >= l, or the public key's y >= p);
 *  ECF_ERR_ENCODING or ECF_ERR_NOT_ON_CURVE (the public key does not decode);
 *  ECF_ERR_VERIFY (the equation does not hold, or R is not canonical). */
ECF_API int ecf_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t msglen, const uint8_t pk[32]);
/** ZIP-215 cofactored verification (see above). Same statuses as verify
 *  (ECF_ERR_NOT_ON_CURVE also for an R that does not decode). */
ECF_API int ecf_ed25519_verify_cofactored(const uint8_t sig[64], const uint8_t *msg, size_t msglen,
                                          const uint8_t pk[32]);

#ifdef __cplusplus
}
#endif

#endif
