/* ecfield-bench rows for the edwards25519 scalar field (mod l). It has only
 * the portable kernels (lib/dispatch/tiers.h), so every tier runs the same
 * code. */
#include "ecfield/sc25519.h"

#include "common/internal.h"

#define FIELD sc25519
#define NL 4
#include "bench_mont_field.h"

/* muladd: a = a*b + c (plain), a dependent chain. */
static void bench_sc25519_muladd(void *p, long n)
{
	bench_sc25519_state *s = p;
	for (long i = 0; i < n; i += 2) {
		ecf_sc25519_muladd(&s->a, &s->b, &s->c, &s->a);
		ecf_sc25519_muladd(&s->b, &s->a, &s->c, &s->b);
	}
}

/* from_bytes_reduce of 64 bytes (a SHA-512 output). */
static void bench_sc25519_wide64(void *p, long n)
{
	bench_sc25519_state *s = p;
	uint8_t buf[64];
	memset(buf, 0xa7, sizeof buf);
	for (long i = 0; i < n; i++) {
		buf[0] ^= (uint8_t)s->a.limb[0];
		buf[1] ^= (uint8_t)ecf_sc25519_from_bytes_reduce(&s->a, buf, 64); /* ECF_OK: 0 */
	}
}

void bench_sc25519(void)
{
	bench_mont_sc25519();
	bench_sc25519_one_op("muladd", bench_sc25519_muladd);
	bench_sc25519_one_op("from_wide64", bench_sc25519_wide64);
}
