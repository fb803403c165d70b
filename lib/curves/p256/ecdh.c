/* P-256 key generation (FIPS 186-5 A.2.1 and A.4.2) and ECDH (SEC1 3.3.1). */
#include <ecfield/p256_ecdh.h>

#include "common/batch.h"
#include "common/declassify.h"
#include "curves/p256/group.h"
#include "curves/p256/point_ops.h"
#include "kernels/kernels.h"

/* d = (c mod (n - 1)) + 1 for the big-endian c of len bytes, bit by bit:
 * acc < n - 1 before each step, so 2 acc + bit < 2 (n - 1) and one
 * conditional subtraction keeps it below n - 1. Constant time in c. */
static void reduce_wide(uint64_t d[4], const uint8_t *c, size_t len)
{
	uint64_t acc[4] = {0}, nm1[4];
	ecfi_limbs_copy(nm1, P256_N, 4);
	nm1[0] -= 1; /* n - 1 (n is odd: no borrow) */
	for (size_t i = 0; i < len; i++) {
		for (int b = 7; b >= 0; b--) {
			uint64_t bit = (uint64_t)(c[i] >> b) & 1;
			uint64_t top = acc[3] >> 63;
			for (int j = 3; j > 0; j--)
				acc[j] = (acc[j] << 1) | (acc[j - 1] >> 63);
			acc[0] = (acc[0] << 1) | bit;
			ecfi_limbs_reduce_once(acc, acc, top, nm1, 4);
		}
	}
	static const uint64_t one[4] = {1, 0, 0, 0};
	ecfi_limbs_add(d, acc, one, 4);
	ecfi_wipe(acc, sizeof acc);
}

/* pk = d*G as 65 bytes. */
static void public_from_limbs(uint8_t pk[65], const uint64_t d[4], uint32_t tiers)
{
	point p;
	affine a;
	ecfi_p256_scalar_mult_base_limbs(&p, d, tiers);
	(void)ecfi_p256_point_to_affine_fast(&a, &p, tiers);
	pk[0] = 0x04;
	fe_to_bytes_mont(pk + 1, &a.x, tiers);
	fe_to_bytes_mont(pk + 33, &a.y, tiers);
	ecfi_wipe(&p, sizeof p);
	ecfi_wipe(&a, sizeof a);
}

/* Zero len bytes unless mask is all-ones. */
static void mask_bytes(uint8_t *buf, size_t len, uint64_t mask)
{
	for (size_t i = 0; i < len; i++)
		buf[i] &= (uint8_t)mask;
}

/* The three functions below that take a secret key hand it to a noinline
 * worker and then call ecfi_wipe_stack() (lib/common/wipe.h): on i386 the
 * key's limbs were found on the stack after key generation, in spill slots of
 * its frame that no ecfi_wipe of a named buffer reaches (the stack-scan test
 * of test_p256_group). The public functions themselves hold no secret. */
static ECFI_NOINLINE int keypair_worker(uint8_t pk[65], uint8_t sk[32], const uint8_t *seed, size_t seed_len)
{
	uint64_t d[4], ok = ~(uint64_t)0;
	if (seed_len == 32) /* the length is public */
		ok = ecfi_p256_scalar_load(d, seed);
	else
		reduce_wide(d, seed, seed_len);
	ecfi_p256_scalar_or_one(d, ok);
	ecfi_limbs_to_be(sk, 32, d);
	mask_bytes(sk, 32, ok);
	public_from_limbs(pk, d, ecfi_tiers());
	mask_bytes(pk, 65, ok);
	ecfi_wipe(d, sizeof d);
	return ecfi_status_from_mask(ECF_ERR_SCALAR, ~ok);
}

int ecf_p256_keypair(uint8_t pk[ECF_P256_PUBLIC_KEY_BYTES], uint8_t sk[ECF_P256_SECRET_KEY_BYTES], const uint8_t *seed,
                     size_t seed_len)
{
	if (pk == NULL || sk == NULL || seed == NULL || (seed_len != 32 && seed_len < 40)) {
		if (sk != NULL)
			ecfi_wipe(sk, ECF_P256_SECRET_KEY_BYTES);
		if (pk != NULL)
			ecfi_wipe(pk, ECF_P256_PUBLIC_KEY_BYTES);
		return (pk == NULL || sk == NULL || seed == NULL) ? ECF_ERR_NULL : ECF_ERR_LENGTH;
	}
	int status = keypair_worker(pk, sk, seed, seed_len);
	ecfi_wipe_stack();
	return status;
}

static ECFI_NOINLINE int public_key_worker(uint8_t pk[65], const uint8_t sk[32])
{
	uint64_t d[4];
	uint64_t ok = ecfi_p256_scalar_load(d, sk);
	ecfi_p256_scalar_or_one(d, ok);
	public_from_limbs(pk, d, ecfi_tiers());
	mask_bytes(pk, 65, ok);
	ecfi_wipe(d, sizeof d);
	return ecfi_status_from_mask(ECF_ERR_SCALAR, ~ok);
}

int ecf_p256_public_key(uint8_t pk[ECF_P256_PUBLIC_KEY_BYTES], const uint8_t sk[ECF_P256_SECRET_KEY_BYTES])
{
	if (pk == NULL)
		return ECF_ERR_NULL;
	if (sk == NULL) {
		ecfi_wipe(pk, ECF_P256_PUBLIC_KEY_BYTES);
		return ECF_ERR_NULL;
	}
	int status = public_key_worker(pk, sk);
	ecfi_wipe_stack();
	return status;
}

/* shared = x(d*q) for the decoded (public) peer point q. */
static ECFI_NOINLINE int ecdh_worker(uint8_t shared[32], const uint8_t sk[32], const point *q)
{
	point s;
	uint64_t d[4];
	uint64_t ok = ecfi_p256_scalar_load(d, sk);
	ecfi_p256_scalar_or_one(d, ok);
	uint32_t tiers = ecfi_tiers();
	ecfi_p256_scalar_mult_limbs(&s, d, q, tiers);
	affine a;
	uint64_t inf = ecfi_p256_point_to_affine_fast(&a, &s, tiers);
	fe_to_bytes_mont(shared, &a.x, tiers);
	mask_bytes(shared, 32, ok & ~inf);
	ecfi_wipe(d, sizeof d);
	ecfi_wipe(&s, sizeof s);
	ecfi_wipe(&a, sizeof a);
	return ecfi_status_from_mask(ECF_ERR_SCALAR, ~ok) | ecfi_status_from_mask(ECF_ERR_IDENTITY, ok & inf);
}

int ecf_p256_ecdh(uint8_t shared[ECF_P256_SHARED_BYTES], const uint8_t sk[ECF_P256_SECRET_KEY_BYTES],
                  const uint8_t *peer, size_t peer_len)
{
	if (shared == NULL)
		return ECF_ERR_NULL;
	ecfi_wipe(shared, ECF_P256_SHARED_BYTES);
	if (sk == NULL || peer == NULL)
		return ECF_ERR_NULL;
	point q;
	int status = ecfi_p256_point_decode(&q, peer, peer_len); /* the peer's point is public */
	if (status != ECF_OK)
		return status;
	status = ecdh_worker(shared, sk, &q);
	ecfi_wipe_stack();
	return status;
}

/* ---- Batches (ecf_p256_public_key_batch, ecf_p256_ecdh_batch) ----
 *
 * Full groups of 8 elements run on the 8-lane AVX-512 IFMA kernels where
 * the flag word has the avx512_ifma tier (family p256_batch); the rest, and
 * every element on other CPUs, through the single calls' workers. Each lane
 * computes what the single call computes (the same scalar recoding and the
 * same additions, lib/kernels/x86_64/p256x8_avx512_ifma.c), and its status
 * and output are made from its own values only: an invalid key or peer in
 * one lane runs with a harmless stand-in (scalar 1, the generator) and is
 * masked out, without changing another lane's work or timing. */

#define BATCH_LANES 8

#if ECFI_X86_64_KERNELS
/* 8 public keys on the IFMA tier. */
static ECFI_NOINLINE void public_key_worker8(uint8_t pk[][ECF_P256_PUBLIC_KEY_BYTES], int *status,
                                             const uint8_t sk[][ECF_P256_SECRET_KEY_BYTES])
{
	uint64_t k[4][BATCH_LANES], x[4][BATCH_LANES], y[4][BATCH_LANES], ok[BATCH_LANES], d[4];
	for (int l = 0; l < BATCH_LANES; l++) {
		ok[l] = ecfi_p256_scalar_load(d, sk[l]);
		ecfi_p256_scalar_or_one(d, ok[l]);
		for (int w = 0; w < 4; w++)
			k[w][l] = d[w];
	}
	_Static_assert(P256_BASE_WINDOWS == (257 + P256_BASE_W - 1) / P256_BASE_W, "the kernel's window count");
	ecfk_p256x8_scalar_mult_base_avx512_ifma(x, y, NULL, (const uint64_t(*)[BATCH_LANES])k,
	                                         ecfi_p256_base_table_words(), P256_BASE_W);
	for (int l = 0; l < BATCH_LANES; l++) {
		uint64_t xl[4], yl[4];
		for (int w = 0; w < 4; w++) {
			xl[w] = x[w][l];
			yl[w] = y[w][l];
		}
		pk[l][0] = 0x04;
		ecfi_limbs_to_be(pk[l] + 1, 32, xl);
		ecfi_limbs_to_be(pk[l] + 33, 32, yl);
		mask_bytes(pk[l], ECF_P256_PUBLIC_KEY_BYTES, ok[l]);
		status[l] = ecfi_status_from_mask(ECF_ERR_SCALAR, ~ok[l]);
	}
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(d, sizeof d);
}

/* 8 ECDH on the IFMA tier: q[l] decoded (public), valid[l] all-ones where
 * the peer decoded; other lanes multiply the generator and are zeroed. */
static ECFI_NOINLINE void ecdh_worker8(uint8_t shared[][ECF_P256_SHARED_BYTES], int *status,
                                       const uint8_t sk[][ECF_P256_SECRET_KEY_BYTES], const point *q,
                                       const int *decoded)
{
	uint64_t k[4][BATCH_LANES], px[4][BATCH_LANES], py[4][BATCH_LANES], x[4][BATCH_LANES], inf[BATCH_LANES],
	    ok[BATCH_LANES], d[4];
	for (int l = 0; l < BATCH_LANES; l++) {
		ok[l] = ecfi_p256_scalar_load(d, sk[l]);
		ecfi_p256_scalar_or_one(d, ok[l]);
		const fe *qx = decoded[l] == ECF_OK ? &q[l].x : &P256_GX_MONT; /* public */
		const fe *qy = decoded[l] == ECF_OK ? &q[l].y : &P256_GY_MONT;
		for (int w = 0; w < 4; w++) {
			k[w][l] = d[w];
			px[w][l] = qx->limb[w];
			py[w][l] = qy->limb[w];
		}
	}
	ecfk_p256x8_scalar_mult_avx512_ifma(x, NULL, inf, (const uint64_t(*)[BATCH_LANES])k,
	                                    (const uint64_t(*)[BATCH_LANES])px, (const uint64_t(*)[BATCH_LANES])py);
	for (int l = 0; l < BATCH_LANES; l++) {
		uint64_t xl[4];
		for (int w = 0; w < 4; w++)
			xl[w] = x[w][l];
		ecfi_limbs_to_be(shared[l], 32, xl);
		mask_bytes(shared[l], 32, ok[l] & ~inf[l]);
		int st = ecfi_status_from_mask(ECF_ERR_SCALAR, ~ok[l]) |
		         ecfi_status_from_mask(ECF_ERR_IDENTITY, ok[l] & inf[l]);
		if (decoded[l] != ECF_OK) { /* public */
			ecfi_wipe(shared[l], ECF_P256_SHARED_BYTES);
			st = decoded[l];
		}
		status[l] = st;
	}
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(d, sizeof d);
	ecfi_wipe(x, sizeof x);
}
#endif

int ecf_p256_public_key_batch(uint8_t pk[][ECF_P256_PUBLIC_KEY_BYTES], int status[],
                              const uint8_t sk[][ECF_P256_SECRET_KEY_BYTES], size_t n)
{
	if (pk == NULL || status == NULL || sk == NULL)
		return ecfi_batch_null(pk, ECF_P256_PUBLIC_KEY_BYTES, status, n);
	size_t i = 0;
	const uint32_t tiers = ecfi_tiers();
	(void)tiers;
#if ECFI_X86_64_KERNELS
	if (ECFI_TIER_ON(tiers, AVX512_IFMA))
		for (; n - i >= BATCH_LANES; i += BATCH_LANES)
			public_key_worker8(pk + i, status + i, sk + i);
#endif
	for (; i < n; i++)
		status[i] = public_key_worker(pk[i], sk[i]);
	ecfi_wipe_stack_32k(); /* the 8-lane kernels' tables: 15 KiB */
	return ecfi_batch_result(status, n);
}

int ecf_p256_ecdh_batch(uint8_t shared[][ECF_P256_SHARED_BYTES], int status[],
                        const uint8_t sk[][ECF_P256_SECRET_KEY_BYTES], const uint8_t peer[][ECF_P256_PUBLIC_KEY_BYTES],
                        size_t n)
{
	if (shared == NULL || status == NULL || sk == NULL || peer == NULL)
		return ecfi_batch_null(shared, ECF_P256_SHARED_BYTES, status, n);
	size_t i = 0;
	const uint32_t tiers = ecfi_tiers();
	(void)tiers;
#if ECFI_X86_64_KERNELS
	if (ECFI_TIER_ON(tiers, AVX512_IFMA)) {
		for (; n - i >= BATCH_LANES; i += BATCH_LANES) {
			point q[BATCH_LANES];
			int decoded[BATCH_LANES];
			for (int l = 0; l < BATCH_LANES; l++) /* the peers are public */
				decoded[l] = ecfi_p256_point_decode(&q[l], peer[i + l], ECF_P256_PUBLIC_KEY_BYTES);
			ecdh_worker8(shared + i, status + i, sk + i, q, decoded);
		}
	}
#endif
	for (; i < n; i++) {
		point q;
		ecfi_wipe(shared[i], ECF_P256_SHARED_BYTES);
		int st = ecfi_p256_point_decode(&q, peer[i], ECF_P256_PUBLIC_KEY_BYTES);
		status[i] = st != ECF_OK ? st : ecdh_worker(shared[i], sk[i], &q);
	}
	ecfi_wipe_stack_32k(); /* the 8-lane kernels' tables: 15 KiB */
	return ecfi_batch_result(status, n);
}
