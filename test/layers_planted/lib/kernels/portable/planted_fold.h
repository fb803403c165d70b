/* Planted: a kernel header that includes a field's internal interface by its
 * bare name (found by file name under lib/fields/). */
#include "planted_internal.h"
