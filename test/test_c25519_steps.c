/*
 * The fused curve25519 routines, kernel by kernel: the MULX/ADX X25519 ladder
 * step (ecfk_x25519_ladder_step_mulx_adx, one assembly routine per step) and
 * its n-step loop (ecfk_x25519_ladder_mulx_adx) against the portable C step
 * (ecfi_x25519_ladder_step_portable), the
 * MULX/ADX edwards25519 comb addition (ecfk_ed25519_madd_mulx_adx) and
 * doubling step (ecfk_ed25519_dbl_mulx_adx) against the C code
 * (ecfi_edwards25519_madd_p3_portable, _dbl_p1p1_portable), bit for bit, called
 * directly on random and extreme limb values (the whole lazy range: any
 * 256-bit inputs) and both swap values; and the portable code against GMP
 * models of the formulas mod p. Chains check that the outputs of one call
 * are valid inputs of the next. On a CPU without
 * BMI2/ADX the kernel comparison is reported skipped (cmocka SKIP; the GMP
 * check still runs).
 */
#include <string.h>

#include "common/moduli.h"
#include "common/testutil.h"
#include "curves/curve25519/edwards25519_internal.h"
#include "curves/curve25519/x25519_internal.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

#define NFE ECFI_X25519_LADDER_FE

/* The model: the outputs of one step (x2, z2, x3, z3) mod p, from the inputs. */
static void model_step(mpz_t out[4], const fe v[NFE], uint64_t swap, const mpz_t p)
{
	mpz_t x2, z2, x3, z3, x1, a, b, c, d, aa, bb, e, t;
	mpz_inits(x2, z2, x3, z3, x1, a, b, c, d, aa, bb, e, t, NULL);
	test_limbs_to_mpz(swap ? x3 : x2, v[0].limb, 4);
	test_limbs_to_mpz(swap ? z3 : z2, v[1].limb, 4);
	test_limbs_to_mpz(swap ? x2 : x3, v[2].limb, 4);
	test_limbs_to_mpz(swap ? z2 : z3, v[3].limb, 4);
	test_limbs_to_mpz(x1, v[4].limb, 4);
	mpz_add(a, x2, z2);
	mpz_sub(b, x2, z2);
	mpz_add(c, x3, z3);
	mpz_sub(d, x3, z3);
	mpz_mul(aa, a, a);
	mpz_mul(bb, b, b);
	mpz_sub(e, aa, bb);
	mpz_mul(d, d, a); /* da */
	mpz_mul(c, c, b); /* cb */
	mpz_add(t, d, c);
	mpz_mul(out[2], t, t);
	mpz_sub(t, d, c);
	mpz_mul(t, t, t);
	mpz_mul(out[3], t, x1);
	mpz_mul(out[0], aa, bb);
	mpz_mul_ui(t, e, 121666);
	mpz_add(t, t, bb);
	mpz_mul(out[1], t, e);
	for (int i = 0; i < 4; i++)
		mpz_mod(out[i], out[i], p);
	mpz_clears(x2, z2, x3, z3, x1, a, b, c, d, aa, bb, e, t, NULL);
}

/* Inputs in[0..n) of case i (shared by the ladder step, the comb addition
 * and the doubling step): while i < nedge^2, edge values: the first npair
 * inputs take the pair (i % nedge, i / nedge) alternately, input s >= npair
 * the mix (i / nedge + (s - npair + 1) * (i % nedge)) % nedge; after that,
 * random values, an edge value one time in four. */
static void fill_inputs(fe *const in[], int n, int npair, long i, uint64_t edge[][16], size_t nedge, test_rng *rng)
{
	long npairs = (long)(nedge * nedge);
	for (int s = 0; s < n; s++) {
		if (i < npairs) {
			size_t pick = (s & 1) ? (size_t)i / nedge : (size_t)i % nedge;
			if (s >= npair)
				pick = ((size_t)i / nedge + (size_t)i % nedge * (size_t)(s - npair + 1)) % nedge;
			memcpy(in[s]->limb, edge[pick], sizeof in[s]->limb);
		} else if ((test_rng_next(rng) & 3) == 0) {
			memcpy(in[s]->limb, edge[test_rng_next(rng) % nedge], sizeof in[s]->limb);
		} else {
			test_rand_limbs(rng, in[s]->limb, 4, (int)(test_rng_next(rng) & 1));
		}
	}
}

/* The few edge values above 2p = 2^256 - 38 (2^256 - 37 .. 2^256 - 1) move
 * down by 38 (the kernels' range for the values they add and subtract); 2p
 * itself stays (the edge list has it). */
static void to_2p(fe *v)
{
	uint64_t *l = v->limb;
	if (l[3] == ~(uint64_t)0 && l[2] == ~(uint64_t)0 && l[1] == ~(uint64_t)0 && l[0] > (uint64_t)0 - 38)
		l[0] -= 38;
}

/* The ladder step's case i: x2, z2, x3, z3, x1, then stale scratch. */
static void make_case(fe v[NFE], long i, uint64_t edge[][16], size_t nedge, test_rng *rng)
{
	memset(v, 0, NFE * sizeof v[0]);
	fe *const in[5] = {&v[0], &v[1], &v[2], &v[3], &v[4]};
	fill_inputs(in, 5, 4, i, edge, nedge, rng);
	/* Stale scratch must not matter. */
	for (int s = 5; s < NFE; s++)
		test_rand_limbs(rng, v[s].limb, 4, 0);
}

static size_t edge_values(uint64_t edge[][16], size_t max)
{
	mpz_t m, z;
	mpz_inits(m, z, NULL);
	test_mpz_set_hex(m, P25519_RANGE_HEX); /* any 256-bit value */
	size_t n = test_edge_values(edge, max, m, 4);
	/* p - 1, p, p + 1, 2p - 1, 2p = 2^256 - 38, 2p + 1, 37, 38, 39, 2^255 + 19 */
	test_mpz_set_hex(m, P25519_HEX);
	long off[] = {-1, 0, 1};
	for (int k = 1; k <= 2; k++)
		for (size_t j = 0; j < 3 && n < max; j++) {
			mpz_mul_ui(z, m, (unsigned long)k);
			if (off[j] < 0)
				mpz_sub_ui(z, z, 1);
			else
				mpz_add_ui(z, z, (unsigned long)off[j]);
			test_mpz_to_limbs(edge[n++], 4, z);
		}
	for (unsigned long s = 37; s <= 39 && n < max; s++) {
		mpz_set_ui(z, s);
		test_mpz_to_limbs(edge[n++], 4, z);
	}
	if (n < max) {
		mpz_set_ui(z, 0);
		mpz_setbit(z, 255);
		mpz_add_ui(z, z, 19);
		test_mpz_to_limbs(edge[n++], 4, z);
	}
	mpz_clears(m, z, NULL);
	return n;
}

/* The portable step against the GMP model. */
static void test_step_vs_gmp(void **s)
{
	(void)s;
	uint64_t edge[48][16];
	size_t nedge = edge_values(edge, 48);
	mpz_t p, out[4], got;
	mpz_inits(p, got, NULL);
	for (int i = 0; i < 4; i++)
		mpz_init(out[i]);
	test_mpz_set_hex(p, P25519_HEX);
	test_rng rng;
	test_rng_init(&rng, 0x1add3);
	long cases = (long)(nedge * nedge) + test_iterations(5000);
	for (long i = 0; i < cases; i++) {
		fe v[NFE];
		make_case(v, i, edge, nedge, &rng);
		uint64_t swap = (uint64_t)(i & 1);
		model_step(out, v, swap, p);
		ecfi_x25519_ladder_step_portable(v, swap);
		for (int j = 0; j < 4; j++) {
			test_limbs_to_mpz(got, v[j].limb, 4);
			mpz_mod(got, got, p);
			test_expect(mpz_cmp(got, out[j]) == 0, "portable ladder step output %d wrong mod p, case %ld",
			            j, i);
		}
	}
	fprintf(stderr, "# %ld portable ladder steps against the GMP model\n", cases);
	for (int i = 0; i < 4; i++)
		mpz_clear(out[i]);
	mpz_clears(p, got, NULL);
}

#if ECFI_X86_64_KERNELS
static void compare(const fe *a, const fe *b, const char *what, long i)
{
	/* x2, z2, x3, z3 must match bit for bit; x1 must be unchanged. */
	test_expect_limbs(a[0].limb, b[0].limb, 4 * 5, "%s: x2, z2, x3, z3, x1 after the step, case %ld", what, i);
}
#endif

/* The ladder kernel's range (kernels/kernels.h): x2, z2, x3, z3 at most
 * 2p = 2^256 - 38. */
static void kernel_range(fe v[NFE])
{
	for (int s = 0; s < 4; s++)
		to_2p(&v[s]);
}

/* The kernel against the portable step: single steps, then chains. */
static void test_step_kernel(void **s)
{
	(void)s;
#if ECFI_X86_64_KERNELS
	if ((ecfi_cpu_supported_kernels() & ECFI_KERNEL_MULX_ADX) != 0) {
		uint64_t edge[48][16];
		size_t nedge = edge_values(edge, 48);
		test_rng rng;
		test_rng_init(&rng, 0x1add4);
		long cases = (long)(nedge * nedge) + test_iterations(100000);
		for (long i = 0; i < cases; i++) {
			fe v[NFE], a[NFE], b[NFE];
			make_case(v, i, edge, nedge, &rng);
			kernel_range(v);
			for (uint64_t swap = 0; swap < 2; swap++) {
				memcpy(a, v, sizeof v);
				memcpy(b, v, sizeof v);
				ecfk_x25519_ladder_step_mulx_adx((uint64_t *)a, swap);
				ecfi_x25519_ladder_step_portable(b, swap);
				compare(a, b, swap ? "one step, swap 1" : "one step, swap 0", i);
			}
		}
		/* Chains of 255 steps with random swaps (a whole ladder's worth),
		 * compared after every step. */
		long chains = test_iterations(200) / 10;
		for (long i = 0; i < chains; i++) {
			fe v[NFE], a[NFE], b[NFE];
			make_case(v, (long)(nedge * nedge) + i, edge, nedge, &rng);
			kernel_range(v);
			memcpy(a, v, sizeof v);
			memcpy(b, v, sizeof v);
			for (int step = 0; step < 255; step++) {
				uint64_t swap = test_rng_next(&rng) & 1;
				ecfk_x25519_ladder_step_mulx_adx((uint64_t *)a, swap);
				ecfi_x25519_ladder_step_portable(b, swap);
				compare(a, b, "chain", i * 1000 + step);
			}
		}
		/* The loop kernel (n steps in one call) against n portable steps,
		 * n = 1, 2, 3, 7 and a whole ladder's 255, random swaps; the
		 * swaps array is left as it was. */
		static const uint64_t counts[] = {1, 2, 3, 7, 255};
		long loops = 0;
		for (long i = 0; i < chains + 5; i++) {
			uint64_t n = counts[i % 5], swaps[255], copy[255];
			fe v[NFE], a[NFE], b[NFE];
			make_case(v, i, edge, nedge, &rng);
			kernel_range(v);
			memcpy(a, v, sizeof v);
			memcpy(b, v, sizeof v);
			for (uint64_t j = 0; j < n; j++)
				swaps[j] = test_rng_next(&rng) & 1;
			memcpy(copy, swaps, sizeof swaps);
			ecfk_x25519_ladder_mulx_adx((uint64_t *)a, swaps, n);
			for (uint64_t j = 0; j < n; j++)
				ecfi_x25519_ladder_step_portable(b, swaps[j]);
			compare(a, b, "ladder kernel, n steps", (long)n * 1000 + i);
			test_expect(memcmp(copy, swaps, (size_t)n * 8) == 0, "ladder kernel wrote its swaps, case %ld",
			            i);
			loops++;
		}
		fprintf(stderr,
		        "# ok x25519_ladder_step_mulx_adx matches the portable step: %ld cases x 2 swaps, %ld chains "
		        "of 255; x25519_ladder_mulx_adx matches n portable steps: %ld runs (n = 1, 2, 3, 7, 255)\n",
		        cases, chains, loops);
		return;
	}
	if (test_host_has_mulx_adx())
		test_expect(0, "BMI2+ADX host, but the MULX/ADX tier is not supported");
#endif
	fprintf(stderr, "# SKIP: no MULX/ADX ladder step kernel on this CPU or build\n");
	skip();
}

/* The comb addition's model: h' = h + n by the formulas of madd and
 * p1p1_to_p3, mod p. */
static void model_madd(mpz_t out[4], const ecfi_ed_madd_area *w, const mpz_t p)
{
	mpz_t X, Y, Z, T, ypx, ymx, xy2d, pa, pb, pc, t0, qx, qy, qz, qt;
	mpz_inits(X, Y, Z, T, ypx, ymx, xy2d, pa, pb, pc, t0, qx, qy, qz, qt, NULL);
	test_limbs_to_mpz(X, w->h.X.limb, 4);
	test_limbs_to_mpz(Y, w->h.Y.limb, 4);
	test_limbs_to_mpz(Z, w->h.Z.limb, 4);
	test_limbs_to_mpz(T, w->h.T.limb, 4);
	test_limbs_to_mpz(ypx, w->n.ypx.limb, 4);
	test_limbs_to_mpz(ymx, w->n.ymx.limb, 4);
	test_limbs_to_mpz(xy2d, w->n.xy2d.limb, 4);
	mpz_add(pa, Y, X);
	mpz_mul(pa, pa, ypx);
	mpz_sub(pb, Y, X);
	mpz_mul(pb, pb, ymx);
	mpz_mul(pc, xy2d, T);
	mpz_mul_2exp(t0, Z, 1);
	mpz_sub(qx, pa, pb);
	mpz_add(qy, pa, pb);
	mpz_add(qz, t0, pc);
	mpz_sub(qt, t0, pc);
	mpz_mul(out[0], qx, qt);
	mpz_mul(out[1], qy, qz);
	mpz_mul(out[2], qz, qt);
	mpz_mul(out[3], qx, qy);
	for (int i = 0; i < 4; i++)
		mpz_mod(out[i], out[i], p);
	mpz_clears(X, Y, Z, T, ypx, ymx, xy2d, pa, pb, pc, t0, qx, qy, qz, qt, NULL);
}

/* The comb addition's 7 inputs (h, n) of case i. */
static void make_madd_case(ecfi_ed_madd_area *w, long i, uint64_t edge[][16], size_t nedge, test_rng *rng)
{
	fe *const in[7] = {&w->h.X, &w->h.Y, &w->h.Z, &w->h.T, &w->n.ypx, &w->n.ymx, &w->n.xy2d};
	fill_inputs(in, 7, 4, i, edge, nedge, rng);
	test_rand_limbs(rng, w->q.X.limb, 16, 0); /* stale scratch must not matter */
}

/* The comb addition kernel's range (kernels/kernels.h): X, Y, Z at most 2p. */
static void madd_range(ecfi_ed_madd_area *w)
{
	to_2p(&w->h.X);
	to_2p(&w->h.Y);
	to_2p(&w->h.Z);
}

static void test_madd_vs_gmp(void **s)
{
	(void)s;
	uint64_t edge[48][16];
	size_t nedge = edge_values(edge, 48);
	mpz_t p, out[4], got;
	mpz_inits(p, got, NULL);
	for (int i = 0; i < 4; i++)
		mpz_init(out[i]);
	test_mpz_set_hex(p, P25519_HEX);
	test_rng rng;
	test_rng_init(&rng, 0x3add3);
	long cases = (long)(nedge * nedge) + test_iterations(5000);
	for (long i = 0; i < cases; i++) {
		ecfi_ed_madd_area w;
		make_madd_case(&w, i, edge, nedge, &rng);
		model_madd(out, &w, p);
		ecfi_edwards25519_madd_p3_portable(&w);
		const fe *o[4] = {&w.h.X, &w.h.Y, &w.h.Z, &w.h.T};
		for (int j = 0; j < 4; j++) {
			test_limbs_to_mpz(got, o[j]->limb, 4);
			mpz_mod(got, got, p);
			test_expect(mpz_cmp(got, out[j]) == 0, "portable comb addition output %d wrong mod p, case %ld",
			            j, i);
		}
	}
	fprintf(stderr, "# %ld portable comb additions against the GMP model\n", cases);
	for (int i = 0; i < 4; i++)
		mpz_clear(out[i]);
	mpz_clears(p, got, NULL);
}

static void test_madd_kernel(void **s)
{
	(void)s;
#if ECFI_X86_64_KERNELS
	if ((ecfi_cpu_supported_kernels() & ECFI_KERNEL_MULX_ADX) != 0) {
		uint64_t edge[48][16];
		size_t nedge = edge_values(edge, 48);
		test_rng rng;
		test_rng_init(&rng, 0x3add4);
		long cases = (long)(nedge * nedge) + test_iterations(100000);
		for (long i = 0; i < cases; i++) {
			ecfi_ed_madd_area v, a, b;
			make_madd_case(&v, i, edge, nedge, &rng);
			madd_range(&v);
			a = v;
			b = v;
			ecfk_ed25519_madd_mulx_adx((uint64_t *)&a);
			ecfi_edwards25519_madd_p3_portable(&b);
			/* h must match bit for bit; n must be unchanged */
			test_expect_limbs(a.h.X.limb, b.h.X.limb, 16, "comb addition: h after the call, case %ld", i);
			test_expect_limbs(a.n.ypx.limb, v.n.ypx.limb, 12, "comb addition changed n, case %ld", i);
		}
		/* Chains of 64 additions (a comb pass), new n each time. */
		long chains = test_iterations(200) / 10;
		for (long i = 0; i < chains; i++) {
			ecfi_ed_madd_area a, b;
			make_madd_case(&a, (long)(nedge * nedge) + i, edge, nedge, &rng);
			madd_range(&a);
			b = a;
			for (int k = 0; k < 64; k++) {
				test_rand_limbs(&rng, a.n.ypx.limb, 12, k & 1);
				b.n = a.n;
				ecfk_ed25519_madd_mulx_adx((uint64_t *)&a);
				ecfi_edwards25519_madd_p3_portable(&b);
				test_expect_limbs(a.h.X.limb, b.h.X.limb, 16, "comb addition chain %ld, step %d", i, k);
			}
		}
		fprintf(stderr,
		        "# ok ed25519_madd_mulx_adx matches the portable addition: %ld cases, %ld chains of 64\n",
		        cases, chains);
		return;
	}
	if (test_host_has_mulx_adx())
		test_expect(0, "BMI2+ADX host, but the MULX/ADX tier is not supported");
#endif
	fprintf(stderr, "# SKIP: no MULX/ADX comb addition kernel on this CPU or build\n");
	skip();
}

/* The doubling step's model: t' = 2 * p1p1_to_p2(t) by the formulas of
 * p1p1_to_p2 and dbl_xyz, mod p. */
static void model_dbl(mpz_t out[4], const ecfi_ed_dbl_area *w, const mpz_t p)
{
	mpz_t X, Y, Z, T, qx, qy, qz, a, b, c, s;
	mpz_inits(X, Y, Z, T, qx, qy, qz, a, b, c, s, NULL);
	test_limbs_to_mpz(X, w->t.X.limb, 4);
	test_limbs_to_mpz(Y, w->t.Y.limb, 4);
	test_limbs_to_mpz(Z, w->t.Z.limb, 4);
	test_limbs_to_mpz(T, w->t.T.limb, 4);
	mpz_mul(qx, X, T);
	mpz_mul(qy, Y, Z);
	mpz_mul(qz, Z, T);
	mpz_mul(a, qx, qx);
	mpz_mul(b, qy, qy);
	mpz_mul(c, qz, qz);
	mpz_mul_2exp(c, c, 1);
	mpz_add(s, qx, qy);
	mpz_mul(s, s, s);
	mpz_add(out[1], b, a);      /* Y: B + A */
	mpz_sub(out[2], b, a);      /* Z: B - A */
	mpz_sub(out[0], s, out[1]); /* X: (X + Y)^2 - (B + A) */
	mpz_sub(out[3], c, out[2]); /* T: C - (B - A) */
	for (int i = 0; i < 4; i++)
		mpz_mod(out[i], out[i], p);
	mpz_clears(X, Y, Z, T, qx, qy, qz, a, b, c, s, NULL);
}

static void make_dbl_case(ecfi_ed_dbl_area *w, long i, uint64_t edge[][16], size_t nedge, test_rng *rng)
{
	fe *const in[4] = {&w->t.X, &w->t.Y, &w->t.Z, &w->t.T};
	fill_inputs(in, 4, 2, i, edge, nedge, rng);
	test_rand_limbs(rng, w->q.X.limb, 16, 0); /* stale scratch must not matter */
}

static void test_dbl_vs_gmp(void **s)
{
	(void)s;
	uint64_t edge[48][16];
	size_t nedge = edge_values(edge, 48);
	mpz_t p, out[4], got;
	mpz_inits(p, got, NULL);
	for (int i = 0; i < 4; i++)
		mpz_init(out[i]);
	test_mpz_set_hex(p, P25519_HEX);
	test_rng rng;
	test_rng_init(&rng, 0x5db13);
	long cases = (long)(nedge * nedge) + test_iterations(5000);
	for (long i = 0; i < cases; i++) {
		ecfi_ed_dbl_area w;
		make_dbl_case(&w, i, edge, nedge, &rng);
		model_dbl(out, &w, p);
		ecfi_edwards25519_dbl_p1p1_portable(&w);
		const fe *o[4] = {&w.t.X, &w.t.Y, &w.t.Z, &w.t.T};
		for (int j = 0; j < 4; j++) {
			test_limbs_to_mpz(got, o[j]->limb, 4);
			mpz_mod(got, got, p);
			test_expect(mpz_cmp(got, out[j]) == 0, "portable doubling step output %d wrong mod p, case %ld",
			            j, i);
		}
	}
	fprintf(stderr, "# %ld portable doubling steps against the GMP model\n", cases);
	for (int i = 0; i < 4; i++)
		mpz_clear(out[i]);
	mpz_clears(p, got, NULL);
}

static void test_dbl_kernel(void **s)
{
	(void)s;
#if ECFI_X86_64_KERNELS
	if ((ecfi_cpu_supported_kernels() & ECFI_KERNEL_MULX_ADX) != 0) {
		uint64_t edge[48][16];
		size_t nedge = edge_values(edge, 48);
		test_rng rng;
		test_rng_init(&rng, 0x5db14);
		long cases = (long)(nedge * nedge) + test_iterations(100000);
		for (long i = 0; i < cases; i++) {
			ecfi_ed_dbl_area v, a, b;
			make_dbl_case(&v, i, edge, nedge, &rng);
			a = v;
			b = v;
			ecfk_ed25519_dbl_mulx_adx((uint64_t *)&a);
			ecfi_edwards25519_dbl_p1p1_portable(&b);
			test_expect_limbs(a.t.X.limb, b.t.X.limb, 16, "doubling step: t after the call, case %ld", i);
		}
		/* Chains of 255 doublings (a verification's worth). */
		long chains = test_iterations(200) / 10;
		for (long i = 0; i < chains; i++) {
			ecfi_ed_dbl_area a, b;
			make_dbl_case(&a, (long)(nedge * nedge) + i, edge, nedge, &rng);
			b = a;
			for (int k = 0; k < 255; k++) {
				ecfk_ed25519_dbl_mulx_adx((uint64_t *)&a);
				ecfi_edwards25519_dbl_p1p1_portable(&b);
				test_expect_limbs(a.t.X.limb, b.t.X.limb, 16, "doubling chain %ld, step %d", i, k);
			}
		}
		fprintf(stderr,
		        "# ok ed25519_dbl_mulx_adx matches the portable doubling: %ld cases, %ld chains of 255\n",
		        cases, chains);
		return;
	}
	if (test_host_has_mulx_adx())
		test_expect(0, "BMI2+ADX host, but the MULX/ADX tier is not supported");
#endif
	fprintf(stderr, "# SKIP: no MULX/ADX doubling kernel on this CPU or build\n");
	skip();
}

#if ECFI_X86_64_KERNELS
/* The ladder kernels keep the step's intermediates (secrets) in their own
 * frame and zero it before returning: painted with v, the stack below this
 * frame may then hold, besides v and 0, only the return address and the six
 * saved registers (56 bytes), and what the scan's own call puts there (its
 * return address and saved registers: 64 bytes in the release build, more
 * without optimisation, hence the margin). Without the zeroing the frame's
 * values (down to 56 + 456 bytes below) would be left. */
enum { LADDER_FRAME_TOP = 256 };
static fe frame_v[NFE];
static uint64_t frame_swaps[3] = {1, 0, 1};
static __attribute__((noinline)) size_t frame_probe(int which, uint8_t v)
{
	size_t changed;
	test_stack_paint_deep(v);
	if (which)
		ecfk_x25519_ladder_mulx_adx((uint64_t *)frame_v, frame_swaps, 3);
	else
		ecfk_x25519_ladder_step_mulx_adx((uint64_t *)frame_v, 1);
	return test_stack_residue(v, &changed);
}
#endif

static void test_ladder_frame_wiped(void **s)
{
	(void)s;
	TEST_SKIP_UNDER_ASAN();
#if ECFI_X86_64_KERNELS
	if ((ecfi_cpu_supported_kernels() & ECFI_KERNEL_MULX_ADX) != 0) {
		test_rng rng;
		test_rng_init(&rng, 0x1add5);
		for (int which = 0; which < 2; which++)
			for (int pass = 0; pass < 2; pass++) {
				for (int j = 0; j < 5; j++)
					test_rand_limbs(&rng, frame_v[j].limb, 4, 0);
				kernel_range(frame_v);
				uint8_t v = pass ? 0x5a : 0xa5;
				size_t left = frame_probe(which, v);
				test_expect(
				    left <= LADDER_FRAME_TOP,
				    "%s left %zu non-zero bytes below its caller (at most %d: return address and "
				    "saved registers)",
				    which ? "x25519_ladder_mulx_adx" : "x25519_ladder_step_mulx_adx", left,
				    LADDER_FRAME_TOP);
			}
		fprintf(stderr, "# ok the ladder kernels zero their frames\n");
		return;
	}
#endif
	fprintf(stderr, "# SKIP: no MULX/ADX ladder step kernel on this CPU or build\n");
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_step_vs_gmp),       cmocka_unit_test(test_step_kernel),
	                                   cmocka_unit_test(test_madd_vs_gmp),       cmocka_unit_test(test_madd_kernel),
	                                   cmocka_unit_test(test_dbl_vs_gmp),        cmocka_unit_test(test_dbl_kernel),
	                                   cmocka_unit_test(test_ladder_frame_wiped)};
	int rc = cmocka_run_group_tests_name("c25519_steps", tests, NULL, NULL);
	return rc;
}
