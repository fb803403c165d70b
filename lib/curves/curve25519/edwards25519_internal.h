/*
 * edwards25519 inside the library: the point representations of the formulas
 * (ref10's names) and the hidden entry points that X25519, Ed25519 and
 * ristretto255 call with the dispatch flag already read (tiers).
 *
 *   p3      extended (X : Y : Z : T), the public ecf_edwards25519_point
 *   p2      projective (X : Y : Z), enough to double
 *   p1p1    "completed" ((X : Z), (Y : T)), the output of add and double
 *   niels   affine (y + x, y - x, 2d*x*y), the precomputed base multiples
 *   cached  (Y + X, Y - X, Z, 2d*T), the runtime tables of a point
 * Formulas: Hisil, Wong, Carter, Dawson, "Twisted Edwards curves revisited"
 * (2008), with a = -1; complete on edwards25519 (d is not a square).
 */
#ifndef ECFI_EDWARDS25519_INTERNAL_H
#define ECFI_EDWARDS25519_INTERNAL_H

#include "ecfield/edwards25519.h"

#include "curves/curve25519/fe.h"

typedef ecf_edwards25519_point ecfi_ed_p3;
typedef struct {
	fe X, Y, Z;
} ecfi_ed_p2;
typedef struct {
	fe X, Y, Z, T;
} ecfi_ed_p1p1;
typedef struct {
	fe ypx, ymx, xy2d;
} ecfi_ed_niels;
typedef struct {
	fe ypx, ymx, Z, T2d;
} ecfi_ed_cached;

/* The working area of one fixed-base comb addition h = h + n (the layout of
 * ECFK_ED25519_MADD_* in kernels/kernels.h): the MULX/ADX kernel
 * ecfk_ed25519_madd_mulx_adx takes it as words, the portable C code
 * (ecfi_edwards25519_madd_p3_portable, the same bits) as this struct. */
typedef struct {
	ecfi_ed_p3 h;
	ecfi_ed_niels n;
	ecfi_ed_p1p1 q; /* scratch */
} ecfi_ed_madd_area;
ECFI_HIDDEN void ecfi_edwards25519_madd_p3_portable(ecfi_ed_madd_area *w);

/* The working area of one doubling step t = 2 * p1p1_to_p2(t) (the layout of
 * ECFK_ED25519_DBL_* in kernels/kernels.h; ecfk_ed25519_dbl_mulx_adx and the
 * C code ecfi_edwards25519_dbl_p1p1_portable, the same bits). */
typedef struct {
	ecfi_ed_p1p1 t;
	ecfi_ed_p2 q; /* scratch */
	fe t0;        /* scratch */
} ecfi_ed_dbl_area;
ECFI_HIDDEN void ecfi_edwards25519_dbl_p1p1_portable(ecfi_ed_dbl_area *w);

/* Decoding modes of ecfi_edwards25519_decode. */
#define ECFI_ED_DECODE_STRICT 0
#define ECFI_ED_DECODE_ZIP215 1

ECFI_HIDDEN int ecfi_edwards25519_decode(uint32_t tiers, ecfi_ed_p3 *r, const uint8_t in[32], int mode);
ECFI_HIDDEN void ecfi_edwards25519_encode(uint32_t tiers, uint8_t out[32], const ecfi_ed_p3 *p);
ECFI_HIDDEN void ecfi_edwards25519_add(uint32_t tiers, ecfi_ed_p3 *r, const ecfi_ed_p3 *a, const ecfi_ed_p3 *b);
ECFI_HIDDEN void ecfi_edwards25519_sub(uint32_t tiers, ecfi_ed_p3 *r, const ecfi_ed_p3 *a, const ecfi_ed_p3 *b);
ECFI_HIDDEN void ecfi_edwards25519_neg(ecfi_ed_p3 *r, const ecfi_ed_p3 *a);
ECFI_HIDDEN void ecfi_edwards25519_identity(ecfi_ed_p3 *r);
ECFI_HIDDEN void ecfi_edwards25519_generator(ecfi_ed_p3 *r);
ECFI_HIDDEN void ecfi_edwards25519_double(uint32_t tiers, ecfi_ed_p3 *r, const ecfi_ed_p3 *a);
ECFI_HIDDEN void ecfi_edwards25519_scalar_mult_base(uint32_t tiers, ecfi_ed_p3 *r, const uint8_t s[32]);
ECFI_HIDDEN void ecfi_edwards25519_scalar_mult(uint32_t tiers, ecfi_ed_p3 *r, const uint8_t s[32], const ecfi_ed_p3 *p);
/* The same with the secret scalar's stack cleared afterwards (a noinline
 * worker, then ecfi_wipe_stack): the entry points of edwards25519's and
 * ristretto255's public scalar multiplications. */
ECFI_HIDDEN void ecfi_edwards25519_scalar_mult_base_wiped(ecfi_ed_p3 *r, const uint8_t s[32]);
ECFI_HIDDEN void ecfi_edwards25519_scalar_mult_wiped(ecfi_ed_p3 *r, const uint8_t s[32], const ecfi_ed_p3 *p);
ECFI_HIDDEN void ecfi_edwards25519_double_scalar_mult_base_vartime(uint32_t tiers, ecfi_ed_p3 *r, const uint8_t a[32],
                                                                   const ecfi_ed_p3 *A, const uint8_t b[32]);
/* The odd multiples A, 3A, ..., (2n - 1)A of a public point (n = 2^(w-2)
 * for a wNAF of width w), and a*A + b*B from such a table. Variable time. */
ECFI_HIDDEN void ecfi_edwards25519_odd_multiples(uint32_t tiers, ecfi_ed_cached *Ai, int n, const ecfi_ed_p3 *A);
ECFI_HIDDEN void ecfi_edwards25519_double_scalar_mult_base_vartime_table(uint32_t tiers, ecfi_ed_p3 *r,
                                                                         const uint8_t a[32], const ecfi_ed_cached *Ai,
                                                                         int w, const uint8_t b[32]);
/* r = a if cond != 0; r = cond ? a : b. Constant time in cond. */
ECFI_HIDDEN void ecfi_edwards25519_cmov(ecfi_ed_p3 *r, const ecfi_ed_p3 *a, int cond);
ECFI_HIDDEN void ecfi_edwards25519_select(ecfi_ed_p3 *r, const ecfi_ed_p3 *a, const ecfi_ed_p3 *b, int cond);
/* 1 if a is the identity / if l*a is the identity (constant time). */
ECFI_HIDDEN uint64_t ecfi_edwards25519_identity_mask(const ecfi_ed_p3 *a);
ECFI_HIDDEN int ecfi_edwards25519_is_torsion_free(const ecfi_ed_p3 *a);
ECFI_HIDDEN int ecfi_edwards25519_is_small_order(const ecfi_ed_p3 *a);
/* All-ones if a = b as points, else 0. */
ECFI_HIDDEN uint64_t ecfi_edwards25519_equal_mask(uint32_t tiers, const ecfi_ed_p3 *a, const ecfi_ed_p3 *b);

#endif
