/*
 * Constant-time test of SIDH and SIKE (broken since 2022: research code)
 * under valgrind (run_ct.sh, test 'ct_sike'): secret keys, SIKE's keygen
 * randomness and encapsulation message, and the secret part of the SIKE
 * secret key (s || Bob's key) are marked undefined, so a branch or memory
 * index on them fails the run. Public keys and ciphertexts are marked
 * defined (they are public). One run of every operation per prime and
 * kernel tier (each is straight-line code apart from the public strategy
 * loops); decapsulation runs twice, on the genuine ciphertext and on a
 * corrupted one (the implicit-rejection path).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "dispatch/cpu.h"
#include "ecfield/sike.h"

#include "ct_common.h"

static void fill(uint8_t *p, size_t n, uint8_t seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)(seed + 37 * i + (i >> 3));
}

#define CT_SIKE(FIELD, UPPER)                                                                                          \
	static void ct_sike_##FIELD(void)                                                                              \
	{                                                                                                              \
		static uint8_t ska[ECF_##UPPER##_SIDH_SK_A_BYTES], skb[ECF_##UPPER##_SIDH_SK_B_BYTES],                 \
		    pka[ECF_##UPPER##_SIDH_PK_BYTES], pkb[ECF_##UPPER##_SIDH_PK_BYTES],                                \
		    ss[ECF_##UPPER##_SIDH_SS_BYTES], rnd[ECF_##UPPER##_SIKE_KEYGEN_RANDOM_BYTES],                      \
		    m[ECF_##UPPER##_SIKE_MSG_BYTES], pk[ECF_##UPPER##_SIKE_PK_BYTES], sk[ECF_##UPPER##_SIKE_SK_BYTES], \
		    ct[ECF_##UPPER##_SIKE_CT_BYTES], kss[ECF_##UPPER##_SIKE_SS_BYTES];                                 \
		fill(ska, sizeof ska, 1);                                                                              \
		fill(skb, sizeof skb, 2);                                                                              \
		CT_SECRET(ska, sizeof ska);                                                                            \
		CT_SECRET(skb, sizeof skb);                                                                            \
		ecf_##FIELD##_sidh_public_key_a(pka, ska);                                                             \
		ecf_##FIELD##_sidh_public_key_b(pkb, skb);                                                             \
		CT_PUBLIC(pka, sizeof pka);                                                                            \
		CT_PUBLIC(pkb, sizeof pkb);                                                                            \
		ecf_##FIELD##_sidh_shared_a(ss, ska, pkb, sizeof pkb);                                                 \
		ct_sink_bytes(ss, sizeof ss);                                                                          \
		ecf_##FIELD##_sidh_shared_b(ss, skb, pka, sizeof pka);                                                 \
		ct_sink_bytes(ss, sizeof ss);                                                                          \
		fill(rnd, sizeof rnd, 3);                                                                              \
		fill(m, sizeof m, 4);                                                                                  \
		CT_SECRET(rnd, sizeof rnd);                                                                            \
		CT_SECRET(m, sizeof m);                                                                                \
		ecf_##FIELD##_sike_keypair(pk, sk, rnd);                                                               \
		CT_PUBLIC(pk, sizeof pk);                                                                              \
		CT_PUBLIC(sk + sizeof rnd, sizeof pk); /* the copy of pk in sk */                                      \
		ecf_##FIELD##_sike_encaps(ct, kss, pk, sizeof pk, m);                                                  \
		ct_sink_bytes(kss, sizeof kss);                                                                        \
		CT_PUBLIC(ct, sizeof ct);                                                                              \
		ecf_##FIELD##_sike_decaps(kss, sk, ct, sizeof ct);                                                     \
		ct_sink_bytes(kss, sizeof kss);                                                                        \
		ct[3] ^= 1;                                                                                            \
		ecf_##FIELD##_sike_decaps(kss, sk, ct, sizeof ct);                                                     \
		ct_sink_bytes(kss, sizeof kss);                                                                        \
	}

CT_SIKE(p434, P434)
CT_SIKE(p503, P503)
CT_SIKE(p610, P610)
CT_SIKE(p751, P751)

static const struct {
	const char *name;
	void (*run)(void);
} PRIMES[] = {{"p434", ct_sike_p434}, {"p610", ct_sike_p610}, {"p503", ct_sike_p503}, {"p751", ct_sike_p751}};

int main(int argc, char **argv)
{
	uint32_t native = ecfi_cpu_supported_kernels();
	if (argc > 1 && strcmp(argv[1], "--tiers") == 0) {
		printf("%u\n", native);
		return 0;
	}
	const char *tiers_env = getenv("ECF_CT_TIERS");
	uint32_t tiers = tiers_env ? (uint32_t)strtoul(tiers_env, NULL, 0) : native;
	/* By default p434 (the fastest) and p610 (the only one with an odd
	 * exponent of 2: Alice's extra 2-isogeny); ECF_CT_SIKE_PRIMES=4 adds p503
	 * and p751 (the same template code: about 4x the time under valgrind). */
	const char *np_env = getenv("ECF_CT_SIKE_PRIMES");
	size_t np = np_env && *np_env ? (size_t)strtoul(np_env, NULL, 10) : 2;
	if (np > 4)
		np = 4;
	if (!RUNNING_ON_VALGRIND)
		fprintf(stderr, "# not running under valgrind: the secrets are not tracked (use run_ct.sh)\n");
	uint32_t list[8] = {0};
	size_t nt = 1;
	for (uint32_t bit = 1; bit != 0; bit <<= 1)
		if (tiers & bit & ECFI_FIELD_TIERS)
			list[nt++] = bit;
	for (size_t k = 0; k < nt; k++) {
		ecfi_cpu_flags = list[k];
		for (size_t f = 0; f < np; f++) {
			PRIMES[f].run();
			fprintf(stderr,
			        "# ct %s on kernel %s: SIDH keygen A/B, shared A/B; SIKE keygen, encaps, decaps "
			        "(genuine and rejected)\n",
			        PRIMES[f].name, ecfi_kernel_name_of(list[k]));
		}
	}
	printf("# SIKE constant-time runs done\n");
	return 0;
}
