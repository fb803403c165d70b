/*
 * Tests of SIDH and SIKE on one isogeny prime (SIDH/SIKE are broken: these
 * test research and benchmark code). Include after defining FIELD (token),
 * UPPER (its upper-case name), FIELD_BYTES and KAT_FILE (the uncompressed
 * SIKE KAT file of the prime, below ECF_VECTORS_DIR). Every case runs once
 * per kernel tier the CPU has.
 *
 * KAT entries: 10 per tier by default (ECF_TEST_SCALE percent of 10, at least 2,
 * in the reduced CI runs); all 100 with ECF_TEST_SCALE >= 1000
 * or ECF_SIKE_KATS=100 (the slow CI run).
 */
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "common/testutil.h"
#include "common/nist_drbg.h"
#include "common/vectors.h"
#include "hash/sha3.h"
#include "ecfield/sike.h"

#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define TN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(test_, FIELD), _), op)
#define K(name) ECFI_CAT(ECFI_CAT(ECFI_CAT(ECF_, UPPER), _), name)

#define SKA K(SIDH_SK_A_BYTES)
#define SKB K(SIDH_SK_B_BYTES)
#define PKB K(SIDH_PK_BYTES)
#define SSB K(SIDH_SS_BYTES)
#define MSGB K(SIKE_MSG_BYTES)
#define SK_BYTES K(SIKE_SK_BYTES)
#define CT_BYTES K(SIKE_CT_BYTES)
#define SS_BYTES K(SIKE_SS_BYTES)

static long TN(kat_count)(void)
{
	const char *s = getenv("ECF_SIKE_KATS");
	if (s && *s)
		return atol(s);
	s = getenv("ECF_TEST_SCALE");
	long scale = s && *s ? atol(s) : 100;
	if (scale >= 1000)
		return 100;
	long n = 10 * scale / 100; /* the CI's reduced runs (asan, qemu): 2 or more */
	return n < 2 ? 2 : n > 10 ? 10 : n;
}

static void TN(rand_bytes)(test_rng *rng, uint8_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = (uint8_t)test_rng_next(rng);
}

/* SIDH (Bob) public keys of the KAT: pk == keygen_b(sk[MSG .. MSG + SKB]);
 * also sk ends with pk. Needs no hash. */
static void TN(kat_keygen_b)(void **s)
{
	(void)s;
	long want = TN(kat_count)();
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		FILE *f = vec_open(KAT_FILE);
		vec_record rec;
		long line = 0, n = 0;
		static uint8_t sk[K(SIKE_SK_BYTES)], pk[PKB], out[PKB];
		while (n < want && vec_next(f, &rec, &line)) {
			const char *hsk = vec_get(&rec, "sk"), *hpk = vec_get(&rec, "pk");
			if (!hsk || !hpk)
				continue;
			test_expect(vec_hex(sk, sizeof sk, hsk) && vec_hex(pk, sizeof pk, hpk), "line %ld: bad hex",
			            rec.line);
			test_expect(FN(sidh_public_key_b)(out, sk + MSGB) == ECF_OK, "keygen_b status");
			test_expect(memcmp(out, pk, PKB) == 0, "%s line %ld: keygen_b(sk) != pk", test_tier_name(t),
			            rec.line);
			test_expect(memcmp(sk + MSGB + SKB, pk, PKB) == 0, "line %ld: sk does not end with pk",
			            rec.line);
			n++;
		}
		fclose(f);
		test_expect(n == want, "read %ld of %ld KAT entries", n, want);
		fprintf(stderr, "# %s: %ld SIDH public keys (Bob) of %s reproduced\n", test_tier_name(t), n, KAT_FILE);
	}
	test_tier_restore();
}

/* Alice and Bob agree on random keys (and the secret is not trivially
 * constant: two runs with different keys differ). */
static void TN(agree)(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0x51d0 + (uint64_t)FIELD_BYTES);
	uint8_t ska[SKA], skb[SKB], pka[PKB], pkb[PKB], ssa[SSB], ssb[SSB], prev[SSB];
	memset(prev, 0, sizeof prev);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (int it = 0; it < 2; it++) {
			TN(rand_bytes)(&rng, ska, sizeof ska);
			TN(rand_bytes)(&rng, skb, sizeof skb);
			if (it == 1) { /* the largest keys: every bit of the key space set */
				memset(ska, 0xff, sizeof ska);
				memset(skb, 0xff, sizeof skb);
			}
			test_expect(FN(sidh_public_key_a)(pka, ska) == ECF_OK, "keygen_a");
			test_expect(FN(sidh_public_key_b)(pkb, skb) == ECF_OK, "keygen_b");
			test_expect(FN(sidh_shared_a)(ssa, ska, pkb, PKB) == ECF_OK, "shared_a");
			test_expect(FN(sidh_shared_b)(ssb, skb, pka, PKB) == ECF_OK, "shared_b");
			test_expect(memcmp(ssa, ssb, SSB) == 0, "%s: Alice and Bob disagree (iteration %d)",
			            test_tier_name(t), it);
			test_expect(memcmp(ssa, prev, SSB) != 0, "the shared secret repeats");
			memcpy(prev, ssa, SSB);
		}
	}
	test_tier_restore();
}

/* Malformed public keys: distinct errors, ss zeroed. */
static void TN(bad_pk)(void **s)
{
	(void)s;
	uint8_t ska[SKA] = {1}, skb[SKB] = {1}, pk[PKB], bad[PKB + 1], ss[SSB];
	test_expect(FN(sidh_public_key_b)(pk, skb) == ECF_OK, "keygen_b");
	/* wrong lengths */
	memcpy(bad, pk, PKB);
	bad[PKB] = 0;
	size_t lens[] = {0, 1, PKB - 1, PKB + 1};
	for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
		memset(ss, 0xa5, sizeof ss);
		test_expect(FN(sidh_shared_a)(ss, ska, bad, lens[i]) == ECF_ERR_LENGTH, "length %zu accepted", lens[i]);
		test_expect(ss[0] == 0 && ss[SSB - 1] == 0, "length error left output");
		test_expect(FN(sidh_shared_b)(ss, skb, bad, lens[i]) == ECF_ERR_LENGTH, "length %zu accepted (b)",
		            lens[i]);
	}
	/* each GF(p) half >= p (all ones is >= p for every prime) */
	for (int h = 0; h < 6; h++) {
		memcpy(bad, pk, PKB);
		memset(bad + h * FIELD_BYTES, 0xff, FIELD_BYTES);
		memset(ss, 0xa5, sizeof ss);
		test_expect(FN(sidh_shared_a)(ss, ska, bad, PKB) == ECF_ERR_RANGE, "half %d >= p accepted", h);
		test_expect(ss[0] == 0 && ss[SSB - 1] == 0, "range error left output");
		test_expect(FN(sidh_shared_b)(ss, skb, bad, PKB) == ECF_ERR_RANGE, "half %d >= p accepted (b)", h);
	}
	/* a zero coordinate: the point (0, 0) of order 2 */
	for (int e = 0; e < 3; e++) {
		memcpy(bad, pk, PKB);
		memset(bad + e * 2 * FIELD_BYTES, 0, 2 * FIELD_BYTES);
		test_expect(FN(sidh_shared_a)(ss, ska, bad, PKB) == ECF_ERR_SMALL_ORDER, "zero x%d accepted", e);
		test_expect(FN(sidh_shared_b)(ss, skb, bad, PKB) == ECF_ERR_SMALL_ORDER, "zero x%d accepted (b)", e);
	}
	/* NULL */
	test_expect(FN(sidh_public_key_a)(NULL, ska) == ECF_ERR_NULL, "NULL pk");
	{ /* an output is zeroed on every error, ECF_ERR_NULL included */
		uint8_t out[PKB];
		memset(out, 0xa5, sizeof out);
		test_expect(FN(sidh_public_key_b)(out, NULL) == ECF_ERR_NULL, "NULL sk");
		for (size_t i = 0; i < sizeof out; i++)
			test_expect(out[i] == 0, "pk not zeroed on ECF_ERR_NULL (byte %zu)", i);
	}
	test_expect(FN(sidh_shared_a)(NULL, ska, pk, PKB) == ECF_ERR_NULL, "NULL ss");
	test_expect(FN(sidh_shared_b)(ss, skb, NULL, PKB) == ECF_ERR_NULL, "NULL pk");
	/* and the good key still works */
	test_expect(FN(sidh_shared_a)(ss, ska, pk, PKB) == ECF_OK, "good key rejected");
}

/* One KAT record's byte strings. */
typedef struct {
	uint8_t seed[48], pk[PKB], sk[SK_BYTES], ct[CT_BYTES], ss[SS_BYTES];
	long line;
} TN(kat);

static int TN(kat_read)(FILE *f, TN(kat) * k)
{
	static vec_record rec;
	long line = 0;
	while (vec_next(f, &rec, &line)) {
		const char *hs = vec_get(&rec, "seed"), *hpk = vec_get(&rec, "pk"), *hsk = vec_get(&rec, "sk"),
		           *hct = vec_get(&rec, "ct"), *hss = vec_get(&rec, "ss");
		if (!hs || !hpk || !hsk || !hct || !hss)
			continue;
		k->line = rec.line;
		test_expect(vec_hex(k->seed, sizeof k->seed, hs) && vec_hex(k->pk, sizeof k->pk, hpk) &&
		                vec_hex(k->sk, sizeof k->sk, hsk) && vec_hex(k->ct, sizeof k->ct, hct) &&
		                vec_hex(k->ss, sizeof k->ss, hss),
		            "KAT line %ld: a value has the wrong length", rec.line);
		return 1;
	}
	return 0;
}

/* Decapsulation of every KAT ciphertext with the KAT secret key (no DRBG
 * needed): the KAT shared secret. */
static void TN(kat_decaps)(void **s)
{
	(void)s;
	long want = TN(kat_count)();
	static TN(kat) k;
	uint8_t ss[SS_BYTES];
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		FILE *f = vec_open(KAT_FILE);
		long n = 0;
		while (n < want && TN(kat_read)(f, &k)) {
			test_expect(FN(sike_decaps)(ss, k.sk, k.ct, CT_BYTES) == ECF_OK, "decaps status");
			test_expect(memcmp(ss, k.ss, SS_BYTES) == 0, "%s KAT line %ld: decaps(ct, sk) != ss",
			            test_tier_name(t), k.line);
			n++;
		}
		fclose(f);
		test_expect(n == want, "read %ld of %ld KAT entries", n, want);
		fprintf(stderr, "# %s: %ld SIKE KAT ciphertexts of %s decapsulated\n", test_tier_name(t), n, KAT_FILE);
	}
	test_tier_restore();
}

/* The whole KAT from its seeds: the NIST AES-256 CTR DRBG (OpenSSL AES, test
 * code) gives s, Bob's key and m in the KAT generator's order of calls;
 * keygen, encaps and decaps must reproduce pk, sk, ct and ss. */
static void TN(kat_drbg)(void **s)
{
	(void)s;
	if (!nist_drbg_available()) {
		fprintf(stderr, "# SKIPPED: no OpenSSL libcrypto for the KAT's AES DRBG\n");
		skip();
	}
	long want = TN(kat_count)();
	static TN(kat) k;
	uint8_t rnd[K(SIKE_KEYGEN_RANDOM_BYTES)], m[MSGB], pk[PKB], sk[SK_BYTES], ct[CT_BYTES], ss[SS_BYTES],
	    ss2[SS_BYTES];
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		FILE *f = vec_open(KAT_FILE);
		long n = 0;
		while (n < want && TN(kat_read)(f, &k)) {
			nist_drbg d;
			nist_drbg_init(&d, k.seed);
			nist_drbg_bytes(&d, rnd, MSGB);       /* s */
			nist_drbg_bytes(&d, rnd + MSGB, SKB); /* Bob's key (masked by keygen) */
			nist_drbg_bytes(&d, m, MSGB);         /* encapsulation's m */
			test_expect(FN(sike_keypair)(pk, sk, rnd) == ECF_OK, "keygen status");
			test_expect(memcmp(pk, k.pk, PKB) == 0, "%s KAT line %ld: pk", test_tier_name(t), k.line);
			test_expect(memcmp(sk, k.sk, SK_BYTES) == 0, "%s KAT line %ld: sk", test_tier_name(t), k.line);
			test_expect(FN(sike_encaps)(ct, ss, pk, PKB, m) == ECF_OK, "encaps status");
			test_expect(memcmp(ct, k.ct, CT_BYTES) == 0, "%s KAT line %ld: ct", test_tier_name(t), k.line);
			test_expect(memcmp(ss, k.ss, SS_BYTES) == 0, "%s KAT line %ld: ss", test_tier_name(t), k.line);
			test_expect(FN(sike_decaps)(ss2, sk, ct, CT_BYTES) == ECF_OK, "decaps status");
			test_expect(memcmp(ss2, k.ss, SS_BYTES) == 0, "%s KAT line %ld: decaps", test_tier_name(t),
			            k.line);
			n++;
		}
		fclose(f);
		test_expect(n == want, "read %ld of %ld KAT entries", n, want);
		fprintf(stderr, "# %s: %ld SIKE KAT entries (pk, sk, ct, ss) of %s reproduced from their seeds\n",
		        test_tier_name(t), n, KAT_FILE);
	}
	test_tier_restore();
}

/* A corrupted ciphertext (one bit of ct0 or of ct1) decapsulates to the
 * implicit-rejection secret SHAKE256(s || ct), on every tier. */
static void TN(implicit_rejection)(void **s)
{
	(void)s;
	static TN(kat) k;
	FILE *f = vec_open(KAT_FILE);
	test_expect(TN(kat_read)(f, &k), "no KAT entry");
	fclose(f);
	uint8_t ct[CT_BYTES], ss[SS_BYTES], want[SS_BYTES], buf[MSGB + CT_BYTES];
	/* byte positions: in ct0 (low byte of the first coordinate, and a byte of
	 * the last), and in ct1 (first and last byte) */
	size_t pos[] = {0, PKB - 2, PKB, CT_BYTES - 1};
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
			memcpy(ct, k.ct, CT_BYTES);
			ct[pos[i]] ^= 1;
			memcpy(buf, k.sk, MSGB);
			memcpy(buf + MSGB, ct, CT_BYTES);
			ecfi_shake256(want, SS_BYTES, buf, sizeof buf);
			test_expect(FN(sike_decaps)(ss, k.sk, ct, CT_BYTES) == ECF_OK, "decaps status (byte %zu)",
			            pos[i]);
			test_expect(memcmp(ss, want, SS_BYTES) == 0, "%s: byte %zu flipped: not the rejection secret",
			            test_tier_name(t), pos[i]);
			test_expect(memcmp(ss, k.ss, SS_BYTES) != 0, "byte %zu flipped: the genuine secret", pos[i]);
		}
	}
	test_tier_restore();
}

/* Malformed SIKE input: distinct errors, outputs zeroed. */
static void TN(sike_bad_input)(void **s)
{
	(void)s;
	static TN(kat) k;
	FILE *f = vec_open(KAT_FILE);
	test_expect(TN(kat_read)(f, &k), "no KAT entry");
	fclose(f);
	uint8_t bad[CT_BYTES + 1], ct[CT_BYTES], ss[SS_BYTES], m[MSGB] = {7};
	size_t ctl[] = {0, 1, CT_BYTES - 1, CT_BYTES + 1, PKB};
	memcpy(bad, k.ct, CT_BYTES);
	bad[CT_BYTES] = 0;
	for (size_t i = 0; i < sizeof ctl / sizeof ctl[0]; i++) {
		memset(ss, 0xa5, sizeof ss);
		test_expect(FN(sike_decaps)(ss, k.sk, bad, ctl[i]) == ECF_ERR_LENGTH, "ct length %zu accepted", ctl[i]);
		test_expect(ss[0] == 0 && ss[SS_BYTES - 1] == 0, "length error left output");
	}
	for (int h = 0; h < 6; h++) {
		memcpy(bad, k.ct, CT_BYTES);
		memset(bad + h * FIELD_BYTES, 0xff, FIELD_BYTES);
		memset(ss, 0xa5, sizeof ss);
		test_expect(FN(sike_decaps)(ss, k.sk, bad, CT_BYTES) == ECF_ERR_RANGE, "ct half %d >= p accepted", h);
		test_expect(ss[0] == 0 && ss[SS_BYTES - 1] == 0, "range error left output");
		memcpy(bad, k.pk, PKB);
		memset(bad + h * FIELD_BYTES, 0xff, FIELD_BYTES);
		memset(ct, 0xa5, sizeof ct);
		test_expect(FN(sike_encaps)(ct, ss, bad, PKB, m) == ECF_ERR_RANGE, "pk half %d >= p accepted", h);
		test_expect(ct[0] == 0 && ct[CT_BYTES - 1] == 0 && ss[0] == 0, "range error left output (encaps)");
	}
	size_t pkl[] = {0, PKB - 1, PKB + 1};
	for (size_t i = 0; i < sizeof pkl / sizeof pkl[0]; i++)
		test_expect(FN(sike_encaps)(ct, ss, k.ct, pkl[i], m) == ECF_ERR_LENGTH, "pk length %zu accepted",
		            pkl[i]);
	memcpy(bad, k.pk, PKB);
	memset(bad, 0, 2 * FIELD_BYTES);
	test_expect(FN(sike_encaps)(ct, ss, bad, PKB, m) == ECF_ERR_SMALL_ORDER, "zero coordinate accepted");
	test_expect(FN(sike_decaps)(NULL, k.sk, k.ct, CT_BYTES) == ECF_ERR_NULL, "NULL ss");
	test_expect(FN(sike_decaps)(ss, k.sk, NULL, CT_BYTES) == ECF_ERR_NULL, "NULL ct");
	test_expect(FN(sike_decaps)(ss, NULL, k.ct, CT_BYTES) == ECF_ERR_NULL, "NULL sk");
	test_expect(FN(sike_encaps)(ct, ss, k.pk, PKB, NULL) == ECF_ERR_NULL, "NULL m");
	{
		uint8_t seed[K(SIKE_KEYGEN_RANDOM_BYTES)] = {0}, pk[PKB];
		memset(pk, 0xa5, sizeof pk);
		test_expect(FN(sike_keypair)(pk, NULL, seed) == ECF_ERR_NULL, "NULL sk (keygen)");
		test_expect(pk[0] == 0 && pk[PKB - 1] == 0, "pk not zeroed on ECF_ERR_NULL (keygen)");
	}
	/* the genuine ciphertext still decapsulates */
	test_expect(FN(sike_decaps)(ss, k.sk, k.ct, CT_BYTES) == ECF_OK && memcmp(ss, k.ss, SS_BYTES) == 0,
	            "the KAT ciphertext no longer decapsulates");
}

#define UT(f) cmocka_unit_test(f)
#define SIKE_TESTS                                                                                                     \
	UT(TN(kat_keygen_b)), UT(TN(agree)), UT(TN(bad_pk)), UT(TN(kat_decaps)), UT(TN(kat_drbg)),                     \
	    UT(TN(implicit_rejection)), UT(TN(sike_bad_input))
