/*
 * P-256 in 8 lanes with AVX-512 IFMA: the field mod p and the integers mod n
 * (Montgomery, radix 2^52), and the fixed-base and variable-base scalar
 * multiplications of 8 independent scalars, for the batch calls
 * (lib/curves/p256/batch.c). Tier avx512_ifma (lib/dispatch/tiers.h, family
 * p256_batch): the caller checks ECFI_KERNEL_AVX512_IFMA; every function
 * here is compiled for AVX-512 F, IFMA and VL alone (a target attribute), so
 * the rest of the library stays baseline x86-64, and is called, not inlined,
 * from baseline code.
 *
 * Representation. A vector f8 holds 8 field elements, one per 64-bit lane:
 * v[i] is limb i (bits 52 i .. 52 i + 51) of every lane, so an element is
 * a = sum a_i 2^(52 i), 5 limbs. An element of the Montgomery domain stands
 * for a 2^-260 mod m (R = 2^260, five 52-bit reduction steps). Invariant of
 * every f8 passed between functions here ("reduced"; inside the point
 * formulas the intermediate sums are lazier, see "Lazy arithmetic mod p"):
 * limbs 0..3 below 2^52, limb 4 below 2^50, and
 * 0 <= a <= 2m (a representative mod m, not unique: 0, m and 2m all stand
 * for 0). 2m < 2^257 for m = p and m = n, so limb 4 < 2^49 and every limb
 * is a valid 52-bit input of VPMADD52LUQ/HUQ (which read the low 52 bits).
 *
 * mont_mul(a, b), a, b <= 2m: operand scanning, for i = 0..4:
 *   t += a_i b (low halves of a_i b_j into t_j, high halves into t_(j+1));
 *   q = t_0 k0 mod 2^52 (k0 = -1/m mod 2^52); t += q m, after which
 *   t_0 = 0 mod 2^52; t_1 += t_0 >> 52 and t shifts down a limb.
 * The result is (a b + Q m) / 2^260 for some Q < 2^260, below
 * 4 m^2 / 2^260 + m < m / 4 + m < 2m (m < 2^256): reduced again after one
 * carry pass, with no final subtraction. Each accumulator t_j takes at most
 * four 52-bit terms per step, 20 in all, below 2^57: no 64-bit overflow.
 * p's special form: p = 2^52 - 1 mod 2^52, so k0 = 1 and q = t_0 mod 2^52
 * (no multiplication: the multiply-adds read the low 52 bits of t_0); p's
 * limb 2 is 0, so q m_2 is skipped, and m_0 = 2^52 - 1 makes q m_0 an AND
 * and an add (in mont_mul).
 * add: a + b <= 4m, then 2m subtracted where that leaves no borrow (<= 2m);
 * sub: a - b + 2m in [0, 4m], the same; neg: 2m - a. Carries between limbs
 * by arithmetic shifts (sub's limbs may be negative before the pass; the
 * value is not). canon: m subtracted twice where no borrow: [0, m).
 *
 * Domains. The scalar path (lib/fields/p256.c, p256n.c) keeps a 2^256 mod m,
 * canonical, in 4 x 64-bit limbs. from_scalar: the limbs regrouped by 52
 * bits (a < m) then doubled 4 times (16 a 2^256 = a 2^260); to_scalar:
 * mont_mul by 2^256 mod m (a 2^260 2^256 / 2^260), then canon and regrouped
 * by 64 bits: the same bits as the scalar path for every lane. Memory layout
 * at the interface: uint64_t x[4][8], word w of lane l at x[w][l].
 *
 * Constant time: every lane runs the same instructions; selects are
 * blends under mask registers made by vector compares; no value of a lane
 * reaches a general register, the flags, a branch or an address (the masks
 * are never moved to general registers); the table scans read every entry.
 * tools/check_ifma_ct.py checks this on the object code (test 'ifma_ct').
 * Each entry point clears every vector and mask register before returning
 * (clear_vector_state).
 */
#include <immintrin.h>

#include "kernels/x86_64/avx512_clear.h"
#include <stddef.h>
#include <stdint.h>

#include "kernels/kernels.h"

#define T_ __attribute__((target("avx512f,avx512ifma,avx512vl")))
#define IN_ static inline __attribute__((always_inline)) T_
/* The field and point formulas: inlined (the object check, tools/
 * check_ifma_ct.py, needs the pointers in registers), except in builds with
 * AddressSanitizer (the asan job, the fuzzers), where the fully inlined
 * instrumented file took clang -O3 over two minutes of CPU to compile; the
 * object check does not run on those builds. */
#if defined(__SANITIZE_ADDRESS__)
#define ECFK_P256X8_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ECFK_P256X8_ASAN 1
#endif
#endif
#ifdef ECFK_P256X8_ASAN
#define BIG_ static __attribute__((noinline)) T_
#else
#define BIG_ IN_
#endif

#define M52 0xfffffffffffffull

typedef struct {
	__m512i v[5];
} f8;

/* The modulus' constants, radix 2^52: m, 2m, k0 = -1/m mod 2^52, 2^260 mod m
 * (1 in the domain), 2^256 mod m (to_scalar), 2^520 mod m (plain -> domain). */
typedef struct {
	uint64_t m[5], m2[5], k0, one[5], r256[5], r520[5];
	int special; /* p: k0 = 1, limb 2 zero */
} mod8;

static const mod8 MOD_P = {
    {0xfffffffffffffull, 0x00fffffffffffull, 0x0000000000000ull, 0x0001000000000ull, 0x0ffffffff0000ull},
    {0xffffffffffffeull, 0x01fffffffffffull, 0x0000000000000ull, 0x0002000000000ull, 0x1fffffffe0000ull},
    0x1,
    {0x0000000000010ull, 0xf000000000000ull, 0xfffffffffffffull, 0xffeffffffffffull, 0x00000000fffffull},
    {0x0000000000001ull, 0xff00000000000ull, 0xfffffffffffffull, 0xfffefffffffffull, 0x000000000ffffull},
    {0x0000000000300ull, 0xffffffff00000ull, 0xffffefffffffbull, 0xfdfffffffffffull, 0x0000004ffffffull},
    1};
static const mod8 MOD_N = {
    {0x9cac2fc632551ull, 0xada7179e84f3bull, 0xfffffffbce6faull, 0x0000fffffffffull, 0x0ffffffff0000ull},
    {0x39585f8c64aa2ull, 0x5b4e2f3d09e77ull, 0xfffffff79cdf5ull, 0x0001fffffffffull, 0x1fffffffe0000ull},
    0x1c8aaee00bc4full,
    {0x353d039cdaaf0ull, 0x258e8617b0c46ull, 0x0000004319055ull, 0xfff0000000000ull, 0x00000000fffffull},
    {0x6353d039cdaafull, 0x5258e8617b0c4ull, 0x0000000431905ull, 0xffff000000000ull, 0x000000000ffffull},
    {0x5cc0dea6dc3baull, 0x192a067d8a084ull, 0xbec59615571bbull, 0x1fc245b2392b6ull, 0x0e12d9559d956ull},
    0};

IN_ __m512i bc(uint64_t x) { return _mm512_set1_epi64((long long)x); }

IN_ void f8_const(f8 *r, const uint64_t c[5])
{
	for (int i = 0; i < 5; i++)
		r->v[i] = bc(c[i]);
}

BIG_ void mont_mul(f8 *r, const f8 *a, const f8 *b, const mod8 *md)
{
	const __m512i mask = bc(M52), z = _mm512_setzero_si512();
	__m512i t0 = z, t1 = z, t2 = z, t3 = z, t4 = z, t5 = z;
	const __m512i b0 = b->v[0], b1 = b->v[1], b2 = b->v[2], b3 = b->v[3], b4 = b->v[4];
	const __m512i m0 = bc(md->m[0]), m1 = bc(md->m[1]), m2 = bc(md->m[2]), m3 = bc(md->m[3]), m4 = bc(md->m[4]),
	              k0 = bc(md->k0);
	for (int i = 0; i < 5; i++) {
		const __m512i ai = a->v[i];
		t0 = _mm512_madd52lo_epu64(t0, ai, b0);
		t1 = _mm512_madd52lo_epu64(t1, ai, b1);
		t2 = _mm512_madd52lo_epu64(t2, ai, b2);
		t3 = _mm512_madd52lo_epu64(t3, ai, b3);
		t4 = _mm512_madd52lo_epu64(t4, ai, b4);
		t1 = _mm512_madd52hi_epu64(t1, ai, b0);
		t2 = _mm512_madd52hi_epu64(t2, ai, b1);
		t3 = _mm512_madd52hi_epu64(t3, ai, b2);
		t4 = _mm512_madd52hi_epu64(t4, ai, b3);
		t5 = _mm512_madd52hi_epu64(t5, ai, b4);
		/* q = t_0 k0 mod 2^52; for p, k0 = 1 and q is t_0 itself: VPMADD52
		 * reads only the low 52 bits of its operands (an AND was redundant:
		 * the mutant that dropped it survived) */
		const __m512i q = md->special ? t0 : _mm512_madd52lo_epu64(z, t0, k0);
		/* for p, m_0 = 2^52 - 1: t_0 + q m_0 = (t_0 - q) + q 2^52, and
		 * t_0 - q = (t_0 >> 52) 2^52, so the carry into t_1 is
		 * (t_0 >> 52) + q, the same sum as the two multiply-adds by m_0
		 * and the shift give (no multiply; the same bits) */
		if (md->special)
			t1 = _mm512_add_epi64(t1, _mm512_and_si512(t0, mask));
		else
			t0 = _mm512_madd52lo_epu64(t0, q, m0);
		t1 = _mm512_madd52lo_epu64(t1, q, m1);
		if (!md->special) /* a constant after inlining */
			t2 = _mm512_madd52lo_epu64(t2, q, m2);
		t3 = _mm512_madd52lo_epu64(t3, q, m3);
		t4 = _mm512_madd52lo_epu64(t4, q, m4);
		if (!md->special)
			t1 = _mm512_madd52hi_epu64(t1, q, m0);
		t2 = _mm512_madd52hi_epu64(t2, q, m1);
		if (!md->special)
			t3 = _mm512_madd52hi_epu64(t3, q, m2);
		t4 = _mm512_madd52hi_epu64(t4, q, m3);
		t5 = _mm512_madd52hi_epu64(t5, q, m4);
		t0 = _mm512_add_epi64(t1, _mm512_srli_epi64(t0, 52));
		t1 = t2;
		t2 = t3;
		t3 = t4;
		t4 = t5;
		t5 = z;
	}
	/* carry pass: every t_j >= 0 */
	t1 = _mm512_add_epi64(t1, _mm512_srli_epi64(t0, 52));
	r->v[0] = _mm512_and_si512(t0, mask);
	t2 = _mm512_add_epi64(t2, _mm512_srli_epi64(t1, 52));
	r->v[1] = _mm512_and_si512(t1, mask);
	t3 = _mm512_add_epi64(t3, _mm512_srli_epi64(t2, 52));
	r->v[2] = _mm512_and_si512(t2, mask);
	t4 = _mm512_add_epi64(t4, _mm512_srli_epi64(t3, 52));
	r->v[3] = _mm512_and_si512(t3, mask);
	r->v[4] = t4;
}

/* Signed carry pass (limbs may be negative, the value is not). */
IN_ void carry_signed(f8 *r)
{
	const __m512i mask = bc(M52);
	for (int i = 0; i < 4; i++) {
		r->v[i + 1] = _mm512_add_epi64(r->v[i + 1], _mm512_srai_epi64(r->v[i], 52));
		r->v[i] = _mm512_and_si512(r->v[i], mask);
	}
}

/* r = s - c where that is >= 0, else s (per lane); s reduced limbs, c's limbs < 2^52. */
IN_ void cond_sub(f8 *r, const f8 *s, const uint64_t c[5])
{
	f8 d;
	const __m512i mask = bc(M52);
	__m512i borrow = _mm512_setzero_si512();
	for (int i = 0; i < 5; i++) {
		__m512i t = _mm512_add_epi64(_mm512_sub_epi64(s->v[i], bc(c[i])), borrow);
		if (i < 4) {
			borrow = _mm512_srai_epi64(t, 52);
			t = _mm512_and_si512(t, mask);
		}
		d.v[i] = t;
	}
	const __mmask8 neg = _mm512_cmplt_epi64_mask(d.v[4], _mm512_setzero_si512());
	for (int i = 0; i < 5; i++)
		r->v[i] = _mm512_mask_blend_epi64(neg, d.v[i], s->v[i]);
}

IN_ void f8_add(f8 *r, const f8 *a, const f8 *b, const mod8 *md)
{
	f8 s;
	for (int i = 0; i < 5; i++)
		s.v[i] = _mm512_add_epi64(a->v[i], b->v[i]);
	carry_signed(&s);
	cond_sub(r, &s, md->m2);
}

IN_ void f8_sub(f8 *r, const f8 *a, const f8 *b, const mod8 *md)
{
	f8 s;
	for (int i = 0; i < 5; i++)
		s.v[i] = _mm512_add_epi64(_mm512_sub_epi64(a->v[i], b->v[i]), bc(md->m2[i]));
	carry_signed(&s);
	cond_sub(r, &s, md->m2);
}

IN_ void f8_neg(f8 *r, const f8 *a, const mod8 *md)
{
	for (int i = 0; i < 5; i++)
		r->v[i] = _mm512_sub_epi64(bc(md->m2[i]), a->v[i]);
	carry_signed(r);
}

/* r = -a in the lanes where negv is nonzero, a elsewhere. */
IN_ void f8_cneg(f8 *r, const f8 *a, __m512i negv, const mod8 *md)
{
	f8 n;
	f8_neg(&n, a, md);
	const __mmask8 neg = _mm512_test_epi64_mask(negv, negv);
	for (int i = 0; i < 5; i++)
		r->v[i] = _mm512_mask_blend_epi64(neg, a->v[i], n.v[i]);
}

IN_ void f8_canon(f8 *r, const f8 *a, const mod8 *md)
{
	cond_sub(r, a, md->m);
	cond_sub(r, r, md->m);
}

/* ---- Lazy arithmetic mod p, for the point formulas ----
 *
 * The reduced form above costs a carry pass and a conditional subtraction
 * (about 40 vector instructions) per addition; the point formulas instead
 * combine limbs freely and normalise once, by one of:
 *   - carry_signed alone, where the value is >= 0 and only has to be a
 *     multiplication operand: mont_mul and sqr_p need normalised limbs
 *     (VPMADD52 reads 52 bits) and a value below 2^260, nothing else;
 *   - fold_p, where the value must be reduced again (<= 2m).
 * Multiplication bound (mont_mul and sqr_p, m = p < 2^256, R = 2^260):
 * with a < alpha m and b < beta m, the result (a b + Q p) / R < a b / R + p
 * < (alpha beta m / R + 1) m < (alpha beta / 16 + 1) m. So operands below 4m
 * give a result below 2m (reduced), and every bound on a product in the
 * formulas below is this one. Lazy linear combinations use k m (k = 2, 6, 16)
 * as the limbs k m_i (not normalised, each below 2^57), so that
 * a - b + k m >= 0 whenever b < k m. */
static const uint64_t P_X2[5] = {2 * 0xfffffffffffffull, 2 * 0x00fffffffffffull, 0, 2 * 0x0001000000000ull,
                                 2 * 0x0ffffffff0000ull};
static const uint64_t P_X6[5] = {6 * 0xfffffffffffffull, 6 * 0x00fffffffffffull, 0, 6 * 0x0001000000000ull,
                                 6 * 0x0ffffffff0000ull};
static const uint64_t P_X16[5] = {16 * 0xfffffffffffffull, 16 * 0x00fffffffffffull, 0, 16 * 0x0001000000000ull,
                                  16 * 0x0ffffffff0000ull};

/* r = a^2 2^-260 mod p: the same value, and so the same bits, as
 * mont_mul(a, a, MOD_P) (the Montgomery quotient Q < R with a^2 + Q p = 0
 * mod R is unique), for a normalised a < 2^260; result < a^2 / R + p.
 * Product scanning: the 10 cross products a_i a_j (i < j) into columns
 * t_(i+j) (low halves) and t_(i+j+1) (high halves), the columns 1..8
 * doubled, then the 5 squares: 30 multiply-adds instead of 50. Then five
 * reduction steps by p: q = t_i mod 2^52, the carry (t_i >> 52) + q into
 * t_(i+1) (m_0 = 2^52 - 1, as in mont_mul), q m_1 and q m_3, q m_4 into
 * t_(i+1..i+5) (m_2 = 0); 6 multiply-adds each. Column sizes: at most 4
 * cross halves below 2^52 per column, doubled (< 2^55), 2 square halves
 * (< 2^55 + 2^53), then at most 6 reduction halves and a carry below 2^6:
 * below 2^56, no 64-bit overflow. */
BIG_ void sqr_p(f8 *r, const f8 *a)
{
	const __m512i mask = bc(M52), z = _mm512_setzero_si512();
	const __m512i m1 = bc(MOD_P.m[1]), m3 = bc(MOD_P.m[3]), m4 = bc(MOD_P.m[4]);
	const __m512i a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3], a4 = a->v[4];
	__m512i t0, t1, t2, t3, t4, t5, t6, t7, t8, t9;
	t1 = _mm512_madd52lo_epu64(z, a0, a1);
	t2 = _mm512_madd52hi_epu64(z, a0, a1);
	t2 = _mm512_madd52lo_epu64(t2, a0, a2);
	t3 = _mm512_madd52hi_epu64(z, a0, a2);
	t3 = _mm512_madd52lo_epu64(t3, a0, a3);
	t4 = _mm512_madd52hi_epu64(z, a0, a3);
	t4 = _mm512_madd52lo_epu64(t4, a0, a4);
	t5 = _mm512_madd52hi_epu64(z, a0, a4);
	t3 = _mm512_madd52lo_epu64(t3, a1, a2);
	t4 = _mm512_madd52hi_epu64(t4, a1, a2);
	t4 = _mm512_madd52lo_epu64(t4, a1, a3);
	t5 = _mm512_madd52hi_epu64(t5, a1, a3);
	t5 = _mm512_madd52lo_epu64(t5, a1, a4);
	t6 = _mm512_madd52hi_epu64(z, a1, a4);
	t5 = _mm512_madd52lo_epu64(t5, a2, a3);
	t6 = _mm512_madd52hi_epu64(t6, a2, a3);
	t6 = _mm512_madd52lo_epu64(t6, a2, a4);
	t7 = _mm512_madd52hi_epu64(z, a2, a4);
	t7 = _mm512_madd52lo_epu64(t7, a3, a4);
	t8 = _mm512_madd52hi_epu64(z, a3, a4);
	t1 = _mm512_add_epi64(t1, t1);
	t2 = _mm512_add_epi64(t2, t2);
	t3 = _mm512_add_epi64(t3, t3);
	t4 = _mm512_add_epi64(t4, t4);
	t5 = _mm512_add_epi64(t5, t5);
	t6 = _mm512_add_epi64(t6, t6);
	t7 = _mm512_add_epi64(t7, t7);
	t8 = _mm512_add_epi64(t8, t8);
	t0 = _mm512_madd52lo_epu64(z, a0, a0);
	t1 = _mm512_madd52hi_epu64(t1, a0, a0);
	t2 = _mm512_madd52lo_epu64(t2, a1, a1);
	t3 = _mm512_madd52hi_epu64(t3, a1, a1);
	t4 = _mm512_madd52lo_epu64(t4, a2, a2);
	t5 = _mm512_madd52hi_epu64(t5, a2, a2);
	t6 = _mm512_madd52lo_epu64(t6, a3, a3);
	t7 = _mm512_madd52hi_epu64(t7, a3, a3);
	t8 = _mm512_madd52lo_epu64(t8, a4, a4);
	t9 = _mm512_madd52hi_epu64(z, a4, a4);
#define SQR_P_RED(u0, u1, u2, u3, u4, u5)                                                                              \
	do {                                                                                                           \
		u1 = _mm512_add_epi64(u1, _mm512_add_epi64(_mm512_srli_epi64(u0, 52), _mm512_and_si512(u0, mask)));    \
		u1 = _mm512_madd52lo_epu64(u1, u0, m1);                                                                \
		u2 = _mm512_madd52hi_epu64(u2, u0, m1);                                                                \
		u3 = _mm512_madd52lo_epu64(u3, u0, m3);                                                                \
		u4 = _mm512_madd52hi_epu64(u4, u0, m3);                                                                \
		u4 = _mm512_madd52lo_epu64(u4, u0, m4);                                                                \
		u5 = _mm512_madd52hi_epu64(u5, u0, m4);                                                                \
	} while (0)
	SQR_P_RED(t0, t1, t2, t3, t4, t5);
	SQR_P_RED(t1, t2, t3, t4, t5, t6);
	SQR_P_RED(t2, t3, t4, t5, t6, t7);
	SQR_P_RED(t3, t4, t5, t6, t7, t8);
	SQR_P_RED(t4, t5, t6, t7, t8, t9);
#undef SQR_P_RED
	t6 = _mm512_add_epi64(t6, _mm512_srli_epi64(t5, 52));
	r->v[0] = _mm512_and_si512(t5, mask);
	t7 = _mm512_add_epi64(t7, _mm512_srli_epi64(t6, 52));
	r->v[1] = _mm512_and_si512(t6, mask);
	t8 = _mm512_add_epi64(t8, _mm512_srli_epi64(t7, 52));
	r->v[2] = _mm512_and_si512(t7, mask);
	t9 = _mm512_add_epi64(t9, _mm512_srli_epi64(t8, 52));
	r->v[3] = _mm512_and_si512(t8, mask);
	r->v[4] = t9;
}

IN_ void sqr_n_p(f8 *r, const f8 *a, int n)
{
	sqr_p(r, a);
	for (int i = 1; i < n; i++)
		sqr_p(r, r);
}

/* fold_p: reduces r in place mod p. Precondition: the value v of the limbs
 * (signed 64-bit, v = sum l_i 2^(52 i)) is >= 0, |l_i| < 2^58 for i < 4,
 * 0 <= l_4 < 2^62 (every call site below: its constant k m has limb 4
 * k m_4 >= the limb 4 it subtracts). With top = l_4 >> 48 and 2^256 =
 * 2^224 - 2^192 - 2^96 + 1 mod p, it computes v' = v - top p: l_4 keeps its
 * low 48 bits, and top is added at 2^224 (limb 4, bit 16), subtracted at
 * 2^192 (limb 3, bit 36) and 2^96 (limb 1, bit 44), added at 2^0; then a
 * signed carry pass. With L = sum_(i<4) l_i 2^(52 i), |L| < 2^215, and
 * l_4 = top 2^48 + f (0 <= f < 2^48): v' = f 2^208 + L + top (2^256 - p),
 * where 2^223 < 2^256 - p < 2^224. top = 0: v' = v >= 0; top > 0:
 * v' > 2^223 - 2^215 > 0. And top < 2^14, so v' < 2^256 + 2^215 + 2^238 <
 * 2m: reduced, limb 4 < 2^49. The shift is logical: a negative limb 4 (a
 * broken precondition) gives a huge top and a wrong result rather than a
 * silently right one (an arithmetic shift would mostly repair a negative v,
 * which would hide a wrong constant from the tests). */
IN_ void fold_p(f8 *r)
{
	const __m512i top = _mm512_srli_epi64(r->v[4], 48);
	r->v[4] = _mm512_add_epi64(_mm512_and_si512(r->v[4], bc(0xffffffffffffull)), _mm512_slli_epi64(top, 16));
	r->v[3] = _mm512_sub_epi64(r->v[3], _mm512_slli_epi64(top, 36));
	r->v[1] = _mm512_sub_epi64(r->v[1], _mm512_slli_epi64(top, 44));
	r->v[0] = _mm512_add_epi64(r->v[0], top);
	carry_signed(r);
}

/* r = a - b + k (limb by limb, no carry; k one of P_X2, P_X6, P_X16). */
IN_ void lz_sub(f8 *r, const f8 *a, const f8 *b, const uint64_t k[5])
{
	for (int i = 0; i < 5; i++)
		r->v[i] = _mm512_add_epi64(_mm512_sub_epi64(a->v[i], b->v[i]), bc(k[i]));
}

/* r = a << s, limb by limb (a 2^s, not normalised). */
IN_ void lz_shl(f8 *r, const f8 *a, unsigned s)
{
	for (int i = 0; i < 5; i++)
		r->v[i] = _mm512_slli_epi64(a->v[i], s);
}

/* All-ones in the lanes where a = 0 mod m, else 0 (a vector, not a mask
 * register: it lives across point formulas). */
IN_ __m512i f8_zero_lanes(const f8 *a, const mod8 *md)
{
	f8 c;
	f8_canon(&c, a, md);
	__m512i o = _mm512_or_si512(_mm512_or_si512(c.v[0], c.v[1]), _mm512_or_si512(c.v[2], c.v[3]));
	o = _mm512_or_si512(o, c.v[4]);
	return _mm512_maskz_mov_epi64(_mm512_cmpeq_epi64_mask(o, _mm512_setzero_si512()), bc(~(uint64_t)0));
}
IN_ __mmask8 lanes_mask(__m512i v) { return _mm512_test_epi64_mask(v, v); }

IN_ void f8_blend(f8 *r, __mmask8 k, const f8 *a, const f8 *b) /* k ? b : a */
{
	for (int i = 0; i < 5; i++)
		r->v[i] = _mm512_mask_blend_epi64(k, a->v[i], b->v[i]);
}

/* 4 x 64-bit words (w[j][lane]) -> 5 x 52-bit limbs, value < 2^256. */
IN_ void f8_from_words(f8 *r, const uint64_t w[4][8])
{
	const __m512i mask = bc(M52);
	const __m512i w0 = _mm512_loadu_si512(w[0]), w1 = _mm512_loadu_si512(w[1]), w2 = _mm512_loadu_si512(w[2]),
	              w3 = _mm512_loadu_si512(w[3]);
	r->v[0] = _mm512_and_si512(w0, mask);
	r->v[1] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w0, 52), _mm512_slli_epi64(w1, 12)), mask);
	r->v[2] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w1, 40), _mm512_slli_epi64(w2, 24)), mask);
	r->v[3] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w2, 28), _mm512_slli_epi64(w3, 36)), mask);
	r->v[4] = _mm512_srli_epi64(w3, 16);
}

/* The inverse, for a < 2^256 with limbs 0..3 below 2^52. */
IN_ void f8_to_words(uint64_t w[4][8], const f8 *a)
{
	_mm512_storeu_si512(w[0], _mm512_or_si512(a->v[0], _mm512_slli_epi64(a->v[1], 52)));
	_mm512_storeu_si512(w[1], _mm512_or_si512(_mm512_srli_epi64(a->v[1], 12), _mm512_slli_epi64(a->v[2], 40)));
	_mm512_storeu_si512(w[2], _mm512_or_si512(_mm512_srli_epi64(a->v[2], 24), _mm512_slli_epi64(a->v[3], 28)));
	_mm512_storeu_si512(w[3], _mm512_or_si512(_mm512_srli_epi64(a->v[3], 36), _mm512_slli_epi64(a->v[4], 16)));
}

/* Scalar-path Montgomery element (a 2^256, < m, words) -> a 2^260: 16 times. */
IN_ void f8_from_scalar(f8 *r, const uint64_t w[4][8], const mod8 *md)
{
	f8_from_words(r, w);
	for (int i = 0; i < 4; i++)
		f8_add(r, r, r, md);
}

/* a 2^260 -> canonical a 2^256 as words. */
IN_ void f8_to_scalar(uint64_t w[4][8], const f8 *a, const mod8 *md)
{
	f8 c, t;
	f8_const(&c, md->r256);
	mont_mul(&t, a, &c, md);
	f8_canon(&t, &t, md);
	f8_to_words(w, &t);
}

/* Plain canonical a (not Montgomery) of the domain element a 2^260. */
IN_ void f8_to_plain(f8 *r, const f8 *a, const mod8 *md)
{
	f8 one = {
	    {bc(1), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512()}};
	mont_mul(r, a, &one, md);
	f8_canon(r, r, md);
}

IN_ void f8_sqr_n(f8 *r, const f8 *a, int n, const mod8 *md)
{
	mont_mul(r, a, a, md);
	for (int i = 1; i < n; i++)
		mont_mul(r, r, r, md);
}

/* r = a^(p-2) = 1/a mod p (0 for 0), p - 2 = 2^256 - 2^224 + 2^192 + 2^96 - 3:
 * in binary, 32 ones, 31 zeros, a one, 96 zeros, 94 ones, a zero, a one. */
BIG_ void f8_inv_p(f8 *r, const f8 *a)
{
	const mod8 *md = &MOD_P;
	f8 x2, x4, x8, x16, x32, x30, t;
	sqr_p(&x2, a);
	mont_mul(&x2, &x2, a, md); /* 2^2 - 1 */
	sqr_n_p(&t, &x2, 2);
	mont_mul(&x4, &t, &x2, md); /* 2^4 - 1 */
	sqr_n_p(&t, &x4, 4);
	mont_mul(&x8, &t, &x4, md); /* 2^8 - 1 */
	sqr_n_p(&t, &x8, 8);
	mont_mul(&x16, &t, &x8, md); /* 2^16 - 1 */
	sqr_n_p(&t, &x16, 16);
	mont_mul(&x32, &t, &x16, md); /* 2^32 - 1 */
	sqr_n_p(&t, &x16, 8);
	mont_mul(&t, &t, &x8, md); /* 2^24 - 1 */
	sqr_n_p(&t, &t, 4);
	mont_mul(&t, &t, &x4, md); /* 2^28 - 1 */
	sqr_n_p(&t, &t, 2);
	mont_mul(&x30, &t, &x2, md); /* 2^30 - 1 */
	sqr_n_p(&t, &x32, 32);
	mont_mul(&t, &t, a, md); /* 32 ones, 31 zeros, one */
	sqr_n_p(&t, &t, 96);     /* 96 zeros */
	sqr_n_p(&t, &t, 32);
	mont_mul(&t, &t, &x32, md);
	sqr_n_p(&t, &t, 32);
	mont_mul(&t, &t, &x32, md); /* 64 ones */
	sqr_n_p(&t, &t, 30);
	mont_mul(&t, &t, &x30, md); /* 30 more */
	sqr_n_p(&t, &t, 2);
	mont_mul(r, &t, a, md); /* 0, 1 */
}

/* Clears every vector and mask register (VZEROALL leaves zmm16..31). */
IN_ void clear_vector_state(void) { ECFK_AVX512_CLEAR_STATE(); }

/* Zeroes n 64-byte vectors at p (the kernels' stack buffers of secrets). */
IN_ void wipe_vectors(__m512i *p, size_t n)
{
	/* volatile: neither dropped nor turned into a call to memset */
	for (size_t i = 0; i < n; i++)
		*(volatile __m512i *)(p + i) = _mm512_setzero_si512();
}

/* ---- The field, 8 lanes at a time, for the tests ---- */

/* op on radix-2^52 limbs (a[i][lane]), the Montgomery domain R = 2^260 of
 * the modulus (modn: n, else p): the raw kernel operations. */
T_ void ecfk_p256x8_field_raw_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8], int op,
                                          int modn)
{
	const mod8 *md = modn ? &MOD_N : &MOD_P;
	f8 x, y, z;
	for (int i = 0; i < 5; i++) {
		x.v[i] = _mm512_loadu_si512(a[i]);
		y.v[i] = _mm512_loadu_si512(b[i]);
	}
	/* op is public, one bit: bit tests, not a switch (gcc makes a jump
	 * table of a switch or of an if chain on equality, and the static check
	 * allows no indirect branch) */
	if ((op & ECFK_P256X8_MUL) && modn)
		mont_mul(&z, &x, &y, &MOD_N);
	else if (op & ECFK_P256X8_MUL)
		mont_mul(&z, &x, &y, &MOD_P);
	else if (op & ECFK_P256X8_ADD)
		f8_add(&z, &x, &y, md);
	else if (op & ECFK_P256X8_SUB)
		f8_sub(&z, &x, &y, md);
	else if (op & ECFK_P256X8_NEG)
		f8_neg(&z, &x, md);
	else if (op & ECFK_P256X8_CANON)
		f8_canon(&z, &x, md);
	else if (op & ECFK_P256X8_INV) /* mod p only */
		f8_inv_p(&z, &x);
	else if (op & ECFK_P256X8_SQR) /* mod p only */
		sqr_p(&z, &x);
	else if (op & ECFK_P256X8_FOLD) { /* mod p only; a's limbs signed */
		z = x;
		fold_p(&z);
	} else
		for (int i = 0; i < 5; i++)
			z.v[i] = _mm512_setzero_si512();
	for (int i = 0; i < 5; i++)
		_mm512_storeu_si512(r[i], z.v[i]);
	clear_vector_state();
}

/* r = a b in the scalar path's representation (canonical a 2^256 mod m,
 * words w[j][lane]): converted in, mont_mul, converted out. */
T_ void ecfk_p256x8_mul_scalar_avx512_ifma(uint64_t r[4][8], const uint64_t a[4][8], const uint64_t b[4][8], int modn)
{
	f8 x, y, z;
	if (modn) {
		f8_from_scalar(&x, a, &MOD_N);
		f8_from_scalar(&y, b, &MOD_N);
		mont_mul(&z, &x, &y, &MOD_N);
		f8_to_scalar(r, &z, &MOD_N);
	} else {
		f8_from_scalar(&x, a, &MOD_P);
		f8_from_scalar(&y, b, &MOD_P);
		mont_mul(&z, &x, &y, &MOD_P);
		f8_to_scalar(r, &z, &MOD_P);
	}
	clear_vector_state();
}

/* ---- The group, 8 lanes ---- */

typedef struct {
	f8 x, y, z;
} pt8;

#define MP (&MOD_P)

/* Jacobian doubling, a = -3 (dbl-2001-b with Z3 = 2 Y Z): no exception on
 * the group (no point of order 2); Z = 0 gives Z3 = 0. r may alias p.
 * Inputs reduced (<= 2m), outputs reduced. Lazy ranges (multiplication
 * bound and fold_p as argued above; every product of reduced operands is
 * below 1.25m):
 *   t = 3 (X - delta) + 6m in (0, 12m) (X - delta > -2m), limbs below 2^56
 *     before the carry: normalised, a multiplication operand (< 2^260);
 *   u = X + delta < 4m; alpha = t u < (12 4 / 16 + 1) m = 4m;
 *   Z3 = fold(2 Y Z): limbs below 2^53;
 *   X3 = fold(alpha^2 - 8 beta + 16m): alpha^2 < (4 4 / 16 + 1) m = 2m and
 *     8 beta < 16m, so the value is in (0, 18m); limbs below 2^58 in size
 *     (alpha^2's below 2^52, 8 beta's below 2^55, 16m's below 2^56);
 *   w = 4 beta - X3 + 2m in (0, 10m), carried: a multiplication operand;
 *   alpha w < (4 10 / 16 + 1) m = 3.5m;
 *   Y3 = fold(alpha w - 8 gamma^2 + 16m): in (0, 19.5m), limbs as X3's. */
BIG_ void pt8_dbl(pt8 *r, const pt8 *p)
{
	f8 delta, gamma, beta, alpha, t, u;
	sqr_p(&delta, &p->z);
	sqr_p(&gamma, &p->y);
	mont_mul(&beta, &p->x, &gamma, MP);
	for (int i = 0; i < 5; i++) {
		const __m512i d = _mm512_sub_epi64(p->x.v[i], delta.v[i]);
		t.v[i] = _mm512_add_epi64(_mm512_add_epi64(d, _mm512_slli_epi64(d, 1)), bc(P_X6[i]));
		u.v[i] = _mm512_add_epi64(p->x.v[i], delta.v[i]);
	}
	carry_signed(&t);
	carry_signed(&u);
	mont_mul(&alpha, &t, &u, MP); /* 3 (X - delta)(X + delta) < 4m */
	mont_mul(&t, &p->y, &p->z, MP);
	for (int i = 0; i < 5; i++)
		r->z.v[i] = _mm512_add_epi64(t.v[i], t.v[i]);
	fold_p(&r->z);           /* 2 Y Z */
	lz_shl(&beta, &beta, 2); /* 4 beta < 8m, limbs below 2^54 */
	sqr_p(&t, &alpha);
	for (int i = 0; i < 5; i++)
		r->x.v[i] = _mm512_add_epi64(_mm512_sub_epi64(t.v[i], _mm512_slli_epi64(beta.v[i], 1)), bc(P_X16[i]));
	fold_p(&r->x); /* alpha^2 - 8 beta */
	lz_sub(&t, &beta, &r->x, P_X2);
	carry_signed(&t);
	mont_mul(&t, &alpha, &t, MP);
	sqr_p(&u, &gamma);
	for (int i = 0; i < 5; i++)
		r->y.v[i] = _mm512_add_epi64(_mm512_sub_epi64(t.v[i], _mm512_slli_epi64(u.v[i], 3)), bc(P_X16[i]));
	fold_p(&r->y); /* alpha (4 beta - X3) - 8 gamma^2 */
}

/* Jacobian addition (Z3 = Z1 Z2 H): exact unless p = O, q = O or p = q
 * (p = -q gives Z3 = 0, the right sum). r may alias p or q. Inputs
 * reduced, outputs reduced. Lazy ranges (as in pt8_dbl; products of reduced
 * operands below 1.25m):
 *   H = U2 - U1 + 2m, R = S2 - S1 + 2m in (0, 4m), carried;
 *   Z3 = (Z1 Z2) H < (2 4 / 16 + 1) m, HH = H^2 < 2m, HHH = HH H < 1.5m,
 *     V = U1 HH < 1.25m, R^2 < 2m;
 *   X3 = fold(R^2 - HHH - 2V + 6m): in (0, 8m), limbs below 2^56 in size;
 *   R (V - X3 + 2m) < (4 4 / 16 + 1) m = 2m (V - X3 + 2m in (0, 4m));
 *   Y3 = fold(that - S1 HHH + 2m): in (0, 4m). */
BIG_ void pt8_add(pt8 *r, const pt8 *p, const pt8 *q)
{
	f8 z1z1, z2z2, u1, u2, s1, s2, h, rr, hh, hhh, v, t;
	sqr_p(&z1z1, &p->z);
	sqr_p(&z2z2, &q->z);
	mont_mul(&u1, &p->x, &z2z2, MP);
	mont_mul(&u2, &q->x, &z1z1, MP);
	mont_mul(&t, &q->z, &z2z2, MP);
	mont_mul(&s1, &p->y, &t, MP);
	mont_mul(&t, &p->z, &z1z1, MP);
	mont_mul(&s2, &q->y, &t, MP);
	lz_sub(&h, &u2, &u1, P_X2);
	carry_signed(&h);
	lz_sub(&rr, &s2, &s1, P_X2);
	carry_signed(&rr);
	mont_mul(&t, &p->z, &q->z, MP);
	mont_mul(&r->z, &t, &h, MP);
	sqr_p(&hh, &h);
	mont_mul(&hhh, &hh, &h, MP);
	mont_mul(&v, &u1, &hh, MP);
	sqr_p(&t, &rr);
	for (int i = 0; i < 5; i++)
		r->x.v[i] = _mm512_add_epi64(
		    _mm512_sub_epi64(_mm512_sub_epi64(t.v[i], hhh.v[i]), _mm512_add_epi64(v.v[i], v.v[i])),
		    bc(P_X6[i]));
	fold_p(&r->x);
	lz_sub(&t, &v, &r->x, P_X2);
	carry_signed(&t);
	mont_mul(&t, &rr, &t, MP);
	mont_mul(&s1, &s1, &hhh, MP);
	lz_sub(&r->y, &t, &s1, P_X2);
	fold_p(&r->y);
}

/* Mixed addition p + (x2, y2) (Z3 = Z1 H): exact unless p = O or p = (x2, y2);
 * p = -(x2, y2) gives Z3 = 0. r may alias p. Inputs reduced (x2, y2 too),
 * outputs reduced; the lazy ranges are pt8_add's (H, R in (0, 4m); Z3 =
 * Z1 H < 1.5m; X3 = fold(R^2 - HHH - 2V + 6m); Y3 = fold(R (V - X3 + 2m)
 * - Y1 HHH + 2m)). */
BIG_ void pt8_madd(pt8 *r, const pt8 *p, const f8 *x2, const f8 *y2)
{
	f8 z1z1, u2, s2, h, rr, hh, hhh, v, t;
	sqr_p(&z1z1, &p->z);
	mont_mul(&u2, x2, &z1z1, MP);
	mont_mul(&t, &p->z, &z1z1, MP);
	mont_mul(&s2, y2, &t, MP);
	lz_sub(&h, &u2, &p->x, P_X2);
	carry_signed(&h);
	lz_sub(&rr, &s2, &p->y, P_X2);
	carry_signed(&rr);
	sqr_p(&hh, &h);
	mont_mul(&hhh, &hh, &h, MP);
	mont_mul(&v, &p->x, &hh, MP);
	mont_mul(&r->z, &p->z, &h, MP);
	mont_mul(&t, &p->y, &hhh, MP); /* before r->y is written (r may alias p) */
	sqr_p(&s2, &rr);
	for (int i = 0; i < 5; i++)
		s2.v[i] = _mm512_add_epi64(
		    _mm512_sub_epi64(_mm512_sub_epi64(s2.v[i], hhh.v[i]), _mm512_add_epi64(v.v[i], v.v[i])),
		    bc(P_X6[i]));
	fold_p(&s2); /* X3 */
	lz_sub(&v, &v, &s2, P_X2);
	carry_signed(&v);
	mont_mul(&v, &rr, &v, MP);
	r->x = s2;
	lz_sub(&r->y, &v, &t, P_X2);
	fold_p(&r->y);
}

IN_ void pt8_blend(pt8 *r, __mmask8 k, const pt8 *a, const pt8 *b) /* k ? b : a */
{
	f8_blend(&r->x, k, &a->x, &b->x);
	f8_blend(&r->y, k, &a->y, &b->y);
	f8_blend(&r->z, k, &a->z, &b->z);
}

/* Booth digit of each lane's window at bit pos (public) of 2k, k2[0..5]
 * the words of 2k: the magnitude (in [0, 2^(w-1)]) and the lanes where it
 * is negative. The same recoding as scalar_mult.c's booth(). */
IN_ __m512i booth8(const __m512i k2[6], unsigned pos, unsigned w, __m512i *neg)
{
	const unsigned limb = pos / 64, shift = pos % 64;
	__m512i v = _mm512_srl_epi64(k2[limb], _mm_cvtsi32_si128((int)shift));
	if (shift != 0) /* public */
		v = _mm512_or_si512(v, _mm512_sll_epi64(k2[limb + 1], _mm_cvtsi32_si128((int)(64 - shift))));
	v = _mm512_and_si512(v, bc(((uint64_t)1 << (w + 1)) - 1));
	const __mmask8 s = _mm512_test_epi64_mask(v, bc((uint64_t)1 << w));
	const __m512i d = _mm512_mask_sub_epi64(v, s, bc(((uint64_t)1 << (w + 1)) - 1), v);
	*neg = _mm512_maskz_mov_epi64(s, bc(~(uint64_t)0));
	return _mm512_add_epi64(_mm512_srli_epi64(d, 1), _mm512_and_si512(d, bc(1)));
}

IN_ void double_k8(__m512i k2[6], const uint64_t k[4][8])
{
	__m512i w[4];
	for (int i = 0; i < 4; i++)
		w[i] = _mm512_loadu_si512(k[i]);
	k2[0] = _mm512_slli_epi64(w[0], 1);
	for (int i = 1; i < 4; i++)
		k2[i] = _mm512_or_si512(_mm512_slli_epi64(w[i], 1), _mm512_srli_epi64(w[i - 1], 63));
	k2[4] = _mm512_srli_epi64(w[3], 63);
	k2[5] = _mm512_setzero_si512();
}

/* Affine plain canonical x, y of every lane (0, 0 for the identity), and
 * the lanes that were the identity, as all-ones words in inf. */
IN_ void pt8_to_affine_out(uint64_t x[4][8], uint64_t y[4][8], uint64_t inf[8], const pt8 *p)
{
	f8 zi, zi2, t;
	f8_inv_p(&zi, &p->z);
	mont_mul(&zi2, &zi, &zi, MP);
	mont_mul(&t, &p->x, &zi2, MP);
	f8_to_plain(&t, &t, MP);
	f8_to_words(x, &t);
	if (y != NULL) { /* public */
		mont_mul(&zi2, &zi2, &zi, MP);
		mont_mul(&t, &p->y, &zi2, MP);
		f8_to_plain(&t, &t, MP);
		f8_to_words(y, &t);
	}
	if (inf != NULL)
		_mm512_storeu_si512(inf, f8_zero_lanes(&p->z, MP));
}

/* The scalar path's affine table words of each lane -> limbs (x, y < p). */
#define WORDS_TO_F8(r, w0, w1, w2, w3)                                                                                 \
	do {                                                                                                           \
		(r).v[0] = _mm512_and_si512((w0), mask);                                                               \
		(r).v[1] =                                                                                             \
		    _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64((w0), 52), _mm512_slli_epi64((w1), 12)), mask); \
		(r).v[2] =                                                                                             \
		    _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64((w1), 40), _mm512_slli_epi64((w2), 24)), mask); \
		(r).v[3] =                                                                                             \
		    _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64((w2), 28), _mm512_slli_epi64((w3), 36)), mask); \
		(r).v[4] = _mm512_srli_epi64((w3), 16);                                                                \
	} while (0)

/* Fixed base, acc = k G per lane in Jacobian coordinates (Z = 0 for the
 * identity): k[4][8] scalars below n (plain words), table the scalar path's
 * p256_base_table (ceil(257 / w) rows of 2^(w-1) affine points, 8 words
 * each: x, y, Montgomery R = 2^256), w-bit Booth windows. The same algorithm
 * as scalar_mult.c's scalar_mult_base_limbs, lane by lane (the proof there
 * that jac_madd's exceptions are selected around or unreachable for k < n
 * holds per lane): acc = O lanes take the entry (x, y, 1); zero-digit lanes
 * keep acc. Constant time in k: each scan reads every entry of the window
 * for every lane; except with vt (a constant after inlining: only the
 * _vartime entry passes 1), where each lane's entry is gathered at its
 * digit (public scalars only). */
BIG_ void base_acc8(pt8 *acc, const uint64_t k[4][8], const uint64_t *table, unsigned w, int vt)
{
	const size_t entries = (size_t)1 << (w - 1);
	unsigned windows = 1;     /* the fewest with w windows >= 257 (the top window's sign bit above bit 255) */
	while (windows * w < 257) /* public; no division (the static check allows none) */
		windows++;
	__m512i k2[6];
	pt8 t;
	f8 ex, ey, one;
	double_k8(k2, k);
	f8_const(&one, MOD_P.one);
	for (int i = 0; i < 5; i++) {
		acc->x.v[i] = _mm512_setzero_si512();
		acc->y.v[i] = _mm512_setzero_si512();
		acc->z.v[i] = _mm512_setzero_si512();
	}
	const __m512i mask = bc(M52);
	for (unsigned i = 0; i < windows; i++) {
		__m512i neg;
		const __m512i d = booth8(k2, w * i, w, &neg);
		const uint64_t *row = table + (size_t)i * entries * 8;
		__m512i e[8];
		if (vt) { /* public digits index the row: entry max(d, 1) - 1 */
			const __m512i j8 = _mm512_slli_epi64(_mm512_sub_epi64(_mm512_max_epu64(d, bc(1)), bc(1)), 3);
			for (int c = 0; c < 8; c++)
				e[c] =
				    _mm512_i64gather_epi64(_mm512_add_epi64(j8, bc((uint64_t)c)), (const void *)row, 8);
		} else {
			for (int j = 0; j < 8; j++)
				e[j] = _mm512_setzero_si512();
			__m512i jv = _mm512_setzero_si512();
			for (size_t j = 0; j < entries; j++) {
				jv = _mm512_add_epi64(jv, bc(1));
				const __mmask8 sel = _mm512_cmpeq_epi64_mask(jv, d);
				for (int c = 0; c < 8; c++)
					e[c] = _mm512_mask_broadcastq_epi64(
					    e[c], sel,
					    _mm_castpd_si128(_mm_load_sd((const double *)(row + 8 * j + c))));
			}
		}
		WORDS_TO_F8(ex, e[0], e[1], e[2], e[3]);
		WORDS_TO_F8(ey, e[4], e[5], e[6], e[7]);
		/* x 16: the domain. 16 x, 16 y: limbs below 2^56 (limb 4 below
		 * 2^52), values below 16p: fold_p's precondition; reduced after it */
		lz_shl(&ex, &ex, 4);
		lz_shl(&ey, &ey, 4);
		fold_p(&ex);
		fold_p(&ey);
		f8_cneg(&ey, &ey, neg, MP);
		const __m512i acc_inf = f8_zero_lanes(&acc->z, MP);
		pt8_madd(&t, acc, &ex, &ey);
		f8_blend(&t.x, lanes_mask(acc_inf), &t.x, &ex);
		f8_blend(&t.y, lanes_mask(acc_inf), &t.y, &ey);
		f8_blend(&t.z, lanes_mask(acc_inf), &t.z, &one);
		pt8_blend(acc, _mm512_cmpneq_epi64_mask(d, _mm512_setzero_si512()), acc, &t);
	}
	wipe_vectors((__m512i *)&t, sizeof t / 64);
	wipe_vectors(ex.v, 5);
	wipe_vectors(ey.v, 5);
	wipe_vectors(k2, 6);
}

/* Fixed base: the affine x, y (plain, canonical; inf as above) of k G per
 * lane (base_acc8). */
T_ void ecfk_p256x8_scalar_mult_base_avx512_ifma(uint64_t x[4][8], uint64_t y[4][8], uint64_t inf[8],
                                                 const uint64_t k[4][8], const uint64_t *table, unsigned w)
{
	pt8 acc;
	base_acc8(&acc, k, table, w, 0);
	pt8_to_affine_out(x, y, inf, &acc);
	wipe_vectors((__m512i *)&acc, sizeof acc / 64);
	clear_vector_state();
}

/* The variable-base table of both variable-base loops below: 1P..16P per
 * lane, Jacobian, from each lane's affine (px, py) in the Montgomery domain
 * (canonical words). */
IN_ void var_table8(pt8 table[16], const uint64_t px[4][8], const uint64_t py[4][8])
{
	f8_from_scalar(&table[0].x, px, MP);
	f8_from_scalar(&table[0].y, py, MP);
	f8_const(&table[0].z, MOD_P.one);
	pt8_dbl(&table[1], &table[0]);
	for (int i = 2; i < 16; i++) {
		if (i & 1)
			pt8_dbl(&table[i], &table[i / 2]);
		else
			pt8_add(&table[i], &table[i - 1], &table[0]);
	}
}

/* One window of both variable-base loops after its lookup: five doublings
 * of acc, then acc + t (t: the window's entry, already negated as its digit
 * says) where the lane's digit d is not 0; a lane whose acc is the identity
 * takes t. u: scratch. */
IN_ void var_window8(pt8 *acc, pt8 *u, const pt8 *t, __m512i d)
{
	for (int j = 0; j < 5; j++)
		pt8_dbl(acc, acc);
	const __m512i acc_inf = f8_zero_lanes(&acc->z, MP);
	pt8_add(u, acc, t);
	pt8_blend(u, lanes_mask(acc_inf), u, t);
	pt8_blend(acc, _mm512_cmpneq_epi64_mask(d, _mm512_setzero_si512()), acc, u);
}

/* Variable base: the same algorithm as scalar_mult.c's scalar_mult_limbs
 * lane by lane (5-bit signed Booth windows over 1P..16P in Jacobian
 * coordinates, 5 doublings and one addition per window; its proof that the
 * addition's exceptions are selected around or unreachable holds per lane,
 * for points of order n and k < n). px, py: each lane's affine point, the
 * scalar path's Montgomery domain (canonical words); x (and y, may be NULL)
 * the affine result, plain, canonical; inf as above. */
T_ void ecfk_p256x8_scalar_mult_avx512_ifma(uint64_t x[4][8], uint64_t y[4][8], uint64_t inf[8], const uint64_t k[4][8],
                                            const uint64_t px[4][8], const uint64_t py[4][8])
{
	pt8 table[16], acc, t, u;
	__m512i k2[6];
	var_table8(table, px, py);
	double_k8(k2, k);
	for (int i = 51; i >= 0; i--) {
		__m512i neg;
		const __m512i d = booth8(k2, i == 51 ? 255 : 5 * (unsigned)i, 5, &neg);
		pt8 *dst = i == 51 ? &acc : &t;
		for (int c = 0; c < 15; c++)
			((__m512i *)dst)[c] = _mm512_setzero_si512();
		__m512i jv = _mm512_setzero_si512();
		for (int j = 0; j < 16; j++) {
			jv = _mm512_add_epi64(jv, bc(1));
			const __mmask8 sel = _mm512_cmpeq_epi64_mask(jv, d);
			for (int c = 0; c < 15; c++)
				((__m512i *)dst)[c] =
				    _mm512_mask_mov_epi64(((__m512i *)dst)[c], sel, ((const __m512i *)&table[j])[c]);
		}
		f8_cneg(&dst->y, &dst->y, neg, MP);
		if (i == 51) /* public */
			continue;
		var_window8(&acc, &u, &t, d);
	}
	pt8_to_affine_out(x, y, inf, &acc);
	wipe_vectors((__m512i *)table, sizeof table / 64);
	wipe_vectors((__m512i *)&acc, sizeof acc / 64);
	wipe_vectors((__m512i *)&t, sizeof t / 64);
	wipe_vectors((__m512i *)&u, sizeof u / 64);
	wipe_vectors(k2, 6);
	clear_vector_state();
}

/* acc = k P per lane, Jacobian (Z = 0 for the identity): the loop of
 * ecfk_p256x8_scalar_mult_avx512_ifma above (the same windows, formulas and
 * exceptions argument, for P of order n and k < n), without its affine
 * conversion, and VARIABLE TIME: each lane's entry is gathered at its digit
 * (public k only). A copy of that loop rather than one loop with a constant
 * switch: inlined into the constant-time entry, the switch made clang spill
 * the entry's output pointers to the stack, which the object check
 * (check_ifma_ct.py, the ct-clang job) rejects. */
BIG_ void var_acc8_vartime(pt8 *acc, const uint64_t k[4][8], const uint64_t px[4][8], const uint64_t py[4][8])
{
	pt8 table[16], t, u;
	__m512i k2[6];
	var_table8(table, px, py);
	double_k8(k2, k);
	for (int i = 51; i >= 0; i--) {
		__m512i neg;
		const __m512i d = booth8(k2, i == 51 ? 255 : 5 * (unsigned)i, 5, &neg);
		pt8 *dst = i == 51 ? acc : &t;
		/* entry max(d, 1) - 1 of each lane's column: word (j 15 + c) 8 +
		 * lane of the table (15 vectors of 8 words per entry; 120 = 128 -
		 * 8); digit-0 lanes are kept or made the identity below */
		const __m512i lane = _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0);
		const __m512i j = _mm512_sub_epi64(_mm512_max_epu64(d, bc(1)), bc(1));
		const __m512i at =
		    _mm512_add_epi64(_mm512_sub_epi64(_mm512_slli_epi64(j, 7), _mm512_slli_epi64(j, 3)), lane);
		for (int c = 0; c < 15; c++)
			((__m512i *)dst)[c] =
			    _mm512_i64gather_epi64(_mm512_add_epi64(at, bc(8 * (uint64_t)c)), (const void *)table, 8);
		if (i == 51) { /* public; digit 0 lanes take the identity */
			for (int c = 10; c < 15; c++)
				((__m512i *)dst)[c] = _mm512_maskz_mov_epi64(
				    _mm512_cmpneq_epi64_mask(d, _mm512_setzero_si512()), ((__m512i *)dst)[c]);
		}
		f8_cneg(&dst->y, &dst->y, neg, MP);
		if (i == 51) /* public */
			continue;
		var_window8(acc, &u, &t, d);
	}
	wipe_vectors((__m512i *)table, sizeof table / 64);
	wipe_vectors((__m512i *)&t, sizeof t / 64);
	wipe_vectors((__m512i *)&u, sizeof u / 64);
	wipe_vectors(k2, 6);
}

/* ---- ECDSA (the batch signatures and verifications) ----
 *
 * The scalar multiplications above with the result left in Jacobian
 * coordinates, whose x the caller makes affine with one inversion per group
 * of 8 (Montgomery's trick in the scalar field) instead of one 8-lane Fermat
 * inversion, or compares without inverting (verification). */

/* Jacobian X and Z of p in the scalar path's domain (canonical a 2^256 mod
 * p, words w[j][lane]). */
IN_ void pt8_xz_out(uint64_t x[4][8], uint64_t z[4][8], const pt8 *p)
{
	f8_to_scalar(x, &p->x, MP);
	f8_to_scalar(z, &p->z, MP);
}

/* ECDSA signing: the Jacobian X, Z (scalar path's domain) of k G per lane,
 * k < n (plain words); the table as for ecfk_p256x8_scalar_mult_base_avx512_ifma.
 * Constant time in k. */
T_ void ecfk_p256x8_scalar_mult_base_jac_avx512_ifma(uint64_t x[4][8], uint64_t z[4][8], const uint64_t k[4][8],
                                                     const uint64_t *table, unsigned w)
{
	pt8 acc;
	base_acc8(&acc, k, table, w, 0);
	pt8_xz_out(x, z, &acc);
	wipe_vectors((__m512i *)&acc, sizeof acc / 64);
	clear_vector_state();
}

/* ECDSA verification: the Jacobian X, Z (scalar path's domain; Z = 0 for
 * the identity) of u1 G + u2 P per lane, u = {u1, u2} < n (plain words), P
 * of order n (pxy = {px, py} as for ecfk_p256x8_scalar_mult_avx512_ifma;
 * six arguments, all in registers). The two products are the loops above
 * (exact for scalars below n); their sum is complete: where they are equal
 * it is the doubling, where either is the identity the other; opposite
 * points give Z = 0 through the addition. VARIABLE TIME: the tables are read
 * by gathers at the digits of u1 and u2 (public in a verification), so the
 * object check skips this function by its name (tools/check_ifma_ct.py). */
T_ void ecfk_p256x8_double_scalar_mult_vartime_avx512_ifma(uint64_t x[4][8], uint64_t z[4][8],
                                                           const uint64_t u[2][4][8], const uint64_t pxy[2][4][8],
                                                           const uint64_t *table, unsigned w)
{
	pt8 a, b, s, d;
	f8 z1z1, z2z2, m1, m2, t;
	base_acc8(&a, u[0], table, w, 1);
	var_acc8_vartime(&b, u[1], pxy[0], pxy[1]);
	/* H = U2 - U1 and R = S2 - S1 of b + a, for the equal-points case */
	mont_mul(&z1z1, &b.z, &b.z, MP);
	mont_mul(&z2z2, &a.z, &a.z, MP);
	mont_mul(&m1, &b.x, &z2z2, MP);
	mont_mul(&m2, &a.x, &z1z1, MP);
	f8_sub(&t, &m2, &m1, MP);
	const __m512i h0 = f8_zero_lanes(&t, MP);
	mont_mul(&t, &a.z, &z2z2, MP);
	mont_mul(&m1, &b.y, &t, MP);
	mont_mul(&t, &b.z, &z1z1, MP);
	mont_mul(&m2, &a.y, &t, MP);
	f8_sub(&t, &m2, &m1, MP);
	const __m512i r0 = f8_zero_lanes(&t, MP);
	pt8_add(&s, &b, &a);
	pt8_dbl(&d, &b);
	pt8_blend(&s, lanes_mask(_mm512_and_si512(h0, r0)), &s, &d);
	pt8_blend(&s, lanes_mask(f8_zero_lanes(&a.z, MP)), &s, &b);
	pt8_blend(&s, lanes_mask(f8_zero_lanes(&b.z, MP)), &s, &a);
	pt8_xz_out(x, z, &s);
	clear_vector_state();
}
