/*
 * Field-operation macros of the fused GF(2^255 - 19) MULX/ADX routines
 * (x25519_ladder_mulx_adx.S, ed25519_madd_mulx_adx.S): every operand is a
 * 4-limb value at a constant offset from %rdi (the routine's working area),
 * and each macro computes the bits of the field's own operation
 * (lib/fields/p25519_internal.h: add, sub; kernels/portable/p25519_fold.h:
 * mul, sqr), so a fused routine equals the C code that calls those
 * operations, bit for bit.
 *
 *   ADD_REGS s1, s2 [, r0..r3]   [r0..r3] = s1 + s2       (r8..r11 by default)
 *   ADDTO_REGS s [, r0..r3]      [r0..r3] += s
 *   SUB_REGS s1, s2 [, r0..r3]   [r0..r3] = s1 - s2
 *   SUBFROM_REGS s [, r0..r3]    [r0..r3] -= s
 *   STORE_REGS dst               dst = [r8..r11]
 *   FADD / FSUB dst, s1, s2      dst = s1 +/- s2
 *   FMUL dst, s1, s2             dst = s1 * s2 (dst may be s1 or s2)
 *   FSQR dst, s                  dst = s^2
 * No branch, no secret-dependent address.
 */
#ifndef ECFK_P25519_OPS_X86_H
#define ECFK_P25519_OPS_X86_H

#include "mul_4x64.h"
#include "p25519_fold_x86.h"

/* [r0..r3] += s (mod p, lazily; r0..r3 are r8..r11 unless given), the bits
 * of ecfi_p25519_add: a carry out of 2^256 adds 38; if that carries too (the
 * sum was then below 38) 38 more go into the low word, which cannot carry.
 * Uses rax. */
.macro ADDTO_REGS s, r0=%r8, r1=%r9, r2=%r10, r3=%r11
        add     \s+0(%rdi), \r0
        adc     \s+8(%rdi), \r1
        adc     \s+16(%rdi), \r2
        adc     \s+24(%rdi), \r3
        sbb     %rax, %rax
        and     $38, %eax
        add     %rax, \r0
        adc     $0, \r1
        adc     $0, \r2
        adc     $0, \r3
        sbb     %rax, %rax
        and     $38, %eax
        add     %rax, \r0
.endm

/* [r0..r3] = s1 + s2 (mod p, lazily). */
.macro ADD_REGS s1, s2, r0=%r8, r1=%r9, r2=%r10, r3=%r11
        mov     \s1+0(%rdi), \r0
        mov     \s1+8(%rdi), \r1
        mov     \s1+16(%rdi), \r2
        mov     \s1+24(%rdi), \r3
        ADDTO_REGS \s2, \r0, \r1, \r2, \r3
.endm

/* [r0..r3] -= s (mod p, lazily), the bits of ecfi_p25519_sub: a borrow
 * takes 38 back, and 38 more from the low word if that borrows too. */
.macro SUBFROM_REGS s, r0=%r8, r1=%r9, r2=%r10, r3=%r11
        sub     \s+0(%rdi), \r0
        sbb     \s+8(%rdi), \r1
        sbb     \s+16(%rdi), \r2
        sbb     \s+24(%rdi), \r3
        sbb     %rax, %rax
        and     $38, %eax
        sub     %rax, \r0
        sbb     $0, \r1
        sbb     $0, \r2
        sbb     $0, \r3
        sbb     %rax, %rax
        and     $38, %eax
        sub     %rax, \r0
.endm

/* [r0..r3] = s1 - s2 (mod p, lazily). */
.macro SUB_REGS s1, s2, r0=%r8, r1=%r9, r2=%r10, r3=%r11
        mov     \s1+0(%rdi), \r0
        mov     \s1+8(%rdi), \r1
        mov     \s1+16(%rdi), \r2
        mov     \s1+24(%rdi), \r3
        SUBFROM_REGS \s2, \r0, \r1, \r2, \r3
.endm

.macro STORE_REGS dst
        mov     %r8, \dst+0(%rdi)
        mov     %r9, \dst+8(%rdi)
        mov     %r10, \dst+16(%rdi)
        mov     %r11, \dst+24(%rdi)
.endm

.macro FADD dst, s1, s2
        ADD_REGS \s1, \s2
        STORE_REGS \dst
.endm

.macro FSUB dst, s1, s2
        SUB_REGS \s1, \s2
        STORE_REGS \dst
.endm

/* dst = s1*s2, folded (ecfk_p25519_mul_mulx_adx's bits). dst may be s1 or s2:
 * the fold stores after the last read. Uses rax, rbx, rbp, rcx, rdx, rsi, r8-r15. */
.macro FMUL dst, s1, s2
        lea     \s1(%rdi), %rsi
        lea     \s2(%rdi), %rcx
        mov     0(%rcx), %rdx
        mulx    0(%rsi), %r8, %r9
        mulx    8(%rsi), %rbx, %r10
        add     %rbx, %r9
        mulx    16(%rsi), %rbx, %r11
        adc     %rbx, %r10
        mulx    24(%rsi), %rbx, %r12
        adc     %rbx, %r11
        adc     $0, %r12
        ROW_4X64 8, %r9, %r10, %r11, %r12, %r13, %rbx, %rbp
        ROW_4X64 16, %r10, %r11, %r12, %r13, %r14, %rbx, %rbp
        ROW_4X64 24, %r11, %r12, %r13, %r14, %r15, %rbx, %rbp
        P25519_FOLD \dst
.endm

/* dst = s^2, folded (ecfk_p25519_sqr_mulx_adx's bits). */
.macro FSQR dst, s
        lea     \s(%rdi), %rsi
        SQR_4X64
        P25519_FOLD \dst
.endm

#endif
