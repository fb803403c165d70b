#!/usr/bin/env python3
"""Issue 23's bars from ecfield-bench: ROUNDS rounds of the rows below, each
ratio taken within one run of the benchmark (the rows of a group are
interleaved), then the median over the rounds, of the rows' medians and of
their minima. Needs a bench build with the s2n-bignum and crypto_mb peers
(docs/benchmarks.md, "Building s2n-bignum and crypto_mb outside the tree").

usage: tools/bench_bars.py BUILD/benchmarks/ecfield-bench [ROUNDS] [SAMPLES]

The batch rows are avx512_ifma/batch64 over the group's MULX single call;
crypto_mb's column is its 8-way row over our MULX single call in the
single-call group of the same round (its ECDSA sign row is given its nonce).
"""
import subprocess, sys, statistics
bench = sys.argv[1]; rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
samples = sys.argv[3] if len(sys.argv) > 3 else "61"
# (label, filter, numerator row suffix, denominator row, bar)
B = [
 ("X25519 batch", "curve25519/x25519_batch/", "avx512_ifma/batch64", "curve25519/x25519_batch/mulx_adx/public", 0.21),
 ("X25519 pk batch", "curve25519/x25519_base_batch/", "avx512_ifma/batch64", "curve25519/x25519_base_batch/mulx_adx/public", 0.48),
 ("Ed25519 sign batch", "curve25519/ed25519_sign_batch/", "avx512_ifma/batch64", "curve25519/ed25519_sign_batch/mulx_adx/public", 0.34),
 ("Ed25519 verify batch", "curve25519/ed25519_verify_batch/", "avx512_ifma/batch64", "curve25519/ed25519_verify_batch/mulx_adx/public", 0.31),
 ("P-256 ECDH batch", "p256/ecdh_batch/", "avx512_ifma/batch64", "p256/ecdh_batch/mulx_adx/public", 0.38),
 ("P-256 pk batch", "p256/public_key_batch/", "avx512_ifma/batch64", "p256/public_key_batch/mulx_adx/public", 0.54),
 ("ECDSA sign batch", "p256/ecdsa_sign_batch/", "avx512_ifma/batch64", "p256/ecdsa_sign_batch/mulx_adx/public", 0.52),
 ("ECDSA verify batch", "p256/ecdsa_verify_batch/", "avx512_ifma/batch64", "p256/ecdsa_verify_batch/mulx_adx/public", 0.46),
 ("X25519 vs s2n", "curve25519/x25519/", "mulx_adx/public", "curve25519/x25519/s2n-bignum/peer", 0.95),
 ("X25519 pk vs s2n", "curve25519/x25519_base/", "mulx_adx/public", "curve25519/x25519_base/s2n-bignum/peer", 0.95),
 ("p256 inv vs s2n", "p256/inv/", "mulx_adx/public", "p256/inv/s2n-bignum/peer", 0.95),
 ("p25519 inv vs s2n", "p25519/inv/", "mulx_adx/public", "p25519/inv/s2n-bignum/peer", 0.95),
 ("p25519 mul vs OpenSSL", "p25519/mul/", "mulx_adx/direct", "p25519/mul/openssl/peer", 0.90),
 ("p25519 sqr vs OpenSSL", "p25519/sqr/", "mulx_adx/public", "p25519/sqr/openssl/peer", 0.90),
 ("p256 mul vs OpenSSL", "p256/mul/", "mulx_adx/public", "p256/mul/openssl/peer", 0.90),
 ("p256 sqr vs OpenSSL", "p256/sqr/", "mulx_adx/public", "p256/sqr/openssl/peer", 0.80),
]
# crypto_mb: its row over our MULX single call, in the single-call group of the same run
MB = {"X25519 batch": "curve25519/x25519/", "X25519 pk batch": "curve25519/x25519_base/",
      "Ed25519 sign batch": "curve25519/ed25519_sign/", "Ed25519 verify batch": "curve25519/ed25519_verify/",
      "P-256 ECDH batch": "p256/ecdh/", "P-256 pk batch": "p256/public_key/",
      "ECDSA sign batch": "p256/ecdsa_sign/", "ECDSA verify batch": "p256/ecdsa_verify/"}
res = {b[0]: [] for b in B}; mbr = {}; resmin = {}
filters = sorted(set(b[1] for b in B) | set(MB.values()))
for r in range(rounds):
    rows = {}; mins = {}
    for f in filters:
        out = subprocess.run(["taskset", "-c", "1", bench, "--samples", samples, "--filter", f], capture_output=True, text=True).stdout
        for line in out.splitlines():
            p = line.split()
            if len(p) >= 6 and not line.startswith("#") and p[0] != "field":
                try:
                    rows["/".join(p[:4])] = float(p[5]); mins["/".join(p[:4])] = float(p[6])
                except ValueError: pass
    for lab, f, num, den, bar in B:
        n = rows.get(f + num); d = rows.get(den)
        if n and d: res[lab].append(n / d)
        nm = mins.get(f + num); dm = mins.get(den)
        if nm and dm: resmin.setdefault(lab, []).append(nm / dm)
        if lab in MB:
            g = MB[lab]; c = rows.get(g + "crypto_mb/peer"); d2 = rows.get(g + "mulx_adx/public")
            if c and d2: mbr.setdefault(lab, []).append(c / d2)
for lab, f, num, den, bar in B:
    v = res[lab]
    if not v: print("%-24s no rows" % lab); continue
    m = statistics.median(v)
    mb = mbr.get(lab)
    mm = statistics.median(resmin.get(lab, [0]))
    print("%-24s %s  median %.3f (of minima %.3f)  bar %.2f %s%s" % (lab, " ".join("%.3f" % x for x in v), m, mm, bar, "OK" if m <= bar else "MISS",
          ("  crypto_mb %.3f (ours/crypto_mb %.2f)" % (statistics.median(mb), m / statistics.median(mb))) if mb else ""))
