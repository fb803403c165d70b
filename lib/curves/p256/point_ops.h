/*
 * The P-256 group law on projective coordinates: the complete formulas of
 * Renes, Costello and Batina, "Complete addition formulas for prime order
 * elliptic curves" (EUROCRYPT 2016, https://eprint.iacr.org/2015/1060),
 * algorithms 4 (addition), 5 (mixed addition) and 6 (doubling) for a = -3,
 * transcribed step by step (the step numbers of the paper are in the
 * comments). No branch: correct for every input, identity and doubling
 * included (mixed addition: for every P and every affine Q).
 *
 * Static inline with the kernel tier `tiers` as an argument (see fe.h).
 * Outputs may alias inputs: every formula reads its inputs into temporaries
 * before writing the result.
 */
#ifndef ECFI_P256_POINT_OPS_H
#define ECFI_P256_POINT_OPS_H

#include "curves/p256/fe.h"
#include "kernels/kernels.h"
#include "p256_tables.h"

typedef ecf_p256_point point;
typedef ecf_p256_affine affine;

static inline void pt_identity(point *r)
{
	fe_zero(&r->x);
	r->y = P256_ONE;
	fe_zero(&r->z);
}

/* Algorithm 4: r = p + q. 12M + 2m_b + 29a. */
static inline void pt_add(point *r, const point *p, const point *q, uint32_t tiers)
{
	fe t0, t1, t2, t3, t4, X3, Y3, Z3;
	const fe *b = &P256_B_MONT;
	fe_mul(&t0, &p->x, &q->x, tiers); /* 1 */
	fe_mul(&t1, &p->y, &q->y, tiers); /* 2 */
	fe_mul(&t2, &p->z, &q->z, tiers); /* 3 */
	fe_add(&t3, &p->x, &p->y);        /* 4 */
	fe_add(&t4, &q->x, &q->y);        /* 5 */
	fe_mul(&t3, &t3, &t4, tiers);     /* 6 */
	fe_add(&t4, &t0, &t1);            /* 7 */
	fe_sub(&t3, &t3, &t4);            /* 8 */
	fe_add(&t4, &p->y, &p->z);        /* 9 */
	fe_add(&X3, &q->y, &q->z);        /* 10 */
	fe_mul(&t4, &t4, &X3, tiers);     /* 11 */
	fe_add(&X3, &t1, &t2);            /* 12 */
	fe_sub(&t4, &t4, &X3);            /* 13 */
	fe_add(&X3, &p->x, &p->z);        /* 14 */
	fe_add(&Y3, &q->x, &q->z);        /* 15 */
	fe_mul(&X3, &X3, &Y3, tiers);     /* 16 */
	fe_add(&Y3, &t0, &t2);            /* 17 */
	fe_sub(&Y3, &X3, &Y3);            /* 18 */
	fe_mul(&Z3, b, &t2, tiers);       /* 19 */
	fe_sub(&X3, &Y3, &Z3);            /* 20 */
	fe_add(&Z3, &X3, &X3);            /* 21 */
	fe_add(&X3, &X3, &Z3);            /* 22 */
	fe_sub(&Z3, &t1, &X3);            /* 23 */
	fe_add(&X3, &t1, &X3);            /* 24 */
	fe_mul(&Y3, b, &Y3, tiers);       /* 25 */
	fe_add(&t1, &t2, &t2);            /* 26 */
	fe_add(&t2, &t1, &t2);            /* 27 */
	fe_sub(&Y3, &Y3, &t2);            /* 28 */
	fe_sub(&Y3, &Y3, &t0);            /* 29 */
	fe_add(&t1, &Y3, &Y3);            /* 30 */
	fe_add(&Y3, &t1, &Y3);            /* 31 */
	fe_add(&t1, &t0, &t0);            /* 32 */
	fe_add(&t0, &t1, &t0);            /* 33 */
	fe_sub(&t0, &t0, &t2);            /* 34 */
	fe_mul(&t1, &t4, &Y3, tiers);     /* 35 */
	fe_mul(&t2, &t0, &Y3, tiers);     /* 36 */
	fe_mul(&Y3, &X3, &Z3, tiers);     /* 37 */
	fe_add(&Y3, &Y3, &t2);            /* 38 */
	fe_mul(&X3, &t3, &X3, tiers);     /* 39 */
	fe_sub(&X3, &X3, &t1);            /* 40 */
	fe_mul(&Z3, &t4, &Z3, tiers);     /* 41 */
	fe_mul(&t1, &t3, &t0, tiers);     /* 42 */
	fe_add(&Z3, &Z3, &t1);            /* 43 */
	r->x = X3;
	r->y = Y3;
	r->z = Z3;
}

/* Algorithm 5: r = p + q for an affine q (not the identity). 11M + 2m_b + 23a. */
static inline void pt_madd(point *r, const point *p, const affine *q, uint32_t tiers)
{
	fe t0, t1, t2, t3, t4, X3, Y3, Z3;
	const fe *b = &P256_B_MONT;
	fe_mul(&t0, &p->x, &q->x, tiers); /* 1 */
	fe_mul(&t1, &p->y, &q->y, tiers); /* 2 */
	fe_add(&t3, &q->x, &q->y);        /* 3 */
	fe_add(&t4, &p->x, &p->y);        /* 4 */
	fe_mul(&t3, &t3, &t4, tiers);     /* 5 */
	fe_add(&t4, &t0, &t1);            /* 6 */
	fe_sub(&t3, &t3, &t4);            /* 7 */
	fe_mul(&t4, &q->y, &p->z, tiers); /* 8 */
	fe_add(&t4, &t4, &p->y);          /* 9 */
	fe_mul(&Y3, &q->x, &p->z, tiers); /* 10 */
	fe_add(&Y3, &Y3, &p->x);          /* 11 */
	fe_mul(&Z3, b, &p->z, tiers);     /* 12 */
	fe_sub(&X3, &Y3, &Z3);            /* 13 */
	fe_add(&Z3, &X3, &X3);            /* 14 */
	fe_add(&X3, &X3, &Z3);            /* 15 */
	fe_sub(&Z3, &t1, &X3);            /* 16 */
	fe_add(&X3, &t1, &X3);            /* 17 */
	fe_mul(&Y3, b, &Y3, tiers);       /* 18 */
	fe_add(&t1, &p->z, &p->z);        /* 19 */
	fe_add(&t2, &t1, &p->z);          /* 20 */
	fe_sub(&Y3, &Y3, &t2);            /* 21 */
	fe_sub(&Y3, &Y3, &t0);            /* 22 */
	fe_add(&t1, &Y3, &Y3);            /* 23 */
	fe_add(&Y3, &t1, &Y3);            /* 24 */
	fe_add(&t1, &t0, &t0);            /* 25 */
	fe_add(&t0, &t1, &t0);            /* 26 */
	fe_sub(&t0, &t0, &t2);            /* 27 */
	fe_mul(&t1, &t4, &Y3, tiers);     /* 28 */
	fe_mul(&t2, &t0, &Y3, tiers);     /* 29 */
	fe_mul(&Y3, &X3, &Z3, tiers);     /* 30 */
	fe_add(&Y3, &Y3, &t2);            /* 31 */
	fe_mul(&X3, &t3, &X3, tiers);     /* 32 */
	fe_sub(&X3, &X3, &t1);            /* 33 */
	fe_mul(&Z3, &t4, &Z3, tiers);     /* 34 */
	fe_mul(&t1, &t3, &t0, tiers);     /* 35 */
	fe_add(&Z3, &Z3, &t1);            /* 36 */
	r->x = X3;
	r->y = Y3;
	r->z = Z3;
}

/* Algorithm 6: r = 2p. 8M + 3S + 2m_b + 21a. */
static inline void pt_dbl(point *r, const point *p, uint32_t tiers)
{
	fe t0, t1, t2, t3, X3, Y3, Z3;
	const fe *b = &P256_B_MONT;
	fe_sqr(&t0, &p->x, tiers);        /* 1 */
	fe_sqr(&t1, &p->y, tiers);        /* 2 */
	fe_sqr(&t2, &p->z, tiers);        /* 3 */
	fe_mul(&t3, &p->x, &p->y, tiers); /* 4 */
	fe_add(&t3, &t3, &t3);            /* 5 */
	fe_mul(&Z3, &p->x, &p->z, tiers); /* 6 */
	fe_add(&Z3, &Z3, &Z3);            /* 7 */
	fe_mul(&Y3, b, &t2, tiers);       /* 8 */
	fe_sub(&Y3, &Y3, &Z3);            /* 9 */
	fe_add(&X3, &Y3, &Y3);            /* 10 */
	fe_add(&Y3, &X3, &Y3);            /* 11 */
	fe_sub(&X3, &t1, &Y3);            /* 12 */
	fe_add(&Y3, &t1, &Y3);            /* 13 */
	fe_mul(&Y3, &X3, &Y3, tiers);     /* 14 */
	fe_mul(&X3, &X3, &t3, tiers);     /* 15 */
	fe_add(&t3, &t2, &t2);            /* 16 */
	fe_add(&t2, &t2, &t3);            /* 17 */
	fe_mul(&Z3, b, &Z3, tiers);       /* 18 */
	fe_sub(&Z3, &Z3, &t2);            /* 19 */
	fe_sub(&Z3, &Z3, &t0);            /* 20 */
	fe_add(&t3, &Z3, &Z3);            /* 21 */
	fe_add(&Z3, &Z3, &t3);            /* 22 */
	fe_add(&t3, &t0, &t0);            /* 23 */
	fe_add(&t0, &t3, &t0);            /* 24 */
	fe_sub(&t0, &t0, &t2);            /* 25 */
	fe_mul(&t0, &t0, &Z3, tiers);     /* 26 */
	fe_add(&Y3, &Y3, &t0);            /* 27 */
	fe_mul(&t0, &p->y, &p->z, tiers); /* 28 */
	fe_add(&t0, &t0, &t0);            /* 29 */
	fe_mul(&Z3, &t0, &Z3, tiers);     /* 30 */
	fe_sub(&X3, &X3, &Z3);            /* 31 */
	fe_mul(&Z3, &t0, &t1, tiers);     /* 32 */
	fe_add(&Z3, &Z3, &Z3);            /* 33 */
	fe_add(&Z3, &Z3, &Z3);            /* 34 */
	r->x = X3;
	r->y = Y3;
	r->z = Z3;
}

/* Jacobian doubling for a = -3 (dbl-2001-b of the Explicit-Formulas
 * Database): 3M + 5S. On Jacobian coordinates (x = X/Z^2, y = Y/Z^3); the
 * identity (Z = 0) stays Z = 0, and P-256 has no point of order 2, so it is
 * exception-free on the group. r may alias p. */
static inline void jac_dbl_c(point *r, const point *p, uint32_t tiers)
{
	fe delta, gamma, beta, alpha, t, u;
	fe_sqr(&delta, &p->z, tiers);        /* delta = Z^2 */
	fe_sqr(&gamma, &p->y, tiers);        /* gamma = Y^2 */
	fe_mul(&beta, &p->x, &gamma, tiers); /* beta = X gamma */
	fe_sub(&t, &p->x, &delta);
	fe_add(&u, &p->x, &delta);
	fe_mul(&alpha, &t, &u, tiers);
	fe_add(&t, &alpha, &alpha);
	fe_add(&alpha, &alpha, &t); /* alpha = 3 (X - delta)(X + delta) */
	fe_add(&t, &p->y, &p->z);
	fe_sqr(&t, &t, tiers);
	fe_sub(&t, &t, &gamma);
	fe_sub(&r->z, &t, &delta); /* Z3 = (Y + Z)^2 - gamma - delta */
	fe_add(&beta, &beta, &beta);
	fe_add(&beta, &beta, &beta); /* 4 beta */
	fe_sqr(&t, &alpha, tiers);
	fe_sub(&t, &t, &beta);
	fe_sub(&r->x, &t, &beta); /* X3 = alpha^2 - 8 beta */
	fe_sub(&u, &beta, &r->x);
	fe_mul(&u, &alpha, &u, tiers);
	fe_sqr(&gamma, &gamma, tiers);
	fe_add(&gamma, &gamma, &gamma);
	fe_add(&gamma, &gamma, &gamma);
	fe_add(&gamma, &gamma, &gamma); /* 8 gamma^2 */
	fe_sub(&r->y, &u, &gamma);      /* Y3 = alpha (4 beta - X3) - 8 gamma^2 */
}

/* Jacobian + affine mixed addition (madd-2007-bl of the Explicit-Formulas
 * Database): 7M + 4S. INCOMPLETE: r is right only when p is not the identity
 * and p != +-q; for p = -q it gives Z3 = 0 (the identity, right), for
 * p = O or p = q garbage. The caller must rule those cases out or select
 * around them (see scalar_mult_base). r may alias p. */
static inline void jac_madd_c(point *r, const point *p, const affine *q, uint32_t tiers)
{
	fe z1z1, u2, s2, h, hh, i, j, rr, v, t;
	fe_sqr(&z1z1, &p->z, tiers);      /* Z1Z1 = Z1^2 */
	fe_mul(&u2, &q->x, &z1z1, tiers); /* U2 = X2 Z1Z1 */
	fe_mul(&s2, &p->z, &z1z1, tiers);
	fe_mul(&s2, &q->y, &s2, tiers); /* S2 = Y2 Z1 Z1Z1 */
	fe_sub(&h, &u2, &p->x);         /* H = U2 - X1 */
	fe_sqr(&hh, &h, tiers);         /* HH = H^2 */
	fe_add(&i, &hh, &hh);
	fe_add(&i, &i, &i);        /* I = 4 HH */
	fe_mul(&j, &h, &i, tiers); /* J = H I */
	fe_sub(&rr, &s2, &p->y);
	fe_add(&rr, &rr, &rr);        /* r = 2 (S2 - Y1) */
	fe_mul(&v, &p->x, &i, tiers); /* V = X1 I */
	fe_add(&t, &p->z, &h);
	fe_sqr(&t, &t, tiers);
	fe_sub(&t, &t, &z1z1);
	fe_sub(&r->z, &t, &hh); /* Z3 = (Z1 + H)^2 - Z1Z1 - HH (Z1 read above) */
	fe_mul(&t, &p->y, &j, tiers);
	fe_add(&t, &t, &t); /* 2 Y1 J */
	fe_sqr(&u2, &rr, tiers);
	fe_sub(&u2, &u2, &j);
	fe_sub(&u2, &u2, &v);
	fe_sub(&r->x, &u2, &v); /* X3 = r^2 - J - 2V */
	fe_sub(&v, &v, &r->x);
	fe_mul(&v, &rr, &v, tiers);
	fe_sub(&r->y, &v, &t); /* Y3 = r (V - X3) - 2 Y1 J */
}

/* Jacobian + Jacobian addition (add-1998-cmo-2 of the Explicit-Formulas
 * Database): 12M + 4S. INCOMPLETE like jac_madd: right when neither input is
 * the identity and p != +-q; for p = -q it gives Z3 = 0 (the identity,
 * right), for p = O, q = O or p = q it gives Z3 = 0 (wrong unless both are O).
 * The caller rules those cases out or selects around them. r may alias p or
 * q (every input is read before r is written). */
static inline void jac_add_c(point *r, const point *p, const point *q, uint32_t tiers)
{
	fe z1z1, z2z2, u1, u2, s1, s2, h, hh, hhh, rr, v, t;
	fe_sqr(&z1z1, &p->z, tiers);      /* Z1Z1 = Z1^2 */
	fe_sqr(&z2z2, &q->z, tiers);      /* Z2Z2 = Z2^2 */
	fe_mul(&u1, &p->x, &z2z2, tiers); /* U1 = X1 Z2Z2 */
	fe_mul(&u2, &q->x, &z1z1, tiers); /* U2 = X2 Z1Z1 */
	fe_mul(&s1, &q->z, &z2z2, tiers);
	fe_mul(&s1, &p->y, &s1, tiers); /* S1 = Y1 Z2 Z2Z2 */
	fe_mul(&s2, &p->z, &z1z1, tiers);
	fe_mul(&s2, &q->y, &s2, tiers); /* S2 = Y2 Z1 Z1Z1 */
	fe_sub(&h, &u2, &u1);           /* H = U2 - U1 */
	fe_sub(&rr, &s2, &s1);          /* r = S2 - S1 */
	fe_mul(&t, &p->z, &q->z, tiers);
	fe_sqr(&hh, &h, tiers);       /* HH = H^2 */
	fe_mul(&hhh, &h, &hh, tiers); /* HHH = H HH */
	fe_mul(&v, &u1, &hh, tiers);  /* V = U1 HH */
	fe_mul(&r->z, &t, &h, tiers); /* Z3 = Z1 Z2 H (inputs all read) */
	fe_sqr(&t, &rr, tiers);
	fe_sub(&t, &t, &hhh);
	fe_sub(&t, &t, &v);
	fe_sub(&r->x, &t, &v); /* X3 = r^2 - HHH - 2V */
	fe_sub(&v, &v, &r->x);
	fe_mul(&v, &rr, &v, tiers);
	fe_mul(&s1, &s1, &hhh, tiers);
	fe_sub(&r->y, &v, &s1); /* Y3 = r (V - X3) - S1 HHH */
}

/* jac_dbl, jac_madd, jac_add: the C bodies above (the portable tier and the
 * reference), or on the MULX/ADX tier one routine per operation
 * (lib/kernels/x86_64/p256_jac_*_mulx_adx.S: the same bits for every input
 * with coordinates < p, aliasing included; test_p256_steps compares them).
 * The routines zero their own stack frames. */
static inline void jac_dbl(point *r, const point *p, uint32_t tiers)
{
	ECFI_DISPATCH_OR(p256_point, tiers, ecfk_p256_jac_dbl_, ((uint64_t *)r, (const uint64_t *)p))
	{
		jac_dbl_c(r, p, tiers);
	}
}

/* r = 2^n p: n jac_dbl, the same bits as n calls of jac_dbl_c (n = 0: r =
 * p). n is PUBLIC (a loop count, constant or public data). On the MULX/ADX
 * tier one routine for the n doublings (p256_jac_dbl_n_mulx_adx.S: one
 * prologue and frame wipe, the point kept in its frame). r may alias p. */
static inline void jac_dbl_n(point *r, const point *p, unsigned n, uint32_t tiers)
{
	ECFI_DISPATCH_OR(p256_point, tiers, ecfk_p256_jac_dbl_n_, ((uint64_t *)r, (const uint64_t *)p, n))
	{
		if (n == 0) {
			*r = *p;
			return;
		}
		jac_dbl_c(r, p, tiers);
		for (unsigned i = 1; i < n; i++)
			jac_dbl_c(r, r, tiers);
	}
}

static inline void jac_madd(point *r, const point *p, const affine *q, uint32_t tiers)
{
	ECFI_DISPATCH_OR(p256_point, tiers, ecfk_p256_jac_madd_,
	                 ((uint64_t *)r, (const uint64_t *)p, (const uint64_t *)q))
	{
		jac_madd_c(r, p, q, tiers);
	}
}

static inline void jac_add(point *r, const point *p, const point *q, uint32_t tiers)
{
	ECFI_DISPATCH_OR(p256_point, tiers, ecfk_p256_jac_add_,
	                 ((uint64_t *)r, (const uint64_t *)p, (const uint64_t *)q))
	{
		jac_add_c(r, p, q, tiers);
	}
}

/* Projective (X : Y : Z) -> Jacobian (X Z, Y Z^2, Z), the same point
 * (x = X Z / Z^2, y = Y Z^2 / Z^3); the identity (0 : Y : 0) -> Z = 0. 2M + 1S.
 * r may alias p. */
static inline void pt_to_jac(point *r, const point *p, uint32_t tiers)
{
	fe zz;
	fe_sqr(&zz, &p->z, tiers);
	fe_mul(&r->x, &p->x, &p->z, tiers);
	fe_mul(&r->y, &p->y, &zz, tiers);
	r->z = p->z;
}

/* Jacobian (X, Y, Z) -> projective (X Z : Y : Z^3), the same point; Z = 0
 * (the identity) -> (0 : 1 : 0). 2M + 1S. r may alias p. */
static inline void jac_to_pt(point *r, const point *p, uint32_t tiers)
{
	fe zz, y = p->y;
	fe_sqr(&zz, &p->z, tiers);
	fe_mul(&r->x, &p->x, &p->z, tiers);
	fe_mul(&r->z, &zz, &p->z, tiers);
	r->y = y;
	fe_cmov(&r->y, &P256_ONE, fe_zero_mask(&r->z));
}

/* The paths of jac_add_vartime / jac_madd_vartime (the tests count them). */
enum { JAC_VT_ADD, JAC_VT_P_INF, JAC_VT_Q_INF, JAC_VT_DBL, JAC_VT_NEG, JAC_VT_PATHS };

/* r = p + q on Jacobian coordinates, VARIABLE TIME (public inputs only),
 * correct for every p, q of the group: jac_add, with its exceptions handled
 * by branches: p = O gives q, q = O gives p; a result with Z3 = 0 from
 * nonzero inputs means H = 0, p = +-q: then S1 = S2 (p = q) doubles p and
 * S1 != S2 (p = -q) gives the identity. Returns the path (JAC_VT_*). r may
 * alias p or q. */
static inline int jac_add_vartime(point *r, const point *p, const point *q, uint32_t tiers)
{
	if (fe_zero_mask(&p->z)) {
		*r = *q;
		return JAC_VT_P_INF;
	}
	if (fe_zero_mask(&q->z)) {
		*r = *p;
		return JAC_VT_Q_INF;
	}
	point t;
	jac_add(&t, p, q, tiers);
	if (!fe_zero_mask(&t.z)) {
		*r = t;
		return JAC_VT_ADD;
	}
	fe z1z1, z2z2, s1, s2;
	fe_sqr(&z1z1, &p->z, tiers);
	fe_sqr(&z2z2, &q->z, tiers);
	fe_mul(&s1, &q->z, &z2z2, tiers);
	fe_mul(&s1, &p->y, &s1, tiers); /* S1 = Y1 Z2^3 */
	fe_mul(&s2, &p->z, &z1z1, tiers);
	fe_mul(&s2, &q->y, &s2, tiers); /* S2 = Y2 Z1^3 */
	if (fe_equal_mask(&s1, &s2)) {
		jac_dbl(r, p, tiers);
		return JAC_VT_DBL;
	}
	*r = t; /* Z3 = 0: the identity */
	return JAC_VT_NEG;
}

/* r = p + q for an affine q (not the identity), VARIABLE TIME, correct for
 * every p: jac_madd with its exceptions handled by branches like
 * jac_add_vartime (p = O gives (x, y, 1); Z3 = 0 from p != O means p = +-q:
 * Y1 = y Z1^3 doubles, otherwise the identity). Returns the path. r may
 * alias p. */
static inline int jac_madd_vartime(point *r, const point *p, const affine *q, uint32_t tiers)
{
	if (fe_zero_mask(&p->z)) {
		r->x = q->x;
		r->y = q->y;
		r->z = P256_ONE;
		return JAC_VT_P_INF;
	}
	point t;
	jac_madd(&t, p, q, tiers);
	if (!fe_zero_mask(&t.z)) {
		*r = t;
		return JAC_VT_ADD;
	}
	fe s2;
	fe_sqr(&s2, &p->z, tiers);
	fe_mul(&s2, &p->z, &s2, tiers);
	fe_mul(&s2, &q->y, &s2, tiers); /* S2 = y Z1^3 */
	if (fe_equal_mask(&s2, &p->y)) {
		jac_dbl(r, p, tiers);
		return JAC_VT_DBL;
	}
	*r = t;
	return JAC_VT_NEG;
}

static inline void pt_cmov(point *r, const point *p, uint64_t mask)
{
	fe_cmov(&r->x, &p->x, mask);
	fe_cmov(&r->y, &p->y, mask);
	fe_cmov(&r->z, &p->z, mask);
}

/* y = -y if mask is all-ones. */
static inline void fe_cneg(fe *y, uint64_t mask)
{
	fe n;
	fe_neg(&n, y);
	fe_cmov(y, &n, mask);
}

/* Constant-time equality mask of two (small, public-range) indices. */
static inline uint64_t idx_eq_mask(uint64_t a, uint64_t b) { return ~ecfi_mask_nonzero(a ^ b); }

#endif
