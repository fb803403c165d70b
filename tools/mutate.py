#!/usr/bin/env python3
"""Mutation testing: every listed mutant must be killed by its named test.

Mutant lists: tools/mutants/*.txt (one file per area; each helper adds its
own). One mutant per line, four TAB-separated fields:

    <meson test name> TAB <file, relative to the source root> TAB <sed -E expression> TAB <description>

Lines starting with '#' are comments; an equivalent mutant is kept in the
list commented out with its reason ('#equivalent<TAB>...'). A list whose
mutants need another build (a cross build under qemu-user) names its extra
`meson setup` arguments in a line '#@ meson-setup: ARGS' (paths relative to
the source root); such a list runs only when named on the command line, alone
or with lists of the same setup, never in the default run of every list.

The runner copies the source tree to a scratch directory outside it, sets up
one build there, and runs each named test once on the unmutated code before
its first mutant (it must pass, or every kill would be meaningless). Then,
per mutant: apply the sed expression to the file (an expression that changes nothing is
an error: the list has gone stale), rebuild only what the named test needs,
run `meson test NAME` with a timeout, record killed/survived and the time,
and restore the file. A mutant that does not compile is an error too (it
tests nothing).

    python3 tools/mutate.py --all                  # every mutant (local)
    python3 tools/mutate.py --budget 300           # CI: as many as fit in 300 s
    python3 tools/mutate.py --match p256 --all     # those whose line mentions p256

Mutants that only a cross build can kill (kernels of another architecture,
run under qemu-user) live in tools/mutants/<arch>/*.txt, outside the default
glob, and run in a cross scratch build: --cross-file FILE (repeatable, as
meson takes them; paths relative to the source root) and the environment the
tests need, e.g. for the Armv8 hash kernels (tools/mutants/aarch64/a64hash.txt):

    bash .ci/sysroot.sh aarch64
    QEMU_CPU=max python3 tools/mutate.py --all --meson-option sidh=disabled \
        --cross-file build-sysroot/aarch64.ini --cross-file cross/aarch64-linux-gnu.ini \
        tools/mutants/aarch64/a64hash.txt

With a budget too small for the whole list, the runner takes a deterministic
rotation: it starts at an offset derived from the source tree's git commit
(or MUTATION_OFFSET) and runs mutants in list order from there, wrapping,
until the next one would not fit; successive commits cover the whole list.
Exit status: 0 only if every mutant run was killed and no entry was stale or
broken; the kill table is printed (and written with --table FILE as Markdown).
"""
import argparse
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_targets import test_targets  # noqa: E402


def list_setup(path):
    """The '#@ meson-setup:' arguments of a list (empty: the default build)."""
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#@ meson-setup:"):
                return line.split(":", 1)[1].split()
    return []


def parse_lists(paths):
    mutants = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for lineno, line in enumerate(f, 1):
                line = line.rstrip("\n")
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                fields = line.split("\t")
                if len(fields) != 4 or not all(x.strip() for x in fields):
                    sys.exit("%s:%d: expected 4 TAB-separated fields, got %d" % (path, lineno, len(fields)))
                test, file, expr, desc = fields
                mutants.append(dict(test=test, file=file, expr=expr, desc=desc,
                                    where="%s:%d" % (os.path.relpath(path), lineno)))
    return mutants


def run(cmd, timeout=None, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=timeout, **kw)


def copy_tree(src, dst):
    def ignore(d, names):
        skip = {".git"}
        if os.path.abspath(d) == os.path.abspath(src):
            skip |= {n for n in names if n.startswith("build")}
        return [n for n in names if n in skip]
    shutil.copytree(src, dst, symlinks=True, ignore=ignore)


def apply_sed(path, expr):
    with open(path, "rb") as f:
        before = f.read()
    res = subprocess.run(["sed", "-E", "-e", expr, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if res.returncode != 0:
        return before, None, res.stderr.decode(errors="replace").strip()
    return before, res.stdout, None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("lists", nargs="*", help="mutant lists (default: tools/mutants/*.txt)")
    ap.add_argument("--all", action="store_true", help="run every mutant, whatever the budget")
    ap.add_argument("--budget", type=float, default=float(os.environ.get("MUTATION_SECONDS", "300")),
                    help="wall-time budget in seconds for the whole run (default MUTATION_SECONDS or 300)")
    ap.add_argument("--timeout", type=float, default=float(os.environ.get("MUTATION_TEST_TIMEOUT", "300")),
                    help="seconds a mutant's test may run (a timeout counts as killed)")
    ap.add_argument("--match", help="only mutants whose list line contains this text")
    ap.add_argument("--table", help="also write the kill table here (Markdown)")
    ap.add_argument("--workdir", help="scratch directory (default: a new one under $TMPDIR)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch directory")
    ap.add_argument("--meson-option", action="append", default=[], help="extra -D option for the scratch build")
    ap.add_argument("--cross-file", action="append", default=[],
                    help="meson cross file for the scratch build (relative to the source root; repeatable)")
    args = ap.parse_args()

    t_start = time.monotonic()
    src = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
    lists = args.lists or sorted(glob.glob(os.path.join(src, "tools", "mutants", "*.txt")))
    if not args.lists:
        for path in [p for p in lists if list_setup(p)]:
            print("# skipped %s: its mutants need their own build (%s); name the list to run them"
                  % (os.path.relpath(path), " ".join(list_setup(path))))
            lists.remove(path)
    if not lists:
        sys.exit("no mutant lists")
    setups = {tuple(list_setup(p)) for p in lists}
    if len(setups) > 1:
        sys.exit("these lists need different builds: run them apart")
    setup_args = []
    for a in setups.pop():
        # a path relative to the source root (a cross file) made absolute
        if not a.startswith("-") and os.path.exists(os.path.join(src, a)):
            a = os.path.join(src, a)
        setup_args.append(a)
    mutants = parse_lists(lists)
    if args.match:
        mutants = [m for m in mutants if args.match in "\t".join((m["test"], m["file"], m["expr"], m["desc"]))]
    if not mutants:
        sys.exit("no mutants selected")
    for m in mutants:
        if not os.path.isfile(os.path.join(src, m["file"])):
            sys.exit("%s: no such file %s" % (m["where"], m["file"]))

    work = args.workdir or tempfile.mkdtemp(prefix="ecf-mutate-")
    if os.path.abspath(work).startswith(src + os.sep):
        sys.exit("the scratch directory must be outside the source tree")
    os.makedirs(work, exist_ok=True)
    scratch, build = os.path.join(work, "src"), os.path.join(work, "build")
    try:
        if not os.path.isdir(scratch):
            copy_tree(src, scratch)
        if not os.path.isdir(build):
            # benchmarks=true: bench_cli's mutants (tools/mutants/pkg.txt) need ecfield-bench;
            # only the targets a named test needs are ever built.
            opts = ["-D" + o for o in args.meson_option] + setup_args
            if not any(o.startswith("-Dbenchmarks=") for o in opts):
                opts = ["-Dbenchmarks=true"] + opts
            opts += ["--cross-file=" + os.path.join(src, f) for f in args.cross_file]
            r = run(["meson", "setup", build, scratch] + opts)
            if r.returncode:
                print(r.stdout)
                sys.exit("meson setup failed")
        needs = test_targets(build)
        for m in mutants:
            if m["test"] not in needs:
                sys.exit("%s: no meson test named %s" % (m["where"], m["test"]))
        # Every listed mutant, run or not in this rotation, must still change
        # its file (cheap: sed to a pipe): a list gone stale fails every run.
        stale = []
        for m in mutants:
            before, after, err = apply_sed(os.path.join(scratch, m["file"]), m["expr"])
            if err or after == before:
                stale.append(m)
        for m in stale:
            print("STALE  %s: %s (the sed no longer changes %s)" % (m["where"], m["desc"], m["file"]))
        if stale:
            sys.exit("%d stale mutant(s): update their lines" % len(stale))
        print("# setup: %.0f s; all %d mutants still apply" % (time.monotonic() - t_start, len(mutants)), flush=True)
        baseline = {}

        def run_baseline(name):
            """The named test on the unmutated code (built for it first): it must pass."""
            t0 = time.monotonic()
            r = run(["ninja", "-C", build] + sorted(needs[name]))
            if r.returncode:
                print(r.stdout[-4000:])
                sys.exit("the unmutated build of %s failed" % name)
            r = run(["meson", "test", "-C", build, "--no-rebuild", name], timeout=args.timeout)
            if r.returncode:
                print(r.stdout[-6000:])
                sys.exit("test %s fails on the unmutated code: fix that first" % name)
            baseline[name] = time.monotonic() - t0
            print("# baseline %s: passes unmutated (%.1f s with its build)" % (name, baseline[name]), flush=True)

        order = list(range(len(mutants)))
        if not args.all:
            off = os.environ.get("MUTATION_OFFSET")
            if off is None:
                head = run(["git", "-C", src, "rev-parse", "HEAD"]).stdout.strip() or "0"
                off = int(hashlib.sha256(head.encode()).hexdigest()[:8], 16)
            off = int(off) % len(mutants)
            order = order[off:] + order[:off]
            print("# budget %.0f s: rotation from mutant %d of %d" % (args.budget, off + 1, len(mutants)))

        results = []
        longest = 0.0
        for idx in order:
            m = mutants[idx]
            elapsed = time.monotonic() - t_start
            if not args.all and results and elapsed + max(longest, 5.0) > args.budget:
                break
            if m["test"] not in baseline:
                run_baseline(m["test"])
            path = os.path.join(scratch, m["file"])
            t1 = time.monotonic()
            before, after, err = apply_sed(path, m["expr"])
            status = None
            if err:
                status = "ERROR: sed: " + err
            elif after == before:
                status = "ERROR: stale (the sed changed nothing)"
            else:
                try:
                    with open(path, "wb") as f:
                        f.write(after)
                    r = run(["ninja", "-C", build] + sorted(needs[m["test"]]))
                    if r.returncode:
                        status = "ERROR: does not build"
                        detail = r.stdout[-1500:]
                    else:
                        try:
                            r = run(["meson", "test", "-C", build, "--no-rebuild", m["test"]], timeout=args.timeout)
                            status = "killed" if r.returncode else "SURVIVED"
                        except subprocess.TimeoutExpired:
                            status = "killed (timeout)"
                finally:
                    with open(path, "wb") as f:
                        f.write(before)
            secs = time.monotonic() - t1
            longest = max(longest, secs)
            results.append(dict(m, status=status, secs=secs))
            print("%-9s %6.1fs  %-28s %s: %s" % (status.split(":")[0].split(" (")[0], secs, m["test"], m["where"],
                                                  m["desc"]), flush=True)
            if status.startswith("ERROR: does not build"):
                print(detail)
        # Leave the build matching the restored sources.
        run(["ninja", "-C", build])

        killed = sum(1 for r in results if r["status"].startswith("killed"))
        survived = [r for r in results if r["status"] == "SURVIVED"]
        errors = [r for r in results if r["status"].startswith("ERROR")]
        lines = ["| mutant | file | test | result | seconds |", "|---|---|---|---|---|"]
        for r in results:
            lines.append("| %s | %s | %s | %s | %.1f |" % (r["desc"].replace("|", "\\|"), r["file"], r["test"],
                                                         r["status"], r["secs"]))
        table = "\n".join(lines)
        print(table)
        summary = ("mutation: %d of %d mutants run (%d listed), %d killed, %d survived, %d errors, %.0f s"
                   % (len(results), len(mutants), len(mutants), killed, len(survived), len(errors),
                      time.monotonic() - t_start))
        print(summary)
        if args.table:
            with open(args.table, "w") as f:
                f.write(table + "\n\n" + summary + "\n")
        return 0 if results and not survived and not errors else 1
    finally:
        if not args.keep and not args.workdir:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
