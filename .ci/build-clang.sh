# Sourced by .ci/jobs/ct-clang.sh and .ci/jobs/wipe.sh: the one configuration
# of build-clang (clang, release, no benchmarks), set up once and checked to be
# a clang build when reused.
[ -f build-clang/build.ninja ] || CC=clang meson setup build-clang -Dbenchmarks=false >/dev/null
grep -q '"command": "clang ' build-clang/compile_commands.json ||
	{ echo "# FAIL: build-clang is not a clang build"; exit 1; }
if grep -q -- '-fsanitize' build-clang/compile_commands.json; then
	echo "# FAIL: build-clang is a sanitizer build"
	exit 1
fi
