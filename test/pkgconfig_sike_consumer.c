/* A consumer of libecfield-sidh that knows only the installed headers and
 * pkg-config (`ecfield-sidh`): a SIKE p434 round trip and an implicit
 * rejection. SIKE is broken: this only shows that the library links and runs. */
#include <ecfield/sike.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
	uint8_t rnd[ECF_P434_SIKE_KEYGEN_RANDOM_BYTES], m[ECF_P434_SIKE_MSG_BYTES];
	uint8_t pk[ECF_P434_SIKE_PK_BYTES], sk[ECF_P434_SIKE_SK_BYTES], ct[ECF_P434_SIKE_CT_BYTES];
	uint8_t ss_enc[ECF_P434_SIKE_SS_BYTES], ss_dec[ECF_P434_SIKE_SS_BYTES], ss_bad[ECF_P434_SIKE_SS_BYTES];
	for (size_t i = 0; i < sizeof rnd; i++)
		rnd[i] = (uint8_t)(37 * i + 1);
	for (size_t i = 0; i < sizeof m; i++)
		m[i] = (uint8_t)(11 * i + 5);
	if (ecf_p434_sike_keypair(pk, sk, rnd) != ECF_OK ||
	    ecf_p434_sike_encaps(ct, ss_enc, pk, sizeof pk, m) != ECF_OK ||
	    ecf_p434_sike_decaps(ss_dec, sk, ct, sizeof ct) != ECF_OK) {
		printf("# FAIL: a SIKE p434 call failed\n");
		return 1;
	}
	if (memcmp(ss_enc, ss_dec, sizeof ss_enc) != 0) {
		printf("# FAIL: decapsulation disagrees with encapsulation\n");
		return 1;
	}
	ct[sizeof ct - 1] ^= 1; /* ct1 corrupted: the implicit-rejection secret */
	if (ecf_p434_sike_decaps(ss_bad, sk, ct, sizeof ct) != ECF_OK || memcmp(ss_bad, ss_enc, sizeof ss_enc) == 0) {
		printf("# FAIL: a corrupted ciphertext was not rejected\n");
		return 1;
	}
	printf("# sike consumer ok: libecfield-sidh, SIKE p434 round trip and implicit rejection\n");
	return 0;
}
