/*
 * SHA-512 of eight messages at once (contract: ecfi_sha512x8_avx512_ifma in
 * lib/kernels/x86_64/sha512x8_avx512.h): the padding and the staging of each
 * lane's blocks, in baseline C, around the 8-lane compression of the
 * avx512_ifma tier. Branches, copies and addresses depend on the pieces'
 * pointers and lengths only (public); the bytes copied are secret.
 */
#include <string.h>

#include "common/limbs.h"
#include "common/wipe.h"
#include "kernels/x86_64/sha512x8_avx512.h"

/* dst = the 128 bytes at offset off of lane msg's padded message (FIPS
 * 180-4, 5.1.2: the message, 0x80, zeros, the 128-bit bit length), total
 * its length in bytes, last whether this is its last block. */
static void stage_block(uint8_t dst[128], const ecfi_sha512x8_msg *msg, size_t total, size_t off, int last)
{
	size_t pos = 0; /* where the piece starts in the message */
	for (int k = 0; k < ECFI_SHA512X8_PIECES; k++) {
		const size_t l = msg->len[k];
		if (l != 0 && pos + l > off && pos < off + 128) {
			const size_t a = off > pos ? off - pos : 0;                 /* first byte of the piece taken */
			const size_t e = off + 128 - pos < l ? off + 128 - pos : l; /* one past the last */
			memcpy(dst + (pos + a - off), msg->p[k] + a, e - a);
		}
		pos += l;
	}
	const size_t m = total <= off ? 0 : (total - off < 128 ? total - off : 128); /* message bytes here */
	memset(dst + m, 0, 128 - m);
	if (total >= off && total - off < 128)
		dst[total - off] = 0x80;
	if (last) {
		ecfi_store_be64(dst + 112, (uint64_t)total >> 61);
		ecfi_store_be64(dst + 120, (uint64_t)total << 3);
	}
}

void ecfi_sha512x8_avx512_ifma(uint8_t out[8][64], const ecfi_sha512x8_msg in[8])
{
	static const uint64_t iv[8] = {0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	                               0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179};
	uint64_t st[8][8];
	uint8_t blk[8][128];
	size_t total[8], nblk[8], steps = 0;
	for (int j = 0; j < 8; j++) {
		total[j] = 0;
		for (int k = 0; k < ECFI_SHA512X8_PIECES; k++)
			total[j] += in[j].len[k];
		nblk[j] = (total[j] + 17 + 127) / 128; /* room for 0x80 and the 16-byte length */
		if (nblk[j] > steps)
			steps = nblk[j];
	}
	for (int i = 0; i < 8; i++)
		for (int j = 0; j < 8; j++)
			st[i][j] = iv[i];
	memset(blk, 0, sizeof blk);
	for (size_t b = 0; b < steps; b++) {
		unsigned active = 0;
		for (int j = 0; j < 8; j++) {
			if (b >= nblk[j])
				continue; /* this lane's message has ended: its state stays (mask) */
			active |= 1u << j;
			stage_block(blk[j], &in[j], total[j], 128 * b, b + 1 == nblk[j]);
		}
		ecfk_sha512x8_block_avx512_ifma(st, (const uint8_t(*)[128])blk, active);
	}
	for (int j = 0; j < 8; j++)
		for (int i = 0; i < 8; i++)
			ecfi_store_be64(out[j] + 8 * i, st[i][j]);
	ecfi_wipe(st, sizeof st);
	ecfi_wipe(blk, sizeof blk);
}
