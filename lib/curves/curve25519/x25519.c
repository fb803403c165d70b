/*
 * X25519 (RFC 7748): the Montgomery ladder on u-coordinates for ecf_x25519,
 * and the edwards25519 fixed-base comb plus the birational map
 * u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y) for ecf_x25519_base.
 */
#include "ecfield/x25519.h"

#include <string.h>

#include "common/wipe.h"
#include "curves/curve25519/edwards25519_internal.h"

static void clamp(uint8_t k[32], const uint8_t scalar[32])
{
	memcpy(k, scalar, 32);
	k[0] &= 248;
	k[31] &= 127;
	k[31] |= 64;
}

/* The ladder of RFC 7748 section 5 with (x2 : z2) = k*u, (x3 : z3) = (k+1)*u.
 * The lazy field needs no reduction inside: every kernel, add and sub takes
 * and returns any 256-bit value. */
static void ladder(uint32_t fl, fe *x_out, fe *z_out, const uint8_t k[32], const fe *x1)
{
	fe x2 = {{1, 0, 0, 0}}, z2 = {{0, 0, 0, 0}}, x3 = *x1, z3 = {{1, 0, 0, 0}};
	fe a, aa, b, bb, e, c, d, da, cb;
	uint64_t swap = 0;
	for (int i = 254; i >= 0; i--) {
		uint64_t bit = (uint64_t)(k[i >> 3] >> (i & 7)) & 1;
		uint64_t m = ecfi_mask_from_bit(swap ^ bit);
		ecfi_limbs_cswap(x2.limb, x3.limb, m, 4);
		ecfi_limbs_cswap(z2.limb, z3.limb, m, 4);
		swap = bit;
		ecfi_p25519_add(&a, &x2, &z2);
		ecfi_p25519_sub(&b, &x2, &z2);
		ecfi_p25519_add(&c, &x3, &z3);
		ecfi_p25519_sub(&d, &x3, &z3);
		fe_sqr(fl, &aa, &a);
		fe_sqr(fl, &bb, &b);
		fe_mul(fl, &da, &d, &a);
		fe_mul(fl, &cb, &c, &b);
		ecfi_p25519_sub(&e, &aa, &bb);
		ecfi_p25519_add(&x3, &da, &cb);
		ecfi_p25519_sub(&z3, &da, &cb);
		fe_sqr(fl, &x3, &x3);
		fe_sqr(fl, &z3, &z3);
		fe_mul(fl, &z3, &z3, x1);
		fe_mul(fl, &x2, &aa, &bb);
		ecfi_p25519_mul_small(&z2, &e, 121666); /* a24 + 1: z2 = e (bb + 121666 e) */
		ecfi_p25519_add(&z2, &z2, &bb);
		fe_mul(fl, &z2, &z2, &e);
	}
	uint64_t m = ecfi_mask_from_bit(swap);
	ecfi_limbs_cswap(x2.limb, x3.limb, m, 4);
	ecfi_limbs_cswap(z2.limb, z3.limb, m, 4);
	*x_out = x2;
	*z_out = z2;
	ecfi_wipe(&x2, sizeof x2);
	ecfi_wipe(&z2, sizeof z2);
	ecfi_wipe(&x3, sizeof x3);
	ecfi_wipe(&z3, sizeof z3);
	ecfi_wipe(&a, sizeof a);
	ecfi_wipe(&aa, sizeof aa);
	ecfi_wipe(&b, sizeof b);
	ecfi_wipe(&bb, sizeof bb);
	ecfi_wipe(&e, sizeof e);
	ecfi_wipe(&c, sizeof c);
	ecfi_wipe(&d, sizeof d);
	ecfi_wipe(&da, sizeof da);
	ecfi_wipe(&cb, sizeof cb);
	swap = 0;
}

int ecf_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
	if (out == NULL || scalar == NULL || u == NULL)
		return ECF_ERR_NULL;
	const uint32_t fl = fe_flags();
	uint8_t k[32];
	fe x1, x, z;
	clamp(k, scalar);
	(void)ecfi_p25519_from_bytes(&x1, u, 32); /* masks bit 255, reduces */
	ladder(fl, &x, &z, k, &x1);
	ecfi_p25519_inv(&z, &z); /* 1/0 = 0: the point at infinity gives u = 0 */
	fe_mul(fl, &x, &x, &z);
	ecfi_p25519_to_bytes(out, &x);
	/* Contributory check: OR the bytes, turn "all zero" into a mask. */
	uint64_t acc = 0;
	for (int i = 0; i < 32; i++)
		acc |= out[i];
	uint64_t zero = ~ecfi_mask_nonzero(acc);
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(&x1, sizeof x1);
	ecfi_wipe(&x, sizeof x);
	ecfi_wipe(&z, sizeof z);
	return (int)(int64_t)((uint64_t)(int64_t)ECF_ERR_SMALL_ORDER & zero);
}

int ecf_x25519_base(uint8_t out[32], const uint8_t scalar[32])
{
	if (out == NULL || scalar == NULL)
		return ECF_ERR_NULL;
	const uint32_t fl = fe_flags();
	uint8_t k[32];
	ecfi_ed_p3 p;
	fe n, d;
	clamp(k, scalar);
	ecfi_edwards25519_scalar_mult_base(fl, &p, k);
	/* u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y); Z - Y != 0 since the clamped
	 * scalar is never a multiple of l, so p is never the identity. */
	ecfi_p25519_add(&n, &p.Z, &p.Y);
	ecfi_p25519_sub(&d, &p.Z, &p.Y);
	ecfi_p25519_inv(&d, &d);
	fe_mul(fl, &n, &n, &d);
	ecfi_p25519_to_bytes(out, &n);
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(&p, sizeof p);
	ecfi_wipe(&n, sizeof n);
	ecfi_wipe(&d, sizeof d);
	return ECF_OK;
}
