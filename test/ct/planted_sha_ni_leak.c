/* Planted violation for tools/check_sha_ni_ct.py (test 'sha_ni_ct_planted'): a
 * SHA-NI-style function that moves a data word from an xmm register into a
 * general register and uses it as a table index. The check must reject it. */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

void planted_sha_ni_leak(uint32_t state[8], const uint8_t *p, size_t nblocks);

__attribute__((target("sha,ssse3,sse4.1"))) void planted_sha_ni_leak(uint32_t state[8], const uint8_t *p,
                                                                     size_t nblocks)
{
	static const uint32_t table[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	__m128i s = _mm_loadu_si128((const __m128i *)state);
	while (nblocks--) {
		__m128i m = _mm_loadu_si128((const __m128i *)p);
		s = _mm_sha256msg1_epu32(s, m);
		state[4] += table[_mm_cvtsi128_si32(m) & 15]; /* secret index */
		p += 64;
	}
	_mm_storeu_si128((__m128i *)state, s);
}
