/* Planted violations of docs/api.md's rules, one per function: test
 * api_names_planted runs test_api_names.py on this header and requires each
 * failure named in the comment above it (never installed, never compiled). */

/** Returns ECF_OK or ECF_ERR_NULL. expect: without ECF_WARN_UNUSED_RESULT */
ECF_API ECF_NONNULL(1, 2) int ecf_x25519_public_key(uint8_t pk[ECF_X25519_PUBLIC_KEY_BYTES], const uint8_t sk[ECF_X25519_SECRET_KEY_BYTES]);
/** Returns ECF_OK or ECF_ERR_NULL. expect: not in ECF_NONNULL */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_x25519_keypair(uint8_t pk[ECF_X25519_PUBLIC_KEY_BYTES], uint8_t sk[ECF_X25519_SECRET_KEY_BYTES], const uint8_t seed[ECF_X25519_SEED_BYTES]);
/** Returns ECF_OK, ECF_ERR_NULL, ECF_ERR_SMALL_ORDER. expect: a size written as a number */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_x25519(uint8_t shared[32], const uint8_t sk[ECF_X25519_SECRET_KEY_BYTES], const uint8_t peer[ECF_X25519_PUBLIC_KEY_BYTES]);
/** Returns ECF_OK; ECF_ERR_NULL. expect: parameters (sig, msg, msg_len, sk) in the header */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 4) int ecf_ed25519_sign(uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t *msg, size_t msg_len, const uint8_t sk[ECF_ED25519_SECRET_KEY_BYTES]);
/** Returns ECF_OK or ECF_ERR_VERIFY. expect: statuses in the header comment */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_verify(const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES], const uint8_t *msg, size_t msg_len);
/** expect: an output (r) after an input (a) */
ECF_API ECF_NONNULL(1, 2) void ecf_edwards25519_neg(const ecf_edwards25519_point *a, ecf_edwards25519_point *r);
/** expect: is not in docs/api.md's Functions table */
ECF_API ECF_NONNULL(1) void ecf_edwards25519_planted_extra(ecf_edwards25519_point *r);
/** expect: option cond before */
ECF_API ECF_NONNULL(1, 3) void ecf_edwards25519_cmov(ecf_edwards25519_point *r, int cond, const ecf_edwards25519_point *a);
/** expect: does not follow */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 4) int ecf_p256_ecdh(uint8_t shared[ECF_P256_SHARED_BYTES], const uint8_t sk[ECF_P256_SECRET_KEY_BYTES], size_t peer_len, const uint8_t *peer);
/** expect: declared but not in docs/api.md */
ECF_API ECF_NONNULL(1) void ecf_p25519_planted_op(ecf_p25519_fe *r);
/** expect: is not exported */
ECF_API ECF_NONNULL(1) void ecf_p256_zero(ecf_p256_fe *r);
