/*
 * P25519_FOLD: the reduction every GF(2^255 - 19) MULX/ADX kernel ends with
 * (the field kernels of p25519_mulx_adx.S and the X25519 ladder step of
 * x25519_ladder_mulx_adx.S): the function of kernels/portable/p25519_fold.h,
 * bit for bit.
 */
#ifndef ECFK_P25519_FOLD_X86_H
#define ECFK_P25519_FOLD_X86_H

/*
 * [r8..r15] = t = L + H*2^256 (512 bits). Stores z = fold(t)
 * (kernels/portable/p25519_fold.h) at off(%rdi) (off = 0 if omitted):
 * T = L + 38*H on two carry chains (low halves of 38*h_i on CF, high halves on
 * OF; T's top word t4 <= 38 lands in r12), then q = T >> 255 = 2*t4 + bit 255
 * and z = (T mod 2^255) + 19*q, which cannot carry out (19*q via two LEAs).
 * Uses rax, rbx, rbp, rdx, r12 and the flags.
 */
.macro P25519_FOLD off=0
        mov     $38, %edx
        xor     %eax, %eax
        mulx    %r12, %rbx, %rbp
        adcx    %rbx, %r8
        adox    %rbp, %r9
        mulx    %r13, %rbx, %rbp
        adcx    %rbx, %r9
        adox    %rbp, %r10
        mulx    %r14, %rbx, %rbp
        adcx    %rbx, %r10
        adox    %rbp, %r11
        mulx    %r15, %rbx, %r12
        adcx    %rbx, %r11
        adox    %rax, %r12
        adcx    %rax, %r12
        /* q = T >> 255 = 2*t4 + bit 255 (<= 77); z = (T mod 2^255) + 19*q < 2^256 */
        mov     %r11, %rbx
        shr     $63, %rbx
        lea     (%rbx, %r12, 2), %r12
        lea     (%r12, %r12, 8), %rbx
        lea     (%r12, %rbx, 2), %r12
        shl     $1, %r11
        shr     $1, %r11
        add     %r12, %r8
        adc     %rax, %r9
        adc     %rax, %r10
        adc     %rax, %r11
        mov     %r8, \off+0(%rdi)
        mov     %r9, \off+8(%rdi)
        mov     %r10, \off+16(%rdi)
        mov     %r11, \off+24(%rdi)
.endm

#endif
