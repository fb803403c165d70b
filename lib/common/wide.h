/*
 * 64-bit limb primitives for the portable kernels. With unsigned __int128 they
 * compile to MUL/ADC; without it (32-bit targets) they use 32-bit halves, so
 * the portable code builds everywhere. Define ECFI_NO_INT128 to force the
 * fallback on a 64-bit host; the i386 build (.ci/jobs/cross.sh) tests it,
 * under valgrind's constant-time test too.
 */
#ifndef ECFI_WIDE_H
#define ECFI_WIDE_H

#include <stdint.h>

#if defined(__x86_64__) && !defined(ECFI_NO_INT128)
#include <x86intrin.h>
/* _addcarry_u64/_subborrow_u64 give GCC clean ADC/SBB chains; GCC 12 turns
 * the equivalent __int128 sums into long dependency chains (measured:
 * docs/benchmarks.md). */
#define ECFI_HAVE_ADDCARRY 1
#else
#define ECFI_HAVE_ADDCARRY 0
#endif

#if defined(__SIZEOF_INT128__) && !defined(ECFI_NO_INT128)
#define ECFI_HAVE_INT128 1
__extension__ typedef unsigned __int128 ecfi_u128;
#else
#define ECFI_HAVE_INT128 0
#endif

#if !ECFI_HAVE_INT128
/* Carry out of s = a + b + c_in and borrow out of d = a - b - b_in (c_in,
 * b_in in {0, 1}), from the top bits alone. A comparison such as s < a would
 * do, but 32-bit targets compile a 64-bit comparison to a branch (cmp, sbb,
 * jb), a branch on secret data: the valgrind constant-time test caught it
 * on i386. */
static inline uint64_t ecfi_carry_out(uint64_t a, uint64_t b, uint64_t s) { return ((a & b) | ((a | b) & ~s)) >> 63; }
static inline uint64_t ecfi_borrow_out(uint64_t a, uint64_t b, uint64_t d) { return ((~a & b) | (~(a ^ b) & d)) >> 63; }
#endif

/* Returns the low word of a*b + c + d and stores the high word in *hi.
 * The sum never overflows: (2^64-1)^2 + 2(2^64-1) = 2^128 - 1. */
static inline uint64_t ecfi_mac(uint64_t *hi, uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
#if ECFI_HAVE_INT128
	ecfi_u128 t = (ecfi_u128)a * b + c + d;
	*hi = (uint64_t)(t >> 64);
	return (uint64_t)t;
#else
	uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	/* Middle column: at most 3 * (2^32 - 1) + ... fits in 64 bits. */
	uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
	uint64_t lo = (mid << 32) | (uint32_t)ll;
	uint64_t h = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	uint64_t s = lo + c;
	h += ecfi_carry_out(lo, c, s);
	lo = s + d;
	h += ecfi_carry_out(s, d, lo);
	*hi = h;
	return lo;
#endif
}

/* Returns a + b + *carry (carry in {0, 1}) and sets *carry to the carry out. */
static inline uint64_t ecfi_adc(uint64_t *carry, uint64_t a, uint64_t b)
{
#if ECFI_HAVE_ADDCARRY
	unsigned long long r;
	*carry = _addcarry_u64((unsigned char)*carry, a, b, &r);
	return r;
#elif ECFI_HAVE_INT128
	ecfi_u128 t = (ecfi_u128)a + b + *carry;
	*carry = (uint64_t)(t >> 64);
	return (uint64_t)t;
#else
	uint64_t r = a + b + *carry;
	*carry = ecfi_carry_out(a, b, r);
	return r;
#endif
}

/* Returns a - b - *borrow (borrow in {0, 1}) and sets *borrow to the borrow out. */
static inline uint64_t ecfi_sbb(uint64_t *borrow, uint64_t a, uint64_t b)
{
#if ECFI_HAVE_ADDCARRY
	unsigned long long r;
	*borrow = _subborrow_u64((unsigned char)*borrow, a, b, &r);
	return r;
#elif ECFI_HAVE_INT128
	ecfi_u128 t = (ecfi_u128)a - b - *borrow;
	*borrow = (uint64_t)(t >> 64) & 1;
	return (uint64_t)t;
#else
	uint64_t r = a - b - *borrow;
	*borrow = ecfi_borrow_out(a, b, r);
	return r;
#endif
}

#endif
