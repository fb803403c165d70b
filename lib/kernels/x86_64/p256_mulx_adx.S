/*
 * p256_mulx_adx.S - Montgomery arithmetic mod p = 2^256 - 2^224 + 2^192 + 2^96 - 1
 * (NIST P-256 field), x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX).
 * R = 2^256, limbs little-endian uint64_t[4]. Caller checks CPU support.
 *
 * void ecfk_p256_mul_mulx_adx(uint64_t z[4], const uint64_t x[4], const uint64_t y[4]);
 *     z = x*y*R^-1 mod p.  Requires x, y < p.  z < p.  z may alias x and/or y.
 * void ecfk_p256_sqr_mulx_adx(uint64_t z[4], const uint64_t x[4]);
 *     z = x*x*R^-1 mod p.  Requires x < p.  z < p.  z may alias x.
 * void ecfk_p256_redc_mulx_adx(uint64_t z[4], const uint64_t t[8]);
 *     z = t*R^-1 mod p.  Requires t < p*R.  z < p.  z may alias t[0..3].
 *
 * Constant time: no branches, no secret-dependent addresses; the final
 * conditional subtraction is sub/sbb + cmov. All inputs are read before z
 * is written, which is what makes the aliasing safe.
 *
 * Reduction: -p^-1 = 1 mod 2^64, so the Montgomery factor m is the low word
 * a0 itself. Since p = 2^256 - 2^224 + 2^192 + 2^96 - 1 and
 * p0 + p1*2^64 = 2^96 - 1, we have a + m*p = a - m + m*2^96 + m*p3*2^192:
 * the low word cancels exactly (no carry) and, after dropping it, the words
 * [a1,a2,a3,a4] gain [m<<32, m>>32, lo(m*p3), hi(m*p3)] (p3 = 2^64-2^32+1).
 */
#include "asm.h"

        .section .rodata
        .p2align 4
.Lp256_p1:
        .quad   0x00000000ffffffff
.Lp256_p3:
        .quad   0xffffffff00000001

/*
 * One reduction step. m = a0. [a1..a4] += [m<<32, m>>32, m*p3] and the
 * carry goes to a5 (written). a0 is clobbered (dead afterwards).
 * Uses rdx, rbx, r14, r15 and the flags.
 */
.macro P256_RED a0, a1, a2, a3, a4, a5
        mov     \a0, %rdx
        mulx    .Lp256_p3(%rip), %r15, %rbx
        mov     \a0, %r14
        shl     $32, %r14
        shr     $32, \a0
        mov     $0, \a5
        add     %r14, \a1
        adc     \a0, \a2
        adc     %r15, \a3
        adc     %rbx, \a4
        adc     $0, \a5
.endm

/*
 * [a1..a5] += x*y[i] (x at rsi, y at rcx), products on two carry chains:
 * low halves on CF (ADCX), high halves on OF (ADOX). The sum fits in
 * five words (accumulator < 2p), so the chains' final carries are zero.
 * Uses rax (zero), rdx, r14, r15.
 */
.macro P256_ROW off, a1, a2, a3, a4, a5
        mov     \off(%rcx), %rdx
        xor     %eax, %eax
        mulx    0(%rsi), %r14, %r15
        adcx    %r14, \a1
        adox    %r15, \a2
        mulx    8(%rsi), %r14, %r15
        adcx    %r14, \a2
        adox    %r15, \a3
        mulx    16(%rsi), %r14, %r15
        adcx    %r14, \a3
        adox    %r15, \a4
        mulx    24(%rsi), %r14, %r15
        adcx    %r14, \a4
        adox    %r15, \a5
        adcx    %rax, \a5
.endm

/*
 * z = [a0..a3] + c*2^256 (< 2p) reduced once: compute a - p with a borrow
 * chain, keep a when it borrowed. Clobbers rax, rdx, r14, r15, c.
 */
.macro P256_FINAL a0, a1, a2, a3, c
        mov     \a0, %rax
        mov     \a1, %rdx
        mov     \a2, %r14
        mov     \a3, %r15
        sub     $-1, %rax
        sbb     .Lp256_p1(%rip), %rdx
        sbb     $0, %r14
        sbb     .Lp256_p3(%rip), %r15
        sbb     $0, \c
        cmovc   \a0, %rax
        cmovc   \a1, %rdx
        cmovc   \a2, %r14
        cmovc   \a3, %r15
        mov     %rax, 0(%rdi)
        mov     %rdx, 8(%rdi)
        mov     %r14, 16(%rdi)
        mov     %r15, 24(%rdi)
.endm

/*
 * Four reduction steps on the low half [t0..t3] of an 8-word value, in
 * place: afterwards [t0..t3] = (t_lo + M*p) / 2^256 < p + 1 (no carry out:
 * hi(m*p3) < 2^64 - 1). Uses rax, rbx, rcx, rdx, rbp.
 */
.macro P256_RED_STEP t0, t1, t2, t3
        mov     \t0, %rdx
        mov     \t0, %rcx
        shl     $32, %rcx
        mov     \t0, %rbp
        shr     $32, %rbp
        mulx    .Lp256_p3(%rip), %rax, \t0
        add     %rcx, \t1
        adc     %rbp, \t2
        adc     %rax, \t3
        adc     $0, \t0
.endm
.macro P256_RED_LOW t0, t1, t2, t3
        P256_RED_STEP \t0, \t1, \t2, \t3
        P256_RED_STEP \t1, \t2, \t3, \t0
        P256_RED_STEP \t2, \t3, \t0, \t1
        P256_RED_STEP \t3, \t0, \t1, \t2
.endm

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256_mul_mulx_adx)
        push    %rbx
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        mov     %rdx, %rcx                      /* y; rdx is MULX's source */

        /* row 0: [r8..r12] = x*y0 */
        mov     0(%rcx), %rdx
        mulx    0(%rsi), %r8, %r9
        mulx    8(%rsi), %r14, %r10
        mulx    16(%rsi), %r15, %r11
        mulx    24(%rsi), %rbx, %r12
        add     %r14, %r9
        adc     %r15, %r10
        adc     %rbx, %r11
        adc     $0, %r12

        /* rows 1..3: reduce by the previous low word, add x*y[i] */
        P256_RED %r8, %r9, %r10, %r11, %r12, %r13
        P256_ROW 8, %r9, %r10, %r11, %r12, %r13
        P256_RED %r9, %r10, %r11, %r12, %r13, %r8
        P256_ROW 16, %r10, %r11, %r12, %r13, %r8
        P256_RED %r10, %r11, %r12, %r13, %r8, %r9
        P256_ROW 24, %r11, %r12, %r13, %r8, %r9
        P256_RED %r11, %r12, %r13, %r8, %r9, %r10

        P256_FINAL %r12, %r13, %r8, %r9, %r10

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
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

        /* off-diagonal products x_i*x_j (i<j) into words w1..w6 (r9..r14) */
        mov     0(%rsi), %rdx
        mulx    8(%rsi), %r9, %r10              /* x0x1 -> w1,w2 */
        mulx    16(%rsi), %rax, %r11            /* x0x2 -> w2,w3 */
        mulx    24(%rsi), %rbx, %r12            /* x0x3 -> w3,w4 */
        mov     8(%rsi), %rdx
        mulx    16(%rsi), %rcx, %r8             /* x1x2 -> w3,w4 */
        mulx    24(%rsi), %r15, %r13            /* x1x3 -> w4,w5 */
        mov     16(%rsi), %rdx
        xor     %ebp, %ebp
        adcx    %rax, %r10
        adox    %rcx, %r11
        mulx    24(%rsi), %rax, %r14            /* x2x3 -> w5,w6 */
        adcx    %rbx, %r11
        adox    %r8, %r12
        adcx    %r15, %r12
        adox    %rbp, %r13
        adcx    %rax, %r13
        adox    %rbp, %r14
        adcx    %rbp, %r14

        /* double (CF chain) and add the squares x_i^2 (OF chain) */
        mov     0(%rsi), %rdx
        mulx    %rdx, %r8, %rax
        xor     %r15d, %r15d
        adcx    %r9, %r9
        adox    %rax, %r9
        mov     8(%rsi), %rdx
        mulx    %rdx, %rax, %rbx
        adcx    %r10, %r10
        adox    %rax, %r10
        adcx    %r11, %r11
        adox    %rbx, %r11
        mov     16(%rsi), %rdx
        mulx    %rdx, %rax, %rbx
        adcx    %r12, %r12
        adox    %rax, %r12
        adcx    %r13, %r13
        adox    %rbx, %r13
        mov     24(%rsi), %rdx
        mulx    %rdx, %rax, %rbx
        adcx    %r14, %r14
        adox    %rax, %r14
        adcx    %r15, %r15
        adox    %rbx, %r15

        /* [r8..r15] = x^2; reduce the low half, add the high half */
        P256_RED_LOW %r8, %r9, %r10, %r11
        xor     %ecx, %ecx
        add     %r12, %r8
        adc     %r13, %r9
        adc     %r14, %r10
        adc     %r15, %r11
        adc     $0, %rcx
        P256_FINAL %r8, %r9, %r10, %r11, %rcx

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
        push    %r14
        push    %r15

        mov     0(%rsi), %r8
        mov     8(%rsi), %r9
        mov     16(%rsi), %r10
        mov     24(%rsi), %r11
        P256_RED_LOW %r8, %r9, %r10, %r11
        /* (t_lo + M*p)/R + t_hi < 2p since t < p*R */
        xor     %ecx, %ecx
        add     32(%rsi), %r8
        adc     40(%rsi), %r9
        adc     48(%rsi), %r10
        adc     56(%rsi), %r11
        adc     $0, %rcx
        P256_FINAL %r8, %r9, %r10, %r11, %rcx

        pop     %r15
        pop     %r14
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p256_redc_mulx_adx)
