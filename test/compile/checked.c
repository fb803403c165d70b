/* Must compile with -Wall -Wextra -Werror: the same calls as the planted
 * files, used as the convention says (every result read, no NULL). */
#include <ecfield/ecfield.h>

int check(const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES],
          const uint8_t *msg, size_t msg_len, const uint8_t p256_sig[ECF_P256_ECDSA_SIGNATURE_BYTES],
          const uint8_t p256_pk[ECF_P256_PUBLIC_KEY_BYTES]);

int check(const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES],
          const uint8_t *msg, size_t msg_len, const uint8_t p256_sig[ECF_P256_ECDSA_SIGNATURE_BYTES],
          const uint8_t p256_pk[ECF_P256_PUBLIC_KEY_BYTES])
{
	uint8_t x[ECF_X25519_PUBLIC_KEY_BYTES], sk[ECF_X25519_SECRET_KEY_BYTES] = {1};
	if (ecf_ed25519_verify(sig, pk, msg, msg_len) != ECF_OK)
		return -1;
	if (ecf_p256_ecdsa_verify_msg(p256_sig, p256_pk, ECF_P256_PUBLIC_KEY_BYTES, msg, msg_len) != ECF_OK)
		return -1;
	if (ecf_x25519_public_key(x, sk) != ECF_OK)
		return -1;
	return ECF_VERSION_NUMBER == ecf_version_number() ? 0 : -1;
}
