/*
 * Planted for the static check (tools/check_asm_ct.py): a base-less indexed
 * address disp(,%idx,8), computed from an argument. Must be rejected (test
 * 'asm_ct_planted_baseless'). Never linked into anything.
 */
#include "kernels/x86_64/asm.S.inc"

ECFK_FUNC_BEGIN(ecft_planted_baseless)
        mov     0x40(,%rdi,8), %rax
        ret
ECFK_FUNC_END(ecft_planted_baseless)
