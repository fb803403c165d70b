/*
 * The doubling (dbl-2001-b for a = -3, computed as OpenSSL's
 * ecp_nistz256_point_double does; see p256_jac_dbl_mulx_adx.S) written once
 * for its two routines: ecfk_p256_jac_dbl_mulx_adx (p read through rdi, r
 * written through rbx) and ecfk_p256_jac_dbl_n_mulx_adx (the point kept in
 * the frame and doubled in place).
 *
 * Frame offsets of the temporaries, in bytes, from 0; the including routine
 * places its own values from 224 on and defines PFE(o), a coordinate of the
 * point being doubled, before including this file.
 */
#ifndef ECFK_P256_JAC_DBL_X86_H
#define ECFK_P256_JAC_DBL_X86_H

#include "p256_ops_x86.h"

#define Y2 0
#define GAMMA4 32
#define TT 64
#define UU 96
#define ALPHA 128
#define BETA4 160
#define GG 192

/* One doubling of the point at (pbase + poff) (the same point as PFE),
 * with 2Y already in the frame at Y2 or formed by `hook2y` (run after
 * X +- delta); X3, Z3, Y3 go out through `store o` (o = 0, 64, 32), which
 * may use rbx. */
.macro P256_JAC_DBL_BODY pbase, poff, hook2y, store
        P256_SQR_BODY A_REGS, \poff+64, \pbase   /* delta */
        MOV4    PFE(0), B_REGS
        P256_MODSUB B_REGS, A_REGS, %rbx, %r12, %r13    /* X - delta */
        MOV4    B_REGS, FE(TT)
        MOV4    PFE(0), B_REGS
        P256_MODADD B_REGS, A_REGS, T_REGS, %rbx        /* X + delta */
        MOV4    B_REGS, FE(UU)
        \hook2y

        P256_SQR_BODY A_REGS, Y2, %rsp          /* 4 gamma */
        MOV4    A_REGS, FE(GAMMA4)

        P256_MUL_BODY %rsp, TT, %rsp, UU        /* (X - delta)(X + delta) */
        MOV4    A_REGS, B_REGS
        P256_MODADD B_REGS, A_REGS, T_REGS, %rbx
        P256_MODADD B_REGS, A_REGS, T_REGS, %rbx        /* alpha */
        MOV4    B_REGS, FE(ALPHA)

        P256_MUL_BODY %rsp, GAMMA4, \pbase, \poff       /* 4 beta */
        MOV4    A_REGS, FE(BETA4)

        P256_SQR_BODY A_REGS, ALPHA, %rsp       /* alpha^2 */
        A_SUB   FE(BETA4)
        A_SUB   FE(BETA4)                       /* X3 */
        \store  0
        MOV4    FE(BETA4), B_REGS
        P256_MODSUB B_REGS, A_REGS, %rbx, %r12, %r13    /* 4 beta - X3 */
        MOV4    B_REGS, FE(TT)

        P256_MUL_BODY %rsp, Y2, \pbase, \poff+64        /* Z3 = 2 Y Z */
        \store  64

        P256_SQR_BODY A_REGS, GAMMA4, %rsp      /* 16 gamma^2 */
        P256_MODHALF A_REGS, %rbx, %r8, %r9, %r10       /* 8 gamma^2 */
        MOV4    A_REGS, FE(GG)

        P256_MUL_BODY %rsp, TT, %rsp, ALPHA     /* alpha (4 beta - X3) */
        A_SUB   FE(GG)                          /* Y3 */
        \store  32
.endm

#endif
