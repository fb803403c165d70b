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
#include "asm.h"
#include "mul_4x64.h"
#include "kernels/x86_64/p256_asm_params.h" /* generated: field_params.py --asm */

        .section .rodata
        .p2align 4
/* words 1 and 3 of 2^256 - p = [1, 0xffffffff00000000, 2^64-1, 0xfffffffe] */
.Lp256_c1:
        .quad   ECFI_P256_NEGM_1
.Lp256_c3:
        .quad   ECFI_P256_NEGM_3

/*
 * One reduction step with m = a0: [a1..a5] += R (see the banner).
 * a0 is clobbered (dead afterwards). Uses rbx, r14, r15.
 */
.macro P256_RED a0, a1, a2, a3, a4, a5
        mov     \a0, %r14
        shl     $32, %r14                       /* m<<32 */
        mov     \a0, %r15
        mov     \a0, %rbx
        shr     $32, \a0                        /* m>>32 */
        sub     %r14, %r15                      /* lo(m*p3) */
        sbb     \a0, %rbx                       /* hi(m*p3) */
        add     %r14, \a1
        adc     \a0, \a2
        adc     %r15, \a3
        adc     %rbx, \a4
        adc     $0, \a5
.endm

/*
 * Last reduction step of mul fused with the final subtraction. With
 * A = [a1..a4], z = A + R < 2p, and v = A + D where D = R + (2^256 - p) is
 * formed from m alone (no carries out: m<<32 has a zero low half,
 * m>>32 < 2^32, and hi(m*p3) + 0xfffffffe + 1 < 2^64), so it is ready before
 * A is. v >= 2^256 exactly when z >= p, and then v mod 2^256 = z - p: the
 * two chains run in parallel and the carry of the second picks the result.
 * Writes z. Clobbers rax, rbx, rcx, rdx, rsi, r14, r15, a0.
 */
.macro P256_RED_FINAL a0, a1, a2, a3, a4
        mov     \a0, %r14
        shl     $32, %r14                       /* R = [r14, a0, r15, rbx] */
        mov     \a0, %r15
        mov     \a0, %rbx
        shr     $32, \a0
        sub     %r14, %r15
        sbb     \a0, %rbx
        lea     1(%r14), %rax                   /* D = [rax, rcx, rsi, rdx] */
        mov     \a0, %rcx
        or      .Lp256_c1(%rip), %rcx
        mov     %r15, %rsi
        mov     %rbx, %rdx
        add     $-1, %rsi
        adc     .Lp256_c3(%rip), %rdx
        add     \a1, %r14                       /* z = A + R */
        adc     \a2, \a0
        adc     \a3, %r15
        adc     \a4, %rbx
        add     \a1, %rax                       /* v = A + D, CF = (z >= p) */
        adc     \a2, %rcx
        adc     \a3, %rsi
        adc     \a4, %rdx
        cmovnc  %r14, %rax
        cmovnc  \a0, %rcx
        cmovnc  %r15, %rsi
        cmovnc  %rbx, %rdx
        mov     %rax, 0(%rdi)
        mov     %rcx, 8(%rdi)
        mov     %rsi, 16(%rdi)
        mov     %rdx, 24(%rdi)
.endm

/*
 * Reduction step on a 4-word window [t0..t3] (m = t0): the window becomes
 * [t1, t2, t3, t0] with t0 = hi(m*p3) + carry (< 2^64 since hi(m*p3) < p3).
 * Uses rax, rcx, rbp.
 */
.macro P256_RED_STEP t0, t1, t2, t3
        mov     \t0, %rcx
        shl     $32, %rcx
        mov     \t0, %rbp
        shr     $32, %rbp
        mov     \t0, %rax
        sub     %rcx, %rax
        sbb     %rbp, \t0
        add     %rcx, \t1
        adc     %rbp, \t2
        adc     %rax, \t3
        adc     $0, \t0
.endm
/* afterwards [t0..t3] = (t_lo + M*p) / 2^256 < p + 1 */
.macro P256_RED_LOW t0, t1, t2, t3
        P256_RED_STEP \t0, \t1, \t2, \t3
        P256_RED_STEP \t1, \t2, \t3, \t0
        P256_RED_STEP \t2, \t3, \t0, \t1
        P256_RED_STEP \t3, \t0, \t1, \t2
.endm

/*
 * z = L + H reduced, for L = [t0..t3] < p+1 and H = [h0..h3] < p, so
 * L + H < 2p. v = L + (H + 2^256 - p) carries out exactly when L + H >= p;
 * H + 2^256 - p < 2^256 does not wait for L, so z and v are two parallel
 * chains and CF of the second selects. Writes z.
 * Clobbers h0..h3 and g0..g3 (four more registers).
 */
.macro P256_ADD_FINAL t0, t1, t2, t3, h0, h1, h2, h3, g0, g1, g2, g3
        mov     \h0, \g0
        mov     \h1, \g1
        mov     \h2, \g2
        mov     \h3, \g3
        add     $1, \g0
        adc     .Lp256_c1(%rip), \g1
        adc     $-1, \g2
        adc     .Lp256_c3(%rip), \g3
        add     \t0, \h0                        /* z */
        adc     \t1, \h1
        adc     \t2, \h2
        adc     \t3, \h3
        add     \t0, \g0                        /* v, CF = (z >= p) */
        adc     \t1, \g1
        adc     \t2, \g2
        adc     \t3, \g3
        cmovnc  \h0, \g0
        cmovnc  \h1, \g1
        cmovnc  \h2, \g2
        cmovnc  \h3, \g3
        mov     \g0, 0(%rdi)
        mov     \g1, 8(%rdi)
        mov     \g2, 16(%rdi)
        mov     \g3, 24(%rdi)
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

        /*
         * rows 1..3: add x*y[i] one word up, then reduce by the low word;
         * the accumulator rotates through r8..r13.
         */
        ROW_4X64 8, %r9, %r10, %r11, %r12, %r13, %r14, %r15
        P256_RED %r8, %r9, %r10, %r11, %r12, %r13
        ROW_4X64 16, %r10, %r11, %r12, %r13, %r8, %r14, %r15
        P256_RED %r9, %r10, %r11, %r12, %r13, %r8
        ROW_4X64 24, %r11, %r12, %r13, %r8, %r9, %r14, %r15
        P256_RED %r10, %r11, %r12, %r13, %r8, %r9
        P256_RED_FINAL %r11, %r12, %r13, %r8, %r9

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

        SQR_4X64                                /* [r8..r15] = x^2 */

        /* [r8..r15] = x^2 < p^2: reduce the low half, add the high half */
        P256_RED_LOW %r8, %r9, %r10, %r11
        P256_ADD_FINAL %r8, %r9, %r10, %r11, %r12, %r13, %r14, %r15, %rax, %rbx, %rcx, %rdx

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
