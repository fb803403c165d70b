/*
 * ed25519_dbl_mulx_adx.S - one doubling step of the edwards25519 loops as a
 * single routine, x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX). Caller checks
 * CPU support.
 *
 * void ecfk_ed25519_dbl_mulx_adx(uint64_t w[ECFK_ED25519_DBL_WORDS]);
 *
 * w is the caller's working area (kernels/kernels.h has the layout): a
 * completed point t = ((X : Z), (Y : T)) (in and out), then scratch, 4
 * little-endian limbs per value, any 256-bit values (the lazy range of
 * lib/fields/p25519_internal.h). t = 2 * p1p1_to_p2(t): the projective
 * conversion (3 multiplications) and the doubling dbl-2008-hwcd with a = -1
 * (4 squarings) of lib/curves/curve25519/edwards25519.c, with the field's own
 * add, sub and the fold of kernels/portable/p25519_fold.h, so the same bits
 * as the C code (ecfi_edwards25519_dbl_p1p1_portable; test_c25519_steps
 * compares them). Secrets stay in w (the caller wipes it) and in registers.
 *
 * Constant time: no branches; every address is a constant offset from w.
 */
#include "asm.S.inc"
#include "p25519_ops_x86.S.inc"

/* Offsets in w, in bytes (8 times ECFK_ED25519_DBL_* of kernels/kernels.h):
 * t, then the projective point q and t0. */
#define T_X 0
#define T_Y 32
#define T_Z 64
#define T_T 96
#define Q_X 128
#define Q_Y 160
#define Q_Z 192
#define T0 224

ECFK_FUNC_BEGIN(ecfk_ed25519_dbl_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15

        /* p1p1_to_p2: q = (X*T, Y*Z, Z*T) */
        FMUL    Q_X, T_X, T_T
        FMUL    Q_Y, T_Y, T_Z
        FMUL    Q_Z, T_Z, T_T
        /* dbl_xyz(q): A = X^2, B = Y^2, C = 2 Z^2, (X + Y)^2; four
         * independent squarings, then the additions in the C code's order.
         * Bounded add and sub (p25519_ops_x86.S.inc) where the operands
         * allow, whatever the inputs: q's coordinates, A, B, Z^2 and
         * (X + Y)^2 are fold outputs (< 2^255 + 1463 < 2p), so X + Y,
         * Z^2 + Z^2, B + A and B - A have both operands at most 2p; C - (B - A)
         * subtracts a difference, at most 2p (x - y, or x - y + 2^256 - 38
         * <= 2^256 - 39 after a borrow). (X + Y)^2 - (B + A) keeps the full
         * sub: B + A may lie above 2p, and (X + Y)^2 may be small. */
        FSQR    T_X, Q_X
        FSQR    T_Z, Q_Y
        BFADD   T_Y, Q_X, Q_Y
        FSQR    T_T, Q_Z
        FSQR    T0, T_Y
        BFADD   T_T, T_T, T_T
        BFADD   T_Y, T_Z, T_X
        BFSUB   T_Z, T_Z, T_X
        FSUB    T_X, T0, T_Y
        BFSUB   T_T, T_T, T_Z

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_ed25519_dbl_mulx_adx)
