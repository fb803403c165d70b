/*
 * The fused P-256 point routines, kernel by kernel: the MULX/ADX Jacobian
 * doubling, mixed addition and addition (ecfk_p256_jac_dbl_mulx_adx,
 * ecfk_p256_jac_madd_mulx_adx, ecfk_p256_jac_add_mulx_adx) against the C
 * bodies of lib/curves/p256/point_ops.h (jac_dbl_c, jac_madd_c, jac_add_c on
 * the portable tier), bit for bit, on
 *   - edge coordinates: 0, 1, 2, p - 1, p - 2, (p +- 1)/2, 2^255, R mod p,
 *     values with all-ones limbs below p, ... (test_edge_values plus a few),
 *     every pair in the first two coordinates, mixed in the others;
 *   - random coordinate triples below p (uniform and biased to long runs of
 *     equal bits: the formulas are polynomials, any values < p are inputs);
 *   - valid curve points in random Jacobian representations, P = Q and
 *     P = -Q, and the identity (Z = 0);
 *   - every aliasing the functions allow (r = p, r = q, p = q);
 *   - chains (256 doublings, 43 mixed additions, 64 additions) with the
 *     outputs fed back, compared after every step;
 * and through the dispatching jac_dbl / jac_madd / jac_add on both tiers.
 * A last case checks that a routine leaves none of its intermediate values
 * in the stack below its caller (the frame is zeroed before it returns).
 * On a CPU without BMI2/ADX (or a build without the x86-64 kernels) the
 * kernel cases are reported skipped (cmocka SKIP). Fixed seeds
 * (ECF_TEST_SEED), printed with every failure; counts scale with
 * ECF_TEST_SCALE.
 */
#include <string.h>

#include "curves/p256/point_ops.h"
#include "moduli.h" /* P256_HEX, generated */
#include "testutil.h"

static mpz_t P;

#define FLAG_PORTABLE 0u
#define FLAG_MULX ((unsigned)ECFI_KERNEL_MULX_ADX)

/* MULX/ADX and AVX2 both on this CPU: the fused madd + scan is compared */
static int have_fused;

static int have_kernels(void)
{
#if ECFI_X86_64_KERNELS
	if ((ecfi_cpu_supported_kernels() & ECFI_KERNEL_MULX_ADX) != 0)
		return 1;
	fprintf(stderr, "# no BMI2/ADX on this CPU: the P-256 point kernels are not compared (skipped)\n");
#else
	fprintf(stderr, "# no x86-64 kernels in this build: the P-256 point kernels are not compared (skipped)\n");
#endif
	return 0;
}

#if ECFI_X86_64_KERNELS
/* Edge values below p: test_edge_values, then 2^255, p - 3, 3, and values
 * with all-ones limbs (limb 0, limbs 0-2, limb 2 and 0) below p. */
static size_t edge_values(uint64_t edge[][16], size_t max)
{
	size_t n = test_edge_values(edge, max - 6, P, 4);
	mpz_t z;
	mpz_init(z);
	mpz_set_ui(z, 0);
	mpz_setbit(z, 255);
	test_mpz_to_limbs(edge[n++], 4, z);
	mpz_sub_ui(z, P, 3);
	test_mpz_to_limbs(edge[n++], 4, z);
	mpz_set_ui(z, 3);
	test_mpz_to_limbs(edge[n++], 4, z);
	uint64_t ones[3][4] = {{~(uint64_t)0, 0, 0, 0},
	                       {~(uint64_t)0, ~(uint64_t)0, ~(uint64_t)0, 0},
	                       {~(uint64_t)0, 0, ~(uint64_t)0, 0xfffffffe00000000u}};
	for (int i = 0; i < 3; i++) {
		test_limbs_to_mpz(z, ones[i], 4);
		test_expect(mpz_cmp(z, P) < 0, "edge value %d not below p", i);
		memcpy(edge[n++], ones[i], 32);
	}
	mpz_clear(z);
	return n;
}

/* A coordinate: an edge value (case i < nedge^2 picks by position, after that
 * one time in four) or a random value below p. */
static void coord(fe *r, int slot, long i, uint64_t edge[][16], size_t nedge, test_rng *rng)
{
	long npairs = (long)(nedge * nedge);
	if (i < npairs) {
		size_t pick = slot == 0   ? (size_t)i % nedge
		              : slot == 1 ? (size_t)i / nedge
		                          : ((size_t)i / nedge + (size_t)i % nedge * (size_t)slot) % nedge;
		memcpy(r->limb, edge[pick], 32);
	} else if ((test_rng_next(rng) & 3) == 0) {
		memcpy(r->limb, edge[test_rng_next(rng) % nedge], 32);
	} else {
		test_rand_below(rng, r->limb, P, 4, (int)(test_rng_next(rng) & 1));
	}
}
#endif

/* A valid point as a random Jacobian triple (x Z^2, y Z^3, Z) of k G for a
 * random k, and its affine form; k = 0 gives the identity (Z = 0 triple). */
static void valid_point(point *j, affine *a, test_rng *rng)
{
	uint8_t k[32];
	test_rand_bytes(rng, k, 32);
	k[0] &= 0x7f;
	point pr;
	ecf_p256_point_scalar_mult_base(&pr, k);
	ecf_p256_point_to_affine(a, &pr);
	fe z, zz, zzz;
	test_rand_below(rng, z.limb, P, 4, 0);
	fe_sqr(&zz, &z, FLAG_PORTABLE);
	fe_mul(&zzz, &zz, &z, FLAG_PORTABLE);
	fe_mul(&j->x, &a->x, &zz, FLAG_PORTABLE);
	fe_mul(&j->y, &a->y, &zzz, FLAG_PORTABLE);
	j->z = z;
}

#if ECFI_X86_64_KERNELS
/* The same point as p in another Jacobian representation: (X l^2, Y l^3, Z l). */
static void rescale(point *r, const point *p, test_rng *rng)
{
	fe l, ll, lll;
	test_rand_below(rng, l.limb, P, 4, 0);
	fe_sqr(&ll, &l, FLAG_PORTABLE);
	fe_mul(&lll, &ll, &l, FLAG_PORTABLE);
	fe_mul(&r->x, &p->x, &ll, FLAG_PORTABLE);
	fe_mul(&r->y, &p->y, &lll, FLAG_PORTABLE);
	fe_mul(&r->z, &p->z, &l, FLAG_PORTABLE);
}

static void expect_point(const point *got, const point *want, const char *what, long i)
{
	test_expect_limbs(got->x.limb, want->x.limb, 12, "%s, case %ld (X, Y, Z)", what, i);
}

/* One doubling case: the kernel (r = p and r separate) and the dispatching
 * jac_dbl on both tiers against jac_dbl_c on the portable tier. */
static void check_dbl(const point *p, long i)
{
	point want, r, a;
	jac_dbl_c(&want, p, FLAG_PORTABLE);
	ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&r, (const uint64_t *)p);
	expect_point(&r, &want, "jac_dbl kernel", i);
	a = *p;
	ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&a, (const uint64_t *)&a);
	expect_point(&a, &want, "jac_dbl kernel, r = p", i);
	a = *p;
	jac_dbl(&a, &a, FLAG_MULX);
	expect_point(&a, &want, "jac_dbl (MULX/ADX tier), r = p", i);
	jac_dbl(&r, p, FLAG_MULX);
	expect_point(&r, &want, "jac_dbl (MULX/ADX tier)", i);
	jac_dbl_c(&r, p, FLAG_MULX);
	expect_point(&r, &want, "jac_dbl_c (MULX/ADX field kernels)", i);
}

static uint64_t scan_table[64 * 8];
static uint64_t scan_digit;
static void check_madd_scan(const point *p, const affine *q, const uint64_t *table, uint64_t d, long i);

static void check_madd(const point *p, const affine *q, long i)
{
	point want, r, a;
	jac_madd_c(&want, p, q, FLAG_PORTABLE);
	ecfk_p256_jac_madd_mulx_adx((uint64_t *)&r, (const uint64_t *)p, (const uint64_t *)q);
	expect_point(&r, &want, "jac_madd kernel", i);
	a = *p;
	ecfk_p256_jac_madd_mulx_adx((uint64_t *)&a, (const uint64_t *)&a, (const uint64_t *)q);
	expect_point(&a, &want, "jac_madd kernel, r = p", i);
	a = *p;
	jac_madd(&a, &a, q, FLAG_MULX);
	expect_point(&a, &want, "jac_madd (MULX/ADX tier), r = p", i);
	jac_madd(&r, p, q, FLAG_MULX);
	expect_point(&r, &want, "jac_madd (MULX/ADX tier)", i);
	/* q inside r's storage: r = (q.x, q.y, junk) aliased with q */
	point rq;
	rq.x = q->x;
	rq.y = q->y;
	rq.z = p->x;
	ecfk_p256_jac_madd_mulx_adx((uint64_t *)&rq, (const uint64_t *)p, (const uint64_t *)&rq);
	expect_point(&rq, &want, "jac_madd kernel, r = q", i);
	if (have_fused) {
		uint64_t d = scan_digit % 68 == 67 ? ~(uint64_t)0 : scan_digit % 68;
		scan_digit++;
		check_madd_scan(p, q, scan_table, d, i);
	}
}

/* The fused mixed addition and scan (ecfk_p256_jac_madd_scan_mulx_adx_avx2,
 * MULX/ADX and AVX2): its r against jac_madd_c, its next against the C
 * selection (table[d - 1], zeros for d = 0 or d > 64) over scan_table, for
 * r separate, r = p, r = q and next = q. check_madd calls it with the digits
 * 0..66 in turn and 2^64 - 1 when have_fused. */
static void want_selection(uint64_t want[8], const uint64_t *table, uint64_t d)
{
	memset(want, 0, 64);
	if (d >= 1 && d <= 64)
		memcpy(want, table + 8 * (d - 1), 64);
}

static void check_madd_scan(const point *p, const affine *q, const uint64_t *table, uint64_t d, long i)
{
	point want, r, a;
	uint64_t wnext[8], next[8];
	jac_madd_c(&want, p, q, FLAG_PORTABLE);
	want_selection(wnext, table, d);
	memset(next, 0xa5, sizeof next);
	ecfk_p256_jac_madd_scan_mulx_adx_avx2((uint64_t *)&r, (const uint64_t *)p, (const uint64_t *)q, next, table, d);
	expect_point(&r, &want, "jac_madd_scan kernel", i);
	test_expect_limbs(next, wnext, 8, "jac_madd_scan kernel: next entry, digit %llu, case %ld",
	                  (unsigned long long)d, i);
	a = *p;
	memset(next, 0x5a, sizeof next);
	ecfk_p256_jac_madd_scan_mulx_adx_avx2((uint64_t *)&a, (const uint64_t *)&a, (const uint64_t *)q, next, table,
	                                      d);
	expect_point(&a, &want, "jac_madd_scan kernel, r = p", i);
	test_expect_limbs(next, wnext, 8, "jac_madd_scan kernel, r = p: next entry, digit %llu, case %ld",
	                  (unsigned long long)d, i);
	affine qq = *q; /* next = q */
	ecfk_p256_jac_madd_scan_mulx_adx_avx2((uint64_t *)&r, (const uint64_t *)p, (const uint64_t *)&qq,
	                                      (uint64_t *)&qq, table, d);
	expect_point(&r, &want, "jac_madd_scan kernel, next = q", i);
	test_expect_limbs(qq.x.limb, wnext, 8, "jac_madd_scan kernel, next = q: next entry, digit %llu, case %ld",
	                  (unsigned long long)d, i);
	point rq; /* r = q */
	rq.x = q->x;
	rq.y = q->y;
	rq.z = p->x;
	ecfk_p256_jac_madd_scan_mulx_adx_avx2((uint64_t *)&rq, (const uint64_t *)p, (const uint64_t *)&rq, next, table,
	                                      d);
	expect_point(&rq, &want, "jac_madd_scan kernel, r = q", i);
	test_expect_limbs(next, wnext, 8, "jac_madd_scan kernel, r = q: next entry, digit %llu, case %ld",
	                  (unsigned long long)d, i);
}

static void check_add(const point *p, const point *q, long i)
{
	point want, r, a;
	jac_add_c(&want, p, q, FLAG_PORTABLE);
	ecfk_p256_jac_add_mulx_adx((uint64_t *)&r, (const uint64_t *)p, (const uint64_t *)q);
	expect_point(&r, &want, "jac_add kernel", i);
	a = *p;
	ecfk_p256_jac_add_mulx_adx((uint64_t *)&a, (const uint64_t *)&a, (const uint64_t *)q);
	expect_point(&a, &want, "jac_add kernel, r = p", i);
	a = *q;
	ecfk_p256_jac_add_mulx_adx((uint64_t *)&a, (const uint64_t *)p, (const uint64_t *)&a);
	expect_point(&a, &want, "jac_add kernel, r = q", i);
	a = *q;
	jac_add(&a, p, &a, FLAG_MULX);
	expect_point(&a, &want, "jac_add (MULX/ADX tier), r = q", i);
	jac_add(&r, p, q, FLAG_MULX);
	expect_point(&r, &want, "jac_add (MULX/ADX tier)", i);
	/* p = q (the same storage) and r = p = q */
	jac_add_c(&want, p, p, FLAG_PORTABLE);
	ecfk_p256_jac_add_mulx_adx((uint64_t *)&r, (const uint64_t *)p, (const uint64_t *)p);
	expect_point(&r, &want, "jac_add kernel, p = q", i);
	a = *p;
	ecfk_p256_jac_add_mulx_adx((uint64_t *)&a, (const uint64_t *)&a, (const uint64_t *)&a);
	expect_point(&a, &want, "jac_add kernel, r = p = q", i);
}
#endif

#if ECFI_X86_64_KERNELS
/* n doublings: the kernel ecfk_p256_jac_dbl_n_mulx_adx (r separate and
 * r = p) and the dispatching jac_dbl_n on both tiers against n calls of
 * jac_dbl_c on the portable tier. */
static void check_dbl_n(const point *p, unsigned n, long i)
{
	point want = *p, r, a;
	for (unsigned k = 0; k < n; k++)
		jac_dbl_c(&want, &want, FLAG_PORTABLE);
	ecfk_p256_jac_dbl_n_mulx_adx((uint64_t *)&r, (const uint64_t *)p, n);
	test_expect_limbs(r.x.limb, want.x.limb, 12, "jac_dbl_n kernel, n = %u, case %ld", n, i);
	a = *p;
	ecfk_p256_jac_dbl_n_mulx_adx((uint64_t *)&a, (const uint64_t *)&a, n);
	test_expect_limbs(a.x.limb, want.x.limb, 12, "jac_dbl_n kernel, r = p, n = %u, case %ld", n, i);
	jac_dbl_n(&r, p, n, FLAG_MULX);
	test_expect_limbs(r.x.limb, want.x.limb, 12, "jac_dbl_n (MULX/ADX tier), n = %u, case %ld", n, i);
	a = *p;
	jac_dbl_n(&a, &a, n, FLAG_PORTABLE);
	test_expect_limbs(a.x.limb, want.x.limb, 12, "jac_dbl_n (portable), r = p, n = %u, case %ld", n, i);
}
#endif

/* jac_dbl_n for n = 0, 1, 2, 3, 5 on edge and random triples, and n = 255
 * (and 256) on a few: the kernel and both tiers of jac_dbl_n against n
 * jac_dbl_c. The portable jac_dbl_n against jac_dbl_c runs without the
 * kernels too. */
static void test_dbl_n(void **s)
{
	(void)s;
	int kern = have_kernels();
	test_rng rng;
	test_rng_init(&rng, 0xdb1e256);
	if (!kern) {
		for (long i = 0; i < 20; i++) {
			point p, want, r;
			for (int c = 0; c < 3; c++)
				test_rand_below(&rng, (&p.x)[c].limb, P, 4, c & 1);
			want = p;
			for (int k = 0; k < 5; k++)
				jac_dbl_c(&want, &want, FLAG_PORTABLE);
			jac_dbl_n(&r, &p, 5, FLAG_PORTABLE);
			test_expect_limbs(r.x.limb, want.x.limb, 12, "jac_dbl_n (portable), case %ld", i);
		}
		skip();
	}
#if ECFI_X86_64_KERNELS
	uint64_t edge[64][16];
	size_t nedge = edge_values(edge, 64);
	static const unsigned ns[5] = {0, 1, 2, 3, 5};
	long cases = (long)(nedge * nedge) + test_iterations(5000);
	for (long i = 0; i < cases; i++) {
		point p;
		coord(&p.x, 0, i, edge, nedge, &rng);
		coord(&p.y, 1, i, edge, nedge, &rng);
		coord(&p.z, 2, i, edge, nedge, &rng);
		check_dbl_n(&p, ns[i % 5], i);
	}
	long longs = 4 + test_iterations(200) / 20;
	for (long i = 0; i < longs; i++) {
		point p;
		affine pa;
		if (i & 1) {
			valid_point(&p, &pa, &rng);
		} else {
			for (int c = 0; c < 3; c++)
				test_rand_below(&rng, (&p.x)[c].limb, P, 4, (int)(i & 2));
		}
		if (i == 2)
			fe_zero(&p.z); /* the identity */
		check_dbl_n(&p, i == 0 ? 256 : 255, i);
	}
	fprintf(stderr, "# %ld runs of 0..5 doublings, %ld of 255 or 256\n", cases, longs);
#endif
}

/* Random and edge coordinate triples. */
static void test_dbl(void **s)
{
	(void)s;
	if (!have_kernels())
		skip();
#if ECFI_X86_64_KERNELS
	uint64_t edge[64][16];
	size_t nedge = edge_values(edge, 64);
	test_rng rng;
	test_rng_init(&rng, 0xdb1256);
	long cases = (long)(nedge * nedge) + test_iterations(50000);
	for (long i = 0; i < cases; i++) {
		point p;
		coord(&p.x, 0, i, edge, nedge, &rng);
		coord(&p.y, 1, i, edge, nedge, &rng);
		coord(&p.z, 2, i, edge, nedge, &rng);
		check_dbl(&p, i);
	}
	fprintf(stderr, "# %ld doublings (coordinate triples below p)\n", cases);
#endif
}

static void test_madd(void **s)
{
	(void)s;
	if (!have_kernels())
		skip();
#if ECFI_X86_64_KERNELS
	uint64_t edge[64][16];
	size_t nedge = edge_values(edge, 64);
	test_rng rng;
	test_rng_init(&rng, 0x3add256);
	long cases = (long)(nedge * nedge) + test_iterations(50000);
	for (long i = 0; i < cases; i++) {
		point p;
		affine q;
		/* the pair on (H's inputs) Z1 and x2, then the rest mixed */
		coord(&p.z, 0, i, edge, nedge, &rng);
		coord(&q.x, 1, i, edge, nedge, &rng);
		coord(&p.x, 2, i, edge, nedge, &rng);
		coord(&p.y, 3, i, edge, nedge, &rng);
		coord(&q.y, 4, i, edge, nedge, &rng);
		check_madd(&p, &q, i);
	}
	fprintf(stderr, "# %ld mixed additions (coordinates below p)\n", cases);
#endif
}

/* The fused addition and scan on every digit 0..64 (and 65, 2^63, 2^64 - 1)
 * over tables of random entries, of edge values (all-ones words: a blend of
 * the wrong bytes shows) and of entries that differ in one byte only; and
 * every vector register zero after the call (VZEROALL). */
#if ECFI_X86_64_KERNELS
__attribute__((noinline)) static int ymm_all_zero_after(point *r, const point *p, const affine *q, uint64_t next[8],
                                                        const uint64_t *table, uint64_t d)
{
	uint64_t v[16][4];
	ecfk_p256_jac_madd_scan_mulx_adx_avx2((uint64_t *)r, (const uint64_t *)p, (const uint64_t *)q, next, table, d);
#define YMM_STORE(n) __asm__ __volatile__("vmovdqu %%ymm" #n ", %0" : "=m"(v[n]))
	YMM_STORE(0);
	YMM_STORE(1);
	YMM_STORE(2);
	YMM_STORE(3);
	YMM_STORE(4);
	YMM_STORE(5);
	YMM_STORE(6);
	YMM_STORE(7);
	YMM_STORE(8);
	YMM_STORE(9);
	YMM_STORE(10);
	YMM_STORE(11);
	YMM_STORE(12);
	YMM_STORE(13);
	YMM_STORE(14);
	YMM_STORE(15);
#undef YMM_STORE
	uint64_t acc = 0;
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 4; j++)
			acc |= v[i][j];
	return acc == 0;
}
#endif

static void test_madd_scan(void **s)
{
	(void)s;
	if (!have_kernels() || !have_fused) {
		fprintf(stderr, "# no AVX2 (or no MULX/ADX): the fused madd + scan not compared (skipped)\n");
		skip();
	}
#if ECFI_X86_64_KERNELS
	static uint64_t table[64 * 8];
	test_rng rng;
	test_rng_init(&rng, 0x5ca9256);
	long cases = 0;
	for (int kind = 0; kind < 3; kind++) {
		for (int rep = 0; rep < 4; rep++) {
			for (size_t w = 0; w < 64 * 8; w++) {
				if (kind == 0)
					table[w] = test_rng_next(&rng);
				else if (kind == 1)
					table[w] = (w / 8 + rep) & 1 ? ~(uint64_t)0 : 0;
				else
					table[w] = 0x0101010101010101ULL * (uint64_t)(w % 8) +
					           ((uint64_t)(w / 8) << (8 * (w % 8)));
			}
			uint64_t digits[68];
			for (int d = 0; d <= 64; d++)
				digits[d] = (uint64_t)d;
			digits[65] = 65;
			digits[66] = (uint64_t)1 << 63;
			digits[67] = ~(uint64_t)0;
			for (int k = 0; k < 68; k++) {
				point p;
				affine q;
				if (rep == 3) {
					valid_point(&p, &q, &rng);
				} else {
					for (int c = 0; c < 3; c++)
						test_rand_below(&rng, (&p.x)[c].limb, P, 4, rep & 1);
					test_rand_below(&rng, q.x.limb, P, 4, 0);
					test_rand_below(&rng, q.y.limb, P, 4, 0);
				}
				check_madd_scan(&p, &q, table, digits[k], cases++);
			}
		}
	}
	point p, r;
	affine q;
	uint64_t next[8];
	valid_point(&p, &q, &rng);
	test_expect(ymm_all_zero_after(&r, &p, &q, next, table, 17),
	            "jac_madd_scan kernel left a ymm register nonzero");
	fprintf(stderr, "# %ld fused additions and scans (every digit 0..64 and beyond)\n", cases);
#endif
}

static void test_add(void **s)
{
	(void)s;
	if (!have_kernels())
		skip();
#if ECFI_X86_64_KERNELS
	uint64_t edge[64][16];
	size_t nedge = edge_values(edge, 64);
	test_rng rng;
	test_rng_init(&rng, 0xadd256);
	long cases = (long)(nedge * nedge) + test_iterations(50000);
	for (long i = 0; i < cases; i++) {
		point p, q;
		coord(&p.z, 0, i, edge, nedge, &rng);
		coord(&q.z, 1, i, edge, nedge, &rng);
		coord(&p.x, 2, i, edge, nedge, &rng);
		coord(&p.y, 3, i, edge, nedge, &rng);
		coord(&q.x, 4, i, edge, nedge, &rng);
		coord(&q.y, 5, i, edge, nedge, &rng);
		check_add(&p, &q, i);
	}
	fprintf(stderr, "# %ld additions (coordinates below p)\n", cases);
#endif
}

/* GMP models of the three formulas on plain values (the Montgomery
 * representatives divided by R), an oracle independent of the field code:
 * out[0..2] = X3, Y3, Z3 mod p, times R (Montgomery form again). in: X1, Y1,
 * Z1 (dbl), then x2, y2 (madd) or X2, Y2, Z2 (add). */
static void model(mpz_t out[3], int op, const fe *const in[6])
{
	mpz_t v[6], R, Ri, a, b, c, d, e, f, g, h;
	mpz_inits(R, Ri, a, b, c, d, e, f, g, h, NULL);
	mpz_set_ui(R, 1);
	mpz_mul_2exp(R, R, 256);
	mpz_invert(Ri, R, P);
	int n = op == 0 ? 3 : op == 1 ? 5 : 6;
	for (int k = 0; k < n; k++) {
		mpz_init(v[k]);
		test_limbs_to_mpz(v[k], in[k]->limb, 4);
		mpz_mul(v[k], v[k], Ri);
		mpz_mod(v[k], v[k], P);
	}
	if (op == 0) {                  /* dbl-2001-b */
		mpz_mul(a, v[2], v[2]); /* delta */
		mpz_mul(b, v[1], v[1]); /* gamma */
		mpz_mul(c, v[0], b);    /* beta */
		mpz_sub(d, v[0], a);
		mpz_add(e, v[0], a);
		mpz_mul(d, d, e);
		mpz_mul_ui(d, d, 3); /* alpha */
		mpz_mul(out[0], d, d);
		mpz_submul_ui(out[0], c, 8); /* X3 */
		mpz_add(out[2], v[1], v[2]);
		mpz_mul(out[2], out[2], out[2]);
		mpz_sub(out[2], out[2], b);
		mpz_sub(out[2], out[2], a); /* Z3 */
		mpz_mul_ui(e, c, 4);
		mpz_sub(e, e, out[0]);
		mpz_mul(out[1], d, e);
		mpz_mul(b, b, b);
		mpz_submul_ui(out[1], b, 8); /* Y3 */
	} else if (op == 1) {                /* madd-2007-bl */
		mpz_mul(a, v[2], v[2]);      /* Z1Z1 */
		mpz_mul(b, v[3], a);         /* U2 */
		mpz_mul(c, v[4], v[2]);
		mpz_mul(c, c, a);    /* S2 */
		mpz_sub(d, b, v[0]); /* H */
		mpz_mul(e, d, d);    /* HH */
		mpz_mul_ui(f, e, 4); /* I */
		mpz_mul(g, d, f);    /* J */
		mpz_sub(h, c, v[1]);
		mpz_mul_ui(h, h, 2); /* r */
		mpz_mul(f, v[0], f); /* V */
		mpz_mul(out[0], h, h);
		mpz_sub(out[0], out[0], g);
		mpz_submul_ui(out[0], f, 2); /* X3 */
		mpz_sub(f, f, out[0]);
		mpz_mul(out[1], h, f);
		mpz_mul(g, g, v[1]);
		mpz_submul_ui(out[1], g, 2); /* Y3 */
		mpz_add(out[2], v[2], d);
		mpz_mul(out[2], out[2], out[2]);
		mpz_sub(out[2], out[2], a);
		mpz_sub(out[2], out[2], e); /* Z3 */
	} else {                            /* add-1998-cmo-2 */
		mpz_mul(a, v[2], v[2]);     /* Z1Z1 */
		mpz_mul(b, v[5], v[5]);     /* Z2Z2 */
		mpz_mul(c, v[0], b);        /* U1 */
		mpz_mul(d, v[3], a);        /* U2 */
		mpz_mul(e, v[1], v[5]);
		mpz_mul(e, e, b); /* S1 */
		mpz_mul(f, v[4], v[2]);
		mpz_mul(f, f, a); /* S2 */
		mpz_sub(d, d, c); /* H */
		mpz_sub(f, f, e); /* r */
		mpz_mul(g, d, d); /* HH */
		mpz_mul(h, d, g); /* HHH */
		mpz_mul(g, c, g); /* V */
		mpz_mul(out[0], f, f);
		mpz_sub(out[0], out[0], h);
		mpz_submul_ui(out[0], g, 2); /* X3 */
		mpz_sub(g, g, out[0]);
		mpz_mul(out[1], f, g);
		mpz_mul(e, e, h);
		mpz_sub(out[1], out[1], e); /* Y3 */
		mpz_mul(out[2], v[2], v[5]);
		mpz_mul(out[2], out[2], d); /* Z3 */
	}
	for (int k = 0; k < 3; k++) {
		mpz_mod(out[k], out[k], P);
		mpz_mul(out[k], out[k], R);
		mpz_mod(out[k], out[k], P);
	}
	for (int k = 0; k < n; k++)
		mpz_clear(v[k]);
	mpz_clears(R, Ri, a, b, c, d, e, f, g, h, NULL);
}

/* The C bodies (portable tier) and, with MULX/ADX, the routines against the
 * GMP models on random coordinates below p, edge ones one time in four. */
static void test_gmp_model(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0x9a9256);
	uint64_t edge[64][16];
	size_t nedge = test_edge_values(edge, 64, P, 4);
	int kern = have_kernels();
	(void)kern;
	mpz_t want[3], got;
	mpz_inits(want[0], want[1], want[2], got, NULL);
	long cases = test_iterations(3000);
	for (long i = 0; i < cases; i++) {
		point p, q, r;
		affine a;
		fe *c[8] = {&p.x, &p.y, &p.z, &q.x, &q.y, &q.z, &a.x, &a.y};
		for (int k = 0; k < 8; k++) {
			if ((test_rng_next(&rng) & 3) == 0)
				memcpy(c[k]->limb, edge[test_rng_next(&rng) % nedge], 32);
			else
				test_rand_below(&rng, c[k]->limb, P, 4, (int)(test_rng_next(&rng) & 1));
		}
		for (int op = 0; op < 3; op++) {
			const fe *in[6] = {&p.x, &p.y, &p.z, op == 1 ? &a.x : &q.x, op == 1 ? &a.y : &q.y, &q.z};
			model(want, op, in);
			for (int tier = 0; tier < 2; tier++) {
				if (tier == 0) {
					if (op == 0)
						jac_dbl_c(&r, &p, FLAG_PORTABLE);
					else if (op == 1)
						jac_madd_c(&r, &p, &a, FLAG_PORTABLE);
					else
						jac_add_c(&r, &p, &q, FLAG_PORTABLE);
				} else {
#if ECFI_X86_64_KERNELS
					if (!kern)
						break;
					if (op == 0)
						ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&r, (const uint64_t *)&p);
					else if (op == 1)
						ecfk_p256_jac_madd_mulx_adx((uint64_t *)&r, (const uint64_t *)&p,
						                            (const uint64_t *)&a);
					else
						ecfk_p256_jac_add_mulx_adx((uint64_t *)&r, (const uint64_t *)&p,
						                           (const uint64_t *)&q);
#else
					break;
#endif
				}
				const fe *o[3] = {&r.x, &r.y, &r.z};
				for (int k = 0; k < 3; k++) {
					test_limbs_to_mpz(got, o[k]->limb, 4);
					test_expect(mpz_cmp(got, want[k]) == 0,
					            "%s op %d coordinate %d against the GMP model, case %ld",
					            tier ? "kernel" : "C body", op, k, i);
				}
			}
		}
	}
	fprintf(stderr, "# %ld cases of each formula against the GMP models\n", cases);
	mpz_clears(want[0], want[1], want[2], got, NULL);
}

/* Valid points: P + Q, P = Q, P = -Q, the identity, in random Jacobian
 * representations; and the C code itself checked on the group (2P and P + Q
 * against the complete projective formulas, through affine coordinates). */
static void test_valid_points(void **s)
{
	(void)s;
	int kern = have_kernels();
	(void)kern; /* used only with the x86-64 kernels */
	test_rng rng;
	test_rng_init(&rng, 0x7a11d);
	long cases = test_iterations(2000) / 4;
	for (long i = 0; i < cases; i++) {
		point p, q, pn, id, r;
		affine pa, qa, ra, wa;
		valid_point(&p, &pa, &rng);
		valid_point(&q, &qa, &rng);
		pn = p;
		fe_neg(&pn.y, &p.y);
		id = p;
		fe_zero(&id.z);
		/* the C reference on the group: jac_dbl_c(P) = 2P, jac_add_c(P, Q) = P + Q,
		 * jac_madd_c(P, Q) = P + Q (Jacobian to projective: (X Z, Y, Z^3)) */
		point pp, qp, want;
		ecf_p256_point_from_affine(&pp, &pa);
		ecf_p256_point_from_affine(&qp, &qa);
		const point *in[3] = {&p, &q, &p};
		for (int op = 0; op < 3; op++) {
			if (op == 0) {
				jac_dbl_c(&r, &p, FLAG_PORTABLE);
				ecf_p256_point_double(&want, &pp);
			} else if (op == 1) {
				jac_add_c(&r, in[0], in[1], FLAG_PORTABLE);
				ecf_p256_point_add(&want, &pp, &qp);
			} else {
				jac_madd_c(&r, &p, &qa, FLAG_PORTABLE);
				ecf_p256_point_add(&want, &pp, &qp);
			}
			point rp;
			fe zz;
			fe_sqr(&zz, &r.z, FLAG_PORTABLE);
			fe_mul(&rp.z, &zz, &r.z, FLAG_PORTABLE);
			fe_mul(&rp.x, &r.x, &r.z, FLAG_PORTABLE);
			rp.y = r.y;
			ecf_p256_point_to_affine(&ra, &rp);
			ecf_p256_point_to_affine(&wa, &want);
			test_expect_limbs(ra.x.limb, wa.x.limb, 8, "C Jacobian op %d on valid points, case %ld", op, i);
		}
#if ECFI_X86_64_KERNELS
		if (kern) {
			check_dbl(&p, i);
			check_dbl(&pn, i);
			check_dbl(&id, i);
			check_madd(&p, &qa, i);
			check_madd(&p, &pa, i); /* P = Q */
			affine pna = pa;
			fe_neg(&pna.y, &pa.y);
			check_madd(&p, &pna, i); /* P = -Q: Z3 = 0 */
			check_madd(&id, &qa, i);
			check_add(&p, &q, i);
			check_add(&p, &p, i);  /* P = Q, the same triple */
			check_add(&p, &pn, i); /* P = -Q */
			check_add(&id, &q, i);
			check_add(&p, &id, i);
			check_add(&id, &id, i);
			/* P = Q and P = -Q in another representation */
			point p2, p2n;
			rescale(&p2, &p, &rng);
			p2n = p2;
			fe_neg(&p2n.y, &p2.y);
			check_add(&p, &p2, i);
			check_add(&p2n, &p, i);
		}
#endif
	}
	fprintf(stderr, "# %ld valid-point cases\n", cases);
}

/* Chains: the outputs of one call are the inputs of the next, compared after
 * every step (256 doublings, 43 mixed additions, 64 additions), from valid
 * points and from random triples. */
static void test_chains(void **s)
{
	(void)s;
	if (!have_kernels())
		skip();
#if ECFI_X86_64_KERNELS
	test_rng rng;
	test_rng_init(&rng, 0xc4a1);
	long chains = test_iterations(200) / 20;
	for (long i = 0; i < chains; i++) {
		point a, b, q;
		affine qa;
		valid_point(&a, &qa, &rng);
		if (i & 1) /* random triples below p */
			for (int c = 0; c < 3; c++)
				test_rand_below(&rng, (&a.x)[c].limb, P, 4, (int)(c & 1));
		b = a;
		for (int step = 0; step < 256; step++) {
			ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&a, (const uint64_t *)&a);
			jac_dbl_c(&b, &b, FLAG_PORTABLE);
			expect_point(&a, &b, "doubling chain", i * 1000 + step);
		}
		for (int step = 0; step < 43; step++) {
			valid_point(&q, &qa, &rng);
			ecfk_p256_jac_madd_mulx_adx((uint64_t *)&a, (const uint64_t *)&a, (const uint64_t *)&qa);
			jac_madd_c(&b, &b, &qa, FLAG_PORTABLE);
			expect_point(&a, &b, "mixed-addition chain", i * 1000 + step);
		}
		for (int step = 0; step < 64; step++) {
			valid_point(&q, &qa, &rng);
			if (step & 1) {
				ecfk_p256_jac_add_mulx_adx((uint64_t *)&a, (const uint64_t *)&q, (const uint64_t *)&a);
				jac_add_c(&b, &q, &b, FLAG_PORTABLE);
			} else {
				ecfk_p256_jac_add_mulx_adx((uint64_t *)&a, (const uint64_t *)&a, (const uint64_t *)&q);
				jac_add_c(&b, &b, &q, FLAG_PORTABLE);
			}
			expect_point(&a, &b, "addition chain", i * 1000 + step);
		}
	}
	fprintf(stderr, "# %ld chains of 256 doublings, 43 mixed additions, 64 additions\n", chains);
#endif
}

#if ECFI_X86_64_KERNELS
/* Calls the kernel `op` on (p, q) from this frame after painting the stack
 * below it, and counts the needles left there. */
__attribute__((noinline)) static size_t stack_left(int op, const point *p, const point *q, const uint8_t *needles,
                                                   size_t count)
{
	point r;
	test_stack_paint(0);
	if (op == 0)
		ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&r, (const uint64_t *)p);
	else if (op == 1)
		ecfk_p256_jac_madd_mulx_adx((uint64_t *)&r, (const uint64_t *)p, (const uint64_t *)q);
	else if (op == 2)
		ecfk_p256_jac_add_mulx_adx((uint64_t *)&r, (const uint64_t *)p, (const uint64_t *)q);
	else if (op == 4) {
		uint64_t next[8];
		ecfk_p256_jac_madd_scan_mulx_adx_avx2((uint64_t *)&r, (const uint64_t *)p, (const uint64_t *)q, next,
		                                      scan_table, 5);
		ecfi_wipe(next, sizeof next);
	} else
		ecfk_p256_jac_dbl_n_mulx_adx((uint64_t *)&r, (const uint64_t *)p, 1); /* GG: 8 Y^4 of p */
	size_t n = test_stack_count(needles, count, 8);
	ecfi_wipe(&r, sizeof r);
	return n;
}

/* The needles of kernel op (computed in a function of their own, so that no
 * limb stays in a callee-saved register of the test, which the kernel would
 * push and the scan would find). */
__attribute__((noinline)) static void make_needles(uint8_t needles[9][8], int op, const point *pp, const point *qp)
{
	const point p = *pp, q = *qp;
	/* zz: Z1^2, in the frames of madd and add (the doubling keeps
	 * delta = Z^2 in registers); hi: a value each routine stores in its
	 * frame and never overwrites: 8 gamma^2 = 8 Y^4 (dbl, top of its
	 * frame), Z1^3 (madd, middle), Z1 Z2 (add, top) */
	fe zz, hi;
	fe_sqr(&zz, &p.z, FLAG_PORTABLE);
	if (op == 0 || op == 3) {
		fe_sqr(&hi, &p.y, FLAG_PORTABLE);
		fe_sqr(&hi, &hi, FLAG_PORTABLE);
		fe_add(&hi, &hi, &hi);
		fe_add(&hi, &hi, &hi);
		fe_add(&hi, &hi, &hi);
	} else if (op == 1 || op == 4) {
		fe_mul(&hi, &zz, &p.z, FLAG_PORTABLE);
	} else {
		fe_mul(&hi, &p.z, &q.z, FLAG_PORTABLE);
	}
	memcpy(needles[0], &p.x.limb[0], 8);
	memcpy(needles[1], &p.y.limb[1], 8);
	memcpy(needles[2], &p.z.limb[2], 8);
	memcpy(needles[3], &zz.limb[0], 8);
	memcpy(needles[4], &zz.limb[3], 8);
	memcpy(needles[5], &hi.limb[1], 8);
	memcpy(needles[6], &hi.limb[2], 8);
	memcpy(needles[7], &q.x.limb[3], 8); /* q: madd and add only */
	memcpy(needles[8], &q.y.limb[0], 8);
}
#endif

/* No secret left in the stack: the input coordinates (the additions copy q
 * into the frame) and intermediate values from the middle and the top
 * of each frame must not be found below the caller after the call. */
static void test_stack_wiped(void **s)
{
	(void)s;
	TEST_SKIP_UNDER_ASAN();
	if (!have_kernels())
		skip();
#if ECFI_X86_64_KERNELS
	test_rng rng;
	test_rng_init(&rng, 0x5ac256);
	for (int op = 0; op < (have_fused ? 5 : 4); op++) { /* 4: the fused madd + scan */
		point p, q;
		for (int c = 0; c < 3; c++) {
			test_rand_below(&rng, (&p.x)[c].limb, P, 4, 0);
			test_rand_below(&rng, (&q.x)[c].limb, P, 4, 0);
		}
		uint8_t needles[9][8];
		make_needles(needles, op, &p, &q);
		size_t n = stack_left(op, &p, &q, needles[0], op == 0 || op == 3 ? 7 : 9);
		test_expect(n == 0, "kernel %d left %zu secret limbs in the stack", op, n);
	}
#endif
}

#if ECFI_X86_64_KERNELS && defined(ECF_TEST_ABI_TRAMPOLINE)
typedef void (*any_fn)(void);
uint32_t ecft_abi_call(any_fn fn, uint64_t a0, uint64_t a1, uint64_t a2);
uint32_t ecft_abi_call6(any_fn fn, const uint64_t args[6]);
#endif

/* The System V ABI (test/abi_trampoline_x86_64.S, as test_abi): each routine
 * called with canaries in the callee-saved registers, which must come back
 * with rsp and the direction flag; guard words around the output must stay;
 * the result must still equal the C body's (the arguments arrived). */
static void test_abi(void **s)
{
	(void)s;
	if (!have_kernels())
		skip();
#if ECFI_X86_64_KERNELS && defined(ECF_TEST_ABI_TRAMPOLINE)
	static const uint64_t GUARD = 0x5a5aa5a5c3c33c3cULL;
	test_rng rng;
	test_rng_init(&rng, 0xab1256);
	const any_fn fns[4] = {(any_fn)ecfk_p256_jac_dbl_mulx_adx, (any_fn)ecfk_p256_jac_madd_mulx_adx,
	                       (any_fn)ecfk_p256_jac_add_mulx_adx, (any_fn)ecfk_p256_jac_dbl_n_mulx_adx};
	for (int round = 0; round < 20; round++)
		for (int op = 0; op < 4; op++) {
			point p, q, want;
			uint64_t rbuf[14];
			for (int c = 0; c < 3; c++) {
				test_rand_below(&rng, (&p.x)[c].limb, P, 4, round & 1);
				test_rand_below(&rng, (&q.x)[c].limb, P, 4, round & 1);
			}
			affine qa = {q.x, q.y};
			rbuf[0] = rbuf[13] = GUARD;
			uint32_t broken =
			    ecft_abi_call(fns[op], (uint64_t)(uintptr_t)(rbuf + 1), (uint64_t)(uintptr_t)&p,
			                  op == 1   ? (uint64_t)(uintptr_t)&qa
			                  : op == 3 ? (uint64_t)(round % 4 + 1)
			                            : (uint64_t)(uintptr_t)&q);
			test_expect(broken == 0, "kernel %d broke the ABI (mask 0x%x: rbx rbp r12 r13 r14 r15 rsp df)",
			            op, broken);
			if (op == 0)
				jac_dbl_c(&want, &p, FLAG_PORTABLE);
			else if (op == 1)
				jac_madd_c(&want, &p, &qa, FLAG_PORTABLE);
			else if (op == 2)
				jac_add_c(&want, &p, &q, FLAG_PORTABLE);
			else
				for (int k = 0, nd = round % 4 + 1; k < nd; k++)
					jac_dbl_c(&want, k == 0 ? &p : &want, FLAG_PORTABLE);
			test_expect_limbs(rbuf + 1, want.x.limb, 12, "kernel %d through the trampoline, round %d", op,
			                  round);
			test_expect(rbuf[0] == GUARD && rbuf[13] == GUARD, "kernel %d wrote outside its output", op);
		}
	fprintf(stderr, "# 80 calls through the ABI trampoline\n");
	/* the fused madd + scan, six arguments */
	for (int round = 0; have_fused && round < 20; round++) {
		point p, want;
		affine qa;
		uint64_t rbuf[14], nbuf[10], wnext[8];
		for (int c = 0; c < 3; c++)
			test_rand_below(&rng, (&p.x)[c].limb, P, 4, round & 1);
		test_rand_below(&rng, qa.x.limb, P, 4, 0);
		test_rand_below(&rng, qa.y.limb, P, 4, 0);
		uint64_t d = (uint64_t)(round * 7) % 66;
		rbuf[0] = rbuf[13] = nbuf[0] = nbuf[9] = GUARD;
		const uint64_t args[6] = {(uint64_t)(uintptr_t)(rbuf + 1), (uint64_t)(uintptr_t)&p,
		                          (uint64_t)(uintptr_t)&qa,        (uint64_t)(uintptr_t)(nbuf + 1),
		                          (uint64_t)(uintptr_t)scan_table, d};
		uint32_t broken = ecft_abi_call6((any_fn)ecfk_p256_jac_madd_scan_mulx_adx_avx2, args);
		test_expect(broken == 0, "jac_madd_scan broke the ABI (mask 0x%x: rbx rbp r12 r13 r14 r15 rsp df)",
		            broken);
		jac_madd_c(&want, &p, &qa, FLAG_PORTABLE);
		want_selection(wnext, scan_table, d);
		test_expect_limbs(rbuf + 1, want.x.limb, 12, "jac_madd_scan through the trampoline, round %d", round);
		test_expect_limbs(nbuf + 1, wnext, 8, "jac_madd_scan's next through the trampoline, round %d", round);
		test_expect(rbuf[0] == GUARD && rbuf[13] == GUARD && nbuf[0] == GUARD && nbuf[9] == GUARD,
		            "jac_madd_scan wrote outside its outputs");
	}
#else
	fprintf(stderr, "# no ABI trampoline in this build: skipped\n");
	skip();
#endif
}

int main(void)
{
	mpz_init(P);
	test_mpz_set_hex(P, P256_HEX);
#if ECFI_X86_64_KERNELS
	{
		uint32_t sup = ecfi_cpu_supported_kernels();
		have_fused = (sup & ECFI_KERNEL_MULX_ADX) != 0 && (sup & ECFI_KERNEL_AVX2) != 0;
		test_rng rng;
		test_rng_init(&rng, 0x7ab256);
		for (size_t w = 0; w < 64 * 8; w++)
			scan_table[w] = test_rng_next(&rng);
	}
#endif
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_dbl),         cmocka_unit_test(test_dbl_n),
	                                   cmocka_unit_test(test_madd),        cmocka_unit_test(test_madd_scan),
	                                   cmocka_unit_test(test_add),         cmocka_unit_test(test_valid_points),
	                                   cmocka_unit_test(test_gmp_model),   cmocka_unit_test(test_chains),
	                                   cmocka_unit_test(test_stack_wiped), cmocka_unit_test(test_abi)};
	int rc = cmocka_run_group_tests_name("p256_steps", tests, NULL, NULL);
	mpz_clear(P);
	return rc;
}
