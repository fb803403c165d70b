#!/bin/bash
# Constant time under clang: the same valgrind test (every non-vartime
# operation of every field on every kernel, secrets marked undefined), its
# planted leak and the static asm check, on a clang build of the library.
# The two compilers turn masks into different code: clang 14 made a masked
# select of ecf_p25519_select a secret-indexed load that gcc never produced.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=build-clang
# shellcheck source=.ci/build-clang.sh
. .ci/build-clang.sh
# Only what the ct suite runs is built (tools/test_targets.py), not the whole
# tree: the other tests run on gcc builds, and the wipe job builds its own.
# shellcheck disable=SC2046 # a list of targets
ninja -C $dir $(python3 tools/test_targets.py $dir --suite ct) >/dev/null
ECF_TEST_SCALE=${CT_SCALE:-250} meson test -C $dir --no-rebuild --suite ct --print-errorlogs
grep -h -E '^# (ct |ok |PASS)' $dir/meson-logs/testlog.txt | sort -u
