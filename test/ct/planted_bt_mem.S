/*
 * Planted for the static check (tools/check_asm_ct.py): a bit test on memory
 * with a register bit offset reads the byte at offset / 8, an address that
 * depends on the register. Must be rejected (test 'asm_ct_planted_bt_mem').
 * Never linked into anything.
 */
#include "kernels/x86_64/asm.S.inc"

ECFK_FUNC_BEGIN(ecft_planted_bt_mem)
        bt      %rdi, (%rsi)
        setc    %al
        ret
ECFK_FUNC_END(ecft_planted_bt_mem)
