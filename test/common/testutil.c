#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dispatch/cpu.h"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#endif

#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

#define DEFAULT_SEED 0x65636669656c6421ULL /* "ecfield!" */

uint64_t test_seed(void)
{
	static int done;
	static uint64_t seed;
	if (!done) {
		const char *s = getenv("ECF_TEST_SEED");
		seed = s && *s ? strtoull(s, NULL, 0) : DEFAULT_SEED;
		done = 1;
		fprintf(stderr, "# random seed 0x%016llx (replay with ECF_TEST_SEED=0x%016llx)\n",
		        (unsigned long long)seed, (unsigned long long)seed);
	}
	return seed;
}

long test_iterations(long dflt)
{
	const char *s = getenv("ECF_TEST_SCALE");
	long pct = s && *s ? strtol(s, NULL, 10) : 100;
	long n = dflt * pct / 100;
	return n < 100 ? 100 : n;
}

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void test_rng_init(test_rng *rng, uint64_t stream)
{
	uint64_t x = test_seed() ^ (stream * 0xd1342543de82ef95ULL);
	for (int i = 0; i < 4; i++)
		rng->s[i] = splitmix(&x);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t test_rng_next(test_rng *rng) /* xoshiro256** */
{
	uint64_t *s = rng->s;
	uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return r;
}

void test_rand_limbs(test_rng *rng, uint64_t *r, size_t n, int biased)
{
	if (!biased) {
		for (size_t i = 0; i < n; i++)
			r[i] = test_rng_next(rng);
		return;
	}
	/* Runs of equal bits of random length 1..128 (like libsecp256k1's testrand). */
	memset(r, 0, n * 8);
	size_t bit = 0, total = n * 64;
	int value = test_rng_next(rng) & 1;
	while (bit < total) {
		size_t run = 1 + (test_rng_next(rng) % 128);
		for (size_t k = 0; k < run && bit < total; k++, bit++)
			if (value)
				r[bit / 64] |= 1ULL << (bit % 64);
		value ^= 1;
	}
}

void test_limbs_to_mpz(mpz_t z, const uint64_t *a, size_t n) { mpz_import(z, n, -1, sizeof(uint64_t), 0, 0, a); }

void test_mpz_to_limbs(uint64_t *a, size_t n, const mpz_t z)
{
	size_t count = 0;
	if (mpz_sizeinbase(z, 2) > 64 * n || mpz_sgn(z) < 0) {
		gmp_fprintf(stderr, "value does not fit %zu limbs: %Zx\n", n, z);
		fail();
	}
	memset(a, 0, n * 8);
	mpz_export(a, &count, -1, sizeof(uint64_t), 0, 0, z);
}

void test_mpz_set_hex(mpz_t z, const char *hex)
{
	if (mpz_set_str(z, hex, 16) != 0) {
		fprintf(stderr, "bad hex constant %s\n", hex);
		fail();
	}
}

void test_rand_below(test_rng *rng, uint64_t *r, const mpz_t m, size_t n, int biased)
{
	mpz_t z;
	mpz_init(z);
	test_rand_limbs(rng, r, n, biased);
	test_limbs_to_mpz(z, r, n);
	mpz_mod(z, z, m);
	test_mpz_to_limbs(r, n, z);
	mpz_clear(z);
}

static void print_limbs(const char *label, const uint64_t *a, size_t n)
{
	fprintf(stderr, "#   %s = 0x", label);
	for (size_t i = n; i-- > 0;)
		fprintf(stderr, "%016llx", (unsigned long long)a[i]);
	fprintf(stderr, "\n");
}

void test_expect_limbs(const uint64_t *got, const uint64_t *want, size_t n, const char *fmt, ...)
{
	if (memcmp(got, want, n * 8) == 0)
		return;
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "# MISMATCH (seed 0x%016llx, kernel %s): ", (unsigned long long)test_seed(),
	        ecfi_kernel_name_of(ecfi_cpu_flags));
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	print_limbs("got ", got, n);
	print_limbs("want", want, n);
	fail();
}

void test_expect(int cond, const char *fmt, ...)
{
	if (cond)
		return;
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "# FAILED (seed 0x%016llx, kernel %s): ", (unsigned long long)test_seed(),
	        ecfi_kernel_name_of(ecfi_cpu_flags));
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	fail();
}

int test_host_has_mulx_adx(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
	unsigned a, b, c, d;
	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return 0;
	return (b >> 8 & 1) && (b >> 19 & 1); /* CPUID.(7,0):EBX bit 8 BMI2, bit 19 ADX */
#else
	return 0;
#endif
}

/* CPUID.(7,0):EBX bit 29 SHA; CPUID.1:ECX bit 9 SSSE3, bit 19 SSE4.1. */
int test_host_has_sha_ni(void)
{
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
	unsigned a, b, c, d;
	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(b >> 29 & 1))
		return 0;
	if (!__get_cpuid(1, &a, &b, &c, &d))
		return 0;
	return (c >> 9 & 1) && (c >> 19 & 1);
#else
	return 0;
#endif
}

/* CPUID.(7,0):EBX bit 5 AVX2, CPUID.1:ECX bit 27 OSXSAVE, XCR0 bits 1 and 2
 * (the OS saves xmm and ymm state). */
int test_host_has_avx2(void)
{
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
	unsigned a, b, c, d;
	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c >> 27 & 1))
		return 0;
	unsigned lo, hi;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	if ((lo & 6) != 6)
		return 0;
	return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b >> 5 & 1);
#else
	return 0;
#endif
}

unsigned long test_host_hwcap(void)
{
#if defined(__aarch64__) && defined(__linux__)
	return getauxval(AT_HWCAP);
#else
	return 0;
#endif
}

int test_host_has_avx512ifma(void)
{
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
	unsigned a, b, c, d;
	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c >> 27 & 1))
		return 0;
	unsigned lo, hi;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	if ((lo & 0xe6) != 0xe6) /* xmm, ymm, opmask, zmm0-15 upper halves, zmm16-31 */
		return 0;
	/* leaf 7 ebx: AVX512F bit 16, AVX512IFMA bit 21, AVX512VL bit 31 */
	return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b >> 16 & 1) && (b >> 21 & 1) && (b >> 31 & 1);
#else
	return 0;
#endif
}

/* HWCAP_ASIMD is bit 1 of AT_HWCAP (Linux, arch/arm64/include/uapi/asm/hwcap.h). */
int test_host_has_asimd(void) { return (test_host_hwcap() >> 1) & 1; }

size_t test_kernel_tiers(uint32_t flags[4], const char *names[4])
{
	size_t k = 0;
	/* No test may pass by testing nothing: where CPUID (read here, not by the
	 * probe) says BMI2 and ADX and the build has the kernels, the probe must
	 * offer them. */
	test_expect(!(ECFI_X86_64_KERNELS && test_host_has_mulx_adx()) ||
	                (ecfi_cpu_supported_kernels() & ECFI_KERNEL_MULX_ADX),
	            "CPUID has BMI2 and ADX but the probe offers no MULX/ADX kernel");
	test_expect(!(ECFI_AARCH64_KERNELS && test_host_has_asimd()) ||
	                (ecfi_cpu_supported_kernels() & ECFI_KERNEL_AARCH64),
	            "HWCAP has ASIMD but the probe offers no aarch64 kernel");
	flags[k] = 0;
	names[k++] = "portable";
	uint32_t sup = ecfi_cpu_supported_kernels();
	if (sup & ECFI_KERNEL_AARCH64) {
		/* with the CPU's other aarch64 tiers: the library as it runs here */
		flags[k] = sup;
		names[k++] = "aarch64";
	} else if (sup & ECFI_KERNEL_MULX_ADX) {
		/* with the CPU's other kernels (SHA-NI, AVX2): the library as it runs here */
		flags[k] = ECFI_KERNEL_MULX_ADX | (sup & (ECFI_KERNEL_SHA_NI | ECFI_KERNEL_AVX2));
		names[k++] = "mulx_adx";
	} else if (sup & ECFI_KERNEL_AVX2) {
		/* AVX2 without MULX/ADX (Haswell): the portable field with the AVX2 scans */
		flags[k] = sup & (ECFI_KERNEL_SHA_NI | ECFI_KERNEL_AVX2);
		names[k++] = "avx2";
	} else {
		static int said;
		if (!said++)
			fprintf(
			    stderr,
			    "# NOTE: this CPU (or build) has no MULX/ADX kernel: testing the portable kernels only\n");
	}
	return k;
}

void test_use_tier(uint32_t flags) { ecfi_cpu_set_kernels(flags); }

static size_t tiers_init(uint32_t **flags, const char ***names)
{
	static uint32_t f[4];
	static const char *n[4];
	static size_t count;
	if (!count)
		count = test_kernel_tiers(f, n);
	*flags = f;
	*names = n;
	return count;
}

size_t test_tier_count(void)
{
	uint32_t *f;
	const char **n;
	return tiers_init(&f, &n);
}

void test_tier_select(size_t k)
{
	uint32_t *f;
	const char **n;
	if (k < tiers_init(&f, &n))
		test_use_tier(f[k]);
}

const char *test_tier_name(size_t k)
{
	uint32_t *f;
	const char **n;
	return k < tiers_init(&f, &n) ? n[k] : "none";
}

void test_tier_restore(void) { ecfi_cpu_set_kernels(ecfi_cpu_supported_kernels()); }

size_t test_edge_values(uint64_t out[][16], size_t max, const mpz_t m, size_t n)
{
	mpz_t z, t;
	mpz_inits(z, t, NULL);
	size_t k = 0;
#define PUSH()                                                                                                         \
	do {                                                                                                           \
		mpz_mod(t, z, m);                                                                                      \
		if (k < max)                                                                                           \
			test_mpz_to_limbs(out[k++], n, t);                                                             \
	} while (0)
	long small[] = {0, 1, 2, 3, -1, -2};
	for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
		mpz_set_si(z, small[i]);
		PUSH();
	}
	mpz_sub_ui(z, m, 1);
	mpz_fdiv_q_2exp(z, z, 1); /* (m-1)/2 */
	PUSH();
	mpz_add_ui(z, z, 1); /* (m+1)/2 */
	PUSH();
	mpz_set_ui(z, 1);
	mpz_mul_2exp(z, z, 64 * n);
	mpz_sub_ui(z, z, 1); /* all-ones limbs, reduced */
	PUSH();
	mpz_add_ui(z, z, 1); /* R mod m */
	PUSH();
	mpz_fdiv_q_2exp(z, z, 1); /* 2^(64n-1) */
	PUSH();
	for (size_t i = 0; i < n; i++) { /* one all-ones limb, the rest zero */
		mpz_set_ui(z, 0);
		mpz_setbit(z, 64 * (i + 1));
		mpz_set_ui(t, 0);
		mpz_setbit(t, 64 * i);
		mpz_sub(z, z, t);
		PUSH();
	}
	mpz_sub_ui(z, m, 1); /* m-1 with its low limb cleared */
	mpz_fdiv_q_2exp(z, z, 64);
	mpz_mul_2exp(z, z, 64);
	PUSH();
#undef PUSH
	mpz_clears(z, t, NULL);
	return k;
}

/* The stack-scan wipe helpers read the dead stack on purpose. The paint
 * buffer is a little larger than the scanned one, so that the scan never
 * reads unpainted bytes. */
#define STACK_PAINT_MARGIN 512
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wunused-but-set-variable"
#ifndef __clang__
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
__attribute__((noinline)) void test_stack_paint(uint8_t v)
{
	volatile uint8_t region[TEST_STACK_SCAN_BYTES + STACK_PAINT_MARGIN];
	for (size_t i = 0; i < sizeof region; i++)
		region[i] = v;
	__asm__ __volatile__("" : : "r"(region) : "memory");
}

/* test_stack_count only finds its region and hands it to count_needles
 * (deeper, so its frame lies below the region): it needs no saved registers
 * or globals, whose pushes would overwrite what the callee left at the top of
 * its frame. The region runs up to the caller's stack pointer (the CFA) less
 * the return address, so the alignment padding above the array is scanned
 * too (on i386 it held 12 bytes of a 32-byte secret). */
static __attribute__((noinline)) size_t count_needles(const volatile uint8_t *hay, size_t n, const uint8_t *needles,
                                                      size_t count, size_t len)
{
	size_t hits = 0;
	for (size_t i = 0; i + len <= n; i++)
		for (size_t k = 0; k < count; k++) {
			size_t j = 0;
			while (j < len && hay[i + j] == needles[k * len + j])
				j++;
			hits += j == len;
		}
	return hits;
}

/* The bytes from lo up to the scanning function's return address (top, its
 * frame's CFA less one word), when the compiler tells; else its region. */
static size_t scan_length(const volatile uint8_t *lo, uintptr_t top, size_t region)
{
	if (top > (uintptr_t)lo && top - (uintptr_t)lo <= region + 256)
		return (size_t)(top - (uintptr_t)lo);
	return region;
}
#if defined(__GNUC__)
#define SCAN_TOP() ((uintptr_t)__builtin_dwarf_cfa() - sizeof(void *))
#else
#define SCAN_TOP() ((uintptr_t)0)
#endif

__attribute__((noinline)) size_t test_stack_count(const uint8_t *needles, size_t count, size_t len)
{
	volatile uint8_t region[TEST_STACK_SCAN_BYTES];
	volatile uint8_t *lo = region;
	__asm__ __volatile__("" : "+r"(lo) : : "memory");
	return count_needles(lo, scan_length(lo, SCAN_TOP(), TEST_STACK_SCAN_BYTES), needles, count, len);
}

__attribute__((noinline)) void test_stack_paint_deep(uint8_t v)
{
	volatile uint8_t region[TEST_STACK_DEEP_BYTES + STACK_PAINT_MARGIN];
	for (size_t i = 0; i < sizeof region; i++)
		region[i] = v;
	__asm__ __volatile__("" : : "r"(region) : "memory");
}

/* hay[0] is the deepest byte, hay[n - 1] the one just below the caller's frame. */
static __attribute__((noinline)) size_t residue_of(const volatile uint8_t *hay, size_t n, uint8_t v, size_t *changed)
{
	size_t i = 0;
	while (i < n && hay[i] == v)
		i++;
	*changed = n - i;
	while (i < n && (hay[i] == v || hay[i] == 0))
		i++;
	return n - i;
}

__attribute__((noinline)) size_t test_stack_residue(uint8_t v, size_t *changed)
{
	volatile uint8_t region[TEST_STACK_DEEP_BYTES];
	volatile uint8_t *lo = region;
	__asm__ __volatile__("" : "+r"(lo) : : "memory");
	return residue_of(lo, scan_length(lo, SCAN_TOP(), TEST_STACK_DEEP_BYTES), v, changed);
}
#pragma GCC diagnostic pop

void test_key32_pieces(uint8_t pieces[8][8], const uint8_t key[32])
{
	for (int l = 0; l < 4; l++)
		for (int j = 0; j < 8; j++) {
			pieces[l][j] = key[8 * l + j];
			pieces[4 + l][j] = key[31 - 8 * l - j];
		}
}

void test_rand_bytes(test_rng *rng, uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)test_rng_next(rng);
}

static void hex_prefix(char out[2 * 128 + 4], const uint8_t *b, size_t n)
{
	size_t m = n > 128 ? 128 : n;
	for (size_t i = 0; i < m; i++)
		snprintf(out + 2 * i, 3, "%02x", b[i]);
	snprintf(out + 2 * m, 4, "%s", n > m ? "..." : "");
}

void test_expect_bytes(const uint8_t *got, const uint8_t *want, size_t n, const char *what, long i)
{
	if (memcmp(got, want, n) != 0) {
		char g[2 * 128 + 4], w[2 * 128 + 4];
		hex_prefix(g, got, n);
		hex_prefix(w, want, n);
		test_expect(0, "%s (case %ld): got %s want %s", what, i, g, w);
	}
}
