/*
 * ed25519_madd_mulx_adx.S - one addition of the edwards25519 fixed-base comb
 * as a single routine, x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX). Caller
 * checks CPU support.
 *
 * void ecfk_ed25519_madd_mulx_adx(uint64_t w[ECFK_ED25519_MADD_WORDS]);
 *
 * w is the caller's working area (kernels/kernels.h has the layout): an
 * extended point h = (X : Y : Z : T) (in and out), an affine Niels point
 * n = (y + x, y - x, 2d*x*y) (in) and scratch, 4 little-endian limbs per
 * value: X, Y, Z at most 2p = 2^256 - 38 (the outputs are fold outputs,
 * below 2^255 + 1463, so a chain of additions stays in range; the comb
 * starts from the identity or a doubling's output, also fold outputs), T and
 * n any 256-bit values.
 * h = h + n by the mixed addition of lib/curves/curve25519/edwards25519.c
 * (madd, 3 multiplications) and its conversion back to extended coordinates
 * (p1p1_to_p3, 4 multiplications), with the field's own add, sub and the
 * fold of kernels/portable/p25519_fold.h, so the same bits as the C code
 * (ecfi_edwards25519_madd_p3_portable; test_c25519_steps compares them).
 * Secrets stay in w (the caller wipes it) and in registers.
 *
 * Constant time: no branches; every address is a constant offset from w.
 */
#include "asm.S.inc"
#include "p25519_ops_x86.S.inc"

/* Offsets in w, in bytes (8 times ECFK_ED25519_MADD_* of kernels/kernels.h):
 * h, n, then four scratch values. */
#define H_X 0
#define H_Y 32
#define H_Z 64
#define H_T 96
#define N_YPX 128
#define N_YMX 160
#define N_XY2D 192
#define S0 224
#define S1 256
#define S2 288
#define S3 320

ECFK_FUNC_BEGIN(ecfk_ed25519_madd_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15

        /* madd: pa = (Y + X)(y + x) in S0, pb = (Y - X)(y - x) in S1,
         * pc = 2dxy * T in S2 */
        /* Bounded add and sub (p25519_ops_x86.S.inc): X, Y, Z at most 2p
         * (the contract), pa, pb, pc fold outputs (< 2^255 + 1463), so
         * Y + X, Y - X, Z + Z, pa + pb, pa - pb have both operands at most
         * 2p; t0 + pc has pc < 2^256 - 37 (t0 any); t0 - pc subtracts
         * pc <= 2p. */
        BFADD   S0, H_Y, H_X
        BFSUB   S1, H_Y, H_X
        FMUL    S0, S0, N_YPX
        FMUL    S1, S1, N_YMX
        FMUL    S2, N_XY2D, H_T
        /* t0 = 2Z; the completed point ((QX : QZ), (QY : QT)):
         * QZ = t0 + pc (S3), QT = t0 - pc (S2), QY = pa + pb (S1),
         * QX = pa - pb (S0) */
        BADD_REGS H_Z, H_Z, %r12, %r13, %r14, %r15
        mov     %r12, %r8
        mov     %r13, %r9
        mov     %r14, %r10
        mov     %r15, %r11
        BADDTO_REGS S2
        STORE_REGS S3
        BSUBFROM_REGS S2, %r12, %r13, %r14, %r15
        mov     %r12, S2+0(%rdi)
        mov     %r13, S2+8(%rdi)
        mov     %r14, S2+16(%rdi)
        mov     %r15, S2+24(%rdi)
        BADD_REGS S0, S1, %r12, %r13, %r14, %r15
        BSUB_REGS S0, S1
        STORE_REGS S0
        mov     %r12, S1+0(%rdi)
        mov     %r13, S1+8(%rdi)
        mov     %r14, S1+16(%rdi)
        mov     %r15, S1+24(%rdi)
        /* p1p1_to_p3: X = QX*QT, Y = QY*QZ, Z = QZ*QT, T = QX*QY
         * (four independent products) */
        FMUL    H_X, S0, S2
        FMUL    H_Y, S1, S3
        FMUL    H_Z, S3, S2
        FMUL    H_T, S0, S1

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_ed25519_madd_mulx_adx)
