#!/bin/bash
# usage: .ci/sysroot.sh ARCH   (aarch64, s390x or i386)
# A private sysroot for a cross job, build-sysroot/ARCH (beside the build
# directories; the cross files in cross/ name it): Debian 12 packages of the
# foreign architecture (libc, libgcc, GMP, cmocka, OpenSSL, cpu_features; for i386 also
# libc6-dbg, whose ld.so symbols valgrind needs), fetched with `apt-get
# download` through a private apt state (its own lists and cache under
# build-sysroot/, the host's sources) and unpacked with `dpkg -x`. The host's
# dpkg database, architectures, package lists and installed packages are never
# touched (no dpkg --add-architecture, no multiarch installs). Any apt error
# fails the job. Idempotent: a sysroot with the same package list is kept.
set -euo pipefail
cd "$(dirname "$0")/.."
arch=$1
case $arch in
aarch64) deb=arm64 ;;
s390x) deb=s390x ;;
i386) deb=i386 ;;
*) echo "# sysroot: unknown architecture $arch" >&2; exit 2 ;;
esac
pkgs="libc6 libc6-dev linux-libc-dev libgcc-s1 libgcc-12-dev libgmp10 libgmp-dev libcmocka0 libcmocka-dev libssl3 libssl-dev"
case $arch in
aarch64 | i386) pkgs="$pkgs libcpu-features-dev" ;; # Debian has no s390x cpu_features (the probe needs none there)
esac
[ "$arch" = i386 ] && pkgs="$pkgs libc6-dbg"
top=$PWD/build-sysroot
root=$top/$arch
# One writer per sysroot: .ci/trust prefetches them in the background while
# other jobs run, and a cross job may ask for its sysroot before that is done.
mkdir -p "$top"
exec 9>"$top/$arch.lock"
flock 9
if [ -f "$root/.ecf-sysroot" ] && [ "$(cat "$root/.ecf-sysroot")" = "$pkgs" ] && [ -f "$top/$arch.ini" ]; then
	echo "# sysroot $root: up to date"
	exit 0
fi
apt=$top/.apt-$deb
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs"
opts=(-q -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "APT::Architectures::=$deb"
	-o "APT::Architecture=$deb" -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
log=$apt/log
check() { # apt's status and its output: any 'E:' line fails
	if [ "$1" -ne 0 ] || grep -q '^E:' "$log"; then
		cat "$log"
		echo "# sysroot: apt-get failed (exit $1)" >&2
		exit 1
	fi
}
set +e
# A mirror in mid-sync can serve one index with the wrong size (seen for the
# security suite's i386 index). Retry; if an index still fails, say so loudly
# and go on with the others: the sysroot needs no particular version (it is
# not the host's multiarch set, nothing must match the host), and every
# package must still download without an error below.
for try in 1 2 3; do
	apt-get "${opts[@]}" update >"$log" 2>&1
	rc=$?
	grep -q '^E:' "$log" || [ $rc -ne 0 ] || break
	grep -v '^E: Some index files failed to download' "$log" | grep '^E:' | grep -qv 'Failed to fetch .*/Packages' || {
		[ $try -lt 3 ] && { echo "# sysroot: an index failed to download (try $try), retrying in 20 s"; sleep 20; continue; }
		echo "# WARNING: sysroot $arch: these indexes failed to download after 3 tries, using the others:"
		grep '^E: Failed to fetch' "$log" | sed 's/^/#   /'
		rc=0
		: >"$log"
		break
	}
	break
done
check $rc
rm -f "$apt/debs"/*.deb
# shellcheck disable=SC2086
(cd "$apt/debs" && apt-get "${opts[@]}" download $pkgs) >"$log" 2>&1
check $?
set -e
rm -rf "$root"
mkdir -p "$root"
for d in "$apt/debs"/*.deb; do dpkg -x "$d" "$root"; done
# Absolute symlinks (libm.so -> /lib/...) must stay inside the sysroot.
find "$root" -type l | while read -r l; do
	t=$(readlink "$l")
	case "$t" in /*) ln -sfn "$(realpath -m --relative-to="$(dirname "$l")" "$root$t")" "$l" ;; esac
done
# The i386 build runs the valgrind test: valgrind's client-request headers
# (architecture-independent, from the host's valgrind package) go in too.
if [ "$arch" = i386 ] && [ -f /usr/include/valgrind/memcheck.h ]; then
	cp -r /usr/include/valgrind "$root/usr/include/"
fi
# ... and the ld.so symbols from libc6-dbg. valgrind finds a debug file for
# OBJ at EXTRA/<directory of OBJ>/<its .gnu_debuglink name> with
# --extra-debuginfo-path=EXTRA (VALGRIND_OPTS in .ci/jobs/cross.sh): link the
# build-id files there, in build-sysroot/ARCH-debuginfo.
if [ "$arch" = i386 ]; then
	dbg=$top/$arch-debuginfo
	rm -rf "$dbg"
	for obj in "$root"/lib/i386-linux-gnu/*.so*; do
		[ -f "$obj" ] && [ ! -L "$obj" ] || continue
		id=$(readelf -n "$obj" 2>/dev/null | sed -n 's/.*Build ID: //p')
		[ -n "$id" ] && [ -f "$root/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" ] || continue
		mkdir -p "$dbg$(dirname "$obj")"
		ln -sfn "$root/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" "$dbg$(dirname "$obj")/${id:2}.debug"
	done
fi
echo "$pkgs" >"$root/.ecf-sysroot"
# The constants file the cross files need (given first to meson setup).
printf "# Written by .ci/sysroot.sh: the private sysroot of the %s cross build.\n[constants]\nsysroot = '%s'\n" \
	"$arch" "$root" >"$top/$arch.ini"
echo "# sysroot $root: $(ls "$apt/debs" | wc -l) packages ($pkgs)"
