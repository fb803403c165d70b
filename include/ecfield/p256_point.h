/*
 * The NIST P-256 group (SEC 2 secp256r1, FIPS 186-5): y^2 = x^3 - 3x + b over
 * GF(p256), prime order n (ecfield/p256n.h), cofactor 1.
 *
 * Points. ecf_p256_point holds homogeneous projective coordinates (X : Y : Z),
 * x = X/Z, y = Y/Z, each coordinate a canonical GF(p) element in the
 * Montgomery domain (see ecfield/p256.h); the identity is (0 : 1 : 0) (any
 * (0 : Y : 0) with Y != 0). ecf_p256_affine holds (x, y) in the Montgomery
 * domain; the identity, which has no affine form, is written (0, 0) by the
 * conversions. Points are plain values; every function takes valid, non-NULL
 * pointers unless it returns an ecf_status, and outputs may alias inputs
 * unless stated otherwise.
 *
 * The group law (add, double, add_affine) uses the complete addition
 * formulas of Renes, Costello and Batina ("Complete addition formulas for
 * prime order elliptic curves", EUROCRYPT 2016, algorithms 4, 5 and 6 for
 * a = -3): correct for every pair of points, the identity and doublings
 * included, with no branch. The scalar multiplications work in Jacobian
 * coordinates with incomplete formulas whose exceptional cases are selected
 * around in constant time or proved unreachable (docs/p256.md): they are
 * correct for every point of the curve and every scalar.
 *
 * Scalars are 32 big-endian bytes; any 256-bit value is accepted and reduced
 * mod n (k and k + n give the same point).
 *
 * Constant time: every function is constant time in the values of points and
 * scalars (no branch, memory index or division depends on them) unless its
 * name ends in _vartime. Decoding is constant time in the coordinates; only
 * the returned status is public. Secrets held on the stack are wiped before
 * returning. No function allocates.
 */
#ifndef ECFIELD_P256_POINT_H
#define ECFIELD_P256_POINT_H

#include <ecfield/common.h>
#include <ecfield/p256.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A point in projective coordinates (X : Y : Z), Montgomery domain. */
typedef struct ecf_p256_point {
	ecf_p256_fe x, y, z;
} ecf_p256_point;

/** An affine point (x, y), Montgomery domain; (0, 0) stands for the identity. */
typedef struct ecf_p256_affine {
	ecf_p256_fe x, y;
} ecf_p256_affine;

#define ECF_P256_POINT_BYTES 65            /**< SEC1 uncompressed: 0x04 || x || y */
#define ECF_P256_POINT_COMPRESSED_BYTES 33 /**< SEC1 compressed: 0x02/0x03 || x */
#define ECF_P256_SCALAR_BYTES 32

/** r = the identity (0 : 1 : 0). */
ECF_API void ecf_p256_point_identity(ecf_p256_point *r);
/** r = the generator G of SEC 2, Z = 1. */
ECF_API void ecf_p256_point_generator(ecf_p256_point *r);

/** SEC1 decoding (section 2.3.4) of a point with full validation.
 *  Accepts 65 bytes 0x04 || x || y or 33 bytes 0x02/0x03 || x (0x03: y odd).
 *  Returns ECF_OK and r = (x : y : 1), or, with r = the identity:
 *    ECF_ERR_NULL        r or in is NULL (r untouched if NULL);
 *    ECF_ERR_IDENTITY    the single byte 0x00 (the SEC1 encoding of the identity);
 *    ECF_ERR_LENGTH      any other length than 1, 33 or 65, or a length that does
 *                        not match the tag (0x04 with 33 bytes, 0x02/0x03 with 65);
 *    ECF_ERR_ENCODING    a tag other than 0x02, 0x03, 0x04 (also 0x00 with len > 1,
 *                        and the hybrid tags 0x06/0x07, which are not accepted);
 *    ECF_ERR_RANGE       x >= p or y >= p;
 *    ECF_ERR_NOT_ON_CURVE  (x, y) not on the curve, or no y for a compressed x.
 *  Constant time in the coordinates (the status is public). */
ECF_API int ecf_p256_point_from_bytes(ecf_p256_point *r, const uint8_t *in, size_t len);

/** SEC1 encoding of p: len = 65 gives 0x04 || x || y, len = 33 gives
 *  0x02/0x03 || x. Returns ECF_OK; ECF_ERR_NULL; ECF_ERR_LENGTH for another
 *  len; ECF_ERR_IDENTITY if p is the identity (then out is zeroed: the
 *  identity has no fixed-length encoding). One inversion, constant time. */
ECF_API int ecf_p256_point_to_bytes(uint8_t *out, size_t len, const ecf_p256_point *p);

/** r = p + q (complete: any p, q, identity and p = q included). */
ECF_API void ecf_p256_point_add(ecf_p256_point *r, const ecf_p256_point *p, const ecf_p256_point *q);
/** r = p + q for an affine q that is not the identity (mixed addition). */
ECF_API void ecf_p256_point_add_affine(ecf_p256_point *r, const ecf_p256_point *p, const ecf_p256_affine *q);
/** r = 2p (complete). */
ECF_API void ecf_p256_point_double(ecf_p256_point *r, const ecf_p256_point *p);
/** r = -p. */
ECF_API void ecf_p256_point_neg(ecf_p256_point *r, const ecf_p256_point *p);
/** 1 if p is the identity, else 0. */
ECF_API int ecf_p256_point_is_identity(const ecf_p256_point *p);
/** 1 if p and q are the same point (whatever their Z), else 0. */
ECF_API int ecf_p256_point_equal(const ecf_p256_point *p, const ecf_p256_point *q);
/** r = p if cond != 0, else r is unchanged. */
ECF_API void ecf_p256_point_cmov(ecf_p256_point *r, const ecf_p256_point *p, int cond);

/** Affine form of p with one inversion; the identity gives (0, 0). */
ECF_API void ecf_p256_point_to_affine(ecf_p256_affine *r, const ecf_p256_point *p);
/** r[i] = affine form of p[i] for i < n, with one inversion for all of them
 *  (Montgomery's trick); identities give (0, 0) and do not disturb the
 *  others. r and p must not overlap unless r == (void *)p is false for every
 *  element: the arrays must be disjoint. Constant time in the points (n is
 *  public). Returns ECF_OK, or ECF_ERR_NULL if r or p is NULL while n > 0. */
ECF_API int ecf_p256_point_batch_to_affine(ecf_p256_affine *r, const ecf_p256_point *p, size_t n);
/** r = (x : y : 1) for an affine point; (0, 0) gives the identity. */
ECF_API void ecf_p256_point_from_affine(ecf_p256_point *r, const ecf_p256_affine *a);

/** r = k * p for a 32-byte big-endian scalar k (reduced mod n), p any point.
 *  Signed 5-bit windows over a 16-point (Jacobian) table read in full at every step.
 *  Constant time in k and p. */
ECF_API void ecf_p256_scalar_mult(ecf_p256_point *r, const uint8_t k[32], const ecf_p256_point *p);
/** r = k * G with the precomputed table (37 x 64 affine points in .rodata,
 *  signed 7-bit windows, each window's 64 entries read in full).
 *  Constant time in k. */
ECF_API void ecf_p256_scalar_mult_base(ecf_p256_point *r, const uint8_t k[32]);
/** r = u1 * G + u2 * q (wNAF). NOT constant time: for public scalars and
 *  points only (signature verification). */
ECF_API void ecf_p256_double_scalar_mult_vartime(ecf_p256_point *r, const uint8_t u1[32], const uint8_t u2[32],
                                                 const ecf_p256_point *q);

/** Private key from caller randomness (FIPS 186-5 A.2 / A.4):
 *  seed_len = 32: d = the big-endian value, rejected with ECF_ERR_SCALAR if it
 *    is 0 or >= n (A.4.2, "testing candidates": draw again);
 *  seed_len >= 40: d = (c mod (n - 1)) + 1 for the big-endian value c (A.2.1,
 *    "extra random bits": never fails, bias below 2^-64);
 *  other lengths: ECF_ERR_LENGTH. Writes the private key (32 bytes) to priv
 *  and, if pub is not NULL, the uncompressed public key d*G (65 bytes) to pub.
 *  ECF_ERR_NULL if priv or seed is NULL. On error priv (and pub) are zeroed.
 *  Constant time in the seed (the status is public). */
ECF_API int ecf_p256_keygen(uint8_t priv[32], uint8_t pub[65], const uint8_t *seed, size_t seed_len);

/** pub = d*G, uncompressed (65 bytes). ECF_ERR_SCALAR if d = 0 or d >= n;
 *  ECF_ERR_NULL. On error pub is zeroed. Constant time in d. */
ECF_API int ecf_p256_public_key(uint8_t pub[65], const uint8_t priv[32]);

/** ECDH (SEC1 3.3.1): shared = the x-coordinate (32 bytes, big-endian) of d*Q
 *  for the private key d and the peer's SEC1 point Q (33 or 65 bytes).
 *  Errors, with shared zeroed: ECF_ERR_NULL; ECF_ERR_SCALAR (d = 0 or >= n);
 *  the errors of ecf_p256_point_from_bytes for Q; ECF_ERR_IDENTITY if d*Q
 *  is the identity (impossible for a valid Q, as the order is prime).
 *  Constant time in d (and in Q once decoded). */
ECF_API int ecf_p256_ecdh(uint8_t shared[32], const uint8_t priv[32], const uint8_t *peer, size_t peer_len);

#ifdef __cplusplus
}
#endif

#endif
