/* SIDH and SIKE (broken since 2022: research and benchmark code) per prime:
 * rows <prime>/sidh_public_key_a, sidh_public_key_b, sidh_shared_a, sidh_shared_b,
 * sike_keypair, sike_encaps, sike_decaps, on every kernel tier. Each call
 * takes milliseconds, so each sample is one call (the harness calibrates to
 * 40 us) and the groups are capped at 31 samples; the secret key of each
 * call is taken from the previous call's output, so the calls form a chain
 * like the field rows. Compare with <prime>/fp2_mul of the same run
 * (docs/sike.md). */
#include "bench.h"

#include <string.h>

#include "ecfield/sike.h"

#define SIKE_SAMPLES 31

#define BENCH_SIKE(FIELD, UPPER)                                                                                       \
	typedef struct {                                                                                               \
		uint8_t ska[ECF_##UPPER##_SIDH_SK_A_BYTES], skb[ECF_##UPPER##_SIDH_SK_B_BYTES];                        \
		uint8_t pka[ECF_##UPPER##_SIDH_PK_BYTES], pkb[ECF_##UPPER##_SIDH_PK_BYTES];                            \
		uint8_t ss[ECF_##UPPER##_SIDH_SS_BYTES];                                                               \
		uint8_t rnd[ECF_##UPPER##_SIKE_KEYGEN_RANDOM_BYTES], m[ECF_##UPPER##_SIKE_MSG_BYTES];                  \
		uint8_t pk[ECF_##UPPER##_SIKE_PK_BYTES], sk[ECF_##UPPER##_SIKE_SK_BYTES];                              \
		uint8_t ct[ECF_##UPPER##_SIKE_CT_BYTES], kss[ECF_##UPPER##_SIKE_SS_BYTES];                             \
		int ready;                                                                                             \
	} sike_state_##FIELD;                                                                                          \
	/* The keys each row starts from, made on the first call (the harness's                                        \
	 * untimed calibration), so that --list and non-matching filters cost nothing. */                              \
	static void setup_##FIELD(sike_state_##FIELD *s)                                                               \
	{                                                                                                              \
		if (s->ready)                                                                                          \
			return;                                                                                        \
		for (size_t i = 0; i < sizeof *s; i++)                                                                 \
			((uint8_t *)s)[i] = (uint8_t)(i * 131 + 7);                                                    \
		ecf_##FIELD##_sidh_public_key_a(s->pka, s->ska);                                                       \
		ecf_##FIELD##_sidh_public_key_b(s->pkb, s->skb);                                                       \
		ecf_##FIELD##_sike_keypair(s->pk, s->sk, s->rnd);                                                      \
		ecf_##FIELD##_sike_encaps(s->ct, s->kss, s->pk, sizeof s->pk, s->m);                                   \
		s->ready = 1;                                                                                          \
	}                                                                                                              \
	static void keygen_a_##FIELD(void *p, long n)                                                                  \
	{                                                                                                              \
		sike_state_##FIELD *s = p;                                                                             \
		setup_##FIELD(s);                                                                                      \
		for (long i = 0; i < n; i++) {                                                                         \
			ecf_##FIELD##_sidh_public_key_a(s->pka, s->ska);                                               \
			memcpy(s->ska, s->pka, 8);                                                                     \
		}                                                                                                      \
	}                                                                                                              \
	static void keygen_b_##FIELD(void *p, long n)                                                                  \
	{                                                                                                              \
		sike_state_##FIELD *s = p;                                                                             \
		setup_##FIELD(s);                                                                                      \
		for (long i = 0; i < n; i++) {                                                                         \
			ecf_##FIELD##_sidh_public_key_b(s->pkb, s->skb);                                               \
			memcpy(s->skb, s->pkb, 8);                                                                     \
		}                                                                                                      \
	}                                                                                                              \
	static void shared_a_##FIELD(void *p, long n)                                                                  \
	{                                                                                                              \
		sike_state_##FIELD *s = p;                                                                             \
		setup_##FIELD(s);                                                                                      \
		for (long i = 0; i < n; i++) {                                                                         \
			ecf_##FIELD##_sidh_shared_a(s->ss, s->ska, s->pkb, sizeof s->pkb);                             \
			memcpy(s->ska, s->ss, 8);                                                                      \
		}                                                                                                      \
	}                                                                                                              \
	static void shared_b_##FIELD(void *p, long n)                                                                  \
	{                                                                                                              \
		sike_state_##FIELD *s = p;                                                                             \
		setup_##FIELD(s);                                                                                      \
		for (long i = 0; i < n; i++) {                                                                         \
			ecf_##FIELD##_sidh_shared_b(s->ss, s->skb, s->pka, sizeof s->pka);                             \
			memcpy(s->skb, s->ss, 8);                                                                      \
		}                                                                                                      \
	}                                                                                                              \
	static void sike_keypair_##FIELD(void *p, long n)                                                              \
	{                                                                                                              \
		sike_state_##FIELD *s = p;                                                                             \
		setup_##FIELD(s);                                                                                      \
		for (long i = 0; i < n; i++) {                                                                         \
			ecf_##FIELD##_sike_keypair(s->pk, s->sk, s->rnd);                                              \
			memcpy(s->rnd, s->pk, 8);                                                                      \
		}                                                                                                      \
	}                                                                                                              \
	static void sike_encaps_##FIELD(void *p, long n)                                                               \
	{                                                                                                              \
		sike_state_##FIELD *s = p;                                                                             \
		setup_##FIELD(s);                                                                                      \
		for (long i = 0; i < n; i++) {                                                                         \
			ecf_##FIELD##_sike_encaps(s->ct, s->kss, s->pk, sizeof s->pk, s->m);                           \
			memcpy(s->m, s->kss, sizeof s->m < sizeof s->kss ? sizeof s->m : sizeof s->kss);               \
		}                                                                                                      \
	}                                                                                                              \
	static void sike_decaps_##FIELD(void *p, long n)                                                               \
	{                                                                                                              \
		sike_state_##FIELD *s = p;                                                                             \
		setup_##FIELD(s);                                                                                      \
		for (long i = 0; i < n; i++) {                                                                         \
			ecf_##FIELD##_sike_decaps(s->kss, s->sk, s->ct, sizeof s->ct);                                 \
			s->sk[0] ^= s->kss[0]; /* s (the rejection secret) depends on the last call */                 \
		}                                                                                                      \
	}                                                                                                              \
	static void bench_sike_##FIELD(void)                                                                           \
	{                                                                                                              \
		static sike_state_##FIELD s;                                                                           \
		bench_public_capped(#FIELD, "sidh_public_key_a", keygen_a_##FIELD, &s, SIKE_SAMPLES);                  \
		bench_public_capped(#FIELD, "sidh_public_key_b", keygen_b_##FIELD, &s, SIKE_SAMPLES);                  \
		bench_public_capped(#FIELD, "sidh_shared_a", shared_a_##FIELD, &s, SIKE_SAMPLES);                      \
		bench_public_capped(#FIELD, "sidh_shared_b", shared_b_##FIELD, &s, SIKE_SAMPLES);                      \
		bench_public_capped(#FIELD, "sike_keypair", sike_keypair_##FIELD, &s, SIKE_SAMPLES);                   \
		bench_public_capped(#FIELD, "sike_encaps", sike_encaps_##FIELD, &s, SIKE_SAMPLES);                     \
		bench_public_capped(#FIELD, "sike_decaps", sike_decaps_##FIELD, &s, SIKE_SAMPLES);                     \
		bench_sink(&s, sizeof s);                                                                              \
	}

BENCH_SIKE(p434, P434)
BENCH_SIKE(p503, P503)
BENCH_SIKE(p610, P610)
BENCH_SIKE(p751, P751)

void bench_sike(void)
{
	bench_sike_p434();
	bench_sike_p503();
	bench_sike_p610();
	bench_sike_p751();
}
