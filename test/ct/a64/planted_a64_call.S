/* Deliberately not constant time: tools/check_asm_ct.py must reject this
 * object (test asm_ct_a64_planted_call). Never linked into anything. */
        .text
        .globl  ecft_planted_call
        .type   ecft_planted_call, %function
ecft_planted_call:
        ldr     x3, [x1]
        blr     x3                      /* indirect call: rejected */
        bl      ecft_planted_call       /* call: rejected */
        ret
        .size   ecft_planted_call, .-ecft_planted_call
        .section .note.GNU-stack,"",%progbits
