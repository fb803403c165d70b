/*
 * One generic definition of a Montgomery-form prime field, instantiated by
 * each field's C file (p256.c, p256n.c, ...). Include it after defining:
 *
 *   FIELD          token, e.g. p256: the API is ecf_<FIELD>_*, the element
 *                  type ecf_<FIELD>_fe, the kernels ecfk_<FIELD>_<op>_<tier>
 *   FIELD_LIMBS    number of 64-bit limbs
 *   FIELD_BYTES    length of the byte encoding
 *   FIELD_BIG_ENDIAN  1 for big-endian encodings, 0 for little-endian
 *   and static const arrays M (the modulus), R1 (R mod m), R2 (R^2 mod m),
 *   R3 (R^3 mod m) of FIELD_LIMBS limbs, and MODINV (ecfi_modinv_params).
 *
 * Only mul, sqr and redc are dispatched: they test the flag and tail-jump
 * into a kernel. Everything else is allocation-free, constant-time C.
 */
#include <stddef.h>

#include "common/decode.h"
#include "common/limbs.h"
#include "common/modinv.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define KERNEL(op, tier) ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfk_, FIELD), _), op), _), tier)
#define NL FIELD_LIMBS

void FN(zero)(FE *r) { ecfi_limbs_zero(r->limb, NL); }

void FN(one)(FE *r) { ecfi_limbs_copy(r->limb, R1, NL); }

void FN(mul)(FE *r, const FE *a, const FE *b)
{
	if (ECFI_USE_MULX_ADX(ecfi_cpu_flags)) {
#if ECFI_X86_64_KERNELS
		KERNEL(mul, mulx_adx)(r->limb, a->limb, b->limb);
		return;
#endif
	}
	KERNEL(mul, portable)(r->limb, a->limb, b->limb);
}

void FN(sqr)(FE *r, const FE *a)
{
	if (ECFI_USE_MULX_ADX(ecfi_cpu_flags)) {
#if ECFI_X86_64_KERNELS
		KERNEL(sqr, mulx_adx)(r->limb, a->limb);
		return;
#endif
	}
	KERNEL(sqr, portable)(r->limb, a->limb);
}

void FN(redc)(FE *r, const uint64_t t[2 * NL])
{
	if (ECFI_USE_MULX_ADX(ecfi_cpu_flags)) {
#if ECFI_X86_64_KERNELS
		KERNEL(redc, mulx_adx)(r->limb, t);
		return;
#endif
	}
	KERNEL(redc, portable)(r->limb, t);
}

int FN(from_bytes)(FE *r, const uint8_t *in, size_t len)
{
	return ecfi_decode_canonical(r ? r->limb : NULL, NL, in, len, FIELD_BYTES, FIELD_BIG_ENDIAN, M);
}

void FN(to_bytes)(uint8_t out[FIELD_BYTES], const FE *a)
{
	if (FIELD_BIG_ENDIAN)
		ecfi_limbs_to_be(out, FIELD_BYTES, a->limb);
	else
		ecfi_limbs_to_le(out, FIELD_BYTES, a->limb);
}

void FN(to_mont)(FE *r, const FE *a)
{
	FE r2;
	ecfi_limbs_copy(r2.limb, R2, NL);
	FN(mul)(r, a, &r2);
}

void FN(from_mont)(FE *r, const FE *a)
{
	uint64_t t[2 * NL] = {0};
	ecfi_limbs_copy(t, a->limb, NL);
	FN(redc)(r, t);
}

void FN(add)(FE *r, const FE *a, const FE *b) { ecfi_limbs_modadd(r->limb, a->limb, b->limb, M, NL); }

void FN(sub)(FE *r, const FE *a, const FE *b) { ecfi_limbs_modsub(r->limb, a->limb, b->limb, M, NL); }

void FN(neg)(FE *r, const FE *a) { ecfi_limbs_modneg(r->limb, a->limb, M, NL); }

void FN(inv)(FE *r, const FE *a)
{
	/* a = xR. safegcd gives 1/(xR); one Montgomery multiply by R^3 makes it R/x. */
	FE t, r3;
	ecfi_modinv(t.limb, a->limb, &MODINV);
	ecfi_limbs_copy(r3.limb, R3, NL);
	FN(mul)(r, &t, &r3);
}

int FN(is_zero)(const FE *a) { return (int)(ecfi_limbs_zero_mask(a->limb, NL) & 1); }

int FN(equal)(const FE *a, const FE *b) { return (int)(ecfi_limbs_equal_mask(a->limb, b->limb, NL) & 1); }

void FN(cmov)(FE *r, const FE *a, int cond) { ecfi_limbs_cmov(r->limb, a->limb, ecfi_mask_cond(cond), NL); }

void FN(cneg)(FE *r, int cond)
{
	FE n;
	FN(neg)(&n, r);
	FN(cmov)(r, &n, cond);
}

void FN(cswap)(FE *a, FE *b, int cond) { ecfi_limbs_cswap(a->limb, b->limb, ecfi_mask_cond(cond), NL); }

#undef FE
#undef FN
#undef KERNEL
#undef NL
