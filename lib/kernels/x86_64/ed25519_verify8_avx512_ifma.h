/*
 * The avx512_ifma tier of the Ed25519 batch verification
 * (ed25519_verify8_avx512_ifma.c): the group equation of eight strict
 * verifications side by side, one per 64-bit element of the zmm registers,
 * over the 8-lane GF(2^255 - 19) of p25519x8_avx512_ifma.h. Needs AVX512F,
 * AVX512IFMA and AVX512VL: the caller checks ECFI_KERNEL_AVX512_IFMA (family
 * ed25519_verify_batch). Verification handles public data only: the kernel
 * is variable time (its table entries are fetched by per-lane gathers indexed
 * by the scalars' digits), hence the _vartime name, and it is not held to
 * tools/check_ifma_ct.py.
 *
 * ecfk_ed25519_verify8_vartime_avx512_ifma(out, bad, xzero, pk, k, s)
 *   Decodes A_j from pk[j] as RFC 8032 5.1.3 does (y = bits 0-254, which the
 *   caller has checked to be below p; the sign of x in bit 255): bit j of
 *   *bad is set when (y^2 - 1)/(d y^2 + 1) is not a square (no point: the
 *   single call's ECF_ERR_NOT_ON_CURVE), bit j of *xzero when x = 0 (with
 *   bit 255 set, its ECF_ERR_ENCODING). Then out[j] = the canonical encoding
 *   (RFC 8032 5.1.2) of [s_j]B - [k_j]A_j, B the base point, k_j and s_j
 *   little-endian integers below 2^253 (the challenge k mod l and S < l), A_j
 *   any point of the curve (small-order components are kept, as the single
 *   call keeps them: the integer k_j multiplies -A_j, so out[j] is exactly
 *   the single call's R' = [S]B + [k](-A)). A lane in *bad computes with the
 *   identity for A (its out[j] means nothing). out may not overlap the
 *   inputs.
 */
#ifndef ECFI_ED25519_VERIFY8_AVX512_IFMA_H
#define ECFI_ED25519_VERIFY8_AVX512_IFMA_H

#include <stdint.h>

#include "common/internal.h"

ECFI_HIDDEN void ecfk_ed25519_verify8_vartime_avx512_ifma(uint8_t out[8][32], uint8_t *bad, uint8_t *xzero,
                                                          const uint8_t pk[8][32], const uint8_t k[8][32],
                                                          const uint8_t s[8][32]);

#endif
