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

/* Lanes where m is all ones: b, else a (m all ones or all zeros per lane). */
IFMA_INLINE void ladder_select(fe8 *r, const fe8 *a, const fe8 *b, __m512i m)
{
	for (int i = 0; i < 5; i++)
		r->l[i] = _mm512_ternarylogic_epi64(m, b->l[i], a->l[i], 0xca);
}

/* One doubling of the ladder: (x2 : z2) = 2 (x : z), the doubling half of
 * the step below, the same operations in the same order (AA, BB,
 * E = AA - BB, z2 = E (BB + 121666 E), x2 = AA BB). x in UB if in_ub (the
 * loop's x2), else in U or T; z in U or T; z2 in U, x2 in UB if out_ub (for
 * the loop), else in U. */
IFMA_INLINE void ladder_double(fe8 *x2, fe8 *z2, const fe8 *x, const fe8 *z, int in_ub, int out_ub)
{
	fe8 a, b, aa, bb, e, t;
	fe8_add_m(&a, x, z);
	if (in_ub)
		fe8_sub_mb(&b, x, z);
	else
		fe8_sub_m(&b, x, z);
	fe8_sqr(&aa, &a);
	fe8_sqr(&bb, &b);
	fe8_sub_m(&e, &aa, &bb);
	fe8_mul_small_add_m(&t, &e, 121666, &bb); /* a24 + 1 */
	if (out_ub)
		fe8_mul_ub(x2, &aa, &bb);
	else
		fe8_mul_u(x2, &aa, &bb);
	fe8_mul_u(z2, &e, &t);
}

/* The ladder of RFC 7748 section 5 on eight lanes. Gives x2 and z2 (the
 * projective u of the result, z2 = 0 for the point at infinity) canonical,
 * as words: the caller divides (x25519_batch.c, one inversion for many
 * lanes by Montgomery's trick). (u = 9, the public keys, is the fixed-base
 * multiplication of ed25519x8_avx512_ifma.c: 3 times faster.)
 *
 * The bits it reads. A clamped scalar has bit 254 set and bits 2..0 clear,
 * for every key (public), so, as the single call does (x25519.c,
 * LADDER_LOW):
 *   - bit 254: RFC 7748's first step (bit 1 from (1 : 0), (u : 1)) leaves
 *     (x2 : z2) = 2P = ladder_double(u, 1) and (x3 : z3) = P = (u : 1), with
 *     the swap pending (prev = 1): the loop starts there, at bit 253;
 *   - bits 253..3: the steps below;
 *   - bits 2..0: after the last swap, three steps on a zero bit, which only
 *     double (x2 : z2) (the differential addition's result is dropped):
 *     three ladder_double.
 * So the clamp itself is never computed: bits 255, 254 and 2..0 of the
 * input are not read.
 *
 * No swap inside the loop: RFC 7748 swaps (x2, z2) and (x3, z3) before each
 * step when the bit differs from the previous one. The differential
 * addition does not need it: swapping the pairs exchanges DA and CB, which
 * leaves (DA + CB)^2 as it is (the same limbs: add is commutative) and
 * (DA - CB)^2 the same mod p. Only the doubling's sum and difference are
 * selected, (A, B) or (C, D), by the swap mask; the pairs stay where they
 * are, and the last swap of RFC 7748 becomes a select of (x2, z2). The
 * representatives may differ from the swapped ladder's; the canonical
 * output does not.
 *
 * The lazy ranges (p25519x8_avx512_ifma.h). z2 and z3 are kept in U, x2
 * and x3 in UB (U + 16p): every product whose only uses are add and sub
 * (DA, CB, (DA + CB)^2, x1 (DA - CB)^2, AA BB, E (BB + 121666 E)) skips the
 * carry chain, which the add and sub do anyway; those that are the first
 * operand of a difference (DA, (DA + CB)^2 = x3, AA BB = x2) carry 16p in
 * their columns from the start, so that the difference (fe8_sub_mb) only
 * subtracts. AA and BB feed a multiplication and a difference, so they are
 * carried (T); (DA - CB)^2 feeds only x1's product: carried without the
 * masks (M). Every sum and difference feeds only products and selects: M
 * (no masks), and so does BB + 121666 E (fe8_mul_small_add_m: BB's limbs
 * start the columns). At the start x3 = x1 + 16p (UB) and the doubling
 * gives x2 in UB; after the loop the first of the three doublings takes x2
 * in UB, and they give x2 and z2 in U, carried to T for the encoding.
 *
 * The order of the step (the addition's sum and difference before the
 * doubling's squarings, the four squarings interleaved, the doubling's
 * multiplications last) was the fastest of the orders tried: about 4%
 * faster than RFC 7748's order here (docs/curve25519.md). What limits the
 * loop is the vector pipes, not the dependencies: 490 VPMADD52 per step at
 * one per cycle, and 267 adds, shifts, ANDs and selects beside them (gcc 12;
 * 517 and 305 before the changes of docs/benchmarks.md, issue 23, wip/
 * x25519b); interleaving two products in the source, one accumulator per
 * term in the reductions, and 11 instead of 15 multiply-adds per reduction
 * (a carry chain over columns 5..8 first, with masks) were all slower, and
 * so was (wip/x25519b) running two groups of eight with their steps
 * alternating (to fill the wait at each step's start: 1.00x). */
IFMA_INLINE void ladder8(__m512i xw[4], __m512i zw[4], const uint8_t scalar[8][32], const uint8_t u[8][32])
{
	__m512i k[4], w[4];
	load_lanes(k, scalar);
	fe8 x1, x2, z2, x3, z3;
	load_lanes(w, u);
	fe8_from_words(&x1, w);
	for (int i = 0; i < 5; i++)
		z3.l[i] = V(i == 0);
	ladder_double(&x2, &z2, &x1, &z3, 0, 1); /* bit 254 */
	/* x3 = x1 + 16p: UB (x1 is in T) */
	x3.l[0] = ADD(x1.l[0], V(P16_0));
	for (int i = 1; i < 4; i++)
		x3.l[i] = ADD(x1.l[i], V(P16_1));
	x3.l[4] = ADD(x1.l[4], V(P16_4));
	const __m512i one = V(1), zero = _mm512_setzero_si512();
	__m512i prev = one;
	for (int i = 253; i >= 3; i--) {
		const __m512i bit = AND(_mm512_srl_epi64(k[i >> 6], _mm_cvtsi32_si128(i & 63)), one);
		const __m512i swap = SUB(zero, _mm512_xor_si512(bit, prev));
		prev = bit;
		fe8 a, b, c, d, da, cb, aa, bb, e, t;
		fe8_add_m(&a, &x2, &z2);
		fe8_sub_mb(&b, &x2, &z2);
		fe8_add_m(&c, &x3, &z3);
		fe8_sub_mb(&d, &x3, &z3);
		fe8_mul_ub(&da, &d, &a);
		fe8_mul_u(&cb, &c, &b);
		ladder_select(&a, &a, &c, swap); /* the doubling's pair */
		ladder_select(&b, &b, &d, swap);
		fe8_add_m(&c, &da, &cb);
		fe8_sub_mb(&d, &da, &cb);
		fe8_sqr(&aa, &a);
		fe8_sqr_m(&z3, &d);
		fe8_sqr(&bb, &b);
		fe8_sqr_ub(&x3, &c);
		fe8_mul_u(&z3, &z3, &x1);
		fe8_sub_m(&e, &aa, &bb);
		fe8_mul_small_add_m(&t, &e, 121666, &bb); /* a24 + 1: z2 = e (bb + 121666 e) */
		fe8_mul_ub(&x2, &aa, &bb);
		fe8_mul_u(&z2, &e, &t);
	}
	const __m512i swap = SUB(zero, prev);
	ladder_select(&x2, &x2, &x3, swap);
	ladder_select(&z2, &z2, &z3, swap);
	for (int i = 0; i < 3; i++) /* bits 2..0 */
		ladder_double(&x2, &z2, &x2, &z2, i == 0, 0);
	fe8_carry(&x2);
	fe8_carry(&z2);
	fe8_freeze(&x2, &x2);
	fe8_freeze(&z2, &z2);
	fe8_to_words(xw, &x2);
	fe8_to_words(zw, &z2);
}

IFMA_TARGET void ecfk_x25519_ladder8_avx512_ifma(uint8_t x[8][32], uint8_t z[8][32], const uint8_t scalar[8][32],
                                                 const uint8_t u[8][32])
{
	__m512i xw[4], zw[4];
	ladder8(xw, zw, scalar, u);
	store_lanes(x, xw);
	store_lanes(z, zw);
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

/* The ladder's lazy operations (ranges U, UB and M of
 * p25519x8_avx512_ifma.h), one entry each, for test_ifma25519's bounds. */
#define LAZY_ENTRY(name, call)                                                                                         \
	IFMA_TARGET void ecfk_p25519x8_##name##_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8],                  \
	                                                    const uint64_t b[5][8])                                    \
	{                                                                                                              \
		fe8 x, y;                                                                                              \
		fe8_load(&x, a);                                                                                       \
		fe8_load(&y, b);                                                                                       \
		call;                                                                                                  \
		(void)y;                                                                                               \
		fe8_store(r, &x);                                                                                      \
	}
LAZY_ENTRY(mul_u, fe8_mul_u(&x, &x, &y))
LAZY_ENTRY(sqr_u, fe8_sqr_u(&x, &x))
LAZY_ENTRY(sqr_m, fe8_sqr_m(&x, &x))
LAZY_ENTRY(mul_ub, fe8_mul_ub(&x, &x, &y))
LAZY_ENTRY(sqr_ub, fe8_sqr_ub(&x, &x))
LAZY_ENTRY(add_m, fe8_add_m(&x, &x, &y))
LAZY_ENTRY(sub_m, fe8_sub_m(&x, &x, &y))
LAZY_ENTRY(sub_mb, fe8_sub_mb(&x, &x, &y))
LAZY_ENTRY(mul121666_add_m, fe8_mul_small_add_m(&x, &x, 121666, &y))
#undef LAZY_ENTRY
