/*
 * ristretto255 (RFC 9496): a prime-order group of order
 * l = 2^252 + 27742317777372353535851937790883648493 built on edwards25519,
 * with canonical 32-byte encodings, for protocols that need a prime-order
 * group (FROST, OPAQUE, VOPRF, ...).
 *
 * An element is represented by an edwards25519 point (ecfield/edwards25519.h)
 * standing for its coset modulo the 4-torsion; never compare the
 * representations with memcmp or with ecf_edwards25519_equal: use
 * ecf_ristretto255_equal, which compares group elements, or the encodings.
 * Elements come from from_bytes, from_uniform_bytes, the generator and the group
 * operations below.
 *
 * Scalars are 32-byte little-endian integers, any value 0 <= s < 2^256.
 * Outputs may alias inputs. Every function is constant time except
 * double_scalar_mult_base_vartime (public inputs only); from_bytes and
 * from_uniform_bytes are constant time in their bytes, only the status is
 * public.
 */
#ifndef ECFIELD_RISTRETTO255_H
#define ECFIELD_RISTRETTO255_H

#include <ecfield/common.h>
#include <ecfield/edwards25519.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A ristretto255 element (an edwards25519 representative). */
typedef struct ecf_ristretto255_point {
	ecf_edwards25519_point p;
} ecf_ristretto255_point;

/** Bytes of an encoded element, of a scalar, and of from_uniform_bytes' input. */
#define ECF_RISTRETTO255_POINT_BYTES 32
#define ECF_RISTRETTO255_SCALAR_BYTES 32
#define ECF_RISTRETTO255_UNIFORM_BYTES 64

/** r = the identity (encoded as 32 zero bytes). */
ECF_API ECF_NONNULL(1) void ecf_ristretto255_identity(ecf_ristretto255_point *r);
/** r = the generator (the edwards25519 base point B). */
ECF_API ECF_NONNULL(1) void ecf_ristretto255_generator(ecf_ristretto255_point *r);

/** Decode (RFC 9496 section 4.3.1). Returns ECF_OK; ECF_ERR_NULL if r or in
 *  is NULL; ECF_ERR_LENGTH if len != ECF_RISTRETTO255_POINT_BYTES;
 *  ECF_ERR_RANGE if the 256-bit value is >= p (non-canonical);
 *  ECF_ERR_ENCODING for every other rejected string (s negative, no square
 *  root, x*y negative, y = 0). On error every coordinate of *r is 0 (if r is
 *  not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ristretto255_from_bytes(ecf_ristretto255_point *r,
                                                                                 const uint8_t *in, size_t len);
/** The canonical encoding (RFC 9496 section 4.3.2). */
ECF_API ECF_NONNULL(1, 2) void ecf_ristretto255_to_bytes(uint8_t out[ECF_RISTRETTO255_POINT_BYTES],
                                                         const ecf_ristretto255_point *p);
/** The one-way map of RFC 9496 section 4.3.4 (element derivation) on 64
 *  bytes, e.g. a hash output. Returns ECF_OK; ECF_ERR_NULL if r or in is NULL;
 *  ECF_ERR_LENGTH if len != ECF_RISTRETTO255_UNIFORM_BYTES. On error *r is
 *  zeroed (if r is not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ristretto255_from_uniform_bytes(ecf_ristretto255_point *r,
                                                                                         const uint8_t *in, size_t len);

/** 1 if a and b are the same group element (RFC 9496 section 4.3.3), else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ristretto255_equal(const ecf_ristretto255_point *a,
                                                                            const ecf_ristretto255_point *b);
/** 1 if a is the identity element, else 0 (any of its representatives). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_ristretto255_is_identity(const ecf_ristretto255_point *a);
/** r = a + b. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_ristretto255_add(ecf_ristretto255_point *r, const ecf_ristretto255_point *a,
                                                       const ecf_ristretto255_point *b);
/** r = a - b. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_ristretto255_sub(ecf_ristretto255_point *r, const ecf_ristretto255_point *a,
                                                       const ecf_ristretto255_point *b);
/** r = 2a. */
ECF_API ECF_NONNULL(1, 2) void ecf_ristretto255_double(ecf_ristretto255_point *r, const ecf_ristretto255_point *a);
/** r = -a. */
ECF_API ECF_NONNULL(1, 2) void ecf_ristretto255_neg(ecf_ristretto255_point *r, const ecf_ristretto255_point *a);
/** r = a if cond != 0, else r is unchanged (constant time in cond). */
ECF_API ECF_NONNULL(1, 2) void ecf_ristretto255_cmov(ecf_ristretto255_point *r, const ecf_ristretto255_point *a,
                                                     int cond);
/** r = cond ? a : b (constant time in cond). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_ristretto255_select(ecf_ristretto255_point *r, const ecf_ristretto255_point *a,
                                                          const ecf_ristretto255_point *b, int cond);
/** r = scalar * generator (fixed-base comb, constant time). */
ECF_API ECF_NONNULL(1, 2) void ecf_ristretto255_scalar_mult_base(ecf_ristretto255_point *r,
                                                                 const uint8_t scalar[ECF_RISTRETTO255_SCALAR_BYTES]);
/** r = scalar * p (constant time). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_ristretto255_scalar_mult(ecf_ristretto255_point *r,
                                                               const uint8_t scalar[ECF_RISTRETTO255_SCALAR_BYTES],
                                                               const ecf_ristretto255_point *p);
/** r = a*A + b*generator. NOT constant time: public inputs only. */
ECF_API ECF_NONNULL(1, 2, 3, 4) void ecf_ristretto255_double_scalar_mult_base_vartime(
    ecf_ristretto255_point *r, const uint8_t a[ECF_RISTRETTO255_SCALAR_BYTES], const ecf_ristretto255_point *A,
    const uint8_t b[ECF_RISTRETTO255_SCALAR_BYTES]);

#ifdef __cplusplus
}
#endif

#endif
