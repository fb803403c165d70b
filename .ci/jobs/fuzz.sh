#!/bin/bash
# Differential fuzzing: build the libFuzzer targets (clang, ASan+UBSan), run
# the seed corpus, then fuzz each target for FUZZ_RUNS executions (default
# 10,000,000) or FUZZ_SECONDS, whichever comes first, and fail if a target found
# anything or ran fewer than FUZZ_MIN_RUNS (1,000,000) executions.
# FUZZ_SECONDS defaults to FUZZ_BUDGET (480 s) shared among the targets, at
# most 120 s each, so the job stays bounded as fields are added.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=build-fuzz
[ -f $dir/build.ninja ] || CC=clang meson setup $dir -Dfuzzers=true -Dtests=false -Dbenchmarks=false \
	-Db_sanitize=address,undefined -Db_lundef=false -Dc_args=-fno-sanitize-recover=all
ninja -C $dir
meson test -C $dir --suite fuzz --print-errorlogs
runs=${FUZZ_RUNS:-10000000}
min=${FUZZ_MIN_RUNS:-1000000}
ntargets=$(find $dir/fuzz -maxdepth 1 -type f -name 'fuzz_*' -perm -u+x | wc -l)
[ "$ntargets" -gt 0 ] || { echo "# FAIL: no fuzz target built"; exit 1; }
secs=${FUZZ_SECONDS:-$((${FUZZ_BUDGET:-480} / ntargets))}
[ -n "${FUZZ_SECONDS:-}" ] || [ "$secs" -le 120 ] || secs=120
echo "# $ntargets fuzz targets, up to $runs executions or ${secs}s each"
fail=0
for exe in $dir/fuzz/fuzz_*; do
	[ -x "$exe" ] && [ -f "$exe" ] || continue
	t=${exe##*/fuzz_}
	work=$(mktemp -d)
	log=$work/log
	# New inputs go to the scratch directory; the committed seeds stay as they are.
	mkdir "$work/corpus"
	set +e
	"$exe" "$work/corpus" "fuzz/corpus/$t" -runs="$runs" -max_total_time="$secs" -use_value_profile=1 \
		-print_final_stats=1 -artifact_prefix="$work/" >"$log" 2>&1
	rc=$?
	set -e
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	grep -E '^# fuzz' "$log" || true
	echo "# fuzz_$t: exit $rc, ${execs:-0} executions (${rate:-0}/s)"
	if [ $rc -ne 0 ]; then
		tail -n 40 "$log"
		for a in "$work"/crash-* "$work"/leak-* "$work"/timeout-*; do
			[ -f "$a" ] && echo "# finding: $a" && od -An -tx1 "$a" | head -n 8
		done
		fail=1
	elif [ "${execs:-0}" -lt "$min" ]; then
		echo "# FAIL: fuzz_$t ran fewer than $min executions"
		fail=1
	fi
	rm -rf "$work"
done
exit $fail
