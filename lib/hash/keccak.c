/* Keccak-f[1600] and its sponge (FIPS 202). Portable C, byte-order
 * independent; the permutation runs the Armv8 SHA-3 kernel where the dispatch
 * flag allows it. */
#include <string.h>

#include "common/wipe.h"
#include "dispatch/cpu.h"
#include "hash/sha3.h"
#include "kernels/kernels.h"

const uint64_t ecfi_keccak_rc[24] = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000, 0x000000000000808b,
    0x0000000080000001, 0x8000000080008081, 0x8000000000008009, 0x000000000000008a, 0x0000000000000088,
    0x0000000080008009, 0x000000008000000a, 0x000000008000808b, 0x800000000000008b, 0x8000000000008089,
    0x8000000000008003, 0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
};

static inline uint64_t rol64(uint64_t x, unsigned n) { return (x << n) | (x >> ((64 - n) & 63)); }

/* Clear a copy of the state on the stack: ecfi_wipe's byte stores cost more
 * than the rest of a short permutation call, so 25 volatile word stores. */
static inline void wipe_lanes(uint64_t x[25])
{
	volatile uint64_t *v = x;
	for (int i = 0; i < 25; i++)
		v[i] = 0;
}

/* One round written out (generated from FIPS 202, 3.2: rho offsets from the
 * (x, y) -> (y, 2x + 3y) walk, pi as b[y, 2x + 3y] = a[x, y]) on a local copy
 * of the state, so that every index is a constant and the compiler keeps the
 * lanes in registers where it can. */
void ecfi_keccak_f1600_portable(uint64_t s[25])
{
	uint64_t a[25], b[25], c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
	for (int i = 0; i < 25; i++)
		a[i] = s[i];
	for (int round = 0; round < 24; round++) {
		/* theta */
		c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
		c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
		c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
		c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
		c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
		d0 = c4 ^ rol64(c1, 1);
		d1 = c0 ^ rol64(c2, 1);
		d2 = c1 ^ rol64(c3, 1);
		d3 = c2 ^ rol64(c4, 1);
		d4 = c3 ^ rol64(c0, 1);
		/* rho and pi: b[y, 2x + 3y] = rot(a[x, y] ^ d[x], r[x, y]) */
		b[0] = a[0] ^ d0;
		b[10] = rol64(a[1] ^ d1, 1);
		b[20] = rol64(a[2] ^ d2, 62);
		b[5] = rol64(a[3] ^ d3, 28);
		b[15] = rol64(a[4] ^ d4, 27);
		b[16] = rol64(a[5] ^ d0, 36);
		b[1] = rol64(a[6] ^ d1, 44);
		b[11] = rol64(a[7] ^ d2, 6);
		b[21] = rol64(a[8] ^ d3, 55);
		b[6] = rol64(a[9] ^ d4, 20);
		b[7] = rol64(a[10] ^ d0, 3);
		b[17] = rol64(a[11] ^ d1, 10);
		b[2] = rol64(a[12] ^ d2, 43);
		b[12] = rol64(a[13] ^ d3, 25);
		b[22] = rol64(a[14] ^ d4, 39);
		b[23] = rol64(a[15] ^ d0, 41);
		b[8] = rol64(a[16] ^ d1, 45);
		b[18] = rol64(a[17] ^ d2, 15);
		b[3] = rol64(a[18] ^ d3, 21);
		b[13] = rol64(a[19] ^ d4, 8);
		b[14] = rol64(a[20] ^ d0, 18);
		b[24] = rol64(a[21] ^ d1, 2);
		b[9] = rol64(a[22] ^ d2, 61);
		b[19] = rol64(a[23] ^ d3, 56);
		b[4] = rol64(a[24] ^ d4, 14);
		/* chi */
		a[0] = b[0] ^ (~b[1] & b[2]);
		a[1] = b[1] ^ (~b[2] & b[3]);
		a[2] = b[2] ^ (~b[3] & b[4]);
		a[3] = b[3] ^ (~b[4] & b[0]);
		a[4] = b[4] ^ (~b[0] & b[1]);
		a[5] = b[5] ^ (~b[6] & b[7]);
		a[6] = b[6] ^ (~b[7] & b[8]);
		a[7] = b[7] ^ (~b[8] & b[9]);
		a[8] = b[8] ^ (~b[9] & b[5]);
		a[9] = b[9] ^ (~b[5] & b[6]);
		a[10] = b[10] ^ (~b[11] & b[12]);
		a[11] = b[11] ^ (~b[12] & b[13]);
		a[12] = b[12] ^ (~b[13] & b[14]);
		a[13] = b[13] ^ (~b[14] & b[10]);
		a[14] = b[14] ^ (~b[10] & b[11]);
		a[15] = b[15] ^ (~b[16] & b[17]);
		a[16] = b[16] ^ (~b[17] & b[18]);
		a[17] = b[17] ^ (~b[18] & b[19]);
		a[18] = b[18] ^ (~b[19] & b[15]);
		a[19] = b[19] ^ (~b[15] & b[16]);
		a[20] = b[20] ^ (~b[21] & b[22]);
		a[21] = b[21] ^ (~b[22] & b[23]);
		a[22] = b[22] ^ (~b[23] & b[24]);
		a[23] = b[23] ^ (~b[24] & b[20]);
		a[24] = b[24] ^ (~b[20] & b[21]);
		/* iota */
		a[0] ^= ecfi_keccak_rc[round];
	}
	for (int i = 0; i < 25; i++)
		s[i] = a[i];
	wipe_lanes(a);
	wipe_lanes(b);
}

/* The dispatch: one test of the flag word per tier, no function pointer. */
void ecfi_keccak_f1600(uint64_t s[25])
{
	ECFI_DISPATCH_OR(keccak, ecfi_tiers(), ecfk_keccak_f1600_, (s)) { ecfi_keccak_f1600_portable(s); }
}

const char *ecfi_keccak_kernel_name_of(uint32_t tiers)
{
	(void)tiers; /* unused where no kernel tier is built */
	return ECFI_DISPATCH_NAME(keccak, tiers);
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
