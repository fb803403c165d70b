#!/bin/bash
# Constant time: the valgrind test (every non-vartime operation of every field
# on every kernel, secrets marked undefined) with CT_SCALE percent of its
# default rounds, its planted leak, and the static check of the assembly
# kernels with its planted violation.
set -euo pipefail
cd "$(dirname "$0")/../.."
(meson setup build || meson setup --reconfigure build) >/dev/null
ECF_TEST_SCALE=${CT_SCALE:-12500} meson test -C build --suite ct --print-errorlogs
grep -h -E '^# (ct |ok |PASS)' build/meson-logs/testlog.txt | sort -u
