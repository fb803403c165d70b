/*
 * Constant time of the shipped libecfield.so under valgrind's memcheck
 * (run_ct.sh, test 'ct_valgrind_shared'). The other ct programs link the
 * static archive; this one links the shared library, the file users get, and
 * calls only its public API, as a user would, with every secret marked
 * undefined: P-256 keygen (32- and 48-byte seeds, a valid and an invalid key),
 * public_key, ECDH, ECDSA sign and sign_der (secret key and hedging entropy),
 * scalar_mult and scalar_mult_base; X25519 and its base; Ed25519 keypair and
 * sign; the ristretto255 and edwards25519 scalar multiplications. What the
 * library publishes on purpose (a rejected RFC 6979 candidate, r or s = 0, a
 * signature before its DER length) it marks defined itself, with memcheck
 * client requests compiled into it (lib/common/declassify.c): no override
 * here, so a report means a user of the library would see it too.
 *
 * The kernel tier is the probe's: valgrind's virtual CPU hides ADX, so the
 * portable field kernels (with the AVX2 table scans where valgrind reports
 * AVX2); the static-archive test, ct_test.c, forces every tier.
 *
 * Built with -DECF_CT_PLANTED_LEAK it also runs a leaky routine, which the
 * run must report (test 'ct_planted_leak_shared'): a branch and an address
 * on a secret in this program, and a secret scalar passed to the library's
 * variable-time double multiplication, reported inside libecfield.so.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct_common.h"
#include "ecfield/ecfield.h"

static ct_rng rng = {0x63742d736861726dULL};

/* Round 0: all-ones bytes (a P-256 key >= n, the edge scalars); then random. */
static void ct_bytes(uint8_t *b, size_t n, int round)
{
	for (size_t i = 0; i < n; i++)
		b[i] = (uint8_t)(round == 0 ? 0xff : ct_next(&rng));
}

static void ct_p256(int round)
{
	uint8_t seed[48], priv[32], pub[65], peer[65], shared[32], digest[32], extra[16], sig[64], der[72], k[32];
	size_t dl;
	ecf_p256_point g, r;
	ct_bytes(seed, sizeof seed, round);
	ct_bytes(k, sizeof k, round);
	ct_bytes(digest, sizeof digest, 1);
	ct_bytes(extra, sizeof extra, 1);
	/* a public peer: the public key of a public scalar */
	ct_bytes(priv, sizeof priv, 1);
	ct_sink_int(ecf_p256_public_key(peer, priv));
	CT_SECRET(seed, sizeof seed);
	CT_SECRET(k, sizeof k);
	CT_SECRET(extra, sizeof extra);

	ct_sink_int(ecf_p256_keypair(pub, priv, seed, 32)); /* round 0: an invalid key */
	ct_sink_bytes(pub, sizeof pub);
	ct_sink_int(ecf_p256_keypair(pub, priv, seed, 48));
	ct_sink_bytes(pub, sizeof pub);
	ct_sink_int(ecf_p256_public_key(pub, priv));
	ct_sink_bytes(pub, sizeof pub);
	ct_sink_int(ecf_p256_ecdh(shared, priv, peer, sizeof peer));
	ct_sink_bytes(shared, sizeof shared);
	ct_sink_int(ecf_p256_ecdh(shared, seed, peer, sizeof peer)); /* round 0: an invalid key */
	ct_sink_bytes(shared, sizeof shared);
	ct_sink_int(ecf_p256_ecdsa_sign(sig, priv, digest, sizeof digest, NULL, 0, 0));
	ct_sink_bytes(sig, sizeof sig);
	ct_sink_int(ecf_p256_ecdsa_sign(sig, seed, digest, sizeof digest, extra, sizeof extra, ECF_P256_ECDSA_LOW_S));
	ct_sink_bytes(sig, sizeof sig);
	ct_sink_int(ecf_p256_ecdsa_sign_der(der, &dl, priv, digest, sizeof digest, extra, sizeof extra, 0));
	ct_sink_bytes(der, sizeof der);
	ecf_p256_point_generator(&g);
	ecf_p256_point_scalar_mult_base(&r, k);
	ct_sink_bytes(&r, sizeof r);
	ecf_p256_point_scalar_mult(&r, k, &g);
	ct_sink_bytes(&r, sizeof r);
}

static void ct_25519(int round)
{
	uint8_t k[32], seed[32], u[32], out[32], pk[32], sk[64], sig[64], msg[40];
	ecf_edwards25519_point b, e;
	ecf_ristretto255_point rb, rr;
	ct_bytes(k, sizeof k, round);
	ct_bytes(seed, sizeof seed, round + 1);
	ct_bytes(u, sizeof u, 1);
	ct_bytes(msg, sizeof msg, 1);
	CT_SECRET(k, sizeof k);
	CT_SECRET(seed, sizeof seed);

	ct_sink_int(ecf_x25519(out, k, u));
	ct_sink_bytes(out, sizeof out);
	ct_sink_int(ecf_x25519_public_key(out, k));
	ct_sink_bytes(out, sizeof out);
	ct_sink_int(ecf_ed25519_keypair(pk, sk, seed));
	ct_sink_int(ecf_ed25519_sign(sig, sk, msg, sizeof msg));
	ct_sink_bytes(sig, sizeof sig);
	ct_sink_int(ecf_x25519_keypair(out, u, k));
	ct_sink_bytes(out, sizeof out);
	ct_sink_int(ecf_ed25519ctx_sign(sig, sk, msg, sizeof msg, msg, 3));
	ct_sink_bytes(sig, sizeof sig);
	ct_sink_int(ecf_ed25519ph_sign(sig, sk, sk, NULL, 0)); /* sk as the digest: secret too, only hashed */
	ct_sink_bytes(sig, sizeof sig);
	ct_sink_int(ecf_ed25519_sk_to_x25519(out, seed));
	ct_sink_bytes(out, sizeof out);
	ecf_edwards25519_generator(&b);
	ecf_edwards25519_scalar_mult_base(&e, k);
	ct_sink_bytes(&e, sizeof e);
	ecf_edwards25519_scalar_mult(&e, k, &b);
	ct_sink_bytes(&e, sizeof e);
	ecf_ristretto255_generator(&rb);
	ecf_ristretto255_scalar_mult_base(&rr, k);
	ct_sink_bytes(&rr, sizeof rr);
	ecf_ristretto255_scalar_mult(&rr, k, &rb);
	ct_sink_bytes(&rr, sizeof rr);
}

#ifdef ECF_CT_PLANTED_LEAK
/* Deliberately not constant time: a branch and a table read on a secret
 * here, and a secret scalar given to a _vartime function of the library
 * (its wNAF recoding branches on it). noinline keeps the name in the report. */
__attribute__((noinline)) static void ct_planted_leak(void)
{
	static const uint64_t tab[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	uint8_t k[32];
	ecf_p256_point g, r;
	ct_bytes(k, sizeof k, 1);
	CT_SECRET(k, sizeof k);
	if (k[0] & 1) /* leak: branch on a secret */
		ct_sink++;
	ct_sink ^= tab[k[1] & 15]; /* leak: address from a secret */
	ecf_p256_point_generator(&g);
	ecf_p256_point_double_scalar_mult_base_vartime(&r, k, &g, k); /* leak inside libecfield.so */
	ct_sink_bytes(&r, sizeof r);
}
#endif

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "--tiers") == 0) { /* run_ct.sh asks; the probe decides here */
		printf("0\n");
		return 0;
	}
	/* Round 0 the edge keys, then random ones: memcheck reports a secret
	 * branch the first time it runs, so more rounds mostly repeat paths;
	 * scaled by ECF_TEST_SCALE, at most 8 (the ct job's 1250 gives 8). */
	int rounds = 2;
	const char *scale = getenv("ECF_TEST_SCALE");
	if (scale && *scale) {
		long r = rounds * strtol(scale, NULL, 10) / 100;
		rounds = r < 2 ? 2 : r > 8 ? 8 : (int)r;
	}
	if (!RUNNING_ON_VALGRIND)
		fprintf(stderr, "# not running under valgrind: the secrets are not tracked (use run_ct.sh)\n");
	fprintf(stderr, "# libecfield.so %s, kernel %s (%s)\n", ecf_version(), ecf_kernel_name(), ecf_kernel_reason());
	for (int i = 0; i < rounds; i++) {
		ct_p256(i);
		ct_25519(i);
	}
	fprintf(stderr,
	        "# ct of the shared library: P-256 keys, ECDH, ECDSA, scalar mults; X25519, Ed25519, "
	        "ristretto255, edwards25519: %d rounds\n",
	        rounds);
#ifdef ECF_CT_PLANTED_LEAK
	ct_planted_leak();
	fprintf(stderr, "# ran the planted leak: valgrind must report it\n");
#endif
	return 0;
}
