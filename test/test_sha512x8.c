/*
 * The 8-lane SHA-512 of the avx512_ifma tier (lib/kernels/x86_64/
 * sha512x8_avx512.{c,h}, its driver lib/hash/sha512x8.c) lane by lane
 * against the library's scalar SHA-512 (ecfi_sha512) and OpenSSL's SHA-512
 * (a test-only oracle, when found at configure time): lengths per lane mixed
 * (0, 1, 111, 112, 127, 128, 129, 239, 240, 255, 256, random up to 1100),
 * all lanes of one length and all different, the messages cut into up to
 * three pieces at every pair of boundaries (pieces of length 0 with NULL
 * pointers), the output over the input; and the compression kernel alone
 * with random states and random lane masks (a lane out of the mask keeps its
 * state bit for bit; every lane from H(0)) against the portable
 * compression. Fixed seeds (the
 * seed is printed with every failure); ECF_TEST_SCALE scales the random
 * cases. On a CPU without AVX512F + IFMA + VL (or a build without the x86-64
 * kernels) it prints SKIP with the reason and exits 77.
 */
#include <stdlib.h>
#include <string.h>

#include "common/testutil.h"
#include "dispatch/cpu.h"
#include "hash/sha2.h"

#if ECFI_X86_64_KERNELS
#include "kernels/x86_64/sha512x8_avx512.h"
#ifdef ECF_HAVE_OPENSSL
#include <openssl/sha.h>
#endif

enum { MAXLEN = 1100 };
static uint8_t msg[8][MAXLEN];

/* The lengths at the block edges: 111 + 17 = 128 (the padding just fits),
 * 112 (it takes a second block), ... */
static const size_t EDGES[] = {0, 1, 111, 112, 127, 128, 129, 239, 240, 255, 256};
#define NEDGES (sizeof EDGES / sizeof EDGES[0])

/* Lane j's message (msg[j][0..len[j])) cut at cut1[j] <= cut2[j] into three
 * pieces, hashed on 8 lanes; each lane checked against ecfi_sha512 and
 * OpenSSL. */
static void check8(const size_t len[8], const size_t cut1[8], const size_t cut2[8], const char *what, long it)
{
	ecfi_sha512x8_msg in[8];
	uint8_t out[8][64], want[8][64];
	for (int j = 0; j < 8; j++) {
		const size_t b[4] = {0, cut1[j], cut2[j], len[j]};
		for (int k = 0; k < 3; k++) {
			in[j].len[k] = b[k + 1] - b[k];
			in[j].p[k] = in[j].len[k] ? msg[j] + b[k] : NULL;
		}
	}
	memset(out, 0xa5, sizeof out);
	ecfi_sha512x8_avx512_ifma(out, in);
	for (int j = 0; j < 8; j++) {
		char ctx[160];
		snprintf(ctx, sizeof ctx, "%s lane %d (len %zu, cuts %zu %zu) vs ecfi_sha512", what, j, len[j], cut1[j],
		         cut2[j]);
		ecfi_sha512(want[j], msg[j], len[j]);
		test_expect_bytes(out[j], want[j], 64, ctx, it);
#ifdef ECF_HAVE_OPENSSL
		snprintf(ctx, sizeof ctx, "%s lane %d (len %zu, cuts %zu %zu) vs OpenSSL", what, j, len[j], cut1[j],
		         cut2[j]);
		SHA512(msg[j], len[j], want[j]);
		test_expect_bytes(out[j], want[j], 64, ctx, it);
#endif
	}
}

static void fill_messages(test_rng *rng)
{
	for (int j = 0; j < 8; j++)
		test_rand_bytes(rng, msg[j], MAXLEN);
}

static size_t rand_len(test_rng *rng)
{
	uint64_t r = test_rng_next(rng);
	if (r & 1)
		return EDGES[(r >> 1) % NEDGES];
	return (size_t)((r >> 8) % (MAXLEN + 1));
}

static size_t rand_upto(test_rng *rng, size_t n) { return (size_t)(test_rng_next(rng) % (n + 1)); }

/* Every lane the same length: each edge length, then random lengths. */
static void test_equal_lengths(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 1);
	size_t len[8], c1[8], c2[8];
	long n = test_iterations(200);
	for (long it = 0; it < (long)NEDGES + n; it++) {
		fill_messages(&rng);
		size_t l = it < (long)NEDGES ? EDGES[it] : rand_len(&rng);
		for (int j = 0; j < 8; j++) {
			len[j] = l;
			c1[j] = rand_upto(&rng, l);
			c2[j] = c1[j] + rand_upto(&rng, l - c1[j]);
		}
		check8(len, c1, c2, "equal lengths", it);
	}
}

/* Every lane a different length: the edges rotated over the lanes, then
 * random mixes (edges and up to MAXLEN). */
static void test_mixed_lengths(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 2);
	size_t len[8], c1[8], c2[8];
	long n = test_iterations(1000);
	for (long it = 0; it < (long)NEDGES + n; it++) {
		fill_messages(&rng);
		for (int j = 0; j < 8; j++) {
			len[j] = it < (long)NEDGES ? EDGES[((size_t)it + (size_t)j) % NEDGES] : rand_len(&rng);
			c1[j] = rand_upto(&rng, len[j]);
			c2[j] = c1[j] + rand_upto(&rng, len[j] - c1[j]);
		}
		if (it == (long)NEDGES) { /* one lane long, the others empty */
			for (int j = 0; j < 8; j++)
				len[j] = c1[j] = c2[j] = 0;
			len[5] = MAXLEN;
			c1[5] = c2[5] = 300;
		}
		check8(len, c1, c2, "mixed lengths", it);
	}
}

/* For each of a few lengths L, every pair of cuts 0 <= c1 <= c2 <= L, eight
 * pairs per call (one per lane; the lanes have different lengths). */
static void test_every_cut(void **s)
{
	(void)s;
	static const size_t LENS[] = {0, 1, 2, 111, 112, 128, 129, 256, 257};
	test_rng rng;
	test_rng_init(&rng, 3);
	fill_messages(&rng);
	size_t len[8], c1[8], c2[8];
	long it = 0;
	int lane = 0;
	for (size_t li = 0; li < sizeof LENS / sizeof LENS[0]; li++) {
		const size_t L = LENS[li];
		for (size_t a = 0; a <= L; a++) {
			for (size_t b = a; b <= L; b++) {
				/* lane `lane` gets (L, a, b); the others keep their last case */
				len[lane] = L;
				c1[lane] = a;
				c2[lane] = b;
				if (++lane == 8) {
					check8(len, c1, c2, "every cut", it++);
					lane = 0;
				}
			}
		}
	}
	if (lane) {
		for (; lane < 8; lane++)
			len[lane] = c1[lane] = c2[lane] = 0;
		check8(len, c1, c2, "every cut", it);
	}
}

/* out over the input: lane j hashes 64 bytes that are its own out[j]. */
static void test_out_over_in(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 4);
	uint8_t buf[8][64], want[8][64];
	ecfi_sha512x8_msg in[8];
	for (int j = 0; j < 8; j++) {
		test_rand_bytes(&rng, buf[j], 64);
		ecfi_sha512(want[j], buf[j], 64);
		memset(&in[j], 0, sizeof in[j]);
		in[j].p[1] = buf[j];
		in[j].len[1] = 64;
	}
	ecfi_sha512x8_avx512_ifma(buf, in);
	for (int j = 0; j < 8; j++)
		test_expect_bytes(buf[j], want[j], 64, "out over in", j);
}

/* The kernel alone: random states and blocks, random masks (with 0 and 0xff);
 * active lanes against the portable compression, the others unchanged. */
static void test_kernel_mask(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 5);
	uint64_t st[8][8], lane[8], want[8];
	uint8_t blk[8][128];
	long n = test_iterations(2000);
	for (long it = 0; it < n; it++) {
		unsigned active = it == 0 ? 0 : it == 1 ? 0xff : (unsigned)(test_rng_next(&rng) & 0xff);
		const int first = it % 5 == 2; /* from H(0): every lane */
		test_rand_limbs(&rng, &st[0][0], 64, (int)(it & 1));
		test_rand_bytes(&rng, &blk[0][0], sizeof blk);
		uint64_t before[8][8];
		memcpy(before, st, sizeof st);
		if (first) {
			ecfi_sha512_ctx c;
			ecfi_sha512_init(&c);
			active = 0xff;
			for (int i = 0; i < 8; i++)
				for (int j = 0; j < 8; j++)
					before[i][j] = c.h[i];
		}
		ecfk_sha512x8_block_avx512_ifma(st, (const uint8_t(*)[128])blk, active, first);
		for (int j = 0; j < 8; j++) {
			for (int i = 0; i < 8; i++)
				want[i] = before[i][j];
			if ((active >> j) & 1)
				ecfi_sha512_blocks_portable(want, blk[j], 1);
			for (int i = 0; i < 8; i++)
				lane[i] = st[i][j];
			test_expect_limbs(lane, want, 8, "kernel case %ld lane %d, mask 0x%02x, first %d", it, j,
			                  active, first);
		}
	}
}

int main(void)
{
	if (!(ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA)) {
		printf("SKIP: this CPU has no AVX512F + AVX512IFMA + AVX512VL (with the zmm state enabled): the "
		       "8-lane SHA-512 of the avx512_ifma tier is not tested here\n");
		return 77;
	}
#ifndef ECF_HAVE_OPENSSL
	printf("# OpenSSL (libcrypto) not found at configure time: checked against ecfi_sha512 only\n");
#endif
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_equal_lengths), cmocka_unit_test(test_mixed_lengths),
	    cmocka_unit_test(test_every_cut),     cmocka_unit_test(test_out_over_in),
	    cmocka_unit_test(test_kernel_mask),
	};
	return cmocka_run_group_tests_name("sha512x8", tests, NULL, NULL);
}
#else
int main(void)
{
	printf("SKIP: built without the x86-64 kernels: no 8-lane SHA-512\n");
	return 77;
}
#endif
