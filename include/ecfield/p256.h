/*
 * GF(p) for NIST P-256, p = 2^256 - 2^224 + 2^192 + 2^96 - 1.
 *
 * Domains. Multiplicative operations (mul, sqr, redc, inv, sqrt, one) work in
 * the Montgomery domain: an element x is held as x*R mod p with R = 2^256, and
 * mul(aR, bR) = abR. Additive operations, comparisons and the constant-time
 * moves work in either domain. from_bytes/to_bytes convert between 32-byte
 * big-endian strings and the plain domain; to_mont/from_mont cross domains.
 *
 * Ranges. Every ecf_p256_fe argument must be canonical (< p) and every output
 * is canonical, unless stated otherwise. Outputs may alias inputs. Every
 * function is constant time. See ecfield/common.h for the conventions.
 */
#ifndef ECFIELD_P256_H
#define ECFIELD_P256_H

#include <ecfield/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An element of GF(p256): four 64-bit limbs, least significant first. */
typedef struct ecf_p256_fe {
	uint64_t limb[4];
} ecf_p256_fe;

#define ECF_P256_BYTES 32     /**< an element as big-endian bytes */
#define ECF_P256_WIDE_LIMBS 8 /**< the double-width input of redc, in 64-bit limbs */

/** r = 0. */
ECF_API ECF_NONNULL(1) void ecf_p256_zero(ecf_p256_fe *r);
/** r = 1 in the Montgomery domain (R mod p). */
ECF_API ECF_NONNULL(1) void ecf_p256_one(ecf_p256_fe *r);
/** r = v in the Montgomery domain (v*R mod m, so that set_u64(r, 1) equals one). */
ECF_API ECF_NONNULL(1) void ecf_p256_set_u64(ecf_p256_fe *r, uint64_t v);

/** Decode 32 big-endian bytes into a plain-domain element.
 *  Returns ECF_OK; ECF_ERR_NULL if r or in is NULL; ECF_ERR_LENGTH if
 *  len != 32; ECF_ERR_RANGE if the value is >= p. On error *r = 0 (if r is not
 *  NULL). Constant time in the value of the bytes (the status is public). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_from_bytes(ecf_p256_fe *r, const uint8_t *in, size_t len);
/** Encode a canonical plain-domain element as 32 big-endian bytes. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_to_bytes(uint8_t out[ECF_P256_BYTES], const ecf_p256_fe *a);

/** r = a*R mod p (plain to Montgomery domain). */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_to_mont(ecf_p256_fe *r, const ecf_p256_fe *a);
/** r = a/R mod p (Montgomery to plain domain). */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_from_mont(ecf_p256_fe *r, const ecf_p256_fe *a);

/** r = a + b mod p. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256_add(ecf_p256_fe *r, const ecf_p256_fe *a, const ecf_p256_fe *b);
/** r = a - b mod p. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256_sub(ecf_p256_fe *r, const ecf_p256_fe *a, const ecf_p256_fe *b);
/** r = -a mod p (0 stays 0). */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_neg(ecf_p256_fe *r, const ecf_p256_fe *a);
/** r = a*b/R mod p (Montgomery multiplication). Dispatched to the CPU's kernel. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256_mul(ecf_p256_fe *r, const ecf_p256_fe *a, const ecf_p256_fe *b);
/** r = a*a/R mod p (Montgomery squaring). Dispatched to the CPU's kernel. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_sqr(ecf_p256_fe *r, const ecf_p256_fe *a);
/** r = t/R mod p for an 8-limb value t (least significant limb first) with
 *  t < p*R, e.g. any product of two canonical elements. Dispatched. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_redc(ecf_p256_fe *r, const uint64_t t[ECF_P256_WIDE_LIMBS]);

/** r = 1/a in the Montgomery domain (a = xR gives r = R/x); r = 0 for a = 0.
 *  Constant-time safegcd (Bernstein-Yang divsteps). */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_inv(ecf_p256_fe *r, const ecf_p256_fe *a);
/** Square root in the Montgomery domain. Returns ECF_OK and a root r (the one
 *  whose plain value is returned by a^((p+1)/4)) if a is a square (0 is),
 *  otherwise ECF_ERR_NOT_SQUARE and r = 0. Constant time, status included. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_sqrt(ecf_p256_fe *r, const ecf_p256_fe *a);

/** 1 if a == 0, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_p256_is_zero(const ecf_p256_fe *a);
/** 1 if a == b, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_equal(const ecf_p256_fe *a, const ecf_p256_fe *b);
/** r = a if cond != 0, else r is unchanged. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_cmov(ecf_p256_fe *r, const ecf_p256_fe *a, int cond);
/** r = a if cond != 0, else r = b (like Go\'s Select). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256_select(ecf_p256_fe *r, const ecf_p256_fe *a, const ecf_p256_fe *b, int cond);
/** r = -r mod p if cond != 0. */
ECF_API ECF_NONNULL(1) void ecf_p256_cneg(ecf_p256_fe *r, int cond);
/** Exchange a and b if cond != 0. a and b may alias (then nothing changes). */
ECF_API ECF_NONNULL(1, 2) void ecf_p256_cswap(ecf_p256_fe *a, ecf_p256_fe *b, int cond);
/** r = table[idx], reading every one of the n entries so that no memory
 *  address depends on idx (like Go's p256Select). Returns ECF_OK;
 *  ECF_ERR_NULL if r or table is NULL; ECF_ERR_INDEX if idx >= n (then r = 0).
 *  Constant time in idx (the status says only whether idx < n). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_lookup(ecf_p256_fe *r, const ecf_p256_fe *table, size_t n,
                                                                     size_t idx);

#ifdef __cplusplus
}
#endif

#endif
