#!/usr/bin/env python3
"""Every exported function can be found with grep: for each ecf_ name that a
library exports (nm -D --defined-only), the source tree has a line that
defines it by name, either

  - a C function definition that spells it, at the start of a line:
        int ecf_x25519(uint8_t out[32], ...)
        {
    (a prototype, a call or a mention in a comment does not count), or
  - an alias line that spells it (lib/common/internal.h; the exported names
    of a generic definition are listed so, once per instantiation):
        ECFI_EXPORT_ALIAS(ecf_p503_fp2_mul, ecfi_p503_fp2_mul);

A name built by token pasting (FN(mul) in a template) has neither, and fails.

usage: test_names_findable.py [--expect-missing NAME,...] SOURCE... -- LIBRARY...

SOURCE: a file or a directory (its *.c, *.h, *.S, *.inc, recursively).
--expect-missing: pass only if exactly these names are missing (the planted
  test: the check must be able to fail, and must name what it cannot find).
"""
import os
import re
import subprocess
import sys

NM = os.environ.get("NM", "nm")
EXTS = (".c", ".h", ".S", ".inc")
# A definition begins at column 0 with its return type: `int ecf_x(`,
# `const char *ecf_version(`, `void\necf_y(` is not the tree's style.
DEF_START = re.compile(r"^(?P<pre>[A-Za-z_][^\n;{}()#=]*?[\s*])(?P<name>ecf_\w+)\s*\(", re.M)
ALIAS = re.compile(r"^[ \t]*ECFI_EXPORT_ALIAS\(\s*(?P<name>ecf_\w+)\s*,", re.M)
ATTRIBUTE = re.compile(r"\s*__attribute__\s*\(\(")


def strip_comments(text):
    """Comments and string literals out, line numbers kept."""

    def blank(m):
        s = m.group(0)
        if s.startswith("/*"):
            return "\n" * s.count("\n")
        if s.startswith("//"):
            return ""
        return '""'

    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', blank, text, flags=re.S)


def close_paren(text, i):
    """Index just after the ')' matching the '(' at text[i]."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "(":
            depth += 1
        elif text[j] == ")":
            depth -= 1
            if depth == 0:
                return j + 1
    return len(text)


def is_definition(text, m):
    """The parameter list is followed by a body (attributes allowed between)."""
    if re.search(r"\b(return|typedef|sizeof|extern)\b", m.group("pre")):
        return False
    j = close_paren(text, m.end() - 1)
    while True:
        a = ATTRIBUTE.match(text, j)
        if not a:
            break
        j = close_paren(text, a.end() - 2)
    rest = text[j:].lstrip()
    return rest.startswith("{")


def source_files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                for f in sorted(files):
                    if f.endswith(EXTS):
                        yield os.path.join(root, f)
        else:
            yield p


def defining_lines(paths):
    """name -> [(file, line, how)] for every definition or alias line."""
    found = {}
    for path in source_files(paths):
        try:
            text = strip_comments(open(path, encoding="utf-8", errors="replace").read())
        except OSError as e:
            sys.exit(f"FAIL: cannot read {path}: {e}")
        for m in DEF_START.finditer(text):
            if is_definition(text, m):
                line = text.count("\n", 0, m.start("name")) + 1
                found.setdefault(m.group("name"), []).append((path, line, "definition"))
        for m in ALIAS.finditer(text):
            line = text.count("\n", 0, m.start("name")) + 1
            found.setdefault(m.group("name"), []).append((path, line, "alias"))
    return found


def exported(lib):
    out = subprocess.run([NM, "-D", "--defined-only", lib], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"FAIL: {NM} -D {lib}: {out.stderr.strip()}")
    names = set()
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] in "TtWiI" and parts[2].startswith("ecf_"):
            names.add(parts[2].split("@")[0])
    return names


def main(argv):
    expect = None
    args = argv[1:]
    while args and args[0].startswith("--") and args[0] != "--":
        opt = args.pop(0)
        if opt == "--expect-missing" and args:
            expect = set(n for n in args.pop(0).split(",") if n)
        else:
            sys.exit(__doc__)
    if "--" not in args:
        sys.exit(__doc__)
    k = args.index("--")
    sources, libs = args[:k], args[k + 1 :]
    if not sources or not libs:
        sys.exit(__doc__)

    found = defining_lines(sources)
    ok = True
    missing = set()
    for lib in libs:
        names = exported(lib)
        if not names:
            print(f"FAIL: {lib} exports no ecf_ function")
            ok = False
        by = {"definition": 0, "alias": 0}
        for name in sorted(names):
            where = found.get(name)
            if where:
                by[where[0][2]] += 1
            else:
                missing.add(name)
                print(f"MISSING: {name} ({os.path.basename(lib)}): no definition `<type> {name}(...) {{` "
                      f"and no ECFI_EXPORT_ALIAS({name}, ...) line in {' '.join(sources)}")
        print(f"# {os.path.basename(lib)}: {len(names)} exported ecf_ functions, {by['definition']} defined "
              f"literally, {by['alias']} by alias lines")

    if expect is not None:
        if missing == expect:
            print(f"# planted: exactly the expected names missing ({', '.join(sorted(expect))})")
        else:
            print(f"FAIL: expected missing {sorted(expect)}, got {sorted(missing)}")
            ok = False
    elif missing:
        print(f"FAIL: {len(missing)} exported names cannot be found with grep (list them by name: "
              "docs/design.md, 'The internal field layer')")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
