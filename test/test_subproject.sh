#!/bin/sh
# libecfield as a Meson subproject: a throw-away project with this tree under
# subprojects/ gets it through dependency('ecfield') and runs a consumer.
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
meson setup "$tmp/build" "$tmp" -Dlibecfield:tests=false -Dlibecfield:benchmarks=false >"$tmp/setup.log" 2>&1 ||
	{ cat "$tmp/setup.log"; exit 1; }
ninja -C "$tmp/build" >"$tmp/ninja.log" 2>&1 || { cat "$tmp/ninja.log"; exit 1; }
"$tmp/build/consumer"
echo "# ok: built and ran a consumer of libecfield as a subproject"
