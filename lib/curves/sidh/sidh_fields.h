/*
 * The field functions the isogeny protocol code (sidh_impl.h) calls:
 * ECFI_SIDH_FIELD_FN(p503, fp2_mul) names the internal ecfi_p503_fp2_mul
 * (lib/fields/sidh_internal.h), same signature as the public
 * ecf_p503_fp2_mul; no call goes through the exported API (the PLT).
 */
#ifndef ECFI_SIDH_FIELDS_H
#define ECFI_SIDH_FIELDS_H

#include "common/internal.h"
#include "fields/sidh_internal.h"

#define ECFI_SIDH_FIELD_FN(field, op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, field), _), op)

#endif
