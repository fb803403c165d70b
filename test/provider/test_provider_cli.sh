#!/bin/bash
# The ecfield OpenSSL provider through the `openssl` command line (issue 21):
# keys, key agreement, signatures and self-signed certificates made with the
# provider and checked by OpenSSL's default provider, and the reverse; every
# step the provider should do is proved by its call counter
# (ECFIELD_PROVIDER_STATS); refusals (tampered signatures, a P-384 key, an
# all-zero X25519 public key) run with a configuration that has no other
# implementation of the algorithm (ecfield + OpenSSL's base provider, which
# only reads and writes key files), so the error can only come from ecfield.
#
# usage: test_provider_cli.sh OPENSSL MODULE_DIR [PROVIDER_NAME]
#   MODULE_DIR holds PROVIDER_NAME.so (default name: ecfield). Exit 77 (SKIP)
#   when that module was not built. PROVIDER_NAME=default runs the same steps
#   against OpenSSL's own provider (a dry run of this script: no counters).
set -u
openssl=$1
moddir=$(cd "$2" 2>/dev/null && pwd) || moddir=$2
prov=${3:-ecfield}
T=${ECF_PROVIDER_TIMEOUT:-30} # seconds per openssl command

if [ "$prov" != default ] && [ ! -f "$moddir/$prov.so" ]; then
	echo "SKIP: $moddir/$prov.so was not built (meson option provider)"
	exit 77
fi
command -v "$openssl" >/dev/null || { echo "SKIP: no openssl program ($openssl)"; exit 77; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ecf-provcli.XXXXXX")
trap '[ -n "${ECF_KEEP_TMP:-}" ] || rm -rf "$tmp"' EXIT
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

# No system openssl.cnf: a machine where ecfield is enabled system-wide would
# otherwise make the "default" side of every comparison ecfield too.
printf 'openssl_conf = openssl_init\n[openssl_init]\n' >none.cnf
export OPENSSL_CONF=$tmp/none.cnf
unset ECFIELD_PROVIDER_STATS

# The "ecfield only" configuration: the module and OpenSSL's base provider
# (encoders, decoders, the file store; no key management, signature or key
# exchange). Used for the refusals: nothing else can answer for ecfield.
if [ "$prov" = default ]; then mod_line=; else mod_line="module = $moddir/$prov.so"; fi
cat >only.cnf <<EOF
openssl_conf = openssl_init
[openssl_init]
providers = provider_sect
[provider_sect]
$prov = ecf_sect
base = base_sect
[ecf_sect]
$mod_line
activate = 1
[base_sect]
activate = 1
EOF

# D: OpenSSL's default provider alone. E: ecfield preferred, default for the
# rest (random numbers, decoders, digests), as docs/provider.md shows.
D() { timeout "$T" "$openssl" "$@"; }
E() {
	local sub=$1
	shift
	timeout "$T" "$openssl" "$sub" -provider-path "$moddir" -provider "$prov" -provider default \
		-propquery "?provider=$prov" "$@"
}
# O: the ecfield-only configuration.
O() { OPENSSL_CONF=$tmp/only.cnf timeout "$T" "$openssl" "$@"; }

# The call counter the module writes when ECFIELD_PROVIDER_STATS names a file
# (provider/README.md: one "name count" line per counter, written at teardown).
count() { # FILE NAME -> the count (0 when absent)
	local n
	n=$(awk -v k="$2" '$1 == k { print $2; exit }' "$1" 2>/dev/null)
	echo "${n:-0}"
}
# ran STEP OP: the command just run with stats file st.STEP called OP at least once.
ran() {
	[ "$prov" = default ] && return 0
	local c
	c=$(count "st.$1" "$2")
	if [ "$c" -gt 0 ] 2>/dev/null; then
		ok "$1: ecfield counted $2 = $c"
	else
		fail "$1: the provider did not do $2 (counter file: $(tr '\n' ' ' <"st.$1" 2>/dev/null || echo absent))"
	fi
}
# SE STEP SUBCOMMAND ARGS...: run E with its own counter file; fail on error.
SE() {
	local step=$1
	shift
	rm -f "st.$step"
	if ! ECFIELD_PROVIDER_STATS=$tmp/st.$step E "$@" >"out.$step" 2>"err.$step"; then
		fail "$step: openssl $1 with the provider failed:"
		sed 's/^/#   /' "err.$step"
		return 1
	fi
}
SO() { # the same with the ecfield-only configuration
	local step=$1
	shift
	rm -f "st.$step"
	if ! ECFIELD_PROVIDER_STATS=$tmp/st.$step O "$@" >"out.$step" 2>"err.$step"; then
		fail "$step: openssl $1 with the ecfield-only configuration failed:"
		sed 's/^/#   /' "err.$step"
		return 1
	fi
}
SD() {
	local step=$1
	shift
	if ! D "$@" >"out.$step" 2>"err.$step"; then
		fail "$step: openssl $1 with the default provider failed:"
		sed 's/^/#   /' "err.$step"
		return 1
	fi
}
# refused STEP WHAT REGEX CONF ARGS...: openssl with configuration CONF (O: the
# ecfield-only one; E: ecfield preferred) must fail, write no output file
# (out.STEP.bin) and say why: a message matching REGEX (extended, any case;
# in a dry run against the default provider, any error or failure message).
refused() {
	local step=$1 what=$2 re=$3 conf=$4
	shift 4
	[ "$prov" = default ] && re='error|fail'
	rm -f "st.$step" "out.$step.bin"
	if ECFIELD_PROVIDER_STATS=$tmp/st.$step $conf "$@" >"out.$step" 2>"err.$step"; then
		fail "$step: $what was accepted"
	elif [ -s "out.$step.bin" ]; then
		fail "$step: $what failed but wrote $(wc -c <"out.$step.bin") bytes"
	elif ! cat "out.$step" "err.$step" | grep -q -i -E "$re"; then
		fail "$step: $what failed without the expected message /$re/:"
		cat "out.$step" "err.$step" | sed 's/^/#   /'
	else
		ok "$step: $what refused: $(cat "out.$step" "err.$step" | grep -m1 -i -E "$re" | cut -c1-200)"
	fi
}
same() { # FILE1 FILE2 WHAT
	if [ -s "$1" ] && cmp -s "$1" "$2"; then ok "$3"; else fail "$3 ($1 and $2 differ or are empty)"; fi
}

printf 'the message signed by ecfield and by OpenSSL, %s\n' "$(date)" >msg
D dgst -sha256 -binary msg >msg.sha256 || fail "dgst"

# --- X25519 -------------------------------------------------------------
SE x_gen genpkey -algorithm X25519 -out x_e.pem && ran x_gen x25519_keygen
SD x_gend genpkey -algorithm X25519 -out x_d.pem
for k in x_e x_d; do
	SE "${k}_pub" pkey -in $k.pem -pubout -out $k.pub
	SD "${k}_pubd" pkey -in $k.pem -pubout -out $k.dpub
	same $k.pub $k.dpub "X25519 $k: public key from the provider = from default"
	SE "${k}_txt" pkey -in $k.pem -text -noout
	SD "${k}_txtd" pkey -in $k.pem -text -noout
	same "out.${k}_txt" "out.${k}_txtd" "X25519 $k: pkey -text through the provider = through default"
	# round trip: written back by the provider, read by default
	SE "${k}_rt" pkey -in $k.pem -out $k.rt.pem
	SD "${k}_rtd" pkey -in $k.rt.pem -pubout -out $k.rt.pub
	same $k.rt.pub $k.dpub "X25519 $k: private key rewritten by the provider keeps its public key"
done
# Both directions, keys of both makers, both providers: one secret.
SE x_der1 pkeyutl -derive -inkey x_e.pem -peerkey x_d.pub -out x_s1 && ran x_der1 x25519_derive
SE x_der2 pkeyutl -derive -inkey x_d.pem -peerkey x_e.pub -out x_s2 && ran x_der2 x25519_derive
SD x_der3 pkeyutl -derive -inkey x_e.pem -peerkey x_d.pub -out x_s3
SD x_der4 pkeyutl -derive -inkey x_d.pem -peerkey x_e.pub -out x_s4
[ "$(wc -c <x_s1 2>/dev/null)" = 32 ] || fail "X25519 secret is not 32 bytes"
same x_s1 x_s2 "X25519: ecfield's secret = from the other side"
same x_s1 x_s3 "X25519: ecfield's secret = default's (same direction)"
same x_s1 x_s4 "X25519: ecfield's secret = default's (other direction)"

# --- Ed25519 ------------------------------------------------------------
SE ed_gen genpkey -algorithm ED25519 -out ed_e.pem && ran ed_gen ed25519_keygen
SD ed_gend genpkey -algorithm ED25519 -out ed_d.pem
for k in ed_e ed_d; do
	SE "${k}_pub" pkey -in $k.pem -pubout -out $k.pub
	SD "${k}_pubd" pkey -in $k.pem -pubout -out $k.dpub
	same $k.pub $k.dpub "Ed25519 $k: public key from the provider = from default"
	SE "${k}_txt" pkey -in $k.pem -text -noout
	SD "${k}_txtd" pkey -in $k.pem -text -noout
	same "out.${k}_txt" "out.${k}_txtd" "Ed25519 $k: pkey -text through the provider = through default"
	SE "${k}_sig" pkeyutl -sign -rawin -inkey $k.pem -in msg -out $k.sig && ran "${k}_sig" ed25519_sign
	SD "${k}_sigd" pkeyutl -sign -rawin -inkey $k.pem -in msg -out $k.dsig
	same $k.sig $k.dsig "Ed25519 $k: signature by the provider byte-identical to default's"
	SE "${k}_ver" pkeyutl -verify -rawin -pubin -inkey $k.pub -in msg -sigfile $k.dsig &&
		ran "${k}_ver" ed25519_verify
	SD "${k}_verd" pkeyutl -verify -rawin -pubin -inkey $k.pub -in msg -sigfile $k.sig
done

# --- P-256 --------------------------------------------------------------
SE p_gen genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out p_e.pem && ran p_gen p256_keygen
SD p_gend genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out p_d.pem
for k in p_e p_d; do
	SE "${k}_pub" pkey -in $k.pem -pubout -out $k.pub
	SD "${k}_pubd" pkey -in $k.pem -pubout -out $k.dpub
	same $k.pub $k.dpub "P-256 $k: public key from the provider = from default"
	SE "${k}_txt" pkey -in $k.pem -text -noout
	SD "${k}_txtd" pkey -in $k.pem -text -noout
	same "out.${k}_txt" "out.${k}_txtd" "P-256 $k: pkey -text through the provider = through default"
	# ECDSA on a SHA-256 digest, signed by one provider, verified by the other
	SE "${k}_sig" pkeyutl -sign -inkey $k.pem -in msg.sha256 -pkeyopt digest:sha256 -out $k.sig &&
		ran "${k}_sig" ecdsa_sign
	SD "${k}_sigd" pkeyutl -sign -inkey $k.pem -in msg.sha256 -pkeyopt digest:sha256 -out $k.dsig
	SE "${k}_ver" pkeyutl -verify -pubin -inkey $k.pub -in msg.sha256 -pkeyopt digest:sha256 -sigfile $k.dsig &&
		ran "${k}_ver" ecdsa_verify
	SD "${k}_verd" pkeyutl -verify -pubin -inkey $k.pub -in msg.sha256 -pkeyopt digest:sha256 -sigfile $k.sig
done
SE p_der1 pkeyutl -derive -inkey p_e.pem -peerkey p_d.pub -out p_s1 && ran p_der1 ecdh_derive
SE p_der2 pkeyutl -derive -inkey p_d.pem -peerkey p_e.pub -out p_s2 && ran p_der2 ecdh_derive
SD p_der3 pkeyutl -derive -inkey p_e.pem -peerkey p_d.pub -out p_s3
SD p_der4 pkeyutl -derive -inkey p_d.pem -peerkey p_e.pub -out p_s4
[ "$(wc -c <p_s1 2>/dev/null)" = 32 ] || fail "P-256 secret is not 32 bytes"
same p_s1 p_s2 "ECDH P-256: ecfield's secret = from the other side"
same p_s1 p_s3 "ECDH P-256: ecfield's secret = default's (same direction)"
same p_s1 p_s4 "ECDH P-256: ecfield's secret = default's (other direction)"

# --- self-signed certificates -------------------------------------------
# Made by one provider, verified by the other (-check_ss_sig: the self-signature).
for c in ed:ed25519 p:ecdsa; do
	k=${c%%:*} op=${c#*:}
	SE "${k}_crt" req -x509 -new -key ${k}_e.pem -subj "/CN=ecfield $op" -days 2 -sha256 -out ${k}_e.crt &&
		ran "${k}_crt" ${op}_sign
	SD "${k}_crtv" verify -check_ss_sig -CAfile ${k}_e.crt ${k}_e.crt
	SD "${k}_crtd" req -x509 -new -key ${k}_d.pem -subj "/CN=default $op" -days 2 -sha256 -out ${k}_d.crt
	SE "${k}_crtdv" verify -check_ss_sig -CAfile ${k}_d.crt ${k}_d.crt && ran "${k}_crtdv" ${op}_verify
	SE "${k}_crtev" verify -check_ss_sig -CAfile ${k}_e.crt ${k}_e.crt && ran "${k}_crtev" ${op}_verify
done

# --- the ecfield-only configuration: works, and refuses ------------------
SO o_x pkeyutl -derive -inkey x_d.pem -peerkey x_e.pub -out o_x && ran o_x x25519_derive
same o_x x_s1 "X25519 derive with only ecfield (and base) loaded"
SO o_p pkeyutl -derive -inkey p_d.pem -peerkey p_e.pub -out o_p && ran o_p ecdh_derive
same o_p p_s1 "ECDH P-256 derive with only ecfield (and base) loaded"
SO o_edv pkeyutl -verify -rawin -pubin -inkey ed_d.pub -in msg -sigfile ed_d.sig && ran o_edv ed25519_verify
SO o_pv pkeyutl -verify -pubin -inkey p_d.pub -in msg.sha256 -sigfile p_d.sig && ran o_pv ecdsa_verify
# Tampered signatures: one bit of R (Ed25519) or of the DER r (ECDSA) flipped;
# and the message changed.
flip() { # FILE OFFSET -> FILE.bad with one bit flipped at OFFSET
	python3 - "$1" "$2" <<'EOF'
import sys
b = bytearray(open(sys.argv[1], 'rb').read()); i = int(sys.argv[2]); b[i] ^= 0x04
open(sys.argv[1] + '.bad', 'wb').write(b)
EOF
}
flip ed_d.sig 5 && refused o_edbad "Ed25519 verification of a tampered signature" "Signature Verification Failure" O \
	pkeyutl -verify -rawin -pubin -inkey ed_d.pub -in msg -sigfile ed_d.sig.bad
flip ed_d.sig 40 && refused o_edbad2 "Ed25519 verification of a tampered S" "Signature Verification Failure" O \
	pkeyutl -verify -rawin -pubin -inkey ed_d.pub -in msg -sigfile ed_d.sig.bad
flip p_d.sig 10 && refused o_pbad "ECDSA verification of a tampered signature" "Signature Verification Failure" O \
	pkeyutl -verify -pubin -inkey p_d.pub -in msg.sha256 -sigfile p_d.sig.bad
echo tampered >>msg
refused o_edmsg "Ed25519 verification of a changed message" "Signature Verification Failure" O \
	pkeyutl -verify -rawin -pubin -inkey ed_d.pub -in msg -sigfile ed_d.sig
# X.509 needs SHA-1 (certificate hashes), which the ecfield-only configuration
# has not: certificates with a corrupted self-signature with ecfield preferred.
for k in ed:ed25519 p:ecdsa; do
	D x509 -in ${k%%:*}_d.crt -badsig -out ${k%%:*}_bad.crt 2>/dev/null || fail "x509 -badsig"
	refused "${k%%:*}_crtbad" "a certificate with a corrupted ${k#*:} self-signature" \
		"certificate signature failure" E verify -check_ss_sig -CAfile ${k%%:*}_bad.crt ${k%%:*}_bad.crt &&
		ran "${k%%:*}_crtbad" ${k#*:}_verify
done
# secp384r1: not implemented by ecfield, so refused (never answered by
# something else, never a wrong result): key generation (the provider preferred
# for key management, random numbers from default), key agreement, signature.
SD q_gen genpkey -algorithm EC -pkeyopt ec_paramgen_curve:secp384r1 -out q_d.pem
SD q_gen2 genpkey -algorithm EC -pkeyopt ec_paramgen_curve:secp384r1 -out q_d2.pem
SD q_pub pkey -in q_d2.pem -pubout -out q_d2.pub
rm -f st.q_egen out.q_egen.bin
if [ "$prov" = default ]; then
	:
elif ECFIELD_PROVIDER_STATS=$tmp/st.q_egen timeout "$T" "$openssl" genpkey -provider-path "$moddir" \
	-provider "$prov" -provider default -propquery "provider=$prov" -algorithm EC \
	-pkeyopt ec_paramgen_curve:secp384r1 -out out.q_egen.bin >out.q_egen 2>err.q_egen; then
	fail "q_egen: ecfield generated a secp384r1 key"
else
	if grep -q -E 'ecfield.*wrong curve' err.q_egen; then
		ok "q_egen: secp384r1 key generation refused by ecfield: $(grep -m1 ecfield err.q_egen | cut -c1-200)"
	else
		fail "q_egen: secp384r1 key generation failed without ecfield's wrong-curve error:"
		sed 's/^/#   /' err.q_egen
	fi
fi
# ... while with ecfield merely preferred, OpenSSL's default provider does
# secp384r1 (right results; ecfield's counters stay at zero).
SE q_eder pkeyutl -derive -inkey q_d.pem -peerkey q_d2.pub -out q_s1
SD q_dder pkeyutl -derive -inkey q_d.pem -peerkey q_d2.pub -out q_s2
same q_s1 q_s2 "secp384r1 ECDH with ecfield preferred = default's"
D dgst -sha384 -binary msg >msg.sha384
SE q_esig pkeyutl -sign -inkey q_d.pem -in msg.sha384 -out q_d.sig
SD q_pub1 pkey -in q_d.pem -pubout -out q_d.pub
SD q_dver pkeyutl -verify -pubin -inkey q_d.pub -in msg.sha384 -sigfile q_d.sig
if [ "$prov" != default ]; then
	for st in q_eder q_esig; do
		if [ ! -s "st.$st" ]; then
			fail "$st: no counter file from the provider"
		elif ! awk '$2 != 0 { bad = 1 } END { exit bad }' "st.$st"; then
			fail "$st: ecfield counted a secp384r1 operation: $(tr '\n' ' ' <"st.$st")"
		else
			ok "$st: secp384r1 left to the default provider (ecfield counters all 0)"
		fi
	done
fi
[ "$prov" = default ] || refused q_der "ECDH on secp384r1 keys" "not supported for this keytype" O pkeyutl -derive -inkey q_d.pem -peerkey q_d2.pub -out out.q_der.bin
[ "$prov" = default ] || refused q_sig "ECDSA signature with a secp384r1 key" "not supported for this keytype" O \
	pkeyutl -sign -inkey q_d.pem -in msg.sha256 -out out.q_sig.bin
# An all-zero X25519 public key (a point of small order: the secret would be 0).
printf '302a300506032b656e032100%064d' 0 | python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.stdin.read()))' >zero.der
D pkey -pubin -inform DER -in zero.der -out zero.pub 2>/dev/null || fail "could not encode the zero key"
refused x_zero "X25519 derive with an all-zero peer key" "ecfield.*all-zero shared secret" O \
	pkeyutl -derive -inkey x_e.pem -peerkey zero.pub -out out.x_zero.bin
# ... and through the preferred configuration: not answered by default instead.
refused x_zero2 "X25519 derive with an all-zero peer key, ecfield preferred" "ecfield.*all-zero shared secret" E \
	pkeyutl -derive -inkey x_e.pem -peerkey zero.pub -out out.x_zero2.bin

if [ "$fails" -gt 0 ]; then
	echo "FAIL: $fails check(s) failed (provider $prov from $moddir)"
	exit 1
fi
echo "PASS: every step above (provider $prov from $moddir)"
