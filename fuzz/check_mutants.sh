#!/bin/bash
# check_mutants.sh [BUILD_DIR] [LIST]: every "#clang-fuzz<TAB>" mutant of LIST
# (default tools/mutants/fuzz25519.txt) must make its fuzz corpus replay
# fail. tools/mutate.py cannot run these (its scratch build is gcc without
# -Dfuzzers), so this applies each mutant IN PLACE in the source tree (the
# file is restored on exit, even on failure), rebuilds the target in the
# clang fuzz build (default build-fuzz, see .ci/jobs/fuzz.sh: only the
# target of the named test fuzz_corpus_<t>, i.e. fuzz/fuzz_<t>) and runs
# `meson test` on the named test. Prints killed/SURVIVED per mutant and the
# seconds to the kill; exits 1 if any survives, is stale or does not build.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
build=${1:-build-fuzz}
list=${2:-tools/mutants/fuzz25519.txt}
[ -f "$build/build.ninja" ] || { echo "no fuzz build in $build"; exit 1; }
backup=$(mktemp)
file=""
restore() { [ -n "$file" ] && cp "$backup" "$file"; rm -f "$backup"; }
trap restore EXIT
fail=0
while IFS=$'\t' read -r tag test file expr desc; do
	[ "$tag" = "#clang-fuzz" ] || { file=""; continue; }
	cp "$file" "$backup"
	sed -E -i "$expr" "$file"
	if cmp -s "$file" "$backup"; then
		echo "STALE    $test: $desc"
		fail=1
	elif ! ninja -C "$build" "fuzz/fuzz_${test#fuzz_corpus_}" >/dev/null 2>&1; then
		echo "BROKEN   $test: $desc"
		fail=1
	else
		t0=$(date +%s.%N)
		if meson test -C "$build" --no-rebuild "$test" >/dev/null 2>&1; then # the target only: built above
			echo "SURVIVED $test: $desc"
			fail=1
		else
			printf 'killed   %s in %.1fs: %s\n' "$test" "$(echo "$(date +%s.%N) - $t0" | bc)" "$desc"
			grep -m1 -E 'FUZZ MISMATCH|ERROR: [A-Za-z]+Sanitizer|runtime error' "$build/meson-logs/testlog.txt" |
				sed 's/^/         by: /'
		fi
	fi
	cp "$backup" "$file"
	file=""
done <"$list"
ninja -C "$build" >/dev/null 2>&1 # everything back to the unmutated sources
exit $fail
