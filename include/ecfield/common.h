/*
 * libecfield: conventions shared by every field.
 *
 * - Elements are structs of 64-bit limbs, least significant limb first. They are
 *   plain values: copy them with '=', no allocation, no handle.
 * - Every function is constant time (no branch or memory index depends on the
 *   value of an element or of a secret argument) unless its name ends in _vartime.
 * - Outputs may alias inputs unless a function says otherwise.
 * - Arithmetic functions take valid, non-NULL pointers (like memcpy). Functions
 *   that parse untrusted input (from_bytes and friends) and table lookups check
 *   their arguments and return an ecf_status; on error they write zero to the
 *   output, so no partial result can be mistaken for a value.
 * - "Canonical" means fully reduced: 0 <= value < modulus.
 */
#ifndef ECFIELD_COMMON_H
#define ECFIELD_COMMON_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define ECF_API
#elif defined(__GNUC__)
#define ECF_API __attribute__((visibility("default")))
#else
#define ECF_API
#endif

/*
 * ECF_WARN_UNUSED_RESULT marks every function whose result must be looked at
 * (statuses, predicates): ignoring it is a compiler warning, an error under
 * -Werror. ECF_NONNULL(i, ...) marks the pointer parameters (counted from 1)
 * that must not be NULL: passing a NULL constant is a compile-time warning.
 * Functions that return ECF_ERR_NULL still check at run time; the library is
 * built with ECF_NO_NONNULL defined so that the compiler keeps those checks
 * (with the attribute it may assume the pointer is not NULL and drop them).
 * Define ECF_NO_NONNULL before including a header to drop the attribute.
 */
#if defined(__GNUC__) || defined(__clang__)
#define ECF_WARN_UNUSED_RESULT __attribute__((warn_unused_result))
#else
#define ECF_WARN_UNUSED_RESULT
#endif
#if (defined(__GNUC__) || defined(__clang__)) && !defined(ECF_NO_NONNULL)
#define ECF_NONNULL(...) __attribute__((nonnull(__VA_ARGS__)))
#else
#define ECF_NONNULL(...)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/** Status codes. ECF_OK is 0; every error is negative. */
typedef enum ecf_status {
	ECF_OK = 0,
	ECF_ERR_NULL = -1,         /**< a pointer documented as required was NULL */
	ECF_ERR_LENGTH = -2,       /**< a byte string had the wrong length */
	ECF_ERR_RANGE = -3,        /**< a value was >= its modulus or bound (non-canonical) */
	ECF_ERR_NOT_SQUARE = -4,   /**< no square root exists */
	ECF_ERR_INDEX = -5,        /**< a table index was out of range */
	ECF_ERR_ENCODING = -6,     /**< a malformed encoding (bad tag, prefix, sign bit or DER) */
	ECF_ERR_NOT_ON_CURVE = -7, /**< the coordinates are not a point of the curve */
	ECF_ERR_IDENTITY = -8,     /**< the point at infinity (identity) where a proper point is required */
	ECF_ERR_SMALL_ORDER = -9,  /**< a point of small order, or an all-zero shared secret */
	ECF_ERR_SCALAR = -10,      /**< a secret scalar or key was 0 or out of its range */
	ECF_ERR_VERIFY = -11       /**< a signature or a MAC did not verify */
} ecf_status;

/** A short English name of a status code (never NULL). */
ECF_API const char *ecf_status_string(int status);

/** 1 if the len bytes at a and b are equal, else 0, in time that depends on
 *  len only (not on the bytes, nor on where they differ): for comparing MACs,
 *  tags and other secrets. len = 0 gives 1. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ct_equal(const void *a, const void *b, size_t len);
/** Overwrite the len bytes at p with zeros in a way the compiler cannot
 *  remove as a dead store: for clearing keys and other secrets. */
ECF_API ECF_NONNULL(1) void ecf_wipe(void *p, size_t len);

#ifdef __cplusplus
}
#endif

#endif
