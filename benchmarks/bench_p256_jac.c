/*
 * ecfield-bench rows of the P-256 Jacobian point operations
 * (lib/curves/p256/point_ops.h), field "p256", ops jac_dbl, jac_madd,
 * jac_add: the C bodies (jac_*_c, call "c") on every kernel tier, and on the
 * MULX/ADX tier the fused routines (lib/kernels/x86_64/p256_jac_*_mulx_adx.S,
 * call "fused") in the same interleaved group. Each chain ping-pongs
 * between two points (r = op(a), a = op(r), ...), so every output is the
 * next input; madd and add take a fixed second operand. Internal functions:
 * the bench links the library's internal archive.
 */
#include "bench.h"
#include "curves/p256/point_ops.h"

#ifdef ECF_BENCH_PEER_KERNELS
/* OpenSSL's whole point operations from Debian's static libcrypto.a
 * (crypto/ec/asm/ecp_nistz256-x86_64.pl; the same layout: X, Y, Z as 4
 * little-endian limbs, Montgomery domain; its own MULX/ADX dispatch through
 * OPENSSL_ia32cap_P), kernel "openssl", call "peer". Its additions branch on
 * the inputs (infinity, equal points): public-input peers. */
void OPENSSL_cpuid_setup(void);
void ecp_nistz256_point_double(uint64_t r[12], const uint64_t a[12]);
void ecp_nistz256_point_add(uint64_t r[12], const uint64_t a[12], const uint64_t b[12]);
void ecp_nistz256_point_add_affine(uint64_t r[12], const uint64_t a[12], const uint64_t b[8]);
#endif

typedef struct jac_state {
	point a, b, q;
	affine qa;
	unsigned fast;
} jac_state;

static void run_dbl_c(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		jac_dbl_c(&s->b, &s->a, s->fast);
		jac_dbl_c(&s->a, &s->b, s->fast);
	}
}

static void run_madd_c(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		jac_madd_c(&s->b, &s->a, &s->qa, s->fast);
		jac_madd_c(&s->a, &s->b, &s->qa, s->fast);
	}
}

static void run_add_c(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		jac_add_c(&s->b, &s->a, &s->q, s->fast);
		jac_add_c(&s->a, &s->b, &s->q, s->fast);
	}
}

#if ECFI_X86_64_KERNELS
static void run_dbl_fused(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&s->b, (const uint64_t *)&s->a);
		ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&s->a, (const uint64_t *)&s->b);
	}
}

static void run_madd_fused(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		ecfk_p256_jac_madd_mulx_adx((uint64_t *)&s->b, (const uint64_t *)&s->a, (const uint64_t *)&s->qa);
		ecfk_p256_jac_madd_mulx_adx((uint64_t *)&s->a, (const uint64_t *)&s->b, (const uint64_t *)&s->qa);
	}
}

static void run_add_fused(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		ecfk_p256_jac_add_mulx_adx((uint64_t *)&s->b, (const uint64_t *)&s->a, (const uint64_t *)&s->q);
		ecfk_p256_jac_add_mulx_adx((uint64_t *)&s->a, (const uint64_t *)&s->b, (const uint64_t *)&s->q);
	}
}
#endif

/* jac_dbl5: five doublings per operation (the variable-base window): five
 * calls of the fused doubling (call "fused") against one call of the n-fold
 * routine (call "fused_n", ecfk_p256_jac_dbl_n_mulx_adx with n = 5). */
#if ECFI_X86_64_KERNELS
static void run_dbl5_fused(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&s->b, (const uint64_t *)&s->a);
		for (int k = 0; k < 4; k++)
			ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&s->b, (const uint64_t *)&s->b);
		ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&s->a, (const uint64_t *)&s->b);
		for (int k = 0; k < 4; k++)
			ecfk_p256_jac_dbl_mulx_adx((uint64_t *)&s->a, (const uint64_t *)&s->a);
	}
}

static void run_dbl5_fused_n(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		ecfk_p256_jac_dbl_n_mulx_adx((uint64_t *)&s->b, (const uint64_t *)&s->a, 5);
		ecfk_p256_jac_dbl_n_mulx_adx((uint64_t *)&s->a, (const uint64_t *)&s->b, 5);
	}
}
#endif

#ifdef ECF_BENCH_PEER_KERNELS
static void run_dbl5_ossl(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		ecp_nistz256_point_double((uint64_t *)&s->b, (const uint64_t *)&s->a);
		for (int k = 0; k < 4; k++)
			ecp_nistz256_point_double((uint64_t *)&s->b, (const uint64_t *)&s->b);
		ecp_nistz256_point_double((uint64_t *)&s->a, (const uint64_t *)&s->b);
		for (int k = 0; k < 4; k++)
			ecp_nistz256_point_double((uint64_t *)&s->a, (const uint64_t *)&s->a);
	}
}

static void run_dbl_ossl(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		ecp_nistz256_point_double((uint64_t *)&s->b, (const uint64_t *)&s->a);
		ecp_nistz256_point_double((uint64_t *)&s->a, (const uint64_t *)&s->b);
	}
}

static void run_madd_ossl(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		ecp_nistz256_point_add_affine((uint64_t *)&s->b, (const uint64_t *)&s->a, (const uint64_t *)&s->qa);
		ecp_nistz256_point_add_affine((uint64_t *)&s->a, (const uint64_t *)&s->b, (const uint64_t *)&s->qa);
	}
}

static void run_add_ossl(void *p, long n)
{
	jac_state *s = p;
	for (long i = 0; i < n; i += 2) {
		ecp_nistz256_point_add((uint64_t *)&s->b, (const uint64_t *)&s->a, (const uint64_t *)&s->q);
		ecp_nistz256_point_add((uint64_t *)&s->a, (const uint64_t *)&s->b, (const uint64_t *)&s->q);
	}
}
#endif

void bench_p256_jac(void)
{
	static jac_state st[5];
	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	static const char *const ops[3] = {"jac_dbl", "jac_madd", "jac_add"};
	const bench_body c_body[3] = {run_dbl_c, run_madd_c, run_add_c};
#if ECFI_X86_64_KERNELS
	const bench_body fused_body[3] = {run_dbl_fused, run_madd_fused, run_add_fused};
#endif
#ifdef ECF_BENCH_PEER_KERNELS
	OPENSSL_cpuid_setup();
#endif
	for (size_t k = 0; k < 5; k++) {
		/* a = G in Jacobian form with Z = 1 (any values below p would do);
		 * st[3] is the fused routines', st[4] OpenSSL's */
		ecf_p256_point g;
		ecf_p256_point_generator(&g);
		ecf_p256_point_to_affine(&st[k].qa, &g);
		st[k].a = g;
		ecf_p256_point_double(&st[k].q, &g);
		st[k].fast = k < nt ? flags[k] : 0;
	}
	for (int op = 0; op < 3; op++) {
		bench_variant v[8];
		size_t nv = 0;
		for (size_t k = 0; k < nt && k < 3; k++)
			v[nv++] = (bench_variant){names[k], "c", flags[k], c_body[op], &st[k]};
#if ECFI_X86_64_KERNELS
		for (size_t k = 0; k < nt && k < 3; k++)
			if (ECFI_TIER_ON(flags[k], MULX_ADX))
				v[nv++] = (bench_variant){names[k], "fused", flags[k], fused_body[op], &st[3]};
#endif
#ifdef ECF_BENCH_PEER_KERNELS
		const bench_body ossl_body[3] = {run_dbl_ossl, run_madd_ossl, run_add_ossl};
		v[nv++] = (bench_variant){"openssl", "peer", flags[nt - 1], ossl_body[op], &st[4]};
#endif
		bench_group("p256", ops[op], v, nv);
	}
	{
		bench_variant v[4];
		size_t nv = 0;
#if ECFI_X86_64_KERNELS
		if (ECFI_TIER_ON(flags[nt - 1], MULX_ADX)) {
			v[nv++] = (bench_variant){names[nt - 1], "fused", flags[nt - 1], run_dbl5_fused, &st[3]};
			v[nv++] = (bench_variant){names[nt - 1], "fused_n", flags[nt - 1], run_dbl5_fused_n, &st[1]};
		}
#endif
#ifdef ECF_BENCH_PEER_KERNELS
		v[nv++] = (bench_variant){"openssl", "peer", flags[nt - 1], run_dbl5_ossl, &st[4]};
#endif
		if (nv > 0)
			bench_group("p256", "jac_dbl5", v, nv);
	}
}
