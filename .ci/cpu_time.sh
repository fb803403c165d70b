# shellcheck shell=bash
# Sourced by .ci/run and .ci/trust. cpu_now FILE: CPU_NOW = user + system
# seconds of this shell's finished children. 'times' must run in the calling
# shell itself (not in a pipe or $(...), where it would count a subshell's
# children), so it writes to FILE.
cpu_now() {
	times >"$1"
	CPU_NOW=$(awk 'NR == 2 { split($1, u, "m"); split($2, s, "m"); printf "%.0f\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' "$1")
}
