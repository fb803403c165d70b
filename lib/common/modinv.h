/* modinv.h - constant-time modular inversion (Bernstein-Yang safegcd / divsteps).
 *
 * Internal to libecfield: hidden visibility, not part of the public API.
 *
 * Method: "Fast constant-time gcd computation and modular inversion",
 * D. J. Bernstein and B.-Y. Yang, 2019 (https://gcd.cr.yp.to/papers.html),
 * organised as in libsecp256k1's doc/safegcd_implementation.md: batches of
 * up to 62 divsteps are computed on the low 64 bits of f and g only, giving a
 * 2x2 transition matrix (scaled by 2^62) that is then applied to f, g (signed
 * 62-bit limbs) and to d, e (with a modular correction so that the division by
 * 2^62 is exact).
 *
 * Parameters of a modulus are precomputed by lib/common/modinv_params.py,
 * which prints a C initializer for ecfi_modinv_params.
 */
#ifndef ECFI_MODINV_H
#define ECFI_MODINV_H

#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
#define ECFI_MODINV_HIDDEN __attribute__((visibility("hidden")))
#else
#define ECFI_MODINV_HIDDEN
#endif

/* Largest supported modulus is 768 bits: ceil((768 + 2) / 62) = 13 limbs. */
#define ECFI_MODINV_MAX_LIMBS62 13
#define ECFI_MODINV_MAX_LIMBS64 12

/* Parameters of one odd modulus m (3 <= m < 2^768), precomputed once.
 * Fields are plain data so a field's C file can define them as a
 * static const initializer (generate it with modinv_params.py). */
typedef struct ecfi_modinv_params {
	/* m in signed-62-bit limbs, little-endian: m = sum modulus62[i] * 2^(62 i),
	 * every limb in [0, 2^62); limbs at index >= nlimbs62 are 0. */
	int64_t modulus62[ECFI_MODINV_MAX_LIMBS62];
	/* m^-1 mod 2^62 (in [0, 2^62)). */
	uint64_t modulus_inv62;
	/* Number of 64-bit limbs of m (and of in/out of ecfi_modinv). */
	uint16_t nlimbs;
	/* Number of signed-62 limbs used for f, g, d, e: ceil((bits(m) + 2) / 62). */
	uint16_t nlimbs62;
	/* Divsteps per batch (1..62) and number of batches: steps_per_batch *
	 * nbatches is at least the proven iteration bound for the variant below. */
	uint16_t steps_per_batch;
	uint16_t nbatches;
	/* 2 * initial delta: 1 selects "half-delta" divsteps (hddivsteps, delta
	 * starts at 1/2; 590 steps proven for m <= 2^256 + small), 2 selects the
	 * original divsteps (delta starts at 1; Bernstein-Yang Theorem 11.2). */
	int16_t delta0x2;
} ecfi_modinv_params;

/* out = in^-1 mod m. in and out are m->nlimbs 64-bit little-endian limbs and
 * in must be canonical (in < m). By definition the inverse of 0 is 0 (and any
 * in not coprime to m gives an unspecified result, impossible for prime m).
 * Constant time: no branch or memory index depends on the value of in.
 * out may alias in. No heap; stack use is bounded (about 1 KiB). */
ECFI_MODINV_HIDDEN
void ecfi_modinv(uint64_t *out, const uint64_t *in, const ecfi_modinv_params *m);

/* out = scale * in^-1 mod m, for the same cost as ecfi_modinv (scale seeds
 * the Bezout coefficient that becomes the inverse). scale is m->nlimbs
 * 64-bit limbs, canonical (scale < m), or NULL for 1. in = 0 gives 0. With scale = R^2 mod m
 * and in = xR (Montgomery form), out = R/x: the Montgomery-form inverse
 * without the multiplication by R^3. out may alias in or scale. Constant
 * time in in and scale. */
ECFI_MODINV_HIDDEN
void ecfi_modinv_scaled(uint64_t *out, const uint64_t *in, const uint64_t *scale, const ecfi_modinv_params *m);

#endif /* ECFI_MODINV_H */
