/*
 * The P-256 batch calls (ecf_p256_public_key_batch, ecf_p256_ecdh_batch)
 * against n single calls: every element's output and status must be the
 * single call's, and the return value ECF_OK iff every status is, else the
 * first failing status; for n = 0, 1, 7, 8, 9, 17, 64 (full groups of 8 on
 * the AVX-512 IFMA tier, the remainder one by one), on random keys and
 * peers mixed with edge and invalid ones in random lanes (secret keys 0, 1,
 * n - 1, n, n + 1, all-ones; peers off the curve, with x >= p, a compressed
 * or unknown tag, the generator, its negation); and NULL arguments.
 * The same binary runs natively (the IFMA tier where the CPU has it) and
 * under ECFIELD_DISABLE=avx512_ifma (test 'batch_p256_scalar': the scalar
 * fallback); it prints which one ran. Fixed seed (ECF_TEST_SEED), printed
 * with every failure; ECF_TEST_SCALE.
 */
#include <string.h>

#include <ecfield/ecfield.h>

#include "dispatch/cpu.h"
#include "moduli.h"
#include "testutil.h"

static uint8_t N_BE[32]; /* the group order n, big-endian (from moduli.h: P256N_HEX) */

#define MAXN 64

static void be_add_small(uint8_t x[32], int d)
{
	int c = d;
	for (int i = 31; i >= 0 && c != 0; i--) {
		int v = x[i] + c;
		x[i] = (uint8_t)v;
		c = v >> 8; /* -1 (borrow), 0 or 1 */
	}
}

/* A secret key: mostly random valid, sometimes an edge. */
static void pick_sk(test_rng *rng, uint8_t sk[32], unsigned kind)
{
	switch (kind) {
	case 0:
		memset(sk, 0, 32);
		break; /* 0: invalid */
	case 1:
		memset(sk, 0, 32);
		sk[31] = 1;
		break;
	case 2:
		memcpy(sk, N_BE, 32);
		be_add_small(sk, -1);
		break; /* n - 1 */
	case 3:
		memcpy(sk, N_BE, 32);
		break; /* n: invalid */
	case 4:
		memcpy(sk, N_BE, 32);
		be_add_small(sk, 1);
		break; /* n + 1: invalid */
	case 5:
		memset(sk, 0xff, 32);
		break; /* invalid */
	default:
		test_rand_bytes(rng, sk, 32);
		sk[0] &= 0x7f;
	}
}

/* A peer: mostly a valid random point, sometimes an edge or invalid. */
static void pick_peer(test_rng *rng, uint8_t peer[65], unsigned kind)
{
	uint8_t k[32];
	int st;
	switch (kind) {
	case 0: /* the generator */
		memset(k, 0, 32);
		k[31] = 1;
		st = ecf_p256_public_key(peer, k);
		break;
	case 1: /* -G */
		memcpy(k, N_BE, 32);
		be_add_small(k, -1);
		st = ecf_p256_public_key(peer, k);
		break;
	default:
		test_rand_bytes(rng, k, 32);
		k[0] &= 0x7f;
		k[31] |= 1;
		st = ecf_p256_public_key(peer, k);
	}
	test_expect(st == ECF_OK, "peer generation");
	switch (kind) {
	case 2:
		peer[64] ^= 1;
		break; /* not on the curve */
	case 3:
		memset(peer + 1, 0xff, 32);
		break; /* x >= p */
	case 4:
		peer[0] = 0x02;
		break; /* compressed tag in 65 bytes */
	case 5:
		peer[0] = 0x05;
		break; /* unknown tag */
	case 6:
		memset(peer, 0, 65);
		break; /* tag 0 */
	default:
		break;
	}
}

static const size_t SIZES[] = {0, 1, 7, 8, 9, 17, 64};

static void test_public_key_batch(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 11);
	static uint8_t sk[MAXN][32], pk[MAXN][65], want[65];
	static int status[MAXN];
	long rounds = test_iterations(8);
	for (long r = 0; r < rounds; r++)
		for (size_t si = 0; si < sizeof SIZES / sizeof SIZES[0]; si++) {
			size_t n = SIZES[si];
			for (size_t i = 0; i < n; i++) {
				unsigned kind = (unsigned)(test_rng_next(&rng) % (r == 0 ? 8 : 24));
				pick_sk(&rng, sk[i], kind);
			}
			memset(pk, 0x5a, sizeof pk);
			memset(status, 0x5a, sizeof status);
			int ret = ecf_p256_public_key_batch(pk, status, (const uint8_t(*)[32])sk, n);
			int first = ECF_OK;
			for (size_t i = 0; i < n; i++) {
				int w = ecf_p256_public_key(want, sk[i]);
				test_expect(status[i] == w,
				            "public_key_batch round %ld n %zu element %zu: status %d, single %d", r, n,
				            i, status[i], w);
				test_expect_bytes(pk[i], want, 65, "public_key_batch pk", (long)i);
				if (first == ECF_OK)
					first = w;
			}
			test_expect(ret == first, "public_key_batch round %ld n %zu returned %d, expected %d", r, n,
			            ret, first);
			for (size_t i = n; i < MAXN; i++) /* nothing past n */
				test_expect(pk[i][0] == 0x5a && status[i] == 0x5a5a5a5a,
				            "public_key_batch wrote element %zu of %zu", i, n);
		}
	/* NULL */
	memset(pk, 0x5a, sizeof pk);
	test_expect(ecf_p256_public_key_batch(pk, status, NULL, 3) == ECF_ERR_NULL, "public_key_batch NULL sk");
	for (size_t i = 0; i < 3; i++) {
		test_expect(status[i] == ECF_ERR_NULL, "NULL sk: status %zu", i);
		for (size_t j = 0; j < 65; j++)
			test_expect(pk[i][j] == 0, "NULL sk: pk %zu not zeroed", i);
	}
	test_expect(ecf_p256_public_key_batch(NULL, status, (const uint8_t(*)[32])sk, 3) == ECF_ERR_NULL, "NULL pk");
	test_expect(ecf_p256_public_key_batch(pk, NULL, (const uint8_t(*)[32])sk, 3) == ECF_ERR_NULL, "NULL status");
	test_expect(ecf_p256_public_key_batch(pk, status, (const uint8_t(*)[32])sk, 0) == ECF_OK, "n = 0");
}

static void test_ecdh_batch(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 12);
	static uint8_t sk[MAXN][32], peer[MAXN][65], shared[MAXN][32], want[32];
	static int status[MAXN];
	long rounds = test_iterations(8);
	for (long r = 0; r < rounds; r++)
		for (size_t si = 0; si < sizeof SIZES / sizeof SIZES[0]; si++) {
			size_t n = SIZES[si];
			for (size_t i = 0; i < n; i++) {
				unsigned ks = (unsigned)(test_rng_next(&rng) % (r == 0 ? 8 : 24));
				unsigned kp = (unsigned)(test_rng_next(&rng) % (r == 0 ? 8 : 24));
				pick_sk(&rng, sk[i], ks);
				pick_peer(&rng, peer[i], kp);
			}
			memset(shared, 0x5a, sizeof shared);
			memset(status, 0x5a, sizeof status);
			int ret = ecf_p256_ecdh_batch(shared, status, (const uint8_t(*)[32])sk,
			                              (const uint8_t(*)[65])peer, n);
			int first = ECF_OK;
			for (size_t i = 0; i < n; i++) {
				int w = ecf_p256_ecdh(want, sk[i], peer[i], 65);
				test_expect(status[i] == w,
				            "ecdh_batch round %ld n %zu element %zu: status %d, single %d", r, n, i,
				            status[i], w);
				test_expect_bytes(shared[i], want, 32, "ecdh_batch shared", (long)i);
				if (first == ECF_OK)
					first = w;
			}
			test_expect(ret == first, "ecdh_batch round %ld n %zu returned %d, expected %d", r, n, ret,
			            first);
			for (size_t i = n; i < MAXN; i++)
				test_expect(shared[i][0] == 0x5a && status[i] == 0x5a5a5a5a,
				            "ecdh_batch wrote element %zu of %zu", i, n);
		}
	/* Known answer through the batch: d G with d = 1 as the peer and sk = d'
	 * gives x(d' G), the public key's x. */
	memset(shared, 0x5a, sizeof shared);
	test_expect(ecf_p256_ecdh_batch(shared, status, (const uint8_t(*)[32])sk, (const uint8_t(*)[65])peer, 0) ==
	                ECF_OK,
	            "n = 0");
	test_expect(shared[0][0] == 0x5a, "n = 0 wrote");
	test_expect(ecf_p256_ecdh_batch(shared, status, (const uint8_t(*)[32])sk, NULL, 2) == ECF_ERR_NULL,
	            "NULL peer");
	test_expect(status[0] == ECF_ERR_NULL && status[1] == ECF_ERR_NULL, "NULL peer: statuses");
	for (size_t j = 0; j < 32; j++)
		test_expect(shared[0][j] == 0 && shared[1][j] == 0, "NULL peer: shared not zeroed");
	test_expect(ecf_p256_ecdh_batch(shared, NULL, (const uint8_t(*)[32])sk, (const uint8_t(*)[65])peer, 2) ==
	                ECF_ERR_NULL,
	            "NULL status");
}

int main(void)
{
	mpz_t n;
	mpz_init(n);
	test_mpz_set_hex(n, P256N_HEX);
	size_t cnt = 0;
	mpz_export(N_BE, &cnt, 1, 1, 1, 0, n);
	mpz_clear(n);
	if (cnt != 32)
		return 1;
	int ifma = ECFI_TIER_ON(ecfi_cpu_flags, AVX512_IFMA);
	fprintf(stderr, "# %s\n",
	        ifma ? "the 8-lane AVX-512 IFMA tier runs the full groups"
	             : "no AVX-512 IFMA tier (CPU, build or ECFIELD_DISABLE): the scalar fallback runs every element");
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_public_key_batch),
	    cmocka_unit_test(test_ecdh_batch),
	};
	return cmocka_run_group_tests_name("batch_p256", tests, NULL, NULL);
}
