/*
 * The key object of X25519 and Ed25519 (raw bytes, as RFC 7748 and RFC 8032
 * encode them) and the KEYMGMT functions both share (ecx_key.c).
 */
#ifndef ECFIELD_PROV_ECX_KEY_H
#define ECFIELD_PROV_ECX_KEY_H

#include <ecfield/ed25519.h>
#include <ecfield/x25519.h>

#include "prov_common.h"

typedef enum ecfp_ecx_type { ECFP_X25519, ECFP_ED25519 } ecfp_ecx_type;

typedef struct ecfp_ecx_key {
	ecfp_ctx *provctx;
	int refs;
	ecfp_ecx_type type;
	int has_pub, has_priv;
	/* sk: the 32-byte secret (X25519 scalar, Ed25519 seed), then for
	 * Ed25519 the public key again (the seed || pk layout of
	 * ecf_ed25519_sign). pub: the public key. */
	uint8_t sk[64];
	uint8_t pub[32];
	/* Ed25519: the public key prepared for verification on first use
	 * (published with a compare-and-swap; NULL until then). */
	ecf_ed25519_prepared_key *prep;
} ecfp_ecx_key;

ecfp_ecx_key *ecfp_ecx_new(ecfp_ctx *provctx, ecfp_ecx_type type);
void ecfp_ecx_free(void *keydata);
/* Set the secret (32 bytes) and compute the public key. */
int ecfp_ecx_set_secret(ecfp_ecx_key *key, const uint8_t secret[32]);

/* KEYMGMT entries shared by X25519 and Ed25519. */
int ecfp_ecx_has(const void *keydata, int selection);
int ecfp_ecx_match(const void *k1, const void *k2, int selection);
int ecfp_ecx_import(void *keydata, int selection, const OSSL_PARAM params[]);
const OSSL_PARAM *ecfp_ecx_imexport_types(int selection);
int ecfp_ecx_export(void *keydata, int selection, OSSL_CALLBACK *cb, void *cbarg);
int ecfp_ecx_validate(const void *keydata, int selection, int checktype);
void *ecfp_ecx_dup(const void *keydata, int selection);
void *ecfp_ecx_gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg);
void ecfp_ecx_gen_cleanup(void *genctx);
void *ecfp_ecx_gen_init(ecfp_ctx *provctx, ecfp_ecx_type type, int selection, const OSSL_PARAM params[]);
int ecfp_ecx_gen_set_params(void *genctx, const OSSL_PARAM params[]);
const OSSL_PARAM *ecfp_ecx_gen_settable_params(void *genctx, void *provctx);

#endif
