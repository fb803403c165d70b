/*
 * The Ed25519 batch calls and the 8-lane edwards25519 of the avx512_ifma
 * tier (lib/kernels/x86_64/ed25519x8_avx512_ifma.c).
 *
 * Without arguments (meson: batch_ed25519, and batch_ed25519_noifma with
 * ECFIELD_DISABLE=avx512_ifma): ecf_ed25519_sign_batch against n calls of
 * ecf_ed25519_sign (bytes, each status, the return value: the first failing
 * status) and ecf_ed25519_public_key_batch against ecf_ed25519_public_key,
 * for n = 0, 1, 7, 8, 9, 17, 64: random seeds and the edge seeds all zero
 * and all ones, messages of random lengths (0 to 300 bytes), msg NULL with
 * length 0, and msg NULL with a length (ECF_ERR_NULL for that element), in
 * every lane position; the aliasing the header allows (sig over sk, msg
 * inside sig, pk over seed) and NULL arrays. Every tier: the batch on the
 * native tier (IFMA groups of 8 where the CPU has it), without avx512_ifma
 * and on the portable tier, the single calls on the portable and the native
 * tier (an independent fixed-base multiplication).
 *
 * With the argument "points" (meson: ifma_ed25519): the kernel's point
 * operations lane by lane against the library's scalar edwards25519 (through
 * the public ecf_edwards25519_* calls): doubling and the mixed addition and
 * subtraction of Niels points on random points in random projective scalings
 * (limbs up to the top of range T, non-canonical values), the fixed-base
 * multiplication on random and edge scalars (0, 1, l - 1, l, l + 1, 2^255 - 1,
 * the digit patterns 0x88.., 0x77..), with each output checked in range T,
 * and the (X : Y : Z) and X25519 kernels against ecf_edwards25519_to_bytes
 * and ecf_x25519_public_key. Prints SKIP and exits 77 (meson: skipped) on a CPU
 * or build without the avx512_ifma tier.
 */
#include <stdlib.h>
#include <string.h>

#include "common/testutil.h"
#include "dispatch/cpu.h"
#include "ecfield/ed25519.h"
#include "ecfield/edwards25519.h"
#include "ecfield/p25519.h"
#include "ecfield/sc25519.h"
#include "ecfield/x25519.h"

#define MAXN 64
#define MAXMSG 300

static uint32_t ecfi_cpu_flags_at_start;
static const size_t sizes[] = {0, 1, 7, 8, 9, 17, 64};

/* The inputs of one batch: keys, messages (msg[i] NULL or into buf[i]), lengths. */
typedef struct {
	uint8_t seed[MAXN][32], sk[MAXN][64], pk[MAXN][32];
	uint8_t buf[MAXN][MAXMSG];
	const uint8_t *msg[MAXN];
	size_t len[MAXN];
} inputs;

static void rand_inputs(test_rng *rng, inputs *in, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint64_t r = test_rng_next(rng) % 10;
		test_rand_bytes(rng, in->seed[i], 32);
		if (r == 0)
			memset(in->seed[i], 0, 32);
		else if (r == 1)
			memset(in->seed[i], 0xff, 32);
		test_expect(ecf_ed25519_keypair(in->pk[i], in->sk[i], in->seed[i]) == ECF_OK, "keypair");
		uint64_t m = test_rng_next(rng) % 10;
		in->len[i] = (size_t)(test_rng_next(rng) % (MAXMSG + 1));
		test_rand_bytes(rng, in->buf[i], in->len[i]);
		in->msg[i] = in->buf[i];
		if (m == 0) { /* NULL with length 0: valid */
			in->msg[i] = NULL;
			in->len[i] = 0;
		} else if (m == 1) {
			in->len[i] = 0;
		} else if (m == 2) { /* NULL with a length: ECF_ERR_NULL for this element */
			in->msg[i] = NULL;
			in->len[i] = 1 + (size_t)(test_rng_next(rng) % 64);
		}
	}
}

/* The single calls on the tier `single`, the batch on the tier `batch`. */
static void check_tiers(uint32_t batch_tier, uint32_t single_tier, const char *name)
{
	test_rng rng;
	test_rng_init(&rng, 400);
	long rounds = test_iterations(30) / 10;
	if (rounds < 1)
		rounds = 1;
	static inputs in;
	static uint8_t want[MAXN][64], got[MAXN][64], alias[MAXN][64], wpk[MAXN][32], gpk[MAXN][32];
	int want_st[MAXN], got_st[MAXN];
	for (long it = 0; it < rounds; it++)
		for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
			const size_t n = sizes[si];
			rand_inputs(&rng, &in, n);
			test_use_tier(single_tier);
			int want_ret = ECF_OK;
			for (size_t i = 0; i < n; i++) {
				want_st[i] = ecf_ed25519_sign(want[i], in.sk[i], in.msg[i], in.len[i]);
				if (want_ret == ECF_OK)
					want_ret = want_st[i];
			}
			test_use_tier(batch_tier);
			memset(got, 0xa5, sizeof got);
			memset(got_st, 0x5a, sizeof got_st);
			int ret = ecf_ed25519_sign_batch(got, got_st, (const uint8_t(*)[64])in.sk, in.msg, in.len, n);
			test_expect(ret == want_ret, "%s n=%zu: batch returned %d, the single calls' first failure %d",
			            name, n, ret, want_ret);
			for (size_t i = 0; i < n; i++) {
				test_expect(got_st[i] == want_st[i], "%s n=%zu element %zu: status %d, single %d", name,
				            n, i, got_st[i], want_st[i]);
				test_expect_bytes(got[i], want[i], 64, name, (long)i);
			}
			for (size_t i = n; i < MAXN; i++)
				test_expect(got[i][0] == 0xa5 && got[i][63] == 0xa5 && got_st[i] == 0x5a5a5a5a,
				            "%s n=%zu: sig[%zu] or status[%zu] written", name, n, i, i);
			/* sig over sk */
			memcpy(alias, in.sk, sizeof alias);
			ret = ecf_ed25519_sign_batch(alias, got_st, (const uint8_t(*)[64])alias, in.msg, in.len, n);
			test_expect(ret == want_ret, "%s n=%zu: sig over sk: returned %d", name, n, ret);
			for (size_t i = 0; i < n; i++)
				test_expect_bytes(alias[i], want[i], 64, "sig over sk", (long)i);
			/* msg inside sig (messages of at most 64 bytes) */
			const uint8_t *amsg[MAXN];
			size_t alen[MAXN];
			int ast[MAXN], aret = ECF_OK;
			test_use_tier(single_tier);
			for (size_t i = 0; i < n; i++) {
				alen[i] = in.len[i] % 65;
				amsg[i] = in.msg[i] == NULL ? NULL : alias[i];
				if (in.msg[i] != NULL)
					memcpy(alias[i], in.buf[i], alen[i]);
				ast[i] = ecf_ed25519_sign(want[i], in.sk[i], amsg[i], alen[i]);
				if (aret == ECF_OK)
					aret = ast[i];
			}
			test_use_tier(batch_tier);
			ret = ecf_ed25519_sign_batch(alias, got_st, (const uint8_t(*)[64])in.sk, amsg, alen, n);
			test_expect(ret == aret, "%s n=%zu: msg in sig: returned %d, want %d", name, n, ret, aret);
			for (size_t i = 0; i < n; i++) {
				test_expect(got_st[i] == ast[i], "%s: msg in sig: status", name);
				test_expect_bytes(alias[i], want[i], 64, "msg in sig", (long)i);
			}

			/* public keys (want: from keypair, the single call checked against it too) */
			test_use_tier(single_tier);
			for (size_t i = 0; i < n; i++) {
				test_expect(ecf_ed25519_public_key(wpk[i], in.seed[i]) == ECF_OK, "public_key");
				test_expect_bytes(wpk[i], in.pk[i], 32, "public_key vs keypair", (long)i);
			}
			test_use_tier(batch_tier);
			memset(gpk, 0xa5, sizeof gpk);
			test_expect(ecf_ed25519_public_key_batch(gpk, (const uint8_t(*)[32])in.seed, n) == ECF_OK,
			            "public_key_batch status");
			for (size_t i = 0; i < n; i++)
				test_expect_bytes(gpk[i], wpk[i], 32, "public_key_batch", (long)i);
			for (size_t i = n; i < MAXN; i++)
				test_expect(gpk[i][0] == 0xa5, "%s n=%zu: pk[%zu] written", name, n, i);
			memcpy(gpk, in.seed, sizeof gpk);
			test_expect(ecf_ed25519_public_key_batch(gpk, (const uint8_t(*)[32])gpk, n) == ECF_OK,
			            "public_key_batch aliased");
			for (size_t i = 0; i < n; i++)
				test_expect_bytes(gpk[i], wpk[i], 32, "pk over seed", (long)i);
		}
	test_use_tier(ecfi_cpu_flags_at_start);
}

/* Every lane position of a group of 8 holds, in turn, the one NULL message
 * with a length among good ones, and the reverse. */
static void check_lanes(uint32_t tier, const char *name)
{
	test_rng rng;
	test_rng_init(&rng, 401);
	static inputs in;
	uint8_t want[8][64], got[8][64];
	int want_st[8], st[8];
	for (int bad = 0; bad < 2; bad++)
		for (int lane = 0; lane < 8; lane++) {
			rand_inputs(&rng, &in, 8);
			for (int i = 0; i < 8; i++) {
				in.msg[i] = in.buf[i];
				in.len[i] = (size_t)(i * 37 + 1);
				if ((i == lane) != (bad == 1))
					in.msg[i] = NULL;
			}
			test_use_tier(tier);
			int first = ECF_OK;
			for (int i = 0; i < 8; i++) {
				want_st[i] = ecf_ed25519_sign(want[i], in.sk[i], in.msg[i], in.len[i]);
				if (first == ECF_OK)
					first = want_st[i];
			}
			int ret = ecf_ed25519_sign_batch(got, st, (const uint8_t(*)[64])in.sk, in.msg, in.len, 8);
			for (int i = 0; i < 8; i++) {
				test_expect(st[i] == want_st[i], "%s lane %d: status %d vs %d", name, i, st[i],
				            want_st[i]);
				test_expect_bytes(got[i], want[i], 64, "lanes", i);
			}
			test_expect(first != ECF_OK && ret == first, "%s: returned %d, want %d", name, ret, first);
		}
	test_use_tier(ecfi_cpu_flags_at_start);
}

static void test_tiers(void **s)
{
	(void)s;
	const uint32_t sup = ecfi_cpu_supported_kernels(), allowed = ecfi_cpu_flags;
	ecfi_cpu_flags_at_start = allowed;
	const uint32_t noifma = allowed & ~(uint32_t)ECFI_KERNEL_AVX512_IFMA;
	if (!(allowed & ECFI_KERNEL_AVX512_IFMA))
		fprintf(stderr, "# NOTE: avx512_ifma not allowed here (%s): the batch runs the single-call path\n",
		        (sup & ECFI_KERNEL_AVX512_IFMA) ? "ECFIELD_DISABLE" : "CPU or build");
	check_tiers(allowed, 0, "native batch vs portable singles");
	check_tiers(allowed, allowed, "native batch vs native singles");
	check_tiers(noifma, allowed, "no-ifma batch vs native singles");
	check_tiers(0, allowed, "portable batch vs native singles");
	check_lanes(allowed, "native");
	check_lanes(noifma, "no-ifma");
}

static void test_null(void **s)
{
	(void)s;
	uint8_t sk[9][64], sig[9][64], pk[9][32];
	const uint8_t *msg[9];
	size_t len[9];
	int st[9];
	memset(sk, 1, sizeof sk);
	for (int i = 0; i < 9; i++) {
		msg[i] = NULL;
		len[i] = 0;
	}
	for (int which = 0; which < 5; which++) {
		memset(sig, 0xa5, sizeof sig);
		memset(st, 0, sizeof st);
		int ret = ecf_ed25519_sign_batch(which == 0 ? NULL : sig, which == 1 ? NULL : st,
		                                 which == 2 ? NULL : (const uint8_t(*)[64])sk, which == 3 ? NULL : msg,
		                                 which == 4 ? NULL : len, 9);
		test_expect(ret == ECF_ERR_NULL, "NULL %d: returned %d", which, ret);
		for (int i = 0; i < 9 && which != 0; i++)
			for (int j = 0; j < 64; j++)
				test_expect(sig[i][j] == 0, "NULL %d: sig not zeroed", which);
		for (int i = 0; i < 9 && which != 1; i++)
			test_expect(st[i] == ECF_ERR_NULL, "NULL %d: status[%d] = %d", which, i, st[i]);
	}
	test_expect(ecf_ed25519_sign_batch(sig, st, (const uint8_t(*)[64])sk, msg, len, 0) == ECF_OK, "n = 0");
	memset(pk, 0xa5, sizeof pk);
	test_expect(ecf_ed25519_public_key_batch(pk, NULL, 9) == ECF_ERR_NULL, "public_key_batch seed NULL");
	for (int i = 0; i < 9; i++)
		for (int j = 0; j < 32; j++)
			test_expect(pk[i][j] == 0, "public_key_batch: pk not zeroed");
	test_expect(ecf_ed25519_public_key_batch(NULL, (const uint8_t(*)[32])pk, 9) == ECF_ERR_NULL,
	            "public_key_batch pk NULL");
	test_expect(ecf_ed25519_public_key_batch(pk, (const uint8_t(*)[32])pk, 0) == ECF_OK, "public_key n = 0");
}

/* ---- the kernel's point operations (argument "points") ---- */

#if ECFI_X86_64_KERNELS
#include "kernels/x86_64/ed25519x8_avx512_ifma.h"

static mpz_t P, Dc;
typedef uint64_t pt8[4][5][8];

/* a value (< 2^256) into lane `lane` of limbs r, radix 2^52. */
static void mpz_to_lane(uint64_t r[5][8], int lane, const mpz_t v)
{
	mpz_t t;
	mpz_init_set(t, v);
	for (int i = 0; i < 5; i++) {
		r[i][lane] = mpz_get_ui(t) & ((1ull << 52) - 1);
		mpz_tdiv_q_2exp(t, t, 52);
	}
	mpz_clear(t);
}

static void lane_to_mpz(mpz_t z, const uint64_t a[5][8], int lane)
{
	mpz_set_ui(z, 0);
	for (int i = 4; i >= 0; i--) {
		mpz_mul_2exp(z, z, 52);
		mpz_add_ui(z, z, a[i][lane]);
	}
}

static void fe_to_mpz(mpz_t z, const ecf_p25519_fe *a) { mpz_import(z, 4, -1, sizeof a->limb[0], 0, 0, a->limb); }

static void mpz_to_fe(ecf_p25519_fe *r, const mpz_t v)
{
	mpz_t t;
	mpz_init(t);
	mpz_mod(t, v, P);
	memset(r, 0, sizeof *r);
	mpz_export(r->limb, NULL, -1, sizeof r->limb[0], 0, 0, t);
	mpz_clear(t);
}

/* Range T: limbs < 2^52, the top one < 2^48. */
static int in_range_t(const pt8 p, int lane)
{
	for (int c = 0; c < 4; c++)
		for (int i = 0; i < 5; i++)
			if (p[c][i][lane] >> (i == 4 ? 48 : 52))
				return 0;
	return 1;
}

/* Lane `lane` of p as a library point (the values mod p). */
static void lane_point(ecf_edwards25519_point *r, const pt8 p, int lane)
{
	mpz_t z;
	mpz_init(z);
	ecf_p25519_fe *c[4] = {&r->X, &r->Y, &r->Z, &r->T};
	for (int k = 0; k < 4; k++) {
		lane_to_mpz(z, p[k], lane);
		mpz_to_fe(c[k], z);
	}
	mpz_clear(z);
}

/* A library point into lane `lane`, scaled by a random lambda (all four
 * coordinates), each coordinate v + p where that stays below 2^256 (a
 * non-canonical representative in range T). */
static void put_point(pt8 p, int lane, const ecf_edwards25519_point *a, test_rng *rng)
{
	mpz_t lam, v, lim;
	uint8_t b[32];
	mpz_inits(lam, v, lim, NULL);
	test_rand_bytes(rng, b, 32);
	mpz_import(lam, 32, -1, 1, 0, 0, b);
	mpz_mod(lam, lam, P);
	if (mpz_sgn(lam) == 0)
		mpz_set_ui(lam, 1);
	mpz_setbit(lim, 256);
	const ecf_p25519_fe *c[4] = {&a->X, &a->Y, &a->Z, &a->T};
	for (int k = 0; k < 4; k++) {
		fe_to_mpz(v, c[k]);
		mpz_mul(v, v, lam);
		mpz_mod(v, v, P);
		if (test_rng_next(rng) & 1) {
			mpz_add(v, v, P);
			if (mpz_cmp(v, lim) >= 0)
				mpz_sub(v, v, P);
		}
		mpz_to_lane(p[k], lane, v);
	}
	mpz_clears(lam, v, lim, NULL);
}

/* The Niels form (y + x, y - x, 2dxy) of a, canonical, into lane `lane`. */
static void put_niels(uint64_t n[3][5][8], int lane, const ecf_edwards25519_point *a)
{
	mpz_t X, Y, Z, zi, x, y, t;
	mpz_inits(X, Y, Z, zi, x, y, t, NULL);
	fe_to_mpz(X, &a->X);
	fe_to_mpz(Y, &a->Y);
	fe_to_mpz(Z, &a->Z);
	mpz_invert(zi, Z, P);
	mpz_mul(x, X, zi);
	mpz_mod(x, x, P);
	mpz_mul(y, Y, zi);
	mpz_mod(y, y, P);
	mpz_add(t, y, x);
	mpz_mod(t, t, P);
	mpz_to_lane(n[0], lane, t);
	mpz_sub(t, y, x);
	mpz_mod(t, t, P);
	mpz_to_lane(n[1], lane, t);
	mpz_mul(t, x, y);
	mpz_mul(t, t, Dc);
	mpz_mul_2exp(t, t, 1);
	mpz_mod(t, t, P);
	mpz_to_lane(n[2], lane, t);
	mpz_clears(X, Y, Z, zi, x, y, t, NULL);
}

static void rand_point(test_rng *rng, ecf_edwards25519_point *r)
{
	uint8_t k[32];
	test_rand_bytes(rng, k, 32);
	ecf_edwards25519_scalar_mult_base(r, k);
}

static void test_dbl_madd(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 402);
	long rounds = test_iterations(200);
	static pt8 p, r;
	static uint64_t n[3][5][8];
	uint64_t neg[8];
	for (long it = 0; it < rounds; it++) {
		ecf_edwards25519_point a[8], b[8], want, got;
		for (int l = 0; l < 8; l++) {
			rand_point(&rng, &a[l]);
			if (it == 0 && l == 0)
				ecf_edwards25519_identity(&a[l]);
			rand_point(&rng, &b[l]);
			if (it == 0 && l == 1)
				ecf_edwards25519_identity(&b[l]);
			if (it == 0 && l == 2)
				b[l] = a[l]; /* P + P, P - P */
			put_point(p, l, &a[l], &rng);
			put_niels(n, l, &b[l]);
			neg[l] = (test_rng_next(&rng) & 1) ? ~0ull : 0;
		}
		ecfk_ed25519x8_dbl_avx512_ifma(r, (const uint64_t(*)[5][8])p);
		for (int l = 0; l < 8; l++) {
			test_expect(in_range_t((const uint64_t(*)[5][8])r, l), "dbl: lane %d out of range T", l);
			ecf_edwards25519_double(&want, &a[l]);
			lane_point(&got, (const uint64_t(*)[5][8])r, l);
			test_expect(ecf_edwards25519_equal(&got, &want), "dbl: lane %d (round %ld)", l, it);
		}
		ecfk_ed25519x8_madd_avx512_ifma(r, (const uint64_t(*)[5][8])p, (const uint64_t(*)[5][8])n, neg);
		for (int l = 0; l < 8; l++) {
			test_expect(in_range_t((const uint64_t(*)[5][8])r, l), "madd: lane %d out of range T", l);
			if (neg[l])
				ecf_edwards25519_sub(&want, &a[l], &b[l]);
			else
				ecf_edwards25519_add(&want, &a[l], &b[l]);
			lane_point(&got, (const uint64_t(*)[5][8])r, l);
			test_expect(ecf_edwards25519_equal(&got, &want), "madd (neg %d): lane %d (round %ld)",
			            (int)(neg[l] & 1), l, it);
			/* T consistent: X T = ... XY = ZT */
			uint8_t e1[32], e2[32];
			ecf_edwards25519_to_bytes(e1, &got);
			ecf_edwards25519_to_bytes(e2, &want);
			test_expect_bytes(e1, e2, 32, "madd encoding", l);
		}
	}
}

/* Edge scalars (< 2^255): 0, 1, l - 1, l, l + 1, 2^255 - 1, 0x88.., 0x77..,
 * 2^252, 8, then random ones with the top bit cleared. */
static void scalar_at(test_rng *rng, uint8_t k[32], long idx)
{
	/* l - 1 = -1 mod l from the library's scalars (the order is typed only
	 * in the generator); [l]B = 0 is checked in test_base */
	uint8_t L[32];
	ecf_sc25519_fe m1;
	ecf_sc25519_one(&m1);
	ecf_sc25519_from_mont(&m1, &m1); /* plain 1 */
	ecf_sc25519_neg(&m1, &m1);
	ecf_sc25519_to_bytes(L, &m1);
	memset(k, 0, 32);
	switch (idx) {
	case 0:
		break;
	case 1:
		k[0] = 1;
		break;
	case 2:
	case 3:
	case 4: /* l - 1, l, l + 1 (the low byte of l - 1 is 0xec: no carry) */
		memcpy(k, L, 32);
		k[0] = (uint8_t)(k[0] + idx - 2);
		break;
	case 5:
		memset(k, 0xff, 32);
		k[31] = 0x7f;
		break;
	case 6:
		memset(k, 0x88, 32);
		k[31] = 0x78;
		break;
	case 7:
		memset(k, 0x77, 32);
		break;
	case 8:
		k[31] = 0x10;
		break;
	case 9:
		k[0] = 8;
		break;
	default:
		test_rand_bytes(rng, k, 32);
		k[31] &= 0x7f;
	}
}

static void test_base(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 403);
	long rounds = test_iterations(100);
	static pt8 r;
	uint8_t k[8][32], enc[8][32], u[8][32], want[32], xyz[3][8][32];
	for (long it = 0; it < rounds; it++) {
		for (int l = 0; l < 8; l++)
			scalar_at(&rng, k[l], it < 2 ? it * 8 + l : 100);
		ecfk_ed25519x8_base_avx512_ifma(r, (const uint8_t(*)[32])k);
		ecfk_x25519_base8_avx512_ifma(u, (const uint8_t(*)[32])k);
		if (it == 0) { /* lane 3 is l: the identity */
			ecf_edwards25519_point w;
			ecf_edwards25519_scalar_mult_base(&w, k[3]);
			test_expect(ecf_edwards25519_is_identity(&w), "the scalar l does not give the identity");
		}
		ecfk_ed25519_base8_xyz_avx512_ifma(xyz, (const uint8_t(*)[32])k);
		for (int l = 0; l < 8; l++) {
			ecf_edwards25519_point w, g;
			ecf_edwards25519_scalar_mult_base(&w, k[l]);
			test_expect(in_range_t((const uint64_t(*)[5][8])r, l), "base: lane %d out of range T", l);
			lane_point(&g, (const uint64_t(*)[5][8])r, l);
			test_expect(ecf_edwards25519_equal(&g, &w), "base: lane %d (round %ld)", l, it);
			test_expect(ecf_x25519_public_key(want, k[l]) == ECF_OK, "x25519_public_key");
			test_expect_bytes(u[l], want, 32, "x25519 base8 (edwards)", l);
			/* (X : Y : Z) canonical, the same point */
			ecf_edwards25519_point c = w;
			test_expect(ecf_p25519_from_bytes(&c.X, xyz[0][l], 32) == ECF_OK &&
			                ecf_p25519_from_bytes(&c.Y, xyz[1][l], 32) == ECF_OK &&
			                ecf_p25519_from_bytes(&c.Z, xyz[2][l], 32) == ECF_OK,
			            "base8_xyz: lane %d not canonical", l);
			ecf_p25519_mul(&c.T, &c.X, &c.Y); /* T = XY/Z: only X, Y, Z are compared */
			ecf_edwards25519_to_bytes(enc[l], &c);
			ecf_edwards25519_to_bytes(want, &w);
			test_expect_bytes(enc[l], want, 32, "base8_xyz", l);
		}
	}
}

static int points_main(void)
{
	if (!(ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA)) {
		printf("SKIP: this CPU has no AVX512F + AVX512IFMA + AVX512VL (with the zmm state enabled): the "
		       "8-lane edwards25519 is not tested here\n");
		return 77;
	}
	mpz_init_set_ui(P, 1);
	mpz_mul_2exp(P, P, 255);
	mpz_sub_ui(P, P, 19);
	mpz_t t;
	mpz_init_set_ui(t, 121666);
	mpz_init(Dc);
	mpz_invert(t, t, P);
	mpz_mul_si(Dc, t, -121665);
	mpz_mod(Dc, Dc, P);
	mpz_clear(t);
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_dbl_madd), cmocka_unit_test(test_base)};
	int r = cmocka_run_group_tests_name("ifma_ed25519", tests, NULL, NULL);
	mpz_clears(P, Dc, NULL);
	return r;
}
#else
static int points_main(void)
{
	printf("SKIP: built without the x86-64 kernels: no avx512_ifma edwards25519\n");
	return 77;
}
#endif

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "points") == 0)
		return points_main();
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_tiers), cmocka_unit_test(test_null)};
	return cmocka_run_group_tests_name("batch_ed25519", tests, NULL, NULL);
}
