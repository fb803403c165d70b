/*
 * Constant-time operations on little-endian arrays of n 64-bit limbs, shared
 * by every field. n is a compile-time constant at every call site, so after
 * inlining the loops unroll. Masks are 0 or all-ones; nothing here branches
 * on, or indexes memory by, limb values.
 */
#ifndef ECFI_LIMBS_H
#define ECFI_LIMBS_H

#include <stddef.h>
#include <stdint.h>

#include "common/wide.h"

/* Hide a value from the optimiser, so that it cannot prove a mask is 0 or
 * all-ones and turn a masked select back into a branch or a secret-indexed
 * load. clang 14 did exactly that to a masked select (valgrind's
 * constant-time test caught it): it became a CMOV of two pointers and a load. */
static inline uint64_t ecfi_value_barrier(uint64_t x)
{
#if defined(__GNUC__)
	__asm__("" : "+r"(x));
	return x;
#else
	volatile uint64_t v = x;
	return v;
#endif
}

/* All-ones if bit (0 or 1) is 1. */
static inline uint64_t ecfi_mask_from_bit(uint64_t bit) { return ecfi_value_barrier((uint64_t)0 - bit); }

/* All-ones if x != 0, without a branch. */
static inline uint64_t ecfi_mask_nonzero(uint64_t x) { return ecfi_mask_from_bit((x | ((uint64_t)0 - x)) >> 63); }

/* Mask from an int condition (any non-zero value means true). */
static inline uint64_t ecfi_mask_cond(int cond) { return ecfi_mask_nonzero((uint64_t)(unsigned)cond); }

/* The status `code` (an ECF_ERR_*, negative) if mask is all-ones, ECF_OK (0)
 * if it is zero, without a branch. Statuses of disjoint masks combine with |. */
static inline int ecfi_status_from_mask(int code, uint64_t mask)
{
	return (int)(int64_t)((uint64_t)(int64_t)code & mask);
}

static inline void ecfi_limbs_copy(uint64_t *r, const uint64_t *a, size_t n)
{
	for (size_t i = 0; i < n; i++)
		r[i] = a[i];
}

static inline void ecfi_limbs_zero(uint64_t *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		r[i] = 0;
}

/* Carry chains must be straight-line code: n is a constant at every call site,
 * but at up to 24 limbs it exceeds GCC's default complete-unrolling limit. */
#if defined(__clang__)
#define ECFI_UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define ECFI_UNROLL _Pragma("GCC unroll 24")
#else
#define ECFI_UNROLL
#endif

/* r = a + b; returns the carry out (0 or 1). */
static inline uint64_t ecfi_limbs_add(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
	uint64_t c = 0;
	ECFI_UNROLL
	for (size_t i = 0; i < n; i++)
		r[i] = ecfi_adc(&c, a[i], b[i]);
	return c;
}

/* r = a - b; returns the borrow out (0 or 1). */
static inline uint64_t ecfi_limbs_sub(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
	uint64_t c = 0;
	ECFI_UNROLL
	for (size_t i = 0; i < n; i++)
		r[i] = ecfi_sbb(&c, a[i], b[i]);
	return c;
}

/* r = mask ? a : r. */
static inline void ecfi_limbs_cmov(uint64_t *r, const uint64_t *a, uint64_t mask, size_t n)
{
	for (size_t i = 0; i < n; i++)
		r[i] ^= mask & (r[i] ^ a[i]);
}

/* Exchange a and b if mask. */
static inline void ecfi_limbs_cswap(uint64_t *a, uint64_t *b, uint64_t mask, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t t = mask & (a[i] ^ b[i]);
		a[i] ^= t;
		b[i] ^= t;
	}
}

/* All-ones if a == 0. */
static inline uint64_t ecfi_limbs_zero_mask(const uint64_t *a, size_t n)
{
	uint64_t acc = 0;
	for (size_t i = 0; i < n; i++)
		acc |= a[i];
	return ~ecfi_mask_nonzero(acc);
}

/* All-ones if a == b. */
static inline uint64_t ecfi_limbs_equal_mask(const uint64_t *a, const uint64_t *b, size_t n)
{
	uint64_t acc = 0;
	for (size_t i = 0; i < n; i++)
		acc |= a[i] ^ b[i];
	return ~ecfi_mask_nonzero(acc);
}

/* All-ones if a < m. */
static inline uint64_t ecfi_limbs_lt_mask(const uint64_t *a, const uint64_t *m, size_t n)
{
	uint64_t c = 0;
	for (size_t i = 0; i < n; i++)
		(void)ecfi_sbb(&c, a[i], m[i]);
	return ecfi_mask_from_bit(c);
}

/* r = (hi * 2^(64n) + a) mod m for a value below 2m, where hi is 0 or 1. */
static inline void ecfi_limbs_reduce_once(uint64_t *r, const uint64_t *a, uint64_t hi, const uint64_t *m, size_t n)
{
	uint64_t t[16];
	uint64_t borrow = ecfi_limbs_sub(t, a, m, n);
	/* Keep a only when it is below m: no carry in and the subtraction borrowed. */
	uint64_t keep = ecfi_mask_from_bit(borrow & (hi ^ 1));
	for (size_t i = 0; i < n; i++)
		r[i] = (a[i] & keep) | (t[i] & ~keep);
}

/* r = a + b mod m, for a, b < m. */
static inline void ecfi_limbs_modadd(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, size_t n)
{
	uint64_t s[16];
	uint64_t c = ecfi_limbs_add(s, a, b, n);
	ecfi_limbs_reduce_once(r, s, c, m, n);
}

/* r = a - b mod m, for a, b < m. */
static inline void ecfi_limbs_modsub(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, size_t n)
{
	uint64_t d[16], madd[16];
	uint64_t mask = ecfi_mask_from_bit(ecfi_limbs_sub(d, a, b, n));
	for (size_t i = 0; i < n; i++)
		madd[i] = m[i] & mask;
	ecfi_limbs_add(r, d, madd, n);
}

/* r = -a mod m, for a < m (0 maps to 0, not m). */
static inline void ecfi_limbs_modneg(uint64_t *r, const uint64_t *a, const uint64_t *m, size_t n)
{
	uint64_t d[16];
	uint64_t nz = ~ecfi_limbs_zero_mask(a, n);
	ecfi_limbs_sub(d, m, a, n);
	for (size_t i = 0; i < n; i++)
		r[i] = d[i] & nz;
}

/* 64-bit loads and stores in a fixed byte order, written so that compilers
 * emit one MOV (or MOVBE/BSWAP) and the result is right on any host. */
static inline uint64_t ecfi_load_le64(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
	       (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

static inline uint64_t ecfi_load_be64(const uint8_t *p)
{
	return (uint64_t)p[7] | (uint64_t)p[6] << 8 | (uint64_t)p[5] << 16 | (uint64_t)p[4] << 24 |
	       (uint64_t)p[3] << 32 | (uint64_t)p[2] << 40 | (uint64_t)p[1] << 48 | (uint64_t)p[0] << 56;
}

static inline void ecfi_store_le64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

static inline void ecfi_store_be64(uint8_t *p, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		p[7 - i] = (uint8_t)(v >> (8 * i));
}

/* Big-endian bytes <-> limbs; nbytes <= 8n, missing high bytes are zero. */
static inline void ecfi_limbs_from_be(uint64_t *r, size_t n, const uint8_t *in, size_t nbytes)
{
	size_t full = nbytes / 8;
	ecfi_limbs_zero(r, n);
	for (size_t i = 0; i < full; i++)
		r[i] = ecfi_load_be64(in + nbytes - 8 * (i + 1));
	for (size_t i = 8 * full; i < nbytes; i++)
		r[i / 8] |= (uint64_t)in[nbytes - 1 - i] << (8 * (i % 8));
}

static inline void ecfi_limbs_to_be(uint8_t *out, size_t nbytes, const uint64_t *a)
{
	size_t full = nbytes / 8;
	for (size_t i = 0; i < full; i++)
		ecfi_store_be64(out + nbytes - 8 * (i + 1), a[i]);
	for (size_t i = 8 * full; i < nbytes; i++)
		out[nbytes - 1 - i] = (uint8_t)(a[i / 8] >> (8 * (i % 8)));
}

/* Little-endian bytes <-> limbs. */
static inline void ecfi_limbs_from_le(uint64_t *r, size_t n, const uint8_t *in, size_t nbytes)
{
	size_t full = nbytes / 8;
	ecfi_limbs_zero(r, n);
	for (size_t i = 0; i < full; i++)
		r[i] = ecfi_load_le64(in + 8 * i);
	for (size_t i = 8 * full; i < nbytes; i++)
		r[i / 8] |= (uint64_t)in[i] << (8 * (i % 8));
}

static inline void ecfi_limbs_to_le(uint8_t *out, size_t nbytes, const uint64_t *a)
{
	size_t full = nbytes / 8;
	for (size_t i = 0; i < full; i++)
		ecfi_store_le64(out + 8 * i, a[i]);
	for (size_t i = 8 * full; i < nbytes; i++)
		out[i] = (uint8_t)(a[i / 8] >> (8 * (i % 8)));
}

#endif
