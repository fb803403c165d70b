/*
 * ecfield-abcompare: the same operations of two builds of libecfield.so,
 * measured side by side in one process (A B A B ... interleaved, median ticks
 * of dependent chains), e.g. before and after a change:
 *
 *   ecfield-abcompare OLD/libecfield.so.0 NEW/libecfield.so.0
 *
 * Each library is loaded into its own link-map namespace (dlmopen), so both
 * can be loaded although they share a soname. Every call goes through a
 * function pointer on both sides: the ratio measures what the library does
 * inside the call (e.g. internal calls through the PLT), not how it is
 * reached. Prints one line per operation: ticks A, ticks B, B/A.
 */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static inline uint64_t ticks(void) { return __rdtsc(); }
#else
#include <time.h>
static inline uint64_t ticks(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

typedef struct {
	uint64_t limb[12];
} elem; /* large enough for every field element; fp2 is two of them */
typedef struct {
	elem x, y, z;
	elem x2, y2, z2; /* imaginary halves for fp2 (laid out after the real ones) */
} state;

typedef void (*any_fn)(void);
typedef void (*un_fn)(void *, const void *);
typedef void (*bin_fn)(void *, const void *, const void *);
typedef int (*st_fn)(void *, const void *);
typedef int (*st2_fn)(void *, const void *, const void *);

enum kind { UNARY, BINARY, STATUS1, STATUS2 };
static const struct op {
	const char *name;
	enum kind kind;
	size_t limbs; /* element size in limbs (fp2: both halves) */
	long chain;
} ops[] = {
    {"ecf_p256_sqrt", STATUS1, 4, 20},
    {"ecf_p256_inv", UNARY, 4, 50},
    {"ecf_p256n_inv", UNARY, 4, 50},
    {"ecf_p25519_pow22523", UNARY, 4, 20},
    {"ecf_p25519_sqrt_ratio", STATUS2, 4, 20},
    {"ecf_p25519_inv", UNARY, 4, 50},
    {"ecf_p503_inv", UNARY, 8, 20},
    {"ecf_p503_fp2_mul", BINARY, 16, 2000},
    {"ecf_p503_fp2_sqr", UNARY, 16, 2000},
    {"ecf_p503_fp2_inv", UNARY, 16, 20},
    {"ecf_p503_fp2_add", BINARY, 16, 2000},
    {"ecf_p503_fp2_sub", BINARY, 16, 2000},
    {"ecf_p503_fp2_mul_small", UNARY, 16, 2000},
    {"ecf_p751_fp2_mul", BINARY, 24, 1000},
    {"ecf_p751_fp2_sqr", UNARY, 24, 1000},
};

static void fill(uint64_t *l, size_t n, uint64_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		l[i] = seed >> 8; /* keep values small enough for every field's range */
	}
	l[n - 1] >>= 8;
	if (n == 16 || n == 24) /* fp2: both halves below the prime's top limb */
		l[n / 2 - 1] >>= 8;
}

static uint64_t run(const struct op *o, any_fn fn, uint64_t *a, uint64_t *b, uint64_t *c)
{
	uint64_t t0 = ticks();
	for (long i = 0; i < o->chain; i++) {
		switch (o->kind) {
		case UNARY:
			((un_fn)fn)(a, a);
			break;
		case BINARY:
			((bin_fn)fn)(a, a, b);
			break;
		case STATUS1:
			a[0] ^= (uint64_t)(((st_fn)fn)(c, a) & 1);
			memcpy(a, c, 8 * o->limbs);
			a[0] |= 1;
			break;
		case STATUS2:
			a[0] ^= (uint64_t)(((st2_fn)fn)(c, a, b) & 1);
			memcpy(a, c, 8 * o->limbs);
			a[0] |= 1;
			break;
		}
	}
	return ticks() - t0;
}

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return a < b ? -1 : a > b;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s LIB_A LIB_B\n", argv[0]);
		return 2;
	}
	void *lib[2];
	for (int k = 0; k < 2; k++) {
		lib[k] = dlmopen(LM_ID_NEWLM, argv[1 + k], RTLD_NOW | RTLD_LOCAL);
		if (!lib[k]) {
			fprintf(stderr, "%s\n", dlerror());
			return 1;
		}
	}
	enum { SAMPLES = 101 };
	printf("%-26s %12s %12s %8s\n", "op", "A ticks", "B ticks", "B/A");
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
		const struct op *o = &ops[i];
		any_fn fn[2] = {NULL, NULL};
		for (int k = 0; k < 2; k++) {
			void *sym = dlsym(lib[k], o->name); /* POSIX: a function's address as void * */
			if (sym)
				memcpy(&fn[k], &sym, sizeof sym);
		}
		if (!fn[0] || !fn[1]) {
			printf("%-26s missing in %s\n", o->name, fn[0] ? "B" : "A");
			continue;
		}
		uint64_t a[2][24], b[24], c[24], t[2][SAMPLES];
		fill(b, o->limbs, 7 + i);
		for (int k = 0; k < 2; k++)
			fill(a[k], o->limbs, 3 + i);
		for (int s = -5; s < SAMPLES; s++)
			for (int k = 0; k < 2; k++) {
				uint64_t d = run(o, fn[k], a[k], b, c) / (uint64_t)o->chain;
				if (s >= 0)
					t[k][s] = d;
			}
		for (int k = 0; k < 2; k++)
			qsort(t[k], SAMPLES, sizeof t[k][0], cmp_u64);
		printf("%-26s %12llu %12llu %8.3f\n", o->name, (unsigned long long)t[0][SAMPLES / 2],
		       (unsigned long long)t[1][SAMPLES / 2], (double)t[1][SAMPLES / 2] / (double)t[0][SAMPLES / 2]);
	}
	return 0;
}
