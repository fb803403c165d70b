/* Deliberately not constant time: tools/check_asm_ct.py must reject this
 * object (test asm_ct_a64_planted_cbz). Never linked into anything. */
        .text
        .globl  ecft_planted_cbz
        .type   ecft_planted_cbz, %function
ecft_planted_cbz:
        mov     x9, x2                  /* a public loop (--public-loop ...:x9:x2) */
1:      ldr     x3, [x1]
        cbz     x3, 2f                  /* cbz on a loaded (secret) value: rejected */
        add     x4, x4, x3
2:      subs    x9, x9, #1
        b.ne    1b
        ret
        .size   ecft_planted_cbz, .-ecft_planted_cbz
        .section .note.GNU-stack,"",%progbits
