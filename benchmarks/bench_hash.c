/* The library's hashes (lib/hash), with OpenSSL's EVP (when found at
 * configure time) as a peer in the same interleaved groups. Each call hashes
 * a buffer whose first bytes are the previous digest, so the calls form a
 * dependent chain like the field rows. Rows: hash/sha256_64B, sha512_64B,
 * sha512_1KiB, shake256_64B (64 bytes in, 32 bytes out), hmac256_64B (HMAC-SHA-256, 32-byte key),
 * sha256_1KiB. Each row runs on the portable code and on each kernel tier of
 * its family this CPU has (SHA-256 and HMAC: sha_ni, armv8_sha2; SHA-512:
 * armv8_sha512; SHAKE256: armv8_sha3), interleaved with the peer. SHAKE256 is
 * built with SIKE only (libecfield-sidh, ECF_HAVE_SIDH): without it, no
 * shake256 row. */
#include "bench.h"

#include <string.h>

#include "dispatch/cpu.h"
#include "hash/sha2.h"
#ifdef ECF_HAVE_SIDH
#include "hash/sha3.h"
#endif

#ifdef ECF_BENCH_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif

typedef struct hash_state {
	uint8_t buf[1024];
	size_t len;
#ifdef ECF_BENCH_OPENSSL
	EVP_MD_CTX *ctx;
	EVP_MD *md;
#endif
} hash_state;

BENCH_LOOP(run_sha256, hash_state, ecfi_sha256(s->buf, s->buf, s->len))

BENCH_LOOP(run_sha512, hash_state, ecfi_sha512(s->buf, s->buf, s->len))

#ifdef ECF_HAVE_SIDH
BENCH_LOOP(run_shake256, hash_state, ecfi_shake256(s->buf, 32, s->buf, s->len))
#endif

BENCH_LOOP(run_hmac_sha256, hash_state, ecfi_hmac_sha256(s->buf, s->buf + 32, 32, s->buf, s->len))

#ifdef ECF_BENCH_OPENSSL
static void run_evp(void *p, long n)
{
	hash_state *s = p;
	for (long i = 0; i < n; i++) {
		EVP_DigestInit_ex2(s->ctx, s->md, NULL);
		EVP_DigestUpdate(s->ctx, s->buf, s->len);
		if (EVP_MD_get_flags(s->md) & EVP_MD_FLAG_XOF)
			EVP_DigestFinalXOF(s->ctx, s->buf, 32);
		else
			EVP_DigestFinal_ex(s->ctx, s->buf, NULL);
	}
}

static void run_evp_hmac(void *p, long n)
{
	hash_state *s = p;
	unsigned int len;
	for (long i = 0; i < n; i++)
		HMAC(s->md, s->buf + 32, 32, s->buf, s->len, s->buf, &len);
}
#endif

/* The kernel tiers of the hash families built here (tier table rows). */
typedef struct hash_tier {
	uint32_t mask;
	const char *name;
} hash_tier;
#define HASH_TIER_ROW_(T, mask, name, arch, req, ...) ECFI_IF_BUILT_##arch({(mask), #name}, )
#define HASH_TIER_ENTRY_(T, ...) ECFI_TIER_ROW_(T, HASH_TIER_ROW_, ~)
static const hash_tier sha256_tiers[] = {ECFI_TIER_FAMILY_(sha256)(HASH_TIER_ENTRY_, ~){0, NULL}};
static const hash_tier sha512_tiers[] = {ECFI_TIER_FAMILY_(sha512)(HASH_TIER_ENTRY_, ~){0, NULL}};
static const hash_tier keccak_tiers[] = {ECFI_TIER_FAMILY_(keccak)(HASH_TIER_ENTRY_, ~){0, NULL}};

static void group(const char *op, bench_body ours, const char *evp_name, int hmac, size_t len)
{
	hash_state a, b, c[4];
	memset(&a, 0x5a, sizeof a);
	a.len = len;
	b = a;
	bench_variant v[6] = {{"portable", "direct", 0, ours, &a}};
	size_t nv = 1, nc = 0;
	/* The family's kernel tiers this CPU has (the flag selects the kernel
	 * inside the dispatched compression or permutation). */
	const hash_tier *t = strcmp(evp_name, "SHA512") == 0     ? sha512_tiers
	                     : strcmp(evp_name, "SHAKE256") == 0 ? keccak_tiers
	                                                         : sha256_tiers;
	for (; t->name && nc < 4; t++)
		if (ecfi_cpu_supported_kernels() & t->mask) {
			c[nc] = a;
			v[nv++] = (bench_variant){t->name, "direct", t->mask, ours, &c[nc]};
			nc++;
		}
#ifdef ECF_BENCH_OPENSSL
	b.ctx = EVP_MD_CTX_new();
	b.md = EVP_MD_fetch(NULL, evp_name, NULL);
	if (b.ctx && b.md)
		v[nv++] = (bench_variant){"openssl", hmac ? "hmac" : "evp", 0, hmac ? run_evp_hmac : run_evp, &b};
#else
	(void)evp_name;
	(void)hmac;
#endif
	bench_group("hash", op, v, nv);
	bench_sink(a.buf, 64);
	bench_sink(b.buf, 64);
	for (size_t i = 0; i < nc; i++)
		bench_sink(c[i].buf, 64);
#ifdef ECF_BENCH_OPENSSL
	EVP_MD_free(b.md);
	EVP_MD_CTX_free(b.ctx);
#endif
}

void bench_hash(void)
{
	group("sha256_64B", run_sha256, "SHA256", 0, 64);
	group("sha512_64B", run_sha512, "SHA512", 0, 64);
	group("sha512_1KiB", run_sha512, "SHA512", 0, 1024);
#ifdef ECF_HAVE_SIDH
	group("shake256_64B", run_shake256, "SHAKE256", 0, 64);
#endif
	group("hmac256_64B", run_hmac_sha256, "SHA256", 1, 64);
	group("sha256_1KiB", run_sha256, "SHA256", 0, 1024);
}
