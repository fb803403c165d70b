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
 *    We run 10 batches of 59 steps (on x86-64: blocks of 20, 20 and 19 of
 *    the odd-E packed step, PACKED_STEP_HD below).
 *  - otherwise, delta0 = 1 (original divsteps): Bernstein-Yang Theorem 11.2:
 *    if b = log2(f^2 + 4 g^2) > 92 then floor(49 b / 34) steps suffice. With
 *    0 <= g < f = m < 2^k, b < 2k + log2(5) < 2k + 2.33, hence
 *    floor((98 k + 115) / 34) steps suffice (e.g. k = 256 -> 741,
 *    k = 503 -> 1453, k = 751 -> 2168). Batches of 62 steps.
 *
 * Representation: f, g, d, e are N = nlimbs62 signed-62 limbs, value =
 * sum l[i] * 2^(62 i); limbs 0..N-2 in [0, 2^62), limb N-1 signed.
 * |f|, |g| <= m, and d, e stay in (-2m, m). N = ceil((bits(m) + 2) / 62).
 * update_de multiplies by m in balanced limbs (balanced62: limbs in
 * [-2^61, 2^61), sparse for the special primes).
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
ECFI_INLINE acc_t acc_add(acc_t r, acc_t s) { return r + s; }
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
	/* The products of a limb are summed first and the carry added last, so
	 * the carry chain is one addition and one shift per limb. */
	for (i = 1; i < N; i++) {
		cf = acc_add(acc_mac(acc_mul(u, f[i]), v, g[i]), cf);
		cg = acc_add(acc_mac(acc_mul(q, f[i]), r, g[i]), cg);
		f[i - 1] = (int64_t)(acc_lo(cf) & M62);
		g[i - 1] = (int64_t)(acc_lo(cg) & M62);
		cf = acc_sar62(cf);
		cg = acc_sar62(cg);
	}
	f[N - 1] = (int64_t)acc_lo(cf);
	g[N - 1] = (int64_t)acc_lo(cg);
}

/* (d, e) <- (T (d, e) + m (md, me)) / 2^62, with md, me chosen so the
 * division is exact and the result stays in (-2m, m) given d, e in (-2m, m).
 * m is in balanced limbs (mb, see balanced62): the same sums, but with a
 * constant special modulus most of the products m[i] * md are by 0 or a
 * power of two (p25519: -19, 0, 0, 0, 2^7).
 * With with_e = 0 (a constant), only d is updated (the last batch). */
ECFI_INLINE void update_de(int64_t *d, int64_t *e, const trans_t *t, const ecfi_modinv_params *mp, const int64_t *m,
                           int N, int with_e)
{
	const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
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
		cd = acc_add(acc_mac(acc_mac(acc_mul(u, d[i]), v, e[i]), m[i], md), cd);
		ce = acc_add(acc_mac(acc_mac(acc_mul(q, d[i]), r, e[i]), m[i], me), ce);
		d[i - 1] = (int64_t)(acc_lo(cd) & M62);
		if (with_e)
			e[i - 1] = (int64_t)(acc_lo(ce) & M62);
		cd = acc_sar62(cd);
		ce = acc_sar62(ce);
	}
	d[N - 1] = (int64_t)acc_lo(cd);
	if (with_e)
		e[N - 1] = (int64_t)acc_lo(ce);
}

/* ---------------------------------------------------------------------------
 * x86-64 fast path for batches of 41..60 steps (every built-in modulus, see
 * modinv_params.py): three blocks of 20, 20 and S - 40 divsteps in inline
 * assembly on "packed rows", then the three matrices multiplied into one
 * 2^62-scaled matrix.
 *
 * Packed rows. In a block of K <= 20 steps only the low K bits of f and g
 * matter, and the transition matrix can be carried in the same register:
 *     F = f + 2^21 u + 2^42 v,   G = g + 2^21 q + 2^42 r   (exact integers)
 * starting from f, g = the low 20 bits of f, g and u = r = 2^K, v = q = 0.
 * A divstep is then linear on whole registers:
 *     G <- (G + F) / 2, (G - F) / 2 or G / 2,  F <- G on a swap,
 * with one arithmetic shift dividing g, q and r by two at once; this is the
 * "halving" form of the step (rows scaled by 2^K at the start, so that every
 * entry stays an integer: after j steps the entries are multiples of 2^(K-j)).
 * After K steps [u v; q r] is the transition matrix scaled by 2^K, the same
 * matrix the C loop above computes. Bounds (proven by induction over the
 * steps; the fields are recovered exactly only if they hold, and
 * test_modinv_steps checks the result against the C loop on random and
 * extreme inputs):
 *   - |f|, |g| < 2^20: they start in [0, 2^20) and g' = (g +- f)/2 or g/2;
 *   - |u| + |v| <= 2^K, |q| + |r| <= 2^K (each row of the scaled matrix);
 *   - |q| < 2^K and -2^K < u: q' = (q +- u)/2 with |u| <= 2^K, |q| < 2^K,
 *     and u only changes by taking the value of q (swap);
 *   - before the shift, |G| < 2^63: |q +- u| + |r +- v| <= 2^(K+1), with
 *     |r +- v| = 2^(K+1) impossible (both rows would be (0, +-2^K) and the
 *     matrix, whose determinant is +-2^(2K-j), singular).
 * So f is in (-2^20, 2^20), u in (-2^20, 2^20] and v in [-2^20, 2^20]; see
 * packed_unpack. Between blocks, the new low bits of f and g come from the
 * 64-bit f, g and the block's matrix (64-bit wrapping products are exact in
 * the low bits: after two blocks at least 24 valid bits remain).
 *
 * One step, 12 ALU operations (mov is free) and a 4-cycle dependency chain
 * (G -> shl -> and -> cmovs -> sar), against 23 for the previous two-lane
 * version; on a 4-ALU core the old step was throughput-bound (docs/
 * benchmarks.md, "Inversion"). E = -2*delta as in the C loop:
 *   P = G + F, M = G - F, N = -E;  P <- G if g even;
 *   if g odd and E < 0 (sign of (G << 63) & E): F <- G, P <- M, E <- N;
 *   E -= 2; G = P >> 1 (arithmetic).
 * The three CMOVS issue in the same cycle on a core with two CMOV ports,
 * so their program order is the order the scheduler picks them: E (on the
 * chain to the next step's AND) and P first, F (a cycle of slack) last;
 * with F before E the step measured 3.5-3.8 ticks, with E first 2.9-3.3.
 * A loop of ten steps (steps alternate the roles of G and P, so no move),
 * not straight-line code: see the op-cache note in docs/p25519.md.
 * Define ECFI_MODINV_NO_ASM to use the C loop everywhere (the tests build both).
 * ------------------------------------------------------------------------- */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(ECFI_MODINV_NO_ASM)
#define ECFI_MODINV_ASM 1

#define PACKED_STEP(G, P)                                                                                              \
	"mov %[" #G "], %[S]\n\t"                                                                                      \
	"shl $63, %[S]\n\t"                                                                                            \
	"lea (%[" #G "],%[F]), %[" #P "]\n\t"                                                                          \
	"test $1, %[" #G "]\n\t"                                                                                       \
	"cmovz %[" #G "], %[" #P "]\n\t"                                                                               \
	"mov %[" #G "], %[M]\n\t"                                                                                      \
	"sub %[F], %[M]\n\t"                                                                                           \
	"and %[E], %[S]\n\t"                                                                                           \
	"cmovs %[M], %[" #P "]\n\t"                                                                                    \
	"cmovs %[N], %[E]\n\t"                                                                                         \
	"cmovs %[" #G "], %[F]\n\t"                                                                                    \
	"sar $1, %[" #P "]\n\t"                                                                                        \
	"sub $2, %[E]\n\t"                                                                                             \
	"mov %[E], %[N]\n\t"                                                                                           \
	"neg %[N]\n\t"

/* K (1..20) divsteps on the packed rows *Fp, *Gp; returns the new E.
 * K / 10 rounds of a 10-step body, then (K % 10) / 2 rounds of a 2-step
 * body, then one step if K is odd (K is public). */
ECFI_INLINE int64_t packed_block(int64_t E, uint64_t *Fp, uint64_t *Gp, int K)
{
	uint64_t F = *Fp, G = *Gp, P, M, S, N = (uint64_t)-E; /* N = -E on entry to every step */
	long n10 = K / 10, n2 = (K % 10) >> 1;
	if (n10 > 0)
		__asm__("1:\n\t" PACKED_STEP(G, P) PACKED_STEP(P, G) PACKED_STEP(G, P) PACKED_STEP(P, G)
		            PACKED_STEP(G, P) PACKED_STEP(P, G) PACKED_STEP(G, P) PACKED_STEP(P, G) PACKED_STEP(G, P)
		                PACKED_STEP(P, G) "dec %[n]\n\t"
		                                  "jnz 1b"
		        : [E] "+r"(E), [F] "+r"(F), [G] "+r"(G), [n] "+r"(n10), [P] "=&r"(P), [M] "=&r"(M),
		          [S] "=&r"(S), [N] "+r"(N)
		        :
		        : "cc");
	if (n2 > 0)
		__asm__("1:\n\t" PACKED_STEP(G, P) PACKED_STEP(P, G) "dec %[n]\n\t"
		                                                     "jnz 1b"
		        : [E] "+r"(E), [F] "+r"(F), [G] "+r"(G), [n] "+r"(n2), [P] "=&r"(P), [M] "=&r"(M), [S] "=&r"(S),
		          [N] "+r"(N)
		        :
		        : "cc");
	if (K & 1) { /* public: the block length */
		__asm__(PACKED_STEP(G, P)
		        : [E] "+r"(E), [F] "+r"(F), [G] "+r"(G), [P] "=&r"(P), [M] "=&r"(M), [S] "=&r"(S), [N] "+r"(N)
		        :
		        : "cc");
		G = P;
	}
	*Fp = F;
	*Gp = G;
	return E;
}

/* The same K divsteps for odd E (half-delta divsteps: E = -2 delta starts
 * at -1 and stays odd), in 11 ALU operations a step instead of 12. Two
 * changes (the idea of s2n-bignum's word_divstep59, written here for our
 * packed rows):
 *  - the negation of F is an XOR: F is odd (its low field f is odd), so
 *    F ^ -2 = -F; E is odd too, so E ^ -2 = -E. With S = -2 on a swap (g odd
 *    and E < 0), 0 otherwise, X = (g odd ? F : 0) ^ S is the term to add to
 *    G and E ^ S - 2 the new E;
 *  - the halving is delayed: the register holds H = G + X (exact, |H| <
 *    2^63, see above) and the next step halves it (SAR) while it reads g's
 *    parity from bit 1 of H, so the shift is off the chain
 *    H -> TEST -> CMOVZ -> XOR -> LEA (4 cycles, as before).
 * The first step of a block reads G itself (bit 0, no halving), and the
 * last halving follows the block. E < 0 comes from the flags of the
 * previous step's SUB (a TEST at the start of every asm statement and loop
 * round). C = -2 and Z = 0 are constants. 13 instructions (11 ALU
 * operations, two moves) a step, against 15 (12) for PACKED_STEP. */
#define PACKED_STEP_HD(TESTBIT, HALVE)                                                                                 \
	"mov %[C], %[S]\n\t"                                                                                           \
	"cmovns %[Z], %[S]\n\t"                                                                                        \
	"mov %[F], %[X]\n\t"                                                                                           \
	"test $" #TESTBIT ", %[H]\n\t"                                                                                 \
	"cmovz %[Z], %[S]\n\t"                                                                                         \
	"cmovz %[Z], %[X]\n\t" HALVE "xor %[S], %[X]\n\t"                                                              \
	"xor %[S], %[E]\n\t"                                                                                           \
	"bt $63, %[S]\n\t"                                                                                             \
	"cmovc %[H], %[F]\n\t"                                                                                         \
	"lea (%[H],%[X]), %[H]\n\t"                                                                                    \
	"sub $2, %[E]\n\t"
#define HD_STEP PACKED_STEP_HD(2, "sar $1, %[H]\n\t")

#define HD_STEP2 HD_STEP HD_STEP
#define HD_STEP4 HD_STEP2 HD_STEP2
#define HD_STEP8 HD_STEP4 HD_STEP4
#define HD_STEP16 HD_STEP8 HD_STEP8
#define HD_OPERANDS                                                                                                    \
	: [E] "+r"(E), [F] "+r"(F), [H] "+r"(H), [X] "=&r"(X), [S] "=&r"(S) : [Z] "r"(Z), [C] "r"(C) : "cc"

/* K (1..20) odd-E divsteps on the packed rows *Fp, *Gp; returns the new E.
 * Blocks of 20 and 19 steps (the 256-bit moduli's 59 = 20 + 20 + 19) are
 * straight-line code: a loop's DEC clobbers the flags that carry E's sign
 * from step to step, and the TEST each round then costs a cycle on the
 * chain (10-step loop: 2,120 ticks for the divsteps of a p256 inversion
 * alone, straight-line 2,018; docs/benchmarks.md, issue 23, wip/inv2).
 * Other K (public) take a loop of single steps (the tests' batch sizes). */
ECFI_INLINE int64_t packed_block_hd(int64_t E, uint64_t *Fp, uint64_t *Gp, int K)
{
	uint64_t F = *Fp, H = *Gp, X, S;
	const uint64_t Z = 0, C = (uint64_t)-2;
	/* flags do not survive from one asm statement to the next: each one
	 * starts with a TEST */
	if (K == 20) /* public: the block length */
		__asm__("test %[E], %[E]\n\t" PACKED_STEP_HD(1, "") HD_STEP16 HD_STEP2 HD_STEP HD_OPERANDS);
	else if (K == 19)
		__asm__("test %[E], %[E]\n\t" PACKED_STEP_HD(1, "") HD_STEP16 HD_STEP2 HD_OPERANDS);
	else
		__asm__("test %[E], %[E]\n\t" PACKED_STEP_HD(1, "") HD_OPERANDS);
	if (K != 20 && K != 19 && K > 1) {
		long n = K - 1;
		__asm__("1:\n\t"
		        "test %[E], %[E]\n\t" HD_STEP "dec %[n]\n\t"
		        "jnz 1b"
		        : [E] "+r"(E), [F] "+r"(F), [H] "+r"(H), [n] "+r"(n), [X] "=&r"(X), [S] "=&r"(S)
		        : [Z] "r"(Z), [C] "r"(C)
		        : "cc");
	}
	*Fp = F;
	*Gp = (uint64_t)((int64_t)H >> 1); /* the last halving */
	return E;
}

/* The matrix entries of a packed row X = x + 2^21 a + 2^42 b, with x in
 * (-2^20, 2^20), a in (-2^20, 2^20], b in [-2^20, 2^20] (see above). */
ECFI_INLINE void packed_unpack(uint64_t X, int64_t *a, int64_t *b)
{
	const int64_t h = ((int64_t)1 << 20) - 1;
	int64_t y = (int64_t)(X + ((uint64_t)1 << 20)) >> 21; /* a + 2^21 b: x rounds away */
	*a = (int64_t)((uint64_t)(y + h) & (((uint64_t)1 << 21) - 1)) - h;
	*b = (y + h) >> 21;
}

/* K divsteps from the low 20 bits of f, g; the block's matrix (scaled by
 * 2^K) into m[0..3] = u, v, q, r. If next, f and g become the low bits of
 * the values after the block, for the next block. */
ECFI_INLINE int64_t packed_run(int64_t E, uint64_t *f, uint64_t *g, int64_t m[4], int K, int next, int hd)
{
	const uint64_t low20 = ((uint64_t)1 << 20) - 1;
	uint64_t F = (*f & low20) + ((uint64_t)1 << (K + 21));
	uint64_t G = (*g & low20) + ((uint64_t)1 << (K + 42));
	if (hd) /* public: the divstep variant */
		E = packed_block_hd(E, &F, &G, K);
	else
		E = packed_block(E, &F, &G, K);
	packed_unpack(F, &m[0], &m[1]);
	packed_unpack(G, &m[2], &m[3]);
	if (next) {
		uint64_t f2 = (uint64_t)((int64_t)((uint64_t)m[0] * *f + (uint64_t)m[1] * *g) >> K);
		*g = (uint64_t)((int64_t)((uint64_t)m[2] * *f + (uint64_t)m[3] * *g) >> K);
		*f = f2;
	}
	return E;
}

/* S (41..60) divsteps: the transition matrix scaled by 2^62. If with_de
 * (public), also update_de(d, e, tp, mp, mb, N, 1) for the previous batch, placed
 * in program order between the second and third blocks: independent of the
 * divstep chain, its multiplications then run in the ALU slots the chain
 * leaves free, and they are done before update_fg, which the next batch
 * waits for (measured faster than before or after the divsteps:
 * docs/benchmarks.md, "Issue 23 (wip/inv)"). */
ECFI_INLINE int64_t divsteps_packed_de(int64_t E, uint64_t f, uint64_t g, trans_t *t, int S, int64_t *d, int64_t *e,
                                       const trans_t *tp, const ecfi_modinv_params *mp, const int64_t *mb, int N,
                                       int with_de, int hd)
{
	int64_t a[4], b[4], c[4];
	E = packed_run(E, &f, &g, a, 20, 1, hd);
	E = packed_run(E, &f, &g, b, 20, 1, hd);
	if (with_de)
		update_de(d, e, tp, mp, mb, N, 1);
	E = packed_run(E, &f, &g, c, S - 40, 0, hd);
	/* C * B * A is scaled by 2^S, with row sums of magnitude <= 2^S (no
	 * overflow, even times 2^(62 - S)). B * A (known before the third
	 * block) takes the factor 2^(62 - S), so that the product with C, on the
	 * chain to the next batch, is the last operation; every product stays
	 * within 2^62: |c| <= 2^(S - 40), |B A| <= 2^40. */
	{
		const int sh = 62 - S;
		int64_t u = (int64_t)((uint64_t)(b[0] * a[0] + b[1] * a[2]) << sh);
		int64_t v = (int64_t)((uint64_t)(b[0] * a[1] + b[1] * a[3]) << sh);
		int64_t q = (int64_t)((uint64_t)(b[2] * a[0] + b[3] * a[2]) << sh);
		int64_t r = (int64_t)((uint64_t)(b[2] * a[1] + b[3] * a[3]) << sh);
		t->u = c[0] * u + c[1] * q;
		t->v = c[0] * v + c[1] * r;
		t->q = c[2] * u + c[3] * q;
		t->r = c[2] * v + c[3] * r;
	}
	return E;
}

/* S (41..60) divsteps alone: test_modinv_steps checks them against the C
 * loop (unused in the library itself, hence the attribute for clang). */
__attribute__((unused)) ECFI_INLINE int64_t divsteps_packed(int64_t E, uint64_t f, uint64_t g, trans_t *t, int S)
{
	return divsteps_packed_de(E, f, g, t, S, NULL, NULL, NULL, NULL, NULL, 0, 0, 0);
}

/* The same with the odd-E step (E must be odd): test_modinv_steps. */
__attribute__((unused)) ECFI_INLINE int64_t divsteps_packed_hd(int64_t E, uint64_t f, uint64_t g, trans_t *t, int S)
{
	return divsteps_packed_de(E, f, g, t, S, NULL, NULL, NULL, NULL, NULL, 0, 0, 1);
}
#endif

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

/* 64-bit limbs (NL of them) -> N signed-62 limbs (indices depend on i only). */
ECFI_INLINE void to_limbs62(int64_t *r, const uint64_t *a, int NL, int N)
{
	int i;
	for (i = 0; i < N; i++) {
		int bit = 62 * i, w = bit >> 6, s = bit & 63;
		uint64_t x = 0;
		if (w < NL) {
			x = a[w] >> s;
			if (s > 2 && w + 1 < NL)
				x |= a[w + 1] << (64 - s);
		}
		r[i] = (int64_t)(x & M62);
	}
}

/* m's limbs (canonical: [0, 2^62)) -> balanced limbs r: limbs 0..N-2 in
 * [-2^61, 2^61), the top limb takes the last carry; the same value. For
 * the special primes most limbs become 0 or a power of two: p25519 = (-19,
 * 0, 0, 0, 2^7), p256 = (-1, 2^34, 0, 2^6 - 2^38, 2^8). When m is a
 * compile-time constant (the instantiations for p256 and p25519 below),
 * the compiler folds them into update_de's products. */
ECFI_INLINE void balanced62(int64_t *r, const int64_t *m, int N)
{
	int64_t c = 0;
	int i;
	for (i = 0; i < N - 1; i++) {
		int64_t x = m[i] + c;                                /* [0, 2^62] */
		c = (x + ((int64_t)1 << 61)) >> 62;                  /* x >= 2^61 */
		r[i] = (int64_t)((uint64_t)x - ((uint64_t)c << 62)); /* [-2^61, 2^61) */
	}
	r[N - 1] = m[N - 1] + c;
}

/* out = scale / in mod m; scale = NULL means 1. e starts at scale instead of
 * 1 (d x = scale f and e x = scale g hold from the start), so the factor
 * costs nothing: the Montgomery-form inverses pass R^2 mod m. hd = 1 selects
 * the odd-E packed divsteps (only with delta0x2 = 1; x86-64 only, ignored
 * by the C loop). */
ECFI_INLINE void modinv_impl(uint64_t *out, const uint64_t *in, const uint64_t *scale, const ecfi_modinv_params *mp,
                             int NL, int N, int S, int nb, int hd)
{
	int64_t f[ECFI_MODINV_MAX_LIMBS62] = {0}, g[ECFI_MODINV_MAX_LIMBS62] = {0};
	int64_t d[ECFI_MODINV_MAX_LIMBS62] = {0}, e[ECFI_MODINV_MAX_LIMBS62] = {0};
	int64_t mb[ECFI_MODINV_MAX_LIMBS62];
	int64_t E = -(int64_t)mp->delta0x2;
	uint64_t mask;
	trans_t t, tp = {0, 0, 0, 0};
	int i, b;

	(void)hd; /* unused without the x86-64 packed divsteps */
	balanced62(mb, mp->modulus62, N);
	to_limbs62(g, in, NL, N);
	for (i = 0; i < N; i++) {
		f[i] = mp->modulus62[i];
		d[i] = 0;
		e[i] = 0;
	}
	if (scale) /* public: which entry */
		to_limbs62(e, scale, NL, N);
	else
		e[0] = 1;

	for (b = 0; b < nb; b++) {
		/* The next batch's divsteps depend only on f[0], g[0]: update f and
		 * g now, and d and e of this batch during the next batch's divsteps
		 * (program order), so that the out-of-order core overlaps the
		 * multiplications of update_de with the divstep chain (measured
		 * faster than update_de right after update_fg: docs/benchmarks.md). */
#if ECFI_MODINV_ASM
		if (S > 40 && S <= 60) /* public: depends on the modulus only */
			E = divsteps_packed_de(E, (uint64_t)f[0], (uint64_t)g[0], &t, S, d, e, &tp, mp, mb, N, b > 0,
			                       hd);
		else
#endif
		{
			E = divsteps(E, (uint64_t)f[0], (uint64_t)g[0], &t, S);
			if (b > 0)
				update_de(d, e, &tp, mp, mb, N, 1);
		}
		if (b + 1 < nb) /* public */
			update_fg(f, g, &t, N);
		tp = t;
	}
	/* The last batch: only d, and only the sign of the new f. That f is
	 * +-1 (for in != 0), so (u f + v g) = +-2^62: bit 63 of its low word
	 * (mod 2^64, from the low limbs) is the sign. (Limb 1's term vanishes
	 * mod 2^64 when S <= 60, as u and v are then multiples of 4; it is kept
	 * for S up to 62.) For in = 0, d = 0 and the sign does not matter. */
	update_de(d, e, &tp, mp, mb, N, 0);
	mask = (uint64_t)((int64_t)((uint64_t)tp.u * (uint64_t)f[0] + (uint64_t)tp.v * (uint64_t)g[0] +
	                            (((uint64_t)tp.u * (uint64_t)f[1] + (uint64_t)tp.v * (uint64_t)g[1]) << 62)) >>
	                  63); /* f < 0 */

	/* Now f = +-1 (or f = m when in = 0, with d = 0) and d in (-2m, m),
	 * d*in = f (mod m). Bring d to [0, m) and multiply by the sign of f. */
	cond_add_m(d, mp->modulus62, (uint64_t)(d[N - 1] >> 63), N); /* (-m, m) */
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

/* The built-in moduli's parameters (generated by modinv_params.py --all),
 * for the instantiations with a compile-time constant modulus. */
#include "modinv_params_all.h"

/* Whether mp describes the same modulus and schedule as c (public data). */
static int same_params(const ecfi_modinv_params *mp, const ecfi_modinv_params *c)
{
	int i;
	for (i = 0; i < ECFI_MODINV_MAX_LIMBS62; i++)
		if (mp->modulus62[i] != c->modulus62[i])
			return 0;
	return mp->modulus_inv62 == c->modulus_inv62 && mp->nlimbs == c->nlimbs && mp->nlimbs62 == c->nlimbs62 &&
	       mp->steps_per_batch == c->steps_per_batch && mp->nbatches == c->nbatches && mp->delta0x2 == c->delta0x2;
}

/* Specialise the common shapes so limb loops have constant trip counts. One
 * instantiation per shape and entry: with scale a run-time pointer in the
 * instantiations of ecfi_modinv too, gcc 12 compiled them 5% slower. The
 * 256-bit shape (5 limbs, 10 x 59 half-delta divsteps: p256, n256, p25519,
 * l25519) takes the odd-E divsteps (hd = 1); the others PACKED_STEP. The
 * field that calls each entry most (p25519: ecfi_modinv; p256:
 * ecfi_modinv_scaled) has an instantiation with its parameters as
 * constants (same_params is a public test), so that m's balanced limbs,
 * m^-1 mod 2^62 and nlimbs fold into the code: the p25519 update of d, e
 * then multiplies by m twice a row instead of five times (docs/
 * benchmarks.md, issue 23, wip/inv2). */
void ecfi_modinv(uint64_t *out, const uint64_t *in, const ecfi_modinv_params *mp)
{
	if (same_params(mp, &p25519_modinv_params)) {
		modinv_impl(out, in, NULL, &p25519_modinv_params, 4, 5, 59, 10, 1);
		return;
	}
	if (mp->nlimbs62 == 5 && mp->steps_per_batch == 59 && mp->nbatches == 10 &&
	    mp->delta0x2 == 1) { /* 256-bit: 590 steps */
		modinv_impl(out, in, NULL, mp, mp->nlimbs, 5, 59, 10, 1);
		return;
	}
	switch (mp->nlimbs62) {
	case 5:
		modinv_impl(out, in, NULL, mp, mp->nlimbs, 5, mp->steps_per_batch, mp->nbatches, 0);
		break;
	case 8:
		modinv_impl(out, in, NULL, mp, mp->nlimbs, 8, mp->steps_per_batch, mp->nbatches, 0);
		break;
	case 9:
		modinv_impl(out, in, NULL, mp, mp->nlimbs, 9, mp->steps_per_batch, mp->nbatches, 0);
		break;
	case 10:
		modinv_impl(out, in, NULL, mp, mp->nlimbs, 10, mp->steps_per_batch, mp->nbatches, 0);
		break;
	case 13:
		modinv_impl(out, in, NULL, mp, mp->nlimbs, 13, mp->steps_per_batch, mp->nbatches, 0);
		break;
	default:
		modinv_impl(out, in, NULL, mp, mp->nlimbs, mp->nlimbs62, mp->steps_per_batch, mp->nbatches, 0);
		break;
	}
}

/* The Montgomery-form inverses of p256, p256n and sc25519 (5 limbs). */
void ecfi_modinv_scaled(uint64_t *out, const uint64_t *in, const uint64_t *scale, const ecfi_modinv_params *mp)
{
	if (same_params(mp, &p256_modinv_params))
		modinv_impl(out, in, scale, &p256_modinv_params, 4, 5, 59, 10, 1);
	else if (mp->nlimbs62 == 5 && mp->steps_per_batch == 59 && mp->nbatches == 10 && mp->delta0x2 == 1)
		modinv_impl(out, in, scale, mp, mp->nlimbs, 5, 59, 10, 1);
	else
		modinv_impl(out, in, scale, mp, mp->nlimbs, mp->nlimbs62, mp->steps_per_batch, mp->nbatches, 0);
}
