#!/usr/bin/env python3
"""Static constant-time check of the AVX-512 IFMA kernels (C files of intrinsics).

usage: check_ifma_ct.py [--objdump OBJDUMP] [--expect-reject] ARCHIVE MEMBER_SUFFIX

valgrind cannot run AVX-512 (it raises SIGILL), so the dynamic test (test/ct)
covers only the scalar path of the batch calls. As check_sha_ni_ct.py does
for the SHA-NI kernel, this check disassembles the archive members whose name
ends in MEMBER_SUFFIX (e.g. x25519_avx512_ifma.c.o) and proves a simpler
property from which constant time follows: the lanes' data never leave the
vector registers (and the memory the kernels read and write through them).

  1. Every instruction is in the allow-list below: AVX-512 integer data
     operations on vector registers (IFMA multiply-adds, adds, shifts,
     logic, ternary logic, permutes, broadcasts, moves to and from memory),
     general-register arithmetic (pointers, counters, constants), direct
     branches, ret, endbr64 and padding. None has a data-dependent latency
     (no division, no gather or scatter, whose addresses come from a vector).
  2. Data never goes from a vector register to a general register or to the
     flags: a vector instruction may have a general register only as the
     SOURCE of a broadcast or of vmovd/vmovq into a vector register (a
     public constant or a shift count); a mask register (%k0-%k7) may only be
     written by a vector compare or test (clang makes one of (x | -x) >> 63)
     and used as the write mask ({%kN}) of a vector instruction, and no
     mask-register instruction (kmov, kortest, ktest, ...: the only ways from
     a mask to a general register or the flags) appears at all.
  3. No general-register instruction has a memory operand (lea, which only
     computes an address, and padding excepted): the general registers and
     flags hold only the arguments (array pointers), the stack pointer, loop
     counters and constants, never a value loaded from the lanes' data.

By 1-3 no branch condition and no address (whose registers are general
registers) can depend on a lane's data. Reuses the objdump parser of
check_asm_ct.py. --expect-reject inverts the verdict (planted self-tests,
test/ct/planted_ifma_leak.c: one object per rule, each must be rejected).
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_asm_ct import disassemble, split_operands  # noqa: E402

VEC_OPS = {
    "vpmadd52luq", "vpmadd52huq",
    "vpaddq", "vpsubq", "vpaddd", "vpsubd",
    "vpsrlq", "vpsllq", "vpsraq", "vpsrlvq", "vpsllvq",
    "vpandd", "vpandq", "vpand", "vpandnd", "vpandnq", "vpandn", "vpord", "vporq", "vpor",
    "vpxord", "vpxorq", "vpxor", "vpternlogq", "vpternlogd",
    "vmovdqa64", "vmovdqa32", "vmovdqu64", "vmovdqu32", "vmovdqa", "vmovdqu", "vmovaps", "vmovups",
    "vpbroadcastq", "vpbroadcastd", "vmovd", "vmovq",
    "vshufi64x2", "vshufi32x4", "vpermi2q", "vpermt2q", "vpermq", "vpunpcklqdq", "vpunpckhqdq",
    "vinserti64x4", "vextracti64x4", "vinserti128", "vextracti128",
    "vzeroupper", "vzeroall", "vbroadcastsd", "vbroadcastss", "vbroadcasti64x4", "vbroadcasti32x4",
}
# Vector compares and tests whose destination is a mask register.
MASK_WRITERS = {"vptestmq", "vptestnmq", "vpcmpq", "vpcmpuq", "vpcmpeqq", "vpcmpgtq"}
# Vector instructions whose FIRST (AT&T source) operand may be a general
# register: into a vector register only.
GPR_INTO_VECTOR = {"vpbroadcastq", "vpbroadcastd", "vmovd", "vmovq"}
GPR_OPS = {
    "mov", "movabs", "movl", "movq", "add", "sub", "lea", "test", "cmp", "inc", "dec", "shl", "shr", "sar", "and",
    "or", "xor", "neg", "cltq", "cdqe", "movslq", "push", "pop", "leave",
    "ret", "endbr64", "nop", "nopw", "nopl", "xchg", "data16", "cs",
}
VREG = re.compile(r"%[xyz]mm\d+")
KREG = re.compile(r"%k[0-7]")
GREG = re.compile(r"%(r[a-z0-9]+|e[a-z]{2}|[a-d]x|[sd]il?|[bs]pl?|[a-d]l)\b")


def check_insn(mnem, operands):
    m = mnem.rstrip(",")
    ops = split_operands(operands)
    # (mask-register instructions, kmov, kortest, ktest, ..., are not in the
    # allow-lists: rejected below)
    # {%kN} write masks and {z} are allowed on vector instructions: drop them
    ops = [re.sub(r"\{[^}]*\}", "", o) for o in ops]
    if m in MASK_WRITERS:
        if not (ops and KREG.fullmatch(ops[-1])) or any(KREG.search(o) for o in ops[:-1]):
            return "mask register other than as a compare's destination"
        ops = ops[:-1]
    elif any(KREG.search(o) for o in ops):
        return "mask register operand (may reach a general register or the flags)"
    if m.startswith("j"):
        if m == "jmp" and any("*" in o for o in ops):
            return "indirect branch"
        return None  # conditional or direct: the flags are public (rules 2, 3)
    if m in VEC_OPS or m in MASK_WRITERS:
        for i, o in enumerate(ops):
            if re.fullmatch(r"%\w+", o) and not VREG.fullmatch(o):
                if not (m in GPR_INTO_VECTOR and i == 0 and len(ops) == 2 and VREG.fullmatch(ops[1])):
                    return "general register operand of a vector instruction (%s)" % o
        return None
    if m in GPR_OPS:
        if VREG.search(operands):
            return "vector register in a general-register instruction"
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
            for b in bad[:40]:
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
        print("# FAIL: lane data may leave the vector registers")
        return 1
    print("# PASS: lane data stay in vector registers; no branch or address can depend on them")
    return 0


if __name__ == "__main__":
    sys.exit(main())
