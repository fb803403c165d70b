/*
 * Differential fuzzing of ristretto255 (include/ecfield/ristretto255.h)
 * against libsodium 1.0.18.
 *
 * What libsodium promises and what is compared:
 * - crypto_core_ristretto255_is_valid_point(s) is 1 exactly when RFC 9496
 *   4.3.1 decoding accepts s (canonical: s < p; s even; a square root; x*y
 *   non-negative; y != 0), except that 1.0.18 ignores bit 255 (its
 *   canonicity check masks it, so it accepts s + 2^255 for every valid s;
 *   found by this target). So a string
 *   with bit 255 set must give ECF_ERR_RANGE, and libsodium must say the
 *   same of it as of the string without that bit, which is then compared as
 *   usual. ecf_ristretto255_from_bytes must agree with libsodium, return ECF_ERR_RANGE exactly for s >= p and
 * ECF_ERR_ENCODING for the other rejections, zero the point on error, and re-encode an accepted s to itself (encodings
 * are canonical).
 * - crypto_core_ristretto255_from_hash(64 bytes) is the one-way map of RFC
 *   9496 4.3.4 (each half with its top bit masked): ecf_ristretto255_
 *   from_uniform_bytes must give the same encoding.
 * - crypto_core_ristretto255_add/sub return -1 when either input does not
 *   decode, else the encoding of the sum/difference.
 * - crypto_scalarmult_ristretto255(n, P) clears bit 255 of n and returns -1
 *   when the result is the identity (its output is then all zero);
 *   crypto_scalarmult_ristretto255_base the same for the generator. Our
 *   scalar mults take all 256 bits: compared with the masked scalar, and
 *   with the full scalar against double_scalar_mult_base_vartime.
 *
 * Operations (first byte b; cheap ones on every tier):
 *   b % 16 < 11: decode, encode, status code, equal          (~25 us)
 *   11:          from_uniform_bytes vs from_hash             (~45 us)
 *   12:          add, sub, neg, equal vs libsodium add/sub   (~70 us), for
 *                1 input in 2 (the others decode: fuzzing keeps many
 *                add/sub inputs, which made a third of the executions)
 *   13:          NULL and length errors                      (cheap)
 *   14, 15:      scalar_mult, scalar_mult_base vs libsodium, one tier, for
 *                1 input in 16 (fz_gate; the others decode)
 * A point operand is 64 input bytes through libsodium's from_hash (a valid
 * encoding every time) or a 32-byte string (fuzz_str32: raw, p + k, the
 * table of k*B for k = 0..15, with transformations p - s (negative s) and
 * s + p (non-canonical)).
 */
#include "ecfield/ristretto255.h"

#include "fuzz_25519.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef ecf_ristretto255_point pt;

static uint8_t TABLE[16][32]; /* k*B, k = 0..15 (RFC 9496 A.1) */

/* p - s or s + p (mod 2^256), little-endian */
static void fz_p_minus(uint8_t out[32], const uint8_t s[32])
{
	unsigned borrow = 0;
	for (int i = 0; i < 32; i++) {
		unsigned v = (unsigned)FZ_P[i] - s[i] - borrow;
		out[i] = (uint8_t)v;
		borrow = (v >> 8) & 1;
	}
}

static void fz_p_plus(uint8_t out[32], const uint8_t s[32])
{
	unsigned carry = 0;
	for (int i = 0; i < 32; i++) {
		unsigned v = (unsigned)FZ_P[i] + s[i] + carry;
		out[i] = (uint8_t)v;
		carry = v >> 8;
	}
}

/* A 32-byte string to decode: see the header comment. */
static void fz_enc(fz_cursor *c, uint8_t s[32])
{
	uint8_t how = fz_byte(c), t[32];
	if (how & 1) {
		uint8_t h[64];
		fz_bytes(c, h, 64);
		crypto_core_ristretto255_from_hash(s, h);
	} else {
		fz_str32(c, s, 0, (const uint8_t(*)[32])TABLE, 16);
	}
	if (how & 2) {
		memcpy(t, s, 32);
		fz_p_minus(s, t);
	} else if (how & 4) {
		memcpy(t, s, 32);
		fz_p_plus(s, t);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (sodium_init() < 0)
		abort();
	fz_init_tiers("ristretto255");
	fz_stats_init();
	uint8_t k[32] = {0};
	for (int i = 1; i < 16; i++) {
		k[0] = (uint8_t)i;
		if (crypto_scalarmult_ristretto255_base(TABLE[i], k) != 0)
			abort();
	}
	static const uint8_t b_dec[] = {0, 0, 5, 3}, b_raw[] = {0, 0, 0, 7, 1, 2, 3}, b_uni[] = {9, 1},
	                     b_add[] = {11, 0, 5, 3, 0, 5, 7}, b_null[] = {13}, b_smul[] = {14, 0, 0, 0x77, 0, 5, 3};
	fz_bench("decode (valid)", b_dec, sizeof b_dec);
	fz_bench("decode (raw)", b_raw, sizeof b_raw);
	fz_bench("from_uniform_bytes", b_uni, sizeof b_uni);
	fz_bench("add/sub", b_add, sizeof b_add);
	fz_bench("NULL and lengths", b_null, sizeof b_null);
	fz_bench("scalar mult (ungated)", b_smul, sizeof b_smul);
	return 0;
}

static void fz_decode(fz_cursor *c)
{
	uint8_t s[32], enc[32];
	pt P, Q;
	static const pt zero;
	fz_enc(c, s);
	if (s[31] & 0x80) {
		/* libsodium 1.0.18 ignores bit 255 (its canonicity check masks it);
		 * RFC 9496 counts all 256 bits, so ours says RANGE.
		 * Then the low 255 bits are compared as usual. */
		FZ_EACH_TIER(i)
		{
			memset(&P, 0xa5, sizeof P);
			int st = ecf_ristretto255_from_bytes(&P, s, 32);
			FZ_CHECK(st == ECF_ERR_RANGE, "decode of s >= 2^255: status %d", st);
			FZ_CHECK(memcmp(&P, &zero, sizeof P) == 0, "decode error left a point");
		}
		int v1 = crypto_core_ristretto255_is_valid_point(s);
		s[31] &= 0x7f;
		FZ_CHECK(v1 == crypto_core_ristretto255_is_valid_point(s), "libsodium 1.0.18 model: bit 255 matters");
	}
	int valid = crypto_core_ristretto255_is_valid_point(s);
	int want = valid ? ECF_OK : fz_le_less(s, FZ_P) ? ECF_ERR_ENCODING : ECF_ERR_RANGE;
	FZ_EACH_TIER(i)
	{
		memset(&P, 0xa5, sizeof P);
		int st = ecf_ristretto255_from_bytes(&P, s, 32);
		if (st != want)
			fz_print_bytes("s", s, 32);
		FZ_CHECK(st == want, "decode status %d, want %d (libsodium is_valid_point %d)", st, want, valid);
		if (st != ECF_OK) {
			FZ_CHECK(memcmp(&P, &zero, sizeof P) == 0, "decode error left a point");
			continue;
		}
		ecf_ristretto255_to_bytes(enc, &P);
		fz_expect_bytes(enc, s, 32, "encode(decode(s)) != s");
		Q = P;
		ecf_ristretto255_neg(&Q, &Q);
		FZ_CHECK(ecf_ristretto255_equal(&P, &Q) == fz_is_zero32(s), "P == -P only for the identity");
	}
	fz_tiers_reset();
}

static void fz_uniform(fz_cursor *c)
{
	uint8_t h[64], want[32], enc[32];
	fz_bytes(c, h, 64);
	crypto_core_ristretto255_from_hash(want, h);
	pt P;
	FZ_EACH_TIER(i)
	{
		FZ_CHECK(ecf_ristretto255_from_uniform_bytes(&P, h, 64) == ECF_OK, "from_uniform_bytes status");
		ecf_ristretto255_to_bytes(enc, &P);
		fz_expect_bytes(enc, want, 32, "from_uniform_bytes vs crypto_core_ristretto255_from_hash");
	}
	fz_tiers_reset();
}

static void fz_addsub(fz_cursor *c)
{
	uint8_t a[32], b[32], sum[32], dif[32], enc[32];
	pt A, B, R, T;
	fz_enc(c, a);
	fz_enc(c, b);
	a[31] &= 0x7f; /* libsodium 1.0.18 ignores bit 255 (see fz_decode) */
	b[31] &= 0x7f;
	int sa = crypto_core_ristretto255_add(sum, a, b);
	int sd = crypto_core_ristretto255_sub(dif, a, b);
	FZ_CHECK(sa == sd, "libsodium add and sub disagree on the status");
	FZ_EACH_TIER(i)
	{
		int da = ecf_ristretto255_from_bytes(&A, a, 32), db = ecf_ristretto255_from_bytes(&B, b, 32);
		FZ_CHECK((da == ECF_OK && db == ECF_OK) == (sa == 0), "decode of a or b vs libsodium add");
		if (da != ECF_OK || db != ECF_OK)
			continue;
		ecf_ristretto255_add(&R, &A, &B);
		ecf_ristretto255_to_bytes(enc, &R);
		fz_expect_bytes(enc, sum, 32, "add vs crypto_core_ristretto255_add");
		T = A;
		ecf_ristretto255_add(&T, &T, &B);
		FZ_CHECK(ecf_ristretto255_equal(&T, &R), "add in place");
		ecf_ristretto255_sub(&R, &A, &B);
		ecf_ristretto255_to_bytes(enc, &R);
		fz_expect_bytes(enc, dif, 32, "sub vs crypto_core_ristretto255_sub");
		T = B;
		ecf_ristretto255_sub(&T, &A, &T);
		FZ_CHECK(ecf_ristretto255_equal(&T, &R), "sub in place");
		FZ_CHECK(ecf_ristretto255_equal(&A, &B) == (memcmp(a, b, 32) == 0), "equal vs the encodings");
		FZ_CHECK(ecf_ristretto255_equal(&R, &A) == fz_is_zero32(b), "a - b == a only for b = 0");
		ecf_ristretto255_neg(&T, &B);
		ecf_ristretto255_add(&T, &A, &T);
		FZ_CHECK(ecf_ristretto255_equal(&T, &R), "a + (-b) != a - b");
		/* double against libsodium's a + a; is_identity against a - b with a = b */
		uint8_t dbl[32];
		FZ_CHECK(crypto_core_ristretto255_add(dbl, a, a) == 0, "libsodium add(a, a)");
		ecf_ristretto255_double(&T, &A);
		ecf_ristretto255_to_bytes(enc, &T);
		fz_expect_bytes(enc, dbl, 32, "double vs crypto_core_ristretto255_add(a, a)");
		FZ_CHECK(ecf_ristretto255_is_identity(&R) == (memcmp(a, b, 32) == 0), "is_identity(a - b) vs a == b");
		FZ_CHECK(ecf_ristretto255_is_identity(&A) == fz_is_zero32(a), "is_identity(a) vs a = 0");
		int cond = (int)(dif[0] & 3) - 1;
		ecf_ristretto255_select(&T, &A, &B, cond);
		FZ_CHECK(memcmp(&T, cond ? &A : &B, sizeof T) == 0, "select, cond %d", cond);
		T = B;
		ecf_ristretto255_cmov(&T, &A, cond);
		FZ_CHECK(memcmp(&T, cond ? &A : &B, sizeof T) == 0, "cmov, cond %d", cond);
	}
	fz_tiers_reset();
}

static void fz_null(fz_cursor *c)
{
	uint8_t s[72];
	fz_bytes(c, s, sizeof s);
	size_t len = s[0] % 73;
	static const pt zero;
	pt P;
	FZ_EACH_TIER(i)
	{
		memset(&P, 0xa5, sizeof P);
		int st = ecf_ristretto255_from_bytes(&P, s, len == 32 ? 31 : len);
		FZ_CHECK(st == ECF_ERR_LENGTH, "decode accepted a wrong length (%d)", st);
		FZ_CHECK(memcmp(&P, &zero, sizeof P) == 0, "decode length error left a point");
		memset(&P, 0xa5, sizeof P);
		st = ecf_ristretto255_from_uniform_bytes(&P, s, len == 64 ? 63 : len);
		FZ_CHECK(st == ECF_ERR_LENGTH, "from_uniform_bytes accepted a wrong length (%d)", st);
		FZ_CHECK(memcmp(&P, &zero, sizeof P) == 0, "from_uniform_bytes length error left a point");
		FZ_CHECK(ecf_ristretto255_from_bytes(&P, NULL, 32) == ECF_ERR_NULL, "decode(NULL)");
		FZ_CHECK(ecf_ristretto255_from_bytes(NULL, s, 32) == ECF_ERR_NULL, "decode(NULL out)");
		FZ_CHECK(ecf_ristretto255_from_uniform_bytes(&P, NULL, 64) == ECF_ERR_NULL, "from_uniform(NULL)");
		FZ_CHECK(ecf_ristretto255_from_uniform_bytes(NULL, s, 64) == ECF_ERR_NULL, "from_uniform(NULL out)");
	}
	fz_tiers_reset();
}

static void fz_smul(fz_cursor *c)
{
	uint8_t s[32], t[32], q[32], enc[32], want[32];
	static const uint8_t zero[32];
	pt P, R, R2;
	uint8_t tier = fz_byte(c);
	fz_str32(c, s, 1, NULL, 0);
	fz_enc(c, q);
	memcpy(t, s, 32);
	t[31] &= 0x7f;
	ecfi_cpu_set_kernels(FZ_TIERS[tier % FZ_NTIERS]);
	if (ecf_ristretto255_from_bytes(&P, q, 32) != ECF_OK) {
		ecf_ristretto255_generator(&P);
		ecf_ristretto255_to_bytes(q, &P);
	}
	ecf_ristretto255_scalar_mult(&R, t, &P);
	ecf_ristretto255_to_bytes(enc, &R);
	int rs = crypto_scalarmult_ristretto255(want, s, q);
	FZ_CHECK((rs != 0) == fz_is_zero32(enc), "libsodium scalarmult status %d, our result %s the identity", rs,
	         fz_is_zero32(enc) ? "is" : "is not");
	if (rs == 0)
		fz_expect_bytes(enc, want, 32, "scalar_mult vs crypto_scalarmult_ristretto255");
	ecf_ristretto255_scalar_mult(&R, s, &P);
	ecf_ristretto255_double_scalar_mult_base_vartime(&R2, s, &P, zero);
	FZ_CHECK(ecf_ristretto255_equal(&R, &R2), "scalar_mult vs double_scalar_mult_base_vartime(s, P, 0)");
	R2 = P;
	ecf_ristretto255_scalar_mult(&R2, s, &R2);
	FZ_CHECK(ecf_ristretto255_equal(&R, &R2), "scalar_mult in place");
	ecf_ristretto255_scalar_mult_base(&R, t);
	ecf_ristretto255_to_bytes(enc, &R);
	rs = crypto_scalarmult_ristretto255_base(want, s);
	FZ_CHECK((rs != 0) == fz_is_zero32(enc), "libsodium base status %d", rs);
	if (rs == 0)
		fz_expect_bytes(enc, want, 32, "scalar_mult_base vs crypto_scalarmult_ristretto255_base");
	ecf_ristretto255_scalar_mult_base(&R, s);
	ecf_ristretto255_double_scalar_mult_base_vartime(&R2, zero, &P, s);
	FZ_CHECK(ecf_ristretto255_equal(&R, &R2), "scalar_mult_base vs double_scalar_mult_base_vartime(0, P, s)");
	fz_tiers_reset();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cursor c = {data, size};
	uint8_t b = fz_byte(&c) % 16;
	if (b < 11 || (b == 12 && !fz_gate(data, size, 1)) || (b >= 14 && !fz_gate(data, size, 4))) {
		FZ_STAT(0, "decode");
		fz_decode(&c);
	} else if (b == 11) {
		FZ_STAT(1, "from_uniform_bytes");
		fz_uniform(&c);
	} else if (b == 12) {
		FZ_STAT(2, "add/sub");
		fz_addsub(&c);
	} else if (b == 13) {
		FZ_STAT(3, "NULL and lengths");
		fz_null(&c);
	} else {
		FZ_STAT(4, "scalar mults");
		fz_smul(&c);
	}
	return 0;
}
