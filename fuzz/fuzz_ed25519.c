/*
 * Differential fuzzing of Ed25519 (include/ecfield/ed25519.h) against
 * libsodium 1.0.18 (crypto_sign_verify_detached, crypto_sign_detached) and
 * OpenSSL 3.0 (EVP_DigestVerify / EVP_DigestSign with EVP_PKEY_ED25519).
 *
 * The verifiers' rules, exactly (k = SHA-512(R || A || M) mod l over the
 * bytes as given; R' = [S]B - [k]A):
 * - ecf_ed25519_verify (RFC 8032 5.1.7, cofactorless, strict): A decoded
 *   strictly (y < p, x = 0 with the sign bit rejected), S < l, and the
 *   canonical encoding of R' equal to the bytes R. Small-order A and R are
 *   accepted.
 * - libsodium 1.0.18 (built without ED25519_COMPAT): S < l; R not on the
 *   small-order blacklist (y, top bit ignored); A canonical (y < p) and not
 *   on the blacklist; A decoded permissively (x = 0 with the sign bit only
 *   happens for blacklisted y); encode(R') == R. So libsodium accepts iff
 *   ecf_ed25519_verify accepts and neither A nor R is blacklisted: checked
 *   as an equivalence.
 * - OpenSSL 3.0 (ossl_ed25519_verify): S < l; A decoded permissively (y mod
 *   p, top bit masked; x = 0 with the sign bit accepted; no small-order
 *   check); encode(R') == R. For a strictly decodable A that is our rule;
 *   for the other A (non-canonical y, x = 0 with the sign bit) the harness
 *   computes R' from the group operations and compares OpenSSL with that.
 * - ecf_ed25519_verify_cofactored (ZIP-215): S < l, A and R decoded
 *   permissively, 8(R' - R) = O: compared with the same model.
 * Signing is deterministic: ecf_ed25519_sign with the keypair of a fuzzed
 * seed must equal libsodium's crypto_sign_detached and OpenSSL's
 * EVP_DigestSign bit for bit, and verify.
 *
 * Operations (first byte b, second the construction; one kernel tier per
 * execution, from the third byte):
 *   b % 8 < 6:  verify a fuzzed (pk, sig, msg): raw bytes, or, for 1 input
 *               in 16 (fz_gate) with b odd, a constructed one: a libsodium signature
 *               with one mutation (bit flip, S + l, sign bits, message), a
 *               small-order or non-canonical public key (identity as 01..,
 *               p + 1, with the sign bit) with R = [S]B, or the public key
 *               plus a small-order point (cofactored accepts, strict only
 *               when k kills it).
 *               Raw S < l (the full equation) is kept for 1 input in 16;
 *               the others get S >= l (S[31] |= 0x11), which every verifier
 *               rejects after decoding A: cheap.
 *               Every verification also through a prepared key
 *               (public_key_prepare, verify_prepared: the same status).
 *   6:          sign and verify, 1 input in 8 (else NULL-argument checks);
 *               with Ed25519ph (empty context) against libsodium's
 *               crypto_sign_ed25519ph, Ed25519ctx with a fuzzed context, and
 *               pk_to_x25519/sk_to_x25519 against libsodium.
 *   7:          pk_to_x25519 of a fuzzed string against libsodium (second
 *               byte odd), else NULL arguments (cheap).
 */
#include "ecfield/ed25519.h"
#include "ecfield/edwards25519.h"
#include "ecfield/sc25519.h"

#include "fuzz_25519.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef ecf_edwards25519_point pt;

/* small-order encodings (with both sign bits) and the RFC 8032 public keys */
static uint8_t TABLE[24][32];
static size_t NTABLE;

static int openssl_verify(const uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t pk[32])
{
	EVP_PKEY *key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pk, 32);
	if (key == NULL)
		return 0;
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	if (ctx == NULL || EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, key) != 1)
		FZ_FAIL("OpenSSL Ed25519 verify set-up failed");
	int r = EVP_DigestVerify(ctx, sig, 64, msg, len);
	EVP_MD_CTX_free(ctx);
	EVP_PKEY_free(key);
	return r == 1;
}

static void openssl_sign(uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t seed[32])
{
	EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	size_t sl = 64;
	if (key == NULL || ctx == NULL || EVP_DigestSignInit(ctx, NULL, NULL, NULL, key) != 1 ||
	    EVP_DigestSign(ctx, sig, &sl, msg, len) != 1 || sl != 64)
		FZ_FAIL("OpenSSL Ed25519 sign failed");
	EVP_MD_CTX_free(ctx);
	EVP_PKEY_free(key);
}

/* The permissive model: 1 and R' = [S]B - [k]A if S < l and A decodes
 * (ZIP-215 rules, which are OpenSSL's), else 0. */
static int model_rprime(pt *Rp, const uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t pk[32])
{
	pt A;
	if (!fz_le_less(sig + 32, FZ_L) || ecf_edwards25519_from_bytes_zip215(&A, pk, 32) != ECF_OK)
		return 0;
	uint8_t h[64], k[32];
	crypto_hash_sha512_state st;
	crypto_hash_sha512_init(&st);
	crypto_hash_sha512_update(&st, sig, 32);
	crypto_hash_sha512_update(&st, pk, 32);
	crypto_hash_sha512_update(&st, msg, len);
	crypto_hash_sha512_final(&st, h);
	crypto_core_ed25519_scalar_reduce(k, h);
	ecf_edwards25519_neg(&A, &A);
	ecf_edwards25519_double_scalar_mult_base_vartime(Rp, k, &A, sig + 32);
	return 1;
}

/* a failed check prints the inputs first */
#define VCHECK(cond, ...)                                                                                              \
	do {                                                                                                           \
		if (!(cond)) {                                                                                         \
			fz_print_bytes("pk ", pk, 32);                                                                 \
			fz_print_bytes("sig", sig, 64);                                                                \
			fz_print_bytes("msg", msg, len);                                                               \
			FZ_FAIL(__VA_ARGS__);                                                                          \
		}                                                                                                      \
	} while (0)

static void check_verify(const uint8_t pk[32], const uint8_t sig[64], const uint8_t *msg, size_t len, uint8_t tier)
{
	pt A, Rp, R;
	ecfi_cpu_set_kernels(FZ_TIERS[tier % FZ_NTIERS]);
	int st = ecf_ed25519_verify(sig, pk, msg, len);
	int cst = ecf_ed25519_verify_cofactored(sig, pk, msg, len);
	/* a prepared key: prepare fails exactly as verify's decoding of A does
	 * (and leaves a prep that verify_prepared rejects); verify_prepared
	 * accepts exactly what verify accepts, with the same status */
	ecf_ed25519_prepared_key prep;
	int pst = ecf_ed25519_public_key_prepare(&prep, pk);
	int vpst = ecf_ed25519_verify_prepared(sig, &prep, msg, len);
	if (pst == ECF_OK)
		VCHECK(vpst == st, "verify_prepared %d, verify %d", vpst, st);
	else
		VCHECK(pst == st && vpst == ECF_ERR_ENCODING, "prepare %d (then verify_prepared %d), verify %d", pst,
		       vpst, st);
	/* the status codes; OK and VERIFY mean that A decoded strictly (ours
	 * decodes A first), which the oracles check, so the decode is repeated
	 * only for the other statuses (one exponentiation saved per input) */
	int a_st = st == ECF_OK || st == ECF_ERR_VERIFY ? ECF_OK : ecf_edwards25519_from_bytes(&A, pk, 32);
	int s_ok = fz_le_less(sig + 32, FZ_L);
	if (a_st != ECF_OK)
		VCHECK(st == a_st, "verify status %d, the public key decodes with %d", st, a_st);
	else if (!s_ok)
		VCHECK(st == ECF_ERR_RANGE, "verify accepted S >= l (status %d)", st);
	else
		VCHECK(st == ECF_OK || st == ECF_ERR_VERIFY, "verify status %d", st);
	/* the permissive model, for OpenSSL and the cofactored rule */
	int m = model_rprime(&Rp, sig, msg, len, pk);
	uint8_t enc[32];
	int model_ossl = 0, model_cof = 0;
	if (m) {
		ecf_edwards25519_to_bytes(enc, &Rp);
		model_ossl = memcmp(enc, sig, 32) == 0;
		if (ecf_edwards25519_from_bytes_zip215(&R, sig, 32) == ECF_OK) {
			ecf_edwards25519_sub(&R, &Rp, &R);
			model_cof = ecf_edwards25519_is_small_order(&R);
		}
	}
	fz_tiers_reset();
	/* S[31] > 0x10 means S > l: every verifier rejects it first, OpenSSL with
	 * the same byte test (ossl_ed25519_verify); it is asked only for the
	 * other inputs (its EVP set-up was ~15% of this target's time) */
	int ossl = sig[63] > 0x10 ? 0 : openssl_verify(sig, msg, len, pk);
	int sod = crypto_sign_verify_detached(sig, msg, len, pk) == 0;
	if (a_st == ECF_OK)
		VCHECK((st == ECF_OK) == ossl, "verify %d, OpenSSL %d (strictly decodable key)", st, ossl);
	VCHECK(ossl == model_ossl, "OpenSSL verify %d, the permissive model %d (harness model)", ossl, model_ossl);
	int want_sod = st == ECF_OK && !fz_on_small_list(sig, FZ_ED_SMALL) && !fz_on_small_list(pk, FZ_ED_SMALL);
	VCHECK(sod == want_sod, "libsodium verify %d, want %d (verify status %d)", sod, want_sod, st);
	VCHECK((cst == ECF_OK) == model_cof, "verify_cofactored status %d, the ZIP-215 model %d", cst, model_cof);
	if (st == ECF_OK)
		VCHECK(cst == ECF_OK, "cofactored rejects what strict accepts");
}

static void fz_verify_raw(fz_cursor *c, int heavy)
{
	uint8_t pk[32], sig[64], msg[64];
	uint8_t tier = fz_byte(c);
	fz_str32(c, pk, 0, (const uint8_t(*)[32])TABLE, NTABLE);
	fz_str32(c, sig, 0, (const uint8_t(*)[32])TABLE, NTABLE);
	fz_str32(c, sig + 32, 1, NULL, 0);
	size_t len = fz_byte(c) % 65;
	fz_bytes(c, msg, len);
	if (!heavy && fz_le_less(sig + 32, FZ_L))
		sig[63] |= 0x11; /* S >= l: the full equation only for 1 input in 16 */
	check_verify(pk, sig, msg, len, tier);
}

static void fz_verify_built(fz_cursor *c)
{
	uint8_t seed[32], pk[32], sk[64], sig[64], msg[64];
	uint8_t how = fz_byte(c), tier = fz_byte(c), arg = fz_byte(c);
	fz_bytes(c, seed, 32);
	size_t len = fz_byte(c) % 65;
	fz_bytes(c, msg, len);
	crypto_sign_seed_keypair(pk, sk, seed);
	crypto_sign_detached(sig, NULL, msg, len, sk);
	switch (how % 8) {
	case 0: /* valid */
		break;
	case 1: /* one bit flipped anywhere in pk || sig || msg */
		if (arg % 3 == 0)
			pk[(arg >> 2) % 32] ^= (uint8_t)(1u << (seed[0] & 7));
		else if (arg % 3 == 1 || len == 0)
			sig[(arg >> 2) % 64] ^= (uint8_t)(1u << (seed[0] & 7));
		else
			msg[(arg >> 2) % len] ^= (uint8_t)(1u << (seed[0] & 7));
		break;
	case 2: /* S + l (and + 2l...): the same residue, not canonical */
		for (int i = 0; i <= (arg & 7); i++) {
			uint8_t t[32];
			unsigned carry = 0;
			for (int j = 0; j < 32; j++) {
				unsigned v = (unsigned)sig[32 + j] + FZ_L[j] + carry;
				t[j] = (uint8_t)v;
				carry = v >> 8;
			}
			memcpy(sig + 32, t, 32);
		}
		break;
	case 3: /* the sign bit of R or of A */
		if (arg & 1)
			sig[31] ^= 0x80;
		else
			pk[31] ^= 0x80;
		break;
	case 4:   /* A a small-order or non-canonical identity; R = [S]B for a fuzzed S */
	case 5: { /* A + T for a small-order T: the signature of the original A */
		pt P, T;
		uint8_t s[32];
		if ((how % 8) == 4) {
			/* the identity as 01 00..00, with the sign bit (x = 0), as p + 1
			 * (non-canonical), and p + 1 with the sign bit */
			memcpy(pk, FZ_ED_SMALL[(arg & 2) ? 6 : 1], 32);
			if (arg & 1)
				pk[31] |= 0x80;
			if (arg & 4)
				memcpy(pk, TABLE[(arg >> 3) % 14], 32);
			memcpy(s, seed, 32);
			s[31] &= 0x0f; /* < 2^252 < l */
			if (arg & 0x80)
				memset(s, 0, 32);
			ecf_edwards25519_scalar_mult_base(&P, s);
			ecf_edwards25519_to_bytes(sig, &P);
			memcpy(sig + 32, s, 32);
		} else {
			if (ecf_edwards25519_from_bytes(&P, pk, 32) != ECF_OK ||
			    ecf_edwards25519_from_bytes_zip215(&T, TABLE[(arg >> 1) % 14], 32) != ECF_OK)
				break;
			ecf_edwards25519_add(&P, &P, &T);
			ecf_edwards25519_to_bytes(pk, &P);
		}
		break;
	}
	case 6: /* R replaced by a small-order point */
		memcpy(sig, TABLE[arg % 14], 32);
		break;
	default: /* the empty message vs a one-byte one */
		len = len ? 0 : 1;
		break;
	}
	check_verify(pk, sig, msg, len, tier);
}

static void fz_sign(fz_cursor *c)
{
	uint8_t seed[32], pk[32], sk[64], spk[32], ssk[64], sig[64], ssig[64], osig[64], msg[128];
	uint8_t tier = fz_byte(c);
	fz_bytes(c, seed, 32);
	size_t len = fz_byte(c) % 129;
	fz_bytes(c, msg, len);
	ecfi_cpu_set_kernels(FZ_TIERS[tier % FZ_NTIERS]);
	FZ_CHECK(ecf_ed25519_keypair(pk, sk, seed) == ECF_OK, "keypair");
	FZ_CHECK(ecf_ed25519_sign(sig, sk, msg, len) == ECF_OK, "sign");
	int vst = ecf_ed25519_verify(sig, pk, msg, len);
	fz_tiers_reset();
	crypto_sign_seed_keypair(spk, ssk, seed);
	crypto_sign_detached(ssig, NULL, msg, len, ssk);
	fz_expect_bytes(pk, spk, 32, "keypair public key vs libsodium");
	fz_expect_bytes(sk, ssk, 64, "keypair secret key vs libsodium");
	fz_expect_bytes(sig, ssig, 64, "sign vs libsodium crypto_sign_detached");
	FZ_CHECK(vst == ECF_OK, "verify of our own signature: %d", vst);
	if (tier & 0x80) {
		openssl_sign(osig, msg, len, seed);
		fz_expect_bytes(sig, osig, 64, "sign vs OpenSSL EVP_DigestSign");
	}
	/* Ed25519ph with an empty context: libsodium's crypto_sign_ed25519ph;
	 * Ed25519ctx with a fuzzed context: verifies, and only with that context;
	 * the conversions to X25519: libsodium's crypto_sign_ed25519_*_to_curve25519 */
	uint8_t dg[64], ctx[255], x[32], sx[32];
	size_t clen = 1 + (size_t)(seed[1] % 255);
	crypto_hash_sha512(dg, msg, len);
	for (size_t i = 0; i < clen; i++)
		ctx[i] = (uint8_t)(seed[i % 32] + i);
	ecfi_cpu_set_kernels(FZ_TIERS[tier % FZ_NTIERS]);
	FZ_CHECK(ecf_ed25519ph_sign(sig, sk, dg, NULL, 0) == ECF_OK, "ph_sign");
	int phst = ecf_ed25519ph_verify(sig, pk, dg, NULL, 0);
	FZ_CHECK(ecf_ed25519ctx_sign(osig, sk, msg, len, ctx, clen) == ECF_OK, "ctx_sign");
	int cst = ecf_ed25519ctx_verify(osig, pk, msg, len, ctx, clen);
	int cst2 = ecf_ed25519ctx_verify(osig, pk, msg, len, ctx, clen - (clen > 1));
	ctx[0] ^= 1;
	int cst3 = ecf_ed25519ctx_verify(osig, pk, msg, len, ctx, clen);
	int xst = ecf_ed25519_pk_to_x25519(x, pk);
	FZ_CHECK(ecf_ed25519_sk_to_x25519(sx, seed) == ECF_OK, "sk_to_x25519");
	fz_tiers_reset();
	crypto_sign_ed25519ph_state phs;
	crypto_sign_ed25519ph_init(&phs);
	crypto_sign_ed25519ph_update(&phs, msg, len);
	crypto_sign_ed25519ph_final_create(&phs, ssig, NULL, ssk);
	fz_expect_bytes(sig, ssig, 64, "ph_sign vs libsodium crypto_sign_ed25519ph");
	FZ_CHECK(phst == ECF_OK, "ph_verify of our own signature: %d", phst);
	FZ_CHECK(cst == ECF_OK, "ctx_verify of our own signature: %d", cst);
	FZ_CHECK(clen == 1 || cst2 == ECF_ERR_VERIFY, "ctx_verify with a shorter context: %d", cst2);
	FZ_CHECK(cst3 == ECF_ERR_VERIFY, "ctx_verify with another context: %d", cst3);
	uint8_t want[32];
	FZ_CHECK(xst == ECF_OK && crypto_sign_ed25519_pk_to_curve25519(want, pk) == 0, "pk_to_x25519 %d", xst);
	fz_expect_bytes(x, want, 32, "pk_to_x25519 vs libsodium");
	FZ_CHECK(crypto_sign_ed25519_sk_to_curve25519(want, ssk) == 0, "libsodium sk_to_curve25519");
	fz_expect_bytes(sx, want, 32, "sk_to_x25519 vs libsodium");
}

/* pk_to_x25519 of a fuzzed string against libsodium: rejected whenever
 * libsodium rejects it (ours also rejects non-canonical y, which libsodium
 * 1.0.18 has never been seen to accept for a torsion-free point), the same u
 * when both accept. */
static void fz_pk_to_x25519(fz_cursor *c)
{
	uint8_t pk[32], x[32], want[32];
	uint8_t tier = fz_byte(c);
	fz_str32(c, pk, 0, (const uint8_t(*)[32])TABLE, NTABLE);
	ecfi_cpu_set_kernels(FZ_TIERS[tier % FZ_NTIERS]);
	memset(x, 0xa5, 32);
	int st = ecf_ed25519_pk_to_x25519(x, pk);
	fz_tiers_reset();
	int sod = crypto_sign_ed25519_pk_to_curve25519(want, pk);
	if (st == ECF_OK) {
		FZ_CHECK(sod == 0, "pk_to_x25519 accepted what libsodium rejects");
		fz_expect_bytes(x, want, 32, "pk_to_x25519 vs libsodium");
	} else {
		uint8_t acc = 0;
		for (int i = 0; i < 32; i++)
			acc |= x[i];
		FZ_CHECK(acc == 0, "pk_to_x25519 error %d left an output", st);
		FZ_CHECK(sod != 0, "pk_to_x25519 rejected (%d) what libsodium accepts", st);
	}
}

static void fz_null(fz_cursor *c)
{
	uint8_t b[64], sig[64], pk[32];
	fz_bytes(c, b, 64);
	memcpy(sig, b, 64);
	memcpy(pk, b, 32);
	FZ_EACH_TIER(i)
	{
		FZ_CHECK(ecf_ed25519_keypair(NULL, NULL, b) == ECF_ERR_NULL, "keypair(NULL pk)");
		FZ_CHECK(ecf_ed25519_keypair(pk, NULL, NULL) == ECF_ERR_NULL, "keypair(NULL seed)");
		FZ_CHECK(ecf_ed25519_sign(NULL, b, b, 1) == ECF_ERR_NULL, "sign(NULL sig)");
		FZ_CHECK(ecf_ed25519_sign(sig, b, NULL, 1) == ECF_ERR_NULL, "sign(NULL msg, len 1)");
		FZ_CHECK(ecf_ed25519_sign(sig, NULL, b, 1) == ECF_ERR_NULL, "sign(NULL sk)");
		FZ_CHECK(ecf_ed25519_verify(NULL, pk, b, 1) == ECF_ERR_NULL, "verify(NULL sig)");
		FZ_CHECK(ecf_ed25519_verify(sig, pk, NULL, 1) == ECF_ERR_NULL, "verify(NULL msg, len 1)");
		FZ_CHECK(ecf_ed25519_verify(sig, NULL, b, 1) == ECF_ERR_NULL, "verify(NULL pk)");
		FZ_CHECK(ecf_ed25519_verify_cofactored(NULL, pk, b, 1) == ECF_ERR_NULL, "verify_cofactored(NULL)");
		FZ_CHECK(ecf_ed25519_verify_cofactored(sig, NULL, b, 1) == ECF_ERR_NULL, "verify_cofactored(NULL pk)");
		ecf_ed25519_prepared_key prep;
		FZ_CHECK(ecf_ed25519_public_key_prepare(&prep, NULL) == ECF_ERR_NULL, "prepare(NULL pk)");
		FZ_CHECK(ecf_ed25519_verify_prepared(sig, &prep, b, 1) == ECF_ERR_ENCODING, "verify_prepared(zeroed)");
		FZ_CHECK(ecf_ed25519ctx_sign(sig, b, b, 1, NULL, 1) == ECF_ERR_NULL, "ctx_sign(NULL ctx)");
		FZ_CHECK(ecf_ed25519ctx_verify(sig, pk, b, 1, b, 0) == ECF_ERR_LENGTH, "ctx_verify(ctx_len 0)");
		FZ_CHECK(ecf_ed25519ph_verify(sig, pk, NULL, b, 1) == ECF_ERR_NULL, "ph_verify(NULL digest)");
	}
	fz_tiers_reset();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (sodium_init() < 0)
		abort();
	fz_init_tiers("ed25519");
	fz_stats_init();
	for (int i = 0; i < 7; i++) {
		memcpy(TABLE[NTABLE], FZ_ED_SMALL[i], 32);
		memcpy(TABLE[NTABLE + 1], FZ_ED_SMALL[i], 32);
		TABLE[NTABLE + 1][31] |= 0x80;
		NTABLE += 2;
	}
	/* the RFC 8032 7.1 TEST 1 public key */
	static const uint8_t rfc_pk[32] = {0xd7, 0x5a, 0x98, 0x01, 0x82, 0xb1, 0x0a, 0xb7, 0xd5, 0x4b, 0xfe,
	                                   0xd3, 0xc9, 0x64, 0x07, 0x3a, 0x0e, 0xe1, 0x72, 0xf3, 0xda, 0xa6,
	                                   0x23, 0x25, 0xaf, 0x02, 0x1a, 0x68, 0xf7, 0x07, 0x51, 0x1a};
	memcpy(TABLE[NTABLE++], rfc_pk, 32);
	static const uint8_t b_raw[] = {0, 0, 0}, b_valid[] = {1, 0, 0}, b_id[] = {1, 4, 0, 0},
	                     b_mixed[] = {1, 5, 0, 0, 2}, b_sign[] = {6, 0x80}, b_null[] = {7};
	uint8_t b_big[70] = {0, 0, 0, 5};
	memset(b_big + 4, 0x33, 31);
	b_big[35] = 0;
	b_big[36] = 7;
	memset(b_big + 37, 0x44, 31);
	b_big[68] = 4; /* S = 2^256 - 1 - k */
	fz_bench("verify raw (zeros: S = 0)", b_raw, sizeof b_raw);
	fz_bench("verify raw (S >= l)", b_big, sizeof b_big);
	fz_bench("verify valid (ungated)", b_valid, sizeof b_valid);
	fz_bench("verify identity key (ungated)", b_id, sizeof b_id);
	fz_bench("verify A + T (ungated)", b_mixed, sizeof b_mixed);
	fz_bench("sign + OpenSSL (ungated)", b_sign, sizeof b_sign);
	fz_bench("NULL arguments", b_null, sizeof b_null);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cursor c = {data, size};
	uint8_t b = fz_byte(&c) % 8;
	int heavy = fz_gate(data, size, 3);
	if (b < 6) {
		if ((b & 1) && fz_gate(data, size, 4)) {
			FZ_STAT(0, "verify constructed");
			fz_verify_built(&c);
		} else {
			int h = fz_gate(data, size, 4);
			FZ_STAT(1 + h, h ? "verify raw (S kept)" : "verify raw (S >= l)");
			fz_verify_raw(&c, h);
		}
	} else if (b == 6 && heavy) {
		FZ_STAT(3, "sign");
		fz_sign(&c);
	} else if (b == 7 && (data[size > 1] & 1)) {
		FZ_STAT(5, "pk_to_x25519");
		fz_pk_to_x25519(&c);
	} else {
		FZ_STAT(4, "NULL arguments");
		fz_null(&c);
	}
	return 0;
}
