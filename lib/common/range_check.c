/* -Drange_checks=true: the report of a violated input contract. The checks
 * themselves are inline at each operation (lib/fields/). */
#include "common/internal.h"

#if ECFI_RANGE_CHECKS
#include <stdio.h>
#include <stdlib.h>

void ecfi_range_fail(const char *field, const char *fn, const char *what)
{
	fprintf(stderr, "libecfield: %s_%s: documented contract violated: %s\n", field, fn, what);
	abort();
}
#else
typedef int ecfi_range_check_unused; /* ISO C wants a declaration in every file */
#endif
