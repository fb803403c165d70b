/*
 * The Ed25519 batch verification (ecfield/ed25519.h): ecf_ed25519_verify_batch.
 * Groups of eight elements go to the tier of family ed25519_verify_batch
 * (lib/dispatch/tiers.h: avx512_ifma, the 8-lane [S]B - [k]A of
 * lib/kernels/x86_64/ed25519_verify8_avx512_ifma.c) when the CPU has it; the
 * last n mod 8 elements, and every element elsewhere, run the single call's
 * worker (ecfi_ed25519_verify_one), so each element gets the single call's
 * status on every tier.
 *
 * In a group, each lane gets the single call's checks in the single call's
 * order: the NULL check of msg; the strict decoding of A (y >= p:
 * ECF_ERR_RANGE, here; the square root, ECF_ERR_NOT_ON_CURVE, and x = 0 with
 * the sign bit, ECF_ERR_ENCODING: in the kernel, which decodes 8 keys at
 * once); S < l (ECF_ERR_RANGE); then k = SHA-512(R || A || M) mod l (the
 * single call's ecfi_ed25519_challenge; the 8 lanes' hashes at once, by the
 * 8-lane SHA-512 of lib/kernels/x86_64/sha512x8_avx512.h). A lane that failed gets its status
 * and runs on in the kernel with the identity for A or zero scalars (its
 * output is ignored): lanes never mix. The kernel returns the canonical
 * encoding of R' = [S]B + [k](-A), which is compared with R's 32 bytes as the
 * single call compares it (a non-canonical R never matches).
 * Public data only: variable time, no wipe.
 */
#include <string.h>

#include "common/batch.h"
#include "curves/curve25519/ed25519_internal.h"
#include "dispatch/cpu.h"
#include "ecfield/ed25519.h"
#include "fields/p25519_internal.h"
#include "kernels/x86_64/ed25519_verify8_avx512_ifma.h"
#include "kernels/x86_64/sha512x8_avx512.h"
#include "sc25519_internal.h"

/* The inputs of one group of eight for an 8-lane kernel, and the statuses
 * decided before it (ECF_OK: none yet); s_bad: S >= l. */
typedef struct {
	uint8_t pk[8][32], k[8][32], s[8][32];
	int st[8], s_bad[8], hash[8]; /* hash: k is to be computed (challenge8) */
} group8;

/* Before the kernel, in the single call's order: the NULL message; y >= p
 * (ECF_ERR_RANGE, the first check of the strict decoding; the kernel does
 * the rest of it); S < l; then k. A lane failed here computes with the
 * identity (y = 1) and zero scalars; a lane with S >= l still has its key
 * decoded (a decoding error comes first), with zero scalars. */
static inline void prepare_lane(group8 *g, int j, const uint8_t sig[64], const uint8_t pk[32], const uint8_t *msg,
                                size_t msg_len)
{
	ecf_p25519_fe y;
	ecf_sc25519_fe S;
	uint8_t yb[32];
	int st = ECF_ERR_NULL;
	memcpy(yb, pk, 32);
	yb[31] &= 127;
	if (msg != NULL || msg_len == 0)
		st = ecfi_p25519_from_bytes(&y, yb, 32); /* ECF_OK or ECF_ERR_RANGE (y >= p) */
	g->st[j] = st;
	g->hash[j] = 0;
	g->s_bad[j] = ecfi_sc25519_from_bytes(&S, sig + 32, 32) != ECF_OK; /* S >= l */
	memset(g->k[j], 0, 32);
	memset(g->s[j], 0, 32);
	if (st != ECF_OK) {
		memset(g->pk[j], 0, 32);
		g->pk[j][0] = 1;
		return;
	}
	memcpy(g->pk[j], pk, 32);
	if (g->s_bad[j])
		return;
	g->hash[j] = 1;
	memcpy(g->s[j], sig + 32, 32);
}

/* k = SHA-512(R || A || M) mod l for the lanes that need it (g->hash[j]),
 * the 8 hashes on 8 lanes (sha8: sha512x8_avx512.h; the other lanes hash an
 * empty message, for nothing): the single call's ecfi_ed25519_challenge. */
typedef void sha8_fn(uint8_t out[8][64], const ecfi_sha512x8_msg in[8]);
__attribute__((unused)) /* where no tier of ed25519_verify_batch is built */
static void
challenge8(sha8_fn *sha8, group8 *g, const uint8_t sig[][64], const uint8_t pk[][32], const uint8_t *const msg[],
           const size_t msg_len[])
{
	ecfi_sha512x8_msg in[8];
	uint8_t h[8][64];
	memset(in, 0, sizeof in);
	for (int j = 0; j < 8; j++) {
		if (!g->hash[j])
			continue;
		in[j].p[0] = sig[j];
		in[j].len[0] = 32;
		in[j].p[1] = pk[j];
		in[j].len[1] = 32;
		in[j].p[2] = msg[j];
		in[j].len[2] = msg_len[j];
	}
	sha8(h, in);
	for (int j = 0; j < 8; j++) {
		if (!g->hash[j])
			continue;
		ecf_sc25519_fe k;
		(void)ecfi_sc25519_from_bytes_reduce(&k, h[j], 64);
		ecfi_sc25519_to_bytes(g->k[j], &k);
	}
}

/* The single call's comparison: R' encoded against R's bytes. */
static inline int compare_r(const uint8_t enc[32], const uint8_t R[32])
{
	uint8_t d = 0;
	for (int i = 0; i < 32; i++)
		d |= (uint8_t)(enc[i] ^ R[i]);
	return d == 0 ? ECF_OK : ECF_ERR_VERIFY;
}

/* A lane's status, in the single call's order: NULL or y >= p, then the
 * rest of the decoding (not on the curve; x = 0 with the sign bit), S >= l,
 * the comparison. */
static inline int lane_status(const group8 *g, int j, unsigned bad, unsigned xzero, const uint8_t enc[32],
                              const uint8_t sig[64])
{
	if (g->st[j] != ECF_OK)
		return g->st[j];
	if ((bad >> j) & 1)
		return ECF_ERR_NOT_ON_CURVE;
	if (((xzero >> j) & 1) && (g->pk[j][31] >> 7))
		return ECF_ERR_ENCODING;
	if (g->s_bad[j])
		return ECF_ERR_RANGE;
	return compare_r(enc, sig);
}

int ecf_ed25519_verify_batch(int status[], const uint8_t sig[][64], const uint8_t pk[][32], const uint8_t *const msg[],
                             const size_t msg_len[], size_t n)
{
	if (status == NULL || sig == NULL || pk == NULL || msg == NULL || msg_len == NULL)
		return ecfi_batch_null(NULL, 0, status, n);
	const uint32_t tiers = ecfi_tiers();
	size_t i = 0;
	(void)tiers;
	/* A tier of ed25519_verify_batch: its 8-lane kernel on every full group. */
#define GROUPS_OF_8(tier, ...)                                                                                         \
	for (; n - i >= 8; i += 8) {                                                                                   \
		group8 g;                                                                                              \
		uint8_t enc[8][32], bad, xzero;                                                                        \
		for (int j = 0; j < 8; j++)                                                                            \
			prepare_lane(&g, j, sig[i + j], pk[i + j], msg[i + j], msg_len[i + j]);                        \
		challenge8(ECFI_CAT(ecfi_sha512x8_, tier), &g, sig + i, pk + i, msg + i, msg_len + i);                 \
		ECFI_CAT(ecfk_ed25519_verify8_vartime_, tier)                                                          \
		(enc, &bad, &xzero, (const uint8_t(*)[32])g.pk, (const uint8_t(*)[32])g.k, (const uint8_t(*)[32])g.s); \
		for (int j = 0; j < 8; j++)                                                                            \
			status[i + j] = lane_status(&g, j, bad, xzero, enc[j], sig[i + j]);                            \
	}
	ECFI_DISPATCH_EACH(ed25519_verify_batch, tiers, GROUPS_OF_8, ~) {}
#undef GROUPS_OF_8
	for (; i < n; i++)
		status[i] = (msg[i] == NULL && msg_len[i] != 0)
		                ? ECF_ERR_NULL
		                : ecfi_ed25519_verify_one(sig[i], pk[i], msg[i], msg_len[i]);
	return ecfi_batch_result(status, n);
}
