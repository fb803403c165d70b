/*
 * The X25519 ladder step inside the library: the portable C step, which the
 * portable tier runs and which the MULX/ADX step kernel
 * (ecfk_x25519_ladder_step_mulx_adx, kernels/kernels.h) must equal bit for
 * bit (test/test_c25519_steps.c compares them directly).
 *
 * v is the working area: ECFI_X25519_LADDER_FE field elements, of which
 * v[0..3] = x2, z2, x3, z3 (in and out), v[4] = x1 (in), the rest scratch;
 * the same layout as the kernel's w (ECFK_X25519_LADDER_*: pass (uint64_t *)v).
 * Any 256-bit values; swap is 0 or 1. One step of RFC 7748's ladder, mod p:
 * cswap((x2, z2), (x3, z3), swap), then the doubling and differential
 * addition (done without the swap: the addition is symmetric in the pairs,
 * and the doubling takes the selected pair's sum and difference).
 * Constant time. The caller wipes v.
 */
#ifndef ECFI_X25519_INTERNAL_H
#define ECFI_X25519_INTERNAL_H

#include <stdint.h>

#include "curves/curve25519/fe.h"

#define ECFI_X25519_LADDER_FE (ECFK_X25519_LADDER_WORDS / 4)

ECFI_HIDDEN void ecfi_x25519_ladder_step_portable(fe v[ECFI_X25519_LADDER_FE], uint64_t swap);

/* One element of ecf_x25519_batch / ecf_x25519_public_key_batch: what
 * ecf_x25519 (its status) and ecf_x25519_public_key compute, with valid
 * pointers and without the stack wipe, which the caller does. */
ECFI_HIDDEN int ecfi_x25519_one(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
ECFI_HIDDEN void ecfi_x25519_base_one(uint8_t out[32], const uint8_t scalar[32]);

/* The division at the end of ecf_x25519_batch's 8-lane ladders
 * (x25519_batch.c): out[j] = x_j / z_j for j < m (0 where z_j = 0) and
 * status[j] as the single call's, where out[j] holds x_j and z[j] z_j on
 * entry, canonical little-endian; one inversion for the m elements.
 * 1 <= m <= ECFI_X25519_FINISH_MAX; tiers read by the caller (ecfi_tiers).
 * Constant time. */
#define ECFI_X25519_FINISH_MAX 64
ECFI_HIDDEN void ecfi_x25519_finish(uint32_t tiers, uint8_t out[][32], int status[], const uint8_t z[][32], size_t m);

#endif
