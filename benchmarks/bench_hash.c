/* The library's hashes (lib/hash), with OpenSSL's EVP (when found at
 * configure time) as a peer in the same interleaved groups. Each call hashes
 * a buffer whose first bytes are the previous digest, so the calls form a
 * dependent chain like the field rows. Rows: hash/sha256_64B, sha512_64B,
 * sha512_1KiB, shake256_64B (64 bytes in, 32 bytes out), hmac256_64B (HMAC-SHA-256, 32-byte key),
 * sha256_1KiB. The SHA-256 rows run on each SHA-256 kernel this CPU has
 * (portable, sha_ni), interleaved with the peer. SHAKE256 is built with SIKE
 * only (libecfield-sidh, ECF_HAVE_SIDH): without it, no shake256 row. */
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

static void group(const char *op, bench_body ours, const char *evp_name, int hmac, size_t len)
{
	hash_state a, b, c;
	memset(&a, 0x5a, sizeof a);
	a.len = len;
	b = a;
	c = a;
	bench_variant v[3] = {{"portable", "direct", 0, ours, &a}};
	size_t nv = 1;
	/* The SHA-256 kernel tier (the flag selects it inside ecfi_sha256_blocks). */
	if (strcmp(evp_name, "SHA256") == 0 && (ecfi_cpu_supported_kernels() & ECFI_KERNEL_SHA_NI))
		v[nv++] = (bench_variant){"sha_ni", "direct", ECFI_KERNEL_SHA_NI, ours, &c};
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
	bench_sink(c.buf, 64);
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
