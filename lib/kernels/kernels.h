/*
 * Every kernel of the library, named ecfk_<field>_<op>_<tier> (tier: portable
 * or a tier's name in lib/dispatch/tiers.h). The public entries in lib/fields/
 * test the dispatch flag and jump to one of them; tests and benchmarks call
 * them directly too. All hidden. The fields' kernels of each tier are declared
 * from the tier table (a field family's row lists its tiers).
 *
 * Montgomery kernels, for modulus m of n limbs and R = 2^(64n):
 *   mul:  z = x*y/R mod m     requires x, y < m;  z < m;  z may alias x, y.
 *   sqr:  z = x*x/R mod m     requires x < m;     z < m;  z may alias x.
 *   redc: z = t/R mod m       t has 2n limbs, requires t < m*R;  z < m;
 *                             z may alias the low half of t.
 * GF(2^255 - 19) kernels (p25519), saturated 4 x 64-bit limbs, lazy range:
 *   mul:  z = x*y mod p       x, y any 256-bit values; z < 2^255 + 1463 (not always < p)
 *   sqr:  z = x*x mod p       same ranges
 *   z is the 512-bit product folded as in kernels/portable/p25519_fold.h, the
 *   same bits from every tier; z may alias x, y.
 * Kernels are constant time: no branch or address depends on the operands.
 *
 * Isogeny-field kernels (p434, p503, p610, p751: p = 2^a * 3^b - 1, so p + 1
 * has zero low limbs), n limbs, R = 2^(64n):
 *   mp_mul: c = a*b as 2n limbs, for any a, b < R. c must not alias a or b.
 *   redc:   z = t/R mod p in [0, 2p) (not fully reduced), for t < p*R given
 *           as 2n limbs. t is not modified; z must not alias t.
 *   mul:    z = a*b/R mod p in [0, 2p), for a, b < 4p (a*b < 16p^2 <= p*R):
 *           the same bits as redc(mp_mul(a, b)) (the Montgomery quotient is
 *           unique), product and reduction in one kernel. z may alias a or b.
 *   sqr:    z = a*a/R mod p in [0, 2p), for a < 4p: the same bits as mul(a, a),
 *           from a dedicated squaring. z may alias a.
 */
#ifndef ECFI_KERNELS_H
#define ECFI_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
#include "dispatch/tiers.h"

#define ECFI_DECLARE_MONT_KERNELS(field, tier, n)                                                                      \
	ECFI_HIDDEN void ecfk_##field##_mul_##tier(uint64_t z[n], const uint64_t x[n], const uint64_t y[n]);           \
	ECFI_HIDDEN void ecfk_##field##_sqr_##tier(uint64_t z[n], const uint64_t x[n]);                                \
	ECFI_HIDDEN void ecfk_##field##_redc_##tier(uint64_t z[n], const uint64_t t[2 * (n)])

/* GF(p256), p = 2^256 - 2^224 + 2^192 + 2^96 - 1. */
ECFI_DECLARE_MONT_KERNELS(p256, portable, 4);
/* Scalars mod n, the P-256 group order. */
ECFI_DECLARE_MONT_KERNELS(p256n, portable, 4);
/* Scalars mod l, the edwards25519 group order (portable only). */
ECFI_DECLARE_MONT_KERNELS(sc25519, portable, 4);

#define ECFI_DECLARE_SIDH_KERNELS(field, tier, n)                                                                      \
	ECFI_HIDDEN void ecfk_##field##_mp_mul_##tier(uint64_t c[2 * (n)], const uint64_t a[n], const uint64_t b[n]);  \
	ECFI_HIDDEN void ecfk_##field##_redc_##tier(uint64_t z[n], const uint64_t t[2 * (n)]);                         \
	ECFI_HIDDEN void ecfk_##field##_mul_##tier(uint64_t z[n], const uint64_t a[n], const uint64_t b[n]);           \
	ECFI_HIDDEN void ecfk_##field##_sqr_##tier(uint64_t z[n], const uint64_t a[n])

ECFI_DECLARE_SIDH_KERNELS(p434, portable, 7);
ECFI_DECLARE_SIDH_KERNELS(p503, portable, 8);
ECFI_DECLARE_SIDH_KERNELS(p610, portable, 10);
ECFI_DECLARE_SIDH_KERNELS(p751, portable, 12);
#define ECFI_DECLARE_P25519_KERNELS(tier)                                                                              \
	ECFI_HIDDEN void ecfk_p25519_mul_##tier(uint64_t z[4], const uint64_t x[4], const uint64_t y[4]);              \
	ECFI_HIDDEN void ecfk_p25519_sqr_##tier(uint64_t z[4], const uint64_t x[4])

/* GF(2^255 - 19). */
ECFI_DECLARE_P25519_KERNELS(portable);

/* The X25519 ladder step (x25519_ladder_mulx_adx.S): one routine for a whole
 * step of RFC 7748's ladder, conditional swap included, on a working area w
 * of ECFK_X25519_LADDER_WORDS limbs in the caller's frame, 4 limbs per value
 * at these word offsets: x2, z2, x3, z3 (in and out), x1 (in), then scratch.
 * x1 is any 256-bit number; x2, z2, x3, z3 are at most 2p = 2^256 - 38 (the
 * outputs are: every one is a fold output, below 2^255 + 1463, so a ladder
 * stays in range; the ladder starts from 0, 1 and x1 < p); swap is 0 or 1.
 * The outputs are then the same bits as ecfi_x25519_ladder_step_portable's
 * (lib/curves/curve25519/x25519.c), which takes any 256-bit values. The
 * MULX/ADX routines copy the five values into their own frame and back
 * (they leave the scratch words alone and zero their frame). The caller
 * wipes w. */
#define ECFK_X25519_LADDER_X2 0
#define ECFK_X25519_LADDER_Z2 4
#define ECFK_X25519_LADDER_X3 8
#define ECFK_X25519_LADDER_Z3 12
#define ECFK_X25519_LADDER_X1 16
#define ECFK_X25519_LADDER_WORDS 56

/* One addition of the edwards25519 fixed-base comb (ed25519_madd_mulx_adx.S):
 * h = h + n, h extended (X : Y : Z : T), n affine Niels (y + x, y - x,
 * 2d*x*y), on a working area w of ECFK_ED25519_MADD_WORDS limbs: h at word 0
 * (in and out), n at word 16 (in), then scratch. X, Y, Z at most
 * 2p = 2^256 - 38 (the outputs are, and so are the comb's starting points:
 * the identity, p1p1_to_p3's products), T and n any 256-bit values. The same
 * bits as ecfi_edwards25519_madd_p3_portable (edwards25519.c), which takes
 * any 256-bit values. The caller wipes w. */
#define ECFK_ED25519_MADD_H 0
#define ECFK_ED25519_MADD_N 16
#define ECFK_ED25519_MADD_WORDS 44

/* One doubling step of the edwards25519 loops (ed25519_dbl_mulx_adx.S):
 * t = 2 * p1p1_to_p2(t) for a completed point t = ((X : Z), (Y : T)) at word 0
 * of a working area w of ECFK_ED25519_DBL_WORDS limbs (in and out), then
 * scratch. Any 256-bit values. The same bits as
 * ecfi_edwards25519_dbl_p1p1_portable (edwards25519.c). The caller wipes w. */
#define ECFK_ED25519_DBL_WORDS 32

/* Whole Jacobian point operations of P-256 (p256_jac_*_mulx_adx.S): r and p
 * (and q of add) are (X, Y, Z), q of madd is affine (x, y), 4 limbs per
 * coordinate, Montgomery domain, every coordinate < p. The same bits as
 * jac_dbl_c, jac_madd_c, jac_add_c of lib/curves/p256/point_ops.h (and as
 * incomplete as those). r may alias p or q. The routines zero their own stack
 * frame before returning. ecfk_p256_jac_dbl_n_mulx_adx: r = 2^n p, the same
 * bits as n calls of jac_dbl_c (n = 0 copies p); n is public (the loop
 * count). */

/* The field kernels of the other tiers: one declaration per tier of each
 * field's row in the tier table. */
#define ECFI_DECLARE_MONT_TIER_(tier, field, n) ECFI_DECLARE_MONT_KERNELS(field, tier, n);
#define ECFI_DECLARE_SIDH_TIER_(tier, field, n) ECFI_DECLARE_SIDH_KERNELS(field, tier, n);
#define ECFI_DECLARE_P25519_TIER_(tier, ...) ECFI_DECLARE_P25519_KERNELS(tier);
ECFI_FAMILY_BUILT(p256, ECFI_DECLARE_MONT_TIER_, p256, 4)
ECFI_FAMILY_BUILT(p256n, ECFI_DECLARE_MONT_TIER_, p256n, 4)
ECFI_FAMILY_BUILT(sc25519, ECFI_DECLARE_MONT_TIER_, sc25519, 4)
ECFI_FAMILY_BUILT(p434, ECFI_DECLARE_SIDH_TIER_, p434, 7)
ECFI_FAMILY_BUILT(p503, ECFI_DECLARE_SIDH_TIER_, p503, 8)
ECFI_FAMILY_BUILT(p610, ECFI_DECLARE_SIDH_TIER_, p610, 10)
ECFI_FAMILY_BUILT(p751, ECFI_DECLARE_SIDH_TIER_, p751, 12)
ECFI_FAMILY_BUILT(p25519, ECFI_DECLARE_P25519_TIER_, ~)

#if ECFI_X86_64_KERNELS
ECFI_HIDDEN void ecfk_x25519_ladder_step_mulx_adx(uint64_t w[ECFK_X25519_LADDER_WORDS], uint64_t swap);
/* n >= 1 steps (n public) with the swap values swaps[0..n-1]: the bits of n
 * calls of ecfk_x25519_ladder_step_mulx_adx, in one routine. */
ECFI_HIDDEN void ecfk_x25519_ladder_mulx_adx(uint64_t w[ECFK_X25519_LADDER_WORDS], const uint64_t *swaps, uint64_t n);
ECFI_HIDDEN void ecfk_ed25519_madd_mulx_adx(uint64_t w[ECFK_ED25519_MADD_WORDS]);
ECFI_HIDDEN void ecfk_ed25519_dbl_mulx_adx(uint64_t w[ECFK_ED25519_DBL_WORDS]);
ECFI_HIDDEN void ecfk_p256_jac_dbl_mulx_adx(uint64_t r[12], const uint64_t p[12]);
ECFI_HIDDEN void ecfk_p256_jac_madd_mulx_adx(uint64_t r[12], const uint64_t p[12], const uint64_t q[8]);
ECFI_HIDDEN void ecfk_p256_jac_add_mulx_adx(uint64_t r[12], const uint64_t p[12], const uint64_t q[12]);
ECFI_HIDDEN void ecfk_p256_jac_dbl_n_mulx_adx(uint64_t r[12], const uint64_t p[12], uint64_t n);
/* r = p + q as ecfk_p256_jac_madd_mulx_adx (the same bits, r may alias p)
 * and, interleaved with it, next := table[d - 1] for 1 <= d <= 64, zeros
 * otherwise: the AVX2 scan of 64 entries of 8 words, the same bits as
 * ecfk_p256_lookup8_avx2(next, table, 64, d). next may alias q, not r, p or
 * table. Needs MULX/ADX and AVX2 (p256_jac_madd_scan_mulx_adx_avx2.S). */
ECFI_HIDDEN void ecfk_p256_jac_madd_scan_mulx_adx_avx2(uint64_t r[12], const uint64_t p[12], const uint64_t q[8],
                                                       uint64_t next[8], const uint64_t *table, uint64_t d);

/* The AVX2 table scans of the P-256 scalar multiplications
 * (p256_lookup_avx2.c; their callers: lib/curves/p256/lookup.h): out :=
 * table[d - 1] for 1 <= d <= n, zeros otherwise, no negation. AVX2 required. */
ECFI_HIDDEN void ecfk_p256_lookup8_avx2(uint64_t out[8], const uint64_t *table, size_t n, uint64_t d);
ECFI_HIDDEN void ecfk_p256_lookup12_avx2(uint64_t out[12], const uint64_t *table, size_t n, uint64_t d);

/* The SHA-256 compression with the SHA extensions (sha256_sha_ni.c; needs SHA,
 * SSSE3 and SSE4.1): state (H0..H7 as host words) absorbs nblocks 64-byte
 * blocks of p, the same bits as ecfi_sha256_blocks_portable (lib/hash/sha2.h). */
ECFI_HIDDEN void ecfk_sha256_blocks_sha_ni(uint32_t state[8], const uint8_t *p, size_t nblocks);

/* P-256 in 8 lanes with AVX-512 IFMA (p256x8_avx512_ifma.c, tier
 * avx512_ifma: the caller checks ECFI_KERNEL_AVX512_IFMA). Lane l of an
 * argument x[w][8] is x[w][l]: word w (64 bits) or limb w (52 bits).
 * field_raw: r = op(a, b) on radix-2^52 limbs in the Montgomery domain
 *   R = 2^260 of p (modn = 0) or n (modn = 1): inputs and outputs reduced
 *   (limbs 0..3 < 2^52, value <= 2m; mul's inputs may be below 2^257),
 *   CANON's output < m; INV (mod p only) is a^(p-2).
 * mul_scalar: r = a b on the scalar path's elements (canonical a 2^256 mod
 *   m, 4 words): the same bits as ecf_p256_mul / ecf_p256n_mul.
 * scalar_mult_base: the affine plain x, y of k G per lane (k < n, plain
 *   words), over the fixed-base table (ceil(257 / w) windows of 2^(w-1)
 *   affine entries of 8 words, the scalar path's p256_base_table); inf: all-ones in lanes
 *   whose result is the identity (then x = y = 0).
 * scalar_mult: the same for k P, P each lane's affine (px, py), scalar path
 *   Montgomery domain; y may be NULL. Constant time in k and P. */
enum {
	ECFK_P256X8_MUL = 1,
	ECFK_P256X8_ADD = 2,
	ECFK_P256X8_SUB = 4,
	ECFK_P256X8_NEG = 8,
	ECFK_P256X8_CANON = 16,
	ECFK_P256X8_INV = 32,
	/* mod p only: SQR = MUL(a, a) by the squaring (any normalised
	 * a < 2^260); FOLD reduces signed limbs (the precondition of fold_p) */
	ECFK_P256X8_SQR = 256,
	ECFK_P256X8_FOLD = 512
};
ECFI_HIDDEN void ecfk_p256x8_field_raw_avx512_ifma(uint64_t r[5][8], const uint64_t a[5][8], const uint64_t b[5][8],
                                                   int op, int modn);
ECFI_HIDDEN void ecfk_p256x8_mul_scalar_avx512_ifma(uint64_t r[4][8], const uint64_t a[4][8], const uint64_t b[4][8],
                                                    int modn);
ECFI_HIDDEN void ecfk_p256x8_scalar_mult_base_avx512_ifma(uint64_t x[4][8], uint64_t y[4][8], uint64_t inf[8],
                                                          const uint64_t k[4][8], const uint64_t *table, unsigned w);
ECFI_HIDDEN void ecfk_p256x8_scalar_mult_avx512_ifma(uint64_t x[4][8], uint64_t y[4][8], uint64_t inf[8],
                                                     const uint64_t k[4][8], const uint64_t px[4][8],
                                                     const uint64_t py[4][8]);
/* For the ECDSA batch calls (appended to p256x8_avx512_ifma.c):
 * scalar_mult_base_jac: the JACOBIAN X, Z of k G per lane (scalar path
 *   Montgomery domain, canonical words; k < n), the same table and windows
 *   as scalar_mult_base; constant time in k.
 * double_scalar_mult_vartime: the Jacobian X, Z of u1 G + u2 P per lane (Z = 0 for
 *   the identity; u = {u1, u2}, u1, u2 < n, pxy = {px, py}, P of order n as in scalar_mult), complete for
 *   every such input; variable time (gathers at the digits of u1, u2). */
ECFI_HIDDEN void ecfk_p256x8_scalar_mult_base_jac_avx512_ifma(uint64_t x[4][8], uint64_t z[4][8],
                                                              const uint64_t k[4][8], const uint64_t *table,
                                                              unsigned w);
ECFI_HIDDEN void ecfk_p256x8_double_scalar_mult_vartime_avx512_ifma(uint64_t x[4][8], uint64_t z[4][8],
                                                                    const uint64_t u[2][4][8],
                                                                    const uint64_t pxy[2][4][8], const uint64_t *table,
                                                                    unsigned w);
#endif

/* The 64 SHA-256 round constants (FIPS 180-4, 4.2.2), defined with the
 * portable compression in lib/hash/sha256.c and read by the SHA-NI kernel. */
ECFI_HIDDEN extern const uint32_t ecfi_sha256_k[64];
/* The 80 SHA-512 round constants (FIPS 180-4, 4.2.3; lib/hash/sha512.c) and
 * the 24 Keccak-f[1600] round constants (FIPS 202, 3.2.5; lib/hash/keccak.c),
 * read by the aarch64 hash kernels too. */
ECFI_HIDDEN extern const uint64_t ecfi_sha512_k[80];
ECFI_HIDDEN extern const uint64_t ecfi_keccak_rc[24];

#if ECFI_AARCH64_KERNELS
/* The Armv8 hash kernels (lib/kernels/aarch64/, C with ACLE intrinsics, each
 * file compiled for its extension only), the same bits as the portable
 * functions of lib/hash: SHA-256 compression (SHA2 extension), SHA-512
 * compression (SHA512), Keccak-f[1600] (SHA3). state absorbs nblocks blocks
 * of p (any alignment; nblocks may be 0). */
ECFI_HIDDEN void ecfk_sha256_blocks_armv8_sha2(uint32_t state[8], const uint8_t *p, size_t nblocks);
ECFI_HIDDEN void ecfk_sha512_blocks_armv8_sha512(uint64_t state[8], const uint8_t *p, size_t nblocks);
ECFI_HIDDEN void ecfk_keccak_f1600_armv8_sha3(uint64_t a[25]);
#endif

#endif
