/*
 * ecf_ed25519_verify_batch against n calls of ecf_ed25519_verify: each
 * status and the return value (the first failing status), for n = 0, 1, 7,
 * 8, 9, 17, 64 on valid signatures and on every way the single call rejects
 * or accepts an odd input: tampered S, R and message; S >= l (S + l, all
 * ones); public keys with y >= p, x = 0 with the sign bit, not on the curve;
 * the eight small-order points as A (with signatures that verify under the
 * cofactorless equation: A the identity, A of order 2 with an even k) and as
 * R; A with a small-order component (an honest key plus the point of order
 * 2); non-canonical R; msg NULL with msg_len 0 (and NULL with msg_len != 0:
 * ECF_ERR_NULL for that element only); mixed in every lane position. The
 * batch runs natively (the avx512_ifma groups of 8 where the CPU has them)
 * and without the avx512_ifma bit, the single calls on the portable tier and
 * natively. The RFC 8032 section 7.1 vectors verify in a batch; libsodium
 * (when found) accepts every signature the batch accepts among the honest
 * ones. Without AVX-512 IFMA (CPU or build) everything above runs on the
 * single-call path and the program then exits 77 (skipped, with the reason):
 * the 8-lane kernel was not tested. The meson entry
 * batch_ed25519_verify_noifma runs it with ECFIELD_DISABLE=avx512_ifma.
 */
#include <stdlib.h>
#include <string.h>

#include "common/testutil.h"
#include "common/vectors.h"
#include "dispatch/cpu.h"
#include "ecfield/ed25519.h"
#include "ecfield/edwards25519.h"
#include "ecfield/p25519.h"
#include "ecfield/sc25519.h"

#ifdef ECF_HAVE_SODIUM
#include <sodium.h>
#endif

#define MAXN 64
#define MAXMSG 300

static uint32_t flags_at_start;

/* The eight points of small order (each sign where x != 0): test_ed25519.c. */
static const char *const SMALL_HEX[8] = {
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
};
static uint8_t small_pt[8][32];
static uint8_t l_bytes[32]; /* the group order l, from sc25519's -1 */
static uint8_t p_bytes[32]; /* p = 2^255 - 19, from p25519's -1 */

static void add_le(uint8_t *r, const uint8_t *a, const uint8_t *b, size_t n)
{
	unsigned c = 0;
	for (size_t i = 0; i < n; i++) {
		c += (unsigned)a[i] + b[i];
		r[i] = (uint8_t)c;
		c >>= 8;
	}
}

static void setup_constants(void)
{
	for (int i = 0; i < 8; i++)
		test_expect(vec_hex(small_pt[i], 32, SMALL_HEX[i]), "small-order hex");
	uint8_t one[32] = {1};
	ecf_sc25519_fe m;
	ecf_sc25519_one(&m);
	ecf_sc25519_neg(&m, &m);
	ecf_sc25519_to_bytes(l_bytes, &m);
	add_le(l_bytes, l_bytes, one, 32);
	ecf_p25519_fe f;
	ecf_p25519_one(&f);
	ecf_p25519_neg(&f, &f);
	ecf_p25519_to_bytes(p_bytes, &f);
	add_le(p_bytes, p_bytes, one, 32);
}

/* One element of a batch: its signature, key and message. */
typedef struct {
	uint8_t sig[64], pk[32], msg[MAXMSG];
	size_t len;
	int null_msg; /* pass msg = NULL */
	int honest;   /* an unmodified signature by the key's owner */
} elem;

/* A random S below l (its top byte cleared: < 2^248). */
static void rand_small_s(test_rng *rng, uint8_t s[32])
{
	test_rand_bytes(rng, s, 32);
	s[31] = 0;
}

/* sig = (encode([S]B), S) for a random S: verifies under a key A exactly
 * when [k]A is the identity. */
static void sig_from_base(test_rng *rng, uint8_t sig[64])
{
	ecf_edwards25519_point P;
	rand_small_s(rng, sig + 32);
	ecf_edwards25519_scalar_mult_base(&P, sig + 32);
	ecf_edwards25519_to_bytes(sig, &P);
}

static void make_elem(test_rng *rng, elem *e, int kind)
{
	uint8_t seed[32], sk[64];
	test_rand_bytes(rng, seed, 32);
	test_expect(ecf_ed25519_keypair(e->pk, sk, seed) == ECF_OK, "keypair");
	uint64_t r = test_rng_next(rng);
	e->len = (r & 3) == 0 ? 0 : (size_t)(r >> 8) % ((r & 4) ? MAXMSG : 40);
	test_rand_bytes(rng, e->msg, e->len);
	e->null_msg = 0;
	e->honest = 0;
	test_expect(ecf_ed25519_sign(e->sig, sk, e->msg, e->len) == ECF_OK, "sign");
	uint64_t x = test_rng_next(rng);
	switch (kind) {
	case 0: /* valid */
	case 1:
	case 2:
		e->honest = 1;
		if (e->len == 0 && (x & 1))
			e->null_msg = 1;
		break;
	case 3: /* a bit of S flipped (S may then be >= l) */
		e->sig[32 + x % 32] ^= (uint8_t)(1u << ((x >> 8) % 8));
		break;
	case 4: /* a bit of R; half the time its top bit (the sign of x) */
		if (x & 1)
			e->sig[31] ^= 0x80;
		else
			e->sig[(x >> 1) % 32] ^= (uint8_t)(1u << ((x >> 8) % 8));
		break;
	case 5: /* the message */
		if (e->len)
			e->msg[x % e->len] ^= (uint8_t)(1 + (x >> 8) % 255);
		else
			e->len = 1 + x % 5, memset(e->msg, 0, e->len);
		break;
	case 6: /* S + l (same value mod l: ECF_ERR_RANGE), or S >= 2^253 */
		if (x & 1)
			add_le(e->sig + 32, e->sig + 32, l_bytes, 32);
		else
			e->sig[63] |= (uint8_t)(0x20 << (x >> 1) % 3);
		break;
	case 7: /* A: y = p + j (j < 19: non-canonical), sign bit random */
		memcpy(e->pk, p_bytes, 32);
		e->pk[0] = (uint8_t)(e->pk[0] + x % 19);
		e->pk[31] |= (uint8_t)((x >> 8) & 0x80);
		break;
	case 8: /* A: x = 0 with the sign bit (y = 1 or -1), or random bytes */
		if (x & 1) {
			memcpy(e->pk, small_pt[(x >> 1) & 1], 32);
			e->pk[31] |= 0x80;
		} else {
			test_rand_bytes(rng, e->pk, 32);
		}
		break;
	case 9: /* A of small order; the signature (encode([S]B), S), or S = 0
	         * and R of small order: R' = -[k]A, of small order (y = 0, 1,
	         * -1 among them: their encodings must be canonical) */
		memcpy(e->pk, small_pt[x % 8], 32);
		sig_from_base(rng, e->sig);
		if (x & 8) {
			memcpy(e->sig, small_pt[(x >> 4) % 8], 32);
			memset(e->sig + 32, 0, 32);
		}
		break;
	case 10: { /* A + T2 (T2 = (0, -1), order 2): the honest signature verifies iff k is even */
		ecf_edwards25519_point A, T;
		test_expect(ecf_edwards25519_from_bytes(&A, e->pk, 32) == ECF_OK &&
		                ecf_edwards25519_from_bytes(&T, small_pt[1 + 6 * (x & 1)], 32) == ECF_OK,
		            "decode");
		ecf_edwards25519_add(&A, &A, &T);
		ecf_edwards25519_to_bytes(e->pk, &A);
		break;
	}
	case 11: /* R of small order, or non-canonical (y = p + j), S random or 0 */
		if (x & 1) {
			memcpy(e->sig, small_pt[(x >> 1) % 8], 32);
		} else {
			memcpy(e->sig, p_bytes, 32);
			e->sig[0] = (uint8_t)(e->sig[0] + (x >> 1) % 19);
		}
		if (x & 32)
			memset(e->sig + 32, 0, 32);
		break;
	case 12: /* msg NULL with a length: ECF_ERR_NULL for this element */
		e->null_msg = 1;
		if (e->len == 0)
			e->len = 1;
		break;
	default: /* the identity as A, R = [S]B: verifies for every message */
		memcpy(e->pk, small_pt[0], 32);
		sig_from_base(rng, e->sig);
		break;
	}
}

/* The arrays of a batch. */
static elem E[MAXN];
static uint8_t SIG[MAXN][64], PK[MAXN][32];
static const uint8_t *MSG[MAXN];
static size_t LEN[MAXN];

static void arrays(size_t n)
{
	for (size_t i = 0; i < n; i++) {
		memcpy(SIG[i], E[i].sig, 64);
		memcpy(PK[i], E[i].pk, 32);
		MSG[i] = E[i].null_msg ? NULL : E[i].msg;
		LEN[i] = E[i].len;
	}
}

static int batch(int st[], size_t n)
{
	return ecf_ed25519_verify_batch(st, (const uint8_t(*)[64])SIG, (const uint8_t(*)[32])PK, MSG, LEN, n);
}

static long oracle_checked;

/* The batch on `batch_tier` against the single calls on `single_tier`. */
static void compare(size_t n, uint32_t batch_tier, uint32_t single_tier, const char *name, long round)
{
	int want[MAXN + 1], got[MAXN + 1], want_ret = ECF_OK;
	arrays(n);
	test_use_tier(single_tier);
	for (size_t i = 0; i < n; i++) {
		want[i] = ecf_ed25519_verify(SIG[i], PK[i], MSG[i], LEN[i]);
		if (want_ret == ECF_OK)
			want_ret = want[i];
	}
	test_use_tier(batch_tier);
	for (size_t i = 0; i <= MAXN; i++)
		got[i] = 0x5a5a;
	int ret = batch(got, n);
	test_expect(ret == want_ret, "%s round %ld n=%zu: batch returned %d, the single calls' first failure %d", name,
	            round, n, ret, want_ret);
	for (size_t i = 0; i < n; i++)
		test_expect(got[i] == want[i], "%s round %ld n=%zu element %zu: status %d, single call %d", name, round,
		            n, i, got[i], want[i]);
	for (size_t i = n; i <= MAXN; i++)
		test_expect(got[i] == 0x5a5a, "%s n=%zu: status[%zu] written", name, n, i);
	for (size_t i = 0; i < n; i++) {
		if (E[i].honest)
			test_expect(got[i] == ECF_OK, "%s n=%zu element %zu: an honest signature rejected (%d)", name,
			            n, i, got[i]);
#ifdef ECF_HAVE_SODIUM
		/* libsodium agrees on the honest ones; it also rejects small-order
		 * keys and R, which the strict cofactorless rule accepts. */
		if (E[i].honest) {
			test_expect(crypto_sign_verify_detached(SIG[i], E[i].msg, LEN[i], PK[i]) == 0,
			            "%s element %zu: libsodium rejects an honest signature the batch accepted", name,
			            i);
			oracle_checked++;
		}
#endif
	}
	test_use_tier(flags_at_start);
}

static const size_t sizes[] = {0, 1, 7, 8, 9, 17, 64};

static void check_tiers(uint32_t batch_tier, uint32_t single_tier, const char *name, uint64_t stream)
{
	test_rng rng;
	test_rng_init(&rng, stream);
	const long rounds = test_iterations(200) / 40;
	for (long it = 0; it < rounds; it++)
		for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
			const size_t n = sizes[si];
			for (size_t i = 0; i < n; i++)
				make_elem(&rng, &E[i], (int)(test_rng_next(&rng) % 14));
			compare(n, batch_tier, single_tier, name, it);
		}
}

/* Every lane of a group of 8 holds, in turn, each kind of element among
 * valid ones, and each valid element among elements of that kind. */
static void check_lanes(uint32_t tier, const char *name)
{
	test_rng rng;
	test_rng_init(&rng, 402);
	for (int kind = 3; kind < 14; kind++)
		for (int rev = 0; rev < 2; rev++)
			for (int lane = 0; lane < 8; lane++) {
				for (int i = 0; i < 8; i++)
					make_elem(&rng, &E[i], ((i == lane) != rev) ? kind : 0);
				compare(8, tier, tier, name, kind);
				for (int i = 8; i < 9; i++)
					make_elem(&rng, &E[i], kind);
				compare(9, tier, 0, name, kind);
			}
}

static void test_tiers(void **s)
{
	(void)s;
	const uint32_t allowed = flags_at_start;
	test_expect(!(ECFI_X86_64_KERNELS && test_host_has_avx512ifma()) ||
	                (ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA),
	            "CPUID has AVX-512 IFMA but the probe offers no avx512_ifma tier");
	const uint32_t noifma = allowed & ~(uint32_t)ECFI_KERNEL_AVX512_IFMA;
	check_tiers(allowed, 0, "native batch vs portable singles", 400);
	check_tiers(allowed, allowed, "native batch vs native singles", 401);
	check_tiers(noifma, allowed, "no-ifma batch vs native singles", 403);
	check_tiers(0, allowed, "portable batch vs native singles", 404);
	check_lanes(allowed, "native lanes");
	check_lanes(noifma, "no-ifma lanes");
#ifdef ECF_HAVE_SODIUM
	fprintf(stderr, "# libsodium accepted the %ld honest signatures the batch accepted\n", oracle_checked);
	test_expect(oracle_checked > 100, "too few honest signatures checked against libsodium (%ld)", oracle_checked);
#else
	fprintf(stderr, "# libsodium not found: no second oracle for the honest signatures\n");
#endif
}

/* The RFC 8032 section 7.1 vectors, repeated to fill groups of 8 and a
 * remainder, verify in a batch; each with one byte of R or S changed fails
 * its own element only. */
static void test_rfc8032(void **s)
{
	(void)s;
	FILE *f = vec_open("rfc/rfc8032_ed25519.txt");
	vec_record rec;
	long line = 0;
	static uint8_t msgs[8][1100];
	size_t nv = 0;
	while (vec_next(f, &rec, &line)) {
		const char *mh = vec_get(&rec, "message");
		if (!vec_get(&rec, "secret_key") || !mh)
			continue;
		test_expect(nv < 8 && strlen(mh) / 2 <= sizeof msgs[0], "vector at line %ld", rec.line);
		E[nv].len = strlen(mh) / 2;
		test_expect(vec_hex(E[nv].pk, 32, vec_get(&rec, "public_key")) &&
		                vec_hex(E[nv].sig, 64, vec_get(&rec, "signature")) &&
		                (E[nv].len == 0 || vec_hex(msgs[nv], E[nv].len, mh)),
		            "vector at line %ld", rec.line);
		nv++;
	}
	fclose(f);
	test_expect(nv == 5, "RFC 8032 7.1 has 5 vectors, read %zu", nv);
	const size_t n = 19;
	for (size_t tk = 0; tk < 2; tk++) {
		test_use_tier(tk == 0 ? flags_at_start : flags_at_start & ~(uint32_t)ECFI_KERNEL_AVX512_IFMA);
		for (size_t bad = 0; bad <= n; bad++) {
			int st[MAXN];
			for (size_t i = 0; i < n; i++) {
				memcpy(SIG[i], E[i % nv].sig, 64);
				memcpy(PK[i], E[i % nv].pk, 32);
				MSG[i] = E[i % nv].len ? msgs[i % nv] : NULL;
				LEN[i] = E[i % nv].len;
			}
			if (bad < n)
				SIG[bad][(bad * 13) % 64] ^= 0x10;
			int ret = batch(st, n);
			for (size_t i = 0; i < n; i++)
				test_expect((st[i] == ECF_OK) == (i != bad), "RFC 8032 vector %zu (bad %zu): status %d",
				            i % nv, bad, st[i]);
			test_expect((ret == ECF_OK) == (bad == n), "RFC 8032 batch returned %d", ret);
		}
	}
	test_use_tier(flags_at_start);
}

static void test_null(void **s)
{
	(void)s;
	int st[9];
	memset(SIG, 0, sizeof SIG);
	memset(PK, 0, sizeof PK);
	for (int i = 0; i < 9; i++)
		MSG[i] = NULL, LEN[i] = 0;
	for (int which = 0; which < 5; which++) {
		for (int i = 0; i < 9; i++)
			st[i] = 1;
		int ret = ecf_ed25519_verify_batch(
		    which == 0 ? NULL : st, which == 1 ? NULL : (const uint8_t(*)[64])SIG,
		    which == 2 ? NULL : (const uint8_t(*)[32])PK, which == 3 ? NULL : MSG, which == 4 ? NULL : LEN, 9);
		test_expect(ret == ECF_ERR_NULL, "NULL argument %d: returned %d", which, ret);
		for (int i = 0; i < 9 && which != 0; i++)
			test_expect(st[i] == ECF_ERR_NULL, "NULL argument %d: status[%d] = %d", which, i, st[i]);
	}
	test_expect(batch(st, 0) == ECF_OK, "n = 0");
	test_expect(ecf_ed25519_verify_batch(st, NULL, NULL, NULL, NULL, 0) == ECF_ERR_NULL, "n = 0, NULL arrays");
}

int main(void)
{
	flags_at_start = ecfi_cpu_flags;
	setup_constants();
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_tiers), cmocka_unit_test(test_rfc8032),
	                                   cmocka_unit_test(test_null)};
	int r = cmocka_run_group_tests_name("batch_ed25519_verify", tests, NULL, NULL);
	if (r != 0)
		return r;
	const uint32_t sup = ecfi_cpu_supported_kernels();
	if (!(sup & ECFI_KERNEL_AVX512_IFMA)) {
		printf("SKIP: no avx512_ifma tier (%s): the batch ran the single-call path only, the 8-lane kernel "
		       "was not tested\n",
		       ECFI_X86_64_KERNELS
		           ? "this CPU has no AVX512F + AVX512IFMA + AVX512VL with the zmm state enabled"
		           : "built without the x86-64 kernels");
		return 77;
	}
	if (!(flags_at_start & ECFI_KERNEL_AVX512_IFMA))
		fprintf(stderr, "# avx512_ifma disabled by ECFIELD_DISABLE: the single-call path was tested\n");
	return 0;
}
