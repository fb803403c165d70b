/* Planted violations of docs/api.md's rules, one per function: test
 * api_names_planted runs test_api_names.py on this header and requires each
 * failure named in the comment above it (never installed, never compiled). */

/** Returns ECF_OK or ECF_ERR_NULL. expect: ecf_x25519_public_key returns int (a status or a predicate) without
 * ECF_WARN_UNUSED_RESULT */
ECF_API ECF_NONNULL(1, 2) int ecf_x25519_public_key(uint8_t pk[ECF_X25519_PUBLIC_KEY_BYTES],
                                                    const uint8_t sk[ECF_X25519_SECRET_KEY_BYTES]);
/** Returns ECF_OK or ECF_ERR_NULL. expect: ecf_x25519_keypair: required pointer sk (argument 2) not in ECF_NONNULL */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1) int ecf_x25519_keypair(uint8_t pk[ECF_X25519_PUBLIC_KEY_BYTES],
                                                                     uint8_t sk[ECF_X25519_SECRET_KEY_BYTES],
                                                                     const uint8_t seed[ECF_X25519_SEED_BYTES]);
/** Returns ECF_OK, ECF_ERR_NULL, ECF_ERR_SMALL_ORDER. expect: ecf_x25519: a size written as a number in 'uint8_t
 * shared[32]' */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_x25519(uint8_t shared[32],
                                                                   const uint8_t sk[ECF_X25519_SECRET_KEY_BYTES],
                                                                   const uint8_t peer[ECF_X25519_PUBLIC_KEY_BYTES]);
/** Returns ECF_OK; ECF_ERR_NULL. expect: ecf_ed25519_sign: parameters (sig, msg, msg_len, sk) in the header */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 4) int ecf_ed25519_sign(uint8_t sig[ECF_ED25519_SIGNATURE_BYTES],
                                                                      const uint8_t *msg, size_t msg_len,
                                                                      const uint8_t sk[ECF_ED25519_SECRET_KEY_BYTES]);
/** Returns ECF_OK or ECF_ERR_VERIFY. expect: ecf_ed25519_verify: statuses in the header comment ['VERIFY'] */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_verify(const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES],
                                                                        const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES],
                                                                        const uint8_t *msg, size_t msg_len);
/** expect: ecf_edwards25519_neg: an output (r) after an input (a) */
ECF_API ECF_NONNULL(1, 2) void ecf_edwards25519_neg(const ecf_edwards25519_point *a, ecf_edwards25519_point *r);
/** expect: ecf_edwards25519_planted_extra is not in docs/api.md's Functions table */
ECF_API ECF_NONNULL(1) void ecf_edwards25519_planted_extra(ecf_edwards25519_point *r);
/** expect: ecf_edwards25519_cmov: option cond before ['a'] */
ECF_API ECF_NONNULL(1, 3) void ecf_edwards25519_cmov(ecf_edwards25519_point *r, int cond,
                                                     const ecf_edwards25519_point *a);
/** expect: ecf_p256_ecdh: peer_len does not follow peer */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 4) int ecf_p256_ecdh(uint8_t shared[ECF_P256_SHARED_BYTES],
                                                                      const uint8_t sk[ECF_P256_SECRET_KEY_BYTES],
                                                                      size_t peer_len, const uint8_t *peer);
/** expect: p25519: declared but not in docs/api.md: ['planted_op'] */
ECF_API ECF_NONNULL(1) void ecf_p25519_planted_op(ecf_p25519_fe *r);
/** expect: ecf_p256n_sqrt is not exported */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256n_sqrt(ecf_p256n_fe *r, const ecf_p256n_fe *a);
