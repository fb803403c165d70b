/* GF(p434) and GF(p434^2), p434 = 2^216 * 3^137 - 1: the generic isogeny field
 * (sidh_field_impl.h). The constants are checked against GMP by test_p434. */
#include "ecfield/p434.h"

#include "fields/sidh_internal.h"

#define FIELD p434
#define FIELD_LIMBS 7
#define FIELD_BYTES 55
#include "fields/sidh_field_impl.h"

/* The exported names of the generic field, one line each: aliases of the
 * hidden and static inline ecfi_ functions of sidh_field_impl.h and
 * sidh_field_internal.h (checked against the library by test names_findable). */

/* GF(p) */
ECFI_EXPORT_ALIAS(ecf_p434_zero, ecfi_p434_zero);
ECFI_EXPORT_ALIAS(ecf_p434_one, ecfi_p434_one);
ECFI_EXPORT_ALIAS(ecf_p434_set_u64, ecfi_p434_set_u64);
ECFI_EXPORT_ALIAS(ecf_p434_from_bytes, ecfi_p434_from_bytes);
ECFI_EXPORT_ALIAS(ecf_p434_to_bytes, ecfi_p434_to_bytes);
ECFI_EXPORT_ALIAS(ecf_p434_to_mont, ecfi_p434_to_mont);
ECFI_EXPORT_ALIAS(ecf_p434_from_mont, ecfi_p434_from_mont);
ECFI_EXPORT_ALIAS(ecf_p434_reduce, ecfi_p434_reduce);
ECFI_EXPORT_ALIAS(ecf_p434_add, ecfi_p434_add);
ECFI_EXPORT_ALIAS(ecf_p434_sub, ecfi_p434_sub);
ECFI_EXPORT_ALIAS(ecf_p434_neg, ecfi_p434_neg);
ECFI_EXPORT_ALIAS(ecf_p434_mul, ecfi_p434_mul);
ECFI_EXPORT_ALIAS(ecf_p434_sqr, ecfi_p434_sqr);
ECFI_EXPORT_ALIAS(ecf_p434_mul_small, ecfi_p434_mul_small);
ECFI_EXPORT_ALIAS(ecf_p434_mp_mul, ecfi_p434_mp_mul);
ECFI_EXPORT_ALIAS(ecf_p434_redc, ecfi_p434_redc);
ECFI_EXPORT_ALIAS(ecf_p434_inv, ecfi_p434_inv);
ECFI_EXPORT_ALIAS(ecf_p434_is_zero, ecfi_p434_is_zero);
ECFI_EXPORT_ALIAS(ecf_p434_equal, ecfi_p434_equal);
ECFI_EXPORT_ALIAS(ecf_p434_cmov, ecfi_p434_cmov);
ECFI_EXPORT_ALIAS(ecf_p434_select, ecfi_p434_select);
ECFI_EXPORT_ALIAS(ecf_p434_cswap, ecfi_p434_cswap);
ECFI_EXPORT_ALIAS(ecf_p434_cneg, ecfi_p434_cneg);
ECFI_EXPORT_ALIAS(ecf_p434_lookup, ecfi_p434_lookup);

/* GF(p^2) */
ECFI_EXPORT_ALIAS(ecf_p434_fp2_zero, ecfi_p434_fp2_zero);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_one, ecfi_p434_fp2_one);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_from_bytes, ecfi_p434_fp2_from_bytes);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_to_bytes, ecfi_p434_fp2_to_bytes);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_to_mont, ecfi_p434_fp2_to_mont);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_from_mont, ecfi_p434_fp2_from_mont);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_reduce, ecfi_p434_fp2_reduce);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_add, ecfi_p434_fp2_add);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_sub, ecfi_p434_fp2_sub);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_neg, ecfi_p434_fp2_neg);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_conj, ecfi_p434_fp2_conj);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_mul, ecfi_p434_fp2_mul);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_sqr, ecfi_p434_fp2_sqr);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_inv, ecfi_p434_fp2_inv);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_mul_small, ecfi_p434_fp2_mul_small);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_is_zero, ecfi_p434_fp2_is_zero);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_equal, ecfi_p434_fp2_equal);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_cmov, ecfi_p434_fp2_cmov);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_select, ecfi_p434_fp2_select);
ECFI_EXPORT_ALIAS(ecf_p434_fp2_cswap, ecfi_p434_fp2_cswap);
