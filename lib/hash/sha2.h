/*
 * SHA-256, SHA-512 (FIPS 180-4) and HMAC-SHA-256 (RFC 2104, FIPS 198-1), inside
 * the library: hidden symbols, no allocation, no dependency beyond libc.
 *
 * - Constant time in the data: no branch or memory index depends on the bytes
 *   hashed or on the key. Branches depend only on lengths (public).
 * - Byte order: words are loaded and stored byte by byte, so the code is right
 *   on big- and little-endian hosts (s390x) and needs no alignment.
 * - Contexts are plain structs the caller owns (stack or static). A context is
 *   initialised by _init, fed by any number of _update calls (any lengths,
 *   including 0; in may be NULL only when len is 0), and finished by _final,
 *   which writes the digest and wipes the whole context (ecfi_wipe). After
 *   _final, call _init again before reusing it. _final's out must not
 *   overlap the context; any other buffer is fine (including one that was
 *   passed to _update).
 * - Message length: up to 2^61 - 1 bytes (SHA-256) / 2^64 - 1 bytes (SHA-512
 *   counts bytes in 64 bits; FIPS 180-4 allows 2^128 - 1 bits, irrelevant here).
 * - The one-shot functions (ecfi_sha256 etc.) wipe their stack context.
 */
#ifndef ECFI_SHA2_H
#define ECFI_SHA2_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"
#include "kernels/kernels.h" /* ecfi_sha256_k, ecfk_sha256_blocks_sha_ni */

#define ECFI_SHA256_DIGEST 32
#define ECFI_SHA256_BLOCK 64
#define ECFI_SHA512_DIGEST 64
#define ECFI_SHA512_BLOCK 128

typedef struct ecfi_sha256_ctx {
	uint32_t h[8];   /* chaining value */
	uint64_t len;    /* bytes absorbed so far */
	uint8_t buf[64]; /* pending partial block: len % 64 bytes */
} ecfi_sha256_ctx;

typedef struct ecfi_sha512_ctx {
	uint64_t h[8];
	uint64_t len;     /* bytes absorbed so far */
	uint8_t buf[128]; /* pending partial block: len % 128 bytes */
} ecfi_sha512_ctx;

/* SHA-256. */
ECFI_HIDDEN void ecfi_sha256_init(ecfi_sha256_ctx *ctx);
ECFI_HIDDEN void ecfi_sha256_update(ecfi_sha256_ctx *ctx, const void *in, size_t len);
/* Writes the 32-byte digest and wipes ctx. */
ECFI_HIDDEN void ecfi_sha256_final(ecfi_sha256_ctx *ctx, uint8_t out[32]);
/* out = SHA-256(in[0..len)); out may alias in. */
ECFI_HIDDEN void ecfi_sha256(uint8_t out[32], const void *in, size_t len);

/*
 * The SHA-256 compression function: state (H0..H7 as host words) absorbs
 * nblocks 64-byte blocks of p (any alignment; nblocks may be 0). Constant time
 * in state and data. ecfi_sha256_blocks tests the dispatch flag and runs the
 * SHA-NI kernel (ECFI_KERNEL_SHA_NI), the Armv8 SHA-2 kernel
 * (ECFI_KERNEL_ARMV8_SHA2) or the portable C; the tiers give the
 * same bits. ecfi_sha256_k (declared in kernels/kernels.h, which the SHA-NI
 * kernel includes, defined in sha256.c): the 64 round constants.
 */
ECFI_HIDDEN void ecfi_sha256_blocks(uint32_t state[8], const uint8_t *p, size_t nblocks);
ECFI_HIDDEN void ecfi_sha256_blocks_portable(uint32_t state[8], const uint8_t *p, size_t nblocks);
/* Name of the SHA-256 kernel a flag word selects: "sha_ni", "armv8_sha2" or "portable". */
ECFI_HIDDEN const char *ecfi_sha256_kernel_name_of(uint32_t flags);

/* SHA-512. */
/* The SHA-512 compression, as ecfi_sha256_blocks: 128-byte blocks; the
 * dispatched entry runs the Armv8 SHA-512 kernel (ECFI_KERNEL_ARMV8_SHA512)
 * or the portable C, the same bits. */
ECFI_HIDDEN void ecfi_sha512_blocks(uint64_t state[8], const uint8_t *p, size_t nblocks);
ECFI_HIDDEN void ecfi_sha512_blocks_portable(uint64_t state[8], const uint8_t *p, size_t nblocks);
/* Name of the SHA-512 kernel a flag word selects: "armv8_sha512" or "portable". */
ECFI_HIDDEN const char *ecfi_sha512_kernel_name_of(uint32_t flags);
ECFI_HIDDEN void ecfi_sha512_init(ecfi_sha512_ctx *ctx);
ECFI_HIDDEN void ecfi_sha512_update(ecfi_sha512_ctx *ctx, const void *in, size_t len);
/* Writes the 64-byte digest and wipes ctx. */
ECFI_HIDDEN void ecfi_sha512_final(ecfi_sha512_ctx *ctx, uint8_t out[64]);
/* out = SHA-512(in[0..len)); out may alias in. */
ECFI_HIDDEN void ecfi_sha512(uint8_t out[64], const void *in, size_t len);

/*
 * HMAC-SHA-256 (RFC 2104 with SHA-256; the construction RFC 6979 uses).
 * Keys of any length: longer than 64 bytes are first hashed (RFC 2104); the
 * key may be NULL only when keylen is 0. The key's bytes are secret (constant
 * time), its length is not. The context holds the inner hash and the padded
 * outer key; _final wipes it, and the init wipes its own key copies.
 */
typedef struct ecfi_hmac_sha256_ctx {
	ecfi_sha256_ctx inner; /* SHA-256(K ^ ipad || message so far) */
	ecfi_sha256_ctx outer; /* SHA-256 state after absorbing K ^ opad */
} ecfi_hmac_sha256_ctx;

ECFI_HIDDEN void ecfi_hmac_sha256_init(ecfi_hmac_sha256_ctx *ctx, const void *key, size_t keylen);
ECFI_HIDDEN void ecfi_hmac_sha256_update(ecfi_hmac_sha256_ctx *ctx, const void *in, size_t len);
/* Writes the 32-byte tag and wipes ctx. */
ECFI_HIDDEN void ecfi_hmac_sha256_final(ecfi_hmac_sha256_ctx *ctx, uint8_t out[32]);
/* out = HMAC-SHA-256(key, msg); out may alias key or msg. */
ECFI_HIDDEN void ecfi_hmac_sha256(uint8_t out[32], const void *key, size_t keylen, const void *msg, size_t msglen);

/*
 * A key's HMAC states, for a key used more than once (the RFC 6979 DRBG):
 * the chaining values after K ^ ipad and after K ^ opad. Secret: wipe it
 * (ecfi_wipe) when done. _key_init takes any key length, like _init;
 * _init_key starts a context from it (the same context as _init with that
 * key, two compressions fewer); _32 computes HMAC(key, in[0..32)) in two
 * compressions (out may alias in) and wipes its own blocks.
 */
typedef struct ecfi_hmac_sha256_key {
	uint32_t ih[8]; /* SHA-256 state after K ^ ipad */
	uint32_t oh[8]; /* SHA-256 state after K ^ opad */
} ecfi_hmac_sha256_key;

ECFI_HIDDEN void ecfi_hmac_sha256_key_init(ecfi_hmac_sha256_key *hk, const void *key, size_t keylen);
ECFI_HIDDEN void ecfi_hmac_sha256_init_key(ecfi_hmac_sha256_ctx *ctx, const ecfi_hmac_sha256_key *hk);
ECFI_HIDDEN void ecfi_hmac_sha256_32(uint8_t out[32], const ecfi_hmac_sha256_key *hk, const uint8_t in[32]);

#endif
