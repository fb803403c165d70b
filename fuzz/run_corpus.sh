#!/bin/sh
# run_corpus.sh FUZZER CORPUS_DIR: run every seed once (a regression test of
# the fuzz target and of the library on the seed corpus). Fails if the fuzzer
# fails on any seed (the status is xargs's, not that of a filter after it).
set -eu
n=$(find "$2" -type f | wc -l)
[ "$n" -gt 0 ] || { echo "# FAIL: empty corpus $2"; exit 1; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! find "$2" -type f | sort | xargs "$1" -runs=1 >"$log" 2>&1; then
	tail -n 40 "$log"
	echo "# FAIL: $1 failed on a seed of $2"
	exit 1
fi
tail -n 3 "$log"
echo "# $n seed inputs of $2 ran clean"
