#!/usr/bin/env python3
"""The ninja targets that meson tests need, so that a job builds only those.

  test_targets.py BUILD_DIR [--suite S]... [NAME]...

prints, one per line, the targets (paths relative to BUILD_DIR) of the tests
in the suites S and of the tests NAME; e.g.
  ninja -C build-clang $(python3 tools/test_targets.py build-clang --suite ct)
  meson test -C build-clang --no-rebuild --suite ct
tools/mutate.py uses test_targets() to rebuild only what a mutant's test needs."""
import json
import os
import subprocess
import sys


def introspect(build, what):
    out = subprocess.run(["meson", "introspect", what, build], stdout=subprocess.PIPE, check=True, text=True).stdout
    return json.loads(out)


def test_targets(build, tests=None):
    """meson test name -> ninja targets (paths relative to build) it needs."""
    tests = tests if tests is not None else introspect(build, "--tests")
    targets = introspect(build, "--targets")
    by_id = {t["id"]: t for t in targets}
    outputs = {os.path.relpath(f, build) for t in targets for f in t["filename"]}
    out = {}
    for t in tests:
        need = []
        for dep in t.get("depends", []):
            tgt = by_id.get(dep)
            if tgt:
                need += [os.path.relpath(f, build) for f in tgt["filename"]]
        for a in t["cmd"]:  # the program, and built files among its arguments (ct programs, archives)
            # normpath: a source file argument reads BUILD/../src/... (test 'subproject')
            a = os.path.normpath(a) if isinstance(a, str) else a
            if isinstance(a, str) and a.startswith(os.path.abspath(build) + os.sep):
                rel = os.path.relpath(a, build)
                if rel in outputs:
                    need.append(rel)
        out.setdefault(t["name"], set()).update(need)
    return out


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit(__doc__)
    build, suites, names = args[0], [], []
    i = 1
    while i < len(args):
        if args[i] == "--suite" and i + 1 < len(args):
            suites.append(args[i + 1])
            i += 2
        else:
            names.append(args[i])
            i += 1
    tests = introspect(build, "--tests")
    # meson's suite names are PROJECT:SUITE (e.g. libecfield:ct)
    chosen = [t for t in tests if t["name"] in names or any(s.split(":")[-1] in suites for s in t["suite"])]
    missing = set(names) - {t["name"] for t in chosen}
    if missing or not chosen:
        sys.exit("test_targets: no such test or suite: %s" % " ".join(sorted(missing) or suites))
    need = set()
    for v in test_targets(build, chosen).values():
        need |= v
    print("\n".join(sorted(need)))


if __name__ == "__main__":
    main()
