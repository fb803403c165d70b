#!/bin/bash
# The whole suite (but suite 'slow': the subproject build, ct_sike) in a
# -Drange_checks=true build: every documented input and
# output range is checked at run time (a violation aborts), so a kernel or a
# test that strays outside its contract fails here even when the value is right.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=build-range-checks
[ -f $dir/build.ninja ] || meson setup $dir -Drange_checks=true -Dbenchmarks=false
ninja -C $dir
grep -q 'define ECFI_RANGE_CHECKS 1' $dir/ecfi_config.h || { echo "# FAIL: range checks not enabled"; exit 1; }
ECF_TEST_SCALE=${ECF_TEST_SCALE:-25} meson test -C $dir --no-suite slow --print-errorlogs --num-processes "$(nproc)"
