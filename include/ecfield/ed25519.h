/*
 * Ed25519 signatures (RFC 8032 section 5.1: pure Ed25519, Ed25519ctx with a
 * context, Ed25519ph over a SHA-512 prehash) over the edwards25519 group (ecfield/edwards25519.h), with the
 * library's own SHA-512 and scalars mod l (ecfield/sc25519.h).
 *
 * Keys: a 32-byte secret seed; the 32-byte public key A = s*B (RFC 8032
 * 5.1.5); the 64-byte secret key seed || A (the NaCl/libsodium layout) that
 * the signing functions take, so that signing needs no second scalar multiplication. The
 * public half of sk must be the one keypair derived from the seed: signing
 * with a wrong public half gives a signature that does not verify, and two
 * messages signed under different public halves reveal the secret scalar.
 *
 * Two verification rules, both requiring S < l and both pure functions of
 * their inputs (no state, no allocation):
 * - ecf_ed25519_verify: cofactorless and strict, RFC 8032 5.1.7: A decoded
 *   strictly (5.1.3), R compared with the canonical encoding of
 *   [S]B - [k]A (so a non-canonical R never verifies), [S]B = R + [k]A
 *   exactly. Small-order A and R are not rejected (RFC 8032 does not; libsodium
 *   does, and rejects some signatures that this function accepts).
 * - ecf_ed25519_verify_cofactored: ZIP-215 (Zcash and other consensus
 *   systems): A and R decoded permissively (non-canonical y accepted, x = 0
 *   with the sign bit accepted), k hashed over the bytes as given, and
 *   [8]([S]B - R - [k]A) = 0. Accepts everything verify accepts, and more.
 *
 * Ed25519ctx and Ed25519ph verify with the strict rule of ecf_ed25519_verify;
 * their dom2 prefix (RFC 8032 section 2) separates them from pure Ed25519 and
 * from each other. Prepared keys (ecf_ed25519_public_key_prepare) do the
 * strict key decoding of verify once, for many verifications.
 *
 * Conversion to X25519 (ecfield/x25519.h): pk_to_x25519 and sk_to_x25519, as
 * libsodium's crypto_sign_ed25519_{pk,sk}_to_curve25519.
 *
 * Constant time: keypair, public_key, the signing functions and sk_to_x25519
 * in the seed, the secret scalar and the
 * nonce (the message length and the outputs are public); they wipe the
 * expanded key, the nonce and every secret temporary before returning.
 * Verification handles public data only and uses the variable-time
 * double-scalar multiplication. Outputs may alias inputs.
 */
#ifndef ECFIELD_ED25519_H
#define ECFIELD_ED25519_H

#include <ecfield/common.h>
#include <ecfield/x25519.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Sizes: the 32-byte secret seed, the public key, the 64-byte secret key
 *  seed || pk, a signature, the SHA-512 prehash of Ed25519ph, the longest
 *  context of Ed25519ctx and Ed25519ph, and a prepared public key. */
#define ECF_ED25519_SEED_BYTES 32
#define ECF_ED25519_PUBLIC_KEY_BYTES 32
#define ECF_ED25519_SECRET_KEY_BYTES 64
#define ECF_ED25519_SIGNATURE_BYTES 64
#define ECF_ED25519_PREHASH_BYTES 64
#define ECF_ED25519_CONTEXT_MAX_BYTES 255
#define ECF_ED25519_PREPARED_KEY_BYTES 2112

/** A validated public key kept for many verifications
 *  (ecf_ed25519_public_key_prepare, ecf_ed25519_verify_prepared): a plain,
 *  caller-allocated struct of ECF_ED25519_PREPARED_KEY_BYTES (2112) bytes,
 *  aligned as uint64_t, that may live on the stack
 *  and be copied with '='. Its contents are opaque: the key's bytes, the
 *  strictly decoded point negated (-A) with a table of its odd multiples for
 *  the variable-time double-scalar multiplication, and a validity marker (a
 *  zeroed or never prepared struct is rejected by verify_prepared). It holds
 *  public data only. */
typedef struct ecf_ed25519_prepared_key {
	uint64_t opaque[ECF_ED25519_PREPARED_KEY_BYTES / 8];
} ecf_ed25519_prepared_key;

/** The key pair of a 32-byte secret seed: pk = the public key, sk = seed || pk.
 *  Outputs may alias seed. Returns ECF_OK, or ECF_ERR_NULL if a pointer is
 *  NULL (then the outputs that are not NULL are zeroed). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_ed25519_keypair(uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES],
                                                                            uint8_t sk[ECF_ED25519_SECRET_KEY_BYTES],
                                                                            const uint8_t seed[ECF_ED25519_SEED_BYTES]);
/** pk = the public key of a 32-byte secret seed (RFC 8032 5.1.5). The first
 *  half of a 64-byte secret key sk is its seed: public_key(pk, sk) gives the
 *  public key of sk. pk may alias seed. Returns ECF_OK, or ECF_ERR_NULL if a
 *  pointer is NULL (then pk is zeroed if it is not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_public_key(uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES],
                                                                            const uint8_t seed[ECF_ED25519_SEED_BYTES]);
/** sig = the Ed25519 signature of msg[0..msg_len) under sk = seed || pk.
 *  msg may be NULL when msg_len is 0. Returns ECF_OK, or ECF_ERR_NULL if sig
 *  or sk is NULL, or msg is NULL with msg_len != 0 (then sig is zeroed if it
 *  is not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_sign(uint8_t sig[ECF_ED25519_SIGNATURE_BYTES],
                                                                      const uint8_t sk[ECF_ED25519_SECRET_KEY_BYTES],
                                                                      const uint8_t *msg, size_t msg_len);
/* clang-format off */
/** Many signatures at once: for each i < n, sig[i] and status[i] are exactly
 *  what sig[i] and the return value of ecf_ed25519_sign(sig[i], sk[i], msg[i],
 *  msg_len[i]) would be (the same bytes; ECF_OK, or ECF_ERR_NULL with sig[i]
 *  zeroed when msg[i] is NULL and msg_len[i] != 0; msg[i] may be NULL when
 *  msg_len[i] is 0). Each element is independent of the others. Returns
 *  ECF_OK if every status[i] is ECF_OK (so for n = 0), else the status of the
 *  first element that failed; ECF_ERR_NULL if sig, status, sk, msg or msg_len
 *  is NULL (then the n entries of sig and status that are not NULL are zeroed
 *  and set to ECF_ERR_NULL). On x86-64 CPUs with AVX-512 IFMA the nonce
 *  points R of each group of 8 are computed side by side in the vector
 *  registers, and so are its three SHA-512s (the arithmetic mod l stays per
 *  element; the last n mod 8 and other CPUs run the single-call code). Constant time in every
 *  sk[i] (and the nonces); the messages, their lengths, n and the statuses
 *  are public. sig[i] may overlap sk[i] or msg[i] (element i over element i,
 *  as for the single call); no other overlap between the arrays is allowed. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3, 4, 5) int ecf_ed25519_sign_batch(
    uint8_t sig[][ECF_ED25519_SIGNATURE_BYTES], int status[], const uint8_t sk[][ECF_ED25519_SECRET_KEY_BYTES],
    const uint8_t *const msg[], const size_t msg_len[], size_t n);
/** Many public keys at once: pk[i] = what ecf_ed25519_public_key(pk[i],
 *  seed[i]) gives, for each i < n (the same bytes), with the SHA-512 and the
 *  fixed-base multiplication on 8 lanes on x86-64 CPUs with AVX-512 IFMA (the last n mod
 *  8 and other CPUs run the single call's code). Returns ECF_OK (also for n =
 *  0), or ECF_ERR_NULL if pk or seed is NULL (then pk, if not NULL, is zeroed
 *  for n entries). Constant time in every seed[i], each element independent
 *  of the others. pk may be the same array as seed; no other overlap. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_public_key_batch(
    uint8_t pk[][ECF_ED25519_PUBLIC_KEY_BYTES], const uint8_t seed[][ECF_ED25519_SEED_BYTES], size_t n);
/* clang-format on */
/** Strict, cofactorless verification (see above). Returns ECF_OK for a valid
 *  signature; otherwise a negative status, and every non-OK status means
 *  "invalid": ECF_ERR_NULL (sig or pk NULL, or msg NULL with msg_len != 0);
 *  ECF_ERR_RANGE (S >= l, or the public key's y >= p); ECF_ERR_ENCODING or
 *  ECF_ERR_NOT_ON_CURVE (the public key does not decode); ECF_ERR_VERIFY (the
 *  equation does not hold, or R is not canonical). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_verify(const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES],
                                                                        const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES],
                                                                        const uint8_t *msg, size_t msg_len);
/* clang-format off */
/** Many strict verifications at once: for each i < n, status[i] is exactly
 *  what ecf_ed25519_verify(sig[i], pk[i], msg[i], msg_len[i]) returns
 *  (ECF_OK; ECF_ERR_NULL if msg[i] is NULL with msg_len[i] != 0;
 *  ECF_ERR_RANGE, ECF_ERR_ENCODING or ECF_ERR_NOT_ON_CURVE for that key or
 *  S; ECF_ERR_VERIFY), and each element is independent: a bad key, S or R
 *  fails its own element only. msg[i] may be NULL when msg_len[i] is 0.
 *  Returns ECF_OK if every status[i] is ECF_OK (so for n = 0), else the
 *  status of the first element that failed (read status[] for which ones);
 *  ECF_ERR_NULL if status, sig, pk, msg or msg_len is NULL (then status, if
 *  not NULL, is set to ECF_ERR_NULL for n entries). On x86-64 CPUs with
 *  AVX-512 IFMA the groups of 8 compute k = SHA-512(R || A || M) and [S]B -
 *  [k]A side by side in the vector registers (several times the throughput
 *  of single calls); the
 *  last n mod 8 and other CPUs run the single-call code. Public data only:
 *  variable time, as ecf_ed25519_verify. The arrays must not overlap
 *  status. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3, 4, 5) int ecf_ed25519_verify_batch(
    int status[], const uint8_t sig[][ECF_ED25519_SIGNATURE_BYTES], const uint8_t pk[][ECF_ED25519_PUBLIC_KEY_BYTES],
    const uint8_t *const msg[], const size_t msg_len[], size_t n);
/* clang-format on */
/** ZIP-215 cofactored verification (see above). Returns ECF_OK for a valid
 *  signature; ECF_ERR_NULL; ECF_ERR_RANGE (S >= l); ECF_ERR_NOT_ON_CURVE (the
 *  public key or R does not decode); ECF_ERR_VERIFY. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_verify_cofactored(
    const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES], const uint8_t *msg,
    size_t msg_len);

/** Decode and validate pk once for many verifications (see
 *  ecf_ed25519_prepared_key): the strict decoding of ecf_ed25519_verify.
 *  Returns ECF_OK; ECF_ERR_NULL if prep or pk is NULL; ECF_ERR_RANGE (y >= p),
 *  ECF_ERR_NOT_ON_CURVE or ECF_ERR_ENCODING (pk does not decode), as verify
 *  returns for that key. On error *prep is zeroed (if prep is not NULL), which
 *  verify_prepared rejects. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_public_key_prepare(
    ecf_ed25519_prepared_key *prep, const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES]);
/** ecf_ed25519_verify under a prepared key: accepts and rejects exactly what
 *  ecf_ed25519_verify accepts and rejects for the key prep was prepared from,
 *  without decoding the key again. Returns ECF_OK for a valid signature;
 *  ECF_ERR_NULL (sig or prep NULL, or msg NULL with msg_len != 0);
 *  ECF_ERR_ENCODING if prep does not hold a prepared key (zeroed, or left by a
 *  failed prepare); ECF_ERR_RANGE (S >= l); ECF_ERR_VERIFY. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_verify_prepared(
    const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const ecf_ed25519_prepared_key *prep, const uint8_t *msg,
    size_t msg_len);

/* (clang-format would break these prototypes inside ECF_NONNULL(...)) */
/* clang-format off */
/** Ed25519ctx (RFC 8032 5.1, phflag 0 with a context): the signature of
 *  msg[0..msg_len) under sk = seed || pk with the context ctx[0..ctx_len).
 *  Returns ECF_OK; ECF_ERR_NULL if sig, sk or ctx is NULL, or msg is NULL
 *  with msg_len != 0; ECF_ERR_LENGTH if ctx_len is 0 or more than
 *  ECF_ED25519_CONTEXT_MAX_BYTES (RFC 8032 requires a non-empty context for
 *  Ed25519ctx). On error sig is zeroed (if it is not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 5) int ecf_ed25519ctx_sign(
    uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t sk[ECF_ED25519_SECRET_KEY_BYTES], const uint8_t *msg,
    size_t msg_len, const uint8_t *ctx, size_t ctx_len);
/** Ed25519ctx verification, the strict rule of ecf_ed25519_verify with dom2.
 *  Returns ECF_OK for a valid signature; ECF_ERR_NULL; ECF_ERR_LENGTH (ctx_len
 *  0 or more than ECF_ED25519_CONTEXT_MAX_BYTES); ECF_ERR_RANGE;
 *  ECF_ERR_ENCODING or ECF_ERR_NOT_ON_CURVE (the public key); ECF_ERR_VERIFY. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 5) int ecf_ed25519ctx_verify(
    const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES], const uint8_t *msg,
    size_t msg_len, const uint8_t *ctx, size_t ctx_len);
/** Ed25519ph (RFC 8032 5.1, phflag 1): the signature of a message whose
 *  SHA-512 is digest, under sk = seed || pk, with the context
 *  ctx[0..ctx_len) (ctx may be NULL when ctx_len is 0). Returns ECF_OK;
 *  ECF_ERR_NULL if sig, sk or digest is NULL, or ctx is NULL with
 *  ctx_len != 0; ECF_ERR_LENGTH if ctx_len > ECF_ED25519_CONTEXT_MAX_BYTES.
 *  On error sig is zeroed (if it is not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_ed25519ph_sign(
    uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t sk[ECF_ED25519_SECRET_KEY_BYTES],
    const uint8_t digest[ECF_ED25519_PREHASH_BYTES], const uint8_t *ctx, size_t ctx_len);
/** Ed25519ph verification, the strict rule of ecf_ed25519_verify with dom2.
 *  Returns ECF_OK for a valid signature; ECF_ERR_NULL; ECF_ERR_LENGTH (ctx_len
 *  more than ECF_ED25519_CONTEXT_MAX_BYTES); ECF_ERR_RANGE; ECF_ERR_ENCODING
 *  or ECF_ERR_NOT_ON_CURVE (the public key); ECF_ERR_VERIFY. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2, 3) int ecf_ed25519ph_verify(
    const uint8_t sig[ECF_ED25519_SIGNATURE_BYTES], const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES],
    const uint8_t digest[ECF_ED25519_PREHASH_BYTES], const uint8_t *ctx, size_t ctx_len);
/* clang-format on */

/** The X25519 public key (Montgomery u = (1 + y)/(1 - y)) of the Ed25519
 *  public key pk, as libsodium's crypto_sign_ed25519_pk_to_curve25519, which
 *  rejects the same keys (with one status for all). Returns ECF_OK;
 *  ECF_ERR_NULL if a pointer is NULL; ECF_ERR_RANGE (y >= p: a non-canonical
 *  encoding), ECF_ERR_NOT_ON_CURVE or ECF_ERR_ENCODING (pk does not decode
 *  strictly); ECF_ERR_SMALL_ORDER if pk is one of the 8 points of small order
 *  (the identity included) or has a small-order component (it is not in the
 *  prime-order subgroup). On error x25519_pk is zeroed (if it is not NULL).
 *  Public data: not constant time in pk. */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_pk_to_x25519(
    uint8_t x25519_pk[ECF_X25519_PUBLIC_KEY_BYTES], const uint8_t pk[ECF_ED25519_PUBLIC_KEY_BYTES]);
/** The X25519 secret key of the Ed25519 seed: the clamped first half of
 *  SHA-512(seed), as libsodium's crypto_sign_ed25519_sk_to_curve25519 (which
 *  takes the 64-byte sk and reads its first half, the seed). Its X25519 public
 *  key is pk_to_x25519 of the seed's Ed25519 public key. Constant time.
 *  Returns ECF_OK, or ECF_ERR_NULL if a pointer is NULL (then x25519_sk is
 *  zeroed if it is not NULL). */
ECF_API ECF_WARN_UNUSED_RESULT ECF_NONNULL(1, 2) int ecf_ed25519_sk_to_x25519(
    uint8_t x25519_sk[ECF_X25519_SECRET_KEY_BYTES], const uint8_t seed[ECF_ED25519_SEED_BYTES]);

#ifdef __cplusplus
}
#endif

#endif
