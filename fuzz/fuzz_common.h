/*
 * Helpers shared by the libFuzzer differential targets: a cursor that turns
 * the fuzzer's bytes into values (reading zeros once the input runs out), the
 * kernel tiers this CPU runs, and a loud failure.
 */
#ifndef ECF_FUZZ_COMMON_H
#define ECF_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>

#include "common/internal.h"
#include "common/limbs.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

typedef struct fz_cursor {
	const uint8_t *p;
	size_t n;
} fz_cursor;

static inline uint8_t fz_byte(fz_cursor *c)
{
	if (c->n == 0)
		return 0;
	c->n--;
	return *c->p++;
}

static inline void fz_bytes(fz_cursor *c, uint8_t *out, size_t k)
{
	for (size_t i = 0; i < k; i++)
		out[i] = fz_byte(c);
}

static inline void fz_limbs(fz_cursor *c, uint64_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t v = 0;
		for (int b = 0; b < 8; b++)
			v |= (uint64_t)fz_byte(c) << (8 * b);
		out[i] = v;
	}
}

/* Kernel tiers: portable (0) and each kernel bit the CPU supports. */
static inline size_t fz_tiers(uint32_t out[8])
{
	size_t k = 0;
	out[k++] = 0;
	uint32_t sup = ecfi_cpu_supported_kernels();
	for (uint32_t bit = 1; bit & ECFI_KERNEL_ALL; bit <<= 1)
		if (sup & bit)
			out[k++] = bit;
	return k;
}

static inline void fz_limbs_to_mpz(mpz_t z, const uint64_t *a, size_t n) { mpz_import(z, n, -1, 8, 0, 0, a); }

static inline void fz_mpz_to_limbs(uint64_t *a, size_t n, const mpz_t z)
{
	if (mpz_sgn(z) < 0 || mpz_sizeinbase(z, 2) > 64 * n) {
		fprintf(stderr, "fuzz harness: value does not fit %zu limbs\n", n);
		abort();
	}
	memset(a, 0, n * 8);
	mpz_export(a, NULL, -1, 8, 0, 0, z);
}

static void fz_print(const char *label, const uint64_t *a, size_t n)
{
	fprintf(stderr, "  %s = 0x", label);
	for (size_t i = n; i-- > 0;)
		fprintf(stderr, "%016llx", (unsigned long long)a[i]);
	fprintf(stderr, "\n");
}

#define FZ_FAIL(...)                                                                                                   \
	do {                                                                                                           \
		fprintf(stderr, "FUZZ MISMATCH (kernel %s): ", ecfi_kernel_name_of(ecfi_cpu_flags));                   \
		fprintf(stderr, __VA_ARGS__);                                                                          \
		fprintf(stderr, "\n");                                                                                 \
		abort();                                                                                               \
	} while (0)

#define FZ_CHECK(cond, ...)                                                                                            \
	do {                                                                                                           \
		if (!(cond))                                                                                           \
			FZ_FAIL(__VA_ARGS__);                                                                          \
	} while (0)

static inline void fz_expect_limbs(const uint64_t *got, const uint64_t *want, size_t n, const char *what)
{
	if (memcmp(got, want, n * 8) != 0) {
		fz_print("got ", got, n);
		fz_print("want", want, n);
		FZ_FAIL("%s", what);
	}
}

#endif
