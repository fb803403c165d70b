/*
 * Ed25519: KEYMGMT "ED25519" (ecx_key.c's shared functions) and SIGNATURE
 * "ED25519": the one-shot digest_sign/digest_verify that TLS 1.3 and X.509
 * call (no digest: mdname must be NULL or empty), as OpenSSL's own provider
 * offers them, with the AlgorithmIdentifier X.509 signing asks for.
 * Verification uses the key prepared once (ecf_ed25519_public_key_prepare)
 * on its first verification and kept in the key object.
 */
#include <string.h>

#include <openssl/crypto.h>

#include "ecx_key.h"

/* ---------------------------------------------------------------- KEYMGMT */

static void *ed25519_new(void *provctx) { return ecfp_ecx_new(provctx, ECFP_ED25519); }

static void *ed25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
	return ecfp_ecx_gen_init(provctx, ECFP_ED25519, selection, params);
}

static int ed25519_get_params(void *keydata, OSSL_PARAM params[])
{
	(void)keydata;
	OSSL_PARAM *p;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL && !OSSL_PARAM_set_int(p, 256))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL && !OSSL_PARAM_set_int(p, 128))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL &&
	    !OSSL_PARAM_set_int(p, ECF_ED25519_SIGNATURE_BYTES))
		return 0;
	/* "No digest" (EVP_PKEY_get_default_digest_name: UNDEF), as OpenSSL's own. */
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) != NULL &&
	    !OSSL_PARAM_set_utf8_string(p, ""))
		return 0;
	return 1;
}

static const OSSL_PARAM ed25519_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *ed25519_gettable_params(void *provctx)
{
	(void)provctx;
	return ed25519_gettable;
}

static int ed25519_set_params(void *keydata, const OSSL_PARAM params[])
{
	(void)keydata;
	(void)params;
	return 1;
}

static const OSSL_PARAM ed25519_settable[] = {OSSL_PARAM_END};

static const OSSL_PARAM *ed25519_settable_params(void *provctx)
{
	(void)provctx;
	return ed25519_settable;
}

static const OSSL_PARAM *ed25519_imexport_types(int selection) { return ecfp_ecx_imexport_types(selection); }

static const char *ed25519_query_operation_name(int operation_id)
{
	(void)operation_id;
	return "ED25519";
}

const OSSL_DISPATCH ecfp_ed25519_keymgmt_functions[] = {
    ECFP_FN(OSSL_FUNC_KEYMGMT_NEW, ed25519_new),
    ECFP_FN(OSSL_FUNC_KEYMGMT_FREE, ecfp_ecx_free),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GET_PARAMS, ed25519_get_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, ed25519_gettable_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_SET_PARAMS, ed25519_set_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, ed25519_settable_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_HAS, ecfp_ecx_has),
    ECFP_FN(OSSL_FUNC_KEYMGMT_MATCH, ecfp_ecx_match),
    ECFP_FN(OSSL_FUNC_KEYMGMT_VALIDATE, ecfp_ecx_validate),
    ECFP_FN(OSSL_FUNC_KEYMGMT_IMPORT, ecfp_ecx_import),
    ECFP_FN(OSSL_FUNC_KEYMGMT_IMPORT_TYPES, ed25519_imexport_types),
    ECFP_FN(OSSL_FUNC_KEYMGMT_EXPORT, ecfp_ecx_export),
    ECFP_FN(OSSL_FUNC_KEYMGMT_EXPORT_TYPES, ed25519_imexport_types),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_INIT, ed25519_gen_init),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, ecfp_ecx_gen_set_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, ecfp_ecx_gen_settable_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN, ecfp_ecx_gen),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_CLEANUP, ecfp_ecx_gen_cleanup),
    ECFP_FN(OSSL_FUNC_KEYMGMT_DUP, ecfp_ecx_dup),
    ECFP_FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, ed25519_query_operation_name),
    {0, NULL},
};

/* ---------------------------------------------------------------- SIGNATURE */

typedef struct ed25519_sig {
	ecfp_ctx *provctx;
	ecfp_ecx_key *key;
} ed25519_sig;

/* The DER AlgorithmIdentifier of Ed25519 (RFC 8410): SEQUENCE { OID 1.3.101.112 }. */
static const uint8_t ed25519_algid[] = {0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70};

static void *ed25519_sig_new(void *provctx, const char *propq)
{
	ed25519_sig *c = OPENSSL_zalloc(sizeof *c);
	(void)propq;
	if (c == NULL)
		return NULL;
	c->provctx = provctx;
	return c;
}

static void ed25519_sig_free(void *vctx)
{
	ed25519_sig *c = vctx;
	if (c == NULL)
		return;
	ecfp_ecx_free(c->key);
	OPENSSL_free(c);
}

static void *ed25519_sig_dup(void *vctx)
{
	ed25519_sig *src = vctx, *c = OPENSSL_memdup(src, sizeof *src);
	if (c != NULL && c->key != NULL)
		ecfp_ref_up(&c->key->refs);
	return c;
}

static int ed25519_sig_init(ed25519_sig *c, const char *mdname, ecfp_ecx_key *key, int need_priv)
{
	if (mdname != NULL && mdname[0] != '\0') {
		ECFP_RAISE(c->provctx, ECFP_R_BAD_DIGEST, "Ed25519 takes no digest (got %s)", mdname);
		return 0;
	}
	if (key == NULL)
		key = c->key; /* re-initialisation with the same key */
	if (key == NULL || key->type != ECFP_ED25519 || !(need_priv ? key->has_priv : key->has_pub)) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "Ed25519: no %s key", need_priv ? "private" : "public");
		return 0;
	}
	if (key != c->key) {
		ecfp_ref_up(&key->refs);
		ecfp_ecx_free(c->key);
		c->key = key;
	}
	return 1;
}

static int ed25519_digest_sign_init(void *vctx, const char *mdname, void *vkey, const OSSL_PARAM params[])
{
	(void)params;
	return ed25519_sig_init(vctx, mdname, vkey, 1);
}

static int ed25519_digest_verify_init(void *vctx, const char *mdname, void *vkey, const OSSL_PARAM params[])
{
	(void)params;
	return ed25519_sig_init(vctx, mdname, vkey, 0);
}

static int ed25519_digest_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize, const unsigned char *tbs,
                               size_t tbslen)
{
	ed25519_sig *c = vctx;
	int rc;
	if (c->key == NULL || !c->key->has_priv) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "Ed25519 sign: no private key");
		return 0;
	}
	if (sig == NULL) {
		*siglen = ECF_ED25519_SIGNATURE_BYTES;
		return 1;
	}
	if (sigsize < ECF_ED25519_SIGNATURE_BYTES) {
		ECFP_RAISE(c->provctx, ECFP_R_BUFFER_TOO_SMALL, "Ed25519 sign: %zu bytes (want 64)", sigsize);
		return 0;
	}
	rc = ecf_ed25519_sign(sig, c->key->sk, tbs, tbslen);
	if (rc != ECF_OK) {
		ECFP_RAISE(c->provctx, ECFP_R_LIBRARY, "Ed25519 sign: %s", ecf_status_string(rc));
		return 0;
	}
	*siglen = ECF_ED25519_SIGNATURE_BYTES;
	ECFP_COUNT(ECFP_STAT_ED25519_SIGN);
	return 1;
}

/* The key's prepared form, made on first use and published with a
 * compare-and-swap (a thread that loses the race frees its copy). */
static const ecf_ed25519_prepared_key *ed25519_prepared(ed25519_sig *c)
{
	ecfp_ecx_key *key = c->key;
	ecf_ed25519_prepared_key *p = __atomic_load_n(&key->prep, __ATOMIC_ACQUIRE), *expected = NULL;
	int rc;
	if (p != NULL)
		return p;
	p = OPENSSL_malloc(sizeof *p);
	if (p == NULL)
		return NULL;
	rc = ecf_ed25519_public_key_prepare(p, key->pub);
	if (rc != ECF_OK) {
		OPENSSL_free(p);
		ECFP_RAISE(c->provctx, ECFP_R_INVALID_POINT, "Ed25519 public key: %s", ecf_status_string(rc));
		return NULL;
	}
	if (!__atomic_compare_exchange_n(&key->prep, &expected, p, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		OPENSSL_free(p);
		p = expected;
	}
	return p;
}

static int ed25519_digest_verify(void *vctx, const unsigned char *sig, size_t siglen, const unsigned char *tbs,
                                 size_t tbslen)
{
	ed25519_sig *c = vctx;
	const ecf_ed25519_prepared_key *prep;
	int rc;
	if (c->key == NULL || !c->key->has_pub) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "Ed25519 verify: no public key");
		return 0;
	}
	ECFP_COUNT(ECFP_STAT_ED25519_VERIFY);
	if (siglen != ECF_ED25519_SIGNATURE_BYTES) {
		ECFP_RAISE(c->provctx, ECFP_R_BAD_SIGNATURE_LENGTH, "Ed25519 signature: %zu bytes (want 64)", siglen);
		return 0;
	}
	if ((prep = ed25519_prepared(c)) == NULL)
		return 0;
	rc = ecf_ed25519_verify_prepared(sig, prep, tbs, tbslen);
	if (rc == ECF_ERR_RANGE)
		ECFP_RAISE(c->provctx, ECFP_R_BAD_SIGNATURE_ENCODING, "Ed25519 signature: S >= l");
	return rc == ECF_OK;
}

static int ed25519_sig_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
	OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID);
	(void)vctx;
	if (p != NULL && !OSSL_PARAM_set_octet_string(p, ed25519_algid, sizeof ed25519_algid))
		return 0;
	return 1;
}

static const OSSL_PARAM ed25519_sig_gettable[] = {
    OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *ed25519_sig_gettable_ctx_params(void *vctx, void *provctx)
{
	(void)vctx;
	(void)provctx;
	return ed25519_sig_gettable;
}

const OSSL_DISPATCH ecfp_ed25519_signature_functions[] = {
    ECFP_FN(OSSL_FUNC_SIGNATURE_NEWCTX, ed25519_sig_new),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, ed25519_digest_sign_init),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN, ed25519_digest_sign),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, ed25519_digest_verify_init),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, ed25519_digest_verify),
    ECFP_FN(OSSL_FUNC_SIGNATURE_FREECTX, ed25519_sig_free),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DUPCTX, ed25519_sig_dup),
    ECFP_FN(OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, ed25519_sig_get_ctx_params),
    ECFP_FN(OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, ed25519_sig_gettable_ctx_params),
    {0, NULL},
};
