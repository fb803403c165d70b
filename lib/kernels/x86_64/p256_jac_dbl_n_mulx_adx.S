/*
 * p256_jac_dbl_n_mulx_adx.S - r = 2^n p on P-256 in Jacobian coordinates: n
 * doublings in one routine, x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX).
 * Caller checks CPU support.
 *
 * void ecfk_p256_jac_dbl_n_mulx_adx(uint64_t r[12], const uint64_t p[12],
 *                                   uint64_t n);
 *
 * p and r are (X, Y, Z), 4 little-endian limbs each, Montgomery domain, every
 * coordinate < p. Each doubling is the one of p256_jac_dbl_mulx_adx.S
 * (P256_JAC_DBL_BODY of p256_jac_dbl_x86.S.inc: dbl-2001-b for a = -3, the same
 * field elements, in the same order but for 2Y, which is formed at the end
 * of the previous doubling), so r
 * is the same bits as n calls of jac_dbl_c (lib/curves/p256/point_ops.h;
 * test_p256_steps compares them). n = 0 copies p to r. r may alias p: p is
 * copied into the frame first and r written last.
 *
 * What it saves against n calls of ecfk_p256_jac_dbl_mulx_adx: one
 * prologue, one epilogue and one frame wipe for all n doublings; the point
 * stays in the frame between doublings (copied in once, out once, 8 bytes
 * at a time), and the
 * coordinates are addressed from rsp, so no pointer is reloaded.
 *
 * Constant time: n is PUBLIC (the loop count: `dec %rdi; jnz`, the one
 * conditional branch, allowed for this function alone by
 * tools/check_asm_ct.py, which also checks that rdi is written only from the
 * argument n and by that dec); nothing else branches, every address is a
 * constant offset from rsp, rsi or rbx. Secrets: the frame and xmm0-xmm5 are
 * zeroed before returning.
 */
#include "asm.S.inc"

/* Frame: the doubling's temporaries (p256_jac_dbl_x86.S.inc), the point being
 * doubled at PT, then r's pointer. PFE: a coordinate of that point. */
#define PT 224
#define RPTR 320
#define FRAME 336
#define PFE(o) PT+o+0(%rsp), PT+o+8(%rsp), PT+o+16(%rsp), PT+o+24(%rsp)
#include "p256_jac_dbl_x86.S.inc"

/* 2Y is formed at the end of the previous doubling (below). */
.macro DBLN_NO_2Y
.endm
/* A coordinate of the point, in place in the frame. */
.macro DBLN_STORE o
        MOV4    A_REGS, PFE(\o)
.endm

ECFK_FUNC_BEGIN(ecfk_p256_jac_dbl_n_mulx_adx)
        P256_PROLOGUE FRAME
        mov     %rdi, RPTR(%rsp)
        mov     %rdx, %rdi                      /* n: the loop counter */
        /* p into the frame, 8 bytes at a time: p was just written by the
         * caller's 8-byte stores, which a 16-byte load cannot forward from */
        MOV4    0(%rsi), 8(%rsi), 16(%rsi), 24(%rsi), B_REGS
        MOV4    32(%rsi), 40(%rsi), 48(%rsi), 56(%rsi), T_REGS
        MOV4    B_REGS, PFE(0)
        MOV4    T_REGS, PFE(32)
        MOV4    64(%rsi), 72(%rsi), 80(%rsi), 88(%rsi), B_REGS
        MOV4    B_REGS, PFE(64)
        test    %rdi, %rdi
        jz      .Ldbl_n_done                    /* n = 0 (public) */
        MOV4    PFE(32), A_REGS
        A_DBL                                   /* 2Y of the first doubling */
        MOV4    A_REGS, FE(Y2)
.Ldbl_n_loop:
        /* one doubling of the point at PT, in place: the body of
         * p256_jac_dbl_mulx_adx.S too (p256_jac_dbl_x86.S.inc), except 2Y:
         * computed from Y3 while it is still in registers at the end of the
         * previous doubling (before the loop for the first), which made
         * the loop faster (docs/p256.md) */
        P256_JAC_DBL_BODY %rsp, PT, DBLN_NO_2Y, DBLN_STORE
        A_DBL                                   /* 2Y of the next doubling */
        MOV4    A_REGS, FE(Y2)

        dec     %rdi
        jnz     .Ldbl_n_loop                    /* public loop count */
.Ldbl_n_done:
        mov     RPTR(%rsp), %rbx
        MOV4    PFE(0), B_REGS
        MOV4    PFE(32), T_REGS
        MOV4    B_REGS, 0(%rbx), 8(%rbx), 16(%rbx), 24(%rbx)
        MOV4    T_REGS, 32(%rbx), 40(%rbx), 48(%rbx), 56(%rbx)
        MOV4    PFE(64), B_REGS
        MOV4    B_REGS, 64(%rbx), 72(%rbx), 80(%rbx), 88(%rbx)     /* Z */

        P256_EPILOGUE FRAME
ECFK_FUNC_END(ecfk_p256_jac_dbl_n_mulx_adx)
