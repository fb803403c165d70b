#!/bin/sh
# libecfield as a Meson subproject: a throw-away project with this tree under
# subprojects/ gets it through dependency('ecfield', fallback: ...) and runs a
# consumer. With default options the subproject must build the library only:
# no test, example or benchmark target (tests=auto, benchmarks=auto); and
# -Dlibecfield:benchmarks=true must still turn the benchmark on.
set -eu
src="$1"
consumer="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/subprojects"
# A copy without build directories (meson refuses a source tree holding one).
tar -C "$src" --exclude='./build*' --exclude='./.git' -cf - . | (mkdir "$tmp/subprojects/libecfield" && tar -C "$tmp/subprojects/libecfield" -xf -)
cp "$consumer" "$tmp/consumer.c"
sed "s|@CONSUMER@|consumer.c|" "$src/test/subproject/meson.build.in" >"$tmp/meson.build"
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
ninja -C "$tmp/build" >"$tmp/ninja.log" 2>&1 || { cat "$tmp/ninja.log"; exit 1; }
"$tmp/build/consumer"
echo "# ok: built and ran a consumer of libecfield as a subproject; no test or benchmark target by default"
# Forcing the benchmark on from the parent (configure only: building it is the main build's job).
meson setup "$tmp/build-forced" "$tmp" -Dlibecfield:benchmarks=true >"$tmp/setup2.log" 2>&1 ||
	{ cat "$tmp/setup2.log"; exit 1; }
targets "$tmp/build-forced" | grep -qx 'ecfield-bench' ||
	{ echo "# FAIL: -Dlibecfield:benchmarks=true did not define ecfield-bench"; exit 1; }
echo "# ok: -Dlibecfield:benchmarks=true defines ecfield-bench in a subproject build"
