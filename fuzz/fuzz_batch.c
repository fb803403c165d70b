/*
 * Differential fuzzing of the batch calls (issue 23) against the single
 * calls they promise to equal: for each element i < n, the batch's output
 * bytes and status[i] must be those of the single call on element i, and
 * the return value the first status that is not ECF_OK (ECF_OK if none).
 * The single calls have their own oracles (libsodium, OpenSSL: the other
 * targets); what this target hunts is lanes that mix (one element's bad key,
 * small-order point, NULL message or tampered signature changing another
 * element's result), a status decided in the wrong order, and the groups of
 * 8 against the scalar tail.
 *
 * Input: byte 0 picks the call (b % 10: the nine calls in the order of
 * LLVMFuzzerTestOneInput's switch; 9: NULL arguments, cheap), byte 1
 * the count n (b % 18: 0..17, so no group, one group and a tail, two
 * groups), byte 2 the flags: bit 0 runs the batch without the avx512_ifma
 * tier (the scalar fallback), bits 1-2 an aliasing the header allows. Then
 * each element's operands, built from mode bytes:
 * - 32-byte strings by fz_str32 (raw, p or l edges, all-ones, 2^k, the
 *   small-order tables, the sign bit);
 * - P-256 scalars (big-endian): raw, small, n - 1 - k, n + k, all-ones, 0;
 * - P-256 public keys: one of four valid keys, or tampered (a bit flipped, a
 *   wrong prefix, x = p, all zero, raw bytes);
 * - signatures to verify: a valid signature of the element's message by one
 *   of four keys (the single call signs it), then a mutation (a bit of the
 *   signature, of the key or of the message, S + l, r or s = 0 or n, a
 *   small-order R or key, a NULL message with a length).
 * The batches run on the tier the flags say; the single calls on the
 * native tier (their tiers agree, fuzz_x25519/ed25519 check that). Every
 * batch call is a full scalar multiplication per element: the calls run for
 * 1 input in 16 (fz_gate), the other inputs check the NULL arguments (about
 * 1 ms per execution against a few us under ASan: the CI's rate floor).
 */
#include "ecfield/ed25519.h"
#include "ecfield/p256_ecdh.h"
#include "ecfield/p256.h"
#include "ecfield/p256_ecdsa.h"
#include "ecfield/p256n.h"
#include "ecfield/x25519.h"

#include "fuzz_25519.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NMAX 17
#define MSG_MAX 200

/* The group order n and the prime p of P-256, big-endian: computed at
 * start-up as (0 - 1) + 1 by the library's fields (each constant is typed
 * once, in lib/common/modinv_params.py). */
static uint8_t P256_N[32], P256_P[32];

static void be_plus_one(uint8_t b[32])
{
	for (int i = 31; i >= 0 && ++b[i] == 0; i--)
		;
}

static void p256_moduli(void)
{
	/* 0 - 1 in the plain domain (ecf_p256*_one is the Montgomery domain's 1) */
	static const uint8_t one[32] = {[31] = 1};
	ecf_p256n_fe zn, on;
	ecf_p256_fe zp, op;
	ecf_p256n_zero(&zn);
	FZ_CHECK(ecf_p256n_from_bytes(&on, one, 32) == ECF_OK, "p256n 1");
	ecf_p256n_sub(&zn, &zn, &on);
	ecf_p256n_to_bytes(P256_N, &zn);
	be_plus_one(P256_N);
	ecf_p256_zero(&zp);
	FZ_CHECK(ecf_p256_from_bytes(&op, one, 32) == ECF_OK, "p256 1");
	ecf_p256_sub(&zp, &zp, &op);
	ecf_p256_to_bytes(P256_P, &zp);
	be_plus_one(P256_P);
	/* self-check: n is the first invalid secret key, p the first x out of range */
	uint8_t pk[65], k[32];
	memcpy(k, P256_N, 32);
	FZ_CHECK(ecf_p256_public_key(pk, k) == ECF_ERR_SCALAR, "self-check: sk = n accepted");
	k[31]--;
	FZ_CHECK(ecf_p256_public_key(pk, k) == ECF_OK, "self-check: sk = n - 1 rejected");
	ecf_p256_fe x;
	FZ_CHECK(ecf_p256_from_bytes(&x, P256_P, 32) == ECF_ERR_RANGE, "self-check: x = p accepted");
}

/* Four valid keys of each curve (made at start-up by the single calls). */
static uint8_t ED_SK[4][64], ED_PK[4][32], P_SK[4][32], P_PK[4][65];
/* u and y strings for fz_str32's table mode: the small-order lists (and
 * the valid Ed25519 keys for the y). */
static uint8_t X_TABLE[8][32], ED_TABLE[11][32];

static uint32_t NOIFMA;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fz_init_tiers("batch");
	fz_stats_init();
	p256_moduli();
	NOIFMA = ecfi_cpu_supported_kernels() & ~(uint32_t)ECFI_KERNEL_AVX512_IFMA;
	for (int i = 0; i < 4; i++) {
		uint8_t seed[32];
		memset(seed, 0x31 + i, 32);
		memset(P_SK[i], 0, 32);
		P_SK[i][31] = (uint8_t)(i + 1); /* 1 G .. 4 G: 1 G's x is G's */
		P_SK[i][0] = (uint8_t)(i == 3 ? 0x7f : 0);
		FZ_CHECK(ecf_ed25519_keypair(ED_PK[i], ED_SK[i], seed) == ECF_OK, "keypair");
		FZ_CHECK(ecf_p256_public_key(P_PK[i], P_SK[i]) == ECF_OK, "p256 public key");
	}
	for (int i = 0; i < 7; i++) {
		memcpy(X_TABLE[i], FZ_X25519_SMALL[i], 32);
		memcpy(ED_TABLE[i], FZ_ED_SMALL[i], 32);
	}
	X_TABLE[7][0] = 9;
	for (int i = 0; i < 4; i++)
		memcpy(ED_TABLE[7 + i], ED_PK[i], 32);
	static const uint8_t b_x[] = {0, 9, 0}, b_ed[] = {3, 9, 0}, b_edv[] = {4, 9, 0}, b_ecdh[] = {6, 9, 0},
	                     b_ecv[] = {8, 9, 0}, b_null[] = {9, 9, 0};
	fz_bench("x25519_batch n = 9", b_x, sizeof b_x);
	fz_bench("ed25519_sign_batch n = 9", b_ed, sizeof b_ed);
	fz_bench("ed25519_verify_batch n = 9", b_edv, sizeof b_edv);
	fz_bench("p256_ecdh_batch n = 9", b_ecdh, sizeof b_ecdh);
	fz_bench("p256_ecdsa_verify_batch n = 9", b_ecv, sizeof b_ecv);
	fz_bench("NULL arguments", b_null, sizeof b_null);
	return 0;
}

/* A P-256 scalar (big-endian): raw; small; n - 1 - k; n + k; all-ones; 0. */
static void fz_p256_scalar(fz_cursor *c, uint8_t out[32])
{
	uint8_t mode = fz_byte(c), k = fz_byte(c);
	memset(out, 0, 32);
	switch (mode % 6) {
	case 0:
		fz_bytes(c, out, 32);
		break;
	case 1:
		out[31] = k;
		break;
	case 2:
	case 3: { /* n - 1 - k, n + k: big-endian add or subtract */
		unsigned carry = mode % 6 == 2 ? 1u + k : k;
		for (int i = 31; i >= 0; i--) {
			unsigned v = mode % 6 == 2 ? (unsigned)P256_N[i] - (carry & 0xff) : P256_N[i] + (carry & 0xff);
			out[i] = (uint8_t)v;
			carry = (carry >> 8) + (mode % 6 == 2 ? (v >> 8) & 1 : v >> 8);
		}
		break;
	}
	case 4:
		memset(out, 0xff, 32);
		break;
	default:
		break;
	}
}

/* A P-256 public key (uncompressed SEC1): a valid key, or one tampered. */
static void fz_p256_point(fz_cursor *c, uint8_t out[65])
{
	uint8_t mode = fz_byte(c), k = fz_byte(c);
	memcpy(out, P_PK[k % 4], 65);
	switch (mode % 8) {
	case 0:
	case 1:
	case 2: /* valid */
		break;
	case 3: /* a bit of x or y: off the curve */
		out[1 + (k >> 2) % 64] ^= (uint8_t)(1u << (mode >> 5));
		break;
	case 4: /* a wrong prefix */
		out[0] = (uint8_t)(k & 7) == 4 ? 6 : (uint8_t)(k & 7);
		break;
	case 5: /* x = p (or y = p) */
		memcpy(out + 1 + 32 * (k & 1), P256_P, 32);
		break;
	case 6: /* the identity as all zero */
		memset(out + 1, 0, 64);
		break;
	default:
		fz_bytes(c, out + 1, 64);
		break;
	}
}

/* A message: its length (0 .. MSG_MAX - 1), or NULL with a length (status
 * ECF_ERR_NULL) or NULL with length 0 (valid). */
static void fz_msg(fz_cursor *c, uint8_t buf[MSG_MAX], const uint8_t **msg, size_t *len)
{
	uint8_t b = fz_byte(c);
	if (b == 255 || b == 254) {
		*msg = NULL;
		*len = b == 255 ? 1 + fz_byte(c) % 8 : 0;
		return;
	}
	*len = (size_t)b % MSG_MAX;
	fz_bytes(c, buf, *len);
	*msg = buf;
}

/* The batch's return value against its statuses. */
static void fz_expect_ret(int ret, const int *status, size_t n, const char *call)
{
	int want = ECF_OK;
	for (size_t i = 0; i < n && want == ECF_OK; i++)
		want = status[i];
	FZ_CHECK(ret == want, "%s returned %d, first failed status %d", call, ret, want);
}

static void fz_expect_status(int got, int want, size_t i, const char *call)
{
	FZ_CHECK(got == want, "%s: element %zu status %d, the single call's %d", call, i, got, want);
}

static void batch_tier(uint8_t flags) { ecfi_cpu_set_kernels(flags & 1 ? NOIFMA : ~0u); }

static void fz_x25519(fz_cursor *c, size_t n, uint8_t flags)
{
	uint8_t sk[NMAX][32], peer[NMAX][32], out[NMAX][32], want[32];
	int st[NMAX];
	for (size_t i = 0; i < n; i++) {
		fz_str32(c, sk[i], 1, NULL, 0);
		fz_str32(c, peer[i], 0, (const uint8_t(*)[32])X_TABLE, 8);
	}
	/* flags bits 1-2: shared over sk or over peer (element i over element i) */
	const int alias = (flags >> 1) & 3;
	memcpy(out, alias == 1 ? sk : peer, sizeof out);
	batch_tier(flags);
	int ret = ecf_x25519_batch(out, st, alias == 1 ? (const uint8_t(*)[32])out : (const uint8_t(*)[32])sk,
	                           alias == 2 ? (const uint8_t(*)[32])out : (const uint8_t(*)[32])peer, n);
	fz_tiers_reset();
	for (size_t i = 0; i < n; i++) {
		fz_expect_status(st[i], ecf_x25519(want, sk[i], peer[i]), i, "x25519_batch");
		fz_expect_bytes(out[i], want, 32, "x25519_batch vs x25519");
	}
	fz_expect_ret(ret, st, n, "x25519_batch");
}

/* x25519_public_key_batch (op 1) and ed25519_public_key_batch (op 2). */
static void fz_public_key(fz_cursor *c, size_t n, uint8_t flags, int ed)
{
	uint8_t sk[NMAX][32], pk[NMAX][32], want[32];
	for (size_t i = 0; i < n; i++)
		fz_str32(c, sk[i], 1, NULL, 0);
	const int alias = (flags >> 1) & 1; /* pk over sk */
	memcpy(pk, sk, sizeof pk);
	batch_tier(flags);
	const uint8_t(*in)[32] = alias ? (const uint8_t(*)[32])pk : (const uint8_t(*)[32])sk;
	int ret = ed ? ecf_ed25519_public_key_batch(pk, in, n) : ecf_x25519_public_key_batch(pk, in, n);
	fz_tiers_reset();
	FZ_CHECK(ret == ECF_OK, "public_key_batch returned %d", ret);
	for (size_t i = 0; i < n; i++) {
		FZ_CHECK((ed ? ecf_ed25519_public_key(want, sk[i]) : ecf_x25519_public_key(want, sk[i])) == ECF_OK,
		         "single public key");
		fz_expect_bytes(pk[i], want, 32, ed ? "ed25519_public_key_batch" : "x25519_public_key_batch");
	}
}

static void fz_ed_sign(fz_cursor *c, size_t n, uint8_t flags)
{
	uint8_t sk[NMAX][64], sig[NMAX][64], buf[NMAX][MSG_MAX], want[64];
	const uint8_t *msg[NMAX];
	size_t len[NMAX];
	int st[NMAX];
	/* flags bits 1-2: 1 sig over sk; 2 each message inside its sig (up to
	 * 64 bytes), as the header allows */
	const int alias = (flags >> 1) & 3;
	for (size_t i = 0; i < n; i++) {
		uint8_t seed[32], mode = fz_byte(c);
		fz_str32(c, seed, 1, NULL, 0);
		uint8_t pk[32];
		FZ_CHECK(ecf_ed25519_keypair(pk, sk[i], seed) == ECF_OK, "keypair");
		if (mode & 1) /* a secret key whose public half is not its own */
			fz_str32(c, sk[i] + 32, 0, (const uint8_t(*)[32])ED_TABLE, 11);
		fz_msg(c, buf[i], &msg[i], &len[i]);
		if (alias == 2 && len[i] > 64)
			len[i] = 64;
	}
	if (alias == 1)
		memcpy(sig, sk, sizeof sig);
	const uint8_t *bmsg[NMAX];
	for (size_t i = 0; i < n; i++) {
		bmsg[i] = msg[i];
		if (alias == 2 && msg[i] != NULL) {
			memcpy(sig[i], msg[i], len[i]);
			bmsg[i] = sig[i];
		}
	}
	batch_tier(flags);
	int ret = ecf_ed25519_sign_batch(sig, st, alias == 1 ? (const uint8_t(*)[64])sig : (const uint8_t(*)[64])sk,
	                                 bmsg, len, n);
	fz_tiers_reset();
	for (size_t i = 0; i < n; i++) {
		const uint8_t *m = msg[i];
		if (alias == 2 && m != NULL) { /* the single call with the same overlap */
			memcpy(want, m, len[i]);
			m = want;
		}
		fz_expect_status(st[i], ecf_ed25519_sign(want, sk[i], m, len[i]), i, "ed25519_sign_batch");
		fz_expect_bytes(sig[i], want, 64, "ed25519_sign_batch vs ed25519_sign");
	}
	fz_expect_ret(ret, st, n, "ed25519_sign_batch");
}

/* S + l on the signature's S (little-endian), any carry out dropped. */
static void add_l(uint8_t s[32])
{
	unsigned carry = 0;
	for (int i = 0; i < 32; i++) {
		unsigned v = (unsigned)s[i] + FZ_L[i] + carry;
		s[i] = (uint8_t)v;
		carry = v >> 8;
	}
}

static void fz_ed_verify(fz_cursor *c, size_t n, uint8_t flags)
{
	uint8_t sig[NMAX][64], pk[NMAX][32], buf[NMAX][MSG_MAX];
	const uint8_t *msg[NMAX];
	size_t len[NMAX];
	int st[NMAX];
	for (size_t i = 0; i < n; i++) {
		uint8_t mode = fz_byte(c), k = fz_byte(c);
		fz_msg(c, buf[i], &msg[i], &len[i]);
		memcpy(pk[i], ED_PK[k % 4], 32);
		const uint8_t *m = msg[i] != NULL ? msg[i] : buf[i];
		FZ_CHECK(ecf_ed25519_sign(sig[i], ED_SK[k % 4], m, msg[i] != NULL ? len[i] : 0) == ECF_OK, "sign");
		switch (mode % 10) {
		case 0:
		case 1: /* valid (unless the message is NULL with a length) */
			break;
		case 2: /* a bit of the signature */
			sig[i][(k >> 2) % 64] ^= (uint8_t)(1u << (mode >> 5));
			break;
		case 3: /* a bit of the key */
			pk[i][(k >> 2) % 32] ^= (uint8_t)(1u << (mode >> 5));
			break;
		case 4: /* a byte of the message */
			if (msg[i] != NULL && len[i] > 0)
				buf[i][(k >> 2) % len[i]] ^= 1;
			break;
		case 5: /* S + l: non-canonical */
			add_l(sig[i] + 32);
			break;
		case 6: /* a small-order R */
			memcpy(sig[i], FZ_ED_SMALL[k % 7], 32);
			break;
		case 7: /* a small-order or non-canonical key */
			memcpy(pk[i], FZ_ED_SMALL[k % 7], 32);
			if (mode & 16)
				pk[i][31] ^= 0x80;
			break;
		case 8: /* any key string */
			fz_str32(c, pk[i], 0, (const uint8_t(*)[32])ED_TABLE, 11);
			break;
		default: /* any signature */
			fz_bytes(c, sig[i], 64);
			break;
		}
	}
	batch_tier(flags);
	int ret = ecf_ed25519_verify_batch(st, (const uint8_t(*)[64])sig, (const uint8_t(*)[32])pk, msg, len, n);
	fz_tiers_reset();
	for (size_t i = 0; i < n; i++)
		fz_expect_status(st[i], ecf_ed25519_verify(sig[i], pk[i], msg[i], len[i]), i, "ed25519_verify_batch");
	fz_expect_ret(ret, st, n, "ed25519_verify_batch");
}

static void fz_p256_pk(fz_cursor *c, size_t n, uint8_t flags)
{
	uint8_t sk[NMAX][32], pk[NMAX][65], want[65];
	int st[NMAX];
	for (size_t i = 0; i < n; i++)
		fz_p256_scalar(c, sk[i]);
	memset(pk, 0xa5, sizeof pk);
	batch_tier(flags);
	int ret = ecf_p256_public_key_batch(pk, st, (const uint8_t(*)[32])sk, n);
	fz_tiers_reset();
	for (size_t i = 0; i < n; i++) {
		memset(want, 0xa5, sizeof want);
		fz_expect_status(st[i], ecf_p256_public_key(want, sk[i]), i, "p256_public_key_batch");
		fz_expect_bytes(pk[i], want, 65, "p256_public_key_batch vs p256_public_key");
	}
	fz_expect_ret(ret, st, n, "p256_public_key_batch");
}

static void fz_p256_ecdh(fz_cursor *c, size_t n, uint8_t flags)
{
	uint8_t sk[NMAX][32], peer[NMAX][65], out[NMAX][32], want[32];
	int st[NMAX];
	for (size_t i = 0; i < n; i++) {
		fz_p256_scalar(c, sk[i]);
		fz_p256_point(c, peer[i]);
	}
	memset(out, 0xa5, sizeof out);
	batch_tier(flags);
	int ret = ecf_p256_ecdh_batch(out, st, (const uint8_t(*)[32])sk, (const uint8_t(*)[65])peer, n);
	fz_tiers_reset();
	for (size_t i = 0; i < n; i++) {
		memset(want, 0xa5, sizeof want);
		fz_expect_status(st[i], ecf_p256_ecdh(want, sk[i], peer[i], 65), i, "p256_ecdh_batch");
		fz_expect_bytes(out[i], want, 32, "p256_ecdh_batch vs p256_ecdh");
	}
	fz_expect_ret(ret, st, n, "p256_ecdh_batch");
}

static void fz_ecdsa_sign(fz_cursor *c, size_t n, uint8_t flags)
{
	uint8_t sk[NMAX][32], sig[NMAX][64], dbuf[NMAX][MSG_MAX], ebuf[NMAX][MSG_MAX], want[64];
	const uint8_t *digest[NMAX], *extra[NMAX];
	size_t dlen[NMAX], elen[NMAX];
	int st[NMAX];
	/* flags bit 1: extra data per element (else the extra arrays are NULL);
	 * bit 2: low-s signatures */
	const int with_extra = (flags >> 1) & 1;
	const unsigned sflags = (flags >> 2) & 1 ? ECF_P256_ECDSA_LOW_S : 0;
	for (size_t i = 0; i < n; i++) {
		fz_p256_scalar(c, sk[i]);
		fz_msg(c, dbuf[i], &digest[i], &dlen[i]);
		if (digest[i] != NULL && dlen[i] > 64)
			dlen[i] %= 65;
		extra[i] = NULL;
		elen[i] = 0;
		if (with_extra)
			fz_msg(c, ebuf[i], &extra[i], &elen[i]);
	}
	memset(sig, 0xa5, sizeof sig);
	batch_tier(flags);
	int ret = ecf_p256_ecdsa_sign_batch(sig, st, (const uint8_t(*)[32])sk, digest, dlen, with_extra ? extra : NULL,
	                                    with_extra ? elen : NULL, sflags, n);
	fz_tiers_reset();
	for (size_t i = 0; i < n; i++) {
		memset(want, 0xa5, sizeof want);
		fz_expect_status(st[i], ecf_p256_ecdsa_sign(want, sk[i], digest[i], dlen[i], extra[i], elen[i], sflags),
		                 i, "p256_ecdsa_sign_batch");
		fz_expect_bytes(sig[i], want, 64, "p256_ecdsa_sign_batch vs p256_ecdsa_sign");
	}
	fz_expect_ret(ret, st, n, "p256_ecdsa_sign_batch");
}

static void fz_ecdsa_verify(fz_cursor *c, size_t n, uint8_t flags)
{
	uint8_t sig[NMAX][64], pk[NMAX][65], dbuf[NMAX][MSG_MAX];
	const uint8_t *digest[NMAX];
	size_t dlen[NMAX];
	int st[NMAX];
	for (size_t i = 0; i < n; i++) {
		uint8_t mode = fz_byte(c), k = fz_byte(c);
		fz_msg(c, dbuf[i], &digest[i], &dlen[i]);
		if (digest[i] != NULL && dlen[i] > 64)
			dlen[i] %= 65;
		memcpy(pk[i], P_PK[k % 4], 65);
		FZ_CHECK(ecf_p256_ecdsa_sign(sig[i], P_SK[k % 4], digest[i] != NULL ? digest[i] : dbuf[i],
		                             digest[i] != NULL ? dlen[i] : 0, NULL, 0, 0) == ECF_OK,
		         "ecdsa sign");
		switch (mode % 9) {
		case 0:
		case 1: /* valid (unless the digest is NULL with a length) */
			break;
		case 2: /* a bit of r or s */
			sig[i][(k >> 2) % 64] ^= (uint8_t)(1u << (mode >> 5));
			break;
		case 3: /* r or s = 0 */
			memset(sig[i] + 32 * (k & 1), 0, 32);
			break;
		case 4: /* r or s = n, or n + small */
			memcpy(sig[i] + 32 * (k & 1), P256_N, 32);
			sig[i][32 * (k & 1) + 31] = (uint8_t)(sig[i][32 * (k & 1) + 31] + (k >> 4));
			break;
		case 5: /* another key */
			memcpy(pk[i], P_PK[(k + 1) % 4], 65);
			break;
		case 6: /* a byte of the digest */
			if (digest[i] != NULL && dlen[i] > 0)
				dbuf[i][(k >> 2) % dlen[i]] ^= 1;
			break;
		default: /* a tampered key */
			fz_p256_point(c, pk[i]);
			break;
		}
	}
	batch_tier(flags);
	int ret = ecf_p256_ecdsa_verify_batch(st, (const uint8_t(*)[64])sig, (const uint8_t(*)[65])pk, digest, dlen, n);
	fz_tiers_reset();
	for (size_t i = 0; i < n; i++)
		fz_expect_status(st[i], ecf_p256_ecdsa_verify(sig[i], pk[i], 65, digest[i], dlen[i]), i,
		                 "p256_ecdsa_verify_batch");
	fz_expect_ret(ret, st, n, "p256_ecdsa_verify_batch");
}

/* NULL arrays: ECF_ERR_NULL, the n entries of the output and status arrays
 * that are not NULL zeroed and set to ECF_ERR_NULL, on the flags' tier
 * (cheap: nothing is computed); one call per execution, picked by the
 * flags. */
static void fz_null(size_t n, uint8_t flags)
{
	static uint8_t in32[NMAX][32], in64[NMAX][64], in65[NMAX][65];
	uint8_t out32[NMAX][32], out64[NMAX][64], out65[NMAX][65];
	const uint8_t *msg[NMAX] = {NULL};
	size_t len[NMAX] = {0};
	int st[NMAX];
	batch_tier(flags);
	/* out: the output array the call was given (NULL: none); has_st: it was
	 * given st */
#define EXPECT_NULL(call, out, has_st, what)                                                                           \
	do {                                                                                                           \
		memset(out32, 0xa5, sizeof out32);                                                                     \
		memset(out64, 0xa5, sizeof out64);                                                                     \
		memset(out65, 0xa5, sizeof out65);                                                                     \
		for (size_t i = 0; i < NMAX; i++)                                                                      \
			st[i] = 12345;                                                                                 \
		FZ_CHECK((call) == ECF_ERR_NULL, "%s: not ECF_ERR_NULL", what);                                        \
		for (size_t i = 0; i < NMAX; i++)                                                                      \
			FZ_CHECK(st[i] == (has_st && i < n ? ECF_ERR_NULL : 12345), "%s: status[%zu] = %d", what, i,   \
			         st[i]);                                                                               \
		for (size_t i = 0; (out) != NULL && i < NMAX; i++)                                                     \
			for (size_t j = 0; j < sizeof(out)[0]; j++)                                                    \
				FZ_CHECK((out)[i][j] == (i < n ? 0 : 0xa5), "%s: output %zu not zeroed", what, i);     \
	} while (0)
	const uint8_t(*c32)[32] = (const uint8_t(*)[32])in32;
	const uint8_t(*c64)[64] = (const uint8_t(*)[64])in64;
	const uint8_t(*c65)[65] = (const uint8_t(*)[65])in65;
	uint8_t(*none32)[32] = NULL;
	uint8_t(*none64)[64] = NULL;
	switch ((flags >> 1) % 13) {
	case 0:
		EXPECT_NULL(ecf_x25519_batch(out32, st, NULL, c32, n), out32, 1, "x25519_batch(NULL sk)");
		break;
	case 1:
		EXPECT_NULL(ecf_x25519_batch(out32, st, c32, NULL, n), out32, 1, "x25519_batch(NULL peer)");
		break;
	case 2:
		EXPECT_NULL(ecf_x25519_batch(NULL, st, c32, c32, n), none32, 1, "x25519_batch(NULL shared)");
		break;
	case 3:
		EXPECT_NULL(ecf_x25519_public_key_batch(out32, NULL, n), out32, 0, "x25519_public_key_batch(NULL sk)");
		break;
	case 4:
		EXPECT_NULL(ecf_ed25519_public_key_batch(out32, NULL, n), out32, 0,
		            "ed25519_public_key_batch(NULL seed)");
		break;
	case 5:
		EXPECT_NULL(ecf_ed25519_sign_batch(out64, st, c64, NULL, len, n), out64, 1,
		            "ed25519_sign_batch(NULL msg)");
		break;
	case 6:
		EXPECT_NULL(ecf_ed25519_sign_batch(out64, st, c64, msg, NULL, n), out64, 1,
		            "ed25519_sign_batch(NULL len)");
		break;
	case 7:
		EXPECT_NULL(ecf_ed25519_sign_batch(out64, NULL, c64, msg, len, n), out64, 0,
		            "ed25519_sign_batch(NULL status)");
		break;
	case 8:
		EXPECT_NULL(ecf_ed25519_verify_batch(st, c64, NULL, msg, len, n), none64, 1,
		            "ed25519_verify_batch(NULL pk)");
		break;
	case 9:
		EXPECT_NULL(ecf_p256_public_key_batch(out65, st, NULL, n), out65, 1, "p256_public_key_batch(NULL sk)");
		break;
	case 10:
		EXPECT_NULL(ecf_p256_ecdh_batch(out32, st, c32, NULL, n), out32, 1, "p256_ecdh_batch(NULL peer)");
		break;
	case 11:
		EXPECT_NULL(ecf_p256_ecdsa_sign_batch(out64, st, c32, NULL, len, NULL, NULL, 0, n), out64, 1,
		            "p256_ecdsa_sign_batch(NULL digest)");
		break;
	default:
		EXPECT_NULL(ecf_p256_ecdsa_verify_batch(st, c64, c65, msg, NULL, n), none64, 1,
		            "p256_ecdsa_verify_batch(NULL digest_len)");
		break;
	}
#undef EXPECT_NULL
	fz_tiers_reset();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cursor c = {data, size};
	const uint8_t op = fz_byte(&c) % 10;
	const size_t n = fz_byte(&c) % (NMAX + 1);
	const uint8_t flags = fz_byte(&c);
	if (op == 9 || !fz_gate(data, size, 4)) {
		FZ_STAT(0, "NULL arguments");
		fz_null(n, flags);
		return 0;
	}
	static const char *const names[9] = {
	    "x25519_batch",       "x25519_public_key_batch", "ed25519_public_key_batch",
	    "ed25519_sign_batch", "ed25519_verify_batch",    "p256_public_key_batch",
	    "p256_ecdh_batch",    "p256_ecdsa_sign_batch",   "p256_ecdsa_verify_batch"};
	FZ_STAT(1 + op, names[op]);
	switch (op) {
	case 0:
		fz_x25519(&c, n, flags);
		break;
	case 1:
	case 2:
		fz_public_key(&c, n, flags, op == 2);
		break;
	case 3:
		fz_ed_sign(&c, n, flags);
		break;
	case 4:
		fz_ed_verify(&c, n, flags);
		break;
	case 5:
		fz_p256_pk(&c, n, flags);
		break;
	case 6:
		fz_p256_ecdh(&c, n, flags);
		break;
	case 7:
		fz_ecdsa_sign(&c, n, flags);
		break;
	default:
		fz_ecdsa_verify(&c, n, flags);
		break;
	}
	return 0;
}
