/* GF(p751) and GF(p751^2), p751 = 2^372 * 3^239 - 1: the generic isogeny field
 * (sidh_field_impl.h). The constants are checked against GMP by test_p751. */
#include "ecfield/p751.h"

#include "fields/sidh_internal.h"

#define FIELD p751
#define FIELD_LIMBS 12
#define FIELD_BYTES 94
#include "fields/sidh_field_impl.h"

/* The exported names of the generic field, one line each: aliases of the
 * hidden and static inline ecfi_ functions of sidh_field_impl.h and
 * sidh_field_internal.h (checked against the library by test names_findable). */

/* GF(p) */
ECFI_EXPORT_ALIAS(ecf_p751_zero, ecfi_p751_zero);
ECFI_EXPORT_ALIAS(ecf_p751_one, ecfi_p751_one);
ECFI_EXPORT_ALIAS(ecf_p751_set_u64, ecfi_p751_set_u64);
ECFI_EXPORT_ALIAS(ecf_p751_from_bytes, ecfi_p751_from_bytes);
ECFI_EXPORT_ALIAS(ecf_p751_to_bytes, ecfi_p751_to_bytes);
ECFI_EXPORT_ALIAS(ecf_p751_to_mont, ecfi_p751_to_mont);
ECFI_EXPORT_ALIAS(ecf_p751_from_mont, ecfi_p751_from_mont);
ECFI_EXPORT_ALIAS(ecf_p751_reduce, ecfi_p751_reduce);
ECFI_EXPORT_ALIAS(ecf_p751_add, ecfi_p751_add);
ECFI_EXPORT_ALIAS(ecf_p751_sub, ecfi_p751_sub);
ECFI_EXPORT_ALIAS(ecf_p751_neg, ecfi_p751_neg);
ECFI_EXPORT_ALIAS(ecf_p751_mul, ecfi_p751_mul);
ECFI_EXPORT_ALIAS(ecf_p751_sqr, ecfi_p751_sqr);
ECFI_EXPORT_ALIAS(ecf_p751_mul_small, ecfi_p751_mul_small);
ECFI_EXPORT_ALIAS(ecf_p751_mp_mul, ecfi_p751_mp_mul);
ECFI_EXPORT_ALIAS(ecf_p751_redc, ecfi_p751_redc);
ECFI_EXPORT_ALIAS(ecf_p751_inv, ecfi_p751_inv);
ECFI_EXPORT_ALIAS(ecf_p751_is_zero, ecfi_p751_is_zero);
ECFI_EXPORT_ALIAS(ecf_p751_equal, ecfi_p751_equal);
ECFI_EXPORT_ALIAS(ecf_p751_cmov, ecfi_p751_cmov);
ECFI_EXPORT_ALIAS(ecf_p751_select, ecfi_p751_select);
ECFI_EXPORT_ALIAS(ecf_p751_cswap, ecfi_p751_cswap);
ECFI_EXPORT_ALIAS(ecf_p751_cneg, ecfi_p751_cneg);
ECFI_EXPORT_ALIAS(ecf_p751_lookup, ecfi_p751_lookup);

/* GF(p^2) */
ECFI_EXPORT_ALIAS(ecf_p751_fp2_zero, ecfi_p751_fp2_zero);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_one, ecfi_p751_fp2_one);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_from_bytes, ecfi_p751_fp2_from_bytes);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_to_bytes, ecfi_p751_fp2_to_bytes);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_to_mont, ecfi_p751_fp2_to_mont);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_from_mont, ecfi_p751_fp2_from_mont);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_reduce, ecfi_p751_fp2_reduce);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_add, ecfi_p751_fp2_add);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_sub, ecfi_p751_fp2_sub);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_neg, ecfi_p751_fp2_neg);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_conj, ecfi_p751_fp2_conj);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_mul, ecfi_p751_fp2_mul);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_sqr, ecfi_p751_fp2_sqr);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_inv, ecfi_p751_fp2_inv);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_mul_small, ecfi_p751_fp2_mul_small);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_is_zero, ecfi_p751_fp2_is_zero);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_equal, ecfi_p751_fp2_equal);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_cmov, ecfi_p751_fp2_cmov);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_select, ecfi_p751_fp2_select);
ECFI_EXPORT_ALIAS(ecf_p751_fp2_cswap, ecfi_p751_fp2_cswap);
