/*
 * P-256 scalar multiplication.
 *
 * scalar_mult (variable base, constant time): signed 5-bit Booth windows
 * (digits in [-16, 16]) over a table of P, 2P, ..., 16P in Jacobian
 * coordinates; 52 windows from the top, 5 Jacobian doublings and one
 * incomplete Jacobian addition per window (exceptions selected around or
 * proved unreachable); every lookup reads the 16 entries and negates with a
 * mask.
 *
 * scalar_mult_base (constant time): signed W-bit Booth windows (W =
 * P256_BASE_W, set in gen_tables.py: W = 7, digits in [-64, 64], 37 tables
 * of 64 affine points j * 2^(7i) * G generated at build time, 148 KiB of
 * .rodata; W = 5 and 6 measured slower, docs/p256.md); one Jacobian mixed
 * addition per window, no doubling; each lookup reads every entry of its
 * window. A zero digit adds an entry anyway and
 * drops the sum with a mask. With MULX/ADX and AVX2 both on, each addition
 * is one routine that also scans the next window's table
 * (p256_jac_madd_scan_mulx_adx_avx2.S, docs/p256.md): the same bits.
 *
 * double_scalar_mult_base_vartime: interleaved wNAF, window 8 for G over the
 * odd multiples in .rodata (affine), window 5 for Q (odd multiples in
 * Jacobian coordinates), Jacobian accumulator; not constant time. With a
 * prepared ECDSA key, window ECFI_P256_PREP_W for Q over the key's affine
 * odd multiples (ecfi_p256_odd_multiples_affine).
 *
 * Built with -DECFI_TEST_HOOKS (lib/meson.build: the test-hook archive, never
 * libecfield.so), this file defines only the ecfi_test_ functions at its end
 * (testhooks/p256_hooks.h): the lookups and the double multiplication from
 * the same code, with the counters TEST_COUNT adds to. The library's build
 * has neither the counters nor those functions.
 */
#include "curves/p256/group.h"
#include "curves/p256/lookup.h"
#include "curves/p256/point_ops.h"

#if defined(ECFI_TEST_HOOKS)
#include "testhooks/p256_hooks.h"
unsigned long ecfi_test_p256_scans[2];
unsigned long ecfi_test_p256_dsm_paths[ECFI_TEST_P256_DSM_PATHS];
#define TEST_COUNT(counts, i) ((counts)[(i)]++)
#else
#define TEST_COUNT(counts, i) ((void)(i))
#endif

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* The point formulas inlined into each scalar multiplication (GCC, clang:
 * flatten inlines every call with a visible body, here the static inline
 * point_ops.h functions; the field kernels stay calls). jac_madd used in two
 * places was left out of line by gcc 12, which slowed the fixed base
 * (docs/benchmarks.md). */
#if defined(__GNUC__)
#define SM_FLATTEN __attribute__((flatten))
#else
#define SM_FLATTEN
#endif

/* out = table[d - 1] for d in [1, n], 0 for d = 0: a table of n entries of
 * nw words (nw even, at most 12). Every entry is read in full and combined
 * with a mask (acc |= entry & mask): no branch or address depends on d. SSE2
 * (always there on x86-64) does two words per operation, as in
 * lib/curves/curve25519/edwards25519.c. */
static inline void lookup_words(uint64_t *out, const uint64_t *table, size_t n, size_t nw, uint64_t d)
{
#if defined(__SSE2__)
	__m128i acc[6];
	/* d < 2^32 (at most 64 here): the mask is a 32-bit compare of the
	 * entry number, counted in a vector, with d in every lane. */
	const __m128i dv = _mm_set1_epi32((int)(uint32_t)d), one = _mm_set1_epi32(1);
	__m128i jv = _mm_setzero_si128();
	for (size_t k = 0; k < nw / 2; k++)
		acc[k] = _mm_setzero_si128();
	for (uint64_t j = 0; j < n; j++) {
		jv = _mm_add_epi32(jv, one); /* j + 1 */
		__m128i m = _mm_cmpeq_epi32(jv, dv);
		for (size_t k = 0; k < nw / 2; k++)
			acc[k] = _mm_or_si128(
			    acc[k], _mm_and_si128(_mm_loadu_si128((const __m128i *)(table + j * nw + 2 * k)), m));
	}
	/* acc is cleared with vector stores of zero and a compiler barrier, not
	 * ecfi_wipe: acc lives in xmm registers (objdump, gcc 12), and
	 * ecfi_wipe(acc) made a stack copy of it only to clear it with 96
	 * volatile byte stores per lookup, a visible part of the fixed-base time
	 * (docs/benchmarks.md). Should a
	 * compiler keep acc on the stack, the zeros land there. out is the
	 * caller's, which wipes it. */
	for (size_t k = 0; k < nw / 2; k++) {
		_mm_storeu_si128((__m128i *)(out + 2 * k), acc[k]);
		acc[k] = _mm_setzero_si128();
	}
#if defined(__GNUC__)
	__asm__ __volatile__("" : : "r"(acc) : "memory");
#endif
#else
	for (size_t k = 0; k < nw; k++)
		out[k] = 0;
	for (uint64_t j = 0; j < n; j++) {
		uint64_t m = idx_eq_mask(j + 1, d);
		for (size_t k = 0; k < nw; k++)
			out[k] |= table[j * nw + k] & m;
	}
#endif
}

/* The scan the flag word selects: a branch on its AVX2 bit, like every
 * dispatch (lookup.h). */
#define SCAN_KERNEL(tier, ...)                                                                                         \
	do {                                                                                                           \
		TEST_COUNT(ecfi_test_p256_scans, 1);                                                                   \
		if (nw == 8)                                                                                           \
			ECFI_CAT(ecfk_p256_lookup8_, tier)(out, table, n, d);                                          \
		else                                                                                                   \
			ECFI_CAT(ecfk_p256_lookup12_, tier)(out, table, n, d);                                         \
	} while (0)
static inline void scan(uint64_t *out, const uint64_t *table, size_t n, size_t nw, uint64_t d, uint32_t tiers)
{
	(void)tiers; /* unused where no tier of p256_scan is built */
	ECFI_DISPATCH_EACH(p256_scan, tiers, SCAN_KERNEL, ~)
	{
		TEST_COUNT(ecfi_test_p256_scans, 0);
		lookup_words(out, table, n, nw, d);
	}
}
#undef SCAN_KERNEL

/* r = table[d - 1] (zeros for d = 0 or d > n), y negated where neg is set. */
static inline void lookup(uint64_t *r, const uint64_t *table, size_t n, size_t nw, uint64_t d, uint64_t neg,
                          uint32_t tiers)
{
	scan(r, table, n, nw, d, tiers);
	fe_cneg((fe *)(r + 4), neg);
}

#if !defined(ECFI_TEST_HOOKS)
void ecfi_p256_lookup_affine(uint64_t r[8], const uint64_t *table, size_t n, uint64_t d, uint64_t neg, uint32_t tiers)
{
	lookup(r, table, n, 8, d, neg, tiers);
}

void ecfi_p256_lookup_jac(uint64_t r[12], const uint64_t *table, size_t n, uint64_t d, uint64_t neg, uint32_t tiers)
{
	lookup(r, table, n, 12, d, neg, tiers);
}

const uint64_t *ecfi_p256_base_table_words(void) { return (const uint64_t *)p256_base_table; }

void ecfi_p256_scalar_from_bytes_reduce(uint64_t k[4], const uint8_t in[32])
{
	ecfi_limbs_from_be(k, 4, in, 32);
	ecfi_limbs_reduce_once(k, k, 0, P256_N, 4);
}

/* w + 1 bits of 2k starting at bit pos (pos public): bits pos - 1 ... pos + w - 1 of k,
 * with bit -1 = 0. k2 is 2k in 6 limbs (the top ones zero). */
static inline uint64_t window_bits(const uint64_t k2[6], unsigned pos, unsigned w)
{
	unsigned limb = pos / 64, shift = pos % 64;
	uint64_t v = k2[limb] >> shift;
	if (shift != 0) /* public */
		v |= k2[limb + 1] << (64 - shift);
	return v & (((uint64_t)1 << (w + 1)) - 1);
}

static inline void double_k(uint64_t k2[6], const uint64_t k[4])
{
	k2[0] = k[0] << 1;
	for (int i = 1; i < 4; i++)
		k2[i] = (k[i] << 1) | (k[i - 1] >> 63);
	k2[4] = k[3] >> 63;
	k2[5] = 0;
}

/* Booth recoding of a (w+1)-bit window: magnitude in [0, 2^(w-1)] and sign mask. */
static inline uint64_t booth(uint64_t in, unsigned w, uint64_t *neg)
{
	uint64_t s = ~((in >> w) - 1); /* all-ones if the top bit is set */
	uint64_t d = ((uint64_t)1 << (w + 1)) - in - 1;
	d = (d & s) | (in & ~s);
	d = (d >> 1) + (d & 1);
	*neg = ecfi_value_barrier(s);
	return d;
}

/* r = table[d - 1], negated if neg; reads all 16 entries. For d = 0, r is
 * all zeros (Z = 0: the Jacobian identity), which the caller masks anyway.
 * The scan's tier (AVX2 or SSE2) from the flag word as it is now: the same
 * word the caller's ecfi_tiers() read (nothing in the library writes it). */
static inline void lookup_jac16(point *r, const point table[16], uint64_t d, uint64_t neg)
{
	ecfi_p256_lookup_jac((uint64_t *)r, (const uint64_t *)table, 16, d, neg, ecfi_tiers());
}

/* Variable base, in Jacobian coordinates throughout: the table 1P..16P is
 * built with jac_dbl (even entries) and jac_add (odd ones), the accumulator
 * runs 5 jac_dbl + 1 jac_add per window, and one conversion to projective
 * coordinates comes at the end (2M + 1S; P itself is converted with 2M + 1S).
 *
 * Digits: window i (0 <= i <= 51) holds bits 5i - 1 .. 5i + 4 of k (bit -1
 * = 0, bits >= 256 zero), and its Booth digit is d_i = b(5i-1) + b(5i) +
 * 2 b(5i+1) + 4 b(5i+2) + 8 b(5i+3) - 16 b(5i+4), in [-16, 16], with
 * d_i = k mod 32 (mod 32) for i = 0 and sum d_i 2^(5i) = k (the sum
 * telescopes; the top window 51 holds bits 254 and 255 only, d_51 =
 * b254 + b255 in [0, 2], and nothing is left above it since k < 2^256).
 * Let M_i = sum_{j >= i} d_j 2^(5(j - i)), the value of the digits from
 * window i up; then M_i 2^(5i) = k - (k mod 2^(5i)) + b(5i-1) 2^(5i), so
 * M_i = floor(k / 2^(5i)) + b(5i-1): 0 <= M_i <= k / 2^(5i) + 1.
 *
 * P of order n (every valid point but O: the cofactor is 1). The table
 * entries jP, 1 <= j <= 16, are never O, and building them meets no
 * exception: jac_dbl has none on the group (no point of order 2), and the
 * additions 2jP + P = (2j + 1)P (j = 1..7, via jac_add(table[2j - 1], P))
 * would need 2j = +-1 mod n. P = O (Z = 0) needs no select of its own:
 * pt_to_jac keeps Z = 0, jac_dbl's Z3 = 2 Y Z and jac_add's Z3 = Z1 Z2 H are
 * 0 when an input's Z is, the zero digit's entry has Z = 0 and the acc = O
 * select below takes an entry, so acc keeps Z = 0 to the end and jac_to_pt
 * returns (0 : 1 : 0) (a final select on P's Z was tried: no test could
 * tell it from its absence, so it is not there).
 *
 * Before the addition of window i (i = 50 .. 0), acc = 32 M_(i+1) P and the
 * entry is t = d_i P. The addition acc + t goes through jac_add, which is
 * wrong only for acc = O, t = O or acc = t (acc = -t gives Z3 = 0, the right
 * sum). Those cases:
 *  - t = O (d_i = 0): the sum is dropped with a mask (acc kept);
 *  - acc = O (Z = 0, tested with a mask): t is selected instead of the sum;
 *  - acc = t, both not O: 32 M_(i+1) = d_i (mod n) with d_i != 0 and
 *    M_(i+1) != 0 (mod n).
 *    For i >= 1: 0 <= 32 M_(i+1) <= k / 2^(5i) + 32 < n / 32 + 32, and
 *    |d_i| <= 16, so |32 M_(i+1) - d_i| < n: the congruence is an equality
 *    of integers, 32 M_(i+1) = d_i, which with |d_i| <= 16 forces d_i = 0:
 *    contradiction.
 *    For i = 0: 32 M_1 = k - d_0, so k = 2 d_0 (mod n) with 0 <= k < n and
 *    -32 <= 2 d_0 <= 32: either k = 2 d_0 (d_0 >= 1), and then d_0 = k = 2
 *    d_0 (mod 32) gives d_0 = 0 (mod 32), so d_0 = 0: contradiction; or k =
 *    n + 2 d_0 (d_0 <= -1), and then d_0 = k = n + 2 d_0 (mod 32) gives
 *    d_0 = -n = -17 = 15 (mod 32) (n mod 32 = 17), so d_0 is 15 or -17,
 *    neither in [-16, -1]: contradiction.
 * So for every k < n and every P of order n the result is exact.
 * test_p256_group's test_varbase_edges checks k = 0..64, n - 64 .. n - 1,
 * the scalars j 2^(5i) + e and n - j 2^(5i) + e of every window, scalars
 * whose top windows are zero, on P = G, -G and a random point, and P = O,
 * against a double-and-add with the complete formulas (and OpenSSL when
 * present); every caller passes k < n (ecf_p256_scalar_mult reduces). */
SM_FLATTEN void ecfi_p256_scalar_mult_limbs(ecf_p256_point *r, const uint64_t k[4], const ecf_p256_point *p,
                                            uint32_t tiers)
{
	point table[16], acc, t, u;
	uint64_t k2[6], neg, d;
	pt_to_jac(&table[0], p, tiers);
	jac_dbl(&table[1], &table[0], tiers);
	for (int i = 2; i < 16; i++) { /* table[i] = (i + 1) P */
		if (i & 1)
			jac_dbl(&table[i], &table[i / 2], tiers); /* 2 * ((i + 1) / 2) P */
		else
			jac_add(&table[i], &table[i - 1], &table[0], tiers); /* i P + P */
	}
	double_k(k2, k);
	d = booth(window_bits(k2, 255, 5), 5, &neg); /* window 51: bits 254..259 of k */
	lookup_jac16(&acc, table, d, neg);           /* Z = 0 for d = 0 */
	for (int i = 50; i >= 0; i--) {
		/* the lookup first: it does not depend on acc, so the core runs it
		 * while the previous window's addition is still in flight */
		d = booth(window_bits(k2, 5 * (unsigned)i, 5), 5, &neg);
		lookup_jac16(&t, table, d, neg);
		jac_dbl_n(&acc, &acc, 5, tiers); /* 5: a constant, not data */
		uint64_t acc_inf = fe_zero_mask(&acc.z);
		jac_add(&u, &acc, &t, tiers);
		pt_cmov(&u, &t, acc_inf);
		pt_cmov(&acc, &u, ~idx_eq_mask(d, 0));
	}
	jac_to_pt(r, &acc, tiers);
	ecfi_wipe(table, sizeof table);
	ecfi_wipe(&acc, sizeof acc);
	ecfi_wipe(&t, sizeof t);
	ecfi_wipe(&u, sizeof u);
	ecfi_wipe(k2, sizeof k2);
	ecfi_wipe(&d, sizeof d);
	ecfi_wipe(&neg, sizeof neg);
}

/* r = row[d - 1], negated if neg; r is all zeros (dropped by the caller's
 * mask) for d = 0. Reads all P256_BASE_ENTRIES entries. */
static inline void lookup_affine_base(affine *r, const affine row[P256_BASE_ENTRIES], uint64_t d, uint64_t neg,
                                      uint32_t tiers)
{
	ecfi_p256_lookup_affine((uint64_t *)r, (const uint64_t *)row, P256_BASE_ENTRIES, d, neg, tiers);
}

/* Fixed base, in Jacobian coordinates with the incomplete mixed addition
 * jac_madd (7M + 4S instead of the complete formula's 11M and 23 additions),
 * over W-bit signed Booth windows (W = P256_BASE_W, 5, 6 or 7, chosen in
 * gen_tables.py; M = P256_BASE_WINDOWS windows, W M >= 257, W (M - 1) =
 * 255, 252, 252 for W = 5, 6, 7), one table of 2^(W-1) affine points
 * j 2^(Wi) G per window. Its exceptions cannot give a wrong result, for
 * every k < n:
 *  - acc = O (every digit so far zero): acc.Z = 0 is tested with a mask and
 *    the entry itself, (x, y, 1), is selected instead of jac_madd's output;
 *  - entry = O (digit 0): the sum is dropped with a mask, as before;
 *  - acc = +-entry, acc != O: before window i, acc = m G for the integer m
 *    that the lower windows' Booth digits represent, m = (k mod 2^(Wi)) -
 *    c 2^(Wi) with c the bit Wi - 1 of k, so -2^(Wi-1) <= m < 2^(Wi-1); the
 *    entry is d 2^(Wi) G with 1 <= |d| <= 2^(W-1). acc = +-entry needs n to
 *    divide d 2^(Wi) -+ m, a nonzero integer (|m| < 2^(Wi) <= |d| 2^(Wi))
 *    below (2^(W-1) + 1) 2^(Wi) in absolute value: impossible for i <= M - 2
 *    (below (2^(W-1) + 1) 2^(W(M-2)) < 2^(W(M-1)) <= 2^255 < n). In the
 *    last window, i = M - 1, with T = W (M - 1) (255 or 252), k = m + d 2^T
 *    exactly with 0 <= d <= 2^(256-T) (k < 2^256). acc = -entry: n divides
 *    d 2^T + m = k, impossible for 0 < k < n (and jac_madd would give Z3 =
 *    0, the right sum, anyway). acc = entry: n divides d 2^T - m = k - 2m,
 *    which lies in (0, 2n) (|m| <= 2^(T-1) <= 2^254), so k - 2m = n and
 *    k = n + 2m; m = k mod 2^T in Booth range then means m = -n mod 2^T =
 *    2^T - (n mod 2^T), about 2^224 and positive for T = 252 and T = 255
 *    (the other representative is below -2^(T-1)), so k = n + 2m > n:
 *    outside the contract.
 * test_p256_group checks k = 1..20, the published large k, random k and
 * scalars next to n and to the powers 2^(Wi) (for W = 5, 6 and 7, whatever
 * the build's W) against OpenSSL, the vectors and scalar_mult; every caller
 * passes k < n (ecf_p256_scalar_mult_base reduces). */
#if ECFI_X86_64_KERNELS
/* The fixed base on the MULX/ADX + AVX2 tiers: the same windows, additions,
 * selects and masks as below, but each addition is
 * ecfk_p256_jac_madd_scan_mulx_adx_avx2, which also scans the NEXT window's
 * table for its digit (the same bits as the AVX2 scan); the sign of that
 * entry is applied after the call. e[0], e[1] alternate as the current and
 * the next entry (i & 1: public). The last window's addition is the plain
 * jac_madd routine (nothing left to scan). */
_Static_assert(P256_BASE_ENTRIES == 64, "the fused routine scans 64 entries");
static void scalar_mult_base_fused_mulx_adx_avx2(point *acc, const uint64_t k2[6], uint32_t tiers)
{
	point t;
	affine e[2];
	uint64_t neg, d, negn, dn;
	d = booth(window_bits(k2, 0, P256_BASE_W), P256_BASE_W, &neg);
	lookup_affine_base(&e[0], p256_base_table[0], d, neg, tiers);
	for (unsigned i = 0; i < P256_BASE_WINDOWS; i++) {
		affine *cur = &e[i & 1], *nxt = &e[(i + 1) & 1];
		uint64_t acc_inf = fe_zero_mask(&acc->z);
		if (i + 1 < P256_BASE_WINDOWS) { /* public */
			dn = booth(window_bits(k2, P256_BASE_W * (i + 1), P256_BASE_W), P256_BASE_W, &negn);
			ecfk_p256_jac_madd_scan_mulx_adx_avx2((uint64_t *)&t, (const uint64_t *)acc,
			                                      (const uint64_t *)cur, (uint64_t *)nxt,
			                                      (const uint64_t *)p256_base_table[i + 1], dn);
		} else {
			jac_madd(&t, acc, cur, tiers);
		}
		fe_cmov(&t.x, &cur->x, acc_inf);
		fe_cmov(&t.y, &cur->y, acc_inf);
		fe_cmov(&t.z, &P256_ONE, acc_inf);
		pt_cmov(acc, &t, ~idx_eq_mask(d, 0));
		if (i + 1 < P256_BASE_WINDOWS) {
			fe_cneg(&nxt->y, negn);
			d = dn;
			neg = negn;
		}
	}
	ecfi_wipe(&t, sizeof t);
	ecfi_wipe(e, sizeof e);
	ecfi_wipe(&d, sizeof d);
	ecfi_wipe(&neg, sizeof neg);
	ecfi_wipe(&dn, sizeof dn);
	ecfi_wipe(&negn, sizeof negn);
}
#endif

SM_FLATTEN void ecfi_p256_scalar_mult_base_limbs(ecf_p256_point *r, const uint64_t k[4], uint32_t tiers)
{
	point acc, t;
	affine e;
	uint64_t k2[6], neg, d;
	double_k(k2, k);
	/* On the tiers of p256_madd_scan (MULX/ADX with AVX2) the fused routine of
	 * that tier: scalar_mult_base_fused_<tier> above. */
#define BASE_FUSED(tier, ...)                                                                                          \
	do {                                                                                                           \
		pt_identity(&acc);                                                                                     \
		ECFI_CAT(scalar_mult_base_fused_, tier)(&acc, k2, tiers);                                              \
		jac_to_pt(r, &acc, tiers);                                                                             \
		ecfi_wipe(&acc, sizeof acc);                                                                           \
		ecfi_wipe(k2, sizeof k2);                                                                              \
		return;                                                                                                \
	} while (0)
	ECFI_DISPATCH_EACH(p256_madd_scan, tiers, BASE_FUSED, ~) {}
#undef BASE_FUSED
	pt_identity(&acc); /* (0 : 1 : 0), Z = 0: the identity in Jacobian coordinates too */
	for (unsigned i = 0; i < P256_BASE_WINDOWS; i++) {
		d = booth(window_bits(k2, P256_BASE_W * i, P256_BASE_W), P256_BASE_W, &neg);
		lookup_affine_base(&e, p256_base_table[i], d, neg, tiers);
		uint64_t acc_inf = fe_zero_mask(&acc.z);
		jac_madd(&t, &acc, &e, tiers);
		fe_cmov(&t.x, &e.x, acc_inf);
		fe_cmov(&t.y, &e.y, acc_inf);
		fe_cmov(&t.z, &P256_ONE, acc_inf);
		pt_cmov(&acc, &t, ~idx_eq_mask(d, 0));
	}
	jac_to_pt(r, &acc, tiers); /* the identity as (0 : 1 : 0) */
	ecfi_wipe(&acc, sizeof acc);
	ecfi_wipe(&t, sizeof t);
	ecfi_wipe(&e, sizeof e);
	ecfi_wipe(k2, sizeof k2);
	ecfi_wipe(&d, sizeof d);
	ecfi_wipe(&neg, sizeof neg);
}

#endif /* !ECFI_TEST_HOOKS */

/* Width-w NAF of k < 2^256: digits odd in (-2^(w-1), 2^(w-1)) or 0, at most
 * 257 of them. Returns the number of digits. Variable time. */
static int wnaf_vartime(int8_t naf[257], const uint64_t k[4], int w)
{
	uint64_t v[5] = {k[0], k[1], k[2], k[3], 0};
	int len = 0;
	const int64_t win = (int64_t)1 << w, half = win >> 1;
	for (int i = 0; i < 257; i++)
		naf[i] = 0;
	while ((v[0] | v[1] | v[2] | v[3] | v[4]) != 0) {
		int8_t digit = 0;
		if (v[0] & 1) {
			int64_t dd = (int64_t)(v[0] & (uint64_t)(win - 1));
			if (dd >= half)
				dd -= win;
			digit = (int8_t)dd;
			/* v -= dd */
			if (dd > 0) {
				uint64_t b = (uint64_t)dd;
				for (int j = 0; j < 5 && b; j++) {
					uint64_t o = v[j];
					v[j] = o - b;
					b = o < b;
				}
			} else {
				uint64_t c = (uint64_t)(-dd);
				for (int j = 0; j < 5 && c; j++) {
					v[j] += c;
					c = v[j] < c;
				}
			}
		}
		naf[len++] = digit;
		for (int j = 0; j < 4; j++)
			v[j] = (v[j] >> 1) | (v[j + 1] << 63);
		v[4] >>= 1;
	}
	return len;
}

/* Jacobian coordinates throughout: one jac_dbl per digit position (each run
 * of them between two additions as one jac_dbl_n),
 * jac_madd_vartime for the G digits (affine odd multiples in .rodata), and
 * for the Q digits either jac_add_vartime over tqj, the odd multiples Q, 3Q,
 * ..., 15Q in Jacobian (window 5, built by dsm_jac: jQ + 2Q = O or jQ = 2Q
 * would need j = +-2 mod n, and Q = O gives entries with Z = 0, which
 * jac_add_vartime treats as O), or jac_madd_vartime over tqa, affine odd
 * multiples Q, 3Q, ..., (2^(wq-1) - 1) Q of a prepared key (window wq =
 * ECFI_P256_PREP_W, ecfi_p256_odd_multiples_affine; Q != O). Every exception
 * of the incomplete formulas (acc = O, acc = +-entry, Q = O) takes an
 * explicit branch; the test-hook build counts the paths taken. */
static inline void dsm_core(point *r, const uint64_t u1[4], const uint64_t u2[4], const point *tqj, const affine *tqa,
                            int wq, uint32_t tiers)
{
	int8_t n1[257], n2[257];
	int l1 = wnaf_vartime(n1, u1, 8);
	int l2 = wnaf_vartime(n2, u2, wq);
	point acc;
	fe_zero(&acc.x);
	fe_zero(&acc.y);
	fe_zero(&acc.z);
	int started = 0;
	unsigned dbls = 0; /* doublings owed to acc, done as one run before the next addition */
	for (int i = (l1 > l2 ? l1 : l2) - 1; i >= 0; i--) {
		if (started)
			dbls++;
		if ((n1[i] | n2[i]) != 0 && dbls != 0) {
			jac_dbl_n(&acc, &acc, dbls, tiers);
			dbls = 0;
		}
		if (n1[i] != 0) {
			affine e = p256_base_odd[(n1[i] > 0 ? n1[i] : -n1[i]) / 2];
			if (n1[i] < 0)
				fe_neg(&e.y, &e.y);
			int path = jac_madd_vartime(&acc, &acc, &e, tiers);
			TEST_COUNT(ecfi_test_p256_dsm_paths, path);
			started = 1;
		}
		if (n2[i] != 0) {
			int path;
			if (tqa != NULL) { /* public: which caller */
				affine e = tqa[(n2[i] > 0 ? n2[i] : -n2[i]) / 2];
				if (n2[i] < 0)
					fe_neg(&e.y, &e.y);
				path = jac_madd_vartime(&acc, &acc, &e, tiers);
			} else {
				point e = tqj[(n2[i] > 0 ? n2[i] : -n2[i]) / 2];
				if (n2[i] < 0)
					fe_neg(&e.y, &e.y);
				path = jac_add_vartime(&acc, &acc, &e, tiers);
			}
			TEST_COUNT(ecfi_test_p256_dsm_paths, JAC_VT_PATHS + path);
			started = 1;
		}
	}
	if (dbls != 0)
		jac_dbl_n(&acc, &acc, dbls, tiers);
	*r = acc;
}

static SM_FLATTEN void dsm_jac(point *r, const uint64_t u1[4], const uint64_t u2[4], const point *q, uint32_t tiers)
{
	point tq[8], q2;
	pt_to_jac(&tq[0], q, tiers);
	jac_dbl(&q2, &tq[0], tiers);
	for (int i = 1; i < 8; i++) /* tq[i] = (2i + 1) Q */
		jac_add(&tq[i], &tq[i - 1], &q2, tiers);
	dsm_core(r, u1, u2, tq, NULL, 5, tiers);
}

static SM_FLATTEN void dsm_jac_table(point *r, const uint64_t u1[4], const uint64_t u2[4],
                                     const affine table[ECFI_P256_PREP_ENTRIES], uint32_t tiers)
{
	dsm_core(r, u1, u2, NULL, table, ECFI_P256_PREP_W, tiers);
}

#if !defined(ECFI_TEST_HOOKS)
void ecfi_p256_double_scalar_mult_vartime_jac(ecf_p256_point *r, const uint64_t u1[4], const uint64_t u2[4],
                                              const ecf_p256_point *q, uint32_t tiers)
{
	dsm_jac(r, u1, u2, q, tiers);
}

void ecfi_p256_double_scalar_mult_vartime_jac_table(ecf_p256_point *r, const uint64_t u1[4], const uint64_t u2[4],
                                                    const ecf_p256_affine table[ECFI_P256_PREP_ENTRIES], uint32_t tiers)
{
	dsm_jac_table(r, u1, u2, table, tiers);
}

/* The odd multiples of q in Jacobian coordinates (jac_dbl, then jac_add of
 * 2Q: jQ + 2Q for odd j < 2^(W-1) meets no exception, as j = +-2 mod n is
 * impossible, for q of order n), then all of them to affine with one
 * inversion (Montgomery's trick; x = X / Z^2, y = Y / Z^3). Variable time:
 * q is a public key. */
void ecfi_p256_odd_multiples_affine(ecf_p256_affine table[ECFI_P256_PREP_ENTRIES], const ecf_p256_point *q,
                                    uint32_t tiers)
{
	point tq[ECFI_P256_PREP_ENTRIES], q2;
	fe pre[ECFI_P256_PREP_ENTRIES], acc, zinv, zz;
	pt_to_jac(&tq[0], q, tiers);
	jac_dbl(&q2, &tq[0], tiers);
	for (int i = 1; i < ECFI_P256_PREP_ENTRIES; i++)
		jac_add(&tq[i], &tq[i - 1], &q2, tiers);
	acc = P256_ONE;
	for (int i = 0; i < ECFI_P256_PREP_ENTRIES; i++) { /* pre[i] = z_0 ... z_(i-1) */
		pre[i] = acc;
		fe_mul(&acc, &acc, &tq[i].z, tiers);
	}
	fe_inv(&acc, &acc);
	for (int i = ECFI_P256_PREP_ENTRIES - 1; i >= 0; i--) {
		fe_mul(&zinv, &acc, &pre[i], tiers); /* 1 / z_i */
		fe_mul(&acc, &acc, &tq[i].z, tiers); /* 1 / (z_0 ... z_(i-1)) */
		fe_sqr(&zz, &zinv, tiers);           /* 1 / z_i^2 */
		fe_mul(&table[i].x, &tq[i].x, &zz, tiers);
		fe_mul(&zz, &zz, &zinv, tiers); /* 1 / z_i^3 */
		fe_mul(&table[i].y, &tq[i].y, &zz, tiers);
	}
}

void ecfi_p256_double_scalar_mult_vartime_limbs(ecf_p256_point *r, const uint64_t u1[4], const uint64_t u2[4],
                                                const ecf_p256_point *q, uint32_t tiers)
{
	point acc;
	ecfi_p256_double_scalar_mult_vartime_jac(&acc, u1, u2, q, tiers);
	jac_to_pt(r, &acc, tiers);
}

/* The public scalar multiplications: a noinline worker holds the scalar, then
 * ecfi_wipe_stack() clears its frames (lib/common/wipe.h; a debugoptimized
 * build with range checks left a limb of k in the red zone of
 * ecfi_p256_scalar_from_bytes_reduce). */
static ECFI_NOINLINE void scalar_mult_worker(ecf_p256_point *r, const uint8_t k[32], const ecf_p256_point *p)
{
	uint64_t kk[4];
	ecfi_p256_scalar_from_bytes_reduce(kk, k);
	ecfi_p256_scalar_mult_limbs(r, kk, p, ecfi_tiers());
	ecfi_wipe(kk, sizeof kk);
}

static ECFI_NOINLINE void scalar_mult_base_worker(ecf_p256_point *r, const uint8_t k[32])
{
	uint64_t kk[4];
	ecfi_p256_scalar_from_bytes_reduce(kk, k);
	ecfi_p256_scalar_mult_base_limbs(r, kk, ecfi_tiers());
	ecfi_wipe(kk, sizeof kk);
}

void ecf_p256_point_scalar_mult(ecf_p256_point *r, const uint8_t scalar[ECF_P256_SCALAR_BYTES], const ecf_p256_point *p)
{
	scalar_mult_worker(r, scalar, p);
	ecfi_wipe_stack();
}

void ecf_p256_point_scalar_mult_base(ecf_p256_point *r, const uint8_t scalar[ECF_P256_SCALAR_BYTES])
{
	scalar_mult_base_worker(r, scalar);
	ecfi_wipe_stack();
}

void ecf_p256_point_double_scalar_mult_base_vartime(ecf_p256_point *r, const uint8_t a[ECF_P256_SCALAR_BYTES],
                                                    const ecf_p256_point *A, const uint8_t b[ECF_P256_SCALAR_BYTES])
{
	uint64_t la[4], lb[4];
	ecfi_p256_scalar_from_bytes_reduce(la, a);
	ecfi_p256_scalar_from_bytes_reduce(lb, b);
	ecfi_p256_double_scalar_mult_vartime_limbs(r, lb, la, A, ecfi_tiers()); /* b G + a A */
}
#else /* ECFI_TEST_HOOKS: the test hooks only (testhooks/p256_hooks.h) */
_Static_assert(ECFI_TEST_P256_DSM_PATHS == 2 * JAC_VT_PATHS, "p256_hooks.h's path count");

void ecfi_test_p256_lookup_affine(uint64_t r[8], const uint64_t *table, size_t n, uint64_t d, uint64_t neg,
                                  uint32_t tiers)
{
	lookup(r, table, n, 8, d, neg, tiers);
}

void ecfi_test_p256_lookup_jac(uint64_t r[12], const uint64_t *table, size_t n, uint64_t d, uint64_t neg,
                               uint32_t tiers)
{
	lookup(r, table, n, 12, d, neg, tiers);
}

void ecfi_test_p256_double_scalar_mult_vartime_jac(ecf_p256_point *r, const uint64_t u1[4], const uint64_t u2[4],
                                                   const ecf_p256_point *q, uint32_t tiers)
{
	dsm_jac(r, u1, u2, q, tiers);
}

void ecfi_test_p256_double_scalar_mult_vartime_jac_table(ecf_p256_point *r, const uint64_t u1[4], const uint64_t u2[4],
                                                         const ecf_p256_affine table[ECFI_P256_PREP_ENTRIES],
                                                         uint32_t tiers)
{
	dsm_jac_table(r, u1, u2, table, tiers);
}
#endif
