/*
 * The provider's entry point (OSSL_provider_init), its parameters, the
 * algorithm tables, the TLS-GROUP capabilities, errors and call counters.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/err.h>
#include <openssl/prov_ssl.h>
#include <openssl/rand.h>

#include <ecfield/ecfield.h>

#include "prov_common.h"

#define ECFP_PROPS "provider=ecfield"

/* ---------------------------------------------------------------- errors */

static OSSL_FUNC_core_new_error_fn *core_new_error;
static OSSL_FUNC_core_set_error_debug_fn *core_set_error_debug;
static OSSL_FUNC_core_vset_error_fn *core_vset_error;

static const OSSL_ITEM ecfp_reason_strings[] = {
    {ECFP_R_WRONG_CURVE, "wrong curve (this provider's EC keys are P-256 only)"},
    {ECFP_R_EXPLICIT_PARAMS, "explicit curve parameters are not supported"},
    {ECFP_R_BAD_KEY_LENGTH, "bad key length"},
    {ECFP_R_ALL_ZERO_SECRET, "all-zero shared secret (peer key of small order)"},
    {ECFP_R_INVALID_POINT, "invalid point (public key)"},
    {ECFP_R_INVALID_PRIVATE_KEY, "invalid private key"},
    {ECFP_R_MISSING_KEY, "missing key"},
    {ECFP_R_BAD_SIGNATURE_ENCODING, "bad signature encoding"},
    {ECFP_R_BAD_SIGNATURE_LENGTH, "bad signature length"},
    {ECFP_R_VERIFY_FAILED, "signature verification failed"},
    {ECFP_R_BUFFER_TOO_SMALL, "output buffer too small"},
    {ECFP_R_BAD_PARAMETER, "bad parameter"},
    {ECFP_R_UNSUPPORTED, "unsupported operation or parameter value"},
    {ECFP_R_BAD_DIGEST, "bad digest"},
    {ECFP_R_RANDOM, "random number generation failed"},
    {ECFP_R_MALLOC, "out of memory"},
    {ECFP_R_LIBRARY, "libecfield error"},
    {0, NULL},
};

void ecfp_raise(const ecfp_ctx *ctx, int reason, const char *file, int line, const char *func, const char *fmt, ...)
{
	va_list ap;
	if (ctx == NULL || core_new_error == NULL || core_vset_error == NULL)
		return;
	core_new_error(ctx->handle);
	if (core_set_error_debug != NULL)
		core_set_error_debug(ctx->handle, file, line, func);
	va_start(ap, fmt);
	core_vset_error(ctx->handle, (uint32_t)reason, fmt, ap);
	va_end(ap);
}

int ecfp_random(const ecfp_ctx *ctx, uint8_t *out, size_t len)
{
	if (RAND_priv_bytes_ex(ctx->libctx, out, len, 0) != 1) {
		ECFP_RAISE(ctx, ECFP_R_RANDOM, "RAND_priv_bytes_ex(%zu) failed", len);
		return 0;
	}
	return 1;
}

/* ---------------------------------------------------------------- counters */

int ecfp_stats_on;
static char ecfp_stats_path[4096];
static uint64_t ecfp_stats[ECFP_STAT_COUNT];
static const char *const ecfp_stat_names[ECFP_STAT_COUNT] = {
    "x25519_keygen", "x25519_derive", "ed25519_keygen", "ed25519_sign", "ed25519_verify",
    "p256_keygen",   "ecdh_derive",   "ecdsa_sign",     "ecdsa_verify",
};

void ecfp_stat_add(int which) { __atomic_add_fetch(&ecfp_stats[which], 1, __ATOMIC_RELAXED); }

/* "name=count,name=count,..." (every counter, in ecfp_stat_names order). */
static void ecfp_stats_string(char *buf, size_t size, char sep_kv, char sep_items)
{
	size_t off = 0;
	buf[0] = '\0';
	for (int i = 0; i < ECFP_STAT_COUNT && off < size; i++) {
		int n;
		if (i > 0 && off + 1 < size)
			buf[off++] = sep_items;
		n = snprintf(buf + off, size - off, "%s%c%llu", ecfp_stat_names[i], sep_kv,
		             (unsigned long long)__atomic_load_n(&ecfp_stats[i], __ATOMIC_RELAXED));
		if (n < 0)
			break;
		off += (size_t)n;
	}
}

static void ecfp_stats_write(void)
{
	char buf[512];
	FILE *f;
	if (!ecfp_stats_on)
		return;
	f = fopen(ecfp_stats_path, "w");
	if (f == NULL)
		return;
	ecfp_stats_string(buf, sizeof buf, ' ', '\n');
	fprintf(f, "%s\n", buf);
	fclose(f);
}

/* ---------------------------------------------------------------- algorithms */

static const OSSL_ALGORITHM ecfp_keymgmt[] = {
    {"X25519:1.3.101.110", ECFP_PROPS, ecfp_x25519_keymgmt_functions, "X25519 (libecfield)"},
    {"ED25519:1.3.101.112", ECFP_PROPS, ecfp_ed25519_keymgmt_functions, "Ed25519 (libecfield)"},
    {"EC:id-ecPublicKey:1.2.840.10045.2.1", ECFP_PROPS, ecfp_p256_keymgmt_functions, "EC P-256 only (libecfield)"},
    {NULL, NULL, NULL, NULL},
};
static const OSSL_ALGORITHM ecfp_keyexch[] = {
    {"X25519:1.3.101.110", ECFP_PROPS, ecfp_x25519_keyexch_functions, "X25519 (libecfield)"},
    {"ECDH", ECFP_PROPS, ecfp_ecdh_keyexch_functions, "ECDH on P-256 (libecfield)"},
    {NULL, NULL, NULL, NULL},
};
static const OSSL_ALGORITHM ecfp_signature[] = {
    {"ED25519:1.3.101.112", ECFP_PROPS, ecfp_ed25519_signature_functions, "Ed25519 (libecfield)"},
    {"ECDSA", ECFP_PROPS, ecfp_ecdsa_signature_functions, "ECDSA on P-256 (libecfield)"},
    {NULL, NULL, NULL, NULL},
};

static const OSSL_ALGORITHM *ecfp_query_operation(void *provctx, int operation_id, int *no_cache)
{
	(void)provctx;
	*no_cache = 0;
	switch (operation_id) {
	case OSSL_OP_KEYMGMT:
		return ecfp_keymgmt;
	case OSSL_OP_KEYEXCH:
		return ecfp_keyexch;
	case OSSL_OP_SIGNATURE:
		return ecfp_signature;
	default:
		return NULL;
	}
}

/* ---------------------------------------------------------------- capabilities */

typedef struct ecfp_tls_group {
	unsigned int id, secbits;
	int mintls, maxtls, mindtls, maxdtls;
} ecfp_tls_group;
static ecfp_tls_group ecfp_groups[2] = {
    {29, 128, TLS1_VERSION, 0, DTLS1_VERSION, 0}, /* x25519 (RFC 8446 4.2.7) */
    {23, 128, TLS1_VERSION, 0, DTLS1_VERSION, 0}, /* secp256r1 (and its alias P-256) */
};
#define ECFP_TLS_GROUP(tlsname, realname, alg, i)                                                                      \
	{                                                                                                              \
		OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, (char *)tlsname, sizeof(tlsname)),              \
		    OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, (char *)realname,                  \
		                           sizeof(realname)),                                                          \
		    OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, (char *)alg, sizeof(alg)),                   \
		    OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &ecfp_groups[i].id),                                 \
		    OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &ecfp_groups[i].secbits),                 \
		    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &ecfp_groups[i].mintls),                         \
		    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &ecfp_groups[i].maxtls),                         \
		    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &ecfp_groups[i].mindtls),                       \
		    OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &ecfp_groups[i].maxdtls), OSSL_PARAM_END        \
	}
/* libssl keeps a provider's group only if the KEYMGMT its property query
 * fetches is that provider's: with "?provider=ecfield" these entries replace
 * the default provider's, hence the alias P-256 that the default one has. */
#define ECFP_N_GROUPS 3
static const OSSL_PARAM ecfp_group_params[ECFP_N_GROUPS][10] = {
    ECFP_TLS_GROUP("x25519", "X25519", "X25519", 0),
    ECFP_TLS_GROUP("secp256r1", "prime256v1", "EC", 1),
    ECFP_TLS_GROUP("P-256", "prime256v1", "EC", 1),
};

static int ecfp_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg)
{
	(void)provctx;
	if (OPENSSL_strcasecmp(capability, "TLS-GROUP") != 0)
		return 0;
	for (size_t i = 0; i < ECFP_N_GROUPS; i++)
		if (!cb(ecfp_group_params[i], arg))
			return 0;
	return 1;
}

/* ---------------------------------------------------------------- parameters */

#define ECFP_CALLS_PARAM "ecfield-calls"

static const OSSL_PARAM ecfp_param_types[] = {
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0),
    OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
    OSSL_PARAM_DEFN(ECFP_CALLS_PARAM, OSSL_PARAM_UTF8_STRING, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *ecfp_gettable_params(void *provctx)
{
	(void)provctx;
	return ecfp_param_types;
}

static char ecfp_buildinfo[256];

static int ecfp_get_params(void *provctx, OSSL_PARAM params[])
{
	OSSL_PARAM *p;
	(void)provctx;
	p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME);
	if (p != NULL && !OSSL_PARAM_set_utf8_ptr(p, "libecfield OpenSSL provider"))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION);
	if (p != NULL && !OSSL_PARAM_set_utf8_ptr(p, ecf_version()))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO);
	if (p != NULL && !OSSL_PARAM_set_utf8_ptr(p, ecfp_buildinfo))
		return 0;
	p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS);
	if (p != NULL && !OSSL_PARAM_set_int(p, 1))
		return 0;
	p = OSSL_PARAM_locate(params, ECFP_CALLS_PARAM);
	if (p != NULL) {
		char buf[512];
		if (ecfp_stats_on)
			ecfp_stats_string(buf, sizeof buf, '=', ',');
		else
			snprintf(buf, sizeof buf, "disabled");
		if (!OSSL_PARAM_set_utf8_string(p, buf))
			return 0;
	}
	return 1;
}

static const OSSL_ITEM *ecfp_get_reason_strings(void *provctx)
{
	(void)provctx;
	return ecfp_reason_strings;
}

/* ---------------------------------------------------------------- init, teardown */

static void ecfp_teardown(void *provctx)
{
	ecfp_ctx *ctx = provctx;
	ecfp_stats_write();
	if (ctx != NULL) {
		OSSL_LIB_CTX_free(ctx->libctx);
		OPENSSL_free(ctx);
	}
}

static const OSSL_DISPATCH ecfp_dispatch[] = {
    ECFP_FN(OSSL_FUNC_PROVIDER_TEARDOWN, ecfp_teardown),
    ECFP_FN(OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, ecfp_gettable_params),
    ECFP_FN(OSSL_FUNC_PROVIDER_GET_PARAMS, ecfp_get_params),
    ECFP_FN(OSSL_FUNC_PROVIDER_QUERY_OPERATION, ecfp_query_operation),
    ECFP_FN(OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, ecfp_get_reason_strings),
    ECFP_FN(OSSL_FUNC_PROVIDER_GET_CAPABILITIES, ecfp_get_capabilities),
    {0, NULL},
};

__attribute__((visibility("default"))) int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                                                              const OSSL_DISPATCH **out, void **provctx);

int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in, const OSSL_DISPATCH **out,
                       void **provctx)
{
	ecfp_ctx *ctx;
	const char *path;
	for (; in->function_id != 0; in++) {
		switch (in->function_id) {
		case OSSL_FUNC_CORE_NEW_ERROR:
			core_new_error = OSSL_FUNC_core_new_error(in);
			break;
		case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
			core_set_error_debug = OSSL_FUNC_core_set_error_debug(in);
			break;
		case OSSL_FUNC_CORE_VSET_ERROR:
			core_vset_error = OSSL_FUNC_core_vset_error(in);
			break;
		default:
			break;
		}
	}
	ctx = OPENSSL_zalloc(sizeof *ctx);
	if (ctx == NULL)
		return 0;
	ctx->handle = handle;
	ctx->libctx = OSSL_LIB_CTX_new();
	if (ctx->libctx == NULL) {
		OPENSSL_free(ctx);
		return 0;
	}
	path = getenv("ECFIELD_PROVIDER_STATS");
	if (path != NULL && path[0] != '\0' && strlen(path) < sizeof ecfp_stats_path && !ecfp_stats_on) {
		memcpy(ecfp_stats_path, path, strlen(path) + 1);
		ecfp_stats_on = 1;
	}
	snprintf(ecfp_buildinfo, sizeof ecfp_buildinfo, "libecfield %s, kernel %s (%s)", ecf_version(),
	         ecf_kernel_name(), ecf_kernel_reason());
	*provctx = ctx;
	*out = ecfp_dispatch;
	return 1;
}
