/* P-256 key generation (FIPS 186-5 A.2.1 and A.4.2) and ECDH (SEC1 3.3.1). */
#include <ecfield/p256_ecdh.h>

#include "curves/p256/group.h"
#include "curves/p256/point_ops.h"

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
