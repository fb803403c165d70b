/*
 * X25519 Diffie-Hellman (RFC 7748 section 5) on GF(2^255 - 19).
 *
 * Keys and shared secrets are 32-byte strings. The scalar is clamped as the
 * RFC says (bits 0-2 and 255 cleared, bit 254 set); the top bit of u is
 * ignored and non-canonical u (p <= u < 2^255) is accepted and reduced,
 * as RFC 7748 requires.
 *
 * Every function is constant time in the secret key and in u (Montgomery
 * ladder with constant-time conditional swaps; the fixed-base path uses
 * constant-time table lookups), allocation-free, and wipes the clamped scalar
 * and every secret temporary before returning. Outputs may alias inputs.
 */
#ifndef ECFIELD_X25519_H
#define ECFIELD_X25519_H

#include <ecfield/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A secret key (any 32 bytes; clamped inside), a public key (a u-coordinate),
 *  a shared secret, and the caller's randomness for keypair. */
#define ECF_X25519_SECRET_KEY_BYTES 32
#define ECF_X25519_PUBLIC_KEY_BYTES 32
#define ECF_X25519_SHARED_BYTES 32
#define ECF_X25519_SEED_BYTES 32

/** shared = X25519(sk, peer), the key agreement of RFC 7748 section 6.1.
 *  Returns ECF_OK; ECF_ERR_NULL if a pointer is NULL; ECF_ERR_SMALL_ORDER if
 *  the result is all zero (peer was a point of small order: the contributory
 *  check of RFC 7748 section 6.1; the caller must abort the exchange). The
 *  check is computed without a branch on the secret result; only the status
 *  is public. On every error shared is all zero (if it is not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_x25519(uint8_t shared[ECF_X25519_SHARED_BYTES],
                                                                   const uint8_t sk[ECF_X25519_SECRET_KEY_BYTES],
                                                                   const uint8_t peer[ECF_X25519_PUBLIC_KEY_BYTES]);
/* (clang-format would break these prototypes inside ECF_NONNULL(...)) */
/* clang-format off */
/** pk = X25519(sk, 9), the public key of a secret key: a fixed-base
 *  multiplication on edwards25519 (precomputed table) mapped to the
 *  Montgomery u-coordinate, several times faster than the ladder. Returns
 *  ECF_OK, or ECF_ERR_NULL if a pointer is NULL (then pk is zeroed if it is
 *  not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_x25519_public_key(
    uint8_t pk[ECF_X25519_PUBLIC_KEY_BYTES], const uint8_t sk[ECF_X25519_SECRET_KEY_BYTES]);
/* clang-format on */
/** A key pair from 32 bytes of caller randomness: sk = seed (the secret key
 *  is the seed itself, clamped when used), pk = public_key(sk). sk and pk
 *  may alias seed (not each other). Returns ECF_OK, or ECF_ERR_NULL if a
 *  pointer is NULL (then the outputs that are not NULL are zeroed). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_x25519_keypair(uint8_t pk[ECF_X25519_PUBLIC_KEY_BYTES],
                                                                           uint8_t sk[ECF_X25519_SECRET_KEY_BYTES],
                                                                           const uint8_t seed[ECF_X25519_SEED_BYTES]);

/* clang-format off */
/** Many key agreements at once: for each i < n, shared[i] and status[i] are
 *  exactly what shared[i] and the return value of ecf_x25519(shared[i],
 *  sk[i], peer[i]) would be (the same bytes; ECF_OK, or ECF_ERR_SMALL_ORDER
 *  with shared[i] all zero). Each element is independent: a peer of small
 *  order fails its own element only. Returns ECF_OK if every status[i] is
 *  ECF_OK (so for n = 0), else the status of the first element that failed
 *  (read status[] for which ones); ECF_ERR_NULL if any pointer is NULL (then
 *  the n entries of shared and status that are not NULL are zeroed and set to
 *  ECF_ERR_NULL). On x86-64 CPUs with AVX-512 IFMA the groups of 8 run side
 *  by side in the vector registers (several times the throughput of single
 *  calls; the last n mod 8 and other CPUs run the single-call code). Constant
 *  time in every sk[i] and peer[i], and no element's secrets influence another
 *  element's timing or results; n and which statuses fail are public.
 *  shared may be the same array as sk or as peer (element i over element i);
 *  no other overlap between the arrays is allowed. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3, 4) int ecf_x25519_batch(
    uint8_t shared[][ECF_X25519_SHARED_BYTES], int status[], const uint8_t sk[][ECF_X25519_SECRET_KEY_BYTES],
    const uint8_t peer[][ECF_X25519_PUBLIC_KEY_BYTES], size_t n);
/** Many public keys at once: pk[i] = what ecf_x25519_public_key(pk[i],
 *  sk[i]) gives, for each i < n (the same bytes), by the edwards25519
 *  fixed-base multiplication and the map to u on 8 lanes on x86-64 CPUs with
 *  AVX-512 IFMA (the last n mod 8
 *  and other CPUs run the single call's fixed-base code). Returns ECF_OK
 *  (also for n = 0), or ECF_ERR_NULL if pk or sk is NULL (then pk, if not
 *  NULL, is zeroed for n entries). Constant time in every sk[i], each element
 *  independent of the others. pk may be the same array as sk; no other
 *  overlap. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_x25519_public_key_batch(
    uint8_t pk[][ECF_X25519_PUBLIC_KEY_BYTES], const uint8_t sk[][ECF_X25519_SECRET_KEY_BYTES], size_t n);
/* clang-format on */

#ifdef __cplusplus
}
#endif

#endif
