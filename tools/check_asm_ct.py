#!/usr/bin/env python3
"""Static constant-time check of the assembly kernels.

usage: check_asm_ct.py [--objdump OBJDUMP] [--expect-reject] [--sources-dir DIR]
                       [--public-loop FUNC:COUNTER:ARG] ARCHIVE [SOURCE.S ...]

Disassembles every member of ARCHIVE built from an assembly file (*.S.o, *.s.o)
and fails on any instruction outside the allow-list of its architecture: no
conditional or indirect branch, no call, no division (its latency depends on
the operands), no string or loop instruction; and no memory operand but
disp(%base) (every kernel address is base + constant, so none can depend on a
secret): an index register, a base-less disp(,%idx,s), an absolute address
and a bt* on memory (whose address depends on the bit offset) are rejected. Lists every object and function it checked. With SOURCE.S
arguments, fails too if one of those sources has no object in the archive, so
a new kernel file cannot escape the check.

--expect-reject inverts the verdict (for the planted-violation self-test):
pass only if every object was rejected.

AArch64 (objdump format elf64-littleaarch64): the same rules in its terms.
Allowed: the data instructions of the allow-list below (mul/umulh, adds/adcs,
subs/sbcs, logic, shifts and extr, csel/csetm/cinc/cneg on flags, moves,
ldp/ldr/stp/str), and memory operands only [base], [base, #imm],
[base, #imm]! and [base], #imm (no register offset [xN, xM], no literal
load): no address can depend on a register that may hold a secret. Every
branch is rejected (b, b.cond, cbz/cbnz, tbz/tbnz, bl, blr, br), except in a
PUBLIC_LOOPS function: there cbz/cbnz/tbz/tbnz may test only the counter,
b.ne/b.eq must follow `subs CNT, CNT, #imm` or `cmp CNT, #imm`, every
branch target lies inside the function, and the counter is written only by
`mov CNT, ARG` and `sub`/`subs CNT, CNT, #imm`, so every branch depends on
the argument alone, as on x86-64. No NEON instruction is allowed yet (no
assembly kernel uses one; the hash kernels are C, checked by
check_sha_ni_ct.py).
--sources-dir DIR: every DIR/*.S must have an object in the archive (a new
kernel file cannot escape the check); exit 77 (skipped) if DIR has none and
the archive holds no assembly object. --public-loop adds a PUBLIC_LOOPS entry
(the self-tests' own functions).
"""
import argparse
import os
import re
import subprocess
import sys

# Mnemonics allowed in a constant-time kernel, per objdump architecture.
# cmovCC/setCC select data without branching; adc/sbb/adcx/adox and the flag
# writers are data flow. Anything else must be added here deliberately.
ALLOWED = {
    "x86-64": {
        "mov", "movq", "movl", "movabs", "movzbl", "movzwl", "movzbq", "movslq", "movsbq", "xchg",
        "add", "adc", "adcx", "adox", "sub", "sbb", "neg", "inc", "dec",
        "mul", "mulx", "imul",
        "and", "andn", "or", "xor", "not", "test", "cmp", "bt", "btq", "btl",
        "shl", "shr", "sar", "shld", "shrd", "shlx", "shrx", "sarx", "rol", "ror", "rorx",
        "lea", "push", "pop", "ret", "endbr64",
        "nop", "nopw", "nopl", "xchg", "data16", "cs",
        # SSE2 moves and xor (copying and zeroing a routine's frame)
        "movdqu", "movdqa", "pxor",
        # AVX2 data instructions of the fused fixed-base scan
        # (p256_jac_madd_scan_mulx_adx_avx2.S): broadcast, count, compare,
        # byte blend on a mask, moves, zeroing. Data flow only, no address
        # from their results; memory operands still only disp(%base).
        "vmovq", "vpbroadcastq", "vpcmpeqq", "vpsubq", "vpxor", "vpblendvb", "vmovdqu", "vzeroall",
    },
}
PREFIXES = {
    "x86-64": [("cmov", "conditional move"), ("set", "flag to byte")],
}
# Functions with a loop over a PUBLIC count (the one exception to "no
# conditional branch"): function -> (counter register, argument register it
# is loaded from). In such a function a conditional branch is allowed only as
# `jne`/`je` right after `dec CNT` or `test CNT,CNT`, with its target inside
# the function, and CNT may be written only by `mov ARG,CNT` and `dec CNT`:
# the branch then depends on the argument alone, which the callers pass as a
# public value (the valgrind test, test/ct, checks that at run time).
PUBLIC_LOOPS = {
    "ecfk_p256_jac_dbl_n_mulx_adx": ("%rdi", "%rdx"),
    "ecfk_x25519_ladder_mulx_adx": ("%rcx", "%rdx"),
}
# AArch64: data-flow mnemonics (and their aliases as objdump prints them).
ALLOWED["aarch64"] = {
    "mul", "umulh", "madd", "mneg",
    "add", "adds", "adc", "adcs", "sub", "subs", "sbc", "sbcs", "neg", "negs", "ngc", "ngcs", "cmp", "cmn",
    "and", "ands", "tst", "orr", "orn", "eor", "eon", "bic", "bics", "mvn",
    "lsl", "lsr", "asr", "ror", "extr", "ubfx", "ubfiz", "sbfx", "lslv", "lsrv", "asrv",
    "csel", "csetm", "cset", "cinc", "cneg", "csinc", "csinv", "csneg",
    "mov", "movz", "movk", "movn", "adrp",
    "ldr", "ldp", "str", "stp", "ldur", "stur",
    "ret", "nop", "paciasp", "autiasp", "bti", "hint",
}
A64_BRANCHES = {"b", "bl", "blr", "br", "cbz", "cbnz", "tbz", "tbnz", "braa", "blraa"}
# Why a few common offenders are rejected (for the message).
WHY = {
    "call": "call", "jmp": "branch", "div": "variable-latency division", "idiv": "variable-latency division",
    "rep": "string instruction", "loop": "loop instruction",
    "udiv": "variable-latency division", "sdiv": "variable-latency division",
}


def arch_of(fmt):
    if "x86-64" in fmt:
        return "x86-64"
    if "aarch64" in fmt:
        return "aarch64"
    return fmt


A64_GPR = r"(?:[xw](?:[0-9]|[12][0-9]|30)|sp|wsp|xzr|wzr)"
A64_MEM_OK = re.compile(r"\[" + A64_GPR + r"(?:, #-?(?:0x[0-9a-f]+|[0-9]+))?\]!?")


def split_a64(operands):
    """Split an AArch64 operand list at the commas outside [] and {} (drop the
    // comment and the <symbol> annotation)."""
    operands = operands.split("//")[0].split(" <")[0].strip()
    out, depth, cur = [], 0, ""
    for ch in operands:
        if ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def check_a64_insn(mnem, operands):
    """Return None if the AArch64 instruction is allowed, else the reason."""
    m = mnem
    if m.startswith("b.") or m in A64_BRANCHES:
        return "branch (%s)" % m
    if m not in ALLOWED["aarch64"]:
        return WHY.get(m, "not in the allow-list")
    ops = split_a64(operands)
    if m in ("ldr", "ldp", "str", "stp", "ldur", "stur"):
        mem = [o for o in ops if o.startswith("[")]
        if not mem:
            return "literal (pc-relative) load (%s)" % operands.strip()
        if not A64_MEM_OK.fullmatch(mem[0]):
            return "register-offset or unusual memory operand (%s)" % mem[0]
        rest = ops[ops.index(mem[0]) + 1:]
        if rest and not (len(rest) == 1 and re.fullmatch(r"#-?(0x[0-9a-f]+|[0-9]+)", rest[0])):
            return "post-index by a register (%s)" % operands.strip()
    return None


def check_a64_public_loop(func, insns, i, loops):
    """The AArch64 PUBLIC_LOOPS rules (see the docstring): None allowed, a
    string rejected, False if the ordinary rules apply."""
    cnt, arg = loops[func]
    w = "w" + cnt[1:]
    _, m, ops = insns[i]
    opl = split_a64(ops)
    first, last = int(insns[0][0], 16), int(insns[-1][0], 16)

    def target_inside(t):
        mt = re.match(r"([0-9a-f]+)", t)
        return mt and first <= int(mt.group(1), 16) <= last

    if m.startswith("b.") or m in A64_BRANCHES:
        if m in ("cbz", "cbnz"):
            if opl[0] not in (cnt, w):
                return "%s on %s, not the public loop counter %s" % (m, opl[0], cnt)
            return None if target_inside(opl[1]) else "loop branch target outside the function"
        if m in ("tbz", "tbnz"):
            if opl[0] not in (cnt, w):
                return "%s on %s, not the public loop counter %s" % (m, opl[0], cnt)
            return None if target_inside(opl[2]) else "loop branch target outside the function"
        if m in ("b.ne", "b.eq"):
            if i == 0:
                return "loop branch without a counter test"
            pm, pops = insns[i - 1][1], split_a64(insns[i - 1][2])
            imm = len(pops) == 3 and re.fullmatch(r"#(0x[0-9a-f]+|[0-9]+)", pops[2])
            if not ((pm == "subs" and pops[:2] == [cnt, cnt] and imm) or
                    (pm == "cmp" and len(pops) == 2 and pops[0] == cnt and
                     re.fullmatch(r"#(0x[0-9a-f]+|[0-9]+)", pops[1]))):
                return "loop branch not right after subs %s, %s, #imm or cmp %s, #imm" % (cnt, cnt, cnt)
            return None if target_inside(opl[0]) else "loop branch target outside the function"
        return "branch (%s) other than the public loop's" % m
    # Writes of the counter: the first operand of a data instruction (a load
    # pair writes its first two).
    written = opl[:2] if m in ("ldp",) else opl[:1]
    if m in ("str", "stp", "stur", "cmp", "cmn", "tst", "ret"):
        written = []
    if cnt in written or w in written:
        if m == "mov" and opl == [cnt, arg]:
            return False
        if m in ("sub", "subs") and opl[:2] == [cnt, cnt] and len(opl) == 3 and \
                re.fullmatch(r"#(0x[0-9a-f]+|[0-9]+)", opl[2]):
            return False
        return "writes the public loop counter %s other than from %s or by sub #imm" % (cnt, arg)
    return False


def check_insn(arch, mnem, operands):
    """Return None if allowed, else the reason."""
    m = mnem.rstrip(",")
    if m.startswith("j"):
        return "branch (" + m + ")"
    for prefix, _ in PREFIXES.get(arch, []):
        if m.startswith(prefix):
            break
    else:
        if m not in ALLOWED.get(arch, set()):
            return WHY.get(m, "not in the allow-list")
    if m in ("nop", "nopw", "nopl", "data16", "cs", "lea"):
        # Padding never touches its operand; lea only computes base + index * scale
        # in the ALU (shift-and-add arithmetic), it never loads from memory.
        return None
    if "*" in operands:
        return "indirect operand"
    mem = False
    for op in split_operands(operands):
        if op.startswith("$") or re.fullmatch(r"%\w+", op):
            continue  # immediate or register
        mem = True
        # The only memory operands allowed: disp(%base), base a register (or
        # %rip), no index, no segment override. disp(base,index,scale) and the
        # base-less disp(,index,scale) compute the address from a register
        # that may hold a secret; a bare number is an absolute address.
        if not re.fullmatch(r"-?(0x[0-9a-f]+|[0-9]+)?\(%\w+\)", op):
            if "(" in op and "," in op:
                return "indexed or base-less memory operand (%s)" % op
            return "memory operand without a base register (%s)" % op
    if mem and re.fullmatch(r"bt[crs]?[wlq]?", m):
        # bt with a register bit offset addresses memory at offset / 8: a
        # secret-dependent address. Allowed only on registers.
        return "bit test on a memory operand"
    return None


def check_public_loop(func, insns, i, loops=PUBLIC_LOOPS):
    """For a PUBLIC_LOOPS function: the verdict on instruction i if it is the
    loop's branch or writes the counter (None: allowed, a string: rejected),
    False if the ordinary rules apply."""
    cnt, arg = loops[func]
    addr, mnem, ops = insns[i]
    m = mnem.rstrip(",")
    opl = split_operands(ops)
    if m.startswith("j"):
        if m not in ("jne", "je"):
            return "branch (%s) other than the public loop's jne/je" % m
        if i == 0:
            return "loop branch without a counter test"
        pm, pops = insns[i - 1][1].rstrip(","), split_operands(insns[i - 1][2])
        if not ((pm == "dec" and pops == [cnt]) or (pm == "test" and pops == [cnt, cnt])):
            return "loop branch not right after dec %s or test %s,%s" % (cnt, cnt, cnt)
        t = re.match(r"([0-9a-f]+)", ops.strip())
        first, last = int(insns[0][0], 16), int(insns[-1][0], 16)
        if not t or not first <= int(t.group(1), 16) <= last:
            return "loop branch target outside the function"
        return None
    if opl and opl[-1] == cnt:
        if m == "dec" and opl == [cnt]:
            return False
        if m == "mov" and opl == [arg, cnt]:
            return False
        if m == "test" and opl == [cnt, cnt]:
            return False
        return "writes the public loop counter %s other than from %s or by dec" % (cnt, arg)
    if m in ("xchg", "pop") and cnt in opl:
        return "writes the public loop counter %s other than from %s or by dec" % (cnt, arg)
    return False


def split_operands(operands):
    """Split an AT&T operand list at the commas outside parentheses (drop comments)."""
    operands = operands.split("#")[0].split("<")[0].strip()
    out, depth, cur = [], 0, ""
    for ch in operands:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def disassemble(objdump, archive):
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", archive], check=True, capture_output=True,
                         text=True).stdout
    objs = {}  # member -> {"arch": ..., "funcs": {name: [(addr, mnem, ops)]}}
    cur = None
    func = None
    for line in out.splitlines():
        m = re.match(r"^(\S+\.o):\s+file format (\S+)", line)
        if m:
            member = m.group(1)
            cur = objs.setdefault(member, {"arch": arch_of(m.group(2)), "funcs": {}})
            func = None
            continue
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m and cur is not None:
            func = m.group(1)
            cur["funcs"].setdefault(func, [])
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m and cur is not None and func is not None:
            cur["funcs"][func].append((m.group(1), m.group(2), m.group(3)))
    return objs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--objdump", default=os.environ.get("OBJDUMP", "objdump"))
    ap.add_argument("--expect-reject", action="store_true")
    ap.add_argument("--sources-dir")
    ap.add_argument("--public-loop", action="append", default=[])
    ap.add_argument("archive")
    ap.add_argument("sources", nargs="*")
    a = ap.parse_args()
    loops = dict(PUBLIC_LOOPS)
    for spec in a.public_loop:
        f, c, g = spec.split(":")
        loops[f] = (c, g)
    if a.sources_dir:
        a.sources += sorted(os.path.join(a.sources_dir, f) for f in os.listdir(a.sources_dir) if f.endswith(".S"))

    objs = disassemble(a.objdump, a.archive)
    asm = {k: v for k, v in objs.items() if re.search(r"\.[sS]\.o$", k)}
    failed = False
    if not asm and a.sources_dir and not a.sources:
        print("# SKIP: no assembly source in %s and no assembly object in %s: nothing to check" %
              (a.sources_dir, a.archive))
        return 77
    if not asm:
        print("# FAIL: no assembly object in", a.archive)
        return 1
    for src in a.sources:
        base = os.path.basename(src)
        if not any(k.endswith(base + ".o") for k in asm):
            print("# FAIL: %s has no object in the archive (not checked)" % src)
            failed = True
    rejected_objs = 0
    for member in sorted(asm):
        info = asm[member]
        arch = info["arch"]
        if arch not in ALLOWED:
            print("# FAIL: %s: no allow-list for architecture %s" % (member, arch))
            failed = True
            continue
        bad = []
        total = 0
        for func, insns in sorted(info["funcs"].items()):
            total += len(insns)
            for i, (addr, mnem, ops) in enumerate(insns):
                if func in loops:
                    if arch == "aarch64":
                        why = check_a64_public_loop(func, insns, i, loops)
                    else:
                        why = check_public_loop(func, insns, i, loops)
                    if why is not False:
                        if why:
                            bad.append("%s+0x%s: %s %s  <- %s" % (func, addr, mnem, ops, why))
                        continue
                why = check_a64_insn(mnem, ops) if arch == "aarch64" else check_insn(arch, mnem, ops)
                if why:
                    bad.append("%s+0x%s: %s %s  <- %s" % (func, addr, mnem, ops, why))
        funcs = ", ".join("%s (%d)" % (f, len(i)) for f, i in sorted(info["funcs"].items()))
        if bad:
            rejected_objs += 1
            print("# %s %s: %d instructions, %d rejected:" % ("REJECTED" if not a.expect_reject else "rejected as planted", member, total, len(bad)))
            for b in bad:
                print("#   " + b)
        else:
            print("# ok %s [%s]: %d instructions in %s" % (member, arch, total, funcs))
    if a.expect_reject:
        if rejected_objs != len(asm):
            print("# FAIL: the checker accepted a planted violation")
            return 1
        print("# PASS: every planted violation was rejected")
        return 0
    if rejected_objs or failed:
        print("# FAIL: %d of %d assembly objects break the constant-time rules%s" %
              (rejected_objs, len(asm), ", and some sources were not checked" if failed else ""))
        return 1
    print("# PASS: %d assembly objects, no branch, call, division or indexed address" % len(asm))
    return 0


if __name__ == "__main__":
    sys.exit(main())
