#!/bin/bash
# The ABI of the shipped libraries against the baselines in abi/
# (tools/abi_check.py, libabigail's abidw/abidiff from abigail-tools): any
# removed or changed public function, variable, type or symbol, or a changed
# SONAME, fails; additions are reported. First the checker's own planted
# changes (a parameter more, a function gone, a function added) must be told
# apart. abidw reads the types from debug info: the libraries of build-rc, the
# wipe job's debugoptimized (-O2 -g) range-check build, are linked from
# objects that job compiled (any build with debug info describes the same
# interface: build-rc's and a release -Ddebug=true build's compare equal;
# docs/release.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=build-rc
# shellcheck source=.ci/build-rc.sh
. .ci/build-rc.sh
# shellcheck disable=SC2046 # a list of targets
ninja -C $dir $(python3 tools/abi_check.py targets $dir) >/dev/null
python3 tools/abi_check.py selftest $dir
python3 tools/abi_check.py check $dir
