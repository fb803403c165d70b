/* Scalars mod n, the P-256 group order: the generic Montgomery field
 * (mont_field_impl.h) plus the reducing decoder for hash outputs. */
#include "fields/p256n_internal.h"

#define FIELD p256n
#define FIELD_LIMBS 4
#define FIELD_BYTES 32
#define FIELD_BIG_ENDIAN 1
#include "fields/mont_field_impl.h"

/* The exported names of the generic field, one line each: aliases of the
 * hidden and static inline ecfi_ functions of mont_field_impl.h and
 * mont_field_internal.h (checked against the library by test names_findable). */
ECFI_EXPORT_ALIAS(ecf_p256n_mul, ecfi_p256n_mul);
ECFI_EXPORT_ALIAS(ecf_p256n_sqr, ecfi_p256n_sqr);
ECFI_EXPORT_ALIAS(ecf_p256n_redc, ecfi_p256n_redc);
ECFI_EXPORT_ALIAS(ecf_p256n_from_bytes, ecfi_p256n_from_bytes);
ECFI_EXPORT_ALIAS(ecf_p256n_to_bytes, ecfi_p256n_to_bytes);
ECFI_EXPORT_ALIAS(ecf_p256n_to_mont, ecfi_p256n_to_mont);
ECFI_EXPORT_ALIAS(ecf_p256n_from_mont, ecfi_p256n_from_mont);
ECFI_EXPORT_ALIAS(ecf_p256n_inv, ecfi_p256n_inv);
ECFI_EXPORT_ALIAS(ecf_p256n_lookup, ecfi_p256n_lookup);
ECFI_EXPORT_ALIAS(ecf_p256n_zero, ecfi_p256n_zero);
ECFI_EXPORT_ALIAS(ecf_p256n_one, ecfi_p256n_one);
ECFI_EXPORT_ALIAS(ecf_p256n_set_u64, ecfi_p256n_set_u64);
ECFI_EXPORT_ALIAS(ecf_p256n_add, ecfi_p256n_add);
ECFI_EXPORT_ALIAS(ecf_p256n_sub, ecfi_p256n_sub);
ECFI_EXPORT_ALIAS(ecf_p256n_neg, ecfi_p256n_neg);
ECFI_EXPORT_ALIAS(ecf_p256n_is_zero, ecfi_p256n_is_zero);
ECFI_EXPORT_ALIAS(ecf_p256n_equal, ecfi_p256n_equal);
ECFI_EXPORT_ALIAS(ecf_p256n_cmov, ecfi_p256n_cmov);
ECFI_EXPORT_ALIAS(ecf_p256n_select, ecfi_p256n_select);
ECFI_EXPORT_ALIAS(ecf_p256n_cswap, ecfi_p256n_cswap);
ECFI_EXPORT_ALIAS(ecf_p256n_cneg, ecfi_p256n_cneg);

int ecfi_p256n_from_bytes_reduce(ecf_p256n_fe *r, const uint8_t *in, size_t len)
{
	if (r == NULL)
		return ECF_ERR_NULL;
	ecfi_p256n_zero(r);
	if (in == NULL)
		return ECF_ERR_NULL;
	if (len != 32 && len != 64)
		return ECF_ERR_LENGTH;
	/* Any 256-bit value is below 2n, so one conditional subtraction reduces it. */
	ecf_p256n_fe lo, hi = {{0}};
	ecfi_limbs_from_be(lo.limb, 4, in + len - 32, 32);
	ecfi_limbs_reduce_once(lo.limb, lo.limb, 0, ecfi_p256n_M, 4);
	if (len == 64) { /* the length is public */
		ecfi_limbs_from_be(hi.limb, 4, in, 32);
		ecfi_limbs_reduce_once(hi.limb, hi.limb, 0, ecfi_p256n_M, 4);
		/* hi*2^256 + lo = mul(hi, R^2) + lo, since mul divides by R. */
		ecf_p256n_fe r2;
		ecfi_limbs_copy(r2.limb, ecfi_p256n_R2, 4);
		ecfi_p256n_mul(&hi, &hi, &r2);
	}
	ecfi_p256n_add(r, &lo, &hi);
	return ECF_OK;
}
ECFI_EXPORT_ALIAS(ecf_p256n_from_bytes_reduce, ecfi_p256n_from_bytes_reduce);
