/* Wiping secrets. Curve-level functions that hold keys, nonces or scalars on
 * their stack clear them before returning; a plain memset of a dead buffer may
 * be removed by the compiler, so the stores go through a compiler barrier. */
#ifndef ECFI_WIPE_H
#define ECFI_WIPE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline void ecfi_wipe(void *p, size_t len)
{
#if defined(__GNUC__)
	/* memset, then an empty asm that takes p and clobbers memory: the
	 * compiler must assume the asm reads the zeros, so it keeps the memset
	 * (BoringSSL's OPENSSL_cleanse). Word stores: byte-wise volatile stores
	 * cost about one cycle per byte (~1,500 ticks of the ~3,400 of an RFC
	 * 6979 nonce with SHA-NI, docs/hash.md). */
	memset(p, 0, len);
	__asm__ __volatile__("" : : "r"(p) : "memory");
#else
	volatile unsigned char *q = (volatile unsigned char *)p;
	for (size_t i = 0; i < len; i++)
		q[i] = 0;
#endif
}

/* ecfi_wipe_stack(): zero the ECFI_WIPE_STACK_BYTES of stack just below the
 * caller's frame, where the frames of the functions it has just returned from
 * were. ecfi_wipe clears named buffers, but not the compiler's spill slots:
 * on 32-bit targets (i386) a 64-bit limb of a key does not fit in the few
 * registers and is spilled to an unnamed stack slot, and a buffer whose
 * every use is inlined may live in registers and spill slots only (the
 * buffer itself then exists just for the wipe). The pattern: a public
 * function that holds no secret itself calls a noinline worker that handles
 * them, then ecfi_wipe_stack(); this frame starts where the worker's started,
 * so its buffer covers the worker's whole frame (its callees' deeper frames
 * are their own business). Noinline, or it would wipe its caller's frame. */
#define ECFI_WIPE_STACK_BYTES 1024
#if defined(__GNUC__)
__attribute__((noinline, unused))
#endif
static void
ecfi_wipe_stack(void)
{
	uint64_t buf[ECFI_WIPE_STACK_BYTES / 8];
	ecfi_wipe(buf, sizeof buf);
}

#endif
