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


# --- curve25519 targets (fuzz_25519.h): byte-string operands -----------------
# A 32-byte operand (fuzz_str32) is a mode byte and its bytes: 0x00 + 32 raw
# bytes; 0x01 k (small); 0x02 k (m - 1 - k); 0x03 k (m + k); 0x04 k
# (2^256 - 1 - k); 0x05 i (entry i of the target's table); 0x07 k (2^k);
# mode | 0x08 flips bit 255. m is p, or l for scalars. Seeds that must take
# an expensive path are padded with zeros (what the targets read past the
# end anyway) to PAD bytes and given a trailing nonce that opens fz_gate
# (fuzz_common.h: the top bits of the FNV-1a hash of the whole input).
VECTORS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "test", "vectors", "rfc")
PAD = 256
GATE_BITS = {"x25519": 2, "edwards25519": 4, "ed25519": 4, "ristretto255": 4}  # 4: opens 3 too


def fnv1a(b):
    h = 2166136261
    for x in b:
        h = ((h ^ x) * 16777619) & 0xFFFFFFFF
    return h


def gated(seed, bits):
    """seed, padded, with a nonce so that fz_gate(seed, bits) is 1."""
    seed = seed + bytes(max(0, PAD - len(seed)))
    for n in range(1 << 16):
        s = seed + n.to_bytes(2, "little")
        if fnv1a(s) >> (32 - bits) == 0:
            return s
    raise SystemExit("no nonce opens the gate")


def ungated(seed, bits):
    """seed, padded, with a nonce so that fz_gate(seed, bits) is 0."""
    seed = seed + bytes(PAD - len(seed))
    for n in range(1 << 16):
        s = seed + n.to_bytes(2, "little")
        if fnv1a(s) >> (32 - bits) != 0:
            return s
    raise SystemExit("no nonce closes the gate")


def raw32(b):
    assert len(b) == 32
    return b"\0" + b


def kv_blocks(name):
    """`key = value` blocks of a vector file, as dicts."""
    blocks, cur = [], {}
    with open(os.path.join(VECTORS, name)) as f:
        for line in f:
            line = line.strip()
            if line.startswith("#"):
                continue
            if not line:
                if cur:
                    blocks.append(cur)
                cur = {}
                continue
            k, _, v = line.partition("=")
            cur[k.strip()] = v.strip()
    if cur:
        blocks.append(cur)
    return blocks


def seeds_x25519(rng):
    g = lambda s: gated(s, GATE_BITS["x25519"])
    out = []
    for blk in kv_blocks("rfc7748_x25519.txt"):
        if "scalar" in blk:  # 5.2: with OpenSSL, and out aliasing u, then the scalar
            k, u = bytes.fromhex(blk["scalar"]), bytes.fromhex(blk["u"])
            for flags in (0x01, 0x12, 0x04):
                out.append(g(bytes([0, flags]) + raw32(k) + raw32(u)))
        elif blk.get("iterations") == "1":
            out.append(g(bytes([0, 0x11]) + raw32(bytes.fromhex(blk["k"])) + raw32(bytes.fromhex(blk["u"]))))
        for key in ("alice_private", "bob_private"):
            if key in blk:  # the public key, by the fixed base (and the ladder on 9)
                out.append(g(bytes([40, 0x01]) + raw32(bytes.fromhex(blk[key]))))
                out.append(g(bytes([40, 0x12]) + raw32(bytes.fromhex(blk[key]))))
    k = bytes(rng.getrandbits(8) for _ in range(32))
    for i in range(16):  # the small-order table, both top bits, 9, RFC u
        out.append(g(bytes([0, (i & 1) | (i << 4 & 0x10)]) + raw32(k) + bytes([5, i])))
    for d in (0, 1, 9, 18):  # p + d, non-canonical (p + 9 is 9), with and without bit 255
        out.append(g(bytes([0, 0x01]) + raw32(k) + bytes([3, d])))
        out.append(g(bytes([0, 0x10]) + raw32(k) + bytes([0x0B, d])))
    out.append(g(bytes([0, 0x01]) + raw32(k) + bytes([2, 0])))  # p - 1: small order
    out.append(g(bytes([0, 0x01]) + raw32(k) + bytes([2, 1])))  # p - 2
    out.append(g(bytes([0, 0x01]) + raw32(k) + bytes([4, 0])))  # 2^256 - 1
    out.append(g(bytes([0, 0x11]) + bytes([1, 0]) + bytes([1, 9])))  # scalar 0 (clamped), u = 9
    out.append(g(bytes([40, 0x01]) + bytes([4, 0])))  # all-ones scalar
    out.append(bytes([56]))  # NULL arguments
    return out


def seeds_edwards25519(rng):
    g = lambda s: gated(s, GATE_BITS["edwards25519"])
    pks = [bytes.fromhex(b["public_key"]) for b in kv_blocks("rfc8032_ed25519.txt") if "public_key" in b]
    out = []
    for i in range(0, 64, 2):  # decode the table: small order, k*B, B + T, non-canonical y
        out.append(bytes([0, 5, i, 0, 5, i + 1]))
    for pk in pks[:3]:
        out.append(bytes([1]) + raw32(pk))
    for d in (0, 1, 2, 18):  # y = p + d (ZIP-215 only), with the sign bit
        out.append(bytes([2, 3, d]))
        out.append(bytes([3, 0x0B, d]))
    out.append(bytes([4, 0x09, 1]))  # y = 1 with the sign bit (x = 0): ENCODING when strict
    out.append(bytes([5, 0x0A, 0]))  # y = p - 1 with the sign bit
    out.append(bytes([6, 4, 0]))  # all-ones: y >= p
    out.append(bytes([7, 2, 0]))  # y = p - 1, x = 0
    for i, j in ((14, 15), (0, 14), (2, 3), (24, 16), (40, 41)):  # add/sub from the table
        out.append(bytes([9, 5, i, 5, j]))
    out.append(bytes([10]) + raw32(pks[0]) + raw32(pks[1]))
    out.append(bytes([11, 31]))  # lengths and NULL
    out.append(bytes([11, 33]))
    # scalar mults, on the table's points and the edge scalars (mod l modes)
    for tier, sc, pt in ((0, b"\3\0", b"\5\x0e"), (1, b"\2\0", b"\5\x02"), (0, b"\7\xff", b"\5\x18"),
                         (1, b"\4\0", b"\5\x1c"), (0, b"\1\0", b"\5\x0e"), (1, b"\3\x08", b"\5\x04")):
        out.append(g(bytes([12, tier]) + sc + pt))
    out.append(g(bytes([13, 1]) + raw32(bytes(rng.getrandbits(8) for _ in range(32))) + raw32(pks[2])))
    for i in (0, 2, 4, 14, 16, 24, 30):  # is_valid_point: small order, k*B, mixed, non-canonical
        out.append(g(bytes([14, i & 1, 5, i])))
    out.append(g(bytes([15, 1]) + raw32(pks[0])))
    return out


def seeds_ed25519(rng):
    g = lambda s: gated(s, GATE_BITS["ed25519"])
    out = []
    for blk in kv_blocks("rfc8032_ed25519.txt"):
        msg = bytes.fromhex(blk.get("message", ""))
        if len(msg) > 64:
            continue
        pk, sig = bytes.fromhex(blk["public_key"]), bytes.fromhex(blk["signature"])
        # raw verify of the RFC signature (b even: raw; S < l kept by the gate)
        out.append(g(bytes([0, 0]) + raw32(pk) + raw32(sig[:32]) + raw32(sig[32:]) + bytes([len(msg)]) + msg))
        out.append(g(bytes([2, 1]) + raw32(pk) + raw32(sig[:32]) + raw32(sig[32:]) + bytes([len(msg) + 1]) + msg))
        # sign with the RFC seed (and OpenSSL)
        out.append(g(bytes([6, 0x80 | len(out) & 1]) + bytes.fromhex(blk["secret_key"]) + bytes([len(msg)]) + msg))
    # the order-4 public key and the all-zero signature that found the
    # negated-scalar bug of compute_rprime (y = 0 with the sign bit)
    out.append(g(bytes([0, 1, 0x09])))
    # constructed signatures: every construction, a few arguments
    for how in range(8):
        for arg in (0, 1, 2, 5, 0x83, 0x46):
            seed = bytes(rng.getrandbits(8) for _ in range(32))
            out.append(g(bytes([1, how, arg & 1, arg]) + seed + bytes([3, 0x61, 0x62, 0x63])))
    # raw: small-order R and A, S = l, l + 1, l - 1
    out.append(g(bytes([0, 0, 5, 0, 5, 2, 1, 0])))
    for sc in (b"\3\0", b"\3\1", b"\2\0"):
        out.append(bytes([4, 1, 5, 14, 5, 0]) + sc)
    out.append(bytes([7]))
    return out


def seeds_ristretto255(rng):
    g = lambda s: gated(s, GATE_BITS["ristretto255"])
    mult, bad, maps = [], [], []
    with open(os.path.join(VECTORS, "rfc9496_ristretto255.txt")) as f:
        for line in f:
            t = line.split()
            if not t or t[0].startswith("#"):
                continue
            if t[0] == "multiple":
                mult.append(bytes.fromhex(t[2]))
            elif t[0] == "bad":
                bad.append(bytes.fromhex(t[1]))
            elif t[0] == "map":
                maps.append(bytes.fromhex(t[1]))
    out = []
    for i, m in enumerate(mult[:8]):  # valid; negated (p - s); + p; with bit 255
        out.append(bytes([0, 0]) + raw32(m))
        out.append(bytes([1, 2]) + raw32(m))
        out.append(bytes([2, 4]) + raw32(m))
        out.append(bytes([3, 0, 0x08, m[0]]) + m[1:])
    for b in bad:  # RFC 9496 A.2
        out.append(bytes([4, 0]) + raw32(b))
    for d in (0, 1, 18):  # p + d, p - 1 - d
        out.append(bytes([5, 0, 3, d]))
        out.append(bytes([6, 0, 2, d]))
    for m in maps:  # A.3 through from_uniform_bytes, and as a decode operand
        out.append(bytes([11]) + m)
        out.append(bytes([7, 1]) + m)
    for i, j in ((1, 2), (0, 5), (3, 3), (15, 1)):
        out.append(g(bytes([12, 0, 5, i, 0, 5, j])))
    out.append(g(bytes([12, 1]) + maps[0] + bytes([1]) + maps[1]))
    out.append(bytes([13, 31]))
    out.append(bytes([13, 64]))
    for tier, sc, pt in ((0, b"\3\0", b"\0\5\1"), (1, b"\2\0", b"\0\5\2"), (0, b"\7\xff", b"\0\5\3"),
                         (1, b"\4\0", b"\0\5\4"), (0, b"\1\0", b"\0\5\1")):
        out.append(g(bytes([14, tier]) + sc + pt))
    out.append(g(bytes([15, 1]) + raw32(bytes(rng.getrandbits(8) for _ in range(32))) + b"\1" + maps[2]))
    return out


# --- fuzz_batch.c: the batch calls against the single calls ------------------
# byte 0 the call (0 x25519, 1 x25519 public key, 2 ed25519 public key,
# 3 ed25519 sign, 4 ed25519 verify, 5 p256 public key, 6 p256 ecdh, 7 ecdsa
# sign, 8 ecdsa verify, 9 NULL arguments), byte 1 n, byte 2 the flags, then
# each element's operands in the order fuzz_batch.c reads them; every mode
# of every operand is cycled through across the elements.
def batch_msg(i, rng):
    if i % 7 == 5:
        return bytes([255, i])  # NULL with a length
    if i % 7 == 6:
        return bytes([254])  # NULL, length 0
    n = (0, 1, 63, 64, 111, 112, 128, 199)[i % 8] if i % 7 else rng.randrange(200)
    return bytes([n]) + bytes(rng.getrandbits(8) for _ in range(n))


def batch_str32(i, rng, table=0):
    mode = i % 8 if not table else 5
    if mode in (0, 6):
        return bytes([mode]) + bytes(rng.getrandbits(8) for _ in range(32))
    return bytes([mode | (8 if i % 3 == 2 else 0), (i * 37) & 0xFF])


def batch_elem(op, i, flags, rng):
    r = lambda k: bytes(rng.getrandbits(8) for _ in range(k))
    if op == 0:
        return batch_str32(i, rng) + batch_str32(i, rng, table=i % 2)
    if op in (1, 2):
        return batch_str32(i, rng)
    if op == 3:
        e = bytes([i & 1]) + batch_str32(i, rng)
        if i & 1:
            e += batch_str32(i + 3, rng, table=1)
        return e + batch_msg(i, rng)
    if op == 4:
        mode, k = i % 10, (i * 53) & 0xFF
        e = bytes([mode | (i << 5 & 0xE0), k]) + batch_msg(i, rng)
        return e + (batch_str32(i, rng) if mode == 8 else r(64) if mode == 9 else b"")
    sc = bytes([i % 6, i & 0xFF]) + (r(32) if i % 6 == 0 else b"")
    if op == 5:
        return sc
    pt = bytes([i % 8 | (i << 5 & 0xE0), (i * 29) & 0xFF]) + (r(64) if i % 8 == 7 else b"")
    if op == 6:
        return sc + pt
    if op == 7:
        return sc + batch_msg(i, rng) + (batch_msg(i + 1, rng) if flags & 2 else b"")
    mode = i % 9
    return bytes([mode | (i << 5 & 0xE0), (i * 29) & 0xFF]) + batch_msg(i, rng) + (pt if mode >= 7 else b"")


def seeds_batch(rng):
    out = []
    for op in range(9):
        for n, flags in ((9, 0), (9, 1), (8, 2), (17, 4), (17, 7), (1, 6), (0, 0)):
            seed = bytes([op, n, flags]) + b"".join(batch_elem(op, i, flags, rng) for i in range(n))
            out.append(gated(seed, 4))
    for k in range(13):  # NULL arguments: each of the 13 checks (flags >> 1), both tiers
        out.append(bytes([9, (0, 1, 8, 9, 17)[k % 5], 2 * k | (k & 1)]))
    return out


C25519 = {"x25519": seeds_x25519, "edwards25519": seeds_edwards25519, "ed25519": seeds_ed25519,
          "ristretto255": seeds_ristretto255, "batch": seeds_batch}
OPS.update({t: None for t in C25519})


def target_seeds(t):
    rng = random.Random("ecfield-" + t)
    if t in C25519:
        return C25519[t](rng)
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
