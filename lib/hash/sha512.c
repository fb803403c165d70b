/* SHA-512 (FIPS 180-4, section 6.4). Portable C, byte-order independent. */
#include <string.h>

#include "common/limbs.h"
#include "common/wipe.h"
#include "hash/sha2.h"

static const uint64_t K512[80] = {
    0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0x3956c25bf348b538,
    0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0xd807aa98a3030242, 0x12835b0145706fbe,
    0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235,
    0xc19bf174cf692694, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
    0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x983e5152ee66dfab,
    0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xc6e00bf33da88fc2, 0xd5a79147930aa725,
    0x06ca6351e003826f, 0x142929670a0e6e70, 0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed,
    0x53380d139d95b3df, 0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
    0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xd192e819d6ef5218,
    0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53,
    0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373,
    0x682e6ff3d6b2b8a3, 0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
    0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xca273eceea26619c,
    0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0x06f067aa72176fba, 0x0a637dc5a2c898a6,
    0x113f9804bef90dae, 0x1b710b35131c471b, 0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc,
    0x431d67c49c100d4c, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

static inline uint64_t ror64(uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }

/* The round function: FIPS 180-4 with the eight working variables renamed
 * instead of moved (ROUND's arguments rotate), sixteen rounds per loop pass,
 * the message schedule computed in place in w[16]. */
#define BSIG0(x) (ror64(x, 28) ^ ror64(x, 34) ^ ror64(x, 39))
#define BSIG1(x) (ror64(x, 14) ^ ror64(x, 18) ^ ror64(x, 41))
#define SSIG0(x) (ror64(x, 1) ^ ror64(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ror64(x, 19) ^ ror64(x, 61) ^ ((x) >> 6))
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define ROUND(a, b, c, d, e, f, g, h, t, i)                                                                            \
	do {                                                                                                           \
		h += BSIG1(e) + CH(e, f, g) + K512[(t) + (i)] + w[i];                                                  \
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

/* Process nblocks 128-byte blocks. */
static void sha512_blocks(uint64_t state[8], const uint8_t *p, size_t nblocks)
{
	uint64_t w[16];
	while (nblocks--) {
		uint64_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5],
		         g = state[6], h = state[7];
		for (int i = 0; i < 16; i++)
			w[i] = ecfi_load_be64(p + 8 * i);
		ROUNDS16(0);
		for (int t = 16; t < 80; t += 16) {
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
		p += 128;
	}
	/* Clear the schedule with 16 volatile word stores (ecfi_wipe stores bytes). */
	volatile uint64_t *vw = w;
	for (int i = 0; i < 16; i++)
		vw[i] = 0;
}

void ecfi_sha512_init(ecfi_sha512_ctx *ctx)
{
	static const uint64_t iv[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	                               0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
	memcpy(ctx->h, iv, sizeof iv);
	ctx->len = 0;
	memset(ctx->buf, 0, sizeof ctx->buf);
}

void ecfi_sha512_update(ecfi_sha512_ctx *ctx, const void *in, size_t len)
{
	const uint8_t *p = (const uint8_t *)in;
	size_t used = (size_t)(ctx->len & 127);
	if (len == 0)
		return; /* in may be NULL */
	ctx->len += len;
	if (used) {
		size_t take = 128 - used;
		if (take > len)
			take = len;
		memcpy(ctx->buf + used, p, take);
		used += take;
		p += take;
		len -= take;
		if (used < 128)
			return;
		sha512_blocks(ctx->h, ctx->buf, 1);
	}
	if (len >= 128) {
		sha512_blocks(ctx->h, p, len / 128);
		p += len & ~(size_t)127;
		len &= 127;
	}
	if (len)
		memcpy(ctx->buf, p, len);
}

void ecfi_sha512_final(ecfi_sha512_ctx *ctx, uint8_t out[64])
{
	size_t used = (size_t)(ctx->len & 127);
	ctx->buf[used++] = 0x80;
	if (used > 112) {
		memset(ctx->buf + used, 0, 128 - used);
		sha512_blocks(ctx->h, ctx->buf, 1);
		used = 0;
	}
	memset(ctx->buf + used, 0, 112 - used);
	/* 128-bit big-endian bit length: high word len >> 61, low word len << 3. */
	ecfi_store_be64(ctx->buf + 112, ctx->len >> 61);
	ecfi_store_be64(ctx->buf + 120, ctx->len << 3);
	sha512_blocks(ctx->h, ctx->buf, 1);
	for (int i = 0; i < 8; i++)
		ecfi_store_be64(out + 8 * i, ctx->h[i]);
	ecfi_wipe(ctx, sizeof *ctx);
}

void ecfi_sha512(uint8_t out[64], const void *in, size_t len)
{
	ecfi_sha512_ctx ctx;
	ecfi_sha512_init(&ctx);
	ecfi_sha512_update(&ctx, in, len);
	ecfi_sha512_final(&ctx, out);
}
