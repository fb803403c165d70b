#!/bin/sh
# ecfield-bench's command line: every usage error prints a clear message on
# stderr, no benchmark row, and exits 2; -h/--help print the usage and exit 0;
# a --filter matching nothing is an error; a small real run works.
set -u
bench="$1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0

# expect STATUS STDERR_PATTERN ARGS...: exit status and a line of stderr (or, for status 0, stdout).
expect() {
	want="$1"
	pattern="$2"
	shift 2
	"$bench" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	where="$tmp/err"
	[ "$want" = 0 ] && where="$tmp/out"
	if [ "$got" != "$want" ]; then
		echo "# FAIL: ecfield-bench $*: exit $got, expected $want"
		sed 's/^/#   /' "$tmp/err"
		fail=1
	elif ! grep -q -e "$pattern" "$where"; then
		echo "# FAIL: ecfield-bench $*: no line matching '$pattern' in:"
		sed 's/^/#   /' "$where"
		fail=1
	elif [ "$want" != 0 ] && grep -q -e '^p256 ' -e '^{"field"' "$tmp/out"; then
		echo "# FAIL: ecfield-bench $*: printed benchmark rows before failing"
		fail=1
	else
		echo "# ok: ecfield-bench $* -> $got ($(head -n 1 "$where"))"
	fi
}

for v in 0 -1 abc 12x '' 100001 99999999999999999999 ' 5'; do
	expect 2 "^ecfield-bench: --samples needs a whole number" --samples "$v"
done
for v in 0 -3 1e3 0x10 2000000001; do
	expect 2 "^ecfield-bench: --count needs a whole number" --count "$v"
done
expect 2 "^ecfield-bench: option '--samples' needs a value" --samples
expect 2 "^ecfield-bench: option '--count' needs a value" --json --count
expect 2 "^ecfield-bench: option '--filter' needs a value" --filter
expect 2 "^ecfield-bench: --filter needs a non-empty" --filter=
expect 2 "^ecfield-bench: option '--json' takes no value" --json=yes
expect 2 "^ecfield-bench: unknown option '--bogus'" --bogus
expect 2 "^ecfield-bench: unknown option '-x'" -x
expect 2 "^ecfield-bench: unknown option 'p256'" p256
expect 2 "^ecfield-bench: --filter 'no/such/row' matches no row" --filter no/such/row
expect 2 "^ecfield-bench: --filter 'p256/mull' matches no row" --filter p256/mul/ --filter p256/mull # the last one counts
expect 0 "^usage: ecfield-bench" -h
expect 0 "^usage: ecfield-bench" --help
expect 0 "^usage: ecfield-bench" --samples 5 --help
expect 0 "^p256/equal/portable/public$" --list
expect 0 "^p256/add/portable/public$" --list --filter=p256/add/

# A real run of a few rows: the header, one row per kernel tier, every figure a positive number.
expect 0 "^p256 *add *portable *public" --filter p256/add --samples 3
rows=$(grep -c '^p256 ' "$tmp/out")
tiers=$("$bench" --list --filter p256/add/ | wc -l)
if [ "$rows" != "$tiers" ] || [ "$rows" -lt 1 ]; then
	echo "# FAIL: --filter p256/add printed $rows rows for $tiers tiers"
	fail=1
fi
if awk '/^p256 / && !($5 > 0 && $6 > 0 && $7 > 0) { bad = 1 } END { exit !bad }' "$tmp/out"; then
	echo "# FAIL: a row without positive figures:"
	cat "$tmp/out"
	fail=1
fi
expect 0 '"samples":3' --json --filter p256/add/ --samples=3
expect 0 "^p256 *sqrt *portable *public *ran 7 calls" --count 7 --filter p256/sqrt/portable

[ "$fail" = 0 ] && echo "# ok: ecfield-bench command line"
exit "$fail"
