#!/bin/sh
# Side-by-side benchmark of the isogeny fields against PQCrypto-SIDH's MULX/ADX
# assembly (github.com/microsoft/PQCrypto-SIDH, MIT), built OUTSIDE the tree:
# nothing of PQCrypto-SIDH is in this repository.
#
#   tools/sidh_peer/run.sh PQCRYPTO_SIDH_CHECKOUT BUILD_DIR
#
# Compiles src/P{434,503,610,751}/AMD64/fp_x64_asm.S of the checkout with
# -D_MULX_ -D_ADX_, the constants they read (p, p+1, 2p, 4p, 8p from the
# build's modulus list, lib/common/modinv_params.py), and peer_bench.c, which
# links BUILD_DIR's libecfield.so and times Fp mul, Fp2 sqr and Fp2 mul of both
# in one process: ping-pong latency chains of 64 calls, peer and libecfield
# interleaved, 201 samples, median rdtsc ticks per call. p751 has no fused
# kernels in PQCrypto-SIDH: its rows compose mul751_asm, rdc751_asm and the
# add/sub helpers the way its fpx.c does. Pin it: taskset -c 1.
set -eu
src=$1
build=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$top/lib/common" > "$tmp/consts.c" <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
from modinv_params import MODULI
print("#include <stdint.h>")
for name in ("p434", "p503", "p610", "p751"):
    m = MODULI[name]
    n = (m.bit_length() + 63) // 64
    for suffix, v in (("", m), ("p1", m + 1), ("x2", 2 * m), ("x4", 4 * m), ("x8", 8 * m)):
        words = ",".join("0x%016xULL" % ((v >> (64 * i)) % 2**64) for i in range(n))
        print("const uint64_t %s%s[%d] = {%s};" % (name, suffix, n, words))
PY
for p in 434 503 610 751; do
	cc -c -D_MULX_ -D_ADX_ "$src/src/P$p/AMD64/fp_x64_asm.S" -o "$tmp/fp$p.o"
done
cc -O2 -I"$top/include" -I"$build/include" "$here/peer_bench.c" "$tmp/consts.c" "$tmp"/fp*.o \
	-o "$tmp/peer_bench" -L"$build/lib" -lecfield -Wl,-rpath,"$build/lib" -Wl,-z,noexecstack
"$tmp/peer_bench"
