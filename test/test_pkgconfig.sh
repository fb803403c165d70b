#!/bin/sh
# Install into a temporary prefix, then build and run a consumer with nothing
# but `pkg-config --cflags --libs ecfield`.
set -eu
build="$1"
src="$2"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
DESTDIR="$tmp/root" meson install -C "$build" --no-rebuild --quiet >/dev/null
pc=$(find "$tmp/root" -name ecfield.pc | head -n 1)
[ -n "$pc" ] || { echo "# FAIL: ecfield.pc was not installed"; exit 1; }
prefix=$(sed -n 's/^prefix=//p' "$pc")
export PKG_CONFIG_PATH="$(dirname "$pc")"
flags=$(pkg-config --define-variable=prefix="$tmp/root$prefix" --cflags --libs ecfield)
echo "# pkg-config --cflags --libs ecfield: $flags"
${CC:-cc} -std=c99 -Wall -Werror -o "$tmp/consumer" "$src" $flags
libdir=$(pkg-config --define-variable=prefix="$tmp/root$prefix" --variable=libdir ecfield)
LD_LIBRARY_PATH="$libdir" "$tmp/consumer"
