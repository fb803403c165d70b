#!/bin/sh
# libecfield as a Meson subproject: a throw-away project with this tree under
# subprojects/ gets it through dependency('ecfield', fallback: ...) and runs a
# consumer. With default options the subproject must build the library only:
# no test, example or benchmark target (tests=auto, benchmarks=auto) and no
# libecfield-sidh (sidh=auto); -Dlibecfield:benchmarks=true must still turn
# the benchmark on, and -Dlibecfield:sidh=enabled builds libecfield-sidh,
# which a SIKE consumer then gets through dependency('ecfield-sidh').
set -eu
# The release tarball's own run (.ci/jobs/dist.sh) skips it: the README's test
# command has just run it on the same commit, and it builds the tree twice.
if [ -n "${ECF_TEST_SKIP_SUBPROJECT:-}" ]; then
	echo "# skipped: ECF_TEST_SKIP_SUBPROJECT is set (the README's test command runs it)"
	exit 77
fi
src="$1"
consumer="$2"
sike_consumer="$3"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/subprojects"
# A copy without build directories (meson refuses a source tree holding one).
tar -C "$src" --exclude='./build*' --exclude='./.git' -cf - . | (mkdir "$tmp/subprojects/libecfield" && tar -C "$tmp/subprojects/libecfield" -xf -)
cp "$consumer" "$tmp/consumer.c"
cp "$sike_consumer" "$tmp/sike_consumer.c"
sed -e "s|@CONSUMER@|consumer.c|" -e "s|@SIKE_CONSUMER@|sike_consumer.c|" "$src/test/subproject/meson.build.in" >"$tmp/meson.build"
meson setup "$tmp/build" "$tmp" >"$tmp/setup.log" 2>&1 || { cat "$tmp/setup.log"; exit 1; }
# Every target the subproject defines, by name.
targets() { meson introspect --targets "$1" | python3 -c 'import json, sys; print("\n".join(t["name"] for t in json.load(sys.stdin)))'; }
extra=$(targets "$tmp/build" | grep -E '^(test_|example_|ecfield-bench|ct_|fuzz_)' || true)
if [ -n "$extra" ]; then
	echo "# FAIL: a default subproject build defines test or benchmark targets:"
	echo "$extra"
	exit 1
fi
tests=$(meson introspect --tests "$tmp/build" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')
[ "$tests" = 0 ] || { echo "# FAIL: a default subproject build has $tests tests"; exit 1; }
sidh=$(targets "$tmp/build" | grep -E '^(ecfield-sidh|ecfield_sidh_internal|sike_consumer)$' || true)
if [ -n "$sidh" ]; then
	echo "# FAIL: a default subproject build defines SIDH targets:"
	echo "$sidh"
	exit 1
fi
ninja -C "$tmp/build" >"$tmp/ninja.log" 2>&1 || { cat "$tmp/ninja.log"; exit 1; }
"$tmp/build/consumer"
[ -z "$(find "$tmp/build" -name 'libecfield-sidh.so*')" ] || { echo "# FAIL: libecfield-sidh built by default"; exit 1; }
echo "# ok: built and ran a consumer of libecfield as a subproject; no test, benchmark or SIDH target by default"
# SIDH forced on from the parent, in the same build directory: only the SIDH
# objects and libecfield-sidh.so are compiled, then the SIKE consumer runs.
meson configure "$tmp/build" -Dlibecfield:sidh=enabled >"$tmp/configure.log" 2>&1 ||
	{ cat "$tmp/configure.log"; exit 1; }
ninja -C "$tmp/build" >"$tmp/ninja2.log" 2>&1 || { cat "$tmp/ninja2.log"; exit 1; }
targets "$tmp/build" | grep -qx 'ecfield-sidh' ||
	{ echo "# FAIL: -Dlibecfield:sidh=enabled did not define ecfield-sidh"; exit 1; }
[ -x "$tmp/build/sike_consumer" ] ||
	{ echo "# FAIL: -Dlibecfield:sidh=enabled: dependency('ecfield-sidh') not found by the parent"; exit 1; }
"$tmp/build/sike_consumer"
echo "# ok: -Dlibecfield:sidh=enabled builds libecfield-sidh in a subproject; a SIKE consumer ran"
# Forcing the benchmark on from the parent (configure only: building it is the main build's job).
meson setup "$tmp/build-forced" "$tmp" -Dlibecfield:benchmarks=true >"$tmp/setup2.log" 2>&1 ||
	{ cat "$tmp/setup2.log"; exit 1; }
targets "$tmp/build-forced" | grep -qx 'ecfield-bench' ||
	{ echo "# FAIL: -Dlibecfield:benchmarks=true did not define ecfield-bench"; exit 1; }
echo "# ok: -Dlibecfield:benchmarks=true defines ecfield-bench in a subproject build"
