#!/bin/bash
# usage: cross.sh ARCH (aarch64, s390x or i386). Cross-build with
# cross/ARCH-linux-gnu.ini and run the whole suite but suite 'slow': aarch64
# and s390x under qemu-user (the cross file's exe_wrapper), i386 natively (there
# the valgrind test of every field op, ct_valgrind, runs on 32-bit code; the
# SIKE protocol test ct_sike, 2 minutes under valgrind, does not). The foreign
# libraries come from a private sysroot, build-sysroot/ARCH (.ci/sysroot.sh),
# whose constants file is given to meson before the cross file. ECF_TEST_SCALE
# (default 10: every edge case, a tenth of the random ones) sets the share of
# the random cases.
set -euo pipefail
cd "$(dirname "$0")/../.."
arch=$1
dir=build-$arch
bash .ci/sysroot.sh "$arch"
# SIKE (research code, libecfield-sidh) is cross-tested on s390x only, where
# its byte encodings meet a big-endian machine; its fields (p434-p751, in
# libecfield.so) are tested on every architecture. Issue 19's time budget.
sidh=enabled
[ "$arch" = s390x ] || sidh=disabled
[ -f $dir/build.ninja ] || meson setup $dir -Dbenchmarks=false -Dsidh=$sidh --cross-file build-sysroot/$arch.ini --cross-file cross/$arch-linux-gnu.ini
ninja -C $dir
case $arch in
i386)
	# The point of this build: no unsigned __int128, so wide.h's fallback runs.
	if gcc -m32 -dM -E - </dev/null | grep __SIZEOF_INT128__ >/dev/null; then
		echo "# FAIL: gcc -m32 has __int128; the fallback would not be tested"
		exit 1
	fi
	echo "# i386: no unsigned __int128, portable kernels use the 64x64 fallback"
	# valgrind (the ct test) reads the sysroot's ld.so symbols from libc6-dbg.
	export VALGRIND_OPTS="${VALGRIND_OPTS:-} --extra-debuginfo-path=$PWD/build-sysroot/i386-debuginfo"
	;;
esac
# The three exhaustive P-256 edge tests (ECF_TEST_SKIP_EXHAUSTIVE; they do
# not scale) run natively in the README's command and in cross-i386 (no
# __int128); under qemu they are skipped (CI time, issue 23).
[ "$arch" = i386 ] || export ECF_TEST_SKIP_EXHAUSTIVE=${ECF_TEST_SKIP_EXHAUSTIVE-1}
case $arch in
aarch64)
	# The aarch64 tier (base ARMv8-A MUL/UMULH kernels, issue 22) twice under
	# qemu-user: QEMU_CPU=max (every extension; test_dispatch fails unless the
	# probe picked tier aarch64), then QEMU_CPU=cortex-a53 (ARMv8.0: the field
	# kernels and the SHA-256 kernel still run, SHA-512's and Keccak's portable
	# fallbacks run: test hash fails unless exactly the tiers of
	# ECF_EXPECT_HASH_TIERS ran), the second run
	# limited to the probe (and its silence at load), the kernels (bit for bit
	# against portable, and their ABI) and the hash tests: the field kernels
	# are base ARMv8-A, the same instructions under both models (time budget).
	t0=$(date +%s)
	QEMU_CPU=max ECF_EXPECT_KERNEL=aarch64 ECF_EXPECT_HASH_TIERS=armv8_sha2,armv8_sha512,armv8_sha3 ECF_TEST_SCALE=${ECF_TEST_SCALE:-10} \
		meson test -C $dir --no-suite slow --print-errorlogs
	grep -h -m1 '^# detected' $dir/meson-logs/testlog.txt || true
	t1=$(date +%s)
	QEMU_CPU=cortex-a53 ECF_EXPECT_KERNEL=aarch64 ECF_EXPECT_HASH_TIERS=armv8_sha2 ECF_TEST_SCALE=${ECF_TEST_SCALE:-10} \
		meson test -C $dir --print-errorlogs dispatch kernels abi_kernels hash probe_quiet
	grep -h -m1 '^# detected' $dir/meson-logs/testlog.txt || true
	echo "# aarch64: QEMU_CPU=max run $((t1 - t0)) s, QEMU_CPU=cortex-a53 run $(($(date +%s) - t1)) s"
	;;
*)
	ECF_TEST_SCALE=${ECF_TEST_SCALE:-10} meson test -C $dir --no-suite slow --print-errorlogs
	grep -h -m1 '^# detected' $dir/meson-logs/testlog.txt || true
	;;
esac
