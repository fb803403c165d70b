/* ecfield-bench rows for GF(p256): the generic Montgomery-field rows plus the
 * square root and the table lookup. */
#include "ecfield/p256.h"

#include "common/internal.h"

#define FIELD p256
#define NL 4
#include "bench_mont_field.h"

/* Chain: the root (and the status) is added into the next input's low limb,
 * so the inputs vary, squares and non-squares alike (sqrt is constant time
 * either way); an input stays canonical unless its upper limbs are p's. */
static void bench_p256_sqrt(void *p, long n)
{
	bench_p256_state *s = p;
	for (long i = 0; i < n; i++) {
		int status = ecf_p256_sqrt(&s->a, &s->b);
		s->b.limb[0] += (s->a.limb[0] ^ (uint64_t)status) | 1;
	}
}

static void bench_p256_select(void *p, long n)
{
	bench_p256_state *s = p;
	for (long i = 0; i < n; i++)
		(void)!ecf_p256_lookup(&s->a, s->table, 16, (size_t)(s->a.limb[0] & 15));
}

void bench_p256(void)
{
	bench_mont_p256();
	bench_p256_one_op("sqrt", bench_p256_sqrt);
	bench_p256_one_op("select16", bench_p256_select);
}
