#!/bin/sh
# Install into a temporary prefix, then build and run a consumer with nothing
# but `pkg-config --cflags --libs ecfield`; with a third argument (a build
# with SIDH), also that SIKE consumer with `pkg-config --cflags --libs
# ecfield-sidh`, which must say `Requires: ecfield`.
set -eu
build="$1"
src="$2"
sike_src="${3:-}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
meson install -C "$build" --destdir "$tmp/root" --no-rebuild --quiet >/dev/null
pc=$(find "$tmp/root" -name ecfield.pc | head -n 1)
[ -n "$pc" ] || { echo "# FAIL: ecfield.pc was not installed"; exit 1; }
prefix=$(sed -n 's/^prefix=//p' "$pc")
export PKG_CONFIG_PATH="$(dirname "$pc")"
flags=$(pkg-config --define-variable=prefix="$tmp/root$prefix" --cflags --libs ecfield)
echo "# pkg-config --cflags --libs ecfield: $flags"
${CC:-cc} -std=c99 -Wall -Werror -o "$tmp/consumer" "$src" $flags
libdir=$(pkg-config --define-variable=prefix="$tmp/root$prefix" --variable=libdir ecfield)
LD_LIBRARY_PATH="$libdir" "$tmp/consumer"

sidh_pc=$(find "$tmp/root" -name ecfield-sidh.pc | head -n 1)
if [ -z "$sike_src" ]; then
	# A build without SIDH installs none of it.
	[ -z "$sidh_pc" ] || { echo "# FAIL: ecfield-sidh.pc installed by a build without SIDH"; exit 1; }
	[ -z "$(find "$tmp/root" -name 'libecfield-sidh*' -o -name 'sike*.h')" ] ||
		{ echo "# FAIL: SIDH library or headers installed by a build without SIDH"; exit 1; }
	echo "# no SIDH in this build: no ecfield-sidh.pc, libecfield-sidh or sike headers installed"
	exit 0
fi
[ -n "$sidh_pc" ] || { echo "# FAIL: ecfield-sidh.pc was not installed"; exit 1; }
grep -q '^Requires:.*\<ecfield\>' "$sidh_pc" || { echo "# FAIL: ecfield-sidh.pc does not require ecfield"; exit 1; }
flags=$(pkg-config --define-variable=prefix="$tmp/root$prefix" --cflags --libs ecfield-sidh)
echo "# pkg-config --cflags --libs ecfield-sidh: $flags"
${CC:-cc} -std=c99 -Wall -Werror -o "$tmp/sike_consumer" "$sike_src" $flags
LD_LIBRARY_PATH="$libdir" "$tmp/sike_consumer"
# The portable kernels of libecfield-sidh.so (its own probe reads the variable).
LD_LIBRARY_PATH="$libdir" ECFIELD_DISABLE=mulx_adx "$tmp/sike_consumer"
