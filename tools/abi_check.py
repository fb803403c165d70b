#!/usr/bin/env python3
"""The ABI of the shipped libraries against the baselines recorded in abi/.

  abi_check.py check BUILD_DIR   compare every built library with its baseline
  abi_check.py update BUILD_DIR  rewrite the baselines from BUILD_DIR (an
                                 intended change: commit it with the change)
  abi_check.py targets BUILD_DIR   print the libraries' ninja targets (a job
                                 builds them alone: ninja -C BUILD_DIR $(...))
  abi_check.py selftest BUILD_DIR  plant changes in scratch copies of the
                                 libecfield baseline: a library with one
                                 parameter more than the baseline and one
                                 lacking a baseline function must fail 'check',
                                 one with a function the baseline lacks must pass

BUILD_DIR must be built with debug info (-Ddebug=true; .ci/jobs/abi.sh makes
one): libabigail's abidw reads the types from DWARF. A baseline is the abidw
description (ABIXML) of the library, abi/<soname-less name>.abi, e.g.
abi/libecfield.abi. 'check' runs abidiff baseline -> library and fails on any
removed or changed function, variable, type or symbol, on a changed SONAME,
or when a library and its baseline are not both there; additions are
reported and pass (a release adds them to NEWS.md and refreshes the baseline,
docs/release.md)."""
import json
import os
import re
import subprocess
import sys

LIBS = ["libecfield", "libecfield-sidh"]
ABIDW = ["abidw", "--no-corpus-path", "--no-comp-dir-path", "--no-show-locs", "--drop-undefined-syms"]
SUMMARY = re.compile(r"^\s*(Functions|Variables|Function symbols|Variable symbols) changes summary: "
                     r"(\d+) Removed(?:, (\d+) Changed(?: \((\d+) filtered out\))?)?, (\d+) Added")


def library_targets(build):
    """LIBS name -> the library's file (BUILD/lib/NAME.so.X.Y.Z) as the build
    defines it (meson introspect), whether built yet or not; a library the
    configuration leaves out (-Dsidh=disabled) is absent."""
    out = subprocess.run(["meson", "introspect", "--targets", build], stdout=subprocess.PIPE, check=True,
                         text=True).stdout
    found = {}
    for t in json.loads(out):
        for f in t["filename"] if t["type"] == "shared library" else []:
            name = os.path.basename(f).split(".so.")[0]
            if name in LIBS:
                found[name] = f
    return found


def library(build, name):
    """The built file of the library, or None."""
    f = library_targets(build).get(name)
    return f if f and os.path.isfile(f) else None


def has_debug_info(path):
    out = subprocess.run(["readelf", "-S", "-W", path], capture_output=True, text=True).stdout
    return ".debug_info" in out


def selftest(build):
    import shutil
    import tempfile
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    text = open(os.path.join(root, "abi", "libecfield.abi")).read()
    # The first exported function with two or more parameters.
    m = re.search(r"    <function-decl name='(ecf_\w+)' [^\n]*\n(?:      <parameter [^\n]*\n){2,}", text)
    if not m:
        sys.exit("abi_check selftest: no function with two parameters in the baseline")
    fn = m.group(1)
    last = m.group(0).rstrip("\n").rsplit("\n", 1)[1] + "\n"
    plants = {
        # the baseline lacks the last parameter: the library "gained" one
        "changed": (text.replace(m.group(0), m.group(0)[: -len(last)], 1), 1),
        # the baseline has a symbol the library lacks
        "removed": (re.sub(r"(  <elf-function-symbols>\n)", "\\1    <elf-symbol name='ecf_planted_gone' version='ECFIELD_0.1' "
                           "is-default-version='yes' type='func-type' binding='global-binding' "
                           "visibility='default-visibility' is-defined='yes'/>\n", text, count=1), 1),
        # the baseline lacks a function the library has: an addition
        "added": (re.sub(r"    <function-decl name='%s' .*?</function-decl>\n" % fn, "",
                         re.sub(r"    <elf-symbol name='%s' [^\n]*\n" % fn, "", text, count=1), count=1, flags=re.S), 0),
    }
    fail = 0
    tmp = tempfile.mkdtemp(prefix="ecf-abi-")
    try:
        for what, (planted, want) in plants.items():
            if planted == text:
                print("# FAIL: selftest: the %s plant changed nothing" % what)
                fail = 1
                continue
            d = os.path.join(tmp, what)
            shutil.copytree(os.path.join(root, "abi"), d)  # the other baselines as they are
            with open(os.path.join(d, "libecfield.abi"), "w") as f:
                f.write(planted)
            env = dict(os.environ, ECF_ABI_DIR=d)
            r = subprocess.run([sys.executable, os.path.abspath(__file__), "check", build], env=env,
                               capture_output=True, text=True)
            got = 1 if r.returncode else 0
            verdict = [l for l in r.stdout.splitlines() if l.startswith(("# FAIL: libecfield:", "# ok: libecfield:"))]
            ok = got == want
            print("# %s: planted %s (%s): check %s%s" % ("ok" if ok else "FAIL", what, fn,
                  "failed" if got else "passed", ": " + verdict[-1][2:] if verdict else ""))
            fail |= not ok
    finally:
        shutil.rmtree(tmp)
    sys.exit(fail)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("check", "update", "selftest", "targets"):
        sys.exit(__doc__)
    mode, build = sys.argv[1], sys.argv[2]
    if mode == "targets":
        print("\n".join(os.path.relpath(f, build) for f in library_targets(build).values()))
        return
    if mode == "selftest":
        selftest(build)
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    abidir = os.environ.get("ECF_ABI_DIR") or os.path.join(root, "abi")
    fail = 0
    checked = 0
    for name in LIBS:
        lib = library(build, name)
        base = os.path.join(abidir, name + ".abi")
        if lib is None:
            if os.path.exists(base):
                print("# FAIL: %s has a baseline (%s) but was not built in %s" % (name, base, build))
                fail = 1
            continue
        if not has_debug_info(lib):
            sys.exit("abi_check: %s has no debug info: configure with -Ddebug=true" % lib)
        if mode == "update":
            subprocess.run(ABIDW + ["--out-file", base, lib], check=True)
            print("# wrote %s from %s" % (os.path.relpath(base, root), lib))
            continue
        if not os.path.exists(base):
            print("# FAIL: %s is built but has no baseline %s (tools/abi_check.py update)" % (name, base))
            fail = 1
            continue
        r = subprocess.run(["abidiff", "--no-show-locs", base, lib], capture_output=True, text=True)
        report = r.stdout + r.stderr
        checked += 1
        bad = []
        if r.returncode & 3:
            bad.append("abidiff failed (exit %d)" % r.returncode)
        if r.returncode & 8:
            bad.append("abidiff reports an incompatible change")
        if "SONAME changed" in report:
            bad.append("the SONAME changed")
        added = 0
        for line in report.splitlines():
            m = SUMMARY.match(line)
            if not m:
                continue
            what, removed, changed, added_n = m.group(1), int(m.group(2)), int(m.group(3) or 0), int(m.group(5))
            added += added_n
            if removed:
                bad.append("%d removed (%s)" % (removed, what.lower()))
            if changed:
                bad.append("%d changed (%s)" % (changed, what.lower()))
        if r.returncode & 4 and not bad and not added:
            bad.append("abidiff reports a change that is no addition")
        print("# %s: %s against %s" % (name, os.path.basename(lib), os.path.relpath(base, root)))
        for line in report.rstrip().splitlines():
            print("#   " + line)
        if bad:
            print("# FAIL: %s: %s" % (name, "; ".join(bad)))
            fail = 1
        else:
            print("# ok: %s: no removed or changed interface%s" % (name, ", %d added" % added if added else ""))
    if mode == "check" and not checked and not fail:
        print("# FAIL: no library checked")
        fail = 1
    sys.exit(fail)


if __name__ == "__main__":
    main()
