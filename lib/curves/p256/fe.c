/* GF(p256) inversion and square root for the group code, on the tier the
 * caller chose (see fe.h). */
#include "curves/p256/fe.h"

#include "common/modinv.h"

/* The field constants and safegcd parameters (lib/common/field_params.py). */
#include "p256_params.h"

void ecfi_p256_curve_inv(fe *r, const fe *a, unsigned fast)
{
	/* a = xR. safegcd gives 1/(xR); a Montgomery multiplication by R^3 makes it R/x. */
	fe t, r3;
	ecfi_modinv(t.limb, a->limb, &MODINV);
	ecfi_limbs_copy(r3.limb, R3, 4);
	fe_mul(r, &t, &r3, fast);
}

uint64_t ecfi_p256_curve_sqrt(fe *r, const fe *a, unsigned fast)
{
	/* p = 3 mod 4: a^((p+1)/4), (p+1)/4 = 2^254 - 2^222 + 2^190 + 2^94
	 * (the same fixed chain as ecf_p256_sqrt). */
	fe x = *a, t;
	for (int i = 1; i < 32; i++)
		fe_sqrn_mul(&x, &x, 1, a, fast); /* x = a^(2^32 - 1) */
	fe_sqrn_mul(&x, &x, 32, a, fast);
	fe_sqrn_mul(&x, &x, 96, a, fast);
	for (int i = 0; i < 94; i++)
		fe_sqr(&x, &x, fast);
	fe_sqr(&t, &x, fast);
	uint64_t ok = fe_equal_mask(&t, a);
	*r = x;
	return ok;
}
