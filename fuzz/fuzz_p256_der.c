/*
 * libFuzzer target: strict DER parsing of P-256 ECDSA signatures. Properties:
 * the status is one of the documented codes and an error zeroes the output;
 * an accepted DER is canonical (encoding the parsed r || s gives the input
 * back byte for byte, so no two encodings of one signature are accepted);
 * and any 64-byte r || s in range encodes to DER that parses back to it.
 */
#include "ecfield/p256_ecdsa.h"
#include "fuzz_common.h"

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_p256_der: %s\n", what);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t sig[64], back[64], der[72];
	size_t dl;
	int st = ecf_p256_ecdsa_sig_from_der(sig, data, size);
	if (st == ECF_OK) {
		if (ecf_p256_ecdsa_sig_to_der(der, &dl, sig) != ECF_OK || dl != size || memcmp(der, data, size) != 0)
			fail("accepted a non-canonical DER");
	} else {
		if (st != ECF_ERR_ENCODING && st != ECF_ERR_RANGE)
			fail("undocumented status");
		for (int i = 0; i < 64; i++)
			if (sig[i] != 0)
				fail("an error left a value");
	}
	if (size >= 64) {
		st = ecf_p256_ecdsa_sig_to_der(der, &dl, data);
		if (st == ECF_OK) {
			if (dl > ECF_P256_ECDSA_DER_MAX_BYTES || ecf_p256_ecdsa_sig_from_der(back, der, dl) != ECF_OK ||
			    memcmp(back, data, 64) != 0)
				fail("r || s does not round trip through DER");
		} else if (st != ECF_ERR_RANGE || dl != 0) {
			fail("sig_to_der status");
		}
	}
	return 0;
}
