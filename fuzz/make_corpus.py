#!/usr/bin/env python3
"""Write the seed corpus of the fuzz targets: fuzz/corpus/<target>/.

usage: make_corpus.py [TARGET ...]   (default: every target in OPS)

The layout follows fuzz_mont_field.h: one byte picks the operation, then its
operands. An element operand is a mode byte (0 raw limbs, 1 small k, 2 m-1-k,
3 2^k +- small) and its bytes. Seeds cover each operation on the edge values
(0, 1, m-1, 2^k, raw all-ones) and a few pseudo-random inputs; the fuzzer
takes it from there. Deterministic, so the committed corpus is reproducible.
To add a field: one OPS entry (generic operations + its extra ones).
"""
import os
import random
import sys

GENERIC_OPS = 14  # OP_COUNT in fuzz_mont_field.h
OPS = {"p256": GENERIC_OPS + 2, "p256n": GENERIC_OPS + 1}
ELEMS = [
    bytes([1, 0]),            # 0
    bytes([1, 1]),            # 1
    bytes([2, 0]),            # m - 1
    bytes([2, 1]),            # m - 2
    bytes([3, 255]),          # 2^255
    bytes([7, 64]),           # 2^64 - 1
    bytes([0]) + b"\xff" * 64,  # raw all-ones limbs, reduced
]


def seeds(nops, rng):
    out = []
    for op in range(nops):
        out.append(bytes([op]))  # all zeros
        for a in ELEMS:
            for b in (ELEMS[0], ELEMS[2]):
                out.append(bytes([op]) + a + b + bytes([1, 0xff]))
        for _ in range(4):
            out.append(bytes([op]) + bytes(rng.getrandbits(8) for _ in range(80)))
    # from_bytes (op 0) near the modulus: sel bit 3 steers to m + delta - 128.
    for delta in (127, 128, 129, 255, 0):
        out.append(bytes([0, 8]) + b"\0" * 32 + bytes([delta]))
    out.append(bytes([0, 0, 33]) + b"\x01" * 33)  # wrong length
    out.append(bytes([0, 1]) + b"\xff" * 32)      # all-ones string
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    targets = sys.argv[1:] or sorted(OPS)
    for t in targets:
        rng = random.Random("ecfield-" + t)
        d = os.path.join(here, "corpus", t)
        os.makedirs(d, exist_ok=True)
        for name in os.listdir(d):
            os.remove(os.path.join(d, name))
        for i, s in enumerate(seeds(OPS[t], rng)):
            with open(os.path.join(d, "seed-%04d" % i), "wb") as f:
                f.write(s)
        print("%s: %d seeds in %s" % (t, len(seeds(OPS[t], random.Random("ecfield-" + t))), d))


if __name__ == "__main__":
    main()
