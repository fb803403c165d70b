#!/usr/bin/env python3
"""Every field has the operations docs/api.md gives it, and no others.

Usage: test_api_names.py DOCS_API_MD LIBECFIELD_SO HEADER...

Parses the two tables of docs/api.md, the ECF_API declarations of each
field's public header, and the dynamic symbols of the library: a field whose
header declares an operation the table does not give it (or lacks one it
does), or whose operation the library does not export, fails the test.
"""
import re
import subprocess
import sys

FIELDS = {"p256": "p256", "p256n": "p256n", "sc25519": "sc25519", "p25519": "p25519",
          "p434": "sidh", "p503": "sidh", "p610": "sidh", "p751": "sidh"}


def table(md):
    cols, want = None, {}
    for line in md.splitlines():
        if not line.startswith("|"):
            cols = None
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0] == "op":
            cols = cells
            continue
        if cols is None or not cells[0].startswith("`"):
            continue
        op = cells[0].strip("`")
        for col, cell in zip(cols[1:], cells[1:]):
            if col in FIELDS.values():
                want.setdefault(col, set())
                if cell == "yes":
                    want[col].add(op)
                elif cell != "-":
                    raise SystemExit("docs/api.md: cell %r of %s/%s is neither yes nor -" % (cell, op, col))
    return want


def main(argv):
    md, lib, headers = argv[1], argv[2], argv[3:]
    want = table(open(md).read())
    nm = subprocess.run(["nm", "-D", "--defined-only", lib], check=True, capture_output=True, text=True).stdout
    exported = {l.split()[-1].split("@")[0] for l in nm.splitlines() if l.strip()}
    fail = 0
    seen = set()
    for h in headers:
        text = open(h).read()
        for field, col in FIELDS.items():
            names = set(re.findall(r"ECF_API\s+[^;(]*?\becf_%s_([a-z0-9_]+)\s*\(" % field, text))
            if not names:
                continue
            seen.add(field)
            if names != want[col]:
                print("FAIL %s (%s): declared but not in docs/api.md: %s; in docs/api.md but not declared: %s"
                      % (field, h, sorted(names - want[col]), sorted(want[col] - names)))
                fail = 1
            missing = sorted("ecf_%s_%s" % (field, op) for op in names if "ecf_%s_%s" % (field, op) not in exported)
            if missing:
                print("FAIL %s: not exported by %s: %s" % (field, lib, missing))
                fail = 1
            print("# %s: %d operations, as docs/api.md says" % (field, len(names)))
    if seen != set(FIELDS):
        print("FAIL: no header declared fields %s" % sorted(set(FIELDS) - seen))
        fail = 1
    return fail


if __name__ == "__main__":
    sys.exit(main(sys.argv))
