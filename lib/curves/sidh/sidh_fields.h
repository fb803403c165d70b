/*
 * The field functions the isogeny protocol code (sidh_impl.h) calls:
 * ECFI_SIDH_FIELD_FN(p503, fp2_mul) names the internal ecfi_p503_fp2_mul
 * (lib/fields/sidh_internal.h), same signature as the public
 * ecf_p503_fp2_mul. Until the internal field layer is on this branch, the
 * public functions stand in (ECFI_SIDH_PUBLIC_FIELDS).
 */
#ifndef ECFI_SIDH_FIELDS_H
#define ECFI_SIDH_FIELDS_H

#include "common/internal.h"
#include "fields/sidh_internal.h"

#define ECFI_SIDH_PUBLIC_FIELDS 1

#if ECFI_SIDH_PUBLIC_FIELDS
#define ECFI_SIDH_FIELD_FN(field, op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, field), _), op)
#else
#define ECFI_SIDH_FIELD_FN(field, op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, field), _), op)
#endif

#endif
