/* modinv.c - constant-time modular inversion by Bernstein-Yang divsteps.
 *
 * Reference: D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd computation
 * and modular inversion", TCHES 2019 (https://gcd.cr.yp.to/papers.html). The
 * organisation (batches of divsteps on the low bits, transition matrix scaled
 * to 2^62, signed-62 limbs, d/e kept in (-2m, m) with a modular correction)
 * follows the description in libsecp256k1's doc/safegcd_implementation.md;
 * the code here is written independently.
 *
 * Notation: one divstep maps (delta, f, g), f odd, to
 *     (1 - delta, g, (g - f) / 2)   if delta > 0 and g odd,
 *     (1 + delta, f, (g + f) / 2)   if g odd (and delta <= 0),
 *     (1 + delta, f,  g      / 2)   otherwise.
 * Starting from (delta0, m, x), after enough steps g = 0 and f = +-gcd(m, x).
 * Alongside, d and e with d*x = f, e*x = g (mod m) give d = +-x^-1 mod m.
 *
 * We store D = 2*delta (an integer for both variants) as E = -D, so that
 * "delta > 0" is the sign bit of E.
 *
 * Iteration bounds (the number of divsteps run is steps_per_batch*nbatches,
 * chosen by modinv_params.py; running more steps than needed is harmless,
 * since once g = 0 further divsteps leave f, d unchanged):
 *  - m <= 0x101c840f...afec2 (> 2^256), delta0 = 1/2 ("hddivsteps"):
 *    590 steps suffice for any 0 <= g <= f = m. Proven (Coq) in
 *    github.com/sipa/safegcd-bounds (coq/hddivsteps, hddivsteps590_inverse),
 *    as used by libsecp256k1 (doc/safegcd_implementation.md, section 2).
 *    We run 10 batches of 59 steps (60 on x86-64, see divsteps60 below).
 *  - otherwise, delta0 = 1 (original divsteps): Bernstein-Yang Theorem 11.2:
 *    if b = log2(f^2 + 4 g^2) > 92 then floor(49 b / 34) steps suffice. With
 *    0 <= g < f = m < 2^k, b < 2k + log2(5) < 2k + 2.33, hence
 *    floor((98 k + 115) / 34) steps suffice (e.g. k = 256 -> 741,
 *    k = 503 -> 1453, k = 751 -> 2168). Batches of 62 steps.
 *
 * Representation: f, g, d, e are N = nlimbs62 signed-62 limbs, value =
 * sum l[i] * 2^(62 i); limbs 0..N-2 in [0, 2^62), limb N-1 signed.
 * |f|, |g| <= m, and d, e stay in (-2m, m). N = ceil((bits(m) + 2) / 62).
 *
 * Constant time: all loop counts and memory indices depend only on the
 * (public) parameters; data-dependent choices use masks.
 */
#include "modinv.h"

#include <stddef.h>
#include <stdint.h>

#define M62 (UINT64_MAX >> 2)

#if defined(__GNUC__) || defined(__clang__)
#define ECFI_INLINE static inline __attribute__((always_inline))
#else
#define ECFI_INLINE static inline
#endif

/* ---------------------------------------------------------------------------
 * Signed 128-bit accumulator: 64x64 -> 128 signed multiply-accumulate and
 * arithmetic shift right by 62. Uses __int128 when available; otherwise (e.g.
 * 32-bit targets, or with -DECFI_NO_INT128) a branch-free portable version.
 * ------------------------------------------------------------------------- */
#if defined(__SIZEOF_INT128__) && !defined(ECFI_NO_INT128)

__extension__ typedef __int128 acc_t;

ECFI_INLINE acc_t acc_mul(int64_t a, int64_t b) { return (acc_t)a * b; }
ECFI_INLINE acc_t acc_mac(acc_t r, int64_t a, int64_t b) { return r + (acc_t)a * b; }
ECFI_INLINE uint64_t acc_lo(acc_t r) { return (uint64_t)r; }
ECFI_INLINE acc_t acc_sar62(acc_t r) { return r >> 62; }

#else

typedef struct {
	uint64_t lo;
	uint64_t hi;
} acc_t; /* two's complement */

ECFI_INLINE acc_t acc_mul(int64_t a, int64_t b)
{
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
	uint64_t al = ua & 0xffffffffu, ah = ua >> 32;
	uint64_t bl = ub & 0xffffffffu, bh = ub >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
	acc_t r;
	r.lo = (ll & 0xffffffffu) | (mid << 32);
	r.hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
	/* unsigned product -> signed product: subtract b*2^64 if a < 0, a*2^64 if b < 0 */
	r.hi -= (ub & (uint64_t)(a >> 63)) + (ua & (uint64_t)(b >> 63));
	return r;
}

ECFI_INLINE acc_t acc_add(acc_t r, acc_t s)
{
	acc_t t;
	t.lo = r.lo + s.lo;
	/* carry out of the low word, computed without comparisons */
	uint64_t carry = ((r.lo & s.lo) | ((r.lo | s.lo) & ~t.lo)) >> 63;
	t.hi = r.hi + s.hi + carry;
	return t;
}

ECFI_INLINE acc_t acc_mac(acc_t r, int64_t a, int64_t b) { return acc_add(r, acc_mul(a, b)); }
ECFI_INLINE uint64_t acc_lo(acc_t r) { return r.lo; }
ECFI_INLINE acc_t acc_sar62(acc_t r)
{
	acc_t t;
	t.lo = (r.lo >> 62) | (r.hi << 2);
	t.hi = (uint64_t)((int64_t)r.hi >> 62);
	return t;
}

#endif

/* Transition matrix of one batch, scaled by 2^62:
 * [f'; g'] = [u v; q r] [f; g] / 2^62. |u| + |v| <= 2^62, |q| + |r| <= 2^62. */
typedef struct {
	int64_t u, v, q, r;
} trans_t;

/* Run S (1..62) divsteps on the low bits of f and g (only the low S bits
 * matter). E = -2*delta. Returns the new E. The matrix starts at 2^(62-S)*I
 * and the f row is doubled every step, so after S steps it is the exact
 * transition matrix scaled by 2^62. */
ECFI_INLINE int64_t divsteps(int64_t E, uint64_t f, uint64_t g, trans_t *t, int S)
{
	uint64_t u = (uint64_t)1 << (62 - S), v = 0, q = 0, r = u;
	int i;
	for (i = 0; i < S; i++) {
		uint64_t c1 = (uint64_t)(E >> 63); /* all ones if delta > 0 */
		uint64_t c2 = -(g & 1);            /* all ones if g odd */
		uint64_t x = (f ^ c1) - c1;        /* delta > 0 ? -f : f */
		uint64_t y = (u ^ c1) - c1;
		uint64_t z = (v ^ c1) - c1;
		g += x & c2;
		q += y & c2;
		r += z & c2;
		c1 &= c2;                                   /* swap: delta > 0 and g odd */
		E = (int64_t)(((uint64_t)E ^ c1) - c1 - 2); /* swap ? -E-2 : E-2 */
		f += g & c1;                                /* swap ? old g : f */
		u += q & c1;
		v += r & c1;
		g >>= 1;
		u <<= 1;
		v <<= 1;
	}
	t->u = (int64_t)u;
	t->v = (int64_t)v;
	t->q = (int64_t)q;
	t->r = (int64_t)r;
	return E;
}

/* ---------------------------------------------------------------------------
 * x86-64 fast path for batches of at most 60 steps (the half-delta moduli,
 * 59-step batches): two sub-batches of 30 divsteps in inline assembly, each
 * step branch-free with CMOV, then the two 2^30-scaled matrices multiplied
 * into one 2^62-scaled matrix (running 60 steps where 59 were asked is
 * harmless, see above). Why: the C loop above is about 27 ALU operations per
 * step, so about 6-7 cycles on a 4-ALU core; here the matrix rows are packed
 * two 32-bit lanes to a register (|u| + |v| <= 2^30 after 30 steps, so each
 * entry fits a signed 32-bit lane) and both outcomes of a step are computed
 * side by side and selected: 18 ALU operations and a 4-cycle dependency chain
 * per step. Measured in docs/p25519.md. Define ECFI_MODINV_NO_ASM to use the
 * C loop everywhere (the tests build both).
 *
 * Registers per step (E = -2*delta, so E < 0 means delta > 0):
 *   A = g + f, B = qr + uv   (g odd, no swap)     C = g - f, D = qr - uv (swap)
 *   A, B <- g, qr if g is even; then, if swap (g odd and E < 0):
 *   f <- g, uv <- qr, A <- C, B <- D, E <- -E;  then E -= 2, g = A >> 1,
 *   qr = B, uv <<= 1. The swap condition is the sign of (g << 63) & E.
 * ------------------------------------------------------------------------- */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(ECFI_MODINV_NO_ASM)
#define ECFI_MODINV_ASM 1

/* 30 divsteps on (E, f, g) with packed rows uv = u + v*2^32, qr = q + r*2^32. */
ECFI_INLINE int64_t divsteps30_asm(int64_t E, uint64_t *fp, uint64_t *gp, uint64_t *uvp, uint64_t *qrp)
{
	uint64_t f = *fp, g = *gp, uv = *uvp, qr = *qrp, A, B, C, D, N, S, n = 15;
	/* A short loop of 2 steps, not 30 copies: the straight-line version ran 3x
	 * slower in some link layouts (clang build of ecfield-bench), presumably
	 * from the op cache; this one measured the same speed everywhere. */
	__asm__("1:\n\t"
	        ".rept 2\n\t"
	        "mov %[g], %[A]\n\t"
	        "add %[f], %[A]\n\t"
	        "mov %[qr], %[B]\n\t"
	        "add %[uv], %[B]\n\t"
	        "mov %[g], %[C]\n\t"
	        "sub %[f], %[C]\n\t"
	        "mov %[qr], %[D]\n\t"
	        "sub %[uv], %[D]\n\t"
	        "mov %[E], %[N]\n\t"
	        "neg %[N]\n\t"
	        "test $1, %[g]\n\t"
	        "cmovz %[g], %[A]\n\t"
	        "cmovz %[qr], %[B]\n\t"
	        "mov %[g], %[S]\n\t"
	        "shl $63, %[S]\n\t"
	        "and %[E], %[S]\n\t"
	        "cmovs %[g], %[f]\n\t"
	        "cmovs %[qr], %[uv]\n\t"
	        "cmovs %[C], %[A]\n\t"
	        "cmovs %[D], %[B]\n\t"
	        "cmovs %[N], %[E]\n\t"
	        "sub $2, %[E]\n\t"
	        "mov %[A], %[g]\n\t"
	        "shr $1, %[g]\n\t"
	        "mov %[B], %[qr]\n\t"
	        "add %[uv], %[uv]\n\t"
	        ".endr\n\t"
	        "dec %[n]\n\t"
	        "jnz 1b"
	        : [E] "+r"(E), [f] "+r"(f), [g] "+r"(g), [uv] "+r"(uv), [qr] "+r"(qr), [n] "+r"(n), [A] "=&r"(A),
	          [B] "=&r"(B), [C] "=&r"(C), [D] "=&r"(D), [N] "=&r"(N), [S] "=&r"(S)
	        :
	        : "cc");
	*fp = f;
	*gp = g;
	*uvp = uv;
	*qrp = qr;
	return E;
}

/* Signed 32-bit lanes of a packed row: x = lo + hi*2^32, |lo|, |hi| < 2^31. */
ECFI_INLINE void unpack_row(uint64_t x, int64_t *lo, int64_t *hi)
{
	int64_t l = (int64_t)(uint32_t)x;
	l -= (int64_t)(((uint64_t)l & 0x80000000u) << 1); /* sign-extend */
	*lo = l;
	*hi = (int64_t)(x - (uint64_t)l) >> 32;
}

/* 60 divsteps: the transition matrix scaled by 2^62 (4 * M2 * M1). */
ECFI_INLINE int64_t divsteps60(int64_t E, uint64_t f, uint64_t g, trans_t *t)
{
	uint64_t uv = 1, qr = (uint64_t)1 << 32;
	int64_t u1, v1, q1, r1, u2, v2, q2, r2;
	E = divsteps30_asm(E, &f, &g, &uv, &qr);
	unpack_row(uv, &u1, &v1);
	unpack_row(qr, &q1, &r1);
	uv = 1;
	qr = (uint64_t)1 << 32;
	E = divsteps30_asm(E, &f, &g, &uv, &qr);
	unpack_row(uv, &u2, &v2);
	unpack_row(qr, &q2, &r2);
	/* Entries of M2*M1 are below 2^60 in magnitude: no overflow, even times 4. */
	t->u = 4 * (u2 * u1 + v2 * q1);
	t->v = 4 * (u2 * v1 + v2 * r1);
	t->q = 4 * (q2 * u1 + r2 * q1);
	t->r = 4 * (q2 * v1 + r2 * r1);
	return E;
}
#endif

/* (f, g) <- T (f, g) / 2^62 (exact). */
ECFI_INLINE void update_fg(int64_t *f, int64_t *g, const trans_t *t, int N)
{
	const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
	acc_t cf, cg;
	int i;
	cf = acc_mac(acc_mul(u, f[0]), v, g[0]);
	cg = acc_mac(acc_mul(q, f[0]), r, g[0]);
	cf = acc_sar62(cf);
	cg = acc_sar62(cg);
	for (i = 1; i < N; i++) {
		cf = acc_mac(acc_mac(cf, u, f[i]), v, g[i]);
		cg = acc_mac(acc_mac(cg, q, f[i]), r, g[i]);
		f[i - 1] = (int64_t)(acc_lo(cf) & M62);
		g[i - 1] = (int64_t)(acc_lo(cg) & M62);
		cf = acc_sar62(cf);
		cg = acc_sar62(cg);
	}
	f[N - 1] = (int64_t)acc_lo(cf);
	g[N - 1] = (int64_t)acc_lo(cg);
}

/* (d, e) <- (T (d, e) + m (md, me)) / 2^62, with md, me chosen so the
 * division is exact and the result stays in (-2m, m) given d, e in (-2m, m). */
ECFI_INLINE void update_de(int64_t *d, int64_t *e, const trans_t *t, const ecfi_modinv_params *mp, int N)
{
	const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
	const int64_t *m = mp->modulus62;
	const uint64_t minv = mp->modulus_inv62;
	uint64_t sd = (uint64_t)(d[N - 1] >> 63), se = (uint64_t)(e[N - 1] >> 63);
	/* add m*u / m*v for negative d / e, so the inputs act as if in (-m, m) */
	int64_t md = (int64_t)(((uint64_t)u & sd) + ((uint64_t)v & se));
	int64_t me = (int64_t)(((uint64_t)q & sd) + ((uint64_t)r & se));
	acc_t cd, ce;
	int i;
	cd = acc_mac(acc_mul(u, d[0]), v, e[0]);
	ce = acc_mac(acc_mul(q, d[0]), r, e[0]);
	/* make cd + m0*md and ce + m0*me divisible by 2^62 */
	md -= (int64_t)((minv * acc_lo(cd) + (uint64_t)md) & M62);
	me -= (int64_t)((minv * acc_lo(ce) + (uint64_t)me) & M62);
	cd = acc_mac(cd, m[0], md);
	ce = acc_mac(ce, m[0], me);
	cd = acc_sar62(cd);
	ce = acc_sar62(ce);
	for (i = 1; i < N; i++) {
		cd = acc_mac(acc_mac(acc_mac(cd, u, d[i]), v, e[i]), m[i], md);
		ce = acc_mac(acc_mac(acc_mac(ce, q, d[i]), r, e[i]), m[i], me);
		d[i - 1] = (int64_t)(acc_lo(cd) & M62);
		e[i - 1] = (int64_t)(acc_lo(ce) & M62);
		cd = acc_sar62(cd);
		ce = acc_sar62(ce);
	}
	d[N - 1] = (int64_t)acc_lo(cd);
	e[N - 1] = (int64_t)acc_lo(ce);
}

/* Propagate carries so limbs 0..N-2 are in [0, 2^62) (top limb signed). */
ECFI_INLINE void carry62(int64_t *a, int N)
{
	int64_t c = 0;
	int i;
	for (i = 0; i < N - 1; i++) {
		c += a[i];
		a[i] = (int64_t)((uint64_t)c & M62);
		c >>= 62;
	}
	a[N - 1] += c;
}

/* a += m if mask (all ones or zero). */
ECFI_INLINE void cond_add_m(int64_t *a, const int64_t *m, uint64_t mask, int N)
{
	int i;
	for (i = 0; i < N; i++)
		a[i] += (int64_t)((uint64_t)m[i] & mask);
	carry62(a, N);
}

ECFI_INLINE void modinv_impl(uint64_t *out, const uint64_t *in, const ecfi_modinv_params *mp, int NL, int N)
{
	int64_t f[ECFI_MODINV_MAX_LIMBS62] = {0}, g[ECFI_MODINV_MAX_LIMBS62] = {0};
	int64_t d[ECFI_MODINV_MAX_LIMBS62] = {0}, e[ECFI_MODINV_MAX_LIMBS62] = {0};
	const int S = mp->steps_per_batch;
	const int nb = mp->nbatches;
	int64_t E = -(int64_t)mp->delta0x2;
	uint64_t mask;
	trans_t t;
	int i, b;

	/* 64-bit limbs -> signed-62 limbs (indices depend on i only). */
	for (i = 0; i < N; i++) {
		int bit = 62 * i, w = bit >> 6, s = bit & 63;
		uint64_t x = 0;
		if (w < NL) {
			x = in[w] >> s;
			if (s > 2 && w + 1 < NL)
				x |= in[w + 1] << (64 - s);
		}
		g[i] = (int64_t)(x & M62);
		f[i] = mp->modulus62[i];
		d[i] = 0;
		e[i] = 0;
	}
	e[0] = 1;

	for (b = 0; b < nb; b++) {
#if ECFI_MODINV_ASM
		if (S <= 60) /* public: depends on the modulus only */
			E = divsteps60(E, (uint64_t)f[0], (uint64_t)g[0], &t);
		else
#endif
			E = divsteps(E, (uint64_t)f[0], (uint64_t)g[0], &t, S);
		/* f, g first: the next batch's divsteps depend only on f[0], g[0],
		 * so the out-of-order core overlaps them with update_de. */
		update_fg(f, g, &t, N);
		update_de(d, e, &t, mp, N);
	}

	/* Now f = +-1 (or f = m when in = 0, with d = 0) and d in (-2m, m),
	 * d*in = f (mod m). Bring d to [0, m) and multiply by the sign of f. */
	cond_add_m(d, mp->modulus62, (uint64_t)(d[N - 1] >> 63), N); /* (-m, m) */
	mask = (uint64_t)(f[N - 1] >> 63);                           /* f < 0 */
	for (i = 0; i < N; i++)
		d[i] = (int64_t)(((uint64_t)d[i] ^ mask) - mask);
	carry62(d, N);                                               /* (-m, m) */
	cond_add_m(d, mp->modulus62, (uint64_t)(d[N - 1] >> 63), N); /* [0, m) */

	/* signed-62 limbs (all in [0, 2^62) now) -> 64-bit limbs */
	for (i = 0; i < NL; i++) {
		int bit = 64 * i, w = bit / 62, s = bit % 62;
		uint64_t x = (uint64_t)d[w] >> s;
		if (w + 1 < N)
			x |= (uint64_t)d[w + 1] << (62 - s);
		if (s > 60 && w + 2 < N) /* never for <= 12 limbs; keeps shifts < 64 */
			x |= (uint64_t)d[w + 2] << (124 - s);
		out[i] = x;
	}
}

void ecfi_modinv(uint64_t *out, const uint64_t *in, const ecfi_modinv_params *mp)
{
	/* Specialise the common shapes so limb loops have constant trip counts. */
	switch (mp->nlimbs62) {
	case 5:
		modinv_impl(out, in, mp, mp->nlimbs, 5);
		break;
	case 8:
		modinv_impl(out, in, mp, mp->nlimbs, 8);
		break;
	case 9:
		modinv_impl(out, in, mp, mp->nlimbs, 9);
		break;
	case 10:
		modinv_impl(out, in, mp, mp->nlimbs, 10);
		break;
	case 13:
		modinv_impl(out, in, mp, mp->nlimbs, 13);
		break;
	default:
		modinv_impl(out, in, mp, mp->nlimbs, mp->nlimbs62);
		break;
	}
}
