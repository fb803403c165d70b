/*
 * The edwards25519 group: the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2
 * over GF(2^255 - 19), d = -121665/121666 (RFC 8032 section 5.1, RFC 7748
 * section 4.1), whose points form a group of order 8*l,
 * l = 2^252 + 27742317777372353535851937790883648493, with the base point B
 * (y = 4/5, x non-negative) of prime order l.
 *
 * Naming: ecf_edwards25519_* is the group (this header); ecf_ed25519_* is the
 * signature scheme built on it (ecfield/ed25519.h), ecf_x25519* the key
 * exchange (ecfield/x25519.h).
 *
 * Points are extended projective coordinates (X : Y : Z : T) with x = X/Z,
 * y = Y/Z, x*y = T/Z, each a GF(p) element in the field's lazy range
 * (ecfield/p25519.h). They are plain values (copy with '='), always a point
 * of the full group (the decoders check the curve equation; every operation
 * keeps it), not necessarily in the prime-order subgroup: use
 * is_torsion_free and is_small_order to ask. The same point has many
 * representations: compare with ecf_edwards25519_equal, never memcmp.
 *
 * Scalars are 32-byte little-endian integers, any value 0 <= s < 2^256 (no
 * clamping, no reduction mod l is required; s*P means the integer multiple).
 *
 * Outputs may alias inputs. Every function is constant time (no branch or
 * memory index depends on a point, a scalar or an encoding; the returned
 * status is public) except double_scalar_mult_base_vartime, whose time
 * depends on both scalars and the point: use it on public values only
 * (signature verification). Scalar multiplications wipe their secret
 * temporaries before returning. Pointers must be valid (like memcpy) except
 * where a function returns ECF_ERR_NULL.
 */
#ifndef ECFIELD_EDWARDS25519_H
#define ECFIELD_EDWARDS25519_H

#include <ecfield/common.h>
#include <ecfield/p25519.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A point of edwards25519 in extended coordinates (X : Y : Z : T). */
typedef struct ecf_edwards25519_point {
	ecf_p25519_fe X, Y, Z, T;
} ecf_edwards25519_point;

/** Bytes of an encoded point and of a scalar. */
#define ECF_EDWARDS25519_POINT_BYTES 32
#define ECF_EDWARDS25519_SCALAR_BYTES 32

/** r = the identity (0, 1). */
ECF_API ECF_NONNULL(1) void ecf_edwards25519_identity(ecf_edwards25519_point *r);
/** r = B, the base point of RFC 8032. */
ECF_API ECF_NONNULL(1) void ecf_edwards25519_generator(ecf_edwards25519_point *r);

/** Strict decoding (RFC 8032 section 5.1.3): the low 255 bits are y, which
 *  must be canonical (< p), the top bit the sign of x; x = 0 with the sign bit
 *  set is rejected. Small-order and mixed-order points are accepted (ask
 *  is_small_order / is_torsion_free). Returns ECF_OK; ECF_ERR_NULL if r or in
 *  is NULL; ECF_ERR_LENGTH if len != ECF_EDWARDS25519_POINT_BYTES;
 *  ECF_ERR_RANGE if y >= p; ECF_ERR_NOT_ON_CURVE if no x fits y;
 *  ECF_ERR_ENCODING if x = 0 and the sign bit is set. On error every
 *  coordinate of *r is 0 (not a point; if r is not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_edwards25519_from_bytes(ecf_edwards25519_point *r,
                                                                                 const uint8_t *in, size_t len);
/** Permissive decoding of ZIP-215 (the consensus rules of Zcash and others):
 *  as from_bytes, but y in [p, 2^255) is accepted and reduced, and x = 0 with
 *  the sign bit set is accepted (as x = 0). Returns ECF_OK; ECF_ERR_NULL if r
 *  or in is NULL; ECF_ERR_LENGTH if len != ECF_EDWARDS25519_POINT_BYTES;
 *  ECF_ERR_NOT_ON_CURVE if no x fits y; with *r zeroed on error as in
 *  from_bytes. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_edwards25519_from_bytes_zip215(ecf_edwards25519_point *r,
                                                                                        const uint8_t *in, size_t len);
/** The canonical 32-byte encoding of p (RFC 8032 section 5.1.2). */
ECF_API ECF_NONNULL(1, 2) void ecf_edwards25519_to_bytes(uint8_t out[ECF_EDWARDS25519_POINT_BYTES],
                                                         const ecf_edwards25519_point *p);

/** r = a + b (complete formulas: valid for every pair, doubling included). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_edwards25519_add(ecf_edwards25519_point *r, const ecf_edwards25519_point *a,
                                                       const ecf_edwards25519_point *b);
/** r = a - b. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_edwards25519_sub(ecf_edwards25519_point *r, const ecf_edwards25519_point *a,
                                                       const ecf_edwards25519_point *b);
/** r = 2a. */
ECF_API ECF_NONNULL(1, 2) void ecf_edwards25519_double(ecf_edwards25519_point *r, const ecf_edwards25519_point *a);
/** r = -a. */
ECF_API ECF_NONNULL(1, 2) void ecf_edwards25519_neg(ecf_edwards25519_point *r, const ecf_edwards25519_point *a);

/** 1 if a and b are the same point, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_edwards25519_equal(const ecf_edwards25519_point *a,
                                                                            const ecf_edwards25519_point *b);
/** 1 if a is the identity, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_edwards25519_is_identity(const ecf_edwards25519_point *a);
/** 1 if 8a is the identity (a is one of the 8 points of small order, the
 *  identity included), else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_edwards25519_is_small_order(const ecf_edwards25519_point *a);
/** 1 if l*a is the identity (a is in the prime-order subgroup, the identity
 *  included), else 0. Costs one scalar multiplication. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_edwards25519_is_torsion_free(const ecf_edwards25519_point *a);

/** r = a if cond != 0, else r is unchanged (constant time in cond). */
ECF_API ECF_NONNULL(1, 2) void ecf_edwards25519_cmov(ecf_edwards25519_point *r, const ecf_edwards25519_point *a,
                                                     int cond);
/** r = cond ? a : b (constant time in cond). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_edwards25519_select(ecf_edwards25519_point *r, const ecf_edwards25519_point *a,
                                                          const ecf_edwards25519_point *b, int cond);

/** r = scalar*B for a 256-bit scalar: a fixed-base comb over a precomputed
 *  table in .rodata, read with constant-time lookups. */
ECF_API ECF_NONNULL(1, 2) void ecf_edwards25519_scalar_mult_base(ecf_edwards25519_point *r,
                                                                 const uint8_t scalar[ECF_EDWARDS25519_SCALAR_BYTES]);
/** r = scalar*p for a 256-bit scalar (signed radix-16 windows, constant-time
 *  table lookups). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_edwards25519_scalar_mult(ecf_edwards25519_point *r,
                                                               const uint8_t scalar[ECF_EDWARDS25519_SCALAR_BYTES],
                                                               const ecf_edwards25519_point *p);
/** r = a*A + b*B for 256-bit scalars a, b (wNAF, interleaved). NOT constant
 *  time: for public inputs only (signature verification). */
ECF_API ECF_NONNULL(1, 2, 3, 4) void ecf_edwards25519_double_scalar_mult_base_vartime(
    ecf_edwards25519_point *r, const uint8_t a[ECF_EDWARDS25519_SCALAR_BYTES], const ecf_edwards25519_point *A,
    const uint8_t b[ECF_EDWARDS25519_SCALAR_BYTES]);

#ifdef __cplusplus
}
#endif

#endif
