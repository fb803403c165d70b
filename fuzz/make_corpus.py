#!/usr/bin/env python3
"""Write the seed corpus of the fuzz targets: fuzz/corpus/<target>/.

usage: make_corpus.py [TARGET ...]   (default: every target in OPS)

Every target reads one byte that picks the operation, then its operands; an
element operand is a mode byte and its bytes. Three layouts:
- Montgomery fields (fuzz_mont_field.h: p256, p256n): modes 0 raw limbs,
  1 small k, 2 m-1-k, 3 2^k +- small.
- p25519 (fuzz_p25519.c): 0 raw, 1 small, 2 p-1-k, 3 p+k, 4 2^256-1-k,
  5 2p+k, 6 raw mod p (+p), 7 2^k +- small.
- isogeny fields (fuzz_sidh_field.h): 0 raw mod 2p, 1 small, 2 p-1-k, 3 p+k,
  4 2p-1-k, 5 2^k +- small, 6 raw mod p (+p).
Seeds cover each operation on the edge values and a few pseudo-random inputs,
and the decoders on the strings around p, all-ones and wrong lengths; the
fuzzer takes it from there. Deterministic, so the committed corpus is
reproducible. To add a field: one OPS entry (and its layout).
"""
import os
import random
import sys

GENERIC_OPS = 14  # OP_COUNT in fuzz_mont_field.h
SIDH_OPS = 33  # OP_COUNT in fuzz_sidh_field.h
P25519_OPS = 19  # OP_COUNT in fuzz_p25519.c
SIDH_BYTES = {"p434": 55, "p503": 63, "p610": 77, "p751": 94}  # FIELD_BYTES
OPS = {"p256": GENERIC_OPS + 2, "p256n": GENERIC_OPS + 1, "p25519": P25519_OPS}
OPS["sc25519"] = GENERIC_OPS + 3  # from_wide_bytes, muladd, clamp (fuzz_sc25519.c)
OPS.update({f: SIDH_OPS for f in SIDH_BYTES})
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


def seeds_sidh(nops, nbytes, rng):
    """fuzz_sidh_field.h: 2 seeds per operation, random ones for the operations
    that read raw bytes and the GF(p^2) multiplications, then the decoders'
    edges."""
    zero, one, pm1, p, max_ = b"\1\0", b"\1\1", b"\2\0", b"\3\0", b"\4\0"
    two64m1 = bytes([5 | 8, 64])  # 2^64 - 1
    out = []
    for op in range(nops):
        out.append(bytes([op]) + max_ * 4 + b"\2\xff\xff")  # the largest inputs
        out.append(bytes([op]) + p + pm1 + zero + one + two64m1 + b"\1\3")
    # from_bytes, mp_mul, redc, move, fp2_from_bytes, fp2_mul, fp2_sqr, fp2_inv
    for op in (0, 12, 13, 15, 16, 25, 26, 28):
        out.append(bytes([op]) + bytes(rng.getrandbits(8) for _ in range(4 * nbytes)))
    fp2 = 16  # OP2_FROM_BYTES
    for delta in (127, 128, 129):  # p - 1, p, p + 1 in one half or both
        out.append(bytes([0, 9]) + b"\0" * nbytes + bytes([delta]))
        out.append(bytes([fp2, 9 | 16]) + b"\0" * (2 * nbytes) + bytes([delta, 127]))
    out.append(bytes([0, 17]))  # all-ones string
    out.append(bytes([fp2, 1 | 64]))  # im all-ones
    out.append(bytes([0, 0, nbytes + 1]) + b"\1" * (nbytes + 1))  # wrong lengths
    out.append(bytes([fp2, 0, 2 * nbytes - 1]) + b"\1" * (2 * nbytes - 1))
    out.append(bytes([13, 1]))  # redc of p*R - 1, the largest input
    return out


def seeds_p25519(rng):
    """fuzz_p25519.c: 3 seeds per operation, then the decoders' edges."""
    zero, one, pm1, p, top, twop = b"\1\0", b"\1\1", b"\2\0", b"\3\0", b"\4\0", b"\5\0"
    out = []
    for op in range(P25519_OPS):
        out.append(bytes([op]) + top * 2 + b"\1\x80")  # 2^256 - 1
        out.append(bytes([op]) + p + twop + pm1 + zero + one + bytes([7, 255]))
        out.append(bytes([op]) + bytes(rng.getrandbits(8) for _ in range(80)))
    for op in (0, 1):  # lenient, strict: p - 1, p, p + 1, with and without the top bit
        for delta in (127, 128, 129):
            out.append(bytes([op, 9]) + b"\0" * 32 + bytes([delta]))
        out.append(bytes([op, 9 | 32]) + b"\0" * 32 + bytes([127]))
    for op in (0, 1, 2):
        out.append(bytes([op, 17]))  # all-ones
        out.append(bytes([op, 0, 33]) + b"\1" * 33)  # wrong length
    out.append(bytes([14]) + pm1 + one + b"\1" + bytes([0]) + b"\x55" * 32)  # sqrt_ratio of a square
    return out


def target_seeds(t):
    rng = random.Random("ecfield-" + t)
    if t == "p25519":
        return seeds_p25519(rng)
    if t in SIDH_BYTES:
        return seeds_sidh(OPS[t], SIDH_BYTES[t], rng)
    return seeds(OPS[t], rng)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    targets = sys.argv[1:] or sorted(OPS)
    for t in targets:
        d = os.path.join(here, "corpus", t)
        os.makedirs(d, exist_ok=True)
        for name in os.listdir(d):
            os.remove(os.path.join(d, name))
        ss = target_seeds(t)
        for i, s in enumerate(ss):
            with open(os.path.join(d, "seed-%04d" % i), "wb") as f:
                f.write(s)
        print("%s: %d seeds in %s" % (t, len(ss), d))


if __name__ == "__main__":
    main()
