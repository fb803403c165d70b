/* GF(p503) and GF(p503^2), p503 = 2^250 * 3^159 - 1: the generic isogeny field
 * (sidh_field_impl.h). The constants are checked against GMP by test_p503. */
#include "ecfield/p503.h"

#include "fields/sidh_internal.h"

#define FIELD p503
#define FIELD_LIMBS 8
#define FIELD_BYTES 63
#include "fields/sidh_field_impl.h"

/* The exported names of the generic field, one line each: aliases of the
 * hidden and static inline ecfi_ functions of sidh_field_impl.h and
 * sidh_field_internal.h (checked against the library by test names_findable). */

/* GF(p) */
ECFI_EXPORT_ALIAS(ecf_p503_zero, ecfi_p503_zero);
ECFI_EXPORT_ALIAS(ecf_p503_one, ecfi_p503_one);
ECFI_EXPORT_ALIAS(ecf_p503_set_u64, ecfi_p503_set_u64);
ECFI_EXPORT_ALIAS(ecf_p503_from_bytes, ecfi_p503_from_bytes);
ECFI_EXPORT_ALIAS(ecf_p503_to_bytes, ecfi_p503_to_bytes);
ECFI_EXPORT_ALIAS(ecf_p503_to_mont, ecfi_p503_to_mont);
ECFI_EXPORT_ALIAS(ecf_p503_from_mont, ecfi_p503_from_mont);
ECFI_EXPORT_ALIAS(ecf_p503_reduce, ecfi_p503_reduce);
ECFI_EXPORT_ALIAS(ecf_p503_add, ecfi_p503_add);
ECFI_EXPORT_ALIAS(ecf_p503_sub, ecfi_p503_sub);
ECFI_EXPORT_ALIAS(ecf_p503_neg, ecfi_p503_neg);
ECFI_EXPORT_ALIAS(ecf_p503_mul, ecfi_p503_mul);
ECFI_EXPORT_ALIAS(ecf_p503_sqr, ecfi_p503_sqr);
ECFI_EXPORT_ALIAS(ecf_p503_mul_small, ecfi_p503_mul_small);
ECFI_EXPORT_ALIAS(ecf_p503_mp_mul, ecfi_p503_mp_mul);
ECFI_EXPORT_ALIAS(ecf_p503_redc, ecfi_p503_redc);
ECFI_EXPORT_ALIAS(ecf_p503_inv, ecfi_p503_inv);
ECFI_EXPORT_ALIAS(ecf_p503_is_zero, ecfi_p503_is_zero);
ECFI_EXPORT_ALIAS(ecf_p503_equal, ecfi_p503_equal);
ECFI_EXPORT_ALIAS(ecf_p503_cmov, ecfi_p503_cmov);
ECFI_EXPORT_ALIAS(ecf_p503_select, ecfi_p503_select);
ECFI_EXPORT_ALIAS(ecf_p503_cswap, ecfi_p503_cswap);
ECFI_EXPORT_ALIAS(ecf_p503_cneg, ecfi_p503_cneg);
ECFI_EXPORT_ALIAS(ecf_p503_lookup, ecfi_p503_lookup);

/* GF(p^2) */
ECFI_EXPORT_ALIAS(ecf_p503_fp2_zero, ecfi_p503_fp2_zero);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_one, ecfi_p503_fp2_one);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_from_bytes, ecfi_p503_fp2_from_bytes);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_to_bytes, ecfi_p503_fp2_to_bytes);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_to_mont, ecfi_p503_fp2_to_mont);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_from_mont, ecfi_p503_fp2_from_mont);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_reduce, ecfi_p503_fp2_reduce);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_add, ecfi_p503_fp2_add);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_sub, ecfi_p503_fp2_sub);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_neg, ecfi_p503_fp2_neg);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_conj, ecfi_p503_fp2_conj);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_mul, ecfi_p503_fp2_mul);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_sqr, ecfi_p503_fp2_sqr);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_inv, ecfi_p503_fp2_inv);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_mul_small, ecfi_p503_fp2_mul_small);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_is_zero, ecfi_p503_fp2_is_zero);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_equal, ecfi_p503_fp2_equal);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_cmov, ecfi_p503_fp2_cmov);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_select, ecfi_p503_fp2_select);
ECFI_EXPORT_ALIAS(ecf_p503_fp2_cswap, ecfi_p503_fp2_cswap);
