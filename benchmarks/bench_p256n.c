/* ecfield-bench rows for the P-256 scalar field. */
#include "ecfield/p256n.h"

#include "common/internal.h"

#define FIELD p256n
#define NL 4
#include "bench_mont_field.h"

static void bench_p256n_reduce64(void *p, long n)
{
	bench_p256n_state *s = p;
	uint8_t buf[64] = {0};
	for (long i = 0; i < n; i++) {
		buf[0] ^= (uint8_t)s->a.limb[0];
		(void)!ecf_p256n_from_bytes_reduce(&s->a, buf, 64);
	}
}

void bench_p256n(void)
{
	bench_mont_p256n();
	bench_p256n_one_op("from_bytes64", bench_p256n_reduce64);
}
