#!/usr/bin/env python3
"""Static constant-time check of the AVX-512 IFMA kernels (C files of intrinsics).

usage: check_ifma_ct.py [--objdump OBJDUMP] [--expect-reject] ARCHIVE MEMBER_SUFFIX

valgrind cannot run AVX-512, so the dynamic test (test/ct) covers only the
scalar fallback of the batch calls. This check disassembles the archive
members whose name ends in MEMBER_SUFFIX (e.g. p256x8_avx512_ifma.c.o) and
proves that no lane's data can reach a branch, an address or a
variable-latency instruction, from a simpler property: data never leaves the
vector and mask registers (and the memory they are stored to).

  1. Every instruction is in the allow-list below: AVX-512 F/IFMA/VL data
     operations on zmm/ymm/xmm and mask registers (integer add, sub, logic,
     shifts and rotations by an immediate, compares into masks, blends,
     broadcasts, moves, the 52-bit multiply-adds: fixed latency, no
     division), mask-register logic, and
     general-register arithmetic (pointers, counters), conditional and
     direct branches and calls to functions of the same member, ret,
     endbr64, rep stos (zero fill) and padding.
  2. No instruction moves data from a vector or mask register to a general
     register or the flags: a vector or mask instruction may read a general
     register (a count, a broadcast constant, an address) but its
     destination (the last operand, AT&T order) is never one; ktest,
     kortest, vptest, vpextr*, vmovmsk*, vpmovmskb, vcomis* are not in the
     allow-list.
  3. No general-register instruction reads memory (lea, which only computes
     an address, padding, push, pop, and rep stos, which writes the zero in
     rax, excepted): the general registers and flags hold only the
     arguments (pointers, the public op and modulus selectors, window
     sizes), constants and what is computed from them.
  4. Every call and jump is direct, within the member (a relocated branch
     to another object is rejected); no indirect jump or call.

By 1-4 the flags and general registers never depend on lane data, so no
branch or address does, and every data instruction has a fixed latency.
Reuses the objdump parser of check_asm_ct.py. Not every IFMA object is
checked: ed25519_verify8_avx512_ifma.c.o (the Ed25519 batch verification,
public data only) is variable time by design, its table entries gathered by
the scalars' digits, so it is left out of the list in test/ct/meson.build.
A function whose name contains "_vartime" is not checked (it is listed as
skipped): by the library's naming rule (docs/api.md) it takes public inputs
only and may gather or branch on them (the ECDSA verification's
ecfk_p256x8_double_scalar_mult_vartime_avx512_ifma). Its helpers are inlined
into it; a helper compiled out of line would be checked on its own.
--expect-reject inverts the
verdict (planted self-test: test/ct/planted_ifma_leak.c).
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_asm_ct import disassemble, split_operands  # noqa: E402

VEC_OPS = {
    "vmovdqa64", "vmovdqu64", "vmovdqa32", "vmovdqu32", "vmovdqa", "vmovdqu", "vmovq", "vmovd",
    "vmovaps", "vmovups", "vmovapd", "vmovupd", "vmovsd",
    "vpaddq", "vpsubq", "vpandd", "vpandq", "vpand", "vpandnd", "vpandnq", "vpandn", "vpord", "vporq", "vpor",
    "vpxord", "vpxorq", "vpxor", "vpternlogd", "vpternlogq",
    "vpsrlq", "vpsllq", "vpsraq", "vpsrlvq", "vpsllvq", "vpsravq",
    "vpbroadcastq", "vpbroadcastd", "vbroadcasti64x4", "vbroadcasti32x4", "vbroadcastsd",
    "vpblendmq", "vpblendmd", "vpcmpq", "vpcmpuq", "vpcmpeqq", "vpcmpneqq", "vpcmpltq", "vpcmpleq", "vpcmpgtq",
    "vpcmpnltq", "vpcmpnleq", "vpcmpltuq", "vpcmpnltuq", "vpcmpequq", "vptestmq", "vptestnmq",
    "vpmadd52luq", "vpmadd52huq", "vpunpcklqdq", "vpunpckhqdq", "vinserti64x4", "vextracti64x4",
    "vshufi64x2", "vpermq", "vpermt2q", "vpermi2q", "valignq",  # lane moves by a constant pattern
    "vzeroall", "vzeroupper",
    "vprolq", "vprorq", "vprold", "vprord",  # rotations by an immediate (SHA-512 on 8 lanes): fixed latency
    "kxorw", "kxorb", "kandw", "kandb", "korw", "korb", "knotw", "knotb", "kandnw", "kandnb", "kmovw", "kmovb",
}
GPR_OPS = {
    "mov", "movabs", "movl", "movq", "movslq", "cltq", "movzbl", "movzwl", "add", "sub", "lea", "test", "cmp", "inc", "dec",
    "shl", "shr", "sar", "and", "or", "xor", "not", "neg", "imul", "cmove", "cmovne", "push", "pop", "leave",
    "ret", "endbr64", "nop", "nopw", "nopl", "xchg", "data16", "cs", "rep", "jmp", "call",
}
NO_MEM_OK = {"lea", "nop", "nopw", "nopl", "data16", "cs", "push", "pop", "rep", "call", "jmp"}


def is_gpr(o):
    return re.fullmatch(r"%(r\w+|e[a-z]{2}|[a-d][lhx]|[sd]il|[sb]pl|[sd]i|[sb]p)", o) is not None


def is_vec(o):
    return re.match(r"%[xyz]mm\d+|%k\d", o) is not None


def check_insn(mnem, operands, funcs, next_addr, addrs):
    m = mnem.rstrip(",")
    ops = split_operands(operands)
    if m in ("notrack",) or "*" in operands:
        return "indirect branch"
    if m.startswith("j") or m == "call":
        # In an object file a branch to another object (a relocation with a
        # zero displacement) shows as a branch to the next instruction.
        t = re.match(r"\s*([0-9a-f]+)\b", operands)
        if t and (int(t.group(1), 16) == next_addr or int(t.group(1), 16) not in addrs):
            return "branch or call outside the member (relocation): %s" % operands.strip()
    if m.startswith("j"):
        return None  # conditional or direct: the flags are public (rules 2, 3)
    if m == "call":
        target = re.search(r"<([\w.]+)(\+0x[0-9a-f]+)?>", operands)
        if not target or target.group(2) or target.group(1) not in funcs:
            return "call outside the member (%s)" % operands.strip()
        return None
    if m == "rep":
        return None if operands.strip().startswith("stos %rax") else "rep other than stos of rax"
    if m in VEC_OPS:
        dst = ops[-1] if ops else ""
        dst = re.sub(r"\{.*", "", dst)
        if is_gpr(dst):
            return "vector or mask data to a general register (%s)" % operands.strip()
        return None
    if m in GPR_OPS:
        if any(is_vec(re.sub(r"\{.*", "", o)) for o in ops):
            return "vector or mask register in a general-register instruction"
        if m not in NO_MEM_OK and any("(" in o for o in ops):
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
        funcs = set(objs[member]["funcs"])
        addrs = {int(i[0], 16) for f in objs[member]["funcs"].values() for i in f}
        bad, total = [], 0
        skipped = sorted(f for f in objs[member]["funcs"] if "_vartime" in f)
        for f in skipped:
            print("# skipped %s: _vartime, public inputs only (docs/api.md)" % f)
        for func, insns in sorted(objs[member]["funcs"].items()):
            if func in skipped:
                continue
            total += len(insns)
            for n, (addr, mnem, ops) in enumerate(insns):
                nxt = int(insns[n + 1][0], 16) if n + 1 < len(insns) else None
                why = check_insn(mnem, ops, funcs, nxt, addrs)
                if why:
                    bad.append("%s+0x%s: %s %s  <- %s" % (func, addr, mnem, ops, why))
        names = ", ".join("%s (%d)" % (f, len(i)) for f, i in sorted(objs[member]["funcs"].items())
                          if f not in skipped)
        if bad:
            rejected += 1
            print("# %s %s: %d instructions, %d rejected:" %
                  ("rejected as planted" if a.expect_reject else "REJECTED", member, total, len(bad)))
            for b in bad[:40]:
                print("#   " + b)
        else:
            print("# ok %s: %d instructions in %s" % (member, total, names))
    if a.expect_reject:
        if rejected != len(objs):
            print("# FAIL: the checker accepted a planted violation")
            return 1
        print("# PASS: the planted violation was rejected")
        return 0
    if rejected:
        print("# FAIL: lane data may leave the vector and mask registers")
        return 1
    print("# PASS: lane data stays in vector and mask registers; no branch, address or variable latency can depend on it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
