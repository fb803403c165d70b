/*
 * The X25519 batch calls against n single calls: ecf_x25519_batch against
 * ecf_x25519 (bytes, each status, and the return value: the first failing
 * status) and ecf_x25519_public_key_batch against ecf_x25519_public_key, for
 * n = 0, 1, 7, 8, 9, 17, 64, 72, 137 on random, edge and invalid inputs (peers of
 * small order, non-canonical u, the ignored top bit, mixed in every lane
 * position), with the aliasing the header allows (shared over sk, shared over
 * peer, pk over sk) and NULL pointers. Every tier the CPU has: the native one
 * (the avx512_ifma groups of 8 where the CPU has IFMA) and each without the
 * avx512_ifma bit (the single-call path); the single calls are run on the
 * portable tier too, so the batch is compared with an independent ladder.
 * The meson entry batch25519_noifma runs it all again with
 * ECFIELD_DISABLE=avx512_ifma.
 */
#include <stdlib.h>
#include <string.h>

#include "common/testutil.h"
#include "curves/curve25519/x25519_internal.h"
#include "dispatch/cpu.h"
#include "ecfield/p25519.h"
#include "ecfield/x25519.h"

#define MAXN 137

/* The flag word at start (ECFIELD_DISABLE applied), restored after each check. */
static uint32_t ecfi_cpu_flags_at_start;

/* u of small order (0, 1, the two of order 8, p - 1), u + p for u = 0, 1 (p,
 * p + 1: made from p - 1 by fill_small_u, the modulus is typed only in the
 * generator), each also with bit 255 set: ecf_x25519 gives ECF_ERR_SMALL_ORDER. */
static uint8_t small_u[7][32] = {
    {0},
    {1},
    {0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4, 0x6a,
     0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00},
    {0x5f, 0x9c, 0x95, 0xbc, 0xa3, 0x50, 0x8c, 0x24, 0xb1, 0xd0, 0xb1, 0x55, 0x9c, 0x83, 0xef, 0x5b,
     0x04, 0x44, 0x5c, 0xc4, 0x58, 0x1c, 0x8e, 0x86, 0xd8, 0x22, 0x4e, 0xdd, 0xd0, 0x9f, 0x11, 0x57},
    {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
};

static void fill_small_u(void)
{
	for (int j = 5; j < 7; j++) {
		memcpy(small_u[j], small_u[4], 32);
		small_u[j][0] = (uint8_t)(small_u[4][0] + j - 4);
	}
}

/* A peer: random (often), small order, or an edge of the encoding (u >= p
 * that is of large order, all ones, top bit set). */
static void rand_peer(test_rng *rng, uint8_t u[32])
{
	uint64_t r = test_rng_next(rng) % 12;
	test_rand_bytes(rng, u, 32);
	if (r < 3) {
		memcpy(u, small_u[test_rng_next(rng) % 7], 32);
	} else if (r == 3) { /* p + 2 .. p + 18: non-canonical, u = 2 .. 18 */
		memcpy(u, small_u[4], 32);
		u[0] = (uint8_t)(0xef + test_rng_next(rng) % 17);
	} else if (r == 4) {
		memset(u, 0xff, 32);
	} else if (r == 5) {
		memset(u, 0, 32);
		u[0] = 9;
	}
	if (test_rng_next(rng) & 1)
		u[31] ^= 0x80;
}

static void rand_sk(test_rng *rng, uint8_t sk[32])
{
	uint64_t r = test_rng_next(rng) % 8;
	test_rand_bytes(rng, sk, 32);
	if (r == 0)
		memset(sk, 0, 32);
	else if (r == 1)
		memset(sk, 0xff, 32);
}

/* 72 and 137: more than one division (ecfi_x25519_finish takes up to 64
 * elements at a time): 64 + 8, and 64 + 64 + 8 + the single-call path. */
static const size_t sizes[] = {0, 1, 7, 8, 9, 17, 64, 72, 137};

/* The single calls on the tier `single`, the batch on the tier `batch`. */
static void check_tiers(uint32_t batch_tier, uint32_t single_tier, const char *name)
{
	test_rng rng;
	test_rng_init(&rng, 300);
	long rounds = test_iterations(60) / 10;
	for (long it = 0; it < rounds; it++)
		for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
			const size_t n = sizes[si];
			static uint8_t sk[MAXN][32], peer[MAXN][32], want[MAXN][32], got[MAXN][32], alias[MAXN][32];
			int want_st[MAXN], got_st[MAXN];
			for (size_t i = 0; i < n; i++) {
				rand_sk(&rng, sk[i]);
				rand_peer(&rng, peer[i]);
			}
			test_use_tier(single_tier);
			int want_ret = ECF_OK;
			for (size_t i = 0; i < n; i++) {
				want_st[i] = ecf_x25519(want[i], sk[i], peer[i]);
				if (want_ret == ECF_OK)
					want_ret = want_st[i];
			}
			test_use_tier(batch_tier);
			memset(got, 0xa5, sizeof got);
			memset(got_st, 0x5a, sizeof got_st);
			int ret =
			    ecf_x25519_batch(got, got_st, (const uint8_t(*)[32])sk, (const uint8_t(*)[32])peer, n);
			test_expect(ret == want_ret, "%s n=%zu: batch returned %d, the single calls' first failure %d",
			            name, n, ret, want_ret);
			for (size_t i = 0; i < n; i++) {
				test_expect(got_st[i] == want_st[i], "%s n=%zu element %zu: status %d, single %d", name,
				            n, i, got_st[i], want_st[i]);
				test_expect_bytes(got[i], want[i], 32, name, (long)i);
			}
			/* nothing past n written */
			for (size_t i = n; i < MAXN; i++)
				test_expect(got[i][0] == 0xa5 && got[i][31] == 0xa5, "%s n=%zu: shared[%zu] written",
				            name, n, i);
			/* shared over sk, then shared over peer */
			memcpy(alias, sk, sizeof alias);
			ret =
			    ecf_x25519_batch(alias, got_st, (const uint8_t(*)[32])alias, (const uint8_t(*)[32])peer, n);
			test_expect(ret == want_ret, "%s n=%zu: aliased sk: returned %d", name, n, ret);
			for (size_t i = 0; i < n; i++)
				test_expect_bytes(alias[i], want[i], 32, "shared over sk", (long)i);
			memcpy(alias, peer, sizeof alias);
			ret = ecf_x25519_batch(alias, got_st, (const uint8_t(*)[32])sk, (const uint8_t(*)[32])alias, n);
			test_expect(ret == want_ret, "%s n=%zu: aliased peer: returned %d", name, n, ret);
			for (size_t i = 0; i < n; i++)
				test_expect_bytes(alias[i], want[i], 32, "shared over peer", (long)i);

			/* public keys */
			test_use_tier(single_tier);
			for (size_t i = 0; i < n; i++)
				test_expect(ecf_x25519_public_key(want[i], sk[i]) == ECF_OK, "public_key");
			test_use_tier(batch_tier);
			memset(got, 0xa5, sizeof got);
			test_expect(ecf_x25519_public_key_batch(got, (const uint8_t(*)[32])sk, n) == ECF_OK,
			            "public_key_batch status");
			for (size_t i = 0; i < n; i++)
				test_expect_bytes(got[i], want[i], 32, "public_key_batch", (long)i);
			for (size_t i = n; i < MAXN; i++)
				test_expect(got[i][0] == 0xa5, "%s n=%zu: pk[%zu] written", name, n, i);
			memcpy(alias, sk, sizeof alias);
			test_expect(ecf_x25519_public_key_batch(alias, (const uint8_t(*)[32])alias, n) == ECF_OK,
			            "public_key_batch aliased");
			for (size_t i = 0; i < n; i++)
				test_expect_bytes(alias[i], want[i], 32, "pk over sk", (long)i);
		}
	test_use_tier(ecfi_cpu_flags_at_start);
}

/* Every lane position of a group of 8 holds, in turn, the one bad peer
 * among good ones, and the reverse: the other lanes are unchanged. */
static void check_lanes(uint32_t tier, const char *name)
{
	test_rng rng;
	test_rng_init(&rng, 301);
	uint8_t sk[8][32], peer[8][32], want[8][32], got[8][32];
	int want_st[8], st[8];
	for (int bad = 0; bad < 2; bad++)
		for (int lane = 0; lane < 8; lane++) {
			for (int i = 0; i < 8; i++) {
				test_rand_bytes(&rng, sk[i], 32);
				test_rand_bytes(&rng, peer[i], 32);
				if ((i == lane) != (bad == 1))
					memcpy(peer[i], small_u[(size_t)(i + lane) % 7], 32);
			}
			test_use_tier(tier);
			for (int i = 0; i < 8; i++)
				want_st[i] = ecf_x25519(want[i], sk[i], peer[i]);
			int ret = ecf_x25519_batch(got, st, (const uint8_t(*)[32])sk, (const uint8_t(*)[32])peer, 8);
			int first = ECF_OK;
			for (int i = 0; i < 8; i++) {
				test_expect(st[i] == want_st[i], "%s lane %d: status %d vs %d", name, i, st[i],
				            want_st[i]);
				test_expect_bytes(got[i], want[i], 32, "lanes", i);
				if (first == ECF_OK)
					first = want_st[i];
			}
			test_expect(first == ECF_ERR_SMALL_ORDER && ret == first, "%s: returned %d", name, ret);
		}
	test_use_tier(ecfi_cpu_flags_at_start);
}

/* Every lane of a group (and of 64) of small order: all z = 0. */
static void check_all_small(uint32_t tier, const char *name)
{
	test_rng rng;
	test_rng_init(&rng, 302);
	static uint8_t sk[64][32], peer[64][32], got[64][32];
	int st[64];
	for (size_t n = 8; n <= 64; n += 56) {
		for (size_t i = 0; i < n; i++) {
			test_rand_bytes(&rng, sk[i], 32);
			memcpy(peer[i], small_u[test_rng_next(&rng) % 7], 32);
		}
		test_use_tier(tier);
		memset(got, 0xa5, sizeof got);
		int ret = ecf_x25519_batch(got, st, (const uint8_t(*)[32])sk, (const uint8_t(*)[32])peer, n);
		test_expect(ret == ECF_ERR_SMALL_ORDER, "%s all small, n = %zu: returned %d", name, n, ret);
		for (size_t i = 0; i < n; i++) {
			test_expect(st[i] == ECF_ERR_SMALL_ORDER, "%s all small: status[%zu] = %d", name, i, st[i]);
			for (int j = 0; j < 32; j++)
				test_expect(got[i][j] == 0, "%s all small: shared[%zu] not zero", name, i);
		}
	}
	test_use_tier(ecfi_cpu_flags_at_start);
}

/* ecfi_x25519_finish (the division after the 8-lane ladders) against one
 * ecf_p25519_inv and ecf_p25519_mul per element, for m = 1..64 elements of
 * canonical x and z: random, 0, 1, p - 1, and z = 0 in one, several or
 * all positions (the trick divides those by 1 after zeroing x: out 0, status
 * SMALL_ORDER; the others unchanged). */
static void test_finish(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 303);
	const uint32_t tiers = ecfi_tiers();
	static const uint8_t pm1[32] = {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	                                0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	                                0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
	long rounds = test_iterations(200);
	for (long it = 0; it < rounds; it++) {
		const size_t m = it < 64 ? (size_t)it + 1 : 1 + (size_t)(test_rng_next(&rng) % ECFI_X25519_FINISH_MAX);
		const int zeros = (int)(test_rng_next(&rng) % 4); /* 0: none, 1: one, 2: some, 3: all */
		const size_t zpos = (size_t)(test_rng_next(&rng) % m);
		uint8_t out[ECFI_X25519_FINISH_MAX][32], z[ECFI_X25519_FINISH_MAX][32], x[ECFI_X25519_FINISH_MAX][32];
		int st[ECFI_X25519_FINISH_MAX];
		for (size_t j = 0; j < m; j++) {
			for (int v = 0; v < 2; v++) {
				uint8_t *e = v ? z[j] : x[j];
				uint64_t r = test_rng_next(&rng) % 8;
				test_rand_bytes(&rng, e, 32);
				e[31] &= 0x3f; /* below p */
				if (r == 0)
					memset(e, 0, 32);
				else if (r == 1) {
					memset(e, 0, 32);
					e[0] = 1;
				} else if (r == 2)
					memcpy(e, pm1, 32);
			}
			if ((zeros == 1 && j == zpos) || (zeros == 2 && (test_rng_next(&rng) & 1)) || zeros == 3)
				memset(z[j], 0, 32);
			memcpy(out[j], x[j], 32);
		}
		ecfi_x25519_finish(tiers, out, st, (const uint8_t(*)[32])z, m);
		for (size_t j = 0; j < m; j++) {
			ecf_p25519_fe fx, fz;
			uint8_t want[32];
			test_expect(ecf_p25519_from_bytes(&fx, x[j], 32) == ECF_OK, "x");
			test_expect(ecf_p25519_from_bytes(&fz, z[j], 32) == ECF_OK, "z");
			ecf_p25519_inv(&fz, &fz); /* 1/0 = 0 */
			ecf_p25519_mul(&fx, &fx, &fz);
			ecf_p25519_to_bytes(want, &fx);
			int zero = 1;
			for (int k = 0; k < 32; k++)
				zero &= want[k] == 0;
			test_expect_bytes(out[j], want, 32, "finish", it * 64 + (long)j);
			test_expect(st[j] == (zero ? ECF_ERR_SMALL_ORDER : ECF_OK),
			            "finish m=%zu element %zu: status %d", m, j, st[j]);
		}
	}
}

static void test_tiers(void **s)
{
	(void)s;
	const uint32_t sup = ecfi_cpu_supported_kernels(), allowed = ecfi_cpu_flags;
	ecfi_cpu_flags_at_start = allowed;
	const uint32_t noifma = allowed & ~(uint32_t)ECFI_KERNEL_AVX512_IFMA;
	test_expect(!(ECFI_X86_64_KERNELS && test_host_has_avx512ifma()) || (sup & ECFI_KERNEL_AVX512_IFMA),
	            "CPUID has AVX-512 IFMA but the probe offers no avx512_ifma tier");
	if (!(allowed & ECFI_KERNEL_AVX512_IFMA))
		fprintf(stderr, "# NOTE: avx512_ifma not allowed here (%s): the batch runs the single-call path\n",
		        (sup & ECFI_KERNEL_AVX512_IFMA) ? "ECFIELD_DISABLE" : "CPU or build");
	check_tiers(allowed, 0, "native batch vs portable singles");
	check_tiers(allowed, allowed, "native batch vs native singles");
	check_tiers(noifma, allowed, "no-ifma batch vs native singles");
	check_tiers(0, allowed, "portable batch vs native singles");
	check_lanes(allowed, "native");
	check_lanes(noifma, "no-ifma");
	check_all_small(allowed, "native");
	check_all_small(noifma, "no-ifma");
}

static void test_null(void **s)
{
	(void)s;
	uint8_t a[9][32], b[9][32], out[9][32];
	int st[9];
	memset(a, 1, sizeof a);
	memset(b, 9, sizeof b);
	for (int which = 0; which < 4; which++) {
		memset(out, 0xa5, sizeof out);
		memset(st, 0, sizeof st);
		int ret = ecf_x25519_batch(which == 0 ? NULL : out, which == 1 ? NULL : st,
		                           which == 2 ? NULL : (const uint8_t(*)[32])a,
		                           which == 3 ? NULL : (const uint8_t(*)[32])b, 9);
		test_expect(ret == ECF_ERR_NULL, "NULL %d: returned %d", which, ret);
		for (int i = 0; i < 9 && which != 0; i++)
			for (int j = 0; j < 32; j++)
				test_expect(out[i][j] == 0, "NULL %d: shared not zeroed", which);
		for (int i = 0; i < 9 && which != 1; i++)
			test_expect(st[i] == ECF_ERR_NULL, "NULL %d: status[%d] = %d", which, i, st[i]);
	}
	memset(out, 0xa5, sizeof out);
	test_expect(ecf_x25519_public_key_batch(out, NULL, 9) == ECF_ERR_NULL, "public_key_batch sk NULL");
	for (int i = 0; i < 9; i++)
		for (int j = 0; j < 32; j++)
			test_expect(out[i][j] == 0, "public_key_batch: pk not zeroed");
	test_expect(ecf_x25519_public_key_batch(NULL, (const uint8_t(*)[32])a, 9) == ECF_ERR_NULL,
	            "public_key_batch pk NULL");
	test_expect(ecf_x25519_batch(out, st, (const uint8_t(*)[32])a, (const uint8_t(*)[32])b, 0) == ECF_OK, "n = 0");
}

int main(void)
{
	fill_small_u();
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_tiers), cmocka_unit_test(test_null),
	                                   cmocka_unit_test(test_finish)};
	return cmocka_run_group_tests_name("batch25519", tests, NULL, NULL);
}
