/*
 * p256_mulx_adx.S - Montgomery arithmetic mod p = 2^256 - 2^224 + 2^192 + 2^96 - 1
 * (NIST P-256 field), x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX).
 * R = 2^256, limbs little-endian uint64_t[4]. The caller checks CPU support.
 *
 * void ecfk_p256_mul_mulx_adx(uint64_t z[4], const uint64_t x[4], const uint64_t y[4]);
 *     z = x*y*R^-1 mod p.   Requires x, y < p.   z < p.   z may alias x and/or y.
 * void ecfk_p256_sqr_mulx_adx(uint64_t z[4], const uint64_t x[4]);
 *     z = x*x*R^-1 mod p.   Requires x < p.      z < p.   z may alias x.
 * void ecfk_p256_redc_mulx_adx(uint64_t z[4], const uint64_t t[8]);
 *     z = t*R^-1 mod p.     Requires t < p*R.    z < p.   z may alias t[0..3].
 *
 * Constant time: no branches, no secret-dependent addresses; the final
 * conditional subtraction is two carry chains + CMOV. Every input word is
 * read before z is written, which is what makes the aliasing safe.
 * mul and sqr load x into registers once (LOAD_X4, the _XREG macros): the
 * word an earlier call just stored is read once, not once per MULX.
 * Leaf functions; the callee-saved registers used are pushed and popped.
 *
 * Reduction: -p^-1 = 1 mod 2^64, so the Montgomery factor m is the low word
 * a0 itself. With p0 + p1*2^64 = 2^96 - 1 and p3 = 2^64 - 2^32 + 1,
 *   a + m*p = a - m + m*2^96 + m*p3*2^192,
 * the low word cancels exactly (no carry) and, after dropping it, the words
 * [a1, a2, a3, a4] gain R = [m<<32, m>>32, lo(m*p3), hi(m*p3)], where
 *   m*p3 = m*2^64 - m*2^32 + m:  lo = m - (m<<32),  hi = m - (m>>32) - borrow.
 * So a reduction step is two shifts and a 2-word subtraction, no multiply:
 * MULX throughput is what bounds mul and sqr here, and this measured faster.
 */
#include "asm.S.inc"
#include "kernels/x86_64/p256_asm_params.h" /* generated: field_params.py --asm */
#include "p256_mont_x86.S.inc"                    /* the multiplication and reductions */

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256_mul_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        push    %rdi                            /* z: rdi holds x2 */
        mov     %rdx, %rcx                      /* y; rdx is MULX's source */
        LOAD_X4                                 /* x read once (mul_4x64.S.inc) */

        P256_MUL_XREG
        pop     %rdi
        mov     %rax, 0(%rdi)
        mov     %rcx, 8(%rdi)
        mov     %rsi, 16(%rdi)
        mov     %rdx, 24(%rdi)

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p256_mul_mulx_adx)

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256_sqr_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        P256_SQR_XREG %rax, %rbx, %rcx, %rdx     /* x^2/R mod p */
        mov     %rax, 0(%rdi)
        mov     %rbx, 8(%rdi)
        mov     %rcx, 16(%rdi)
        mov     %rdx, 24(%rdi)

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p256_sqr_mulx_adx)

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256_redc_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13

        mov     0(%rsi), %r8
        mov     8(%rsi), %r9
        mov     16(%rsi), %r10
        mov     24(%rsi), %r11
        mov     32(%rsi), %r12
        mov     40(%rsi), %r13
        mov     48(%rsi), %rbx
        mov     56(%rsi), %rsi
        /* (t_lo + M*p)/R < p+1 and t_hi < p since t < p*R */
        P256_RED_LOW %r8, %r9, %r10, %r11
        P256_ADD_FINAL %r8, %r9, %r10, %r11, %r12, %r13, %rbx, %rsi, %rax, %rcx, %rdx, %rbp

        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p256_redc_mulx_adx)
