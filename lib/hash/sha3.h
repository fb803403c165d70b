/*
 * Keccak-f[1600] sponge (FIPS 202) inside the library: SHAKE256, and on the
 * same sponge SHAKE128 and SHA3-256. Hidden symbols, no allocation, no
 * dependency beyond libc.
 *
 * - Constant time in the data: the permutation is straight-line; branches and
 *   indexes depend only on lengths and positions (public).
 * - Byte order: lanes are loaded and stored byte by byte (little-endian lanes
 *   as FIPS 202 specifies), right on big-endian hosts too.
 * - Usage: _init, any number of _absorb calls (any lengths, in may be NULL when
 *   len is 0), then any number of _squeeze calls: the first squeeze pads and
 *   switches the context to squeezing; the outputs of successive squeezes
 *   concatenate to the one long XOF output (squeezing 10 then 20 bytes gives
 *   the same 30 bytes as one squeeze of 30). Absorbing after the first squeeze
 *   is a programming error: it is ignored (nothing absorbed). Call
 *   ecfi_shake256_wipe (or ecfi_keccak_wipe) when done: squeezing cannot know
 *   it was the last call.
 */
#ifndef ECFI_SHA3_H
#define ECFI_SHA3_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"

/* The generic sponge: rate in bytes, a multiple of 8 below 200 (136 for
 * SHAKE256/SHA3-256, 168 for SHAKE128; every FIPS 202 rate qualifies), and
 * the domain-separation suffix byte with the first padding bit (0x1f for
 * SHAKE, 0x06 for SHA3). */
typedef struct ecfi_keccak_ctx {
	uint64_t a[25]; /* the state, lane (x, y) at a[x + 5y] */
	uint32_t pos;   /* absorbing: bytes of the current block absorbed; squeezing: bytes of the block read */
	uint32_t rate;  /* bytes */
	uint8_t suffix; /* domain bits with the first padding bit */
	uint8_t squeezing;
} ecfi_keccak_ctx;

/* The permutation Keccak-f[1600] (24 rounds) on a[25]: the dispatched entry
 * runs the Armv8 SHA-3 kernel (ECFI_KERNEL_ARMV8_SHA3) or the portable C, the
 * same bits. */
ECFI_HIDDEN void ecfi_keccak_f1600(uint64_t a[25]);
ECFI_HIDDEN void ecfi_keccak_f1600_portable(uint64_t a[25]);
/* Name of the Keccak kernel a flag word selects: "armv8_sha3" or "portable". */
ECFI_HIDDEN const char *ecfi_keccak_kernel_name_of(uint32_t flags);
ECFI_HIDDEN void ecfi_keccak_init(ecfi_keccak_ctx *ctx, unsigned rate, uint8_t suffix);
ECFI_HIDDEN void ecfi_keccak_absorb(ecfi_keccak_ctx *ctx, const void *in, size_t len);
ECFI_HIDDEN void ecfi_keccak_squeeze(ecfi_keccak_ctx *ctx, uint8_t *out, size_t len);
ECFI_HIDDEN void ecfi_keccak_wipe(ecfi_keccak_ctx *ctx);

/* SHAKE256 (FIPS 202): any output length. */
typedef struct ecfi_shake256_ctx {
	ecfi_keccak_ctx k;
} ecfi_shake256_ctx;

ECFI_HIDDEN void ecfi_shake256_init(ecfi_shake256_ctx *ctx);
ECFI_HIDDEN void ecfi_shake256_absorb(ecfi_shake256_ctx *ctx, const void *in, size_t len);
/* Writes the next len bytes of output; the first call pads. May be called repeatedly. */
ECFI_HIDDEN void ecfi_shake256_squeeze(ecfi_shake256_ctx *ctx, uint8_t *out, size_t len);
/* Wipes the context (call after the last squeeze). */
ECFI_HIDDEN void ecfi_shake256_wipe(ecfi_shake256_ctx *ctx);
/* out[0..outlen) = SHAKE256(in[0..inlen), outlen); out may alias in. Wipes its state. */
ECFI_HIDDEN void ecfi_shake256(uint8_t *out, size_t outlen, const void *in, size_t inlen);

/* SHAKE128 and SHA3-256 one-shots on the same sponge. */
ECFI_HIDDEN void ecfi_shake128(uint8_t *out, size_t outlen, const void *in, size_t inlen);
ECFI_HIDDEN void ecfi_sha3_256(uint8_t out[32], const void *in, size_t inlen);

#endif
