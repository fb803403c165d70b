/* SHA-256 (FIPS 180-4, section 6.2). Portable C, byte-order independent. */
#include <string.h>

#include "common/wipe.h"
#include "hash/sha2.h"

static const uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t ror32(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

static inline uint32_t load_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static inline void store_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

/* The round function: FIPS 180-4 with the eight working variables renamed
 * instead of moved (ROUND's arguments rotate), sixteen rounds per loop pass,
 * the message schedule computed in place in w[16]. */
#define BSIG0(x) (ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22))
#define BSIG1(x) (ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25))
#define SSIG0(x) (ror32(x, 7) ^ ror32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ror32(x, 17) ^ ror32(x, 19) ^ ((x) >> 10))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define ROUND(a, b, c, d, e, f, g, h, t, i)                                                                            \
	do {                                                                                                           \
		h += BSIG1(e) + CH(e, f, g) + K256[(t) + (i)] + w[i];                                                  \
		d += h;                                                                                                \
		h += BSIG0(a) + MAJ(a, b, c);                                                                          \
	} while (0)
#define SCHEDULE(i) (w[i] += SSIG1(w[((i) + 14) & 15]) + w[((i) + 9) & 15] + SSIG0(w[((i) + 1) & 15]))
#define ROUNDS16(t)                                                                                                    \
	do {                                                                                                           \
		ROUND(a, b, c, d, e, f, g, h, t, 0);                                                                   \
		ROUND(h, a, b, c, d, e, f, g, t, 1);                                                                   \
		ROUND(g, h, a, b, c, d, e, f, t, 2);                                                                   \
		ROUND(f, g, h, a, b, c, d, e, t, 3);                                                                   \
		ROUND(e, f, g, h, a, b, c, d, t, 4);                                                                   \
		ROUND(d, e, f, g, h, a, b, c, t, 5);                                                                   \
		ROUND(c, d, e, f, g, h, a, b, t, 6);                                                                   \
		ROUND(b, c, d, e, f, g, h, a, t, 7);                                                                   \
		ROUND(a, b, c, d, e, f, g, h, t, 8);                                                                   \
		ROUND(h, a, b, c, d, e, f, g, t, 9);                                                                   \
		ROUND(g, h, a, b, c, d, e, f, t, 10);                                                                  \
		ROUND(f, g, h, a, b, c, d, e, t, 11);                                                                  \
		ROUND(e, f, g, h, a, b, c, d, t, 12);                                                                  \
		ROUND(d, e, f, g, h, a, b, c, t, 13);                                                                  \
		ROUND(c, d, e, f, g, h, a, b, t, 14);                                                                  \
		ROUND(b, c, d, e, f, g, h, a, t, 15);                                                                  \
	} while (0)

/* Process nblocks 64-byte blocks. */
static void sha256_blocks(uint32_t state[8], const uint8_t *p, size_t nblocks)
{
	uint32_t w[16];
	while (nblocks--) {
		uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5],
		         g = state[6], h = state[7];
		for (int i = 0; i < 16; i++)
			w[i] = load_be32(p + 4 * i);
		ROUNDS16(0);
		for (int t = 16; t < 64; t += 16) {
			for (int i = 0; i < 16; i++)
				SCHEDULE(i);
			ROUNDS16(t);
		}
		state[0] += a;
		state[1] += b;
		state[2] += c;
		state[3] += d;
		state[4] += e;
		state[5] += f;
		state[6] += g;
		state[7] += h;
		p += 64;
	}
	/* Clear the schedule with 16 volatile word stores (ecfi_wipe stores bytes). */
	volatile uint32_t *vw = w;
	for (int i = 0; i < 16; i++)
		vw[i] = 0;
}

void ecfi_sha256_init(ecfi_sha256_ctx *ctx)
{
	static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
	memcpy(ctx->h, iv, sizeof iv);
	ctx->len = 0;
	memset(ctx->buf, 0, sizeof ctx->buf);
}

void ecfi_sha256_update(ecfi_sha256_ctx *ctx, const void *in, size_t len)
{
	const uint8_t *p = (const uint8_t *)in;
	size_t used = (size_t)(ctx->len & 63);
	if (len == 0)
		return; /* in may be NULL */
	ctx->len += len;
	if (used) {
		size_t take = 64 - used;
		if (take > len)
			take = len;
		memcpy(ctx->buf + used, p, take);
		used += take;
		p += take;
		len -= take;
		if (used < 64)
			return;
		sha256_blocks(ctx->h, ctx->buf, 1);
	}
	if (len >= 64) {
		sha256_blocks(ctx->h, p, len / 64);
		p += len & ~(size_t)63;
		len &= 63;
	}
	if (len)
		memcpy(ctx->buf, p, len);
}

void ecfi_sha256_final(ecfi_sha256_ctx *ctx, uint8_t out[32])
{
	size_t used = (size_t)(ctx->len & 63);
	uint64_t bits = ctx->len << 3;
	ctx->buf[used++] = 0x80;
	if (used > 56) {
		memset(ctx->buf + used, 0, 64 - used);
		sha256_blocks(ctx->h, ctx->buf, 1);
		used = 0;
	}
	memset(ctx->buf + used, 0, 56 - used);
	for (int i = 0; i < 8; i++)
		ctx->buf[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
	sha256_blocks(ctx->h, ctx->buf, 1);
	for (int i = 0; i < 8; i++)
		store_be32(out + 4 * i, ctx->h[i]);
	ecfi_wipe(ctx, sizeof *ctx);
}

void ecfi_sha256(uint8_t out[32], const void *in, size_t len)
{
	ecfi_sha256_ctx ctx;
	ecfi_sha256_init(&ctx);
	ecfi_sha256_update(&ctx, in, len);
	ecfi_sha256_final(&ctx, out);
}
