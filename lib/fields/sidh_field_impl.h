/*
 * One generic definition of an isogeny field GF(p) and its quadratic
 * extension GF(p^2) = GF(p)[i]/(i^2 + 1), for p = 2^a * 3^b - 1, instantiated
 * by p434.c, p503.c, p610.c and p751.c. Include it after
 * lib/fields/sidh_internal.h and after defining:
 *
 *   FIELD        token, e.g. p503: API ecf_<FIELD>_*, internal ecfi_<FIELD>_*,
 *                kernels ecfk_<FIELD>_*
 *   FIELD_LIMBS  number of 64-bit limbs n (16p < R = 2^(64n) for every prime)
 *   FIELD_BYTES  length of the SIKE encoding of GF(p)
 *
 * The constants ecfi_<FIELD>_P (p), _P2 (2p), _R1, _R2, _R3 and _MODINV come
 * from the generated <FIELD>_params.h (lib/common/field_params.py).
 *
 * Lazy reduction: values are kept in [0, 2p). A product of two such values is
 * below 4p^2 < p*R, the input bound of redc, whose output is again in [0, 2p).
 * The kernels mp_mul, redc and mul (the two fused, for a, b < 4p) are
 * dispatched; every operation that uses them reads the flag once and calls
 * one tier's kernels directly.
 *
 * Each operation is defined once: the small ops as static inline functions in
 * sidh_field_internal.h, the others here as hidden ecfi_ functions. The
 * exported ecf_ names are aliases of both, listed by name in each field's
 * file after it includes this one, one line per function, so that grep and
 * ctags find them (test names_findable):
 *
 *   ECFI_EXPORT_ALIAS(ecf_p503_fp2_mul, ecfi_p503_fp2_mul);
 *
 * With ECFI_SIDH_HOOKS_ONLY defined, this file defines only the test and
 * benchmark hooks (lib/testhooks/), which are not part of the shared library.
 */
#include <stddef.h>

#include "common/decode.h"
#include "common/limbs.h"
#include "common/lookup.h"
#include "common/modinv.h"
#include "dispatch/cpu.h"
#include "fields/sidh_internal.h"
#include "kernels/kernels.h"

#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FP2 ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fp2)
#define IN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _), op)
#define KERNEL(op, tier) ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfk_, FIELD), _), op), _), tier)
#define P ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _P)
#define P2 ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _P2)
#define R2 ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _R2)
#define R3 ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _R3)
#define MODINV ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _MODINV)
#define NL FIELD_LIMBS
#define INLINE static inline __attribute__((always_inline))

/* Carry chains of the glue between kernels: the shared limb helpers (ADC/SBB
 * chains on x86-64, see common/wide.h), k constant after inlining. */
INLINE uint64_t IN(add_k)(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t k)
{
	return ecfi_limbs_add(r, a, b, k);
}
INLINE uint64_t IN(sub_k)(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t k)
{
	return ecfi_limbs_sub(r, a, b, k);
}

/* Debug builds (-Drange_checks=true) check the documented ranges and abort.
 * The check branches on the value: such a build is not constant time. */
#if ECFI_RANGE_CHECKS
#define CHECK_BELOW(x, bound, fn, what)                                                                                \
	do {                                                                                                           \
		if (!ecfi_limbs_lt_mask((x), (bound), NL))                                                             \
			ecfi_range_fail(ECFI_STR(FIELD), fn, what);                                                    \
	} while (0)
#define CHECK_NO_OVERLAP(p, plen, q, qlen, fn, what)                                                                   \
	do {                                                                                                           \
		const char *p_ = (const char *)(p), *q_ = (const char *)(q);                                           \
		if (p_ < q_ + (qlen) && q_ < p_ + (plen))                                                              \
			ecfi_range_fail(ECFI_STR(FIELD), fn, what);                                                    \
	} while (0)
#else
#define CHECK_BELOW(x, bound, fn, what) ((void)0)
#define CHECK_NO_OVERLAP(p, plen, q, qlen, fn, what) ((void)0)
#endif
#define CHECK_2P(x, fn) CHECK_BELOW((x)->limb, P2, fn, #x " (must be < 2p)")

/* The tier: the flag word tested once per operation (the field's row of
 * lib/dispatch/tiers.h); every kernel call below is direct. DISPATCH passes
 * the tier's mp_mul and redc kernels to fn, DISPATCH_ML its fused
 * Montgomery multiplication z = a*b/R in [0, 2p) for a, b < 4p (kernels.h:
 * the same bits as redc(mp_mul(a, b))), one kernel call. */
#define MP_PORTABLE KERNEL(mp_mul, portable)
#define RD_PORTABLE KERNEL(redc, portable)
#define WITH_MP_RD(tier, fn, ...) fn(__VA_ARGS__, KERNEL(mp_mul, tier), KERNEL(redc, tier))
#define WITH_ML(tier, fn, ...) fn(__VA_ARGS__, KERNEL(mul, tier))
#define DISPATCH(fn, ...)                                                                                              \
	do {                                                                                                           \
		ECFI_DISPATCH_EACH(FIELD, ecfi_tiers(), WITH_MP_RD, fn, __VA_ARGS__)                                   \
		{                                                                                                      \
			WITH_MP_RD(portable, fn, __VA_ARGS__);                                                         \
		}                                                                                                      \
	} while (0)
#define DISPATCH_ML(fn, ...)                                                                                           \
	do {                                                                                                           \
		ECFI_DISPATCH_EACH(FIELD, ecfi_tiers(), WITH_ML, fn, __VA_ARGS__)                                      \
		{                                                                                                      \
			WITH_ML(portable, fn, __VA_ARGS__);                                                            \
		}                                                                                                      \
	} while (0)

INLINE void IN(ml_k)(uint64_t *r, const uint64_t *a, const uint64_t *b, ecfi_mp_mul_fn ml) { ml(r, a, b); }

/* K = k*R mod p in [0, 2p) as mul(R^2, k): R^2 < p, k < 2^64 < 2p. */
INLINE void IN(small_to_mont_ml)(uint64_t *kk, uint64_t k, ecfi_mp_mul_fn ml)
{
	uint64_t kv[NL] = {k};
	ml(kk, R2, kv);
}

INLINE void IN(mul_small_ml)(uint64_t *r, const uint64_t *a, uint64_t k, ecfi_mp_mul_fn ml)
{
	uint64_t kk[NL];
	IN(small_to_mont_ml)(kk, k, ml);
	ml(r, a, kk);
}

INLINE void IN(mul_k)(uint64_t *r, const uint64_t *a, const uint64_t *b, ecfi_mp_mul_fn mp, ecfi_redc_fn rd)
{
	uint64_t t[2 * NL];
	mp(t, a, b);
	rd(r, t);
}

/* ---- inline bodies, shared by the library and the hooks ---- */

/* (a0 + a1 i)(b0 + b1 i) = (a0 b0 - a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) i.
 * The sums a0 + a1, b0 + b1 stay unreduced (< 4p < R, mp_mul takes any value
 * below R). The imaginary part a0 b1 + a1 b0 < 8p^2 < p*R; the real part
 * a0 b0 - a1 b1 is in (-4p^2, 4p^2): p*R is added when it is negative, so
 * both are valid redc inputs and only two reductions are needed. */
INLINE void IN(fp2_mul_k)(FP2 *r, const FP2 *a, const FP2 *b, ecfi_mp_mul_fn mp, ecfi_redc_fn rd)
{
	uint64_t sa[NL], sb[NL], tm[2 * NL], t0[2 * NL], t1[2 * NL], m[NL];
	(void)IN(add_k)(sa, a->re.limb, a->im.limb, NL);
	(void)IN(add_k)(sb, b->re.limb, b->im.limb, NL);
	mp(tm, sa, sb);
	mp(t0, a->re.limb, b->re.limb);
	mp(t1, a->im.limb, b->im.limb);
	(void)IN(sub_k)(tm, tm, t0, 2 * NL);
	(void)IN(sub_k)(tm, tm, t1, 2 * NL);
	uint64_t mask = ecfi_mask_from_bit(IN(sub_k)(t0, t0, t1, 2 * NL));
	for (size_t i = 0; i < NL; i++)
		m[i] = P[i] & mask;
	(void)IN(add_k)(t0 + NL, t0 + NL, m, NL);
	rd(r->re.limb, t0);
	rd(r->im.limb, tm);
}

/* (a0 + a1 i)^2 = (a0 + a1)(a0 - a1) + 2 a0 a1 i. a0 - a1 is taken as
 * a0 + 2p - a1 in (0, 4p), without a conditional correction: every factor is
 * below 4p, the fused mul's bound (4p * 4p <= p*R, 16p < R for every prime).
 * Two fused multiplications (measured against mp_mul, mp_mul, redc, redc:
 * docs/isogeny.md). */
INLINE void IN(fp2_sqr_k)(FP2 *r, const FP2 *a, ecfi_mp_mul_fn ml)
{
	uint64_t s[NL], d[NL], a2[NL];
	(void)IN(add_k)(s, a->re.limb, a->im.limb, NL);
	(void)IN(sub_k)(d, a->re.limb, a->im.limb, NL); /* wraps mod R; + 2p makes it right */
	(void)IN(add_k)(d, d, P2, NL);
	(void)IN(add_k)(a2, a->re.limb, a->re.limb, NL);
	ml(r->im.limb, a2, a->im.limb); /* r may alias a: a is read here last */
	ml(r->re.limb, s, d);
}

/* 1/(a0 + a1 i) = (a0 - a1 i) / (a0^2 + a1^2): the norm needs one redc
 * (a0^2 + a1^2 < 8p^2 < p*R) and one GF(p) inversion. */
INLINE void IN(fp2_inv_k)(FP2 *r, const FP2 *a, ecfi_mp_mul_fn mp, ecfi_redc_fn rd)
{
	uint64_t t0[2 * NL], t1[2 * NL], nm[NL], r3[NL], im[NL];
	static const uint64_t zero[NL];
	mp(t0, a->re.limb, a->re.limb);
	mp(t1, a->im.limb, a->im.limb);
	(void)IN(add_k)(t0, t0, t1, 2 * NL);
	rd(nm, t0);
	/* nm = N*R for the norm N; 1/(N*R) by safegcd, times R^3 (Montgomery) is R/N. */
	IN(reduce_p)(nm, nm);
	ecfi_modinv(nm, nm, &MODINV);
	ecfi_limbs_copy(r3, R3, NL);
	IN(mul_k)(nm, nm, r3, mp, rd);
	IN(sub_2p)(im, zero, a->im.limb);
	IN(mul_k)(r->re.limb, a->re.limb, nm, mp, rd);
	IN(mul_k)(r->im.limb, im, nm, mp, rd);
}

INLINE void IN(fp2_mul_small_k)(FP2 *r, const FP2 *a, uint64_t k, ecfi_mp_mul_fn ml)
{
	uint64_t kk[NL];
	IN(small_to_mont_ml)(kk, k, ml);
	ml(r->re.limb, a->re.limb, kk);
	ml(r->im.limb, a->im.limb, kk);
}

#if !defined(ECFI_SIDH_HOOKS_ONLY)

/* ---- GF(p) ---- */

int IN(from_bytes)(FE *r, const uint8_t *in, size_t len)
{
	return ecfi_decode_canonical(r ? r->limb : NULL, NL, in, len, FIELD_BYTES, 0, P);
}

void IN(to_bytes)(uint8_t *out, const FE *a)
{
	uint64_t v[NL];
	CHECK_2P(a, "to_bytes");
	IN(reduce_p)(v, a->limb);
	ecfi_limbs_to_le(out, FIELD_BYTES, v);
}

void IN(reduce)(FE *r, const FE *a)
{
	CHECK_2P(a, "reduce");
	IN(reduce_p)(r->limb, a->limb);
}

void IN(mul)(FE *r, const FE *a, const FE *b)
{
	CHECK_2P(a, "mul");
	CHECK_2P(b, "mul");
	DISPATCH_ML(IN(ml_k), r->limb, a->limb, b->limb);
}

void IN(sqr)(FE *r, const FE *a)
{
	CHECK_2P(a, "sqr");
	ECFI_DISPATCH(FIELD, ecfi_tiers(), KERNEL(sqr, ), (r->limb, a->limb));
}

void IN(mp_mul)(uint64_t c[2 * NL], const FE *a, const FE *b)
{
	CHECK_NO_OVERLAP(c, 16 * NL, a, sizeof *a, "mp_mul", "c overlaps a");
	CHECK_NO_OVERLAP(c, 16 * NL, b, sizeof *b, "mp_mul", "c overlaps b");
	ECFI_DISPATCH(FIELD, ecfi_tiers(), KERNEL(mp_mul, ), (c, a->limb, b->limb));
}

void IN(redc)(FE *r, const uint64_t t[2 * NL])
{
	/* t < p*R exactly when its high half is below p (p*R has a zero low half). */
	CHECK_BELOW(t + NL, P, "redc", "t (must be < p*R)");
	CHECK_NO_OVERLAP(r, sizeof *r, t, 16 * NL, "redc", "r overlaps t");
	ECFI_DISPATCH(FIELD, ecfi_tiers(), KERNEL(redc, ), (r->limb, t));
}

void IN(to_mont)(FE *r, const FE *a)
{
	FE r2;
	ecfi_limbs_copy(r2.limb, R2, NL);
	IN(mul)(r, a, &r2);
}

void IN(from_mont)(FE *r, const FE *a)
{
	/* redc(a) <= p for a < 2p (it is p only for a = p): reduce to [0, p). */
	uint64_t t[2 * NL] = {0};
	CHECK_2P(a, "from_mont");
	ecfi_limbs_copy(t, a->limb, NL);
	IN(redc)(r, t);
	IN(reduce_p)(r->limb, r->limb);
}

void IN(inv)(FE *r, const FE *a)
{
	/* a = xR. safegcd (on the canonical value) gives 1/(xR); one Montgomery
	 * multiply by R^3 makes it R/x. */
	FE t, r3;
	CHECK_2P(a, "inv");
	IN(reduce_p)(t.limb, a->limb);
	ecfi_modinv(t.limb, t.limb, &MODINV);
	ecfi_limbs_copy(r3.limb, R3, NL);
	IN(mul)(r, &t, &r3);
}

void IN(mul_small)(FE *r, const FE *a, uint64_t k)
{
	CHECK_2P(a, "mul_small");
	DISPATCH_ML(IN(mul_small_ml), r->limb, a->limb, k);
}

void IN(set_u64)(FE *r, uint64_t v) { DISPATCH_ML(IN(small_to_mont_ml), r->limb, v); }

int IN(is_zero)(const FE *a)
{
	uint64_t v[NL];
	CHECK_2P(a, "is_zero");
	IN(reduce_p)(v, a->limb);
	return (int)(ecfi_limbs_zero_mask(v, NL) & 1);
}

int IN(equal)(const FE *a, const FE *b)
{
	uint64_t x[NL], y[NL];
	CHECK_2P(a, "equal");
	CHECK_2P(b, "equal");
	IN(reduce_p)(x, a->limb);
	IN(reduce_p)(y, b->limb);
	return (int)(ecfi_limbs_equal_mask(x, y, NL) & 1);
}

int IN(lookup)(FE *r, const FE *table, size_t n, size_t idx)
{
	/* Elements are plain structs of limbs: the table is n * NL limbs. */
	return ecfi_limbs_lookup(r ? r->limb : NULL, table ? table[0].limb : NULL, NL, n, idx);
}

/* ---- GF(p^2) ---- */

int IN(fp2_from_bytes)(FP2 *r, const uint8_t *in, size_t len)
{
	if (r == NULL)
		return ECF_ERR_NULL;
	IN(fp2_zero)(r);
	if (in == NULL)
		return ECF_ERR_NULL;
	if (len != 2 * FIELD_BYTES)
		return ECF_ERR_LENGTH;
	uint64_t v[2][NL], ok = ~(uint64_t)0;
	for (int h = 0; h < 2; h++) {
		ecfi_limbs_from_le(v[h], NL, in + h * FIELD_BYTES, FIELD_BYTES);
		ok &= ecfi_limbs_lt_mask(v[h], P, NL);
	}
	/* Both halves or nothing: no partial result on error. */
	for (size_t i = 0; i < NL; i++) {
		r->re.limb[i] = v[0][i] & ok;
		r->im.limb[i] = v[1][i] & ok;
	}
	return ok ? ECF_OK : ECF_ERR_RANGE;
}

void IN(fp2_to_bytes)(uint8_t *out, const FP2 *a)
{
	IN(to_bytes)(out, &a->re);
	IN(to_bytes)(out + FIELD_BYTES, &a->im);
}

void IN(fp2_to_mont)(FP2 *r, const FP2 *a)
{
	IN(to_mont)(&r->re, &a->re);
	IN(to_mont)(&r->im, &a->im);
}

void IN(fp2_from_mont)(FP2 *r, const FP2 *a)
{
	IN(from_mont)(&r->re, &a->re);
	IN(from_mont)(&r->im, &a->im);
}

void IN(fp2_reduce)(FP2 *r, const FP2 *a)
{
	IN(reduce)(&r->re, &a->re);
	IN(reduce)(&r->im, &a->im);
}

#define CHECK_FP2(x, fn)                                                                                               \
	do {                                                                                                           \
		CHECK_2P(&(x)->re, fn);                                                                                \
		CHECK_2P(&(x)->im, fn);                                                                                \
	} while (0)

void IN(fp2_mul)(FP2 *r, const FP2 *a, const FP2 *b)
{
	CHECK_FP2(a, "fp2_mul");
	CHECK_FP2(b, "fp2_mul");
	DISPATCH(IN(fp2_mul_k), r, a, b);
}

void IN(fp2_sqr)(FP2 *r, const FP2 *a)
{
	CHECK_FP2(a, "fp2_sqr");
	DISPATCH_ML(IN(fp2_sqr_k), r, a);
}

void IN(fp2_inv)(FP2 *r, const FP2 *a)
{
	CHECK_FP2(a, "fp2_inv");
	DISPATCH(IN(fp2_inv_k), r, a);
}

void IN(fp2_mul_small)(FP2 *r, const FP2 *a, uint64_t k)
{
	CHECK_FP2(a, "fp2_mul_small");
	DISPATCH_ML(IN(fp2_mul_small_k), r, a, k);
}

int IN(fp2_is_zero)(const FP2 *a) { return IN(is_zero)(&a->re) & IN(is_zero)(&a->im); }

int IN(fp2_equal)(const FP2 *a, const FP2 *b) { return IN(equal)(&a->re, &b->re) & IN(equal)(&a->im, &b->im); }

#undef CHECK_FP2

#else /* ECFI_SIDH_HOOKS_ONLY: the test and benchmark hooks (lib/testhooks/) */

void IN(fp2_mul_portable)(FP2 *r, const FP2 *a, const FP2 *b) { IN(fp2_mul_k)(r, a, b, MP_PORTABLE, RD_PORTABLE); }

#if ECFI_X86_64_KERNELS
void IN(fp2_mul_mulx_adx)(FP2 *r, const FP2 *a, const FP2 *b) { WITH_MP_RD(mulx_adx, IN(fp2_mul_k), r, a, b); }
#endif
#if ECFI_AARCH64_KERNELS
void IN(fp2_mul_aarch64)(FP2 *r, const FP2 *a, const FP2 *b) { WITH_MP_RD(aarch64, IN(fp2_mul_k), r, a, b); }
#endif

__attribute__((noinline)) void IN(fp2_mul_pointer)(FP2 *r, const FP2 *a, const FP2 *b, ecfi_mp_mul_fn mp,
                                                   ecfi_redc_fn rd)
{
	IN(fp2_mul_k)(r, a, b, mp, rd);
}

#endif

#undef FE
#undef FP2
#undef IN
#undef KERNEL
#undef P
#undef P2
#undef R2
#undef R3
#undef MODINV
#undef NL
#undef INLINE
#undef CHECK_BELOW
#undef CHECK_NO_OVERLAP
#undef CHECK_2P
#undef MP_PORTABLE
#undef RD_PORTABLE
#undef WITH_MP_RD
#undef WITH_ML
#undef DISPATCH
#undef DISPATCH_ML
