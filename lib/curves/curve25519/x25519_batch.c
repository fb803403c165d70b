/*
 * The X25519 batch calls (ecfield/x25519.h): ecf_x25519_batch and
 * ecf_x25519_public_key_batch. Groups of eight elements go to the tier of
 * family x25519_batch (lib/dispatch/tiers.h: avx512_ifma, the 8-lane ladder
 * of lib/kernels/x86_64/x25519_avx512_ifma.c; for the public keys the 8-lane
 * edwards25519 fixed-base multiplication of ed25519x8_avx512_ifma.c and u =
 * (Z + Y) / (Z - Y)) when the CPU has it; the last
 * n mod 8 elements, and every element elsewhere, run the single call's worker
 * (ecfi_x25519_one, ecfi_x25519_base_one), so each element gets the bytes and
 * status of the single call on every tier. One stack wipe for the whole
 * batch, after the worker (ecfi_wipe_stack): the scalar path costs the n
 * single calls minus n - 1 wipes (ecfi_wipe_stack_16k: the 8-lane kernels' frames
 * are deeper than ecfi_wipe_stack's 8 KiB under clang).
 */
#include <string.h>

#include "common/declassify.h"
#include "common/limbs.h"
#include "common/wipe.h"
#include "curves/curve25519/x25519_internal.h"
#include "dispatch/cpu.h"
#include "ecfield/x25519.h"
#include "kernels/x86_64/ed25519x8_avx512_ifma.h"
#include "kernels/x86_64/x25519_avx512_ifma.h"

/* The contributory check of a lane: nonzero is 1 when the result is not all
 * zero (the kernel computes it in the vector registers). */
static inline int lane_status(uint64_t nonzero)
{
	return ecfi_status_from_mask(ECF_ERR_SMALL_ORDER, ~ecfi_mask_nonzero(nonzero));
}

static ECFI_NOINLINE void batch_worker(uint8_t shared[][32], int status[], const uint8_t sk[][32],
                                       const uint8_t peer[][32], size_t n)
{
	const uint32_t tiers = ecfi_tiers();
	size_t i = 0;
	(void)tiers;
	/* A tier of x25519_batch: its 8-lane kernel on every full group. */
#define GROUPS_OF_8(tier, ...)                                                                                         \
	for (; n - i >= 8; i += 8) {                                                                                   \
		uint64_t nonzero[8];                                                                                   \
		ECFI_CAT(ecfk_x25519_ladder8_, tier)(shared + i, nonzero, sk + i, peer + i);                           \
		for (size_t j = 0; j < 8; j++)                                                                         \
			status[i + j] = lane_status(nonzero[j]);                                                       \
	}
	ECFI_DISPATCH_EACH(x25519_batch, tiers, GROUPS_OF_8, ~) {}
#undef GROUPS_OF_8
	for (; i < n; i++)
		status[i] = ecfi_x25519_one(shared[i], sk[i], peer[i]);
}

int ecf_x25519_batch(uint8_t shared[][32], int status[], const uint8_t sk[][32], const uint8_t peer[][32], size_t n)
{
	if (shared == NULL || status == NULL || sk == NULL || peer == NULL) {
		if (shared != NULL)
			ecfi_wipe(shared, 32 * n);
		if (status != NULL)
			for (size_t i = 0; i < n; i++)
				status[i] = ECF_ERR_NULL;
		return ECF_ERR_NULL;
	}
	batch_worker(shared, status, sk, peer, n);
	ecfi_wipe_stack_16k(); /* the 8-lane kernels' frames */
	/* The statuses are public (docs/api.md): published before the branch. */
	ecfi_declassify(status, n * sizeof status[0]);
	for (size_t i = 0; i < n; i++)
		if (status[i] != ECF_OK)
			return status[i];
	return ECF_OK;
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
	if (pk == NULL || sk == NULL) {
		if (pk != NULL)
			ecfi_wipe(pk, 32 * n);
		return ECF_ERR_NULL;
	}
	base_batch_worker(pk, sk, n);
	ecfi_wipe_stack_16k(); /* the 8-lane kernels' frames */
	return ECF_OK;
}
