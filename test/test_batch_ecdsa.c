/*
 * The ECDSA batch calls (ecf_p256_ecdsa_sign_batch, ecf_p256_ecdsa_verify_batch)
 * against n single calls (ecf_p256_ecdsa_sign, ecf_p256_ecdsa_verify): every
 * element's signature bytes and status must be the single call's, and the
 * return value ECF_OK iff every status is, else the first failing status; for
 * n = 0, 1, 7, 8, 9, 17, 64 (full groups of 8 on the AVX-512 IFMA tier, the
 * rest one by one), with random and edge elements mixed in random lanes:
 *  - sign: secret keys 0, 1, n - 1, n, n + 1, all-ones; digests of 0, 1, 20,
 *    31, 32, 33, 48 and 64 bytes (NULL when empty), a NULL digest or extra
 *    with a nonzero length (ECF_ERR_NULL for that element), extra data of
 *    0..40 bytes, the whole extra or extra_len array NULL, flags 0 and
 *    ECF_P256_ECDSA_LOW_S; every produced signature is checked by OpenSSL's
 *    ECDSA_do_verify (an independent oracle), when libcrypto is found;
 *  - verify: valid signatures, r or s = 0, n, n + 1, all-ones, a flipped
 *    bit in r, s or the digest, another key, keys off the curve, with x >= p,
 *    with a compressed, unknown or zero tag, a NULL digest with a nonzero
 *    length, e = 0 (u1 = 0), and the two exceptional sums of u1 G + u2 Q:
 *    u1 G = u2 Q (a valid signature, R a doubling) and u1 G = -u2 Q (R the
 *    identity); OpenSSL's verdict must agree with every VERIFY/OK status;
 *  - NULL arguments.
 * The binary runs natively (test 'batch_ecdsa': reported SKIP, exit 77, on a
 * CPU or build without the IFMA tier, which would only repeat the fallback
 * run) and under ECFIELD_DISABLE=avx512_ifma (test 'batch_ecdsa_scalar': the
 * single-call workers, argument --scalar). Fixed seed (ECF_TEST_SEED),
 * printed with every failure; ECF_TEST_SCALE.
 */
#include <stdlib.h>
#include <string.h>

#include <ecfield/ecfield.h>

#include "dispatch/cpu.h"
#include "moduli.h"
#include "testutil.h"

#ifdef HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/obj_mac.h>
#endif

static uint8_t N_BE[32]; /* n, big-endian */
static mpz_t N;

#define MAXN 64

static const size_t SIZES[] = {0, 1, 7, 8, 9, 17, 64};
static const size_t DLENS[] = {0, 1, 20, 31, 32, 33, 48, 64};

static void be_add_small(uint8_t x[32], int d)
{
	int c = d;
	for (int i = 31; i >= 0 && c != 0; i--) {
		int v = x[i] + c;
		x[i] = (uint8_t)v;
		c = v >> 8;
	}
}

static void mpz_to_be32(uint8_t out[32], const mpz_t z)
{
	size_t cnt = 0;
	uint8_t buf[32];
	memset(out, 0, 32);
	mpz_export(buf, &cnt, 1, 1, 1, 0, z);
	memcpy(out + 32 - cnt, buf, cnt);
}

/* A secret key: mostly random valid, sometimes an edge (kinds 0..5). */
static void pick_sk(test_rng *rng, uint8_t sk[32], unsigned kind)
{
	memset(sk, 0, 32);
	switch (kind) {
	case 0:
		break; /* 0: invalid */
	case 1:
		sk[31] = 1;
		break;
	case 2:
		memcpy(sk, N_BE, 32);
		be_add_small(sk, -1);
		break;
	case 3:
		memcpy(sk, N_BE, 32);
		break; /* invalid */
	case 4:
		memcpy(sk, N_BE, 32);
		be_add_small(sk, 1);
		break; /* invalid */
	case 5:
		memset(sk, 0xff, 32);
		break; /* invalid */
	default:
		test_rand_bytes(rng, sk, 32);
		sk[0] &= 0x7f;
		sk[31] |= 1;
	}
}

#ifdef HAVE_OPENSSL
static EC_GROUP *grp;

/* OpenSSL's verdict on (sig, pk, digest): 1 valid, 0 not (or not parsable). */
static int ossl_verify(const uint8_t sig[64], const uint8_t pk[65], const uint8_t *digest, size_t len)
{
	EC_KEY *key = EC_KEY_new_by_curve_name(NID_X9_62_prime256v1);
	EC_POINT *pt = EC_POINT_new(grp);
	int ok = 0;
	if (EC_POINT_oct2point(grp, pt, pk, 65, NULL) == 1 && EC_KEY_set_public_key(key, pt) == 1) {
		ECDSA_SIG *os = ECDSA_SIG_new();
		ECDSA_SIG_set0(os, BN_bin2bn(sig, 32, NULL), BN_bin2bn(sig + 32, 32, NULL));
		static const uint8_t empty[1] = {0};
		ok = ECDSA_do_verify(len ? digest : empty, (int)len, os, key) == 1;
		ECDSA_SIG_free(os);
	}
	EC_POINT_free(pt);
	EC_KEY_free(key);
	return ok;
}
#endif

static int is_scalar_run; /* --scalar: the fallback (ECFIELD_DISABLE=avx512_ifma) */

static uint8_t sk[MAXN][32], pk[MAXN][65], sig[MAXN][64], want[64], dbuf[MAXN][64], xbuf[MAXN][40];
static const uint8_t *dptr[MAXN], *xptr[MAXN];
static size_t dlen[MAXN], xlen[MAXN];
static int status[MAXN];

static void test_sign_batch(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 31);
	long rounds = test_iterations(6);
	long checked = 0;
	for (long r = 0; r < rounds; r++)
		for (size_t si = 0; si < sizeof SIZES / sizeof SIZES[0]; si++) {
			size_t n = SIZES[si];
			unsigned flags = (r & 1) ? ECF_P256_ECDSA_LOW_S : 0;
			unsigned mode = (unsigned)(r % 3); /* 0: arrays; 1: extra NULL; 2: extra_len NULL */
			for (size_t i = 0; i < n; i++) {
				pick_sk(&rng, sk[i], (unsigned)(test_rng_next(&rng) % (r == 0 ? 8 : 24)));
				dlen[i] = DLENS[test_rng_next(&rng) % (sizeof DLENS / sizeof DLENS[0])];
				test_rand_bytes(&rng, dbuf[i], 64);
				dptr[i] = dlen[i] ? dbuf[i] : NULL;
				xlen[i] = (test_rng_next(&rng) & 1) ? (size_t)(test_rng_next(&rng) % 41) : 0;
				test_rand_bytes(&rng, xbuf[i], 40);
				xptr[i] = xlen[i] ? xbuf[i] : ((test_rng_next(&rng) & 1) ? xbuf[i] : NULL);
				unsigned edge = (unsigned)(test_rng_next(&rng) % 32);
				if (edge == 0 && dlen[i] != 0)
					dptr[i] = NULL; /* NULL digest with a length: ECF_ERR_NULL */
				if (edge == 1 && xlen[i] != 0 && mode == 0)
					xptr[i] = NULL; /* NULL extra with a length */
				if (edge == 2)
					memset(dbuf[i], 0, 64); /* e = 0 */
				if (edge == 3)
					memcpy(dbuf[i], N_BE, 32); /* e = n: 0 mod n */
			}
			memset(sig, 0x5a, sizeof sig);
			memset(status, 0x5a, sizeof status);
			const uint8_t *const *ex = mode == 1 ? NULL : xptr;
			const size_t *exl = mode == 2 ? NULL : xlen;
			int ret = ecf_p256_ecdsa_sign_batch(sig, status, (const uint8_t(*)[32])sk, dptr, dlen, ex, exl,
			                                    flags, n);
			int first = ECF_OK;
			for (size_t i = 0; i < n; i++) {
				const uint8_t *e1 = mode == 1 ? NULL : xptr[i];
				size_t e1l = mode == 2 ? 0 : xlen[i];
				int w = ecf_p256_ecdsa_sign(want, sk[i], dptr[i], dlen[i], e1, e1l, flags);
				test_expect(status[i] == w,
				            "sign_batch round %ld n %zu element %zu (mode %u): status %d, single %d", r,
				            n, i, mode, status[i], w);
				test_expect_bytes(sig[i], want, 64, "sign_batch sig", (long)i);
				if (first == ECF_OK)
					first = w;
#ifdef HAVE_OPENSSL
				if (w == ECF_OK && (r < 2 || i % 8 == 0)) {
					test_expect(ecf_p256_public_key(pk[i], sk[i]) == ECF_OK, "public key");
					test_expect(
					    ossl_verify(sig[i], pk[i], dptr[i], dlen[i]),
					    "sign_batch round %ld n %zu element %zu: OpenSSL rejects the signature", r,
					    n, i);
					checked++;
				}
#endif
			}
			test_expect(ret == first, "sign_batch round %ld n %zu returned %d, expected %d", r, n, ret,
			            first);
			for (size_t i = n; i < MAXN; i++)
				test_expect(sig[i][0] == 0x5a && status[i] == 0x5a5a5a5a,
				            "sign_batch wrote element %zu of %zu", i, n);
		}
	fprintf(stderr, "# sign_batch: %ld signatures verified by OpenSSL\n", checked);
	/* NULL arguments */
	memset(sig, 0x5a, sizeof sig);
	test_expect(ecf_p256_ecdsa_sign_batch(sig, status, (const uint8_t(*)[32])sk, NULL, dlen, NULL, NULL, 0, 9) ==
	                ECF_ERR_NULL,
	            "sign_batch NULL digest");
	for (size_t i = 0; i < 9; i++) {
		test_expect(status[i] == ECF_ERR_NULL, "sign_batch NULL digest: status %zu", i);
		for (size_t j = 0; j < 64; j++)
			test_expect(sig[i][j] == 0, "sign_batch NULL digest: sig %zu not zeroed", i);
	}
	test_expect(sig[9][0] == 0x5a, "sign_batch NULL: wrote past n");
	test_expect(ecf_p256_ecdsa_sign_batch(sig, status, (const uint8_t(*)[32])sk, dptr, NULL, NULL, NULL, 0, 3) ==
	                ECF_ERR_NULL,
	            "sign_batch NULL digest_len");
	test_expect(ecf_p256_ecdsa_sign_batch(sig, status, NULL, dptr, dlen, NULL, NULL, 0, 3) == ECF_ERR_NULL,
	            "sign_batch NULL sk");
	test_expect(ecf_p256_ecdsa_sign_batch(sig, NULL, (const uint8_t(*)[32])sk, dptr, dlen, NULL, NULL, 0, 3) ==
	                ECF_ERR_NULL,
	            "sign_batch NULL status");
	test_expect(ecf_p256_ecdsa_sign_batch(NULL, status, (const uint8_t(*)[32])sk, dptr, dlen, NULL, NULL, 0, 3) ==
	                ECF_ERR_NULL,
	            "sign_batch NULL sig");
	test_expect(status[0] == ECF_ERR_NULL && status[2] == ECF_ERR_NULL, "sign_batch NULL sig: statuses");
	memset(sig, 0x5a, sizeof sig);
	test_expect(ecf_p256_ecdsa_sign_batch(sig, status, (const uint8_t(*)[32])sk, dptr, dlen, NULL, NULL, 0, 0) ==
	                ECF_OK,
	            "sign_batch n = 0");
	test_expect(sig[0][0] == 0x5a, "sign_batch n = 0 wrote");
}

/* A valid key pair from the rng. */
static void keypair(test_rng *rng, uint8_t k[32], uint8_t p[65])
{
	pick_sk(rng, k, 99);
	test_expect(ecf_p256_public_key(p, k) == ECF_OK, "keypair");
}

/* Element i of a verification batch: a valid signature, then an edit (kind). */
static void make_verify_case(test_rng *rng, size_t i, unsigned kind)
{
	uint8_t k[32];
	keypair(rng, k, pk[i]);
	dlen[i] = DLENS[test_rng_next(rng) % (sizeof DLENS / sizeof DLENS[0])];
	test_rand_bytes(rng, dbuf[i], 64);
	dptr[i] = dlen[i] ? dbuf[i] : NULL;
	if (kind == 20 || kind == 21) { /* u1 G = +-u2 Q: e = +-r q, s = 2 r q / k' (GMP) */
		mpz_t q, kk, rr, e, sv, t;
		mpz_inits(q, kk, rr, e, sv, t, NULL);
		uint8_t kp[32], R[65];
		keypair(rng, kp, R);
		mpz_import(q, 32, 1, 1, 1, 0, k);
		mpz_import(kk, 32, 1, 1, 1, 0, kp);
		mpz_import(rr, 32, 1, 1, 1, 0, R + 1);
		mpz_mod(rr, rr, N);
		mpz_mul(e, rr, q);
		if (kind == 21)
			mpz_neg(e, e);
		mpz_mod(e, e, N);
		mpz_mul_ui(sv, rr, 2);
		mpz_mul(sv, sv, q);
		mpz_invert(t, kk, N);
		mpz_mul(sv, sv, t);
		mpz_mod(sv, sv, N);
		mpz_to_be32(sig[i], rr);
		mpz_to_be32(sig[i] + 32, sv);
		mpz_to_be32(dbuf[i], e);
		dptr[i] = dbuf[i];
		dlen[i] = 32;
		mpz_clears(q, kk, rr, e, sv, t, NULL);
		return;
	}
	if (kind == 22) { /* e = 0: u1 = 0 */
		memset(dbuf[i], 0, 64);
		dlen[i] = 1 + (test_rng_next(rng) % 64);
		dptr[i] = dbuf[i];
	}
	test_expect(ecf_p256_ecdsa_sign(sig[i], k, dptr[i], dlen[i], NULL, 0, (unsigned)(kind & 1)) == ECF_OK, "sign");
	switch (kind) {
	case 0:
		memset(sig[i], 0, 32);
		break; /* r = 0 */
	case 1:
		memset(sig[i] + 32, 0, 32);
		break; /* s = 0 */
	case 2:
		memcpy(sig[i], N_BE, 32);
		break; /* r = n */
	case 3:
		memcpy(sig[i] + 32, N_BE, 32);
		be_add_small(sig[i] + 32, 1);
		break; /* s = n + 1 */
	case 4:
		memset(sig[i], 0xff, 32);
		break;
	case 5:
		sig[i][(size_t)(test_rng_next(rng) % 64)] ^= (uint8_t)(1u << (test_rng_next(rng) % 8));
		break; /* tampered r or s */
	case 6:
		if (dlen[i] != 0)
			dbuf[i][(size_t)(test_rng_next(rng) % (dlen[i] < 32 ? dlen[i] : 32))] ^= 0x10;
		else
			dptr[i] = dbuf[i], dlen[i] = 32;
		break; /* tampered digest */
	case 7: {
		uint8_t k2[32];
		keypair(rng, k2, pk[i]);
		break; /* another key */
	}
	case 8:
		pk[i][64] ^= 1;
		break; /* not on the curve */
	case 9:
		memset(pk[i] + 1, 0xff, 32);
		break; /* x >= p */
	case 10:
		pk[i][0] = 0x03;
		break; /* compressed tag in 65 bytes */
	case 11:
		pk[i][0] = 0x07;
		break; /* unknown tag */
	case 12:
		memset(pk[i], 0, 65);
		break; /* tag 0 */
	case 13:
		if (dlen[i] != 0)
			dptr[i] = NULL;
		break; /* NULL digest with a length */
	case 14:
		memset(sig[i] + 32, 0, 32);
		memset(pk[i] + 1, 0xff, 32);
		break; /* bad key and s = 0: the key's status first */
	default:
		break; /* valid */
	}
}

static void test_verify_batch(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 32);
	long rounds = test_iterations(6);
	long checked = 0, ok_count = 0, special = 0;
	for (long r = 0; r < rounds; r++)
		for (size_t si = 0; si < sizeof SIZES / sizeof SIZES[0]; si++) {
			size_t n = SIZES[si];
			for (size_t i = 0; i < n; i++)
				make_verify_case(&rng, i, (unsigned)(test_rng_next(&rng) % 32));
			memset(status, 0x5a, sizeof status);
			int ret = ecf_p256_ecdsa_verify_batch(status, (const uint8_t(*)[64])sig,
			                                      (const uint8_t(*)[65])pk, dptr, dlen, n);
			int first = ECF_OK;
			for (size_t i = 0; i < n; i++) {
				int w = ecf_p256_ecdsa_verify(sig[i], pk[i], 65, dptr[i], dlen[i]);
				test_expect(status[i] == w,
				            "verify_batch round %ld n %zu element %zu: status %d, single %d", r, n, i,
				            status[i], w);
				if (first == ECF_OK)
					first = w;
				ok_count += w == ECF_OK;
#ifdef HAVE_OPENSSL
				if (w == ECF_OK || w == ECF_ERR_VERIFY) {
					int o = ossl_verify(sig[i], pk[i], dptr[i], dlen[i]);
					test_expect(
					    o == (w == ECF_OK),
					    "verify_batch round %ld n %zu element %zu: status %d, OpenSSL says %d", r,
					    n, i, w, o);
					checked++;
				}
#endif
			}
			test_expect(ret == first, "verify_batch round %ld n %zu returned %d, expected %d", r, n, ret,
			            first);
			for (size_t i = n; i < MAXN; i++)
				test_expect(status[i] == 0x5a5a5a5a, "verify_batch wrote element %zu of %zu", i, n);
		}
	/* Every lane of a full group on the exceptional sums, and their statuses. */
	for (unsigned kind = 20; kind <= 22; kind++) {
		for (size_t i = 0; i < 16; i++)
			make_verify_case(&rng, i, (i & 1) ? kind : 31);
		int ret = ecf_p256_ecdsa_verify_batch(status, (const uint8_t(*)[64])sig, (const uint8_t(*)[65])pk, dptr,
		                                      dlen, 16);
		for (size_t i = 0; i < 16; i++) {
			int w = ecf_p256_ecdsa_verify(sig[i], pk[i], 65, dptr[i], dlen[i]);
			test_expect(status[i] == w,
			            "verify_batch exceptional kind %u element %zu: status %d, single %d", kind, i,
			            status[i], w);
			int expect = (i & 1) && kind == 21 ? ECF_ERR_VERIFY : ECF_OK;
			test_expect(w == expect, "kind %u element %zu: single call %d, expected %d", kind, i, w,
			            expect);
			special++;
		}
		test_expect(ret == (kind == 21 ? ECF_ERR_VERIFY : ECF_OK), "exceptional kind %u: returned %d", kind,
		            ret);
	}
	fprintf(stderr, "# verify_batch: %ld valid, %ld verdicts checked by OpenSSL, %ld exceptional sums\n", ok_count,
	        checked, special);
	/* NULL arguments */
	test_expect(ecf_p256_ecdsa_verify_batch(status, (const uint8_t(*)[64])sig, (const uint8_t(*)[65])pk, NULL, dlen,
	                                        3) == ECF_ERR_NULL,
	            "verify_batch NULL digest");
	test_expect(status[0] == ECF_ERR_NULL && status[2] == ECF_ERR_NULL, "verify_batch NULL: statuses");
	test_expect(ecf_p256_ecdsa_verify_batch(status, NULL, (const uint8_t(*)[65])pk, dptr, dlen, 3) == ECF_ERR_NULL,
	            "verify_batch NULL sig");
	test_expect(ecf_p256_ecdsa_verify_batch(status, (const uint8_t(*)[64])sig, NULL, dptr, dlen, 3) == ECF_ERR_NULL,
	            "verify_batch NULL pk");
	test_expect(ecf_p256_ecdsa_verify_batch(status, (const uint8_t(*)[64])sig, (const uint8_t(*)[65])pk, dptr, NULL,
	                                        3) == ECF_ERR_NULL,
	            "verify_batch NULL digest_len");
	test_expect(ecf_p256_ecdsa_verify_batch(NULL, (const uint8_t(*)[64])sig, (const uint8_t(*)[65])pk, dptr, dlen,
	                                        3) == ECF_ERR_NULL,
	            "verify_batch NULL status");
	memset(status, 0x5a, sizeof status);
	test_expect(ecf_p256_ecdsa_verify_batch(status, (const uint8_t(*)[64])sig, (const uint8_t(*)[65])pk, dptr, dlen,
	                                        0) == ECF_OK,
	            "verify_batch n = 0");
	test_expect(status[0] == 0x5a5a5a5a, "verify_batch n = 0 wrote");
}

int main(int argc, char **argv)
{
	is_scalar_run = argc > 1 && strcmp(argv[1], "--scalar") == 0;
	int ifma = ECFI_TIER_ON(ecfi_cpu_flags, AVX512_IFMA);
	if (!is_scalar_run && !ifma) {
		printf("SKIP: no AVX-512 IFMA tier here (%s): the 8-lane ECDSA is not run; the scalar fallback is "
		       "test batch_ecdsa_scalar\n",
		       (ecfi_cpu_supported_kernels() & ECFI_KERNEL_AVX512_IFMA) ? "ECFIELD_DISABLE"
		                                                                : "the CPU or the build lacks it");
		return 77;
	}
	if (is_scalar_run && ifma) {
		fprintf(stderr, "# --scalar with the IFMA tier on: run it with ECFIELD_DISABLE=avx512_ifma\n");
		return 1;
	}
	fprintf(stderr, "# %s\n",
	        ifma ? "the 8-lane AVX-512 IFMA tier runs the full groups" : "the scalar fallback runs every element");
	mpz_init(N);
	test_mpz_set_hex(N, P256N_HEX);
	mpz_to_be32(N_BE, N);
#ifdef HAVE_OPENSSL
	grp = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
#else
	fprintf(stderr, "# OpenSSL (libcrypto) not found: the signatures are compared with the single calls only\n");
#endif
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sign_batch),
	    cmocka_unit_test(test_verify_batch),
	};
	int rc = cmocka_run_group_tests_name("batch_ecdsa", tests, NULL, NULL);
#ifdef HAVE_OPENSSL
	EC_GROUP_free(grp);
#endif
	mpz_clear(N);
	return rc;
}
