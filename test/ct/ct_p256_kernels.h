/* The P-256 Jacobian point operations of lib/curves/p256/point_ops.h
 * (jac_dbl, jac_dbl_n, jac_madd, jac_add) called directly with secret inputs: on the
 * MULX/ADX tier the fused routines p256_jac_*_mulx_adx.S, on the portable
 * tier their C bodies. The public operations reach jac_dbl and jac_madd
 * through the scalar multiplications (ct_p256_group.h); jac_add is covered
 * here whether or not a caller uses it yet. Edge coordinates (0, p - 1,
 * Z = 0) in the first rounds, then random ones; every aliasing the functions
 * allow. Included by ct_test.c. */
#include "curves/p256/point_ops.h"

static void ct_p256_jac(ct_rng *rng)
{
	unsigned fast = (unsigned)ecfi_cpu_flags;
	for (int i = 0; i < ct_rounds; i++) {
		point p, q, r;
		affine a;
		uint64_t *c[8] = {p.x.limb, p.y.limb, p.z.limb, q.x.limb, q.y.limb, q.z.limb, a.x.limb, a.y.limb};
		for (int k = 0; k < 8; k++) {
			if (i == 0)
				memset(c[k], 0, 32);
			else if (i == 1) {
				memcpy(c[k], ecfi_p256_M, 32); /* p - 1 */
				c[k][0] -= 1;
			} else {
				ct_rand(rng, c[k], 4);
				c[k][3] &= 0x7fffffffffffffffULL; /* below p */
			}
		}
		if (i == 2)
			memset(p.z.limb, 0, 32); /* the identity */
		CT_SECRET(&p, sizeof p);
		CT_SECRET(&q, sizeof q);
		CT_SECRET(&a, sizeof a);
		jac_dbl(&r, &p, fast);
		ct_sink_bytes(&r, sizeof r);
		jac_madd(&r, &p, &a, fast);
		ct_sink_bytes(&r, sizeof r);
		jac_add(&r, &p, &q, fast);
		ct_sink_bytes(&r, sizeof r);
		jac_dbl_n(&r, &p, 5, fast); /* n public, the point secret */
		ct_sink_bytes(&r, sizeof r);
		jac_dbl_n(&r, &r, (unsigned)i % 3 + 1, fast);
		ct_sink_bytes(&r, sizeof r);
		r = p;
		jac_dbl(&r, &r, fast);
		jac_madd(&r, &r, &a, fast);
		jac_add(&r, &r, &q, fast);
		jac_add(&r, &q, &r, fast);
		ct_sink_bytes(&r, sizeof r);
	}
}
