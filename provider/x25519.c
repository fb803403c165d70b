/*
 * X25519: KEYMGMT "X25519" (ecx_key.c's shared functions plus the parameters
 * TLS needs: the encoded public key) and KEYEXCH "X25519" (RFC 7748 6.1,
 * refusing the all-zero shared secret as OpenSSL's own provider does).
 */
#include <string.h>

#include <openssl/crypto.h>

#include "ecx_key.h"

/* ---------------------------------------------------------------- KEYMGMT */

static void *x25519_new(void *provctx) { return ecfp_ecx_new(provctx, ECFP_X25519); }

static void *x25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
	return ecfp_ecx_gen_init(provctx, ECFP_X25519, selection, params);
}

static int x25519_get_params(void *keydata, OSSL_PARAM params[])
{
	ecfp_ecx_key *key = keydata;
	OSSL_PARAM *p;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL && !OSSL_PARAM_set_int(p, 253))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL && !OSSL_PARAM_set_int(p, 128))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL && !OSSL_PARAM_set_int(p, 32))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) != NULL) {
		if (!key->has_pub) {
			ECFP_RAISE(key->provctx, ECFP_R_MISSING_KEY, "X25519: no public key");
			return 0;
		}
		if (!OSSL_PARAM_set_octet_string(p, key->pub, 32))
			return 0;
	}
	return 1;
}

static const OSSL_PARAM x25519_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *x25519_gettable_params(void *provctx)
{
	(void)provctx;
	return x25519_gettable;
}

/* The peer's key share in TLS: the public key alone (a private key the
 * object held is dropped, as OpenSSL's own ECX keys do). */
static int x25519_set_params(void *keydata, const OSSL_PARAM params[])
{
	ecfp_ecx_key *key = keydata;
	const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
	if (p == NULL)
		return 1;
	if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != 32 || p->data == NULL) {
		ECFP_RAISE(key->provctx, ECFP_R_BAD_KEY_LENGTH, "X25519 encoded public key: %zu bytes (want 32)",
		           p->data_size);
		return 0;
	}
	ecf_wipe(key->sk, sizeof key->sk);
	key->has_priv = 0;
	memcpy(key->pub, p->data, 32);
	key->has_pub = 1;
	return 1;
}

static const OSSL_PARAM x25519_settable[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *x25519_settable_params(void *provctx)
{
	(void)provctx;
	return x25519_settable;
}

static const OSSL_PARAM *x25519_imexport_types(int selection) { return ecfp_ecx_imexport_types(selection); }

static const char *x25519_query_operation_name(int operation_id)
{
	(void)operation_id;
	return "X25519";
}

const OSSL_DISPATCH ecfp_x25519_keymgmt_functions[] = {
    ECFP_FN(OSSL_FUNC_KEYMGMT_NEW, x25519_new),
    ECFP_FN(OSSL_FUNC_KEYMGMT_FREE, ecfp_ecx_free),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GET_PARAMS, x25519_get_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, x25519_gettable_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_SET_PARAMS, x25519_set_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, x25519_settable_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_HAS, ecfp_ecx_has),
    ECFP_FN(OSSL_FUNC_KEYMGMT_MATCH, ecfp_ecx_match),
    ECFP_FN(OSSL_FUNC_KEYMGMT_VALIDATE, ecfp_ecx_validate),
    ECFP_FN(OSSL_FUNC_KEYMGMT_IMPORT, ecfp_ecx_import),
    ECFP_FN(OSSL_FUNC_KEYMGMT_IMPORT_TYPES, x25519_imexport_types),
    ECFP_FN(OSSL_FUNC_KEYMGMT_EXPORT, ecfp_ecx_export),
    ECFP_FN(OSSL_FUNC_KEYMGMT_EXPORT_TYPES, x25519_imexport_types),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_INIT, x25519_gen_init),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, ecfp_ecx_gen_set_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, ecfp_ecx_gen_settable_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN, ecfp_ecx_gen),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_CLEANUP, ecfp_ecx_gen_cleanup),
    ECFP_FN(OSSL_FUNC_KEYMGMT_DUP, ecfp_ecx_dup),
    ECFP_FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, x25519_query_operation_name),
    {0, NULL},
};

/* ---------------------------------------------------------------- KEYEXCH */

typedef struct x25519_exch {
	ecfp_ctx *provctx;
	ecfp_ecx_key *key, *peer;
} x25519_exch;

static void *x25519_exch_new(void *provctx)
{
	x25519_exch *c = OPENSSL_zalloc(sizeof *c);
	if (c == NULL)
		return NULL;
	c->provctx = provctx;
	return c;
}

static void x25519_exch_free(void *vctx)
{
	x25519_exch *c = vctx;
	if (c == NULL)
		return;
	ecfp_ecx_free(c->key);
	ecfp_ecx_free(c->peer);
	OPENSSL_free(c);
}

static void *x25519_exch_dup(void *vctx)
{
	x25519_exch *src = vctx, *c = OPENSSL_memdup(src, sizeof *src);
	if (c == NULL)
		return NULL;
	if (c->key != NULL)
		ecfp_ref_up(&c->key->refs);
	if (c->peer != NULL)
		ecfp_ref_up(&c->peer->refs);
	return c;
}

static int x25519_exch_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
	x25519_exch *c = vctx;
	ecfp_ecx_key *key = vkey;
	(void)params;
	if (key == NULL || key->type != ECFP_X25519 || !key->has_priv) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "X25519 derive: no private key");
		return 0;
	}
	ecfp_ref_up(&key->refs);
	ecfp_ecx_free(c->key);
	c->key = key;
	return 1;
}

static int x25519_exch_set_peer(void *vctx, void *vpeer)
{
	x25519_exch *c = vctx;
	ecfp_ecx_key *peer = vpeer;
	if (peer == NULL || peer->type != ECFP_X25519 || !peer->has_pub) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "X25519 derive: no peer public key");
		return 0;
	}
	ecfp_ref_up(&peer->refs);
	ecfp_ecx_free(c->peer);
	c->peer = peer;
	return 1;
}

static int x25519_exch_derive(void *vctx, unsigned char *secret, size_t *secretlen, size_t outlen)
{
	x25519_exch *c = vctx;
	int rc;
	if (c->key == NULL || c->peer == NULL) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "X25519 derive: key or peer not set");
		return 0;
	}
	*secretlen = ECF_X25519_SHARED_BYTES;
	if (secret == NULL)
		return 1;
	if (outlen < ECF_X25519_SHARED_BYTES) {
		ECFP_RAISE(c->provctx, ECFP_R_BUFFER_TOO_SMALL, "X25519 derive: %zu bytes (want 32)", outlen);
		return 0;
	}
	rc = ecf_x25519(secret, c->key->sk, c->peer->pub);
	if (rc != ECF_OK) {
		ECFP_RAISE(c->provctx, rc == ECF_ERR_SMALL_ORDER ? ECFP_R_ALL_ZERO_SECRET : ECFP_R_LIBRARY,
		           "X25519 derive: %s", ecf_status_string(rc));
		return 0;
	}
	ECFP_COUNT(ECFP_STAT_X25519_DERIVE);
	return 1;
}

const OSSL_DISPATCH ecfp_x25519_keyexch_functions[] = {
    ECFP_FN(OSSL_FUNC_KEYEXCH_NEWCTX, x25519_exch_new),
    ECFP_FN(OSSL_FUNC_KEYEXCH_INIT, x25519_exch_init),
    ECFP_FN(OSSL_FUNC_KEYEXCH_SET_PEER, x25519_exch_set_peer),
    ECFP_FN(OSSL_FUNC_KEYEXCH_DERIVE, x25519_exch_derive),
    ECFP_FN(OSSL_FUNC_KEYEXCH_FREECTX, x25519_exch_free),
    ECFP_FN(OSSL_FUNC_KEYEXCH_DUPCTX, x25519_exch_dup),
    {0, NULL},
};
