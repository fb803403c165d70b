#!/usr/bin/env python3
"""The layers of lib/ include only downwards (docs/design.md, "Layers"):

  lib/common/    only lib/common/ (and generated headers)
  lib/kernels/   only lib/kernels/ and lib/common/ (and generated parameters)
  lib/dispatch/  not lib/fields/, lib/hash/, lib/curves/, lib/testhooks/
  lib/fields/    not lib/hash/, lib/curves/, lib/testhooks/
  lib/hash/      not lib/fields/, lib/curves/, lib/testhooks/
  lib/curves/, lib/testhooks/: anything (curves reach testhooks/ only
  under ECFI_TEST_HOOKS, in the hook build of a file)

Every `#include "..."` directive of every *.c, *.h, *.S and *.inc under
ROOT/lib is read (comments and `<...>` system headers are not). An include
names its layer by its first directory (`curves/p256/fe.h`); a bare name is
looked up next to the including file, then by file name anywhere under lib/
(`p25519_internal.h` is lib/fields/'s); a name found nowhere in the tree is
a generated header (build directory: *_params.h, tables, ecfi_config.h) or a
subproject's, and belongs to no layer.

usage: test_layers.py [--expect FILE:INCLUDE,...] ROOT

--expect: pass only if exactly these violations are found (the planted
  test: test/layers_planted/ must fail, and name what breaks the rule).
"""
import os
import re
import sys

EXTS = (".c", ".h", ".S", ".inc")
LAYERS = ("common", "kernels", "dispatch", "fields", "hash", "curves", "testhooks")
# What each layer may include besides itself; None: anything.
ALLOWED = {
    "common": {"common"},
    "kernels": {"kernels", "common"},
    "dispatch": {"dispatch", "common", "kernels"},
    "fields": {"fields", "kernels", "dispatch", "common"},
    "hash": {"hash", "kernels", "dispatch", "common"},
    "curves": None,
    "testhooks": None,
}
# The tier table is macros only (capability bits, tiers, each family's
# kernel list; it includes common/ and the public header): every layer that
# declares or dispatches kernels reads it (docs/design.md, "Dispatch").
TABLES = {"dispatch/tiers.h"}
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]+"([^"]+)"', re.M)
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def sources(lib):
    for d, dirs, files in os.walk(lib):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(EXTS):
                yield os.path.join(d, f)


def layer_of_path(lib, path):
    rel = os.path.relpath(path, lib).split(os.sep)
    return rel[0] if len(rel) > 1 and rel[0] in LAYERS else None


def main(argv):
    expect = None
    if argv[:1] == ["--expect"]:
        expect = set(x for x in argv[1].split(",") if x)
        argv = argv[2:]
    if len(argv) != 1:
        sys.exit(__doc__)
    lib = os.path.join(argv[0], "lib")
    files = list(sources(lib))
    by_name = {}
    for f in files:
        by_name.setdefault(os.path.basename(f), []).append(f)
    found = []
    checked = 0
    for f in files:
        own = layer_of_path(lib, f)
        if own is None or ALLOWED[own] is None:
            continue
        with open(f, encoding="utf-8") as fh:
            text = COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), fh.read())
        for m in INCLUDE.finditer(text):
            inc = m.group(1)
            checked += 1
            first = inc.split("/")[0]
            if "/" in inc and first in LAYERS:
                target = first
            else:
                near = os.path.join(os.path.dirname(f), inc)
                if os.path.exists(near):
                    target = layer_of_path(lib, near)
                elif len(by_name.get(os.path.basename(inc), [])) == 1:
                    target = layer_of_path(lib, by_name[os.path.basename(inc)][0])
                else:
                    target = None  # generated, public (ecfield/...) or a subproject's
            if target is not None and target not in ALLOWED[own] and inc not in TABLES:
                rel = os.path.relpath(f, argv[0])
                line = text.count("\n", 0, m.start()) + 1
                found.append((rel, line, inc, own, target))
    for rel, line, inc, own, target in found:
        print("%s:%d: includes \"%s\": lib/%s/ may not include lib/%s/" % (rel, line, inc, own, target))
    print("# %d files, %d includes checked, %d violations" % (len(files), checked, len(found)))
    if expect is None:
        return 1 if found else 0
    got = set("%s:%s" % (rel, inc) for rel, _, inc, _, _ in found)
    if got != expect:
        print("# expected exactly: %s" % ", ".join(sorted(expect)))
        print("# missed: %s; unexpected: %s" % (", ".join(sorted(expect - got)) or "none",
                                                ", ".join(sorted(got - expect)) or "none"))
        return 1
    print("# the planted violations, and only those, were found")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
