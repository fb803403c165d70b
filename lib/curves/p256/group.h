/*
 * Hidden entry points shared by the files of the P-256 group (points, scalar
 * multiplication, ECDH, ECDSA), and by the tests. Scalars here are four
 * 64-bit limbs, least significant first, plain domain, below n.
 */
#ifndef ECFI_P256_GROUP_H
#define ECFI_P256_GROUP_H

#include <ecfield/p256_point.h>

#include "common/internal.h"
#include "fields/p256n_internal.h"
#include "hash/sha2.h"

/* The group order n, least significant limb first (generated: p256n_params.h). */
#define P256_N ecfi_p256n_M

/* d = the 32 big-endian bytes; returns all-ones if 1 <= d < n (a valid
 * private key or ECDSA signing key), else 0. */
static inline uint64_t ecfi_p256_scalar_load(uint64_t d[4], const uint8_t in[32])
{
	ecfi_limbs_from_be(d, 4, in, 32);
	return ecfi_limbs_lt_mask(d, P256_N, 4) & ~ecfi_limbs_zero_mask(d, 4);
}

/* d = 1 where ok is 0 (an invalid key), d unchanged where ok is all-ones:
 * the computation goes on with a harmless key and its results are masked
 * away, so that nothing branches on the validity of a secret key; only the
 * returned status tells it. */
static inline void ecfi_p256_scalar_or_one(uint64_t d[4], uint64_t ok)
{
	for (int i = 0; i < 4; i++)
		d[i] &= ok;
	d[0] |= 1 & ~ok;
}

/* k = the 32 big-endian bytes mod n (any 256-bit value is below 2n). */
ECFI_HIDDEN void ecfi_p256_scalar_from_bytes_reduce(uint64_t k[4], const uint8_t in[32]);

/* The scalar multiplications on limb scalars k < n, with the tier chosen by the caller. */
ECFI_HIDDEN void ecfi_p256_scalar_mult_limbs(ecf_p256_point *r, const uint64_t k[4], const ecf_p256_point *p,
                                             uint32_t tiers);
ECFI_HIDDEN void ecfi_p256_scalar_mult_base_limbs(ecf_p256_point *r, const uint64_t k[4], uint32_t tiers);
/* u1 G + u2 Q in JACOBIAN coordinates (x = X/Z^2, y = Y/Z^3; Z = 0 for the
 * identity), variable time. */
ECFI_HIDDEN void ecfi_p256_double_scalar_mult_vartime_jac(ecf_p256_point *r, const uint64_t u1[4], const uint64_t u2[4],
                                                          const ecf_p256_point *q, uint32_t tiers);
/* The same with the affine odd multiples Q, 3Q, ..., (2^(W-1) - 1) Q of a
 * point Q != O (a prepared ECDSA key) for a window W = ECFI_P256_PREP_W on
 * u2; ecfi_p256_odd_multiples_affine makes the table (one inversion). */
#define ECFI_P256_PREP_W 7
#define ECFI_P256_PREP_ENTRIES (1 << (ECFI_P256_PREP_W - 2))
ECFI_HIDDEN void ecfi_p256_double_scalar_mult_vartime_jac_table(ecf_p256_point *r, const uint64_t u1[4],
                                                                const uint64_t u2[4],
                                                                const ecf_p256_affine table[ECFI_P256_PREP_ENTRIES],
                                                                uint32_t tiers);
ECFI_HIDDEN void ecfi_p256_odd_multiples_affine(ecf_p256_affine table[ECFI_P256_PREP_ENTRIES], const ecf_p256_point *q,
                                                uint32_t tiers);
ECFI_HIDDEN void ecfi_p256_double_scalar_mult_vartime_limbs(ecf_p256_point *r, const uint64_t u1[4],
                                                            const uint64_t u2[4], const ecf_p256_point *q,
                                                            uint32_t tiers);

/* RFC 6979 section 3.2 with HMAC-SHA-256 and qlen = 256, for q = n: the
 * HMAC-DRBG state (K, V). init runs steps b-g with x (32 bytes),
 * bits2octets(digest) and the additional data extra (section 3.6, may be
 * empty); next returns the next candidate k in [1, n - 1] (step h, looping
 * over rejected candidates; a second call first runs step h.3's update, as
 * after a signature with r = 0 or s = 0). Whether a candidate was rejected is
 * declassified (common/declassify.h). The same code for another q is a test
 * hook (testhooks/p256_hooks.h). */
typedef struct ecfi_p256_rfc6979 {
	ecfi_hmac_sha256_key hk; /* K as its HMAC states (K itself is not kept) */
	uint8_t v[32];
	int started;
} ecfi_p256_rfc6979;
ECFI_HIDDEN void ecfi_p256_rfc6979_init(ecfi_p256_rfc6979 *g, const uint8_t x[32], const uint8_t *digest,
                                        size_t digest_len, const uint8_t *extra, size_t extra_len);
ECFI_HIDDEN void ecfi_p256_rfc6979_next(ecfi_p256_rfc6979 *g, uint64_t k[4]);

/* The fixed-base windows (p256_base_table: P256_BASE_WINDOWS rows of
 * P256_BASE_ENTRIES affine points, 8 words each), for the batch kernels. */
ECFI_HIDDEN const uint64_t *ecfi_p256_base_table_words(void);

/* ecf_p256_point_from_bytes, for callers inside the library. */
ECFI_HIDDEN int ecfi_p256_point_decode(ecf_p256_point *r, const uint8_t *in, size_t len);

/* Affine x and y of p (Montgomery domain), one inversion; identity -> (0, 0),
 * and the returned mask is all-ones if p was the identity. */
ECFI_HIDDEN uint64_t ecfi_p256_point_to_affine_fast(ecf_p256_affine *r, const ecf_p256_point *p, uint32_t tiers);

#endif
