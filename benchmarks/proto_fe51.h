/*
 * Benchmark-only prototype of the other representation of GF(2^255 - 19):
 * Go's unsaturated 5 x 51-bit limbs (crypto/internal/edwards25519/field,
 * feMulGeneric / feSquareGeneric / Add: products summed in 128 bits with the
 * 19*b terms folded in, then two carry passes). It is not part of the library:
 * it is here so that ecfield-bench measures, interleaved with the library's
 * 4 x 64 kernels, the comparison that chose the representation
 * (docs/p25519.md). Rows: kernel "c_5x51", call "direct".
 */
#ifndef ECF_PROTO_FE51_H
#define ECF_PROTO_FE51_H

#include <stdint.h>

/* Go's compiler does not vectorise; GCC 12 does, through memory, with
 * store-forwarding stalls (2.4x slower add): keep the prototype scalar. */
#if defined(__GNUC__) && !defined(__clang__)
#define FE51_SCALAR __attribute__((optimize("no-tree-slp-vectorize", "no-tree-loop-vectorize")))
#else
#define FE51_SCALAR
#endif

__extension__ typedef unsigned __int128 fe51_u128;

#define FE51_MASK ((UINT64_C(1) << 51) - 1)

typedef struct {
	uint64_t l[5];
} fe51;

/* One carry pass on locals (limbs below 2^52 after it), then the store. */
static inline void fe51_carry_store(fe51 *v, uint64_t l0, uint64_t l1, uint64_t l2, uint64_t l3, uint64_t l4)
{
	uint64_t c0 = l0 >> 51, c1 = l1 >> 51, c2 = l2 >> 51, c3 = l3 >> 51, c4 = l4 >> 51;
	v->l[0] = (l0 & FE51_MASK) + c4 * 19;
	v->l[1] = (l1 & FE51_MASK) + c0;
	v->l[2] = (l2 & FE51_MASK) + c1;
	v->l[3] = (l3 & FE51_MASK) + c2;
	v->l[4] = (l4 & FE51_MASK) + c3;
}

static inline void fe51_from_wide(fe51 *v, fe51_u128 r0, fe51_u128 r1, fe51_u128 r2, fe51_u128 r3, fe51_u128 r4)
{
	uint64_t c0 = (uint64_t)(r0 >> 51), c1 = (uint64_t)(r1 >> 51), c2 = (uint64_t)(r2 >> 51);
	uint64_t c3 = (uint64_t)(r3 >> 51), c4 = (uint64_t)(r4 >> 51);
	fe51_carry_store(v, ((uint64_t)r0 & FE51_MASK) + c4 * 19, ((uint64_t)r1 & FE51_MASK) + c0,
	                 ((uint64_t)r2 & FE51_MASK) + c1, ((uint64_t)r3 & FE51_MASK) + c2,
	                 ((uint64_t)r4 & FE51_MASK) + c3);
}

static __attribute__((noinline)) FE51_SCALAR void fe51_mul(fe51 *v, const fe51 *x, const fe51 *y)
{
	uint64_t a0 = x->l[0], a1 = x->l[1], a2 = x->l[2], a3 = x->l[3], a4 = x->l[4];
	uint64_t b0 = y->l[0], b1 = y->l[1], b2 = y->l[2], b3 = y->l[3], b4 = y->l[4];
	uint64_t b1_19 = b1 * 19, b2_19 = b2 * 19, b3_19 = b3 * 19, b4_19 = b4 * 19;
	fe51_u128 r0 = (fe51_u128)a0 * b0 + (fe51_u128)a1 * b4_19 + (fe51_u128)a2 * b3_19 + (fe51_u128)a3 * b2_19 +
	               (fe51_u128)a4 * b1_19;
	fe51_u128 r1 = (fe51_u128)a0 * b1 + (fe51_u128)a1 * b0 + (fe51_u128)a2 * b4_19 + (fe51_u128)a3 * b3_19 +
	               (fe51_u128)a4 * b2_19;
	fe51_u128 r2 = (fe51_u128)a0 * b2 + (fe51_u128)a1 * b1 + (fe51_u128)a2 * b0 + (fe51_u128)a3 * b4_19 +
	               (fe51_u128)a4 * b3_19;
	fe51_u128 r3 =
	    (fe51_u128)a0 * b3 + (fe51_u128)a1 * b2 + (fe51_u128)a2 * b1 + (fe51_u128)a3 * b0 + (fe51_u128)a4 * b4_19;
	fe51_u128 r4 =
	    (fe51_u128)a0 * b4 + (fe51_u128)a1 * b3 + (fe51_u128)a2 * b2 + (fe51_u128)a3 * b1 + (fe51_u128)a4 * b0;
	fe51_from_wide(v, r0, r1, r2, r3, r4);
}

static __attribute__((noinline)) FE51_SCALAR void fe51_sqr(fe51 *v, const fe51 *x)
{
	uint64_t a0 = x->l[0], a1 = x->l[1], a2 = x->l[2], a3 = x->l[3], a4 = x->l[4];
	uint64_t d0 = a0 * 2, d1 = a1 * 2, d2 = a2 * 2, d3_19 = a3 * 2 * 19, a3_19 = a3 * 19, a4_19 = a4 * 19;
	fe51_u128 r0 = (fe51_u128)a0 * a0 + (fe51_u128)d1 * a4_19 + (fe51_u128)d2 * a3_19;
	fe51_u128 r1 = (fe51_u128)d0 * a1 + (fe51_u128)d2 * a4_19 + (fe51_u128)a3 * a3_19;
	fe51_u128 r2 = (fe51_u128)d0 * a2 + (fe51_u128)a1 * a1 + (fe51_u128)d3_19 * a4;
	fe51_u128 r3 = (fe51_u128)d0 * a3 + (fe51_u128)d1 * a2 + (fe51_u128)a4 * a4_19;
	fe51_u128 r4 = (fe51_u128)d0 * a4 + (fe51_u128)d1 * a3 + (fe51_u128)a2 * a2;
	fe51_from_wide(v, r0, r1, r2, r3, r4);
}

static __attribute__((noinline)) FE51_SCALAR void fe51_add(fe51 *v, const fe51 *x, const fe51 *y)
{
	fe51_carry_store(v, x->l[0] + y->l[0], x->l[1] + y->l[1], x->l[2] + y->l[2], x->l[3] + y->l[3],
	                 x->l[4] + y->l[4]);
}

/* Conversions, only to check the prototype against the library. */
static inline void fe51_from_4x64(fe51 *v, const uint64_t a[4])
{
	v->l[0] = a[0] & FE51_MASK;
	v->l[1] = ((a[0] >> 51) | (a[1] << 13)) & FE51_MASK;
	v->l[2] = ((a[1] >> 38) | (a[2] << 26)) & FE51_MASK;
	v->l[3] = ((a[2] >> 25) | (a[3] << 39)) & FE51_MASK;
	v->l[4] = (a[3] >> 12) & FE51_MASK; /* bit 255 dropped: callers pass values < 2^255 */
}

static inline void fe51_to_4x64(uint64_t a[4], const fe51 *x)
{
	fe51 v = *x;
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < 4; i++) {
			v.l[i + 1] += v.l[i] >> 51;
			v.l[i] &= FE51_MASK;
		}
		v.l[0] += 19 * (v.l[4] >> 51);
		v.l[4] &= FE51_MASK;
	}
	a[0] = v.l[0] | (v.l[1] << 51);
	a[1] = (v.l[1] >> 13) | (v.l[2] << 38);
	a[2] = (v.l[2] >> 26) | (v.l[3] << 25);
	a[3] = (v.l[3] >> 39) | (v.l[4] << 12);
}

#endif
