#!/usr/bin/env python3
"""Every public function follows docs/api.md, and docs/api.md lists every one.

Usage: test_api_names.py DOCS_API_MD HEADER... -- LIBRARY...
       test_api_names.py --planted test/planted_api.h DOCS_API_MD -- LIBRARY...

Reads the tables of docs/api.md and every ECF_API prototype of the installed
headers (with the doc comment just above it), and fails on:
- fields: a field whose header declares an operation the field tables do not
  give it, or lacks one they do;
- every other function (curves, schemes, library-wide): a function missing
  from the "Functions" table or listed there but not declared; parameters in
  another order or with other names; another return kind; a status set in the
  table that differs from the ECF_ERR_* codes the header comment names;
- the rules, for every function of every header: a status or predicate
  without ECF_WARN_UNUSED_RESULT; a required pointer without ECF_NONNULL, or
  an optional one (written `name?` in the table) with it; a size written as a
  number in a prototype; an output after an input; a `<x>_len` that does not
  follow `<x>`; an option (extra, ctx, flags, cond) before the data (a
  batch call's count `n` comes last, after the options);
- a declared function that no library exports.
"""
import os
import re
import subprocess
import sys

FIELDS = {"p256": "p256", "p256n": "p256n", "sc25519": "sc25519", "p25519": "p25519",
          "p434": "sidh", "p503": "sidh", "p610": "sidh", "p751": "sidh"}
OPTIONS = ("extra", "extra_len", "ctx", "ctx_len", "flags", "cond")
ALL_STATUSES = {"OK", "NULL", "LENGTH", "RANGE", "NOT_SQUARE", "INDEX", "ENCODING", "NOT_ON_CURVE",
                "IDENTITY", "SMALL_ORDER", "SCALAR", "VERIFY"}


class Proto:
    def __init__(self, header, text, comment):
        self.header, self.text, self.comment = header, text, comment
        m = re.match(r"ECF_API\s+((?:ECF_\w+(?:\([^)]*\))?\s+)*)(.*?)\b(ecf_\w+)\s*\((.*)\)\s*;$", text, re.S)
        if not m:
            raise SystemExit("%s: cannot parse %r" % (header, text))
        attrs, self.ret, self.name, params = m.groups()
        self.ret = self.ret.strip()
        self.warn = "ECF_WARN_UNUSED_RESULT" in attrs
        nn = re.search(r"ECF_NONNULL\(([^)]*)\)", attrs)
        self.nonnull = {int(x) for x in nn.group(1).split(",")} if nn else set()
        self.params = []  # (name, is_pointer, is_const, raw)
        params = re.sub(r"\s+", " ", params).strip()
        if params and params != "void":
            for raw in params.split(","):
                raw = raw.strip()
                pm = re.match(r"(.*?)(\w+)\s*((?:\[[^\]]*\])*)$", raw)
                ptr = "*" in pm.group(1) or pm.group(3) != ""
                self.params.append((pm.group(2), ptr, ptr and raw.startswith("const"), raw))

    def statuses(self):
        return {s for s in re.findall(r"\bECF_ERR_([A-Z_]+)", self.comment)}


def prototypes(path):
    text = open(path).read()
    out = []
    for m in re.finditer(r"^ECF_API [^;]*;", text, re.M):
        before = text[:m.start()].rstrip()
        comment = ""
        if before.endswith("*/"):
            start = before.rfind("/**")
            if start >= 0 and "*/" not in before[start:-2]:
                comment = before[start:]
        out.append(Proto(path, m.group(0), comment))
    return out


def field_tables(md):
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


def function_table(md):
    """The "Functions" table: | `name` | `p1, p2?, ...` | returns |."""
    rows, on = {}, False
    for line in md.splitlines():
        if line.startswith("| function | parameters | returns"):
            on = True
            continue
        if on and not line.startswith("|"):
            on = False
        if not on or not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        name = cells[0].strip("`")
        params = [p.strip() for p in cells[1].strip("`").split(",") if p.strip()]
        # `<sidh>` stands for each isogeny prime (one template, four headers;
        # the SIKE headers exist only in a build with -Dsidh: third item).
        for n in ([name.replace("<sidh>", f) for f in ("p434", "p503", "p610", "p751")] if "<sidh>" in name else [name]):
            if n in rows:
                raise SystemExit("docs/api.md: %s listed twice" % n)
            rows[n] = (params, cells[2], "<sidh>" in name)
    return rows


def field_of(name):
    for f in sorted(FIELDS, key=len, reverse=True):
        m = re.match(r"ecf_%s_(\w+)$" % f, name)
        if m and not re.match(r"(point|ecdsa|ecdh|keypair|public_key|sidh|sike)", m.group(1)):
            return f, m.group(1)
    return None, None


def planted(argv):
    """--planted PLANTED_H DOCS_API_MD -- LIBRARY...: every `expect: TEXT` of
    the planted header must appear in a FAIL line of a run on it alone."""
    import contextlib
    import io
    header, md = argv[2], argv[3]
    # One `expect:` per planted prototype, in the comment just above it (which
    # clang-format may wrap: its lines are joined).
    expects = []
    for p in prototypes(header):
        text = " ".join(l.strip().lstrip("/*").strip() for l in p.comment.splitlines()).replace("*/", "")
        m = re.search(r"expect: (.*\S)", text)
        if not m:
            raise SystemExit("%s: %s has no expect: line" % (header, p.name))
        expects.append(m.group(1))
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        status = main([argv[0], md, header] + argv[argv.index("--"):], allow_missing=True)
    fails = [l for l in buf.getvalue().splitlines() if l.startswith("FAIL")]
    missed = [e for e in expects if not any(e in l for l in fails)]
    for e in expects:
        print("%s planted: %s" % ("MISSED" if e in missed else "caught", e))
    return 1 if status == 0 or missed or not expects else 0


def main(argv, allow_missing=False):
    sep = argv.index("--")
    md_path, headers, libs = argv[1], argv[2:sep], argv[sep + 1:]
    md = open(md_path).read()
    want_fields, table = field_tables(md), function_table(md)
    exported = set()
    for lib in libs:
        nm = subprocess.run(["nm", "-D", "--defined-only", lib], check=True, capture_output=True, text=True).stdout
        exported |= {l.split()[-1].split("@")[0] for l in nm.splitlines() if l.strip()}
    fails = []
    fail = fails.append
    protos = [p for h in headers for p in prototypes(h)]
    ops, declared = {}, set()
    for p in protos:
        declared.add(p.name)
        if p.name not in exported:
            fail("%s is not exported by %s (declared in %s)" % (p.name, " ".join(libs), p.header))
        # The rules, for every function.
        if p.ret == "int" and not p.warn:
            fail("%s returns int (a status or a predicate) without ECF_WARN_UNUSED_RESULT" % p.name)
        if p.ret != "int" and p.warn:
            fail("%s: ECF_WARN_UNUSED_RESULT on a function that returns %s" % (p.name, p.ret))
        for _, _, _, raw in p.params:
            if re.search(r"\[[^\]]*\d[^\]]*\]", raw) and not re.search(r"\[[^\]]*ECF_\w+[^\]]*\]", raw):
                fail("%s: a size written as a number in %r (use the ECF_*_BYTES macro)" % (p.name, raw))
        names = [n for n, _, _, _ in p.params]
        outputs = [i for i, (_, ptr, const, _) in enumerate(p.params) if ptr and not const]
        inputs = [i for i, (_, ptr, const, _) in enumerate(p.params) if ptr and const]
        if outputs and inputs and min(inputs) < max(outputs):
            fail("%s: an output (%s) after an input (%s)" % (p.name, names[max(outputs)], names[min(inputs)]))
        for i, n in enumerate(names):
            if n.endswith("_len") and n != "der_len" and (i == 0 or names[i - 1] != n[:-4]):
                fail("%s: %s does not follow %s" % (p.name, n, n[:-4]))
            # a batch call's count n comes last, after the options
            rest = names[i + 1:-1] if names[-1:] == ["n"] else names[i + 1:]
            if n in OPTIONS and any(m not in OPTIONS for m in rest):
                fail("%s: option %s before %s" % (p.name, n, [m for m in rest if m not in OPTIONS]))
        field, op = field_of(p.name)
        if field is not None and p.name not in table:
            ops.setdefault(field, {})[op] = p
            optional = set()
        else:
            if p.name not in table:
                fail("%s is not in docs/api.md's Functions table (declared in %s)" % (p.name, p.header))
                continue
            tparams, tret, _ = table[p.name]
            optional = {t[:-1] for t in tparams if t.endswith("?")}
            if [t.rstrip("?") for t in tparams] != names:
                fail("%s: parameters (%s) in the header, (%s) in docs/api.md"
                     % (p.name, ", ".join(names), ", ".join(tparams)))
            if tret.startswith("status"):
                want = set(tret.split(":", 1)[1].split()) if ":" in tret else set()
                if p.ret != "int":
                    fail("%s: docs/api.md says status, the header returns %s" % (p.name, p.ret))
                if not want <= ALL_STATUSES:
                    fail("%s: unknown status in docs/api.md: %s" % (p.name, sorted(want - ALL_STATUSES)))
                got = p.statuses()
                if "OK" not in want or "ECF_OK" not in p.comment:
                    fail("%s: ECF_OK not named in docs/api.md or in the header comment" % p.name)
                if got != want - {"OK"}:
                    fail("%s: statuses in the header comment %s, in docs/api.md %s"
                         % (p.name, sorted(got), sorted(want - {"OK"})))
            elif tret == "1/0":
                if p.ret != "int":
                    fail("%s: docs/api.md says 1/0, the header returns %s" % (p.name, p.ret))
            elif tret.strip("`") != p.ret:
                fail("%s: returns %s in the header, %s in docs/api.md" % (p.name, p.ret, tret))
        for i, (n, ptr, _, _) in enumerate(p.params, 1):
            if ptr and n not in optional and i not in p.nonnull:
                fail("%s: required pointer %s (argument %d) not in ECF_NONNULL" % (p.name, n, i))
            if ptr and n in optional and i in p.nonnull:
                fail("%s: optional pointer %s (argument %d) marked ECF_NONNULL" % (p.name, n, i))
    # Without the SIKE headers (a build with -Dsidh=disabled), their rows are not required.
    sike_built = any(os.path.basename(h).startswith("sike_") for h in headers)
    for name in table if not allow_missing else ():
        if table[name][2] and not sike_built:
            continue
        if name not in declared:
            fail("%s is in docs/api.md's Functions table but no header declares it" % name)
    for field, col in FIELDS.items():
        names = set(ops.get(field, {}))
        if not names and allow_missing:
            continue
        if not names:
            fail("no header declared field %s" % field)
            continue
        if allow_missing:
            names_missing = names - want_fields[col]
            if names_missing:
                fail("%s: declared but not in docs/api.md: %s" % (field, sorted(names_missing)))
            continue
        if names != want_fields[col]:
            fail("%s: declared but not in docs/api.md: %s; in docs/api.md but not declared: %s"
                 % (field, sorted(names - want_fields[col]), sorted(want_fields[col] - names)))
        print("# %s: %d operations, as docs/api.md says" % (field, len(names)))
    print("# %d functions in %d headers checked against docs/api.md (%d in the Functions table)"
          % (len(protos), len(headers), len(table)))
    for f in fails:
        print("FAIL " + f)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(planted(sys.argv) if sys.argv[1:2] == ["--planted"] else main(sys.argv))
