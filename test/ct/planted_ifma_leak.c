/* Planted violations for tools/check_ifma_ct.py (tests 'ifma_ct_planted_*'):
 * an IFMA-style function (target avx512f, avx512ifma, avx512vl) that lets one
 * lane's data out of the vector registers, one rule per build (PLANT):
 *   1 vector_to_gpr: a lane word moved to a general register, used as a table index;
 *   2 mask: a compare into a mask register, branched on (kortest);
 *   3 gather: a table read with indices from a vector (VPGATHERQQ);
 *   4 gpr_load: a lane's word loaded into a general register from memory.
 * The check must reject each object. */
#include <immintrin.h>
#include <stdint.h>

void planted_ifma_leak(uint64_t r[8], const uint64_t a[8]);

__attribute__((target("avx512f,avx512ifma,avx512vl"))) void planted_ifma_leak(uint64_t r[8], const uint64_t a[8])
{
	static const uint64_t table[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	__m512i x = _mm512_loadu_si512((const void *)a);
	x = _mm512_madd52lo_epu64(x, x, x);
#if PLANT == 1
	x = _mm512_add_epi64(x, _mm512_set1_epi64((long long)table[_mm_cvtsi128_si64(_mm512_castsi512_si128(x)) & 15]));
#elif PLANT == 2
	if (_mm512_cmpeq_epi64_mask(x, _mm512_setzero_si512()))
		x = _mm512_add_epi64(x, x);
#elif PLANT == 3
	x = _mm512_i64gather_epi64(_mm512_and_si512(x, _mm512_set1_epi64(15)), (const void *)table, 8);
#else
	x = _mm512_add_epi64(x, _mm512_set1_epi64((long long)table[a[3] & 15]));
#endif
	_mm512_storeu_si512((void *)r, x);
}
