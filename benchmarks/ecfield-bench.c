/*
 * ecfield-bench, the driver: parses the command line, configures the
 * benchmark core (bench_core.c: timing, rows, JSON, tiers) and runs the
 * per-area benchmarks (bench_<area>.c), first counting the rows the filter
 * selects, then listing or measuring them.
 */
#include "bench.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLES_MAX 100000
#define COUNT_MAX 2000000000L /* fits a 32-bit long */

static void usage(FILE *f)
{
	fprintf(f,
	        "usage: ecfield-bench [--json] [--filter SUBSTRING] [--samples N] [--count N] [--list] [-h|--help]\n"
	        "  Rows are field/op/kernel/call; --filter keeps rows containing SUBSTRING,\n"
	        "  e.g. --filter p256/mul/ or --filter /mulx_adx/ (--list prints every row).\n"
	        "  --samples N: interleaved samples per row, 1 to %d (default 201); the median is reported.\n"
	        "  Pin it for stable figures: taskset -c 1 ecfield-bench\n"
	        "  --count N runs each selected row N times without timing, for instruction counts:\n"
	        "  valgrind --tool=callgrind ecfield-bench --count 10000 --filter p256/mul/\n"
	        "  Options also take the form --name=VALUE. Exit status: 0, or 2 on a usage error.\n",
	        SAMPLES_MAX);
}

static int usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "ecfield-bench: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n");
	usage(stderr);
	return 2;
}

/* A whole decimal integer in [lo, hi], nothing else (no sign games, no
 * trailing text, no overflow). */
static int parse_long(const char *s, long lo, long hi, long *out)
{
	if (*s < '0' || *s > '9')
		return 0;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (errno || *end || v < lo || v > hi)
		return 0;
	*out = v;
	return 1;
}

static void run_all(void)
{
	bench_p256();
	bench_p256n();
	bench_sidh();
	bench_p25519();
	bench_hash();
	bench_sc25519();
	bench_p256_group();
	bench_p256_jac();
	bench_curve25519();
#ifdef ECF_HAVE_SIDH
	bench_sike();
#endif
}

int main(int argc, char **argv)
{
	int list = 0;
	bench_options opt = {.samples = 201, .peers = bench_peer_variants, .peer_info = bench_peer_info()};
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i], *val = NULL;
		char name[32];
		/* --name=VALUE or --name VALUE */
		const char *eq = strncmp(arg, "--", 2) == 0 ? strchr(arg, '=') : NULL;
		if (eq && (size_t)(eq - arg) < sizeof name) {
			memcpy(name, arg, (size_t)(eq - arg));
			name[eq - arg] = '\0';
			arg = name;
			val = eq + 1;
		}
		int takes_value =
		    strcmp(arg, "--filter") == 0 || strcmp(arg, "--samples") == 0 || strcmp(arg, "--count") == 0;
		if (!takes_value && val)
			return usage_error("option '%s' takes no value", arg);
		if (takes_value && !val) {
			if (i + 1 >= argc)
				return usage_error("option '%s' needs a value", arg);
			val = argv[++i];
		}
		long n;
		if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(arg, "--json") == 0) {
			opt.json = 1;
		} else if (strcmp(arg, "--list") == 0) {
			list = 1;
		} else if (strcmp(arg, "--filter") == 0) {
			if (!*val)
				return usage_error("--filter needs a non-empty SUBSTRING%s", "");
			opt.filter = val;
		} else if (strcmp(arg, "--samples") == 0) {
			if (!parse_long(val, 1, SAMPLES_MAX, &n))
				return usage_error("--samples needs a whole number from 1 to 100000, not '%s'", val);
			opt.samples = (int)n;
		} else if (strcmp(arg, "--count") == 0) {
			if (!parse_long(val, 1, COUNT_MAX, &n))
				return usage_error("--count needs a whole number from 1 to 2000000000, not '%s'", val);
			opt.count = n;
		} else {
			return usage_error("unknown option '%s'", argv[i]);
		}
	}

	bench_configure(&opt);

	/* A filter that selects nothing is a mistake (a typo, an old row name):
	 * say so before spending any time. */
	bench_set_mode(BENCH_COUNT);
	run_all();
	if (bench_rows_selected() == 0) {
		fprintf(stderr,
		        "ecfield-bench: --filter '%s' matches no row (rows are field/op/kernel/call, e.g. "
		        "p256/mul/portable/public; --list prints them all)\n",
		        opt.filter ? opt.filter : "");
		return 2;
	}
	if (list) {
		bench_set_mode(BENCH_LIST);
		run_all();
		return 0;
	}
	bench_set_mode(BENCH_RUN);
	bench_print_header();
	bench_warm_up();
	run_all();
	return 0;
}
