/* A consumer that knows only the installed headers and pkg-config. */
#include <ecfield/ecfield.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	ecf_p256_fe a, b, r;
	uint8_t two[32] = {0}, out[32];
	two[31] = 2;
	if (strcmp(ecf_version(), ECF_VERSION_STRING) != 0) {
		printf("header %s, library %s\n", ECF_VERSION_STRING, ecf_version());
		return 1;
	}
	if (ecf_p256_from_bytes(&a, two, 32) != ECF_OK)
		return 1;
	ecf_p256_to_mont(&a, &a);
	ecf_p256_inv(&b, &a);
	ecf_p256_mul(&r, &a, &b); /* 2 * 1/2 = 1 */
	ecf_p256_from_mont(&r, &r);
	ecf_p256_to_bytes(out, &r);
	for (int i = 0; i < 31; i++)
		if (out[i])
			return 1;
	if (out[31] != 1)
		return 1;
	printf("# consumer ok: libecfield %s, kernel %s (%s)\n", ecf_version(), ecf_kernel_name(), ecf_kernel_reason());
	return 0;
}
