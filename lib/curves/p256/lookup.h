/*
 * The constant-time table scans of the P-256 scalar multiplications, for
 * lib/curves/p256/scalar_mult.c and the tests (test_p256_lookup.c).
 *
 * ecfi_p256_lookup_affine(r, table, n, d, neg, tiers):
 *   r := table[d - 1] (8 words: x, y of an affine point, Montgomery domain,
 *   coordinates < p) for 1 <= d <= n, all zeros for d = 0 or d > n; then y
 *   := p - y (mod p) where neg is all-ones (neg is 0 or all-ones). Reads
 *   every entry; no branch or address depends on d or neg. The scan is the
 *   AVX2 kernel when `tiers` (an ecfi_cpu_flags word) has ECFI_KERNEL_AVX2,
 *   SSE2 (plain C where SSE2 is absent) otherwise: the same bits. A branch on
 *   the flag word, like every dispatch (no function pointer); the tests see
 *   which scan ran through testhooks/p256_hooks.h.
 *   r may not overlap table.
 * ecfi_p256_lookup_jac(r, table, n, d, neg, tiers): the same for 12-word
 *   Jacobian entries (x, y, z).
 */
#ifndef ECFI_P256_LOOKUP_H
#define ECFI_P256_LOOKUP_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
#include "kernels/kernels.h" /* the AVX2 scans, ecfk_p256_lookup8_avx2 and _12 */

ECFI_HIDDEN void ecfi_p256_lookup_affine(uint64_t r[8], const uint64_t *table, size_t n, uint64_t d, uint64_t neg,
                                         uint32_t tiers);
ECFI_HIDDEN void ecfi_p256_lookup_jac(uint64_t r[12], const uint64_t *table, size_t n, uint64_t d, uint64_t neg,
                                      uint32_t tiers);

#endif
