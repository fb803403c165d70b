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
	 * cost a cycle per byte, a large part of an RFC 6979 nonce with SHA-NI
	 * (docs/hash.md). */
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
 * were. ecfi_wipe clears named buffers, but not what the compiler puts
 * elsewhere on the stack: spill slots (on i386 a 64-bit limb of a key does
 * not fit in the few registers), a leaf callee's temporaries in the red zone
 * below its stack pointer (the -Drange_checks=true debugoptimized build left
 * limb 2 of the key there: ecfi_limbs_reduce_once's k - n, whose limb 2 is
 * k's when the low limbs borrow, in ecfi_p256_scalar_from_bytes_reduce), a
 * buffer whose every use is inlined (it may live in registers and spill slots
 * only), and which of these happens depends on the compiler and its options.
 *
 * The pattern, for every curve-level function that handles a key, a nonce
 * or a scalar: the public function holds no secret itself; it calls an
 * ECFI_NOINLINE worker that does, then ecfi_wipe_stack(). This frame starts
 * where the worker's started, so its buffer covers the worker's frame AND
 * every frame below it, down to the deepest callee, as long as the whole call
 * tree fits in ECFI_WIPE_STACK_BYTES. Measured (docs/trust.md): the deepest
 * tree, ecf_p256_ecdh's, used 3.5 KiB in the release build (gcc 12), 3.3 KiB
 * with clang 14, 4.9 KiB in a debugoptimized build with range checks; without
 * optimisation (-O0) 22 KiB, ecfi_modinv's frame alone 25 KiB (untouched in
 * part); gcc -m32 -O3 (i386, 64-bit limbs spilled from 32-bit registers)
 * gives ecfi_p256_scalar_mult_limbs and ecfi_modinv frames of 11 KiB each.
 * 8 KiB is cheap next to a signature (docs/benchmarks.md); 32 KiB where frames
 * are large (32-bit targets, -O0), where the operations are much slower anyway.
 * test/test_stack_wipe.c holds every such function to it in every build the
 * suite runs in: nothing the call leaves on the stack below its own top
 * frames may be non-zero. Noinline (and out of every interprocedural
 * optimisation), or it would wipe its caller's frame. */
#if defined(__OPTIMIZE__) && UINTPTR_MAX > 0xffffffffu
#define ECFI_WIPE_STACK_BYTES 8192
#else
#define ECFI_WIPE_STACK_BYTES 32768
#endif
#if defined(__GNUC__) && defined(__has_attribute)
#if __has_attribute(noipa)
#define ECFI_NOINLINE __attribute__((noipa))
#endif
#endif
#if !defined(ECFI_NOINLINE) && defined(__GNUC__)
#define ECFI_NOINLINE __attribute__((noinline))
#endif
#if !defined(ECFI_NOINLINE)
#define ECFI_NOINLINE
#endif
#if defined(__GNUC__) && defined(__x86_64__) && !defined(__ILP32__)
#define ECFI_WIPE_STOS "rep stosq"
#define ECFI_WIPE_WORD 8
#define ECFI_WIPE_SAVED "rbx"
#elif defined(__GNUC__) && defined(__i386__)
#define ECFI_WIPE_STOS "rep stosl"
#define ECFI_WIPE_WORD 4
#define ECFI_WIPE_SAVED "ebx", "esi"
#endif
/* The stores inline, not a call to memset (clang calls it for 8 KiB): the
 * call would leave its return address below the buffer and, on the first
 * call with lazy binding, the dynamic linker's saved registers (vector
 * registers that may hold secrets) there. The clobbered callee-saved
 * registers make the compiler push them on entry, into the slots between the
 * return address and the 16-byte aligned buffer: those slots then hold the
 * caller's registers, not what the worker left there (gcc 12 and clang 14,
 * x86-64 and i386). */
#if defined(ECFI_WIPE_STOS)
#define ECFI_WIPE_STACK_BODY(bytes)                                                                                    \
	uint64_t buf[(bytes) / 8];                                                                                     \
	void *p = buf;                                                                                                 \
	size_t n = (bytes) / ECFI_WIPE_WORD;                                                                           \
	__asm__ __volatile__(ECFI_WIPE_STOS : "+D"(p), "+c"(n) : "a"((size_t)0) : "memory", ECFI_WIPE_SAVED);
#else
#define ECFI_WIPE_STACK_BODY(bytes)                                                                                    \
	uint64_t buf[(bytes) / 8];                                                                                     \
	volatile uint64_t *q = buf;                                                                                    \
	for (size_t i = 0; i < sizeof buf / 8; i++)                                                                    \
		q[i] = 0;
#endif
#if defined(__GNUC__)
__attribute__((unused))
#endif
static ECFI_NOINLINE void
ecfi_wipe_stack(void)
{
	ECFI_WIPE_STACK_BODY(ECFI_WIPE_STACK_BYTES)
}

/* ecfi_wipe_stack_16k(), ecfi_wipe_stack_32k(): the same over 16 KiB and
 * 32 KiB (at least ECFI_WIPE_STACK_BYTES), after the batch calls' workers,
 * whose 8-lane kernels have frames of several KiB (zmm spills, tables):
 * ed25519_sign_batch's call tree reached 9.8 KiB in the clang 14 release
 * build (test/test_stack_wipe.c, the wipe job); the P-256 kernels' tables
 * of 16 points of 8 lanes alone are 15 KiB. Once per batch call, so the cost
 * is spread over its elements. */
#define ECFI_WIPE_STACK_AT_LEAST(bytes) ((bytes) > ECFI_WIPE_STACK_BYTES ? (bytes) : ECFI_WIPE_STACK_BYTES)
#if defined(__GNUC__)
__attribute__((unused))
#endif
static ECFI_NOINLINE void
ecfi_wipe_stack_16k(void)
{
	ECFI_WIPE_STACK_BODY(ECFI_WIPE_STACK_AT_LEAST(16384))
}
#if defined(__GNUC__)
__attribute__((unused))
#endif
static ECFI_NOINLINE void
ecfi_wipe_stack_32k(void)
{
	ECFI_WIPE_STACK_BODY(ECFI_WIPE_STACK_AT_LEAST(32768))
}

#endif
