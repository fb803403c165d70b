#!/usr/bin/env python3
"""Draw docs/benchmarks.svg from `ecfield-bench --json`: for each operation
(mul, sqr, inv, fp2_mul, fp2_sqr; the 256-bit fields and the
isogeny fields in separate panels), the median ticks of every field on
every kernel tier (the public entry) and of every peer in the same group
(call "peer", "evp", ...), as horizontal bars. Direct and pointer calls of our
own kernels are left out (they measure the call, not the tier).

One command regenerates the chart and the JSON it was drawn from:
    python3 tools/bench_chart.py --run build/benchmarks/ecfield-bench
(runs the benchmark pinned to CPU 1 with taskset when available, writes
docs/benchmarks.json and docs/benchmarks.svg). Or from a saved run:
    python3 tools/bench_chart.py docs/benchmarks.json -o docs/benchmarks.svg

Needs matplotlib (Debian: python3-matplotlib; with a pyenv python3 first in
PATH, run /usr/bin/python3). Only for the docs: no test or CI job uses it.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys

SMALL = ["p256", "p256n", "p25519"]
ISOGENY = ["p434", "p503", "p610", "p751"]
FIELD_ORDER = SMALL + ISOGENY
# Panels: (title, op, fields); the 256-bit fields apart from the isogeny
# fields, whose figures would hide theirs.
PANELS = [("mul, 256-bit fields", "mul", SMALL), ("sqr, 256-bit fields", "sqr", SMALL),
          ("mul (GF(p) of the isogeny fields)", "mul", ISOGENY), ("sqr (GF(p))", "sqr", ISOGENY),
          ("inv", "inv", FIELD_ORDER), ("fp2_mul", "fp2_mul", ISOGENY), ("fp2_sqr", "fp2_sqr", ISOGENY)]
OPS = sorted(set(p[1] for p in PANELS))


def run_bench(exe, samples, out_json):
    cmd = [exe, "--json", "--samples", str(samples)]
    if shutil.which("taskset"):
        cmd = ["taskset", "-c", "1"] + cmd
    sys.stderr.write("running: %s\n" % " ".join(cmd))
    text = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, universal_newlines=True).stdout
    with open(out_json, "w") as f:
        f.write(text)
    return text


def load(text):
    rows, probes = [], []
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        r = json.loads(line)
        (rows if "field" in r else probes).append(r)
    return rows, probes


def series_name(r):
    return r["kernel"] if r["call"] == "public" else "%s (%s)" % (r["kernel"], r["call"])


def keep(r):
    return r["op"] in OPS and r["field"] in FIELD_ORDER and r["call"] not in ("direct", "pointer")


def draw(rows, probes, out_svg):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.stderr.write("bench_chart.py: matplotlib not found (Debian: apt-get install python3-matplotlib; "
                         "run it with /usr/bin/python3)\n")
        return 2
    rows = [r for r in rows if keep(r)]
    panels = [p for p in PANELS if any(r["op"] == p[1] and r["field"] in p[2] for r in rows)]
    if not panels:
        sys.stderr.write("bench_chart.py: no rows of %s in the input\n" % ", ".join(OPS))
        return 1
    series = []
    for r in rows:
        if series_name(r) not in series:
            series.append(series_name(r))
    colors = {s: plt.get_cmap("tab10")(i % 10) for i, s in enumerate(series)}
    fig, axes = plt.subplots(len(panels), 1, figsize=(9, 1.0 + 2.0 * len(panels)), squeeze=False)
    for ax, (name, op, pfields) in zip(axes[:, 0], panels):
        fields = [f for f in pfields if any(r["op"] == op and r["field"] == f for r in rows)]
        here = [s for s in series if any(r["op"] == op and r["field"] in fields and series_name(r) == s for r in rows)]
        h = 0.8 / max(1, len(here))
        for j, s in enumerate(here):
            ys, xs = [], []
            for i, f in enumerate(fields):
                for r in rows:
                    if r["op"] == op and r["field"] == f and series_name(r) == s:
                        ys.append(i + (j - (len(here) - 1) / 2) * h)
                        xs.append(r["ticks"])
            bars = ax.barh(ys, xs, height=h, color=colors[s], label=s)
            for b, x in zip(bars, xs):
                ax.text(b.get_width(), b.get_y() + b.get_height() / 2, " %.0f" % x if x >= 100 else " %.1f" % x,
                        va="center", fontsize=6)
        ax.set_yticks(range(len(fields)))
        ax.set_yticklabels(fields)
        ax.invert_yaxis()
        ax.set_title(name, fontsize=9, loc="left")
        ax.margins(x=0.12)
        ax.tick_params(labelsize=7)
        ax.legend(fontsize=6, loc="best")
        ax.set_xlabel("median rdtsc ticks per call (lower is better)", fontsize=7)
    head = [p for p in probes if p.get("probe") == "libecfield"]
    title = "ecfield-bench"
    if head:
        title += " %s, kernel %s" % (head[0].get("version", ""), head[0].get("kernel", ""))
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(out_svg)  # format from the suffix (.svg for the docs)
    sys.stderr.write("wrote %s (%d rows)\n" % (out_svg, len(rows)))
    return 0


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("json", nargs="?", help="saved `ecfield-bench --json` output")
    ap.add_argument("--run", metavar="ECFIELD_BENCH", help="run this ecfield-bench first (pinned) and save its JSON")
    ap.add_argument("--samples", type=int, default=101)
    ap.add_argument("-o", "--output", default=None, help="SVG to write (default docs/benchmarks.svg)")
    a = ap.parse_args(argv[1:])
    docs = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs")
    out_svg = a.output or os.path.join(docs, "benchmarks.svg")
    if a.run:
        text = run_bench(a.run, a.samples, a.json or os.path.join(docs, "benchmarks.json"))
    elif a.json:
        with open(a.json) as f:
            text = f.read()
    else:
        ap.error("give a JSON file or --run ECFIELD_BENCH")
    rows, probes = load(text)
    return draw(rows, probes, out_svg)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
