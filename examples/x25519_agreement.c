/*
 * Example: X25519 key agreement (RFC 7748).
 *
 * Alice and Bob each make a key pair from 32 random bytes, exchange public
 * keys, and compute the same shared secret. A peer key of small order (here
 * all zeros) is refused: anything but ECF_OK means abort the exchange. The
 * secrets are wiped with ecf_wipe before returning. Only the public API is
 * used. Hash the shared secret with both public keys (a KDF) before using it
 * as a key.
 *
 * Build against an installed libecfield:
 *   cc -o x25519_agreement x25519_agreement.c $(pkg-config --cflags --libs ecfield)
 */
#include <ecfield/ecfield.h>
#include <stdio.h>
#include <sys/random.h>

static int random_bytes(uint8_t *out, size_t len) { return getrandom(out, len, 0) == (ssize_t)len ? 0 : -1; }

int main(void)
{
	uint8_t seed[ECF_X25519_SEED_BYTES];
	uint8_t a_sk[ECF_X25519_SECRET_KEY_BYTES], a_pk[ECF_X25519_PUBLIC_KEY_BYTES];
	uint8_t b_sk[ECF_X25519_SECRET_KEY_BYTES], b_pk[ECF_X25519_PUBLIC_KEY_BYTES];
	uint8_t a_shared[ECF_X25519_SHARED_BYTES], b_shared[ECF_X25519_SHARED_BYTES];
	const uint8_t bad_peer[ECF_X25519_PUBLIC_KEY_BYTES] = {0};
	int ok = 0;

	if (random_bytes(seed, sizeof seed) != 0 || ecf_x25519_keypair(a_pk, a_sk, seed) != ECF_OK)
		goto out;
	if (random_bytes(seed, sizeof seed) != 0 || ecf_x25519_keypair(b_pk, b_sk, seed) != ECF_OK)
		goto out;
	/* ... a_pk and b_pk are exchanged ... */
	if (ecf_x25519(a_shared, a_sk, b_pk) != ECF_OK || ecf_x25519(b_shared, b_sk, a_pk) != ECF_OK)
		goto out;
	if (!ecf_ct_equal(a_shared, b_shared, sizeof a_shared)) {
		printf("the shared secrets differ\n");
		goto out;
	}
	printf("Alice and Bob share a 32-byte secret\n");

	int st = ecf_x25519(a_shared, a_sk, bad_peer);
	if (st == ECF_OK) {
		printf("an all-zero peer key was accepted\n");
		goto out;
	}
	printf("an all-zero peer key is refused: %s\n", ecf_status_string(st));
	ok = 1;
out:
	ecf_wipe(seed, sizeof seed);
	ecf_wipe(a_sk, sizeof a_sk);
	ecf_wipe(b_sk, sizeof b_sk);
	ecf_wipe(a_shared, sizeof a_shared);
	ecf_wipe(b_shared, sizeof b_shared);
	return ok ? 0 : 1;
}
