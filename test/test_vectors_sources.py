#!/usr/bin/env python3
"""test/vectors/SOURCES.md against the folder: every file in test/vectors is
listed in the table with its SHA-256 and every listed file exists with that
digest (a vector edited by accident, or added without its origin and
license, fails here). Usage: test_vectors_sources.py VECTORS_DIR"""
import hashlib
import os
import re
import sys

root = sys.argv[1]
rows = {}
for line in open(os.path.join(root, "SOURCES.md"), encoding="utf-8"):
    m = re.match(r"\| `([^`]+)` \|.*\| `([0-9a-f]{64})` \|\s*$", line)
    if m:
        rows[m.group(1)] = m.group(2)
present = set()
for d, _, files in os.walk(root):
    for f in files:
        rel = os.path.relpath(os.path.join(d, f), root)
        if rel != "SOURCES.md":
            present.add(rel)
bad = 0
for rel in sorted(present - set(rows)):
    print("FAIL: %s is not listed in SOURCES.md (origin, license, sha256)" % rel)
    bad += 1
for rel, want in sorted(rows.items()):
    path = os.path.join(root, rel)
    if not os.path.isfile(path):
        print("FAIL: %s is listed in SOURCES.md but missing" % rel)
        bad += 1
        continue
    got = hashlib.sha256(open(path, "rb").read()).hexdigest()
    if got != want:
        print("FAIL: %s has sha256 %s, SOURCES.md says %s" % (rel, got, want))
        bad += 1
print("# %d files listed, %d present, %d problems" % (len(rows), len(present), bad))
sys.exit(1 if bad or not rows else 0)
