/* The constant-time table read behind every field's lookup(r, table, n, idx). */
#ifndef ECFI_LOOKUP_H
#define ECFI_LOOKUP_H

#include <stddef.h>
#include <stdint.h>

#include "ecfield/common.h"

#include "common/limbs.h"

/* r = table[idx] for a table of n entries of nl limbs each, reading every
 * entry so that no address depends on idx. Returns ECF_OK, ECF_ERR_NULL (r or
 * table NULL) or ECF_ERR_INDEX (idx >= n); on error r = 0 (when not NULL). */
static inline int ecfi_limbs_lookup(uint64_t *r, const uint64_t *table, size_t nl, size_t n, size_t idx)
{
	if (r == NULL)
		return ECF_ERR_NULL;
	ecfi_limbs_zero(r, nl);
	if (table == NULL)
		return ECF_ERR_NULL;
	for (size_t i = 0; i < n; i++) {
		uint64_t hit = ~ecfi_mask_nonzero((uint64_t)(i ^ idx));
		ecfi_limbs_cmov(r, table + i * nl, hit, nl);
	}
	uint64_t in_range = ecfi_mask_from_bit((uint64_t)(idx < n));
	return ecfi_status_from_mask(ECF_ERR_INDEX, ~in_range);
}

#endif
