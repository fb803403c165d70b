/*
 * x25519_ladder_mulx_adx.S - one step of the X25519 Montgomery ladder
 * (RFC 7748 section 5) as a single routine, x86-64 with BMI2 (MULX) and ADX
 * (ADCX/ADOX). Caller checks CPU support.
 *
 * void ecfk_x25519_ladder_step_mulx_adx(uint64_t w[ECFK_X25519_LADDER_WORDS], uint64_t swap);
 *
 * w is the ladder's working area in the caller's frame (kernels/kernels.h has
 * the layout): x2, z2, x3, z3 (in and out), x1 (in) and scratch for the
 * step's intermediates, 4 little-endian limbs each, any 256-bit values (the
 * lazy range of lib/fields/p25519_internal.h). swap is 0 or 1. The step:
 *
 *   cswap((x2, z2), (x3, z3), swap)
 *   a = x2 + z2   b = x2 - z2   c = x3 + z3   d = x3 - z3
 *   aa = a^2   bb = b^2   da = d*a   cb = c*b   e = aa - bb
 *   x3 = (da + cb)^2   z3 = x1*(da - cb)^2
 *   x2 = aa*bb         z2 = e*(bb + 121666*e)
 *
 * with the field's own add, sub, mul_small and the fold of
 * kernels/portable/p25519_fold.h, so every output is the same bits as the
 * portable step's (ecfi_x25519_ladder_step_portable, test_x25519_ladder).
 * Secrets stay in w (the caller wipes it once per ladder) and in registers:
 * nothing is written below the stack pointer but the saved registers.
 *
 * Constant time: no branches; every address is a constant offset from w.
 */
#include "asm.S.inc"
#include "p25519_ops_x86.S.inc"

/* Offsets in w, in bytes: 8 times the word offsets ECFK_X25519_LADDER_* of
 * kernels/kernels.h (x2, z2, x3, z3, x1), then the scratch values. */
#define W_X2 0
#define W_Z2 32
#define W_X3 64
#define W_Z3 96
#define W_X1 128
#define W_A 160
#define W_B 192
#define W_C 224
#define W_D 256
#define W_AA 288
#define W_BB 320
#define W_E 352
#define W_DA 384
#define W_CB 416

/* Conditional swap of [r8..r11] and [r12..r15] by the mask in rsi. Uses rax. */
.macro CSWAP_REGS
        mov     %r8, %rax
        xor     %r12, %rax
        and     %rsi, %rax
        xor     %rax, %r8
        xor     %rax, %r12
        mov     %r9, %rax
        xor     %r13, %rax
        and     %rsi, %rax
        xor     %rax, %r9
        xor     %rax, %r13
        mov     %r10, %rax
        xor     %r14, %rax
        and     %rsi, %rax
        xor     %rax, %r10
        xor     %rax, %r14
        mov     %r11, %rax
        xor     %r15, %rax
        and     %rsi, %rax
        xor     %rax, %r11
        xor     %rax, %r15
.endm

.macro STORE_HI dst
        mov     %r12, \dst+0(%rdi)
        mov     %r13, \dst+8(%rdi)
        mov     %r14, \dst+16(%rdi)
        mov     %r15, \dst+24(%rdi)
.endm

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_x25519_ladder_step_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15

        /* The sums and differences of both pairs, then the swap: a, b, c, d
         * are those of the swapped pairs (the same bits: add and sub are
         * functions of their inputs), and x2, z2, x3, z3 are rewritten below. */
        neg     %rsi                            /* swap (0 or 1) -> mask */
        ADD_REGS W_X2, W_Z2, %r12, %r13, %r14, %r15
        ADD_REGS W_X3, W_Z3
        CSWAP_REGS
        STORE_HI W_A
        STORE_REGS W_C
        SUB_REGS W_X2, W_Z2, %r12, %r13, %r14, %r15
        SUB_REGS W_X3, W_Z3
        CSWAP_REGS
        STORE_HI W_B
        STORE_REGS W_D
        /* The order keeps independent multiplications next to each other
         * (the core overlaps them): measured faster per step than the order
         * of the formulas (docs/curve25519.md). The
         * longest chain, da -> z3 = (da - cb)^2 -> z3*x1, starts first. */
        FMUL    W_DA, W_D, W_A
        FMUL    W_CB, W_C, W_B
        FSQR    W_AA, W_A
        FADD    W_X3, W_DA, W_CB
        FSUB    W_Z3, W_DA, W_CB
        FSQR    W_BB, W_B
        FSQR    W_Z3, W_Z3
        FSUB    W_E, W_AA, W_BB

        /* z2 = e*121666 (the bits of ecfi_p25519_mul_small: the 5-word
         * product, then (T mod 2^255) + 19*(T >> 255)), plus bb, times e */
        mov     $121666, %edx
        mulx    W_E+0(%rdi), %r8, %r9
        mulx    W_E+8(%rdi), %rax, %r10
        add     %rax, %r9
        mulx    W_E+16(%rdi), %rax, %r11
        adc     %rax, %r10
        mulx    W_E+24(%rdi), %rax, %r12
        adc     %rax, %r11
        adc     $0, %r12
        mov     %r11, %rax
        shr     $63, %rax
        lea     (%rax, %r12, 2), %r12           /* q = T >> 255 < 2^18 */
        imul    $19, %r12, %r12
        shl     $1, %r11
        shr     $1, %r11
        add     %r12, %r8
        adc     $0, %r9
        adc     $0, %r10
        adc     $0, %r11
        ADDTO_REGS W_BB
        STORE_REGS W_Z2
        FSQR    W_X3, W_X3
        FMUL    W_Z3, W_Z3, W_X1
        FMUL    W_Z2, W_Z2, W_E
        FMUL    W_X2, W_AA, W_BB

        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_x25519_ladder_step_mulx_adx)
