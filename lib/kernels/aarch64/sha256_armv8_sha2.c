/*
 * SHA-256 compression with the Armv8 SHA-2 instructions:
 *   state := the chaining value after absorbing nblocks 64-byte blocks of p
 * (FIPS 180-4, 6.2.2), the same bits as the portable ecfi_sha256_blocks_portable.
 *
 * ecfk_sha256_blocks_armv8_sha2(uint32_t state[8], const uint8_t *p, size_t nblocks)
 *   state: H0..H7 as host words; p: any alignment; nblocks may be 0.
 * Requires the SHA2 extension (HWCAP_SHA2): the caller checks
 * ECFI_KERNEL_ARMV8_SHA2 (lib/dispatch/tiers.h). ACLE intrinsics; this file
 * alone is compiled with -march=armv8-a+crypto (lib/kernels/aarch64/meson.build),
 * so the rest of the library stays baseline Armv8-A.
 *
 * Layout: the state as two vectors, ABCD and EFGH (A in lane 0), which is
 * the memory order of state[]. SHA256H (vsha256hq_u32) does four rounds on
 * ABCD with EFGH and four words W[t] + K[t]; SHA256H2 updates EFGH from the
 * previous ABCD. The schedule for t >= 16, four words at a time:
 *   W[t..t+3] = SU1(SU0(W[t-16..t-13], W[t-12..t-9]), W[t-8..t-5], W[t-4..t-1]).
 *
 * Constant time: no branch or address depends on the state or the data (the
 * only branch is the loop over the public block count); state and message
 * stay in vector registers (tools/check_a64_hash_ct.py checks the object).
 */
#include <arm_neon.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/kernels.h"

/* Four rounds t = 4i .. 4i + 3 on message group w (W[t..t+3]). */
#define QROUND(i, w)                                                                                                   \
	do {                                                                                                           \
		uint32x4_t wk_ = vaddq_u32((w), vld1q_u32(ecfi_sha256_k + 4 * (i)));                                   \
		uint32x4_t abcd_ = abcd;                                                                               \
		abcd = vsha256hq_u32(abcd, efgh, wk_);                                                                 \
		efgh = vsha256h2q_u32(efgh, abcd_, wk_);                                                               \
	} while (0)

/* w0 := W[t..t+3] from w0 = W[t-16..], w1 = W[t-12..], w2 = W[t-8..], w3 = W[t-4..]. */
#define SCHEDULE(w0, w1, w2, w3) (w0 = vsha256su1q_u32(vsha256su0q_u32((w0), (w1)), (w2), (w3)))

void ecfk_sha256_blocks_armv8_sha2(uint32_t state[8], const uint8_t *p, size_t nblocks)
{
	uint32x4_t abcd = vld1q_u32(state), efgh = vld1q_u32(state + 4);
	while (nblocks--) {
		const uint32x4_t abcd0 = abcd, efgh0 = efgh;
		/* Each 32-bit word of the block is big-endian. */
		uint32x4_t w0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
		uint32x4_t w1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
		uint32x4_t w2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
		uint32x4_t w3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));
		QROUND(0, w0);
		QROUND(1, w1);
		QROUND(2, w2);
		QROUND(3, w3);
		for (int i = 4; i < 16; i += 4) {
			SCHEDULE(w0, w1, w2, w3);
			QROUND(i, w0);
			SCHEDULE(w1, w2, w3, w0);
			QROUND(i + 1, w1);
			SCHEDULE(w2, w3, w0, w1);
			QROUND(i + 2, w2);
			SCHEDULE(w3, w0, w1, w2);
			QROUND(i + 3, w3);
		}
		abcd = vaddq_u32(abcd, abcd0);
		efgh = vaddq_u32(efgh, efgh0);
		p += 64;
	}
	vst1q_u32(state, abcd);
	vst1q_u32(state + 4, efgh);
}
