/*
 * ecfield-bench harness. A "group" is one operation of one field measured in
 * several variants (kernel tier x call style); the variants are sampled
 * interleaved (A B C A B C ...) so that their ratios are taken under the same
 * machine noise. Each sample runs a dependent chain (ping-pong between two
 * buffers: the output of one call is the input of the next), so mul, sqr,
 * redc and inv are latencies. Reported: median ns/op and median rdtsc
 * ticks/op over all samples, the minimum ticks, and each variant's median
 * ratio to the group's first variant.
 */
#ifndef ECF_BENCH_H
#define ECF_BENCH_H

#include <stddef.h>
#include <stdint.h>

typedef void (*bench_body)(void *state, long iters);

typedef struct bench_variant {
	const char *kernel; /* "portable", "mulx_adx" */
	const char *call;   /* "public", "direct", "pointer" */
	uint32_t flags;     /* dispatch flag word to set while sampling */
	bench_body body;
	void *state;
} bench_variant;

/* Measure and print one group. Variants whose row does not match the filter
 * are skipped; a group with none left costs nothing. */
void bench_group(const char *field, const char *op, const bench_variant *v, size_t nv);

/* The kernel tiers this CPU runs (portable first); returns the count. */
size_t bench_tiers(uint32_t flags[4], const char *names[4]);

/* Keep the optimiser from deleting a chain's result. */
void bench_sink(const void *p, size_t len);

/* One entry per field, each in its own bench_<field>.c. */
void bench_p256(void);
void bench_p256n(void);
void bench_sidh(void);
void bench_p25519(void);

#endif
