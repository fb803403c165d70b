#!/bin/bash
# Differential fuzzing: build the libFuzzer targets (clang, ASan+UBSan), run
# the seed corpus, then fuzz each target for FUZZ_RUNS executions (default
# 10,000,000) or FUZZ_SECONDS, whichever comes first, and fail if a target found
# anything or ran fewer than FUZZ_MIN_RUNS (1,000,000) executions.
# FUZZ_SECONDS defaults to FUZZ_BUDGET (480 s) shared among the targets, at
# most 120 s each, so the job stays bounded as fields are added. FUZZ_JOBS
# targets (default: one per core) run at a time, each a single process: with 7
# targets on 2 cores every target gets 68 s and the fuzzing takes about 4.5
# minutes of wall time. A target that ends its time below the floor (a
# loaded machine) runs again on its corpus for the missing executions, for at
# most FUZZ_SECONDS more; only then does the floor fail the job.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=build-fuzz
[ -f $dir/build.ninja ] || CC=clang meson setup $dir -Dfuzzers=true -Dtests=false -Dbenchmarks=false \
	-Db_sanitize=address,undefined -Db_lundef=false -Dc_args=-fno-sanitize-recover=all
ninja -C $dir
meson test -C $dir --suite fuzz --print-errorlogs
runs=${FUZZ_RUNS:-10000000}
min=${FUZZ_MIN_RUNS:-1000000}
jobs=${FUZZ_JOBS:-$(nproc)}
targets=()
for exe in $dir/fuzz/fuzz_*; do
	[ -x "$exe" ] && [ -f "$exe" ] && targets+=("$exe")
done
ntargets=${#targets[@]}
[ "$ntargets" -gt 0 ] || { echo "# FAIL: no fuzz target built"; exit 1; }
secs=${FUZZ_SECONDS:-$((${FUZZ_BUDGET:-480} / ntargets))}
[ -n "${FUZZ_SECONDS:-}" ] || [ "$secs" -le 120 ] || secs=120
echo "# $ntargets fuzz targets, up to $runs executions or ${secs}s each, $jobs at a time"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
start=$(date +%s)
running=0
for exe in "${targets[@]}"; do
	t=${exe##*/fuzz_}
	work=$scratch/$t
	# New inputs go to the scratch directory; the committed seeds stay as they are.
	mkdir -p "$work/corpus"
	if [ "$running" -ge "$jobs" ]; then
		wait -n || true
		running=$((running - 1))
	fi
	(
		set +e
		"$exe" "$work/corpus" "fuzz/corpus/$t" -runs="$runs" -max_total_time="$secs" -use_value_profile=1 \
			-print_final_stats=1 -artifact_prefix="$work/" >"$work/log" 2>&1
		rc=$?
		n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
		if [ $rc -eq 0 ] && [ "${n:-0}" -lt "$min" ]; then
			"$exe" "$work/corpus" "fuzz/corpus/$t" -runs=$((min - ${n:-0})) -max_total_time="$secs" \
				-use_value_profile=1 -print_final_stats=1 -artifact_prefix="$work/" >"$work/log2" 2>&1
			rc=$?
		fi
		echo $rc >"$work/rc"
	) &
	running=$((running + 1))
done
wait
echo "# fuzzing took $(($(date +%s) - start))s of wall time"
fail=0
for exe in "${targets[@]}"; do
	t=${exe##*/fuzz_}
	work=$scratch/$t
	log=$work/log
	rc=$(cat "$work/rc" 2>/dev/null || echo 1)
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	grep -E '^# fuzz' "$log" || true
	more=""
	if [ -f "$work/log2" ]; then
		log=$work/log2
		extra=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
		more=" + ${extra:-0} in a second run"
		execs=$((${execs:-0} + ${extra:-0}))
	fi
	echo "# fuzz_$t: exit $rc, ${execs:-0} executions (${rate:-0}/s$more)"
	if [ "$rc" -ne 0 ]; then
		tail -n 40 "$log"
		for a in "$work"/crash-* "$work"/leak-* "$work"/timeout-*; do
			[ -f "$a" ] && echo "# finding: $a" && od -An -tx1 "$a" | head -n 8
		done
		fail=1
	elif [ "${execs:-0}" -lt "$min" ]; then
		echo "# FAIL: fuzz_$t ran fewer than $min executions"
		fail=1
	fi
done
exit $fail
