/* Wiping secrets. Curve-level functions that hold keys, nonces or scalars on
 * their stack clear them before returning; a plain memset of a dead buffer may
 * be removed by the compiler, so the stores go through a compiler barrier. */
#ifndef ECFI_WIPE_H
#define ECFI_WIPE_H

#include <stddef.h>
#include <stdint.h>

static inline void ecfi_wipe(void *p, size_t len)
{
	volatile unsigned char *q = (volatile unsigned char *)p;
	for (size_t i = 0; i < len; i++)
		q[i] = 0;
#if defined(__GNUC__)
	__asm__ __volatile__("" : : "r"(p) : "memory");
#endif
}

#endif
