/*
 * Constant-time table scans with AVX2, for the P-256 scalar multiplications:
 *   out := table[d - 1] for 1 <= d <= n, all zeros otherwise
 * over a table of n entries of 8 words (an affine point, two ymm registers:
 * the fixed-base windows) or 12 words (a Jacobian point, three: the
 * variable-base table), the same bits as lookup_words' SSE2 and plain C scans
 * in lib/curves/p256/scalar_mult.c.
 *
 * void ecfk_p256_lookup8_avx2(uint64_t out[8], const uint64_t *table, size_t n, uint64_t d)
 * void ecfk_p256_lookup12_avx2(uint64_t out[12], const uint64_t *table, size_t n, uint64_t d)
 *   table: n * 8 (n * 12) words, any alignment; out may not overlap it.
 * Requires AVX2 (VPCMPEQQ on ymm, VPAND/VPOR on ymm): the caller checks
 * ECFI_KERNEL_AVX2 (lib/dispatch/cpu.h). Intrinsics in functions compiled for
 * AVX2 alone (target attribute), so the rest of the library stays baseline
 * x86-64; they are called, not inlined, from baseline code.
 *
 * Constant time: every entry is loaded in full and blended in as
 * acc = (j + 1 == d) ? entry : acc (VPBLENDVB, the mask made by a vector
 * compare of the entry number, counted in a vector register, with d in every
 * lane): the only branch is the loop over the public n, and no address
 * depends on d. The accumulators stay in ymm registers; VZEROALL clears
 * every vector register before the return, so no table entry is left in
 * them (out is the caller's, which wipes it).
 *
 * Speed (docs/p256.md, "AVX2 table scans"): the blend is faster than
 * acc |= entry & mask (VPAND, VPOR) and than the SSE2 scan; unrolling by
 * two, blending on the sign of j - d, and the table in L1 instead of L2
 * measured the same. VZEROALL costs little of scalar_mult_base.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/kernels.h"

#define ECFK_AVX2_TARGET __attribute__((target("avx2")))

ECFK_AVX2_TARGET void ecfk_p256_lookup8_avx2(uint64_t out[8], const uint64_t *table, size_t n, uint64_t d)
{
	const __m256i dv = _mm256_set1_epi64x((long long)d), one = _mm256_set1_epi64x(1);
	__m256i jv = _mm256_setzero_si256(), a0 = _mm256_setzero_si256(), a1 = _mm256_setzero_si256();
	for (size_t j = 0; j < n; j++) {
		jv = _mm256_add_epi64(jv, one); /* j + 1 in every lane */
		const __m256i m = _mm256_cmpeq_epi64(jv, dv);
		a0 = _mm256_blendv_epi8(a0, _mm256_loadu_si256((const __m256i *)(table + 8 * j)), m);
		a1 = _mm256_blendv_epi8(a1, _mm256_loadu_si256((const __m256i *)(table + 8 * j + 4)), m);
	}
	_mm256_storeu_si256((__m256i *)out, a0);
	_mm256_storeu_si256((__m256i *)(out + 4), a1);
	_mm256_zeroall();
}

ECFK_AVX2_TARGET void ecfk_p256_lookup12_avx2(uint64_t out[12], const uint64_t *table, size_t n, uint64_t d)
{
	const __m256i dv = _mm256_set1_epi64x((long long)d), one = _mm256_set1_epi64x(1);
	__m256i jv = _mm256_setzero_si256(), a0 = _mm256_setzero_si256(), a1 = _mm256_setzero_si256(),
	        a2 = _mm256_setzero_si256();
	for (size_t j = 0; j < n; j++) {
		jv = _mm256_add_epi64(jv, one);
		const __m256i m = _mm256_cmpeq_epi64(jv, dv);
		a0 = _mm256_blendv_epi8(a0, _mm256_loadu_si256((const __m256i *)(table + 12 * j)), m);
		a1 = _mm256_blendv_epi8(a1, _mm256_loadu_si256((const __m256i *)(table + 12 * j + 4)), m);
		a2 = _mm256_blendv_epi8(a2, _mm256_loadu_si256((const __m256i *)(table + 12 * j + 8)), m);
	}
	_mm256_storeu_si256((__m256i *)out, a0);
	_mm256_storeu_si256((__m256i *)(out + 4), a1);
	_mm256_storeu_si256((__m256i *)(out + 8), a2);
	_mm256_zeroall();
}
