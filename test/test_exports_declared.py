#!/usr/bin/env python3
"""Every exported symbol is declared in an installed header, and every
function an installed header declares is exported: the headers are the ABI.

usage: test_exports_declared.py HEADER... -- LIBRARY...

The HEADERs are the installed headers (include/ecfield/meson.build's list and
the build's generated ones; a directory stands for its *.h). A public declaration is a prototype of an ecf_
function at file scope; it must carry ECF_API (the library's visibility
macro) and appear once across all headers. The set of declared functions must
equal the union of the libraries' defined dynamic symbols (nm -D), and no
symbol may be exported by two libraries."""
import os
import re
import subprocess
import sys

NM = os.environ.get("NM", "nm")
PROTO = re.compile(r"^(?P<pre>[^\n;{}()#]*?)\b(?P<name>ecf_\w+)\s*\(", re.M)


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def declarations(path):
    """(name, has ECF_API, line) of each file-scope ecf_ prototype."""
    text = strip_comments(open(path).read())
    # Join continued lines of a declaration: the prototype begins at a line start.
    # The C++ linkage block is no scope: drop its braces.
    text = re.sub(r'(#if(?:def)?\s+(?:defined\()?__cplusplus\)?\s*\n)\s*(?:extern "C"\s*)?[{}]\s*\n', r"\1", text)
    # One declaration on one line (clang-format may break inside ECF_NONNULL(...)),
    # its other newlines moved after it so that line numbers stay true.
    text = re.sub(r"(?m)^ECF_API\b[^;{]*;", lambda m: m.group(0).replace("\n", " ") + "\n" * m.group(0).count("\n"), text)
    out = []
    depth = 0
    for i, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("#"):
            continue
        if depth == 0:
            # The attribute macros (ecfield/common.h) are not part of the name's context.
            m = PROTO.match(re.sub(r"\bECF_(?:NONNULL\([^)]*\)|WARN_UNUSED_RESULT)\s*", "", line))
            if m and not re.search(r"\b(return|typedef|sizeof|static)\b|[=.,>]", m.group("pre")):
                out.append((m.group("name"), "ECF_API" in m.group("pre"), i))
        depth += line.count("{") - line.count("}")
    return out


def main():
    args = sys.argv[1:]
    if "--" not in args:
        sys.exit(__doc__)
    k = args.index("--")
    headers, libs = [], args[k + 1:]
    for a in args[:k]:
        headers += sorted(os.path.join(a, f) for f in os.listdir(a) if f.endswith(".h")) if os.path.isdir(a) else [a]
    fail = 0
    where = {}
    nheaders = 0
    for p in headers:
        nheaders += 1
        for name, api, line in declarations(p):
            if not api:
                print("FAIL: %s:%d: %s is declared without ECF_API" % (p, line, name))
                fail = 1
            if name in where:
                print("FAIL: %s:%d: %s is declared again (first at %s)" % (p, line, name, where[name]))
                fail = 1
            where.setdefault(name, "%s:%d" % (p, line))
    exported = {}
    for lib in libs:
        out = subprocess.run([NM, "-D", "--defined-only", lib], capture_output=True, text=True, check=True).stdout
        for line in out.splitlines():
            parts = line.split()
            if len(parts) == 3 and parts[1] in "TtWiDBR" and not parts[2].startswith("ECFIELD"):
                name = parts[2].split("@")[0]
                if name in exported:
                    print("FAIL: %s is exported by %s and %s" % (name, exported[name], lib))
                    fail = 1
                exported[name] = lib
    for name in sorted(set(exported) - set(where)):
        print("FAIL: %s is exported by %s but declared in no installed header" % (name, exported[name]))
        fail = 1
    for name in sorted(set(where) - set(exported)):
        print("FAIL: %s is declared at %s but exported by no library" % (name, where[name]))
        fail = 1
    print("# %d headers, %d declarations, %d exported symbols from %d libraries" %
          (nheaders, len(where), len(exported), len(libs)))
    sys.exit(fail)


if __name__ == "__main__":
    main()
