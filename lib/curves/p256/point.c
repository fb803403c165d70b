/* P-256 points: SEC1 decoding and encoding, the group law, affine conversions. */
#include <string.h>

#include "common/declassify.h"
#include "curves/p256/group.h"
#include "curves/p256/point_ops.h"

void ecf_p256_point_identity(ecf_p256_point *r) { pt_identity(r); }

void ecf_p256_point_generator(ecf_p256_point *r)
{
	r->x = P256_GX_MONT;
	r->y = P256_GY_MONT;
	r->z = P256_ONE;
}

/* y^2 = x^3 - 3x + b: rhs = x^3 - 3x + b (Montgomery domain). */
static void curve_rhs(fe *rhs, const fe *x, uint32_t tiers)
{
	fe t, x3;
	fe_sqr(&t, x, tiers);
	fe_mul(&t, &t, x, tiers);
	fe_add(&x3, x, x);
	fe_add(&x3, &x3, x);
	fe_sub(&t, &t, &x3);
	fe_add(rhs, &t, &P256_B_MONT);
}

/* Load 32 big-endian bytes; all-ones mask if the value is < p. */
static uint64_t fe_load_canonical(fe *r, const uint8_t in[32])
{
	ecfi_limbs_from_be(r->limb, 4, in, 32);
	uint64_t ok = fe_lt_p_mask(r);
	for (int i = 0; i < 4; i++)
		r->limb[i] &= ok;
	return ok;
}

int ecfi_p256_point_decode(ecf_p256_point *r, const uint8_t *in, size_t len)
{
	if (r == NULL)
		return ECF_ERR_NULL;
	pt_identity(r);
	if (in == NULL)
		return ECF_ERR_NULL;
	if (len != 1 && len != ECF_P256_POINT_COMPRESSED_BYTES && len != ECF_P256_POINT_BYTES)
		return ECF_ERR_LENGTH;
	uint8_t tag = in[0];
	if (len == 1 && tag == 0x00)
		return ECF_ERR_IDENTITY;
	if (tag != 0x02 && tag != 0x03 && tag != 0x04)
		return ECF_ERR_ENCODING;
	if ((tag == 0x04) != (len == ECF_P256_POINT_BYTES) || len == 1)
		return ECF_ERR_LENGTH;

	uint32_t tiers = ecfi_tiers();
	fe x, y, rhs, t;
	uint64_t ok = fe_load_canonical(&x, in + 1);
	if (tag == 0x04)
		ok &= fe_load_canonical(&y, in + 33);
	ecfi_declassify(&ok, sizeof ok); /* the status is public (the coordinates stay secret) */
	if (!ok)
		return ECF_ERR_RANGE;
	fe_to_mont(&x, &x, tiers);
	curve_rhs(&rhs, &x, tiers);
	if (tag == 0x04) {
		fe_to_mont(&y, &y, tiers);
		fe_sqr(&t, &y, tiers);
		ok = fe_equal_mask(&t, &rhs);
	} else {
		ok = fe_sqrt(&y, &rhs);
		/* Pick the root whose plain value has the parity of the tag. */
		uint64_t flip = ecfi_mask_from_bit((fe_parity_mont(&y, tiers) ^ (uint64_t)tag) & 1);
		fe_cneg(&y, flip);
	}
	ecfi_declassify(&ok, sizeof ok);
	if (!ok)
		return ECF_ERR_NOT_ON_CURVE;
	r->x = x;
	r->y = y;
	r->z = P256_ONE;
	return ECF_OK;
}

int ecf_p256_point_from_bytes(ecf_p256_point *r, const uint8_t *in, size_t len)
{
	return ecfi_p256_point_decode(r, in, len);
}

uint64_t ecfi_p256_point_to_affine_fast(ecf_p256_affine *r, const ecf_p256_point *p, uint32_t tiers)
{
	fe zinv;
	fe_inv(&zinv, &p->z); /* 0 for the identity */
	fe_mul(&r->x, &p->x, &zinv, tiers);
	fe_mul(&r->y, &p->y, &zinv, tiers);
	return fe_zero_mask(&p->z);
}

/* SEC1 encoding of the affine a of a point (inf: all-ones for the identity,
 * which gives zeros), len = 33 or 65. Constant time. */
static void encode_affine(uint8_t *out, size_t len, const ecf_p256_affine *a, uint64_t inf, uint32_t tiers)
{
	fe_to_bytes_mont(out + 1, &a->x, tiers);
	if (len == ECF_P256_POINT_BYTES) {
		out[0] = 0x04;
		fe_to_bytes_mont(out + 33, &a->y, tiers);
	} else {
		out[0] = (uint8_t)(0x02 | fe_parity_mont(&a->y, tiers));
	}
	for (size_t i = 0; i < len; i++)
		out[i] &= (uint8_t)~inf;
}

int ecf_p256_point_to_bytes(uint8_t *out, size_t len, const ecf_p256_point *p)
{
	if (out == NULL)
		return ECF_ERR_NULL;
	if (p == NULL || (len != ECF_P256_POINT_BYTES && len != ECF_P256_POINT_COMPRESSED_BYTES)) {
		memset(out, 0, len);
		return p == NULL ? ECF_ERR_NULL : ECF_ERR_LENGTH;
	}
	uint32_t tiers = ecfi_tiers();
	ecf_p256_affine a;
	uint64_t inf = ecfi_p256_point_to_affine_fast(&a, p, tiers);
	/* No branch on whether p is the identity: the output is masked and the
	 * status computed (the identity cannot be encoded: zeros and an error). */
	encode_affine(out, len, &a, inf, tiers);
	return ecfi_status_from_mask(ECF_ERR_IDENTITY, inf);
}

/* compress and decompress: decode (full validation), then encode; the
 * decoded point has Z = 1, so its Montgomery x and y are the affine ones. */
static int reencode(uint8_t *out, size_t out_len, const uint8_t *in, size_t len)
{
	if (out == NULL)
		return ECF_ERR_NULL;
	point q;
	int status = ecfi_p256_point_decode(&q, in, len); /* in may alias out: read first */
	if (status != ECF_OK) {
		memset(out, 0, out_len);
		return status;
	}
	ecf_p256_affine a = {q.x, q.y};
	encode_affine(out, out_len, &a, 0, ecfi_tiers());
	return ECF_OK;
}

int ecf_p256_point_compress(uint8_t out[ECF_P256_POINT_COMPRESSED_BYTES], const uint8_t *in, size_t len)
{
	return reencode(out, ECF_P256_POINT_COMPRESSED_BYTES, in, len);
}

int ecf_p256_point_decompress(uint8_t out[ECF_P256_POINT_BYTES], const uint8_t *in, size_t len)
{
	return reencode(out, ECF_P256_POINT_BYTES, in, len);
}

void ecf_p256_point_add(ecf_p256_point *r, const ecf_p256_point *p, const ecf_p256_point *q)
{
	pt_add(r, p, q, ecfi_tiers());
}

void ecf_p256_point_sub(ecf_p256_point *r, const ecf_p256_point *p, const ecf_p256_point *q)
{
	point nq = *q;
	fe_neg(&nq.y, &q->y);
	pt_add(r, p, &nq, ecfi_tiers());
}

/* The mixed formula (algorithm 5) is complete for every affine point of the
 * curve, but (0, 0), the affine identity, is not one: for it the formula
 * gives a wrong point, so p is selected instead, in constant time (the
 * formula always runs; both coordinates are tested with masks). */
void ecf_p256_point_add_affine(ecf_p256_point *r, const ecf_p256_point *p, const ecf_p256_affine *q)
{
	point t;
	uint64_t inf = fe_zero_mask(&q->x) & fe_zero_mask(&q->y);
	pt_madd(&t, p, q, ecfi_tiers());
	pt_cmov(&t, p, inf); /* p read before r is written: r may alias p */
	*r = t;
}

void ecf_p256_point_double(ecf_p256_point *r, const ecf_p256_point *p) { pt_dbl(r, p, ecfi_tiers()); }

void ecf_p256_point_neg(ecf_p256_point *r, const ecf_p256_point *p)
{
	r->x = p->x;
	fe_neg(&r->y, &p->y);
	r->z = p->z;
}

int ecf_p256_point_is_identity(const ecf_p256_point *p) { return (int)(fe_zero_mask(&p->z) & 1); }

int ecf_p256_point_equal(const ecf_p256_point *p, const ecf_p256_point *q)
{
	/* X1 Z2 = X2 Z1 and Y1 Z2 = Y2 Z1; both identities are equal, an identity
	 * and a proper point are not (the products are then 0 on one side only). */
	uint32_t tiers = ecfi_tiers();
	fe a, b, c, d;
	fe_mul(&a, &p->x, &q->z, tiers);
	fe_mul(&b, &q->x, &p->z, tiers);
	fe_mul(&c, &p->y, &q->z, tiers);
	fe_mul(&d, &q->y, &p->z, tiers);
	uint64_t pi = fe_zero_mask(&p->z), qi = fe_zero_mask(&q->z);
	uint64_t same = fe_equal_mask(&a, &b) & fe_equal_mask(&c, &d) & ~pi & ~qi;
	return (int)((same | (pi & qi)) & 1);
}

void ecf_p256_point_cmov(ecf_p256_point *r, const ecf_p256_point *a, int cond) { pt_cmov(r, a, ecfi_mask_cond(cond)); }

void ecf_p256_point_select(ecf_p256_point *r, const ecf_p256_point *a, const ecf_p256_point *b, int cond)
{
	point t = *b;
	pt_cmov(&t, a, ecfi_mask_cond(cond));
	*r = t;
}

void ecf_p256_point_to_affine(ecf_p256_affine *r, const ecf_p256_point *p)
{
	(void)ecfi_p256_point_to_affine_fast(r, p, ecfi_tiers());
}

void ecf_p256_point_from_affine(ecf_p256_point *r, const ecf_p256_affine *a)
{
	uint64_t inf = fe_zero_mask(&a->x) & fe_zero_mask(&a->y);
	r->x = a->x;
	r->y = a->y;
	r->z = P256_ONE;
	point id;
	pt_identity(&id);
	pt_cmov(r, &id, inf);
}

int ecf_p256_point_batch_to_affine(ecf_p256_affine *r, const ecf_p256_point *p, size_t n)
{
	if (n == 0)
		return ECF_OK;
	if (r == NULL || p == NULL) {
		if (r != NULL)
			memset(r, 0, n * sizeof *r);
		return ECF_ERR_NULL;
	}
	uint32_t tiers = ecfi_tiers();
	/* Montgomery's trick: r[i].x holds z_0 ... z_{i-1} (identities count as 1). */
	fe acc = P256_ONE, z;
	for (size_t i = 0; i < n; i++) {
		r[i].x = acc;
		z = p[i].z;
		fe_cmov(&z, &P256_ONE, fe_zero_mask(&p[i].z));
		fe_mul(&acc, &acc, &z, tiers);
	}
	fe inv;
	fe_inv(&inv, &acc); /* 1 / (z_0 ... z_{n-1}) */
	for (size_t i = n; i-- > 0;) {
		fe zinv;
		uint64_t inf = fe_zero_mask(&p[i].z);
		fe_mul(&zinv, &inv, &r[i].x, tiers); /* 1 / z_i */
		z = p[i].z;
		fe_cmov(&z, &P256_ONE, inf);
		fe_mul(&inv, &inv, &z, tiers); /* 1 / (z_0 ... z_{i-1}) */
		fe_mul(&r[i].x, &p[i].x, &zinv, tiers);
		fe_mul(&r[i].y, &p[i].y, &zinv, tiers);
		fe zero;
		fe_zero(&zero);
		fe_cmov(&r[i].x, &zero, inf);
		fe_cmov(&r[i].y, &zero, inf);
	}
	return ECF_OK;
}
