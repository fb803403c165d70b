/* ecfield-bench rows for GF(p256): the generic Montgomery-field rows plus the
 * square root and the table lookup. */
#include "ecfield/p256.h"

#include "common/internal.h"

#define FIELD p256
#define NL 4
#include "bench_mont_field.h"

static void bench_p256_sqrt(void *p, long n)
{
	bench_p256_state *s = p;
	for (long i = 0; i < n; i++)
		s->a.limb[0] ^= (uint64_t)ecf_p256_sqrt(&s->a, &s->b) & 0;
}

static void bench_p256_select(void *p, long n)
{
	bench_p256_state *s = p;
	for (long i = 0; i < n; i++)
		(void)ecf_p256_lookup(&s->a, s->table, 16, (size_t)(s->a.limb[0] & 15));
}

void bench_p256(void)
{
	bench_mont_p256();
	bench_p256_one_op("sqrt", bench_p256_sqrt);
	bench_p256_one_op("select16", bench_p256_select);
}
