#!/bin/bash
# Constant time: the valgrind test (every non-vartime operation of every field
# on every kernel, secrets marked undefined) with CT_SCALE percent of its
# default rounds (250: 20 rounds; 500 until issue 23; a secret-dependent branch is reported the
# first time it runs, whatever the value, so more rounds find nothing new), its
# planted leak, and the static check of the assembly kernels with its planted
# violation. ct_sike (suite 'slow', the same run at any scale) is skipped: the
# README's suite has just run it on this build.
set -euo pipefail
cd "$(dirname "$0")/../.."
(meson setup build || meson setup --reconfigure build) >/dev/null
ECF_TEST_SCALE=${CT_SCALE:-250} meson test -C build --suite ct --no-suite slow --print-errorlogs
grep -h -E '^# (ct |ok |PASS)' build/meson-logs/testlog.txt | sort -u
