/*
 * The curve25519 code's view of GF(2^255 - 19): the internal field layer
 * (lib/fields/p25519_internal.h, ecfi_p25519_*) for everything but mul and
 * sqr, which go straight to the hidden kernels with the dispatch flag read
 * once per curve operation (fl, passed down) instead of once per call.
 *
 * Every value is the field's lazy representation (any 256-bit value); the
 * kernels and add/sub accept and return that whole range, so no formula here
 * needs an intermediate reduction.
 */
#ifndef ECFI_C25519_FE_H
#define ECFI_C25519_FE_H

#include "ecfield/p25519.h"

#include "common/internal.h"
#include "common/limbs.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

#if defined(__has_include)
#if __has_include("p25519_internal.h")
#define ECFI_C25519_HAVE_INTERNAL 1
#endif
#endif

#ifdef ECFI_C25519_HAVE_INTERNAL
#include "p25519_internal.h"
#else
/* Stand-in until the internal field layer is on this branch: the same names
 * and signatures over the public entries. */
#define ECFI_C25519_WRAP(op, params, args)                                                                             \
	static inline void ecfi_p25519_##op params { ecf_p25519_##op args; }
#define ECFI_C25519_WRAP_INT(op, params, args)                                                                         \
	static inline int ecfi_p25519_##op params { return ecf_p25519_##op args; }
typedef ecf_p25519_fe ecfi_c25519_fe_;
ECFI_C25519_WRAP(add, (ecfi_c25519_fe_ * r, const ecfi_c25519_fe_ *a, const ecfi_c25519_fe_ *b), (r, a, b))
ECFI_C25519_WRAP(sub, (ecfi_c25519_fe_ * r, const ecfi_c25519_fe_ *a, const ecfi_c25519_fe_ *b), (r, a, b))
ECFI_C25519_WRAP(neg, (ecfi_c25519_fe_ * r, const ecfi_c25519_fe_ *a), (r, a))
ECFI_C25519_WRAP(mul_small, (ecfi_c25519_fe_ * r, const ecfi_c25519_fe_ *a, uint32_t c), (r, a, c))
ECFI_C25519_WRAP(inv, (ecfi_c25519_fe_ * r, const ecfi_c25519_fe_ *a), (r, a))
ECFI_C25519_WRAP(reduce, (ecfi_c25519_fe_ * r, const ecfi_c25519_fe_ *a), (r, a))
ECFI_C25519_WRAP(abs, (ecfi_c25519_fe_ * r, const ecfi_c25519_fe_ *a), (r, a))
ECFI_C25519_WRAP(pow22523, (ecfi_c25519_fe_ * r, const ecfi_c25519_fe_ *a), (r, a))
ECFI_C25519_WRAP(to_bytes, (uint8_t out[32], const ecfi_c25519_fe_ *a), (out, a))
ECFI_C25519_WRAP(zero, (ecfi_c25519_fe_ * r), (r))
ECFI_C25519_WRAP(one, (ecfi_c25519_fe_ * r), (r))
ECFI_C25519_WRAP(cmov, (ecfi_c25519_fe_ * r, const ecfi_c25519_fe_ *a, int c), (r, a, c))
ECFI_C25519_WRAP(cswap, (ecfi_c25519_fe_ * a, ecfi_c25519_fe_ *b, int c), (a, b, c))
ECFI_C25519_WRAP(cneg, (ecfi_c25519_fe_ * r, int c), (r, c))
ECFI_C25519_WRAP(select, (ecfi_c25519_fe_ * r, const ecfi_c25519_fe_ *a, const ecfi_c25519_fe_ *b, int c), (r, a, b, c))
ECFI_C25519_WRAP_INT(from_bytes, (ecfi_c25519_fe_ * r, const uint8_t *in, size_t n), (r, in, n))
ECFI_C25519_WRAP_INT(from_bytes_strict, (ecfi_c25519_fe_ * r, const uint8_t *in, size_t n), (r, in, n))
ECFI_C25519_WRAP_INT(from_wide_bytes, (ecfi_c25519_fe_ * r, const uint8_t *in, size_t n), (r, in, n))
ECFI_C25519_WRAP_INT(is_zero, (const ecfi_c25519_fe_ *a), (a))
ECFI_C25519_WRAP_INT(is_negative, (const ecfi_c25519_fe_ *a), (a))
ECFI_C25519_WRAP_INT(equal, (const ecfi_c25519_fe_ *a, const ecfi_c25519_fe_ *b), (a, b))
/* The internal layer's convention: ECF_OK for a square, else ECF_ERR_NOT_SQUARE. */
static inline int ecfi_p25519_sqrt_ratio(ecfi_c25519_fe_ *r, const ecfi_c25519_fe_ *u, const ecfi_c25519_fe_ *v)
{
	int sq = ecf_p25519_sqrt_ratio(r, u, v);
	return (int)((uint64_t)ECF_ERR_NOT_SQUARE & ~ecfi_mask_from_bit((uint64_t)(sq & 1)));
}
#undef ECFI_C25519_WRAP
#undef ECFI_C25519_WRAP_INT
#endif

typedef ecf_p25519_fe fe;

/* The dispatch flag, read once per curve operation. */
static inline uint32_t fe_flags(void) { return ecfi_cpu_flags; }

static inline void fe_mul(uint32_t fl, fe *r, const fe *a, const fe *b)
{
	(void)fl;
#if ECFI_X86_64_KERNELS
	if (ECFI_USE_MULX_ADX(fl)) {
		ecfk_p25519_mul_mulx_adx(r->limb, a->limb, b->limb);
		return;
	}
#endif
	ecfk_p25519_mul_portable(r->limb, a->limb, b->limb);
}

static inline void fe_sqr(uint32_t fl, fe *r, const fe *a)
{
	(void)fl;
#if ECFI_X86_64_KERNELS
	if (ECFI_USE_MULX_ADX(fl)) {
		ecfk_p25519_sqr_mulx_adx(r->limb, a->limb);
		return;
	}
#endif
	ecfk_p25519_sqr_portable(r->limb, a->limb);
}

#endif
