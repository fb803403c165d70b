/* HMAC-SHA-256 (RFC 2104, FIPS 198-1). */
#include <string.h>

#include "common/limbs.h"
#include "common/wipe.h"
#include "hash/sha2.h"

void ecfi_hmac_sha256_key_init(ecfi_hmac_sha256_key *hk, const void *key, size_t keylen)
{
	uint8_t k[64], pad[64];
	ecfi_sha256_ctx c;
	memset(k, 0, sizeof k);
	if (keylen > 64)
		ecfi_sha256(k, key, keylen); /* keylen is public */
	else if (keylen)
		memcpy(k, key, keylen);
	for (int i = 0; i < 64; i++)
		pad[i] = (uint8_t)(k[i] ^ 0x36);
	ecfi_sha256_init(&c);
	ecfi_sha256_blocks(c.h, pad, 1);
	memcpy(hk->ih, c.h, sizeof hk->ih);
	for (int i = 0; i < 64; i++)
		pad[i] = (uint8_t)(k[i] ^ 0x5c);
	ecfi_sha256_init(&c);
	ecfi_sha256_blocks(c.h, pad, 1);
	memcpy(hk->oh, c.h, sizeof hk->oh);
	ecfi_wipe(k, sizeof k);
	ecfi_wipe(pad, sizeof pad);
	ecfi_wipe(&c, sizeof c);
}

void ecfi_hmac_sha256_init_key(ecfi_hmac_sha256_ctx *ctx, const ecfi_hmac_sha256_key *hk)
{
	memcpy(ctx->inner.h, hk->ih, sizeof hk->ih);
	ctx->inner.len = 64;
	memset(ctx->inner.buf, 0, sizeof ctx->inner.buf);
	memcpy(ctx->outer.h, hk->oh, sizeof hk->oh);
	ctx->outer.len = 64;
	memset(ctx->outer.buf, 0, sizeof ctx->outer.buf);
}

void ecfi_hmac_sha256_init(ecfi_hmac_sha256_ctx *ctx, const void *key, size_t keylen)
{
	ecfi_hmac_sha256_key hk;
	ecfi_hmac_sha256_key_init(&hk, key, keylen);
	ecfi_hmac_sha256_init_key(ctx, &hk);
	ecfi_wipe(&hk, sizeof hk);
}

static void store_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* A 32-byte message after the 64-byte key block is one padded block: the
 * message, 0x80, zeros, and the bit length 8 * (64 + 32) = 768. The outer
 * hash's message (the inner digest) has the same length, hence the same
 * padding: only the first 32 bytes of the block change. */
void ecfi_hmac_sha256_32(uint8_t out[32], const ecfi_hmac_sha256_key *hk, const uint8_t in[32])
{
	uint8_t blk[64];
	uint32_t st[8];
	memcpy(blk, in, 32);
	blk[32] = 0x80;
	memset(blk + 33, 0, 64 - 33 - 8);
	ecfi_store_be64(blk + 56, (64 + 32) * 8);
	memcpy(st, hk->ih, sizeof st);
	ecfi_sha256_blocks(st, blk, 1);
	for (int i = 0; i < 8; i++)
		store_be32(blk + 4 * i, st[i]);
	memcpy(st, hk->oh, sizeof st);
	ecfi_sha256_blocks(st, blk, 1);
	for (int i = 0; i < 8; i++)
		store_be32(out + 4 * i, st[i]);
	ecfi_wipe(blk, sizeof blk);
	ecfi_wipe(st, sizeof st);
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
