/*
 * checkasm-style: every optimised kernel against the portable kernel of the
 * same operation, bit for bit, on the same random and edge inputs, called
 * directly (whatever the dispatch flag says). Kernels this CPU cannot run are
 * reported and skipped by name, never silently.
 */
#include <string.h>

#include "common/moduli.h"
#include "common/testutil.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

/* Set when the kernels' case skipped: main then exits 77, which meson reports
 * as SKIP instead of OK. */
static int all_skipped;

typedef void (*mul_fn)(uint64_t *, const uint64_t *, const uint64_t *);
typedef void (*sqr_fn)(uint64_t *, const uint64_t *);

typedef struct kernel_pair {
	const char *name;    /* e.g. "p256_mul_mulx_adx" */
	uint32_t tier;       /* ECFI_KERNEL_* bit the fast kernel needs */
	size_t n;            /* limbs of an element */
	const char *mod_hex; /* modulus, to build inputs inside the contract */
	/* MUL, SQR, REDC: Montgomery kernels (inputs below m; redc t < m*R).
	 * MP_MUL: c[2n] = a*b for any a, b < 2^(64n). REDC_LAZY: z[n] = t/R in
	 * [0, 2m) for t < m*R, with edge inputs that are products of values in
	 * [0, 2m) (the isogeny fields' lazy reduction). MUL_LAZY: like MUL with
	 * inputs in [0, 4m) (the isogeny fields' fused mul), SQR_LAZY likewise. */
	enum { MUL, SQR, REDC, MP_MUL, REDC_LAZY, MUL_LAZY, SQR_LAZY } kind;
	void (*fast)(void);
	void (*ref)(void);
} kernel_pair;

#define PAIR(field, op, KIND, tier_name, tier_bit, n, hex)                                                             \
	{                                                                                                              \
#field "_" #op "_" #tier_name, tier_bit, n, hex, KIND,                                                 \
		    (void (*)(void))ecfk_##field##_##op##_##tier_name, (void (*)(void))ecfk_##field##_##op##_portable  \
	}
#define MONT_PAIRS(field, tier_name, tier_bit, n, hex)                                                                 \
	PAIR(field, mul, MUL, tier_name, tier_bit, n, hex), PAIR(field, sqr, SQR, tier_name, tier_bit, n, hex),        \
	    PAIR(field, redc, REDC, tier_name, tier_bit, n, hex)

#define SIDH_PAIRS(field, tier_name, tier_bit, n, hex)                                                                 \
	PAIR(field, mp_mul, MP_MUL, tier_name, tier_bit, n, hex),                                                      \
	    PAIR(field, redc, REDC_LAZY, tier_name, tier_bit, n, hex)

/* Every field kernel of a tier (tier: its name, bit: its ECFI_KERNEL_* bit). */
#define TIER_PAIRS(tier, bit)                                                                                          \
	MONT_PAIRS(p256, tier, bit, 4, P256_HEX), MONT_PAIRS(p256n, tier, bit, 4, P256N_HEX),                          \
	    SIDH_PAIRS(p434, tier, bit, 7, P434_HEX), SIDH_PAIRS(p503, tier, bit, 8, P503_HEX),                        \
	    SIDH_PAIRS(p610, tier, bit, 10, P610_HEX), SIDH_PAIRS(p751, tier, bit, 12, P751_HEX),                      \
	    PAIR(p434, mul, MUL_LAZY, tier, bit, 7, P434_HEX), PAIR(p503, mul, MUL_LAZY, tier, bit, 8, P503_HEX),      \
	    PAIR(p610, mul, MUL_LAZY, tier, bit, 10, P610_HEX), PAIR(p751, mul, MUL_LAZY, tier, bit, 12, P751_HEX),    \
	    PAIR(p434, sqr, SQR_LAZY, tier, bit, 7, P434_HEX), PAIR(p503, sqr, SQR_LAZY, tier, bit, 8, P503_HEX),      \
	    PAIR(p610, sqr, SQR_LAZY, tier, bit, 10, P610_HEX), PAIR(p751, sqr, SQR_LAZY, tier, bit, 12, P751_HEX),    \
	    PAIR(p25519, mul, MUL, tier, bit, 4, P25519_RANGE_HEX),                                                    \
	    PAIR(p25519, sqr, SQR, tier, bit, 4, P25519_RANGE_HEX)

static const kernel_pair PAIRS[] = {
#if ECFI_X86_64_KERNELS
    TIER_PAIRS(mulx_adx, ECFI_KERNEL_MULX_ADX),
#endif
#if ECFI_AARCH64_KERNELS
    TIER_PAIRS(aarch64, ECFI_KERNEL_AARCH64),
#endif
    {NULL, 0, 0, NULL, MUL, NULL, NULL}, /* end; also keeps the array non-empty */
};

#define CASES 200000

static void check_pair(const kernel_pair *k)
{
	mpz_t m, lim, z;
	mpz_inits(m, lim, z, NULL);
	test_mpz_set_hex(m, k->mod_hex);
	mpz_set_ui(lim, 0);
	mpz_setbit(lim, 64 * k->n);
	mpz_mul(lim, lim, m); /* redc accepts t < m*R */
	if (k->kind == MUL_LAZY || k->kind == SQR_LAZY)
		mpz_mul_2exp(m, m, 2); /* inputs in [0, 4m): the fused mul takes a, b < 4p */
	uint64_t edge[32][16];
	size_t nedge;
	if (k->kind == MP_MUL) { /* any value below R: all-ones limbs, R - 1, ..., and m, 2m, 4m - 1 */
		mpz_set_ui(z, 0);
		mpz_setbit(z, 64 * k->n);
		nedge = test_edge_values(edge, 29, z, k->n);
		mpz_set(z, m);
		test_mpz_to_limbs(edge[nedge++], k->n, z);
		mpz_mul_2exp(z, m, 1);
		test_mpz_to_limbs(edge[nedge++], k->n, z);
		mpz_mul_2exp(z, m, 2);
		mpz_sub_ui(z, z, 1);
		test_mpz_to_limbs(edge[nedge++], k->n, z);
	} else if (k->kind == REDC_LAZY) { /* inputs of the lazy field: [0, 2m) */
		mpz_mul_2exp(z, m, 1);
		nedge = test_edge_values(edge, 32, z, k->n);
	} else {
		nedge = test_edge_values(edge, 32, m, k->n);
	}
	test_rng rng;
	test_rng_init(&rng, (uint64_t)(k - PAIRS) + 0xc4ec);
	long cases = (long)(nedge * nedge) + test_iterations(CASES);
	for (long i = 0; i < cases; i++) {
		uint64_t x[32], y[32], t[32], a[32], b[32], xy[16], t0[32];
		if (i < (long)(nedge * nedge)) {
			memcpy(x, edge[i / nedge], sizeof edge[0]);
			memcpy(y, edge[i % nedge], sizeof edge[0]);
		} else if (k->kind == MP_MUL) {
			test_rand_limbs(&rng, x, k->n, (int)(i & 1));
			test_rand_limbs(&rng, y, k->n, (int)(i & 2));
		} else {
			test_rand_below(&rng, x, m, k->n, (int)(i & 1));
			test_rand_below(&rng, y, m, k->n, (int)(i & 2));
		}
		switch (k->kind) {
		case MUL:
		case MUL_LAZY:
			((mul_fn)k->fast)(a, x, y);
			((mul_fn)k->ref)(b, x, y);
			/* aliasing: z = x */
			memcpy(xy, x, sizeof xy);
			((mul_fn)k->fast)(xy, xy, y);
			test_expect_limbs(xy, b, k->n, "%s aliased, case %ld", k->name, i);
			break;
		case SQR:
		case SQR_LAZY:
			((sqr_fn)k->fast)(a, x);
			((sqr_fn)k->ref)(b, x);
			memcpy(xy, x, sizeof xy);
			((sqr_fn)k->fast)(xy, xy);
			test_expect_limbs(xy, b, k->n, "%s aliased, case %ld", k->name, i);
			break;
		case MP_MUL:
			((mul_fn)k->fast)(a, x, y);
			((mul_fn)k->ref)(b, x, y);
			test_expect_limbs(a, b, 2 * k->n, "%s vs portable, case %ld", k->name, i);
			break;
		case REDC:
		case REDC_LAZY:
			if (i == 0) {
				mpz_sub_ui(z, lim, 1); /* the largest accepted input */
				test_mpz_to_limbs(t, 2 * k->n, z);
			} else if (i < (long)(nedge * nedge)) {
				/* products of edge values */
				test_limbs_to_mpz(z, x, k->n);
				mpz_t w;
				mpz_init(w);
				test_limbs_to_mpz(w, y, k->n);
				mpz_mul(z, z, w);
				mpz_clear(w);
				test_mpz_to_limbs(t, 2 * k->n, z);
			} else {
				test_rand_limbs(&rng, t, 2 * k->n, (int)(i & 1));
				test_limbs_to_mpz(z, t, 2 * k->n);
				mpz_mod(z, z, lim);
				test_mpz_to_limbs(t, 2 * k->n, z);
			}
			memcpy(t0, t, sizeof t0);
			((sqr_fn)k->fast)(a, t);
			((sqr_fn)k->ref)(b, t);
			if (k->kind == REDC_LAZY) /* documented: t is not modified */
				test_expect_limbs(t, t0, 2 * k->n, "%s modified its input, case %ld", k->name, i);
			break;
		}
		test_expect_limbs(a, b, k->n, "%s vs portable, case %ld", k->name, i);
	}
	mpz_clears(m, lim, z, NULL);
}

/* redc on t = k*m + d (k = 1, 2, 3, 2^64, R/2, R - 1; d = -1, 0, 1, m - 1),
 * fast against portable; the Montgomery redc must also give a result below m
 * (k*m must reduce to 0, not m). */
static void check_redc_multiples(const kernel_pair *k)
{
	mpz_t m, lim, z, kk;
	mpz_inits(m, lim, z, kk, NULL);
	test_mpz_set_hex(m, k->mod_hex);
	mpz_set_ui(lim, 0);
	mpz_setbit(lim, 64 * k->n);
	mpz_mul(lim, lim, m);
	for (int j = 0; j < 6; j++) {
		mpz_set_ui(kk, 0);
		if (j < 3)
			mpz_set_ui(kk, (unsigned long)j + 1);
		else if (j == 3)
			mpz_setbit(kk, 64);
		else {
			mpz_setbit(kk, 64 * k->n - (j == 4 ? 1 : 0));
			if (j == 5)
				mpz_sub_ui(kk, kk, 1);
		}
		for (int d = -1; d <= 2; d++) {
			uint64_t t[32], a[16], b[16];
			mpz_mul(z, kk, m);
			if (d == 2) {
				mpz_add(z, z, m);
				mpz_sub_ui(z, z, 1);
			} else if (d < 0)
				mpz_sub_ui(z, z, 1);
			else
				mpz_add_ui(z, z, (unsigned long)d);
			if (mpz_cmp(z, lim) >= 0)
				continue;
			test_mpz_to_limbs(t, 2 * k->n, z);
			((sqr_fn)k->fast)(a, t);
			((sqr_fn)k->ref)(b, t);
			test_expect_limbs(a, b, k->n, "%s on k*m%+d, k case %d", k->name, d, j);
			if (k->kind == REDC) {
				test_limbs_to_mpz(z, a, k->n);
				test_expect(mpz_cmp(z, m) < 0, "%s on k*m%+d, k case %d: result not below m", k->name,
				            d, j);
				if (d == 0)
					test_expect(mpz_sgn(z) == 0, "%s(k*m) is not 0, k case %d", k->name, j);
			}
		}
	}
	mpz_clears(m, lim, z, kk, NULL);
}

static void test_all_kernels(void **s)
{
	(void)s;
	uint32_t supported = ecfi_cpu_supported_kernels();
	size_t ran = 0, npairs = sizeof PAIRS / sizeof PAIRS[0] - 1;
	for (size_t i = 0; i < npairs; i++) {
		if ((PAIRS[i].tier & supported) != PAIRS[i].tier) {
			fprintf(stderr, "# SKIP %s: this CPU lacks its instructions\n", PAIRS[i].name);
			continue;
		}
		check_pair(&PAIRS[i]);
		if (PAIRS[i].kind == REDC || PAIRS[i].kind == REDC_LAZY)
			check_redc_multiples(&PAIRS[i]);
		fprintf(stderr, "# ok %s matches the portable kernel\n", PAIRS[i].name);
		ran++;
	}
	fprintf(stderr, "# %zu of %zu kernel pairs checked\n", ran, npairs);
	/* No pass for testing nothing: skipped (visible in meson's summary) when
	 * no pair ran; every pair when CPUID says the host has BMI2 and ADX. */
	if (ECFI_X86_64_KERNELS && test_host_has_mulx_adx())
		test_expect(ran == npairs, "BMI2+ADX host: only %zu of %zu kernel pairs compared", ran, npairs);
	if (ECFI_AARCH64_KERNELS && test_host_has_asimd())
		test_expect(ran == npairs, "aarch64 host with ASIMD: only %zu of %zu kernel pairs compared", ran,
		            npairs);
	if (ran == 0) {
		fprintf(stderr, "# SKIP: no optimised kernel to compare on this CPU or build\n");
		all_skipped = 1;
		skip();
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_all_kernels)};
	int rc = cmocka_run_group_tests_name("kernels", tests, NULL, NULL);
	return rc == 0 && all_skipped ? 77 : rc;
}
