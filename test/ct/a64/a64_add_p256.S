/*
 * A small, realistic AArch64 kernel that obeys every rule of
 * tools/check_asm_ct.py: test 'asm_ct_a64_ok' must accept it (the checker's
 * AArch64 rules must not reject honest code). Never linked into the library.
 *
 * ecft_a64_p256_add(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]):
 *   r = a + b mod p256 for a, b < p (little-endian limbs): the sum with its
 *   carry, the sum minus p with its borrow, and a csel of the two on the
 *   final borrow (no branch, addresses base + constant only).
 * ecft_a64_p256_double_n(uint64_t r[4], const uint64_t a[4], uint64_t n):
 *   r = a * 2^n mod p: a loop over the public count n (the checker is told
 *   so: --public-loop ecft_a64_p256_double_n:x9:x2), tested by cbz, and
 *   subs + b.ne on the counter only.
 */
        .text

        .globl  ecft_a64_p256_add
        .type   ecft_a64_p256_add, %function
        .p2align 4
ecft_a64_p256_add:
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        ldp     x7, x8, [x2]
        ldp     x9, x10, [x2, #16]
        adds    x3, x3, x7
        adcs    x4, x4, x8
        adcs    x5, x5, x9
        adcs    x6, x6, x10
        adc     x11, xzr, xzr
        /* p = 2^256 - 2^224 + 2^192 + 2^96 - 1 */
        mov     x12, #-1
        mov     x13, #0xffffffff
        mov     x15, #1
        movk    x15, #0xffff, lsl #32
        movk    x15, #0xffff, lsl #48
        subs    x7, x3, x12
        sbcs    x8, x4, x13
        sbcs    x9, x5, xzr
        sbcs    x10, x6, x15
        sbcs    x11, x11, xzr
        /* borrow (carry clear): the sum was below p, keep it */
        csel    x3, x3, x7, cc
        csel    x4, x4, x8, cc
        csel    x5, x5, x9, cc
        csel    x6, x6, x10, cc
        stp     x3, x4, [x0]
        stp     x5, x6, [x0, #16]
        ret
        .size   ecft_a64_p256_add, .-ecft_a64_p256_add

        .globl  ecft_a64_p256_double_n
        .type   ecft_a64_p256_double_n, %function
        .p2align 4
ecft_a64_p256_double_n:
        stp     x19, x20, [sp, #-16]!   /* callee-saved, pre-index */
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        mov     x12, #-1
        mov     x13, #0xffffffff
        mov     x15, #1
        movk    x15, #0xffff, lsl #32
        movk    x15, #0xffff, lsl #48
        mov     x9, x2
        cbz     x9, 2f
1:      adds    x3, x3, x3
        adcs    x4, x4, x4
        adcs    x5, x5, x5
        adcs    x6, x6, x6
        adc     x11, xzr, xzr
        subs    x7, x3, x12
        sbcs    x8, x4, x13
        sbcs    x10, x5, xzr
        sbcs    x19, x6, x15
        sbcs    x11, x11, xzr
        csel    x3, x3, x7, cc
        csel    x4, x4, x8, cc
        csel    x5, x5, x10, cc
        csel    x6, x6, x19, cc
        subs    x9, x9, #1
        b.ne    1b
2:      stp     x3, x4, [x0]
        stp     x5, x6, [x0, #16]
        ldp     x19, x20, [sp], #16     /* post-index */
        ret
        .size   ecft_a64_p256_double_n, .-ecft_a64_p256_double_n

        .section .note.GNU-stack,"",%progbits
