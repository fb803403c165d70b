/*
 * The internal interface of one Montgomery-form field (p256, p256n, ...),
 * for code inside the library (square roots, curves, protocols): included by
 * lib/fields/<field>_internal.h after it defines
 *
 *   FIELD        token, e.g. p256 (types ecf_<FIELD>_fe, names ecfi_<FIELD>_*)
 *   FIELD_LIMBS  number of 64-bit limbs
 *   FIELD_OWN_ADD_SUB  (optional) the field defined its own add, sub and neg
 *                      before including this file (p256 on x86-64)
 *
 * and includes the field's generated constants (ecfi_<FIELD>_M, _R1, ...).
 *
 * Every public ecf_<FIELD>_<op> has an internal ecfi_<FIELD>_<op> with the
 * same signature and contract (see the public header). The small ops are
 * static inline here, so that callers inline them; the others are hidden
 * functions of the library, called directly (never through the PLT). The
 * exported ecf_ names are aliases of, or thin wrappers around, these.
 *
 * mul_with/sqr_with take the dispatch flag word read once by the caller
 * (tiers = ecfi_tiers()): a scalar multiplication reads it once, not per
 * call. The tiers with a kernel are the field's row of lib/dispatch/tiers.h
 * (ECFI_FAMILY_<FIELD>).
 */
#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
#include "common/limbs.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

#define MFI_FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define MFI(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _), op)
#define MFI_K(op, tier) ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfk_, FIELD), _), op), _), tier)
#define MFI_M ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _M)
#define MFI_R1 ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _R1)
#define MFI_N FIELD_LIMBS

#if ECFI_RANGE_CHECKS
/* Debug builds (-Drange_checks=true) abort on an input >= m: every tier then
 * sees only inputs inside the contract (and gives the same bits on them). */
#define MFI_CHECK(x, fn)                                                                                               \
	do {                                                                                                           \
		if (!ecfi_limbs_lt_mask((x)->limb, MFI_M, MFI_N))                                                      \
			ecfi_range_fail(ECFI_STR(FIELD), fn, #x " (must be < m)");                                     \
	} while (0)
#else
#define MFI_CHECK(x, fn) ((void)0)
#endif

/* Hidden functions (lib/fields/mont_field_impl.h). */
ECFI_HIDDEN void MFI(mul)(MFI_FE *r, const MFI_FE *a, const MFI_FE *b);
ECFI_HIDDEN void MFI(sqr)(MFI_FE *r, const MFI_FE *a);
ECFI_HIDDEN void MFI(redc)(MFI_FE *r, const uint64_t t[2 * MFI_N]);
ECFI_HIDDEN int MFI(from_bytes)(MFI_FE *r, const uint8_t *in, size_t len);
ECFI_HIDDEN void MFI(to_bytes)(uint8_t *out, const MFI_FE *a);
ECFI_HIDDEN void MFI(to_mont)(MFI_FE *r, const MFI_FE *a);
ECFI_HIDDEN void MFI(from_mont)(MFI_FE *r, const MFI_FE *a);
ECFI_HIDDEN void MFI(inv)(MFI_FE *r, const MFI_FE *a);
ECFI_HIDDEN int MFI(lookup)(MFI_FE *r, const MFI_FE *table, size_t n, size_t idx);

/* r = a*b/R on the tier that `tiers` selects (a, b < m). */
static inline void MFI(mul_with)(uint32_t tiers, MFI_FE *r, const MFI_FE *a, const MFI_FE *b)
{
	MFI_CHECK(a, "mul");
	MFI_CHECK(b, "mul");
	ECFI_DISPATCH(FIELD, tiers, MFI_K(mul, ), (r->limb, a->limb, b->limb));
}

static inline void MFI(sqr_with)(uint32_t tiers, MFI_FE *r, const MFI_FE *a)
{
	MFI_CHECK(a, "sqr");
	ECFI_DISPATCH(FIELD, tiers, MFI_K(sqr, ), (r->limb, a->limb));
}

static inline void MFI(zero)(MFI_FE *r) { ecfi_limbs_zero(r->limb, MFI_N); }

static inline void MFI(one)(MFI_FE *r) { ecfi_limbs_copy(r->limb, MFI_R1, MFI_N); }

#if !defined(FIELD_OWN_ADD_SUB)
static inline void MFI(add)(MFI_FE *r, const MFI_FE *a, const MFI_FE *b)
{
	MFI_CHECK(a, "add");
	MFI_CHECK(b, "add");
	ecfi_limbs_modadd(r->limb, a->limb, b->limb, MFI_M, MFI_N);
}

static inline void MFI(sub)(MFI_FE *r, const MFI_FE *a, const MFI_FE *b)
{
	MFI_CHECK(a, "sub");
	MFI_CHECK(b, "sub");
	ecfi_limbs_modsub(r->limb, a->limb, b->limb, MFI_M, MFI_N);
}

static inline void MFI(neg)(MFI_FE *r, const MFI_FE *a)
{
	MFI_CHECK(a, "neg");
	ecfi_limbs_modneg(r->limb, a->limb, MFI_M, MFI_N);
}
#endif

static inline int MFI(is_zero)(const MFI_FE *a) { return (int)(ecfi_limbs_zero_mask(a->limb, MFI_N) & 1); }

static inline int MFI(equal)(const MFI_FE *a, const MFI_FE *b)
{
	return (int)(ecfi_limbs_equal_mask(a->limb, b->limb, MFI_N) & 1);
}

static inline void MFI(cmov)(MFI_FE *r, const MFI_FE *a, int cond)
{
	ecfi_limbs_cmov(r->limb, a->limb, ecfi_mask_cond(cond), MFI_N);
}

/* r = cond ? a : b. */
static inline void MFI(select)(MFI_FE *r, const MFI_FE *a, const MFI_FE *b, int cond)
{
	uint64_t m = ecfi_mask_cond(cond);
	for (size_t i = 0; i < MFI_N; i++)
		r->limb[i] = b->limb[i] ^ (m & (a->limb[i] ^ b->limb[i]));
}

/* a and b may alias (then nothing changes). */
static inline void MFI(cswap)(MFI_FE *a, MFI_FE *b, int cond)
{
	ecfi_limbs_cswap(a->limb, b->limb, ecfi_mask_cond(cond), MFI_N);
}

static inline void MFI(cneg)(MFI_FE *r, int cond)
{
	MFI_FE n;
	MFI(neg)(&n, r);
	MFI(cmov)(r, &n, cond);
}

/* r = v in the Montgomery domain (v*R mod m, like one); v < 2^64 < m. */
static inline void MFI(set_u64)(MFI_FE *r, uint64_t v)
{
	MFI_FE plain;
	ecfi_limbs_zero(plain.limb, MFI_N);
	plain.limb[0] = v;
	MFI(to_mont)(r, &plain);
}

#undef MFI_FE
#undef MFI
#undef MFI_K
#undef MFI_M
#undef MFI_R1
#undef MFI_N
#undef MFI_CHECK
