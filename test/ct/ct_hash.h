/* Constant time of the library's hashes (lib/hash): the message bytes, the
 * HMAC key and the sponge state are secret; lengths are public. Lengths cover
 * empty input, partial blocks, the padding overflow case and several blocks,
 * and the streaming calls are split at odd points. Under valgrind the probe
 * finds no SHA extensions (and valgrind cannot run them): the portable
 * SHA-256 is what runs here. Keccak (SHAKE256) is built with SIKE only
 * (libecfield-sidh): its cases need ECF_HAVE_SIDH. */
#include "hash/sha2.h"
#ifdef ECF_HAVE_SIDH
#include "hash/sha3.h"
#endif

/* SHA-2 hash H (digest len bytes) of msg[0..n): one-shot, and streamed in two
 * pieces cut at `cut`. */
#define CT_SHA2(H, len)                                                                                                \
	do {                                                                                                           \
		ecfi_##H(out, msg, n);                                                                                 \
		ct_sink_bytes(out, len);                                                                               \
		ecfi_##H##_ctx c;                                                                                      \
		ecfi_##H##_init(&c);                                                                                   \
		ecfi_##H##_update(&c, msg, cut);                                                                       \
		ecfi_##H##_update(&c, msg + cut, n - cut);                                                             \
		ecfi_##H##_final(&c, out);                                                                             \
		ct_sink_bytes(out, len);                                                                               \
	} while (0)

static void ct_hash(ct_rng *rng)
{
	static const size_t lens[] = {0, 1, 55, 56, 63, 64, 111, 112, 127, 128, 135, 136, 137, 300};
	uint8_t msg[300], key[100], out[400];
	for (int i = 0; i < ct_rounds; i++) {
		for (size_t k = 0; k < sizeof msg; k++)
			msg[k] = (uint8_t)ct_next(rng);
		for (size_t k = 0; k < sizeof key; k++)
			key[k] = (uint8_t)ct_next(rng);
		CT_SECRET(msg, sizeof msg);
		CT_SECRET(key, sizeof key);
		for (size_t j = 0; j < sizeof lens / sizeof lens[0]; j++) {
			size_t n = lens[j], cut = n / 3;
			CT_SHA2(sha256, 32);
			CT_SHA2(sha512, 64);
			/* HMAC: keys shorter than, equal to and longer than the block. */
			size_t kl = (size_t[]){0, 20, 64, 65, 100}[j % 5];
			ecfi_hmac_sha256(out, key, kl, msg, n);
			ct_sink_bytes(out, 32);
			ecfi_hmac_sha256_ctx ch;
			ecfi_hmac_sha256_init(&ch, key, kl);
			ecfi_hmac_sha256_update(&ch, msg, cut);
			ecfi_hmac_sha256_update(&ch, msg + cut, n - cut);
			ecfi_hmac_sha256_final(&ch, out);
			ct_sink_bytes(out, 32);
			/* HMAC key states (the RFC 6979 DRBG): a secret key's states, a
			 * context started from them, and the one-block HMAC of 32 bytes. */
			ecfi_hmac_sha256_key hk;
			ecfi_hmac_sha256_key_init(&hk, key, kl);
			ecfi_hmac_sha256_init_key(&ch, &hk);
			ecfi_hmac_sha256_update(&ch, msg, n);
			ecfi_hmac_sha256_final(&ch, out);
			ct_sink_bytes(out, 32);
			ecfi_hmac_sha256_32(out, &hk, msg);
			ct_sink_bytes(out, 32);
#ifdef ECF_HAVE_SIDH
			/* SHAKE256: split absorb, squeeze across a block boundary. */
			ecfi_shake256_ctx cs;
			ecfi_shake256_init(&cs);
			ecfi_shake256_absorb(&cs, msg, cut);
			ecfi_shake256_absorb(&cs, msg + cut, n - cut);
			ecfi_shake256_squeeze(&cs, out, 100);
			ecfi_shake256_squeeze(&cs, out + 100, 300);
			ecfi_shake256_wipe(&cs);
			ct_sink_bytes(out, 400);
			ecfi_shake256(out, 64, msg, n);
			ct_sink_bytes(out, 64);
			ecfi_shake128(out, 64, msg, n);
			ct_sink_bytes(out, 64);
			ecfi_sha3_256(out, msg, n);
			ct_sink_bytes(out, 32);
#endif
		}
	}
}
