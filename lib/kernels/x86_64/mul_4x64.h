/*
 * Pieces of 4 x 64-bit products shared by the MULX/ADX kernels of p256,
 * p256n and p25519, which differ only in how they reduce the product.
 *
 * SQR_4X64 [xo, xb]: the 512-bit square of a 4-limb x.
 *   in:   x at xo(xb) (default 0(%rsi)), 4 limbs, least significant first
 *   out:  x^2 in r8 (least significant) .. r15
 *   uses: rax, rbx, rcx, rdx, rbp (clobbered); xb (rsi) is kept
 * The six products x_i*x_j (i < j) are formed once, doubled on the CF chain
 * while the squares x_i^2 are added on the OF chain. No branch, no
 * data-dependent address.
 */
#ifndef ECFK_MUL_4X64_H
#define ECFK_MUL_4X64_H

.macro SQR_4X64 xo=0, xb=%rsi
        /* the six products x_i*x_j (i<j), once, into w1..w6 (r9..r14) */
        mov     \xo+0(\xb), %rdx
        mulx    \xo+8(\xb), %r9, %r10              /* x0x1 -> w1,w2 */
        mulx    \xo+16(\xb), %rax, %r11            /* x0x2 -> w2,w3 */
        mulx    \xo+24(\xb), %rbx, %r12            /* x0x3 -> w3,w4 */
        mov     \xo+8(\xb), %rdx
        mulx    \xo+16(\xb), %rcx, %r8             /* x1x2 -> w3,w4 */
        mulx    \xo+24(\xb), %r15, %r13            /* x1x3 -> w4,w5 */
        mov     \xo+16(\xb), %rdx
        xor     %ebp, %ebp
        adcx    %rax, %r10
        adox    %rcx, %r11
        mulx    \xo+24(\xb), %rax, %r14            /* x2x3 -> w5,w6 */
        adcx    %rbx, %r11
        adox    %r8, %r12
        adcx    %r15, %r12
        adox    %rbp, %r13
        adcx    %rax, %r13
        adox    %rbp, %r14
        adcx    %rbp, %r14

        /* double them (CF chain) and add the squares x_i^2 (OF chain) */
        mov     \xo+0(\xb), %rdx
        mulx    %rdx, %r8, %rax
        xor     %r15d, %r15d
        adcx    %r9, %r9
        adox    %rax, %r9
        mov     \xo+8(\xb), %rdx
        mulx    %rdx, %rax, %rbx
        adcx    %r10, %r10
        adox    %rax, %r10
        adcx    %r11, %r11
        adox    %rbx, %r11
        mov     \xo+16(\xb), %rdx
        mulx    %rdx, %rax, %rbx
        adcx    %r12, %r12
        adox    %rax, %r12
        adcx    %r13, %r13
        adox    %rbx, %r13
        mov     \xo+24(\xb), %rdx
        mulx    %rdx, %rax, %rbx
        adcx    %r14, %r14
        adox    %rax, %r14
        adcx    %r15, %r15
        adox    %rbx, %r15
.endm

/*
 * ROW_4X64: [a0..a4] += x*y[i] for x at xo(xb) and y[i] at off(yb) (by
 * default x at 0(%rsi), y[i] at off(%rcx)); a4 is
 * written (its old value is ignored). Low halves on CF (ADCX), high halves on
 * OF (ADOX). The caller guarantees the sum fits in five words (a partial
 * product, or a reduced accumulator below 2p), so neither chain carries out
 * of a4. Uses rax (left zero), rdx, and the scratch registers t0, t1.
 */
.macro ROW_4X64 off, a0, a1, a2, a3, a4, t0, t1, yb=%rcx, xo=0, xb=%rsi
        mov     \off(\yb), %rdx
        xor     %eax, %eax
        mulx    \xo+0(\xb), \t0, \t1
        adcx    \t0, \a0
        adox    \t1, \a1
        mulx    \xo+8(\xb), \t0, \t1
        adcx    \t0, \a1
        adox    \t1, \a2
        mulx    \xo+16(\xb), \t0, \t1
        adcx    \t0, \a2
        adox    \t1, \a3
        mulx    \xo+24(\xb), \t0, \a4
        adcx    \t0, \a3
        adox    %rax, \a4
        adcx    %rax, \a4
.endm

#endif
