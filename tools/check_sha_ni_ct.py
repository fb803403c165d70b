#!/usr/bin/env python3
"""Static constant-time check of the SHA-NI SHA-256 kernel (a C file of intrinsics).

usage: check_sha_ni_ct.py [--objdump OBJDUMP] [--expect-reject] ARCHIVE MEMBER_SUFFIX

valgrind cannot run the SHA instructions (it raises SIGILL), so the dynamic
test (test/ct) covers only the portable SHA-256. This check disassembles the
archive members whose name ends in MEMBER_SUFFIX (e.g. sha256_sha_ni.c.o) and
proves a simpler property from which constant time follows: the message and
the state never leave the xmm registers.

  1. Every instruction is in the allow-list below: SSE/SSSE3/SSE4.1/SHA data
     operations on xmm registers and loads/stores of xmm registers, and
     general-register arithmetic (pointers, the block count), conditional
     branches, ret, endbr64 and padding.
  2. No instruction moves data from an xmm register to a general register or
     to the flags (movd/movq to a general register, pextr*, pmovmskb,
     movmskp*, ptest, comis*/ucomis*: none is in the allow-list).
  3. No general-register instruction has a memory operand (lea, which only
     computes an address, and padding excepted): the general registers and
     flags hold only the arguments (state and block pointers, the block
     count) and what is computed from them.

By 1-3 the flags and general registers never depend on the state or the
data, so no branch or address does. Reuses the objdump parser of
check_asm_ct.py. --expect-reject inverts the verdict (planted self-test).

The Armv8 hash kernels (lib/kernels/aarch64/*.c, objdump format
elf64-littleaarch64) are checked the same way, in AArch64 terms:
  1. Every instruction is in A64_VEC_OPS (NEON and SHA2/SHA512/SHA3 data
     operations, vector loads and stores) or A64_GPR_OPS (general-register
     arithmetic, adrp, branches, ret, padding).
  2. A vector instruction has no general register operand outside its
     address, except as the source of a move into a vector (dup, ins): no
     umov/fmov/mov from a vector lane to a general register (rejected:
     a general register written by a vector instruction).
  3. A general-register instruction has no vector operand and no memory
     operand: the general registers and flags hold only the arguments and
     what is computed from them.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_asm_ct import disassemble, split_a64, split_operands  # noqa: E402

XMM_OPS = {
    "movdqa", "movdqu", "movaps", "movups", "movapd", "movupd",
    "pshufb", "pshufd", "palignr", "pblendw", "blendps", "shufps", "punpcklqdq", "punpckhqdq",
    "paddd", "psubd", "pxor", "pand", "por", "pandn", "xorps",
    "sha256rnds2", "sha256msg1", "sha256msg2",
}
GPR_OPS = {
    "mov", "add", "sub", "lea", "test", "cmp", "inc", "dec", "shl", "shr", "and", "push", "pop",
    "ret", "endbr64", "nop", "nopw", "nopl", "xchg", "data16", "cs",
}


A64_VEC_OPS = {
    "ld1", "ld1r", "st1", "ldr", "str", "ldp", "stp", "ldur", "stur",
    "mov", "movi", "dup", "ins", "umov", "smov", "fmov", "ext", "rev32", "rev64", "zip1", "zip2", "trn1", "trn2",
    "add", "sub", "eor", "and", "orr", "bic", "orn", "not", "mvn",
    "shl", "ushr", "sli", "sri",
    "sha256h", "sha256h2", "sha256su0", "sha256su1",
    "sha512h", "sha512h2", "sha512su0", "sha512su1",
    "eor3", "rax1", "xar", "bcax",
}
A64_GPR_OPS = {
    "add", "sub", "adds", "subs", "cmp", "cmn", "mov", "movz", "movk", "adrp", "adr", "lsl", "lsr", "and",
    "orr", "b", "cbz", "cbnz", "tbz", "tbnz", "ret", "nop", "paciasp", "autiasp", "bti", "hint",
}
A64_VREG = re.compile(r"(?:[vqdshb](?:[0-9]|[12][0-9]|3[01])(?:\.\w+)?(?:\[\d+\])?|\{.*\}(?:\[\d+\])?)")
A64_GREG = re.compile(r"(?:[xw](?:[0-9]|[12][0-9]|30)|sp|wsp|xzr|wzr)")


def check_a64_insn(mnem, operands):
    m = mnem
    ops = split_a64(operands)
    if m.startswith("b.") or m in ("b", "cbz", "cbnz", "tbz", "tbnz"):
        return None  # the flags and general registers are public (rules 2, 3)
    if m in ("br", "blr", "bl"):
        return "call or indirect branch"
    regs = [o for o in ops if not o.startswith("[") and not o.startswith("#") and
            not re.match(r"(lsl|lsr|asr|ror|msl|[su]xt[bhwx])\b", o) and
            not (m in ("adrp", "adr") and re.fullmatch(r"[0-9a-f]+", o))]
    vec = [o for o in regs if A64_VREG.fullmatch(o)]
    gpr = [o for o in regs if A64_GREG.fullmatch(o)]
    if vec and m in A64_VEC_OPS:
        if gpr and not (m in ("dup", "ins", "mov", "fmov") and len(regs) == 2 and regs[0] in vec and regs[1] in gpr):
            return "general register operand of a vector instruction (%s)" % operands.strip()
        return None
    if not vec and m in A64_GPR_OPS:
        if any(o.startswith("[") for o in ops):
            return "memory operand in a general-register instruction (%s)" % operands.strip()
        return None
    if vec and gpr:
        return "moves data between vector and general registers (%s)" % operands.strip()
    return "not in the allow-list"


def check_insn(mnem, operands):
    m = mnem.rstrip(",")
    ops = split_operands(operands)
    if m.startswith("j"):
        if m == "jmp" and any("*" in o for o in ops):
            return "indirect branch"
        return None  # conditional or direct: the flags are public (rules 2, 3)
    if m in XMM_OPS:
        # Every register operand must be an xmm register (no xmm -> gpr move).
        for o in ops:
            if re.fullmatch(r"%\w+", o) and not o.startswith("%xmm"):
                return "general register operand of an xmm instruction (%s)" % o
        return None
    if m in GPR_OPS:
        if any(o.startswith("%xmm") for o in ops):
            return "xmm register in a general-register instruction"
        if m not in ("lea", "nop", "nopw", "nopl", "data16", "cs") and any("(" in o for o in ops):
            return "memory operand in a general-register instruction (%s)" % operands.strip()
        return None
    return "not in the allow-list"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--objdump", default=os.environ.get("OBJDUMP", "objdump"))
    ap.add_argument("--expect-reject", action="store_true")
    ap.add_argument("archive")
    ap.add_argument("suffix")
    a = ap.parse_args()
    objs = {k: v for k, v in disassemble(a.objdump, a.archive).items() if k.endswith(a.suffix)}
    if not objs:
        print("# FAIL: no member ending in %s in %s" % (a.suffix, a.archive))
        return 1
    rejected = 0
    for member in sorted(objs):
        bad, total = [], 0
        for func, insns in sorted(objs[member]["funcs"].items()):
            total += len(insns)
            for addr, mnem, ops in insns:
                if objs[member]["arch"] == "aarch64":
                    why = check_a64_insn(mnem, ops)
                else:
                    why = check_insn(mnem, ops)
                if why:
                    bad.append("%s+0x%s: %s %s  <- %s" % (func, addr, mnem, ops, why))
        funcs = ", ".join("%s (%d)" % (f, len(i)) for f, i in sorted(objs[member]["funcs"].items()))
        if bad:
            rejected += 1
            print("# %s %s: %d instructions, %d rejected:" %
                  ("rejected as planted" if a.expect_reject else "REJECTED", member, total, len(bad)))
            for b in bad:
                print("#   " + b)
        else:
            print("# ok %s: %d instructions in %s" % (member, total, funcs))
    if a.expect_reject:
        if rejected != len(objs):
            print("# FAIL: the checker accepted a planted violation")
            return 1
        print("# PASS: the planted violation was rejected")
        return 0
    if rejected:
        print("# FAIL: data may leave the vector registers")
        return 1
    print("# PASS: state and data stay in vector registers; no branch or address can depend on them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
