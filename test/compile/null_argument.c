/* Must NOT compile with -Werror: a NULL constant where ECF_NONNULL says a
 * pointer is required (test/compile/run.sh, meson test nonnull_argument). */
#include <ecfield/ecfield.h>

int derive(uint8_t pk[ECF_X25519_PUBLIC_KEY_BYTES]);

int derive(uint8_t pk[ECF_X25519_PUBLIC_KEY_BYTES]) { return ecf_x25519_public_key(pk, NULL); }
