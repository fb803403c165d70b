/*
 * SIDH and SIKE are BROKEN (Castryck-Decru 2022; Maino-Martindale; Robert):
 * a secret key is recovered from a public key in polynomial time. This is
 * research and benchmark code, never for protecting anything.
 *
 * One generic definition of SIDH (key generation, shared secrets) and of
 * the SIKE KEM (round 3, uncompressed) on the isogeny fields, instantiated
 * by p434_sidh.c ... p751_sidh.c, which list the exported names after
 * including it, one line per function, so that grep and ctags find them
 * (test names_findable):
 *
 *   ECFI_EXPORT_ALIAS(ecf_p503_sike_keypair, ecfi_p503_sike_keypair);
 *
 * Include it after defining:
 *
 *   FIELD        token, e.g. p503: field ecfi_<FIELD>_*, API ecf_<FIELD>_sidh_* / _sike_*
 *                (static bodies ecfi_<FIELD>_sidh_* / _sike_*)
 *   FIELD_LIMBS  64-bit limbs of an element
 *   FIELD_BYTES  bytes of the SIKE encoding of GF(p)
 *   FIELD_UPPER  the upper-case token of the public header's sizes, e.g. P503
 *   and the constants of <FIELD>_sidh_params.h (lib/curves/sidh/sidh_params.py).
 *
 * Arithmetic: x-only projective Montgomery curves By^2 = Cx^3 + Ax^2 + Cx over
 * GF(p^2), (X:Z) points; the formulas are those of the SIKE specification
 * (round 3, section 1.3 and appendix), written here from their definitions.
 * Every function is constant time in the secret key: the only secret-dependent
 * step is the three-point ladder, whose swaps are masked; every loop count is
 * public (strategies, exponents) and the field operations are constant time.
 */
#include <stddef.h>
#include <string.h>

#include "common/internal.h"
#include "common/limbs.h"
#include "common/wipe.h"
#include "curves/sidh/sidh_fields.h"
#include "hash/sha3.h"

#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FP2 ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fp2)
#define F(op) ECFI_SIDH_FIELD_FN(FIELD, op)
/* The API's bodies, static: PUB(sike_keypair) is ecfi_<FIELD>_sike_keypair, whose
 * public name ecf_<FIELD>_sike_keypair is an alias in the field's file. */
#define PUB(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _), op)
#define IN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _sidh_), op)
#define NL FIELD_LIMBS
#define FP2_BYTES (2 * FIELD_BYTES)
#define PK_BYTES (3 * FP2_BYTES)
#define ALICE 0
#define BOB 1

typedef struct {
	FP2 x, z;
} IN(point);
#define PT IN(point)

/* ---- small GF(p^2) helpers ---- */

static void IN(fp2_set_gen)(FP2 *r, const uint64_t re[NL], const uint64_t im[NL])
{
	ecfi_limbs_copy(r->re.limb, re, NL);
	ecfi_limbs_copy(r->im.limb, im, NL);
}

/* r = a * 1/4 (Montgomery constant INV4 in GF(p)). */
static void IN(fp2_div4)(FP2 *r, const FP2 *a)
{
	FE q;
	ecfi_limbs_copy(q.limb, INV4, NL);
	F(mul)(&r->re, &a->re, &q);
	F(mul)(&r->im, &a->im, &q);
}

static void IN(pt_cswap)(PT *a, PT *b, int cond)
{
	F(fp2_cswap)(&a->x, &b->x, cond);
	F(fp2_cswap)(&a->z, &b->z, cond);
}

/* ---- curve arithmetic ---- */

/* q = [2]p on the curve with A24p = A + 2C, C24 = 4C. 4M + 2S. */
static void IN(xdbl)(PT *q, const PT *p, const FP2 *a24p, const FP2 *c24)
{
	FP2 t0, t1;
	F(fp2_sub)(&t0, &p->x, &p->z);
	F(fp2_add)(&t1, &p->x, &p->z);
	F(fp2_sqr)(&t0, &t0);
	F(fp2_sqr)(&t1, &t1);
	F(fp2_mul)(&q->z, c24, &t0);
	F(fp2_mul)(&q->x, &t1, &q->z);
	F(fp2_sub)(&t1, &t1, &t0);
	F(fp2_mul)(&t0, a24p, &t1);
	F(fp2_add)(&q->z, &q->z, &t0);
	F(fp2_mul)(&q->z, &q->z, &t1);
}

/* q = [2^e]p. */
static void IN(xdble)(PT *q, const PT *p, const FP2 *a24p, const FP2 *c24, unsigned e)
{
	*q = *p;
	for (unsigned i = 0; i < e; i++)
		IN(xdbl)(q, q, a24p, c24);
}

/* q = [3]p on the curve with A24m = A - 2C, A24p = A + 2C. 7M + 5S. */
static void IN(xtpl)(PT *q, const PT *p, const FP2 *a24m, const FP2 *a24p)
{
	FP2 t0, t1, t2, t3, t4, t5, t6;
	F(fp2_sub)(&t0, &p->x, &p->z);
	F(fp2_sqr)(&t2, &t0);
	F(fp2_add)(&t1, &p->x, &p->z);
	F(fp2_sqr)(&t3, &t1);
	F(fp2_add)(&t4, &p->x, &p->x);
	F(fp2_add)(&t0, &p->z, &p->z);
	F(fp2_sqr)(&t1, &t4);
	F(fp2_sub)(&t1, &t1, &t3);
	F(fp2_sub)(&t1, &t1, &t2);
	F(fp2_mul)(&t5, a24p, &t3);
	F(fp2_mul)(&t3, &t3, &t5);
	F(fp2_mul)(&t6, a24m, &t2);
	F(fp2_mul)(&t2, &t2, &t6);
	F(fp2_sub)(&t3, &t2, &t3);
	F(fp2_sub)(&t2, &t5, &t6);
	F(fp2_mul)(&t1, &t1, &t2);
	F(fp2_add)(&t2, &t3, &t1);
	F(fp2_sqr)(&t2, &t2);
	F(fp2_mul)(&q->x, &t4, &t2);
	F(fp2_sub)(&t1, &t3, &t1);
	F(fp2_sqr)(&t1, &t1);
	F(fp2_mul)(&q->z, &t0, &t1);
}

/* q = [3^e]p. */
static void IN(xtple)(PT *q, const PT *p, const FP2 *a24m, const FP2 *a24p, unsigned e)
{
	*q = *p;
	for (unsigned i = 0; i < e; i++)
		IN(xtpl)(q, q, a24m, a24p);
}

/* p = [2]p and q = p + q given x(p - q) = xpq / zpq, on the curve with
 * a24 = (A + 2) / 4 (affine A). 6M + 4S. */
static void IN(xdbladd)(PT *p, PT *q, const FP2 *xpq, const FP2 *zpq, const FP2 *a24)
{
	FP2 t0, t1, t2;
	F(fp2_add)(&t0, &p->x, &p->z);
	F(fp2_sub)(&t1, &p->x, &p->z);
	F(fp2_sqr)(&p->x, &t0);
	F(fp2_sub)(&t2, &q->x, &q->z);
	F(fp2_add)(&q->x, &q->x, &q->z);
	F(fp2_mul)(&t0, &t0, &t2);
	F(fp2_sqr)(&p->z, &t1);
	F(fp2_mul)(&t1, &t1, &q->x);
	F(fp2_sub)(&t2, &p->x, &p->z);
	F(fp2_mul)(&p->x, &p->x, &p->z);
	F(fp2_mul)(&q->x, a24, &t2);
	F(fp2_sub)(&q->z, &t0, &t1);
	F(fp2_add)(&p->z, &q->x, &p->z);
	F(fp2_add)(&q->x, &t0, &t1);
	F(fp2_mul)(&p->z, &p->z, &t2);
	F(fp2_sqr)(&q->z, &q->z);
	F(fp2_sqr)(&q->x, &q->x);
	F(fp2_mul)(&q->z, &q->z, xpq);
	F(fp2_mul)(&q->x, &q->x, zpq);
}

/* q = q + t for an affine t = (xt : 1), given x(q - t) = xd / zd (the
 * differential addition of xDBLADD with one operand affine). 4M + 2S. */
static void IN(xadd_affine)(PT *q, const FP2 *xt, const FP2 *xd, const FP2 *zd)
{
	FP2 t0, t1, one, u, v;
	F(fp2_one)(&one);
	F(fp2_add)(&u, xt, &one);
	F(fp2_sub)(&v, xt, &one);
	F(fp2_sub)(&t0, &q->x, &q->z);
	F(fp2_add)(&t1, &q->x, &q->z);
	F(fp2_mul)(&t0, &t0, &u);
	F(fp2_mul)(&t1, &t1, &v);
	F(fp2_add)(&u, &t0, &t1);
	F(fp2_sub)(&v, &t0, &t1);
	F(fp2_sqr)(&u, &u);
	F(fp2_sqr)(&v, &v);
	F(fp2_mul)(&q->x, zd, &u);
	F(fp2_mul)(&q->z, xd, &v);
}

/* The three-point ladder: r = P + [m]Q from x(P), x(Q), x(P - Q) on the curve
 * with affine coefficient a, for the nbits low bits of m (LSB first). The
 * swaps are masked: constant time in m. With a table of x([2^i]Q) (affine,
 * key generation on the fixed basis) the doubling chain is read from it and
 * each bit costs one differential addition; without (table NULL), xDBLADD. */
static void IN(ladder3pt)(PT *r, const FP2 *xp, const FP2 *xq, const FP2 *xpq, const uint64_t *m, unsigned nbits,
                          const FP2 *a, const uint64_t (*table)[2][NL])
{
	PT r0, r2;
	FP2 a24, two;
	F(fp2_one)(&two);
	F(fp2_add)(&two, &two, &two);
	F(fp2_add)(&a24, a, &two);
	IN(fp2_div4)(&a24, &a24);
	r0.x = *xq;
	F(fp2_one)(&r0.z);
	r2.x = *xpq;
	F(fp2_one)(&r2.z);
	r->x = *xp;
	F(fp2_one)(&r->z);
	uint64_t prev = 0;
	for (unsigned i = 0; i < nbits; i++) {
		uint64_t bit = (m[i / 64] >> (i % 64)) & 1;
		IN(pt_cswap)(r, &r2, (int)(bit ^ prev));
		prev = bit;
		if (table) {
			FP2 xt;
			IN(fp2_set_gen)(&xt, table[i][0], table[i][1]);
			IN(xadd_affine)(&r2, &xt, &r->x, &r->z);
		} else {
			IN(xdbladd)(&r0, &r2, &r->x, &r->z, &a24);
		}
	}
	IN(pt_cswap)(r, &r2, (int)prev);
	ecfi_wipe(&r0, sizeof r0);
	ecfi_wipe(&r2, sizeof r2);
}

/* ---- isogenies ---- */

#if ALICE_ODD
/* The 2-isogeny with kernel p (order 2): codomain A24p = Z^2 - X^2, C24 = Z^2. */
static void IN(get_2_isog)(const PT *p, FP2 *a24p, FP2 *c24)
{
	F(fp2_sqr)(a24p, &p->x);
	F(fp2_sqr)(c24, &p->z);
	F(fp2_sub)(a24p, c24, a24p);
}

static void IN(eval_2_isog)(PT *p, const PT *k)
{
	FP2 t0, t1, t2, t3;
	F(fp2_add)(&t0, &k->x, &k->z);
	F(fp2_sub)(&t1, &k->x, &k->z);
	F(fp2_add)(&t2, &p->x, &p->z);
	F(fp2_sub)(&t3, &p->x, &p->z);
	F(fp2_mul)(&t0, &t0, &t3);
	F(fp2_mul)(&t1, &t1, &t2);
	F(fp2_add)(&t2, &t0, &t1);
	F(fp2_sub)(&t3, &t0, &t1);
	F(fp2_mul)(&p->x, &p->x, &t2);
	F(fp2_mul)(&p->z, &p->z, &t3);
}
#endif

/* The 4-isogeny with kernel p (order 4): the codomain (A24p, C24) and three
 * coefficients for eval_4_isog. */
static void IN(get_4_isog)(const PT *p, FP2 *a24p, FP2 *c24, FP2 coeff[3])
{
	F(fp2_sub)(&coeff[1], &p->x, &p->z);
	F(fp2_add)(&coeff[2], &p->x, &p->z);
	F(fp2_sqr)(&coeff[0], &p->z);
	F(fp2_add)(&coeff[0], &coeff[0], &coeff[0]);
	F(fp2_sqr)(c24, &coeff[0]);
	F(fp2_add)(&coeff[0], &coeff[0], &coeff[0]);
	F(fp2_sqr)(a24p, &p->x);
	F(fp2_add)(a24p, a24p, a24p);
	F(fp2_sqr)(a24p, a24p);
}

static void IN(eval_4_isog)(PT *p, const FP2 coeff[3])
{
	FP2 t0, t1;
	F(fp2_add)(&t0, &p->x, &p->z);
	F(fp2_sub)(&t1, &p->x, &p->z);
	F(fp2_mul)(&p->x, &t0, &coeff[1]);
	F(fp2_mul)(&p->z, &t1, &coeff[2]);
	F(fp2_mul)(&t0, &t0, &t1);
	F(fp2_mul)(&t0, &t0, &coeff[0]);
	F(fp2_add)(&t1, &p->x, &p->z);
	F(fp2_sub)(&p->z, &p->x, &p->z);
	F(fp2_sqr)(&t1, &t1);
	F(fp2_sqr)(&p->z, &p->z);
	F(fp2_add)(&p->x, &t1, &t0);
	F(fp2_sub)(&t0, &p->z, &t0);
	F(fp2_mul)(&p->x, &p->x, &t1);
	F(fp2_mul)(&p->z, &p->z, &t0);
}

/* The 3-isogeny with kernel p (order 3): the codomain (A24m, A24p) and two
 * coefficients for eval_3_isog. */
static void IN(get_3_isog)(const PT *p, FP2 *a24m, FP2 *a24p, FP2 coeff[2])
{
	FP2 t0, t1, t2, t3, t4;
	F(fp2_sub)(&coeff[0], &p->x, &p->z);
	F(fp2_sqr)(&t0, &coeff[0]);
	F(fp2_add)(&coeff[1], &p->x, &p->z);
	F(fp2_sqr)(&t1, &coeff[1]);
	F(fp2_add)(&t3, &p->x, &p->x);
	F(fp2_sqr)(&t3, &t3);
	F(fp2_sub)(&t2, &t3, &t0);
	F(fp2_sub)(&t3, &t3, &t1);
	F(fp2_add)(&t4, &t0, &t3);
	F(fp2_add)(&t4, &t4, &t4);
	F(fp2_add)(&t4, &t1, &t4);
	F(fp2_mul)(a24m, &t2, &t4);
	F(fp2_add)(&t4, &t1, &t2);
	F(fp2_add)(&t4, &t4, &t4);
	F(fp2_add)(&t4, &t0, &t4);
	F(fp2_mul)(a24p, &t3, &t4);
}

static void IN(eval_3_isog)(PT *q, const FP2 coeff[2])
{
	FP2 t0, t1, t2;
	F(fp2_add)(&t0, &q->x, &q->z);
	F(fp2_sub)(&t1, &q->x, &q->z);
	F(fp2_mul)(&t0, &coeff[0], &t0);
	F(fp2_mul)(&t1, &coeff[1], &t1);
	F(fp2_add)(&t2, &t0, &t1);
	F(fp2_sub)(&t0, &t1, &t0);
	F(fp2_sqr)(&t2, &t2);
	F(fp2_sqr)(&t0, &t0);
	F(fp2_mul)(&q->x, &q->x, &t2);
	F(fp2_mul)(&q->z, &q->z, &t0);
}

/* z1, z2, z3 = 1/z1, 1/z2, 1/z3 with one inversion. */
static void IN(inv_3_way)(FP2 *z1, FP2 *z2, FP2 *z3)
{
	FP2 t0, t1, t2;
	F(fp2_mul)(&t0, z1, z2);
	F(fp2_mul)(&t1, z3, &t0);
	F(fp2_inv)(&t1, &t1);
	F(fp2_mul)(&t2, z3, &t1);
	F(fp2_mul)(z3, &t0, &t1);
	F(fp2_mul)(&t0, &t2, z2);
	F(fp2_mul)(z2, &t2, z1);
	*z1 = t0;
}

/* The affine A of the curve y^2 = x^3 + Ax^2 + x on which x(P), x(Q) and
 * x(R = Q - P) lie: A = (1 - xP xQ - xP xR - xQ xR)^2 / (4 xP xQ xR) - xP - xQ - xR. */
static void IN(get_a)(FP2 *a, const FP2 *xp, const FP2 *xq, const FP2 *xr)
{
	FP2 t0, t1, one;
	F(fp2_one)(&one);
	F(fp2_add)(&t1, xp, xq);
	F(fp2_mul)(&t0, xp, xq);
	F(fp2_mul)(a, xr, &t1);
	F(fp2_add)(a, &t0, a);
	F(fp2_mul)(&t0, &t0, xr);
	F(fp2_sub)(a, a, &one);
	F(fp2_add)(&t0, &t0, &t0);
	F(fp2_add)(&t1, &t1, xr);
	F(fp2_add)(&t0, &t0, &t0);
	F(fp2_sqr)(a, a);
	F(fp2_inv)(&t0, &t0);
	F(fp2_mul)(a, a, &t0);
	F(fp2_sub)(a, a, &t1);
}

/* The j-invariant of the curve with projective coefficient (A : C):
 * j = 256 (A^2 - 3C^2)^3 / (C^4 (A^2 - 4C^2)). */
static void IN(j_inv)(FP2 *j, const FP2 *a, const FP2 *c)
{
	FP2 t0, t1;
	F(fp2_sqr)(j, a);
	F(fp2_sqr)(&t1, c);
	F(fp2_add)(&t0, &t1, &t1);
	F(fp2_sub)(&t0, j, &t0);
	F(fp2_sub)(&t0, &t0, &t1);
	F(fp2_sub)(j, &t0, &t1);
	F(fp2_sqr)(&t1, &t1);
	F(fp2_mul)(j, j, &t1);
	F(fp2_add)(&t0, &t0, &t0);
	F(fp2_add)(&t0, &t0, &t0);
	F(fp2_sqr)(&t1, &t0);
	F(fp2_mul)(&t0, &t0, &t1);
	F(fp2_add)(&t0, &t0, &t0);
	F(fp2_add)(&t0, &t0, &t0);
	F(fp2_inv)(j, j);
	F(fp2_mul)(j, &t0, j);
}

/* ---- the two walks ---- */

/* Alice: the 2^E2-isogeny with kernel <P + [m]Q> on the curve of affine
 * coefficient a, pushing the npush points through it. Outputs the codomain
 * as (A24p : C24) = (A + 2C : 4C). */
static void IN(walk_a)(const FP2 *xp, const FP2 *xq, const FP2 *xr, const FP2 *a, const uint64_t *m,
                       const uint64_t (*table)[2][NL], PT *push, size_t npush, FP2 *a24p, FP2 *c24)
{
	PT r, pts[MAX_PTS_A];
	FP2 coeff[3];
	unsigned idx[MAX_PTS_A], npts = 0, index = 0, ii = 0;

	/* (A + 2C : 4C) with C = 1 */
	F(fp2_one)(c24);
	F(fp2_add)(c24, c24, c24);
	F(fp2_add)(a24p, a, c24);
	F(fp2_add)(c24, c24, c24);
	IN(ladder3pt)(&r, xp, xq, xr, m, SK_A_BITS, a, table);
#if ALICE_ODD
	{
		PT s;
		IN(xdble)(&s, &r, a24p, c24, E2 - 1);
		IN(get_2_isog)(&s, a24p, c24);
		for (size_t k = 0; k < npush; k++)
			IN(eval_2_isog)(&push[k], &s);
		IN(eval_2_isog)(&r, &s);
		ecfi_wipe(&s, sizeof s);
	}
#endif
	for (unsigned row = 1; row < ALICE_ISOGS; row++) {
		while (index < ALICE_ISOGS - row) {
			pts[npts] = r;
			idx[npts++] = index;
			unsigned s = STRAT_A[ii++];
			IN(xdble)(&r, &r, a24p, c24, 2 * s);
			index += s;
		}
		IN(get_4_isog)(&r, a24p, c24, coeff);
		for (unsigned i = 0; i < npts; i++)
			IN(eval_4_isog)(&pts[i], coeff);
		for (size_t k = 0; k < npush; k++)
			IN(eval_4_isog)(&push[k], coeff);
		r = pts[npts - 1];
		index = idx[npts - 1];
		npts--;
	}
	IN(get_4_isog)(&r, a24p, c24, coeff);
	for (size_t k = 0; k < npush; k++)
		IN(eval_4_isog)(&push[k], coeff);
	ecfi_wipe(&r, sizeof r);
	ecfi_wipe(pts, sizeof pts);
	ecfi_wipe(coeff, sizeof coeff);
}

/* Bob: the 3^E3-isogeny with kernel <P + [m]Q>; codomain (A24m : A24p) =
 * (A - 2C : A + 2C). */
static void IN(walk_b)(const FP2 *xp, const FP2 *xq, const FP2 *xr, const FP2 *a, const uint64_t *m,
                       const uint64_t (*table)[2][NL], PT *push, size_t npush, FP2 *a24m, FP2 *a24p)
{
	PT r, pts[MAX_PTS_B];
	FP2 coeff[2], two;
	unsigned idx[MAX_PTS_B], npts = 0, index = 0, ii = 0;

	F(fp2_one)(&two);
	F(fp2_add)(&two, &two, &two);
	F(fp2_add)(a24p, a, &two);
	F(fp2_sub)(a24m, a, &two);
	IN(ladder3pt)(&r, xp, xq, xr, m, SK_B_BITS, a, table);
	for (unsigned row = 1; row < BOB_ISOGS; row++) {
		while (index < BOB_ISOGS - row) {
			pts[npts] = r;
			idx[npts++] = index;
			unsigned s = STRAT_B[ii++];
			IN(xtple)(&r, &r, a24m, a24p, s);
			index += s;
		}
		IN(get_3_isog)(&r, a24m, a24p, coeff);
		for (unsigned i = 0; i < npts; i++)
			IN(eval_3_isog)(&pts[i], coeff);
		for (size_t k = 0; k < npush; k++)
			IN(eval_3_isog)(&push[k], coeff);
		r = pts[npts - 1];
		index = idx[npts - 1];
		npts--;
	}
	IN(get_3_isog)(&r, a24m, a24p, coeff);
	for (size_t k = 0; k < npush; k++)
		IN(eval_3_isog)(&push[k], coeff);
	ecfi_wipe(&r, sizeof r);
	ecfi_wipe(pts, sizeof pts);
	ecfi_wipe(coeff, sizeof coeff);
}

/* ---- encodings ---- */

/* The secret key bytes (little-endian, the top byte masked to the key space)
 * as limbs. */
static void IN(decode_sk)(uint64_t m[NL], const uint8_t *sk, size_t nbytes, uint8_t mask)
{
	uint8_t b[64] = {0};
	memcpy(b, sk, nbytes);
	b[nbytes - 1] &= mask;
	ecfi_limbs_from_le(m, NL, b, nbytes);
	ecfi_wipe(b, sizeof b);
}

static void IN(encode_fp2)(uint8_t *out, const FP2 *a)
{
	FP2 t;
	F(fp2_from_mont)(&t, a);
	F(fp2_to_bytes)(out, &t);
}

/* Three GF(p^2) x-coordinates, each canonical, to the Montgomery domain. */
static int IN(decode_pk)(FP2 x[3], const uint8_t *pk, size_t len)
{
	if (len != PK_BYTES)
		return ECF_ERR_LENGTH;
	int st = ECF_OK;
	for (int k = 0; k < 3; k++) {
		int s = F(fp2_from_bytes)(&x[k], pk + k * FP2_BYTES, FP2_BYTES);
		if (s != ECF_OK)
			st = s;
		F(fp2_to_mont)(&x[k], &x[k]);
	}
	return st;
}

/* The public key: x(phi(P)), x(phi(Q)), x(phi(R)) normalised with one
 * inversion. */
static void IN(encode_pk)(uint8_t pk[PK_BYTES], PT phi[3])
{
	IN(inv_3_way)(&phi[0].z, &phi[1].z, &phi[2].z);
	for (int k = 0; k < 3; k++) {
		F(fp2_mul)(&phi[k].x, &phi[k].x, &phi[k].z);
		IN(encode_fp2)(pk + k * FP2_BYTES, &phi[k].x);
	}
}

static void IN(base_curve)(FP2 *a)
{
	/* A = 6 */
	FP2 one;
	F(fp2_one)(&one);
	F(fp2_add)(a, &one, &one);
	F(fp2_add)(a, a, &one);
	F(fp2_add)(a, a, a);
}

/* ---- SIDH ---- */

static void IN(keygen_a)(uint8_t pk[PK_BYTES], const uint8_t sk[SK_A_BYTES])
{
	uint64_t m[NL];
	FP2 xp, xq, xr, a, a24p, c24;
	PT phi[3];
	IN(decode_sk)(m, sk, SK_A_BYTES, SK_A_MASK);
	IN(fp2_set_gen)(&xp, GEN_A[0], GEN_A[1]);
	IN(fp2_set_gen)(&xq, GEN_A[2], GEN_A[3]);
	IN(fp2_set_gen)(&xr, GEN_A[4], GEN_A[5]);
	for (int k = 0; k < 3; k++) {
		IN(fp2_set_gen)(&phi[k].x, GEN_B[2 * k], GEN_B[2 * k + 1]);
		F(fp2_one)(&phi[k].z);
	}
	IN(base_curve)(&a);
	IN(walk_a)(&xp, &xq, &xr, &a, m, LADDER_A, phi, 3, &a24p, &c24);
	IN(encode_pk)(pk, phi);
	ecfi_wipe(m, sizeof m);
	ecfi_wipe(phi, sizeof phi);
	ecfi_wipe(&a24p, sizeof a24p);
	ecfi_wipe(&c24, sizeof c24);
}

static void IN(keygen_b)(uint8_t pk[PK_BYTES], const uint8_t sk[SK_B_BYTES])
{
	uint64_t m[NL];
	FP2 xp, xq, xr, a, a24m, a24p;
	PT phi[3];
	IN(decode_sk)(m, sk, SK_B_BYTES, SK_B_MASK);
	IN(fp2_set_gen)(&xp, GEN_B[0], GEN_B[1]);
	IN(fp2_set_gen)(&xq, GEN_B[2], GEN_B[3]);
	IN(fp2_set_gen)(&xr, GEN_B[4], GEN_B[5]);
	for (int k = 0; k < 3; k++) {
		IN(fp2_set_gen)(&phi[k].x, GEN_A[2 * k], GEN_A[2 * k + 1]);
		F(fp2_one)(&phi[k].z);
	}
	IN(base_curve)(&a);
	IN(walk_b)(&xp, &xq, &xr, &a, m, LADDER_B, phi, 3, &a24m, &a24p);
	IN(encode_pk)(pk, phi);
	ecfi_wipe(m, sizeof m);
	ecfi_wipe(phi, sizeof phi);
	ecfi_wipe(&a24m, sizeof a24m);
	ecfi_wipe(&a24p, sizeof a24p);
}

/* Alice's shared secret from decoded coordinates. */
static void IN(shared_a_core)(uint8_t ss[FP2_BYTES], const uint8_t sk[SK_A_BYTES], const FP2 x[3])
{
	uint64_t m[NL];
	FP2 a, a24p, c24, aa, j;
	IN(decode_sk)(m, sk, SK_A_BYTES, SK_A_MASK);
	IN(get_a)(&a, &x[0], &x[1], &x[2]);
	IN(walk_a)(&x[0], &x[1], &x[2], &a, m, NULL, NULL, 0, &a24p, &c24);
	/* (4A : 4C) = (2 (2 A24p - C24) : C24) */
	F(fp2_add)(&aa, &a24p, &a24p);
	F(fp2_sub)(&aa, &aa, &c24);
	F(fp2_add)(&aa, &aa, &aa);
	IN(j_inv)(&j, &aa, &c24);
	IN(encode_fp2)(ss, &j);
	ecfi_wipe(m, sizeof m);
	ecfi_wipe(&a24p, sizeof a24p);
	ecfi_wipe(&c24, sizeof c24);
	ecfi_wipe(&aa, sizeof aa);
	ecfi_wipe(&j, sizeof j);
}

static void IN(shared_b_core)(uint8_t ss[FP2_BYTES], const uint8_t sk[SK_B_BYTES], const FP2 x[3])
{
	uint64_t m[NL];
	FP2 a, a24m, a24p, aa, cc, j;
	IN(decode_sk)(m, sk, SK_B_BYTES, SK_B_MASK);
	IN(get_a)(&a, &x[0], &x[1], &x[2]);
	IN(walk_b)(&x[0], &x[1], &x[2], &a, m, NULL, NULL, 0, &a24m, &a24p);
	/* (4A : 4C) = (2 (A24p + A24m) : A24p - A24m) */
	F(fp2_add)(&aa, &a24p, &a24m);
	F(fp2_add)(&aa, &aa, &aa);
	F(fp2_sub)(&cc, &a24p, &a24m);
	IN(j_inv)(&j, &aa, &cc);
	IN(encode_fp2)(ss, &j);
	ecfi_wipe(m, sizeof m);
	ecfi_wipe(&a24m, sizeof a24m);
	ecfi_wipe(&a24p, sizeof a24p);
	ecfi_wipe(&aa, sizeof aa);
	ecfi_wipe(&cc, sizeof cc);
	ecfi_wipe(&j, sizeof j);
}

static int PUB(sidh_public_key_a)(uint8_t pk[PK_BYTES], const uint8_t sk[SK_A_BYTES])
{
	if (pk == NULL || sk == NULL) {
		if (pk != NULL)
			memset(pk, 0, PK_BYTES);
		return ECF_ERR_NULL;
	}
	IN(keygen_a)(pk, sk);
	return ECF_OK;
}

static int PUB(sidh_public_key_b)(uint8_t pk[PK_BYTES], const uint8_t sk[SK_B_BYTES])
{
	if (pk == NULL || sk == NULL) {
		if (pk != NULL)
			memset(pk, 0, PK_BYTES);
		return ECF_ERR_NULL;
	}
	IN(keygen_b)(pk, sk);
	return ECF_OK;
}

/* Shared checks of a peer's public key: length, coordinates < p, and no
 * zero coordinate (x = 0 is the point (0, 0) of order 2). The key is public:
 * the branches on it are not secret. */
static int IN(check_pk)(FP2 x[3], const uint8_t *pk, size_t len)
{
	int st = IN(decode_pk)(x, pk, len);
	if (st != ECF_OK)
		return st;
	for (int k = 0; k < 3; k++)
		if (F(fp2_is_zero)(&x[k]))
			return ECF_ERR_SMALL_ORDER;
	return ECF_OK;
}

static int PUB(sidh_shared_a)(uint8_t shared[FP2_BYTES], const uint8_t sk[SK_A_BYTES], const uint8_t *peer,
                              size_t peer_len)
{
	FP2 x[3];
	if (shared == NULL)
		return ECF_ERR_NULL;
	memset(shared, 0, FP2_BYTES);
	if (sk == NULL || peer == NULL)
		return ECF_ERR_NULL;
	int st = IN(check_pk)(x, peer, peer_len);
	if (st != ECF_OK)
		return st;
	IN(shared_a_core)(shared, sk, x);
	return ECF_OK;
}

static int PUB(sidh_shared_b)(uint8_t shared[FP2_BYTES], const uint8_t sk[SK_B_BYTES], const uint8_t *peer,
                              size_t peer_len)
{
	FP2 x[3];
	if (shared == NULL)
		return ECF_ERR_NULL;
	memset(shared, 0, FP2_BYTES);
	if (sk == NULL || peer == NULL)
		return ECF_ERR_NULL;
	int st = IN(check_pk)(x, peer, peer_len);
	if (st != ECF_OK)
		return st;
	IN(shared_b_core)(shared, sk, x);
	return ECF_OK;
}

/* ---- SIKE (round 3, uncompressed) ---- */

#define SK_TOTAL (MSG_BYTES + SK_B_BYTES + PK_BYTES)
#define CT_TOTAL (PK_BYTES + MSG_BYTES)

/* Alice's ephemeral key G(m || pk), masked to her key space. */
static void IN(hash_eph)(uint8_t eph[SK_A_BYTES], const uint8_t m[MSG_BYTES], const uint8_t pk[PK_BYTES])
{
	ecfi_shake256_ctx c;
	ecfi_shake256_init(&c);
	ecfi_shake256_absorb(&c, m, MSG_BYTES);
	ecfi_shake256_absorb(&c, pk, PK_BYTES);
	ecfi_shake256_squeeze(&c, eph, SK_A_BYTES);
	ecfi_shake256_wipe(&c);
	eph[SK_A_BYTES - 1] &= SK_A_MASK;
}

/* The shared secret H(m || ct). */
static void IN(hash_ss)(uint8_t ss[SS_BYTES], const uint8_t m[MSG_BYTES], const uint8_t ct[CT_TOTAL])
{
	ecfi_shake256_ctx c;
	ecfi_shake256_init(&c);
	ecfi_shake256_absorb(&c, m, MSG_BYTES);
	ecfi_shake256_absorb(&c, ct, CT_TOTAL);
	ecfi_shake256_squeeze(&c, ss, SS_BYTES);
	ecfi_shake256_wipe(&c);
}

static int PUB(sike_keypair)(uint8_t pk[PK_BYTES], uint8_t sk[SK_TOTAL], const uint8_t seed[MSG_BYTES + SK_B_BYTES])
{
	if (pk == NULL || sk == NULL || seed == NULL) {
		if (pk != NULL)
			memset(pk, 0, PK_BYTES);
		if (sk != NULL)
			memset(sk, 0, SK_TOTAL);
		return ECF_ERR_NULL;
	}
	memmove(sk, seed, MSG_BYTES + SK_B_BYTES);
	sk[MSG_BYTES + SK_B_BYTES - 1] &= SK_B_MASK;
	IN(keygen_b)(pk, sk + MSG_BYTES);
	memcpy(sk + MSG_BYTES + SK_B_BYTES, pk, PK_BYTES);
	return ECF_OK;
}

static int PUB(sike_encaps)(uint8_t ct[CT_TOTAL], uint8_t shared[SS_BYTES], const uint8_t *pk, size_t pk_len,
                            const uint8_t seed[MSG_BYTES])
{
	FP2 x[3];
	uint8_t eph[SK_A_BYTES], j[FP2_BYTES], h[MSG_BYTES], mm[MSG_BYTES];
	if (ct != NULL)
		memset(ct, 0, CT_TOTAL);
	if (shared != NULL)
		memset(shared, 0, SS_BYTES);
	if (ct == NULL || shared == NULL || pk == NULL || seed == NULL)
		return ECF_ERR_NULL;
	int st = IN(check_pk)(x, pk, pk_len);
	if (st != ECF_OK)
		return st;
	memcpy(mm, seed, MSG_BYTES);
	IN(hash_eph)(eph, mm, pk);
	IN(keygen_a)(ct, eph);
	IN(shared_a_core)(j, eph, x);
	ecfi_shake256(h, MSG_BYTES, j, FP2_BYTES);
	for (size_t i = 0; i < MSG_BYTES; i++)
		ct[PK_BYTES + i] = mm[i] ^ h[i];
	IN(hash_ss)(shared, mm, ct);
	ecfi_wipe(eph, sizeof eph);
	ecfi_wipe(j, sizeof j);
	ecfi_wipe(h, sizeof h);
	ecfi_wipe(mm, sizeof mm);
	return ECF_OK;
}

static int PUB(sike_decaps)(uint8_t ss[SS_BYTES], const uint8_t sk[SK_TOTAL], const uint8_t *ct, size_t ct_len)
{
	FP2 x[3];
	uint8_t eph[SK_A_BYTES], j[FP2_BYTES], h[MSG_BYTES], mm[MSG_BYTES], c0[PK_BYTES];
	if (ss == NULL)
		return ECF_ERR_NULL;
	memset(ss, 0, SS_BYTES);
	if (ct == NULL || sk == NULL)
		return ECF_ERR_NULL;
	/* Length and range are public properties of ct; anything else that is
	 * wrong with it ends in the implicit rejection below. */
	int st = IN(decode_pk)(x, ct, ct_len == CT_TOTAL ? PK_BYTES : 0);
	if (st != ECF_OK)
		return st;
	IN(shared_b_core)(j, sk + MSG_BYTES, x);
	ecfi_shake256(h, MSG_BYTES, j, FP2_BYTES);
	for (size_t i = 0; i < MSG_BYTES; i++)
		mm[i] = ct[PK_BYTES + i] ^ h[i];
	IN(hash_eph)(eph, mm, sk + MSG_BYTES + SK_B_BYTES);
	IN(keygen_a)(c0, eph);
	/* Re-encryption check and implicit rejection without a branch: diff is
	 * non-zero when c0 != ct0; then m is replaced by s. */
	uint64_t diff = 0;
	for (size_t i = 0; i < PK_BYTES; i++)
		diff |= (uint64_t)(c0[i] ^ ct[i]);
	uint8_t reject = (uint8_t)ecfi_mask_nonzero(diff);
	for (size_t i = 0; i < MSG_BYTES; i++)
		mm[i] = (uint8_t)((mm[i] & (uint8_t)~reject) | (sk[i] & reject));
	IN(hash_ss)(ss, mm, ct);
	ecfi_wipe(eph, sizeof eph);
	ecfi_wipe(j, sizeof j);
	ecfi_wipe(h, sizeof h);
	ecfi_wipe(mm, sizeof mm);
	ecfi_wipe(c0, sizeof c0);
	ecfi_wipe(&diff, sizeof diff);
	ecfi_wipe(&reject, sizeof reject);
	return ECF_OK;
}

/* The sizes of the public header match the generated parameters. */
#define HDR(name) ECFI_CAT(ECFI_CAT(ECFI_CAT(ECF_, FIELD_UPPER), _), name)
_Static_assert(HDR(SIDH_SK_A_BYTES) == SK_A_BYTES, "sike_prime.h.in: SK_A_BYTES");
_Static_assert(HDR(SIDH_SK_B_BYTES) == SK_B_BYTES, "sike_prime.h.in: SK_B_BYTES");
_Static_assert(HDR(SIDH_PK_BYTES) == PK_BYTES, "sike_prime.h.in: PK_BYTES");
_Static_assert(HDR(SIDH_SS_BYTES) == FP2_BYTES, "sike_prime.h.in: SS_BYTES");
_Static_assert(HDR(SIKE_MSG_BYTES) == MSG_BYTES, "sike_prime.h.in: MSG_BYTES");
_Static_assert(HDR(SIKE_SK_BYTES) == SK_TOTAL, "sike_prime.h.in: SIKE_SK_BYTES");
_Static_assert(HDR(SIKE_CT_BYTES) == CT_TOTAL, "sike_prime.h.in: SIKE_CT_BYTES");
_Static_assert(HDR(SIKE_SS_BYTES) == SS_BYTES, "sike_prime.h.in: SS_BYTES");
_Static_assert(HDR(SIKE_KEYGEN_RANDOM_BYTES) == MSG_BYTES + SK_B_BYTES, "sike_prime.h.in: KEYGEN_RANDOM_BYTES");
#undef HDR

#undef FE
#undef FP2
#undef F
#undef PUB
#undef IN
#undef NL
#undef FP2_BYTES
#undef PK_BYTES
#undef PT
#undef SK_TOTAL
#undef CT_TOTAL
#undef ALICE
#undef BOB
