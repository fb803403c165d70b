/*
 * The mixed addition (madd-2007-bl, see p256_jac_madd_mulx_adx.S) written
 * once for its two routines: ecfk_p256_jac_madd_mulx_adx and
 * ecfk_p256_jac_madd_scan_mulx_adx_avx2, which runs the same instructions in
 * the same order with the next window's scan between them.
 *
 * Frame offsets, in bytes: r's pointer, q (copied), then the temporaries;
 * bytes 8-15 and from 400 on are the including routine's. PFE: a coordinate
 * of p (read in place through rdi), QFE: one of r (through rbx).
 */
#ifndef ECFK_P256_JAC_MADD_X86_H
#define ECFK_P256_JAC_MADD_X86_H

#include "p256_ops_x86.h"

#define RPTR 0
#define X2 16
#define Y2 48
#define Z1Z1 80
#define H 112
#define S2T 144
#define II 176
#define RR 208
#define J 240
#define V 272
#define YJ2 304
#define W 336
#define H2 368
#define PFE(o) o+0(%rdi), o+8(%rdi), o+16(%rdi), o+24(%rdi)
#define QFE(o) o+0(%rbx), o+8(%rbx), o+16(%rbx), o+24(%rbx)

/* q (8 limbs at rdx) into the frame at X2, through xmm0-xmm3. */
.macro P256_JAC_MADD_COPY_Q
        movdqu  0(%rdx), %xmm0
        movdqu  16(%rdx), %xmm1
        movdqu  32(%rdx), %xmm2
        movdqu  48(%rdx), %xmm3
        movdqu  %xmm0, X2+0(%rsp)
        movdqu  %xmm1, X2+16(%rsp)
        movdqu  %xmm2, X2+32(%rsp)
        movdqu  %xmm3, X2+48(%rsp)
.endm

/* No work between the field operations. */
.macro P256_JAC_MADD_NO_HOOK step
.endm

/* r = p + q, with p at rdi, q copied to X2, r's pointer at RPTR. After each
 * of the first eight field multiplications, `hook step` (step = 0, 8, ...,
 * 56) may run work that keeps rdi, the frame and the general registers but
 * rbx (free there). With H2 = 2H: I = H2^2, Z3 = Z1 H2, the same field
 * elements with two fewer additions. */
.macro P256_JAC_MADD_BODY hook=P256_JAC_MADD_NO_HOOK
        P256_SQR_BODY A_REGS, 64, %rdi          /* Z1Z1 */
        MOV4    A_REGS, FE(Z1Z1)
        \hook   0
        P256_MUL_BODY %rsp, X2, %rsp, Z1Z1      /* U2 */
        A_SUB   PFE(0)                          /* H */
        MOV4    A_REGS, FE(H)
        A_DBL                                   /* 2H */
        MOV4    A_REGS, FE(H2)
        \hook   8
        P256_MUL_BODY %rsp, Z1Z1, %rdi, 64      /* Z1 Z1Z1 */
        MOV4    A_REGS, FE(S2T)
        \hook   16

        P256_SQR_BODY A_REGS, H2, %rsp          /* I = 4 HH */
        MOV4    A_REGS, FE(II)
        \hook   24
        P256_MUL_BODY %rsp, Y2, %rsp, S2T       /* S2 */
        A_SUB   PFE(32)
        A_DBL                                   /* rr */
        MOV4    A_REGS, FE(RR)
        \hook   32

        P256_MUL_BODY %rsp, H, %rsp, II         /* J */
        MOV4    A_REGS, FE(J)
        \hook   40
        P256_MUL_BODY %rsp, II, %rdi, 0         /* V */
        MOV4    A_REGS, FE(V)
        \hook   48
        P256_MUL_BODY %rsp, H2, %rdi, 64        /* Z3 = 2 Z1 H */
        mov     RPTR(%rsp), %rbx
        MOV4    A_REGS, QFE(64)
        \hook   56
        P256_MUL_BODY %rsp, J, %rdi, 32         /* Y1 J */
        A_DBL
        MOV4    A_REGS, FE(YJ2)

        P256_JAC_XY3 RPTR, RR, J, V, W, YJ2     /* X3, Y3 */
.endm

#endif
