/*
 * Benchmarks of every operation of a Montgomery field built from
 * lib/fields/mont_field_impl.h. Include after defining FIELD (token) and NL
 * (limbs); defines bench_mont_<FIELD>(). mul is measured three ways per
 * kernel: through the public entry (flag branch), by calling the kernel
 * directly, and through a function pointer.
 */
#include <string.h>

#include "bench.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

#define FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define KERNEL(op, tier) ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfk_, FIELD), _), op), _), tier)
#define BN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(bench_, FIELD), _), op)
#define STR2(x) #x
#define STR(x) STR2(x)

typedef struct {
	FE a, b, c;
	uint64_t t[2 * NL];
	uint8_t bytes[8 * NL];
	FE table[16];
	void (*mul_ptr)(uint64_t *, const uint64_t *, const uint64_t *);
} BN(state);

static BN(state) BN(st);

BENCH_CHAIN2(BN(mul), BN(state), FN(mul), a, b, c)
#define DIRECT_MUL(tier)                                                                                               \
	static void BN(mul_direct_##tier)(void *p, long n)                                                             \
	{                                                                                                              \
		BN(state) *s = p;                                                                                      \
		for (long i = 0; i < n; i += 2) {                                                                      \
			KERNEL(mul, tier)(s->a.limb, s->b.limb, s->c.limb);                                            \
			KERNEL(mul, tier)(s->b.limb, s->a.limb, s->c.limb);                                            \
		}                                                                                                      \
	}
DIRECT_MUL(portable)
/* And one for each tier of the field's row in lib/dispatch/tiers.h. */
#define DIRECT_MUL_TIER(tier, ...) DIRECT_MUL(tier)
ECFI_FAMILY_BUILT(FIELD, DIRECT_MUL_TIER, ~)
static void BN(mul_pointer)(void *p, long n)
{
	BN(state) *s = p;
	void (*volatile vf)(uint64_t *, const uint64_t *, const uint64_t *) = s->mul_ptr;
	void (*f)(uint64_t *, const uint64_t *, const uint64_t *) = vf; /* opaque to the compiler */
	for (long i = 0; i < n; i += 2) {
		f(s->a.limb, s->b.limb, s->c.limb);
		f(s->b.limb, s->a.limb, s->c.limb);
	}
}
BENCH_CHAIN1(BN(sqr), BN(state), FN(sqr), a, b)
static void BN(redc)(void *p, long n)
{
	BN(state) *s = p; /* the output is the low half of the next input */
	for (long i = 0; i < n; i++)
		FN(redc)((FE *)s->t, s->t);
}
BENCH_CHAIN1(BN(inv), BN(state), FN(inv), a, b)
#define BINARY(op) BENCH_CHAIN2(BN(op), BN(state), FN(op), a, b, c)
#define UNARY(op) BENCH_CHAIN1(BN(op), BN(state), FN(op), a, b)
BINARY(add)
BINARY(sub)
UNARY(neg)
UNARY(to_mont)
UNARY(from_mont)
static void BN(to_bytes)(void *p, long n)
{
	BN(state) *s = p;
	for (long i = 0; i < n; i++) {
		FN(to_bytes)(s->bytes, &s->a);
		s->a.limb[0] ^= s->bytes[1] & 1; /* chain: 0 keeps the value canonical */
	}
}
/* Chain: the decoded value (and the status) flips low bits of the next input.
 * The flip is one 8-byte store over the limb that from_bytes loads, so that
 * it forwards to that load (a 1-byte store under an 8-byte load does not). */
static void BN(from_bytes)(void *p, long n)
{
	BN(state) *s = p;
	for (long i = 0; i < n; i++) {
		int status = FN(from_bytes)(&s->a, s->bytes, sizeof s->bytes);
		uint64_t w, flip = ((s->a.limb[0] ^ (uint64_t)status) & 1) | 2;
		memcpy(&w, s->bytes + sizeof s->bytes - 8, 8);
		w ^= bench_le64(flip << 56, flip); /* the last byte, least significant (big-endian) */
		memcpy(s->bytes + sizeof s->bytes - 8, &w, 8);
	}
	bench_sink(&s->a, sizeof s->a);
}
static void BN(cmov)(void *p, long n)
{
	BN(state) *s = p;
	for (long i = 0; i < n; i++)
		FN(cmov)(&s->a, &s->b, (int)(s->a.limb[0] & 1));
}
static void BN(equal)(void *p, long n)
{
	BN(state) *s = p; /* chain: each result flips a bit of the next input (a stays canonical) */
	for (long i = 0; i < n; i++)
		s->a.limb[0] ^= 1 ^ (uint64_t)FN(equal)(&s->a, &s->b);
}

static void BN(one_op)(const char *op, bench_body body) { bench_public(STR(FIELD), op, body, &BN(st), NULL, 0); }

static void ECFI_CAT(bench_mont_, FIELD)(void)
{
	BN(state) *s = &BN(st);
	memset(s, 0, sizeof *s);
	FN(one)(&s->a);
	FN(add)(&s->b, &s->a, &s->a);
	FN(add)(&s->c, &s->b, &s->a);
	for (int i = 0; i < 16; i++)
		FN(add)(&s->table[i], i ? &s->table[i - 1] : &s->a, &s->c);
	FN(mul)(&s->c, &s->c, &s->table[7]); /* a "random-looking" multiplier */
	FN(to_bytes)(s->bytes, &s->c);

	uint32_t flags[4];
	const char *names[4];
	size_t nt = bench_tiers(flags, names);
	bench_variant v[8];
	size_t nv = 0;
	for (size_t k = 0; k < nt; k++)
		v[nv++] = (bench_variant){names[k], "public", flags[k], BN(mul), s};
	v[nv++] = (bench_variant){"portable", "direct", 0, BN(mul_direct_portable), s};
	s->mul_ptr = KERNEL(mul, portable);
#define DIRECT_ROW(tier, ...)                                                                                          \
	if (nt > 1) {                                                                                                  \
		v[nv++] = (bench_variant){#tier, "direct", flags[1], BN(mul_direct_##tier), s};                        \
		s->mul_ptr = KERNEL(mul, tier);                                                                        \
	}
	ECFI_FAMILY_BUILT(FIELD, DIRECT_ROW, ~)
#undef DIRECT_ROW
	v[nv++] = (bench_variant){names[nt - 1], "pointer", flags[nt - 1], BN(mul_pointer), s};
	bench_group(STR(FIELD), "mul", v, nv);

	BN(one_op)("sqr", BN(sqr));
	BN(one_op)("redc", BN(redc));
	BN(one_op)("inv", BN(inv));
	BN(one_op)("add", BN(add));
	BN(one_op)("sub", BN(sub));
	BN(one_op)("neg", BN(neg));
	BN(one_op)("to_mont", BN(to_mont));
	BN(one_op)("from_mont", BN(from_mont));
	BN(one_op)("to_bytes", BN(to_bytes));
	BN(one_op)("from_bytes", BN(from_bytes));
	BN(one_op)("cmov", BN(cmov));
	BN(one_op)("equal", BN(equal));
}
