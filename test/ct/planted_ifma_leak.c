/* Planted violations for tools/check_ifma_ct.py (tests 'ifma_ct_planted_*'):
 * an IFMA-style function that breaks one rule of the check each, chosen by
 * PLANT at compile time; the check must reject every one.
 *   1 vec_to_gpr:  a lane moved to a general register and used as an index;
 *   2 mask_branch: a compare mask moved out of the mask registers into a branch;
 *   3 gpr_load:    data loaded from memory into a general register (an index);
 *   4 latency:     a variable-latency vector instruction (a division);
 *   5 call:        a call outside the object. */
#include <immintrin.h>
#include <stdint.h>

void planted_ifma_leak(uint64_t r[8], const uint64_t a[8], const uint64_t b[8]);
void planted_ifma_sink(uint64_t *r); /* not defined: the archive is only disassembled */

__attribute__((unused)) static const uint64_t table[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};

__attribute__((target("avx512f,avx512ifma,avx512vl"))) void planted_ifma_leak(uint64_t r[8], const uint64_t a[8],
                                                                              const uint64_t b[8])
{
	__m512i x = _mm512_loadu_si512(a), y = _mm512_loadu_si512(b);
	x = _mm512_madd52lo_epu64(x, x, y);
#if PLANT == 1
	x = _mm512_add_epi64(x, _mm512_set1_epi64((long long)table[_mm_cvtsi128_si64(_mm512_castsi512_si128(x)) & 15]));
#elif PLANT == 2
	if (_mm512_cmpeq_epi64_mask(x, y))
		x = _mm512_add_epi64(x, y);
#elif PLANT == 3
	x = _mm512_add_epi64(x, _mm512_set1_epi64((long long)table[a[0] & 15]));
#elif PLANT == 4
	x = _mm512_castpd_si512(_mm512_div_pd(_mm512_castsi512_pd(x), _mm512_castsi512_pd(y)));
#elif PLANT == 5
	_mm512_storeu_si512(r, x);
	planted_ifma_sink(r);
	return;
#endif
	_mm512_storeu_si512(r, x);
}
