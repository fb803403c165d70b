/*
 * The curve25519 code's view of GF(2^255 - 19): the internal field layer
 * (lib/fields/p25519_internal.h, ecfi_p25519_*), never the exported ecf_
 * entries. mul and sqr are the _with variants: the dispatch flag is read once
 * per curve operation (tiers = ecfi_tiers(), passed down) and each call goes
 * straight to the hidden kernel of that tier.
 *
 * Every value is the field's lazy representation (any 256-bit value); the
 * kernels and add/sub accept and return that whole range, so no formula here
 * needs an intermediate reduction.
 */
#ifndef ECFI_C25519_FE_H
#define ECFI_C25519_FE_H

#include "ecfield/p25519.h"

#include "common/internal.h"
#include "common/limbs.h"
#include "dispatch/cpu.h"
#include "p25519_internal.h"

typedef ecf_p25519_fe fe;

#define fe_mul ecfi_p25519_mul_with
#define fe_sqr ecfi_p25519_sqr_with

#endif
