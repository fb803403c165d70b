/*
 * libecfield's OpenSSL 3 provider ("ecfield"): what its files share.
 *
 * The provider is a consumer of libecfield.so (its public API only) and of
 * libcrypto (OSSL_PARAM and BIGNUM marshalling, EVP_MD for the ECDSA
 * digest_sign/verify streams, RAND for key generation and hedged nonces, all
 * from a private library context that loads OpenSSL's default provider on
 * first use). It is not part of libecfield.
 *
 * Files: ecfield_prov.c (entry point, provider parameters, algorithm tables,
 * TLS-GROUP capabilities, errors, call counters), x25519.c (KEYMGMT and
 * KEYEXCH X25519), ed25519.c (KEYMGMT and SIGNATURE ED25519), p256.c (KEYMGMT
 * EC restricted to P-256, KEYEXCH ECDH, SIGNATURE ECDSA).
 */
#ifndef ECFIELD_PROV_COMMON_H
#define ECFIELD_PROV_COMMON_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

/* The provider's context: the core's handle (for errors) and the private
 * library context the provider's own libcrypto calls use. */
typedef struct ecfp_ctx {
	const OSSL_CORE_HANDLE *handle;
	OSSL_LIB_CTX *libctx;
} ecfp_ctx;

/* Reason codes of the provider's errors (ERR_GET_REASON of the errors it
 * raises; their strings: ecfp_reason_strings in ecfield_prov.c). */
enum {
	ECFP_R_WRONG_CURVE = 1,
	ECFP_R_EXPLICIT_PARAMS,
	ECFP_R_BAD_KEY_LENGTH,
	ECFP_R_ALL_ZERO_SECRET,
	ECFP_R_INVALID_POINT,
	ECFP_R_INVALID_PRIVATE_KEY,
	ECFP_R_MISSING_KEY,
	ECFP_R_BAD_SIGNATURE_ENCODING,
	ECFP_R_BAD_SIGNATURE_LENGTH,
	ECFP_R_VERIFY_FAILED,
	ECFP_R_BUFFER_TOO_SMALL,
	ECFP_R_BAD_PARAMETER,
	ECFP_R_UNSUPPORTED,
	ECFP_R_BAD_DIGEST,
	ECFP_R_RANDOM,
	ECFP_R_MALLOC,
	ECFP_R_LIBRARY,
};

/* Raise an error on the core's error queue (reason: ECFP_R_*, then a printf
 * message). */
void ecfp_raise(const ecfp_ctx *ctx, int reason, const char *file, int line, const char *func, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
#define ECFP_RAISE(ctx, reason, ...) ecfp_raise((ctx), (reason), __FILE__, __LINE__, __func__, __VA_ARGS__)

/* Random bytes from the provider's library context (secret: RAND_priv_bytes). */
int ecfp_random(const ecfp_ctx *ctx, uint8_t *out, size_t len);

/*
 * Call counters (ECFIELD_PROVIDER_STATS): off unless the variable is set at
 * provider load; then each operation adds 1 to its counter (relaxed atomic)
 * and the totals are written to the file it names at teardown. The format is
 * described in provider/README.md.
 */
enum {
	ECFP_STAT_X25519_KEYGEN,
	ECFP_STAT_X25519_DERIVE,
	ECFP_STAT_ED25519_KEYGEN,
	ECFP_STAT_ED25519_SIGN,
	ECFP_STAT_ED25519_VERIFY,
	ECFP_STAT_P256_KEYGEN,
	ECFP_STAT_ECDH_DERIVE,
	ECFP_STAT_ECDSA_SIGN,
	ECFP_STAT_ECDSA_VERIFY,
	ECFP_STAT_COUNT
};
extern int ecfp_stats_on;
void ecfp_stat_add(int which);
#define ECFP_COUNT(which)                                                                                              \
	do {                                                                                                           \
		if (__builtin_expect(ecfp_stats_on, 0))                                                                \
			ecfp_stat_add(which);                                                                          \
	} while (0)

/* A key object's reference count (sign/exchange contexts hold references). */
static inline void ecfp_ref_up(int *refs) { __atomic_add_fetch(refs, 1, __ATOMIC_RELAXED); }
static inline int ecfp_ref_down(int *refs) { return __atomic_sub_fetch(refs, 1, __ATOMIC_ACQ_REL); }

/* The algorithm tables of each file. */
extern const OSSL_DISPATCH ecfp_x25519_keymgmt_functions[];
extern const OSSL_DISPATCH ecfp_x25519_keyexch_functions[];
extern const OSSL_DISPATCH ecfp_ed25519_keymgmt_functions[];
extern const OSSL_DISPATCH ecfp_ed25519_signature_functions[];
extern const OSSL_DISPATCH ecfp_p256_keymgmt_functions[];
extern const OSSL_DISPATCH ecfp_ecdh_keyexch_functions[];
extern const OSSL_DISPATCH ecfp_ecdsa_signature_functions[];

#define ECFP_FN(id, f)                                                                                                 \
	{                                                                                                              \
		(id), (void (*)(void))(f)                                                                              \
	}

#endif
