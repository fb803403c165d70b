#!/bin/bash
# The release tarball proves itself: meson dist makes it from the committed
# tree (git archive), unpacks it in a scratch directory, configures, builds and
# runs the whole test suite there (every test; the random tests with a tenth of
# their cases, ECF_TEST_SCALE=10, since the README's command has just run them
# in full on the same sources). Any file the build or a test needs that is not
# in the tarball fails here. Needs a clean, committed checkout (meson's rule).
set -euo pipefail
cd "$(dirname "$0")/../.."
(meson setup build || meson setup --reconfigure build) >/dev/null
# The subproject test (which builds the tree twice more) and the valgrind runs
# of the constant-time tests are skipped there: the README's command has just
# run them on the same commit (the tarball still builds every test program).
ECF_TEST_SKIP_SUBPROJECT=1 ECF_TEST_SKIP_CT=1 ECF_TEST_SCALE=${ECF_TEST_SCALE:-10} meson dist -C build --formats xztar
ls -l build/meson-dist/
