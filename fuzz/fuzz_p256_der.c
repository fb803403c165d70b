/*
 * libFuzzer target: strict DER parsing of P-256 ECDSA signatures. Properties:
 * the status is one of the documented codes and an error zeroes the output;
 * an accepted DER is canonical (encoding the parsed r || s gives the input
 * back byte for byte, so no two encodings of one signature are accepted);
 * and any 64-byte r || s in range encodes to DER that parses back to it.
 * Verification (issue 19): for the parsed signature (or the first 64 bytes
 * as r || s), under the key G, compressed or not, and a digest taken from the
 * input, verify, verify_der, verify_prepared (both key forms) and, for the
 * input as a message, verify_msg and verify_msg_prepared agree (on the inputs
 * selected below).
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
	/* The verifications agree (one-shot, DER, prepared; the key G). */
	static ecf_p256_ecdsa_prepared_key prep, prepc;
	static uint8_t g65[65], g33[33];
	static int ready;
	if (!ready) {
		ecf_p256_point g;
		ecf_p256_point_generator(&g);
		if (ecf_p256_point_to_bytes(g65, 65, &g) != ECF_OK || ecf_p256_point_to_bytes(g33, 33, &g) != ECF_OK ||
		    ecf_p256_ecdsa_public_key_prepare(&prep, g65, 65) != ECF_OK ||
		    ecf_p256_ecdsa_public_key_prepare(&prepc, g33, 33) != ECF_OK)
			fail("setup");
		ready = 1;
	}
	/* A verification costs a thousand DER parses: only inputs whose last byte
	 * has its low three bits clear are verified (the fuzzer steers into them
	 * as into any branch), and its bits 3 and 4 pick the key form and whether
	 * the message forms run, so that each input costs two to five
	 * verifications instead of seven (the job's floor of executions). */
	const uint8_t sel = size > 0 ? data[size - 1] : 0;
	const uint8_t *rs = NULL;
	if ((sel & 7) != 0)
		return 0;
	if (ecf_p256_ecdsa_sig_from_der(sig, data, size) == ECF_OK)
		rs = sig;
	else if (size >= 64)
		rs = data;
	if (rs != NULL) {
		const uint8_t *digest = data + (size > 32 ? size - 32 : 0);
		size_t dlen = size > 32 ? 32 : size;
		const int compressed = (sel >> 3) & 1;
		int v = ecf_p256_ecdsa_verify(rs, compressed ? g33 : g65, compressed ? 33 : 65, digest, dlen);
		if (v != ECF_OK && v != ECF_ERR_VERIFY && v != ECF_ERR_RANGE)
			fail("verify status");
		if (ecf_p256_ecdsa_verify_prepared(rs, compressed ? &prep : &prepc, digest, dlen) != v)
			fail("verify_prepared differs from verify");
		if (rs == sig && ecf_p256_ecdsa_verify_der(data, size, g65, 65, digest, dlen) != v)
			fail("verify_der differs from verify");
		if ((sel >> 4) & 1) {
			int m = ecf_p256_ecdsa_verify_msg(rs, compressed ? g65 : g33, compressed ? 65 : 33, data, size);
			if (ecf_p256_ecdsa_verify_msg_prepared(rs, compressed ? &prepc : &prep, data, size) != m)
				fail("verify_msg_prepared differs from verify_msg");
		}
	}
	return 0;
}
