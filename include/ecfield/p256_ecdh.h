/*
 * P-256 keys (FIPS 186-5 A.2.1 and A.4.2) and ECDH (SEC1 3.3.1).
 *
 * Secret keys are ECF_P256_SECRET_KEY_BYTES big-endian bytes d in [1, n - 1]
 * (n: the group order, ecfield/p256n.h); public keys are the SEC1 encoding
 * of d*G, uncompressed (ECF_P256_PUBLIC_KEY_BYTES bytes; the functions that
 * take a public key also take the 33-byte compressed form, see
 * ecf_p256_point_from_bytes in ecfield/p256_point.h).
 *
 * Every function returns ECF_OK or an error (anything but ECF_OK means
 * reject); on every error, ECF_ERR_NULL included, each output that is not
 * NULL is zeroed. Constant time in the secret key and the seed (the status is
 * public); secrets on the stack are wiped before returning. No allocation.
 */
#ifndef ECFIELD_P256_ECDH_H
#define ECFIELD_P256_ECDH_H

#include <ecfield/common.h>
#include <ecfield/p256_point.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECF_P256_SECRET_KEY_BYTES 32 /**< d, big-endian */
#define ECF_P256_PUBLIC_KEY_BYTES 65 /**< SEC1 uncompressed 0x04 || x || y */
#define ECF_P256_SHARED_BYTES 32     /**< the x-coordinate of d*Q, big-endian */

/** A key pair from caller randomness (FIPS 186-5 A.2 / A.4):
 *  seed_len = 32: d = the big-endian value, rejected with ECF_ERR_SCALAR if it
 *    is 0 or >= n (A.4.2, "testing candidates": draw again);
 *  seed_len >= 40: d = (c mod (n - 1)) + 1 for the big-endian value c (A.2.1,
 *    "extra random bits": never fails, bias below 2^-64);
 *  other lengths: ECF_ERR_LENGTH.
 *  Writes the secret key d to sk and the uncompressed public key d*G to pk.
 *  Returns ECF_OK; ECF_ERR_NULL (pk, sk or seed NULL); ECF_ERR_LENGTH;
 *  ECF_ERR_SCALAR. On error pk and sk are zeroed (those not NULL).
 *  Constant time in the seed (the status is public). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_p256_keypair(uint8_t pk[ECF_P256_PUBLIC_KEY_BYTES],
                                                                         uint8_t sk[ECF_P256_SECRET_KEY_BYTES],
                                                                         const uint8_t *seed, size_t seed_len);

/** pk = d*G, uncompressed, for the secret key d = sk.
 *  Returns ECF_OK; ECF_ERR_NULL (pk or sk NULL); ECF_ERR_SCALAR (d = 0 or
 *  d >= n). On error pk is zeroed (if not NULL). Constant time in d. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_public_key(uint8_t pk[ECF_P256_PUBLIC_KEY_BYTES],
                                                                         const uint8_t sk[ECF_P256_SECRET_KEY_BYTES]);

/** ECDH (SEC1 3.3.1): shared = the x-coordinate (big-endian) of d*Q for the
 *  secret key d = sk and the peer's SEC1 point Q (peer_len = 33 or 65 bytes).
 *  Returns ECF_OK, or, with shared zeroed (if not NULL): ECF_ERR_NULL (shared,
 *  sk or peer NULL); ECF_ERR_SCALAR (d = 0 or d >= n); the decoding errors of
 *  ecf_p256_point_from_bytes for Q: ECF_ERR_LENGTH, ECF_ERR_ENCODING,
 *  ECF_ERR_RANGE, ECF_ERR_NOT_ON_CURVE, ECF_ERR_IDENTITY (also returned if
 *  d*Q were the identity, impossible for a valid Q as the order is prime).
 *  Constant time in d (and in Q once decoded). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_p256_ecdh(uint8_t shared[ECF_P256_SHARED_BYTES],
                                                                      const uint8_t sk[ECF_P256_SECRET_KEY_BYTES],
                                                                      const uint8_t *peer, size_t peer_len);

/** Batch of n public keys: pk[i] and status[i] are what
 *  ecf_p256_public_key(pk[i], sk[i]) writes and returns, for i < n.
 *  Full groups of 8 keys run 8 at a time on CPUs with AVX-512 IFMA (the
 *  avx512_ifma tier), the rest one by one; the results are the same bits.
 *  Returns ECF_OK if every status[i] is ECF_OK, else the first status[i]
 *  that is not (ECF_ERR_SCALAR); ECF_ERR_NULL if pk, status or sk is NULL
 *  (then the n elements of pk and status that are not NULL are zeroed and
 *  set to ECF_ERR_NULL). n = 0 returns ECF_OK. pk and status may not
 *  overlap sk or each other. Constant time in each sk[i]: no element's key
 *  changes another's result or timing (the statuses are public). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_p256_public_key_batch(
    uint8_t pk[][ECF_P256_PUBLIC_KEY_BYTES], int status[], const uint8_t sk[][ECF_P256_SECRET_KEY_BYTES], size_t n);

/** Batch of n ECDH: shared[i] and status[i] are what
 *  ecf_p256_ecdh(shared[i], sk[i], peer[i], ECF_P256_PUBLIC_KEY_BYTES)
 *  writes and returns, for i < n (each peer an uncompressed SEC1 point).
 *  Full groups of 8 run 8 at a time on CPUs with AVX-512 IFMA, the rest one
 *  by one; the results are the same bits. Returns ECF_OK if every status[i]
 *  is ECF_OK, else the first status[i] that is not (ECF_ERR_SCALAR,
 *  ECF_ERR_LENGTH, ECF_ERR_ENCODING, ECF_ERR_RANGE, ECF_ERR_NOT_ON_CURVE,
 *  ECF_ERR_IDENTITY); ECF_ERR_NULL if shared, status, sk or peer is NULL
 *  (then the n elements of shared and status that are not NULL are zeroed
 *  and set to ECF_ERR_NULL). n = 0 returns ECF_OK. shared and status may
 *  not overlap sk, peer or each other. Constant time in each sk[i]; an
 *  invalid peer or key in one element changes no other element's result
 *  or timing. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3, 4) int ecf_p256_ecdh_batch(
    uint8_t shared[][ECF_P256_SHARED_BYTES], int status[], const uint8_t sk[][ECF_P256_SECRET_KEY_BYTES],
    const uint8_t peer[][ECF_P256_PUBLIC_KEY_BYTES], size_t n);

#ifdef __cplusplus
}
#endif

#endif
