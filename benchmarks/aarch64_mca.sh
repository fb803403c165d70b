#!/bin/bash
# usage: benchmarks/aarch64_mca.sh [BUILD_DIR]   (default build-aarch64)
#        S2N_BIGNUM=/path/to/s2n-bignum benchmarks/aarch64_mca.sh ...
#
# Static throughput estimates of the aarch64 field kernels (docs/aarch64.md):
# llvm-mca's cycles per call (Total Cycles / 100 iterations of the whole
# function body, back to back) on model cores, for
#   (a) our kernels (ecfk_*_aarch64, from BUILD_DIR's objects),
#   (b) s2n-bignum's bignum_montmul_p256, bignum_montsqr_p256,
#       bignum_mul_p25519 and bignum_sqr_p25519 (assembled here from the
#       checkout S2N_BIGNUM names into a scratch directory; skipped without
#       it; nothing of it enters the tree),
#   (c) our portable C kernels (ecfk_*_portable) as BUILD_DIR's compiler built
#       them (clang in the cross build; Debian's aarch64-linux-gnu-gcc
#       conflicts with gcc-multilib, see cross/aarch64-linux-gnu.ini), on the
#       executed trace of one call (below),
# and the ratios ours/s2n and ours/portable. BUILD_DIR is an aarch64 build
# (.ci/jobs/cross.sh aarch64 makes build-aarch64, and the sysroot it links
# against, SYSROOT, default build-sysroot/aarch64). Needs llvm-mca,
# llvm-objdump, llvm-nm (Debian: llvm-14), clang and qemu-aarch64. Not a CI
# job.
#
# What this is and is not: llvm-mca models the steady-state throughput of a
# straight-line block on a model of a core's pipelines (no caches, no branch
# prediction, no memory dependencies, and in LLVM 14 several "neoverse" and
# "apple" names share older scheduling models). It ranks code; it does not
# measure a machine.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-aarch64}
MCA=${LLVM_MCA:-llvm-mca}
OBJDUMP=${LLVM_OBJDUMP:-llvm-objdump}
CPUS=${MCA_CPUS:-neoverse-n1 neoverse-v1 apple-m1}
command -v "$MCA" >/dev/null || { echo "# SKIP: no $MCA (Debian: apt-get install llvm)"; exit 77; }
[ -f "$build/build.ninja" ] || { echo "# $build is not a build directory (bash .ci/jobs/cross.sh aarch64)"; exit 2; }
ninja -C "$build" lib/libecfield_internal.a >/dev/null
lib=$build/lib/libecfield_internal.a.p
work=$(mktemp -d)
trap '[ -n "${KEEP_WORK:-}" ] || rm -rf "$work"' EXIT

# The body of symbol SYM in object OBJ as assembly llvm-mca reads, after
# three instructions that give x0, x1 and x2 (z, x, y) fresh values from sp:
# llvm-mca runs the body as a loop, and a kernel that reuses an argument
# register as scratch would otherwise make each call wait for the previous
# one (a dependency no real caller has). The same for every column.
body() {
	printf 'add x0, sp, #256\nadd x1, sp, #320\nadd x2, sp, #384\n'
	"$OBJDUMP" -d --no-show-raw-insn --no-leading-addr --disassemble-symbols="$2" "$1" |
		sed -n '/^<'"$2"'>:/,/^$/p' | sed '1d;/^$/d;s/<[^>]*>//g;s/\/\/.*//;s/^[[:space:]]*//' |
		awk '!/^\.\.\./'
}

# Our objects: the generated isogeny kernels, p256, p256n, p25519; the portable C.
ours_obj() { # kernel symbol -> object
	case $1 in
	*_p256n_*) echo "$lib/kernels_aarch64_p256n_aarch64.S.o" ;;
	*_p256_*) echo "$lib/kernels_aarch64_p256_aarch64.S.o" ;;
	*_p25519_*) echo "$lib/kernels_aarch64_p25519_aarch64.S.o" ;;
	*) p=${1#ecfk_}; p=${p%%_*}; ls "$lib"/*"${p}_aarch64.S.o" ;;
	esac
}

# The portable kernels are not straight-line code (clang leaves the isogeny
# fields' generic loops rolled and calls out of line): llvm-mca cannot
# follow a loop or a call, so they are measured on the trace of one call, the
# instructions qemu-aarch64 executes (-singlestep -d exec), in order. A
# static driver calls each kernel once.
sysroot=${SYSROOT:-build-sysroot/aarch64}
syms=""
for f in p256 p256n p25519 p434 p503 p610 p751; do syms="$syms ecfk_${f}_mul_portable ecfk_${f}_sqr_portable"; done
{
	echo '#include <stdint.h>'
	echo '#include <string.h>'
	echo 'typedef void (*fn3)(uint64_t *, const uint64_t *, const uint64_t *);'
	for s in $syms; do echo "void $s(void);"; done
	echo 'static const struct { const char *name; void (*fn)(void); } T[] = {'
	for s in $syms; do echo "{\"$s\", $s},"; done
	echo '};'
	echo 'int main(int argc, char **argv) {'
	echo '	uint64_t x[12], y[12], z[24];'
	echo '	for (int i = 0; i < 12; i++) x[i] = 0x0123456789abcdefULL * (uint64_t)(i + 1), y[i] = 0x0fedcba987654321ULL * (uint64_t)(i + 3);'
	echo '	x[3] = y[3] = 0x0fffffff; /* below every modulus as 4 limbs: the kernels branch on nothing anyway */'
	echo '	for (unsigned i = 0; i < sizeof T / sizeof T[0]; i++)'
	echo '		if (argc > 1 && strcmp(argv[1], T[i].name) == 0)'
	echo '			((fn3)T[i].fn)(z, x, y);'
	echo '	return z[0] == 42 && z[1] == 42; /* uses z; 0 */'
	echo '}'
} >"$work/drv.c"
clang --target=aarch64-linux-gnu --sysroot="$sysroot" -static -O1 "$work/drv.c" "$build/lib/libecfield_internal.a" -o "$work/drv"
"$OBJDUMP" -d --no-show-raw-insn "$work/drv" >"$work/drv.dis"
llvm-nm -S "$work/drv" >"$work/drv.nm"
trace() { # symbol -> the instructions of one call, in order, as llvm-mca reads them
	qemu-aarch64 -singlestep -d exec,nochain -D "$work/qemu.log" "$work/drv" "$1"
	python3 - "$1" "$work/qemu.log" "$work/drv.dis" "$work/drv.nm" <<'PY'
import re, sys
sym, log, dis, nm = sys.argv[1:]
start = size = None
for line in open(nm):
    f = line.split()
    if len(f) == 4 and f[3] == sym:
        start, size = int(f[0], 16), int(f[1], 16)
text = {}
for line in open(dis):
    m = re.match(r"\s*([0-9a-f]+):\s+(.*)", line)
    if m:
        ins = re.sub(r"\s*<[^>]*>", "", m.group(2)).split("//")[0].strip()
        # branch targets become a label (llvm-mca ignores where they go)
        ins = re.sub(r"^((?:b|bl|b\.\w+|cbz|cbnz|tbz|tbnz)\s+(?:.*,\s*)?)(0x)?[0-9a-f]+$", r"\1L0", ins)
        text[int(m.group(1), 16)] = ins
pcs = [int(m.group(1), 16) for m in re.finditer(r"\[[0-9a-f]+/([0-9a-f]+)/", open(log).read())]
i = pcs.index(start)
out = ["L0:"]
for pc in pcs[i:]:
    out.append(text[pc])
    if start <= pc < start + size and text[pc] == "ret":
        break
print("\n".join(out))
PY
}

s2n=${S2N_BIGNUM:-}
if [ -n "$s2n" ] && [ -d "$s2n/arm" ]; then
	for f in p256/bignum_montmul_p256 p256/bignum_montsqr_p256 curve25519/bignum_mul_p25519 curve25519/bignum_sqr_p25519; do
		clang --target=aarch64-linux-gnu -c -I"$s2n/include" -I"$s2n/arm" "$s2n/arm/$f.S" -o "$work/$(basename $f).o"
	done
else
	echo "# s2n-bignum: not given (S2N_BIGNUM=/path/to/s2n-bignum): its columns are left out"
	s2n=
fi

cycles() { # cpu, file with the body -> cycles per call
	"$MCA" -mtriple=aarch64-linux-gnu -mcpu="$1" -iterations=100 "$2" 2>/dev/null |
		awk '/^Total Cycles:/ {printf "%.1f", $3 / 100}'
}

rows="p256:mul:bignum_montmul_p256 p256:sqr:bignum_montsqr_p256 p25519:mul:bignum_mul_p25519 p25519:sqr:bignum_sqr_p25519
p256n:mul:- p256n:sqr:- p434:mul:- p434:sqr:- p503:mul:- p503:sqr:- p610:mul:- p610:sqr:- p751:mul:- p751:sqr:-"
echo "# llvm-mca $("$MCA" --version | sed -n 's/.*LLVM version //p' | head -1): cycles per call (Total Cycles / 100 iterations)"
printf "%-12s %-13s %8s %8s %9s %9s %10s\n" cpu kernel ours s2n portable ours/s2n ours/port
for cpu in $CPUS; do
	for r in $rows; do
		IFS=: read -r f op peer <<<"$r"
		k=ecfk_${f}_${op}_aarch64
		body "$(ours_obj "$k")" "$k" >"$work/ours.s"
		if grep -qE '^(b|bl|b\.[a-z]+|cbn?z|tbn?z)[[:space:]]' "$work/ours.s"; then
			echo "# $k is not straight-line code: its llvm-mca figure would be wrong" >&2
			exit 1
		fi
		trace "ecfk_${f}_${op}_portable" >"$work/port.s"
		o=$(cycles "$cpu" "$work/ours.s")
		p=$(cycles "$cpu" "$work/port.s")
		s=- rs=-
		if [ -n "$s2n" ] && [ "$peer" != - ]; then
			body "$work/$peer.o" "$peer" >"$work/s2n.s"
			s=$(cycles "$cpu" "$work/s2n.s")
			rs=$(awk -v a="$o" -v b="$s" 'BEGIN {printf "%.2f", a / b}')
		fi
		rp=$(awk -v a="$o" -v b="$p" 'BEGIN {printf "%.2f", a / b}')
		printf "%-12s %-13s %8s %8s %9s %9s %10s\n" "$cpu" "${f}_$op" "$o" "$s" "$p" "$rs" "$rp"
	done
done
