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
 */
#include "asm.h"
#include "mul_4x64.h"

/*
 * [r8..r15] = t = L + H*2^256 (512 bits). Stores z = fold(t) (p25519_fold.h):
 * T = L + 38*H on two carry chains (low halves of 38*h_i on CF, high halves on
 * OF; T's top word t4 <= 38 lands in r12), then q = T >> 255 = 2*t4 + bit 255
 * and z = (T mod 2^255) + 19*q, which cannot carry out (19*q via two LEAs).
 * Uses rax, rbx, rbp, rdx, r12 and the flags.
 */
.macro P25519_FOLD
        mov     $38, %edx
        xor     %eax, %eax
        mulx    %r12, %rbx, %rbp
        adcx    %rbx, %r8
        adox    %rbp, %r9
        mulx    %r13, %rbx, %rbp
        adcx    %rbx, %r9
        adox    %rbp, %r10
        mulx    %r14, %rbx, %rbp
        adcx    %rbx, %r10
        adox    %rbp, %r11
        mulx    %r15, %rbx, %r12
        adcx    %rbx, %r11
        adox    %rax, %r12
        adcx    %rax, %r12
        /* q = T >> 255 = 2*t4 + bit 255 (<= 77); z = (T mod 2^255) + 19*q < 2^256 */
        mov     %r11, %rbx
        shr     $63, %rbx
        lea     (%rbx, %r12, 2), %r12
        lea     (%r12, %r12, 8), %rbx
        lea     (%r12, %rbx, 2), %r12
        shl     $1, %r11
        shr     $1, %r11
        add     %r12, %r8
        adc     %rax, %r9
        adc     %rax, %r10
        adc     %rax, %r11
        mov     %r8, 0(%rdi)
        mov     %r9, 8(%rdi)
        mov     %r10, 16(%rdi)
        mov     %r11, 24(%rdi)
.endm

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p25519_mul_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        mov     %rdx, %rcx                      /* y; rdx is MULX's source */

        /* row 0: [r8..r12] = x*y0 */
        mov     0(%rcx), %rdx
        mulx    0(%rsi), %r8, %r9
        mulx    8(%rsi), %rbx, %r10
        add     %rbx, %r9
        mulx    16(%rsi), %rbx, %r11
        adc     %rbx, %r10
        mulx    24(%rsi), %rbx, %r12
        adc     %rbx, %r11
        adc     $0, %r12

        ROW_4X64 8, %r9, %r10, %r11, %r12, %r13, %rbx, %rbp
        ROW_4X64 16, %r10, %r11, %r12, %r13, %r14, %rbx, %rbp
        ROW_4X64 24, %r11, %r12, %r13, %r14, %r15, %rbx, %rbp

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
ECFK_FUNC_BEGIN(ecfk_p25519_sqr_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15

        SQR_4X64                                /* [r8..r15] = x^2 */

        P25519_FOLD

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p25519_sqr_mulx_adx)
