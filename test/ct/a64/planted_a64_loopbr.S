/* Deliberately not constant time: tools/check_asm_ct.py must reject this
 * object (test asm_ct_a64_planted_loopbr). Never linked into anything. */
        .text
        .globl  ecft_planted_loopbr
        .type   ecft_planted_loopbr, %function
ecft_planted_loopbr:
        mov     x9, x2                  /* a public loop (--public-loop ...:x9:x2) */
1:      add     x3, x3, #1
        subs    x9, x9, #1
        b.ne    1b
        cmp     x3, x4
        b.eq    2f                      /* not after the counter test: rejected */
2:      ret
        .size   ecft_planted_loopbr, .-ecft_planted_loopbr
        .section .note.GNU-stack,"",%progbits
