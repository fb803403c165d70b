/*
 * Sixteen rounds of the SHA-2 compression with the eight working variables
 * rotated by name instead of moved: round i of a pass computes into the
 * variable that round i - 1 called g, and after 16 rounds the names are back
 * in place. The includer defines ROUND(a, b, c, d, e, f, g, h, t, i) (round
 * t + i on words of its own type and width) before using SHA2_ROUNDS16.
 * Shared by the scalar compression (lib/hash/sha2_impl.h) and the 8-lane
 * SHA-512 kernel (lib/kernels/x86_64/sha512x8_avx512.c).
 */
#ifndef ECFI_SHA2_ROUNDS16_H
#define ECFI_SHA2_ROUNDS16_H

#define SHA2_ROUNDS16(t)                                                                                               \
	do {                                                                                                           \
		ROUND(a, b, c, d, e, f, g, h, t, 0);                                                                   \
		ROUND(h, a, b, c, d, e, f, g, t, 1);                                                                   \
		ROUND(g, h, a, b, c, d, e, f, t, 2);                                                                   \
		ROUND(f, g, h, a, b, c, d, e, t, 3);                                                                   \
		ROUND(e, f, g, h, a, b, c, d, t, 4);                                                                   \
		ROUND(d, e, f, g, h, a, b, c, t, 5);                                                                   \
		ROUND(c, d, e, f, g, h, a, b, t, 6);                                                                   \
		ROUND(b, c, d, e, f, g, h, a, t, 7);                                                                   \
		ROUND(a, b, c, d, e, f, g, h, t, 8);                                                                   \
		ROUND(h, a, b, c, d, e, f, g, t, 9);                                                                   \
		ROUND(g, h, a, b, c, d, e, f, t, 10);                                                                  \
		ROUND(f, g, h, a, b, c, d, e, t, 11);                                                                  \
		ROUND(e, f, g, h, a, b, c, d, t, 12);                                                                  \
		ROUND(d, e, f, g, h, a, b, c, t, 13);                                                                  \
		ROUND(c, d, e, f, g, h, a, b, t, 14);                                                                  \
		ROUND(b, c, d, e, f, g, h, a, t, 15);                                                                  \
	} while (0)

#endif
