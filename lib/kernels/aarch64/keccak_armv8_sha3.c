/*
 * Keccak-f[1600] (FIPS 202, 3.3, 24 rounds) with the Armv8.2 SHA-3
 * instructions, the same bits as the portable ecfi_keccak_f1600_portable.
 *
 * ecfk_keccak_f1600_armv8_sha3(uint64_t a[25])
 *   a: the state, lane (x, y) at a[x + 5y], host words.
 * Requires the SHA3 extension (HWCAP_SHA3): the caller checks
 * ECFI_KERNEL_ARMV8_SHA3. ACLE intrinsics; this file alone is compiled with
 * -march=armv8.2-a+sha3.
 *
 * Each lane in the low half of its own vector register (the high half is
 * a copy, never stored). One round:
 *   theta  c[x] = EOR3(EOR3(a[x], a[x+5], a[x+10]), a[x+15], a[x+20]),
 *          d[x] = RAX1(c[x-1], c[x+1]) = c[x-1] ^ rol(c[x+1], 1);
 *   rho+pi b[y, 2x+3y] = XAR(a[x, y], d[x], 64 - r[x, y]) = rol(a ^ d, r);
 *   chi    a[x] = BCAX(b[x], b[x+2], b[x+1]) = b[x] ^ (b[x+2] & ~b[x+1]);
 *   iota   a[0] ^= RC[round].
 * The offsets and the pi walk are those of the portable keccak.c.
 *
 * Constant time: straight-line but for the loop over the 24 rounds (public);
 * the state stays in vector registers (tools/check_sha_ni_ct.py checks the
 * object).
 */
#include <arm_neon.h>
#include <stdint.h>

#include "kernels/kernels.h"

/* b = rol(a ^ d, r), 0 <= r < 64. */
#define RHO(a, d, r) vxarq_u64((a), (d), (64 - (r)) & 63)

void ecfk_keccak_f1600_armv8_sha3(uint64_t s[25])
{
	uint64x2_t a0 = vld1q_dup_u64(s + 0), a1 = vld1q_dup_u64(s + 1), a2 = vld1q_dup_u64(s + 2),
	           a3 = vld1q_dup_u64(s + 3), a4 = vld1q_dup_u64(s + 4), a5 = vld1q_dup_u64(s + 5),
	           a6 = vld1q_dup_u64(s + 6), a7 = vld1q_dup_u64(s + 7), a8 = vld1q_dup_u64(s + 8),
	           a9 = vld1q_dup_u64(s + 9), a10 = vld1q_dup_u64(s + 10), a11 = vld1q_dup_u64(s + 11),
	           a12 = vld1q_dup_u64(s + 12), a13 = vld1q_dup_u64(s + 13), a14 = vld1q_dup_u64(s + 14),
	           a15 = vld1q_dup_u64(s + 15), a16 = vld1q_dup_u64(s + 16), a17 = vld1q_dup_u64(s + 17),
	           a18 = vld1q_dup_u64(s + 18), a19 = vld1q_dup_u64(s + 19), a20 = vld1q_dup_u64(s + 20),
	           a21 = vld1q_dup_u64(s + 21), a22 = vld1q_dup_u64(s + 22), a23 = vld1q_dup_u64(s + 23),
	           a24 = vld1q_dup_u64(s + 24);
	for (int round = 0; round < 24; round++) {
		/* theta */
		uint64x2_t c0 = veor3q_u64(veor3q_u64(a0, a5, a10), a15, a20);
		uint64x2_t c1 = veor3q_u64(veor3q_u64(a1, a6, a11), a16, a21);
		uint64x2_t c2 = veor3q_u64(veor3q_u64(a2, a7, a12), a17, a22);
		uint64x2_t c3 = veor3q_u64(veor3q_u64(a3, a8, a13), a18, a23);
		uint64x2_t c4 = veor3q_u64(veor3q_u64(a4, a9, a14), a19, a24);
		uint64x2_t d0 = vrax1q_u64(c4, c1), d1 = vrax1q_u64(c0, c2), d2 = vrax1q_u64(c1, c3),
		           d3 = vrax1q_u64(c2, c4), d4 = vrax1q_u64(c3, c0);
		/* rho and pi: b[y, 2x + 3y] = rot(a[x, y] ^ d[x], r[x, y]) */
		uint64x2_t b0 = veorq_u64(a0, d0);
		uint64x2_t b10 = RHO(a1, d1, 1);
		uint64x2_t b20 = RHO(a2, d2, 62);
		uint64x2_t b5 = RHO(a3, d3, 28);
		uint64x2_t b15 = RHO(a4, d4, 27);
		uint64x2_t b16 = RHO(a5, d0, 36);
		uint64x2_t b1 = RHO(a6, d1, 44);
		uint64x2_t b11 = RHO(a7, d2, 6);
		uint64x2_t b21 = RHO(a8, d3, 55);
		uint64x2_t b6 = RHO(a9, d4, 20);
		uint64x2_t b7 = RHO(a10, d0, 3);
		uint64x2_t b17 = RHO(a11, d1, 10);
		uint64x2_t b2 = RHO(a12, d2, 43);
		uint64x2_t b12 = RHO(a13, d3, 25);
		uint64x2_t b22 = RHO(a14, d4, 39);
		uint64x2_t b23 = RHO(a15, d0, 41);
		uint64x2_t b8 = RHO(a16, d1, 45);
		uint64x2_t b18 = RHO(a17, d2, 15);
		uint64x2_t b3 = RHO(a18, d3, 21);
		uint64x2_t b13 = RHO(a19, d4, 8);
		uint64x2_t b14 = RHO(a20, d0, 18);
		uint64x2_t b24 = RHO(a21, d1, 2);
		uint64x2_t b9 = RHO(a22, d2, 61);
		uint64x2_t b19 = RHO(a23, d3, 56);
		uint64x2_t b4 = RHO(a24, d4, 14);
		/* chi: a[x] = b[x] ^ (~b[x+1] & b[x+2]); iota on a[0] */
		a0 = veorq_u64(vbcaxq_u64(b0, b2, b1), vld1q_dup_u64(ecfi_keccak_rc + round));
		a1 = vbcaxq_u64(b1, b3, b2);
		a2 = vbcaxq_u64(b2, b4, b3);
		a3 = vbcaxq_u64(b3, b0, b4);
		a4 = vbcaxq_u64(b4, b1, b0);
		a5 = vbcaxq_u64(b5, b7, b6);
		a6 = vbcaxq_u64(b6, b8, b7);
		a7 = vbcaxq_u64(b7, b9, b8);
		a8 = vbcaxq_u64(b8, b5, b9);
		a9 = vbcaxq_u64(b9, b6, b5);
		a10 = vbcaxq_u64(b10, b12, b11);
		a11 = vbcaxq_u64(b11, b13, b12);
		a12 = vbcaxq_u64(b12, b14, b13);
		a13 = vbcaxq_u64(b13, b10, b14);
		a14 = vbcaxq_u64(b14, b11, b10);
		a15 = vbcaxq_u64(b15, b17, b16);
		a16 = vbcaxq_u64(b16, b18, b17);
		a17 = vbcaxq_u64(b17, b19, b18);
		a18 = vbcaxq_u64(b18, b15, b19);
		a19 = vbcaxq_u64(b19, b16, b15);
		a20 = vbcaxq_u64(b20, b22, b21);
		a21 = vbcaxq_u64(b21, b23, b22);
		a22 = vbcaxq_u64(b22, b24, b23);
		a23 = vbcaxq_u64(b23, b20, b24);
		a24 = vbcaxq_u64(b24, b21, b20);
	}
	vst1q_lane_u64(s + 0, a0, 0);
	vst1q_lane_u64(s + 1, a1, 0);
	vst1q_lane_u64(s + 2, a2, 0);
	vst1q_lane_u64(s + 3, a3, 0);
	vst1q_lane_u64(s + 4, a4, 0);
	vst1q_lane_u64(s + 5, a5, 0);
	vst1q_lane_u64(s + 6, a6, 0);
	vst1q_lane_u64(s + 7, a7, 0);
	vst1q_lane_u64(s + 8, a8, 0);
	vst1q_lane_u64(s + 9, a9, 0);
	vst1q_lane_u64(s + 10, a10, 0);
	vst1q_lane_u64(s + 11, a11, 0);
	vst1q_lane_u64(s + 12, a12, 0);
	vst1q_lane_u64(s + 13, a13, 0);
	vst1q_lane_u64(s + 14, a14, 0);
	vst1q_lane_u64(s + 15, a15, 0);
	vst1q_lane_u64(s + 16, a16, 0);
	vst1q_lane_u64(s + 17, a17, 0);
	vst1q_lane_u64(s + 18, a18, 0);
	vst1q_lane_u64(s + 19, a19, 0);
	vst1q_lane_u64(s + 20, a20, 0);
	vst1q_lane_u64(s + 21, a21, 0);
	vst1q_lane_u64(s + 22, a22, 0);
	vst1q_lane_u64(s + 23, a23, 0);
	vst1q_lane_u64(s + 24, a24, 0);
}
