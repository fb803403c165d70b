/*
 * The last step of every AVX-512 kernel: clear each register it may leave
 * lane data in (secret limbs, and masks made from secret bits): zmm16-31,
 * which VZEROALL does not touch, zmm0-15 (VZEROALL) and the mask registers
 * k1-k7. One asm statement, expanded inside each kernel's own inline
 * function (compiled under that file's target attribute).
 */
#ifndef ECFK_AVX512_CLEAR_H
#define ECFK_AVX512_CLEAR_H

#define ECFK_AVX512_CLEAR_STATE()                                                                                      \
	__asm__ volatile("vpxord %%zmm16, %%zmm16, %%zmm16\n\tvpxord %%zmm17, %%zmm17, %%zmm17\n\t"                    \
	                 "vpxord %%zmm18, %%zmm18, %%zmm18\n\tvpxord %%zmm19, %%zmm19, %%zmm19\n\t"                    \
	                 "vpxord %%zmm20, %%zmm20, %%zmm20\n\tvpxord %%zmm21, %%zmm21, %%zmm21\n\t"                    \
	                 "vpxord %%zmm22, %%zmm22, %%zmm22\n\tvpxord %%zmm23, %%zmm23, %%zmm23\n\t"                    \
	                 "vpxord %%zmm24, %%zmm24, %%zmm24\n\tvpxord %%zmm25, %%zmm25, %%zmm25\n\t"                    \
	                 "vpxord %%zmm26, %%zmm26, %%zmm26\n\tvpxord %%zmm27, %%zmm27, %%zmm27\n\t"                    \
	                 "vpxord %%zmm28, %%zmm28, %%zmm28\n\tvpxord %%zmm29, %%zmm29, %%zmm29\n\t"                    \
	                 "vpxord %%zmm30, %%zmm30, %%zmm30\n\tvpxord %%zmm31, %%zmm31, %%zmm31\n\t"                    \
	                 "vzeroall\n\t"                                                                                \
	                 "kxorw %%k1, %%k1, %%k1\n\tkxorw %%k2, %%k2, %%k2\n\tkxorw %%k3, %%k3, %%k3\n\t"              \
	                 "kxorw %%k4, %%k4, %%k4\n\tkxorw %%k5, %%k5, %%k5\n\tkxorw %%k6, %%k6, %%k6\n\t"              \
	                 "kxorw %%k7, %%k7, %%k7" ::                                                                   \
	                     : "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",         \
	                       "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "xmm16", "xmm17", "xmm18",        \
	                       "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25", "xmm26", "xmm27",        \
	                       "xmm28", "xmm29", "xmm30", "xmm31", "k1", "k2", "k3", "k4", "k5", "k6", "k7", "memory")

#endif
