/* Deliberately not constant time: tools/check_asm_ct.py must reject this
 * object (test asm_ct_a64_planted_regoff). Never linked into anything. */
        .text
        .globl  ecft_planted_regoff
        .type   ecft_planted_regoff, %function
ecft_planted_regoff:
        ldr     x3, [x1]
        ldr     x0, [x2, x3, lsl #3]    /* address from a secret index: rejected */
        ret
        .size   ecft_planted_regoff, .-ecft_planted_regoff
        .section .note.GNU-stack,"",%progbits
