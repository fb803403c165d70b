/*
 * Deliberately not constant time: the static check (tools/check_asm_ct.py)
 * must reject every object built from this file (test 'asm_ct_planted').
 * Never linked into anything.
 */
#include "kernels/x86_64/asm.S.inc"

ECFK_FUNC_BEGIN(ecft_planted_branch)
        test    %rdi, %rdi
        jnz     1f                      /* conditional branch on an argument */
        xor     %eax, %eax
1:      mov     (%rsi,%rdi,8), %rax     /* address computed from an argument */
        div     %rcx                    /* operand-dependent latency */
        ret
ECFK_FUNC_END(ecft_planted_branch)
