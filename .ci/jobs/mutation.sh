#!/bin/bash
# Mutation testing (issue 9): every mutant of tools/mutants/*.txt, applied to a
# scratch copy of the tree, must be killed by its named test. Bounded by
# MUTATION_SECONDS (default 60; with the scratch build about 4 minutes) of wall time: when the whole list does not
# fit, a deterministic rotation (offset from the commit) runs as many as fit,
# so successive commits cover the list; MUTATION_ALL=1 runs every mutant.
# Fails on any survivor, on a stale or unbuildable mutant, and when no mutant
# ran. The kill table goes to the log (and to MUTATION_TABLE if set).
set -euo pipefail
cd "$(dirname "$0")/../.."
args=(--budget "${MUTATION_SECONDS:-60}")
[ "${MUTATION_ALL:-0}" = 1 ] && args=(--all)
[ -n "${MUTATION_TABLE:-}" ] && args+=(--table "$MUTATION_TABLE")
exec python3 tools/mutate.py "${args[@]}"
