/*
 * ecfield-bench. Three layers, each calling only the ones below it:
 *
 *   ecfield-bench.c   the driver: command line, which areas run, in which mode
 *   bench_<area>.c    the rows of one area (a field, the hash functions, a
 *                     curve, the peers), each with its entry point below
 *   bench_core.c      the core: clock, kernel tiers, filter, measuring a
 *                     group, row, header and JSON output
 *
 * A "group" is one operation of one field measured in several variants
 * (kernel tier x call style); the variants are sampled interleaved (A B C A B
 * C ...) so that their ratios are taken under the same machine noise. Each sample runs a dependent chain (ping-pong
 * between two buffers: the output of one call is the input of the next), so mul, sqr, redc and inv are latencies.
 * Reported: median ns/op and median rdtsc ticks/op over all samples, the minimum ticks, and each variant's median ratio
 * to the group's first variant.
 */
#ifndef ECF_BENCH_H
#define ECF_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

typedef void (*bench_body)(void *state, long iters);

typedef struct bench_variant {
	const char *kernel; /* "portable", "mulx_adx" */
	const char *call;   /* "public", "direct", "pointer" */
	uint32_t flags;     /* dispatch flag word to set while sampling */
	bench_body body;
	void *state;
} bench_variant;

/* ---- The core (bench_core.c), for the areas ---- */

/* Measure and print one group. Variants whose row does not match the filter
 * are skipped; a group with none left costs nothing. */
void bench_group(const char *field, const char *op, const bench_variant *v, size_t nv);
/* The same where one call of variant i's body makes ops[i] operations (a
 * batch call): its row is per operation. */
void bench_group_ops(const char *field, const char *op, const bench_variant *v, size_t nv, const long *ops);

/* One group: the public entry on every kernel tier this CPU runs, followed
 * by nextra more variants (direct calls, pointers, prototypes). */
void bench_public(const char *field, const char *op, bench_body body, void *state, const bench_variant *extra,
                  size_t nextra);

/* bench_public (no extra variants) with at most max_samples samples: for
 * operations that take milliseconds (SIDH/SIKE). */
void bench_public_capped(const char *field, const char *op, bench_body body, void *state, int max_samples);

/* The kernel tiers this CPU runs (portable first); returns the count. */
size_t bench_tiers(uint32_t flags[4], const char *names[4]);

/* le if this host is little-endian, else be: a value to XOR into a uint64_t
 * copied from bytes so that it lands on a given byte. */
static inline uint64_t bench_le64(uint64_t le, uint64_t be)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	(void)le;
	return be;
#else
	(void)be;
	return le;
#endif
}

/* Keep the optimiser from deleting a chain's result. */
void bench_sink(const void *p, size_t len);

/* Chain bodies shared by the field benchmarks: a ping-pong between members x
 * and y of a STATE, so that each output feeds the next call:
 * x = fn(y, z); y = fn(x, z); ... (BENCH_CHAIN1: x = fn(y); y = fn(x)). */
#define BENCH_CHAIN2(name, STATE, fn, x, y, z)                                                                         \
	static void name(void *p, long n)                                                                              \
	{                                                                                                              \
		STATE *s = p;                                                                                          \
		for (long i = 0; i < n; i += 2) {                                                                      \
			fn(&s->x, &s->y, &s->z);                                                                       \
			fn(&s->y, &s->x, &s->z);                                                                       \
		}                                                                                                      \
	}
/* A chain body of one or more statements (separated by ';') on `STATE *s`,
 * run n times; the statements make each output the next call's input. */
#define BENCH_LOOP(name, STATE, ...)                                                                                   \
	static void name(void *p, long n)                                                                              \
	{                                                                                                              \
		STATE *s = p;                                                                                          \
		for (long i = 0; i < n; i++) {                                                                         \
			__VA_ARGS__;                                                                                   \
		}                                                                                                      \
	}
#define BENCH_CHAIN1(name, STATE, fn, x, y)                                                                            \
	static void name(void *p, long n)                                                                              \
	{                                                                                                              \
		STATE *s = p;                                                                                          \
		for (long i = 0; i < n; i += 2) {                                                                      \
			fn(&s->x, &s->y);                                                                              \
			fn(&s->y, &s->x);                                                                              \
		}                                                                                                      \
	}

/* ---- The areas (bench_<area>.c), for the driver ---- */

/* Field-level peers (bench_peers.c): up to room more variants for a group
 * of field/op, appended by bench_group (the driver hands it to the core,
 * bench_options.peers); and a line saying which peer kernels are linked and
 * which path they run (NULL if none). */
typedef size_t bench_peer_fn(const char *field, const char *op, bench_variant *v, size_t room);
bench_peer_fn bench_peer_variants;
const char *bench_peer_info(void);

/* One entry per field, each in its own bench_<field>.c. */
void bench_p256(void);
void bench_p256n(void);
void bench_sidh(void);
void bench_p25519(void);
/* curve25519 (bench_curve25519.c). */
void bench_curve25519(void);
void bench_hash(void);
void bench_sc25519(void);
void bench_p256_group(void);
void bench_p256_jac(void);
/* SIDH/SIKE rows (bench_sike.c), in builds with libecfield-sidh (ECF_HAVE_SIDH). */
void bench_sike(void);

/* ---- The core, for the areas: rows measured outside bench_group ---- */

/* Rows measured outside bench_group (bench_p256_group.c's parallel rows). */
int bench_row_selected(const char *field, const char *op, const char *kernel, const char *call);
uint64_t bench_ticks(void);
double bench_now_ns(void);
void bench_print_row(const char *field, const char *op, const char *kernel, const char *call, double ns, double tk,
                     double vs_first, const char *first);
/* A "parallel" row of field/op, measured on the best tier (*kernel): 0 when
 * the filter skips it, else the thread count (the online cores, 1..64). */
static inline long bench_parallel_threads(const char *field, const char *op, const char **kernel)
{
	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	*kernel = names[nt - 1];
	if (!bench_row_selected(field, op, *kernel, "parallel"))
		return 0;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	return cores < 1 ? 1 : cores > 64 ? 64 : cores;
}

/* ---- The core, for the driver ---- */

/* What bench_group does with the rows that pass the filter: measure them,
 * list them (--list), or only count them (the check that --filter matches
 * something, before any time is spent). */
enum bench_mode { BENCH_RUN, BENCH_LIST, BENCH_COUNT };

typedef struct bench_options {
	const char *filter;    /* --filter: keep rows field/op/kernel/call containing it (NULL: all) */
	int json;              /* --json: one JSON object per row */
	int samples;           /* --samples: interleaved samples per row (<= 0: 201) */
	long count;            /* --count: run each row's chain this many times, untimed (0: measure) */
	bench_peer_fn *peers;  /* field-level peer variants of a group (NULL: none) */
	const char *peer_info; /* the header's "peers" line (NULL: none) */
} bench_options;

void bench_configure(const bench_options *o);
void bench_set_mode(enum bench_mode mode);
/* Rows the filter selected so far (in every mode). */
long bench_rows_selected(void);
/* The first lines: library version, kernel and why, SHA-256 kernel, clock
 * (text or JSON), and the peers line. */
void bench_print_header(void);
/* About 300 ms of field arithmetic before the first group (nothing with --count). */
void bench_warm_up(void);

#endif
