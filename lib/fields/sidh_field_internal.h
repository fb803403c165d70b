/*
 * The internal interface of one isogeny field GF(p) and GF(p^2) (p434, p503,
 * p610, p751), for code inside the library (the field's own composite ops,
 * isogeny protocols): included by lib/fields/sidh_internal.h once per prime,
 * after it defines
 *
 *   FIELD        token, e.g. p503 (types ecf_<FIELD>_fe/_fp2, names ecfi_<FIELD>_*)
 *   FIELD_LIMBS  number of 64-bit limbs
 *
 * and includes the prime's generated constants (ecfi_<FIELD>_P, _P2, _R1, ...).
 *
 * Every public ecf_<FIELD>_<op> has an internal ecfi_<FIELD>_<op> with the
 * same signature and contract (values in [0, 2p), see ecfield/sidh_field.h):
 * the small ops are static inline here, the others hidden functions
 * (lib/fields/sidh_field_impl.h), reached directly, never through the PLT.
 */
#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
#include "common/limbs.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

#define SFI_FE ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fe)
#define SFI_FP2 ECFI_CAT(ECFI_CAT(ecf_, FIELD), _fp2)
#define SFI(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _), op)
#define SFI_P ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _P)
#define SFI_P2 ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _P2)
#define SFI_R1 ECFI_CAT(ECFI_CAT(ecfi_, FIELD), _R1)
#define SFI_N FIELD_LIMBS

/* Debug builds (-Drange_checks=true) check the documented ranges and abort.
 * The check branches on the value: such a build is not constant time. */
#if ECFI_RANGE_CHECKS
#define SFI_CHECK_2P(x, fn)                                                                                            \
	do {                                                                                                           \
		if (!ecfi_limbs_lt_mask((x)->limb, SFI_P2, SFI_N))                                                     \
			ecfi_range_fail(ECFI_STR(FIELD), fn, #x " (must be < 2p)");                                    \
	} while (0)
#else
#define SFI_CHECK_2P(x, fn) ((void)0)
#endif
#define SFI_CHECK_FP2(x, fn)                                                                                           \
	do {                                                                                                           \
		SFI_CHECK_2P(&(x)->re, fn);                                                                            \
		SFI_CHECK_2P(&(x)->im, fn);                                                                            \
	} while (0)

/* Hidden functions (lib/fields/sidh_field_impl.h). */
ECFI_HIDDEN int SFI(from_bytes)(SFI_FE *r, const uint8_t *in, size_t len);
ECFI_HIDDEN void SFI(to_bytes)(uint8_t *out, const SFI_FE *a);
ECFI_HIDDEN void SFI(reduce)(SFI_FE *r, const SFI_FE *a);
ECFI_HIDDEN void SFI(mul)(SFI_FE *r, const SFI_FE *a, const SFI_FE *b);
ECFI_HIDDEN void SFI(sqr)(SFI_FE *r, const SFI_FE *a);
ECFI_HIDDEN void SFI(mp_mul)(uint64_t c[2 * SFI_N], const SFI_FE *a, const SFI_FE *b);
ECFI_HIDDEN void SFI(redc)(SFI_FE *r, const uint64_t t[2 * SFI_N]);
ECFI_HIDDEN void SFI(to_mont)(SFI_FE *r, const SFI_FE *a);
ECFI_HIDDEN void SFI(from_mont)(SFI_FE *r, const SFI_FE *a);
ECFI_HIDDEN void SFI(inv)(SFI_FE *r, const SFI_FE *a);
ECFI_HIDDEN void SFI(mul_small)(SFI_FE *r, const SFI_FE *a, uint64_t k);
ECFI_HIDDEN void SFI(set_u64)(SFI_FE *r, uint64_t v);
ECFI_HIDDEN int SFI(is_zero)(const SFI_FE *a);
ECFI_HIDDEN int SFI(equal)(const SFI_FE *a, const SFI_FE *b);
ECFI_HIDDEN int SFI(lookup)(SFI_FE *r, const SFI_FE *table, size_t n, size_t idx);
ECFI_HIDDEN int SFI(fp2_from_bytes)(SFI_FP2 *r, const uint8_t *in, size_t len);
ECFI_HIDDEN void SFI(fp2_to_bytes)(uint8_t *out, const SFI_FP2 *a);
ECFI_HIDDEN void SFI(fp2_to_mont)(SFI_FP2 *r, const SFI_FP2 *a);
ECFI_HIDDEN void SFI(fp2_from_mont)(SFI_FP2 *r, const SFI_FP2 *a);
ECFI_HIDDEN void SFI(fp2_reduce)(SFI_FP2 *r, const SFI_FP2 *a);
ECFI_HIDDEN void SFI(fp2_mul)(SFI_FP2 *r, const SFI_FP2 *a, const SFI_FP2 *b);
ECFI_HIDDEN void SFI(fp2_sqr)(SFI_FP2 *r, const SFI_FP2 *a);
ECFI_HIDDEN void SFI(fp2_inv)(SFI_FP2 *r, const SFI_FP2 *a);
ECFI_HIDDEN void SFI(fp2_mul_small)(SFI_FP2 *r, const SFI_FP2 *a, uint64_t k);
ECFI_HIDDEN int SFI(fp2_is_zero)(const SFI_FP2 *a);
ECFI_HIDDEN int SFI(fp2_equal)(const SFI_FP2 *a, const SFI_FP2 *b);

/* ---- limb-level helpers on [0, 2p) values ---- */

/* r = a + b mod p in [0, 2p) for a, b in [0, 2p): a + b < 4p < R, then one
 * conditional subtraction of 2p. */
static inline void SFI(add_2p)(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
	uint64_t s[SFI_N], m[SFI_N];
	(void)ecfi_limbs_add(s, a, b, SFI_N);
	/* s - 2p, then 2p back on a borrow: two carry chains, like sub. */
	uint64_t mask = ecfi_mask_from_bit(ecfi_limbs_sub(s, s, SFI_P2, SFI_N));
	for (size_t i = 0; i < SFI_N; i++)
		m[i] = SFI_P2[i] & mask;
	(void)ecfi_limbs_add(r, s, m, SFI_N);
}

/* r = a - b mod p in [0, 2p) for a, b in [0, 2p): add 2p back on a borrow. */
static inline void SFI(sub_2p)(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
	uint64_t d[SFI_N], m[SFI_N];
	uint64_t mask = ecfi_mask_from_bit(ecfi_limbs_sub(d, a, b, SFI_N));
	for (size_t i = 0; i < SFI_N; i++)
		m[i] = SFI_P2[i] & mask;
	(void)ecfi_limbs_add(r, d, m, SFI_N);
}

/* r = a mod p in [0, p) for a in [0, 2p). */
static inline void SFI(reduce_p)(uint64_t *r, const uint64_t *a)
{
	uint64_t d[SFI_N], m[SFI_N];
	uint64_t mask = ecfi_mask_from_bit(ecfi_limbs_sub(d, a, SFI_P, SFI_N));
	for (size_t i = 0; i < SFI_N; i++)
		m[i] = SFI_P[i] & mask;
	(void)ecfi_limbs_add(r, d, m, SFI_N);
}

/* ---- GF(p): the small ops ---- */

static inline void SFI(zero)(SFI_FE *r) { ecfi_limbs_zero(r->limb, SFI_N); }

static inline void SFI(one)(SFI_FE *r) { ecfi_limbs_copy(r->limb, SFI_R1, SFI_N); }

static inline void SFI(add)(SFI_FE *r, const SFI_FE *a, const SFI_FE *b)
{
	SFI_CHECK_2P(a, "add");
	SFI_CHECK_2P(b, "add");
	SFI(add_2p)(r->limb, a->limb, b->limb);
}

static inline void SFI(sub)(SFI_FE *r, const SFI_FE *a, const SFI_FE *b)
{
	SFI_CHECK_2P(a, "sub");
	SFI_CHECK_2P(b, "sub");
	SFI(sub_2p)(r->limb, a->limb, b->limb);
}

static inline void SFI(neg)(SFI_FE *r, const SFI_FE *a)
{
	static const uint64_t zero[SFI_N];
	SFI_CHECK_2P(a, "neg");
	SFI(sub_2p)(r->limb, zero, a->limb);
}

static inline void SFI(cmov)(SFI_FE *r, const SFI_FE *a, int cond)
{
	ecfi_limbs_cmov(r->limb, a->limb, ecfi_mask_cond(cond), SFI_N);
}

/* r = cond ? a : b. */
static inline void SFI(select)(SFI_FE *r, const SFI_FE *a, const SFI_FE *b, int cond)
{
	uint64_t mask = ecfi_mask_cond(cond);
	for (size_t i = 0; i < SFI_N; i++)
		r->limb[i] = b->limb[i] ^ (mask & (a->limb[i] ^ b->limb[i]));
}

/* a and b may alias (then nothing changes). */
static inline void SFI(cswap)(SFI_FE *a, SFI_FE *b, int cond)
{
	ecfi_limbs_cswap(a->limb, b->limb, ecfi_mask_cond(cond), SFI_N);
}

static inline void SFI(cneg)(SFI_FE *r, int cond)
{
	SFI_FE n;
	SFI(neg)(&n, r);
	SFI(cmov)(r, &n, cond);
}

/* ---- GF(p^2): the small ops ---- */

static inline void SFI(fp2_zero)(SFI_FP2 *r)
{
	SFI(zero)(&r->re);
	SFI(zero)(&r->im);
}

static inline void SFI(fp2_one)(SFI_FP2 *r)
{
	SFI(one)(&r->re);
	SFI(zero)(&r->im);
}

static inline void SFI(fp2_add)(SFI_FP2 *r, const SFI_FP2 *a, const SFI_FP2 *b)
{
	SFI_CHECK_FP2(a, "fp2_add");
	SFI_CHECK_FP2(b, "fp2_add");
	SFI(add_2p)(r->re.limb, a->re.limb, b->re.limb);
	SFI(add_2p)(r->im.limb, a->im.limb, b->im.limb);
}

static inline void SFI(fp2_sub)(SFI_FP2 *r, const SFI_FP2 *a, const SFI_FP2 *b)
{
	SFI_CHECK_FP2(a, "fp2_sub");
	SFI_CHECK_FP2(b, "fp2_sub");
	SFI(sub_2p)(r->re.limb, a->re.limb, b->re.limb);
	SFI(sub_2p)(r->im.limb, a->im.limb, b->im.limb);
}

static inline void SFI(fp2_neg)(SFI_FP2 *r, const SFI_FP2 *a)
{
	SFI(neg)(&r->re, &a->re);
	SFI(neg)(&r->im, &a->im);
}

static inline void SFI(fp2_conj)(SFI_FP2 *r, const SFI_FP2 *a)
{
	SFI_CHECK_FP2(a, "fp2_conj");
	r->re = a->re;
	SFI(neg)(&r->im, &a->im);
}

static inline void SFI(fp2_cmov)(SFI_FP2 *r, const SFI_FP2 *a, int cond)
{
	SFI(cmov)(&r->re, &a->re, cond);
	SFI(cmov)(&r->im, &a->im, cond);
}

static inline void SFI(fp2_select)(SFI_FP2 *r, const SFI_FP2 *a, const SFI_FP2 *b, int cond)
{
	SFI(select)(&r->re, &a->re, &b->re, cond);
	SFI(select)(&r->im, &a->im, &b->im, cond);
}

static inline void SFI(fp2_cswap)(SFI_FP2 *a, SFI_FP2 *b, int cond)
{
	SFI(cswap)(&a->re, &b->re, cond);
	SFI(cswap)(&a->im, &b->im, cond);
}

#undef SFI_FE
#undef SFI_FP2
#undef SFI
#undef SFI_P
#undef SFI_P2
#undef SFI_R1
#undef SFI_N
#undef SFI_CHECK_2P
#undef SFI_CHECK_FP2
