/*
 * ECDSA over NIST P-256 (FIPS 186-5 section 6, SEC1 4.1) with deterministic
 * nonces (RFC 6979, HMAC-SHA-256), optionally hedged with extra entropy.
 *
 * Digests. sign/verify take the caller's digest of the message, of any length
 * (NULL only when empty); sign_msg/verify_msg hash the message with SHA-256
 * inside. As the standard says, its leftmost 256 bits are
 * used (bits2int of RFC 6979: a digest longer than 32 bytes is truncated to
 * its first 32, a shorter one is taken as a big-endian integer), then
 * reduced mod n. RFC 6979's HMAC-DRBG runs on HMAC-SHA-256 whatever hash made
 * the digest (RFC 6979 ties it to the message hash; the signatures are valid
 * ECDSA signatures either way, and equal RFC 6979's vectors for SHA-256).
 *
 * Keys. Secret keys are 32 big-endian bytes in [1, n - 1] (see
 * ecf_p256_keypair in ecfield/p256_ecdh.h); public keys are SEC1 points (33
 * or 65 bytes) decoded with ecf_p256_point_from_bytes (full validation), or
 * decoded once into an ecf_p256_ecdsa_prepared_key for many verifications
 * (no decoding, no square root for a compressed key, and a larger table of
 * the key's multiples per verification).
 *
 * Signatures. 64 bytes r || s (big-endian, 32 bytes each), or DER
 * (SEQUENCE { INTEGER r, INTEGER s }, at most 72 bytes). DER parsing is
 * strict: minimal lengths (short form only), minimal positive INTEGERs (no
 * superfluous leading zero, no negative value), nothing after the sequence.
 *
 * Errors. Anything but ECF_OK means reject; the codes say why:
 * ECF_ERR_VERIFY a well-formed signature that does not verify; ECF_ERR_RANGE
 * an r or s equal to 0 or >= n; ECF_ERR_ENCODING a malformed DER signature
 * (or an unprepared ecf_p256_ecdsa_prepared_key); ECF_ERR_LENGTH a wrong length; ECF_ERR_SCALAR an
 * invalid secret key; the point decoding errors for a bad public key. On every
 * error each output that is not NULL is zeroed (*der_len = 0).
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
#include <ecfield/p256_ecdh.h>
#include <ecfield/p256_point.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ECF_P256_ECDSA_SIGNATURE_BYTES 64 /**< r || s */
#define ECF_P256_ECDSA_DER_MAX_BYTES 72   /**< the longest DER signature */
/** Flag for the signing functions: output s <= n/2 (replace s by n - s). */
#define ECF_P256_ECDSA_LOW_S 1u

/** The size of a prepared public key (ecf_p256_ecdsa_prepared_key). */
#define ECF_P256_ECDSA_PREPARED_KEY_BYTES 2056

/** A validated public key kept for many verifications, allocated by the
 *  caller (ECF_P256_ECDSA_PREPARED_KEY_BYTES bytes, 8-byte aligned, no
 *  pointer inside: it may be copied with memcpy and freed without a call).
 *  ecf_p256_ecdsa_public_key_prepare fills it: a marker of a prepared key,
 *  the decoded point Q and the affine odd multiples Q, 3Q, ..., 63Q that the
 *  verification's wNAF adds (made with one inversion). The words are private
 *  to the library; a zeroed or never prepared struct is rejected by the
 *  verify_prepared functions (ECF_ERR_ENCODING), never read as a key. */
typedef struct ecf_p256_ecdsa_prepared_key {
	uint64_t opaque[ECF_P256_ECDSA_PREPARED_KEY_BYTES / 8];
} ecf_p256_ecdsa_prepared_key;

/** Sign a digest: sig = r || s with the RFC 6979 nonce for (sk, digest);
 *  digest (digest_len bytes) may be NULL when digest_len is 0; extra
 *  (extra_len bytes, NULL when 0) is mixed into the HMAC-DRBG as RFC 6979
 *  section 3.6's additional data k' (hedged signatures: pass fresh
 *  randomness); flags: 0 or ECF_P256_ECDSA_LOW_S.
 *  Returns ECF_OK; ECF_ERR_NULL; ECF_ERR_SCALAR (sk is 0 or >= n).
 *  On error sig is zeroed (if not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_ecdsa_sign(uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES],
                                                                         const uint8_t sk[ECF_P256_SECRET_KEY_BYTES],
                                                                         const uint8_t *digest, size_t digest_len,
                                                                         const uint8_t *extra, size_t extra_len,
                                                                         unsigned flags);

/** The same signature in DER: writes *der_len (<= ECF_P256_ECDSA_DER_MAX_BYTES)
 *  bytes to der, which must hold ECF_P256_ECDSA_DER_MAX_BYTES.
 *  Returns ECF_OK; ECF_ERR_NULL; ECF_ERR_SCALAR. On error der is zeroed and
 *  *der_len = 0 (those not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_p256_ecdsa_sign_der(
    uint8_t der[ECF_P256_ECDSA_DER_MAX_BYTES], size_t *der_len, const uint8_t sk[ECF_P256_SECRET_KEY_BYTES],
    const uint8_t *digest, size_t digest_len, const uint8_t *extra, size_t extra_len, unsigned flags);

/** Sign a message: ecf_p256_ecdsa_sign of its SHA-256 digest (computed
 *  inside), so that with extra_len = 0 the signature is RFC 6979's for
 *  SHA-256 exactly. msg may be NULL when msg_len is 0.
 *  Returns ECF_OK; ECF_ERR_NULL; ECF_ERR_SCALAR. On error sig is zeroed
 *  (if not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_ecdsa_sign_msg(
    uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const uint8_t sk[ECF_P256_SECRET_KEY_BYTES], const uint8_t *msg,
    size_t msg_len, const uint8_t *extra, size_t extra_len, unsigned flags);

/** Verify sig = r || s for the digest under the SEC1 public key pk.
 *  Returns ECF_OK for a valid signature; ECF_ERR_VERIFY for one that does not
 *  verify; ECF_ERR_RANGE if r or s is 0 or >= n; the decoding errors of
 *  ecf_p256_point_from_bytes for pk: ECF_ERR_LENGTH, ECF_ERR_ENCODING,
 *  ECF_ERR_RANGE, ECF_ERR_NOT_ON_CURVE, ECF_ERR_IDENTITY; ECF_ERR_NULL.
 *  Reject on anything but ECF_OK. Accepts both s and n - s (as FIPS 186-5
 *  does). Variable time (public inputs). */
ECF_API ECF_WARN_UNUSED_RESULT
    ECF_NONNULL(1, 2) int ecf_p256_ecdsa_verify(const uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const uint8_t *pk,
                                                size_t pk_len, const uint8_t *digest, size_t digest_len);

/** Verify a DER signature: strict parsing (ECF_ERR_ENCODING for any
 *  malformed or non-minimal encoding or trailing bytes; ECF_ERR_RANGE for
 *  r or s 0 or >= n), then as ecf_p256_ecdsa_verify.
 *  Returns ECF_OK; ECF_ERR_VERIFY; ECF_ERR_ENCODING; ECF_ERR_RANGE;
 *  ECF_ERR_LENGTH, ECF_ERR_NOT_ON_CURVE, ECF_ERR_IDENTITY (pk); ECF_ERR_NULL. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 3) int ecf_p256_ecdsa_verify_der(const uint8_t *der, size_t der_len,
                                                                               const uint8_t *pk, size_t pk_len,
                                                                               const uint8_t *digest,
                                                                               size_t digest_len);

/** Verify sig for a message under pk: ecf_p256_ecdsa_verify of its SHA-256
 *  digest. msg may be NULL when msg_len is 0.
 *  Returns ECF_OK; ECF_ERR_VERIFY; ECF_ERR_RANGE; ECF_ERR_LENGTH,
 *  ECF_ERR_ENCODING, ECF_ERR_NOT_ON_CURVE, ECF_ERR_IDENTITY (pk);
 *  ECF_ERR_NULL. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_ecdsa_verify_msg(
    const uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const uint8_t *pk, size_t pk_len, const uint8_t *msg,
    size_t msg_len);

/** Decode and validate the SEC1 public key pk (as ecf_p256_point_from_bytes)
 *  once, for the verify_prepared functions. Returns ECF_OK, or, with prep
 *  zeroed (if not NULL): ECF_ERR_NULL; ECF_ERR_LENGTH; ECF_ERR_ENCODING;
 *  ECF_ERR_RANGE; ECF_ERR_NOT_ON_CURVE; ECF_ERR_IDENTITY. Variable time (a
 *  public key). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1,
                                           2) int ecf_p256_ecdsa_public_key_prepare(ecf_p256_ecdsa_prepared_key *prep,
                                                                                    const uint8_t *pk, size_t pk_len);

/** ecf_p256_ecdsa_verify with a prepared key: the same accept/reject and
 *  status for every sig and digest as ecf_p256_ecdsa_verify with the key
 *  prep was prepared from. Returns ECF_OK; ECF_ERR_VERIFY; ECF_ERR_RANGE;
 *  ECF_ERR_ENCODING if prep is not a prepared key (zeroed, or left by a
 *  failed prepare); ECF_ERR_NULL. Variable time (public inputs). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_ecdsa_verify_prepared(
    const uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const ecf_p256_ecdsa_prepared_key *prep, const uint8_t *digest,
    size_t digest_len);

/** ecf_p256_ecdsa_verify_msg with a prepared key (SHA-256 of msg, then as
 *  ecf_p256_ecdsa_verify_prepared). Returns ECF_OK; ECF_ERR_VERIFY;
 *  ECF_ERR_RANGE; ECF_ERR_ENCODING (prep not prepared); ECF_ERR_NULL. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_ecdsa_verify_msg_prepared(
    const uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const ecf_p256_ecdsa_prepared_key *prep, const uint8_t *msg,
    size_t msg_len);

/** DER of a signature r || s. Returns ECF_OK and *der_len; ECF_ERR_NULL;
 *  ECF_ERR_RANGE if r or s is 0 or >= n. On error der is zeroed and
 *  *der_len = 0 (those not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_p256_ecdsa_sig_to_der(
    uint8_t der[ECF_P256_ECDSA_DER_MAX_BYTES], size_t *der_len, const uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES]);

/** Strict DER parsing into r || s. Returns ECF_OK; ECF_ERR_NULL;
 *  ECF_ERR_ENCODING for a malformed or non-minimal encoding (wrong tags,
 *  long-form or wrong lengths, leading zeros, negative integers, trailing
 *  bytes); ECF_ERR_RANGE for a well-formed signature whose r or s is 0 or
 *  >= n (however long the INTEGER). On error sig is zeroed (if not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_p256_ecdsa_sig_from_der(
    uint8_t sig[ECF_P256_ECDSA_SIGNATURE_BYTES], const uint8_t *der, size_t der_len);

/** Batch of n signatures: sig[i] and status[i] are what
 *  ecf_p256_ecdsa_sign(sig[i], sk[i], digest[i], digest_len[i], extra[i],
 *  extra_len[i], flags) writes and returns, for i < n, where extra[i] is
 *  read as NULL when extra is NULL and extra_len[i] as 0 when extra_len is
 *  NULL (no extra data). Each digest[i] may be NULL when digest_len[i] is 0
 *  (likewise extra[i]); an element whose pointer is NULL with a nonzero
 *  length gets ECF_ERR_NULL (and a zeroed sig[i]), as the single call. The
 *  same RFC 6979 nonces, hedged by extra[i], as the single call: the same
 *  signatures bit for bit. Full groups of 8 run 8 at a time on CPUs with
 *  AVX-512 IFMA (the avx512_ifma tier), the rest one by one.
 *  Returns ECF_OK if every status[i] is ECF_OK, else the first status[i]
 *  that is not (ECF_ERR_SCALAR, ECF_ERR_NULL); ECF_ERR_NULL if sig, status,
 *  sk, digest or digest_len is NULL (then the n elements of sig and status
 *  that are not NULL are zeroed and set to ECF_ERR_NULL). n = 0 returns
 *  ECF_OK. sig and status may not overlap the inputs or each other.
 *  Constant time in each sk[i] and nonce: no element's key changes another
 *  element's result or timing (the statuses are public). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3, 4, 5) int ecf_p256_ecdsa_sign_batch(
    uint8_t sig[][ECF_P256_ECDSA_SIGNATURE_BYTES], int status[], const uint8_t sk[][ECF_P256_SECRET_KEY_BYTES],
    const uint8_t *const digest[], const size_t digest_len[], const uint8_t *const extra[], const size_t extra_len[],
    unsigned flags, size_t n);

/** Batch of n verifications: status[i] is what
 *  ecf_p256_ecdsa_verify(sig[i], pk[i], ECF_P256_PUBLIC_KEY_BYTES, digest[i],
 *  digest_len[i]) returns, for i < n (each pk[i] an uncompressed SEC1
 *  point; digest[i] may be NULL when digest_len[i] is 0, else ECF_ERR_NULL
 *  for that element). Full groups of 8 run 8 at a time on CPUs with AVX-512
 *  IFMA, the rest one by one; the statuses are the same.
 *  Returns ECF_OK if every status[i] is ECF_OK, else the first status[i]
 *  that is not (ECF_ERR_VERIFY, ECF_ERR_RANGE, ECF_ERR_LENGTH,
 *  ECF_ERR_ENCODING, ECF_ERR_NOT_ON_CURVE, ECF_ERR_IDENTITY, ECF_ERR_NULL);
 *  ECF_ERR_NULL if status, sig, pk, digest or digest_len is NULL (then the
 *  n elements of status, if not NULL, are set to ECF_ERR_NULL). n = 0
 *  returns ECF_OK. Reject element i on anything but ECF_OK in status[i]; a
 *  bad element does not change another's status. Variable time (public
 *  inputs). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3, 4, 5) int ecf_p256_ecdsa_verify_batch(
    int status[], const uint8_t sig[][ECF_P256_ECDSA_SIGNATURE_BYTES], const uint8_t pk[][ECF_P256_PUBLIC_KEY_BYTES],
    const uint8_t *const digest[], const size_t digest_len[], size_t n);

#ifdef __cplusplus
}
#endif

#endif
