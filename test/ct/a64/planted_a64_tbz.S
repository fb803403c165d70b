/* Deliberately not constant time: tools/check_asm_ct.py must reject this
 * object (test asm_ct_a64_planted_tbz). Never linked into anything. */
        .text
        .globl  ecft_planted_tbz
        .type   ecft_planted_tbz, %function
ecft_planted_tbz:
        ldr     x3, [x1]
        tbnz    x3, #63, 1f             /* a bit of a secret decides: rejected */
        add     x4, x4, x3
1:      ret
        .size   ecft_planted_tbz, .-ecft_planted_tbz
        .section .note.GNU-stack,"",%progbits
