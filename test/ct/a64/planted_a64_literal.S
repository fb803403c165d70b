/* Deliberately not constant time: tools/check_asm_ct.py must reject this
 * object (test asm_ct_a64_planted_literal). Never linked into anything. */
        .text
        .globl  ecft_planted_literal
        .type   ecft_planted_literal, %function
ecft_planted_literal:
        ldr     x3, 1f                  /* literal load: not [base, #imm]: rejected */
        ret
1:      .quad   0
        .size   ecft_planted_literal, .-ecft_planted_literal
        .section .note.GNU-stack,"",%progbits
