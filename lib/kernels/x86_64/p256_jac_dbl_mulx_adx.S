/*
 * p256_jac_dbl_mulx_adx.S - r = 2p on P-256 in Jacobian coordinates as one
 * routine, x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX). Caller checks CPU
 * support.
 *
 * void ecfk_p256_jac_dbl_mulx_adx(uint64_t r[12], const uint64_t p[12]);
 *
 * p and r are (X, Y, Z), 4 little-endian limbs each, Montgomery domain, every
 * coordinate < p (any such triple: the formulas are polynomials). dbl-2001-b
 * for a = -3, as jac_dbl_c of lib/curves/p256/point_ops.h: delta = Z^2,
 * gamma = Y^2, beta = X gamma, alpha = 3 (X - delta)(X + delta),
 * X3 = alpha^2 - 8 beta, Z3 = 2 Y Z (= (Y + Z)^2 - gamma - delta, the same
 * field element), Y3 = alpha (4 beta - X3) - 8 gamma^2. Every value is
 * canonical, so r is the same bits as jac_dbl_c's (test_p256_steps compares
 * them). 4M + 4S. r may alias p: p is read in place (through rdi, which the
 * multiplication macros keep; r's pointer waits in the frame), and each
 * coordinate of r is written after the last read of the one it may overwrite.
 *
 * Constant time: no branches; every address is a constant offset from rsp,
 * rdi or rbx. Secrets: the frame and xmm0-xmm5 are zeroed before returning.
 */
#include "asm.S.inc"

/* Frame: the doubling's temporaries (p256_jac_dbl_x86.S.inc), then r's pointer.
 * PFE: a coordinate of p (read in place through rdi), QFE: one of r. */
#define RPTR 224
#define FRAME 240
#define PFE(o) o+0(%rdi), o+8(%rdi), o+16(%rdi), o+24(%rdi)
#define QFE(o) o+0(%rbx), o+8(%rbx), o+16(%rbx), o+24(%rbx)
#include "p256_jac_dbl_x86.S.inc"

/* 2Y, formed after X +- delta. */
.macro DBL_2Y
        MOV4    PFE(32), A_REGS
        A_DBL                                   /* 2Y */
        MOV4    A_REGS, FE(Y2)
.endm
/* A coordinate of r, through its pointer in the frame. */
.macro DBL_STORE o
        mov     RPTR(%rsp), %rbx
        MOV4    A_REGS, QFE(\o)
.endm

ECFK_FUNC_BEGIN(ecfk_p256_jac_dbl_mulx_adx)
        P256_PROLOGUE FRAME
        mov     %rdi, RPTR(%rsp)
        mov     %rsi, %rdi                      /* p */

        /*
         * Computed as OpenSSL's ecp_nistz256_point_double does, with the
         * same field elements: 4 beta = X (2Y)^2, Z3 = (2Y) Z,
         * 8 gamma^2 = ((2Y)^2)^2 / 2: ten additions, subtractions and
         * halvings instead of the fourteen of the C code.
         */
        P256_JAC_DBL_BODY %rdi, 0, DBL_2Y, DBL_STORE

        P256_EPILOGUE FRAME
ECFK_FUNC_END(ecfk_p256_jac_dbl_mulx_adx)
