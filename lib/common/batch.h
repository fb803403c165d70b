/*
 * The two rules every batch call shares (docs/api.md): a NULL array fails
 * the whole call (the outputs given are zeroed, every status is
 * ECF_ERR_NULL), and the return value is the first status that is not
 * ECF_OK.
 */
#ifndef ECFI_BATCH_H
#define ECFI_BATCH_H

#include <stddef.h>

#include "common/declassify.h"
#include "common/wipe.h"
#include "ecfield/common.h"

/* A call with a NULL array: the n outputs of out_bytes each zeroed (out may
 * be NULL, or absent: NULL), the n statuses set to ECF_ERR_NULL (status may
 * be NULL). Returns ECF_ERR_NULL. */
static inline int ecfi_batch_null(void *out, size_t out_bytes, int *status, size_t n)
{
	if (out != NULL)
		ecfi_wipe(out, n * out_bytes);
	for (size_t i = 0; status != NULL && i < n; i++)
		status[i] = ECF_ERR_NULL;
	return ECF_ERR_NULL;
}

/* ECF_OK if every status is, else the first that is not. The statuses are
 * public (docs/api.md): declassified before the branch on them. */
static inline int ecfi_batch_result(int *status, size_t n)
{
	ecfi_declassify(status, n * sizeof *status);
	for (size_t i = 0; i < n; i++)
		if (status[i] != ECF_OK)
			return status[i];
	return ECF_OK;
}

#endif
