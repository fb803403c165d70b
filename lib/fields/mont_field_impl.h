/*
 * One generic definition of a Montgomery-form prime field, instantiated by
 * each field's C file (p256.c, p256n.c, ...). Include it after the field's
 * internal header (lib/fields/<FIELD>_internal.h) and after defining:
 *
 *   FIELD          token, e.g. p256: the API is ecf_<FIELD>_*, the internal
 *                  interface ecfi_<FIELD>_*, the element type ecf_<FIELD>_fe,
 *                  the kernels ecfk_<FIELD>_<op>_<tier>
 *   FIELD_LIMBS    number of 64-bit limbs
 *   FIELD_BYTES    length of the byte encoding
 *   FIELD_BIG_ENDIAN  1 for big-endian encodings, 0 for little-endian
 *
 * The constants ecfi_<FIELD>_M (the modulus), _R1 (R mod m), _R2, _R3 and
 * _MODINV come from the generated <FIELD>_params.h (lib/common/field_params.py).
 *
 * Each operation is defined once, as the hidden ecfi_ function (or the static
 * inline one of mont_field_internal.h); the exported ecf_ name is an alias of
 * it, listed by name in the field's file (see the end of this file). Only mul,
 * sqr and redc are dispatched: they test the flag and tail-jump into a kernel.
 */
#include <stddef.h>

#include "common/decode.h"
#include "common/limbs.h"
#include "common/lookup.h"
#include "common/modinv.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define IN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _), op)
#define KERNEL(op, tier) ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfk_, FIELD), _), op), _), tier)
#define M ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _M)
#define R2 ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _R2)
#define R3 ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _R3)
#define MODINV ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _MODINV)
#define NL FIELD_LIMBS

#if ECFI_RANGE_CHECKS
#define CHECK_BELOW_M(x, fn, what)                                                                                     \
	do {                                                                                                           \
		if (!ecfi_limbs_lt_mask((x), M, NL))                                                                   \
			ecfi_range_fail(ECFI_STR(FIELD), fn, what);                                                    \
	} while (0)
#else
#define CHECK_BELOW_M(x, fn, what) ((void)0)
#endif

void IN(mul)(FE *r, const FE *a, const FE *b) { IN(mul_with)(ecfi_tiers(), r, a, b); }

void IN(sqr)(FE *r, const FE *a) { IN(sqr_with)(ecfi_tiers(), r, a); }

void IN(redc)(FE *r, const uint64_t t[2 * NL])
{
	/* t < m*R exactly when its high half is below m. */
	CHECK_BELOW_M(t + NL, "redc", "t (must be < m*R)");
	ECFI_DISPATCH(FIELD, ecfi_tiers(), KERNEL(redc, ), (r->limb, t));
}

int IN(from_bytes)(FE *r, const uint8_t *in, size_t len)
{
	return ecfi_decode_canonical(r ? r->limb : NULL, NL, in, len, FIELD_BYTES, FIELD_BIG_ENDIAN, M);
}

void IN(to_bytes)(uint8_t *out, const FE *a)
{
	CHECK_BELOW_M(a->limb, "to_bytes", "a (must be < m)");
	if (FIELD_BIG_ENDIAN)
		ecfi_limbs_to_be(out, FIELD_BYTES, a->limb);
	else
		ecfi_limbs_to_le(out, FIELD_BYTES, a->limb);
}

void IN(to_mont)(FE *r, const FE *a)
{
	FE r2;
	ecfi_limbs_copy(r2.limb, R2, NL);
	IN(mul)(r, a, &r2);
}

void IN(from_mont)(FE *r, const FE *a)
{
	uint64_t t[2 * NL] = {0};
	CHECK_BELOW_M(a->limb, "from_mont", "a (must be < m)");
	ecfi_limbs_copy(t, a->limb, NL);
	IN(redc)(r, t);
}

void IN(inv)(FE *r, const FE *a)
{
	/* a = xR. safegcd with the Bezout coefficient seeded with R^2 gives
	 * R^2/(xR) = R/x (no multiplication by R^3 afterwards). */
	CHECK_BELOW_M(a->limb, "inv", "a (must be < m)");
	ecfi_modinv_scaled(r->limb, a->limb, R2, &MODINV);
}

int IN(lookup)(FE *r, const FE *table, size_t n, size_t idx)
{
	/* Elements are plain structs of limbs: the table is n * NL limbs. */
	return ecfi_limbs_lookup(r ? r->limb : NULL, table ? table[0].limb : NULL, NL, n, idx);
}

/* The exported names: each field's file lists them after including this one,
 * one line per function that spells the name (so that grep and ctags find it;
 * test names_findable checks every exported name):
 *
 *   #include "fields/mont_field_impl.h"
 *   ECFI_EXPORT_ALIAS(ecf_p256_mul, ecfi_p256_mul);
 *   ...
 *
 * each an alias of the hidden function above or of the static inline one of
 * mont_field_internal.h (the small ops), same signature. */

#undef FE
#undef FN
#undef IN
#undef KERNEL
#undef M
#undef R2
#undef R3
#undef MODINV
#undef NL
#undef CHECK_BELOW_M
