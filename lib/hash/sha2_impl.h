/*
 * The SHA-2 construction (FIPS 180-4, sections 5 and 6), written once for
 * SHA-256 and SHA-512: the compression function (64 or 80 rounds of the same
 * round over 32- or 64-bit words), the buffering of partial blocks, the
 * padding and the one-shot call. Included by sha256.c and sha512.c after they
 * define, for their hash:
 *   SHA2_NAME       sha256 / sha512 (the functions are ecfi_<name>_init, ...)
 *   SHA2_WORD       uint32_t / uint64_t
 *   SHA2_BLOCK      the block in bytes (64 / 128)
 *   SHA2_ROUNDS     64 / 80
 *   SHA2_K          the round-constant table (SHA2_ROUNDS words)
 *   SHA2_IV         the initial chaining value, a braced list of 8 words
 *   SHA2_LEN_BYTES  the bit-length field that ends the padding (8 / 16)
 *   SHA2_LOAD(p), SHA2_STORE(p, v): big-endian word load and store
 *   BSIG0, BSIG1, SSIG0, SSIG1: the four sigma functions of the word size
 * Every function here is portable, byte-order independent and constant time
 * in the message contents (lengths are public); final wipes the context.
 */
#include <string.h>

#include "common/internal.h"
#include "common/limbs.h"
#include "common/wipe.h"
#include "hash/sha2.h"
#include "common/sha2_rounds16.h"

#define SHA2_CTX ECFI_CAT(ECFI_CAT(ecfi_, SHA2_NAME), _ctx)
#define SHA2_FN(op) ECFI_CAT(ECFI_CAT(ECFI_CAT(ecfi_, SHA2_NAME), _), op)
/* The compression function: static <name>_blocks, or the hidden SHA2_BLOCKS_FN
 * when the including file names one; update and final call SHA2_COMPRESS
 * (default: that function; sha256.c names its dispatched entry). */
#ifdef SHA2_BLOCKS_FN
#define SHA2_BLOCKS SHA2_BLOCKS_FN
#define SHA2_BLOCKS_LINKAGE
#else
#define SHA2_BLOCKS ECFI_CAT(SHA2_NAME, _blocks)
#define SHA2_BLOCKS_LINKAGE static
#endif
#ifndef SHA2_COMPRESS
#define SHA2_COMPRESS SHA2_BLOCKS
#endif
#define SHA2_W ((size_t)sizeof(SHA2_WORD))

/* The round function: FIPS 180-4 with the eight working variables renamed
 * instead of moved (ROUND's arguments rotate), sixteen rounds per loop pass,
 * the message schedule computed in place in w[16]. */
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define ROUND(a, b, c, d, e, f, g, h, t, i)                                                                            \
	do {                                                                                                           \
		h += BSIG1(e) + CH(e, f, g) + SHA2_K[(t) + (i)] + w[i];                                                \
		d += h;                                                                                                \
		h += BSIG0(a) + MAJ(a, b, c);                                                                          \
	} while (0)
#define SCHEDULE(i) (w[i] += SSIG1(w[((i) + 14) & 15]) + w[((i) + 9) & 15] + SSIG0(w[((i) + 1) & 15]))
#define ROUNDS16(t) SHA2_ROUNDS16(t)

/* Process nblocks SHA2_BLOCK-byte blocks. */
SHA2_BLOCKS_LINKAGE void SHA2_BLOCKS(SHA2_WORD state[8], const uint8_t *p, size_t nblocks)
{
	SHA2_WORD w[16];
	while (nblocks--) {
		SHA2_WORD a = state[0], b = state[1], c = state[2], d = state[3], e = state[4], f = state[5],
		          g = state[6], h = state[7];
		for (int i = 0; i < 16; i++)
			w[i] = SHA2_LOAD(p + SHA2_W * (size_t)i);
		ROUNDS16(0);
		for (int t = 16; t < SHA2_ROUNDS; t += 16) {
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
		p += SHA2_BLOCK;
	}
	/* Clear the schedule with 16 volatile word stores (ecfi_wipe stores bytes). */
	volatile SHA2_WORD *vw = w;
	for (int i = 0; i < 16; i++)
		vw[i] = 0;
}

void SHA2_FN(init)(SHA2_CTX *ctx)
{
	static const SHA2_WORD iv[8] = SHA2_IV;
	memcpy(ctx->h, iv, sizeof iv);
	ctx->len = 0;
	memset(ctx->buf, 0, sizeof ctx->buf);
}

void SHA2_FN(update)(SHA2_CTX *ctx, const void *in, size_t len)
{
	const uint8_t *p = (const uint8_t *)in;
	size_t used = (size_t)(ctx->len & (SHA2_BLOCK - 1));
	if (len == 0)
		return; /* in may be NULL */
	ctx->len += len;
	if (used) {
		size_t take = SHA2_BLOCK - used;
		if (take > len)
			take = len;
		memcpy(ctx->buf + used, p, take);
		used += take;
		p += take;
		len -= take;
		if (used < SHA2_BLOCK)
			return;
		SHA2_COMPRESS(ctx->h, ctx->buf, 1);
	}
	if (len >= SHA2_BLOCK) {
		SHA2_COMPRESS(ctx->h, p, len / SHA2_BLOCK);
		p += len & ~(size_t)(SHA2_BLOCK - 1);
		len &= SHA2_BLOCK - 1;
	}
	if (len)
		memcpy(ctx->buf, p, len);
}

void SHA2_FN(final)(SHA2_CTX *ctx, uint8_t out[8 * sizeof(SHA2_WORD)])
{
	size_t used = (size_t)(ctx->len & (SHA2_BLOCK - 1));
	ctx->buf[used++] = 0x80;
	if (used > SHA2_BLOCK - SHA2_LEN_BYTES) {
		memset(ctx->buf + used, 0, SHA2_BLOCK - used);
		SHA2_COMPRESS(ctx->h, ctx->buf, 1);
		used = 0;
	}
	memset(ctx->buf + used, 0, SHA2_BLOCK - SHA2_LEN_BYTES - used);
	/* The big-endian bit length: len << 3 in the last 8 bytes; SHA-512's
	 * 128-bit field has len >> 61 as its high word. */
#if SHA2_LEN_BYTES == 16
	ecfi_store_be64(ctx->buf + SHA2_BLOCK - 16, ctx->len >> 61);
#endif
	ecfi_store_be64(ctx->buf + SHA2_BLOCK - 8, ctx->len << 3);
	SHA2_COMPRESS(ctx->h, ctx->buf, 1);
	for (int i = 0; i < 8; i++)
		SHA2_STORE(out + SHA2_W * (size_t)i, ctx->h[i]);
	ecfi_wipe(ctx, sizeof *ctx);
}

void ECFI_CAT(ecfi_, SHA2_NAME)(uint8_t out[8 * sizeof(SHA2_WORD)], const void *in, size_t len)
{
	SHA2_CTX ctx;
	SHA2_FN(init)(&ctx);
	SHA2_FN(update)(&ctx, in, len);
	SHA2_FN(final)(&ctx, out);
}
