#!/bin/bash
# The portable fallback of lib/common/wide.h and lib/common/modinv.c on this
# x86-64 host (-DECFI_NO_INT128): the whole suite but suite 'slow' (tests whose
# result does not depend on the build, and ct_sike), with the valgrind
# constant-time test, so the fallback is checked by a 64-bit compiler too (the
# i386 job checks it with a 32-bit one).
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=build-noint128
[ -f $dir/build.ninja ] || meson setup $dir -Dc_args=-DECFI_NO_INT128 -Dbenchmarks=false
ninja -C $dir
ECF_TEST_SCALE=${ECF_TEST_SCALE:-50} meson test -C $dir --no-suite slow --print-errorlogs
