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
 * reached. Prints one line per operation: ticks A, ticks B, B/A. The curve
 * operations (x25519, ed25519 sign, P-256 ECDH and ECDSA sign) take fixed
 * keys made by each library's own keypair function.
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

typedef int (*x25519_fn)(uint8_t *, const uint8_t *, const uint8_t *);
typedef int (*ed_sign_fn)(uint8_t *, const uint8_t *, const uint8_t *, size_t);
typedef int (*ecdh_fn)(uint8_t *, const uint8_t *, const uint8_t *, size_t);
typedef int (*ecdsa_fn)(uint8_t *, const uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t, unsigned);

enum kind { UNARY, BINARY, STATUS1, STATUS2, X25519, ED_SIGN, ECDH, ECDSA };
static const struct op {
	const char *name;
	enum kind kind;
	size_t limbs; /* element size in limbs (fp2: both halves) */
	long chain;
} ops[] = {
    {"ecf_p256_mul", BINARY, 4, 2000},      {"ecf_p256_sqr", UNARY, 4, 2000},
    {"ecf_p256n_mul", BINARY, 4, 2000},     {"ecf_p25519_mul", BINARY, 4, 2000},
    {"ecf_p25519_sqr", UNARY, 4, 2000},     {"ecf_p503_mul", BINARY, 8, 2000},
    {"ecf_p503_sqr", UNARY, 8, 2000},       {"ecf_x25519", X25519, 4, 5},
    {"ecf_ed25519_sign", ED_SIGN, 4, 5},    {"ecf_p256_ecdh", ECDH, 4, 5},
    {"ecf_p256_ecdsa_sign", ECDSA, 4, 5},   {"ecf_p256_sqrt", STATUS1, 4, 20},
    {"ecf_p256_inv", UNARY, 4, 50},         {"ecf_p256n_inv", UNARY, 4, 50},
    {"ecf_p25519_pow22523", UNARY, 4, 20},  {"ecf_p25519_sqrt_ratio", STATUS2, 4, 20},
    {"ecf_p25519_inv", UNARY, 4, 50},       {"ecf_p503_inv", UNARY, 8, 20},
    {"ecf_p503_fp2_mul", BINARY, 16, 2000}, {"ecf_p503_fp2_sqr", UNARY, 16, 2000},
    {"ecf_p503_fp2_inv", UNARY, 16, 20},    {"ecf_p503_fp2_add", BINARY, 16, 2000},
    {"ecf_p503_fp2_sub", BINARY, 16, 2000}, {"ecf_p503_fp2_mul_small", UNARY, 16, 2000},
    {"ecf_p751_fp2_mul", BINARY, 24, 1000}, {"ecf_p751_fp2_sqr", UNARY, 24, 1000},
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

/* The keys of the curve operations, made once per library: b holds the
 * secret key (ed25519: seed || public key; P-256: a scalar < n), c the peer's
 * public key (P-256: 65 bytes, uncompressed) or the X25519 base point. */
static int curve_keys(void *lib, enum kind kind, uint8_t *b, uint8_t *c)
{
	memset(b, 0, 64);
	memset(c, 0, 96);
	for (int i = 0; i < 32; i++)
		b[i] = (uint8_t)(0x41 + 3 * i);
	void *sym = NULL;
	int (*kp)(uint8_t *, uint8_t *, const uint8_t *, size_t) = NULL;
	int (*edkp)(uint8_t *, uint8_t *, const uint8_t *) = NULL;
	uint8_t seed[32], pk[65];
	memcpy(seed, b, 32);
	switch (kind) {
	case X25519:
		c[0] = 9;
		return 0;
	case ED_SIGN:
		sym = dlsym(lib, "ecf_ed25519_keypair");
		if (!sym)
			return -1;
		memcpy(&edkp, &sym, sizeof sym);
		return edkp(pk, b, seed);
	case ECDH:
	case ECDSA:
		sym = dlsym(lib, "ecf_p256_keypair");
		if (!sym)
			return -1;
		memcpy(&kp, &sym, sizeof sym);
		if (kp(c, b, seed, sizeof seed) != 0) /* the peer's key pair ... */
			return -1;
		seed[0] ^= 1;
		return kp(pk, b, seed, sizeof seed); /* ... and ours */
	default:
		return 0;
	}
}

static uint64_t run(const struct op *o, any_fn fn, uint64_t *a, uint64_t *b, uint64_t *c)
{
	uint8_t *ab = (uint8_t *)a, *bb = (uint8_t *)b, *cb = (uint8_t *)c;
	int st = 0;
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
		case X25519: /* a dependent chain: each shared secret is the next scalar */
			st |= ((x25519_fn)fn)(ab, bb, cb);
			memcpy(bb, ab, 32);
			break;
		case ED_SIGN: /* each signature's first half is the next message */
			st |= ((ed_sign_fn)fn)(ab, bb, ab, 32);
			break;
		case ECDH:
			st |= ((ecdh_fn)fn)(ab, bb, cb, 65);
			break;
		case ECDSA: /* each signature's r is the next digest */
			st |= ((ecdsa_fn)fn)(ab, bb, ab, 32, NULL, 0, 0);
			break;
		}
	}
	if (st != 0) {
		fprintf(stderr, "%s failed (status %d)\n", o->name, st);
		exit(1);
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
		uint64_t a[2][24], b[2][24], c[2][24], t[2][SAMPLES];
		for (int k = 0; k < 2; k++) {
			fill(b[k], o->limbs, 7 + i);
			fill(a[k], o->limbs, 3 + i);
			if (o->kind >= X25519 && curve_keys(lib[k], o->kind, (uint8_t *)b[k], (uint8_t *)c[k]) != 0) {
				fprintf(stderr, "%s: no keys\n", o->name);
				return 1;
			}
		}
		for (int s = -5; s < SAMPLES; s++)
			for (int k = 0; k < 2; k++) {
				uint64_t d = run(o, fn[k], a[k], b[k], c[k]) / (uint64_t)o->chain;
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
