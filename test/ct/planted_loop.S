/*
 * Deliberately not constant time: a function with the name of a public-loop
 * kernel (tools/check_asm_ct.py's PUBLIC_LOOPS) whose loop counter comes
 * from memory (a secret) and whose second branch is not the loop's: the
 * static check must reject it (test 'asm_ct_planted_loop'). Never linked.
 */
#include "kernels/x86_64/asm.S.inc"

ECFK_FUNC_BEGIN(ecfk_p256_jac_dbl_n_mulx_adx)
        mov     0(%rsi), %rdi           /* counter from memory: rejected */
1:      add     $1, %rax
        dec     %rdi
        jnz     1b
        test    %rax, %rax
        jz      2f                      /* not after the counter: rejected */
2:      ret
ECFK_FUNC_END(ecfk_p256_jac_dbl_n_mulx_adx)
