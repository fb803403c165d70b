/*
 * p256_jac_madd_mulx_adx.S - r = p + q on P-256, p Jacobian, q affine, as one
 * routine, x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX). Caller checks CPU
 * support.
 *
 * void ecfk_p256_jac_madd_mulx_adx(uint64_t r[12], const uint64_t p[12],
 *                                  const uint64_t q[8]);
 *
 * p and r are (X, Y, Z), q is (x, y), 4 little-endian limbs each, Montgomery
 * domain, every coordinate < p (any such values: the formulas are
 * polynomials). madd-2007-bl, as jac_madd_c of lib/curves/p256/point_ops.h
 * (INCOMPLETE the same way: see there): Z1Z1 = Z1^2, U2 = x Z1Z1,
 * S2 = y Z1 Z1Z1, H = U2 - X1, I = 4 H^2, J = H I, rr = 2 (S2 - Y1),
 * V = X1 I, X3 = rr^2 - J - 2V, Y3 = rr (V - X3) - 2 Y1 J, Z3 = 2 Z1 H
 * (= (Z1 + H)^2 - Z1Z1 - H^2, the same field element). Every value is
 * canonical, so r is the same bits as jac_madd_c's (test_p256_steps compares
 * them). 8M + 3S; with H2 = 2H, I = H2^2 and Z3 = Z1 H2. r may alias p: q is
 * copied into the frame, p read in place (through rdi, which the
 * multiplication macros keep; r's pointer waits in the frame), and each
 * coordinate of r is written after the last read of the one it may overwrite.
 *
 * Constant time: no branches; every address is a constant offset from rsp,
 * rdi, rdx or rbx. Secrets: the frame and xmm0-xmm5 are zeroed before
 * returning.
 */
#include "asm.h"
#include "p256_ops_x86.h"

/* Frame offsets, in bytes: r's pointer, q (copied), then the temporaries;
 * PFE: a coordinate of p (read in place), QFE: one of r. */
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
#define FRAME 400
#define PFE(o) o+0(%rdi), o+8(%rdi), o+16(%rdi), o+24(%rdi)
#define QFE(o) o+0(%rbx), o+8(%rbx), o+16(%rbx), o+24(%rbx)

ECFK_FUNC_BEGIN(ecfk_p256_jac_madd_mulx_adx)
        P256_PROLOGUE FRAME
        mov     %rdi, RPTR(%rsp)
        mov     %rsi, %rdi                      /* p, read in place */
        movdqu  0(%rdx), %xmm0
        movdqu  16(%rdx), %xmm1
        movdqu  32(%rdx), %xmm2
        movdqu  48(%rdx), %xmm3
        movdqu  %xmm0, X2+0(%rsp)
        movdqu  %xmm1, X2+16(%rsp)
        movdqu  %xmm2, X2+32(%rsp)
        movdqu  %xmm3, X2+48(%rsp)

        /* With H2 = 2H: I = H2^2, Z3 = Z1 H2, the same field elements with
         * two fewer additions. */
        P256_SQR_BODY A_REGS, 64, %rdi          /* Z1Z1 */
        MOV4    A_REGS, FE(Z1Z1)
        P256_MUL_BODY %rsp, X2, %rsp, Z1Z1      /* U2 */
        A_SUB   PFE(0)                          /* H */
        MOV4    A_REGS, FE(H)
        A_DBL                                   /* 2H */
        MOV4    A_REGS, FE(H2)
        P256_MUL_BODY %rsp, Z1Z1, %rdi, 64      /* Z1 Z1Z1 */
        MOV4    A_REGS, FE(S2T)

        P256_SQR_BODY A_REGS, H2, %rsp          /* I = 4 HH */
        MOV4    A_REGS, FE(II)
        P256_MUL_BODY %rsp, Y2, %rsp, S2T       /* S2 */
        A_SUB   PFE(32)
        A_DBL                                   /* rr */
        MOV4    A_REGS, FE(RR)

        P256_MUL_BODY %rsp, H, %rsp, II         /* J */
        MOV4    A_REGS, FE(J)
        P256_MUL_BODY %rsp, II, %rdi, 0        /* V */
        MOV4    A_REGS, FE(V)
        P256_MUL_BODY %rsp, H2, %rdi, 64        /* Z3 = 2 Z1 H */
        mov     RPTR(%rsp), %rbx
        MOV4    A_REGS, QFE(64)
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

        P256_EPILOGUE FRAME
ECFK_FUNC_END(ecfk_p256_jac_madd_mulx_adx)
