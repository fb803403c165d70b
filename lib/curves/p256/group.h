/*
 * Hidden entry points shared by the files of the P-256 group (points, scalar
 * multiplication, ECDH, ECDSA), and by the tests. Scalars here are four
 * 64-bit limbs, least significant first, plain domain, below n.
 */
#ifndef ECFI_P256_GROUP_H
#define ECFI_P256_GROUP_H

#include <ecfield/p256_point.h>

#include "common/internal.h"

/* The group order n, least significant limb first. */
static const uint64_t P256_N[4] = {0xf3b9cac2fc632551ull, 0xbce6faada7179e84ull, 0xffffffffffffffffull,
                                   0xffffffff00000000ull};

/* k = the 32 big-endian bytes mod n (any 256-bit value is below 2n). */
ECFI_HIDDEN void ecfi_p256_scalar_from_bytes_reduce(uint64_t k[4], const uint8_t in[32]);

/* The scalar multiplications on limb scalars k < n, with the tier chosen by the caller. */
ECFI_HIDDEN void ecfi_p256_scalar_mult_limbs(ecf_p256_point *r, const uint64_t k[4], const ecf_p256_point *p,
                                             unsigned fast);
ECFI_HIDDEN void ecfi_p256_scalar_mult_base_limbs(ecf_p256_point *r, const uint64_t k[4], unsigned fast);
ECFI_HIDDEN void ecfi_p256_double_scalar_mult_vartime_limbs(ecf_p256_point *r, const uint64_t u1[4],
                                                            const uint64_t u2[4], const ecf_p256_point *q,
                                                            unsigned fast);

/* ecf_p256_point_from_bytes, for callers inside the library. */
ECFI_HIDDEN int ecfi_p256_point_decode(ecf_p256_point *r, const uint8_t *in, size_t len);

/* Affine x and y of p (Montgomery domain), one inversion; identity -> (0, 0),
 * and the returned mask is all-ones if p was the identity. */
ECFI_HIDDEN uint64_t ecfi_p256_point_to_affine_fast(ecf_p256_affine *r, const ecf_p256_point *p, unsigned fast);

#endif
