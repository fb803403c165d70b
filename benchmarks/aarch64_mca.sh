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
#       them (clang in the cross build), and as aarch64-linux-gnu-gcc builds
#       them with the same flags when that compiler is installed,
# and the ratios ours/s2n and ours/portable. BUILD_DIR is an aarch64 build
# (.ci/jobs/cross.sh aarch64 makes build-aarch64). Needs llvm-mca and
# llvm-objdump (Debian: llvm-14) and clang. Not a CI job.
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
trap 'rm -rf "$work"' EXIT

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
port_obj() {
	case $1 in
	*_p256n_*) echo "$lib/kernels_portable_p256n_portable.c.o" ;;
	*_p256_*) echo "$lib/kernels_portable_p256_portable.c.o" ;;
	*_p25519_*) echo "$lib/kernels_portable_p25519_portable.c.o" ;;
	*) echo "$lib/kernels_portable_sidh_portable.c.o" ;;
	esac
}

# gcc's objects of the portable kernels, with the build's own command line.
gcc_dir=
if command -v aarch64-linux-gnu-gcc >/dev/null; then
	gcc_dir=$work/gcc
	mkdir -p "$gcc_dir"
	python3 - "$build" "$gcc_dir" <<'PY'
import json, os, shlex, subprocess, sys
build, out = sys.argv[1], sys.argv[2]
for e in json.load(open(os.path.join(build, "compile_commands.json"))):
    f = e["file"]
    if "kernels/portable/" not in f or "libecfield_internal" not in e["output"]:
        continue
    args = shlex.split(e["command"])
    args = ["aarch64-linux-gnu-gcc"] + [a for a in args[1:] if not a.startswith("--target=")
                                        and not a.startswith("-MD") and a not in ("-MQ", "-MF")]
    # drop the dependency-file operands and the output
    clean, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-MQ", "-MF", "-o"):
            skip = True
            continue
        clean.append(a)
    obj = os.path.join(out, os.path.basename(e["output"]))
    subprocess.run(clean + ["-o", obj], cwd=e["directory"], check=True)
PY
fi

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
printf "%-12s %-13s %8s %8s %9s %9s %9s %10s\n" cpu kernel ours s2n portable gcc-port ours/s2n ours/port
for cpu in $CPUS; do
	for r in $rows; do
		IFS=: read -r f op peer <<<"$r"
		k=ecfk_${f}_${op}_aarch64
		body "$(ours_obj "$k")" "$k" >"$work/ours.s"
		body "$(port_obj "$k")" "ecfk_${f}_${op}_portable" >"$work/port.s"
		o=$(cycles "$cpu" "$work/ours.s")
		p=$(cycles "$cpu" "$work/port.s")
		s=- g=- rs=-
		if [ -n "$s2n" ] && [ "$peer" != - ]; then
			body "$work/$peer.o" "$peer" >"$work/s2n.s"
			s=$(cycles "$cpu" "$work/s2n.s")
			rs=$(awk -v a="$o" -v b="$s" 'BEGIN {printf "%.2f", a / b}')
		fi
		if [ -n "$gcc_dir" ]; then
			body "$gcc_dir/$(basename "$(port_obj "$k")")" "ecfk_${f}_${op}_portable" >"$work/gcc.s"
			g=$(cycles "$cpu" "$work/gcc.s")
		fi
		rp=$(awk -v a="$o" -v b="$p" 'BEGIN {printf "%.2f", a / b}')
		printf "%-12s %-13s %8s %8s %9s %9s %9s %10s\n" "$cpu" "${f}_$op" "$o" "$s" "$p" "$g" "$rs" "$rp"
	done
done
