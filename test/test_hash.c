/* The library's hashes (lib/hash): FIPS 180-4 / FIPS 202 example vectors,
 * RFC 4231 HMAC-SHA-256, and a differential test against OpenSSL's EVP on
 * every message length 0..1100 with random update/absorb splits and random
 * squeeze chunking. The expected digests were typed from the standards and
 * cross-checked with python3's hashlib. Every SHA-256 and HMAC case runs on
 * each SHA-256 kernel tier of this CPU (portable, sha_ni); the SHA-NI
 * compression is also compared bit for bit with the portable one on random
 * and edge states and blocks, and the HMAC key-state calls (RFC 6979's DRBG)
 * with the one-shot HMAC. SHAKE256 (keccak.c) is built with SIKE only, in
 * libecfield-sidh; without it test/meson.build links keccak.c alone
 * (ECF_HAVE_KECCAK either way).
 *
 * The hash kernel tiers (sha256: sha_ni, armv8_sha2; sha512: armv8_sha512;
 * keccak: armv8_sha3; lib/dispatch/tiers.h): every tiered case runs on the
 * portable code and on every hash tier this CPU has; each kernel is compared
 * bit for bit with the portable compression (random and edge states and
 * blocks, misaligned input), and the hashes through the dispatched entry on
 * every message length 0..300 and on random long messages. A family with no
 * kernel on this CPU or build reports SKIPPED with the reason. The last case
 * checks the tiers that ran against ECF_EXPECT_HASH_TIERS (set by the CI under
 * an emulated CPU), and on aarch64 the probe's SHA2/SHA512/SHA3 bits against
 * getauxval(AT_HWCAP). */
#include <stdlib.h>
#include <string.h>

#include "common/testutil.h"
#include "dispatch/cpu.h"
#include "hash/sha2.h"
#ifdef ECF_HAVE_KECCAK
#include "hash/sha3.h"
#endif

#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#endif

#ifdef ECF_HAVE_OPENSSL
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif

/* The kernel tiers of the hash families built here (tier table rows): mask,
 * name, and the kernel itself. */
typedef void (*blocks256_fn)(uint32_t *, const uint8_t *, size_t);
typedef void (*blocks512_fn)(uint64_t *, const uint8_t *, size_t);
typedef void (*perm_fn)(uint64_t *);
typedef struct hash_tier {
	uint32_t mask;
	const char *name;
	void (*fn)(void); /* cast to the family's type */
} hash_tier;
#define HASH_TIER_ROW_(T, mask, name, arch, req, prefix)                                                               \
	ECFI_IF_BUILT_##arch({(mask), #name, (void (*)(void))ECFI_CAT(prefix, name)}, )
#define HASH_TIER_ENTRY_(T, prefix) ECFI_TIER_ROW_(T, HASH_TIER_ROW_, prefix)
static const hash_tier sha256_built[] = {
    ECFI_TIER_FAMILY_(sha256)(HASH_TIER_ENTRY_, ecfk_sha256_blocks_){0, NULL, NULL}};
static const hash_tier sha512_built[] = {
    ECFI_TIER_FAMILY_(sha512)(HASH_TIER_ENTRY_, ecfk_sha512_blocks_){0, NULL, NULL}};
#ifdef ECF_HAVE_KECCAK
static const hash_tier keccak_built[] = {
    ECFI_TIER_FAMILY_(keccak)(HASH_TIER_ENTRY_, ecfk_keccak_f1600_){0, NULL, NULL}};
#else
static const hash_tier keccak_built[] = {{0, NULL, NULL}};
#endif
#define HASH_TIERS (ECFI_FAMILY_TIERS(sha256) | ECFI_FAMILY_TIERS(sha512) | ECFI_FAMILY_TIERS(keccak))

/* The kernel tiers whose comparison with the portable code ran (the last case
 * checks them against ECF_EXPECT_HASH_TIERS). */
static uint32_t hash_tiers_ran;

/* The hash tier flag words the tiered cases run on: portable (0), then every
 * hash tier this CPU has, together (each family then runs its kernel). */
static size_t sha_tiers(uint32_t flags[2])
{
	size_t k = 0;
	flags[k++] = 0;
	test_expect(!(ECFI_X86_64_KERNELS && test_host_has_sha_ni()) ||
	                (ecfi_cpu_supported_kernels() & ECFI_KERNEL_SHA_NI),
	            "CPUID has SHA, SSSE3 and SSE4.1 but the probe offers no SHA-NI kernel");
	uint32_t have = ecfi_cpu_supported_kernels() & HASH_TIERS;
	if (have)
		flags[k++] = have;
	else
		fprintf(stderr, "# NOTE: no hash kernel tier on this CPU (or build): the portable hashes only\n");
	return k;
}

/* Runs a test body once per hash tier word (named in the log before each run,
 * so a failure's last '# on' line says which). */
static void on_sha_tiers(const char *name, void (*body)(void **), void **s)
{
	uint32_t flags[2];
	size_t n = sha_tiers(flags);
	for (size_t k = 0; k < n; k++) {
		ecfi_cpu_set_kernels(flags[k]);
		fprintf(stderr, "# %s on hash kernels sha256 %s, sha512 %s, keccak %s\n", name,
		        ecfi_sha256_kernel_name_of(ecfi_cpu_flags), ecfi_sha512_kernel_name_of(ecfi_cpu_flags),
#ifdef ECF_HAVE_KECCAK
		        ecfi_keccak_kernel_name_of(ecfi_cpu_flags)
#else
		        "(not built)"
#endif
		);
		body(s);
	}
	ecfi_cpu_set_kernels(ecfi_cpu_supported_kernels());
}
#define SHA_TIERED(fn)                                                                                                 \
	static void fn##_tiers(void **s) { on_sha_tiers(#fn, fn, s); }

static size_t unhex(uint8_t *out, size_t max, const char *hex)
{
	size_t n = strlen(hex) / 2;
	assert_true(n <= max);
	for (size_t i = 0; i < n; i++) {
		unsigned v;
		assert_int_equal(sscanf(hex + 2 * i, "%2x", &v), 1);
		out[i] = (uint8_t)v;
	}
	return n;
}

static void expect_hex(const uint8_t *got, size_t n, const char *want_hex, const char *what)
{
	uint8_t want[1024];
	size_t wn = unhex(want, sizeof want, want_hex);
	test_expect(wn == n, "%s: expected length %zu, have %zu", what, wn, n);
	if (memcmp(got, want, n) != 0) {
		char buf[2 * 1024 + 1];
		for (size_t i = 0; i < n && i < 1024; i++)
			snprintf(buf + 2 * i, 3, "%02x", got[i]);
		test_expect(0, "%s:\n got  %s\n want %s", what, buf, want_hex);
	}
}

static int is_all_zero(const void *p, size_t n)
{
	const uint8_t *q = (const uint8_t *)p;
	uint8_t acc = 0;
	for (size_t i = 0; i < n; i++)
		acc |= q[i];
	return acc == 0;
}

#define MSG448 "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
#define MSG896                                                                                                         \
	"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopq" \
	"rstu"

/* SHA-256 and SHA-512 behind one interface, for the checks they share. */
typedef union sha2_ctx {
	ecfi_sha256_ctx s256;
	ecfi_sha512_ctx s512;
} sha2_ctx;
typedef struct sha2_alg {
	const char *name;
	size_t out; /* digest bytes */
	void (*oneshot)(uint8_t *out, const void *in, size_t len);
	void (*init)(sha2_ctx *c);
	void (*update)(sha2_ctx *c, const void *in, size_t len);
	void (*final)(sha2_ctx *c, uint8_t *out);
} sha2_alg;
#define SHA2_ALG(h, member, label, outlen)                                                                             \
	static void h##_init(sha2_ctx *c) { ecfi_##h##_init(&c->member); }                                             \
	static void h##_update(sha2_ctx *c, const void *in, size_t len) { ecfi_##h##_update(&c->member, in, len); }    \
	static void h##_final(sha2_ctx *c, uint8_t *out) { ecfi_##h##_final(&c->member, out); }                        \
	static const sha2_alg h##_alg = {label, outlen, ecfi_##h, h##_init, h##_update, h##_final};
SHA2_ALG(sha256, s256, "SHA-256", 32)
SHA2_ALG(sha512, s512, "SHA-512", 64)

/* The hash of the message m (of length n) three ways: one-shot, one update,
 * and byte by byte; final wipes the context. */
static void check_sha2(const sha2_alg *h, const void *m, size_t n, const char *hex, const char *what)
{
	uint8_t d[64];
	h->oneshot(d, m, n);
	expect_hex(d, h->out, hex, what);
	sha2_ctx c;
	memset(&c, 0, sizeof c);
	h->init(&c);
	for (size_t i = 0; i < n; i++)
		h->update(&c, (const uint8_t *)m + i, 1);
	h->final(&c, d);
	expect_hex(d, h->out, hex, what);
	test_expect(is_all_zero(&c, sizeof c), "%s: final did not wipe the context", what);
}

/* One million 'a': one-shot and in chunks of 1000. */
static void check_sha2_million_a(const sha2_alg *h, const char *want)
{
	uint8_t *a = malloc(1000000);
	assert_non_null(a);
	memset(a, 'a', 1000000);
	uint8_t d[64];
	char what[64];
	h->oneshot(d, a, 1000000);
	snprintf(what, sizeof what, "%s(10^6 a)", h->name);
	expect_hex(d, h->out, want, what);
	sha2_ctx c;
	h->init(&c);
	for (int i = 0; i < 1000; i++)
		h->update(&c, a, 1000);
	h->final(&c, d);
	snprintf(what, sizeof what, "%s(10^6 a, 1000-byte updates)", h->name);
	expect_hex(d, h->out, want, what);
	free(a);
}

/* FIPS 180-4 examples (NIST CSRC example values). */
static void test_sha256_fips(void **s)
{
	(void)s;
	check_sha2(&sha256_alg, "abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
	           "SHA-256(abc)");
	check_sha2(&sha256_alg, NULL, 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	           "SHA-256()");
	check_sha2(&sha256_alg, MSG448, 56, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	           "SHA-256(448 bits)");
	check_sha2(&sha256_alg, MSG896, 112, "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
	           "SHA-256(896 bits)");
	check_sha2_million_a(&sha256_alg, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

static void test_sha512_fips(void **s)
{
	(void)s;
	check_sha2(&sha512_alg, "abc", 3,
	           "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
	           "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
	           "SHA-512(abc)");
	check_sha2(&sha512_alg, NULL, 0,
	           "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
	           "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e",
	           "SHA-512()");
	check_sha2(&sha512_alg, MSG448, 56,
	           "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
	           "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445",
	           "SHA-512(448 bits)");
	check_sha2(&sha512_alg, MSG896, 112,
	           "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
	           "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909",
	           "SHA-512(896 bits)");
	check_sha2_million_a(&sha512_alg, "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
	                                  "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b");
}

/* FIPS 202 examples (NIST CSRC SHAKE256 example values), plus SHAKE128 and
 * SHA3-256 of "" and "abc" for the shared sponge. */
#define SHAKE256_A3_4096                                                                                               \
	"cd8a920ed141aa0407a22d59288652e9d9f1a7ee0c1e7c1ca699424da84a904d2d700caae7396ece96604440577da4f3aa22aeb885"   \
	"7f961c4cd8e06f0ae6610b1048a7f64e1074cd629e85ad7566048efc4fb500b486a3309a8f26724c0ed628001a1099422468de726f"   \
	"1061d99eb9e93604d5aa7467d4b1bd6484582a384317d7f47d750b8f5499512bb85a226c4243556e696f6bd072c5aa2d9b69730244"   \
	"b56853d16970ad817e213e470618178001c9fb56c54fefa5fee67d2da524bb3b0b61ef0e9114a92cdbb6cccb98615cfe76e3510dd8"   \
	"8d1cc28ff99287512f24bfafa1a76877b6f37198e3a641c68a7c42d45fa7acc10dae5f3cefb7b735f12d4e589f7a456e78c0f5e4c4"   \
	"471fffa5e4fa0514ae974d8c2648513b5db494cea847156d277ad0e141c24c7839064cd08851bc2e7ca109fd4e251c35bb0a04fb05"   \
	"b364ff8c4d8b59bc303e25328c09a882e952518e1a8ae0ff265d61c465896973d7490499dc639fb8502b39456791b1b6ec5bcc5d9a"   \
	"c36a6df622a070d43fed781f5f149f7b62675e7d1a4d6dec48c1c7164586eae06a51208c0b791244d307726505c3ad4b26b6822377"   \
	"257aa152037560a739714a3ca79bd605547c9b78dd1f596f2d4f1791bc689a0e9b799a37339c04275733740143ef5d2b58b96a363d"   \
	"4e08076a1a9d7846436e4dca5728b6f760eef0ca92bf0be5615e96959d767197a0beeb"

static void test_shake256_fips(void **s)
{
	(void)s;
#ifndef ECF_HAVE_KECCAK
	fprintf(stderr, "# SHAKE256 not built (-Dsidh=disabled: only SIKE uses it): SKIPPED\n");
	skip();
#else
	uint8_t out[512], in[200];
	const char *empty = "46b9dd2b0ba88d13233b3feb743eeb243fcd52ea62b81b82b50c27646ed5762f"
	                    "d75dc4ddd8c0f200cb05019d67b592f6fc821c49479ab48640292eacb3b7c4be";
	ecfi_shake256(out, 64, NULL, 0);
	expect_hex(out, 64, empty, "SHAKE256('', 512)");
	memset(in, 0xa3, sizeof in);
	ecfi_shake256(out, 512, in, 200);
	expect_hex(out, 512, SHAKE256_A3_4096, "SHAKE256(200 x a3, 4096)");
	/* Absorbed byte by byte, squeezed in chunks of 1, 2, 3, ... bytes. */
	ecfi_shake256_ctx c;
	ecfi_shake256_init(&c);
	for (int i = 0; i < 200; i++)
		ecfi_shake256_absorb(&c, in + i, 1);
	for (size_t off = 0, k = 1; off < 512; off += k, k++)
		ecfi_shake256_squeeze(&c, out + off, off + k <= 512 ? k : 512 - off);
	expect_hex(out, 512, SHAKE256_A3_4096, "SHAKE256(200 x a3, byte absorb, chunked squeeze)");
	/* Absorbing after squeezing is ignored. */
	ecfi_shake256_absorb(&c, in, 10);
	ecfi_shake256_wipe(&c);
	test_expect(is_all_zero(&c, sizeof c), "shake256_wipe did not wipe the context");
	/* Absorb of a whole block at a non-zero position (2 + 200 bytes). */
	ecfi_shake256_init(&c);
	ecfi_shake256_absorb(&c, in, 2);
	ecfi_shake256_absorb(&c, in, 198);
	ecfi_shake256_squeeze(&c, out, 512);
	ecfi_shake256_wipe(&c);
	expect_hex(out, 512, SHAKE256_A3_4096, "SHAKE256(200 x a3, split 2 + 198)");

	ecfi_shake128(out, 32, NULL, 0);
	expect_hex(out, 32, "7f9c2ba4e88f827d616045507605853ed73b8093f6efbc88eb1a6eacfa66ef26", "SHAKE128('', 256)");
	ecfi_sha3_256(out, NULL, 0);
	expect_hex(out, 32, "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a", "SHA3-256('')");
	ecfi_sha3_256(out, "abc", 3);
	expect_hex(out, 32, "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532", "SHA3-256(abc)");
#endif
}

/* RFC 4231, test cases 1-7 (case 5 compares the first 128 bits, as the RFC does). */
static void test_hmac_rfc4231(void **s)
{
	(void)s;
	static const struct {
		const char *key, *data, *mac;
	} tc[7] = {
	    {"0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
	     "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
	    {"4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
	     "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
	    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	     "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd",
	     "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},
	    {"0102030405060708090a0b0c0d0e0f10111213141516171819",
	     "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd",
	     "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
	    {"0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c", "546573742057697468205472756e636174696f6e",
	     "a3b6167473100ee06e0c796c2955552b"},
	    {"aa",
	     "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d2048617368204b6579204669727"
	     "374",
	     "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
	    {"aa",
	     "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f636b2d73697a65206b657920616e6"
	     "420"
	     "61206c6172676572207468616e20626c6f636b2d73697a6520646174612e20546865206b6579206e6565647320746f20626520686"
	     "173"
	     "686564206265666f7265206265696e6720757365642062792074686520484d414320616c676f726974686d2e",
	     "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"},
	};
	for (int i = 0; i < 7; i++) {
		uint8_t key[200], data[200], mac[32];
		size_t kl = unhex(key, sizeof key, tc[i].key), dl = unhex(data, sizeof data, tc[i].data);
		if (i >= 5) { /* 131 bytes of 0xaa */
			memset(key, 0xaa, 131);
			kl = 131;
		}
		char what[64];
		snprintf(what, sizeof what, "RFC 4231 test case %d", i + 1);
		size_t ml = strlen(tc[i].mac) / 2;
		ecfi_hmac_sha256(mac, key, kl, data, dl);
		expect_hex(mac, ml, tc[i].mac, what);
		/* Streaming, byte by byte. */
		ecfi_hmac_sha256_ctx c;
		ecfi_hmac_sha256_init(&c, key, kl);
		for (size_t j = 0; j < dl; j++)
			ecfi_hmac_sha256_update(&c, data + j, 1);
		ecfi_hmac_sha256_final(&c, mac);
		expect_hex(mac, ml, tc[i].mac, what);
		test_expect(is_all_zero(&c, sizeof c), "%s: hmac_sha256_final did not wipe the context", what);
		/* out aliasing the key and the message. */
		uint8_t buf[200];
		memcpy(buf, key, kl);
		ecfi_hmac_sha256(buf, buf, kl, data, dl);
		expect_hex(buf, ml, tc[i].mac, what);
		memcpy(buf, data, dl);
		ecfi_hmac_sha256(buf, key, kl, buf, dl);
		expect_hex(buf, ml, tc[i].mac, what);
	}
}

/* One-shots with out aliasing in. */
static void test_hash_aliasing(void **s)
{
	(void)s;
	uint8_t buf[256], want[200];
	for (size_t i = 0; i < sizeof buf; i++)
		buf[i] = (uint8_t)(i * 13 + 5);
	uint8_t orig[256];
	memcpy(orig, buf, sizeof buf);
	ecfi_sha256(want, orig, 200);
	ecfi_sha256(buf, buf, 200);
	test_expect(memcmp(buf, want, 32) == 0, "sha256 out == in");
	memcpy(buf, orig, sizeof buf);
	ecfi_sha512(want, orig, 200);
	ecfi_sha512(buf, buf, 200);
	test_expect(memcmp(buf, want, 64) == 0, "sha512 out == in");
#ifdef ECF_HAVE_KECCAK
	memcpy(buf, orig, sizeof buf);
	ecfi_shake256(want, 200, orig, 256);
	ecfi_shake256(buf, 200, buf, 256);
	test_expect(memcmp(buf, want, 200) == 0, "shake256 out == in");
#endif
}

/* Every length 0..300 without OpenSSL: the outputs for message lengths
 * 0..300 (bytes (31i + 7) mod 256; SHAKE256 to n mod 300 bytes; HMAC with the
 * first n mod 151 bytes of (13i + 5) mod 256 as key) are hashed together with
 * SHA-256, and the result compared with the value python3's hashlib/hmac
 * give for the same loop. Streaming, with each message cut in three. Covers
 * every padding boundary and the HMAC key lengths 64 and 65 when libcrypto is
 * absent (the differential test below then skips). */
static void test_hash_all_lengths(void **s)
{
	(void)s;
	static uint8_t msg[400], key[200];
	for (size_t i = 0; i < sizeof msg; i++)
		msg[i] = (uint8_t)(i * 31 + 7);
	for (size_t i = 0; i < sizeof key; i++)
		key[i] = (uint8_t)(i * 13 + 5);
	static const char *const want[4] = {
	    "78f25692e2f4dd74482ac3dcf4f505a7c278fa279588b764b99a497144bcd49c", /* SHA-256 */
	    "13ec09c8eca7c2f1c407c31094ea949647bcea1f96277d8490485a76d98ca851", /* SHA-512 */
	    "4206e273ae583a0d52356db50adc4ec6d0905f69031db55823baf44cda1b39dd", /* SHAKE256 */
	    "afaa65420737dc012b2e0be3ddab82c9798b44dae6f2da5f6e554efb1595481a", /* HMAC-SHA-256 */
	};
	static const char *const names[4] = {"SHA-256", "SHA-512", "SHAKE256", "HMAC-SHA-256"};
	for (int alg = 0; alg < 4; alg++) {
#ifndef ECF_HAVE_KECCAK
		if (alg == 2) /* SHAKE256: not built */
			continue;
#endif
		ecfi_sha256_ctx acc;
		ecfi_sha256_init(&acc);
		for (size_t n = 0; n <= 300; n++) {
			uint8_t out[300];
			size_t outlen = 0, c1 = n / 3, c2 = n - 2 * (n / 3);
			if (alg < 2) {
				const sha2_alg *h = alg == 0 ? &sha256_alg : &sha512_alg;
				sha2_ctx c;
				h->init(&c);
				h->update(&c, msg, c1);
				h->update(&c, msg + c1, c1);
				h->update(&c, msg + 2 * c1, c2);
				h->final(&c, out);
				outlen = h->out;
#ifdef ECF_HAVE_KECCAK
			} else if (alg == 2) {
				ecfi_shake256_ctx c;
				outlen = n % 300;
				ecfi_shake256_init(&c);
				ecfi_shake256_absorb(&c, msg, c1);
				ecfi_shake256_absorb(&c, msg + c1, c1);
				ecfi_shake256_absorb(&c, msg + 2 * c1, c2);
				ecfi_shake256_squeeze(&c, out, outlen / 2);
				ecfi_shake256_squeeze(&c, out + outlen / 2, outlen - outlen / 2);
				ecfi_shake256_wipe(&c);
#endif
			} else {
				ecfi_hmac_sha256_ctx c;
				ecfi_hmac_sha256_init(&c, key, n % 151);
				ecfi_hmac_sha256_update(&c, msg, c1);
				ecfi_hmac_sha256_update(&c, msg + c1, c1);
				ecfi_hmac_sha256_update(&c, msg + 2 * c1, c2);
				ecfi_hmac_sha256_final(&c, out);
				outlen = 32;
			}
			ecfi_sha256_update(&acc, out, outlen);
		}
		uint8_t d[32];
		ecfi_sha256_final(&acc, d);
		expect_hex(d, 32, want[alg], names[alg]);
	}
}

#ifdef ECF_HAVE_OPENSSL
static void evp_digest(const EVP_MD *md, uint8_t *out, size_t outlen, const uint8_t *in, size_t inlen)
{
	EVP_MD_CTX *c = EVP_MD_CTX_new();
	assert_non_null(c);
	assert_int_equal(EVP_DigestInit_ex(c, md, NULL), 1);
	assert_int_equal(EVP_DigestUpdate(c, in, inlen), 1);
	if (EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF)
		assert_int_equal(EVP_DigestFinalXOF(c, out, outlen), 1);
	else
		assert_int_equal(EVP_DigestFinal_ex(c, out, NULL), 1);
	EVP_MD_CTX_free(c);
}

/* Random split points: cut [0, n) into pieces of random lengths (often 0,
 * often crossing block boundaries). */
static size_t next_piece(test_rng *rng, size_t left)
{
	uint64_t r = test_rng_next(rng);
	size_t k;
	switch (r & 3) {
	case 0:
		k = 0;
		break;
	case 1:
		k = (size_t)(r >> 8) % 8;
		break;
	case 2:
		k = (size_t)(r >> 8) % 200;
		break;
	default:
		k = left;
	}
	return k < left ? k : left;
}
#endif

/* Every length 0..1100, random contents, random update splits, against EVP. */
static void test_hash_openssl(void **s)
{
	(void)s;
#ifndef ECF_HAVE_OPENSSL
	fprintf(stderr, "# OpenSSL (libcrypto) not found at configure time: differential cases SKIPPED\n");
	skip();
#else
	enum { MAXLEN = 1100 };
	static uint8_t msg[MAXLEN + 1], key[200];
	long rounds = test_iterations(100) / 100; /* 1 by default, more with ECF_TEST_SCALE */
	for (long round = 0; round < rounds; round++) {
		test_rng rng;
		test_rng_init(&rng, 0x4a54 + (uint64_t)round);
		for (size_t n = 0; n <= MAXLEN; n++) {
			for (size_t i = 0; i < n; i++)
				msg[i] = (uint8_t)test_rng_next(&rng);
			uint8_t got[600], want[600];

			for (int alg = 0; alg < 2; alg++) {
				const sha2_alg *h = alg == 0 ? &sha256_alg : &sha512_alg;
				sha2_ctx c;
				h->init(&c);
				for (size_t off = 0; off < n;) {
					size_t k = next_piece(&rng, n - off);
					h->update(&c, msg + off, k);
					off += k;
				}
				h->final(&c, got);
				evp_digest(alg == 0 ? EVP_sha256() : EVP_sha512(), want, h->out, msg, n);
				test_expect(memcmp(got, want, h->out) == 0, "%s vs OpenSSL, length %zu, round %ld",
				            h->name, n, round);
			}

#ifdef ECF_HAVE_KECCAK
			/* SHAKE256 with random absorb splits and a random output length
			 * (0..599) squeezed in random chunks. */
			size_t outlen = (size_t)(test_rng_next(&rng) % 600);
			ecfi_shake256_ctx cs;
			ecfi_shake256_init(&cs);
			for (size_t off = 0; off < n;) {
				size_t k = next_piece(&rng, n - off);
				ecfi_shake256_absorb(&cs, msg + off, k);
				off += k;
			}
			for (size_t off = 0; off < outlen;) {
				size_t k = next_piece(&rng, outlen - off);
				ecfi_shake256_squeeze(&cs, got + off, k);
				off += k;
			}
			ecfi_shake256_wipe(&cs);
			evp_digest(EVP_shake256(), want, outlen, msg, n);
			test_expect(outlen == 0 || memcmp(got, want, outlen) == 0,
			            "SHAKE256 vs OpenSSL, length %zu, output %zu, round %ld", n, outlen, round);
#endif

			/* HMAC-SHA-256, random key length 0..199 (across the 64-byte block). */
			size_t kl = (size_t)(test_rng_next(&rng) % 200);
			for (size_t i = 0; i < kl; i++)
				key[i] = (uint8_t)test_rng_next(&rng);
			ecfi_hmac_sha256_ctx ch;
			ecfi_hmac_sha256_init(&ch, key, kl);
			for (size_t off = 0; off < n;) {
				size_t k = next_piece(&rng, n - off);
				ecfi_hmac_sha256_update(&ch, msg + off, k);
				off += k;
			}
			ecfi_hmac_sha256_final(&ch, got);
			unsigned int wl = 0;
			assert_non_null(HMAC(EVP_sha256(), key, (int)kl, msg, n, want, &wl));
			test_expect(wl == 32 && memcmp(got, want, 32) == 0,
			            "HMAC-SHA-256 vs OpenSSL, key length %zu, length %zu, round %ld", kl, n, round);
		}
	}
#endif
}

/* The tiers of a family that this build has and this CPU runs (out, up to
 * 4); says why in the log when there is none. */
static size_t family_tiers_here(const char *family, const hash_tier *built, const hash_tier *out[4])
{
	size_t n = 0;
	if (!built[0].name) {
		fprintf(stderr, "# %s: no kernel tier in this build for this architecture: kernel comparison SKIPPED\n",
		        family);
		return 0;
	}
	for (size_t i = 0; built[i].name && n < 4; i++) {
		if (ecfi_cpu_supported_kernels() & built[i].mask)
			out[n++] = &built[i];
		else
			fprintf(stderr, "# %s: the %s kernel is built but this CPU lacks its extension: not compared\n",
			        family, built[i].name);
	}
	if (!n)
		fprintf(stderr, "# %s: no kernel tier on this CPU: kernel comparison SKIPPED\n", family);
	return n;
}

/* Random bytes, and the edge contents of the kernel comparisons by kind:
 * 1, 3 zero state; 2, 3 zero data; 4, 6 all-ones state; 5, 6 all-ones data. */
static void fill_random(test_rng *rng, void *p, size_t n)
{
	uint8_t *q = (uint8_t *)p;
	for (size_t i = 0; i < n; i++)
		q[i] = (uint8_t)test_rng_next(rng);
}
static void apply_kind(int kind, void *st, size_t stn, void *buf, size_t bufn)
{
	if (kind == 1 || kind == 3)
		memset(st, 0, stn);
	if (kind == 2 || kind == 3)
		memset(buf, 0, bufn);
	if (kind == 4 || kind == 6)
		memset(st, 0xff, stn);
	if (kind == 5 || kind == 6)
		memset(buf, 0xff, bufn);
}

static void dump_words(const char *what, const void *w, size_t n, size_t size)
{
	fprintf(stderr, "# %-9s:", what);
	for (size_t i = 0; i < n; i++) {
		if (size == 4)
			fprintf(stderr, " %08x", ((const uint32_t *)w)[i]);
		else
			fprintf(stderr, " %016llx", (unsigned long long)((const uint64_t *)w)[i]);
	}
	fprintf(stderr, "\n");
}

/* The digest of msg[0..n) by the algorithm alg (0 SHA-256, 1 SHA-512,
 * 2 SHAKE256 to 200 bytes, 3 SHA3-256, 4 SHAKE128 to 200 bytes) on the tier
 * word flags, streamed in two updates cut at n / 3. Returns its length. */
static size_t digest_on(uint32_t flags, int alg, uint8_t out[200], const uint8_t *msg, size_t n)
{
	ecfi_cpu_set_kernels(flags);
	size_t c = n / 3;
	switch (alg) {
	case 0:
	case 1: {
		const sha2_alg *h = alg == 0 ? &sha256_alg : &sha512_alg;
		sha2_ctx ctx;
		h->init(&ctx);
		h->update(&ctx, msg, c);
		h->update(&ctx, msg + c, n - c);
		h->final(&ctx, out);
		return h->out;
	}
#ifdef ECF_HAVE_KECCAK
	case 2: {
		ecfi_shake256_ctx ctx;
		ecfi_shake256_init(&ctx);
		ecfi_shake256_absorb(&ctx, msg, c);
		ecfi_shake256_absorb(&ctx, msg + c, n - c);
		ecfi_shake256_squeeze(&ctx, out, 200);
		ecfi_shake256_wipe(&ctx);
		return 200;
	}
	case 3:
		ecfi_sha3_256(out, msg, n);
		return 32;
	case 4:
		ecfi_shake128(out, 200, msg, n);
		return 200;
#endif
	default:
		assert_true(0);
		return 0;
	}
}

/* The hashes of algorithms algs[0..nalg) on the kernel tier word flags
 * against the portable code: every message length 0..300, then random long
 * messages (up to 20000 bytes; seed printed). */
static void compare_messages(const char *tier, uint32_t flags, const int *algs, size_t nalg, uint64_t seed)
{
	enum { LONG = 20000 };
	static uint8_t msg[LONG];
	static const char *const names[5] = {"SHA-256", "SHA-512", "SHAKE256", "SHA3-256", "SHAKE128"};
	test_rng rng;
	test_rng_init(&rng, seed);
	fill_random(&rng, msg, sizeof msg);
	long nlong = test_iterations(16);
	for (long i = -301; i < nlong; i++) {
		size_t n = i < 0 ? (size_t)(i + 301) : 301 + (size_t)(test_rng_next(&rng) % (LONG - 301));
		if (i >= 0)
			fill_random(&rng, msg, n);
		for (size_t k = 0; k < nalg; k++) {
			uint8_t want[200], got[200];
			size_t len = digest_on(0, algs[k], want, msg, n);
			digest_on(flags, algs[k], got, msg, n);
			test_expect(memcmp(want, got, len) == 0,
			            "%s on %s != portable: message length %zu (case %ld, seed 0x%llx)", names[algs[k]],
			            tier, n, i, (unsigned long long)seed);
		}
	}
	ecfi_cpu_set_kernels(ecfi_cpu_supported_kernels());
}

/* A SHA-2 compression kernel against the portable one, bit for bit: random
 * states and blocks, all-zero and all-ones states and blocks, 0..8 blocks at
 * every misalignment 0..15, and the dispatched entry on its tier. */
static void compare_sha2_kernel(int is512, const hash_tier *t, uint64_t seed)
{
	const size_t block = is512 ? 128 : 64, words = 8, wsize = is512 ? 8 : 4;
	static uint8_t buf[8 * 128 + 16];
	test_rng rng;
	test_rng_init(&rng, seed);
	long rounds = test_iterations(2000);
	for (long r = 0; r < rounds; r++) {
		uint64_t st[8], a[8], b[8]; /* 8 words of 4 or 8 bytes */
		int kind = (int)(r % 8);
		fill_random(&rng, buf, sizeof buf);
		fill_random(&rng, st, sizeof st);
		apply_kind(kind, st, words * wsize, buf, sizeof buf);
		size_t nb = (size_t)(r % 9), off = (size_t)(r / 9) % 16;
		memcpy(a, st, sizeof st);
		memcpy(b, st, sizeof st);
		if (is512) {
			ecfi_sha512_blocks_portable(a, buf + off, nb);
			((blocks512_fn)t->fn)(b, buf + off, nb);
		} else {
			ecfi_sha256_blocks_portable((uint32_t *)a, buf + off, nb);
			((blocks256_fn)t->fn)((uint32_t *)b, buf + off, nb);
		}
		if (memcmp(a, b, words * wsize) != 0) {
			dump_words("state in", st, words, wsize);
			dump_words("portable", a, words, wsize);
			dump_words(t->name, b, words, wsize);
			test_expect(0,
			            "%s != portable: round %ld, kind %d, %zu blocks of %zu at offset %zu (seed 0x%llx)",
			            t->name, r, kind, nb, block, off, (unsigned long long)seed);
		}
		/* The dispatched entry on the portable and the kernel's tier. */
		for (int k = 0; k < 2; k++) {
			ecfi_cpu_set_kernels(k ? t->mask : 0);
			memcpy(b, st, sizeof st);
			if (is512)
				ecfi_sha512_blocks(b, buf + off, nb);
			else
				ecfi_sha256_blocks((uint32_t *)b, buf + off, nb);
			test_expect(memcmp(a, b, words * wsize) == 0, "dispatched compression on %s, round %ld",
			            k ? t->name : "portable", r);
		}
	}
	ecfi_cpu_set_kernels(ecfi_cpu_supported_kernels());
}

static void test_sha256_kernel(void **s)
{
	(void)s;
	const hash_tier *t[4];
	size_t n = family_tiers_here("sha256", sha256_built, t);
	if (!n)
		skip();
	for (size_t k = 0; k < n; k++) {
		fprintf(stderr, "# sha256: comparing the %s kernel with the portable compression\n", t[k]->name);
		test_expect(strcmp(ecfi_sha256_kernel_name_of(t[k]->mask), t[k]->name) == 0, "dispatch name %s",
		            ecfi_sha256_kernel_name_of(t[k]->mask));
		compare_sha2_kernel(0, t[k], 0x5a256);
		static const int algs[] = {0};
		compare_messages(t[k]->name, t[k]->mask, algs, 1, 0x256100);
		hash_tiers_ran |= t[k]->mask;
	}
}

static void test_sha512_kernel(void **s)
{
	(void)s;
	const hash_tier *t[4];
	size_t n = family_tiers_here("sha512", sha512_built, t);
	if (!n)
		skip();
	for (size_t k = 0; k < n; k++) {
		fprintf(stderr, "# sha512: comparing the %s kernel with the portable compression\n", t[k]->name);
		test_expect(strcmp(ecfi_sha512_kernel_name_of(t[k]->mask), t[k]->name) == 0, "dispatch name %s",
		            ecfi_sha512_kernel_name_of(t[k]->mask));
		compare_sha2_kernel(1, t[k], 0x5a512);
		static const int algs[] = {1};
		compare_messages(t[k]->name, t[k]->mask, algs, 1, 0x512100);
		hash_tiers_ran |= t[k]->mask;
	}
}

/* The Keccak-f[1600] kernel against the portable permutation: random,
 * all-zero and all-ones states, each permuted 8 times in a chain, then the
 * sponge's hashes on every length 0..300 and long messages. */
static void test_keccak_kernel(void **s)
{
	(void)s;
#ifndef ECF_HAVE_KECCAK
	fprintf(stderr, "# Keccak not built: kernel comparison SKIPPED\n");
	skip();
#else
	const hash_tier *t[4];
	size_t n = family_tiers_here("keccak", keccak_built, t);
	if (!n)
		skip();
	for (size_t k = 0; k < n; k++) {
		fprintf(stderr, "# keccak: comparing the %s kernel with the portable permutation\n", t[k]->name);
		test_expect(strcmp(ecfi_keccak_kernel_name_of(t[k]->mask), t[k]->name) == 0, "dispatch name %s",
		            ecfi_keccak_kernel_name_of(t[k]->mask));
		test_rng rng;
		const uint64_t seed = 0x5a3f16;
		test_rng_init(&rng, seed);
		long rounds = test_iterations(500);
		for (long r = 0; r < rounds; r++) {
			uint64_t st[25], a[25], b[25];
			fill_random(&rng, st, sizeof st);
			if (r % 4 == 1)
				memset(st, 0, sizeof st);
			if (r % 4 == 2)
				memset(st, 0xff, sizeof st);
			memcpy(a, st, sizeof st);
			memcpy(b, st, sizeof st);
			for (int i = 0; i < 8; i++) {
				ecfi_keccak_f1600_portable(a);
				((perm_fn)t[k]->fn)(b);
				if (memcmp(a, b, sizeof a) != 0) {
					dump_words("state in", st, 25, 8);
					dump_words("portable", a, 25, 8);
					dump_words(t[k]->name, b, 25, 8);
					test_expect(0, "%s != portable: round %ld, permutation %d (seed 0x%llx)",
					            t[k]->name, r, i + 1, (unsigned long long)seed);
					break;
				}
			}
			ecfi_cpu_set_kernels(t[k]->mask);
			memcpy(b, st, sizeof st);
			ecfi_keccak_f1600(b);
			ecfi_cpu_set_kernels(0);
			memcpy(a, st, sizeof st);
			ecfi_keccak_f1600(a);
			test_expect(memcmp(a, b, sizeof a) == 0, "dispatched permutation on %s, round %ld", t[k]->name,
			            r);
		}
		ecfi_cpu_set_kernels(ecfi_cpu_supported_kernels());
		static const int algs[] = {2, 3, 4};
		compare_messages(t[k]->name, t[k]->mask, algs, 3, 0x3f1600);
		hash_tiers_ran |= t[k]->mask;
	}
#endif
}

/* The hash tiers whose kernels were compared above must be exactly those of
 * ECF_EXPECT_HASH_TIERS when it is set (comma-separated names, "-" for
 * none), so a CI run under an emulated CPU fails if an expected kernel did
 * not run. On aarch64 Linux the probe's SHA2, SHA512 and SHA3 bits must match
 * an independent read of the kernel's HWCAP. */
static void test_hash_tiers_ran(void **s)
{
	(void)s;
	char ran[128] = "";
	static const hash_tier *const fams[3] = {sha256_built, sha512_built, keccak_built};
	for (int f = 0; f < 3; f++)
		for (const hash_tier *t = fams[f]; t->name; t++)
			if (hash_tiers_ran & t->mask)
				snprintf(ran + strlen(ran), sizeof ran - strlen(ran), "%s%s", ran[0] ? "," : "",
				         t->name);
	fprintf(stderr, "# hash kernel tiers compared with the portable code: %s\n", ran[0] ? ran : "-");
	const char *want = getenv("ECF_EXPECT_HASH_TIERS");
	if (want) {
		uint32_t mask = 0;
		char buf[128];
		snprintf(buf, sizeof buf, "%s", want);
		for (char *w = strtok(buf, ","); w; w = strtok(NULL, ",")) {
			uint32_t bit = 0;
			for (int f = 0; f < 3; f++)
				for (const hash_tier *t = fams[f]; t->name; t++)
					if (strcmp(w, t->name) == 0)
						bit = t->mask;
			test_expect(bit || strcmp(w, "-") == 0,
			            "ECF_EXPECT_HASH_TIERS: %s is no hash tier of this build", w);
			mask |= bit;
		}
		test_expect(mask == hash_tiers_ran, "ECF_EXPECT_HASH_TIERS=%s, but the tiers that ran are %s", want,
		            ran[0] ? ran : "-");
	}
#if defined(__aarch64__) && defined(__linux__)
	/* The Linux arm64 HWCAP bits from the system's header (<sys/auxv.h>, via
	 * <bits/hwcap.h>), not typed: the probe reads getauxval itself with bits
	 * typed in cpu.c (cpu_features' aarch64 reader prints to stdout), so this
	 * checks its numbers. */
	const unsigned long hw = getauxval(AT_HWCAP);
	const struct {
		unsigned long hwcap;
		uint32_t cap;
		const char *name;
	} rows[] = {
	    {HWCAP_ASIMD, ECF_CPU_ARM_ASIMD, "ASIMD"}, {HWCAP_PMULL, ECF_CPU_ARM_PMULL, "PMULL"},
	    {HWCAP_SHA2, ECF_CPU_ARM_SHA2, "SHA2"},    {HWCAP_SHA512, ECF_CPU_ARM_SHA512, "SHA512"},
	    {HWCAP_SHA3, ECF_CPU_ARM_SHA3, "SHA3"},
	};
	fprintf(stderr, "# AT_HWCAP 0x%lx, probe detected 0x%x\n", hw, ecf_cpu_detected());
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		test_expect(!(hw & rows[i].hwcap) == !(ecf_cpu_detected() & rows[i].cap),
		            "HWCAP_%s is %d but the probe's ECF_CPU_ARM_%s is %d", rows[i].name, !!(hw & rows[i].hwcap),
		            rows[i].name, !!(ecf_cpu_detected() & rows[i].cap));
#endif
}

/* The HMAC key states: ecfi_hmac_sha256_32 and a context started from
 * ecfi_hmac_sha256_init_key give the one-shot HMAC, for keys of 0..150 bytes
 * (across the block and the hashed-key length) and messages of 0..200 bytes;
 * _32's out may alias its input; the key states are what _init computes. */
static void test_hmac_key_states(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0x4b4559);
	uint8_t key[150], msg[200], want[32], got[32];
	for (size_t kl = 0; kl <= sizeof key; kl++) {
		for (size_t i = 0; i < sizeof key; i++)
			key[i] = (uint8_t)test_rng_next(&rng);
		for (size_t i = 0; i < sizeof msg; i++)
			msg[i] = (uint8_t)test_rng_next(&rng);
		ecfi_hmac_sha256_key hk;
		ecfi_hmac_sha256_key_init(&hk, key, kl);
		ecfi_hmac_sha256_ctx c1, c2;
		ecfi_hmac_sha256_init(&c1, key, kl);
		ecfi_hmac_sha256_init_key(&c2, &hk);
		test_expect(memcmp(&c1, &c2, sizeof c1) == 0, "init_key != init, key length %zu", kl);
		ecfi_hmac_sha256(want, key, kl, msg, 32);
		ecfi_hmac_sha256_32(got, &hk, msg);
		test_expect(memcmp(got, want, 32) == 0, "hmac_sha256_32, key length %zu", kl);
		memcpy(got, msg, 32);
		ecfi_hmac_sha256_32(got, &hk, got);
		test_expect(memcmp(got, want, 32) == 0, "hmac_sha256_32 out == in, key length %zu", kl);
		size_t ml = (kl * 7) % (sizeof msg + 1);
		ecfi_hmac_sha256(want, key, kl, msg, ml);
		ecfi_hmac_sha256_init_key(&c2, &hk);
		ecfi_hmac_sha256_update(&c2, msg, ml / 2);
		ecfi_hmac_sha256_update(&c2, msg + ml / 2, ml - ml / 2);
		ecfi_hmac_sha256_final(&c2, got);
		test_expect(memcmp(got, want, 32) == 0, "init_key + update, key length %zu, message %zu", kl, ml);
		ecfi_hmac_sha256_final(&c1, got); /* wipes c1 */
	}
	/* RFC 4231 test case 2 through the key states. */
	ecfi_hmac_sha256_key hk;
	ecfi_hmac_sha256_ctx c;
	ecfi_hmac_sha256_key_init(&hk, "Jefe", 4);
	ecfi_hmac_sha256_init_key(&c, &hk);
	ecfi_hmac_sha256_update(&c, "what do ya want for nothing?", 28);
	ecfi_hmac_sha256_final(&c, got);
	expect_hex(got, 32, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
	           "RFC 4231 case 2 (key states)");
}

SHA_TIERED(test_sha256_fips)
SHA_TIERED(test_sha512_fips)
SHA_TIERED(test_shake256_fips)
SHA_TIERED(test_hmac_rfc4231)
SHA_TIERED(test_hash_aliasing)
SHA_TIERED(test_hash_all_lengths)
SHA_TIERED(test_hash_openssl)
SHA_TIERED(test_hmac_key_states)

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_sha256_fips_tiers),     cmocka_unit_test(test_sha512_fips_tiers),
	    cmocka_unit_test(test_shake256_fips_tiers),   cmocka_unit_test(test_hmac_rfc4231_tiers),
	    cmocka_unit_test(test_hash_aliasing_tiers),   cmocka_unit_test(test_hash_all_lengths_tiers),
	    cmocka_unit_test(test_hash_openssl_tiers),    cmocka_unit_test(test_sha256_kernel),
	    cmocka_unit_test(test_hmac_key_states_tiers), cmocka_unit_test(test_sha512_kernel),
	    cmocka_unit_test(test_keccak_kernel),         cmocka_unit_test(test_hash_tiers_ran),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
