/*
 * NIST P-256: KEYMGMT "EC" restricted to the named group prime256v1 (any
 * other group, and explicit parameters, are refused), KEYEXCH "ECDH" (plain
 * SEC1 ECDH: the x-coordinate, no KDF) and SIGNATURE "ECDSA" (on a digest,
 * and digest_sign/digest_verify streams hashed with an EVP_MD of the
 * provider's library context), DER signatures.
 *
 * Keys keep raw bytes: the secret d (32 big-endian bytes) and the public key
 * uncompressed (65 bytes). BIGNUMs appear only where OSSL_PARAM carries the
 * private key (import, export, get_params). Verification uses the public key
 * prepared once (ecf_p256_ecdsa_public_key_prepare) on its first use.
 */
#include <string.h>

#include <openssl/bn.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>

#include <ecfield/p256_ecdh.h>
#include <ecfield/p256_ecdsa.h>

#include "prov_common.h"

#define P256_GROUP "prime256v1"

typedef struct p256_key {
	ecfp_ctx *provctx;
	int refs;
	int has_group, has_pub, has_priv;
	int compressed; /* point-format of the encoded public key */
	uint8_t sk[ECF_P256_SECRET_KEY_BYTES];
	uint8_t pub[ECF_P256_PUBLIC_KEY_BYTES];
	ecf_p256_ecdsa_prepared_key *prep; /* made on first verification */
} p256_key;

static int p256_is_group_name(const char *name)
{
	return name != NULL && (OPENSSL_strcasecmp(name, "prime256v1") == 0 || OPENSSL_strcasecmp(name, "P-256") == 0 ||
	                        OPENSSL_strcasecmp(name, "secp256r1") == 0);
}

static void *p256_new(void *provctx)
{
	p256_key *key = OPENSSL_zalloc(sizeof *key);
	if (key == NULL) {
		ECFP_RAISE(provctx, ECFP_R_MALLOC, "P-256 key");
		return NULL;
	}
	key->provctx = provctx;
	key->refs = 1;
	return key;
}

static void p256_free(void *keydata)
{
	p256_key *key = keydata;
	if (key == NULL || ecfp_ref_down(&key->refs) > 0)
		return;
	OPENSSL_free(key->prep);
	OPENSSL_clear_free(key, sizeof *key);
}

static void p256_drop_prepared(p256_key *key)
{
	OPENSSL_free(key->prep);
	key->prep = NULL;
}

/* The public key from an encoding (65 or 33 bytes), fully validated. */
static int p256_set_pub(p256_key *key, const uint8_t *in, size_t len)
{
	int rc;
	ecf_p256_point pt;
	if (len == ECF_P256_PUBLIC_KEY_BYTES) {
		rc = ecf_p256_point_from_bytes(&pt, in, len);
		if (rc == ECF_OK)
			memcpy(key->pub, in, len);
	} else {
		rc = ecf_p256_point_decompress(key->pub, in, len);
	}
	if (rc != ECF_OK) {
		key->has_pub = 0;
		ECFP_RAISE(key->provctx, rc == ECF_ERR_LENGTH ? ECFP_R_BAD_KEY_LENGTH : ECFP_R_INVALID_POINT,
		           "P-256 public key (%zu bytes): %s", len, ecf_status_string(rc));
		return 0;
	}
	p256_drop_prepared(key);
	key->has_pub = 1;
	return 1;
}

/* The secret key d (32 big-endian bytes) and its public key. */
static int p256_set_priv(p256_key *key, const uint8_t sk[32])
{
	int rc = ecf_p256_public_key(key->pub, sk);
	if (rc != ECF_OK) {
		key->has_priv = key->has_pub = 0;
		ECFP_RAISE(key->provctx, ECFP_R_INVALID_PRIVATE_KEY, "P-256 private key: %s", ecf_status_string(rc));
		return 0;
	}
	p256_drop_prepared(key);
	memcpy(key->sk, sk, 32);
	key->has_priv = key->has_pub = 1;
	return 1;
}

/* ---------------------------------------------------------------- domain parameters */

/* Check the group of params: the name must be P-256's; explicit curve
 * parameters are refused. *seen is set when params name a group. */
static int p256_check_group(ecfp_ctx *provctx, const OSSL_PARAM params[], int *seen, int *compressed)
{
	static const char *const explicit_names[] = {OSSL_PKEY_PARAM_EC_P,          OSSL_PKEY_PARAM_EC_A,
	                                             OSSL_PKEY_PARAM_EC_B,          OSSL_PKEY_PARAM_EC_GENERATOR,
	                                             OSSL_PKEY_PARAM_EC_FIELD_TYPE, OSSL_PKEY_PARAM_EC_ORDER};
	const OSSL_PARAM *p;
	const char *s;
	*seen = 0;
	p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_ENCODING);
	if (p != NULL) {
		if (!OSSL_PARAM_get_utf8_string_ptr(p, &s)) {
			ECFP_RAISE(provctx, ECFP_R_BAD_PARAMETER, "EC encoding: not a string");
			return 0;
		}
		if (OPENSSL_strcasecmp(s, OSSL_PKEY_EC_ENCODING_GROUP) != 0) {
			ECFP_RAISE(provctx, ECFP_R_EXPLICIT_PARAMS, "EC encoding %s: only named_curve (P-256)", s);
			return 0;
		}
	}
	p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS);
	if (p != NULL) {
		int v = 0;
		if (OSSL_PARAM_get_int(p, &v) && v != 0) {
			ECFP_RAISE(provctx, ECFP_R_EXPLICIT_PARAMS, "EC key decoded from explicit parameters");
			return 0;
		}
	}
	p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
	if (p != NULL) {
		if (!OSSL_PARAM_get_utf8_string_ptr(p, &s)) {
			ECFP_RAISE(provctx, ECFP_R_BAD_PARAMETER, "EC group name: not a string");
			return 0;
		}
		if (!p256_is_group_name(s)) {
			ECFP_RAISE(provctx, ECFP_R_WRONG_CURVE, "EC group %s: this provider has P-256 only", s);
			return 0;
		}
		*seen = 1;
	} else {
		for (size_t i = 0; i < sizeof explicit_names / sizeof explicit_names[0]; i++)
			if (OSSL_PARAM_locate_const(params, explicit_names[i]) != NULL) {
				ECFP_RAISE(provctx, ECFP_R_EXPLICIT_PARAMS,
				           "explicit EC parameters (%s): only the named group P-256",
				           explicit_names[i]);
				return 0;
			}
	}
	p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT);
	if (p != NULL) {
		if (!OSSL_PARAM_get_utf8_string_ptr(p, &s)) {
			ECFP_RAISE(provctx, ECFP_R_BAD_PARAMETER, "EC point format: not a string");
			return 0;
		}
		if (OPENSSL_strcasecmp(s, OSSL_PKEY_EC_POINT_CONVERSION_FORMAT_UNCOMPRESSED) == 0)
			*compressed = 0;
		else if (OPENSSL_strcasecmp(s, OSSL_PKEY_EC_POINT_CONVERSION_FORMAT_COMPRESSED) == 0)
			*compressed = 1;
		else {
			ECFP_RAISE(provctx, ECFP_R_UNSUPPORTED, "EC point format %s", s);
			return 0;
		}
	}
	return 1;
}

/* ---------------------------------------------------------------- KEYMGMT */

static int p256_has(const void *keydata, int selection)
{
	const p256_key *key = keydata;
	int ok = key != NULL;
	if ((selection & OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS) != 0)
		ok = ok && key->has_group;
	if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0)
		ok = ok && key->has_pub;
	if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0)
		ok = ok && key->has_priv;
	return ok;
}

static int p256_match(const void *k1, const void *k2, int selection)
{
	const p256_key *a = k1, *b = k2;
	if ((selection & OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS) != 0 && a->has_group != b->has_group)
		return 0;
	if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
		return 1;
	if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && a->has_pub && b->has_pub)
		return memcmp(a->pub, b->pub, sizeof a->pub) == 0;
	if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && a->has_priv && b->has_priv)
		return ecf_ct_equal(a->sk, b->sk, sizeof a->sk);
	return 0;
}

static int p256_import(void *keydata, int selection, const OSSL_PARAM params[])
{
	p256_key *key = keydata;
	const OSSL_PARAM *pub, *priv;
	int seen = 0, compressed = key->compressed;
	if (!p256_check_group(key->provctx, params, &seen, &compressed))
		return 0;
	if ((selection & OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS) != 0 && !seen && !key->has_group) {
		ECFP_RAISE(key->provctx, ECFP_R_WRONG_CURVE, "EC import: no group (P-256 expected)");
		return 0;
	}
	if (!seen && !key->has_group) {
		ECFP_RAISE(key->provctx, ECFP_R_WRONG_CURVE, "EC import: a key without its group");
		return 0;
	}
	key->has_group = 1;
	key->compressed = compressed;
	if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
		return 1;
	pub = (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0
	          ? OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY)
	          : NULL;
	priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0
	           ? OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY)
	           : NULL;
	if (priv != NULL) {
		BIGNUM *bn = NULL;
		uint8_t sk[32];
		int ok = OSSL_PARAM_get_BN(priv, &bn) && BN_bn2binpad(bn, sk, sizeof sk) == (int)sizeof sk;
		BN_clear_free(bn);
		if (!ok) {
			ECFP_RAISE(key->provctx, ECFP_R_INVALID_PRIVATE_KEY,
			           "P-256 private key: not an integer below 2^256");
			return 0;
		}
		ok = p256_set_priv(key, sk);
		ecf_wipe(sk, sizeof sk);
		if (!ok)
			return 0;
		if (pub != NULL) {
			/* The public key given must be the private key's. */
			uint8_t given[ECF_P256_PUBLIC_KEY_BYTES];
			int rc = pub->data_type == OSSL_PARAM_OCTET_STRING && pub->data != NULL
			             ? ecf_p256_point_decompress(given, pub->data, pub->data_size)
			             : ECF_ERR_ENCODING;
			if (rc != ECF_OK || memcmp(given, key->pub, sizeof given) != 0) {
				ecf_wipe(key->sk, sizeof key->sk);
				key->has_priv = key->has_pub = 0;
				ECFP_RAISE(key->provctx, ECFP_R_INVALID_POINT,
				           "P-256 import: the public key is not the private key's (%s)",
				           ecf_status_string(rc));
				return 0;
			}
		}
		return 1;
	}
	if (pub != NULL) {
		if (pub->data_type != OSSL_PARAM_OCTET_STRING || pub->data == NULL) {
			ECFP_RAISE(key->provctx, ECFP_R_BAD_PARAMETER, "P-256 public key: not an octet string");
			return 0;
		}
		return p256_set_pub(key, pub->data, pub->data_size);
	}
	if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 &&
	    (selection & OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS) == 0) {
		ECFP_RAISE(key->provctx, ECFP_R_MISSING_KEY, "P-256 import: no key");
		return 0;
	}
	return 1;
}

static const OSSL_PARAM p256_key_types[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_USE_COFACTOR_ECDH, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_BN(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *p256_imexport_types(int selection)
{
	(void)selection;
	return p256_key_types;
}

/* The encoded public key in the key's point format. */
static size_t p256_encoded_pub(const p256_key *key, uint8_t out[ECF_P256_PUBLIC_KEY_BYTES])
{
	if (key->compressed && ecf_p256_point_compress(out, key->pub, sizeof key->pub) == ECF_OK)
		return ECF_P256_POINT_COMPRESSED_BYTES;
	memcpy(out, key->pub, sizeof key->pub);
	return sizeof key->pub;
}

/* The key's parameters as OpenSSL's EC key management exports them. */
static OSSL_PARAM *p256_to_params(const p256_key *key, int selection, int with_other)
{
	OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
	OSSL_PARAM *params = NULL;
	BIGNUM *d = NULL;
	uint8_t enc[ECF_P256_PUBLIC_KEY_BYTES];
	int ok = bld != NULL;
	if ((selection & OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS) != 0 && key->has_group)
		ok =
		    ok && OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, P256_GROUP, 0) &&
		    OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_EC_ENCODING, OSSL_PKEY_EC_ENCODING_GROUP, 0) &&
		    OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT,
		                                    key->compressed ? OSSL_PKEY_EC_POINT_CONVERSION_FORMAT_COMPRESSED
		                                                    : OSSL_PKEY_EC_POINT_CONVERSION_FORMAT_UNCOMPRESSED,
		                                    0);
	if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && key->has_pub)
		ok = ok &&
		     OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, enc, p256_encoded_pub(key, enc));
	if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && key->has_priv) {
		d = BN_secure_new();
		ok = ok && d != NULL && BN_bin2bn(key->sk, sizeof key->sk, d) != NULL &&
		     OSSL_PARAM_BLD_push_BN_pad(bld, OSSL_PKEY_PARAM_PRIV_KEY, d, sizeof key->sk);
	}
	if (with_other && (selection & OSSL_KEYMGMT_SELECT_OTHER_PARAMETERS) != 0)
		ok = ok && OSSL_PARAM_BLD_push_int(bld, OSSL_PKEY_PARAM_USE_COFACTOR_ECDH, 0) &&
		     OSSL_PARAM_BLD_push_int(bld, OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC, 1);
	if (ok)
		params = OSSL_PARAM_BLD_to_param(bld);
	BN_clear_free(d);
	OSSL_PARAM_BLD_free(bld);
	return params;
}

static int p256_export(void *keydata, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
	p256_key *key = keydata;
	OSSL_PARAM *params;
	int rc;
	if (key == NULL || !key->has_group)
		return 0;
	params = p256_to_params(key, selection, 1);
	if (params == NULL) {
		ECFP_RAISE(key->provctx, ECFP_R_MALLOC, "P-256 export");
		return 0;
	}
	rc = cb(params, cbarg);
	OSSL_PARAM_free(params);
	return rc;
}

static int p256_get_params(void *keydata, OSSL_PARAM params[])
{
	p256_key *key = keydata;
	OSSL_PARAM *p;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL && !OSSL_PARAM_set_int(p, 256))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL && !OSSL_PARAM_set_int(p, 128))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL &&
	    !OSSL_PARAM_set_int(p, ECF_P256_ECDSA_DER_MAX_BYTES))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_DEFAULT_DIGEST)) != NULL &&
	    !OSSL_PARAM_set_utf8_string(p, "SHA256"))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_GROUP_NAME)) != NULL &&
	    !OSSL_PARAM_set_utf8_string(p, P256_GROUP))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_ENCODING)) != NULL &&
	    !OSSL_PARAM_set_utf8_string(p, OSSL_PKEY_EC_ENCODING_GROUP))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) != NULL &&
	    !OSSL_PARAM_set_utf8_string(p, key->compressed ? OSSL_PKEY_EC_POINT_CONVERSION_FORMAT_COMPRESSED
	                                                   : OSSL_PKEY_EC_POINT_CONVERSION_FORMAT_UNCOMPRESSED))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_USE_COFACTOR_ECDH)) != NULL && !OSSL_PARAM_set_int(p, 0))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC)) != NULL && !OSSL_PARAM_set_int(p, 1))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) != NULL ||
	    (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL) {
		uint8_t enc[ECF_P256_PUBLIC_KEY_BYTES];
		if (!key->has_pub) {
			ECFP_RAISE(key->provctx, ECFP_R_MISSING_KEY, "P-256: no public key");
			return 0;
		}
		size_t n = p256_encoded_pub(key, enc);
		if (!OSSL_PARAM_set_octet_string(p, enc, n))
			return 0;
		if (strcmp(p->key, OSSL_PKEY_PARAM_PUB_KEY) != 0 &&
		    (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL &&
		    !OSSL_PARAM_set_octet_string(p, enc, n))
			return 0;
	}
	if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL && key->has_priv) {
		BIGNUM *d = BN_secure_new();
		int ok = d != NULL && BN_bin2bn(key->sk, sizeof key->sk, d) != NULL && OSSL_PARAM_set_BN(p, d);
		BN_clear_free(d);
		if (!ok)
			return 0;
	}
	return 1;
}

static const OSSL_PARAM p256_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_DEFAULT_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_USE_COFACTOR_ECDH, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_BN(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *p256_gettable_params(void *provctx)
{
	(void)provctx;
	return p256_gettable;
}

/* The peer's key share in TLS (ENCODED_PUBLIC_KEY), the point format and the
 * group (which must be P-256). */
static int p256_set_params(void *keydata, const OSSL_PARAM params[])
{
	p256_key *key = keydata;
	const OSSL_PARAM *p;
	int seen = 0, compressed = key->compressed;
	if (!p256_check_group(key->provctx, params, &seen, &compressed))
		return 0;
	key->compressed = compressed;
	if (seen)
		key->has_group = 1;
	p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
	if (p != NULL) {
		if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data == NULL) {
			ECFP_RAISE(key->provctx, ECFP_R_BAD_PARAMETER, "P-256 encoded public key: not an octet string");
			return 0;
		}
		ecf_wipe(key->sk, sizeof key->sk);
		key->has_priv = 0;
		if (!p256_set_pub(key, p->data, p->data_size))
			return 0;
		key->has_group = 1;
	}
	return 1;
}

static const OSSL_PARAM p256_settable[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *p256_settable_params(void *provctx)
{
	(void)provctx;
	return p256_settable;
}

static int p256_validate(const void *keydata, int selection, int checktype)
{
	const p256_key *key = keydata;
	uint8_t pub[ECF_P256_PUBLIC_KEY_BYTES];
	(void)checktype;
	if (!p256_has(keydata, selection & OSSL_KEYMGMT_SELECT_ALL))
		return 0;
	if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != OSSL_KEYMGMT_SELECT_KEYPAIR)
		return 1; /* a public key was validated when set */
	if (ecf_p256_public_key(pub, key->sk) != ECF_OK || memcmp(pub, key->pub, sizeof pub) != 0) {
		ECFP_RAISE(key->provctx, ECFP_R_INVALID_POINT, "P-256: the public key is not the private key's");
		return 0;
	}
	return 1;
}

static void *p256_dup(const void *keydata, int selection)
{
	const p256_key *src = keydata;
	p256_key *key = p256_new(src->provctx);
	if (key == NULL)
		return NULL;
	key->compressed = src->compressed;
	if ((selection & OSSL_KEYMGMT_SELECT_ALL_PARAMETERS) != 0 || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0)
		key->has_group = src->has_group;
	if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0 && src->has_pub) {
		memcpy(key->pub, src->pub, sizeof key->pub);
		key->has_pub = 1;
	}
	if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && src->has_priv) {
		memcpy(key->sk, src->sk, sizeof key->sk);
		memcpy(key->pub, src->pub, sizeof key->pub);
		key->has_priv = key->has_pub = 1;
	}
	return key;
}

static const char *p256_query_operation_name(int operation_id)
{
	switch (operation_id) {
	case OSSL_OP_KEYEXCH:
		return "ECDH";
	case OSSL_OP_SIGNATURE:
		return "ECDSA";
	default:
		return NULL;
	}
}

/* ---------------------------------------------------------------- generation */

typedef struct p256_gen_ctx {
	ecfp_ctx *provctx;
	int selection;
	int has_group;
	int compressed;
} p256_gen_ctx;

static int p256_gen_set_params(void *genctx, const OSSL_PARAM params[])
{
	p256_gen_ctx *g = genctx;
	int seen = 0;
	if (!p256_check_group(g->provctx, params, &seen, &g->compressed))
		return 0;
	if (seen)
		g->has_group = 1;
	return 1;
}

static void *p256_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
	p256_gen_ctx *g = OPENSSL_zalloc(sizeof *g);
	if (g == NULL)
		return NULL;
	g->provctx = provctx;
	g->selection = selection;
	if (!p256_gen_set_params(g, params)) {
		OPENSSL_free(g);
		return NULL;
	}
	return g;
}

static int p256_gen_set_template(void *genctx, void *templ)
{
	p256_gen_ctx *g = genctx;
	const p256_key *t = templ;
	if (t == NULL || !t->has_group) {
		ECFP_RAISE(g->provctx, ECFP_R_WRONG_CURVE, "P-256 key generation: the template has no group");
		return 0;
	}
	g->has_group = 1;
	g->compressed = t->compressed;
	return 1;
}

static const OSSL_PARAM p256_gen_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *p256_gen_settable_params(void *genctx, void *provctx)
{
	(void)genctx;
	(void)provctx;
	return p256_gen_settable;
}

static void *p256_gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
	p256_gen_ctx *g = genctx;
	p256_key *key;
	uint8_t seed[48];
	int rc;
	(void)cb;
	(void)cbarg;
	if (!g->has_group) {
		ECFP_RAISE(g->provctx, ECFP_R_WRONG_CURVE, "EC key generation: no group (set P-256)");
		return NULL;
	}
	if ((key = p256_new(g->provctx)) == NULL)
		return NULL;
	key->has_group = 1;
	key->compressed = g->compressed;
	if ((g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
		return key; /* parameters only */
	if (!ecfp_random(g->provctx, seed, sizeof seed)) {
		p256_free(key);
		return NULL;
	}
	/* 48 bytes: d = (c mod (n - 1)) + 1 (FIPS 186-5 A.2.1), never fails. */
	rc = ecf_p256_keypair(key->pub, key->sk, seed, sizeof seed);
	ecf_wipe(seed, sizeof seed);
	if (rc != ECF_OK) {
		ECFP_RAISE(g->provctx, ECFP_R_LIBRARY, "P-256 key generation: %s", ecf_status_string(rc));
		p256_free(key);
		return NULL;
	}
	key->has_priv = key->has_pub = 1;
	ECFP_COUNT(ECFP_STAT_P256_KEYGEN);
	return key;
}

static void p256_gen_cleanup(void *genctx) { OPENSSL_free(genctx); }

const OSSL_DISPATCH ecfp_p256_keymgmt_functions[] = {
    ECFP_FN(OSSL_FUNC_KEYMGMT_NEW, p256_new),
    ECFP_FN(OSSL_FUNC_KEYMGMT_FREE, p256_free),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GET_PARAMS, p256_get_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, p256_gettable_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_SET_PARAMS, p256_set_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, p256_settable_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_HAS, p256_has),
    ECFP_FN(OSSL_FUNC_KEYMGMT_MATCH, p256_match),
    ECFP_FN(OSSL_FUNC_KEYMGMT_VALIDATE, p256_validate),
    ECFP_FN(OSSL_FUNC_KEYMGMT_IMPORT, p256_import),
    ECFP_FN(OSSL_FUNC_KEYMGMT_IMPORT_TYPES, p256_imexport_types),
    ECFP_FN(OSSL_FUNC_KEYMGMT_EXPORT, p256_export),
    ECFP_FN(OSSL_FUNC_KEYMGMT_EXPORT_TYPES, p256_imexport_types),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_INIT, p256_gen_init),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_SET_TEMPLATE, p256_gen_set_template),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, p256_gen_set_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, p256_gen_settable_params),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN, p256_gen),
    ECFP_FN(OSSL_FUNC_KEYMGMT_GEN_CLEANUP, p256_gen_cleanup),
    ECFP_FN(OSSL_FUNC_KEYMGMT_DUP, p256_dup),
    ECFP_FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, p256_query_operation_name),
    {0, NULL},
};

/* ---------------------------------------------------------------- KEYEXCH ECDH */

typedef struct ecdh_ctx {
	ecfp_ctx *provctx;
	p256_key *key, *peer;
} ecdh_ctx;

static void *ecdh_new(void *provctx)
{
	ecdh_ctx *c = OPENSSL_zalloc(sizeof *c);
	if (c != NULL)
		c->provctx = provctx;
	return c;
}

static void ecdh_free(void *vctx)
{
	ecdh_ctx *c = vctx;
	if (c == NULL)
		return;
	p256_free(c->key);
	p256_free(c->peer);
	OPENSSL_free(c);
}

static void *ecdh_dup(void *vctx)
{
	ecdh_ctx *src = vctx, *c = OPENSSL_memdup(src, sizeof *src);
	if (c == NULL)
		return NULL;
	if (c->key != NULL)
		ecfp_ref_up(&c->key->refs);
	if (c->peer != NULL)
		ecfp_ref_up(&c->peer->refs);
	return c;
}

static int ecdh_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
	ecdh_ctx *c = vctx;
	const OSSL_PARAM *p;
	p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE);
	if (p != NULL) {
		int mode;
		/* P-256's cofactor is 1: both modes are the same computation. */
		if (!OSSL_PARAM_get_int(p, &mode) || mode < -1 || mode > 1) {
			ECFP_RAISE(c->provctx, ECFP_R_BAD_PARAMETER, "ECDH cofactor mode");
			return 0;
		}
	}
	p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_TYPE);
	if (p != NULL) {
		const char *s;
		if (!OSSL_PARAM_get_utf8_string_ptr(p, &s) || s[0] != '\0') {
			ECFP_RAISE(c->provctx, ECFP_R_UNSUPPORTED, "ECDH KDF type %s: only plain ECDH (no KDF)",
			           p->data_type == OSSL_PARAM_UTF8_STRING && p->data ? (const char *)p->data : "?");
			return 0;
		}
	}
	return 1;
}

static const OSSL_PARAM ecdh_settable[] = {
    OSSL_PARAM_int(OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE, NULL),
    OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_TYPE, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *ecdh_settable_ctx_params(void *vctx, void *provctx)
{
	(void)vctx;
	(void)provctx;
	return ecdh_settable;
}

static int ecdh_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
	OSSL_PARAM *p;
	(void)vctx;
	if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE)) != NULL &&
	    !OSSL_PARAM_set_int(p, 0))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_KDF_TYPE)) != NULL && !OSSL_PARAM_set_utf8_string(p, ""))
		return 0;
	return 1;
}

static const OSSL_PARAM ecdh_gettable[] = {
    OSSL_PARAM_int(OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE, NULL),
    OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_TYPE, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *ecdh_gettable_ctx_params(void *vctx, void *provctx)
{
	(void)vctx;
	(void)provctx;
	return ecdh_gettable;
}

static int ecdh_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
	ecdh_ctx *c = vctx;
	p256_key *key = vkey;
	if (key == NULL || !key->has_priv) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "ECDH: no private key");
		return 0;
	}
	ecfp_ref_up(&key->refs);
	p256_free(c->key);
	c->key = key;
	return ecdh_set_ctx_params(c, params);
}

static int ecdh_set_peer(void *vctx, void *vpeer)
{
	ecdh_ctx *c = vctx;
	p256_key *peer = vpeer;
	if (peer == NULL || !peer->has_pub) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "ECDH: no peer public key");
		return 0;
	}
	ecfp_ref_up(&peer->refs);
	p256_free(c->peer);
	c->peer = peer;
	return 1;
}

/* The x-coordinate of d*Q, 32 bytes (a shorter buffer gets its first
 * outlen bytes, as OpenSSL's own ECDH gives). */
static int ecdh_derive(void *vctx, unsigned char *secret, size_t *secretlen, size_t outlen)
{
	ecdh_ctx *c = vctx;
	uint8_t tmp[ECF_P256_SHARED_BYTES];
	int rc;
	if (c->key == NULL || c->peer == NULL) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "ECDH: key or peer not set");
		return 0;
	}
	if (secret == NULL) {
		*secretlen = ECF_P256_SHARED_BYTES;
		return 1;
	}
	if (outlen >= ECF_P256_SHARED_BYTES) {
		rc = ecf_p256_ecdh(secret, c->key->sk, c->peer->pub, sizeof c->peer->pub);
		*secretlen = ECF_P256_SHARED_BYTES;
	} else {
		rc = ecf_p256_ecdh(tmp, c->key->sk, c->peer->pub, sizeof c->peer->pub);
		memcpy(secret, tmp, outlen);
		ecf_wipe(tmp, sizeof tmp);
		*secretlen = outlen;
	}
	if (rc != ECF_OK) {
		*secretlen = 0;
		ECFP_RAISE(c->provctx, ECFP_R_INVALID_POINT, "ECDH: %s", ecf_status_string(rc));
		return 0;
	}
	ECFP_COUNT(ECFP_STAT_ECDH_DERIVE);
	return 1;
}

const OSSL_DISPATCH ecfp_ecdh_keyexch_functions[] = {
    ECFP_FN(OSSL_FUNC_KEYEXCH_NEWCTX, ecdh_new),
    ECFP_FN(OSSL_FUNC_KEYEXCH_INIT, ecdh_init),
    ECFP_FN(OSSL_FUNC_KEYEXCH_SET_PEER, ecdh_set_peer),
    ECFP_FN(OSSL_FUNC_KEYEXCH_DERIVE, ecdh_derive),
    ECFP_FN(OSSL_FUNC_KEYEXCH_FREECTX, ecdh_free),
    ECFP_FN(OSSL_FUNC_KEYEXCH_DUPCTX, ecdh_dup),
    ECFP_FN(OSSL_FUNC_KEYEXCH_SET_CTX_PARAMS, ecdh_set_ctx_params),
    ECFP_FN(OSSL_FUNC_KEYEXCH_SETTABLE_CTX_PARAMS, ecdh_settable_ctx_params),
    ECFP_FN(OSSL_FUNC_KEYEXCH_GET_CTX_PARAMS, ecdh_get_ctx_params),
    ECFP_FN(OSSL_FUNC_KEYEXCH_GETTABLE_CTX_PARAMS, ecdh_gettable_ctx_params),
    {0, NULL},
};

/* ---------------------------------------------------------------- SIGNATURE ECDSA */

/* The nonce: hedged (RFC 6979 with 32 fresh random bytes as extra input, the
 * default) or deterministic (RFC 6979 alone: "nonce-type" = 1, the value
 * OpenSSL 3.2 gives that parameter). */
#define ECDSA_NONCE_TYPE "nonce-type"

/* The digests ECDSA signs with here and their AlgorithmIdentifiers
 * (ecdsa-with-SHA*: RFC 5758 and NIST's SHA-3 arcs; no parameters). */
typedef struct ecdsa_md_info {
	const char *name;
	uint8_t algid_len;
	uint8_t algid[13];
} ecdsa_md_info;
static const ecdsa_md_info ecdsa_mds[] = {
    {"SHA1", 11, {0x30, 0x09, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x01}},
    {"SHA2-224", 12, {0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x01}},
    {"SHA2-256", 12, {0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02}},
    {"SHA2-384", 12, {0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x03}},
    {"SHA2-512", 12, {0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x04}},
    {"SHA3-224", 13, {0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x09}},
    {"SHA3-256", 13, {0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x0a}},
    {"SHA3-384", 13, {0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x0b}},
    {"SHA3-512", 13, {0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x0c}},
};

typedef struct ecdsa_ctx {
	ecfp_ctx *provctx;
	p256_key *key;
	EVP_MD *md; /* the digest set (NULL: sign/verify take any digest length) */
	const ecdsa_md_info *mdinfo;
	size_t mdsize;
	EVP_MD_CTX *mdctx;       /* the digest_sign/digest_verify stream */
	unsigned int nonce_type; /* 0 hedged, 1 deterministic */
	/* Randomness for hedged nonces, drawn 16 signatures at a time (one
	 * RAND call costs about a third of a signature); each 32-byte piece is
	 * used once and wiped. Not copied by dupctx. */
	size_t pool_left;
	uint8_t pool[16 * 32];
} ecdsa_ctx;

static void *ecdsa_new(void *provctx, const char *propq)
{
	ecdsa_ctx *c = OPENSSL_zalloc(sizeof *c);
	(void)propq;
	if (c != NULL)
		c->provctx = provctx;
	return c;
}

static void ecdsa_free(void *vctx)
{
	ecdsa_ctx *c = vctx;
	if (c == NULL)
		return;
	p256_free(c->key);
	EVP_MD_CTX_free(c->mdctx);
	EVP_MD_free(c->md);
	OPENSSL_clear_free(c, sizeof *c);
}

static void *ecdsa_dup(void *vctx)
{
	ecdsa_ctx *src = vctx, *c = OPENSSL_memdup(src, sizeof *src);
	if (c == NULL)
		return NULL;
	c->mdctx = NULL;
	ecf_wipe(c->pool, sizeof c->pool);
	c->pool_left = 0;
	if (c->key != NULL)
		ecfp_ref_up(&c->key->refs);
	if (c->md != NULL && !EVP_MD_up_ref(c->md))
		c->md = NULL;
	if (src->mdctx != NULL) {
		c->mdctx = EVP_MD_CTX_new();
		if (c->mdctx == NULL || !EVP_MD_CTX_copy_ex(c->mdctx, src->mdctx)) {
			ecdsa_free(c);
			return NULL;
		}
	}
	return c;
}

static int ecdsa_set_md(ecdsa_ctx *c, const char *mdname)
{
	EVP_MD *md;
	const ecdsa_md_info *info = NULL;
	if (mdname == NULL || mdname[0] == '\0')
		mdname = "SHA2-256";
	md = EVP_MD_fetch(c->provctx->libctx, mdname, NULL);
	if (md != NULL)
		for (size_t i = 0; i < sizeof ecdsa_mds / sizeof ecdsa_mds[0]; i++)
			if (EVP_MD_is_a(md, ecdsa_mds[i].name)) {
				info = &ecdsa_mds[i];
				break;
			}
	if (info == NULL) {
		EVP_MD_free(md);
		ECFP_RAISE(c->provctx, ECFP_R_BAD_DIGEST, "ECDSA digest %s: not supported", mdname);
		return 0;
	}
	EVP_MD_free(c->md);
	c->md = md;
	c->mdinfo = info;
	c->mdsize = (size_t)EVP_MD_get_size(md);
	return 1;
}

static int ecdsa_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
	ecdsa_ctx *c = vctx;
	const OSSL_PARAM *p;
	if (params == NULL)
		return 1;
	p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_DIGEST);
	if (p != NULL) {
		const char *s;
		if (!OSSL_PARAM_get_utf8_string_ptr(p, &s) || !ecdsa_set_md(c, s))
			return 0;
	}
	p = OSSL_PARAM_locate_const(params, ECDSA_NONCE_TYPE);
	if (p != NULL) {
		unsigned int t;
		if (!OSSL_PARAM_get_uint(p, &t) || t > 1) {
			ECFP_RAISE(c->provctx, ECFP_R_BAD_PARAMETER,
			           "ECDSA nonce-type: 0 (hedged) or 1 (deterministic)");
			return 0;
		}
		c->nonce_type = t;
	}
	return 1;
}

static const OSSL_PARAM ecdsa_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_uint(ECDSA_NONCE_TYPE, NULL),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *ecdsa_settable_ctx_params(void *vctx, void *provctx)
{
	(void)vctx;
	(void)provctx;
	return ecdsa_settable;
}

static int ecdsa_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
	ecdsa_ctx *c = vctx;
	OSSL_PARAM *p;
	if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID)) != NULL && c->mdinfo != NULL &&
	    !OSSL_PARAM_set_octet_string(p, c->mdinfo->algid, c->mdinfo->algid_len))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_DIGEST)) != NULL && c->md != NULL &&
	    !OSSL_PARAM_set_utf8_string(p, EVP_MD_get0_name(c->md)))
		return 0;
	if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_DIGEST_SIZE)) != NULL &&
	    !OSSL_PARAM_set_size_t(p, c->mdsize))
		return 0;
	if ((p = OSSL_PARAM_locate(params, ECDSA_NONCE_TYPE)) != NULL && !OSSL_PARAM_set_uint(p, c->nonce_type))
		return 0;
	return 1;
}

static const OSSL_PARAM ecdsa_gettable[] = {
    OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
    OSSL_PARAM_size_t(OSSL_SIGNATURE_PARAM_DIGEST_SIZE, NULL),
    OSSL_PARAM_uint(ECDSA_NONCE_TYPE, NULL),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *ecdsa_gettable_ctx_params(void *vctx, void *provctx)
{
	(void)vctx;
	(void)provctx;
	return ecdsa_gettable;
}

static int ecdsa_init(ecdsa_ctx *c, p256_key *key, int need_priv, const OSSL_PARAM params[])
{
	if (key == NULL)
		key = c->key;
	if (key == NULL || !(need_priv ? key->has_priv : key->has_pub)) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "ECDSA: no %s key", need_priv ? "private" : "public");
		return 0;
	}
	if (key != c->key) {
		ecfp_ref_up(&key->refs);
		p256_free(c->key);
		c->key = key;
	}
	return ecdsa_set_ctx_params(c, params);
}

static int ecdsa_sign_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
	return ecdsa_init(vctx, vkey, 1, params);
}

static int ecdsa_verify_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
	return ecdsa_init(vctx, vkey, 0, params);
}

static int ecdsa_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize, const unsigned char *tbs,
                      size_t tbslen)
{
	ecdsa_ctx *c = vctx;
	uint8_t extra[32], der[ECF_P256_ECDSA_DER_MAX_BYTES];
	size_t extra_len = 0, der_len = 0;
	int rc;
	if (c->key == NULL || !c->key->has_priv) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "ECDSA sign: no private key");
		return 0;
	}
	if (sig == NULL) {
		*siglen = ECF_P256_ECDSA_DER_MAX_BYTES;
		return 1;
	}
	if (c->mdsize != 0 && tbslen != c->mdsize) {
		ECFP_RAISE(c->provctx, ECFP_R_BAD_DIGEST, "ECDSA sign: a %zu-byte digest (the digest set has %zu)",
		           tbslen, c->mdsize);
		return 0;
	}
	if (c->nonce_type == 0) {
		if (c->pool_left < sizeof extra) {
			if (!ecfp_random(c->provctx, c->pool, sizeof c->pool))
				return 0;
			c->pool_left = sizeof c->pool;
		}
		uint8_t *piece = c->pool + (sizeof c->pool - c->pool_left);
		memcpy(extra, piece, sizeof extra);
		ecf_wipe(piece, sizeof extra);
		c->pool_left -= sizeof extra;
		extra_len = sizeof extra;
	}
	if (sigsize >= ECF_P256_ECDSA_DER_MAX_BYTES) {
		rc = ecf_p256_ecdsa_sign_der(sig, &der_len, c->key->sk, tbs, tbslen, extra_len ? extra : NULL,
		                             extra_len, 0);
	} else {
		rc = ecf_p256_ecdsa_sign_der(der, &der_len, c->key->sk, tbs, tbslen, extra_len ? extra : NULL,
		                             extra_len, 0);
		ecf_wipe(extra, sizeof extra);
		if (rc == ECF_OK && der_len > sigsize) {
			ECFP_RAISE(c->provctx, ECFP_R_BUFFER_TOO_SMALL, "ECDSA sign: %zu bytes (want %zu)", sigsize,
			           der_len);
			return 0;
		}
		if (rc == ECF_OK)
			memcpy(sig, der, der_len);
	}
	ecf_wipe(extra, sizeof extra);
	if (rc != ECF_OK) {
		ECFP_RAISE(c->provctx, ECFP_R_LIBRARY, "ECDSA sign: %s", ecf_status_string(rc));
		return 0;
	}
	*siglen = der_len;
	ECFP_COUNT(ECFP_STAT_ECDSA_SIGN);
	return 1;
}

static const ecf_p256_ecdsa_prepared_key *ecdsa_prepared(ecdsa_ctx *c)
{
	p256_key *key = c->key;
	ecf_p256_ecdsa_prepared_key *p = __atomic_load_n(&key->prep, __ATOMIC_ACQUIRE), *expected = NULL;
	int rc;
	if (p != NULL)
		return p;
	if ((p = OPENSSL_malloc(sizeof *p)) == NULL)
		return NULL;
	rc = ecf_p256_ecdsa_public_key_prepare(p, key->pub, sizeof key->pub);
	if (rc != ECF_OK) {
		OPENSSL_free(p);
		ECFP_RAISE(c->provctx, ECFP_R_INVALID_POINT, "ECDSA public key: %s", ecf_status_string(rc));
		return NULL;
	}
	if (!__atomic_compare_exchange_n(&key->prep, &expected, p, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		OPENSSL_free(p);
		p = expected;
	}
	return p;
}

static int ecdsa_verify(void *vctx, const unsigned char *sig, size_t siglen, const unsigned char *tbs, size_t tbslen)
{
	ecdsa_ctx *c = vctx;
	const ecf_p256_ecdsa_prepared_key *prep;
	uint8_t rs[ECF_P256_ECDSA_SIGNATURE_BYTES];
	int rc;
	if (c->key == NULL || !c->key->has_pub) {
		ECFP_RAISE(c->provctx, ECFP_R_MISSING_KEY, "ECDSA verify: no public key");
		return 0;
	}
	ECFP_COUNT(ECFP_STAT_ECDSA_VERIFY);
	if (c->mdsize != 0 && tbslen != c->mdsize) {
		ECFP_RAISE(c->provctx, ECFP_R_BAD_DIGEST, "ECDSA verify: a %zu-byte digest (the digest set has %zu)",
		           tbslen, c->mdsize);
		return 0;
	}
	rc = ecf_p256_ecdsa_sig_from_der(rs, sig, siglen);
	if (rc != ECF_OK) {
		ECFP_RAISE(c->provctx, ECFP_R_BAD_SIGNATURE_ENCODING, "ECDSA signature: %s", ecf_status_string(rc));
		return 0;
	}
	if ((prep = ecdsa_prepared(c)) == NULL)
		return 0;
	return ecf_p256_ecdsa_verify_prepared(rs, prep, tbs, tbslen) == ECF_OK;
}

static int ecdsa_digest_init(ecdsa_ctx *c, const char *mdname, p256_key *key, int need_priv, const OSSL_PARAM params[])
{
	if (!ecdsa_init(c, key, need_priv, params) || !ecdsa_set_md(c, mdname))
		return 0;
	if (c->mdctx == NULL && (c->mdctx = EVP_MD_CTX_new()) == NULL) {
		ECFP_RAISE(c->provctx, ECFP_R_MALLOC, "ECDSA digest context");
		return 0;
	}
	if (!EVP_DigestInit_ex2(c->mdctx, c->md, NULL)) {
		ECFP_RAISE(c->provctx, ECFP_R_BAD_DIGEST, "ECDSA: EVP_DigestInit_ex2(%s) failed", c->mdinfo->name);
		return 0;
	}
	return 1;
}

static int ecdsa_digest_sign_init(void *vctx, const char *mdname, void *vkey, const OSSL_PARAM params[])
{
	return ecdsa_digest_init(vctx, mdname, vkey, 1, params);
}

static int ecdsa_digest_verify_init(void *vctx, const char *mdname, void *vkey, const OSSL_PARAM params[])
{
	return ecdsa_digest_init(vctx, mdname, vkey, 0, params);
}

static int ecdsa_digest_update(void *vctx, const unsigned char *data, size_t len)
{
	ecdsa_ctx *c = vctx;
	if (c->mdctx == NULL) {
		ECFP_RAISE(c->provctx, ECFP_R_BAD_DIGEST, "ECDSA: update before digest init");
		return 0;
	}
	return EVP_DigestUpdate(c->mdctx, data, len);
}

static int ecdsa_digest_sign_final(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize)
{
	ecdsa_ctx *c = vctx;
	uint8_t digest[EVP_MAX_MD_SIZE];
	unsigned int dlen = 0;
	if (c->mdctx == NULL) {
		ECFP_RAISE(c->provctx, ECFP_R_BAD_DIGEST, "ECDSA: final before digest init");
		return 0;
	}
	if (sig == NULL) /* the size only: the stream goes on */
		return ecdsa_sign(c, NULL, siglen, sigsize, NULL, 0);
	if (!EVP_DigestFinal_ex(c->mdctx, digest, &dlen))
		return 0;
	return ecdsa_sign(c, sig, siglen, sigsize, digest, dlen);
}

static int ecdsa_digest_verify_final(void *vctx, const unsigned char *sig, size_t siglen)
{
	ecdsa_ctx *c = vctx;
	uint8_t digest[EVP_MAX_MD_SIZE];
	unsigned int dlen = 0;
	if (c->mdctx == NULL) {
		ECFP_RAISE(c->provctx, ECFP_R_BAD_DIGEST, "ECDSA: final before digest init");
		return 0;
	}
	if (!EVP_DigestFinal_ex(c->mdctx, digest, &dlen))
		return 0;
	return ecdsa_verify(c, sig, siglen, digest, dlen);
}

const OSSL_DISPATCH ecfp_ecdsa_signature_functions[] = {
    ECFP_FN(OSSL_FUNC_SIGNATURE_NEWCTX, ecdsa_new),
    ECFP_FN(OSSL_FUNC_SIGNATURE_SIGN_INIT, ecdsa_sign_init),
    ECFP_FN(OSSL_FUNC_SIGNATURE_SIGN, ecdsa_sign),
    ECFP_FN(OSSL_FUNC_SIGNATURE_VERIFY_INIT, ecdsa_verify_init),
    ECFP_FN(OSSL_FUNC_SIGNATURE_VERIFY, ecdsa_verify),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, ecdsa_digest_sign_init),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, ecdsa_digest_update),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, ecdsa_digest_sign_final),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, ecdsa_digest_verify_init),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE, ecdsa_digest_update),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL, ecdsa_digest_verify_final),
    ECFP_FN(OSSL_FUNC_SIGNATURE_FREECTX, ecdsa_free),
    ECFP_FN(OSSL_FUNC_SIGNATURE_DUPCTX, ecdsa_dup),
    ECFP_FN(OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, ecdsa_get_ctx_params),
    ECFP_FN(OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, ecdsa_gettable_ctx_params),
    ECFP_FN(OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, ecdsa_set_ctx_params),
    ECFP_FN(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, ecdsa_settable_ctx_params),
    {0, NULL},
};
