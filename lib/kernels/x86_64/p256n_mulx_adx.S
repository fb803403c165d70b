/*
 * p256n_mulx_adx.S - Montgomery arithmetic mod the P-256 group order
 *   n = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551,
 * x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX). R = 2^256, limbs
 * little-endian uint64_t[4], n0' = -n^-1 mod 2^64 = 0xccd1c8aaee00bc4f.
 * Caller checks CPU support.
 *
 * void ecfk_p256n_mul_mulx_adx(uint64_t z[4], const uint64_t x[4], const uint64_t y[4]);
 *     z = x*y*R^-1 mod n.  Requires x, y < n.  z < n.  z may alias x and/or y.
 * void ecfk_p256n_sqr_mulx_adx(uint64_t z[4], const uint64_t x[4]);
 *     z = x*x*R^-1 mod n.  Requires x < n.  z < n.  z may alias x.
 * void ecfk_p256n_redc_mulx_adx(uint64_t z[4], const uint64_t t[8]);
 *     z = t*R^-1 mod n.  Requires t < n*R.  z < n.  z may alias t[0..3].
 *
 * Constant time: no branches, no secret-dependent addresses; the final
 * conditional subtraction is sub/sbb + cmov. All inputs are read before z
 * is written, which is what makes the aliasing safe.
 *
 * n has no usable structure, so each reduction step is the generic one:
 * m = a0*n0' mod 2^64, a += m*n (low word becomes 0), shift one word.
 */
#include "asm.h"

        .section .rodata
        .p2align 5
.Lp256n_n:
        .quad   0xf3b9cac2fc632551
        .quad   0xbce6faada7179e84
        .quad   0xffffffffffffffff
        .quad   0xffffffff00000000
.Lp256n_n0:
        .quad   0xccd1c8aaee00bc4f

/*
 * One reduction step: m = a0*n0', [a0..a5] = [a0..a4] + m*n, a0 becomes 0
 * and is dropped, a5 (written) takes the carry. Low halves of m*n on CF,
 * high halves on OF. Uses rax (zero), rdx, r14, r15.
 */
.macro P256N_RED a0, a1, a2, a3, a4, a5
        mov     \a0, %rdx
        imul    .Lp256n_n0(%rip), %rdx
        xor     %eax, %eax
        mov     $0, \a5
        mulx    .Lp256n_n+0(%rip), %r14, %r15
        adcx    %r14, \a0
        adox    %r15, \a1
        mulx    .Lp256n_n+8(%rip), %r14, %r15
        adcx    %r14, \a1
        adox    %r15, \a2
        mulx    .Lp256n_n+16(%rip), %r14, %r15
        adcx    %r14, \a2
        adox    %r15, \a3
        mulx    .Lp256n_n+24(%rip), %r14, %r15
        adcx    %r14, \a3
        adox    %r15, \a4
        adcx    %rax, \a4
        adox    %rax, \a5
        adcx    %rax, \a5
.endm

/*
 * [a1..a5] += x*y[i] (x at rsi, y at rcx); the accumulator is < 2n so the
 * sum fits in five words. Uses rax (zero), rdx, r14, r15.
 */
.macro P256N_ROW off, a1, a2, a3, a4, a5
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
 * z = [a0..a3] + c*2^256 (< 2n) reduced once: a - n with a borrow chain,
 * keep a when it borrowed. Clobbers rax, rdx, r14, r15, c.
 */
.macro P256N_FINAL a0, a1, a2, a3, c
        mov     \a0, %rax
        mov     \a1, %rdx
        mov     \a2, %r14
        mov     \a3, %r15
        sub     .Lp256n_n+0(%rip), %rax
        sbb     .Lp256n_n+8(%rip), %rdx
        sbb     $-1, %r14
        sbb     .Lp256n_n+24(%rip), %r15
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
 * Reduction step on a 4-word window [t0..t3]: m = t0*n0',
 * [t0..t3] + m*n = [0, t1', t2', t3', t0'] with t0' = hi(m*n3) + carries
 * (< 2^64 because hi(m*n3) < n3). Window becomes [t1, t2, t3, t0].
 * Uses rax (zero), rbx, rbp, rdx.
 */
.macro P256N_RED_STEP t0, t1, t2, t3
        mov     \t0, %rdx
        imul    .Lp256n_n0(%rip), %rdx
        xor     %eax, %eax
        mulx    .Lp256n_n+0(%rip), %rbx, %rbp
        adcx    %rbx, \t0
        adox    %rbp, \t1
        mulx    .Lp256n_n+8(%rip), %rbx, %rbp
        adcx    %rbx, \t1
        adox    %rbp, \t2
        mulx    .Lp256n_n+16(%rip), %rbx, %rbp
        adcx    %rbx, \t2
        adox    %rbp, \t3
        mulx    .Lp256n_n+24(%rip), %rbx, \t0
        adcx    %rbx, \t3
        adox    %rax, \t0
        adcx    %rax, \t0
.endm
/* afterwards [t0..t3] = (t_lo + M*n)/2^256 < n + 1 */
.macro P256N_RED_LOW t0, t1, t2, t3
        P256N_RED_STEP \t0, \t1, \t2, \t3
        P256N_RED_STEP \t1, \t2, \t3, \t0
        P256N_RED_STEP \t2, \t3, \t0, \t1
        P256N_RED_STEP \t3, \t0, \t1, \t2
.endm

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256n_mul_mulx_adx)
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

        P256N_RED %r8, %r9, %r10, %r11, %r12, %r13
        P256N_ROW 8, %r9, %r10, %r11, %r12, %r13
        P256N_RED %r9, %r10, %r11, %r12, %r13, %r8
        P256N_ROW 16, %r10, %r11, %r12, %r13, %r8
        P256N_RED %r10, %r11, %r12, %r13, %r8, %r9
        P256N_ROW 24, %r11, %r12, %r13, %r8, %r9
        P256N_RED %r11, %r12, %r13, %r8, %r9, %r10

        P256N_FINAL %r12, %r13, %r8, %r9, %r10

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p256n_mul_mulx_adx)

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256n_sqr_mulx_adx)
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
        P256N_RED_LOW %r8, %r9, %r10, %r11
        xor     %ecx, %ecx
        add     %r12, %r8
        adc     %r13, %r9
        adc     %r14, %r10
        adc     %r15, %r11
        adc     $0, %rcx
        P256N_FINAL %r8, %r9, %r10, %r11, %rcx

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p256n_sqr_mulx_adx)

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p256n_redc_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r14
        push    %r15

        mov     0(%rsi), %r8
        mov     8(%rsi), %r9
        mov     16(%rsi), %r10
        mov     24(%rsi), %r11
        P256N_RED_LOW %r8, %r9, %r10, %r11
        /* (t_lo + M*n)/R + t_hi < 2n since t < n*R */
        xor     %ecx, %ecx
        add     32(%rsi), %r8
        adc     40(%rsi), %r9
        adc     48(%rsi), %r10
        adc     56(%rsi), %r11
        adc     $0, %rcx
        P256N_FINAL %r8, %r9, %r10, %r11, %rcx

        pop     %r15
        pop     %r14
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p256n_redc_mulx_adx)
