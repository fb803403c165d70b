/*
 * The benchmark core: the clock, the kernel tiers, the row filter, measuring a
 * group of variants (interleaved samples, medians, ratios), the row, header
 * and JSON output. The per-area files (bench_<area>.c) call it through
 * bench.h; the driver (ecfield-bench.c) configures it and calls the areas.
 * It calls neither: field-level peers come in through bench_options.
 */
#define _GNU_SOURCE 1
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dispatch/cpu.h"
#include "ecfield/ecfield.h"
#include "hash/sha2.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static inline uint64_t ticks(void) { return __rdtsc(); }
#define TICKS_NAME "rdtsc"
#elif defined(__aarch64__)
static inline uint64_t ticks(void)
{
	uint64_t v;
	__asm__ volatile("isb; mrs %0, cntvct_el0" : "=r"(v));
	return v;
}
#define TICKS_NAME "cntvct"
#else
static inline uint64_t ticks(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#define TICKS_NAME "ns"
#endif

#define MAX_VARIANTS 8

/* The driver's settings (bench_configure) and what bench_group does with the
 * rows that pass the filter (bench_set_mode). */
static const char *opt_filter;
static int opt_json;
static int opt_samples = 201;
static long opt_count; /* --count N: run each row's chain N times, untimed (for callgrind) */
static bench_peer_fn *opt_peers;
static const char *opt_peer_info;
static enum bench_mode bench_mode = BENCH_RUN;
static long rows_selected;

void bench_configure(const bench_options *o)
{
	opt_filter = o->filter;
	opt_json = o->json;
	opt_samples = o->samples > 0 ? o->samples : 201;
	opt_count = o->count;
	opt_peers = o->peers;
	opt_peer_info = o->peer_info;
}

void bench_set_mode(enum bench_mode mode) { bench_mode = mode; }

long bench_rows_selected(void) { return rows_selected; }

static double now_ns(clockid_t c)
{
	struct timespec ts;
	clock_gettime(c, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static volatile uint8_t bench_sink_byte;

void bench_sink(const void *p, size_t len)
{
	const uint8_t *b = p;
	for (size_t i = 0; i < len; i++)
		bench_sink_byte ^= b[i];
}

size_t bench_tiers(uint32_t flags[4], const char *names[4])
{
	size_t k = 0;
	flags[k] = 0;
	names[k++] = "portable";
	if (ecfi_cpu_supported_kernels() & ECFI_KERNEL_MULX_ADX) {
		/* with the CPU's other kernels (SHA-NI, AVX2): the library as it runs here */
		flags[k] =
		    ECFI_KERNEL_MULX_ADX | (ecfi_cpu_supported_kernels() & (ECFI_KERNEL_SHA_NI | ECFI_KERNEL_AVX2));
		names[k++] = "mulx_adx";
	}
	return k;
}

void bench_public(const char *field, const char *op, bench_body body, void *state, const bench_variant *extra,
                  size_t nextra)
{
	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	bench_variant v[MAX_VARIANTS];
	size_t nv = 0;
	for (size_t k = 0; k < nt; k++)
		v[nv++] = (bench_variant){names[k], "public", flags[k], body, state};
	for (size_t k = 0; k < nextra && nv < MAX_VARIANTS; k++)
		v[nv++] = extra[k];
	bench_group(field, op, v, nv);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
	qsort(v, n, sizeof *v, cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int matches(const char *field, const char *op, const bench_variant *v)
{
	if (!opt_filter)
		return 1;
	char row[256];
	snprintf(row, sizeof row, "%s/%s/%s/%s", field, op, v->kernel, v->call);
	return strstr(row, opt_filter) != NULL;
}

void bench_group(const char *field, const char *op, const bench_variant *all, size_t nall)
{
	bench_group_ops(field, op, all, nall, NULL);
}

void bench_group_ops(const char *field, const char *op, const bench_variant *all, size_t nall, const long *all_ops)
{
	bench_variant v[MAX_VARIANTS], peers[MAX_VARIANTS];
	long ops[MAX_VARIANTS];
	size_t nv = 0;
	for (size_t i = 0; i < nall && nv < MAX_VARIANTS; i++)
		if (matches(field, op, &all[i])) {
			ops[nv] = all_ops != NULL && all_ops[i] > 1 ? all_ops[i] : 1;
			v[nv++] = all[i];
		}
	/* field-level peers of this group (bench_options.peers), in the same rounds */
	size_t np = opt_peers ? opt_peers(field, op, peers, MAX_VARIANTS) : 0;
	for (size_t i = 0; i < np && nv < MAX_VARIANTS; i++)
		if (matches(field, op, &peers[i])) {
			ops[nv] = 1;
			v[nv++] = peers[i];
		}
	if (nv == 0)
		return;
	rows_selected += (long)nv;
	if (bench_mode == BENCH_COUNT)
		return;
	if (bench_mode == BENCH_LIST) {
		for (size_t i = 0; i < nv; i++)
			printf("%s/%s/%s/%s\n", field, op, v[i].kernel, v[i].call);
		return;
	}
	uint32_t saved = ecfi_cpu_set_kernels(ecfi_cpu_supported_kernels());
	if (opt_count > 0) { /* repeatable work for instruction counting, no timing */
		for (size_t i = 0; i < nv; i++) {
			ecfi_cpu_set_kernels(v[i].flags);
			v[i].body(v[i].state, opt_count);
			printf("%-7s %-12s %-9s %-8s ran %ld calls\n", field, op, v[i].kernel, v[i].call, opt_count);
		}
		ecfi_cpu_set_kernels(saved);
		return;
	}

	/* Calibrate: enough calls per sample for about 40 microseconds. */
	long iters[MAX_VARIANTS];
	for (size_t i = 0; i < nv; i++) {
		ecfi_cpu_set_kernels(v[i].flags);
		iters[i] = 1;
		for (;;) {
			double t0 = now_ns(CLOCK_MONOTONIC);
			v[i].body(v[i].state, iters[i]);
			double dt = now_ns(CLOCK_MONOTONIC) - t0;
			if (dt > 40000 || iters[i] > (1L << 24))
				break;
			iters[i] *= 2;
		}
	}
	size_t ns = (size_t)opt_samples;
	double *tk = calloc(ns * nv, sizeof *tk), *nsv = calloc(ns * nv, sizeof *nsv);
	double *ratio = calloc(ns * nv, sizeof *ratio);
	size_t *kept = calloc(nv, sizeof *kept);
	if (!tk || !nsv || !ratio || !kept) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	/* 10 warm-up rounds, then rounds until ns are kept: a round in which the
	 * thread was descheduled is dropped and made up for (a loaded machine must
	 * not shrink the sample), at most 20 * ns + 100 rounds in all; only a
	 * machine that preempts nearly every round ends with fewer, and the row
	 * says how many it kept ("samples") and dropped ("dropped", JSON). */
	size_t dropped = 0, max_rounds = 10 + 20 * ns + 100;
	for (size_t s = 0; kept[0] < ns && s < max_rounds; s++) {
		double cur[MAX_VARIANTS];
		int ok = 1;
		for (size_t i = 0; i < nv; i++) {
			ecfi_cpu_set_kernels(v[i].flags);
			double c0 = now_ns(CLOCK_THREAD_CPUTIME_ID), w0 = now_ns(CLOCK_MONOTONIC);
			uint64_t t0 = ticks();
			v[i].body(v[i].state, iters[i]);
			uint64_t t1 = ticks();
			double w1 = now_ns(CLOCK_MONOTONIC), c1 = now_ns(CLOCK_THREAD_CPUTIME_ID);
			/* Drop a round in which the thread was descheduled. */
			if (c1 - c0 < 0.9 * (w1 - w0))
				ok = 0;
			const double per = (double)iters[i] * (double)ops[i];
			cur[i] = (double)(t1 - t0) / per;
			if (s >= 10) {
				tk[i * ns + kept[i]] = cur[i];
				nsv[i * ns + kept[i]] = (w1 - w0) / per;
			}
		}
		if (s < 10)
			continue;
		if (!ok) {
			dropped++;
			continue;
		}
		for (size_t i = 0; i < nv; i++) {
			ratio[i * ns + kept[i]] = cur[i] / cur[0];
			kept[i]++;
		}
	}
	for (size_t i = 0; i < nv; i++) {
		size_t k = kept[i] ? kept[i] : 1;
		double mt = median(tk + i * ns, k), mn = median(nsv + i * ns, k);
		double mint = tk[i * ns]; /* sorted by median() */
		double mr = median(ratio + i * ns, k);
		if (opt_json)
			printf("{\"field\":\"%s\",\"op\":\"%s\",\"kernel\":\"%s\",\"call\":\"%s\",\"ns\":%.2f,"
			       "\"ticks\":%.1f,\"min_ticks\":%.1f,\"vs_first\":%.3f,\"first\":\"%s/"
			       "%s\",\"samples\":%zu,\"dropped\":%zu}\n",
			       field, op, v[i].kernel, v[i].call, mn, mt, mint, mr, v[0].kernel, v[0].call, kept[i],
			       dropped);
		else
			printf("%-7s %-12s %-9s %-8s %10.2f %10.1f %10.1f %8.3f\n", field, op, v[i].kernel, v[i].call,
			       mn, mt, mint, mr);
	}
	fflush(stdout);
	free(tk);
	free(nsv);
	free(ratio);
	free(kept);
	ecfi_cpu_set_kernels(saved);
}

void bench_public_capped(const char *field, const char *op, bench_body body, void *state, int max_samples)
{
	int saved = opt_samples;
	if (opt_samples > max_samples)
		opt_samples = max_samples;
	bench_public(field, op, body, state, NULL, 0);
	opt_samples = saved;
}

/* For rows measured outside bench_group (the parallel throughput rows of the
 * P-256 group): the filter, the clock and the row format of this program. */
int bench_row_selected(const char *field, const char *op, const char *kernel, const char *call)
{
	bench_variant v = {kernel, call, 0, NULL, NULL};
	if (!matches(field, op, &v))
		return 0;
	rows_selected++;
	if (bench_mode == BENCH_LIST)
		printf("%s/%s/%s/%s\n", field, op, kernel, call);
	return bench_mode == BENCH_RUN && opt_count == 0;
}

uint64_t bench_ticks(void) { return ticks(); }

double bench_now_ns(void) { return now_ns(CLOCK_MONOTONIC); }

void bench_print_row(const char *field, const char *op, const char *kernel, const char *call, double ns, double tk,
                     double vs_first, const char *first)
{
	if (opt_json)
		printf("{\"field\":\"%s\",\"op\":\"%s\",\"kernel\":\"%s\",\"call\":\"%s\",\"ns\":%.2f,"
		       "\"ticks\":%.1f,\"min_ticks\":%.1f,\"vs_first\":%.3f,\"first\":\"%s\",\"samples\":1}\n",
		       field, op, kernel, call, ns, tk, tk, vs_first, first);
	else
		printf("%-7s %-12s %-9s %-8s %10.2f %10.1f %10.1f %8.3f\n", field, op, kernel, call, ns, tk, tk,
		       vs_first);
	fflush(stdout);
}

/* The first repetitions of a process run slower (clock ramp, cold caches and
 * predictors, measured on the development hosts): spin on field arithmetic for about
 * 300 ms before the first group, so that it is not penalised. */
void bench_warm_up(void)
{
	if (opt_count > 0)
		return;
	ecf_p256_fe a, b;
	ecf_p256_one(&a);
	ecf_p256_add(&b, &a, &a);
	double end = now_ns(CLOCK_MONOTONIC) + 3e8;
	while (now_ns(CLOCK_MONOTONIC) < end)
		for (int i = 0; i < 1000; i++)
			ecf_p256_mul(&a, &a, &b);
	bench_sink(&a, sizeof a);
}

void bench_print_header(void)
{
	if (opt_json)
		printf("{\"probe\":\"libecfield\",\"version\":\"%s\",\"kernel\":\"%s\",\"reason\":\"%s\",\"ticks\":\"%"
		       "s\",\"sha256_kernel\":\"%s\"}\n",
		       ecf_version(), ecf_kernel_name(), ecf_kernel_reason(), TICKS_NAME,
		       ecfi_sha256_kernel_name_of(ecfi_cpu_flags));
	else
		printf("# libecfield %s: kernel %s (%s); sha256 kernel %s; ticks are %s; medians of %d interleaved "
		       "samples, latency chains\n"
		       "%-7s %-12s %-9s %-8s %10s %10s %10s %8s\n",
		       ecf_version(), ecf_kernel_name(), ecf_kernel_reason(),
		       ecfi_sha256_kernel_name_of(ecfi_cpu_flags), TICKS_NAME, opt_samples, "field", "op", "kernel",
		       "call", "ns", "ticks", "min", "vs_first");
	if (opt_peer_info) {
		if (opt_json)
			printf("{\"probe\":\"peers\",\"info\":\"%s\"}\n", opt_peer_info);
		else
			printf("# peers: %s\n", opt_peer_info);
	}
}
