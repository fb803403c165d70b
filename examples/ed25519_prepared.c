/*
 * Example: Ed25519 signatures (RFC 8032), verified many times under one key.
 *
 * A signer makes a key pair from a random seed and signs a few messages. The
 * verifier parses and validates the public key once into a prepared key (a
 * plain struct on the stack, no allocation) and verifies every signature
 * against it, which skips the key decoding each one-shot verification pays.
 * A changed message is rejected: anything but ECF_OK means reject.
 *
 * Build against an installed libecfield:
 *   cc -o ed25519_prepared ed25519_prepared.c $(pkg-config --cflags --libs ecfield)
 */
#include <ecfield/ecfield.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

int main(void)
{
	static const char *const messages[] = {"first message", "second message", "a third, longer message"};
	enum { N = sizeof messages / sizeof messages[0] };
	uint8_t seed[ECF_ED25519_SEED_BYTES], sk[ECF_ED25519_SECRET_KEY_BYTES], pk[ECF_ED25519_PUBLIC_KEY_BYTES];
	uint8_t sig[N][ECF_ED25519_SIGNATURE_BYTES];
	ecf_ed25519_prepared_key prep;
	int ok = 0;

	if (getrandom(seed, sizeof seed, 0) != (ssize_t)sizeof seed || ecf_ed25519_keypair(pk, sk, seed) != ECF_OK)
		goto out;
	for (int i = 0; i < N; i++)
		if (ecf_ed25519_sign(sig[i], sk, (const uint8_t *)messages[i], strlen(messages[i])) != ECF_OK)
			goto out;

	/* The verifier: the public key is validated once. */
	int st = ecf_ed25519_public_key_prepare(&prep, pk);
	if (st != ECF_OK) {
		printf("public key rejected: %s\n", ecf_status_string(st));
		goto out;
	}
	for (int i = 0; i < N; i++) {
		st = ecf_ed25519_verify_prepared(sig[i], &prep, (const uint8_t *)messages[i], strlen(messages[i]));
		printf("\"%s\": %s\n", messages[i], st == ECF_OK ? "valid" : ecf_status_string(st));
		if (st != ECF_OK)
			goto out;
	}
	/* The first signature does not cover the second message. */
	st = ecf_ed25519_verify_prepared(sig[0], &prep, (const uint8_t *)messages[1], strlen(messages[1]));
	if (st == ECF_OK) {
		printf("a signature verified for another message\n");
		goto out;
	}
	printf("signature 1 on message 2: rejected (%s)\n", ecf_status_string(st));
	ok = 1;
out:
	ecf_wipe(seed, sizeof seed);
	ecf_wipe(sk, sizeof sk);
	return ok ? 0 : 1;
}
