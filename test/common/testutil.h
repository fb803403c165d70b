/*
 * Test helpers shared by every test program: a seeded generator (the seed is
 * fixed, overridable with ECF_TEST_SEED, and printed with every failure),
 * random limbs biased to long runs of 0 and 1 bits, GMP conversions, and the
 * list of kernel tiers this CPU can run.
 */
#ifndef ECF_TESTUTIL_H
#define ECF_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <cmocka.h>
#include <gmp.h>

typedef struct test_rng {
	uint64_t s[4];
} test_rng;

/* The seed of this run: ECF_TEST_SEED (decimal or 0x hex) or a fixed default. */
uint64_t test_seed(void);
/* Iterations for random tests: the default, scaled by ECF_TEST_SCALE (a
 * percentage, e.g. 10 under valgrind or qemu), at least 100. */
long test_iterations(long dflt);
void test_rng_init(test_rng *rng, uint64_t stream);
uint64_t test_rng_next(test_rng *rng);
/* n random limbs: uniform when biased is 0, otherwise long runs of equal bits. */
void test_rand_limbs(test_rng *rng, uint64_t *r, size_t n, int biased);
/* n random bytes (the low byte of each draw). */
void test_rand_bytes(test_rng *rng, uint8_t *b, size_t n);
/* A random value below m (n limbs), uniform or biased (then reduced mod m). */
void test_rand_below(test_rng *rng, uint64_t *r, const mpz_t m, size_t n, int biased);

void test_limbs_to_mpz(mpz_t z, const uint64_t *a, size_t n);
void test_mpz_to_limbs(uint64_t *a, size_t n, const mpz_t z);
void test_mpz_set_hex(mpz_t z, const char *hex);

/* Fail (with seed, context and both values) unless got == want. */
void test_expect_limbs(const uint64_t *got, const uint64_t *want, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Fail (with seed and context) unless cond. */
void test_expect(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Fail (with seed, what, the case number and both values in hex) unless
 * the n bytes at got and want are equal. */
void test_expect_bytes(const uint8_t *got, const uint8_t *want, size_t n, const char *what, long i);

/* A cmocka case that only runs check(args): one line per case of a
 * table-driven test, e.g. TEST_CASE(test_p256_add, check_op, OP_ADD). */
#define TEST_CASE(name, check, ...)                                                                                    \
	static void name(void **s)                                                                                     \
	{                                                                                                              \
		(void)s;                                                                                               \
		check(__VA_ARGS__);                                                                                    \
	}

/* CPUID (read by the test, independently of the probe) says BMI2 and ADX. */
int test_host_has_mulx_adx(void);
/* CPUID says SHA, SSSE3 and SSE4.1 (x86-64 and i386; 0 elsewhere). */
int test_host_has_sha_ni(void);
/* CPUID and XCR0 say AVX2 is usable: the CPU has it and the OS saves the
 * ymm state (x86-64 and i386; 0 elsewhere). */
int test_host_has_avx2(void);
/* The kernel's HWCAP word (getauxval(AT_HWCAP), read by the test,
 * independently of the probe's cpu_features) on aarch64 Linux; 0 elsewhere. */
unsigned long test_host_hwcap(void);
/* HWCAP says ASIMD (aarch64; 0 elsewhere). */
int test_host_has_asimd(void);
/* CPUID has AVX512F, AVX512IFMA and AVX512VL and XCR0 enables the opmask and zmm state. */
int test_host_has_avx512ifma(void);
/* Kernel tiers this CPU runs: fills flags[] (ecfi_cpu_flags words) and
 * names[], returns how many (portable is always first). */
size_t test_kernel_tiers(uint32_t flags[4], const char *names[4]);
/* Select a tier for the public entries (the dispatch flag) and say so. */
void test_use_tier(uint32_t flags);
/* The tiers as a loop: for (size_t k = 0; k < test_tier_count(); k++) {
 * test_tier_select(k); ... } then test_tier_restore(). */
size_t test_tier_count(void);
void test_tier_select(size_t k);
const char *test_tier_name(size_t k);
void test_tier_restore(void);

/* Edge values below m (n limbs): 0, 1, 2, m-1, m-2, (m-1)/2, (m+1)/2,
 * 2^(64n)-1 mod m, R mod m, 2^(64n-1) mod m, all-ones low limbs, ... Returns the count. */
size_t test_edge_values(uint64_t out[][16], size_t max, const mpz_t m, size_t n);

/* AddressSanitizer moves locals to a fake stack, where the stack-scan wipe
 * tests (paint the stack, call, search for the secret) cannot see them: those
 * tests call TEST_SKIP_UNDER_ASAN() and are reported skipped in such builds. */
#if defined(__SANITIZE_ADDRESS__)
#define TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_ASAN 1
#endif
#endif
#ifdef TEST_ASAN
#define TEST_SKIP_UNDER_ASAN()                                                                                         \
	do {                                                                                                           \
		fprintf(stderr, "# ASan build: the stack-scan wipe test cannot see ASan's fake stack: skipped\n");     \
		skip();                                                                                                \
	} while (0)
#else
#define TEST_SKIP_UNDER_ASAN() ((void)0)
#endif

/* Stack-scan wipe tests: from ONE frame (the test, or a noinline probe),
 * test_stack_paint(v) fills the stack region below that frame with v, the
 * code under test is called from the same frame (its callees' frames land on
 * the painted region), then test_stack_count() scans the same region and
 * returns how many times any of the `count` needles (each `len` bytes, stored
 * one after the other) occurs there: 0 means the secrets were wiped. Both are
 * noinline and read and write the region through volatile, so the compiler
 * cannot drop or move them. */
#define TEST_STACK_SCAN_BYTES 32768
void test_stack_paint(uint8_t v);
size_t test_stack_count(const uint8_t *needles, size_t count, size_t len);
/* The whole-stack check (test/test_stack_wipe.c), over a region deep enough
 * for ECFI_WIPE_STACK_BYTES below any call tree (32 KiB at -O0): from one
 * frame, test_stack_paint_deep(v), the call, then test_stack_residue(v,
 * &changed), which returns the depth below that frame of the deepest byte
 * that is neither v nor 0 (left by the call and not wiped; 0 if none) and
 * sets changed to the depth of the deepest byte that is no longer v (how deep
 * the call and its wipe went; TEST_STACK_DEEP_BYTES when the region's
 * deepest byte changed: the call may have gone deeper than the scan). */
#define TEST_STACK_DEEP_BYTES 65536
void test_stack_paint_deep(uint8_t v);
size_t test_stack_residue(uint8_t v, size_t *changed);
/* The 8 needles of 8 bytes under which a 32-byte big-endian key may stay on
 * the stack: its 8-byte pieces as bytes (pieces[0..3]) and as the library's
 * little-endian 64-bit limbs (pieces[4..7]). */
void test_key32_pieces(uint8_t pieces[8][8], const uint8_t key[32]);

#endif
