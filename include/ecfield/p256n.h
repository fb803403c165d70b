/*
 * The P-256 scalar field: integers mod the group order
 * n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551.
 *
 * Same conventions as ecfield/p256.h: mul, sqr, redc and inv work in the
 * Montgomery domain (R = 2^256); bytes are big-endian and decode to the plain
 * domain; every input must be canonical (< n) and every output is; outputs may
 * alias inputs; every function is constant time.
 */
#ifndef ECFIELD_P256N_H
#define ECFIELD_P256N_H

#include <ecfield/common.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A scalar mod n: four 64-bit limbs, least significant first. */
typedef struct ecf_p256n_fe {
	uint64_t limb[4];
} ecf_p256n_fe;

#define ECF_P256N_BYTES 32      /**< a scalar as big-endian bytes */
#define ECF_P256N_WIDE_BYTES 64 /**< the longer input of from_bytes_reduce (a 512-bit hash) */
#define ECF_P256N_WIDE_LIMBS 8  /**< the double-width input of redc, in 64-bit limbs */

/** r = 0. */
ECF_API ECF_NONNULL(1) void ecf_p256n_zero(ecf_p256n_fe *r);
/** r = 1 in the Montgomery domain (R mod n). */
ECF_API ECF_NONNULL(1) void ecf_p256n_one(ecf_p256n_fe *r);
/** r = v in the Montgomery domain (v*R mod m, so that set_u64(r, 1) equals one). */
ECF_API ECF_NONNULL(1) void ecf_p256n_set_u64(ecf_p256n_fe *r, uint64_t v);

/** Strict decoding of 32 big-endian bytes. Returns ECF_OK; ECF_ERR_NULL,
 *  ECF_ERR_LENGTH (len != 32) or ECF_ERR_RANGE (value >= n), with *r = 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256n_from_bytes(ecf_p256n_fe *r, const uint8_t *in,
                                                                          size_t len);
/** Reducing decoding: r = (big-endian integer of len bytes) mod n, for
 *  len = ECF_P256N_BYTES or ECF_P256N_WIDE_BYTES (e.g. a hash output, for a near-uniform scalar).
 *  Returns ECF_OK; ECF_ERR_NULL or ECF_ERR_LENGTH with *r = 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256n_from_bytes_reduce(ecf_p256n_fe *r, const uint8_t *in,
                                                                                 size_t len);
/** Encode a canonical plain-domain scalar as 32 big-endian bytes. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256n_to_bytes(uint8_t out[ECF_P256N_BYTES], const ecf_p256n_fe *a);

/** r = a*R mod n. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256n_to_mont(ecf_p256n_fe *r, const ecf_p256n_fe *a);
/** r = a/R mod n. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256n_from_mont(ecf_p256n_fe *r, const ecf_p256n_fe *a);

/** r = a + b mod n. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256n_add(ecf_p256n_fe *r, const ecf_p256n_fe *a, const ecf_p256n_fe *b);
/** r = a - b mod n. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256n_sub(ecf_p256n_fe *r, const ecf_p256n_fe *a, const ecf_p256n_fe *b);
/** r = -a mod n. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256n_neg(ecf_p256n_fe *r, const ecf_p256n_fe *a);
/** r = a*b/R mod n. Dispatched to the CPU's kernel. */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256n_mul(ecf_p256n_fe *r, const ecf_p256n_fe *a, const ecf_p256n_fe *b);
/** r = a*a/R mod n. Dispatched. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256n_sqr(ecf_p256n_fe *r, const ecf_p256n_fe *a);
/** r = t/R mod n for an 8-limb t < n*R. Dispatched. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256n_redc(ecf_p256n_fe *r, const uint64_t t[ECF_P256N_WIDE_LIMBS]);
/** r = 1/a in the Montgomery domain; r = 0 for a = 0. Constant-time safegcd. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256n_inv(ecf_p256n_fe *r, const ecf_p256n_fe *a);

/** 1 if a == 0, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_p256n_is_zero(const ecf_p256n_fe *a);
/** 1 if a == b, else 0. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256n_equal(const ecf_p256n_fe *a, const ecf_p256n_fe *b);
/** r = a if cond != 0. */
ECF_API ECF_NONNULL(1, 2) void ecf_p256n_cmov(ecf_p256n_fe *r, const ecf_p256n_fe *a, int cond);
/** r = a if cond != 0, else r = b (like Go\'s Select). */
ECF_API ECF_NONNULL(1, 2, 3) void ecf_p256n_select(ecf_p256n_fe *r, const ecf_p256n_fe *a, const ecf_p256n_fe *b,
                                                   int cond);
/** r = -r mod n if cond != 0. */
ECF_API ECF_NONNULL(1) void ecf_p256n_cneg(ecf_p256n_fe *r, int cond);
/** Exchange a and b if cond != 0. a and b may alias (then nothing changes). */
ECF_API ECF_NONNULL(1, 2) void ecf_p256n_cswap(ecf_p256n_fe *a, ecf_p256n_fe *b, int cond);
/** r = table[idx], reading every one of the n entries so that no memory
 *  address depends on idx. Returns ECF_OK; ECF_ERR_NULL if r or table is
 *  NULL; ECF_ERR_INDEX if idx >= n (then r = 0). Constant time in idx. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256n_lookup(ecf_p256n_fe *r, const ecf_p256n_fe *table,
                                                                      size_t n, size_t idx);

#ifdef __cplusplus
}
#endif

#endif
