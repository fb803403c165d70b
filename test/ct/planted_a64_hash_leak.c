/* Planted violation for tools/check_sha_ni_ct.py's AArch64 rules (test
 * 'a64_hash_ct_planted'): an Armv8-SHA2-style function that moves a data word
 * from a vector lane into a general register and uses it as a table index.
 * The check must reject it. Never linked into anything. */
#include <arm_neon.h>
#include <stddef.h>
#include <stdint.h>

void planted_a64_hash_leak(uint32_t state[8], const uint8_t *p, size_t nblocks);

void planted_a64_hash_leak(uint32_t state[8], const uint8_t *p, size_t nblocks)
{
	static const uint32_t table[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	uint32x4_t s = vld1q_u32(state);
	while (nblocks--) {
		uint32x4_t m = vld1q_u32((const uint32_t *)p);
		s = vsha256su0q_u32(s, m);
		state[4] += table[vgetq_lane_u32(m, 0) & 15]; /* secret index */
		p += 64;
	}
	vst1q_u32(state, s);
}
