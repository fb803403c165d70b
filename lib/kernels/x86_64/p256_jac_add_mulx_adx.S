/*
 * p256_jac_add_mulx_adx.S - r = p + q on P-256, both Jacobian, as one
 * routine, x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX). Caller checks CPU
 * support.
 *
 * void ecfk_p256_jac_add_mulx_adx(uint64_t r[12], const uint64_t p[12],
 *                                 const uint64_t q[12]);
 *
 * p, q and r are (X, Y, Z), 4 little-endian limbs each, Montgomery domain,
 * every coordinate < p (any such values: the formulas are polynomials).
 * add-1998-cmo-2, as jac_add_c of lib/curves/p256/point_ops.h (INCOMPLETE the
 * same way: see there): Z1Z1 = Z1^2, Z2Z2 = Z2^2, U1 = X1 Z2Z2,
 * U2 = X2 Z1Z1, S1 = Y1 Z2 Z2Z2, S2 = Y2 Z1 Z1Z1, H = U2 - U1, rr = S2 - S1,
 * HH = H^2, HHH = H HH, V = U1 HH, X3 = rr^2 - HHH - 2V,
 * Y3 = rr (V - X3) - S1 HHH, Z3 = Z1 Z2 H. Every value is canonical, so r is
 * the same bits as jac_add_c's (test_p256_steps compares them). 12M + 4S.
 * r may alias p or q: q is copied into the frame, p read in place (through
 * rdi, which the multiplication macros keep; r's pointer waits in the
 * frame), and each coordinate of r is written after the last read of the one
 * of p it may overwrite.
 *
 * Constant time: no branches; every address is a constant offset from rsp,
 * rdi, rdx or rbx. Secrets: the frame and xmm0-xmm5 are zeroed before
 * returning.
 */
#include "asm.S.inc"
#include "p256_ops_x86.S.inc"

/* Frame offsets, in bytes: r's pointer, q (copied), then the temporaries;
 * PFE: a coordinate of p (read in place), QFE: one of r. */
#define RPTR 0
#define X2 16
#define Y2 48
#define Z2 80
#define Z1Z1 112
#define Z2Z2 144
#define U1 176
#define S1 208
#define H 240
#define RR 272
#define HH 304
#define HHH 336
#define V 368
#define T1 400
#define T2 432
#define Z1Z2 464
#define FRAME 496
#define PFE(o) o+0(%rdi), o+8(%rdi), o+16(%rdi), o+24(%rdi)
#define QFE(o) o+0(%rbx), o+8(%rbx), o+16(%rbx), o+24(%rbx)

ECFK_FUNC_BEGIN(ecfk_p256_jac_add_mulx_adx)
        P256_PROLOGUE FRAME
        mov     %rdi, RPTR(%rsp)
        mov     %rsi, %rdi                      /* p, read in place */
        COPY_POINT %rdx, X2

        P256_SQR_BODY A_REGS, 64, %rdi          /* Z1Z1 */
        MOV4    A_REGS, FE(Z1Z1)
        P256_SQR_BODY A_REGS, Z2, %rsp          /* Z2Z2 */
        MOV4    A_REGS, FE(Z2Z2)
        P256_MUL_BODY %rsp, Z2Z2, %rdi, 0      /* U1 */
        MOV4    A_REGS, FE(U1)
        P256_MUL_BODY %rsp, X2, %rsp, Z1Z1      /* U2 */
        A_SUB   FE(U1)                          /* H */
        MOV4    A_REGS, FE(H)
        P256_MUL_BODY %rsp, Z2, %rsp, Z2Z2      /* Z2 Z2Z2 */
        MOV4    A_REGS, FE(T1)
        P256_MUL_BODY %rsp, Z1Z1, %rdi, 64      /* Z1 Z1Z1 */
        MOV4    A_REGS, FE(T2)
        P256_MUL_BODY %rsp, T1, %rdi, 32        /* S1 */
        MOV4    A_REGS, FE(S1)
        P256_MUL_BODY %rsp, Y2, %rsp, T2        /* S2 */
        A_SUB   FE(S1)                          /* rr */
        MOV4    A_REGS, FE(RR)
        P256_MUL_BODY %rsp, Z2, %rdi, 64        /* Z1 Z2 */
        MOV4    A_REGS, FE(Z1Z2)

        P256_SQR_BODY A_REGS, H, %rsp           /* HH */
        MOV4    A_REGS, FE(HH)
        P256_MUL_BODY %rsp, H, %rsp, HH         /* HHH */
        MOV4    A_REGS, FE(HHH)
        P256_MUL_BODY %rsp, U1, %rsp, HH        /* V */
        MOV4    A_REGS, FE(V)
        P256_MUL_BODY %rsp, Z1Z2, %rsp, H       /* Z3 */
        mov     RPTR(%rsp), %rbx
        MOV4    A_REGS, QFE(64)
        P256_MUL_BODY %rsp, S1, %rsp, HHH       /* S1 HHH */
        MOV4    A_REGS, FE(T1)

        P256_JAC_XY3 RPTR, RR, HHH, V, T2, T1   /* X3, Y3 */

        P256_EPILOGUE FRAME
ECFK_FUNC_END(ecfk_p256_jac_add_mulx_adx)
