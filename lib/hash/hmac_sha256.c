/* HMAC-SHA-256 (RFC 2104, FIPS 198-1). */
#include <string.h>

#include "common/wipe.h"
#include "hash/sha2.h"

void ecfi_hmac_sha256_init(ecfi_hmac_sha256_ctx *ctx, const void *key, size_t keylen)
{
	uint8_t k[64], pad[64];
	memset(k, 0, sizeof k);
	if (keylen > 64)
		ecfi_sha256(k, key, keylen); /* keylen is public */
	else if (keylen)
		memcpy(k, key, keylen);
	for (int i = 0; i < 64; i++)
		pad[i] = (uint8_t)(k[i] ^ 0x36);
	ecfi_sha256_init(&ctx->inner);
	ecfi_sha256_update(&ctx->inner, pad, 64);
	for (int i = 0; i < 64; i++)
		pad[i] = (uint8_t)(k[i] ^ 0x5c);
	ecfi_sha256_init(&ctx->outer);
	ecfi_sha256_update(&ctx->outer, pad, 64);
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(pad, sizeof pad);
}

void ecfi_hmac_sha256_update(ecfi_hmac_sha256_ctx *ctx, const void *in, size_t len)
{
	ecfi_sha256_update(&ctx->inner, in, len);
}

void ecfi_hmac_sha256_final(ecfi_hmac_sha256_ctx *ctx, uint8_t out[32])
{
	uint8_t ih[32];
	ecfi_sha256_final(&ctx->inner, ih);
	ecfi_sha256_update(&ctx->outer, ih, 32);
	ecfi_sha256_final(&ctx->outer, out);
	ecfi_wipe(ih, sizeof ih);
	ecfi_wipe(ctx, sizeof *ctx);
}

void ecfi_hmac_sha256(uint8_t out[32], const void *key, size_t keylen, const void *msg, size_t msglen)
{
	ecfi_hmac_sha256_ctx ctx;
	uint8_t tag[32];
	ecfi_hmac_sha256_init(&ctx, key, keylen);
	ecfi_hmac_sha256_update(&ctx, msg, msglen);
	ecfi_hmac_sha256_final(&ctx, tag);
	memcpy(out, tag, 32);
	ecfi_wipe(tag, sizeof tag);
}
