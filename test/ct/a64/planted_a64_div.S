/* Deliberately not constant time: tools/check_asm_ct.py must reject this
 * object (test asm_ct_a64_planted_div). Never linked into anything. */
        .text
        .globl  ecft_planted_div
        .type   ecft_planted_div, %function
ecft_planted_div:
        ldp     x3, x4, [x1]
        udiv    x0, x3, x4              /* operand-dependent latency: rejected */
        ret
        .size   ecft_planted_div, .-ecft_planted_div
        .section .note.GNU-stack,"",%progbits
