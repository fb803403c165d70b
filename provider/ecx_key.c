/*
 * X25519 and Ed25519 keys: raw bytes (RFC 7748, RFC 8032), imported and
 * exported as OSSL_PKEY_PARAM_PUB_KEY / PRIV_KEY octet strings as OpenSSL's
 * own ECX key management does, so that keys move between this provider and
 * the default one (and through the default provider's encoders/decoders).
 */
#include <string.h>

#include <openssl/crypto.h>

#include "ecx_key.h"

static const char *ecfp_ecx_name(ecfp_ecx_type type) { return type == ECFP_X25519 ? "X25519" : "Ed25519"; }

ecfp_ecx_key *ecfp_ecx_new(ecfp_ctx *provctx, ecfp_ecx_type type)
{
	ecfp_ecx_key *key = OPENSSL_zalloc(sizeof *key);
	if (key == NULL) {
		ECFP_RAISE(provctx, ECFP_R_MALLOC, "%s key", ecfp_ecx_name(type));
		return NULL;
	}
	key->provctx = provctx;
	key->refs = 1;
	key->type = type;
	return key;
}

void ecfp_ecx_free(void *keydata)
{
	ecfp_ecx_key *key = keydata;
	if (key == NULL || ecfp_ref_down(&key->refs) > 0)
		return;
	OPENSSL_free(key->prep);
	OPENSSL_clear_free(key, sizeof *key);
}

/* The key's bytes change: its prepared form (if any) is stale. */
static void ecfp_ecx_drop_prepared(ecfp_ecx_key *key)
{
	OPENSSL_free(key->prep);
	key->prep = NULL;
}

int ecfp_ecx_set_secret(ecfp_ecx_key *key, const uint8_t secret[32])
{
	int rc;
	ecfp_ecx_drop_prepared(key);
	memcpy(key->sk, secret, 32);
	if (key->type == ECFP_X25519)
		rc = ecf_x25519_public_key(key->pub, key->sk);
	else
		rc = ecf_ed25519_public_key(key->pub, key->sk);
	if (rc != ECF_OK) {
		ecf_wipe(key->sk, sizeof key->sk);
		key->has_priv = key->has_pub = 0;
		ECFP_RAISE(key->provctx, ECFP_R_LIBRARY, "public key: %s", ecf_status_string(rc));
		return 0;
	}
	if (key->type == ECFP_ED25519)
		memcpy(key->sk + 32, key->pub, 32);
	key->has_priv = key->has_pub = 1;
	return 1;
}

int ecfp_ecx_has(const void *keydata, int selection)
{
	const ecfp_ecx_key *key = keydata;
	int ok = key != NULL;
	if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0)
		ok = ok && key->has_pub;
	if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0)
		ok = ok && key->has_priv;
	return ok;
}

int ecfp_ecx_match(const void *k1, const void *k2, int selection)
{
	const ecfp_ecx_key *a = k1, *b = k2;
	if (a->type != b->type)
		return 0;
	if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
		return 1; /* no domain parameters: equal */
	if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && a->has_pub && b->has_pub)
		return memcmp(a->pub, b->pub, 32) == 0;
	if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && a->has_priv && b->has_priv)
		return ecf_ct_equal(a->sk, b->sk, 32);
	return 0;
}

int ecfp_ecx_import(void *keydata, int selection, const OSSL_PARAM params[])
{
	ecfp_ecx_key *key = keydata;
	const OSSL_PARAM *pub, *priv;
	if (key == NULL)
		return 0;
	if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
		return 1; /* nothing but domain parameters, which these keys do not have */
	pub = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
	priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0
	           ? OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY)
	           : NULL;
	if (pub == NULL && priv == NULL) {
		ECFP_RAISE(key->provctx, ECFP_R_MISSING_KEY, "%s import: no public or private key",
		           ecfp_ecx_name(key->type));
		return 0;
	}
	if (pub != NULL && (pub->data_type != OSSL_PARAM_OCTET_STRING || pub->data_size != 32)) {
		ECFP_RAISE(key->provctx, ECFP_R_BAD_KEY_LENGTH, "%s public key: %zu bytes (want 32)",
		           ecfp_ecx_name(key->type), pub->data_size);
		return 0;
	}
	if (priv != NULL && (priv->data_type != OSSL_PARAM_OCTET_STRING || priv->data_size != 32)) {
		ECFP_RAISE(key->provctx, ECFP_R_BAD_KEY_LENGTH, "%s private key: %zu bytes (want 32)",
		           ecfp_ecx_name(key->type), priv->data_size);
		return 0;
	}
	if (priv != NULL) {
		if (!ecfp_ecx_set_secret(key, priv->data))
			return 0;
		/* A public key given with the private one must be its own: a
		 * wrong public half would leak the Ed25519 secret scalar. */
		if (pub != NULL && memcmp(pub->data, key->pub, 32) != 0) {
			ecf_wipe(key->sk, sizeof key->sk);
			key->has_priv = key->has_pub = 0;
			ECFP_RAISE(key->provctx, ECFP_R_INVALID_POINT,
			           "%s import: the public key is not the private key's", ecfp_ecx_name(key->type));
			return 0;
		}
		return 1;
	}
	ecfp_ecx_drop_prepared(key);
	memcpy(key->pub, pub->data, 32);
	key->has_pub = 1;
	return 1;
}

static const OSSL_PARAM ecfp_ecx_key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END,
};

const OSSL_PARAM *ecfp_ecx_imexport_types(int selection)
{
	return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 ? ecfp_ecx_key_types : NULL;
}

int ecfp_ecx_export(void *keydata, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
	ecfp_ecx_key *key = keydata;
	OSSL_PARAM params[3];
	size_t n = 0;
	int rc;
	uint8_t sk[32];
	if (key == NULL)
		return 0;
	if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
		return 0;
	if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && key->has_pub)
		params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, key->pub, 32);
	if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key->has_priv) {
		memcpy(sk, key->sk, 32);
		params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, sk, 32);
	}
	params[n] = OSSL_PARAM_construct_end();
	rc = cb(params, cbarg);
	ecf_wipe(sk, sizeof sk);
	return rc;
}

int ecfp_ecx_validate(const void *keydata, int selection, int checktype)
{
	const ecfp_ecx_key *key = keydata;
	uint8_t pub[32];
	int rc, ok;
	(void)checktype;
	if (!ecfp_ecx_has(keydata, selection & OSSL_KEYMGMT_SELECT_KEYPAIR))
		return 0;
	if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != OSSL_KEYMGMT_SELECT_KEYPAIR)
		return 1;
	rc = key->type == ECFP_X25519 ? ecf_x25519_public_key(pub, key->sk) : ecf_ed25519_public_key(pub, key->sk);
	ok = rc == ECF_OK && memcmp(pub, key->pub, 32) == 0;
	if (!ok)
		ECFP_RAISE(key->provctx, ECFP_R_INVALID_POINT, "%s: the public key is not the private key's",
		           ecfp_ecx_name(key->type));
	return ok;
}

void *ecfp_ecx_dup(const void *keydata, int selection)
{
	const ecfp_ecx_key *src = keydata;
	ecfp_ecx_key *key = ecfp_ecx_new(src->provctx, src->type);
	if (key == NULL)
		return NULL;
	if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && src->has_pub) {
		memcpy(key->pub, src->pub, 32);
		key->has_pub = 1;
	}
	if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && src->has_priv) {
		memcpy(key->sk, src->sk, sizeof key->sk);
		memcpy(key->pub, src->pub, 32);
		key->has_priv = key->has_pub = 1;
	}
	return key;
}

/* ---------------------------------------------------------------- generation */

typedef struct ecfp_ecx_gen_ctx {
	ecfp_ctx *provctx;
	ecfp_ecx_type type;
	int selection;
} ecfp_ecx_gen_ctx;

int ecfp_ecx_gen_set_params(void *genctx, const OSSL_PARAM params[])
{
	ecfp_ecx_gen_ctx *g = genctx;
	const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
	if (p != NULL) {
		const char *want = g->type == ECFP_X25519 ? "x25519" : "ed25519";
		if (p->data_type != OSSL_PARAM_UTF8_STRING || p->data == NULL ||
		    OPENSSL_strcasecmp(p->data, want) != 0) {
			ECFP_RAISE(g->provctx, ECFP_R_WRONG_CURVE, "%s key generation: group %s",
			           ecfp_ecx_name(g->type),
			           p->data_type == OSSL_PARAM_UTF8_STRING && p->data ? (const char *)p->data : "?");
			return 0;
		}
	}
	return 1;
}

void *ecfp_ecx_gen_init(ecfp_ctx *provctx, ecfp_ecx_type type, int selection, const OSSL_PARAM params[])
{
	ecfp_ecx_gen_ctx *g = OPENSSL_zalloc(sizeof *g);
	if (g == NULL)
		return NULL;
	g->provctx = provctx;
	g->type = type;
	g->selection = selection;
	if (!ecfp_ecx_gen_set_params(g, params)) {
		OPENSSL_free(g);
		return NULL;
	}
	return g;
}

static const OSSL_PARAM ecfp_ecx_gen_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_END,
};

const OSSL_PARAM *ecfp_ecx_gen_settable_params(void *genctx, void *provctx)
{
	(void)genctx;
	(void)provctx;
	return ecfp_ecx_gen_settable;
}

void *ecfp_ecx_gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
	ecfp_ecx_gen_ctx *g = genctx;
	ecfp_ecx_key *key;
	uint8_t seed[32];
	(void)cb;
	(void)cbarg;
	key = ecfp_ecx_new(g->provctx, g->type);
	if (key == NULL)
		return NULL;
	if ((g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
		return key; /* parameters only (TLS asks for them): an empty key */
	if (!ecfp_random(g->provctx, seed, sizeof seed) || !ecfp_ecx_set_secret(key, seed)) {
		ecf_wipe(seed, sizeof seed);
		ecfp_ecx_free(key);
		return NULL;
	}
	ecf_wipe(seed, sizeof seed);
	ECFP_COUNT(g->type == ECFP_X25519 ? ECFP_STAT_X25519_KEYGEN : ECFP_STAT_ED25519_KEYGEN);
	return key;
}

void ecfp_ecx_gen_cleanup(void *genctx) { OPENSSL_free(genctx); }
