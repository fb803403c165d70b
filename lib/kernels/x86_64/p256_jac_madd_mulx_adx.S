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
#include "asm.S.inc"
#include "p256_jac_madd_x86.S.inc" /* the frame layout and the body */

#define FRAME 400

ECFK_FUNC_BEGIN(ecfk_p256_jac_madd_mulx_adx)
        P256_PROLOGUE FRAME
        mov     %rdi, RPTR(%rsp)
        mov     %rsi, %rdi                      /* p, read in place */
        P256_JAC_MADD_COPY_Q
        P256_JAC_MADD_BODY

        P256_EPILOGUE FRAME
ECFK_FUNC_END(ecfk_p256_jac_madd_mulx_adx)
