#!/usr/bin/env python3
"""Every field modulus is typed in one place: the generator's input.

The build derives each field's constants (the modulus, 2m, R^k mod m, the
safegcd parameters) from MODULI in lib/common/modinv_params.py, through
lib/common/field_params.py. This check:

 1. runs the generator (field_params.py NAME M M2 R1 R2 R3 MODINV) for every
    modulus and verifies each constant it prints with independent arithmetic
    (pow(2, 64n*k, m), 2m, the signed-62 limbs and m^-1 mod 2^62, primality,
    and the property each field's kernels rely on);
 2. scans the source tree (lib/, include/, benchmarks/, fuzz/, test/,
    examples/, tools/ and the top-level meson files; never build directories)
    for each modulus and its derived constants, in every form they are typed:
      hex     one big hex number or string (C string literals joined first,
              so "ffff" "ffff" counts), any case, leading zeros allowed
      dec     the decimal number
      w64le, w64be, w32le, w32be, w8le, w8be, w62le
              all words of the value in sequence (64-, 32-, 8- or 62-bit,
              least or most significant first): C arrays, .quad lines,
              immediates, byte strings {0xff, ...}; zero words at either end
              may be left out
      limb    one distinctive 64-bit limb of the modulus alone (the limb
              with the most bit runs, e.g. as an immediate)
      quad    in assembly data (.quad, .8byte, .long), any one 64-bit word
              of a constant other than 0, 1, 2^32 - 1 and 2^64 - 1
      formula the modulus as a formula in code (comments are skipped): for
              p = 2^a 3^b - 1 "2^a * 3^b" and the exponent pair "a, b"; the
              sparse signed-binary form (2^x - 2^y + ... - 1, with ^ or **);
              2^k - c for a small c
    The searched values (their names in reports and in the allow-list) are
    the generator's M, M2, R1, R2, R3 and MODINV (the signed-62 limbs), and
    M+1, 2^256-M (2^(64n) - m, when it differs from R1), the exponents M-2,
    (M-1)/2, (M+1)/4, (M-5)/8, sqrt(-1), k0 = -m^-1 mod 2^64,
    M[i]*k0 (a limb times k0, mod 2^64), inv62 = m^-1 mod 2^62 (see --forms).
    and fails on any hit outside the file that defines MODULI, unless
    tools/constants_allowlist.txt lists it (file and field:constant).

Usage:
    check_constants.py [--root DIR] [--allowlist FILE] [--strict]
    check_constants.py --self-test     plant every form in a scratch tree and
                                       check that each one is found
    check_constants.py --forms         print what is searched for

--strict also fails on allow-list entries that match nothing (stale: delete
them). Exit status: 0 clean, 1 findings (or a failed verification), 2 usage.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

SCAN_DIRS = ["lib", "include", "benchmarks", "fuzz", "test", "examples", "tools"]
SCAN_TOP = ["meson.build", "meson_options.txt"]
# corpus: fuzz seeds; vectors: published test vectors (data that holds these
# numbers by nature, kept unchanged: test/vectors/SOURCES.md).
SKIP_DIRS = {".git", "corpus", "vectors", "__pycache__", "subprojects"}
C_LIKE = {".c", ".h", ".S", ".s", ".in", ".inc", ".cc", ".cpp"}
HASH_COMMENT = {".py", ".build", ".sh", ".txt", ""}
FIELD_OF = {"n256": "p256n", "l25519": "sc25519"}  # MODULI name -> field name used in the tree
CONSTANTS = ["M", "M2", "R1", "R2", "R3"]
MAX_FILE = 4 << 20


# ---------------------------------------------------------------- generator

def generator_paths(root):
    common = os.path.join(root, "lib", "common")
    return common, os.path.join(common, "field_params.py")


def load_moduli(root):
    """MODULI as the generator sees it (imported in a child process, so that
    a scratch tree's copy is not shadowed by this process's imports), and
    the file that defines it: the one place a modulus may be typed."""
    common, _ = generator_paths(root)
    code = ("import sys; sys.path.insert(0, sys.argv[1]); from field_params import MODULI; "
            "print('\\n'.join('%s %x' % kv for kv in MODULI.items()))")
    out = subprocess.run([sys.executable, "-c", code, common], check=True, capture_output=True, text=True).stdout
    moduli = {}
    for line in out.splitlines():
        name, hx = line.split()
        moduli[name] = int(hx, 16)
    source = None
    for fn in ("field_params.py", "modinv_params.py"):
        with open(os.path.join(common, fn)) as f:
            if re.search(r"^MODULI\s*=", f.read(), re.M):
                source = os.path.join("lib", "common", fn)
    if source is None or not moduli:
        raise SystemExit("check_constants: no MODULI in lib/common/field_params.py or modinv_params.py")
    return moduli, source


def run_generator(root, name):
    """The generator's own output for one modulus, parsed back into integers."""
    _, fp = generator_paths(root)
    # The optional constants (N0, SQRTM1) only where the generator offers them.
    run = None
    for extra in (["N0", "SQRTM1"], ["N0"], []):
        run = subprocess.run([sys.executable, fp, name] + CONSTANTS + extra + ["MODINV"], capture_output=True,
                             text=True)
        if run.returncode == 0:
            break
    if run.returncode != 0:
        raise SystemExit("check_constants: field_params.py %s failed:\n%s" % (name, run.stderr))
    out = run.stdout
    consts = {}
    for m in re.finditer(r"static const uint64_t (\w+)\[(\d+)\] = \{([^}]*)\};", out):
        limbs = [int(x, 16) for x in re.findall(r"0x([0-9a-fA-F]+)", m.group(3))]
        if len(limbs) != int(m.group(2)):
            raise SystemExit("check_constants: %s %s: %d limbs for [%s]" % (name, m.group(1), len(limbs), m.group(2)))
        consts[m.group(1)] = (sum(l << (64 * i) for i, l in enumerate(limbs)), len(limbs))
    n0 = re.search(r"#define N0 UINT64_C\(0x([0-9a-fA-F]+)\)", out)
    if n0:
        consts["N0"] = int(n0.group(1), 16)
    mi = re.search(r"\{ /\* modulus62 \*/(.*?)\},\s*UINT64_C\(0x([0-9a-f]+)\).*?\n\s*(\d+), (\d+), /\* nlimbs",
                   out, re.S)
    if not mi:
        raise SystemExit("check_constants: %s: cannot parse the MODINV initializer" % name)
    l62 = [int(x, 16) for x in re.findall(r"INT64_C\(0x([0-9a-f]+)\)", mi.group(1))]
    consts["MODINV"] = dict(limbs62=l62, inv62=int(mi.group(2), 16), nlimbs=int(mi.group(3)),
                            nlimbs62=int(mi.group(4)))
    return consts


def is_probable_prime(n):
    if n < 2:
        return False
    small = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71]
    for p in small:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in small:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def isqrt(n):
    x = 1 << ((n.bit_length() + 1) // 2)
    while True:
        y = (x + n // x) // 2
        if y >= x:
            return x
        x = y


def verify(moduli, gen):
    """Independent arithmetic on every generated constant. Returns error lines."""
    errs = []
    for name, m in moduli.items():
        g = gen[name]
        n = (m.bit_length() + 63) // 64

        def want(const, value, nl=n):
            got = g.get(const)
            if got is None:
                errs.append("%s: the generator printed no %s" % (name, const))
            elif got != (value, nl):
                errs.append("%s: generated %s = %#x (%d limbs), arithmetic says %#x (%d limbs)"
                            % (name, const, got[0], got[1], value, nl))
        want("M", m)
        if 2 * m < 2**(64 * n):
            want("M2", m + m)
        elif g.get("M2") != ((2 * m) % 2**(64 * n), n):
            errs.append("%s: generated M2 is not 2m mod 2^%d" % (name, 64 * n))
        for k in (1, 2, 3):
            want("R%d" % k, pow(2, 64 * n * k, m))
        if "N0" in g and (g["N0"] * m + 1) % 2**64 != 0:
            errs.append("%s: generated N0 * m != -1 mod 2^64" % name)
        if "SQRTM1" in g and (g["SQRTM1"][0] ** 2 + 1) % m != 0:
            errs.append("%s: generated SQRTM1^2 != -1 mod m" % name)
        mi = g["MODINV"]
        l62 = mi["limbs62"]
        if sum(l << (62 * i) for i, l in enumerate(l62)) != m or any(not 0 <= l < 2**62 for l in l62):
            errs.append("%s: MODINV modulus62 limbs do not add up to m" % name)
        if mi["inv62"] * m % 2**62 != 1:
            errs.append("%s: MODINV modulus_inv62 * m != 1 mod 2^62" % name)
        if mi["nlimbs"] != n or mi["nlimbs62"] != -(-(m.bit_length() + 2) // 62):
            errs.append("%s: MODINV nlimbs %d, nlimbs62 %d" % (name, mi["nlimbs"], mi["nlimbs62"]))
        # The modulus itself: prime, and what the kernels assume of it.
        if not is_probable_prime(m):
            errs.append("%s: the modulus is not prime" % name)
        if name in ("p434", "p503", "p610", "p751"):
            q, a, b = m + 1, 0, 0
            while q % 2 == 0:
                q, a = q // 2, a + 1
            while q % 3 == 0:
                q, b = q // 3, b + 1
            if q != 1 or a < 64 or m.bit_length() != int(name[1:]):
                errs.append("%s: m + 1 is not 2^a 3^b with 2^64 | m + 1, or m is not %s bits" % (name, name[1:]))
        elif name == "p256":
            if m.bit_length() != 256 or (-pow(m, -1, 2**64)) % 2**64 != 1:
                errs.append("p256: not 256 bits, or -m^-1 mod 2^64 != 1 (the kernels' reduction needs 1)")
        elif name == "p25519":
            if m.bit_length() != 255 or pow(2, 256, m) != 38:
                errs.append("p25519: not 255 bits, or 2^256 mod m != 38 (the kernels fold by 38)")
        elif name == "n256" and "p256" in moduli:
            p = moduli["p256"]
            if m.bit_length() != 256 or (p + 1 - m) ** 2 > 4 * p:
                errs.append("n256: not 256 bits, or outside the Hasse bound of P-256's group order")
    return errs


# ---------------------------------------------------------------- forms

def words(v, w):
    out = []
    while v:
        out.append(v & ((1 << w) - 1))
        v >>= w
    return out or [0]


def runs(x):
    """Number of runs of equal bits in a 64-bit word."""
    return bin((x ^ (x >> 1)) & ((1 << 63) - 1)).count("1") + 1


def trivial(x, w):
    return x in (0, 1, (1 << w) - 1) or (w == 64 and x in (0xffffffff, 0xffffffff00000000))


def naf(v):
    """Sparse signed-binary form: [(sign, exponent)], most significant first."""
    terms, e = [], 0
    while v:
        if v & 1:
            d = 2 - (v & 3)
            terms.append((d, e))
            v -= d
        v >>= 1
        e += 1
    return terms[::-1]


POW = r"\s*(?:\^|\*\*)\s*"
PREFILTER = {}  # text pattern -> a literal (lower case) that any match contains: a cheap test first


def build_forms(moduli, gen):
    """[(field, constant, form, kind, pattern)]; kind 'text' (regex on joined
    text), 'code' (regex on text without comments), 'seq' (integer tokens)."""
    forms = []
    for name, m in moduli.items():
        field = FIELD_OF.get(name, name)
        n = (m.bit_length() + 63) // 64
        values = {c: gen[name][c][0] for c in CONSTANTS}
        if 2 * m >= 2**(64 * n):
            del values["M2"]  # not representable in the field's limbs: nobody types it
        values["M+1"] = m + 1
        if (1 << (64 * n)) - m != values["R1"]:
            values["2^%d-M" % (64 * n)] = (1 << (64 * n)) - m
        # Exponents of the usual addition chains, and sqrt(-1) where it exists.
        values["M-2"] = m - 2
        values["(M-1)/2"] = (m - 1) // 2
        if m % 4 == 3:
            values["(M+1)/4"] = (m + 1) // 4
        if m % 8 == 5:
            values["(M-5)/8"] = (m - 5) // 8
            values["sqrt(-1)"] = gen[name]["SQRTM1"][0] if "SQRTM1" in gen[name] else pow(2, (m - 1) // 4, m)
        k0 = (-pow(m, -1, 2**64)) % 2**64
        for const, v in values.items():
            if v < 2**64:
                continue
            hx = "%x" % v
            forms.append((field, const, "hex", "text", re.compile(r"(?<![1-9a-f])0*%s(?![0-9a-f])" % hx, re.I)))
            PREFILTER[forms[-1][4]] = hx[:12]
            forms.append((field, const, "dec", "text", re.compile(r"(?<!\d)%d(?!\d)" % v)))
            PREFILTER[forms[-1][4]] = str(v)[:12]
            for w in (64, 32, 8):
                seq = words(v, w)
                lo = next(i for i, x in enumerate(seq) if x)  # drop zero words at the low end
                seq = seq[lo:]
                if len(seq) < 2:
                    continue
                forms.append((field, const, "w%dle" % w, "seq", tuple(seq)))
                forms.append((field, const, "w%dbe" % w, "seq", tuple(seq[::-1])))
            # Assembly data: any one non-trivial 64-bit word of the constant.
            for x in set(words(v, 64)):
                if x not in (0, 1, 2**64 - 1, 2**32 - 1):
                    forms.append((field, const, "quad", "data", x))
        forms.append((field, "MODINV", "w62le", "seq", tuple(words(m, 62))))
        # One distinctive limb of the modulus, alone.
        limbs = words(m, 64)
        cand = [x for x in limbs if not trivial(x, 64) and runs(x) >= 3]
        if cand:
            best = max(cand, key=lambda x: (runs(x), x))
            forms.append((field, "M", "limb", "seq", (best,)))
        single = [("k0", k0), ("inv62", gen[name]["MODINV"]["inv62"])]
        if k0 != 1:  # a kernel may precompute limb * k0 for its reduction
            single += [("M[%d]*k0" % i, x * k0 % 2**64) for i, x in enumerate(words(m, 64))]
        for const, v in single:
            if not trivial(v, 64) and runs(v) >= 3:
                forms.append((field, const, "word", "seq", (v,)))
                forms.append((field, const, "quad", "data", v))
        # Formulas, in code.
        q, a, b = m + 1, 0, 0
        while q % 2 == 0:
            q, a = q // 2, a + 1
        while q % 3 == 0 and a:
            q, b = q // 3, b + 1
        if q == 1 and a and b:
            forms.append((field, "M", "formula", "code", re.compile(r"(?<!\d)2%s%d\s*\*\s*3%s%d(?!\d)" % (POW, a, POW, b))))
            forms.append((field, "M", "formula", "seq", (a, b)))
        t = naf(m)
        if len(t) <= 6:
            parts = []
            for i, (d, e) in enumerate(t):
                sign = ("" if i == 0 else r"\s*\+\s*") if d > 0 else r"\s*-\s*"
                parts.append(sign + ("1" if e == 0 else "2%s%d" % (POW, e)))
            forms.append((field, "M", "formula", "code", re.compile(r"(?<![\d.])" + "".join(parts) + r"(?!\d)")))
        top = 1 << m.bit_length()
        if top - m < 2**16:
            c = top - m
            forms.append((field, "M", "formula", "code",
                          re.compile(r"(?<!\d)(?:2%s%d|\(\s*1\s*<<\s*%d\s*\))\s*-\s*%d(?!\d)"
                                     % (POW, m.bit_length(), m.bit_length(), c))))
    return forms


# ---------------------------------------------------------------- scanning

INT_TOKEN = re.compile(r"(?<![\w.])(0[xX][0-9a-fA-F]+|\d+)(?:[uU]?[lL]{0,2}|[lL]{1,2}[uU])(?![\w.])")


def strip_comments(text, ext):
    """Comments replaced by spaces (newlines kept, so line numbers hold)."""
    blank = lambda mt: re.sub(r"[^\n]", " ", mt.group(0))  # noqa: E731
    if ext in C_LIKE:
        text = re.sub(r"/\*.*?\*/|//[^\n]*", blank, text, flags=re.S)
        if ext in (".S", ".s"):  # gas: '#' starts a comment unless it is a cpp directive
            text = re.sub(r"#(?!\s*(?:include|define|undef|if|ifdef|ifndef|else|elif|endif|error)\b)[^\n]*",
                          blank, text)
    elif ext in HASH_COMMENT:
        text = re.sub(r"#[^\n]*", blank, text)
    return text


def join_strings(text):
    """Adjacent string literals ("ab" "cd", across lines and backslash
    continuations) become one; the line of each position is kept via a map."""
    out, pos_map, i = [], [], 0
    for mt in re.finditer(r'"[\s\\]*"', text):
        out.append(text[i:mt.start()])
        pos_map.extend(range(i, mt.start()))
        i = mt.end()
    out.append(text[i:])
    pos_map.extend(range(i, len(text)))
    return "".join(out), pos_map


def scan_file(path, rel, forms, hits):
    try:
        if os.path.getsize(path) > MAX_FILE:
            return
        with open(path, "rb") as f:
            raw = f.read()
        if b"\0" in raw:
            return
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return
    ext = os.path.splitext(path)[1]
    line_of = lambda pos: text.count("\n", 0, pos) + 1  # noqa: E731
    joined, pos_map = join_strings(text)
    joined_lower = joined.lower()
    code = strip_comments(text, ext) if ext != ".md" else None
    tokens, tpos = [], []
    for mt in INT_TOKEN.finditer(text):
        s = mt.group(1)
        tokens.append(int(s, 16) if s[:2] in ("0x", "0X") else int(s))
        tpos.append(mt.start())
    code_tokens = code_tpos = None
    if code is not None:
        code_tokens = [int(mt.group(1), 0) if mt.group(1)[:2].lower() == "0x" else int(mt.group(1))
                       for mt in INT_TOKEN.finditer(code)]
        code_tpos = [mt.start() for mt in INT_TOKEN.finditer(code)]
    data = {}  # assembly data words (.quad/.8byte/.long/.int): value -> line
    if ext in (".S", ".s"):
        for mt in re.finditer(r"^[ \t]*(?:\.?\w+:[ \t]*)?\.(?:quad|8byte|long|int|word)[ \t]+([^\n]*)", code or text, re.M):
            for t in INT_TOKEN.finditer(mt.group(1)):
                v = int(t.group(1), 0) if t.group(1)[:2].lower() == "0x" else int(t.group(1))
                data.setdefault(v, line_of(mt.start()))
    index = {}
    for i, v in enumerate(tokens):
        index.setdefault(v, []).append(i)
    for field, const, form, kind, pat in forms:
        found = None
        if kind == "text":
            if PREFILTER.get(pat, "") not in joined_lower:
                continue
            mt = pat.search(joined)
            if mt:
                found = line_of(pos_map[mt.start()] if mt.start() < len(pos_map) else len(text))
        elif kind == "data":
            found = data.get(pat)
        elif kind == "code":
            if code is not None:
                mt = pat.search(code)
                if mt:
                    found = line_of(mt.start())
        else:
            # Formula exponent pairs count in code only; values anywhere.
            toks, pos = (code_tokens, code_tpos) if form == "formula" else (tokens, tpos)
            if toks is None:
                continue
            k = len(pat)
            starts = ((i for i, v in enumerate(toks) if v == pat[0]) if form == "formula"
                      else iter(index.get(pat[0], [])))
            for i in starts:
                if tuple(toks[i:i + k]) == pat:
                    found = line_of(pos[i])
                    break
        if found:
            hits.append((rel, found, field, const, form))


def dedupe_data(hits):
    """One attribution per assembly data line: a word is often a word of
    several constants (m, m + 1, m - 2, another field's R); prefer the field
    the file is named after, then the modulus, then R^k."""
    order = {"M": 0, "R1": 1, "R2": 2, "R3": 3}
    best = {}
    out = []
    for h in hits:
        rel, line, field, const, form = h
        if form != "quad":
            out.append(h)
            continue
        tokens = re.split(r"[^0-9a-z]+", os.path.basename(rel).lower())
        key = (field not in tokens, order.get(const, 9), field, const)
        if (rel, line) not in best or key < best[(rel, line)][0]:
            best[(rel, line)] = (key, h)
    return out + [h for _, h in best.values()]


def walk(root):
    for top in SCAN_TOP:
        p = os.path.join(root, top)
        if os.path.isfile(p):
            yield p, top
    for d in SCAN_DIRS:
        base = os.path.join(root, d)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(x for x in dirnames if x not in SKIP_DIRS and not x.startswith("build")
                                 and not os.path.exists(os.path.join(dirpath, x, "meson-private")))
            for fn in sorted(filenames):
                p = os.path.join(dirpath, fn)
                yield p, os.path.relpath(p, root)


def read_allowlist(path):
    """Lines: PATH FIELD:CONSTANT [# reason]; CONSTANT may be '*'."""
    entries = []
    if not path or not os.path.exists(path):
        return entries
    with open(path) as f:
        for no, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            parts = line.split()
            if len(parts) != 2 or ":" not in parts[1]:
                raise SystemExit("%s:%d: expected 'PATH FIELD:CONSTANT'" % (path, no))
            field, const = parts[1].split(":", 1)
            entries.append(dict(path=parts[0], field=field, const=const, line=no, used=False))
    return entries


def check(root, allowlist, strict, out=sys.stdout):
    moduli, source = load_moduli(root)
    gen = {name: run_generator(root, name) for name in moduli}
    errs = verify(moduli, gen)
    for e in errs:
        print("# FAIL: generator: " + e, file=out)
    if not errs:
        print("# ok: every generated constant of %s verified (R^k mod m, 2m, N0, SQRTM1, "
              "safegcd limbs, primality, kernel assumptions)" % ", ".join(moduli), file=out)
    forms = build_forms(moduli, gen)
    hits = []
    nfiles = 0
    for path, rel in walk(root):
        if rel == source:
            continue
        nfiles += 1
        scan_file(path, rel, forms, hits)
    hits = dedupe_data(hits)
    entries = read_allowlist(allowlist)
    bad = []
    allowed = 0
    seen = set()
    for rel, line, field, const, form in hits:
        key = (rel, field, const, form)
        if key in seen:
            continue
        seen.add(key)
        ok = False
        for e in entries:
            if e["path"] == rel and e["field"] == field and e["const"] in (const, "*"):
                e["used"] = ok = True
        if ok:
            allowed += 1
        else:
            bad.append("%s:%d: %s %s typed here (%s)" % (rel, line, field, const, form))
    for b in bad:
        print("# FAIL: " + b, file=out)
    stale = [e for e in entries if not e["used"]]
    for e in stale:
        print("# %s: allow-list line %d (%s %s:%s) matches nothing: delete it"
              % ("FAIL" if strict else "note", e["line"], e["path"], e["field"], e["const"]), file=out)
    print("# scanned %d files for %d forms of %d moduli; the one source is %s; %d allowed copies, %d not allowed"
          % (nfiles, len(forms), len(moduli), source, allowed, len(bad)), file=out)
    return 1 if errs or bad or (strict and stale) else 0


# ---------------------------------------------------------------- self-test

def self_test(root):
    """Plant every form of a few constants in a scratch tree (with a copy of
    the generator) and require each to be found, a near miss not to be, and
    the allow-list to work."""
    moduli, source = load_moduli(root)
    gen = {name: run_generator(root, name) for name in moduli}
    fails = 0
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "lib", "common"))
        for f in ("field_params.py", "modinv_params.py"):
            with open(os.path.join(root, "lib", "common", f)) as src, \
                    open(os.path.join(tmp, "lib", "common", f), "w") as dst:
                dst.write(src.read())
        planted = {}  # file -> (field, const) it must be reported for

        def plant(rel, text, field, const):
            p = os.path.join(tmp, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "w") as f:
                f.write(text)
            planted[rel] = (field, const)
        p256, p434, p25519, n256 = moduli["p256"], moduli["p434"], moduli["p25519"], moduli["n256"]
        p503, p751 = moduli["p503"], moduli["p751"]
        w = words
        h = "%x" % p434
        plant("lib/a_hex.c", 'static const char *m = "%s"\n    "%s";\n' % (h[:50], h[50:]), "p434", "M")
        plant("test/b_dec.py", "M = %d\n" % p25519, "p25519", "M")
        plant("lib/c_w64le.c", "static const uint64_t P[4] = {%s};\n"
              % ", ".join("UINT64_C(0x%016x)" % x for x in w(p256, 64)), "p256", "M")
        plant("lib/d_quad.S", "".join("\t.quad 0x%016x\n" % x for x in w(n256, 64)[::-1]), "p256n", "M")
        plant("fuzz/e_w32.h", "static const uint32_t r2[] = {%s};\n"
              % ", ".join("0x%08xu" % x for x in w(gen["p503"]["R2"][0], 32)), "p503", "R2")
        plant("benchmarks/f_bytes.c", "static const uint8_t p[] = {%s};\n"
              % ", ".join("0x%02x" % x for x in w(p256, 8)[::-1]), "p256", "M")
        plant("lib/g_limb.S", "\tmovq $0x%016x, %%rax\n" % max(
            (x for x in w(p256, 64) if not trivial(x, 64) and runs(x) >= 3), key=lambda x: (runs(x), x)), "p256", "M")
        # Formulas, written from the values (this file types no modulus either).
        def exps(v):
            q, a, b = v + 1, 0, 0
            while q % 2 == 0:
                q, a = q // 2, a + 1
            while q % 3 == 0:
                q, b = q // 3, b + 1
            return a, b
        a, b = exps(moduli["p610"])
        plant("lib/h_formula.py", "PRIMES = {'p610': (%d, %d, 10)}\n" % (a, b), "p610", "M")
        a, b = exps(p751)
        plant("include/i_formula.build", "p = '2^%d * 3^%d - 1'\n" % (a, b), "p751", "M")
        k = p25519.bit_length()
        c = (1 << k) - p25519
        plant("lib/j_formula.c", "/* fine in a comment: 2^%d - %d */\n#define P ((1 << %d) - %d)\n" % (k, c, k, c),
              "p25519", "M")
        terms = naf(p256)
        text = ""
        for i, (d, e) in enumerate(terms):
            text += ("" if i == 0 else " + ") if d > 0 else " - "
            text += "1" if e == 0 else "2**%d" % e
        plant("lib/k_naf.py", "P = %s\n" % text, "p256", "M")
        plant("test/l_m62.h", "int64_t l[] = {%s};\n" % ", ".join("INT64_C(0x%x)" % x for x in w(p751, 62)),
              "p751", "MODINV")
        plant("examples/m_m2.c", 'const char *s = "0x%x";\n' % (2 * p503), "p503", "M2")
        plant("tools/n_allowed.c", "static const uint64_t P[4] = {%s};\n" % ", ".join("0x%x" % x for x in w(p256, 64)),
              "p256", "M")
        # Near misses: must not be reported.
        near = p434 ^ sum(1 << (64 * i + 17) for i in range(7))  # one bit off in every limb
        a, b = exps(p434)
        with open(os.path.join(tmp, "lib", "z_near.c"), "w") as f:
            f.write('const char *a = "%x";\nconst uint64_t b[] = {%s};\n/* 2^%d * 3^%d - 1 */\n'
                    % (near, ", ".join("0x%x" % x for x in w(near, 64)), a, b))
        with open(os.path.join(tmp, "allow.txt"), "w") as f:
            f.write("# planted\ntools/n_allowed.c p256:M\n")
        hits_by_file = {}
        forms = build_forms(moduli, gen)
        for path, rel in walk(tmp):
            if rel == source:
                continue
            h = []
            scan_file(path, rel, forms, h)
            hits_by_file[rel] = h
        for rel, (field, const) in sorted(planted.items()):
            got = [(f, c, form) for _, _, f, c, form in hits_by_file.get(rel, [])]
            if not any(f == field and c == const for f, c, _ in got):
                print("# FAIL: self-test: %s: planted %s %s, found %s" % (rel, field, const, got or "nothing"))
                fails += 1
            else:
                print("# ok: self-test: %s: %s %s found (%s)" % (rel, field, const,
                                                              ", ".join(sorted({x[2] for x in got}))))
        if hits_by_file.get("lib/z_near.c"):
            print("# FAIL: self-test: a near miss was reported: %s" % hits_by_file["lib/z_near.c"])
            fails += 1
        else:
            print("# ok: self-test: near misses (one bit off, a formula in a comment) not reported")
        import io
        buf = io.StringIO()
        rc = check(tmp, os.path.join(tmp, "allow.txt"), False, out=buf)
        report = buf.getvalue()
        n_allowed = re.search(r"; [1-9]\d* allowed copies", report) is not None
        if rc != 1 or not n_allowed or re.search(r"^# FAIL: tools/n_allowed", report, re.M):
            print("# FAIL: self-test: the whole check on the planted tree (exit %d, allow-list used: %s):\n%s"
                  % (rc, n_allowed, buf.getvalue()))
            fails += 1
        else:
            print("# ok: self-test: the check fails on the planted tree and honours the allow-list")
        # A wrong generator must fail the verification.
        bad = dict(gen["p256"])
        bad["R2"] = (bad["R2"][0] ^ 1, bad["R2"][1])
        if not verify({"p256": p256}, {"p256": bad}):
            print("# FAIL: self-test: a wrong R2 passed the verification")
            fails += 1
        else:
            print("# ok: self-test: a wrong R2 fails the verification")
    print("# %s: self-test" % ("FAIL" if fails else "ok"))
    return 1 if fails else 0


def main(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--root", default=os.path.dirname(here))
    ap.add_argument("--allowlist", default=None)
    ap.add_argument("--strict", action="store_true")
    ap.add_argument("--self-test", action="store_true")
    ap.add_argument("--forms", action="store_true")
    a = ap.parse_args(argv[1:])
    root = os.path.abspath(a.root)
    if a.self_test:
        return self_test(root)
    if a.forms:
        moduli, source = load_moduli(root)
        gen = {name: run_generator(root, name) for name in moduli}
        for field, const, form, kind, pat in build_forms(moduli, gen):
            shown = (pat.pattern if hasattr(pat, "pattern") else "%#x" % pat if isinstance(pat, int)
                     else ", ".join("%#x" % x for x in pat))
            print("%-7s %-16s %-8s %s" % (field, const, form, shown[:150]))
        return 0
    allow = a.allowlist or os.path.join(root, "tools", "constants_allowlist.txt")
    return check(root, allow, a.strict)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
