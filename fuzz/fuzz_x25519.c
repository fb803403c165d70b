/*
 * Differential fuzzing of X25519 (include/ecfield/x25519.h) against
 * libsodium 1.0.18 (crypto_scalarmult, crypto_scalarmult_base) and OpenSSL's
 * EVP X25519 derive.
 *
 * What the oracles promise, and what is compared:
 * - libsodium crypto_scalarmult returns -1 when u is on its small-order
 *   blacklist (top bit ignored: 0, 1, p - 1, the two points of order 8, p,
 *   p + 1; its output is then unspecified) and when the output is all zero;
 *   for every u < 2^255 those are the same inputs (the u of a point of order
 *   1, 2, 4 or 8, in any of its representations below 2^255). ecf_x25519
 *   returns ECF_ERR_SMALL_ORDER with an all-zero output exactly there; the
 *   harness predicts it from the blacklist and checks both libraries.
 * - OpenSSL's derive fails (returns <= 0) on an all-zero output and clamps
 *   and masks as RFC 7748 does; otherwise its secret must be ours.
 * - Every accepted output is compared byte for byte.
 *
 * Operations (first byte b; the ladders for 1 input in 4 (fz_gate), the
 * others do the NULL-argument checks):
 *   b < 40:  X25519(k, u) vs libsodium (and OpenSSL when bit 0 of the flags
 *            byte is set), u from the modes of fuzz_str32 (raw, p + k,
 *            p - 1 - k, all-ones, the small-order table, top bit set);
 *            out aliasing u or k when the flags say so.
 *   b < 56:  X25519_base(k) vs crypto_scalarmult_base, and vs X25519(k, 9)
 *            when flags bit 0 is set.
 *   else:    NULL arguments (ECF_ERR_NULL), every tier (cheap).
 * Each X25519 runs on one kernel tier (flags >> 4). There is no cheap
 * operation in X25519 (every call is a full 255-step ladder): the gate
 * keeps the ladders to about one execution in 20 of a fuzzing run, which is
 * what the CI fuzz job's rate floor allows.
 */
#include "ecfield/x25519.h"

#include "fuzz_25519.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const uint8_t NINE[32] = {9};

/* u values worth a table entry: the small-order u (the first 7) and their
 * top-bit twins, 9 (the base point), RFC 7748's inputs. */
static uint8_t TABLE[16][32];
static size_t NTABLE;

/* OpenSSL's X25519: 1 and the secret, 0 when derive fails. */
static int openssl_x25519(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
	EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k, 32);
	EVP_PKEY *pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
	EVP_PKEY_CTX *ctx = priv ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
	size_t len = 32;
	if (priv == NULL || pub == NULL || ctx == NULL || EVP_PKEY_derive_init(ctx) <= 0 ||
	    EVP_PKEY_derive_set_peer_ex(ctx, pub, 0) <= 0)
		FZ_FAIL("OpenSSL X25519 set-up failed");
	int ok = EVP_PKEY_derive(ctx, out, &len) > 0 && len == 32;
	EVP_PKEY_CTX_free(ctx);
	EVP_PKEY_free(pub);
	EVP_PKEY_free(priv);
	return ok;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (sodium_init() < 0)
		abort();
	fz_init_tiers("x25519");
	fz_stats_init();
	for (int i = 0; i < 7; i++) {
		memcpy(TABLE[NTABLE], FZ_X25519_SMALL[i], 32);
		memcpy(TABLE[NTABLE + 1], FZ_X25519_SMALL[i], 32);
		TABLE[NTABLE + 1][31] |= 0x80;
		NTABLE += 2;
	}
	memcpy(TABLE[NTABLE++], NINE, 32);
	/* RFC 7748 5.2, the second u (top bit set) */
	static const uint8_t rfc_u[32] = {0xe5, 0x21, 0x0f, 0x12, 0x78, 0x68, 0x11, 0xd3, 0xf4, 0xb7, 0x95,
	                                  0x9d, 0x05, 0x38, 0xae, 0x2c, 0x31, 0xdb, 0xe7, 0x10, 0x6f, 0xc0,
	                                  0x3c, 0x3e, 0xfc, 0x4c, 0xd5, 0x49, 0xc7, 0x15, 0xa4, 0x93};
	memcpy(TABLE[NTABLE++], rfc_u, 32);
	/* self-check: the blacklist is what both libraries call small order */
	uint8_t k[32], out[32];
	memset(k, 0x5a, 32);
	for (size_t i = 0; i < 14; i++) {
		FZ_CHECK(ecf_x25519(out, k, TABLE[i]) == ECF_ERR_SMALL_ORDER && fz_is_zero32(out),
		         "self-check: small-order u %zu not rejected", i);
		FZ_CHECK(crypto_scalarmult(out, k, TABLE[i]) == -1, "self-check: libsodium accepts small-order u %zu",
		         i);
	}
	static const uint8_t b_dh[] = {0, 0, 0, 0x11, 0, 0, 5, 0, 0}, b_dh1[] = {0, 0x10, 0, 0x11, 0, 0, 5, 0, 0},
	                     b_dh2[] = {0, 0x20, 0, 0x11, 0, 0, 5, 0, 0}, b_ossl[] = {0, 1, 0, 0x11, 0, 0, 5, 0, 0},
	                     b_small[] = {0, 0, 0, 0x11, 5, 0}, b_base[] = {40, 0, 0, 0x11}, b_null[] = {56};
	fz_bench("x25519 (tier 0)", b_dh, sizeof b_dh);
	fz_bench("x25519 (tier 1)", b_dh1, sizeof b_dh1);
	fz_bench("x25519 (tier 2)", b_dh2, sizeof b_dh2);
	fz_bench("x25519 + OpenSSL", b_ossl, sizeof b_ossl);
	fz_bench("x25519 small-order u", b_small, sizeof b_small);
	fz_bench("x25519_base", b_base, sizeof b_base);
	fz_bench("NULL arguments", b_null, sizeof b_null);
	return 0;
}

static void fz_dh(fz_cursor *c, uint8_t flags)
{
	uint8_t k[32], u[32], out[32], want[32], ossl[32], buf[32];
	fz_str32(c, k, 1, NULL, 0);
	fz_str32(c, u, 0, (const uint8_t(*)[32])TABLE, NTABLE);
	int small = fz_on_small_list(u, FZ_X25519_SMALL);
	ecfi_cpu_set_kernels(FZ_TIERS[(flags >> 4) % FZ_NTIERS]);
	memset(out, 0xa5, 32);
	int st = ecf_x25519(out, k, u);
	/* out aliasing u (bit 1) or the scalar (bit 2) */
	int st2 = ECF_OK;
	if (flags & 6) {
		memcpy(buf, (flags & 2) ? u : k, 32);
		st2 = (flags & 2) ? ecf_x25519(buf, k, buf) : ecf_x25519(buf, buf, u);
	}
	fz_tiers_reset();
	int sst = crypto_scalarmult(want, k, u);
	if (small) {
		FZ_CHECK(st == ECF_ERR_SMALL_ORDER, "x25519 of a small-order u returned %d", st);
		FZ_CHECK(fz_is_zero32(out), "x25519 small-order error left a non-zero output");
		FZ_CHECK(sst == -1, "libsodium accepted a small-order u (harness model wrong)");
	} else {
		FZ_CHECK(st == ECF_OK, "x25519 rejected u (status %d)", st);
		FZ_CHECK(sst == 0, "libsodium rejected a u off the blacklist (harness model wrong)");
		fz_expect_bytes(out, want, 32, "x25519 vs libsodium crypto_scalarmult");
	}
	if (flags & 6) {
		FZ_CHECK(st2 == st, "x25519 in place: status %d, not %d", st2, st);
		fz_expect_bytes(buf, out, 32, "x25519 in place");
	}
	if (flags & 1) {
		int ok = openssl_x25519(ossl, k, u);
		FZ_CHECK(ok == !small, "OpenSSL X25519 derive %s", ok ? "accepted a small-order u" : "failed");
		if (ok)
			fz_expect_bytes(out, ossl, 32, "x25519 vs OpenSSL EVP derive");
	}
}

static void fz_base(fz_cursor *c, uint8_t flags)
{
	uint8_t k[32], out[32], want[32], lad[32];
	fz_str32(c, k, 1, NULL, 0);
	ecfi_cpu_set_kernels(FZ_TIERS[(flags >> 4) % FZ_NTIERS]);
	memset(out, 0xa5, 32);
	int st = ecf_x25519_public_key(out, k);
	int st2 = (flags & 1) ? ecf_x25519(lad, k, NINE) : ECF_OK;
	uint8_t alias[32];
	memcpy(alias, k, 32);
	int st3 = (flags & 2) ? ecf_x25519_public_key(alias, alias) : ECF_OK;
	/* keypair: sk = the seed, pk = public_key(seed), the seed buffer reused */
	uint8_t kp_pk[32], kp_sk[32], kp_in[32];
	memcpy(kp_in, k, 32);
	int st4 = (flags & 4) ? ecf_x25519_keypair(kp_pk, kp_in, kp_in) : ecf_x25519_keypair(kp_in, kp_sk, kp_in);
	fz_tiers_reset();
	FZ_CHECK(st4 == ECF_OK, "x25519_keypair status %d", st4);
	fz_expect_bytes((flags & 4) ? kp_pk : kp_in, out, 32, "x25519_keypair pk = public_key(seed)");
	fz_expect_bytes((flags & 4) ? kp_in : kp_sk, k, 32, "x25519_keypair sk = seed");
	FZ_CHECK(st == ECF_OK && st2 == ECF_OK && st3 == ECF_OK, "x25519_base status %d/%d/%d", st, st2, st3);
	FZ_CHECK(crypto_scalarmult_base(want, k) == 0, "libsodium crypto_scalarmult_base failed");
	fz_expect_bytes(out, want, 32, "x25519_base vs libsodium crypto_scalarmult_base");
	if (flags & 1)
		fz_expect_bytes(lad, out, 32, "x25519(k, 9) vs x25519_base(k)");
	if (flags & 2)
		fz_expect_bytes(alias, out, 32, "x25519_base in place");
}

static void fz_null(fz_cursor *c)
{
	uint8_t k[32], u[32], out[32];
	fz_bytes(c, k, 32);
	fz_bytes(c, u, 32);
	FZ_EACH_TIER(i)
	{
		FZ_CHECK(ecf_x25519(NULL, k, u) == ECF_ERR_NULL, "x25519(NULL out)");
		FZ_CHECK(ecf_x25519(out, NULL, u) == ECF_ERR_NULL, "x25519(NULL scalar)");
		FZ_CHECK(ecf_x25519(out, k, NULL) == ECF_ERR_NULL, "x25519(NULL u)");
		FZ_CHECK(ecf_x25519_public_key(NULL, k) == ECF_ERR_NULL, "x25519_public_key(NULL pk)");
		FZ_CHECK(ecf_x25519_public_key(out, NULL) == ECF_ERR_NULL && fz_is_zero32(out),
		         "x25519_public_key(NULL sk)");
		FZ_CHECK(ecf_x25519_keypair(out, u, NULL) == ECF_ERR_NULL && fz_is_zero32(out) && fz_is_zero32(u),
		         "x25519_keypair(NULL seed): outputs zeroed");
	}
	fz_tiers_reset();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cursor c = {data, size};
	uint8_t b = fz_byte(&c), flags = fz_byte(&c);
	if (b < 56 && !fz_gate(data, size, 2)) {
		FZ_STAT(0, "NULL arguments (gated out)");
		fz_null(&c);
	} else if (b < 40) {
		FZ_STAT(1, flags & 1 ? "x25519 + OpenSSL" : "x25519");
		fz_dh(&c, flags);
	} else if (b < 56) {
		FZ_STAT(2, "x25519_base");
		fz_base(&c, flags);
	} else {
		FZ_STAT(3, "NULL arguments");
		fz_null(&c);
	}
	return 0;
}
