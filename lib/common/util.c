/* The byte-string helpers exported for callers: constant-time comparison and
 * wiping (ecfield/common.h). */
#include "common/wipe.h"
#include "ecfield/common.h"

int ecf_ct_equal(const void *a, const void *b, size_t len)
{
	const unsigned char *x = a, *y = b;
	uint32_t diff = 0;
	for (size_t i = 0; i < len; i++)
		diff |= (uint32_t)(x[i] ^ y[i]);
	/* diff - 1 borrows into bit 31 only when diff = 0 (diff < 256). */
	return (int)(((diff - 1u) >> 31) & 1u);
}

void ecf_wipe(void *p, size_t len) { ecfi_wipe(p, len); }
