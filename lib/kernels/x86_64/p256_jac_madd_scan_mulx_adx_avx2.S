/*
 * p256_jac_madd_scan_mulx_adx_avx2.S - r = p + q on P-256 (p Jacobian, q
 * affine) AND the constant-time scan of the next fixed-base window, in one
 * routine: x86-64 with BMI2 (MULX), ADX (ADCX/ADOX) and AVX2. Caller checks
 * CPU support of both.
 *
 * void ecfk_p256_jac_madd_scan_mulx_adx_avx2(uint64_t r[12], const uint64_t p[12],
 *         const uint64_t q[8], uint64_t next[8], const uint64_t *table, uint64_t d);
 *
 * r, p, q: exactly ecfk_p256_jac_madd_mulx_adx (p256_jac_madd_mulx_adx.S,
 * the same instructions in the same order: r is the same bits as
 * jac_madd_c's; r may alias p).
 * next := table[d - 1] (8 words) for 1 <= d <= 64, all zeros otherwise
 * (d = 0 or d > 64): the same bits as ecfk_p256_lookup8_avx2(next, table,
 * 64, d) (p256_lookup_avx2.c), no negation. table holds 64 entries of 8
 * words (P256_BASE_ENTRIES of the W = 7 fixed-base table). next may alias q
 * (q is copied into the frame before next is written, at the end); next may
 * not overlap r, p or table.
 *
 * Why: the MULX/ADCX/ADOX chains of the madd leave the vector units idle;
 * the scan, 8 entries (4 AVX2 instructions each: count, compare, two
 * VPBLENDVB with the entry as memory operand) after each of the first eight
 * field multiplications, runs in their shadow (docs/p256.md, "Scan inside
 * the addition").
 *
 * Constant time: no branches; every address is a constant offset from rsp,
 * rdi, rbx or rip. d only enters ymm15 (broadcast) and the compare masks; the
 * entry number is counted in ymm13 (public). Secrets: VZEROALL clears every
 * vector register (the accumulators ymm11, ymm12 hold the selected entry),
 * then the frame and xmm0-xmm5 are zeroed before returning.
 */
#include "asm.h"
#include "p256_ops_x86.h"

/* Frame offsets, in bytes: r's and next's pointers, q (copied), then the
 * temporaries, then table's pointer. */
#define RPTR 0
#define NPTR 8
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
#define TPTR 400
#define FRAME 416
#define PFE(o) o+0(%rdi), o+8(%rdi), o+16(%rdi), o+24(%rdi)
#define QFE(o) o+0(%rbx), o+8(%rbx), o+16(%rbx), o+24(%rbx)

/* Entries first .. first + count - 1 of the scan: ymm13 counts the entry
 * number (j + 1), ymm15 holds d, ymm14 all-ones; acc ymm12 (words 0-3),
 * ymm11 (words 4-7) := entry where j + 1 == d. Uses rbx and ymm10. Call it
 * only where rbx is free (between the field operations). */
.macro SCAN first, count
        mov     TPTR(%rsp), %rbx
        .set    .Lscan_j, \first
        .rept   \count
        vpsubq  %ymm14, %ymm13, %ymm13          /* j + 1 */
        vpcmpeqq %ymm15, %ymm13, %ymm10
        vpblendvb %ymm10, .Lscan_j*64(%rbx), %ymm12, %ymm12
        vpblendvb %ymm10, .Lscan_j*64+32(%rbx), %ymm11, %ymm11
        .set    .Lscan_j, .Lscan_j + 1
        .endr
.endm

ECFK_FUNC_BEGIN(ecfk_p256_jac_madd_scan_mulx_adx_avx2)
        P256_PROLOGUE FRAME
        mov     %rdi, RPTR(%rsp)
        mov     %rcx, NPTR(%rsp)
        mov     %r8, TPTR(%rsp)
        mov     %rsi, %rdi                      /* p, read in place */
        movdqu  0(%rdx), %xmm0
        movdqu  16(%rdx), %xmm1
        movdqu  32(%rdx), %xmm2
        movdqu  48(%rdx), %xmm3
        movdqu  %xmm0, X2+0(%rsp)
        movdqu  %xmm1, X2+16(%rsp)
        movdqu  %xmm2, X2+32(%rsp)
        movdqu  %xmm3, X2+48(%rsp)
        vmovq   %r9, %xmm15
        vpbroadcastq %xmm15, %ymm15             /* d in every lane */
        vpcmpeqq %ymm14, %ymm14, %ymm14         /* -1 in every lane */
        vpxor   %ymm13, %ymm13, %ymm13          /* the entry number */
        vpxor   %ymm12, %ymm12, %ymm12
        vpxor   %ymm11, %ymm11, %ymm11

        P256_SQR_BODY A_REGS, 64, %rdi          /* Z1Z1 */
        MOV4    A_REGS, FE(Z1Z1)
        SCAN    0, 8
        P256_MUL_BODY %rsp, X2, %rsp, Z1Z1      /* U2 */
        A_SUB   PFE(0)                          /* H */
        MOV4    A_REGS, FE(H)
        A_DBL                                   /* 2H */
        MOV4    A_REGS, FE(H2)
        SCAN    8, 8
        P256_MUL_BODY %rsp, Z1Z1, %rdi, 64      /* Z1 Z1Z1 */
        MOV4    A_REGS, FE(S2T)
        SCAN    16, 8

        P256_SQR_BODY A_REGS, H2, %rsp          /* I = 4 HH */
        MOV4    A_REGS, FE(II)
        SCAN    24, 8
        P256_MUL_BODY %rsp, Y2, %rsp, S2T       /* S2 */
        A_SUB   PFE(32)
        A_DBL                                   /* rr */
        MOV4    A_REGS, FE(RR)
        SCAN    32, 8

        P256_MUL_BODY %rsp, H, %rsp, II         /* J */
        MOV4    A_REGS, FE(J)
        SCAN    40, 8
        P256_MUL_BODY %rsp, II, %rdi, 0         /* V */
        MOV4    A_REGS, FE(V)
        SCAN    48, 8
        P256_MUL_BODY %rsp, H2, %rdi, 64        /* Z3 = 2 Z1 H */
        mov     RPTR(%rsp), %rbx
        MOV4    A_REGS, QFE(64)
        SCAN    56, 8
        P256_MUL_BODY %rsp, J, %rdi, 32         /* Y1 J */
        A_DBL
        MOV4    A_REGS, FE(YJ2)

        P256_SQR_BODY A_REGS, RR, %rsp          /* rr^2 */
        A_SUB   FE(J)
        A_SUB   FE(V)
        A_SUB   FE(V)                           /* X3 */
        mov     RPTR(%rsp), %rbx
        MOV4    A_REGS, QFE(0)
        MOV4    FE(V), B_REGS
        P256_MODSUB B_REGS, A_REGS, %rbx, %r12, %r13    /* V - X3 */
        MOV4    B_REGS, FE(W)

        P256_MUL_BODY %rsp, W, %rsp, RR         /* rr (V - X3) */
        A_SUB   FE(YJ2)                         /* Y3 */
        mov     RPTR(%rsp), %rbx
        MOV4    A_REGS, QFE(32)

        mov     NPTR(%rsp), %rbx
        vmovdqu %ymm12, 0(%rbx)
        vmovdqu %ymm11, 32(%rbx)
        vzeroall
        P256_EPILOGUE FRAME
ECFK_FUNC_END(ecfk_p256_jac_madd_scan_mulx_adx_avx2)
