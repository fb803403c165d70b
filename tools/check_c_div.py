#!/usr/bin/env python3
"""Static check of the library's C objects: no division on secrets.

usage: check_c_div.py [--objdump OBJDUMP] [--expect-reject] ARCHIVE

A hardware divide takes a time that depends on its operands, and the valgrind
test cannot see it (no branch, no address). Disassembles every C object
(*.c.o) of ARCHIVE with relocations and rejects, in every function, a div or
idiv instruction (any width; aarch64 udiv/sdiv) and a call to the compiler's
division helpers (__udivti3, __umodti3, __divdi3, ...; 32-bit targets and
128-bit divisions call them). Functions that handle no secret may divide:
they are allow-listed below by name (and any name containing "vartime").

--expect-reject inverts the verdict (for the planted self-test): pass only if
every function of the archive was rejected.
"""
import argparse
import os
import re
import subprocess
import sys

# Functions that see only public values and may divide (none yet). Add a
# name here only with the reason next to it.
ALLOW = {
}
DIV_INSN = re.compile(r"^(i?div[bwlq]?|[us]div)$")
DIV_HELPER = re.compile(r"__(u?div|u?mod|udivmod|divmod)[sdt]i[34]")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--objdump", default=os.environ.get("OBJDUMP", "objdump"))
    ap.add_argument("--expect-reject", action="store_true")
    ap.add_argument("archive")
    a = ap.parse_args()
    out = subprocess.run([a.objdump, "-dr", "--no-show-raw-insn", a.archive], check=True, capture_output=True,
                         text=True).stdout
    member = func = None
    objs, funcs, bad, seen, hit = set(), 0, [], set(), set()
    for line in out.splitlines():
        m = re.match(r"^(\S+\.o):\s+file format", line)
        if m:
            member = m.group(1) if m.group(1).endswith(".c.o") else None
            if member:
                objs.add(member)
            func = None
            continue
        if member is None:
            continue
        m = re.match(r"^[0-9a-f]+ <(.+)>:$", line)
        if m:
            func = m.group(1)
            funcs += 1
            seen.add(func)
            continue
        if func is None or func in ALLOW or "vartime" in func:
            continue
        m = re.match(r"^\s+[0-9a-f]+:\s+(\S+)\s*(.*)$", line)
        if m and DIV_INSN.match(m.group(1)):
            bad.append("%s: %s: %s %s  <- hardware division" % (member, func, m.group(1), m.group(2)))
            hit.add(func)
        elif re.match(r"^\s+[0-9a-f]+:\s+R_\S+\s+(\S+)", line) and DIV_HELPER.search(line):
            bad.append("%s: %s: %s  <- call to a division helper" % (member, func, line.split()[-1]))
            hit.add(func)
    if not objs:
        print("# FAIL: no C object in", a.archive)
        return 1
    for b in bad:
        print("# %s %s" % ("rejected as planted:" if a.expect_reject else "REJECTED:", b))
    if a.expect_reject:
        if seen - hit:
            print("# FAIL: the checker accepted a planted division in", ", ".join(sorted(seen - hit)))
            return 1
        print("# PASS: every planted division was rejected (%s)" % ", ".join(sorted(hit)))
        return 0
    if bad:
        print("# FAIL: %d divisions in functions that handle secrets" % len(bad))
        return 1
    print("# PASS: %d C objects, %d functions, no division outside the allow-list (%d names)"
          % (len(objs), funcs, len(ALLOW)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
