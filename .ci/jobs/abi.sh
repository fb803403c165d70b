#!/bin/bash
# The ABI of the shipped libraries against the baselines in abi/
# (tools/abi_check.py, libabigail's abidw/abidiff from abigail-tools): any
# removed or changed public function, variable, type or symbol, or a changed
# SONAME, fails; additions are reported. First the checker's own planted
# changes (a parameter more, a function gone, a function added) must be told
# apart. The libraries are built alone (no tests or benchmarks) with debug
# info, which abidw reads the types from.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=build-abi
[ -f $dir/build.ninja ] || meson setup $dir -Dtests=false -Dbenchmarks=false -Ddebug=true >/dev/null
ninja -C $dir >/dev/null
python3 tools/abi_check.py selftest $dir
python3 tools/abi_check.py check $dir
