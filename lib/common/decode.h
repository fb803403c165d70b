/*
 * The strict decoder every field's from_bytes shares: checks its arguments,
 * loads nbytes (big- or little-endian) and accepts only values below m,
 * leaving zero in r on every error so that no partial value escapes. The
 * value stays secret (constant time); only whether it was accepted is public.
 */
#ifndef ECFI_DECODE_H
#define ECFI_DECODE_H

#include "common/limbs.h"
#include "ecfield/common.h"

/* r (n limbs, may be NULL) = the value of in[0..len), len must be nbytes. */
static inline int ecfi_decode_canonical(uint64_t *r, size_t n, const uint8_t *in, size_t len, size_t nbytes,
                                        int big_endian, const uint64_t *m)
{
	if (r == NULL)
		return ECF_ERR_NULL;
	ecfi_limbs_zero(r, n);
	if (in == NULL)
		return ECF_ERR_NULL;
	if (len != nbytes)
		return ECF_ERR_LENGTH;
	uint64_t v[16];
	if (big_endian)
		ecfi_limbs_from_be(v, n, in, nbytes);
	else
		ecfi_limbs_from_le(v, n, in, nbytes);
	uint64_t ok = ecfi_limbs_lt_mask(v, m, n);
	for (size_t i = 0; i < n; i++)
		r[i] = v[i] & ok;
	return ok ? ECF_OK : ECF_ERR_RANGE;
}

#endif
