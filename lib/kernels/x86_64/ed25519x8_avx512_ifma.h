/*
 * The avx512_ifma tier of edwards25519 (ed25519x8_avx512_ifma.c): eight
 * independent fixed-base scalar multiplications [a_j]B side by side, one per
 * 64-bit element of the zmm registers, in the 8-lane GF(2^255 - 19) of
 * p25519x8_avx512_ifma.h (five 52-bit limbs per lane, VPMADD52LUQ/HUQ). Needs
 * AVX512F, AVX512IFMA and AVX512VL: the caller checks ECFI_KERNEL_AVX512_IFMA
 * (families ed25519_batch and x25519_batch). Constant time: no branch,
 * address or variable-latency instruction depends on a lane's scalar or point
 * (tools/check_ifma_ct.py proves it on the object), no lane's data reaches
 * another lane's; the kernels clear every vector and mask register before
 * returning, the caller wipes the stack (ecfi_wipe_stack).
 *
 * ecfk_ed25519_base8_xyz_avx512_ifma(xyz, scalar)
 *   (xyz[0][j] : xyz[1][j] : xyz[2][j]) = (X : Y : Z) of [scalar[j]]B, each
 *   canonical little-endian (Z != 0), scalar[j] a 256-bit little-endian
 *   integer below 2^255 (bit 255 must be clear: an Ed25519 nonce r < l or a
 *   clamped secret scalar): the point
 *   without the inversion, for a caller that inverts the 8 Z at once with
 *   scalar code (Montgomery's trick: one inversion instead of eight lanes of
 *   the exponentiation). xyz may not overlap scalar.
 * ecfk_x25519_base8_avx512_ifma(out, scalar)
 *   out[j] = X25519(scalar[j], 9) (RFC 7748: scalar[j] clamped here), as
 *   u = (Z + Y) / (Z - Y) of [clamped scalar[j]]B (the birational map;
 *   Z - Y != 0: the clamped scalar is not a multiple of l). out may be the
 *   same array as scalar.
 *
 * For the tests (test/test_batch_ed25519.c, against the scalar edwards25519
 * code): points as limb arrays p[coordinate][limb][lane], coordinates X, Y,
 * Z, T (extended, x = X/Z, y = Y/Z, T = XY/Z) with limbs < 2^52 and the top
 * limb < 2^48 (range T of p25519x8_avx512_ifma.h: any value < 2^256);
 * Niels points n[ypx, ymx, xy2d][limb][lane] canonical (< p); the outputs are
 * in the same range as the inputs.
 *   ecfk_ed25519x8_dbl_avx512_ifma(r, p)       r = 2p
 *   ecfk_ed25519x8_madd_avx512_ifma(r, p, n, neg)
 *                                              r = p + n (neg[j] = 0) or
 *                                              p - n (neg[j] = all ones)
 *   ecfk_ed25519x8_base_avx512_ifma(r, scalar) r = [scalar[j]]B, scalar[j]
 *                                              < 2^255, not encoded
 */
#ifndef ECFI_ED25519X8_AVX512_IFMA_H
#define ECFI_ED25519X8_AVX512_IFMA_H

#include <stdint.h>

#include "common/internal.h"

ECFI_HIDDEN void ecfk_ed25519_base8_xyz_avx512_ifma(uint8_t xyz[3][8][32], const uint8_t scalar[8][32]);
ECFI_HIDDEN void ecfk_x25519_base8_avx512_ifma(uint8_t out[8][32], const uint8_t scalar[8][32]);

ECFI_HIDDEN void ecfk_ed25519x8_dbl_avx512_ifma(uint64_t r[4][5][8], const uint64_t p[4][5][8]);
ECFI_HIDDEN void ecfk_ed25519x8_madd_avx512_ifma(uint64_t r[4][5][8], const uint64_t p[4][5][8],
                                                 const uint64_t n[3][5][8], const uint64_t neg[8]);
ECFI_HIDDEN void ecfk_ed25519x8_base_avx512_ifma(uint64_t r[4][5][8], const uint8_t scalar[8][32]);

#endif
