/*
 * The X25519 batch calls (ecfield/x25519.h): ecf_x25519_batch and
 * ecf_x25519_public_key_batch. Groups of eight elements go to the tier of
 * family x25519_batch (lib/dispatch/tiers.h: avx512_ifma, the 8-lane ladder
 * of lib/kernels/x86_64/x25519_avx512_ifma.c; for the public keys the 8-lane
 * edwards25519 fixed-base multiplication of ed25519x8_avx512_ifma.c and u =
 * (Z + Y) / (Z - Y)) when the CPU has it; the last
 * n mod 8 elements, and every element elsewhere, run the single call's worker
 * (ecfi_x25519_one, ecfi_x25519_base_one), so each element gets the bytes and
 * status of the single call on every tier. The 8-lane ladder stops before
 * its division: ecfi_x25519_finish divides up to 64 elements (8 groups) with
 * one scalar inversion. One stack wipe for the whole
 * batch, after the worker (ecfi_wipe_stack): the scalar path costs the n
 * single calls minus n - 1 wipes (ecfi_wipe_stack_16k: the 8-lane kernels' frames
 * are deeper than ecfi_wipe_stack's 8 KiB under clang).
 */
#include <string.h>

#include "common/batch.h"
#include "common/declassify.h"
#include "common/limbs.h"
#include "common/wipe.h"
#include "curves/curve25519/fe.h"
#include "curves/curve25519/x25519_internal.h"
#include "dispatch/cpu.h"
#include "ecfield/x25519.h"
#include "kernels/x86_64/ed25519x8_avx512_ifma.h"
#include "kernels/x86_64/x25519_avx512_ifma.h"

/* out[j] = x_j / z_j for j < m, by Montgomery's trick: the prefix products
 * z_0 z_1 ... z_j, one inversion of the last (ecfi_p25519_inv: safegcd,
 * constant time), then back down, z_j^-1 = (z_0 ... z_j)^-1 (z_0 ... z_j-1)
 * and (z_0 ... z_j-1)^-1 = (z_0 ... z_j)^-1 z_j: 3 (m - 1) multiplications and
 * one inversion where each lane had its own inversion (an 8-lane chain of
 * 254 squarings in the vector unit, 10.9k ticks per group of 8, against
 * about 3.2k for the one scalar inversion). A lane with z_j = 0 (the point
 * at infinity, from a peer of small order) would make every product 0: it
 * divides by 1 instead and its x_j is zeroed first, so it gives 0, as the
 * single call's 1/0 = 0 does; both by masks, nothing depends on which lane
 * it is. On entry out[j] and z[j] hold x_j and z_j canonical little-endian
 * (the 8-lane ladder's outputs); on return out[j] is the canonical encoding
 * of x_j / z_j and status[j] the single call's status for it. */
void ecfi_x25519_finish(uint32_t tiers, uint8_t out[][32], int status[], const uint8_t z[][32], size_t m)
{
	fe zs[ECFI_X25519_FINISH_MAX], pre[ECFI_X25519_FINISH_MAX], inv, zi, r;
	uint64_t keep[ECFI_X25519_FINISH_MAX];
	if (m == 0 || m > ECFI_X25519_FINISH_MAX) /* public sizes: not reached from the worker */
		return;
	for (size_t j = 0; j < m; j++) {
		ecfi_limbs_from_le(zs[j].limb, 4, z[j], 32);
		keep[j] = ~ecfi_limbs_zero_mask(zs[j].limb, 4); /* all ones where z_j != 0 */
		zs[j].limb[0] |= 1 & ~keep[j];
		if (j == 0)
			pre[0] = zs[0];
		else
			ecfi_p25519_mul_with(tiers, &pre[j], &pre[j - 1], &zs[j]);
	}
	ecfi_p25519_inv(&inv, &pre[m - 1]); /* (z_0 ... z_m-1)^-1 */
	for (size_t j = m; j-- > 0;) {
		if (j > 0) {
			ecfi_p25519_mul_with(tiers, &zi, &inv, &pre[j - 1]);
			ecfi_p25519_mul_with(tiers, &inv, &inv, &zs[j]);
		} else {
			zi = inv;
		}
		ecfi_limbs_from_le(r.limb, 4, out[j], 32);
		for (int k = 0; k < 4; k++)
			r.limb[k] &= keep[j];
		ecfi_p25519_mul_with(tiers, &r, &r, &zi);
		ecfi_p25519_to_bytes(out[j], &r);
		/* the contributory check, as the single call: OR the bytes */
		uint64_t acc = 0;
		for (int k = 0; k < 32; k++)
			acc |= out[j][k];
		status[j] = ecfi_status_from_mask(ECF_ERR_SMALL_ORDER, ~ecfi_mask_nonzero(acc));
	}
	ecfi_wipe(zs, sizeof zs);
	ecfi_wipe(pre, sizeof pre);
	ecfi_wipe(keep, sizeof keep);
	ecfi_wipe(&inv, sizeof inv);
	ecfi_wipe(&zi, sizeof zi);
	ecfi_wipe(&r, sizeof r);
}

static ECFI_NOINLINE void batch_worker(uint8_t shared[][32], int status[], const uint8_t sk[][32],
                                       const uint8_t peer[][32], size_t n)
{
	const uint32_t tiers = ecfi_tiers();
	size_t i = 0;
	(void)tiers;
	/* A tier of x25519_batch: its 8-lane kernel on every full group, x into
	 * shared (each group's x overwrites only that group's inputs, read
	 * before), z into zb; then one division of up to 64 elements (8 groups). */
#define GROUPS_OF_8(tier, ...)                                                                                         \
	while (n - i >= 8) {                                                                                           \
		uint8_t zb[ECFI_X25519_FINISH_MAX][32];                                                                \
		size_t m = 0;                                                                                          \
		for (; n - i - m >= 8 && m < ECFI_X25519_FINISH_MAX; m += 8)                                           \
			ECFI_CAT(ecfk_x25519_ladder8_, tier)(shared + i + m, zb + m, sk + i + m, peer + i + m);        \
		ecfi_x25519_finish(tiers, shared + i, status + i, (const uint8_t(*)[32])zb, m);                        \
		ecfi_wipe(zb, sizeof zb);                                                                              \
		i += m;                                                                                                \
	}
	ECFI_DISPATCH_EACH(x25519_batch, tiers, GROUPS_OF_8, ~) {}
#undef GROUPS_OF_8
	for (; i < n; i++)
		status[i] = ecfi_x25519_one(shared[i], sk[i], peer[i]);
}

int ecf_x25519_batch(uint8_t shared[][32], int status[], const uint8_t sk[][32], const uint8_t peer[][32], size_t n)
{
	if (shared == NULL || status == NULL || sk == NULL || peer == NULL)
		return ecfi_batch_null(shared, 32, status, n);
	batch_worker(shared, status, sk, peer, n);
	ecfi_wipe_stack_16k(); /* the 8-lane kernels' frames */
	return ecfi_batch_result(status, n);
}

static ECFI_NOINLINE void base_batch_worker(uint8_t pk[][32], const uint8_t sk[][32], size_t n)
{
	const uint32_t tiers = ecfi_tiers();
	size_t i = 0;
	(void)tiers;
#define GROUPS_OF_8(tier, ...)                                                                                         \
	for (; n - i >= 8; i += 8)                                                                                     \
		ECFI_CAT(ecfk_x25519_base8_, tier)(pk + i, sk + i);
	ECFI_DISPATCH_EACH(x25519_batch, tiers, GROUPS_OF_8, ~) {}
#undef GROUPS_OF_8
	for (; i < n; i++)
		ecfi_x25519_base_one(pk[i], sk[i]);
}

int ecf_x25519_public_key_batch(uint8_t pk[][32], const uint8_t sk[][32], size_t n)
{
	if (pk == NULL || sk == NULL)
		return ecfi_batch_null(pk, 32, NULL, n);
	base_batch_worker(pk, sk, n);
	ecfi_wipe_stack_16k(); /* the 8-lane kernels' frames */
	return ECF_OK;
}
