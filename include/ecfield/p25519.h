/*
 * GF(p), p = 2^255 - 19: the field of X25519, Ed25519 and ristretto255.
 *
 * Representation. An element is four 64-bit limbs, least significant first,
 * holding any integer 0 <= x < 2^256 that stands for x mod p. Elements are
 * NOT kept fully reduced: every function accepts any limb values (up to
 * 2^256 - 1, all-ones limbs) and the arithmetic functions return values below
 * 2^256 that are congruent to the result but may be >= p. to_bytes and the
 * comparisons (equal, is_zero, is_negative) reduce first, so two elements
 * that differ only in representation compare equal and encode identically.
 * This "lazy" range is what lets mul, sqr, add and sub skip the final
 * reduction (see docs/p25519.md). The decoders return canonical (< p) values:
 * from_bytes is strict (canonical encodings only), from_bytes_reduce reduces
 * any 32- or 64-byte integer.
 *
 * Outputs may alias inputs. Every function is constant time (no branch or
 * memory index depends on an element or a secret argument). Decoders check
 * their arguments and zero the output on error. See ecfield/common.h.
 */
#ifndef ECFIELD_P25519_H
#define ECFIELD_P25519_H

#include <ecfield/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An element of GF(2^255 - 19): any 256-bit value, least significant limb first. */
typedef struct ecf_p25519_fe {
	uint64_t limb[4];
} ecf_p25519_fe;

#define ECF_P25519_BYTES 32
#define ECF_P25519_WIDE_BYTES 64

/** r = 0. */
ECF_API ECF_NONNULL(1) void ecf_p25519_zero(ecf_p25519_fe *r);
/** r = 1. */
ECF_API ECF_NONNULL(1) void ecf_p25519_one(ecf_p25519_fe *r);
/** r = a (a copy; the representation is kept). */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_set(ecf_p25519_fe *r, const ecf_p25519_fe *a);
/** r = v for a small integer v (canonical). */
ECF_API ECF_NONNULL(1) void ecf_p25519_set_u64(ecf_p25519_fe *r, uint64_t v);

/** Strict decoding of 32 little-endian bytes: the whole 256-bit value must be
 *  canonical (< p). Returns ECF_OK; ECF_ERR_NULL if r or in is NULL;
 *  ECF_ERR_LENGTH if len != ECF_P25519_BYTES; ECF_ERR_RANGE if the value is
 *  >= p (the top bit set, or a value in [p, 2^255)). On error *r = 0 (if r is
 *  not NULL). Constant time in the bytes (only the status is public). (X25519
 *  decodes u as RFC 7748 says, top bit ignored, inside ecf_x25519.) */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p25519_from_bytes(ecf_p25519_fe *r, const uint8_t *in,
                                                                           size_t len);
/** Reducing decoding: r = (the little-endian integer of the len bytes) mod p,
 *  for len = ECF_P25519_BYTES (all 256 bits: the top bit is NOT ignored) or
 *  ECF_P25519_WIDE_BYTES (a 512-bit integer, e.g. for hash-to-field). r is
 *  canonical. Returns ECF_OK; ECF_ERR_NULL if r or in is NULL; ECF_ERR_LENGTH
 *  if len is neither 32 nor 64. On error *r = 0 (if r is not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p25519_from_bytes_reduce(ecf_p25519_fe *r, const uint8_t *in,
                                                                                  size_t len);
/** Encode a as 32 little-endian bytes of its canonical value (< p; the top bit is 0). */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_to_bytes(uint8_t out[ECF_P25519_BYTES], const ecf_p25519_fe *a);
/** r = a mod p, canonical (< p). */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_reduce(ecf_p25519_fe *r, const ecf_p25519_fe *a);

/** r = a + b mod p. Output < 2^256, not necessarily canonical. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p25519_add(ecf_p25519_fe *r, const ecf_p25519_fe *a, const ecf_p25519_fe *b);
/** r = a - b mod p. Output < 2^256, not necessarily canonical. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p25519_sub(ecf_p25519_fe *r, const ecf_p25519_fe *a, const ecf_p25519_fe *b);
/** r = -a mod p. Output < 2^256, not necessarily canonical. */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_neg(ecf_p25519_fe *r, const ecf_p25519_fe *a);
/** r = a*b mod p. Output < 2^256, not necessarily canonical. Dispatched to the CPU's kernel. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p25519_mul(ecf_p25519_fe *r, const ecf_p25519_fe *a, const ecf_p25519_fe *b);
/** r = a*a mod p. Output < 2^256, not necessarily canonical. Dispatched to the CPU's kernel. */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_sqr(ecf_p25519_fe *r, const ecf_p25519_fe *a);
/** r = a*c mod p for a 32-bit constant c (e.g. 121666 for the Montgomery
 *  ladder). Output < 2^256, not necessarily canonical. */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_mul_small(ecf_p25519_fe *r, const ecf_p25519_fe *a, uint32_t c);

/** r = 1/a mod p, canonical; r = 0 for a = 0 (mod p). Constant-time safegcd
 *  (Bernstein-Yang divsteps). */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_inv(ecf_p25519_fe *r, const ecf_p25519_fe *a);
/** r = a^((p-5)/8) = a^(2^252 - 3) mod p (the exponent of the Ed25519 and
 *  ristretto255 square roots). Output < 2^256, not necessarily canonical. */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_pow22523(ecf_p25519_fe *r, const ecf_p25519_fe *a);
/** SQRT_RATIO_M1 of RFC 9496 section 4.2: returns ECF_OK ("was_square") and
 *  the non-negative r with r^2 = u/v if u/v is a square (v != 0); returns
 *  ECF_ERR_NOT_SQUARE and the non-negative r with r^2 = SQRT_M1*u/v if it is
 *  not. For u = 0: ECF_OK and r = 0 (whatever v); for v = 0 and u != 0:
 *  ECF_ERR_NOT_SQUARE and r = 0. r is canonical. Constant time, status
 *  included (the status is as secret as r: do not branch on it unless the
 *  protocol makes it public, as RFC 9496 decoding does). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_p25519_sqrt_ratio(ecf_p25519_fe *r, const ecf_p25519_fe *u,
                                                                              const ecf_p25519_fe *v);

/** 1 if a = 0 mod p, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_p25519_is_zero(const ecf_p25519_fe *a);
/** 1 if a = b mod p, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p25519_equal(const ecf_p25519_fe *a, const ecf_p25519_fe *b);
/** The low bit of the canonical value of a (RFC 9496 IS_NEGATIVE): 1 or 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_p25519_is_negative(const ecf_p25519_fe *a);
/** r = a if a is non-negative, else -a (RFC 9496 CT_ABS); r is canonical. */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_abs(ecf_p25519_fe *r, const ecf_p25519_fe *a);

/** r = a if cond != 0, else b (like Go's Select). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p25519_select(ecf_p25519_fe *r, const ecf_p25519_fe *a, const ecf_p25519_fe *b,
                                                    int cond);
/** r = a if cond != 0, else r is unchanged. */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_cmov(ecf_p25519_fe *r, const ecf_p25519_fe *a, int cond);
/** Exchange a and b if cond != 0. a and b may alias (then nothing changes). */
ECF_API ECF_NONNULL(1, 2) void ecf_p25519_cswap(ecf_p25519_fe *a, ecf_p25519_fe *b, int cond);
/** r = -r mod p if cond != 0 (output < 2^256, not necessarily canonical). */
ECF_API ECF_NONNULL(1) void ecf_p25519_cneg(ecf_p25519_fe *r, int cond);
/** r = table[idx], reading every one of the n entries so that no memory
 *  address depends on idx. Returns ECF_OK; ECF_ERR_NULL if r or table is
 *  NULL; ECF_ERR_INDEX if idx >= n (then r = 0). Constant time in idx. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p25519_lookup(ecf_p25519_fe *r, const ecf_p25519_fe *table,
                                                                       size_t n, size_t idx);

#ifdef __cplusplus
}
#endif

#endif
