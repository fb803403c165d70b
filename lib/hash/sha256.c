/* SHA-256 (FIPS 180-4, section 6.2). Portable C, byte-order independent; the
 * compression runs the SHA-NI kernel where the dispatch flag allows it. */
#include <stdint.h>

#include "dispatch/cpu.h"
#include "hash/sha2.h"

/* Aligned to 16 bytes: the SHA-NI kernel reads it with aligned 16-byte loads. */
__attribute__((aligned(16))) const uint32_t ecfi_sha256_k[64] = {
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

/* The sigma functions of FIPS 180-4, 4.1.2. */
#define BSIG0(x) (ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22))
#define BSIG1(x) (ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25))
#define SSIG0(x) (ror32(x, 7) ^ ror32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ror32(x, 17) ^ ror32(x, 19) ^ ((x) >> 10))

#define SHA2_NAME sha256
#define SHA2_WORD uint32_t
#define SHA2_BLOCK 64
#define SHA2_ROUNDS 64
#define SHA2_K ecfi_sha256_k
#define SHA2_IV                                                                                                        \
	{                                                                                                              \
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19         \
	}
#define SHA2_LEN_BYTES 8
#define SHA2_LOAD load_be32
#define SHA2_STORE store_be32
#define SHA2_BLOCKS_FN ecfi_sha256_blocks_portable
#define SHA2_COMPRESS ecfi_sha256_blocks

/* The dispatch: one test of the flag word, no function pointer. */
void ecfi_sha256_blocks(uint32_t state[8], const uint8_t *p, size_t nblocks)
{
	ECFI_DISPATCH_OR(sha256, ecfi_tiers(), ecfk_sha256_blocks_, (state, p, nblocks))
	{
		ecfi_sha256_blocks_portable(state, p, nblocks);
	}
}

const char *ecfi_sha256_kernel_name_of(uint32_t tiers)
{
	(void)tiers; /* unused where no kernel tier is built */
	return ECFI_DISPATCH_NAME(sha256, tiers);
}

#include "hash/sha2_impl.h"
