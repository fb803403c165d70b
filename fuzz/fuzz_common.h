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
#include <time.h>

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

/* Kernel tiers: portable (0) and each field multiplication tier the CPU
 * supports (ECFI_FIELD_TIERS, lib/dispatch/tiers.h). */
static inline size_t fz_tiers(uint32_t out[8])
{
	size_t k = 0;
	out[k++] = 0;
	uint32_t sup = ecfi_cpu_supported_kernels();
	for (uint32_t bit = 1; bit != 0; bit <<= 1)
		if (sup & bit & ECFI_FIELD_TIERS)
			out[k++] = bit;
	return k;
}

/* The tiers of this CPU, set once by fz_init_tiers, which prints them (the
 * first line of every target's log). FZ_EACH_TIER(i) runs its body once per
 * tier with that tier's kernels selected; fz_tiers_reset() restores the
 * default dispatch after the loop. */
static uint32_t FZ_TIERS[8] __attribute__((unused));
static size_t FZ_NTIERS __attribute__((unused));

static inline void fz_init_tiers(const char *target)
{
	FZ_NTIERS = fz_tiers(FZ_TIERS);
	fprintf(stderr, "# fuzz %s: %zu kernel tier(s):", target, FZ_NTIERS);
	for (size_t k = 0; k < FZ_NTIERS; k++)
		fprintf(stderr, " %s", ecfi_kernel_name_of(FZ_TIERS[k]));
	fprintf(stderr, "\n");
}

#define FZ_EACH_TIER(i) for (size_t i = 0; i < FZ_NTIERS && (ecfi_cpu_set_kernels(FZ_TIERS[i]), 1); i++)

static inline void fz_tiers_reset(void) { ecfi_cpu_set_kernels(~0u); }

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

/* R = 2^(64 nl), rinv = 1/R mod m, mr = m*R: the Montgomery constants. */
static inline void fz_mont_consts(mpz_t r, mpz_t rinv, mpz_t mr, const mpz_t m, size_t nl)
{
	mpz_set_ui(r, 0);
	mpz_setbit(r, (mp_bitcnt_t)(64 * nl));
	mpz_invert(rinv, r, m);
	mpz_mul(mr, m, r);
}

/* A condition for select/cmov/cswap/cneg: any int, sometimes with only its
 * high bits set (a mask built from the low bits only would miss them). */
static inline int fz_cond(fz_cursor *c)
{
	int cond = (int)(int8_t)fz_byte(c);
	if (fz_byte(c) & 1)
		cond = (int)((uint32_t)cond << 24);
	return cond;
}

/* The GMP model of the ring operations every field target checks: w = the
 * expected result of `kind` on x (and y), before reduction mod m, in the
 * Montgomery domain of r (rinv = 1/r mod m); r = rinv = 1 for a field kept
 * in the plain domain (p25519). The inverse is 0 for 0. */
enum { FZ_M_ADD, FZ_M_SUB, FZ_M_NEG, FZ_M_MUL, FZ_M_SQR, FZ_M_TO_MONT, FZ_M_FROM_MONT, FZ_M_INV, FZ_M_REDUCE };

static inline void fz_model(int kind, mpz_t w, const mpz_t x, const mpz_t y, const mpz_t m, const mpz_t r,
                            const mpz_t rinv)
{
	switch (kind) {
	case FZ_M_ADD:
		mpz_add(w, x, y);
		break;
	case FZ_M_SUB:
		mpz_sub(w, x, y);
		break;
	case FZ_M_NEG:
		mpz_neg(w, x);
		break;
	case FZ_M_MUL: /* x*y/r */
		mpz_mul(w, x, y);
		mpz_mul(w, w, rinv);
		break;
	case FZ_M_SQR:
		mpz_mul(w, x, x);
		mpz_mul(w, w, rinv);
		break;
	case FZ_M_TO_MONT:
		mpz_mul(w, x, r);
		break;
	case FZ_M_FROM_MONT:
		mpz_mul(w, x, rinv);
		break;
	case FZ_M_INV: /* x = ar gives r/a = r^2/x */
		mpz_mod(w, x, m);
		if (mpz_sgn(w) != 0) {
			mpz_invert(w, w, m);
			mpz_mul(w, w, r);
			mpz_mul(w, w, r);
		}
		break;
	default: /* FZ_M_REDUCE */
		mpz_set(w, x);
		break;
	}
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* 1 for about one input in 2^bits: a hash (FNV-1a) of the whole input, so
 * that a mutated input takes an expensive path with that probability
 * whatever the corpus holds (fuzz/make_corpus.py computes the same hash to
 * make its seeds pass or fail the gate as they should). */
static int FZ_BENCHING __attribute__((unused)); /* fz_bench: every gate open */

static inline int fz_gate(const uint8_t *d, size_t n, unsigned bits)
{
	if (FZ_BENCHING)
		return 1;
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ d[i]) * 16777619u;
	return bits == 0 || (h >> (32 - bits)) == 0;
}

/* With FZ_BENCH set in the environment: the CPU time of one execution of
 * the target on an input (median of 9 rounds of 20), to size the operation
 * mix (the rate floor of .ci/jobs/fuzz.sh); CPU time, not wall time, so a
 * loaded machine still gives the cost. */
static inline void fz_bench(const char *label, const uint8_t *in, size_t n)
{
	if (getenv("FZ_BENCH") == NULL)
		return;
	double t[9];
	FZ_BENCHING = 1;
	for (int r = 0; r < 9; r++) {
		clock_t a = clock();
		for (int i = 0; i < 20; i++)
			LLVMFuzzerTestOneInput(in, n);
		t[r] = (double)(clock() - a) * 1e6 / CLOCKS_PER_SEC / 20;
	}
	FZ_BENCHING = 0;
	for (int i = 1; i < 9; i++)
		for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
			double x = t[j];
			t[j] = t[j - 1];
			t[j - 1] = x;
		}
	fprintf(stderr, "# bench %-28s %9.1f us CPU per execution\n", label, t[4]);
}

/* With FZ_STATS set: how many executions took each path (FZ_STAT(i, name)
 * in a target), printed at exit: the operation mix a fuzzing run really
 * had, which the seed corpus and the mutations decide, not the byte ranges
 * alone. */
static unsigned long FZ_STAT_N[16] __attribute__((unused));
static const char *FZ_STAT_NAME[16] __attribute__((unused));
#define FZ_STAT(i, name) (FZ_STAT_NAME[i] = (name), FZ_STAT_N[i]++)

static inline void fz_stats_print(void)
{
	unsigned long total = 0;
	for (int i = 0; i < 16; i++)
		total += FZ_STAT_N[i];
	for (int i = 0; i < 16; i++)
		if (FZ_STAT_N[i])
			fprintf(stderr, "# stats %-32s %9lu (%4.1f%%)\n", FZ_STAT_NAME[i], FZ_STAT_N[i],
			        100.0 * (double)FZ_STAT_N[i] / (double)total);
}

static inline void fz_stats_init(void)
{
	if (getenv("FZ_STATS") != NULL)
		atexit(fz_stats_print);
}

static inline void fz_print_bytes(const char *label, const uint8_t *b, size_t n)
{
	fprintf(stderr, "  %s = ", label);
	for (size_t i = 0; i < n; i++)
		fprintf(stderr, "%02x", b[i]);
	fprintf(stderr, "\n");
}

/* Byte strings that must be equal (printed in memory order). */
static inline void fz_expect_bytes(const uint8_t *got, const uint8_t *want, size_t n, const char *what)
{
	if (memcmp(got, want, n) != 0) {
		fz_print_bytes("got ", got, n);
		fz_print_bytes("want", want, n);
		FZ_FAIL("%s", what);
	}
}

#endif
