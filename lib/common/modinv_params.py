#!/usr/bin/env python3
"""Print the C initializer of ecfi_modinv_params (lib/common/modinv.h) for an
odd modulus m (3 <= m < 2^768).

Usage:
    python3 modinv_params.py NAME            # one of the built-in moduli below
    python3 modinv_params.py NAME 0xHEX|EXPR # any odd modulus, e.g. "2**255-19"
    python3 modinv_params.py --all           # all built-in moduli

Constants produced:
  modulus62      m in signed-62 limbs (little-endian, each in [0, 2^62))
  modulus_inv62  m^-1 mod 2^62
  nlimbs         64-bit limb count of m
  nlimbs62       ceil((bits(m) + 2) / 62) signed-62 limbs (room for the sign
                 and for d, e in (-2m, m))
  delta0x2, steps_per_batch, nbatches: the divstep variant and count:
   * m <= HD590_MAX (just above 2^256): half-delta divsteps (delta0 = 1/2),
     590 steps, proven for 0 <= g <= f <= HD590_MAX (Coq proof
     hddivsteps590_inverse in github.com/sipa/safegcd-bounds; used by
     libsecp256k1, doc/safegcd_implementation.md). 10 batches of 59.
   * otherwise original divsteps (delta0 = 1) with Bernstein-Yang
     Theorem 11.2: b = log2(f^2+4g^2) > 92 needs at most floor(49b/34) steps;
     for 0 <= g < f < 2^k, b < 2k + log2(5) < 2k + 2.33, so
     floor((98k + 115)/34) steps; the fewest batches of at most 60 steps,
     split evenly (41..60 steps per batch: modinv.c's x86-64 packed divsteps).
"""
import sys

MODULI = {
    "p256":   2**256 - 2**224 + 2**192 + 2**96 - 1,
    "n256":   0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551,
    "p25519": 2**255 - 19,
    "p434":   2**216 * 3**137 - 1,
    "p503":   2**250 * 3**159 - 1,
    "p610":   2**305 * 3**192 - 1,
    "p751":   2**372 * 3**239 - 1,
    # The order of the edwards25519 base point (RFC 7748 / RFC 8032 "L").
    "l25519": 2**252 + 27742317777372353535851937790883648493,
}

MAX_LIMBS62 = 13
HD590_MAX = 0x101c840faed222b9ef3bfe933011b277f84ee3d3f6dc8b496d8cd75b8315afec2


def params(m):
    if m < 3 or m % 2 == 0 or m.bit_length() > 768:
        raise ValueError("modulus must be odd, 3 <= m < 2^768")
    k = m.bit_length()
    nlimbs = (k + 63) // 64
    n62 = (k + 2 + 61) // 62
    assert n62 <= MAX_LIMBS62
    limbs = [(m >> (62 * i)) & (2**62 - 1) for i in range(n62)]
    assert sum(l << (62 * i) for i, l in enumerate(limbs)) == m
    inv62 = pow(m, -1, 2**62)
    if m <= HD590_MAX:
        delta0x2, steps, S = 1, 590, 59
    else:
        delta0x2, steps = 2, (98 * k + 115) // 34
        # batches of at most 60 steps (the x86-64 packed divsteps run 41..60
        # per batch), as few as possible, split evenly
        S = -(-steps // -(-steps // 60))
    nb = -(-steps // S)
    return dict(limbs=limbs, inv62=inv62, nlimbs=nlimbs, n62=n62,
                delta0x2=delta0x2, steps=steps, S=S, nb=nb, bits=k)


def initializer(name, m):
    p = params(m)
    limbs = p["limbs"] + [0] * (MAX_LIMBS62 - p["n62"])
    lines = []
    lines.append("/* %s: %d bits, %s divsteps, bound %d steps, run %d x %d */"
                 % (name, p["bits"], "half-delta" if p["delta0x2"] == 1 else "original",
                    p["steps"], p["nb"], p["S"]))
    lines.append("static const ecfi_modinv_params %s_modinv_params = {" % name)
    lines.append("    { /* modulus62 */")
    for i in range(0, MAX_LIMBS62, 3):
        lines.append("        " + " ".join("INT64_C(0x%016x)," % l for l in limbs[i:i + 3]))
    lines.append("    },")
    lines.append("    UINT64_C(0x%016x), /* modulus_inv62 = m^-1 mod 2^62 */" % p["inv62"])
    lines.append("    %d, %d, /* nlimbs, nlimbs62 */" % (p["nlimbs"], p["n62"]))
    lines.append("    %d, %d, /* steps_per_batch, nbatches */" % (p["S"], p["nb"]))
    lines.append("    %d /* delta0x2 */" % p["delta0x2"])
    lines.append("};")
    return "\n".join(lines)


def main(argv):
    if len(argv) == 2 and argv[1] == "--all":
        # included by modinv.c and by test_modinv_steps.c (which includes
        # modinv.c too): guarded
        print("#ifndef ECFI_MODINV_PARAMS_ALL_H\n#define ECFI_MODINV_PARAMS_ALL_H\n")
        print("\n\n".join(initializer(n, m) for n, m in MODULI.items()))
        print("\n#endif")
        return 0
    if len(argv) == 2 and argv[1] in MODULI:
        print(initializer(argv[1], MODULI[argv[1]]))
        return 0
    if len(argv) == 3:
        m = int(eval(argv[2], {"__builtins__": {}}, {}))
        print(initializer(argv[1], m))
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
