/*
 * GF(2^255 - 19) on eight lanes with AVX-512 IFMA, radix 2^52: static inline
 * functions for the kernels of the avx512_ifma tier that work in this field
 * (x25519_avx512_ifma.c: the X25519 ladder; ed25519x8_avx512_ifma.c:
 * edwards25519), so that the field is written once. Include it only from a
 * file of such kernels: every function is compiled for AVX512F, AVX512IFMA
 * and AVX512VL (IFMA_TARGET) and must be called only from functions with the
 * same target, after the caller has checked the tier (ECFI_KERNEL_AVX512_IFMA).
 * The short macro names (V, LO, HI, ADD, ...) are part of what it gives.
 *
 * The field. An element is five __m512i limbs l0..l4, lane j of limb i the
 * i-th 52-bit digit of lane j's value v = sum l_i 2^(52 i). VPMADD52LUQ and
 * VPMADD52HUQ multiply the LOW 52 BITS of their two operands: every limb fed
 * to a multiplication must be < 2^52, or bits are silently lost. Two ranges:
 *
 *   L (loose): l0..l4 < 2^52                    (v < 2^260)
 *   T (tight): l0..l3 < 2^52, l4 < 2^48         (v < 2^256)
 *
 * T is inside L. What each operation takes and gives:
 *
 *   mul(a, b), sqr(a):     a, b in L         -> T
 *   mul_small(a, s):       a in L, s < 2^17  -> T
 *   add(a, b):             a, b in T         -> L (l4 < 2^49 + 2)
 *   sub(a, b) = a+16p-b:   a, b in T         -> L (l4 < 2^51 + 2^48 + 2^5)
 *   freeze(a):             a in T            -> the canonical value, < p
 *
 * and the ladder's lazy forms (x25519_avx512_ifma.c), argued where they are
 * defined below:
 *
 *   mul_u, sqr_u:          a, b in L or M    -> U (no carry chain)
 *   mul_ub, sqr_ub:        a, b in L or M    -> UB = U + 16p, limb by limb
 *   sqr_m:                 a in L or M       -> M (T read mod 2^52)
 *   add_m(a, b):           a in T, U or UB, b in T or U -> M
 *   sub_m(a, b):           a, b in T or U    -> M
 *   sub_mb(a, b) = a - b:  a in UB, b in T or U -> M
 *   mul_small_add_m(a, s, b) = s a + b: a in L or M, b in T -> M (T mod 2^52)
 *
 * M is a value whose limbs 0..3 are read mod 2^52, only by VPMADD52 (the
 * operands of mul, sqr, mul_small) or passed on by a bitwise select.
 *
 * so any mul/sqr output may go into add and sub, and any add/sub output into
 * mul, sqr and mul_small: the ladder step needs no other carry. The bounds,
 * for mul (sqr doubles the cross products, which gives the same column
 * bounds; columns are 64-bit lanes, never near 2^64):
 *
 *   1. Products. lo(a_i b_j) (bits 0-51 of the 104-bit product) goes to column
 *      i+j, hi (bits 52-103) to column i+j+1; each is < 2^52. Column k holds
 *      at most 5 lo and 4 hi parts (k = 4) or 4 lo and 5 hi (k = 5): every
 *      c_k < 9 * 2^52 < 2^56; c9 = hi(a4 b4) < 2^52.
 *   2. Column 9 (weight 2^468 = 2^260 2^208, 2^260 = 608 mod p): 608 c9 is
 *      added as lo(c9 * 608) to c4 and hi(c9 * 608) to c5 (c9 < 2^52 is a
 *      whole IFMA operand). c4 < 10 * 2^52.
 *   3. The top of column 4: t = c4 >> 47 (< 2^13) is worth 2^255 = 19 mod p:
 *      c4 &= 2^47 - 1, c0 += 19 t (< 2^18). From here only small terms reach
 *      c4, so the final carry chain ends in l4 < 2^48 with nothing to wrap.
 *   4. Columns 5..8 (608 c_k goes to column k-5 as lo(c_k 608) and to column
 *      k-4 as hi(c_k 608), < 2^10; IFMA reads only the low 52 bits of c_k):
 *      4a. first their bits above 52 are carried up, c6 += c5 >> 52,
 *          c7 += c6 >> 52, c8 += c7 >> 52 (c5 < 9 2^52 + 2^10, c6 < 7 2^52,
 *          c7 < 5 2^52, c8 < 3 2^52 from the products' counts, plus the
 *          carries: c5 >> 52 < 10, c6 >> 52 < 8, c7 >> 52 < 6, c8 >> 52 < 4);
 *          column 8's bits above 52 are worth 2^468 = 608 2^208:
 *          lo((c8 >> 52) 608) (< 2^12, exact) to c4;
 *      4b. then lo and hi of c_k 608 for k = 5..8: two IFMA per column (12
 *          in the reduction, where folding each column's bits above 52 by a
 *          third IFMA took 15). Now c0 < 2^53 + 2^18, c1 < 2^54 + 2^10,
 *          c2 < 2^55, c3 < 2^55 + 2^10, c4 < 2^47 + 2^12 + 2^10.
 *   5. Carry chain c0 -> c1 -> c2 -> c3 -> c4 (shift by 52, mask): l0..l3 <
 *      2^52, each carry < 2^5, l4 < 2^47 + 2^13 < 2^48: T.
 *
 * add: limbs < 2^53 (l4 < 2^49), then the chain: l0..l3 < 2^52, l4 < 2^49 + 2.
 * sub: a + 16p - b with 16p as the limbs (16 (2^52 - 19), 16 (2^52 - 1) x 3,
 *      16 (2^47 - 1)): every limb of 16p is >= the same limb of any b in T
 *      (l4 < 2^48 <= 2^51 - 16), so no lane goes negative; limbs < 2^57, the
 *      chain: carries < 2^5, l4 < 2^48 + 2^51 + 2^5 < 2^52: L.
 * mul_small: lo(a_i s) to column i, hi (< 2^17) to column i+1; c5 < 2^17 is
 *      folded as lo(c5 608) into c0 (< 2^27: exact), then steps 3 and 5 as
 *      above (c4 < 2^52 + 2^17, t < 2^6): T.
 *
 * Constant time: every function is straight-line vector code (the loops
 * count public constants), whose only addresses are its pointer arguments;
 * selects are VPTERNLOGQ blends under all-ones/all-zero lane masks. No
 * instruction moves lane data to a general register or the flags.
 */
#ifndef ECFI_P25519X8_AVX512_IFMA_H
#define ECFI_P25519X8_AVX512_IFMA_H

#include <immintrin.h>

#include "kernels/x86_64/avx512_clear.h"
#include <stdint.h>

#define IFMA_TARGET __attribute__((target("avx512f,avx512ifma,avx512vl")))
#define IFMA_INLINE static inline __attribute__((always_inline)) IFMA_TARGET
/* mul, sqr and inv inlined (the object check needs the pointers in
 * registers), except with AddressSanitizer (the asan job, the fuzzers), where
 * the fully inlined instrumented file took clang -O3 about 90 s of CPU to
 * compile; the object check does not run on those builds. */
#if defined(__SANITIZE_ADDRESS__)
#define IFMA_ASAN_ 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define IFMA_ASAN_ 1
#endif
#endif
#ifdef IFMA_ASAN_
#define IFMA_BIG static __attribute__((noinline)) IFMA_TARGET
#else
#define IFMA_BIG IFMA_INLINE
#endif

typedef struct {
	__m512i l[5];
} fe8;

#define M52 ((1ull << 52) - 1)
#define M47 ((1ull << 47) - 1)

#define V(x) _mm512_set1_epi64((long long)(x))
#define LO(acc, x, y) _mm512_madd52lo_epu64((acc), (x), (y))
#define HI(acc, x, y) _mm512_madd52hi_epu64((acc), (x), (y))
#define SHR(x, n) _mm512_srli_epi64((x), (n))
#define SHL(x, n) _mm512_slli_epi64((x), (n))
#define AND(x, y) _mm512_and_si512((x), (y))
#define OR(x, y) _mm512_or_si512((x), (y))
#define ADD(x, y) _mm512_add_epi64((x), (y))
#define SUB(x, y) _mm512_sub_epi64((x), (y))

/* Step 5: the carry chain c0 -> c4 (c0..c3 masked to 52 bits). */
#define CARRY_CHAIN(c0, c1, c2, c3, c4, m52)                                                                           \
	do {                                                                                                           \
		c1 = ADD(c1, SHR(c0, 52));                                                                             \
		c0 = AND(c0, m52);                                                                                     \
		c2 = ADD(c2, SHR(c1, 52));                                                                             \
		c1 = AND(c1, m52);                                                                                     \
		c3 = ADD(c3, SHR(c2, 52));                                                                             \
		c2 = AND(c2, m52);                                                                                     \
		c4 = ADD(c4, SHR(c3, 52));                                                                             \
		c3 = AND(c3, m52);                                                                                     \
	} while (0)

/* The carry chain without the masks: c0..c3 keep their bits above 52,
 * which were carried into the next limb. The range M: a value whose limbs
 * taken mod 2^52 (l4 as it is) are in L, and which only VPMADD52 reads
 * (an operand of mul, sqr, mul_small: they read the low 52 bits of each
 * limb, nothing else) or a bitwise select passes on: add, sub, freeze and
 * the stores need the masked limbs. It saves an AND per limb where the
 * result only feeds products (the ladder's sums and differences). */
#define CARRY_CHAIN_M(c0, c1, c2, c3, c4)                                                                              \
	do {                                                                                                           \
		c1 = ADD(c1, SHR(c0, 52));                                                                             \
		c2 = ADD(c2, SHR(c1, 52));                                                                             \
		c3 = ADD(c3, SHR(c2, 52));                                                                             \
		c4 = ADD(c4, SHR(c3, 52));                                                                             \
	} while (0)

/* Steps 2-4 on the columns c[0..9] of a product (bounds: the header),
 * without the carry chain: the range U (see fe8_mul_u). */
IFMA_INLINE void fe8_reduce_u(fe8 *r, __m512i c[10])
{
	const __m512i k608 = V(608), k19 = V(19), m47 = V(M47);
	c[4] = LO(c[4], c[9], k608); /* 2 */
	c[5] = HI(c[5], c[9], k608);
	const __m512i t = SHR(c[4], 47); /* 3 */
	c[4] = AND(c[4], m47);
	c[0] = LO(c[0], t, k19);
	c[6] = ADD(c[6], SHR(c[5], 52)); /* 4a */
	c[7] = ADD(c[7], SHR(c[6], 52));
	c[8] = ADD(c[8], SHR(c[7], 52));
	c[4] = LO(c[4], SHR(c[8], 52), k608);
	for (int k = 5; k <= 8; k++) { /* 4b (unrolled: constant bounds) */
		c[k - 5] = LO(c[k - 5], c[k], k608);
		c[k - 4] = HI(c[k - 4], c[k], k608);
	}
	for (int i = 0; i < 5; i++)
		r->l[i] = c[i];
}

/* Steps 2-5 on the columns c[0..9] of a product (bounds: the header). */
IFMA_INLINE void fe8_reduce(fe8 *r, __m512i c[10])
{
	const __m512i m52 = V(M52);
	fe8_reduce_u(r, c);
	CARRY_CHAIN(r->l[0], r->l[1], r->l[2], r->l[3], r->l[4], m52); /* 5 */
}

/* 16p's limbs (the bias of sub and of the _ub products). */
#define P16_0 (16 * (M52 - 18))
#define P16_1 (16 * M52)
#define P16_4 (16 * M47)

/* The columns c[0..9] of a b (bounds: the header); with bias, c[0..3]
 * start at 16p's limbs 0..3 (the _ub products) instead of 0. */
IFMA_INLINE void fe8_mul_cols(__m512i c[10], const fe8 *a, const fe8 *b, int bias)
{
	for (int i = 0; i < 10; i++)
		c[i] = bias && i < 4 ? V(i == 0 ? P16_0 : P16_1) : _mm512_setzero_si512();
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 5; j++) {
			c[i + j] = LO(c[i + j], a->l[i], b->l[j]);
			c[i + j + 1] = HI(c[i + j + 1], a->l[i], b->l[j]);
		}
}

/* The columns of a^2: the cross products, doubled (columns 1..8), then the
 * squares. With bias, c[0] starts at 16p's limb 0 and c[1..3] at half of
 * 16p's limbs 1..3 (they are doubled with the cross products). */
IFMA_INLINE void fe8_sqr_cols(__m512i c[10], const fe8 *a, int bias)
{
	for (int i = 0; i < 10; i++)
		c[i] = bias && i < 4 ? V(i == 0 ? P16_0 : P16_1 / 2) : _mm512_setzero_si512();
	for (int i = 0; i < 5; i++)
		for (int j = i + 1; j < 5; j++) {
			c[i + j] = LO(c[i + j], a->l[i], a->l[j]);
			c[i + j + 1] = HI(c[i + j + 1], a->l[i], a->l[j]);
		}
	for (int k = 1; k < 9; k++)
		c[k] = ADD(c[k], c[k]);
	for (int i = 0; i < 5; i++) {
		c[2 * i] = LO(c[2 * i], a->l[i], a->l[i]);
		c[2 * i + 1] = HI(c[2 * i + 1], a->l[i], a->l[i]);
	}
}

IFMA_BIG void fe8_mul(fe8 *r, const fe8 *a, const fe8 *b)
{
	__m512i c[10];
	fe8_mul_cols(c, a, b, 0);
	fe8_reduce(r, c);
}

IFMA_BIG void fe8_sqr(fe8 *r, const fe8 *a)
{
	__m512i c[10];
	fe8_sqr_cols(c, a, 0);
	fe8_reduce(r, c);
}

/* The unnormalised products of the ladder (their outputs go only into add
 * and sub, which carry anyway): mul and sqr without step 5, range
 *
 *   U: l0 < 2^53 + 2^18, l1 < 2^54 + 2^15, l2 < 2^55, l3 < 2^55 + 2^15,
 *      l4 < 2^47 + 2^15 (all >= 0)
 *
 * Column k < 5 of a product holds k + 1 low and k high halves (a square's
 * doubled cross products and its squares give the same counts), each below
 * 2^52: c1 < 3 2^52, c2 < 5 2^52, c3 < 7 2^52; step 4b adds one low half
 * (< 2^52) and one hi(c 608) < 2^10 to each; c0 gets 19 t < 2^18 and one
 * low half; c4 was cut to 47 bits in step 3 and gets below 2^12 in step 4
 * (the bounds below are those of the reduction with 15 IFMA, a little
 * looser than these: test_ifma25519 checks the outputs against them). add and sub
 * take U as they take T:
 *   add: limbs below 2^57, l4 < 2^48 + 2^16; the chain's carries are below
 *     2^5, so l4 < 2^49: L;
 *   sub: every limb of 16p (2^56 - 304, 2^56 - 16, 2^51 - 16) is at least
 *     the same limb of any U value, so no limb goes negative; limbs below
 *     2^57, l4 < 2^51 + 2^48 + 2^5 < 2^52: L.
 * fe8_carry (the chain alone) takes U to T: l0..l3 < 2^52, carries below
 * 2^4, l4 < 2^47 + 2^15 + 2^4 < 2^48. */
IFMA_BIG __attribute__((unused)) void fe8_mul_u(fe8 *r, const fe8 *a, const fe8 *b)
{
	__m512i c[10];
	fe8_mul_cols(c, a, b, 0);
	fe8_reduce_u(r, c);
}

IFMA_BIG __attribute__((unused)) void fe8_sqr_u(fe8 *r, const fe8 *a)
{
	__m512i c[10];
	fe8_sqr_cols(c, a, 0);
	fe8_reduce_u(r, c);
}

/* sqr with the unmasked chain (CARRY_CHAIN_M): a in L or M -> M (its limbs
 * mod 2^52 are fe8_sqr's T). */
IFMA_BIG __attribute__((unused)) void fe8_sqr_m(fe8 *r, const fe8 *a)
{
	__m512i c[10];
	fe8_sqr_cols(c, a, 0);
	fe8_reduce_u(r, c);
	CARRY_CHAIN_M(r->l[0], r->l[1], r->l[2], r->l[3], r->l[4]);
}

/* mul_u and sqr_u plus 16p, limb by limb: the range UB, U + 16p (each limb
 * at least 16p's, so that fe8_sub_mb subtracts any U or T value from it
 * without adding 16p: the ladder's differences whose first operand is a
 * product). 16p's limbs 0..3 start the columns (fe8_mul_cols, _sqr_cols);
 * limb 4 is added after the reduction, whose step 3 cuts column 4 to 47
 * bits. UB: l0 < 2^56 + 2^53 + 2^18, l1 < 2^56 + 2^54 + 2^10,
 * l2 < 2^56 + 2^55, l3 < 2^56 + 2^55 + 2^10, l4 < 2^51 + 2^47 + 2^12. */
IFMA_BIG __attribute__((unused)) void fe8_mul_ub(fe8 *r, const fe8 *a, const fe8 *b)
{
	__m512i c[10];
	fe8_mul_cols(c, a, b, 1);
	fe8_reduce_u(r, c);
	r->l[4] = ADD(r->l[4], V(P16_4));
}

IFMA_BIG __attribute__((unused)) void fe8_sqr_ub(fe8 *r, const fe8 *a)
{
	__m512i c[10];
	fe8_sqr_cols(c, a, 1);
	fe8_reduce_u(r, c);
	r->l[4] = ADD(r->l[4], V(P16_4));
}

IFMA_INLINE void fe8_carry(fe8 *r)
{
	const __m512i m52 = V(M52);
	CARRY_CHAIN(r->l[0], r->l[1], r->l[2], r->l[3], r->l[4], m52);
}

IFMA_INLINE void fe8_mul_small(fe8 *r, const fe8 *a, uint64_t s)
{
	const __m512i sv = V(s), k608 = V(608), k19 = V(19), m52 = V(M52), m47 = V(M47);
	const __m512i z = _mm512_setzero_si512();
	__m512i c0 = LO(z, a->l[0], sv), c1 = LO(z, a->l[1], sv), c2 = LO(z, a->l[2], sv), c3 = LO(z, a->l[3], sv),
	        c4 = LO(z, a->l[4], sv);
	const __m512i c5 = HI(z, a->l[4], sv);
	c1 = HI(c1, a->l[0], sv);
	c2 = HI(c2, a->l[1], sv);
	c3 = HI(c3, a->l[2], sv);
	c4 = HI(c4, a->l[3], sv);
	c0 = LO(c0, c5, k608);
	const __m512i t = SHR(c4, 47);
	c4 = AND(c4, m47);
	c0 = LO(c0, t, k19);
	CARRY_CHAIN(c0, c1, c2, c3, c4, m52);
	r->l[0] = c0, r->l[1] = c1, r->l[2] = c2, r->l[3] = c3, r->l[4] = c4;
}

/* r = s a + b: a in L or M, b in T (whole limbs: they start the columns),
 * s < 2^17 -> M whose limbs mod 2^52 are in T. mul_small with b's limbs as
 * the columns' starting values (where mul_small starts at 0): the ladder's
 * BB + 121666 E in one carry chain instead of mul_small's and add's. Bounds:
 * c0..c3 < 2^52 + 2^17 + 2^52 (c0 also lo(c5 608) < 2^27 and 19 t),
 * c4 < 2^52 + 2^17 + 2^48, so t = c4 >> 47 < 2^6 and 19 t < 2^11; the chain's
 * carries are below 2^2, l4 < 2^47 + 2^2. */
IFMA_INLINE void fe8_mul_small_add_m(fe8 *r, const fe8 *a, uint64_t s, const fe8 *b)
{
	const __m512i sv = V(s), k608 = V(608), k19 = V(19), m47 = V(M47);
	const __m512i z = _mm512_setzero_si512();
	__m512i c0 = LO(b->l[0], a->l[0], sv), c1 = LO(b->l[1], a->l[1], sv), c2 = LO(b->l[2], a->l[2], sv),
	        c3 = LO(b->l[3], a->l[3], sv), c4 = LO(b->l[4], a->l[4], sv);
	const __m512i c5 = HI(z, a->l[4], sv);
	c1 = HI(c1, a->l[0], sv);
	c2 = HI(c2, a->l[1], sv);
	c3 = HI(c3, a->l[2], sv);
	c4 = HI(c4, a->l[3], sv);
	c0 = LO(c0, c5, k608);
	const __m512i t = SHR(c4, 47);
	c4 = AND(c4, m47);
	c0 = LO(c0, t, k19);
	CARRY_CHAIN_M(c0, c1, c2, c3, c4);
	r->l[0] = c0, r->l[1] = c1, r->l[2] = c2, r->l[3] = c3, r->l[4] = c4;
}

IFMA_INLINE void fe8_add(fe8 *r, const fe8 *a, const fe8 *b)
{
	const __m512i m52 = V(M52);
	__m512i c0 = ADD(a->l[0], b->l[0]), c1 = ADD(a->l[1], b->l[1]), c2 = ADD(a->l[2], b->l[2]),
	        c3 = ADD(a->l[3], b->l[3]), c4 = ADD(a->l[4], b->l[4]);
	CARRY_CHAIN(c0, c1, c2, c3, c4, m52);
	r->l[0] = c0, r->l[1] = c1, r->l[2] = c2, r->l[3] = c3, r->l[4] = c4;
}

IFMA_INLINE void fe8_sub(fe8 *r, const fe8 *a, const fe8 *b)
{
	const __m512i m52 = V(M52), p0 = V(16 * (M52 - 18)), p1 = V(16 * M52), p4 = V(16 * M47);
	__m512i c0 = SUB(ADD(a->l[0], p0), b->l[0]), c1 = SUB(ADD(a->l[1], p1), b->l[1]),
	        c2 = SUB(ADD(a->l[2], p1), b->l[2]), c3 = SUB(ADD(a->l[3], p1), b->l[3]),
	        c4 = SUB(ADD(a->l[4], p4), b->l[4]);
	CARRY_CHAIN(c0, c1, c2, c3, c4, m52);
	r->l[0] = c0, r->l[1] = c1, r->l[2] = c2, r->l[3] = c3, r->l[4] = c4;
}

/* add and sub with the unmasked chain: M out (limbs mod 2^52: add's and
 * sub's L). Inputs: sub_m as sub, T or U (U's bounds: see fe8_mul_u); add_m
 * T, U, or UB for a (the biased products, fe8_mul_ub): the limbs are below
 * 2^58, the chain's carries below 2^6, and l4 < (2^51 + 2^47 + 2^15) +
 * (2^47 + 2^15) + 2^6 < 2^52. */
IFMA_INLINE void fe8_add_m(fe8 *r, const fe8 *a, const fe8 *b)
{
	__m512i c0 = ADD(a->l[0], b->l[0]), c1 = ADD(a->l[1], b->l[1]), c2 = ADD(a->l[2], b->l[2]),
	        c3 = ADD(a->l[3], b->l[3]), c4 = ADD(a->l[4], b->l[4]);
	CARRY_CHAIN_M(c0, c1, c2, c3, c4);
	r->l[0] = c0, r->l[1] = c1, r->l[2] = c2, r->l[3] = c3, r->l[4] = c4;
}

IFMA_INLINE void fe8_sub_m(fe8 *r, const fe8 *a, const fe8 *b)
{
	const __m512i p0 = V(P16_0), p1 = V(P16_1), p4 = V(P16_4);
	__m512i c0 = SUB(ADD(a->l[0], p0), b->l[0]), c1 = SUB(ADD(a->l[1], p1), b->l[1]),
	        c2 = SUB(ADD(a->l[2], p1), b->l[2]), c3 = SUB(ADD(a->l[3], p1), b->l[3]),
	        c4 = SUB(ADD(a->l[4], p4), b->l[4]);
	CARRY_CHAIN_M(c0, c1, c2, c3, c4);
	r->l[0] = c0, r->l[1] = c1, r->l[2] = c2, r->l[3] = c3, r->l[4] = c4;
}

/* a - b for a in UB, b in U or T: limb by limb a - b >= 16p - b >= 0 (as
 * in sub), M out; the limbs are below 2^57 and l4 < 2^51 + 2^48, the
 * chain's carries below 2^5, l4 < 2^52. */
IFMA_INLINE void fe8_sub_mb(fe8 *r, const fe8 *a, const fe8 *b)
{
	__m512i c0 = SUB(a->l[0], b->l[0]), c1 = SUB(a->l[1], b->l[1]), c2 = SUB(a->l[2], b->l[2]),
	        c3 = SUB(a->l[3], b->l[3]), c4 = SUB(a->l[4], b->l[4]);
	CARRY_CHAIN_M(c0, c1, c2, c3, c4);
	r->l[0] = c0, r->l[1] = c1, r->l[2] = c2, r->l[3] = c3, r->l[4] = c4;
}

/* Lanes where m is all ones: swap a and b (m is all ones or all zeros per
 * lane). VPTERNLOGQ 0xca is m ? second : third, bit by bit. */
IFMA_INLINE void fe8_cswap(fe8 *a, fe8 *b, __m512i m)
{
	for (int i = 0; i < 5; i++) {
		const __m512i x = a->l[i], y = b->l[i];
		a->l[i] = _mm512_ternarylogic_epi64(m, y, x, 0xca);
		b->l[i] = _mm512_ternarylogic_epi64(m, x, y, 0xca);
	}
}

IFMA_BIG void fe8_sqr_n(fe8 *r, const fe8 *a, int n)
{
	fe8_sqr(r, a);
	for (int i = 1; i < n; i++)
		fe8_sqr(r, r);
}

/* a^(p - 2) = a^(2^255 - 21) (0 gives 0), the chain of ref10: T in, T out. */
IFMA_BIG void fe8_inv(fe8 *r, const fe8 *z)
{
	fe8 t0, t1, t2, t3;
	fe8_sqr(&t0, z);          /* 2 */
	fe8_sqr_n(&t1, &t0, 2);   /* 8 */
	fe8_mul(&t1, z, &t1);     /* 9 */
	fe8_mul(&t0, &t0, &t1);   /* 11 */
	fe8_sqr(&t2, &t0);        /* 22 */
	fe8_mul(&t1, &t1, &t2);   /* 2^5 - 1 */
	fe8_sqr_n(&t2, &t1, 5);   /* 2^10 - 2^5 */
	fe8_mul(&t1, &t2, &t1);   /* 2^10 - 1 */
	fe8_sqr_n(&t2, &t1, 10);  /* 2^20 - 2^10 */
	fe8_mul(&t2, &t2, &t1);   /* 2^20 - 1 */
	fe8_sqr_n(&t3, &t2, 20);  /* 2^40 - 2^20 */
	fe8_mul(&t2, &t3, &t2);   /* 2^40 - 1 */
	fe8_sqr_n(&t2, &t2, 10);  /* 2^50 - 2^10 */
	fe8_mul(&t1, &t2, &t1);   /* 2^50 - 1 */
	fe8_sqr_n(&t2, &t1, 50);  /* 2^100 - 2^50 */
	fe8_mul(&t2, &t2, &t1);   /* 2^100 - 1 */
	fe8_sqr_n(&t3, &t2, 100); /* 2^200 - 2^100 */
	fe8_mul(&t2, &t3, &t2);   /* 2^200 - 1 */
	fe8_sqr_n(&t2, &t2, 50);  /* 2^250 - 2^50 */
	fe8_mul(&t1, &t2, &t1);   /* 2^250 - 1 */
	fe8_sqr_n(&t1, &t1, 5);   /* 2^255 - 2^5 */
	fe8_mul(r, &t1, &t0);     /* 2^255 - 21 */
}

/* The canonical value (< p) of a in T (v < 2^256):
 *   fold: v1 = (v mod 2^255) + 19 (v >> 255) <= 2^255 - 1 + 19 (v >> 255 <= 1
 *         as l4 < 2^48); then the chain (l4 <= 2^47);
 *   w = v1 + 19 <= 2^255 + 37: bit 255 of w is set exactly when v1 >= p, and
 *   then v1 - p = w - 2^255 lies in [0, 37] (v1 <= 2^255 + 18 < 2p): one
 *   conditional subtraction of p suffices, a blend on bit 255 of w.
 * Every step is the same instructions on every lane. */
IFMA_INLINE void fe8_freeze(fe8 *r, const fe8 *a)
{
	const __m512i m52 = V(M52), m47 = V(M47), k19 = V(19);
	__m512i c0 = a->l[0], c1 = a->l[1], c2 = a->l[2], c3 = a->l[3], c4 = a->l[4];
	const __m512i t = SHR(c4, 47);
	c4 = AND(c4, m47);
	c0 = LO(c0, t, k19);
	CARRY_CHAIN(c0, c1, c2, c3, c4, m52);
	__m512i w0 = ADD(c0, k19), w1 = c1, w2 = c2, w3 = c3, w4 = c4;
	CARRY_CHAIN(w0, w1, w2, w3, w4, m52);
	const __m512i ge = SUB(_mm512_setzero_si512(), SHR(w4, 47)); /* all ones where v1 >= p */
	w4 = AND(w4, m47);
	r->l[0] = _mm512_ternarylogic_epi64(ge, w0, c0, 0xca);
	r->l[1] = _mm512_ternarylogic_epi64(ge, w1, c1, 0xca);
	r->l[2] = _mm512_ternarylogic_epi64(ge, w2, c2, 0xca);
	r->l[3] = _mm512_ternarylogic_epi64(ge, w3, c3, 0xca);
	r->l[4] = _mm512_ternarylogic_epi64(ge, w4, c4, 0xca);
}

/* Transposes: four vectors of 64-bit words (w[i] = word i of every lane) to
 * and from eight 32-byte lanes (two lanes per zmm). */
IFMA_INLINE void load_lanes(__m512i w[4], const uint8_t in[8][32])
{
	const __m512i i0 = _mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0),
	              i1 = _mm512_set_epi64(15, 11, 7, 3, 14, 10, 6, 2);
	const __m512i l01 = _mm512_loadu_si512((const void *)in[0]), l23 = _mm512_loadu_si512((const void *)in[2]);
	const __m512i l45 = _mm512_loadu_si512((const void *)in[4]), l67 = _mm512_loadu_si512((const void *)in[6]);
	/* t0 = words 0 of lanes 0-3 then words 1 of lanes 0-3, t1 words 2 and 3 */
	const __m512i t0 = _mm512_permutex2var_epi64(l01, i0, l23), t1 = _mm512_permutex2var_epi64(l01, i1, l23);
	const __m512i t2 = _mm512_permutex2var_epi64(l45, i0, l67), t3 = _mm512_permutex2var_epi64(l45, i1, l67);
	w[0] = _mm512_shuffle_i64x2(t0, t2, 0x44);
	w[1] = _mm512_shuffle_i64x2(t0, t2, 0xee);
	w[2] = _mm512_shuffle_i64x2(t1, t3, 0x44);
	w[3] = _mm512_shuffle_i64x2(t1, t3, 0xee);
}

IFMA_INLINE void store_lanes(uint8_t out[8][32], const __m512i w[4])
{
	const __m512i i0 = _mm512_set_epi64(13, 9, 5, 1, 12, 8, 4, 0),
	              i1 = _mm512_set_epi64(15, 11, 7, 3, 14, 10, 6, 2);
	const __m512i t0 = _mm512_shuffle_i64x2(w[0], w[1], 0x44), t2 = _mm512_shuffle_i64x2(w[0], w[1], 0xee);
	const __m512i t1 = _mm512_shuffle_i64x2(w[2], w[3], 0x44), t3 = _mm512_shuffle_i64x2(w[2], w[3], 0xee);
	/* t0 = words 0 and 1 of lanes 0-3, t1 words 2 and 3; t2, t3 lanes 4-7 */
	_mm512_storeu_si512((void *)out[0], _mm512_permutex2var_epi64(t0, i0, t1));
	_mm512_storeu_si512((void *)out[2], _mm512_permutex2var_epi64(t0, i1, t1));
	_mm512_storeu_si512((void *)out[4], _mm512_permutex2var_epi64(t2, i0, t3));
	_mm512_storeu_si512((void *)out[6], _mm512_permutex2var_epi64(t2, i1, t3));
}

/* 256-bit words (w[0] lowest) to limbs, bit 255 dropped: T (l4 < 2^47). */
IFMA_INLINE void fe8_from_words(fe8 *r, const __m512i w[4])
{
	const __m512i m52 = V(M52), m47 = V(M47);
	r->l[0] = AND(w[0], m52);
	r->l[1] = AND(OR(SHR(w[0], 52), SHL(w[1], 12)), m52);
	r->l[2] = AND(OR(SHR(w[1], 40), SHL(w[2], 24)), m52);
	r->l[3] = AND(OR(SHR(w[2], 28), SHL(w[3], 36)), m52);
	r->l[4] = AND(SHR(w[3], 16), m47);
}

/* Canonical a (limbs < 2^52, l4 < 2^47) to 256-bit words. */
IFMA_INLINE void fe8_to_words(__m512i w[4], const fe8 *a)
{
	w[0] = OR(a->l[0], SHL(a->l[1], 52));
	w[1] = OR(SHR(a->l[1], 12), SHL(a->l[2], 40));
	w[2] = OR(SHR(a->l[2], 24), SHL(a->l[3], 28));
	w[3] = OR(SHR(a->l[3], 36), SHL(a->l[4], 16));
}

/* Clear every vector and mask register (avx512_clear.h): the 8-lane
 * kernels' last step. */
IFMA_INLINE void clear_vector_registers(void) { ECFK_AVX512_CLEAR_STATE(); }

IFMA_INLINE void fe8_load(fe8 *r, const uint64_t a[5][8])
{
	for (int i = 0; i < 5; i++)
		r->l[i] = _mm512_loadu_si512((const void *)a[i]);
}

IFMA_INLINE void fe8_store(uint64_t r[5][8], const fe8 *a)
{
	for (int i = 0; i < 5; i++)
		_mm512_storeu_si512((void *)r[i], a->l[i]);
}

#endif
