/*
 * Ed25519 (RFC 8032 section 5.1): key generation, signing, the two
 * verification rules of ecfield/ed25519.h, prepared public keys, Ed25519ctx
 * and Ed25519ph (dom2), and the conversions to X25519, over the edwards25519
 * internals, the hidden SHA-512 (lib/hash/sha2.h) and the scalars mod l
 * (lib/fields/sc25519_internal.h).
 */
#include "common/batch.h"
#include "ecfield/ed25519.h"

#include <string.h>

#include "common/wipe.h"
#include "curves/curve25519/ed25519_internal.h"
#include "curves/curve25519/edwards25519_internal.h"
#include "dispatch/cpu.h"
#include "hash/sha2.h"
#include "kernels/x86_64/ed25519x8_avx512_ifma.h"
#include "kernels/x86_64/sha512x8_avx512.h"
#include "sc25519_internal.h"

/* dom2(phflag, ctx) of RFC 8032 section 2: "SigEd25519 no Ed25519
 * collisions" || octet(phflag) || octet(ctx_len) || ctx. Pure Ed25519 has no
 * prefix (len 0). */
#define DOM2_TAG "SigEd25519 no Ed25519 collisions"
#define DOM2_TAG_LEN 32
#define DOM2_MAX (DOM2_TAG_LEN + 2 + ECF_ED25519_CONTEXT_MAX_BYTES)
typedef struct {
	uint8_t b[DOM2_MAX];
	size_t len;
} dom2;

static void dom2_set(dom2 *d, int phflag, const uint8_t *ctx, size_t ctx_len)
{
	memcpy(d->b, DOM2_TAG, DOM2_TAG_LEN);
	d->b[DOM2_TAG_LEN] = (uint8_t)phflag;
	d->b[DOM2_TAG_LEN + 1] = (uint8_t)ctx_len;
	if (ctx_len)
		memcpy(d->b + DOM2_TAG_LEN + 2, ctx, ctx_len);
	d->len = DOM2_TAG_LEN + 2 + ctx_len;
}

static const dom2 DOM_NONE = {{0}, 0};

/* k = SHA-512(dom || R || A || M) mod l. */
static void challenge(ecf_sc25519_fe *k, const dom2 *dom, const uint8_t R[32], const uint8_t A[32], const uint8_t *msg,
                      size_t len)
{
	ecfi_sha512_ctx ctx;
	uint8_t h[64];
	ecfi_sha512_init(&ctx);
	if (dom->len)
		ecfi_sha512_update(&ctx, dom->b, dom->len);
	ecfi_sha512_update(&ctx, R, 32);
	ecfi_sha512_update(&ctx, A, 32);
	if (len)
		ecfi_sha512_update(&ctx, msg, len);
	ecfi_sha512_final(&ctx, h);
	(void)ecfi_sc25519_from_bytes_reduce(k, h, 64);
}

/* The secret-holding functions hold the secret scalar, the prefix and the
 * nonce in a noinline worker; the public function then clears the stack its
 * call tree used (ecfi_wipe_stack, lib/common/wipe.h), spill slots included. */
static ECFI_NOINLINE void keypair_worker(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
	const uint32_t tiers = ecfi_tiers();
	uint8_t h[64], s[32], a[32], A[32];
	ecfi_ed_p3 P;
	memcpy(s, seed, 32); /* seed may alias pk or sk */
	ecfi_sha512(h, s, 32);
	ecfi_sc25519_clamp(a, h);
	ecfi_edwards25519_scalar_mult_base(tiers, &P, a);
	ecfi_edwards25519_encode(tiers, A, &P);
	if (sk != NULL) {
		memcpy(sk, s, 32);
		memcpy(sk + 32, A, 32);
	}
	memcpy(pk, A, 32);
	ecfi_wipe(h, sizeof h);
	ecfi_wipe(s, sizeof s);
	ecfi_wipe(a, sizeof a);
	ecfi_wipe(&P, sizeof P);
}

int ecf_ed25519_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
	if (pk == NULL || sk == NULL || seed == NULL) {
		if (pk != NULL)
			ecfi_wipe(pk, 32);
		if (sk != NULL)
			ecfi_wipe(sk, 64);
		return ECF_ERR_NULL;
	}
	keypair_worker(pk, sk, seed);
	ecfi_wipe_stack();
	return ECF_OK;
}

int ecf_ed25519_public_key(uint8_t pk[32], const uint8_t seed[32])
{
	if (pk == NULL)
		return ECF_ERR_NULL;
	if (seed == NULL) {
		ecfi_wipe(pk, 32);
		return ECF_ERR_NULL;
	}
	keypair_worker(pk, NULL, seed);
	ecfi_wipe_stack();
	return ECF_OK;
}

/* RFC 8032 5.1.6 with the prefix dom (empty for pure Ed25519; PH(M) = M for
 * Ed25519ctx, the caller's SHA-512 digest for Ed25519ph), in two halves
 * around R = r*B (which the batch call computes for 8 signatures at once).
 * sign_begin: the secret scalar a (SHA-512 of the seed, clamped, mod l), the
 * nonce r = SHA-512(dom || prefix || M) mod l and its bytes, A = sk's second
 * half. sign_end: S = r + k*a with k = SHA-512(dom || R || A || M) mod l,
 * then sig = R || S; it wipes the state. */
typedef struct {
	ecf_sc25519_fe a, r;
	uint8_t r_bytes[32], pk[32];
} sign_state;

static void sign_begin(sign_state *st, const uint8_t sk[64], const dom2 *dom, const uint8_t *msg, size_t msglen)
{
	uint8_t h[64], rh[64], a_bytes[32];
	ecfi_sha512_ctx ctx;
	memcpy(st->pk, sk + 32, 32);
	/* h = SHA-512(seed): the secret scalar a (clamped) and the prefix. */
	ecfi_sha512(h, sk, 32);
	ecfi_sc25519_clamp(a_bytes, h);
	(void)ecfi_sc25519_from_bytes_reduce(&st->a, a_bytes, 32);
	/* r = SHA-512(dom || prefix || M) mod l */
	ecfi_sha512_init(&ctx);
	if (dom->len)
		ecfi_sha512_update(&ctx, dom->b, dom->len);
	ecfi_sha512_update(&ctx, h + 32, 32);
	if (msglen)
		ecfi_sha512_update(&ctx, msg, msglen);
	ecfi_sha512_final(&ctx, rh);
	(void)ecfi_sc25519_from_bytes_reduce(&st->r, rh, 64);
	ecfi_sc25519_to_bytes(st->r_bytes, &st->r);
	ecfi_wipe(h, sizeof h);
	ecfi_wipe(rh, sizeof rh);
	ecfi_wipe(a_bytes, sizeof a_bytes);
	ecfi_wipe(&ctx, sizeof ctx);
}

static void sign_end(uint8_t sig[64], sign_state *st, const uint8_t Renc[32], const dom2 *dom, const uint8_t *msg,
                     size_t msglen)
{
	ecf_sc25519_fe k, S;
	challenge(&k, dom, Renc, st->pk, msg, msglen);
	ecfi_sc25519_muladd(&S, &k, &st->a, &st->r);
	memcpy(sig, Renc, 32); /* after the last read of msg: sig may alias msg */
	ecfi_sc25519_to_bytes(sig + 32, &S);
	ecfi_wipe(&S, sizeof S);
	ecfi_wipe(st, sizeof *st);
}

static ECFI_NOINLINE void sign_worker(uint8_t sig[64], const uint8_t sk[64], const dom2 *dom, const uint8_t *msg,
                                      size_t msglen)
{
	const uint32_t tiers = ecfi_tiers();
	uint8_t Renc[32];
	sign_state st;
	ecfi_ed_p3 R;
	sign_begin(&st, sk, dom, msg, msglen);
	ecfi_edwards25519_scalar_mult_base(tiers, &R, st.r_bytes);
	ecfi_edwards25519_encode(tiers, Renc, &R);
	sign_end(sig, &st, Renc, dom, msg, msglen);
	ecfi_wipe(&R, sizeof R);
}

/* The signing entries: argument checks (sig zeroed on every error), then the
 * worker and the stack wipe. */
static int sign_entry(uint8_t sig[64], const uint8_t sk[64], const dom2 *dom, const uint8_t *msg, size_t msglen)
{
	sign_worker(sig, sk, dom, msg, msglen);
	ecfi_wipe_stack();
	return ECF_OK;
}

static int sign_fail(uint8_t *sig, int st)
{
	if (sig != NULL)
		ecfi_wipe(sig, 64);
	return st;
}

int ecf_ed25519_sign(uint8_t sig[64], const uint8_t sk[64], const uint8_t *msg, size_t msg_len)
{
	if (sig == NULL || sk == NULL || (msg == NULL && msg_len != 0))
		return sign_fail(sig, ECF_ERR_NULL);
	return sign_entry(sig, sk, &DOM_NONE, msg, msg_len);
}

int ecf_ed25519ctx_sign(uint8_t sig[64], const uint8_t sk[64], const uint8_t *msg, size_t msg_len, const uint8_t *ctx,
                        size_t ctx_len)
{
	if (sig == NULL || sk == NULL || ctx == NULL || (msg == NULL && msg_len != 0))
		return sign_fail(sig, ECF_ERR_NULL);
	if (ctx_len == 0 || ctx_len > ECF_ED25519_CONTEXT_MAX_BYTES)
		return sign_fail(sig, ECF_ERR_LENGTH);
	dom2 d;
	dom2_set(&d, 0, ctx, ctx_len);
	return sign_entry(sig, sk, &d, msg, msg_len);
}

int ecf_ed25519ph_sign(uint8_t sig[64], const uint8_t sk[64], const uint8_t digest[64], const uint8_t *ctx,
                       size_t ctx_len)
{
	if (sig == NULL || sk == NULL || digest == NULL || (ctx == NULL && ctx_len != 0))
		return sign_fail(sig, ECF_ERR_NULL);
	if (ctx_len > ECF_ED25519_CONTEXT_MAX_BYTES)
		return sign_fail(sig, ECF_ERR_LENGTH);
	dom2 d;
	dom2_set(&d, 1, ctx, ctx_len);
	return sign_entry(sig, sk, &d, digest, 64);
}

/* ---- batch signing and public keys ---- */

/* The 8-lane fixed-base kernel of a tier of ed25519_batch: (X : Y : Z) of
 * [scalar[j]]B, scalar[j] < 2^255, canonical bytes. */
typedef void base8_fn(uint8_t xyz[3][8][32], const uint8_t scalar[8][32]);

/* out[j] = the encodings of 8 such points, their 8 Z inverted with one
 * inversion (Montgomery's trick: t_j = Z_0 ... Z_j, then 1/Z_j = t_(j-1) /
 * t_j from the top down), in the scalar field code: 21 multiplications and
 * one safegcd inversion instead of the 8-lane exponentiation (11,000 ticks
 * per group on Zen 4; with this, the sign batch went from 0.40x to
 * 0.35-0.37x of the single call). Constant time (no branch on the values;
 * Z != 0 for every point). */
static void encode8(uint8_t out[8][32], const uint8_t xyz[3][8][32])
{
	const uint32_t tiers = ecfi_tiers();
	fe z[8], t[8], inv, zi, x, y;
	for (size_t j = 0; j < 8; j++) {
		ecfi_p25519_from_bytes_masked(&z[j], xyz[2][j]);
		if (j == 0)
			t[0] = z[0];
		else
			fe_mul(tiers, &t[j], &t[j - 1], &z[j]);
	}
	ecfi_p25519_inv(&inv, &t[7]);
	for (size_t j = 8; j-- > 0;) {
		if (j > 0) {
			fe_mul(tiers, &zi, &inv, &t[j - 1]);
			fe_mul(tiers, &inv, &inv, &z[j]);
		} else {
			zi = inv;
		}
		ecfi_p25519_from_bytes_masked(&x, xyz[0][j]);
		ecfi_p25519_from_bytes_masked(&y, xyz[1][j]);
		fe_mul(tiers, &x, &x, &zi);
		fe_mul(tiers, &y, &y, &zi);
		ecfi_p25519_to_bytes(out[j], &y);
		out[j][31] |= (uint8_t)((ecfi_p25519_is_negative(&x) & 1) << 7);
	}
	ecfi_wipe(z, sizeof z);
	ecfi_wipe(t, sizeof t);
	ecfi_wipe(&inv, sizeof inv);
	ecfi_wipe(&zi, sizeof zi);
	ecfi_wipe(&x, sizeof x);
	ecfi_wipe(&y, sizeof y);
}

/* The 8-lane SHA-512 of a tier of ed25519_batch (sha512x8_avx512.h):
 * out[j] = SHA-512 of lane j's pieces. */
typedef void sha8_fn(uint8_t out[8][64], const ecfi_sha512x8_msg in[8]);

/* One group of 8 signatures, sign_begin / R = r*B / sign_end of the single
 * call with each of the three SHA-512s on 8 lanes: h = H(seed) (a and the
 * prefix), then H(prefix || M) (the nonce r), the 8 R = r*B by the kernel,
 * then H(R || A || M) (the challenge k) and each lane's S = r + k*a mod l.
 * sig[j] is written after every hash has read msg[j] and sk[j] (sig[j] may
 * be either). A lane whose msg is NULL with a length gets the single call's
 * ECF_ERR_NULL and a zeroed sig: its hashes take an empty message, its nonce
 * is 0 (the kernel computes its R for nothing); the others do not depend on
 * it. */
__attribute__((unused)) /* where no tier of ed25519_batch is built */
static void
sign_group8(base8_fn *base8, sha8_fn *sha8, uint8_t sig[8][64], int status[8], const uint8_t sk[8][64],
            const uint8_t *const msg[8], const size_t msg_len[8])
{
	sign_state st[8];
	ecfi_sha512x8_msg in[8];
	uint8_t h[8][64], r[8][32], R[8][32], xyz[3][8][32], a_bytes[32];
	ecf_sc25519_fe k, S;
	/* h[j] = SHA-512(seed_j): the secret scalar a (clamped) and the prefix. */
	memset(in, 0, sizeof in);
	for (size_t j = 0; j < 8; j++) {
		status[j] = msg[j] == NULL && msg_len[j] != 0 ? ECF_ERR_NULL : ECF_OK; /* public */
		in[j].p[0] = sk[j];
		in[j].len[0] = 32;
	}
	sha8(h, in);
	/* r = SHA-512(prefix || M) mod l */
	for (size_t j = 0; j < 8; j++) {
		memcpy(st[j].pk, sk[j] + 32, 32);
		ecfi_sc25519_clamp(a_bytes, h[j]);
		(void)ecfi_sc25519_from_bytes_reduce(&st[j].a, a_bytes, 32);
		in[j].p[0] = h[j] + 32;
		in[j].len[0] = 32;
		in[j].p[1] = status[j] == ECF_OK ? msg[j] : NULL;
		in[j].len[1] = status[j] == ECF_OK ? msg_len[j] : 0;
	}
	sha8(h, in); /* out over in: the kernel reads every prefix first */
	for (size_t j = 0; j < 8; j++) {
		(void)ecfi_sc25519_from_bytes_reduce(&st[j].r, h[j], 64);
		ecfi_sc25519_to_bytes(st[j].r_bytes, &st[j].r);
		if (status[j] == ECF_OK)
			memcpy(r[j], st[j].r_bytes, 32);
		else
			memset(r[j], 0, 32);
	}
	base8(xyz, (const uint8_t(*)[32])r);
	encode8(R, (const uint8_t(*)[8][32])xyz);
	/* k = SHA-512(R || A || M) mod l, S = r + k*a mod l */
	for (size_t j = 0; j < 8; j++) {
		in[j].p[0] = R[j];
		in[j].len[0] = 32;
		in[j].p[1] = st[j].pk;
		in[j].len[1] = 32;
		in[j].p[2] = status[j] == ECF_OK ? msg[j] : NULL;
		in[j].len[2] = status[j] == ECF_OK ? msg_len[j] : 0;
	}
	sha8(h, in);
	for (size_t j = 0; j < 8; j++) {
		if (status[j] != ECF_OK) {
			ecfi_wipe(sig[j], 64);
			continue;
		}
		(void)ecfi_sc25519_from_bytes_reduce(&k, h[j], 64);
		ecfi_sc25519_muladd(&S, &k, &st[j].a, &st[j].r);
		memcpy(sig[j], R[j], 32);
		ecfi_sc25519_to_bytes(sig[j] + 32, &S);
	}
	ecfi_wipe(st, sizeof st);
	ecfi_wipe(in, sizeof in);
	ecfi_wipe(h, sizeof h);
	ecfi_wipe(r, sizeof r);
	ecfi_wipe(R, sizeof R);
	ecfi_wipe(xyz, sizeof xyz);
	ecfi_wipe(a_bytes, sizeof a_bytes);
	ecfi_wipe(&k, sizeof k);
	ecfi_wipe(&S, sizeof S);
}

static ECFI_NOINLINE void sign_batch_worker(uint8_t sig[][64], int status[], const uint8_t sk[][64],
                                            const uint8_t *const msg[], const size_t msg_len[], size_t n)
{
	const uint32_t tiers = ecfi_tiers();
	size_t i = 0;
	(void)tiers;
#define GROUPS_OF_8(tier, ...)                                                                                         \
	for (; n - i >= 8; i += 8)                                                                                     \
		sign_group8(ECFI_CAT(ecfk_ed25519_base8_xyz_, tier), ECFI_CAT(ecfi_sha512x8_, tier), sig + i,          \
		            status + i, sk + i, msg + i, msg_len + i);
	ECFI_DISPATCH_EACH(ed25519_batch, tiers, GROUPS_OF_8, ~) {}
#undef GROUPS_OF_8
	for (; i < n; i++) {
		if (msg[i] == NULL && msg_len[i] != 0) {
			ecfi_wipe(sig[i], 64);
			status[i] = ECF_ERR_NULL;
		} else {
			sign_worker(sig[i], sk[i], &DOM_NONE, msg[i], msg_len[i]);
			status[i] = ECF_OK;
		}
	}
}

int ecf_ed25519_sign_batch(uint8_t sig[][64], int status[], const uint8_t sk[][64], const uint8_t *const msg[],
                           const size_t msg_len[], size_t n)
{
	if (sig == NULL || status == NULL || sk == NULL || msg == NULL || msg_len == NULL)
		return ecfi_batch_null(sig, 64, status, n);
	sign_batch_worker(sig, status, sk, msg, msg_len, n);
	ecfi_wipe_stack_16k(); /* the 8-lane kernel's frame */
	return ecfi_batch_result(status, n);
}

__attribute__((unused)) static void public_key_group8(base8_fn *base8, sha8_fn *sha8, uint8_t pk[8][32],
                                                      const uint8_t seed[8][32])
{
	ecfi_sha512x8_msg in[8];
	uint8_t h[8][64], a[8][32], xyz[3][8][32];
	memset(in, 0, sizeof in);
	for (size_t j = 0; j < 8; j++) {
		in[j].p[0] = seed[j];
		in[j].len[0] = 32;
	}
	sha8(h, in); /* h[j] = SHA-512(seed[j]) */
	for (size_t j = 0; j < 8; j++)
		ecfi_sc25519_clamp(a[j], h[j]);
	base8(xyz, (const uint8_t(*)[32])a);
	encode8(pk, (const uint8_t(*)[8][32])xyz); /* after every read of seed: pk may be seed */
	ecfi_wipe(in, sizeof in);
	ecfi_wipe(h, sizeof h);
	ecfi_wipe(a, sizeof a);
	ecfi_wipe(xyz, sizeof xyz);
}

static ECFI_NOINLINE void public_key_batch_worker(uint8_t pk[][32], const uint8_t seed[][32], size_t n)
{
	const uint32_t tiers = ecfi_tiers();
	size_t i = 0;
	(void)tiers;
#define GROUPS_OF_8(tier, ...)                                                                                         \
	for (; n - i >= 8; i += 8)                                                                                     \
		public_key_group8(ECFI_CAT(ecfk_ed25519_base8_xyz_, tier), ECFI_CAT(ecfi_sha512x8_, tier), pk + i,     \
		                  seed + i);
	ECFI_DISPATCH_EACH(ed25519_batch, tiers, GROUPS_OF_8, ~) {}
#undef GROUPS_OF_8
	for (; i < n; i++)
		keypair_worker(pk[i], NULL, seed[i]);
}

int ecf_ed25519_public_key_batch(uint8_t pk[][32], const uint8_t seed[][32], size_t n)
{
	if (pk == NULL || seed == NULL)
		return ecfi_batch_null(pk, 32, NULL, n);
	public_key_batch_worker(pk, seed, n);
	ecfi_wipe_stack_16k(); /* the 8-lane kernel's frame */
	return ECF_OK;
}

/* R' = [S]B + [k](-A) for the odd multiples of -A (negA, a wNAF table of
 * width w) and the canonical S; k from dom, R, A, M bytes. Then the strict
 * rule: the encoding of R' must equal R's bytes. The point is negated, not
 * the scalar: (l - k)*A is -k*A only for A in the prime-order subgroup, and A
 * may have a small-order component (found by fuzz/fuzz_ed25519.c against
 * OpenSSL: a public key of order 4 verified a signature that RFC 8032's
 * equation rejects). */
static int compute_rprime(uint32_t tiers, ecfi_ed_p3 *Rp, const uint8_t sig[64], const dom2 *dom, const uint8_t *msg,
                          size_t msglen, const uint8_t pk[32], const ecfi_ed_cached *negA, int w)
{
	ecf_sc25519_fe S, k;
	uint8_t kb[32];
	if (ecfi_sc25519_from_bytes(&S, sig + 32, 32) != ECF_OK) /* S < l */
		return ECF_ERR_RANGE;
	challenge(&k, dom, sig, pk, msg, msglen);
	ecfi_sc25519_to_bytes(kb, &k);
	ecfi_edwards25519_double_scalar_mult_base_vartime_table(tiers, Rp, kb, negA, w, sig + 32); /* k*(-A) + S*B */
	return ECF_OK;
}

static int verify_strict_table(uint32_t tiers, const uint8_t sig[64], const dom2 *dom, const uint8_t *msg,
                               size_t msglen, const uint8_t pk[32], const ecfi_ed_cached *negA, int w)
{
	ecfi_ed_p3 Rp;
	uint8_t enc[32];
	int st = compute_rprime(tiers, &Rp, sig, dom, msg, msglen, pk, negA, w);
	if (st != ECF_OK)
		return st;
	ecfi_edwards25519_encode(tiers, enc, &Rp);
	uint8_t d = 0;
	for (int i = 0; i < 32; i++)
		d |= (uint8_t)(enc[i] ^ sig[i]);
	return d == 0 ? ECF_OK : ECF_ERR_VERIFY;
}

/* The table width of the one-shot verifications (8 odd multiples), and of
 * prepared keys (16: built once, it pays; docs/curve25519.md). */
#define VERIFY_W 5
#define VERIFY_N (1 << (VERIFY_W - 2))
#define PREP_W 6
#define PREP_N (1 << (PREP_W - 2))

/* The strict decoding of A, then -A's odd multiples. */
static int decode_neg_table(uint32_t tiers, ecfi_ed_cached *negA, int n, const uint8_t pk[32], int mode)
{
	ecfi_ed_p3 A;
	int st = ecfi_edwards25519_decode(tiers, &A, pk, mode);
	if (st != ECF_OK)
		return st;
	ecfi_edwards25519_neg(&A, &A);
	ecfi_edwards25519_odd_multiples(tiers, negA, n, &A);
	return ECF_OK;
}

static int verify_strict(const uint8_t sig[64], const uint8_t pk[32], const dom2 *dom, const uint8_t *msg,
                         size_t msglen)
{
	const uint32_t tiers = ecfi_tiers();
	ecfi_ed_cached negA[VERIFY_N];
	int st = decode_neg_table(tiers, negA, VERIFY_N, pk, ECFI_ED_DECODE_STRICT);
	if (st != ECF_OK)
		return st;
	return verify_strict_table(tiers, sig, dom, msg, msglen, pk, negA, VERIFY_W);
}

int ecf_ed25519_verify(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *msg, size_t msg_len)
{
	if (sig == NULL || pk == NULL || (msg == NULL && msg_len != 0))
		return ECF_ERR_NULL;
	return verify_strict(sig, pk, &DOM_NONE, msg, msg_len);
}

/* The batch call's per-element path (ed25519_internal.h). */
int ecfi_ed25519_verify_one(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *msg, size_t msg_len)
{
	return verify_strict(sig, pk, &DOM_NONE, msg, msg_len);
}

void ecfi_ed25519_challenge(uint8_t k[32], const uint8_t R[32], const uint8_t A[32], const uint8_t *msg, size_t msg_len)
{
	ecf_sc25519_fe kf;
	challenge(&kf, &DOM_NONE, R, A, msg, msg_len);
	ecfi_sc25519_to_bytes(k, &kf);
}

int ecf_ed25519ctx_verify(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *msg, size_t msg_len,
                          const uint8_t *ctx, size_t ctx_len)
{
	if (sig == NULL || pk == NULL || ctx == NULL || (msg == NULL && msg_len != 0))
		return ECF_ERR_NULL;
	if (ctx_len == 0 || ctx_len > ECF_ED25519_CONTEXT_MAX_BYTES)
		return ECF_ERR_LENGTH;
	dom2 d;
	dom2_set(&d, 0, ctx, ctx_len);
	return verify_strict(sig, pk, &d, msg, msg_len);
}

int ecf_ed25519ph_verify(const uint8_t sig[64], const uint8_t pk[32], const uint8_t digest[64], const uint8_t *ctx,
                         size_t ctx_len)
{
	if (sig == NULL || pk == NULL || digest == NULL || (ctx == NULL && ctx_len != 0))
		return ECF_ERR_NULL;
	if (ctx_len > ECF_ED25519_CONTEXT_MAX_BYTES)
		return ECF_ERR_LENGTH;
	dom2 d;
	dom2_set(&d, 1, ctx, ctx_len);
	return verify_strict(sig, pk, &d, digest, 64);
}

int ecf_ed25519_verify_cofactored(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *msg, size_t msg_len)
{
	if (sig == NULL || pk == NULL || (msg == NULL && msg_len != 0))
		return ECF_ERR_NULL;
	const uint32_t tiers = ecfi_tiers();
	ecfi_ed_cached negA[VERIFY_N];
	ecfi_ed_p3 R, Rp;
	int st = decode_neg_table(tiers, negA, VERIFY_N, pk, ECFI_ED_DECODE_ZIP215);
	if (st != ECF_OK)
		return st;
	st = ecfi_edwards25519_decode(tiers, &R, sig, ECFI_ED_DECODE_ZIP215);
	if (st != ECF_OK)
		return st;
	st = compute_rprime(tiers, &Rp, sig, &DOM_NONE, msg, msg_len, pk, negA, VERIFY_W);
	if (st != ECF_OK)
		return st;
	ecfi_edwards25519_sub(tiers, &Rp, &Rp, &R);
	ecfi_edwards25519_double(tiers, &Rp, &Rp);
	ecfi_edwards25519_double(tiers, &Rp, &Rp);
	ecfi_edwards25519_double(tiers, &Rp, &Rp);
	ecfi_ed_p3 I;
	ecfi_edwards25519_identity(&I);
	return ecfi_edwards25519_equal_mask(tiers, &Rp, &I) ? ECF_OK : ECF_ERR_VERIFY;
}

/* ---- prepared public keys ---- */

/* The layout behind ecf_ed25519_prepared_key's opaque words. */
typedef struct {
	uint64_t marker; /* PREP_MARKER once prepared; 0 in a zeroed struct */
	uint8_t pk[32];
	ecfi_ed_cached negA[PREP_N]; /* -A, -3A, ..., -(2 PREP_N - 1)A */
} prep_layout;
_Static_assert(sizeof(prep_layout) <= sizeof(ecf_ed25519_prepared_key), "ECF_ED25519_PREPARED_KEY_BYTES too small");
_Static_assert(sizeof(ecf_ed25519_prepared_key) == ECF_ED25519_PREPARED_KEY_BYTES, "prepared key size");
#define PREP_MARKER UINT64_C(0x7072657065643235) /* "ped25erp" */

int ecf_ed25519_public_key_prepare(ecf_ed25519_prepared_key *prep, const uint8_t pk[32])
{
	if (prep == NULL)
		return ECF_ERR_NULL;
	memset(prep, 0, sizeof *prep);
	if (pk == NULL)
		return ECF_ERR_NULL;
	prep_layout *l = (prep_layout *)prep->opaque;
	int st = decode_neg_table(ecfi_tiers(), l->negA, PREP_N, pk, ECFI_ED_DECODE_STRICT);
	if (st != ECF_OK) {
		memset(prep, 0, sizeof *prep);
		return st;
	}
	memcpy(l->pk, pk, 32);
	l->marker = PREP_MARKER;
	return ECF_OK;
}

int ecf_ed25519_verify_prepared(const uint8_t sig[64], const ecf_ed25519_prepared_key *prep, const uint8_t *msg,
                                size_t msg_len)
{
	if (sig == NULL || prep == NULL || (msg == NULL && msg_len != 0))
		return ECF_ERR_NULL;
	const prep_layout *l = (const prep_layout *)prep->opaque;
	if (l->marker != PREP_MARKER)
		return ECF_ERR_ENCODING;
	return verify_strict_table(ecfi_tiers(), sig, &DOM_NONE, msg, msg_len, l->pk, l->negA, PREP_W);
}

/* ---- conversion to X25519 ---- */

int ecf_ed25519_pk_to_x25519(uint8_t x25519_pk[32], const uint8_t pk[32])
{
	if (x25519_pk == NULL)
		return ECF_ERR_NULL;
	if (pk == NULL) {
		memset(x25519_pk, 0, 32);
		return ECF_ERR_NULL;
	}
	const uint32_t tiers = ecfi_tiers();
	ecfi_ed_p3 A;
	int st = ecfi_edwards25519_decode(tiers, &A, pk, ECFI_ED_DECODE_STRICT); /* pk read once: may alias */
	memset(x25519_pk, 0, 32);
	if (st != ECF_OK)
		return st;
	/* libsodium rejects the small-order encodings, then any point outside the
	 * prime-order subgroup. */
	if (ecfi_edwards25519_is_small_order(&A) || !ecfi_edwards25519_is_torsion_free(&A))
		return ECF_ERR_SMALL_ORDER;
	/* u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y); Z - Y != 0: y = 1 is the
	 * identity, rejected above. */
	fe n, d;
	ecfi_p25519_add(&n, &A.Z, &A.Y);
	ecfi_p25519_sub(&d, &A.Z, &A.Y);
	ecfi_p25519_inv(&d, &d);
	fe_mul(tiers, &n, &n, &d);
	ecfi_p25519_to_bytes(x25519_pk, &n);
	return ECF_OK;
}

static ECFI_NOINLINE void sk_to_x25519_worker(uint8_t out[32], const uint8_t seed[32])
{
	uint8_t h[64];
	ecfi_sha512(h, seed, 32);
	ecfi_sc25519_clamp(out, h);
	ecfi_wipe(h, sizeof h);
}

int ecf_ed25519_sk_to_x25519(uint8_t x25519_sk[32], const uint8_t seed[32])
{
	if (x25519_sk == NULL)
		return ECF_ERR_NULL;
	if (seed == NULL) {
		ecfi_wipe(x25519_sk, 32);
		return ECF_ERR_NULL;
	}
	sk_to_x25519_worker(x25519_sk, seed);
	ecfi_wipe_stack();
	return ECF_OK;
}
