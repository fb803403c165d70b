/*
 * SHA-512 compression on eight lanes with AVX-512F (declarations and
 * contract: sha512x8_avx512.h). Lane j of every zmm register is lane j's
 * 64-bit word: the eight working variables a..h and the sixteen words of the
 * message schedule w[0..15] are 24 zmm registers; a round is FIPS 180-4's
 * (6.4.2) with the rotations as VPRORQ, the three-input functions (the XOR of
 * three rotations, Ch, Maj) as one VPTERNLOGQ each, the sums as VPADDQ, and
 * the round constant broadcast from ecfi_sha512_k (lib/hash/sha512.c) to
 * every lane.
 *
 * The block load: lane j's 128 bytes are two zmm rows (words 0-7, 8-15);
 * two 8x8 transposes of 64-bit words (VPUNPCKLQDQ/HQDQ, then VSHUFI64X2
 * twice) give w[i] = word i of every lane; the big-endian words are
 * byte-swapped with AVX512F alone (no VPSHUFB, which needs AVX512BW): a
 * 64-bit rotation by 32, a 32-bit rotation by 16, then the bytes of each
 * 16-bit half exchanged by two shifts and a VPTERNLOGQ blend.
 *
 * The end of the block: state += (a..h) on the lanes of the mask `active`
 * only (VPADDQ under a mask register made from the public argument), the
 * other lanes' state stored back unchanged.
 *
 * Constant time: straight-line vector code; the loop counts rounds (public);
 * the only addresses are the arguments and the constant table; the only mask
 * register comes from `active` (a general register: public); no instruction
 * moves lane data to a general register or the flags (tools/check_ifma_ct.py
 * checks the object). Before returning, the entry point clears every zmm
 * and mask register.
 */
#include "kernels/x86_64/sha512x8_avx512.h"

#include <immintrin.h>

#include "kernels/x86_64/avx512_clear.h"
#include <stddef.h>
#include <stdint.h>

#include "kernels/kernels.h" /* ecfi_sha512_k */
#include "common/sha2_rounds16.h"

#define SHA8_TARGET __attribute__((target("avx512f,avx512vl")))
#define SHA8_INLINE static inline __attribute__((always_inline)) SHA8_TARGET

#define V1(x) _mm512_set1_epi64((long long)(x))
#define ADD(x, y) _mm512_add_epi64((x), (y))
#define ROR(x, n) _mm512_ror_epi64((x), (n))
/* VPTERNLOGQ truth tables (a, b, c the three operands): a ^ b ^ c; Ch
 * (a ? b : c); Maj. */
#define XOR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define CH(x, y, z) _mm512_ternarylogic_epi64((x), (y), (z), 0xca)
#define MAJ(x, y, z) _mm512_ternarylogic_epi64((x), (y), (z), 0xe8)

#define BSIG0(x) XOR3(ROR(x, 28), ROR(x, 34), ROR(x, 39))
#define BSIG1(x) XOR3(ROR(x, 14), ROR(x, 18), ROR(x, 41))
#define SSIG0(x) XOR3(ROR(x, 1), ROR(x, 8), _mm512_srli_epi64((x), 7))
#define SSIG1(x) XOR3(ROR(x, 19), ROR(x, 61), _mm512_srli_epi64((x), 6))

/* The round with the working variables renamed, not moved (as
 * lib/hash/sha2_impl.h), sixteen rounds per pass. */
#define ROUND(a, b, c, d, e, f, g, h, t, i)                                                                            \
	do {                                                                                                           \
		h = ADD(ADD(h, BSIG1(e)), ADD(CH(e, f, g), ADD(V1(ecfi_sha512_k[(t) + (i)]), w[i])));                  \
		d = ADD(d, h);                                                                                         \
		h = ADD(h, ADD(BSIG0(a), MAJ(a, b, c)));                                                               \
	} while (0)
#define SCHEDULE(i) (w[i] = ADD(ADD(w[i], SSIG1(w[((i) + 14) & 15])), ADD(w[((i) + 9) & 15], SSIG0(w[((i) + 1) & 15]))))
#define ROUNDS16(t) SHA2_ROUNDS16(t)

/* Big-endian 64-bit words to host words, lane by lane, with AVX512F only. */
SHA8_INLINE __m512i bswap64(__m512i x)
{
	x = _mm512_rol_epi64(x, 32);
	x = _mm512_rol_epi32(x, 16);
	return _mm512_ternarylogic_epi64(V1(0xff00ff00ff00ff00ull), _mm512_slli_epi64(x, 8), _mm512_srli_epi64(x, 8),
	                                 0xca);
}

/* c[k] = word k of every row r[0..7] (an 8x8 transpose of 64-bit words). */
SHA8_INLINE void transpose8(__m512i c[8], const __m512i r[8])
{
	__m512i t[8], u[8];
	for (int k = 0; k < 4; k++) {
		t[2 * k] = _mm512_unpacklo_epi64(r[2 * k], r[2 * k + 1]);     /* r0_0 r1_0 r0_2 r1_2 ... */
		t[2 * k + 1] = _mm512_unpackhi_epi64(r[2 * k], r[2 * k + 1]); /* r0_1 r1_1 r0_3 r1_3 ... */
	}
	for (int k = 0; k < 2; k++) {
		/* 128-bit pieces: 0x88 takes pieces 0, 2 of each source; 0xdd pieces 1, 3 */
		u[4 * k + 0] = _mm512_shuffle_i64x2(t[4 * k + 0], t[4 * k + 2], 0x88); /* words 0, 4 */
		u[4 * k + 1] = _mm512_shuffle_i64x2(t[4 * k + 0], t[4 * k + 2], 0xdd); /* words 2, 6 */
		u[4 * k + 2] = _mm512_shuffle_i64x2(t[4 * k + 1], t[4 * k + 3], 0x88); /* words 1, 5 */
		u[4 * k + 3] = _mm512_shuffle_i64x2(t[4 * k + 1], t[4 * k + 3], 0xdd); /* words 3, 7 */
	}
	c[0] = _mm512_shuffle_i64x2(u[0], u[4], 0x88);
	c[4] = _mm512_shuffle_i64x2(u[0], u[4], 0xdd);
	c[2] = _mm512_shuffle_i64x2(u[1], u[5], 0x88);
	c[6] = _mm512_shuffle_i64x2(u[1], u[5], 0xdd);
	c[1] = _mm512_shuffle_i64x2(u[2], u[6], 0x88);
	c[5] = _mm512_shuffle_i64x2(u[2], u[6], 0xdd);
	c[3] = _mm512_shuffle_i64x2(u[3], u[7], 0x88);
	c[7] = _mm512_shuffle_i64x2(u[3], u[7], 0xdd);
}

/* Every zmm register (zmm16-31, then VZEROALL for zmm0-15) and the mask
 * register k1-k7. */
SHA8_INLINE void clear_vector_state(void) { ECFK_AVX512_CLEAR_STATE(); }

/* The initial hash value H(0) of FIPS 180-4, 5.3.5. */
static const uint64_t IV[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
                               0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};

SHA8_TARGET void ecfk_sha512x8_block_avx512_ifma(uint64_t state[8][8], const uint8_t blocks[8][128], unsigned active,
                                                 int first)
{
	__m512i w[16], r[8], s[8];
	const __mmask8 m = (__mmask8)(active & 0xffu);
	/* words 0-7 of every lane, then words 8-15 */
	for (int half = 0; half < 2; half++) {
		for (int j = 0; j < 8; j++)
			r[j] = _mm512_loadu_si512((const void *)(blocks[j] + 64 * half));
		transpose8(w + 8 * half, r);
	}
	for (int i = 0; i < 16; i++)
		w[i] = bswap64(w[i]);
	for (int i = 0; i < 8; i++) /* first (public): H(0) on every lane, state not read */
		s[i] = first ? V1(IV[i]) : _mm512_loadu_si512((const void *)state[i]);
	__m512i a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
	ROUNDS16(0);
	for (int t = 16; t < 80; t += 16) {
		for (int i = 0; i < 16; i++)
			SCHEDULE(i);
		ROUNDS16(t);
	}
	s[0] = _mm512_mask_add_epi64(s[0], m, s[0], a);
	s[1] = _mm512_mask_add_epi64(s[1], m, s[1], b);
	s[2] = _mm512_mask_add_epi64(s[2], m, s[2], c);
	s[3] = _mm512_mask_add_epi64(s[3], m, s[3], d);
	s[4] = _mm512_mask_add_epi64(s[4], m, s[4], e);
	s[5] = _mm512_mask_add_epi64(s[5], m, s[5], f);
	s[6] = _mm512_mask_add_epi64(s[6], m, s[6], g);
	s[7] = _mm512_mask_add_epi64(s[7], m, s[7], h);
	for (int i = 0; i < 8; i++)
		_mm512_storeu_si512((void *)state[i], s[i]);
	clear_vector_state();
}

SHA8_TARGET void ecfk_sha512x8_digest_avx512_ifma(uint8_t out[8][64], const uint64_t state[8][8])
{
	__m512i s[8], d[8];
	for (int i = 0; i < 8; i++)
		s[i] = bswap64(_mm512_loadu_si512((const void *)state[i]));
	transpose8(d, s); /* d[j] = word 0..7 of lane j */
	for (int j = 0; j < 8; j++)
		_mm512_storeu_si512((void *)out[j], d[j]);
	clear_vector_state();
}
