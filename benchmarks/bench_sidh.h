/*
 * Benchmarks of one isogeny field (lib/fields/sidh_field_impl.h): GF(p) add,
 * sub, mul, sqr, mp_mul, redc, inv and GF(p^2) fp2_add, fp2_mul, fp2_sqr,
 * fp2_inv, each through the public entry for every kernel tier. Include after
 * defining FIELD (token) and NL (limbs); defines bench_sidh_<FIELD>().
 *
 * Chains ping-pong between two buffers (the output of one call is the input
 * of the next; never in place), so every figure is a latency. mp_mul feeds the
 * low half of its product back as the next operand; redc writes into the low
 * half of the other buffer, whose high half stays below p.
 *
 * mp_mul is also measured for the portable schoolbook and one-level Karatsuba
 * forms (mont_friendly.h) called directly, which is how the portable kernel's
 * choice for 10 and 12 limbs was made. The Fp2 mul of the field named in
 * SIDH_BENCH_CALLS is measured public / direct / pointer: the public entry
 * (flag test), the same code built on direct kernel calls (no flag), and the
 * same code calling mp_mul and redc through function pointers.
 */
#include <string.h>

#include "bench.h"
#include "dispatch/cpu.h"
#include "fields/sidh_internal.h"
#include "kernels/kernels.h"
#include "kernels/portable/mont_friendly.h"

#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FP2 ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fp2)
#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define IN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _), op)
#define KERNEL(op, tier) ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfk_, FIELD), _), op), _), tier)
#define BN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(bench_sidh_, FIELD), _), op)
#define STR2(x) #x
#define STR(x) STR2(x)

typedef struct {
	FE a, b, c;
	FP2 x, y, z;
	uint64_t t1[2 * NL], t2[2 * NL];
	ecfi_mp_mul_fn mp_ptr;
	ecfi_redc_fn rd_ptr;
} BN(state);

static BN(state) BN(st);

#define FP_BINARY(op) BENCH_CHAIN2(BN(op), BN(state), FN(op), a, b, c)
#define FP_UNARY(op) BENCH_CHAIN1(BN(op), BN(state), FN(op), a, b)
#define FP2_BINARY(op) BENCH_CHAIN2(BN(op), BN(state), FN(op), x, y, z)
#define FP2_UNARY(op) BENCH_CHAIN1(BN(op), BN(state), FN(op), x, y)
FP_BINARY(add)
FP_BINARY(sub)
FP_BINARY(mul)
FP_UNARY(sqr)
FP_UNARY(inv)
FP2_BINARY(fp2_add)
FP2_BINARY(fp2_mul)
FP2_UNARY(fp2_sqr)
FP2_UNARY(fp2_inv)

static void BN(mp_mul)(void *p, long n)
{
	BN(state) *s = p;
	for (long i = 0; i < n; i += 2) {
		FN(mp_mul)(s->t2, (const FE *)s->t1, &s->c);
		FN(mp_mul)(s->t1, (const FE *)s->t2, &s->c);
	}
}
#define MP_DIRECT(name, call)                                                                                          \
	static void BN(name)(void *p, long n)                                                                          \
	{                                                                                                              \
		BN(state) *s = p;                                                                                      \
		for (long i = 0; i < n; i += 2) {                                                                      \
			call(s->t2, s->t1, s->c.limb);                                                                 \
			call(s->t1, s->t2, s->c.limb);                                                                 \
		}                                                                                                      \
	}
static void BN(school)(uint64_t *c, const uint64_t *a, const uint64_t *b) { ecfi_mp_mul_school(c, a, b, NL); }
MP_DIRECT(mp_mul_school, BN(school))
#if NL % 2 == 0
static void BN(karatsuba)(uint64_t *c, const uint64_t *a, const uint64_t *b) { ecfi_mp_mul_karatsuba(c, a, b, NL); }
MP_DIRECT(mp_mul_karatsuba, BN(karatsuba))
#endif

static void BN(redc)(void *p, long n)
{
	BN(state) *s = p;
	for (long i = 0; i < n; i += 2) {
		FN(redc)((FE *)s->t2, s->t1);
		FN(redc)((FE *)s->t1, s->t2);
	}
}

#define FP2_MUL_DIRECT(tier)                                                                                           \
	static void BN(fp2_mul_direct_##tier)(void *p, long n)                                                         \
	{                                                                                                              \
		BN(state) *s = p;                                                                                      \
		for (long i = 0; i < n; i += 2) {                                                                      \
			IN(fp2_mul_##tier)(&s->x, &s->y, &s->z);                                                       \
			IN(fp2_mul_##tier)(&s->y, &s->x, &s->z);                                                       \
		}                                                                                                      \
	}
FP2_MUL_DIRECT(portable)
#if ECFI_X86_64_KERNELS
FP2_MUL_DIRECT(mulx_adx)
#endif
static void BN(fp2_mul_pointer)(void *p, long n)
{
	BN(state) *s = p;
	ecfi_mp_mul_fn volatile vm = s->mp_ptr; /* opaque to the compiler */
	ecfi_redc_fn volatile vr = s->rd_ptr;
	ecfi_mp_mul_fn mp = vm;
	ecfi_redc_fn rd = vr;
	for (long i = 0; i < n; i += 2) {
		IN(fp2_mul_pointer)(&s->x, &s->y, &s->z, mp, rd);
		IN(fp2_mul_pointer)(&s->y, &s->x, &s->z, mp, rd);
	}
}

/* The mul and sqr kernels called directly, square chains x = k(y, y): the
 * squaring's gain over the multiplication in one interleaved group. */
#define SQ_DIRECT(name, call)                                                                                          \
	static void BN(name)(void *p, long n)                                                                          \
	{                                                                                                              \
		BN(state) *s = p;                                                                                      \
		for (long i = 0; i < n; i += 2) {                                                                      \
			call;                                                                                          \
		}                                                                                                      \
	}
SQ_DIRECT(sqr_kernel_portable,
          (KERNEL(sqr, portable)(s->a.limb, s->b.limb), KERNEL(sqr, portable)(s->b.limb, s->a.limb)))
SQ_DIRECT(mul_kernel_portable, (KERNEL(mul, portable)(s->a.limb, s->b.limb, s->b.limb),
                                KERNEL(mul, portable)(s->b.limb, s->a.limb, s->a.limb)))
#if ECFI_X86_64_KERNELS
SQ_DIRECT(sqr_kernel_mulx_adx,
          (KERNEL(sqr, mulx_adx)(s->a.limb, s->b.limb), KERNEL(sqr, mulx_adx)(s->b.limb, s->a.limb)))
SQ_DIRECT(mul_kernel_mulx_adx, (KERNEL(mul, mulx_adx)(s->a.limb, s->b.limb, s->b.limb),
                                KERNEL(mul, mulx_adx)(s->b.limb, s->a.limb, s->a.limb)))
#endif

static void BN(one_op)(const char *op, bench_body body) { bench_public(STR(FIELD), op, body, &BN(st), NULL, 0); }

static void ECFI_CAT(bench_sidh_, FIELD)(int with_calls)
{
	BN(state) *s = &BN(st);
	memset(s, 0, sizeof *s);
	/* Operands that look random: powers of a generator-ish element. */
	FN(one)(&s->a);
	FN(mul_small)(&s->b, &s->a, 0x9e3779b97f4a7c15ULL);
	FN(sqr)(&s->c, &s->b);
	FN(mul)(&s->c, &s->c, &s->b);
	s->x.re = s->b;
	s->x.im = s->c;
	FN(fp2_sqr)(&s->y, &s->x);
	FN(fp2_mul)(&s->z, &s->y, &s->x);
	for (size_t i = 0; i < NL; i++) { /* high halves below p: valid redc inputs */
		s->t1[i] = s->c.limb[i];
		s->t2[i] = s->b.limb[i];
		s->t1[NL + i] = s->b.limb[i] >> 2;
		s->t2[NL + i] = s->c.limb[i] >> 2;
	}

	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);

	BN(one_op)("add", BN(add));
	BN(one_op)("sub", BN(sub));
	BN(one_op)("mul", BN(mul));
	{
		/* sqr through the public entry, then the sqr and mul kernels directly. */
		bench_variant v[4];
		size_t nv = 0;
		v[nv++] = (bench_variant){"portable_sqr", "direct", 0, BN(sqr_kernel_portable), s};
		v[nv++] = (bench_variant){"portable_mul", "direct", 0, BN(mul_kernel_portable), s};
#if ECFI_X86_64_KERNELS
		if (ecfi_cpu_supported_kernels() & ECFI_KERNEL_MULX_ADX) {
			v[nv++] = (bench_variant){"mulx_adx_sqr", "direct", 0, BN(sqr_kernel_mulx_adx), s};
			v[nv++] = (bench_variant){"mulx_adx_mul", "direct", 0, BN(mul_kernel_mulx_adx), s};
		}
#endif
		bench_public(STR(FIELD), "sqr", BN(sqr), s, v, nv);
	}
	{
		bench_variant v[6];
		size_t nv = 0;
		for (size_t k = 0; k < nt; k++)
			v[nv++] = (bench_variant){names[k], "public", flags[k], BN(mp_mul), s};
		v[nv++] = (bench_variant){"portable_school", "direct", 0, BN(mp_mul_school), s};
#if NL % 2 == 0
		v[nv++] = (bench_variant){"portable_karatsuba", "direct", 0, BN(mp_mul_karatsuba), s};
#endif
		bench_group(STR(FIELD), "mp_mul", v, nv);
	}
	BN(one_op)("redc", BN(redc));
	BN(one_op)("inv", BN(inv));
	BN(one_op)("fp2_add", BN(fp2_add));
	if (with_calls) {
		/* Per tier: public, direct, pointer, interleaved in one group. The
		 * pointer rows get their own state, holding that tier's kernels. */
		static BN(state) ptr_st[4];
		bench_variant v[8];
		size_t nv = 0;
		for (size_t k = 0; k < nt && k < 2; k++) {
			bench_body direct = BN(fp2_mul_direct_portable);
			ptr_st[k] = *s;
			ptr_st[k].mp_ptr = KERNEL(mp_mul, portable);
			ptr_st[k].rd_ptr = KERNEL(redc, portable);
#if ECFI_X86_64_KERNELS
			if (flags[k] & ECFI_KERNEL_MULX_ADX) {
				direct = BN(fp2_mul_direct_mulx_adx);
				ptr_st[k].mp_ptr = KERNEL(mp_mul, mulx_adx);
				ptr_st[k].rd_ptr = KERNEL(redc, mulx_adx);
			}
#endif
			v[nv++] = (bench_variant){names[k], "public", flags[k], BN(fp2_mul), s};
			v[nv++] = (bench_variant){names[k], "direct", flags[k], direct, s};
			v[nv++] = (bench_variant){names[k], "pointer", flags[k], BN(fp2_mul_pointer), &ptr_st[k]};
		}
		bench_group(STR(FIELD), "fp2_mul", v, nv);
	} else {
		BN(one_op)("fp2_mul", BN(fp2_mul));
	}
	BN(one_op)("fp2_sqr", BN(fp2_sqr));
	BN(one_op)("fp2_inv", BN(fp2_inv));
}

#undef FE
#undef FP2
#undef FN
#undef IN
#undef KERNEL
#undef BN
#undef FP_BINARY
#undef FP_UNARY
#undef FP2_BINARY
#undef FP2_UNARY
#undef MP_DIRECT
#undef SQ_DIRECT
#undef FP2_MUL_DIRECT
