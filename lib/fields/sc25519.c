/* Scalars mod l, the edwards25519 group order: the generic Montgomery field
 * (mont_field_impl.h, little-endian encodings) plus the plain-domain
 * operations Ed25519 uses (from_bytes_reduce, muladd) and clamping. */
#include "fields/sc25519_internal.h"

#include "common/wipe.h"

#define FIELD sc25519
#define FIELD_LIMBS 4
#define FIELD_BYTES 32
#define FIELD_BIG_ENDIAN 0
#include "fields/mont_field_impl.h"

/* The exported names of the generic field, one line each (as in p256.c;
 * checked against the library by test names_findable). */
ECFI_EXPORT_ALIAS(ecf_sc25519_mul, ecfi_sc25519_mul);
ECFI_EXPORT_ALIAS(ecf_sc25519_sqr, ecfi_sc25519_sqr);
ECFI_EXPORT_ALIAS(ecf_sc25519_redc, ecfi_sc25519_redc);
ECFI_EXPORT_ALIAS(ecf_sc25519_from_bytes, ecfi_sc25519_from_bytes);
ECFI_EXPORT_ALIAS(ecf_sc25519_to_bytes, ecfi_sc25519_to_bytes);
ECFI_EXPORT_ALIAS(ecf_sc25519_to_mont, ecfi_sc25519_to_mont);
ECFI_EXPORT_ALIAS(ecf_sc25519_from_mont, ecfi_sc25519_from_mont);
ECFI_EXPORT_ALIAS(ecf_sc25519_inv, ecfi_sc25519_inv);
ECFI_EXPORT_ALIAS(ecf_sc25519_lookup, ecfi_sc25519_lookup);
ECFI_EXPORT_ALIAS(ecf_sc25519_zero, ecfi_sc25519_zero);
ECFI_EXPORT_ALIAS(ecf_sc25519_one, ecfi_sc25519_one);
ECFI_EXPORT_ALIAS(ecf_sc25519_set_u64, ecfi_sc25519_set_u64);
ECFI_EXPORT_ALIAS(ecf_sc25519_add, ecfi_sc25519_add);
ECFI_EXPORT_ALIAS(ecf_sc25519_sub, ecfi_sc25519_sub);
ECFI_EXPORT_ALIAS(ecf_sc25519_neg, ecfi_sc25519_neg);
ECFI_EXPORT_ALIAS(ecf_sc25519_is_zero, ecfi_sc25519_is_zero);
ECFI_EXPORT_ALIAS(ecf_sc25519_equal, ecfi_sc25519_equal);
ECFI_EXPORT_ALIAS(ecf_sc25519_cmov, ecfi_sc25519_cmov);
ECFI_EXPORT_ALIAS(ecf_sc25519_select, ecfi_sc25519_select);
ECFI_EXPORT_ALIAS(ecf_sc25519_cswap, ecfi_sc25519_cswap);
ECFI_EXPORT_ALIAS(ecf_sc25519_cneg, ecfi_sc25519_cneg);

/* x mod l for any 256-bit x: redc([x, 0]) = x/R mod l (valid: the high half
 * 0 is below l), then a Montgomery multiply by R^2 mod l gives x mod l. */
static void reduce256(ecf_sc25519_fe *r, const uint64_t x[4])
{
	uint64_t t[8] = {x[0], x[1], x[2], x[3], 0, 0, 0, 0};
	ecf_sc25519_fe r2;
	ecfi_sc25519_redc(r, t);
	ecfi_limbs_copy(r2.limb, ecfi_sc25519_R2, 4);
	ecfi_sc25519_mul(r, r, &r2);
	ecfi_wipe(t, sizeof t);
}

int ecfi_sc25519_from_bytes_reduce(ecf_sc25519_fe *r, const uint8_t *in, size_t len)
{
	if (r == NULL)
		return ECF_ERR_NULL;
	ecfi_sc25519_zero(r);
	if (in == NULL)
		return ECF_ERR_NULL;
	if (len != 32 && len != 64)
		return ECF_ERR_LENGTH;
	uint64_t t[8];
	ecfi_limbs_from_le(t, 4, in, 32);
	if (len == 32) { /* the length is public */
		reduce256(r, t);
	} else {
		/* x = lo + hi*2^256. With h = hi mod l < l, t = [lo, h] < l*R, so
		 * redc(t) = x/R mod l; the multiply by R^2 mod l gives x mod l. */
		ecf_sc25519_fe h, r2;
		ecfi_limbs_from_le(t + 4, 4, in + 32, 32);
		reduce256(&h, t + 4);
		ecfi_limbs_copy(t + 4, h.limb, 4);
		ecfi_sc25519_redc(r, t);
		ecfi_limbs_copy(r2.limb, ecfi_sc25519_R2, 4);
		ecfi_sc25519_mul(r, r, &r2);
		ecfi_wipe(&h, sizeof h);
	}
	ecfi_wipe(t, sizeof t);
	return ECF_OK;
}
ECFI_EXPORT_ALIAS(ecf_sc25519_from_bytes_reduce, ecfi_sc25519_from_bytes_reduce);

void ecfi_sc25519_muladd(ecf_sc25519_fe *r, const ecf_sc25519_fe *a, const ecf_sc25519_fe *b, const ecf_sc25519_fe *c)
{
	/* mul(a, b) = ab/R; mul(ab/R, R^2) = ab. c is read before r is written. */
	ecf_sc25519_fe t, r2, cc = *c;
	ecfi_sc25519_mul(&t, a, b);
	ecfi_limbs_copy(r2.limb, ecfi_sc25519_R2, 4);
	ecfi_sc25519_mul(&t, &t, &r2);
	ecfi_sc25519_add(r, &t, &cc);
	ecfi_wipe(&t, sizeof t);
	ecfi_wipe(&cc, sizeof cc);
}
ECFI_EXPORT_ALIAS(ecf_sc25519_muladd, ecfi_sc25519_muladd);

void ecfi_sc25519_clamp(uint8_t out[32], const uint8_t in[32])
{
	for (int i = 0; i < 32; i++)
		out[i] = in[i];
	out[0] &= 248;
	out[31] &= 127;
	out[31] |= 64;
}
ECFI_EXPORT_ALIAS(ecf_sc25519_clamp, ecfi_sc25519_clamp);
