/*
 * Example: ECDSA over NIST P-256 on a message (SHA-256 inside the library).
 *
 * A key pair is made from 40 random bytes (FIPS 186-5 A.2.1: 64 bits more
 * than the key, so that the reduction mod n is unbiased and never fails),
 * a message is signed with deterministic RFC 6979 nonces, and the signature
 * is verified under the uncompressed public key and under its 33-byte
 * compressed form. A changed message is rejected: anything but ECF_OK means
 * reject.
 *
 * Build against an installed libecfield:
 *   cc -o ecdsa_message ecdsa_message.c $(pkg-config --cflags --libs ecfield)
 */
#include <ecfield/ecfield.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

int main(void)
{
	static const char msg[] = "pay 10 coins to Bob";
	static const char forged[] = "pay 99 coins to Bob";
	uint8_t seed[40], sk[ECF_P256_SECRET_KEY_BYTES], pk[ECF_P256_PUBLIC_KEY_BYTES];
	uint8_t pk33[ECF_P256_POINT_COMPRESSED_BYTES], sig[ECF_P256_ECDSA_SIGNATURE_BYTES];
	int ok = 0, st;

	if (getrandom(seed, sizeof seed, 0) != (ssize_t)sizeof seed ||
	    ecf_p256_keypair(pk, sk, seed, sizeof seed) != ECF_OK)
		goto out;
	if (ecf_p256_ecdsa_sign_msg(sig, sk, (const uint8_t *)msg, strlen(msg), NULL, 0, ECF_P256_ECDSA_LOW_S) !=
	    ECF_OK)
		goto out;
	if (ecf_p256_point_compress(pk33, pk, sizeof pk) != ECF_OK)
		goto out;

	st = ecf_p256_ecdsa_verify_msg(sig, pk, sizeof pk, (const uint8_t *)msg, strlen(msg));
	printf("uncompressed key: %s\n", st == ECF_OK ? "valid" : ecf_status_string(st));
	if (st != ECF_OK)
		goto out;
	st = ecf_p256_ecdsa_verify_msg(sig, pk33, sizeof pk33, (const uint8_t *)msg, strlen(msg));
	printf("compressed key: %s\n", st == ECF_OK ? "valid" : ecf_status_string(st));
	if (st != ECF_OK)
		goto out;
	st = ecf_p256_ecdsa_verify_msg(sig, pk, sizeof pk, (const uint8_t *)forged, strlen(forged));
	if (st == ECF_OK) {
		printf("the signature verified for another message\n");
		goto out;
	}
	printf("changed message: rejected (%s)\n", ecf_status_string(st));
	ok = 1;
out:
	ecf_wipe(seed, sizeof seed);
	ecf_wipe(sk, sizeof sk);
	return ok ? 0 : 1;
}
