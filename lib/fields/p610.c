/* GF(p610) and GF(p610^2), p610 = 2^305 * 3^192 - 1: the generic isogeny field
 * (sidh_field_impl.h). The constants are checked against GMP by test_p610. */
#include "ecfield/p610.h"

#include "fields/sidh_internal.h"

#define FIELD p610
#define FIELD_LIMBS 10
#define FIELD_BYTES 77
#include "fields/sidh_field_impl.h"

/* The exported names of the generic field, one line each: aliases of the
 * hidden and static inline ecfi_ functions of sidh_field_impl.h and
 * sidh_field_internal.h (checked against the library by test names_findable). */

/* GF(p) */
ECFI_EXPORT_ALIAS(ecf_p610_zero, ecfi_p610_zero);
ECFI_EXPORT_ALIAS(ecf_p610_one, ecfi_p610_one);
ECFI_EXPORT_ALIAS(ecf_p610_set_u64, ecfi_p610_set_u64);
ECFI_EXPORT_ALIAS(ecf_p610_from_bytes, ecfi_p610_from_bytes);
ECFI_EXPORT_ALIAS(ecf_p610_to_bytes, ecfi_p610_to_bytes);
ECFI_EXPORT_ALIAS(ecf_p610_to_mont, ecfi_p610_to_mont);
ECFI_EXPORT_ALIAS(ecf_p610_from_mont, ecfi_p610_from_mont);
ECFI_EXPORT_ALIAS(ecf_p610_reduce, ecfi_p610_reduce);
ECFI_EXPORT_ALIAS(ecf_p610_add, ecfi_p610_add);
ECFI_EXPORT_ALIAS(ecf_p610_sub, ecfi_p610_sub);
ECFI_EXPORT_ALIAS(ecf_p610_neg, ecfi_p610_neg);
ECFI_EXPORT_ALIAS(ecf_p610_mul, ecfi_p610_mul);
ECFI_EXPORT_ALIAS(ecf_p610_sqr, ecfi_p610_sqr);
ECFI_EXPORT_ALIAS(ecf_p610_mul_small, ecfi_p610_mul_small);
ECFI_EXPORT_ALIAS(ecf_p610_mp_mul, ecfi_p610_mp_mul);
ECFI_EXPORT_ALIAS(ecf_p610_redc, ecfi_p610_redc);
ECFI_EXPORT_ALIAS(ecf_p610_inv, ecfi_p610_inv);
ECFI_EXPORT_ALIAS(ecf_p610_is_zero, ecfi_p610_is_zero);
ECFI_EXPORT_ALIAS(ecf_p610_equal, ecfi_p610_equal);
ECFI_EXPORT_ALIAS(ecf_p610_cmov, ecfi_p610_cmov);
ECFI_EXPORT_ALIAS(ecf_p610_select, ecfi_p610_select);
ECFI_EXPORT_ALIAS(ecf_p610_cswap, ecfi_p610_cswap);
ECFI_EXPORT_ALIAS(ecf_p610_cneg, ecfi_p610_cneg);
ECFI_EXPORT_ALIAS(ecf_p610_lookup, ecfi_p610_lookup);

/* GF(p^2) */
ECFI_EXPORT_ALIAS(ecf_p610_fp2_zero, ecfi_p610_fp2_zero);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_one, ecfi_p610_fp2_one);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_from_bytes, ecfi_p610_fp2_from_bytes);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_to_bytes, ecfi_p610_fp2_to_bytes);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_to_mont, ecfi_p610_fp2_to_mont);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_from_mont, ecfi_p610_fp2_from_mont);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_reduce, ecfi_p610_fp2_reduce);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_add, ecfi_p610_fp2_add);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_sub, ecfi_p610_fp2_sub);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_neg, ecfi_p610_fp2_neg);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_conj, ecfi_p610_fp2_conj);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_mul, ecfi_p610_fp2_mul);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_sqr, ecfi_p610_fp2_sqr);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_inv, ecfi_p610_fp2_inv);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_mul_small, ecfi_p610_fp2_mul_small);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_is_zero, ecfi_p610_fp2_is_zero);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_equal, ecfi_p610_fp2_equal);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_cmov, ecfi_p610_fp2_cmov);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_select, ecfi_p610_fp2_select);
ECFI_EXPORT_ALIAS(ecf_p610_fp2_cswap, ecfi_p610_fp2_cswap);
