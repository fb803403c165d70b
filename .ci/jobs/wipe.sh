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
targets="test/test_stack_wipe test/test_p256_group test/test_p256_ecdsa test/test_ed25519 test/test_curve25519 test/test_p256_steps"
tests="stack_wipe p256_group p256_ecdsa ed25519 curve25519 p256_steps"
export ECF_TEST_SCALE=${ECF_TEST_SCALE:-10}
[ -f build-rc/build.ninja ] || meson setup build-rc -Dbuildtype=debugoptimized -Drange_checks=true \
	-Dbenchmarks=false >/dev/null
[ -f build-clang/build.ninja ] || CC=clang meson setup build-clang -Dbenchmarks=false >/dev/null
grep -q 'define ECFI_RANGE_CHECKS 1' build-rc/ecfi_config.h || { echo "# FAIL: range checks not enabled in build-rc"; exit 1; }
grep -q '"command": "clang ' build-clang/compile_commands.json || { echo "# FAIL: build-clang is not a clang build"; exit 1; }
# stack_wipe prints how deep the deepest non-zero byte a wiping function left lies.
summary() { grep -h '^# .* functions, .* kernel combinations' "$1/meson-logs/testlog.txt"; }
for dir in build-rc build-clang; do
	grep -q -- '-fsanitize' $dir/compile_commands.json && { echo "# FAIL: $dir is a sanitizer build"; exit 1; }
	echo "# $dir: building $targets"
	# shellcheck disable=SC2086 # lists of words
	ninja -C $dir $targets >/dev/null
	# shellcheck disable=SC2086
	meson test -C $dir --no-rebuild --print-errorlogs $tests
	summary $dir
done
