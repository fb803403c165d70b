/* Deliberately not constant time: tools/check_asm_ct.py must reject this
 * object (test asm_ct_a64_planted_bcond). Never linked into anything. */
        .text
        .globl  ecft_planted_bcond
        .type   ecft_planted_bcond, %function
ecft_planted_bcond:
        cmp     x3, x4                  /* flags from data */
        b.lo    1f                      /* conditional branch on them: rejected */
        add     x3, x3, x4
1:      ret
        .size   ecft_planted_bcond, .-ecft_planted_bcond
        .section .note.GNU-stack,"",%progbits
