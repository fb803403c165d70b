/*
 * p256n_mulx_adx.S - Montgomery arithmetic mod n, the P-256 group order
 * (its value and n0' = -n^-1 mod 2^64 come from the generator, through
 * p256n_asm_params.h: lib/common/field_params.py --asm),
 * x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX). R = 2^256, limbs
 * little-endian uint64_t[4].
 * Caller checks CPU support.
 *
 * void ecfk_p256n_mul_mulx_adx(uint64_t z[4], const uint64_t x[4], const uint64_t y[4]);
 *     z = x*y*R^-1 mod n.  Requires x, y < n.  z < n.  z may alias x and/or y.
 * void ecfk_p256n_sqr_mulx_adx(uint64_t z[4], const uint64_t x[4]);
 *     z = x*x*R^-1 mod n.  Requires x < n.  z < n.  z may alias x.
 * void ecfk_p256n_redc_mulx_adx(uint64_t z[4], const uint64_t t[8]);
 *     z = t*R^-1 mod n.  Requires t < n*R.  z < n.  z may alias t[0..3].
 *
 * Constant time: no branches, no secret-dependent addresses; final
 * conditional subtractions are sub/sbb (or two add chains) + CMOV. Every
 * input word is read before z is written, which makes the aliasing safe.
 * Leaf functions; callee-saved registers used are pushed and popped, and
 * mul parks z in the red zone.
 *
 * n has no useful structure, so this is generic word-by-word Montgomery:
 * m = a0*n0' mod 2^64, a += m*n (the low word becomes 0), shift one word;
 * in mul one reduction step per row of x*y[i], two carry chains (ADCX for
 * low product halves, ADOX for high halves). The step's latency
 * (IMUL 3 + MULX 4 + adds) is what bounds these kernels, so the next m is
 * computed from pieces as they appear rather than from the finished word.
 */
#include "asm.S.inc"
#include "mul_4x64.S.inc"
#include "kernels/x86_64/p256n_asm_params.h" /* generated: field_params.py --asm */

        .section .rodata
        .p2align 5
.Lp256n_n:
        .quad   ECFI_N256_M
.Lp256n_n0:
        .quad   ECFI_N256_N0
.Lp256n_k1:                                     /* n1*n0' mod 2^64 */
        .quad   ECFI_N256_K1
/* 2^256 - n, word 2 is 0 */
.Lp256n_c:
        .quad   ECFI_N256_NEGM

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
 * z = L + H mod n for L = [t0..t3] < n+1 and H = [h0..h3] < n
 * (ADD_FINAL_4X64 of mul_4x64.S.inc with 2^256 - n, word 2 zero), stored at
 * (%rdi). Clobbers h0..h3 and g0..g3.
 */
.macro P256N_ADD_FINAL t0, t1, t2, t3, h0, h1, h2, h3, g0, g1, g2, g3
        ADD_FINAL_4X64 \t0, \t1, \t2, \t3, \h0, \h1, \h2, \h3, \g0, \g1, \g2, \g3, .Lp256n_c+0(%rip), .Lp256n_c+8(%rip), $0, .Lp256n_c+24(%rip)
        mov     \g0, 0(%rdi)
        mov     \g1, 8(%rdi)
        mov     \g2, 16(%rdi)
        mov     \g3, 24(%rdi)
.endm

/*
 * Reduction step on a 4-word window [t0..t3]: m = t0*n0' (in rdx),
 * [t0..t3] + m*n = [0, t1', t2', t3', t0'] with t0' = hi(m*n3) + carries
 * (< 2^64 because hi(m*n3) < n3). Window becomes [t1, t2, t3, t0].
 * The next m is (t1 + [t0 != 0] + hi(m*n0) + lo(m*n1))*n0' mod 2^64; it is
 * formed as (t1 + [t0 != 0])*n0' + m*(n1*n0') + hi(m*n0)*n0' so that only
 * one IMUL waits for the MULX, instead of waiting for the carry chain.
 * Uses rax (zero), rbx, rbp, rcx, rdx and \s; `last` skips the next m.
 */
.macro P256N_RED_STEP t0, t1, t2, t3, s, last
        .ifb \last
        mov     \t1, \s
        mov     \t0, %rax
        neg     %rax                            /* CF = (t0 != 0) */
        adc     $0, \s
        imul    .Lp256n_n0(%rip), \s
        mov     %rdx, %rax
        imul    .Lp256n_k1(%rip), %rax
        add     %rax, \s
        .endif
        xor     %eax, %eax
        mulx    .Lp256n_n+0(%rip), %rbx, %rcx
        adcx    %rbx, \t0
        adox    %rcx, \t1
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
        .ifb \last
        imul    .Lp256n_n0(%rip), %rcx
        lea     (%rcx, \s), %rdx                /* next m */
        .endif
.endm
/* afterwards [t0..t3] = (t_lo + M*n)/2^256 < n + 1 */
.macro P256N_RED_LOW t0, t1, t2, t3, s
        mov     \t0, %rdx
        imul    .Lp256n_n0(%rip), %rdx
        P256N_RED_STEP \t0, \t1, \t2, \t3, \s
        P256N_RED_STEP \t1, \t2, \t3, \t0, \s
        P256N_RED_STEP \t2, \t3, \t0, \t1, \s
        P256N_RED_STEP \t3, \t0, \t1, \t2, \s, last
.endm
/* ------------------------------------------------------------------ */
/*
 * mul: reduction step i fused with the start of row i+1. The latency
 * chain of word-by-word Montgomery is m -> m*n -> next low word -> m'.
 * To shorten it, m' is computed from pieces as soon as each one exists:
 * the next low word is a1 + [a0 != 0] + hi(m*n0) + lo(m*n1) + lo(x0*y[i+1])
 * (mod 2^64; a0 + lo(m*n0) is 0 mod 2^64 and carries iff a0 != 0), so
 * E = a1 + [a0 != 0] + lo(x0*y[i+1]) is formed before m*n, the two mulx
 * halves are added with LEA (no flags) inside the carry chains, and the
 * IMUL by n0' comes after the chains in program order (it writes flags).
 * In: m in r15. Out: [a1..a5] (a5 written), m' in r15, x0*y[i+1] in rbx:rbp.
 * Uses rax (zero), rdx, rdi, r14; z is parked in the red zone. (Also
 * splitting m' as E*n0' + m*(n1*n0') + hi(m*n0)*n0' measured no faster here.)
 */
.macro P256N_RED_NEXT off, a0, a1, a2, a3, a4, a5
        mov     \off(%rcx), %rdx
        mulx    0(%rsi), %rbx, %rbp             /* x0*y[i+1] for the next row */
        mov     %r15, %rdx                      /* m */
        mov     \a1, %r15
        mov     \a0, %r14
        neg     %r14                            /* CF = (a0 != 0) */
        adc     %rbx, %r15                      /* E */
        xor     %eax, %eax
        mov     $0, \a5
        mulx    .Lp256n_n+0(%rip), %r14, %rdi
        adcx    %r14, \a0
        adox    %rdi, \a1
        lea     (%r15, %rdi), %r15
        mulx    .Lp256n_n+8(%rip), %r14, %rdi
        adcx    %r14, \a1
        adox    %rdi, \a2
        lea     (%r15, %r14), %r15
        mulx    .Lp256n_n+16(%rip), %r14, %rdi
        adcx    %r14, \a2
        adox    %rdi, \a3
        mulx    .Lp256n_n+24(%rip), %r14, %rdi
        adcx    %r14, \a3
        adox    %rdi, \a4
        adcx    %rax, \a4
        adox    %rax, \a5
        adcx    %rax, \a5
        imul    .Lp256n_n0(%rip), %r15          /* m' */
.endm

/* [a1..a5] += x*y[i], column 0 taken from rbx:rbp. Uses rax, rdx, rdi, r14. */
.macro P256N_ROW_NEXT off, a1, a2, a3, a4, a5
        mov     \off(%rcx), %rdx
        xor     %eax, %eax
        adcx    %rbx, \a1
        adox    %rbp, \a2
        mulx    8(%rsi), %r14, %rdi
        adcx    %r14, \a2
        adox    %rdi, \a3
        mulx    16(%rsi), %r14, %rdi
        adcx    %r14, \a3
        adox    %rdi, \a4
        mulx    24(%rsi), %r14, %rdi
        adcx    %r14, \a4
        adox    %rdi, \a5
        adcx    %rax, \a5
.endm

/* last reduction step: m in r15, no next row. Uses rax, rdx, rdi, r14. */
.macro P256N_RED_LAST a0, a1, a2, a3, a4, a5
        mov     %r15, %rdx
        xor     %eax, %eax
        mov     $0, \a5
        mulx    .Lp256n_n+0(%rip), %r14, %rdi
        adcx    %r14, \a0
        adox    %rdi, \a1
        mulx    .Lp256n_n+8(%rip), %r14, %rdi
        adcx    %r14, \a1
        adox    %rdi, \a2
        mulx    .Lp256n_n+16(%rip), %r14, %rdi
        adcx    %r14, \a2
        adox    %rdi, \a3
        mulx    .Lp256n_n+24(%rip), %r14, %rdi
        adcx    %r14, \a3
        adox    %rdi, \a4
        adcx    %rax, \a4
        adox    %rax, \a5
        adcx    %rax, \a5
.endm

ECFK_FUNC_BEGIN(ecfk_p256n_mul_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        mov     %rdi, -8(%rsp)                  /* z to the red zone; rdi is a temp */
        mov     %rdx, %rcx                      /* y; rdx is MULX's source */

        /* row 0: [r8..r12] = x*y0, m0 = r8*n0' */
        mov     0(%rcx), %rdx
        mulx    0(%rsi), %r8, %r9
        mulx    8(%rsi), %r14, %r10
        mulx    16(%rsi), %r15, %r11
        mulx    24(%rsi), %rbx, %r12
        add     %r14, %r9
        adc     %r15, %r10
        adc     %rbx, %r11
        adc     $0, %r12
        mov     %r8, %r15
        imul    .Lp256n_n0(%rip), %r15

        P256N_RED_NEXT 8, %r8, %r9, %r10, %r11, %r12, %r13
        P256N_ROW_NEXT 8, %r9, %r10, %r11, %r12, %r13
        P256N_RED_NEXT 16, %r9, %r10, %r11, %r12, %r13, %r8
        P256N_ROW_NEXT 16, %r10, %r11, %r12, %r13, %r8
        P256N_RED_NEXT 24, %r10, %r11, %r12, %r13, %r8, %r9
        P256N_ROW_NEXT 24, %r11, %r12, %r13, %r8, %r9
        P256N_RED_LAST %r11, %r12, %r13, %r8, %r9, %r10

        mov     -8(%rsp), %rdi
        P256N_FINAL %r12, %r13, %r8, %r9, %r10

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
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

        SQR_4X64                                /* [r8..r15] = x^2 */

        /* [r8..r15] = x^2 < n^2: reduce the low half, add the high half */
        P256N_RED_LOW %r8, %r9, %r10, %r11, %rsi
        P256N_ADD_FINAL %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %rax, %rbx, %rcx, %rdx

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
        push    %r12
        push    %r13
        push    %r14
        push    %r15

        mov     0(%rsi), %r8
        mov     8(%rsi), %r9
        mov     16(%rsi), %r10
        mov     24(%rsi), %r11
        mov     32(%rsi), %r12
        mov     40(%rsi), %r13
        mov     48(%rsi), %r14
        mov     56(%rsi), %r15
        /* (t_lo + M*n)/R < n+1 and t_hi < n since t < n*R */
        P256N_RED_LOW %r8, %r9, %r10, %r11, %rsi
        P256N_ADD_FINAL %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %rax, %rbx, %rcx, %rdx

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_p256n_redc_mulx_adx)
