/* What every constant-time program (run under valgrind's memcheck by
 * run_ct.sh) needs: marking secrets, a seeded generator for their values, and
 * a sink that keeps every result alive without branching on it. */
#ifndef ECF_CT_COMMON_H
#define ECF_CT_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include <valgrind/memcheck.h>

#define CT_SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define CT_PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

typedef struct ct_rng {
	uint64_t x;
} ct_rng;

static inline uint64_t ct_next(ct_rng *rng) /* splitmix64 */
{
	uint64_t z = (rng->x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Results go here so that no call can be optimised away; the sink is never
 * branched on. */
static volatile uint64_t ct_sink;

static inline void ct_sink_int(int v) { ct_sink ^= (uint64_t)(unsigned)v; }

static inline void ct_sink_bytes(const void *p, size_t n)
{
	const unsigned char *c = p;
	uint64_t acc = 0;
	for (size_t i = 0; i < n; i++)
		acc = (acc << 1 | acc >> 63) ^ c[i];
	ct_sink ^= acc;
}

#endif
