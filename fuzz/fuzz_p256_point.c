/*
 * libFuzzer target: SEC1 point decoding of the P-256 group on every kernel
 * tier. Properties: every tier gives the same status and point; the status
 * is one of the documented codes and an error leaves the identity; an
 * accepted encoding is canonical (re-encoding the point in the same form
 * gives the input back), the other form decodes to the same point, and the
 * decoded point satisfies 2P = P + P and P - P = O (add of the negation and
 * point_sub). compress and decompress (issue 19) return from_bytes' status
 * for every input, zero their output on error and give to_bytes' forms of
 * the decoded point on success; add_affine takes the affine identity (0, 0)
 * (P + (0, 0) = P) and P's own affine form (P + P = 2P).
 */
#include "ecfield/p256_point.h"
#include "fuzz_common.h"

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_p256_point: %s\n", what);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint32_t tiers[8];
	size_t nt = fz_tiers(tiers);
	uint32_t saved = ecfi_cpu_flags;
	int st0 = 0;
	uint8_t first[65];
	for (size_t t = 0; t < nt; t++) {
		ecfi_cpu_flags = tiers[t];
		ecf_p256_point p, q, r;
		int st = ecf_p256_point_from_bytes(&p, data, size);
		if (t == 0)
			st0 = st;
		else if (st != st0)
			fail("tiers disagree on the status");
		uint8_t cz[33], dz[65];
		memset(cz, 0xa5, sizeof cz);
		memset(dz, 0xa5, sizeof dz);
		if (ecf_p256_point_compress(cz, data, size) != st || ecf_p256_point_decompress(dz, data, size) != st)
			fail("compress/decompress status differs from from_bytes");
		if (st != ECF_OK) {
			for (size_t i = 0; i < sizeof dz; i++)
				if (dz[i] != 0 || (i < sizeof cz && cz[i] != 0))
					fail("compress/decompress error left bytes");
			if (st != ECF_ERR_LENGTH && st != ECF_ERR_ENCODING && st != ECF_ERR_RANGE &&
			    st != ECF_ERR_NOT_ON_CURVE && st != ECF_ERR_IDENTITY && st != ECF_ERR_NULL)
				fail("undocumented status");
			if (!ecf_p256_point_is_identity(&p))
				fail("an error left a point");
			continue;
		}
		uint8_t out[65], other[65];
		if (ecf_p256_point_to_bytes(out, size, &p) != ECF_OK || memcmp(out, data, size) != 0)
			fail("accepted a non-canonical encoding");
		if (t == 0)
			memcpy(first, out, size);
		else if (memcmp(first, out, size) != 0)
			fail("tiers disagree on the point");
		size_t ol = size == 65 ? 33 : 65;
		if (ecf_p256_point_to_bytes(other, ol, &p) != ECF_OK ||
		    ecf_p256_point_from_bytes(&q, other, ol) != ECF_OK || !ecf_p256_point_equal(&p, &q))
			fail("the other form does not round trip");
		uint8_t c33[33], u65[65];
		if (ecf_p256_point_to_bytes(c33, 33, &p) != ECF_OK || ecf_p256_point_to_bytes(u65, 65, &p) != ECF_OK ||
		    memcmp(cz, c33, 33) != 0 || memcmp(dz, u65, 65) != 0)
			fail("compress/decompress differ from to_bytes");
		ecf_p256_point_add(&q, &p, &p);
		ecf_p256_point_double(&r, &p);
		if (!ecf_p256_point_equal(&q, &r))
			fail("P + P != 2P");
		ecf_p256_affine a, o;
		ecf_p256_point_to_affine(&a, &p);
		ecf_p256_point_add_affine(&q, &p, &a);
		if (!ecf_p256_point_equal(&q, &r))
			fail("P + affine P != 2P");
		ecf_p256_point_identity(&q);
		ecf_p256_point_to_affine(&o, &q);
		ecf_p256_point_add_affine(&q, &p, &o);
		if (!ecf_p256_point_equal(&q, &p))
			fail("P + (0, 0) != P");
		ecf_p256_point_neg(&q, &p);
		ecf_p256_point_add(&r, &p, &q);
		if (!ecf_p256_point_is_identity(&r))
			fail("P - P != O");
		ecf_p256_point_sub(&r, &p, &p);
		if (!ecf_p256_point_is_identity(&r))
			fail("point_sub(P, P) != O");
	}
	ecfi_cpu_flags = saved;
	return 0;
}
