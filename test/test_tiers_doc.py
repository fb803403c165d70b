#!/usr/bin/env python3
"""docs/design.md shows the tier table of lib/dispatch/tiers.h: the
capabilities, tiers and families between the markers
'<!-- tiers.h table -->' and '<!-- end of tiers.h table -->' must be the rows
of tiers.h, in their order (families with their tiers in preference order).

    test_tiers_doc.py TIERS_H DESIGN_MD          # fails on any difference
    test_tiers_doc.py --print TIERS_H            # the Markdown for design.md
    test_tiers_doc.py --plant KIND TIERS_H DESIGN_MD
        the same check after planting one difference in the rows read from
        tiers.h (KIND: requires = a tier's first capability dropped,
        order = a family's first two tiers swapped or its only tier
        dropped): exits 0 only if the check reports that difference
"""
import re
import sys

BEGIN = "<!-- tiers.h table -->"
END = "<!-- end of tiers.h table -->"


def parse_tiers(path):
    text = open(path, encoding="utf-8").read()
    caps = [(m.group(1), m.group(2), m.group(3))
            for m in re.finditer(r"^\s*X\((ECF_CPU_\w+),\s*(\w+),\s*(\w+),\s*__VA_ARGS__\)", text, re.M)]
    words = {bit: word for bit, word, host in caps}
    tiers = []
    for m in re.finditer(r"^#define ECFI_TIER_ROW_(\w+)\(X, \.\.\.\)\s+X\((\w+),\s*([^,]+),\s*(\w+),\s*(\w+),\s*([^,]+),\s*__VA_ARGS__\)",
                         text, re.M):
        key, name, mask, word, arch, req = m.groups()
        assert key == name, "row %s names %s" % (key, name)
        mask = mask.strip()
        bit = re.fullmatch(r"1u << (\d+)", mask)
        req = req.strip()
        tiers.append(dict(
            name=name, word=word, arch=arch,
            bit=bit.group(1) if bit else "-",
            combines=" + ".join(t.replace("ECFI_KERNEL_", "").lower() for t in re.findall(r"ECFI_KERNEL_\w+", mask)),
            requires=" + ".join(words.get(c, c) for c in re.findall(r"ECF_CPU_\w+", req)) or "-"))
    families = []
    for m in re.finditer(r"^#define ECFI_FAMILY_(\w+)\(X, \.\.\.\)[ \t]*(.*?)[ \t]*/\*\s*(.*?)\s*\*/", text, re.M):
        fam, entries, what = m.groups()
        order = [e.lower() for e in re.findall(r"X\((\w+), __VA_ARGS__\)", entries)]
        families.append(dict(name=fam, tiers=order, what=what))
    if not caps or not tiers or not families:
        sys.exit("FAIL: could not read the rows of %s (caps %d, tiers %d, families %d)" %
                 (path, len(caps), len(tiers), len(families)))
    return caps, tiers, families


def markdown(caps, tiers, families):
    out = ["| capability | ECFIELD_DISABLE word | host |", "|---|---|---|"]
    out += ["| `%s` | `%s` | %s |" % (bit, word, host.lower()) for bit, word, host in caps]
    out += ["", "| tier | bit | name | architecture | requires |", "|---|---|---|---|---|"]
    for t in tiers:
        req = t["requires"] if not t["combines"] or t["bit"] != "-" else "tiers " + t["combines"]
        out.append("| `%s` | %s | `%s` | %s | %s |" % (t["name"], t["bit"], t["word"], t["arch"].lower(), req))
    out += ["", "| family | tiers, preferred first (then portable) | operations |", "|---|---|---|"]
    for f in families:
        out.append("| `%s` | %s | %s |" % (f["name"], ", ".join("`%s`" % t for t in f["tiers"]) or "(portable only)",
                                         f["what"]))
    return "\n".join(out)


def doc_table(path):
    text = open(path, encoding="utf-8").read()
    if BEGIN not in text or END not in text:
        sys.exit("FAIL: %s has no '%s' ... '%s' section" % (path, BEGIN, END))
    return text.split(BEGIN, 1)[1].split(END, 1)[0].strip()


def main(argv):
    plant = None
    if argv[:1] == ["--print"]:
        print(markdown(*parse_tiers(argv[1])))
        return 0
    if argv[:1] == ["--plant"]:
        plant, argv = argv[1], argv[2:]
    caps, tiers, families = parse_tiers(argv[0])
    if plant == "requires":
        t = next(t for t in tiers if " + " in t["requires"])
        t["requires"] = t["requires"].split(" + ", 1)[1]
        print("# planted: tier %s requires only %s" % (t["name"], t["requires"]))
    elif plant == "order":
        f = next((f for f in families if len(f["tiers"]) > 1), None) or next(f for f in families if f["tiers"])
        f["tiers"] = f["tiers"][1::-1] + f["tiers"][2:] if len(f["tiers"]) > 1 else []
        print("# planted: family %s tiers %s" % (f["name"], f["tiers"]))
    elif plant is not None:
        sys.exit("unknown --plant %s" % plant)
    want = markdown(caps, tiers, families).splitlines()
    have = doc_table(argv[1]).splitlines()
    if plant is not None:
        if want == have:
            print("FAIL: the planted difference was not reported")
            return 1
        print("# the planted difference is reported, as it must be")
        return 0
    if want != have:
        import difflib
        print("FAIL: docs/design.md's tier table differs from lib/dispatch/tiers.h "
              "(regenerate: test/test_tiers_doc.py --print lib/dispatch/tiers.h):")
        sys.stdout.writelines(l + "\n" for l in difflib.unified_diff(have, want, "design.md", "tiers.h", lineterm=""))
        return 1
    print("# design.md's tier table matches tiers.h: %d capabilities, %d tiers, %d families" %
          (len(caps), len(tiers), len(families)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
