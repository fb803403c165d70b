/*
 * The avx512_ifma tier of X25519 (x25519_avx512_ifma.c): eight independent
 * X25519 computations side by side, one per 64-bit element of the zmm
 * registers, in GF(2^255 - 19) with five limbs of 52 bits per lane
 * (VPMADD52LUQ/HUQ). Needs AVX512F, AVX512IFMA and AVX512VL: the caller
 * checks ECFI_KERNEL_AVX512_IFMA (family x25519_batch). Constant time: no
 * branch, address or variable-latency instruction depends on a lane's
 * scalar, point or result (tools/check_ifma_ct.py proves it on the object),
 * and no lane's data reaches another lane's.
 *
 * ecfk_x25519_ladder8_avx512_ifma(x, z, scalar, u)
 *   The ladder of X25519(scalar[j], u[j]) for j < 8 (RFC 7748: the scalar
 *   clamped, bit 255 of u ignored, non-canonical u reduced), without its
 *   division: x[j] and z[j] are the canonical little-endian encodings (< p)
 *   of the projective result (x : z), z[j] = 0 for the point at infinity,
 *   so that X25519(scalar[j], u[j]) = x[j] / z[j] (0 where z[j] = 0). The
 *   caller divides: ecfi_x25519_finish (x25519_batch.c) does it for many
 *   lanes with one inversion. x or z may be the same array as scalar or as
 *   u (every input is read before any output is written); x and z do not
 *   overlap, nor partly overlap the inputs.
 * (X25519(scalar[j], 9), the public keys: ecfk_x25519_base8_avx512_ifma of
 * ed25519x8_avx512_ifma.h, by the Edwards fixed-base multiplication.)
 *
 * Field operations for the tests (test/test_ifma25519.c, against GMP): the
 * element a is a[limb][lane], limbs of 52 bits (see the .c for the ranges
 * each takes and gives).
 */
#ifndef ECFI_X25519_AVX512_IFMA_H
#define ECFI_X25519_AVX512_IFMA_H

#include <stdint.h>

#include "common/internal.h"

ECFI_HIDDEN void ecfk_x25519_ladder8_avx512_ifma(uint8_t x[8][32], uint8_t z[8][32], const uint8_t scalar[8][32],
                                                 const uint8_t u[8][32]);

ECFI_HIDDEN void ecfk_p25519x8_from_bytes_avx512_ifma(uint64_t r[5][8], const uint8_t in[8][32]);
ECFI_HIDDEN void ecfk_p25519x8_to_bytes_avx512_ifma(uint8_t out[8][32], const uint64_t a[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_mul_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_sqr_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_add_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_sub_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_mul121666_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_inv_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8]);
/* The ladder's lazy forms (p25519x8_avx512_ifma.h: U, UB, M), r = op(a, b)
 * (b unused by the squares): fe8_mul_u, _sqr_u, _sqr_m, _mul_ub, _sqr_ub,
 * _add_m, _sub_m, _sub_mb, and fe8_mul_small_add_m(a, 121666, b). */
ECFI_HIDDEN void ecfk_p25519x8_mul_u_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_sqr_u_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_sqr_m_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_mul_ub_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_sqr_ub_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_add_m_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_sub_m_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_sub_mb_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8]);
ECFI_HIDDEN void ecfk_p25519x8_mul121666_add_m_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8],
                                                           const uint64_t b[5][8]);

#endif
