#!/bin/bash
# Secrets wiped from the stack in builds other than the README's release one
# (issue 18): the wipe tests in a -Drange_checks=true debugoptimized build
# without sanitizers (ASan hides the stack from these tests; that build once
# left a key limb in a callee's red zone) and in a clang build (clang calls
# memset where gcc stores inline). Only the wipe tests' programs are built:
# stack_wipe (nothing non-zero left below any secret-holding function),
# p256_group, p256_ecdsa, ed25519, curve25519 (the keys and nonces searched on
# the stack) and p256_steps (the point kernels' frames), on every tier
# (stack_wipe on every subset of the CPU's kernel bits: MULX/ADX, AVX2,
# SHA-NI). build-clang is ct-clang's directory (reused when it is there).
# ECF_TEST_SCALE (default 10) bounds the random cases, which wipe nothing.
set -euo pipefail
cd "$(dirname "$0")/../.."
tests="stack_wipe p256_group p256_ecdsa ed25519 curve25519 p256_steps"
export ECF_TEST_SCALE=${ECF_TEST_SCALE:-10}
# shellcheck source=.ci/build-rc.sh
. .ci/build-rc.sh
# shellcheck source=.ci/build-clang.sh
. .ci/build-clang.sh
# stack_wipe prints how deep the deepest non-zero byte a wiping function left lies.
summary() { grep -h '^# .* functions, .* kernel combinations' "$1/meson-logs/testlog.txt"; }
for dir in build-rc build-clang; do
	echo "# $dir: building the programs of $tests"
	# shellcheck disable=SC2046,SC2086 # lists of words
	ninja -C $dir $(python3 tools/test_targets.py $dir $tests) >/dev/null
	# shellcheck disable=SC2086
	meson test -C $dir --no-rebuild --print-errorlogs $tests
	summary $dir
done
