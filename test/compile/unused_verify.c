/* Must NOT compile with -Werror: the result of a verification is ignored
 * (test/compile/run.sh, meson test warn_unused_result). */
#include <ecfield/ecfield.h>

void check(const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES],
           const uint8_t *msg, size_t msg_len);

void check(const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES],
           const uint8_t *msg, size_t msg_len)
{
	ECF_PLANTED_CALL;
}
