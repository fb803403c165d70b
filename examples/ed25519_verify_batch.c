/*
 * Example: verifying many Ed25519 signatures at once, as a server that
 * checks a block of transactions or a stream of signed messages does.
 *
 * ecf_ed25519_verify_batch gives each signature the status that
 * ecf_ed25519_verify would give it, element by element: one bad signature
 * fails only its own element, so read status[i] (the return value only says
 * whether all passed, and which status came first). On x86-64 CPUs with
 * AVX-512 IFMA, groups of 8 run side by side in the vector registers; the
 * results are the same everywhere. Here 20 messages are signed by 20 keys,
 * two signatures are spoiled (a changed message, an S >= l), one key is
 * replaced by a string that is not a point, and the batch must report
 * exactly those three.
 *
 * Build against an installed libecfield:
 *   cc -o ed25519_verify_batch ed25519_verify_batch.c $(pkg-config --cflags --libs ecfield)
 */
#include <ecfield/ecfield.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>

#define N 20

int main(void)
{
	static uint8_t sk[N][ECF_ED25519_SECRET_KEY_BYTES], pk[N][ECF_ED25519_PUBLIC_KEY_BYTES];
	static uint8_t sig[N][ECF_ED25519_SIGNATURE_BYTES], text[N][40];
	const uint8_t *msg[N];
	size_t msg_len[N];
	int status[N], ok = 0;

	for (int i = 0; i < N; i++) {
		uint8_t seed[ECF_ED25519_SEED_BYTES];
		if (getrandom(seed, sizeof seed, 0) != (ssize_t)sizeof seed ||
		    ecf_ed25519_keypair(pk[i], sk[i], seed) != ECF_OK)
			goto out;
		ecf_wipe(seed, sizeof seed);
		msg_len[i] =
		    (size_t)snprintf((char *)text[i], sizeof text[i], "transfer %d coins to account %d", i, 7 * i);
		msg[i] = text[i];
	}
	/* The signers sign their messages (one call for all of them). */
	if (ecf_ed25519_sign_batch(sig, status, (const uint8_t(*)[ECF_ED25519_SECRET_KEY_BYTES])sk, msg, msg_len, N) !=
	    ECF_OK)
		goto out;

	/* ... the messages travel; three arrive spoiled ... */
	text[3][9] = '9';         /* a changed amount: ECF_ERR_VERIFY */
	sig[11][63] |= 0xf0;      /* S >= l: ECF_ERR_RANGE */
	memset(pk[17], 0xff, 32); /* y >= p: not a key, ECF_ERR_RANGE */

	int first = ecf_ed25519_verify_batch(status, (const uint8_t(*)[ECF_ED25519_SIGNATURE_BYTES])sig,
	                                     (const uint8_t(*)[ECF_ED25519_PUBLIC_KEY_BYTES])pk, msg, msg_len, N);
	printf("verified %d signatures (%s): the first failure says %s\n", N,
	       (ecf_cpu_allowed() & ECF_CPU_X86_AVX512IFMA) ? "8-lane avx512_ifma kernels" : "single-call code",
	       ecf_status_string(first));
	int rejected = 0;
	for (int i = 0; i < N; i++) {
		if (status[i] == ECF_OK)
			continue;
		printf("  signature %2d rejected: %s\n", i, ecf_status_string(status[i]));
		rejected++;
		/* the same verdict as one call */
		if (status[i] != ecf_ed25519_verify(sig[i], pk[i], msg[i], msg_len[i]))
			goto out;
	}
	ok = rejected == 3 && status[3] == ECF_ERR_VERIFY && status[11] == ECF_ERR_RANGE &&
	     status[17] == ECF_ERR_RANGE && first == ECF_ERR_VERIFY;
out:
	ecf_wipe(sk, sizeof sk);
	if (!ok)
		printf("unexpected result\n");
	return ok ? 0 : 1;
}
