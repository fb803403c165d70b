/*
 * p256n_aarch64.S - Montgomery arithmetic mod n, the P-256 group order (its
 * value and n0' = -n^-1 mod 2^64 come from the generator, through
 * p256n_asm_params.h: lib/common/field_params.py --asm), AArch64 (base
 * ARMv8-A: MUL, UMULH, ADDS/ADCS, CSEL). R = 2^256, limbs little-endian
 * uint64_t[4]. Caller checks CPU support.
 *
 * void ecfk_p256n_mul_aarch64(uint64_t z[4], const uint64_t x[4], const uint64_t y[4]);
 *     z = x*y*R^-1 mod n.  Requires x, y < n.  z < n.  z may alias x and/or y.
 * void ecfk_p256n_sqr_aarch64(uint64_t z[4], const uint64_t x[4]);
 *     z = x*x*R^-1 mod n.  Requires x < n.  z < n.  z may alias x.
 * void ecfk_p256n_redc_aarch64(uint64_t z[4], const uint64_t t[8]);
 *     z = t*R^-1 mod n.  Requires t < n*R.  z < n.  z may alias t[0..3].
 *
 * Constant time: no branches, no secret-dependent addresses (the constants
 * are read from fixed .rodata words); the final conditional subtraction is a
 * borrow chain and CSEL. Every input word is read before z is written,
 * which makes the aliasing safe. Leaf functions using only x0-x17
 * (caller-saved, AAPCS64); no stack.
 *
 * n has no useful structure: mul and sqr form the 512-bit product
 * (mul_4x64.S.inc; t = x*y < n^2 < n*R) and reduce it like redc, word by
 * word: m = w0*n0' mod 2^64 and the window gains m*n, which clears its low
 * word; the carry of that word is (w0 != 0), since lo(m*n0) = -w0, so only
 * the other seven halves of m*n are formed. Four steps give
 * L = (t_lo + M*n)/R <= n; L + t_hi < 2n, one conditional subtraction.
 */
#include "asm.S.inc"
#include "kernels/aarch64/p256n_asm_params.h" /* generated: field_params.py --asm */
#include "mul_4x64.S.inc"

        .section .rodata
        .p2align 5
.Lp256n_c:                                      /* n (4 words), then n0' */
        .quad   ECFI_N256_M
        .quad   ECFI_N256_N0

/* One reduction step on the window [w0..w3]: it becomes [w1, w2, w3, w0]
 * = (W + m*n)/2^64 (< 2^192 + n: no carry out). n in x1..x4, n0' in x5;
 * uses x6, x16, x17. */
.macro P256N_RED_STEP w0, w1, w2, w3
        mul     x6, \w0, x5                     /* m */
        mul     x16, x6, x2
        cmp     \w0, #1                         /* carry of w0 + lo(m*n0) */
        adcs    \w1, \w1, x16
        mul     x16, x6, x3
        adcs    \w2, \w2, x16
        mul     x16, x6, x4
        adcs    \w3, \w3, x16
        cset    \w0, cs
        umulh   x17, x6, x1
        adds    \w1, \w1, x17
        umulh   x17, x6, x2
        adcs    \w2, \w2, x17
        umulh   x17, x6, x3
        adcs    \w3, \w3, x17
        umulh   x17, x6, x4
        adc     \w0, \w0, x17
.endm

/* z (at x0) = [x8..x15]/R mod n for [x8..x15] < n*R. Clobbers x1-x17. */
.macro P256N_REDC
        adrp    x16, .Lp256n_c
        add     x16, x16, :lo12:.Lp256n_c
        ldp     x1, x2, [x16]
        ldp     x3, x4, [x16, #16]
        ldr     x5, [x16, #32]
        P256N_RED_STEP x8, x9, x10, x11
        P256N_RED_STEP x9, x10, x11, x8
        P256N_RED_STEP x10, x11, x8, x9
        P256N_RED_STEP x11, x8, x9, x10
        /* S = L + t_hi < 2n: [x8..x11] + carry x7 */
        adds    x8, x8, x12
        adcs    x9, x9, x13
        adcs    x10, x10, x14
        adcs    x11, x11, x15
        cset    x7, cs
        subs    x5, x8, x1
        sbcs    x6, x9, x2
        sbcs    x16, x10, x3
        sbcs    x17, x11, x4
        sbcs    x7, x7, xzr
        /* borrow (carry clear): S < n, keep S */
        csel    x8, x8, x5, cc
        csel    x9, x9, x6, cc
        csel    x10, x10, x16, cc
        csel    x11, x11, x17, cc
        stp     x8, x9, [x0]
        stp     x10, x11, [x0, #16]
.endm

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256n_mul_aarch64)
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        MUL_4X64                                /* [x8..x15] = x*y */
        P256N_REDC
        ret
ECFK_FUNC_END(ecfk_p256n_mul_aarch64)

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256n_sqr_aarch64)
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        SQR_4X64                                /* [x8..x15] = x^2 */
        P256N_REDC
        ret
ECFK_FUNC_END(ecfk_p256n_sqr_aarch64)

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256n_redc_aarch64)
        ldp     x8, x9, [x1]
        ldp     x10, x11, [x1, #16]
        ldp     x12, x13, [x1, #32]
        ldp     x14, x15, [x1, #48]
        P256N_REDC
        ret
ECFK_FUNC_END(ecfk_p256n_redc_aarch64)
