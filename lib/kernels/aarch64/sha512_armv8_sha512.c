/*
 * SHA-512 compression with the Armv8.2 SHA-512 instructions:
 *   state := the chaining value after absorbing nblocks 128-byte blocks of p
 * (FIPS 180-4, 6.4.2), the same bits as the portable ecfi_sha512_blocks_portable.
 *
 * ecfk_sha512_blocks_armv8_sha512(uint64_t state[8], const uint8_t *p, size_t nblocks)
 *   state: H0..H7 as host words; p: any alignment; nblocks may be 0.
 * Requires the SHA512 extension (HWCAP_SHA512): the caller checks
 * ECFI_KERNEL_ARMV8_SHA512. ACLE intrinsics; this file alone is compiled with
 * -march=armv8.2-a+sha3 (which has the SHA-512 instructions).
 *
 * Layout: the state as four vectors in memory order, ab = {A, B} (A in lane
 * 0), cd, ef, gh. Two rounds t, t + 1 (K and W of both in kw = {KW[t],
 * KW[t+1]}, KW = K + W):
 *   SHA512H  (vsha512hq_u64(x, {F, G}, {D, E})), x = {G + KW[t+1], H + KW[t]}:
 *            the T1 of both rounds, {T1[t+1], T1[t]} (without D, C);
 *   new EF = CD + that;
 *   SHA512H2 (vsha512h2q_u64(t1, CD, AB)): new AB = {A[t+2], A[t+1]};
 *   new CD = old AB, new GH = old EF.
 * The schedule for t >= 16, two words at a time (m_i = W[t..t+1]):
 *   m_i = SU1(SU0(W[t-16..t-15], W[t-14..t-13]), W[t-2..t-1], W[t-7..t-6]).
 *
 * Constant time: no branch or address depends on the state or the data (the
 * only branch is the loop over the public block count); state and message
 * stay in vector registers (tools/check_sha_ni_ct.py checks the object).
 */
#include <arm_neon.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/kernels.h"

/* Rounds t = 2i, 2i + 1 on m = W[t..t+1]. */
#define ROUND2(i, m)                                                                                                   \
	do {                                                                                                           \
		uint64x2_t kw_ = vaddq_u64((m), vld1q_u64(kp + 2 * (i)));                                              \
		uint64x2_t fg_ = vextq_u64(ef, gh, 1), de_ = vextq_u64(cd, ef, 1);                                     \
		uint64x2_t t1_ = vsha512hq_u64(vaddq_u64(gh, vextq_u64(kw_, kw_, 1)), fg_, de_);                       \
		uint64x2_t ab_ = vsha512h2q_u64(t1_, cd, ab);                                                          \
		gh = ef;                                                                                               \
		ef = vaddq_u64(cd, t1_);                                                                               \
		cd = ab;                                                                                               \
		ab = ab_;                                                                                              \
	} while (0)

/* m0 := W[t..t+1] from m0 = W[t-16..], m1 = W[t-14..], m4 = W[t-8..], m5 = W[t-6..], m7 = W[t-2..]. */
#define SCHEDULE(m0, m1, m4, m5, m7) (m0 = vsha512su1q_u64(vsha512su0q_u64((m0), (m1)), (m7), vextq_u64((m4), (m5), 1)))

/* Sixteen rounds from group g (t = 16g ..), with the schedule first when
 * sched is 1. */
#define ROUNDS16(g, sched)                                                                                             \
	do {                                                                                                           \
		if (sched)                                                                                             \
			SCHEDULE(m0, m1, m4, m5, m7);                                                                  \
		ROUND2(8 * (g), m0);                                                                                   \
		if (sched)                                                                                             \
			SCHEDULE(m1, m2, m5, m6, m0);                                                                  \
		ROUND2(8 * (g) + 1, m1);                                                                               \
		if (sched)                                                                                             \
			SCHEDULE(m2, m3, m6, m7, m1);                                                                  \
		ROUND2(8 * (g) + 2, m2);                                                                               \
		if (sched)                                                                                             \
			SCHEDULE(m3, m4, m7, m0, m2);                                                                  \
		ROUND2(8 * (g) + 3, m3);                                                                               \
		if (sched)                                                                                             \
			SCHEDULE(m4, m5, m0, m1, m3);                                                                  \
		ROUND2(8 * (g) + 4, m4);                                                                               \
		if (sched)                                                                                             \
			SCHEDULE(m5, m6, m1, m2, m4);                                                                  \
		ROUND2(8 * (g) + 5, m5);                                                                               \
		if (sched)                                                                                             \
			SCHEDULE(m6, m7, m2, m3, m5);                                                                  \
		ROUND2(8 * (g) + 6, m6);                                                                               \
		if (sched)                                                                                             \
			SCHEDULE(m7, m0, m3, m4, m6);                                                                  \
		ROUND2(8 * (g) + 7, m7);                                                                               \
	} while (0)

/* Big-endian 64-bit words. */
#define LOAD_BE64X2(q) vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(q)))

void ecfk_sha512_blocks_armv8_sha512(uint64_t state[8], const uint8_t *p, size_t nblocks)
{
	uint64x2_t ab = vld1q_u64(state), cd = vld1q_u64(state + 2), ef = vld1q_u64(state + 4),
	           gh = vld1q_u64(state + 6);
	while (nblocks--) {
		const uint64x2_t ab0 = ab, cd0 = cd, ef0 = ef, gh0 = gh;
		/* The round constants are read in the loop: an empty asm hides
		 * that kp is invariant, else the compiler hoists all 40 vectors
		 * out of it and spills them to the stack (with x29 saved). */
		const uint64_t *kp = ecfi_sha512_k;
		__asm__ volatile("" : "+r"(kp));
		uint64x2_t m0 = LOAD_BE64X2(p), m1 = LOAD_BE64X2(p + 16), m2 = LOAD_BE64X2(p + 32),
		           m3 = LOAD_BE64X2(p + 48), m4 = LOAD_BE64X2(p + 64), m5 = LOAD_BE64X2(p + 80),
		           m6 = LOAD_BE64X2(p + 96), m7 = LOAD_BE64X2(p + 112);
		ROUNDS16(0, 0);
		ROUNDS16(1, 1);
		ROUNDS16(2, 1);
		ROUNDS16(3, 1);
		ROUNDS16(4, 1);
		ab = vaddq_u64(ab, ab0);
		cd = vaddq_u64(cd, cd0);
		ef = vaddq_u64(ef, ef0);
		gh = vaddq_u64(gh, gh0);
		p += 128;
	}
	vst1q_u64(state, ab);
	vst1q_u64(state + 2, cd);
	vst1q_u64(state + 4, ef);
	vst1q_u64(state + 6, gh);
}
