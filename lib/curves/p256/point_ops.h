/*
 * The P-256 group law on projective coordinates: the complete formulas of
 * Renes, Costello and Batina, "Complete addition formulas for prime order
 * elliptic curves" (EUROCRYPT 2016, https://eprint.iacr.org/2015/1060),
 * algorithms 4 (addition), 5 (mixed addition) and 6 (doubling) for a = -3,
 * transcribed step by step (the step numbers of the paper are in the
 * comments). No branch: correct for every input, identity and doubling
 * included (mixed addition: for every P and every affine Q).
 *
 * Static inline with the kernel tier `fast` as an argument (see fe.h).
 * Outputs may alias inputs: every formula reads its inputs into temporaries
 * before writing the result.
 */
#ifndef ECFI_P256_POINT_OPS_H
#define ECFI_P256_POINT_OPS_H

#include "curves/p256/fe.h"
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
static inline void pt_add(point *r, const point *p, const point *q, unsigned fast)
{
	fe t0, t1, t2, t3, t4, X3, Y3, Z3;
	const fe *b = &P256_B_MONT;
	fe_mul(&t0, &p->x, &q->x, fast); /* 1 */
	fe_mul(&t1, &p->y, &q->y, fast); /* 2 */
	fe_mul(&t2, &p->z, &q->z, fast); /* 3 */
	fe_add(&t3, &p->x, &p->y);       /* 4 */
	fe_add(&t4, &q->x, &q->y);       /* 5 */
	fe_mul(&t3, &t3, &t4, fast);     /* 6 */
	fe_add(&t4, &t0, &t1);           /* 7 */
	fe_sub(&t3, &t3, &t4);           /* 8 */
	fe_add(&t4, &p->y, &p->z);       /* 9 */
	fe_add(&X3, &q->y, &q->z);       /* 10 */
	fe_mul(&t4, &t4, &X3, fast);     /* 11 */
	fe_add(&X3, &t1, &t2);           /* 12 */
	fe_sub(&t4, &t4, &X3);           /* 13 */
	fe_add(&X3, &p->x, &p->z);       /* 14 */
	fe_add(&Y3, &q->x, &q->z);       /* 15 */
	fe_mul(&X3, &X3, &Y3, fast);     /* 16 */
	fe_add(&Y3, &t0, &t2);           /* 17 */
	fe_sub(&Y3, &X3, &Y3);           /* 18 */
	fe_mul(&Z3, b, &t2, fast);       /* 19 */
	fe_sub(&X3, &Y3, &Z3);           /* 20 */
	fe_add(&Z3, &X3, &X3);           /* 21 */
	fe_add(&X3, &X3, &Z3);           /* 22 */
	fe_sub(&Z3, &t1, &X3);           /* 23 */
	fe_add(&X3, &t1, &X3);           /* 24 */
	fe_mul(&Y3, b, &Y3, fast);       /* 25 */
	fe_add(&t1, &t2, &t2);           /* 26 */
	fe_add(&t2, &t1, &t2);           /* 27 */
	fe_sub(&Y3, &Y3, &t2);           /* 28 */
	fe_sub(&Y3, &Y3, &t0);           /* 29 */
	fe_add(&t1, &Y3, &Y3);           /* 30 */
	fe_add(&Y3, &t1, &Y3);           /* 31 */
	fe_add(&t1, &t0, &t0);           /* 32 */
	fe_add(&t0, &t1, &t0);           /* 33 */
	fe_sub(&t0, &t0, &t2);           /* 34 */
	fe_mul(&t1, &t4, &Y3, fast);     /* 35 */
	fe_mul(&t2, &t0, &Y3, fast);     /* 36 */
	fe_mul(&Y3, &X3, &Z3, fast);     /* 37 */
	fe_add(&Y3, &Y3, &t2);           /* 38 */
	fe_mul(&X3, &t3, &X3, fast);     /* 39 */
	fe_sub(&X3, &X3, &t1);           /* 40 */
	fe_mul(&Z3, &t4, &Z3, fast);     /* 41 */
	fe_mul(&t1, &t3, &t0, fast);     /* 42 */
	fe_add(&Z3, &Z3, &t1);           /* 43 */
	r->x = X3;
	r->y = Y3;
	r->z = Z3;
}

/* Algorithm 5: r = p + q for an affine q (not the identity). 11M + 2m_b + 23a. */
static inline void pt_madd(point *r, const point *p, const affine *q, unsigned fast)
{
	fe t0, t1, t2, t3, t4, X3, Y3, Z3;
	const fe *b = &P256_B_MONT;
	fe_mul(&t0, &p->x, &q->x, fast); /* 1 */
	fe_mul(&t1, &p->y, &q->y, fast); /* 2 */
	fe_add(&t3, &q->x, &q->y);       /* 3 */
	fe_add(&t4, &p->x, &p->y);       /* 4 */
	fe_mul(&t3, &t3, &t4, fast);     /* 5 */
	fe_add(&t4, &t0, &t1);           /* 6 */
	fe_sub(&t3, &t3, &t4);           /* 7 */
	fe_mul(&t4, &q->y, &p->z, fast); /* 8 */
	fe_add(&t4, &t4, &p->y);         /* 9 */
	fe_mul(&Y3, &q->x, &p->z, fast); /* 10 */
	fe_add(&Y3, &Y3, &p->x);         /* 11 */
	fe_mul(&Z3, b, &p->z, fast);     /* 12 */
	fe_sub(&X3, &Y3, &Z3);           /* 13 */
	fe_add(&Z3, &X3, &X3);           /* 14 */
	fe_add(&X3, &X3, &Z3);           /* 15 */
	fe_sub(&Z3, &t1, &X3);           /* 16 */
	fe_add(&X3, &t1, &X3);           /* 17 */
	fe_mul(&Y3, b, &Y3, fast);       /* 18 */
	fe_add(&t1, &p->z, &p->z);       /* 19 */
	fe_add(&t2, &t1, &p->z);         /* 20 */
	fe_sub(&Y3, &Y3, &t2);           /* 21 */
	fe_sub(&Y3, &Y3, &t0);           /* 22 */
	fe_add(&t1, &Y3, &Y3);           /* 23 */
	fe_add(&Y3, &t1, &Y3);           /* 24 */
	fe_add(&t1, &t0, &t0);           /* 25 */
	fe_add(&t0, &t1, &t0);           /* 26 */
	fe_sub(&t0, &t0, &t2);           /* 27 */
	fe_mul(&t1, &t4, &Y3, fast);     /* 28 */
	fe_mul(&t2, &t0, &Y3, fast);     /* 29 */
	fe_mul(&Y3, &X3, &Z3, fast);     /* 30 */
	fe_add(&Y3, &Y3, &t2);           /* 31 */
	fe_mul(&X3, &t3, &X3, fast);     /* 32 */
	fe_sub(&X3, &X3, &t1);           /* 33 */
	fe_mul(&Z3, &t4, &Z3, fast);     /* 34 */
	fe_mul(&t1, &t3, &t0, fast);     /* 35 */
	fe_add(&Z3, &Z3, &t1);           /* 36 */
	r->x = X3;
	r->y = Y3;
	r->z = Z3;
}

/* Algorithm 6: r = 2p. 8M + 3S + 2m_b + 21a. */
static inline void pt_dbl(point *r, const point *p, unsigned fast)
{
	fe t0, t1, t2, t3, X3, Y3, Z3;
	const fe *b = &P256_B_MONT;
	fe_sqr(&t0, &p->x, fast);        /* 1 */
	fe_sqr(&t1, &p->y, fast);        /* 2 */
	fe_sqr(&t2, &p->z, fast);        /* 3 */
	fe_mul(&t3, &p->x, &p->y, fast); /* 4 */
	fe_add(&t3, &t3, &t3);           /* 5 */
	fe_mul(&Z3, &p->x, &p->z, fast); /* 6 */
	fe_add(&Z3, &Z3, &Z3);           /* 7 */
	fe_mul(&Y3, b, &t2, fast);       /* 8 */
	fe_sub(&Y3, &Y3, &Z3);           /* 9 */
	fe_add(&X3, &Y3, &Y3);           /* 10 */
	fe_add(&Y3, &X3, &Y3);           /* 11 */
	fe_sub(&X3, &t1, &Y3);           /* 12 */
	fe_add(&Y3, &t1, &Y3);           /* 13 */
	fe_mul(&Y3, &X3, &Y3, fast);     /* 14 */
	fe_mul(&X3, &X3, &t3, fast);     /* 15 */
	fe_add(&t3, &t2, &t2);           /* 16 */
	fe_add(&t2, &t2, &t3);           /* 17 */
	fe_mul(&Z3, b, &Z3, fast);       /* 18 */
	fe_sub(&Z3, &Z3, &t2);           /* 19 */
	fe_sub(&Z3, &Z3, &t0);           /* 20 */
	fe_add(&t3, &Z3, &Z3);           /* 21 */
	fe_add(&Z3, &Z3, &t3);           /* 22 */
	fe_add(&t3, &t0, &t0);           /* 23 */
	fe_add(&t0, &t3, &t0);           /* 24 */
	fe_sub(&t0, &t0, &t2);           /* 25 */
	fe_mul(&t0, &t0, &Z3, fast);     /* 26 */
	fe_add(&Y3, &Y3, &t0);           /* 27 */
	fe_mul(&t0, &p->y, &p->z, fast); /* 28 */
	fe_add(&t0, &t0, &t0);           /* 29 */
	fe_mul(&Z3, &t0, &Z3, fast);     /* 30 */
	fe_sub(&X3, &X3, &Z3);           /* 31 */
	fe_mul(&Z3, &t0, &t1, fast);     /* 32 */
	fe_add(&Z3, &Z3, &Z3);           /* 33 */
	fe_add(&Z3, &Z3, &Z3);           /* 34 */
	r->x = X3;
	r->y = Y3;
	r->z = Z3;
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
