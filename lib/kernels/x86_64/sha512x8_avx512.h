/*
 * SHA-512 on eight lanes with AVX-512F (sha512x8_avx512.c): eight
 * independent SHA-512 computations side by side, one per 64-bit element of
 * the zmm registers (VPRORQ, VPTERNLOGQ, VPADDQ), for the Ed25519 batch calls
 * (ecf_ed25519_sign_batch, ecf_ed25519_public_key_batch,
 * ecf_ed25519_verify_batch). Run under the avx512_ifma tier only (which
 * implies AVX512F and AVX512VL; the kernel needs no IFMA instruction): the
 * caller checks ECFI_KERNEL_AVX512_IFMA, through the families ed25519_batch
 * and ed25519_verify_batch of lib/dispatch/tiers.h.
 *
 * ecfk_sha512x8_block_avx512_ifma(state, blocks, active, first)
 *   The compression function of FIPS 180-4 (6.4.2) on every lane j whose bit
 *   j of active is set: state[.][j] absorbs the 128-byte block blocks[j];
 *   the other lanes keep their state (a masked add: the mask is public, the
 *   data and the state are not). state[i][j] is word i (H0..H7, host order)
 *   of lane j. first != 0: every lane starts from the initial hash value
 *   H(0) (state is only written; active must then be 0xff). Constant time
 *   in state and blocks: straight-line vector code, no lane data reaches a
 *   general register, an address or a branch (tools/check_ifma_ct.py checks
 *   the object); it clears every vector and mask register before returning.
 *   blocks may not overlap state.
 * ecfk_sha512x8_digest_avx512_ifma(out, state)
 *   out[j] = lane j's state as its 64-byte big-endian digest (the words
 *   transposed back and byte-swapped in the vector registers). out may not
 *   overlap state.
 *
 * ecfi_sha512x8_avx512_ifma(out, in)   (lib/hash/sha512x8.c, baseline code)
 *   out[j] = SHA-512 of the concatenation in[j].p[0..len[0]) ||
 *   in[j].p[1][..] || in[j].p[2][..] for each lane j: up to
 *   ECFI_SHA512X8_PIECES pieces per lane (a piece of length 0 may have a
 *   NULL pointer), any total length per lane (0, one block, many; lanes of
 *   different lengths), padded per lane. Each step copies every lane's next
 *   128-byte block (message bytes, padding, length) to a stack buffer and
 *   runs the kernel with the lanes that still have a block; the lanes whose
 *   message has ended keep their state. Branches and addresses depend on the
 *   pointers and lengths only (public); the bytes are secret. out is written
 *   after every input byte has been read (out may overlap the inputs). The
 *   stack buffers are wiped before return.
 */
#ifndef ECFI_SHA512X8_AVX512_H
#define ECFI_SHA512X8_AVX512_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"

#define ECFI_SHA512X8_PIECES 3

typedef struct {
	const uint8_t *p[ECFI_SHA512X8_PIECES];
	size_t len[ECFI_SHA512X8_PIECES];
} ecfi_sha512x8_msg;

ECFI_HIDDEN void ecfk_sha512x8_block_avx512_ifma(uint64_t state[8][8], const uint8_t blocks[8][128], unsigned active,
                                                 int first);
ECFI_HIDDEN void ecfk_sha512x8_digest_avx512_ifma(uint8_t out[8][64], const uint64_t state[8][8]);
ECFI_HIDDEN void ecfi_sha512x8_avx512_ifma(uint8_t out[8][64], const ecfi_sha512x8_msg in[8]);

#endif
