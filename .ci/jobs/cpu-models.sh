#!/bin/bash
# Every CPU path of this machine: the unit suite under qemu-x86_64 as a Nehalem
# (no BMI2, no ADX) and a Haswell (BMI2 without ADX). The probe must pick the
# portable kernels and say why (test_dispatch checks ECF_EXPECT_KERNEL and
# ECF_EXPECT_REASON), and no test or the benchmark may die of SIGILL. The
# native suite (first CI command) covers the MULX/ADX path and the
# ECFIELD_DISABLE override (dispatch_env_* tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
(meson setup build || meson setup --reconfigure build) >/dev/null
ninja -C build
export ECF_TEST_SCALE=${ECF_TEST_SCALE:-25}
for model in "Nehalem:BMI2 and ADX not detected" "Haswell:ADX not detected"; do
	cpu=${model%%:*}
	echo "# qemu-x86_64 -cpu $cpu: expect the portable kernels, reason '${model#*:}'"
	# TCG cannot emulate a few Haswell system features; qemu warns and goes on.
	ECF_EXPECT_KERNEL=portable ECF_EXPECT_REASON="${model#*:}" \
		meson test -C build --suite unit --print-errorlogs --wrapper "qemu-x86_64 -cpu $cpu" \
		2> >(grep -v "TCG doesn't support requested feature" >&2)
	qemu-x86_64 -cpu "$cpu" build/test/test_dispatch 2>&1 | grep '^# detected'
	# The benchmark too must run (no SIGILL); its first line says which kernel and why.
	bench=$(qemu-x86_64 -cpu "$cpu" build/benchmarks/ecfield-bench --filter p256/mul/ --samples 11 2>/dev/null)
	printf '%s\n' "$bench" | sed -n 1,3p
done
