/*
 * x25519_ladder_mulx_adx.S - one step of the X25519 Montgomery ladder
 * (RFC 7748 section 5) as a single routine, x86-64 with BMI2 (MULX) and ADX
 * (ADCX/ADOX). Caller checks CPU support.
 *
 * void ecfk_x25519_ladder_step_mulx_adx(uint64_t w[ECFK_X25519_LADDER_WORDS], uint64_t swap);
 * void ecfk_x25519_ladder_mulx_adx(uint64_t w[ECFK_X25519_LADDER_WORDS],
 *                                  const uint64_t swaps[], uint64_t n);
 *
 * The second runs n >= 1 steps (n public, the loop count) with the swap
 * values swaps[0], ..., swaps[n - 1] (each 0 or 1): the same bits as n calls
 * of the first, without a call, six pushes and six pops per step.
 *
 * w is the ladder's working area in the caller's frame (kernels/kernels.h has
 * the layout): x2, z2, x3, z3 (in and out), x1 (in) and scratch (which these
 * routines no longer use), 4 little-endian limbs each: x1 any 256-bit value,
 * x2, z2, x3, z3 at most 2p = 2^256 - 38 (every output is a fold output,
 * below 2^255 + 1463: the range holds along a ladder), which lets the
 * additions and subtractions drop their second correction (BADDTO_REGS,
 * BSUBFROM_REGS below). swap is 0 or 1. The step:
 *
 *   a = x2 + z2   b = x2 - z2   c = x3 + z3   d = x3 - z3
 *   da = d*a   cb = c*b
 *   aa = (swap ? c : a)^2   bb = (swap ? d : b)^2   e = aa - bb
 *   x3 = (da + cb)^2   z3 = x1*(da - cb)^2
 *   x2 = aa*bb         z2 = e*(bb + 121666*e)
 *
 * with the field's own add, sub, mul_small and the fold of
 * kernels/portable/p25519_fold.h, so every output is the same bits as the
 * portable step's (ecfi_x25519_ladder_step_portable, test_c25519_steps).
 *
 * The values live in the routine's own frame, addressed from %rsp: x2, z2,
 * x3, z3, x1 are copied in from w once per call (16 bytes at a time), the
 * steps run there, x2, z2, x3, z3 go back to w at the end, and the frame
 * (the step's intermediates: secrets) and xmm0 are zeroed before returning.
 * The same instructions with the values addressed from %rdi (w itself, as
 * before) ran 1.027x as many ticks per step on this Zen 4: loads and stores
 * based on the stack pointer are the cheaper kind here (docs/benchmarks.md,
 * issue 23, "The ladder's values in its frame"). Secrets stay in w (the
 * caller wipes it once per ladder), the zeroed frame and registers.
 *
 * This is RFC 7748's step (cswap((x2, z2), (x3, z3), swap), then the step)
 * mod p: the swap would only exchange da and cb.
 *
 * Constant time: no branch but the loop over the public n (dec %rcx; jne,
 * tools/check_asm_ct.py's public loops); every address is a constant offset
 * from w, the stack pointer, or the swaps pointer, which advances by 8 per
 * step whatever the values. Inside a step the operands are addressed from
 * %rsp alone, and %rcx (the count) and %rdi (w) are left alone.
 */
#include "asm.S.inc"
/* The field macros address the values from the stack pointer: the values
 * live in this routine's frame (below). */
#define ECFK_P25519_W %rsp
#include "p25519_ops_x86.S.inc"

/* Offsets in the frame, in bytes: x2, z2, x3, z3, x1 in the order of w
 * (ECFK_X25519_LADDER_* of kernels/kernels.h, times 8), then the step's
 * intermediates; SWP holds the n-step routine's pointer to the next swap
 * value. FRAME keeps rsp 16-byte aligned after the six pushes. */
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
#define SWP 448
#define FRAME 456

/* [r12..r15] = swap ? [r8..r11] : [r12..r15], swap (0 or 1) in rbp: the
 * select of ecfi_limbs_cmov, by CMOV (no branch, no address). */
.macro SEL_REGS
        test    %rbp, %rbp
        cmovnz  %r8, %r12
        cmovnz  %r9, %r13
        cmovnz  %r10, %r14
        cmovnz  %r11, %r15
.endm

/* The additions and subtractions of the step are BADD_REGS, BSUB_REGS,
 * BFADD, BFSUB and BADDTO_REGS of p25519_ops_x86.S.inc: the field's add and
 * sub without their second correction, which is zero when the operands meet
 * the bounds given there. Every operand in the step is at most 2p: x2, z2,
 * x3, z3 by the contract; da, cb, aa, bb (fold outputs) below 2^255 + 1463;
 * the 121666*e fold below 2^255 + 19*2^18. */
.macro STORE_HI dst
        mov     %r12, \dst+0(%rsp)
        mov     %r13, \dst+8(%rsp)
        mov     %r14, \dst+16(%rsp)
        mov     %r15, \dst+24(%rsp)
.endm

/* dst = s1*s2 and dst = s^2 with the operands addressed from %rsp (the
 * bits of FMUL and FSQR of p25519_ops_x86.S.inc, which address them through
 * %rsi and %rcx and use %rcx): WMUL uses rax, rbx, rbp, rdx, r8-r15; WSQR
 * those and rsi. */
.macro WMUL dst, s1, s2
        mov     \s2+0(%rsp), %rdx
        mulx    \s1+0(%rsp), %r8, %r9
        mulx    \s1+8(%rsp), %rbx, %r10
        add     %rbx, %r9
        mulx    \s1+16(%rsp), %rbx, %r11
        adc     %rbx, %r10
        mulx    \s1+24(%rsp), %rbx, %r12
        adc     %rbx, %r11
        adc     $0, %r12
        ROW_4X64 \s2+8, %r9, %r10, %r11, %r12, %r13, %rbx, %rbp, %rsp, \s1, %rsp
        ROW_4X64 \s2+16, %r10, %r11, %r12, %r13, %r14, %rbx, %rbp, %rsp, \s1, %rsp
        ROW_4X64 \s2+24, %r11, %r12, %r13, %r14, %r15, %rbx, %rbp, %rsp, \s1, %rsp
        P25519_FOLD_IMUL \dst
.endm

/* SQR_4X64 of mul_4x64.S.inc (the same instructions, so the same bits) on
 * an operand at xo(%rsp), with %rsi in place of its temporary %rcx. */
.macro WSQR_4X64 xo
        /* the six products x_i*x_j (i<j), once, into w1..w6 (r9..r14) */
        mov     \xo+0(%rsp), %rdx
        mulx    \xo+8(%rsp), %r9, %r10              /* x0x1 -> w1,w2 */
        mulx    \xo+16(%rsp), %rax, %r11            /* x0x2 -> w2,w3 */
        mulx    \xo+24(%rsp), %rbx, %r12            /* x0x3 -> w3,w4 */
        mov     \xo+8(%rsp), %rdx
        mulx    \xo+16(%rsp), %rsi, %r8             /* x1x2 -> w3,w4 */
        mulx    \xo+24(%rsp), %r15, %r13            /* x1x3 -> w4,w5 */
        mov     \xo+16(%rsp), %rdx
        xor     %ebp, %ebp
        adcx    %rax, %r10
        adox    %rsi, %r11
        mulx    \xo+24(%rsp), %rax, %r14            /* x2x3 -> w5,w6 */
        adcx    %rbx, %r11
        adox    %r8, %r12
        adcx    %r15, %r12
        adox    %rbp, %r13
        adcx    %rax, %r13
        adox    %rbp, %r14
        adcx    %rbp, %r14

        /* double them (CF chain) and add the squares x_i^2 (OF chain) */
        mov     \xo+0(%rsp), %rdx
        mulx    %rdx, %r8, %rax
        xor     %r15d, %r15d
        adcx    %r9, %r9
        adox    %rax, %r9
        mov     \xo+8(%rsp), %rdx
        mulx    %rdx, %rax, %rbx
        adcx    %r10, %r10
        adox    %rax, %r10
        adcx    %r11, %r11
        adox    %rbx, %r11
        mov     \xo+16(%rsp), %rdx
        mulx    %rdx, %rax, %rbx
        adcx    %r12, %r12
        adox    %rax, %r12
        adcx    %r13, %r13
        adox    %rbx, %r13
        mov     \xo+24(%rsp), %rdx
        mulx    %rdx, %rax, %rbx
        adcx    %r14, %r14
        adox    %rax, %r14
        adcx    %r15, %r15
        adox    %rbx, %r15
.endm

.macro WSQR dst, s
        WSQR_4X64 \s
        P25519_FOLD_IMUL \dst
.endm

/* One step, the swap value (0 or 1) in rbp; rcx is left alone. Uses rax,
 * rbx, rbp, rdx, rsi, r8-r15. */
.macro LADDER_STEP
        /* The sums and differences of both pairs, as they are (no swap:
         * the differential addition is symmetric in the pairs, x25519.c's
         * ladder_step): a = x2 + z2, b = x2 - z2, c = x3 + z3, d = x3 - z3;
         * the doubling's inputs, the sum and the difference of the pair the
         * swap puts first, are selected into aa and bb (squared in place
         * below). */
        BADD_REGS W_X2, W_Z2, %r12, %r13, %r14, %r15
        BADD_REGS W_X3, W_Z3
        STORE_HI W_A
        STORE_REGS W_C
        SEL_REGS
        STORE_HI W_AA
        BSUB_REGS W_X2, W_Z2, %r12, %r13, %r14, %r15
        BSUB_REGS W_X3, W_Z3
        STORE_HI W_B
        STORE_REGS W_D
        SEL_REGS
        STORE_HI W_BB
        /* The order keeps independent multiplications next to each other
         * (the core overlaps them): measured faster per step than the order
         * of the formulas, and than the other orders tried
         * (docs/benchmarks.md). The longest chain, da -> z3 = (da - cb)^2 ->
         * z3*x1, starts first. */
        WMUL    W_DA, W_D, W_A
        WMUL    W_CB, W_C, W_B
        WSQR    W_AA, W_AA
        BFADD   W_X3, W_DA, W_CB
        BFSUB   W_Z3, W_DA, W_CB
        WSQR    W_BB, W_BB
        WSQR    W_Z3, W_Z3
        BFSUB   W_E, W_AA, W_BB

        /* z2 = e*121666 (the bits of ecfi_p25519_mul_small: the 5-word
         * product, then (T mod 2^255) + 19*(T >> 255)), plus bb, times e */
        mov     $121666, %edx
        mulx    W_E+0(%rsp), %r8, %r9
        mulx    W_E+8(%rsp), %rax, %r10
        add     %rax, %r9
        mulx    W_E+16(%rsp), %rax, %r11
        adc     %rax, %r10
        mulx    W_E+24(%rsp), %rax, %r12
        adc     %rax, %r11
        adc     $0, %r12
        add     %r11, %r11                      /* bit 255 into CF */
        adc     %r12, %r12                      /* q = T >> 255 < 2^18 */
        shr     $1, %r11                        /* T mod 2^255 */
        imul    $19, %r12, %r12
        add     %r12, %r8
        adc     $0, %r9
        adc     $0, %r10
        adc     $0, %r11
        BADDTO_REGS W_BB
        STORE_REGS W_Z2
        WSQR    W_X3, W_X3
        WMUL    W_Z3, W_Z3, W_X1
        WMUL    W_Z2, W_Z2, W_E
        WMUL    W_X2, W_AA, W_BB
.endm

/* Into the frame: x2, z2, x3, z3, x1 from w (at %rdi, which the steps
 * leave alone). Uses xmm0. */
.macro LADDER_IN
        .irp o, 0, 16, 32, 48, 64, 80, 96, 112, 128, 144
        movdqu  \o(%rdi), %xmm0
        movdqu  %xmm0, W_X2+\o(%rsp)
        .endr
.endm

/* Out of the frame: x2, z2, x3, z3 back to w, then the frame's values and
 * xmm0 zeroed (the intermediates are secrets). */
.macro LADDER_OUT
        .irp o, 0, 16, 32, 48, 64, 80, 96, 112
        movdqu  W_X2+\o(%rsp), %xmm0
        movdqu  %xmm0, \o(%rdi)
        .endr
        pxor    %xmm0, %xmm0
        .irp o, 0, 16, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256, 272, 288, 304, 320, 336, 352, 368, 384, 400, 416, 432
        movdqu  %xmm0, \o(%rsp)
        .endr
.endm

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_x25519_ladder_step_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        sub     $FRAME, %rsp
        mov     %rsi, %rbp                      /* swap */
        LADDER_IN
        LADDER_STEP
        LADDER_OUT
        add     $FRAME, %rsp
        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_x25519_ladder_step_mulx_adx)

/* n steps (rdx = n >= 1, public): swaps at rsi, one word per step; the
 * pointer lives at SWP(%rsp) (a public address, never a secret). */
ECFK_FUNC_BEGIN(ecfk_x25519_ladder_mulx_adx)
        push    %rbx
        push    %rbp
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        sub     $FRAME, %rsp
        mov     %rsi, SWP(%rsp)                 /* the next swap's address */
        mov     %rdx, %rcx                      /* the public count */
        LADDER_IN
1:
        mov     SWP(%rsp), %rax
        mov     0(%rax), %rbp                   /* this step's swap */
        add     $8, %rax
        mov     %rax, SWP(%rsp)
        LADDER_STEP
        dec     %rcx
        jne     1b
        LADDER_OUT
        movq    $0, SWP(%rsp)
        add     $FRAME, %rsp
        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbp
        pop     %rbx
        ret
ECFK_FUNC_END(ecfk_x25519_ladder_mulx_adx)
