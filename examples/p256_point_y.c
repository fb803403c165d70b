/*
 * Example: recover the y coordinate of a NIST P-256 point from its x.
 *
 * The curve is y^2 = x^3 - 3x + b over GF(p256). Given the 32-byte
 * big-endian x of the generator G, compute y^2 = x^3 - 3x + b and its square
 * root, and check that the root is G's y (or its negation: a square has two
 * roots, and a compressed point's parity bit picks one). Only the public API
 * (<ecfield/p256.h>) is used.
 *
 * Build against an installed libecfield:
 *   cc -o p256_point_y p256_point_y.c $(pkg-config --cflags --libs ecfield)
 */
#include <ecfield/ecfield.h>
#include <stdio.h>
#include <string.h>

/* SEC 2 / FIPS 186-4: the coefficient b and the generator G of P-256. */
static const uint8_t b_bytes[32] = {0x5a, 0xc6, 0x35, 0xd8, 0xaa, 0x3a, 0x93, 0xe7, 0xb3, 0xeb, 0xbd,
                                    0x55, 0x76, 0x98, 0x86, 0xbc, 0x65, 0x1d, 0x06, 0xb0, 0xcc, 0x53,
                                    0xb0, 0xf6, 0x3b, 0xce, 0x3c, 0x3e, 0x27, 0xd2, 0x60, 0x4b};
static const uint8_t gx_bytes[32] = {0x6b, 0x17, 0xd1, 0xf2, 0xe1, 0x2c, 0x42, 0x47, 0xf8, 0xbc, 0xe6,
                                     0xe5, 0x63, 0xa4, 0x40, 0xf2, 0x77, 0x03, 0x7d, 0x81, 0x2d, 0xeb,
                                     0x33, 0xa0, 0xf4, 0xa1, 0x39, 0x45, 0xd8, 0x98, 0xc2, 0x96};
static const uint8_t gy_bytes[32] = {0x4f, 0xe3, 0x42, 0xe2, 0xfe, 0x1a, 0x7f, 0x9b, 0x8e, 0xe7, 0xeb,
                                     0x4a, 0x7c, 0x0f, 0x9e, 0x16, 0x2b, 0xce, 0x33, 0x57, 0x6b, 0x31,
                                     0x5e, 0xce, 0xcb, 0xb6, 0x40, 0x68, 0x37, 0xbf, 0x51, 0xf5};

static void print_hex(const char *label, const uint8_t *v)
{
	printf("%s", label);
	for (int i = 0; i < 32; i++)
		printf("%02x", v[i]);
	printf("\n");
}

int main(void)
{
	ecf_p256_fe x, b, t, y2, y, y_neg;
	uint8_t out[32], out_neg[32];

	/* 1. Decode. from_bytes rejects anything that is not a canonical
	 *    encoding (wrong length, value >= p) with a negative status. */
	if (ecf_p256_from_bytes(&x, gx_bytes, sizeof gx_bytes) != ECF_OK ||
	    ecf_p256_from_bytes(&b, b_bytes, sizeof b_bytes) != ECF_OK)
		return 1;
	uint8_t all_ff[32];
	memset(all_ff, 0xff, sizeof all_ff); /* 2^256 - 1 >= p: not a field element */
	int st = ecf_p256_from_bytes(&t, all_ff, sizeof all_ff);
	printf("decoding 32 bytes of 0xff: %s\n", ecf_status_string(st));
	if (st != ECF_ERR_RANGE)
		return 1;

	/* 2. Multiplications work in the Montgomery domain: convert once. */
	ecf_p256_to_mont(&x, &x);
	ecf_p256_to_mont(&b, &b);

	/* 3. y^2 = x^3 - 3x + b = (x^2 - 3) * x + b. add/sub work in either
	 *    domain; the constant 3 is built from one (R mod p, i.e. 1 in the
	 *    Montgomery domain) by additions. */
	ecf_p256_fe three;
	ecf_p256_one(&three);
	ecf_p256_add(&t, &three, &three);
	ecf_p256_add(&three, &t, &three); /* 3 */
	ecf_p256_sqr(&t, &x);             /* x^2 */
	ecf_p256_sub(&t, &t, &three);     /* x^2 - 3 */
	ecf_p256_mul(&y2, &t, &x);        /* x^3 - 3x */
	ecf_p256_add(&y2, &y2, &b);       /* + b */

	/* 4. The square root: ECF_OK for a square, ECF_ERR_NOT_SQUARE otherwise
	 *    (then x is not the x of any point). Constant time either way. */
	st = ecf_p256_sqrt(&y, &y2);
	printf("sqrt(x^3 - 3x + b): %s\n", ecf_status_string(st));
	if (st != ECF_OK)
		return 1;

	/* 5. Back to the plain domain and to bytes; the other root is -y. */
	ecf_p256_neg(&y_neg, &y);
	ecf_p256_from_mont(&y, &y);
	ecf_p256_from_mont(&y_neg, &y_neg);
	ecf_p256_to_bytes(out, &y);
	ecf_p256_to_bytes(out_neg, &y_neg);
	print_hex("x  = ", gx_bytes);
	print_hex("y  = ", out);
	print_hex("-y = ", out_neg);
	if (memcmp(out, gy_bytes, 32) != 0 && memcmp(out_neg, gy_bytes, 32) != 0) {
		printf("FAIL: neither root is the generator's y\n");
		return 1;
	}
	printf("ok: one root is the generator's y\n");
	return 0;
}
