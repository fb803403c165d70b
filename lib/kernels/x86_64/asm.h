/*
 * asm.h - common macros for libecfield's x86-64 GNU assembly kernels.
 * Include from every .S file (they are preprocessed by cpp).
 *
 *   ECFK_FUNC_BEGIN(name)  hidden global function symbol in its own section
 *                          .text.<name> (32-byte aligned, so no padding
 *                          bytes sit between functions and the linker can
 *                          drop unused kernels), then _CET_ENDBR at entry.
 *   ECFK_FUNC_END(name)    .size for the symbol.
 *
 * <cet.h> (GCC and clang both ship one) defines _CET_ENDBR as endbr64 and
 * emits the .note.gnu.property IBT/SHSTK note when built with
 * -fcf-protection; without it, or without the header, _CET_ENDBR is empty.
 * Every object also gets an empty .note.GNU-stack so the linker never
 * marks the library's stack executable.
 */
#ifndef ECFIELD_KERNELS_X86_64_ASM_H
#define ECFIELD_KERNELS_X86_64_ASM_H

#if defined(__has_include)
# if __has_include(<cet.h>)
#  include <cet.h>
# endif
#endif
#ifndef _CET_ENDBR
# define _CET_ENDBR
#endif

#define ECFK_FUNC_BEGIN(name)            \
        .section .text.name,"ax",@progbits; \
        .globl  name;                    \
        .hidden name;                    \
        .type   name, @function;         \
        .p2align 5;                      \
name:                                    \
        _CET_ENDBR

#define ECFK_FUNC_END(name)              \
        .size   name, .-name

#if defined(__ELF__)
        .section .note.GNU-stack,"",%progbits
#endif

#endif /* ECFIELD_KERNELS_X86_64_ASM_H */
