/*
 * Montgomery multiplication and squaring mod p = 2^256 - 2^224 + 2^192 +
 * 2^96 - 1 (NIST P-256 field), R = 2^256, MULX/ADX: the one definition used
 * by the field kernels (p256_mulx_adx.S) and by the fused point routines
 * (p256_ops_x86.h, p256_jac_*_mulx_adx.S). The reduction is explained in
 * p256_mulx_adx.S's banner.
 *
 *   P256_MUL_BODY [yb, yo, xb, xo]   [rax, rcx, rsi, rdx] = x*y/R mod p for
 *       x at xo(xb) and y at yo(yb) (default x at 0(%rsi), y at 0(%rcx)),
 *       both < p; the result is < p. Clobbers rbx, r8-r15 (and the flags);
 *       rdi and rbp are kept. xb and yb are read until the last row, so they
 *       may be rsi / rcx.
 *   P256_SQR_BODY g0, g1, g2, g3 [, xo, xb]   [g0..g3] = x^2/R mod p for x at
 *       xo(xb) (default 0(%rsi)), x < p; the result is < p. Clobbers rax,
 *       rbx, rcx, rdx, rbp, r8-r15 (those of g0..g3 and xb not among them are
 *       kept, xb is read only by SQR_4X64).
 *
 * Needs the generated kernels/x86_64/p256_asm_params.h (ECFI_P256_NEGM_*)
 * included first. Emits two .rodata words (.Lp256_c1, .Lp256_c3): include
 * once per object. No branch, no secret-dependent address.
 */
#ifndef ECFK_P256_MONT_X86_H
#define ECFK_P256_MONT_X86_H

#include "mul_4x64.h"

        .section .rodata
        .p2align 4
/* words 1 and 3 of 2^256 - p = [1, 0xffffffff00000000, 2^64-1, 0xfffffffe] */
.Lp256_c1:
        .quad   ECFI_P256_NEGM_1
.Lp256_c3:
        .quad   ECFI_P256_NEGM_3

/*
 * One reduction step with m = a0: [a1..a5] += R (see the banner).
 * a0 is clobbered (dead afterwards). Uses rbx, r14, r15.
 */
.macro P256_RED a0, a1, a2, a3, a4, a5
        mov     \a0, %r14
        shl     $32, %r14                       /* m<<32 */
        mov     \a0, %r15
        mov     \a0, %rbx
        shr     $32, \a0                        /* m>>32 */
        sub     %r14, %r15                      /* lo(m*p3) */
        sbb     \a0, %rbx                       /* hi(m*p3) */
        add     %r14, \a1
        adc     \a0, \a2
        adc     %r15, \a3
        adc     %rbx, \a4
        adc     $0, \a5
.endm

/*
 * Last reduction step of mul fused with the final subtraction. With
 * A = [a1..a4], z = A + R < 2p, and v = A + D where D = R + (2^256 - p) is
 * formed from m alone (no carries out: m<<32 has a zero low half,
 * m>>32 < 2^32, and hi(m*p3) + 0xfffffffe + 1 < 2^64), so it is ready before
 * A is. v >= 2^256 exactly when z >= p, and then v mod 2^256 = z - p: the
 * two chains run in parallel and the carry of the second picks the result.
 * Leaves z in [rax, rcx, rsi, rdx]. Clobbers rbx, r14, r15, a0.
 */
.macro P256_RED_FINAL_REGS a0, a1, a2, a3, a4
        mov     \a0, %r14
        shl     $32, %r14                       /* R = [r14, a0, r15, rbx] */
        mov     \a0, %r15
        mov     \a0, %rbx
        shr     $32, \a0
        sub     %r14, %r15
        sbb     \a0, %rbx
        lea     1(%r14), %rax                   /* D = [rax, rcx, rsi, rdx] */
        mov     \a0, %rcx
        or      .Lp256_c1(%rip), %rcx
        mov     %r15, %rsi
        mov     %rbx, %rdx
        add     $-1, %rsi
        adc     .Lp256_c3(%rip), %rdx
        add     \a1, %r14                       /* z = A + R */
        adc     \a2, \a0
        adc     \a3, %r15
        adc     \a4, %rbx
        add     \a1, %rax                       /* v = A + D, CF = (z >= p) */
        adc     \a2, %rcx
        adc     \a3, %rsi
        adc     \a4, %rdx
        cmovnc  %r14, %rax
        cmovnc  \a0, %rcx
        cmovnc  %r15, %rsi
        cmovnc  %rbx, %rdx
.endm

/* The same, then z is stored at (%rdi). Clobbers rax, rbx, rcx, rdx, rsi,
 * r14, r15, a0. */
.macro P256_RED_FINAL a0, a1, a2, a3, a4
        P256_RED_FINAL_REGS \a0, \a1, \a2, \a3, \a4
        mov     %rax, 0(%rdi)
        mov     %rcx, 8(%rdi)
        mov     %rsi, 16(%rdi)
        mov     %rdx, 24(%rdi)
.endm

/*
 * Reduction step on a 4-word window [t0..t3] (m = t0): the window becomes
 * [t1, t2, t3, t0] with t0 = hi(m*p3) + carry (< 2^64 since hi(m*p3) < p3).
 * Uses rax, rcx, rbp.
 */
.macro P256_RED_STEP t0, t1, t2, t3
        mov     \t0, %rcx
        shl     $32, %rcx
        mov     \t0, %rbp
        shr     $32, %rbp
        mov     \t0, %rax
        sub     %rcx, %rax
        sbb     %rbp, \t0
        add     %rcx, \t1
        adc     %rbp, \t2
        adc     %rax, \t3
        adc     $0, \t0
.endm
/* afterwards [t0..t3] = (t_lo + M*p) / 2^256 < p + 1 */
.macro P256_RED_LOW t0, t1, t2, t3
        P256_RED_STEP \t0, \t1, \t2, \t3
        P256_RED_STEP \t1, \t2, \t3, \t0
        P256_RED_STEP \t2, \t3, \t0, \t1
        P256_RED_STEP \t3, \t0, \t1, \t2
.endm

/*
 * z = L + H reduced, for L = [t0..t3] < p+1 and H = [h0..h3] < p, so
 * L + H < 2p. v = L + (H + 2^256 - p) carries out exactly when L + H >= p;
 * H + 2^256 - p < 2^256 does not wait for L, so z and v are two parallel
 * chains and CF of the second selects. Leaves z in g0..g3.
 * Clobbers h0..h3 and g0..g3 (four more registers).
 */
.macro P256_ADD_FINAL_REGS t0, t1, t2, t3, h0, h1, h2, h3, g0, g1, g2, g3
        mov     \h0, \g0
        mov     \h1, \g1
        mov     \h2, \g2
        mov     \h3, \g3
        add     $1, \g0
        adc     .Lp256_c1(%rip), \g1
        adc     $-1, \g2
        adc     .Lp256_c3(%rip), \g3
        add     \t0, \h0                        /* z */
        adc     \t1, \h1
        adc     \t2, \h2
        adc     \t3, \h3
        add     \t0, \g0                        /* v, CF = (z >= p) */
        adc     \t1, \g1
        adc     \t2, \g2
        adc     \t3, \g3
        cmovnc  \h0, \g0
        cmovnc  \h1, \g1
        cmovnc  \h2, \g2
        cmovnc  \h3, \g3
.endm

/* The same, then z is stored at (%rdi). */
.macro P256_ADD_FINAL t0, t1, t2, t3, h0, h1, h2, h3, g0, g1, g2, g3
        P256_ADD_FINAL_REGS \t0, \t1, \t2, \t3, \h0, \h1, \h2, \h3, \g0, \g1, \g2, \g3
        mov     \g0, 0(%rdi)
        mov     \g1, 8(%rdi)
        mov     \g2, 16(%rdi)
        mov     \g3, 24(%rdi)
.endm

/* [rax, rcx, rsi, rdx] = x*y/R mod p (see the banner). */
.macro P256_MUL_BODY yb=%rcx, yo=0, xb=%rsi, xo=0
        /* row 0: [r8..r12] = x*y0 */
        mov     \yo+0(\yb), %rdx
        mulx    \xo+0(\xb), %r8, %r9
        mulx    \xo+8(\xb), %r14, %r10
        mulx    \xo+16(\xb), %r15, %r11
        mulx    \xo+24(\xb), %rbx, %r12
        add     %r14, %r9
        adc     %r15, %r10
        adc     %rbx, %r11
        adc     $0, %r12

        /*
         * rows 1..3: add x*y[i] one word up, then reduce by the low word;
         * the accumulator rotates through r8..r13.
         */
        ROW_4X64 \yo+8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, \yb, \xo, \xb
        P256_RED %r8, %r9, %r10, %r11, %r12, %r13
        ROW_4X64 \yo+16, %r10, %r11, %r12, %r13, %r8, %r14, %r15, \yb, \xo, \xb
        P256_RED %r9, %r10, %r11, %r12, %r13, %r8
        ROW_4X64 \yo+24, %r11, %r12, %r13, %r8, %r9, %r14, %r15, \yb, \xo, \xb
        P256_RED %r10, %r11, %r12, %r13, %r8, %r9
        P256_RED_FINAL_REGS %r11, %r12, %r13, %r8, %r9
.endm

/* [g0..g3] = x^2/R mod p (see the banner). */
.macro P256_SQR_BODY g0, g1, g2, g3, xo=0, xb=%rsi
        SQR_4X64 \xo, \xb                       /* [r8..r15] = x^2 */
        /* [r8..r15] = x^2 < p^2: reduce the low half, add the high half */
        P256_RED_LOW %r8, %r9, %r10, %r11
        P256_ADD_FINAL_REGS %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, \g0, \g1, \g2, \g3
.endm

#endif
