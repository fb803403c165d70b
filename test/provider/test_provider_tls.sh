#!/bin/bash
# TLS 1.3 handshakes on 127.0.0.1 between `openssl s_server` and
# `openssl s_client`, both with the ecfield provider loaded and preferred
# through a configuration file (OPENSSL_CONF), as docs/provider.md shows:
#   (a) group x25519, Ed25519 certificate;
#   (b) group secp256r1, ECDSA P-256 certificate.
# The provider's call counters (ECFIELD_PROVIDER_STATS, one file per process)
# prove it did the work: the server's key share and key agreement and the
# CertificateVerify signature, the client's key share, key agreement and
# signature verification. s_client's own report gives the group and the
# signature type. Then the planted failure: the same handshake (a) without the
# provider must fail those counter checks (so they can fail).
#
# usage: test_provider_tls.sh OPENSSL MODULE_DIR [PROVIDER_NAME]
#   Exit 77 (SKIP) when MODULE_DIR/PROVIDER_NAME.so was not built.
#   PROVIDER_NAME=default: a dry run against OpenSSL's own provider (no counters).
set -u
openssl=$1
moddir=$(cd "$2" 2>/dev/null && pwd) || moddir=$2
prov=${3:-ecfield}
T=${ECF_PROVIDER_TIMEOUT:-20} # seconds for one server or client

if [ "$prov" != default ] && [ ! -f "$moddir/$prov.so" ]; then
	echo "SKIP: $moddir/$prov.so was not built (meson option provider)"
	exit 77
fi
command -v "$openssl" >/dev/null || { echo "SKIP: no openssl program ($openssl)"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: no python3 (to pick a free port)"; exit 77; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ecf-provtls.XXXXXX")
server_pid=
cleanup() {
	[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null
	exec 3>&- 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
cd "$tmp" || exit 1
# A module built with sanitizers (the asan job's -Db_sanitize build) in the
# uninstrumented openssl program: the sanitizer runtimes must be loaded first,
# so openssl runs through a wrapper that preloads those the module links.
preload=$(ldd "$moddir/$prov.so" 2>/dev/null | awk '$1 ~ /^lib(asan|ubsan)\.so/ { printf "%s ", $3 }')
if [ "$prov" != default ] && [ -n "$preload" ]; then
	printf '#!/bin/sh\nLD_PRELOAD="%s${LD_PRELOAD:-}" exec "%s" "$@"\n' "$preload" "$(command -v "$openssl")" >"$tmp/openssl"
	chmod +x "$tmp/openssl"
	openssl=$tmp/openssl
	echo "# sanitized module: openssl runs with LD_PRELOAD=$preload"
fi
fails=0
fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}
ok() { echo "ok: $*"; }

if [ "$prov" = default ]; then mod_line=; else mod_line="module = $moddir/$prov.so"; fi
# With the provider: both activated, ecfield preferred (docs/provider.md).
cat >with.cnf <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
alg_section = algorithm_sect
[provider_sect]
$prov = ecf_sect
default = default_sect
[ecf_sect]
$mod_line
activate = 1
[default_sect]
activate = 1
[algorithm_sect]
default_properties = ?provider=$prov
EOF
# Without: OpenSSL's default provider only (no system openssl.cnf either).
printf 'openssl_conf = openssl_init\n[openssl_init]\n' >without.cnf
unset ECFIELD_PROVIDER_STATS

# Keys and self-signed certificates (CN=localhost), made by OpenSSL's default.
export OPENSSL_CONF=$tmp/without.cnf
for c in ed:ED25519 p:EC; do
	k=${c%%:*}
	opt=()
	[ "$k" = p ] && opt=(-pkeyopt ec_paramgen_curve:P-256)
	timeout "$T" "$openssl" genpkey -algorithm "${c#*:}" "${opt[@]}" -out $k.key 2>err.$k &&
		timeout "$T" "$openssl" req -x509 -new -key $k.key -subj /CN=localhost -days 2 -sha256 \
			-out $k.crt 2>>err.$k || {
		echo "FAIL: could not make the $k certificate"
		cat err.$k
		exit 1
	}
done

count() { # FILE NAME -> the count (0 when absent)
	local n
	n=$(awk -v k="$2" '$1 == k { print $2; exit }' "$1" 2>/dev/null)
	echo "${n:-0}"
}
# did FILE OP...: 0 when every OP has a nonzero count in FILE.
did() {
	local f=$1 op
	shift
	for op in "$@"; do
		[ "$(count "$f" "$op")" -gt 0 ] 2>/dev/null || return 1
	done
}
mkfifo stdin.fifo
exec 3<>stdin.fifo # the server's stdin, held open: s_server stops at EOF

# handshake LABEL CONF GROUP CERT: one server (one connection), one client;
# leaves srv.LABEL / cli.LABEL (output) and st.LABEL.srv / st.LABEL.cli (counters).
handshake() {
	local label=$1 conf=$2 group=$3 k=$4 port try
	rm -f "st.$label.srv" "st.$label.cli"
	for try in 1 2 3 4 5; do
		port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
		OPENSSL_CONF=$tmp/$conf ECFIELD_PROVIDER_STATS=$tmp/st.$label.srv \
			timeout "$T" "$openssl" s_server -accept "127.0.0.1:$port" -tls1_3 -groups "$group" \
			-cert $k.crt -key $k.key -naccept 1 <stdin.fifo >"srv.$label" 2>&1 &
		server_pid=$!
		local i=0
		while ! grep -q '^ACCEPT' "srv.$label" 2>/dev/null && kill -0 "$server_pid" 2>/dev/null && [ $i -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		grep -q '^ACCEPT' "srv.$label" && break
		kill "$server_pid" 2>/dev/null
		wait "$server_pid" 2>/dev/null
		server_pid=
		echo "# $label: the server did not listen on port $port (try $try): $(head -c 300 "srv.$label")"
	done
	[ -n "$server_pid" ] || { fail "$label: no server could listen"; return 1; }
	echo Q | OPENSSL_CONF=$tmp/$conf ECFIELD_PROVIDER_STATS=$tmp/st.$label.cli \
		timeout "$T" "$openssl" s_client -connect "127.0.0.1:$port" -tls1_3 -groups "$group" \
		-CAfile $k.crt -verify_return_error -verify_hostname localhost -brief >"cli.$label" 2>&1
	local crc=$?
	wait "$server_pid"
	local src=$?
	server_pid=
	if [ $crc -ne 0 ] || [ $src -ne 0 ] || ! grep -q '^CONNECTION ESTABLISHED' "cli.$label"; then
		fail "$label: handshake failed (client exit $crc, server exit $src)"
		sed 's/^/#  client: /' "cli.$label"
		sed 's/^/#  server: /' "srv.$label"
		return 1
	fi
	grep -q '^Protocol version: TLSv1.3' "cli.$label" || fail "$label: not TLS 1.3"
}
# negotiated LABEL TEMPKEY_REGEX SIGTYPE_REGEX
negotiated() {
	if grep -q -E "^Server Temp Key: $2" "cli.$1" && grep -q -E "^(Peer signature|Signature) type: $3" "cli.$1"; then
		ok "$1: $(grep -E '^Server Temp Key|^(Peer signature|Signature) type' "cli.$1" | tr '\n' ';')"
	else
		fail "$1: expected key share $2 and signature $3:"
		sed 's/^/#  client: /' "cli.$1"
	fi
}
# proved LABEL SERVER_OPS -- CLIENT_OPS: the counters show the provider's work.
proved() {
	local label=$1 sops=() cops=()
	shift
	while [ "$1" != -- ]; do sops+=("$1"); shift; done
	shift
	cops=("$@")
	did "st.$label.srv" "${sops[@]}" && did "st.$label.cli" "${cops[@]}"
}
show() { echo "#  $1 counters: server {$(cat "st.$1.srv" 2>/dev/null | tr '\n' ' ')} client {$(cat "st.$1.cli" 2>/dev/null | tr '\n' ' ')}"; }

# (a) x25519 + Ed25519
if handshake x25519 with.cnf x25519 ed; then
	negotiated x25519 'X25519' 'ed25519'
	show x25519
	if [ "$prov" = default ]; then
		ok "x25519: (dry run: no counters)"
	elif proved x25519 x25519_keygen x25519_derive ed25519_sign -- x25519_keygen x25519_derive ed25519_verify; then
		ok "x25519: ecfield did the server's x25519 key share and derive and the Ed25519 signature, the client's verification"
	else
		fail "x25519: the counters do not show ecfield's work"
	fi
fi
# (b) secp256r1 + ECDSA P-256
if handshake p256 with.cnf secp256r1 p; then
	negotiated p256 'ECDH, prime256v1' 'ECDSA'
	show p256
	if [ "$prov" = default ]; then
		ok "p256: (dry run: no counters)"
	elif proved p256 p256_keygen ecdh_derive ecdsa_sign -- p256_keygen ecdh_derive ecdsa_verify; then
		ok "p256: ecfield did the server's P-256 key share and ECDH and the ECDSA signature, the client's verification"
	else
		fail "p256: the counters do not show ecfield's work"
	fi
fi
# The planted failure: handshake (a) without the provider. It must succeed
# (OpenSSL alone) and the checks above must say "not done by ecfield".
if handshake planted without.cnf x25519 ed; then
	negotiated planted 'X25519' 'ed25519'
	show planted
	if [ -e st.planted.srv ] || [ -e st.planted.cli ]; then
		fail "planted: a counter file was written by processes without the provider"
	elif [ "$prov" != default ] &&
		proved planted x25519_keygen x25519_derive ed25519_sign -- x25519_keygen x25519_derive ed25519_verify; then
		fail "planted: the counter check passed without the provider: it proves nothing"
	else
		ok "planted: without the provider, no counters: the check above fails as it must"
	fi
fi

if [ "$fails" -gt 0 ]; then
	echo "FAIL: $fails check(s) failed (provider $prov from $moddir)"
	exit 1
fi
echo "PASS: TLS 1.3 handshakes with provider $prov from $moddir"
