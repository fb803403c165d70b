/*
 * p256_aarch64.S - Montgomery arithmetic mod p = 2^256 - 2^224 + 2^192 + 2^96 - 1
 * (NIST P-256 field), AArch64 (base ARMv8-A: MUL, UMULH, ADDS/ADCS, CSEL).
 * R = 2^256, limbs little-endian uint64_t[4]. The caller checks CPU support.
 *
 * void ecfk_p256_mul_aarch64(uint64_t z[4], const uint64_t x[4], const uint64_t y[4]);
 *     z = x*y*R^-1 mod p.   Requires x, y < p.   z < p.   z may alias x and/or y.
 * void ecfk_p256_sqr_aarch64(uint64_t z[4], const uint64_t x[4]);
 *     z = x*x*R^-1 mod p.   Requires x < p.      z < p.   z may alias x.
 * void ecfk_p256_redc_aarch64(uint64_t z[4], const uint64_t t[8]);
 *     z = t*R^-1 mod p.     Requires t < p*R.    z < p.   z may alias t[0..3].
 *
 * Constant time: no branches, no secret-dependent addresses; the final
 * conditional subtraction is a borrow chain and CSEL. Every input word is
 * read before z is written, which is what makes the aliasing safe. Leaf
 * functions using only x0-x17 (caller-saved, AAPCS64); no stack.
 *
 * mul and sqr form the 512-bit product (mul_4x64.S.inc) and reduce it like
 * redc: t = x*y < p^2 < p*R. Reduction: -p^-1 = 1 mod 2^64, so the
 * Montgomery factor m is the low word a0 itself. With p0 + p1*2^64 = 2^96 - 1
 * and p3 = 2^64 - 2^32 + 1,
 *   a + m*p = a - m + m*2^96 + m*p3*2^192,
 * the low word cancels exactly (no carry) and, after dropping it, the words
 * [a1, a2, a3, a4] gain [m<<32, m>>32, lo(m*p3), hi(m*p3)], where
 *   m*p3 = m*2^64 - m*2^32 + m:  lo = m - (m<<32),  hi = m - (m>>32) - borrow:
 * two shifts and a 2-word subtraction per step, no multiply. Four steps on
 * the low half give L = (t_lo + M*p)/R <= p; L + t_hi < 2p, one conditional
 * subtraction (the bits of the portable kernel: z < p is unique).
 */
#include "asm.S.inc"
#include "kernels/aarch64/p256_asm_params.h" /* generated: field_params.py --asm */
#include "mul_4x64.S.inc"

/* One reduction step on the window [t0..t3] (m = t0): the window becomes
 * [t1, t2, t3, t0] with t0 = hi(m*p3) + carry (< 2^64 since hi(m*p3) < p3).
 * Uses x7, x16, x17. */
.macro P256_RED_STEP t0, t1, t2, t3
        lsl     x16, \t0, #32
        lsr     x17, \t0, #32
        subs    x7, \t0, x16
        sbc     \t0, \t0, x17
        adds    \t1, \t1, x16
        adcs    \t2, \t2, x17
        adcs    \t3, \t3, x7
        adc     \t0, \t0, xzr
.endm

/* z (at x0) = [x8..x15]/R mod p for [x8..x15] < p*R. Clobbers x1-x7,
 * x8-x17. */
.macro P256_REDC
        P256_RED_STEP x8, x9, x10, x11
        P256_RED_STEP x9, x10, x11, x8
        P256_RED_STEP x10, x11, x8, x9
        P256_RED_STEP x11, x8, x9, x10
        /* S = L + t_hi < 2p, 257 bits: [x8..x11] + carry x7 */
        mov     x16, #ECFI_P256_M_1
        mov     x17, #ECFI_P256_M_3
        adds    x8, x8, x12
        adcs    x9, x9, x13
        adcs    x10, x10, x14
        adcs    x11, x11, x15
        cset    x7, cs
        /* S - p: word 0 of p is 2^64 - 1, so S0 - p0 = S0 + 1 - 2^64 (same
         * word, same carry); word 2 of p is 0 */
        adds    x1, x8, #1
        sbcs    x2, x9, x16
        sbcs    x3, x10, xzr
        sbcs    x4, x11, x17
        sbcs    x7, x7, xzr
        /* borrow (carry clear): S < p, keep S */
        csel    x8, x8, x1, cc
        csel    x9, x9, x2, cc
        csel    x10, x10, x3, cc
        csel    x11, x11, x4, cc
        stp     x8, x9, [x0]
        stp     x10, x11, [x0, #16]
.endm

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256_mul_aarch64)
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        MUL_4X64                                /* [x8..x15] = x*y */
        P256_REDC
        ret
ECFK_FUNC_END(ecfk_p256_mul_aarch64)

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256_sqr_aarch64)
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        SQR_4X64                                /* [x8..x15] = x^2 */
        P256_REDC
        ret
ECFK_FUNC_END(ecfk_p256_sqr_aarch64)

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256_redc_aarch64)
        ldp     x8, x9, [x1]
        ldp     x10, x11, [x1, #16]
        ldp     x12, x13, [x1, #32]
        ldp     x14, x15, [x1, #48]
        P256_REDC
        ret
ECFK_FUNC_END(ecfk_p256_redc_aarch64)
