/*
 * ECDSA over NIST P-256 (FIPS 186-5 section 6, SEC1 4.1) with deterministic
 * nonces (RFC 6979, HMAC-SHA-256), optionally hedged with extra entropy.
 *
 * Digests. The caller hashes the message; the digest may have any length
 * (NULL only when empty). As the standard says, its leftmost 256 bits are
 * used (bits2int of RFC 6979: a digest longer than 32 bytes is truncated to
 * its first 32, a shorter one is taken as a big-endian integer), then
 * reduced mod n. RFC 6979's HMAC-DRBG runs on HMAC-SHA-256 whatever hash made
 * the digest (RFC 6979 ties it to the message hash; the signatures are valid
 * ECDSA signatures either way, and equal RFC 6979's vectors for SHA-256).
 *
 * Keys. Private keys are 32 big-endian bytes in [1, n - 1] (see
 * ecf_p256_keygen in ecfield/p256_point.h); public keys are SEC1 points (33
 * or 65 bytes) decoded with ecf_p256_point_from_bytes (full validation).
 *
 * Signatures. 64 bytes r || s (big-endian, 32 bytes each), or DER
 * (SEQUENCE { INTEGER r, INTEGER s }, at most 72 bytes). DER parsing is
 * strict: minimal lengths (short form only), minimal positive INTEGERs (no
 * superfluous leading zero, no negative value), nothing after the sequence.
 *
 * Errors are distinct: ECF_ERR_VERIFY means a well-formed signature that does
 * not verify; ECF_ERR_RANGE an r or s equal to 0 or >= n; ECF_ERR_ENCODING a
 * malformed DER signature; ECF_ERR_LENGTH a wrong length; ECF_ERR_SCALAR an
 * invalid private key; the point decoding errors for a bad public key.
 *
 * Constant time: signing is constant time in the private key and the nonce
 * (the digest and the extra entropy are not secret; their lengths are
 * public); whether a nonce candidate was rejected (probability about 2^-32)
 * is public, as in RFC 6979. Verification is not constant time (public
 * inputs only). Secrets on the stack are wiped. No allocation.
 */
#ifndef ECFIELD_P256_ECDSA_H
#define ECFIELD_P256_ECDSA_H

#include <ecfield/common.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECF_P256_ECDSA_SIG_BYTES 64     /**< r || s */
#define ECF_P256_ECDSA_DER_MAX_BYTES 72 /**< the longest DER signature */
/** Flag for the signing functions: output s <= n/2 (replace s by n - s). */
#define ECF_P256_ECDSA_LOW_S 1u

/** Sign a digest: sig = r || s with the RFC 6979 nonce for (priv, digest);
 *  extra (extra_len bytes, NULL when 0) is mixed into the HMAC-DRBG as RFC
 *  6979 section 3.6's additional data k' (hedged signatures: pass fresh
 *  randomness); flags: 0 or ECF_P256_ECDSA_LOW_S.
 *  Returns ECF_OK; ECF_ERR_NULL; ECF_ERR_SCALAR (priv is 0 or >= n).
 *  On error sig is zeroed. */
ECF_API int ecf_p256_ecdsa_sign(uint8_t sig[64], const uint8_t priv[32], const uint8_t *digest, size_t digest_len,
                                const uint8_t *extra, size_t extra_len, unsigned flags);

/** The same signature in DER: writes *der_len (<= 72) bytes to der, which
 *  must hold ECF_P256_ECDSA_DER_MAX_BYTES. Errors as ecf_p256_ecdsa_sign
 *  (then *der_len = 0). */
ECF_API int ecf_p256_ecdsa_sign_der(uint8_t der[72], size_t *der_len, const uint8_t priv[32], const uint8_t *digest,
                                    size_t digest_len, const uint8_t *extra, size_t extra_len, unsigned flags);

/** Verify sig = r || s for the digest under the SEC1 public key pub.
 *  Returns ECF_OK for a valid signature; ECF_ERR_VERIFY for one that does not
 *  verify; ECF_ERR_RANGE if r or s is 0 or >= n; the errors of
 *  ecf_p256_point_from_bytes for pub; ECF_ERR_NULL. Accepts both s and n - s
 *  (as FIPS 186-5 does). Variable time (public inputs). */
ECF_API int ecf_p256_ecdsa_verify(const uint8_t sig[64], const uint8_t *pub, size_t pub_len, const uint8_t *digest,
                                  size_t digest_len);

/** Verify a DER signature: strict parsing (ECF_ERR_ENCODING for any
 *  malformed or non-minimal encoding or trailing bytes), then as
 *  ecf_p256_ecdsa_verify. */
ECF_API int ecf_p256_ecdsa_verify_der(const uint8_t *der, size_t der_len, const uint8_t *pub, size_t pub_len,
                                      const uint8_t *digest, size_t digest_len);

/** DER of a 64-byte signature r || s. Returns ECF_OK and *der_len;
 *  ECF_ERR_NULL; ECF_ERR_RANGE if r or s is 0 or >= n (then *der_len = 0). */
ECF_API int ecf_p256_ecdsa_sig_to_der(uint8_t der[72], size_t *der_len, const uint8_t sig[64]);

/** Strict DER parsing into r || s. Returns ECF_OK; ECF_ERR_NULL;
 *  ECF_ERR_ENCODING for a malformed or non-minimal encoding (wrong tags,
 *  long-form or wrong lengths, leading zeros, negative integers, trailing
 *  bytes); ECF_ERR_RANGE for a well-formed signature whose r or s is 0 or
 *  >= n (however long the INTEGER). On error sig is zeroed. */
ECF_API int ecf_p256_ecdsa_sig_from_der(uint8_t sig[64], const uint8_t *der, size_t der_len);

#ifdef __cplusplus
}
#endif

#endif
