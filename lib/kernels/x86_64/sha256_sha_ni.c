/*
 * SHA-256 compression with the x86 SHA extensions:
 *   state := the chaining value after absorbing nblocks 64-byte blocks of p
 * (FIPS 180-4, 6.2.2), the same bits as the portable ecfi_sha256_blocks_portable.
 *
 * ecfk_sha256_blocks_sha_ni(uint32_t state[8], const uint8_t *p, size_t nblocks)
 *   state: H0..H7 as host words; p: any alignment; nblocks may be 0.
 * Requires SHA, SSSE3 (PSHUFB, PALIGNR) and SSE4.1 (PBLENDW): the caller checks
 * ECFI_KERNEL_SHA_NI (lib/dispatch/cpu.h). Written with intrinsics in a
 * function compiled for those extensions only (target attribute), so the rest
 * of the library stays baseline x86-64.
 *
 * Layout: SHA256RNDS2 takes the working variables as two vectors, ABEF and
 * CDGH (A in the high dword), and does two rounds with W[t] + K[t] in the low
 * two dwords of its third operand. One group of four rounds: add four round
 * constants to four message words, two rounds, move the upper half down, two
 * rounds. The message schedule for t >= 16, four words at a time:
 *   W[t..t+3] = MSG2(MSG1(W[t-16..t-13], W[t-12..t-9]) + W[t-7..t-4], W[t-4..t-1])
 * where MSG1 adds sigma0 of W[t-15..t-12], MSG2 adds sigma1 of W[t-2..t+1]
 * (the last two from its own result) and W[t-7..t-4] is PALIGNR of the two
 * previous groups.
 *
 * Constant time: no branch or address depends on the state or the data (the
 * only branch is the loop over the public block count). The message words stay
 * in xmm registers (16 suffice: no spill); they are not cleared on return.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/kernels.h"

#define ECFK_SHA_TARGET __attribute__((target("sha,ssse3,sse4.1")))

/* Four rounds, t = 4i .. 4i + 3, on message group w (W[t..t+3]). */
#define SHA_QROUND(i, w)                                                                                               \
	do {                                                                                                           \
		__m128i m_ = _mm_add_epi32((w), _mm_load_si128((const __m128i *)(ecfi_sha256_k + 4 * (i))));           \
		cdgh = _mm_sha256rnds2_epu32(cdgh, abef, m_);                                                          \
		m_ = _mm_shuffle_epi32(m_, 0x0e);                                                                      \
		abef = _mm_sha256rnds2_epu32(abef, cdgh, m_);                                                          \
	} while (0)

/* w0 := W[t..t+3] from w0 = W[t-16..], w1 = W[t-12..], w2 = W[t-8..], w3 = W[t-4..]. */
#define SHA_SCHEDULE(w0, w1, w2, w3)                                                                                   \
	(w0 = _mm_sha256msg2_epu32(_mm_add_epi32(_mm_sha256msg1_epu32((w0), (w1)), _mm_alignr_epi8((w3), (w2), 4)),    \
	                           (w3)))

ECFK_SHA_TARGET void ecfk_sha256_blocks_sha_ni(uint32_t state[8], const uint8_t *p, size_t nblocks)
{
	/* Byte order: each 32-bit word of the block is big-endian. */
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
	/* state[0..3] = DCBA (A lowest), state[4..7] = HGFE. */
	__m128i dcba = _mm_loadu_si128((const __m128i *)state);
	__m128i hgfe = _mm_loadu_si128((const __m128i *)(state + 4));
	__m128i cdab = _mm_shuffle_epi32(dcba, 0xb1);
	__m128i efgh = _mm_shuffle_epi32(hgfe, 0x1b);
	__m128i abef = _mm_alignr_epi8(cdab, efgh, 8); /* A B E F from the high dword down */
	__m128i cdgh = _mm_blend_epi16(efgh, cdab, 0xf0);
	while (nblocks--) {
		const __m128i abef0 = abef, cdgh0 = cdgh;
		__m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), bswap);
		__m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), bswap);
		__m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), bswap);
		__m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 48)), bswap);
		SHA_QROUND(0, w0);
		SHA_QROUND(1, w1);
		SHA_QROUND(2, w2);
		SHA_QROUND(3, w3);
		for (int i = 4; i < 16; i += 4) { /* unrolled by the compiler (constant trip count) */
			SHA_SCHEDULE(w0, w1, w2, w3);
			SHA_QROUND(i, w0);
			SHA_SCHEDULE(w1, w2, w3, w0);
			SHA_QROUND(i + 1, w1);
			SHA_SCHEDULE(w2, w3, w0, w1);
			SHA_QROUND(i + 2, w2);
			SHA_SCHEDULE(w3, w0, w1, w2);
			SHA_QROUND(i + 3, w3);
		}
		abef = _mm_add_epi32(abef, abef0);
		cdgh = _mm_add_epi32(cdgh, cdgh0);
		p += 64;
	}
	/* Back to DCBA / HGFE. */
	__m128i feba = _mm_shuffle_epi32(abef, 0x1b);
	__m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
	dcba = _mm_blend_epi16(feba, dchg, 0xf0);
	hgfe = _mm_alignr_epi8(dchg, feba, 8);
	_mm_storeu_si128((__m128i *)state, dcba);
	_mm_storeu_si128((__m128i *)(state + 4), hgfe);
}
