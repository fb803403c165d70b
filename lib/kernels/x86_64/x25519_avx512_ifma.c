/*
 * X25519 on eight lanes with AVX-512 IFMA (declarations and contract:
 * x25519_avx512_ifma.h). Intrinsics in functions compiled for AVX512F,
 * AVX512IFMA and AVX512VL only (target attribute), so the rest of the library
 * stays baseline x86-64; they are called, not inlined, from baseline code.
 * The field (five 52-bit limbs per lane, the ranges each operation takes and
 * gives, and their bounds) is p25519x8_avx512_ifma.h.
 *
 * Constant time: straight-line vector code; the only branches are loops over
 * public counts (the bit index of the ladder, the inversion's squarings), the
 * only addresses the arguments, the stack and constants; the scalar bit of a
 * lane becomes an all-ones or all-zero lane mask (shift, AND, subtract) and
 * the conditional swap is VPTERNLOGQ (no mask registers). No instruction moves
 * data from a vector register to a general register or the flags: that is
 * what tools/check_ifma_ct.py checks on the object. IFMA, shifts, logic and
 * adds have data-independent latency. Before returning, the kernels clear
 * every zmm register they may have used (zmm16-31 explicitly, then
 * VZEROALL); their stack is wiped by the caller (ecfi_wipe_stack).
 */
#include "kernels/x86_64/x25519_avx512_ifma.h"

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/x86_64/p25519x8_avx512_ifma.h"

/* The ladder of RFC 7748 section 5 on eight lanes. Returns x2 / z2
 * canonical, as words. (u = 9, the public keys, is the fixed-base
 * multiplication of ed25519x8_avx512_ifma.c: 3 times faster.) */
IFMA_INLINE void ladder8(__m512i res[4], const uint8_t scalar[8][32], const uint8_t u[8][32])
{
	__m512i k[4], w[4];
	load_lanes(k, scalar);
	/* clamp: bits 0-2 and 255 cleared, bit 254 set */
	k[0] = AND(k[0], V(~7ull));
	k[3] = OR(AND(k[3], V(~(1ull << 63))), V(1ull << 62));
	fe8 x1, x2, z2, x3, z3;
	load_lanes(w, u);
	fe8_from_words(&x1, w);
	for (int i = 0; i < 5; i++) {
		x2.l[i] = z3.l[i] = V(i == 0);
		z2.l[i] = _mm512_setzero_si512();
		x3.l[i] = x1.l[i];
	}
	const __m512i one = V(1), zero = _mm512_setzero_si512();
	__m512i prev = zero;
	for (int i = 254; i >= 0; i--) {
		const __m512i bit = AND(_mm512_srl_epi64(k[i >> 6], _mm_cvtsi32_si128(i & 63)), one);
		const __m512i swap = SUB(zero, _mm512_xor_si512(bit, prev));
		prev = bit;
		fe8_cswap(&x2, &x3, swap);
		fe8_cswap(&z2, &z3, swap);
		fe8 a, b, c, d, da, cb, aa, bb, e, t;
		fe8_add(&a, &x2, &z2);
		fe8_sub(&b, &x2, &z2);
		fe8_add(&c, &x3, &z3);
		fe8_sub(&d, &x3, &z3);
		fe8_mul(&da, &d, &a);
		fe8_mul(&cb, &c, &b);
		fe8_sqr(&aa, &a);
		fe8_sqr(&bb, &b);
		fe8_add(&t, &da, &cb);
		fe8_sqr(&x3, &t);
		fe8_sub(&t, &da, &cb);
		fe8_sqr(&z3, &t);
		fe8_mul(&z3, &z3, &x1);
		fe8_sub(&e, &aa, &bb);
		fe8_mul(&x2, &aa, &bb);
		fe8_mul_small(&t, &e, 121666); /* a24 + 1: z2 = e (bb + 121666 e) */
		fe8_add(&t, &t, &bb);
		fe8_mul(&z2, &e, &t);
	}
	const __m512i swap = SUB(zero, prev);
	fe8_cswap(&x2, &x3, swap);
	fe8_cswap(&z2, &z3, swap);
	fe8_inv(&z2, &z2); /* 1/0 = 0: the point at infinity gives u = 0 */
	fe8_mul(&x2, &x2, &z2);
	fe8_freeze(&x2, &x2);
	fe8_to_words(res, &x2);
}

IFMA_TARGET void ecfk_x25519_ladder8_avx512_ifma(uint8_t out[8][32], uint64_t nonzero[8], const uint8_t scalar[8][32],
                                                 const uint8_t u[8][32])
{
	__m512i w[4];
	ladder8(w, scalar, u);
	/* nonzero: 1 where some word is not 0 ((x | -x) >> 63) */
	const __m512i x = OR(OR(w[0], w[1]), OR(w[2], w[3]));
	_mm512_storeu_si512((void *)nonzero, SHR(OR(x, SUB(_mm512_setzero_si512(), x)), 63));
	store_lanes(out, w);
	clear_vector_registers();
}

/* ---- The field operations for the tests (a[limb][lane]). ---- */

/* in: 32 little-endian bytes per lane, bit 255 ignored -> T. */
IFMA_TARGET void ecfk_p25519x8_from_bytes_avx512_ifma(uint64_t r[5][8], const uint8_t in[8][32])
{
	__m512i w[4];
	fe8 a;
	load_lanes(w, in);
	fe8_from_words(&a, w);
	fe8_store(r, &a);
}

/* a in T -> its canonical encoding. */
IFMA_TARGET void ecfk_p25519x8_to_bytes_avx512_ifma(uint8_t out[8][32], const uint64_t a[5][8])
{
	__m512i w[4];
	fe8 x;
	fe8_load(&x, a);
	fe8_freeze(&x, &x);
	fe8_to_words(w, &x);
	store_lanes(out, w);
}

IFMA_TARGET void ecfk_p25519x8_mul_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8])
{
	fe8 x, y;
	fe8_load(&x, a);
	fe8_load(&y, b);
	fe8_mul(&x, &x, &y);
	fe8_store(r, &x);
}

IFMA_TARGET void ecfk_p25519x8_sqr_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8])
{
	fe8 x;
	fe8_load(&x, a);
	fe8_sqr(&x, &x);
	fe8_store(r, &x);
}

IFMA_TARGET void ecfk_p25519x8_add_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8])
{
	fe8 x, y;
	fe8_load(&x, a);
	fe8_load(&y, b);
	fe8_add(&x, &x, &y);
	fe8_store(r, &x);
}

IFMA_TARGET void ecfk_p25519x8_sub_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8])
{
	fe8 x, y;
	fe8_load(&x, a);
	fe8_load(&y, b);
	fe8_sub(&x, &x, &y);
	fe8_store(r, &x);
}

IFMA_TARGET void ecfk_p25519x8_mul121666_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8])
{
	fe8 x;
	fe8_load(&x, a);
	fe8_mul_small(&x, &x, 121666);
	fe8_store(r, &x);
}

IFMA_TARGET void ecfk_p25519x8_inv_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8])
{
	fe8 x;
	fe8_load(&x, a);
	fe8_inv(&x, &x);
	fe8_store(r, &x);
}
