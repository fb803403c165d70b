/* Keccak-f[1600] and its sponge (FIPS 202). Portable C, byte-order independent. */
#include <string.h>

#include "common/wipe.h"
#include "hash/sha3.h"

static const uint64_t RC[24] = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000, 0x000000000000808b,
    0x0000000080000001, 0x8000000080008081, 0x8000000000008009, 0x000000000000008a, 0x0000000000000088,
    0x0000000080008009, 0x000000008000000a, 0x000000008000808b, 0x800000000000008b, 0x8000000000008089,
    0x8000000000008003, 0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
};

/* rho offsets and pi positions, along the (x, y) -> (y, 2x + 3y) walk from lane 1. */
static const unsigned RHO[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                 27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
static const unsigned PI[24] = {10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1};

static inline uint64_t rol64(uint64_t x, unsigned n) { return (x << n) | (x >> ((64 - n) & 63)); }

void ecfi_keccak_f1600(uint64_t a[25])
{
	for (int round = 0; round < 24; round++) {
		uint64_t c[5], t;
		/* theta */
		for (int x = 0; x < 5; x++)
			c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
		for (int x = 0; x < 5; x++) {
			t = c[(x + 4) % 5] ^ rol64(c[(x + 1) % 5], 1);
			for (int y = 0; y < 25; y += 5)
				a[y + x] ^= t;
		}
		/* rho and pi */
		t = a[1];
		for (int i = 0; i < 24; i++) {
			uint64_t u = a[PI[i]];
			a[PI[i]] = rol64(t, RHO[i]);
			t = u;
		}
		/* chi */
		for (int y = 0; y < 25; y += 5) {
			for (int x = 0; x < 5; x++)
				c[x] = a[y + x];
			for (int x = 0; x < 5; x++)
				a[y + x] = c[x] ^ (~c[(x + 1) % 5] & c[(x + 2) % 5]);
		}
		/* iota */
		a[0] ^= RC[round];
	}
}

void ecfi_keccak_init(ecfi_keccak_ctx *ctx, unsigned rate, uint8_t suffix)
{
	memset(ctx->a, 0, sizeof ctx->a);
	ctx->pos = 0;
	ctx->rate = rate;
	ctx->suffix = suffix;
	ctx->squeezing = 0;
}

/* XOR one byte into the state at byte offset i (lanes are little-endian). */
static inline void xor_byte(uint64_t a[25], size_t i, uint8_t b) { a[i / 8] ^= (uint64_t)b << (8 * (i % 8)); }

void ecfi_keccak_absorb(ecfi_keccak_ctx *ctx, const void *in, size_t len)
{
	const uint8_t *p = (const uint8_t *)in;
	if (ctx->squeezing || len == 0)
		return;
	size_t pos = ctx->pos, rate = ctx->rate;
	while (len) {
		if (pos == 0 && len >= rate) {
			/* Whole blocks, a lane at a time. */
			for (size_t i = 0; i < rate / 8; i++) {
				const uint8_t *q = p + 8 * i;
				ctx->a[i] ^= (uint64_t)q[0] | (uint64_t)q[1] << 8 | (uint64_t)q[2] << 16 |
				             (uint64_t)q[3] << 24 | (uint64_t)q[4] << 32 | (uint64_t)q[5] << 40 |
				             (uint64_t)q[6] << 48 | (uint64_t)q[7] << 56;
			}
			ecfi_keccak_f1600(ctx->a);
			p += rate;
			len -= rate;
			continue;
		}
		xor_byte(ctx->a, pos++, *p++);
		len--;
		if (pos == rate) {
			ecfi_keccak_f1600(ctx->a);
			pos = 0;
		}
	}
	ctx->pos = (uint32_t)pos;
}

void ecfi_keccak_squeeze(ecfi_keccak_ctx *ctx, uint8_t *out, size_t len)
{
	size_t pos = ctx->pos, rate = ctx->rate;
	if (!ctx->squeezing) {
		/* pad10*1 with the domain suffix, then permute: pos = 0 bytes read. */
		xor_byte(ctx->a, pos, ctx->suffix);
		xor_byte(ctx->a, rate - 1, 0x80);
		ecfi_keccak_f1600(ctx->a);
		ctx->squeezing = 1;
		pos = 0;
	}
	while (len) {
		if (pos == rate) {
			ecfi_keccak_f1600(ctx->a);
			pos = 0;
		}
		*out++ = (uint8_t)(ctx->a[pos / 8] >> (8 * (pos % 8)));
		pos++;
		len--;
	}
	ctx->pos = (uint32_t)pos;
}

void ecfi_keccak_wipe(ecfi_keccak_ctx *ctx) { ecfi_wipe(ctx, sizeof *ctx); }

void ecfi_shake256_init(ecfi_shake256_ctx *ctx) { ecfi_keccak_init(&ctx->k, 136, 0x1f); }

void ecfi_shake256_absorb(ecfi_shake256_ctx *ctx, const void *in, size_t len) { ecfi_keccak_absorb(&ctx->k, in, len); }

void ecfi_shake256_squeeze(ecfi_shake256_ctx *ctx, uint8_t *out, size_t len) { ecfi_keccak_squeeze(&ctx->k, out, len); }

void ecfi_shake256_wipe(ecfi_shake256_ctx *ctx) { ecfi_keccak_wipe(&ctx->k); }

static void keccak_oneshot(unsigned rate, uint8_t suffix, uint8_t *out, size_t outlen, const void *in, size_t inlen)
{
	ecfi_keccak_ctx ctx;
	ecfi_keccak_init(&ctx, rate, suffix);
	ecfi_keccak_absorb(&ctx, in, inlen);
	ecfi_keccak_squeeze(&ctx, out, outlen);
	ecfi_keccak_wipe(&ctx);
}

void ecfi_shake256(uint8_t *out, size_t outlen, const void *in, size_t inlen)
{
	keccak_oneshot(136, 0x1f, out, outlen, in, inlen);
}

void ecfi_shake128(uint8_t *out, size_t outlen, const void *in, size_t inlen)
{
	keccak_oneshot(168, 0x1f, out, outlen, in, inlen);
}

void ecfi_sha3_256(uint8_t out[32], const void *in, size_t inlen) { keccak_oneshot(136, 0x06, out, 32, in, inlen); }
