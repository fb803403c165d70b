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
	uint32_t tiers = ecfi_tiers();
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
		jac_dbl(&r, &p, tiers);
		ct_sink_bytes(&r, sizeof r);
		jac_madd(&r, &p, &a, tiers);
		ct_sink_bytes(&r, sizeof r);
		jac_add(&r, &p, &q, tiers);
		ct_sink_bytes(&r, sizeof r);
		jac_dbl_n(&r, &p, 5, tiers); /* n public, the point secret */
		ct_sink_bytes(&r, sizeof r);
		jac_dbl_n(&r, &r, (unsigned)i % 3 + 1, tiers);
		ct_sink_bytes(&r, sizeof r);
		r = p;
		jac_dbl(&r, &r, tiers);
		jac_madd(&r, &r, &a, tiers);
		jac_add(&r, &r, &q, tiers);
		jac_add(&r, &q, &r, tiers);
		ct_sink_bytes(&r, sizeof r);
	}
}

/* The fused mixed addition and scan of the fixed base
 * (ecfk_p256_jac_madd_scan_mulx_adx_avx2, MULX/ADX and AVX2): secret point,
 * entry and digit (every digit 0..64 and 65 over the rounds), the public
 * table of window 1; r = p and next = q aliased in every other round. Run by
 * ct_test.c with the AVX2 scans on (the flag word must have both bits). */
static void ct_p256_madd_scan(ct_rng *rng)
{
#if ECFI_X86_64_KERNELS
	uint32_t tiers = ecfi_tiers();
	if (!(ECFI_TIER_ON(tiers, MULX_ADX) && ECFI_TIER_ON(tiers, AVX2)))
		return;
	int rounds = ct_rounds < 66 ? 66 : ct_rounds;
	for (int i = 0; i < rounds; i++) {
		point p, r;
		affine a;
		uint64_t next[8], d = (uint64_t)(i % 66);
		uint64_t *c[5] = {p.x.limb, p.y.limb, p.z.limb, a.x.limb, a.y.limb};
		for (int k = 0; k < 5; k++) {
			ct_rand(rng, c[k], 4);
			c[k][3] &= 0x7fffffffffffffffULL; /* below p */
		}
		if (i == 0)
			memset(p.z.limb, 0, 32); /* the identity */
		CT_SECRET(&p, sizeof p);
		CT_SECRET(&a, sizeof a);
		CT_SECRET(&d, sizeof d);
		const uint64_t *table = (const uint64_t *)p256_base_table[1];
		if (i & 1) {
			r = p;
			ecfk_p256_jac_madd_scan_mulx_adx_avx2((uint64_t *)&r, (const uint64_t *)&r,
			                                      (const uint64_t *)&a, (uint64_t *)&a, table, d);
			ct_sink_bytes(&a, sizeof a);
		} else {
			ecfk_p256_jac_madd_scan_mulx_adx_avx2((uint64_t *)&r, (const uint64_t *)&p,
			                                      (const uint64_t *)&a, next, table, d);
			ct_sink_bytes(next, sizeof next);
		}
		ct_sink_bytes(&r, sizeof r);
	}
#else
	(void)rng;
#endif
}
