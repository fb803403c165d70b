/*
 * The group equation of eight Ed25519 verifications with AVX-512 IFMA
 * (declarations and contract: ed25519_verify8_avx512_ifma.h), on the 8-lane
 * GF(2^255 - 19) of p25519x8_avx512_ifma.h (its ranges: mul and sqr take L
 * and give T; add and sub take T and give L; the bounds below are those
 * rules applied to each formula).
 *
 * R' = [S]B + [k](-A), computed as [S]B - [k]A with fixed signed windows, so
 * that every lane adds at the same places:
 *   k in radix 16, digits in [-8, 7] (64 of them, k < 2^253: no carry out),
 *     from a per-lane table of 0A..8A (extended "cached" form, built here:
 *     one doubling and six additions); a digit d adds |d|A negated where
 *     d > 0 (the point is negated, not the scalar, as the single call does,
 *     so a small-order component of A is kept);
 *   S in radix 256, digits in [-128, 127] (32 of them, every other window),
 *     from the generated affine table ED8_BASE_W8 of 0B..128B;
 * 63 x 4 doublings in between. Entry 0 of both tables is the identity, so
 * a zero digit is an addition like any other. The entries are fetched with
 * VPGATHERQQ indexed by each lane's digit: variable time in the (public)
 * scalars, hence _vartime. Extended coordinates with the formulas of
 * edwards25519.c (Hisil, Wong, Carter, Dawson 2008, a = -1; complete):
 *
 *   dbl (p2 -> p1p1):  X = (X+Y)^2 - (Y^2+X^2), Y = Y^2+X^2, Z = Y^2-X^2,
 *                      T = (2Z^2+X^2) - Y^2
 *   add (p3 + cached -> p1p1): A = (Y+X)(y+x), B = (Y-X)(y-x), C = T 2dT',
 *                      D2 = 2 Z Z'; X = A-B, Y = A+B, Z = D2+C, T = D2-C;
 *                      negated entry: y+x and y-x exchanged, C negated
 *   madd: the same with Z' = 1 (D2 = Z+Z)
 *
 * Ranges: every coordinate of a p3 or p2 is a product (T); the sums and
 * differences feeding products are add/sub of T values (L); in dbl, Y^2+X^2
 * (add of T, top limb < 2^49 + 2) is subtracted from (X+Y)^2 and T is formed
 * as (2Z^2 + X^2) - Y^2 so that every sub's subtrahend is T or an add of T
 * (top limb <= 16 (2^47 - 1), what sub's 16p allows) and every minuend's top
 * limb stays below 2^51 - 2^5; the p1p1 coordinates (L) go only into
 * products. The result is encoded as the single call encodes: Z inverted
 * (a^(p-2)), x and y frozen, the sign of x in bit 255.
 *
 * Built like the other IFMA kernels (target attribute on its functions; the
 * rest of the library stays baseline x86-64). Before returning, the kernel
 * clears the vector registers it may have used (the inputs are public: this
 * is hygiene, not a secret wipe).
 */
#include "kernels/x86_64/ed25519_verify8_avx512_ifma.h"

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/x86_64/p25519x8_avx512_ifma.h"

#include "ed25519_verify8_table.h" /* ED8_D2, ED8_BASE_W8 (gen_verify8_table.py) */

#define PT_FN static __attribute__((noinline)) IFMA_TARGET

typedef struct {
	fe8 X, Y, Z, T;
} ge8; /* extended p3, or completed p1p1 */
typedef struct {
	fe8 ypx, ymx, Z, T2d;
} cached8;
typedef struct {
	fe8 ypx, ymx, xy2d;
} niels8;

/* The per-lane table of 0A..8A (cached form): entry e, word c (coordinate
 * 5 c + limb), lane j at tab[e][c][j]. */
#define TAB_WORDS 20
_Static_assert(TAB_WORDS * 8 == 160, "gather_a's index");
typedef uint64_t tabA[9][TAB_WORDS][8];

PT_FN void p1p1_to_p2(ge8 *r, const ge8 *p)
{
	fe8 x, y, z;
	fe8_mul(&x, &p->X, &p->T);
	fe8_mul(&y, &p->Y, &p->Z);
	fe8_mul(&z, &p->Z, &p->T);
	r->X = x, r->Y = y, r->Z = z;
}

PT_FN void p1p1_to_p3(ge8 *r, const ge8 *p)
{
	fe8 x, y, z, t;
	fe8_mul(&x, &p->X, &p->T);
	fe8_mul(&y, &p->Y, &p->Z);
	fe8_mul(&z, &p->Z, &p->T);
	fe8_mul(&t, &p->X, &p->Y);
	r->X = x, r->Y = y, r->Z = z, r->T = t;
}

/* r (p1p1) = 2 p, p read as p2 (X, Y, Z in T). */
PT_FN void dbl(ge8 *r, const ge8 *p)
{
	fe8 xx, yy, zz, s, aa, u;
	fe8_sqr(&xx, &p->X);
	fe8_sqr(&yy, &p->Y);
	fe8_sqr(&zz, &p->Z);
	fe8_add(&s, &p->X, &p->Y);
	fe8_sqr(&aa, &s);
	fe8_add(&zz, &zz, &zz);   /* 2Z^2: top limb < 2^49 + 2 */
	fe8_add(&u, &zz, &xx);    /* top limb < 2^50 */
	fe8_add(&r->Y, &yy, &xx); /* top limb < 2^49 + 2 */
	fe8_sub(&r->Z, &yy, &xx);
	fe8_sub(&r->X, &aa, &r->Y);
	fe8_sub(&r->T, &u, &yy);
}

/* Lanes of neg: a and b exchanged (VPBLENDMQ). */
IFMA_INLINE void fe8_swap_lanes(fe8 *x, fe8 *y, const fe8 *a, const fe8 *b, __mmask8 neg)
{
	for (int i = 0; i < 5; i++) {
		x->l[i] = _mm512_mask_blend_epi64(neg, a->l[i], b->l[i]);
		y->l[i] = _mm512_mask_blend_epi64(neg, b->l[i], a->l[i]);
	}
}

/* The end of add and madd: X = A-B, Y = A+B, Z = D2 +- C, T = D2 -+ C. */
IFMA_INLINE void add_tail(ge8 *r, const fe8 *a, const fe8 *b, const fe8 *c, const fe8 *d2, __mmask8 neg)
{
	fe8 zp, zm;
	fe8_sub(&r->X, a, b);
	fe8_add(&r->Y, a, b);
	fe8_add(&zp, d2, c); /* top limb < 2^50 */
	fe8_sub(&zm, d2, c);
	fe8_swap_lanes(&r->Z, &r->T, &zp, &zm, neg);
}

/* r (p1p1) = p + q, or p - q in the lanes of neg; p in p3 (T), q cached. */
PT_FN void add_cached(ge8 *r, const ge8 *p, const cached8 *q, __mmask8 neg)
{
	fe8 ypx, ymx, qp, qm, a, b, c, d;
	fe8_add(&ypx, &p->Y, &p->X);
	fe8_sub(&ymx, &p->Y, &p->X);
	fe8_swap_lanes(&qp, &qm, &q->ypx, &q->ymx, neg);
	fe8_mul(&a, &ypx, &qp);
	fe8_mul(&b, &ymx, &qm);
	fe8_mul(&c, &p->T, &q->T2d);
	fe8_mul(&d, &p->Z, &q->Z);
	fe8_add(&d, &d, &d);
	add_tail(r, &a, &b, &c, &d, neg);
}

/* r (p1p1) = p + q, or p - q in the lanes of neg; q affine (Niels). */
PT_FN void madd_niels(ge8 *r, const ge8 *p, const niels8 *q, __mmask8 neg)
{
	fe8 ypx, ymx, qp, qm, a, b, c, d;
	fe8_add(&ypx, &p->Y, &p->X);
	fe8_sub(&ymx, &p->Y, &p->X);
	fe8_swap_lanes(&qp, &qm, &q->ypx, &q->ymx, neg);
	fe8_mul(&a, &ypx, &qp);
	fe8_mul(&b, &ymx, &qm);
	fe8_mul(&c, &p->T, &q->xy2d);
	fe8_add(&d, &p->Z, &p->Z);
	add_tail(r, &a, &b, &c, &d, neg);
}

/* Entry e of the table, the cached form of p (p3, T). */
PT_FN void store_cached(uint64_t t[TAB_WORDS][8], const ge8 *p)
{
	fe8 c[4], d2;
	fe8_add(&c[0], &p->Y, &p->X);
	fe8_sub(&c[1], &p->Y, &p->X);
	c[2] = p->Z;
	for (int i = 0; i < 5; i++)
		d2.l[i] = _mm512_set1_epi64((long long)ED8_D2[i]);
	fe8_mul(&c[3], &p->T, &d2);
	for (int k = 0; k < 4; k++)
		for (int i = 0; i < 5; i++)
			_mm512_storeu_si512((void *)t[5 * k + i], c[k].l[i]);
}

/* tab[0..8] = 0A..8A from A (p3, T). */
PT_FN void build_table(tabA tab, const ge8 *a)
{
	ge8 p, t;
	/* entry 0: the identity, (1, 1, 1, 0) */
	for (int c = 0; c < TAB_WORDS; c++)
		_mm512_storeu_si512((void *)tab[0][c], _mm512_set1_epi64(c == 0 || c == 5 || c == 10));
	store_cached(tab[1], a);
	dbl(&t, a);
	p1p1_to_p3(&p, &t);
	store_cached(tab[2], &p);
	cached8 ca;
	for (int k = 0; k < 4; k++)
		for (int i = 0; i < 5; i++)
			((fe8 *)&ca)[k].l[i] = _mm512_loadu_si512((const void *)tab[1][5 * k + i]);
	for (int e = 3; e <= 8; e++) {
		add_cached(&t, &p, &ca, 0);
		p1p1_to_p3(&p, &t);
		store_cached(tab[e], &p);
	}
}

IFMA_INLINE void fe8_const(fe8 *r, const uint64_t c[5])
{
	for (int i = 0; i < 5; i++)
		r->l[i] = _mm512_set1_epi64((long long)c[i]);
}

/* The lanes where a (L) is 0 mod p: carried to T (mul_small by 1), frozen. */
IFMA_INLINE __mmask8 fe8_zero_mask(const fe8 *a)
{
	fe8 t;
	fe8_mul_small(&t, a, 1);
	fe8_freeze(&t, &t);
	const __m512i o =
	    _mm512_or_si512(_mm512_or_si512(t.l[0], t.l[1]), _mm512_or_si512(t.l[2], _mm512_or_si512(t.l[3], t.l[4])));
	return _mm512_cmpeq_epi64_mask(o, _mm512_setzero_si512());
}

/* z^((p-5)/8) = z^(2^252 - 3), the chain of ref10's pow22523: T in, T out. */
PT_FN void pow22523(fe8 *r, const fe8 *z)
{
	fe8 t0, t1, t2;
	fe8_sqr(&t0, z);          /* 2 */
	fe8_sqr_n(&t1, &t0, 2);   /* 8 */
	fe8_mul(&t1, z, &t1);     /* 9 */
	fe8_mul(&t0, &t0, &t1);   /* 11 */
	fe8_sqr(&t0, &t0);        /* 22 */
	fe8_mul(&t0, &t1, &t0);   /* 2^5 - 1 */
	fe8_sqr_n(&t1, &t0, 5);   /* 2^10 - 2^5 */
	fe8_mul(&t0, &t1, &t0);   /* 2^10 - 1 */
	fe8_sqr_n(&t1, &t0, 10);  /* 2^20 - 2^10 */
	fe8_mul(&t1, &t1, &t0);   /* 2^20 - 1 */
	fe8_sqr_n(&t2, &t1, 20);  /* 2^40 - 2^20 */
	fe8_mul(&t1, &t2, &t1);   /* 2^40 - 1 */
	fe8_sqr_n(&t1, &t1, 10);  /* 2^50 - 2^10 */
	fe8_mul(&t0, &t1, &t0);   /* 2^50 - 1 */
	fe8_sqr_n(&t1, &t0, 50);  /* 2^100 - 2^50 */
	fe8_mul(&t1, &t1, &t0);   /* 2^100 - 1 */
	fe8_sqr_n(&t2, &t1, 100); /* 2^200 - 2^100 */
	fe8_mul(&t1, &t2, &t1);   /* 2^200 - 1 */
	fe8_sqr_n(&t1, &t1, 50);  /* 2^250 - 2^50 */
	fe8_mul(&t0, &t1, &t0);   /* 2^250 - 1 */
	fe8_sqr_n(&t0, &t0, 2);   /* 2^252 - 4 */
	fe8_mul(r, &t0, z);       /* 2^252 - 3 */
}

/* The strict decoding of RFC 8032 5.1.3 on eight lanes, y < p given (the
 * caller checked it): x^2 = u/v with u = y^2 - 1, v = d y^2 + 1 (never 0),
 * r = u v^3 (u v^7)^((p-5)/8), then v r^2 = u (x = r), = -u (x = r sqrt(-1))
 * or neither (not a square: *bad). The root with the parity of bit 255 is
 * taken (the single call's choice: the point is unique); *xzero: x = 0 (with
 * bit 255 set, the single call's ECF_ERR_ENCODING). Lanes in *bad get the
 * identity (their output is ignored). A in p3 (T). */
PT_FN void decode8(ge8 *a, __mmask8 *bad, __mmask8 *xzero, const __m512i yw[4])
{
	fe8 y, y2, u, v, t, v3, v7, uv3, uv7, r, chk, d1, d2, x, xn, c;
	const __m512i zero = _mm512_setzero_si512();
	const __m512i sign = _mm512_srli_epi64(yw[3], 63);
	fe8_from_words(&y, yw); /* bit 255 dropped */
	fe8 one;
	for (int i = 0; i < 5; i++)
		one.l[i] = _mm512_set1_epi64(i == 0);
	fe8_sqr(&y2, &y);
	fe8_sub(&u, &y2, &one);
	fe8_mul_small(&u, &u, 1); /* L -> T: u is a subtrahend below */
	fe8_const(&c, ED8_D);
	fe8_mul(&t, &y2, &c);
	fe8_add(&v, &t, &one);
	fe8_sqr(&t, &v);
	fe8_mul(&v3, &t, &v);
	fe8_sqr(&t, &v3);
	fe8_mul(&v7, &t, &v);
	fe8_mul(&uv3, &u, &v3);
	fe8_mul(&uv7, &u, &v7);
	pow22523(&t, &uv7);
	fe8_mul(&r, &uv3, &t);
	fe8_sqr(&t, &r);
	fe8_mul(&chk, &v, &t);
	fe8_sub(&d1, &chk, &u);
	fe8_add(&d2, &chk, &u);
	const __mmask8 ok1 = fe8_zero_mask(&d1), ok2 = fe8_zero_mask(&d2);
	fe8_const(&c, ED8_SQRT_M1);
	fe8_mul(&t, &r, &c);
	const __mmask8 use_i = (__mmask8)(ok2 & (__mmask8)~ok1);
	for (int i = 0; i < 5; i++)
		x.l[i] = _mm512_mask_blend_epi64(use_i, r.l[i], t.l[i]);
	fe8_freeze(&x, &x);
	const __m512i xo =
	    _mm512_or_si512(_mm512_or_si512(x.l[0], x.l[1]), _mm512_or_si512(x.l[2], _mm512_or_si512(x.l[3], x.l[4])));
	*xzero = _mm512_cmpeq_epi64_mask(xo, zero);
	/* the root of the other parity: p - x (frozen; 0 stays 0) */
	for (int i = 0; i < 5; i++)
		t.l[i] = zero;
	fe8_sub(&xn, &t, &x);
	fe8_mul_small(&xn, &xn, 1);
	fe8_freeze(&xn, &xn);
	const __mmask8 flip = _mm512_cmpneq_epi64_mask(_mm512_and_si512(x.l[0], _mm512_set1_epi64(1)), sign);
	const __mmask8 notsq = (__mmask8) ~(ok1 | ok2);
	*bad = notsq;
	for (int i = 0; i < 5; i++) {
		x.l[i] = _mm512_mask_blend_epi64(flip, x.l[i], xn.l[i]);
		/* bad lanes: the identity (0, 1) */
		a->X.l[i] = _mm512_mask_blend_epi64(notsq, x.l[i], zero);
		a->Y.l[i] = _mm512_mask_blend_epi64(notsq, y.l[i], one.l[i]);
		a->Z.l[i] = one.l[i];
	}
	fe8_mul(&a->T, &a->X, &a->Y);
}

/* The entries |d| of each lane: A's table (per lane), B's (shared rows). */
IFMA_INLINE void gather_a(cached8 *q, const tabA tab, __m512i absd)
{
	/* |d| * 160 + j (160 = TAB_WORDS * 8 words per entry; no VPMULLQ without AVX512DQ) */
	const __m512i idx = _mm512_add_epi64(_mm512_add_epi64(_mm512_slli_epi64(absd, 7), _mm512_slli_epi64(absd, 5)),
	                                     _mm512_set_epi64(7, 6, 5, 4, 3, 2, 1, 0));
	fe8 *f = (fe8 *)q;
	for (int k = 0; k < 4; k++)
		for (int i = 0; i < 5; i++)
			f[k].l[i] = _mm512_i64gather_epi64(idx, (const void *)tab[0][5 * k + i], 8);
}

IFMA_INLINE void gather_b(niels8 *q, __m512i absd)
{
	const __m512i idx = _mm512_sub_epi64(_mm512_slli_epi64(absd, 4), absd); /* |d| * 15 */
	fe8 *f = (fe8 *)q;
	for (int k = 0; k < 3; k++)
		for (int i = 0; i < 5; i++)
			f[k].l[i] = _mm512_i64gather_epi64(idx, (const void *)&ED8_BASE_W8[0][5 * k + i], 8);
}

/* The signed digits, lane j at d[i][j]: k in radix 16 ([-8, 7]), S in radix
 * 256 ([-128, 127]); both below 2^253, so the last carry is 0. */
static void recode(int64_t dk[64][8], int64_t ds[32][8], const uint8_t k[8][32], const uint8_t s[8][32])
{
	for (int j = 0; j < 8; j++) {
		int carry = 0;
		for (int i = 0; i < 64; i++) {
			int v = ((k[j][i / 2] >> (4 * (i & 1))) & 15) + carry;
			carry = (v + 8) >> 4;
			dk[i][j] = v - (carry << 4);
		}
		carry = 0;
		for (int i = 0; i < 32; i++) {
			int v = s[j][i] + carry;
			carry = (v + 128) >> 8;
			ds[i][j] = v - (carry << 8);
		}
	}
}

PT_FN void double_scalar8(ge8 *acc, const tabA tab, const int64_t dk[64][8], const int64_t ds[32][8])
{
	const __m512i zero = _mm512_setzero_si512();
	ge8 t, u;
	cached8 qa;
	niels8 qb;
	for (int i = 63; i >= 0; i--) {
		if (i == 63) { /* u = the identity */
			for (int l = 0; l < 5; l++) {
				u.X.l[l] = u.T.l[l] = zero;
				u.Y.l[l] = u.Z.l[l] = _mm512_set1_epi64(l == 0);
			}
		} else {
			dbl(&t, acc);
			p1p1_to_p2(acc, &t);
			dbl(&t, acc);
			p1p1_to_p2(acc, &t);
			dbl(&t, acc);
			p1p1_to_p2(acc, &t);
			dbl(&t, acc);
			p1p1_to_p3(&u, &t);
		}
		/* -[d]A: the entry |d|, negated where d > 0 */
		const __m512i d = _mm512_loadu_si512((const void *)dk[i]);
		gather_a(&qa, tab, _mm512_abs_epi64(d));
		add_cached(&t, &u, &qa, _mm512_cmpgt_epi64_mask(d, zero));
		if ((i & 1) == 0) { /* [e]B, e the radix-256 digit of S at bit 4i */
			const __m512i e = _mm512_loadu_si512((const void *)ds[i / 2]);
			p1p1_to_p3(&u, &t);
			gather_b(&qb, _mm512_abs_epi64(e));
			madd_niels(&t, &u, &qb, _mm512_cmplt_epi64_mask(e, zero));
		}
		p1p1_to_p2(acc, &t);
	}
}

/* The encoding of RFC 8032 5.1.2 of p (p2): y, and the sign of x in bit 255. */
PT_FN void encode8(uint8_t out[8][32], const ge8 *p)
{
	fe8 zi, x, y;
	__m512i w[4];
	fe8_inv(&zi, &p->Z);
	fe8_mul(&x, &p->X, &zi);
	fe8_mul(&y, &p->Y, &zi);
	fe8_freeze(&x, &x);
	fe8_freeze(&y, &y);
	fe8_to_words(w, &y);
	w[3] = _mm512_or_si512(w[3], _mm512_slli_epi64(_mm512_and_si512(x.l[0], _mm512_set1_epi64(1)), 63));
	store_lanes(out, w);
}

IFMA_TARGET void ecfk_ed25519_verify8_vartime_avx512_ifma(uint8_t out[8][32], uint8_t *bad, uint8_t *xzero,
                                                          const uint8_t pk[8][32], const uint8_t k[8][32],
                                                          const uint8_t s[8][32])
{
	tabA tab;
	int64_t dk[64][8], ds[32][8];
	__m512i yw[4];
	ge8 a, acc;
	__mmask8 b, z;
	recode(dk, ds, k, s);
	load_lanes(yw, pk);
	decode8(&a, &b, &z, yw);
	*bad = (uint8_t)b;
	*xzero = (uint8_t)z;
	build_table(tab, &a);
	double_scalar8(&acc, (const uint64_t(*)[TAB_WORDS][8])tab, (const int64_t(*)[8])dk, (const int64_t(*)[8])ds);
	encode8(out, &acc);
	clear_vector_registers();
}
