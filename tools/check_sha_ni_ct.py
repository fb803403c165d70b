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
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_asm_ct import disassemble, split_operands  # noqa: E402

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
        print("# FAIL: data may leave the xmm registers")
        return 1
    print("# PASS: state and data stay in xmm registers; no branch or address can depend on them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
