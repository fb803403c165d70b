/*
 * p25519_mulx_adx.S - multiplication and squaring mod p = 2^255 - 19,
 * x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX). Saturated 4 x 64-bit limbs,
 * little-endian uint64_t[4]. Caller checks CPU support.
 *
 * void ecfk_p25519_mul_mulx_adx(uint64_t z[4], const uint64_t x[4], const uint64_t y[4]);
 *     z = x*y mod p, lazily: x, y any 256-bit values; z < 2^255 + 1463, z = x*y (mod p).
 * void ecfk_p25519_sqr_mulx_adx(uint64_t z[4], const uint64_t x[4]);
 *     z = x*x mod p, same ranges.
 * z is the function defined in lib/kernels/portable/p25519_fold.h of the
 * 512-bit product, so it equals the portable kernel's output bit for bit.
 * z may alias x and/or y: every input is read before z is written.
 *
 * Constant time: no branches, no secret-dependent addresses.
 * x is loaded into registers once (LOAD_X4, the _XREG macros of
 * mul_4x64.S.inc); mul keeps the product's low word in the red zone.
 */
#include "asm.S.inc"
#include "mul_4x64.S.inc"
#include "p25519_fold_x86.S.inc"


/* ------------------------------------------------------------------ */
/* 64-byte aligned (a whole op-cache line): at 32 mod 64 (where other
 * routines' sizes may put it) mul measured 1 tick slower (docs/benchmarks.md). */
        .section .text.ecfk_p25519_mul_mulx_adx,"ax",@progbits
        .p2align 6
ECFK_FUNC_BEGIN(ecfk_p25519_mul_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        push    %rdi                            /* z: rdi holds x2 */
        mov     %rdx, %rcx                      /* y; rdx is MULX's source */
        LOAD_X4                                 /* x read once (mul_4x64.S.inc) */

        MUL_4X64_XREG                           /* [r8..r15] = x*y */
        pop     %rdi

        P25519_FOLD

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p25519_mul_mulx_adx)

/* ------------------------------------------------------------------ */
/* 64-byte aligned (a whole op-cache line): at 32 mod 64 (where other
 * routines' sizes may put it) mul measured 1 tick slower (docs/benchmarks.md). */
        .section .text.ecfk_p25519_sqr_mulx_adx,"ax",@progbits
        .p2align 6
ECFK_FUNC_BEGIN(ecfk_p25519_sqr_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        SQR_4X64_XREG                           /* [r8..r15] = x^2 */

        P25519_FOLD

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p25519_sqr_mulx_adx)
