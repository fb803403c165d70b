/*
 * checkasm-style trampoline for the System V x86-64 ABI (test_abi.c).
 *
 * uint32_t ecft_abi_call(void (*fn)(), uint64_t a0, uint64_t a1, uint64_t a2);
 *
 * Saves the caller's callee-saved registers, loads known canaries into rbx,
 * rbp and r12-r15 and junk into the argument-free caller-saved registers,
 * records rsp, calls fn(a0, a1, a2), then returns a bit mask of what fn broke:
 * bit 0 rbx, 1 rbp, 2 r12, 3 r13, 4 r14, 5 r15, 6 rsp, 7 direction flag set.
 * Not thread-safe (rsp goes to a global, since fn may clobber any register).
 *
 * ecft_abi_call6(fn, args): the same for fn(args[0], ..., args[5]).
 *
 * ecft_abi_planted_clobber(): deliberately overwrites rbx and r13, so the
 * test can show the trampoline reports a clobber.
 */
#include "kernels/x86_64/asm.S.inc"

#define CANARY_RBX 0x5ca1ab1e0b0e0001
#define CANARY_RBP 0x5ca1ab1e0b0e0002
#define CANARY_R12 0x5ca1ab1e0b0e0003
#define CANARY_R13 0x5ca1ab1e0b0e0004
#define CANARY_R14 0x5ca1ab1e0b0e0005
#define CANARY_R15 0x5ca1ab1e0b0e0006

        .bss
        .p2align 3
ecft_saved_rsp:
        .quad   0

/* The parts both trampolines share: save the caller's callee-saved
 * registers (rsp stays 16-byte aligned), load the canaries, and call fn (in
 * rax), then return the mask of what it broke and restore the caller. */
.macro ABI_SAVE
        push    %rbp
        push    %rbx
        push    %r12
        push    %r13
        push    %r14
        push    %r15
        sub     $8, %rsp                /* 6 pushes + return address: realign to 16 */
.endm
.macro ABI_CANARIES
        movabs  $CANARY_RBX, %rbx
        movabs  $CANARY_RBP, %rbp
        movabs  $CANARY_R12, %r12
        movabs  $CANARY_R13, %r13
        movabs  $CANARY_R14, %r14
        movabs  $CANARY_R15, %r15
.endm
.macro ABI_CALL_AND_CHECK
        mov     %rsp, ecft_saved_rsp(%rip)
        call    *%rax
        xor     %eax, %eax
        movabs  $CANARY_RBX, %r8
        cmp     %r8, %rbx
        je      1f
        or      $1, %eax
1:      movabs  $CANARY_RBP, %r8
        cmp     %r8, %rbp
        je      1f
        or      $2, %eax
1:      movabs  $CANARY_R12, %r8
        cmp     %r8, %r12
        je      1f
        or      $4, %eax
1:      movabs  $CANARY_R13, %r8
        cmp     %r8, %r13
        je      1f
        or      $8, %eax
1:      movabs  $CANARY_R14, %r8
        cmp     %r8, %r14
        je      1f
        or      $16, %eax
1:      movabs  $CANARY_R15, %r8
        cmp     %r8, %r15
        je      1f
        or      $32, %eax
1:      cmp     ecft_saved_rsp(%rip), %rsp
        je      1f
        or      $64, %eax
        mov     ecft_saved_rsp(%rip), %rsp /* recover enough to restore the caller */
1:      pushf
        pop     %r8
        test    $0x400, %r8
        jz      1f
        or      $128, %eax
        cld
1:      add     $8, %rsp
        pop     %r15
        pop     %r14
        pop     %r13
        pop     %r12
        pop     %rbx
        pop     %rbp
        ret
.endm

ECFK_FUNC_BEGIN(ecft_abi_call)
        ABI_SAVE
        mov     %rdi, %rax
        mov     %rsi, %rdi
        mov     %rdx, %rsi
        mov     %rcx, %rdx
        ABI_CANARIES
        movabs  $0xdeadbeefdeadbee1, %rcx
        movabs  $0xdeadbeefdeadbee2, %r8
        movabs  $0xdeadbeefdeadbee3, %r9
        movabs  $0xdeadbeefdeadbee4, %r10
        movabs  $0xdeadbeefdeadbee5, %r11
        ABI_CALL_AND_CHECK
ECFK_FUNC_END(ecft_abi_call)

ECFK_FUNC_BEGIN(ecft_abi_planted_clobber)
        xor     %ebx, %ebx
        mov     %rdi, %r13
        ret
ECFK_FUNC_END(ecft_abi_planted_clobber)

/* uint32_t ecft_abi_call6(void (*fn)(), const uint64_t args[6]): the same
 * checks for a routine of six arguments, fn(args[0], ..., args[5]) (junk in
 * r10 and r11 only: every other caller-saved register carries an argument). */
ECFK_FUNC_BEGIN(ecft_abi_call6)
        ABI_SAVE
        mov     %rdi, %rax
        mov     %rsi, %r11
        mov     0(%r11), %rdi
        mov     8(%r11), %rsi
        mov     16(%r11), %rdx
        mov     24(%r11), %rcx
        mov     32(%r11), %r8
        mov     40(%r11), %r9
        ABI_CANARIES
        movabs  $0xdeadbeefdeadbee4, %r10
        movabs  $0xdeadbeefdeadbee5, %r11
        ABI_CALL_AND_CHECK
ECFK_FUNC_END(ecft_abi_call6)
