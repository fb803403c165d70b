/* Deliberately not constant time: tools/check_asm_ct.py must reject this
 * object (test asm_ct_a64_planted_loop). Never linked into anything. */
        .text
        .globl  ecft_planted_loop
        .type   ecft_planted_loop, %function
ecft_planted_loop:
        ldr     x9, [x1]                /* counter from memory (secret): rejected */
1:      add     x3, x3, #1
        subs    x9, x9, #1
        b.ne    1b
        ret
        .size   ecft_planted_loop, .-ecft_planted_loop
        .section .note.GNU-stack,"",%progbits
