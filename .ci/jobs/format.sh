#!/bin/sh
# Fails if a C source or header is not formatted with the tree's .clang-format
# (the x86-64 assembly macro files, lib/kernels/x86_64/*.S.inc, are not C).
set -eu
cd "$(dirname "$0")/../.."
files=$(git ls-files '*.c' '*.h')
# shellcheck disable=SC2086
clang-format --dry-run --Werror $files
echo "# clang-format: $(echo "$files" | wc -l) files clean"
