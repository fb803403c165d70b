/*
 * X25519 Diffie-Hellman (RFC 7748 section 5) on GF(2^255 - 19).
 *
 * Keys and shared secrets are 32-byte strings. The scalar is clamped as the
 * RFC says (bits 0-2 and 255 cleared, bit 254 set); the top bit of u is
 * ignored and non-canonical u (p <= u < 2^255) is accepted and reduced,
 * as RFC 7748 requires.
 *
 * Both functions are constant time in the scalar and in u (Montgomery ladder
 * with constant-time conditional swaps; the fixed-base path uses
 * constant-time table lookups), allocation-free, and wipe the clamped scalar
 * and every secret temporary before returning. out may alias scalar or u.
 */
#ifndef ECFIELD_X25519_H
#define ECFIELD_X25519_H

#include <ecfield/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECF_X25519_BYTES 32

/** out = X25519(scalar, u). Returns ECF_OK; ECF_ERR_NULL if a pointer is
 *  NULL; ECF_ERR_SMALL_ORDER if the result is all zero (u was a point of
 *  small order: the contributory check of RFC 7748 section 6.1; out is then
 *  the all-zero string and the caller must abort the exchange). The check is
 *  computed without a branch on the secret result; only the status is public. */
ECF_API int ecf_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
/** out = X25519(scalar, 9), the public key of a secret scalar: a fixed-base
 *  multiplication on edwards25519 (precomputed table) mapped to the
 *  Montgomery u-coordinate, several times faster than the ladder. Returns
 *  ECF_OK, or ECF_ERR_NULL if a pointer is NULL. */
ECF_API int ecf_x25519_base(uint8_t out[32], const uint8_t scalar[32]);

#ifdef __cplusplus
}
#endif

#endif
