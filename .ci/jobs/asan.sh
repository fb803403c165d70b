#!/bin/bash
# The whole suite (but suites 'slow', the subproject build, which ignores this
# build's options, and 'abi', the checks of sources and symbol tables)
# under AddressSanitizer + UndefinedBehaviorSanitizer
# (UB is fatal: -fno-sanitize-recover), in a -Drange_checks=true build: every
# documented input and output range is checked at run time (a violation
# aborts), so a kernel or a test that strays outside its contract fails here
# even when the value is right. (The range checks had their own job and build,
# range-checks, until both debug aids were folded into this one build: the
# checks only add code, the sanitizers see every path the plain build runs.)
# -O1 -g, as ASan's documentation advises (and cheaper to compile than -O2).
# ECF_TEST_SCALE bounds the random cases. No benchmarks: ecfield-bench is a
# program, not library code (its command line is tested natively, bench_cli).
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=build-asan-rc
[ -f $dir/build.ninja ] || meson setup $dir -Db_sanitize=address,undefined -Dc_args=-fno-sanitize-recover=all \
	-Ddebug=true -Doptimization=1 -Drange_checks=true -Dbenchmarks=false -Dsidh=disabled \
	-Dnoint128_tests=false
ninja -C $dir
grep -q 'define ECFI_RANGE_CHECKS 1' $dir/ecfi_config.h || { echo "# FAIL: range checks not enabled in $dir"; exit 1; }
# The pkgconfig test links a plain consumer against the sanitized library.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:verify_asan_link_order=0:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# The three exhaustive P-256 edge tests (39 s here, every window edge on
# every tier; they do not scale) run in the README's command and cross-i386.
export ECF_TEST_SKIP_EXHAUSTIVE=${ECF_TEST_SKIP_EXHAUSTIVE-1}
# Without SIKE (-Dsidh=disabled: research code, run by the README's command, by
# dist and on s390x, and under valgrind by ct_sike; its fields p434-p751 are
# in libecfield.so and tested here) and without the *_noint128 copies
# (-Dnoint128_tests=false: the fallback runs in cross-i386, which has no
# __int128, and in the README's command). Not suite 'abi': those tests read sources, headers and the libraries' symbol
# tables (no code of the library runs under the sanitizers there); the README's
# command runs them.
# The provider: its EVP test (every operation, the bad inputs) instrumented;
# the command-line and TLS scripts (uninstrumented openssl with the runtimes
# preloaded, 2 minutes here) run in the README's command, not here (time).
# Not suite 'fallback' (the batch tests again with the avx512_ifma tier
# disabled: the single-call workers, which the single-call tests run here, and
# the remainders of n mod 8, which the batch tests themselves run): the
# README's command runs them (CI time, issue 23).
ECF_TEST_SCALE=${ECF_TEST_SCALE:-10} meson test -C $dir --no-suite slow --no-suite abi --no-suite provider --no-suite constants --no-suite fallback --print-errorlogs
if [ -f $dir/provider/ecfield.so ]; then
	ECF_TEST_SCALE=${ECF_TEST_SCALE:-10} meson test -C $dir --print-errorlogs provider_evp
fi
# The suite ran instrumented: the test programs and the library carry both
# sanitizers' hooks (a build that silently dropped -fsanitize would fail here).
for bin in $dir/test/test_p256 $dir/lib/libecfield.so; do
	syms=$(nm "$bin")
	grep -q '__asan_report' <<<"$syms" || { echo "# FAIL: $bin has no ASan instrumentation"; exit 1; }
	grep -q '__ubsan_handle' <<<"$syms" || { echo "# FAIL: $bin has no UBSan instrumentation"; exit 1; }
done
echo "# ASan and UBSan instrumentation present in the tests and libecfield.so"
