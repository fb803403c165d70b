/* GF(p256), p = 2^256 - 2^224 + 2^192 + 2^96 - 1: the generic Montgomery field
 * (mont_field_impl.h) plus the square root. */
#include "fields/p256_internal.h"

#define FIELD p256
#define FIELD_LIMBS 4
#define FIELD_BYTES 32
#define FIELD_BIG_ENDIAN 1
#include "fields/mont_field_impl.h"

/* The exported names of the generic field, one line each: aliases of the
 * hidden and static inline ecfi_ functions of mont_field_impl.h and
 * mont_field_internal.h (checked against the library by test names_findable). */
ECFI_EXPORT_ALIAS(ecf_p256_mul, ecfi_p256_mul);
ECFI_EXPORT_ALIAS(ecf_p256_sqr, ecfi_p256_sqr);
ECFI_EXPORT_ALIAS(ecf_p256_redc, ecfi_p256_redc);
ECFI_EXPORT_ALIAS(ecf_p256_from_bytes, ecfi_p256_from_bytes);
ECFI_EXPORT_ALIAS(ecf_p256_to_bytes, ecfi_p256_to_bytes);
ECFI_EXPORT_ALIAS(ecf_p256_to_mont, ecfi_p256_to_mont);
ECFI_EXPORT_ALIAS(ecf_p256_from_mont, ecfi_p256_from_mont);
ECFI_EXPORT_ALIAS(ecf_p256_inv, ecfi_p256_inv);
ECFI_EXPORT_ALIAS(ecf_p256_lookup, ecfi_p256_lookup);
ECFI_EXPORT_ALIAS(ecf_p256_zero, ecfi_p256_zero);
ECFI_EXPORT_ALIAS(ecf_p256_one, ecfi_p256_one);
ECFI_EXPORT_ALIAS(ecf_p256_set_u64, ecfi_p256_set_u64);
ECFI_EXPORT_ALIAS(ecf_p256_add, ecfi_p256_add);
ECFI_EXPORT_ALIAS(ecf_p256_sub, ecfi_p256_sub);
ECFI_EXPORT_ALIAS(ecf_p256_neg, ecfi_p256_neg);
ECFI_EXPORT_ALIAS(ecf_p256_is_zero, ecfi_p256_is_zero);
ECFI_EXPORT_ALIAS(ecf_p256_equal, ecfi_p256_equal);
ECFI_EXPORT_ALIAS(ecf_p256_cmov, ecfi_p256_cmov);
ECFI_EXPORT_ALIAS(ecf_p256_select, ecfi_p256_select);
ECFI_EXPORT_ALIAS(ecf_p256_cswap, ecfi_p256_cswap);
ECFI_EXPORT_ALIAS(ecf_p256_cneg, ecfi_p256_cneg);

int ecfi_p256_sqrt(ecf_p256_fe *r, const ecf_p256_fe *a)
{
	/* p = 3 mod 4, so a^((p+1)/4) is a root when one exists.
	 * (p+1)/4 = 2^254 - 2^222 + 2^190 + 2^94: 32 ones, 31 zeros, a one at
	 * bit 190 and one at bit 94. The exponent is public, so this fixed
	 * chain of squarings and multiplications is constant time. */
	const uint32_t tiers = ecfi_tiers();
	ecf_p256_fe x, t;
	x = *a;
	for (int i = 1; i < 32; i++) { /* x = a^(2^32 - 1) */
		ecfi_p256_sqr_with(tiers, &x, &x);
		ecfi_p256_mul_with(tiers, &x, &x, a);
	}
	for (int i = 0; i < 32; i++) /* shift the ones down to bit 222, then bit 190 */
		ecfi_p256_sqr_with(tiers, &x, &x);
	ecfi_p256_mul_with(tiers, &x, &x, a);
	for (int i = 0; i < 96; i++)
		ecfi_p256_sqr_with(tiers, &x, &x);
	ecfi_p256_mul_with(tiers, &x, &x, a); /* bit 94 */
	for (int i = 0; i < 94; i++)
		ecfi_p256_sqr_with(tiers, &x, &x);
	ecfi_p256_sqr_with(tiers, &t, &x);
	uint64_t ok = ecfi_limbs_equal_mask(t.limb, a->limb, 4);
	for (int i = 0; i < 4; i++)
		r->limb[i] = x.limb[i] & ok;
	/* ok is all-ones for a square: the status is ECF_OK (0) without a branch. */
	return ecfi_status_from_mask(ECF_ERR_NOT_SQUARE, ~ok);
}
ECFI_EXPORT_ALIAS(ecf_p256_sqrt, ecfi_p256_sqrt);
