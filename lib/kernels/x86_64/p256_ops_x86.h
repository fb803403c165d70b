/*
 * Field-operation macros of the fused P-256 point routines
 * (p256_jac_dbl_mulx_adx.S, p256_jac_madd_mulx_adx.S,
 * p256_jac_add_mulx_adx.S): GF(p), p = 2^256 - 2^224 + 2^192 + 2^96 - 1,
 * Montgomery domain, every value canonical (< p) in and out, so each macro
 * gives the same bits as the field's own operation (fe_add, fe_sub, fe_mul,
 * fe_sqr of lib/curves/p256/fe.h) and a routine built from them equals the C
 * code of lib/curves/p256/point_ops.h bit for bit.
 *
 * Operands: a value is 4 limbs, least significant first; FE(o) names the four
 * limbs of the value at byte offset o of the routine's frame, %rsp (the
 * routines add PFE(o) for p, read in place through %rdi, and QFE(o) for r,
 * through %rbx). The multiplications (P256_MUL_BODY and P256_SQR_BODY of
 * p256_mont_x86.h, operands at offsets of %rsp or %rdi, which they keep)
 * leave their result in A_REGS = rax, rcx, rsi, rdx, where additions and
 * subtractions work on it before it is stored.
 *
 *   MOV4 s0..s3, d0..d3                  d = s (4 moves)
 *   P256_MODADD r0..r3, s0..s3, t0..t3, c    r = r + s mod p
 *   P256_MODSUB r0..r3, s0..s3, m, t1, t3    r = r - s mod p
 *   P256_MODHALF r0..r3, m, t1, t3, c        r = r / 2 mod p
 *   A_DBL, A_SUB s0..s3                      A = 2A, A = A - s
 *   COPY_POINT, WIPE_FRAME, P256_PROLOGUE, P256_EPILOGUE (frame handling)
 * r are registers; s registers or memory operands (r may be s: 2r); t, c, m
 * are scratch registers. No branch, no secret-dependent address.
 */
#ifndef ECFK_P256_OPS_X86_H
#define ECFK_P256_OPS_X86_H

#include "kernels/x86_64/p256_asm_params.h" /* generated: field_params.py --asm */
#include "p256_mont_x86.h"

#define FE(o) o+0(%rsp), o+8(%rsp), o+16(%rsp), o+24(%rsp)
#define A_REGS %rax, %rcx, %rsi, %rdx
#define B_REGS %r8, %r9, %r10, %r11
#define T_REGS %r12, %r13, %r14, %r15

        .section .rodata
        .p2align 3
/* limbs 1 and 3 of p (limb 0 is 2^64 - 1, limb 2 is 0: immediates) */
.Lp256_p1:
        .quad   ECFI_P256_M_1
.Lp256_p3:
        .quad   ECFI_P256_M_3

.macro MOV4 s0, s1, s2, s3, d0, d1, d2, d3
        mov     \s0, \d0
        mov     \s1, \d1
        mov     \s2, \d2
        mov     \s3, \d3
.endm

/* r = r + s mod p for r, s < p: c:r = r + s < 2p, t = r - p in one borrow
 * chain that also takes c, and t is kept unless that borrows (r + s < p).
 * The same bits as fe_add (lib/curves/p256/fe.h). */
.macro P256_MODADD r0, r1, r2, r3, s0, s1, s2, s3, t0, t1, t2, t3, c
        xor     \c, \c
        add     \s0, \r0
        adc     \s1, \r1
        adc     \s2, \r2
        adc     \s3, \r3
        adc     $0, \c
        mov     \r0, \t0
        mov     \r1, \t1
        mov     \r2, \t2
        mov     \r3, \t3
        sub     $-1, \t0
        sbb     .Lp256_p1(%rip), \t1
        sbb     $0, \t2
        sbb     .Lp256_p3(%rip), \t3
        sbb     $0, \c
        cmovnc  \t0, \r0
        cmovnc  \t1, \r1
        cmovnc  \t2, \r2
        cmovnc  \t3, \r3
.endm

/* r = r - s mod p for r, s < p: on a borrow m is all-ones and p & m is
 * added back (limb 1 of p is m >> 32 then, limb 3 m & p3). The same bits as
 * fe_sub. */
.macro P256_MODSUB r0, r1, r2, r3, s0, s1, s2, s3, m, t1, t3
        sub     \s0, \r0
        sbb     \s1, \r1
        sbb     \s2, \r2
        sbb     \s3, \r3
        sbb     \m, \m
        mov     \m, \t1
        shr     $32, \t1
        mov     \m, \t3
        and     .Lp256_p3(%rip), \t3
        add     \m, \r0
        adc     \t1, \r1
        adc     $0, \r2
        adc     \t3, \r3
.endm

/* r = r / 2 mod p for r < p: r + (p if r is odd), 257 bits and even, shifted
 * right by one; (r + p) / 2 < p. Uses m, t1, t3, c. */
.macro P256_MODHALF r0, r1, r2, r3, m, t1, t3, c
        mov     \r0, \m
        and     $1, \m
        neg     \m                              /* all-ones if r is odd */
        mov     \m, \t1
        shr     $32, \t1
        mov     \m, \t3
        and     .Lp256_p3(%rip), \t3
        xor     \c, \c
        add     \m, \r0
        adc     \t1, \r1
        adc     $0, \r2
        adc     \t3, \r3
        adc     $0, \c
        shrd    $1, \r1, \r0
        shrd    $1, \r2, \r1
        shrd    $1, \r3, \r2
        shrd    $1, \c, \r3
.endm

/* A = A + A, A - s, A + s (A_REGS; scratch B_REGS / r12, r13 and rbx). */
.macro A_DBL
        P256_MODADD A_REGS, A_REGS, B_REGS, %rbx
.endm
.macro A_SUB s0, s1, s2, s3
        P256_MODSUB A_REGS, \s0, \s1, \s2, \s3, %rbx, %r12, %r13
.endm

/* The common end of the Jacobian additions (jac_add, jac_madd): with rr,
 * hj (HHH or J), v and t in the frame, X3 = rr^2 - hj - 2v and
 * Y3 = rr (v - X3) - t, written to r (its pointer in the frame at rptr)
 * through rbx; w is a frame slot for v - X3. */
.macro P256_JAC_XY3 rptr, rr, hj, v, w, t
        P256_SQR_BODY A_REGS, \rr, %rsp          /* rr^2 */
        A_SUB   FE(\hj)
        A_SUB   FE(\v)
        A_SUB   FE(\v)                           /* X3 */
        mov     \rptr(%rsp), %rbx
        MOV4    A_REGS, 0(%rbx), 8(%rbx), 16(%rbx), 24(%rbx)
        MOV4    FE(\v), B_REGS
        P256_MODSUB B_REGS, A_REGS, %rbx, %r12, %r13    /* v - X3 */
        MOV4    B_REGS, FE(\w)
        P256_MUL_BODY %rsp, \w, %rsp, \rr        /* rr (v - X3) */
        A_SUB   FE(\t)                           /* Y3 */
        mov     \rptr(%rsp), %rbx
        MOV4    A_REGS, 32(%rbx), 40(%rbx), 48(%rbx), 56(%rbx)
.endm

/* Copy 12 limbs (a point) from (src) to the frame at offset o, through
 * xmm0-xmm5 (the caller zeroes them before it returns). */
.macro COPY_POINT src, o
        movdqu  0(\src), %xmm0
        movdqu  16(\src), %xmm1
        movdqu  32(\src), %xmm2
        movdqu  48(\src), %xmm3
        movdqu  64(\src), %xmm4
        movdqu  80(\src), %xmm5
        movdqu  %xmm0, \o+0(%rsp)
        movdqu  %xmm1, \o+16(%rsp)
        movdqu  %xmm2, \o+32(%rsp)
        movdqu  %xmm3, \o+48(%rsp)
        movdqu  %xmm4, \o+64(%rsp)
        movdqu  %xmm5, \o+80(%rsp)
.endm

/* Zero the frame [rsp, rsp + bytes) (bytes a multiple of 16) and xmm0-xmm5:
 * no secret stays behind in the stack or the vector registers. */
.macro WIPE_FRAME bytes
        pxor    %xmm0, %xmm0
        .set    .Lwipe_off, 0
        .rept   \bytes / 16
        movdqu  %xmm0, .Lwipe_off(%rsp)
        .set    .Lwipe_off, .Lwipe_off + 16
        .endr
        pxor    %xmm1, %xmm1
        pxor    %xmm2, %xmm2
        pxor    %xmm3, %xmm3
        pxor    %xmm4, %xmm4
        pxor    %xmm5, %xmm5
.endm

/* Callee-saved registers the routines use, and a frame of `bytes` (a
 * multiple of 16). */
.macro P256_PROLOGUE bytes
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        sub     $\bytes, %rsp
.endm
.macro P256_EPILOGUE bytes
        WIPE_FRAME \bytes
        add     $\bytes, %rsp
        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
.endm

#endif
