/*
 * Example: inversion in GF(2^255 - 19), checked two ways.
 *
 * Decode a little-endian field element (the X25519 base point u = 9), invert
 * it with ecf_p25519_inv (constant-time safegcd), and check the result
 *   1. by multiplication: a * (1/a) == 1;
 *   2. against Fermat's little theorem, 1/a = a^(p-2), built from the public
 *      ecf_p25519_pow22523 (a^((p-5)/8)): a^(p-2) = (a^((p-5)/8))^8 * a^3.
 * Only the public API (<ecfield/p25519.h>) is used.
 *
 * Build against an installed libecfield:
 *   cc -o p25519_inv p25519_inv.c $(pkg-config --cflags --libs ecfield)
 */
#include <ecfield/ecfield.h>
#include <stdio.h>

int main(void)
{
	/* 32 bytes, little-endian (RFC 7748): the value 9. */
	uint8_t nine[32] = {9};
	ecf_p25519_fe a, inv, t, one, a3;
	uint8_t out[32];

	if (ecf_p25519_from_bytes(&a, nine, sizeof nine) != ECF_OK)
		return 1;

	/* 1/a, and a * (1/a) == 1. Elements may be kept in a lazy (not fully
	 * reduced) form: compare with ecf_p25519_equal, not memcmp of limbs. */
	ecf_p25519_inv(&inv, &a);
	ecf_p25519_mul(&t, &a, &inv);
	ecf_p25519_one(&one);
	if (!ecf_p25519_equal(&t, &one)) {
		printf("FAIL: a * (1/a) != 1\n");
		return 1;
	}

	/* a^(p-2) = (a^(2^252 - 3))^8 * a^3, since 8 * (2^252 - 3) + 3 = p - 2. */
	ecf_p25519_pow22523(&t, &a);
	for (int i = 0; i < 3; i++)
		ecf_p25519_sqr(&t, &t);
	ecf_p25519_sqr(&a3, &a);
	ecf_p25519_mul(&a3, &a3, &a);
	ecf_p25519_mul(&t, &t, &a3);
	if (!ecf_p25519_equal(&t, &inv)) {
		printf("FAIL: inv(a) != a^(p-2)\n");
		return 1;
	}

	/* to_bytes always writes the canonical encoding (below p). */
	ecf_p25519_to_bytes(out, &inv);
	printf("1/9 = 0x");           /* in GF(p) */
	for (int i = 31; i >= 0; i--) /* print most significant byte first */
		printf("%02x", out[i]);
	printf("\n");

	/* By convention the inverse of 0 is 0 (no error, no branch on the value). */
	ecf_p25519_zero(&a);
	ecf_p25519_inv(&inv, &a);
	if (!ecf_p25519_is_zero(&inv)) {
		printf("FAIL: inv(0) != 0\n");
		return 1;
	}
	printf("ok: a * (1/a) = 1, 1/a = a^(p-2), 1/0 = 0\n");
	return 0;
}
