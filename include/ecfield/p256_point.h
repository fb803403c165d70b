/*
 * The NIST P-256 group (SEC 2 secp256r1, FIPS 186-5): y^2 = x^3 - 3x + b over
 * GF(p256), prime order n (ecfield/p256n.h), cofactor 1.
 *
 * Points. ecf_p256_point holds homogeneous projective coordinates (X : Y : Z),
 * x = X/Z, y = Y/Z, each coordinate a canonical GF(p) element in the
 * Montgomery domain (see ecfield/p256.h); the identity is (0 : 1 : 0) (any
 * (0 : Y : 0) with Y != 0). ecf_p256_affine holds (x, y) in the Montgomery
 * domain; the identity, which has no affine form, is (0, 0) (not a point of
 * the curve, as b != 0) in every function that gives or takes an affine
 * point: to_affine, batch_to_affine, from_affine, add_affine. Points are plain values; every function takes valid,
 * non-NULL pointers unless it returns an ecf_status, and outputs may alias inputs unless stated otherwise.
 *
 * The group law (add, sub, double, add_affine) uses the complete addition
 * formulas of Renes, Costello and Batina ("Complete addition formulas for
 * prime order elliptic curves", EUROCRYPT 2016, algorithms 4, 5 and 6 for
 * a = -3): correct for every pair of points, the identity and doublings
 * included, with no branch (add_affine selects p for q = (0, 0)). The scalar multiplications work in Jacobian
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
 *
 * Keys and ECDH are in ecfield/p256_ecdh.h, ECDSA in ecfield/p256_ecdsa.h.
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

/** An affine point (x, y), Montgomery domain. (0, 0), which is not a point of
 *  the curve (b != 0), stands for the identity everywhere: to_affine and
 *  batch_to_affine write it, from_affine and add_affine take it. */
typedef struct ecf_p256_affine {
	ecf_p256_fe x, y;
} ecf_p256_affine;

#define ECF_P256_POINT_BYTES 65            /**< SEC1 uncompressed: 0x04 || x || y */
#define ECF_P256_POINT_COMPRESSED_BYTES 33 /**< SEC1 compressed: 0x02/0x03 || x */
#define ECF_P256_SCALAR_BYTES 32           /**< a big-endian scalar (any 256-bit value, reduced mod n) */

/** r = the identity (0 : 1 : 0). */
ECF_API ECF_NONNULL(1) void ecf_p256_point_identity(ecf_p256_point *r);
/** r = the generator G of SEC 2, Z = 1. */
ECF_API ECF_NONNULL(1) void ecf_p256_point_generator(ecf_p256_point *r);

/** SEC1 decoding (section 2.3.4) of a point with full validation.
 *  Accepts ECF_P256_POINT_BYTES bytes 0x04 || x || y or
 *  ECF_P256_POINT_COMPRESSED_BYTES bytes 0x02/0x03 || x (0x03: y odd).
 *  Returns ECF_OK and r = (x : y : 1), or, with r = the identity:
 *    ECF_ERR_NULL        r or in is NULL (r untouched if NULL);
 *    ECF_ERR_IDENTITY    the single byte 0x00 (the SEC1 encoding of the identity);
 *    ECF_ERR_LENGTH      any other length than 1, 33 or 65, or a length that does
 *                        not match the tag (0x04 with 33 bytes, 0x02/0x03 with 65);
 *    ECF_ERR_ENCODING    a tag other than 0x02, 0x03, 0x04 (also 0x00 with len > 1,
 *                        and the hybrid tags 0x06/0x07, which are not accepted);
 *    ECF_ERR_RANGE       x >= p or y >= p;
 *    ECF_ERR_NOT_ON_CURVE  (x, y) not on the curve, or no y for a compressed x.
 *  (On error r is the identity, the point's zero: its X and Z are 0.)
 *  Constant time in the coordinates (the status is public). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_point_from_bytes(ecf_p256_point *r, const uint8_t *in,
                                                                               size_t len);

/** SEC1 encoding of p: len = ECF_P256_POINT_BYTES gives 0x04 || x || y,
 *  len = ECF_P256_POINT_COMPRESSED_BYTES gives 0x02/0x03 || x.
 *  Returns ECF_OK; ECF_ERR_NULL (out or p NULL); ECF_ERR_LENGTH for another
 *  len; ECF_ERR_IDENTITY if p is the identity (the identity has no
 *  fixed-length encoding). On error the len bytes of out are zeroed (if out
 *  is not NULL). One inversion, constant time. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 3) int ecf_p256_point_to_bytes(uint8_t *out, size_t len,
                                                                             const ecf_p256_point *p);

/** SEC1 compression of an encoding: out = the 33-byte compressed form
 *  0x02/0x03 || x of the point that in (len bytes, uncompressed or
 *  compressed) encodes, after the full validation of
 *  ecf_p256_point_from_bytes. Returns ECF_OK, or, with out zeroed (if not
 *  NULL), the decoding errors: ECF_ERR_NULL, ECF_ERR_IDENTITY,
 *  ECF_ERR_LENGTH, ECF_ERR_ENCODING, ECF_ERR_RANGE, ECF_ERR_NOT_ON_CURVE.
 *  out may alias in. Constant time in the coordinates. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1,
                                           2) int ecf_p256_point_compress(uint8_t out[ECF_P256_POINT_COMPRESSED_BYTES],
                                                                          const uint8_t *in, size_t len);
/** SEC1 decompression: out = the 65-byte uncompressed form 0x04 || x || y of
 *  the point that in (len bytes, compressed or uncompressed) encodes, fully
 *  validated (one square root for a compressed input). Returns ECF_OK, or,
 *  with out zeroed (if not NULL): ECF_ERR_NULL, ECF_ERR_IDENTITY,
 *  ECF_ERR_LENGTH, ECF_ERR_ENCODING, ECF_ERR_RANGE, ECF_ERR_NOT_ON_CURVE.
 *  out may alias in. Constant time in the coordinates. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_point_decompress(uint8_t out[ECF_P256_POINT_BYTES],
                                                                               const uint8_t *in, size_t len);

/** r = p + q (complete: any p, q, identity and p = q included). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256_point_add(ecf_p256_point *r, const ecf_p256_point *p,
                                                     const ecf_p256_point *q);
/** r = p - q (complete). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256_point_sub(ecf_p256_point *r, const ecf_p256_point *p,
                                                     const ecf_p256_point *q);
/** r = p + q for an affine q (mixed addition), complete: any p, and any q,
 *  the affine identity (0, 0) included (then r = p, selected in constant
 *  time). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256_point_add_affine(ecf_p256_point *r, const ecf_p256_point *p,
                                                            const ecf_p256_affine *q);
/** r = 2p (complete). */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_point_double(ecf_p256_point *r, const ecf_p256_point *p);
/** r = -p. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_point_neg(ecf_p256_point *r, const ecf_p256_point *p);
/** 1 if p is the identity, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_p256_point_is_identity(const ecf_p256_point *p);
/** 1 if p and q are the same point (whatever their Z), else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_point_equal(const ecf_p256_point *p,
                                                                          const ecf_p256_point *q);
/** r = a if cond != 0, else r is unchanged. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_point_cmov(ecf_p256_point *r, const ecf_p256_point *a, int cond);
/** r = a if cond != 0, else r = b. r may alias a or b. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256_point_select(ecf_p256_point *r, const ecf_p256_point *a,
                                                        const ecf_p256_point *b, int cond);

/** Affine form of p with one inversion; the identity gives (0, 0). */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_point_to_affine(ecf_p256_affine *r, const ecf_p256_point *p);
/** r[i] = affine form of p[i] for i < n, with one inversion for all of them
 *  (Montgomery's trick); identities give (0, 0) and do not disturb the
 *  others. The arrays must be disjoint. Constant time in the points (n is
 *  public). r and p may be NULL when n = 0. Returns ECF_OK, or ECF_ERR_NULL
 *  if r or p is NULL while n > 0 (then the n entries of r are zeroed if r is
 *  not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT int ecf_p256_point_batch_to_affine(ecf_p256_affine *r, const ecf_p256_point *p,
                                                                  size_t n);
/** r = (x : y : 1) for an affine point; (0, 0) gives the identity. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_point_from_affine(ecf_p256_point *r, const ecf_p256_affine *a);

/** r = scalar * p for a 32-byte big-endian scalar (reduced mod n), p any
 *  point. Signed 5-bit windows over a 16-point (Jacobian) table read in full
 *  at every step. Constant time in the scalar and p. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256_point_scalar_mult(ecf_p256_point *r,
                                                             const uint8_t scalar[ECF_P256_SCALAR_BYTES],
                                                             const ecf_p256_point *p);
/** r = scalar * G with the precomputed table (37 x 64 affine points in
 *  .rodata, signed 7-bit windows, each window's 64 entries read in full).
 *  Constant time in the scalar. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_point_scalar_mult_base(ecf_p256_point *r,
                                                               const uint8_t scalar[ECF_P256_SCALAR_BYTES]);
/** r = a * A + b * G (interleaved wNAF), scalars reduced mod n, A any point.
 *  NOT constant time: for public scalars and points only (signature
 *  verification). */
ECF_API ECF_NONNULL(1, 2, 3,
                    4) void ecf_p256_point_double_scalar_mult_base_vartime(ecf_p256_point *r,
                                                                           const uint8_t a[ECF_P256_SCALAR_BYTES],
                                                                           const ecf_p256_point *A,
                                                                           const uint8_t b[ECF_P256_SCALAR_BYTES]);

#ifdef __cplusplus
}
#endif

#endif
