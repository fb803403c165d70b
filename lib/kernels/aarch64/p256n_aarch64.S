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
 * which makes the aliasing safe (z's words also hold the product's high
 * half while it is reduced). Leaf functions using only x0-x17
 * (caller-saved, AAPCS64); no stack.
 *
 * n has no useful structure: mul and sqr form the 512-bit product
 * (mul_4x64.S.inc; t = x*y < n^2 < n*R) and reduce it like redc, word by
 * word: m = w0*n0' mod 2^64 and the window gains m*n, which clears its low
 * word; the carry of that word is (w0 != 0), since lo(m*n0) = -w0, so only
 * the other seven halves of m*n are formed, three of them by multiplies
 * (see P256N_RED_STEP). Four steps give
 * L = (t_lo + M*n)/R <= n; L + t_hi < 2n, one conditional subtraction.
 */
#include "asm.S.inc"
#include "kernels/aarch64/p256n_asm_params.h" /* generated: field_params.py --asm */
#include "mul_4x64.S.inc"

/* P256N_RED_STEP relies on the shape of n's two high words. */
.if ECFI_N256_M_2 != ~0 || ECFI_N256_M_3 != ~0xffffffff
        .error "p256n_aarch64.S: n2 = 2^64 - 1 and n3 = 2^64 - 2^32 expected"
.endif

        .section .rodata
        .p2align 5
.Lp256n_c:                                      /* n0, n1, then n0' at word 4 */
        .quad   ECFI_N256_M
        .quad   ECFI_N256_N0

/* One reduction step on the window [w0..w3]: it becomes [w1, w2, w3, w0]
 * = (W + m*n)/2^64 (< 2^192 + n: no carry out). n0, n1 in x1, x2, n0' in
 * x5. Words 2 and 3 of n are 2^64 - 1 and 2^64 - 2^32, so
 *   m*n2 = m*2^64 - m:        lo = -m,        hi = m - (m != 0),
 *   m*n3 = m*2^64 - m*2^32:   lo = -(m<<32),  hi = m - (m>>32) - ((m<<32) != 0)
 * (NEGS sets the carry when its operand is 0; SBC subtracts the borrow):
 * shifts and subtractions instead of four of the eight multiplies.
 * Uses x3, x4, x6, x7, x12, x13, x16, x17. */
.macro P256N_RED_STEP w0, w1, w2, w3
        mul     x6, \w0, x5                     /* m */
        mul     x16, x6, x2                     /* lo(m*n1) */
        umulh   x17, x6, x1                     /* hi(m*n0) */
        umulh   x7, x6, x2                      /* hi(m*n1) */
        negs    x3, x6                          /* lo(m*n2); carry: m == 0 */
        sbc     x4, x6, xzr                     /* hi(m*n2) */
        lsl     x12, x6, #32
        negs    x12, x12                        /* lo(m*n3); carry: m<<32 == 0 */
        lsr     x13, x6, #32
        sbc     x13, x6, x13                    /* hi(m*n3) */
        cmp     \w0, #1                         /* carry of w0 + lo(m*n0) */
        adcs    \w1, \w1, x16
        adcs    \w2, \w2, x3
        adcs    \w3, \w3, x12
        cset    \w0, cs
        adds    \w1, \w1, x17
        adcs    \w2, \w2, x7
        adcs    \w3, \w3, x4
        adc     \w0, \w0, x13
.endm

/* z (at x0) = [x8..x15]/R mod n for [x8..x15] < n*R. The high half waits
 * in z's memory during the steps (every input word has been read: z may
 * alias them), which frees x12-x15 for the steps. Clobbers x1-x17. */
.macro P256N_REDC
        stp     x12, x13, [x0]
        stp     x14, x15, [x0, #16]
        adrp    x16, .Lp256n_c
        add     x16, x16, :lo12:.Lp256n_c
        ldp     x1, x2, [x16]
        ldr     x5, [x16, #32]
        P256N_RED_STEP x8, x9, x10, x11
        P256N_RED_STEP x9, x10, x11, x8
        P256N_RED_STEP x10, x11, x8, x9
        P256N_RED_STEP x11, x8, x9, x10
        ldp     x12, x13, [x0]
        ldp     x14, x15, [x0, #16]
        mov     x3, #ECFI_N256_M_2
        mov     x4, #ECFI_N256_M_3
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
