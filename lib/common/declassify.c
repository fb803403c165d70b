/* See declassify.h. */
#include "common/declassify.h"

#if ECFI_HAVE_MEMCHECK
#include <valgrind/memcheck.h>
#endif

void ecfi_declassify(const void *p, size_t len)
{
#if ECFI_HAVE_MEMCHECK
	/* A memcheck client request: a few register rotates that do nothing
	 * outside valgrind; under memcheck, the bytes become defined. */
	(void)VALGRIND_MAKE_MEM_DEFINED(p, len);
#else
	(void)p;
	(void)len;
#endif
#if defined(__GNUC__)
	__asm__ __volatile__("" : : "r"(p) : "memory");
#endif
}
