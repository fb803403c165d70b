#!/bin/sh
# run_corpus.sh FUZZER CORPUS_DIR: run every seed once (a regression test of
# the fuzz target and of the library on the seed corpus).
set -eu
n=$(find "$2" -type f | wc -l)
[ "$n" -gt 0 ] || { echo "# FAIL: empty corpus $2"; exit 1; }
find "$2" -type f | sort | xargs "$1" -runs=1 2>&1 | tail -n 3
echo "# $n seed inputs of $2 ran clean"
