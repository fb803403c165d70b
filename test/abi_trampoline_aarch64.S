/*
 * checkasm-style trampoline for AAPCS64 (test_abi.c), the aarch64
 * counterpart of abi_trampoline_x86_64.S.
 *
 * uint32_t ecft_abi_call(void (*fn)(), uint64_t a0, uint64_t a1, uint64_t a2);
 *
 * Saves the caller's callee-saved registers, loads known canaries into
 * x19-x29 and d8-d15 and junk into the argument-free caller-saved registers
 * x3-x15, records sp, calls fn(a0, a1, a2), then returns a bit mask of what
 * fn broke: bit i (0..10) x(19+i), bit 11 sp, bit 12 any of d8-d15 (their
 * low 64 bits, which AAPCS64 makes callee-saved). Not thread-safe (sp goes to
 * a global, since fn may clobber any register).
 *
 * ecft_abi_planted_clobber(): deliberately overwrites x19 and x22 (bits 0
 * and 3, as rbx and r13 on x86-64), so the test can show the trampoline
 * reports a clobber.
 */
#include "kernels/aarch64/asm.S.inc"

#define CANARY 0x5ca1ab1e0b0e0000

/* bit i of w0 when reg != CANARY + i (x9 = CANARY) */
.macro ABI_CHECK i, reg
        add     x10, x9, #\i
        cmp     x10, \reg
        cset    w11, ne
        orr     w0, w0, w11, lsl #\i
.endm

        .bss
        .p2align 3
ecft_saved_sp:
        .quad   0

ECFK_FUNC_BEGIN(ecft_abi_call)
        stp     x29, x30, [sp, #-160]!
        stp     x19, x20, [sp, #16]
        stp     x21, x22, [sp, #32]
        stp     x23, x24, [sp, #48]
        stp     x25, x26, [sp, #64]
        stp     x27, x28, [sp, #80]
        stp     d8, d9, [sp, #96]
        stp     d10, d11, [sp, #112]
        stp     d12, d13, [sp, #128]
        stp     d14, d15, [sp, #144]
        mov     x16, x0
        mov     x0, x1
        mov     x1, x2
        mov     x2, x3
        /* canaries: x(19+i) = CANARY + i, d(8+j) = CANARY + 16 + j */
        ldr     x19, =CANARY
        add     x20, x19, #1
        add     x21, x19, #2
        add     x22, x19, #3
        add     x23, x19, #4
        add     x24, x19, #5
        add     x25, x19, #6
        add     x26, x19, #7
        add     x27, x19, #8
        add     x28, x19, #9
        add     x29, x19, #10
        .irp    j, 8, 9, 10, 11, 12, 13, 14, 15
        add     x9, x19, #(16 + \j - 8)
        fmov    d\j, x9
        .endr
        ldr     x3, =0xdeadbeefdeadbee0
        .irp    r, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
        add     x\r, x3, #\r
        .endr
        adrp    x17, ecft_saved_sp
        add     x17, x17, :lo12:ecft_saved_sp
        mov     x9, sp
        str     x9, [x17]
        blr     x16
        /* the mask of what fn broke, in w0 */
        mov     w0, #0
        ldr     x9, =CANARY
        cmp     x19, x9
        cset    w11, ne
        orr     w0, w0, w11
        ABI_CHECK 1, x20
        ABI_CHECK 2, x21
        ABI_CHECK 3, x22
        ABI_CHECK 4, x23
        ABI_CHECK 5, x24
        ABI_CHECK 6, x25
        ABI_CHECK 7, x26
        ABI_CHECK 8, x27
        ABI_CHECK 9, x28
        ABI_CHECK 10, x29
        .irp    j, 8, 9, 10, 11, 12, 13, 14, 15
        add     x10, x9, #(16 + \j - 8)
        fmov    x12, d\j
        cmp     x10, x12
        cset    w11, ne
        orr     w0, w0, w11, lsl #12
        .endr
        adrp    x17, ecft_saved_sp
        add     x17, x17, :lo12:ecft_saved_sp
        ldr     x9, [x17]
        mov     x10, sp
        cmp     x9, x10
        cset    w11, ne
        orr     w0, w0, w11, lsl #11
        mov     sp, x9                  /* recover enough to restore the caller */
        ldp     d14, d15, [sp, #144]
        ldp     d12, d13, [sp, #128]
        ldp     d10, d11, [sp, #112]
        ldp     d8, d9, [sp, #96]
        ldp     x27, x28, [sp, #80]
        ldp     x25, x26, [sp, #64]
        ldp     x23, x24, [sp, #48]
        ldp     x21, x22, [sp, #32]
        ldp     x19, x20, [sp, #16]
        ldp     x29, x30, [sp], #160
        ret
        .ltorg
ECFK_FUNC_END(ecft_abi_call)

ECFK_FUNC_BEGIN(ecft_abi_planted_clobber)
        mov     x19, #0
        mov     x22, x0
        ret
ECFK_FUNC_END(ecft_abi_planted_clobber)
