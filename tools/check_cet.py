#!/usr/bin/env python3
"""Is libecfield.so's CET marking (IBT and SHSTK) true?

usage: check_cet.py [--readelf R] [--objdump O] LIB LINKER_MAP [LIB LINKER_MAP ...]

(each library with its own linker map: libecfield.so and libecfield-sidh.so)

The linker marks an output IBT/SHSTK only when every input is marked, unless
told to with -z ibt -z shstk. libecfield is linked with those flags because
Debian 12's libcpu_features.a is not marked (built without -fcf-protection).
This check proves that forcing the mark is truthful:

 1. `readelf -n LIB` shows the x86 feature property IBT and SHSTK.
 2. Every place another module (ld.so, a caller) can branch into the library
    indirectly starts with endbr64: every exported function, DT_INIT, DT_FINI
    and every .init_array/.fini_array entry.
 3. The code sections of every input file (from the linker map) are either
    from a marked object (readelf -n of the object or archive member), or
    unmarked code (U) that is never an indirect-branch target and never makes
    an indirect branch when it runs:
      - no instruction anywhere in LIB takes the address of code in U (a
        rip-relative lea/mov into U), and no relocation points into U;
      - the functions of U reachable from outside U by direct calls and jumps
        (closed under direct calls and jumps, and fall-through after a final
        call) contain no indirect call or jump and no shadow-stack instruction;
        functions of U with jump tables that are never reached are listed.
 4. No start file without the mark contributes code (glibc's crti.o/crtn.o
    of Debian 12 are unmarked: their _init would be called indirectly by
    ld.so, so the library is linked with -nostartfiles).
Exit 0 only if all hold for every library; prints what it checked.
"""
import argparse
import os
import re
import subprocess
import sys

SHSTK_INSNS = {"incsspd", "incsspq", "rdsspd", "rdsspq", "saveprevssp", "rstorssp", "wrssd", "wrssq", "wrussd",
               "wrussq", "setssbsy", "clrssbsy"}
SHSTK_FUNCS = re.compile(r"<(_?_?setjmp|_?longjmp|siglongjmp|__longjmp_chk|setcontext|swapcontext|makecontext)")


def sh(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def marked_files(readelf, files, base):
    """file (or 'archive(member)') -> True if it carries IBT and SHSTK.
    Relative paths (the build's own objects) are relative to base."""
    out = {}
    for f in files:
        if "(" not in f and not os.path.isabs(f):
            text = subprocess.run([readelf, "-n", os.path.join(base, f)], capture_output=True, text=True).stdout
            m = re.search(r"x86 feature: (.*)", text)
            out[f] = bool(m) and "IBT" in m.group(1) and "SHSTK" in m.group(1)
    files = [f for f in files if f not in out]
    archives = sorted({f.split("(")[0] for f in files})
    for a in archives:
        text = subprocess.run([readelf, "-n", a], capture_output=True, text=True).stdout
        cur = a
        blocks = {a: ""}
        for line in text.splitlines():
            m = re.match(r"^File: (.*)$", line)
            if m:
                cur = m.group(1)
                blocks.setdefault(cur, "")
                continue
            blocks[cur] = blocks.get(cur, "") + line + "\n"
        for name, body in blocks.items():
            m = re.search(r"x86 feature: (.*)", body)
            feats = m.group(1) if m else ""
            out[name] = "IBT" in feats and "SHSTK" in feats
    return out


def parse_map(path):
    """Code input sections: [(addr, size, file)]."""
    secs = []
    pending = None
    with open(path) as f:
        for line in f:
            m = re.match(r"^ (\.text\S*|\.init|\.fini)\s*$", line)
            if m:
                pending = m.group(1)
                continue
            m = re.match(r"^ (\.text\S*|\.init|\.fini)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S.*\S)\s*$", line)
            if m and (m.group(1) or pending):
                addr, size, file = int(m.group(2), 16), int(m.group(3), 16), m.group(4)
                if size and not file.startswith("*") and (file.endswith(".o") or file.endswith(")")):
                    secs.append((addr, size, file))
            pending = None
    return secs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--readelf", default="readelf")
    ap.add_argument("--objdump", default="objdump")
    ap.add_argument("pairs", nargs="+", metavar="LIB MAP", help="a library and its linker map, one or more pairs")
    ap.add_argument("--build-dir", help="where the linker ran (default: the map's directory's parent)")
    a = ap.parse_args()
    if len(a.pairs) % 2:
        ap.error("expected LIB MAP pairs")
    status = 0
    for i in range(0, len(a.pairs), 2):
        a.lib, a.map = a.pairs[i], a.pairs[i + 1]
        status |= check(a)
    return status


def check(a):
    """The checks above on one library (a.lib) and its map (a.map): 0 or 1."""
    fail = []

    # 1. the property note
    notes = sh([a.readelf, "-n", a.lib])
    m = re.search(r"x86 feature: (.*)", notes)
    feats = m.group(1).strip() if m else "none"
    print("# %s: x86 feature property: %s" % (a.lib, feats))
    if not ("IBT" in feats and "SHSTK" in feats):
        fail.append("no IBT and SHSTK property in " + a.lib)

    # The disassembly: functions, instructions.
    dis = sh([a.objdump, "-d", "--no-show-raw-insn", a.lib])
    funcs = []  # [name, start, [(addr, mnem, ops)]]
    for line in dis.splitlines():
        m = re.match(r"^([0-9a-f]+) <(.+)>:$", line)
        if m:
            funcs.append([m.group(2), int(m.group(1), 16), []])
            continue
        m = re.match(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
        if m and funcs:
            funcs[-1][2].append((int(m.group(1), 16), m.group(2), m.group(3)))
    first = {}
    for name, start, insns in funcs:
        if insns:
            first[start] = insns[0][1]

    # 2. entry points reached indirectly from outside
    dyn = sh([a.readelf, "-W", "--dyn-syms", a.lib])
    entries = []
    for line in dyn.splitlines():
        f = line.split()
        if len(f) >= 8 and f[3] == "FUNC" and f[6] != "UND":
            entries.append((f[7].split("@")[0], int(f[1], 16)))
    dynamic = sh([a.readelf, "-W", "-d", a.lib])
    for tag in ("INIT", "FINI"):
        m = re.search(r"\(%s\)\s+0x([0-9a-f]+)" % tag, dynamic)
        if m:
            entries.append(("DT_" + tag, int(m.group(1), 16)))
    relocs = sh([a.readelf, "-W", "-r", a.lib])
    sections = sh([a.readelf, "-W", "-S", a.lib])
    arrays = []
    for m in re.finditer(r"\]\s+(\.init_array|\.fini_array)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", sections):
        arrays.append((m.group(1), int(m.group(2), 16), int(m.group(3), 16)))
    reloc_targets = []  # (offset, target)
    for line in relocs.splitlines():
        f = line.split()
        if len(f) >= 4 and re.fullmatch(r"[0-9a-f]+", f[0]) and f[2].startswith("R_X86_64"):
            off = int(f[0], 16)
            if f[2] == "R_X86_64_RELATIVE":
                reloc_targets.append((off, int(f[3], 16)))
            elif len(f) >= 5 and re.fullmatch(r"[0-9a-f]+", f[3]) and int(f[3], 16):
                reloc_targets.append((off, int(f[3], 16)))
    for off, tgt in reloc_targets:
        for name, start, size in arrays:
            if start <= off < start + size:
                entries.append(("%s entry" % name, tgt))
    bad_entries = [(n, hex(t)) for n, t in entries if first.get(t) != "endbr64"]
    print("# %d indirect entry points (exports, DT_INIT/FINI, init/fini arrays): %s" %
          (len(entries), "all start with endbr64" if not bad_entries else "MISSING endbr64 in %s" % bad_entries))
    if bad_entries:
        fail.append("entry points without endbr64: %s" % bad_entries)
    if re.search(r"\((INIT|FINI)\)", dynamic):
        fail.append("DT_INIT/DT_FINI present (start files linked in?)")

    # 3. unmarked code
    secs = parse_map(a.map)
    if not secs:
        fail.append("no code input sections in the linker map " + a.map)
    base = a.build_dir or os.path.dirname(os.path.dirname(os.path.abspath(a.map)))
    marks = marked_files(a.readelf, {s[2] for s in secs}, base)
    unmarked = [(s, z, f) for s, z, f in secs if not marks.get(f, False)]
    print("# %d code input sections from %d files; unmarked: %s" %
          (len(secs), len({s[2] for s in secs}), ", ".join(sorted({f for _, _, f in unmarked})) or "none"))
    for _, _, f in unmarked:
        if re.search(r"crt[in]\.o$", f):
            fail.append("unmarked start file contributes code: " + f)

    def in_u(x):
        return any(s <= x < s + z for s, z, _ in unmarked)

    byname = {}
    func_at = []
    for i, (name, start, insns) in enumerate(funcs):
        end = insns[-1][0] + 1 if insns else start
        func_at.append((start, end, i))

    def func_of(x):
        for s, e, i in func_at:
            if s <= x < e:
                return i
        return None

    roots = set()
    for name, start, insns in funcs:
        inside = in_u(start)
        for addr, mnem, ops in insns:
            m = re.search(r"#\s*([0-9a-f]+)\b", ops) if "(%rip)" in ops else None
            if m and in_u(int(m.group(1), 16)):
                fail.append("address of unmarked code taken at 0x%x in %s: %s %s" % (addr, name, mnem, ops))
            m = re.match(r"^([0-9a-f]+) <", ops)
            if m and (mnem.startswith("call") or mnem.startswith("j")):
                t = int(m.group(1), 16)
                if in_u(t) and not inside:
                    roots.add(func_of(t))
    # Pointers to unmarked code stored in data: allowed only in a data object
    # (from the symbol table) that no reachable code reads; checked below,
    # once the reachable set is known.
    objects = []
    for line in sh([a.readelf, "-sW", a.lib]).splitlines():
        f = line.split()
        if len(f) >= 8 and f[3] == "OBJECT" and re.fullmatch(r"[0-9a-f]+", f[1]):
            size = int(f[2], 0)
            if size:
                objects.append((int(f[1], 16), size, f[7]))
    ptr_objects = {}
    for off, tgt in reloc_targets:
        if in_u(tgt):
            obj = [o for o in objects if o[0] <= off < o[0] + o[1]]
            if not obj:
                fail.append("relocation at 0x%x points into unmarked code (0x%x), outside any data object" % (off, tgt))
            else:
                ptr_objects.setdefault(obj[0], []).append(tgt)

    for n, t in entries:  # entry points (exports, constructors) into unmarked code
        if in_u(t):
            roots.add(func_of(t))
    reach, todo = set(), [r for r in roots if r is not None]
    while todo:
        i = todo.pop()
        if i in reach:
            continue
        reach.add(i)
        name, start, insns = funcs[i]
        for addr, mnem, ops in insns:
            if re.match(r"^(call|jmp|notrack)", mnem) and "*" in ops or mnem in ("notrack",):
                fail.append("indirect branch in reachable unmarked code: %s+0x%x: %s %s" %
                            (name, addr - start, mnem, ops))
            if mnem in SHSTK_INSNS or SHSTK_FUNCS.search(ops):
                fail.append("shadow-stack-sensitive code in %s: %s %s" % (name, mnem, ops))
            m = re.match(r"^([0-9a-f]+) <", ops)
            if m and (mnem.startswith("call") or mnem.startswith("j")):
                t = int(m.group(1), 16)
                j = func_of(t)
                if in_u(t) and j is not None and j not in reach:
                    todo.append(j)
        if insns and insns[-1][1].startswith("call") and i + 1 < len(funcs) and in_u(funcs[i + 1][1]):
            todo.append(i + 1)  # a final (noreturn?) call: assume it may fall through
    # Who reads the data objects holding pointers to unmarked code?
    for (ostart, osize, oname), tgts in sorted(ptr_objects.items()):
        readers = set()
        for i, (name, start, insns) in enumerate(funcs):
            for addr, mnem, ops in insns:
                m = re.search(r"#\s*([0-9a-f]+)\b", ops) if "(%rip)" in ops else None
                if m and ostart <= int(m.group(1), 16) < ostart + osize:
                    readers.add(i)
        live = [funcs[i][0] for i in readers if i in reach or not in_u(funcs[i][1])]
        print("# %s holds %d pointers to unmarked code; read by %s" %
              (oname, len(tgts), ", ".join(sorted(funcs[i][0] for i in readers)) or "nothing"))
        if live:
            fail.append("%s (pointers to unmarked code) is read by reachable code: %s" % (oname, ", ".join(live)))
    unreached_ind = []
    for i, (name, start, insns) in enumerate(funcs):
        if in_u(start) and i not in reach and any("*" in ops and re.match(r"^(call|jmp)", mn) for _, mn, ops in insns):
            unreached_ind.append(name)
    if unmarked:
        print("# unmarked code reached from the library: %s" %
              (", ".join(sorted(funcs[i][0] for i in reach)) or "nothing"))
        print("# unmarked functions with indirect branches, never reached or referenced: %s" %
              (", ".join(sorted(unreached_ind)) or "none"))
    for f in fail:
        print("# FAIL: " + f)
    if fail:
        return 1
    print("# PASS: the IBT and SHSTK marking of %s is true (%d unmarked input sections checked)" %
          (a.lib, len(unmarked)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
