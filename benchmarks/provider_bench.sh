#!/bin/bash
# The ecfield OpenSSL provider against OpenSSL's default provider, same run,
# interleaved rounds (default first in odd rounds, ecfield first in even ones),
# medians (docs/provider.md):
#  1. `openssl speed` ecdhx25519, ed25519, ecdhp256, ecdsap256. OpenSSL 3.0's
#     speed fetches these algorithms with no property query of its own (its
#     -propquery does not reach them), so the provider is selected by a
#     configuration file (OPENSSL_CONF, default_properties = ?provider=ecfield);
#     the provider's call counters (ECFIELD_PROVIDER_STATS) prove that each
#     ecfield run went through the provider and each default run did not.
#     (speed's op/s are per CPU second of its process: fair under load, but
#     counted in clock ticks, so short runs on a busy machine are noisy)
#  2. TLS 1.3 full handshakes (x25519, Ed25519 certificate) on 127.0.0.1:
#     `openssl s_time -new` against `openssl s_server`, the server with the
#     provider or without it, the client always OpenSSL's default. Two figures:
#     handshakes per wall-clock second (client and server share the machine)
#     and per CPU second of the server process (s_server is single-threaded:
#     the server's capacity).
#  3. ecfield-provider-evp-bench (benchmarks/provider_evp_bench.c), when built:
#     the same operations through EVP in one process, with the bare
#     libecfield calls and a provider call that does no arithmetic.
# Prints each figure, the ratio ecfield/default, and the bar of issue 21.
#
# usage: benchmarks/provider_bench.sh [BUILDDIR]   (default: build)
# env:   ROUNDS (3), SPEED_SECS (2, per speed measurement), TLS_SECS (4, per
#        s_time run), EVP_SAMPLES (9), OPENSSL (openssl). About
#        12*SPEED_SECS+2*TLS_SECS+3 seconds per round, then 10-60 s of EVP
#        bench (longer on a busy machine): 2-3 minutes with the defaults.
set -u
build=${1:-build}
openssl=${OPENSSL:-openssl}
rounds=${ROUNDS:-3}
ss=${SPEED_SECS:-2}
ts=${TLS_SECS:-4}
mod=$(cd "$build/provider" 2>/dev/null && pwd)/ecfield.so
[ -f "$mod" ] || { echo "no $build/provider/ecfield.so: build with meson option provider enabled" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ecf-provbench.XXXXXX")
server_pid=
cleanup() {
	[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
	exec 3>&- 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
cat >"$tmp/ecfield.cnf" <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
alg_section = algorithm_sect
[provider_sect]
ecfield = ecfield_sect
default = default_sect
[ecfield_sect]
module = $mod
activate = 1
[default_sect]
activate = 1
[algorithm_sect]
default_properties = ?provider=ecfield
EOF
printf 'openssl_conf = openssl_init\n[openssl_init]\n' >"$tmp/default.cnf"
unset ECFIELD_PROVIDER_STATS

echo "# $("$openssl" version) | $(OPENSSL_CONF=$tmp/ecfield.cnf "$openssl" list -providers -verbose 2>/dev/null |
	sed -n 's/^ *build info: \(libecfield.*\)/\1/p' | head -n 1)"
echo "# $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')"
echo "# before: $(uptime)"
echo "# $rounds rounds; speed -seconds $ss; s_time -time $ts"

res=$tmp/results # lines: round metric side value
: >"$res"
count() { awk -v k="$2" '$1 == k { print $2; exit }' "$1" 2>/dev/null; }

speed_one() { # ROUND SIDE ALG
	local r=$1 side=$2 alg=$3 st=$tmp/st.$1.$2.$3 out
	rm -f "$st"
	out=$(OPENSSL_CONF=$tmp/$side.cnf ECFIELD_PROVIDER_STATS=$st \
		timeout $((4 * ss + 20)) "$openssl" speed -seconds "$ss" -mr "$alg" 2>&1 | grep '^+F')
	case $alg in
	ecdhx25519) echo "$r x25519_derive $side $(cut -d: -f4 <<<"$out")" >>"$res" ;;
	ecdhp256) echo "$r ecdh_derive $side $(cut -d: -f4 <<<"$out")" >>"$res" ;;
	ed25519)
		echo "$r ed25519_sign $side $(cut -d: -f5 <<<"$out")" >>"$res"
		echo "$r ed25519_verify $side $(cut -d: -f6 <<<"$out")" >>"$res"
		;;
	ecdsap256)
		echo "$r ecdsa_sign $side $(cut -d: -f4 <<<"$out")" >>"$res"
		echo "$r ecdsa_verify $side $(cut -d: -f5 <<<"$out")" >>"$res"
		;;
	esac
	# Who did the work: the ecfield runs counted their operations, the default runs loaded no ecfield.
	local ops
	case $alg in
	ecdhx25519) ops="x25519_derive" ;; ecdhp256) ops="ecdh_derive" ;;
	ed25519) ops="ed25519_sign ed25519_verify" ;; ecdsap256) ops="ecdsa_sign ecdsa_verify" ;;
	esac
	for op in $ops; do
		if [ "$side" = ecfield ]; then
			c=$(count "$st" $op)
			if [ ! -e "$st" ]; then
				# OpenSSL 3.0's speed leaks its ECDSA key: the provider is never torn
				# down and writes no counters. Count the calls with gdb instead (round 1).
				[ "$r" = 1 ] && gdb_count "$alg" "$op"
			elif [ "${c:-0}" -gt 0 ]; then
				[ "$r" = 1 ] && echo "# round 1 $alg through ecfield: $op called $c times"
			else
				echo "# WARNING: round $r $alg: the ecfield run did not go through the provider ($op: 0)"
			fi
		elif [ -e "$st" ]; then
			echo "# WARNING: round $r $alg: the default run wrote ecfield counters"
		fi
	done
}
gdb_count() { # ALG OP: calls of the provider's OP function in a 1-second speed run under gdb
	local fn=${2#ecdsa_}
	fn=ecdsa_$fn
	if ! command -v gdb >/dev/null; then
		echo "# WARNING: $1 through ecfield: no counter file (speed did not unload the provider) and no gdb to count"
		return
	fi
	local hits
	hits=$(OPENSSL_CONF=$tmp/ecfield.cnf timeout 120 gdb -q -batch -ex 'set breakpoint pending on' \
		-ex "break $fn" -ex 'ignore 1 1000000000' -ex run -ex 'info breakpoints' \
		--args "$openssl" speed -seconds 1 "$1" 2>/dev/null | sed -n 's/.*already hit \([0-9]*\) time.*/\1/p' | head -n 1)
	if [ "${hits:-0}" -gt 0 ]; then
		echo "# round 1 $1 through ecfield: no counter file (speed leaks its key, the provider is not torn down); gdb: ecfield's $fn called $hits times"
	else
		echo "# WARNING: $1: ecfield's $fn was not called (gdb)"
	fi
}

# TLS: one s_server per round and side (Ed25519 certificate, group x25519).
OPENSSL_CONF=$tmp/default.cnf "$openssl" genpkey -algorithm ED25519 -out "$tmp/ed.key" 2>/dev/null &&
	OPENSSL_CONF=$tmp/default.cnf "$openssl" req -x509 -new -key "$tmp/ed.key" -subj /CN=localhost \
		-days 2 -out "$tmp/ed.crt" 2>/dev/null || { echo "cannot make the certificate" >&2; exit 1; }
mkfifo "$tmp/stdin.fifo"
exec 3<>"$tmp/stdin.fifo"
tck=$(getconf CLK_TCK)
listening() { # PORT: a socket listens on 127.0.0.1:PORT (/proc/net/tcp, state 0A)
	awk -v p="$(printf '%04X' "$1")" '$2 == "0100007F:" p && $4 == "0A" { f = 1 } END { exit !f }' /proc/net/tcp
}
start_server() { # SIDE [NACCEPT] -> server_pid, port (-quiet: s_server's per-connection output costs 3x)
	for _ in 1 2 3 4 5; do
		port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
		OPENSSL_CONF=$tmp/$1.cnf ECFIELD_PROVIDER_STATS=${ST:-} "$openssl" s_server -accept "127.0.0.1:$port" \
			-tls1_3 -groups x25519 -cert "$tmp/ed.crt" -key "$tmp/ed.key" -quiet ${2:+-naccept $2} \
			<"$tmp/stdin.fifo" >"$tmp/srv.out" 2>&1 &
		server_pid=$!
		local i=0
		while ! listening "$port" && kill -0 $server_pid 2>/dev/null && [ $i -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		listening "$port" && return 0
		kill $server_pid 2>/dev/null
		wait $server_pid 2>/dev/null
		server_pid=
	done
	echo "# s_server could not listen: $(head -c 300 "$tmp/srv.out")" >&2
	return 1
}
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
tls_one() { # ROUND SIDE
	start_server "$2" || return
	local c0 c1 out n w0 w1
	c0=$(cpu_ticks $server_pid)
	w0=$(date +%s.%N)
	out=$(OPENSSL_CONF=$tmp/default.cnf timeout $((ts + 20)) "$openssl" s_time -connect "127.0.0.1:$port" \
		-new -tls1_3 -time "$ts" 2>&1)
	w1=$(date +%s.%N)
	c1=$(cpu_ticks $server_pid)
	kill $server_pid 2>/dev/null
	wait $server_pid 2>/dev/null
	server_pid=
	# "N connections in T real seconds, ..." (T rounded: the wall time is ours)
	n=$(sed -n 's/^\([0-9]*\) connections in [0-9]* real seconds.*/\1/p' <<<"$out")
	[ -n "$n" ] || { echo "# s_time failed: $out" >&2; return; }
	echo "$1 tls_handshakes_per_s $2 $(awk -v n="$n" -v a="$w0" -v b="$w1" 'BEGIN { print n / (b - a) }')" >>"$res"
	echo "$1 tls_handshakes_per_server_cpu_s $2 $(awk -v n="$n" -v c=$((c1 - c0)) -v k="$tck" \
		'BEGIN { print (c > 0 ? n / (c / k) : 0) }')" >>"$res"
}
# Who did the server's work: one handshake against a server with -naccept 1,
# which exits normally and writes its counters.
ST=$tmp/st.tls start_server ecfield 1 &&
	echo Q | OPENSSL_CONF=$tmp/default.cnf timeout 20 "$openssl" s_client -connect "127.0.0.1:$port" \
		-tls1_3 -brief >/dev/null 2>&1
[ -n "$server_pid" ] && wait $server_pid 2>/dev/null
server_pid=
echo "# TLS server with ecfield, one handshake: counters {$(cat "$tmp/st.tls" 2>/dev/null | tr '\n' ' ')}"

t0=$(date +%s)
for r in $(seq 1 "$rounds"); do
	if [ $((r % 2)) = 1 ]; then sides="default ecfield"; else sides="ecfield default"; fi
	for alg in ecdhx25519 ed25519 ecdhp256 ecdsap256; do
		for side in $sides; do speed_one "$r" "$side" "$alg"; done
	done
	for side in $sides; do tls_one "$r" "$side"; done
	echo "# round $r done ($(($(date +%s) - t0)) s)"
done
echo "# after: $(uptime)"
# 3. The same operations through EVP in one process (provider_evp_bench.c):
#    interleaved, thread CPU time, with the bare libecfield calls and the cost
#    of a provider call without arithmetic (where the provider's time goes).
evp=$build/benchmarks/ecfield-provider-evp-bench
if [ -x "$evp" ]; then
	timeout 300 "$evp" "$build/provider" "${EVP_SAMPLES:-9}"
	echo "# after the EVP bench: $(uptime)"
else
	echo "# ($evp not built: no EVP figures)"
fi
echo "# openssl speed and the bar of issue 21 (speed's op/s are per CPU second of the speed process):"

python3 - "$res" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if len(l.split()) == 4]
bar = {"x25519_derive": 1.3, "ed25519_sign": 3.0, "ed25519_verify": 2.5, "ecdh_derive": 1.2,
       "ecdsa_sign": 1.8, "ecdsa_verify": 1.4, "tls_handshakes_per_s": 1.2,
       "tls_handshakes_per_server_cpu_s": 1.2}
print("%-32s %12s %12s %7s %13s %5s  %s" % ("metric (median ops/s)", "default", "ecfield", "ratio",
      "round ratios", "bar", "meets"))
for m in bar:
    v = {s: {int(r): float(x) for r, mm, ss, x in rows if mm == m and ss == s} for s in ("default", "ecfield")}
    if not v["default"] or not v["ecfield"]:
        print("%-32s (no figures)" % m)
        continue
    d, e = statistics.median(v["default"].values()), statistics.median(v["ecfield"].values())
    rr = sorted(v["ecfield"][r] / v["default"][r] for r in v["default"] if r in v["ecfield"] and v["default"][r] > 0)
    ratio = e / d if d > 0 else float("nan")
    print("%-32s %12.0f %12.0f %6.2fx %6.2f-%-6.2f %4.1fx  %s" % (m, d, e, ratio, rr[0], rr[-1], bar[m],
          "yes" if ratio >= bar[m] else "NO"))
EOF
