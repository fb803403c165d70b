/*
 * The edwards25519 scalar field: integers mod the base point's prime order
 *   l = 2^252 + 27742317777372353535851937790883648493
 *     = 0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed
 * (RFC 8032 "L"), for Ed25519 signatures and other edwards25519 / X25519
 * protocols.
 *
 * Two domains, as in ecfield/p256n.h:
 * - Plain: the integer itself. from_bytes, from_bytes_reduce and to_bytes
 *   (32-byte little-endian encodings, RFC 8032) and muladd work on plain
 *   values. Ed25519 needs nothing else: k = from_bytes_reduce(SHA-512(R||A||M)),
 *   r = from_bytes_reduce(SHA-512(prefix||M)), a = from_bytes_reduce(clamped
 *   secret, 32 bytes), S = muladd(k, a, r), to_bytes(S).
 * - Montgomery (R = 2^256): mul, sqr, redc and inv, one and set_u64 (x is
 *   held as x*R mod l), like every Montgomery field of the library. Convert
 *   with to_mont/from_mont. add, sub, neg, the comparisons and the moves
 *   are the same in both domains.
 * Every input element must be canonical (< l) and every output is; outputs
 * may alias inputs; every function is constant time (no branch or memory
 * address depends on an element, a byte of a decoded string or a condition;
 * lengths are public).
 */
#ifndef ECFIELD_SC25519_H
#define ECFIELD_SC25519_H

#include <ecfield/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A scalar mod l: four 64-bit limbs, least significant first, value < l. */
typedef struct ecf_sc25519_fe {
	uint64_t limb[4];
} ecf_sc25519_fe;

#define ECF_SC25519_BYTES 32
/** A 512-bit input of from_bytes_reduce (a SHA-512 output). */
#define ECF_SC25519_WIDE_BYTES 64
/** The limbs of a double-width value (redc's input). */
#define ECF_SC25519_WIDE_LIMBS 8

/** r = 0. */
ECF_API ECF_NONNULL(1) void ecf_sc25519_zero(ecf_sc25519_fe *r);
/** r = 1 in the Montgomery domain (R mod l). */
ECF_API ECF_NONNULL(1) void ecf_sc25519_one(ecf_sc25519_fe *r);
/** r = v in the Montgomery domain (v*R mod l, so that set_u64(r, 1) equals one). */
ECF_API ECF_NONNULL(1) void ecf_sc25519_set_u64(ecf_sc25519_fe *r, uint64_t v);

/** Strict decoding of 32 little-endian bytes (RFC 8032's check of S):
 *  Returns ECF_OK; ECF_ERR_NULL if r or in is NULL; ECF_ERR_LENGTH if
 *  len != ECF_SC25519_BYTES; ECF_ERR_RANGE if the value is >= l (including
 *  any value with one of the top three bits set). On error *r = 0 (if r is
 *  not NULL). Plain domain. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_sc25519_from_bytes(ecf_sc25519_fe *r, const uint8_t *in,
                                                                            size_t len);
/** Reducing decoding: r = (little-endian integer of len bytes) mod l, for
 *  len = ECF_SC25519_WIDE_BYTES (a SHA-512 output, RFC 8032 5.1.6 and 5.1.7)
 *  or len = ECF_SC25519_BYTES (any 32-byte string, e.g. a clamped secret
 *  scalar, which is >= l). Plain domain. Returns ECF_OK; ECF_ERR_NULL if r or
 *  in is NULL; ECF_ERR_LENGTH if len is neither 32 nor 64. On error *r = 0
 *  (if r is not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_sc25519_from_bytes_reduce(ecf_sc25519_fe *r, const uint8_t *in,
                                                                                   size_t len);
/** Encode a canonical plain scalar as 32 little-endian bytes. */
ECF_API ECF_NONNULL(1, 2) void ecf_sc25519_to_bytes(uint8_t out[ECF_SC25519_BYTES], const ecf_sc25519_fe *a);

/** r = a*R mod l (plain to Montgomery). */
ECF_API ECF_NONNULL(1, 2) void ecf_sc25519_to_mont(ecf_sc25519_fe *r, const ecf_sc25519_fe *a);
/** r = a/R mod l (Montgomery to plain). */
ECF_API ECF_NONNULL(1, 2) void ecf_sc25519_from_mont(ecf_sc25519_fe *r, const ecf_sc25519_fe *a);

/** r = a + b mod l. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_sc25519_add(ecf_sc25519_fe *r, const ecf_sc25519_fe *a, const ecf_sc25519_fe *b);
/** r = a - b mod l. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_sc25519_sub(ecf_sc25519_fe *r, const ecf_sc25519_fe *a, const ecf_sc25519_fe *b);
/** r = -a mod l. */
ECF_API ECF_NONNULL(1, 2) void ecf_sc25519_neg(ecf_sc25519_fe *r, const ecf_sc25519_fe *a);
/** r = a*b/R mod l (Montgomery multiplication). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_sc25519_mul(ecf_sc25519_fe *r, const ecf_sc25519_fe *a, const ecf_sc25519_fe *b);
/** r = a*a/R mod l. */
ECF_API ECF_NONNULL(1, 2) void ecf_sc25519_sqr(ecf_sc25519_fe *r, const ecf_sc25519_fe *a);
/** r = t/R mod l for an 8-limb t < l*R. */
ECF_API ECF_NONNULL(1, 2) void ecf_sc25519_redc(ecf_sc25519_fe *r, const uint64_t t[ECF_SC25519_WIDE_LIMBS]);
/** r = 1/a in the Montgomery domain (R^2/a for the stored a); r = 0 for
 *  a = 0. Constant-time safegcd. */
ECF_API ECF_NONNULL(1, 2) void ecf_sc25519_inv(ecf_sc25519_fe *r, const ecf_sc25519_fe *a);
/** r = a*b + c mod l, all PLAIN (unlike mul): Ed25519's S = r + k*a
 *  (RFC 8032 5.1.6 step 6) is muladd(S, k, a, r). r may alias a, b or c. */
ECF_API ECF_NONNULL(1, 2, 3, 4) void ecf_sc25519_muladd(ecf_sc25519_fe *r, const ecf_sc25519_fe *a,
                                                        const ecf_sc25519_fe *b, const ecf_sc25519_fe *c);

/** 1 if a == 0, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_sc25519_is_zero(const ecf_sc25519_fe *a);
/** 1 if a == b, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_sc25519_equal(const ecf_sc25519_fe *a,
                                                                       const ecf_sc25519_fe *b);
/** r = a if cond != 0. */
ECF_API ECF_NONNULL(1, 2) void ecf_sc25519_cmov(ecf_sc25519_fe *r, const ecf_sc25519_fe *a, int cond);
/** r = a if cond != 0, else r = b. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_sc25519_select(ecf_sc25519_fe *r, const ecf_sc25519_fe *a,
                                                     const ecf_sc25519_fe *b, int cond);
/** r = -r mod l if cond != 0. */
ECF_API ECF_NONNULL(1) void ecf_sc25519_cneg(ecf_sc25519_fe *r, int cond);
/** Exchange a and b if cond != 0. a and b may alias (then nothing changes). */
ECF_API ECF_NONNULL(1, 2) void ecf_sc25519_cswap(ecf_sc25519_fe *a, ecf_sc25519_fe *b, int cond);
/** r = table[idx], reading every one of the n entries so that no memory
 *  address depends on idx. Returns ECF_OK; ECF_ERR_NULL if r or table is
 *  NULL; ECF_ERR_INDEX if idx >= n (then r = 0). Constant time in idx. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_sc25519_lookup(ecf_sc25519_fe *r, const ecf_sc25519_fe *table,
                                                                        size_t n, size_t idx);

/** RFC 7748 / RFC 8032 clamping of a 32-byte secret scalar: out = in with
 *  the low three bits cleared (a multiple of the cofactor 8), bit 255
 *  cleared and bit 254 set. out may alias in. The result is a 255-bit
 *  string, not an element (it is >= l): reduce it with from_bytes_reduce. */
ECF_API ECF_NONNULL(1, 2) void ecf_sc25519_clamp(uint8_t out[ECF_SC25519_BYTES], const uint8_t in[ECF_SC25519_BYTES]);

#ifdef __cplusplus
}
#endif

#endif
