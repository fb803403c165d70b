#!/bin/sh
# The header attributes work: checked.c compiles with -Werror, and each
# planted file fails to, for the reason it plants (its diagnostic is named).
# Usage: run.sh SRCDIR INCDIR... -- CC...
set -u
src=$1; shift
incs=
while [ "$1" != "--" ]; do incs="$incs -I$1"; shift; done
shift
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
compile() { "$@" -std=c11 -Wall -Wextra -Werror $incs -c -o "$tmp/o.o" 2>"$tmp/err"; }
fail=0
if ! compile "$@" "$src/checked.c"; then
	echo "FAIL: checked.c does not compile:"; cat "$tmp/err"; fail=1
else
	echo "ok: checked.c compiles with -Werror"
fi
for call in 'ecf_ed25519_verify(sig, pk, msg, msg_len)' \
	'ecf_ed25519_verify_cofactored(sig, pk, msg, msg_len)' \
	'ecf_p256_ecdsa_verify(sig, pk, ECF_P256_PUBLIC_KEY_BYTES, msg, msg_len)' \
	'ecf_p256_ecdsa_verify_msg(sig, pk, ECF_P256_PUBLIC_KEY_BYTES, msg, msg_len)' \
	'ecf_p256_ecdsa_verify_der(sig, ECF_ED25519_SIGNATURE_BYTES, pk, ECF_P256_PUBLIC_KEY_BYTES, msg, msg_len)'; do
	if compile "$@" "-DECF_PLANTED_CALL=$call" "$src/unused_verify.c"; then
		echo "FAIL: ignoring $call compiled with -Werror"; fail=1
	elif grep -q 'unused-result\|warn_unused_result' "$tmp/err"; then
		echo "ok: ignoring ${call%%(*}'s result is an error"
	else
		echo "FAIL: $call failed to compile for another reason:"; cat "$tmp/err"; fail=1
	fi
	# The control: the same call with its result read compiles.
	if ! compile "$@" "-DECF_PLANTED_CALL=if ($call != ECF_OK) return" "$src/unused_verify.c"; then
		echo "FAIL: $call with its result read does not compile:"; cat "$tmp/err"; fail=1
	fi
done
if compile "$@" "$src/null_argument.c"; then
	echo "FAIL: a NULL secret key compiled with -Werror"; fail=1
elif grep -q 'nonnull' "$tmp/err"; then
	echo "ok: a NULL constant for a required pointer is an error"
else
	echo "FAIL: null_argument.c failed for another reason:"; cat "$tmp/err"; fail=1
fi
exit $fail
