/*
 * Tests of SIDH and SIKE on one isogeny prime (SIDH/SIKE are broken: these
 * test research and benchmark code). Include after defining FIELD (token),
 * UPPER (its upper-case name), FIELD_BYTES and KAT_FILE (the uncompressed
 * SIKE KAT file of the prime, below ECF_VECTORS_DIR). Every case runs once
 * per kernel tier the CPU has.
 *
 * KAT entries: 10 per tier by default; all 100 with ECF_TEST_SCALE >= 1000
 * or ECF_SIKE_KATS=100 (the slow CI run).
 */
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "common/testutil.h"
#include "common/vectors.h"
#include "ecfield/sike.h"

#define FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecf_, FIELD), _), op)
#define TN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(test_, FIELD), _), op)
#define K(name) ECFI_CAT(ECFI_CAT(ECFI_CAT(ECF_, UPPER), _), name)

#define SKA K(SIDH_SK_A_BYTES)
#define SKB K(SIDH_SK_B_BYTES)
#define PKB K(SIDH_PK_BYTES)
#define SSB K(SIDH_SS_BYTES)
#define MSGB K(SIKE_MSG_BYTES)

static long TN(kat_count)(void)
{
	const char *s = getenv("ECF_SIKE_KATS");
	if (s && *s)
		return atol(s);
	s = getenv("ECF_TEST_SCALE");
	if (s && atol(s) >= 1000)
		return 100;
	return 10;
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
			test_expect(FN(sidh_keygen_b)(out, sk + MSGB) == ECF_OK, "keygen_b status");
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
			test_expect(FN(sidh_keygen_a)(pka, ska) == ECF_OK, "keygen_a");
			test_expect(FN(sidh_keygen_b)(pkb, skb) == ECF_OK, "keygen_b");
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
	test_expect(FN(sidh_keygen_b)(pk, skb) == ECF_OK, "keygen_b");
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
	test_expect(FN(sidh_keygen_a)(NULL, ska) == ECF_ERR_NULL, "NULL pk");
	test_expect(FN(sidh_keygen_b)(pk, NULL) == ECF_ERR_NULL, "NULL sk");
	test_expect(FN(sidh_shared_a)(NULL, ska, pk, PKB) == ECF_ERR_NULL, "NULL ss");
	test_expect(FN(sidh_shared_b)(ss, skb, NULL, PKB) == ECF_ERR_NULL, "NULL pk");
	/* and the good key still works */
	test_expect(FN(sidh_shared_a)(ss, ska, pk, PKB) == ECF_OK, "good key rejected");
}

#define UT(f) cmocka_unit_test(f)
#define SIKE_TESTS UT(TN(kat_keygen_b)), UT(TN(agree)), UT(TN(bad_pk))
