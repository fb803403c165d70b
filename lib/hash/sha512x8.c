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
	/* blk needs no clearing: every lane has a block at step 0 (nblk >= 1), and
	 * a lane out of the mask later keeps its last block (read, not used). */
	for (size_t b = 0; b < steps; b++) {
		unsigned active = 0;
		for (int j = 0; j < 8; j++) {
			if (b >= nblk[j])
				continue; /* this lane's message has ended: its state stays (mask) */
			active |= 1u << j;
			stage_block(blk[j], &in[j], total[j], 128 * b, b + 1 == nblk[j]);
		}
		ecfk_sha512x8_block_avx512_ifma(st, (const uint8_t(*)[128])blk, active, b == 0); /* b == 0: from H(0) */
	}
	ecfk_sha512x8_digest_avx512_ifma(out, (const uint64_t(*)[8])st);
	ecfi_wipe(st, sizeof st);
	ecfi_wipe(blk, sizeof blk);
}
