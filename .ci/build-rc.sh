# Sourced by .ci/jobs/wipe.sh and .ci/jobs/abi.sh: the one configuration of
# build-rc, a -Drange_checks=true debugoptimized (-O2 -g) build without
# sanitizers, set up once and checked to be that when reused.
[ -f build-rc/build.ninja ] || meson setup build-rc -Dbuildtype=debugoptimized -Drange_checks=true \
	-Dbenchmarks=false >/dev/null
grep -q 'define ECFI_RANGE_CHECKS 1' build-rc/ecfi_config.h || { echo "# FAIL: range checks not enabled in build-rc"; exit 1; }
if grep -q -- '-fsanitize' build-rc/compile_commands.json; then
	echo "# FAIL: build-rc is a sanitizer build"
	exit 1
fi
