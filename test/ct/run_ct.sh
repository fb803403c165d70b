#!/bin/sh
# run_ct.sh VALGRIND clean|leak PROGRAM [LIBRARY]
# Runs the constant-time test program under memcheck with its secrets marked
# undefined. 'clean': pass only if valgrind reports nothing. 'leak' (the
# planted-leak build): pass only if valgrind reports both planted leaks, a
# branch and a memory index on a secret, inside ct_planted_leak; with
# LIBRARY (a file name, e.g. libecfield.so), also a secret-dependent branch
# in a frame of that library.
set -eu
# The release tarball's own run (.ci/jobs/dist.sh) skips the valgrind runs:
# the README's test command and the ct job have just run them on the commit.
if [ -n "${ECF_TEST_SKIP_CT:-}" ]; then
	echo "# skipped: ECF_TEST_SKIP_CT is set (the README's test command runs it)"
	exit 77
fi
vg="$1"
mode="$2"
prog="$3"
inlib="${4:-}"
# The host's kernel tiers, learnt natively: valgrind's virtual CPU hides ADX.
tiers=$("$prog" --tiers)
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Without --track-origins (it doubles valgrind's time, and the origin of a
# report is the secret the program marked); a failing 'clean' run is run again
# with it, so the log says which secret reached the branch or index.
run() {
	set +e
	ECF_CT_TIERS="$tiers" "$vg" --tool=memcheck --error-exitcode=42 --num-callers=20 "$@" \
		--log-file="$log" "$prog"
	rc=$?
	set -e
}
run
if [ "$mode" = clean ] && [ "$rc" -ne 0 ]; then
	echo "# errors reported: running again with --track-origins=yes"
	run --track-origins=yes
fi
cat "$log"
echo "# valgrind exit status $rc (42 = errors found), kernel tiers $tiers"
case "$mode" in
clean)
	if [ "$rc" -ne 0 ]; then
		echo "# FAIL: a secret-dependent branch or memory index (or another memcheck error) was reported"
		exit 1
	fi
	grep -q 'ERROR SUMMARY: 0 errors' "$log" || { echo "# FAIL: no clean error summary"; exit 1; }
	echo "# PASS: no secret-dependent branch or memory index"
	;;
leak)
	fail=0
	[ "$rc" -eq 42 ] || { echo "# FAIL: valgrind did not fail the planted-leak run"; fail=1; }
	grep -A3 'Conditional jump or move depends on uninitialised' "$log" | grep -q ct_planted_leak ||
		{ echo "# FAIL: the secret-dependent branch was not reported"; fail=1; }
	grep -A3 'Use of uninitialised value of size' "$log" | grep -q ct_planted_leak ||
		{ echo "# FAIL: the secret memory index was not reported"; fail=1; }
	if [ -n "$inlib" ]; then
		# a report's stack: its header line, then the "at"/"by" frames; a
		# frame of the library reads "(in .../LIBRARY...)" without debug
		# information, "(file.c:line)" with it (buildtype debugoptimized):
		# then its function's name tells (ecf_ and ecfi_ are the library's)
		awk -v lib="$inlib" '/Conditional jump or move depends on uninitialised/ {r = 1; next}
			r && /^==[0-9]+== *(at|by) / {if (index($0, lib) || $0 ~ /: ecfi?_[A-Za-z0-9_]+ \(/) found = 1; next}
			{r = 0} END {exit !found}' "$log" ||
			{ echo "# FAIL: no secret-dependent branch was reported inside $inlib"; fail=1; }
	fi
	[ $fail -eq 0 ] && echo "# PASS: both planted leaks were reported"
	exit $fail
	;;
*)
	echo "usage: run_ct.sh VALGRIND clean|leak PROGRAM [LIBRARY]" >&2
	exit 2
	;;
esac
