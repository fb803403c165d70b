/*
 * Differential fuzzing of the edwards25519 group (include/ecfield/
 * edwards25519.h) against libsodium 1.0.18.
 *
 * What each side promises, and so what is compared:
 * - libsodium's point decoder (ge25519_frombytes, used by
 *   crypto_core_ed25519_add/sub) is ZIP-215's: y in [0, 2^255) reduced mod p,
 *   x = 0 with the sign bit set accepted; it fails only when no x fits y.
 *   So crypto_core_ed25519_add(s, identity) is -1 exactly when
 *   ecf_edwards25519_from_bytes_zip215(s) fails, and otherwise the canonical
 *   encoding of that point. Strict decoding (RFC 8032 5.1.3) is the same
 *   minus y >= p (ECF_ERR_RANGE, checked first) and minus x = 0 with the
 *   sign bit (ECF_ERR_ENCODING); the harness derives the strict status from
 *   that and checks the code.
 * - crypto_core_ed25519_is_valid_point is stricter than any decoder: y < p,
 *   y not on its small-order blacklist (top bit ignored; the same as "8P =
 *   O" for a point that decodes), and l*P = O. Compared with decode &&
 *   !is_small_order && is_torsion_free.
 * - crypto_scalarmult_ed25519_noclamp(n, P) clears bit 255 of n, requires a
 *   valid point (as above) and returns -1 when n = 0 or the result is the
 *   identity; its point is taken as 8Q for the fuzzed Q (so it is in the
 *   prime-order subgroup) and its scalar masked for our side.
 *   crypto_scalarmult_ed25519_base_noclamp the same without the point.
 * - is_small_order is also checked against the blacklist on every decoded
 *   point, is_identity against y = 1, the encoding against a round trip.
 *
 * Operations (first byte b; "tier" = every tier unless said):
 *   b % 16 < 9:  decode strict + ZIP-215, encode, is_small_order, is_identity
 *                vs libsodium's add-the-identity;           (cheap)
 *   9, 10:       add, sub, double, neg (and in place) vs crypto_core_ed25519_add/sub
 *   11:          NULL and length errors                     (cheap)
 *   12, 13:      scalar_mult, scalar_mult_base vs libsodium, and against
 *                double_scalar_mult_base_vartime with full 256-bit
 *                scalars, one tier;      run for 1 input in 16 (fz_gate)
 *   14, 15:      is_valid_point vs decode, is_small_order,
 *                is_torsion_free, one tier;              1 input in 8
 * Gated-out expensive operations do the decode checks instead.
 */
#include "ecfield/edwards25519.h"

#include "fuzz_25519.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef ecf_edwards25519_point pt;

static const uint8_t IDENTITY[32] = {1};
/* Interesting encodings (fuzz_str32 mode 5): the small-order blacklist with
 * both sign bits, k*B for k = 1..8, B + each small-order point, and every
 * non-canonical y (p + k, k < 19) that decodes, with both sign bits. */
static uint8_t TABLE[96][32];
static size_t NTABLE;

static void add_entry(const uint8_t e[32])
{
	if (NTABLE < sizeof TABLE / sizeof TABLE[0])
		memcpy(TABLE[NTABLE++], e, 32);
}

/* libsodium's ZIP-215 decode-and-encode: 1 and the canonical encoding, or 0. */
static int sodium_zip215(uint8_t out[32], const uint8_t s[32])
{
	return crypto_core_ed25519_add(out, s, IDENTITY) == 0;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	if (sodium_init() < 0)
		abort();
	fz_init_tiers("edwards25519");
	fz_stats_init();
	uint8_t e[32], k[32] = {0}, b[32];
	for (int i = 0; i < 7; i++) {
		memcpy(e, FZ_ED_SMALL[i], 32);
		add_entry(e);
		e[31] |= 0x80;
		add_entry(e);
	}
	for (int i = 1; i <= 8; i++) {
		k[0] = (uint8_t)i;
		if (crypto_scalarmult_ed25519_base_noclamp(e, k) != 0)
			abort();
		add_entry(e);
	}
	k[0] = 1;
	crypto_scalarmult_ed25519_base_noclamp(b, k);
	for (int i = 0; i < 14; i++)
		if (crypto_core_ed25519_add(e, b, TABLE[i]) == 0)
			add_entry(e);
	for (unsigned j = 0; j < 19; j++) {
		fz_le_addk(e, FZ_P, j, 0);
		if (sodium_zip215(b, e)) {
			add_entry(e);
			e[31] |= 0x80;
			add_entry(e);
		}
	}
	/* self-check: every blacklisted encoding that decodes is of small order */
	for (size_t i = 0; i < 14; i++) {
		pt P;
		if (ecf_edwards25519_from_bytes_zip215(&P, TABLE[i], 32) == ECF_OK)
			FZ_CHECK(ecf_edwards25519_is_small_order(&P), "self-check: table entry %zu not small order", i);
	}
	static const uint8_t b_dec[] = {0, 0, 5, 20}, b_dec_raw[] = {0, 0, 0, 1, 2, 3}, b_add[] = {9, 5, 20, 5, 21},
	                     b_null[] = {11}, b_smul[] = {12, 0, 0x55, 5, 21}, b_valid[] = {14, 5, 20};
	fz_bench("decode (valid point)", b_dec, sizeof b_dec);
	fz_bench("decode (raw)", b_dec_raw, sizeof b_dec_raw);
	fz_bench("add/sub", b_add, sizeof b_add);
	fz_bench("NULL and lengths", b_null, sizeof b_null);
	fz_bench("scalar mult (ungated)", b_smul, sizeof b_smul);
	fz_bench("is_valid_point (ungated)", b_valid, sizeof b_valid);
	return 0;
}

static void fz_point_bytes(fz_cursor *c, uint8_t s[32]) { fz_str32(c, s, 0, (const uint8_t(*)[32])TABLE, NTABLE); }

/* Both decoders on s against libsodium's; the point (ZIP-215) in *P. */
static int check_decode(const uint8_t s[32], pt *P)
{
	uint8_t want[32], enc[32];
	int zip_ok = sodium_zip215(want, s);
	uint8_t y[32];
	memcpy(y, s, 32);
	y[31] &= 0x7f;
	int sign = s[31] >> 7;
	int range_bad = !fz_le_less(y, FZ_P);
	uint8_t one[32] = {1}, m1[32];
	fz_le_addk(m1, FZ_P, 1, 1);
	int x_zero = memcmp(y, one, 32) == 0 || memcmp(y, m1, 32) == 0;
	int want_strict = range_bad          ? ECF_ERR_RANGE
	                  : !zip_ok          ? ECF_ERR_NOT_ON_CURVE
	                  : (x_zero && sign) ? ECF_ERR_ENCODING
	                                     : ECF_OK;
	int small = zip_ok && fz_on_small_list(s, FZ_ED_SMALL);
	int ident = zip_ok && memcmp(want, IDENTITY, 32) == 0;
	pt Q;
	static const pt zero;
	FZ_EACH_TIER(i)
	{
		/* strict first; ZIP-215 must give the same point when strict accepts
		 * (compared with equal), and is decoded and encoded on its own only
		 * when strict rejects: two exponentiations per tier, not three */
		memset(P, 0xa5, sizeof *P);
		int st = ecf_edwards25519_from_bytes(P, s, 32);
		FZ_CHECK(st == want_strict, "strict decode status %d, want %d", st, want_strict);
		int zst = ecf_edwards25519_from_bytes_zip215(&Q, s, 32);
		FZ_CHECK(zst == (zip_ok ? ECF_OK : ECF_ERR_NOT_ON_CURVE), "ZIP-215 decode status %d, libsodium %s", zst,
		         zip_ok ? "accepts" : "rejects");
		if (st == ECF_OK) {
			ecf_edwards25519_to_bytes(enc, P);
			fz_expect_bytes(enc, s, 32, "encode(decode(s)) != s (strict)");
			fz_expect_bytes(want, s, 32, "libsodium re-encodes a strictly valid s differently");
			FZ_CHECK(ecf_edwards25519_equal(P, &Q), "strict and ZIP-215 decode to different points");
		} else {
			FZ_CHECK(memcmp(P, &zero, sizeof zero) == 0, "strict decode error left a point");
			if (zip_ok) {
				ecf_edwards25519_to_bytes(enc, &Q);
				fz_expect_bytes(enc, want, 32, "encode(decode_zip215(s)) vs libsodium");
			} else {
				FZ_CHECK(memcmp(&Q, &zero, sizeof zero) == 0, "ZIP-215 decode error left a point");
			}
		}
		if (zip_ok) {
			FZ_CHECK(ecf_edwards25519_is_small_order(&Q) == small, "is_small_order, want %d", small);
			FZ_CHECK(ecf_edwards25519_is_identity(&Q) == ident, "is_identity, want %d", ident);
		}
	}
	fz_tiers_reset();
	*P = Q;
	return zip_ok;
}

static void fz_decode(fz_cursor *c)
{
	uint8_t s[32];
	pt P;
	fz_point_bytes(c, s);
	check_decode(s, &P);
}

static void fz_addsub(fz_cursor *c)
{
	uint8_t a[32], b[32], sum[32], dif[32], enc[32], dbl[32];
	pt A, B, R, T;
	fz_point_bytes(c, a);
	fz_point_bytes(c, b);
	int sa = crypto_core_ed25519_add(sum, a, b);
	int sd = crypto_core_ed25519_sub(dif, a, b);
	int sdbl = crypto_core_ed25519_add(dbl, a, a);
	FZ_CHECK(sa == sd, "libsodium add and sub disagree on the status");
	FZ_EACH_TIER(i)
	{
		int da = ecf_edwards25519_from_bytes_zip215(&A, a, 32),
		    db = ecf_edwards25519_from_bytes_zip215(&B, b, 32);
		/* libsodium's add decodes both as ZIP-215 does: -1 iff one fails */
		FZ_CHECK((da == ECF_OK && db == ECF_OK) == (sa == 0), "ZIP-215 decode of a or b vs libsodium add");
		FZ_CHECK((da == ECF_OK) == (sdbl == 0), "ZIP-215 decode of a vs libsodium add(a, a)");
		if (da != ECF_OK || db != ECF_OK)
			continue;
		ecf_edwards25519_add(&R, &A, &B);
		ecf_edwards25519_to_bytes(enc, &R);
		fz_expect_bytes(enc, sum, 32, "add vs crypto_core_ed25519_add");
		T = A;
		ecf_edwards25519_add(&T, &T, &B);
		FZ_CHECK(ecf_edwards25519_equal(&T, &R), "add in place (r = a)");
		T = B;
		ecf_edwards25519_add(&T, &A, &T);
		FZ_CHECK(ecf_edwards25519_equal(&T, &R), "add in place (r = b)");
		ecf_edwards25519_sub(&R, &A, &B);
		ecf_edwards25519_to_bytes(enc, &R);
		fz_expect_bytes(enc, dif, 32, "sub vs crypto_core_ed25519_sub");
		T = A;
		ecf_edwards25519_sub(&T, &T, &B);
		FZ_CHECK(ecf_edwards25519_equal(&T, &R), "sub in place");
		ecf_edwards25519_double(&R, &A);
		ecf_edwards25519_to_bytes(enc, &R);
		fz_expect_bytes(enc, dbl, 32, "double vs crypto_core_ed25519_add(a, a)");
		T = A;
		ecf_edwards25519_double(&T, &T);
		FZ_CHECK(ecf_edwards25519_equal(&T, &R), "double in place");
		ecf_edwards25519_neg(&R, &A);
		ecf_edwards25519_add(&R, &R, &A);
		FZ_CHECK(ecf_edwards25519_is_identity(&R), "-a + a != O");
		FZ_CHECK(ecf_edwards25519_equal(&A, &B) == (memcmp(sum, dbl, 32) == 0),
		         "equal(a, b) disagrees with a + b == 2a");
		/* select and cmov: r = cond ? a : b, the representation copied */
		int cond = (int)(sum[0] & 3) - 1; /* -1, 0, 1, 2 */
		ecf_edwards25519_select(&R, &A, &B, cond);
		FZ_CHECK(memcmp(&R, cond ? &A : &B, sizeof R) == 0, "select, cond %d", cond);
		T = B;
		ecf_edwards25519_cmov(&T, &A, cond);
		FZ_CHECK(memcmp(&T, cond ? &A : &B, sizeof T) == 0, "cmov, cond %d", cond);
		T = A;
		ecf_edwards25519_select(&T, &T, &B, cond);
		FZ_CHECK(memcmp(&T, cond ? &A : &B, sizeof T) == 0, "select in place, cond %d", cond);
	}
	fz_tiers_reset();
}

static void fz_null(fz_cursor *c)
{
	uint8_t s[40];
	fz_bytes(c, s, sizeof s);
	size_t len = s[0] % 41;
	if (len == 32)
		len = 0;
	static const pt zero;
	pt P;
	FZ_EACH_TIER(i)
	{
		memset(&P, 0xa5, sizeof P);
		FZ_CHECK(ecf_edwards25519_from_bytes(&P, s, len) == ECF_ERR_LENGTH, "decode accepted length %zu", len);
		FZ_CHECK(memcmp(&P, &zero, sizeof P) == 0, "decode length error left a point");
		memset(&P, 0xa5, sizeof P);
		FZ_CHECK(ecf_edwards25519_from_bytes_zip215(&P, s, len) == ECF_ERR_LENGTH, "zip215 accepted length %zu",
		         len);
		FZ_CHECK(memcmp(&P, &zero, sizeof P) == 0, "zip215 length error left a point");
		memset(&P, 0xa5, sizeof P);
		FZ_CHECK(ecf_edwards25519_from_bytes(&P, NULL, 32) == ECF_ERR_NULL, "decode(NULL)");
		FZ_CHECK(memcmp(&P, &zero, sizeof P) == 0, "decode(NULL) left a point");
		FZ_CHECK(ecf_edwards25519_from_bytes(NULL, s, 32) == ECF_ERR_NULL, "decode(NULL out)");
		FZ_CHECK(ecf_edwards25519_from_bytes_zip215(NULL, s, 32) == ECF_ERR_NULL, "zip215(NULL out)");
		FZ_CHECK(ecf_edwards25519_from_bytes_zip215(&P, NULL, 32) == ECF_ERR_NULL, "zip215(NULL)");
	}
	fz_tiers_reset();
}

static void fz_smul(fz_cursor *c, uint8_t tier)
{
	uint8_t s[32], t[32], q[32], enc[32], want[32];
	pt P, P8, R, R2;
	fz_str32(c, s, 1, NULL, 0);
	fz_point_bytes(c, q);
	memcpy(t, s, 32);
	t[31] &= 0x7f;
	ecfi_cpu_set_kernels(FZ_TIERS[tier % FZ_NTIERS]);
	if (ecf_edwards25519_from_bytes_zip215(&P, q, 32) != ECF_OK)
		ecf_edwards25519_generator(&P);
	/* variable base: 8P is in the prime-order subgroup (libsodium's domain) */
	ecf_edwards25519_double(&P8, &P);
	ecf_edwards25519_double(&P8, &P8);
	ecf_edwards25519_double(&P8, &P8);
	ecf_edwards25519_to_bytes(q, &P8);
	ecf_edwards25519_scalar_mult(&R, t, &P8);
	ecf_edwards25519_to_bytes(enc, &R);
	int rs = crypto_scalarmult_ed25519_noclamp(want, s, q);
	int p8_id = ecf_edwards25519_is_identity(&P8);
	if (rs == 0)
		fz_expect_bytes(enc, want, 32, "scalar_mult vs crypto_scalarmult_ed25519_noclamp");
	else
		FZ_CHECK(p8_id || fz_is_zero32(s) || ecf_edwards25519_is_identity(&R),
		         "libsodium rejected a scalar mult we compute as a non-identity");
	/* the full 256-bit scalar on the point with its torsion, vs the vartime path */
	static const uint8_t zero[32];
	ecf_edwards25519_scalar_mult(&R, s, &P);
	ecf_edwards25519_double_scalar_mult_base_vartime(&R2, s, &P, zero);
	FZ_CHECK(ecf_edwards25519_equal(&R, &R2), "scalar_mult vs double_scalar_mult_base_vartime(s, P, 0)");
	R2 = P;
	ecf_edwards25519_scalar_mult(&R2, s, &R2);
	FZ_CHECK(ecf_edwards25519_equal(&R, &R2), "scalar_mult in place");
	/* fixed base */
	ecf_edwards25519_scalar_mult_base(&R, t);
	ecf_edwards25519_to_bytes(enc, &R);
	rs = crypto_scalarmult_ed25519_base_noclamp(want, s);
	if (rs == 0)
		fz_expect_bytes(enc, want, 32, "scalar_mult_base vs crypto_scalarmult_ed25519_base_noclamp");
	else
		FZ_CHECK(fz_is_zero32(s) || ecf_edwards25519_is_identity(&R), "libsodium rejected a base mult");
	ecf_edwards25519_scalar_mult_base(&R, s);
	ecf_edwards25519_double_scalar_mult_base_vartime(&R2, zero, &P, s);
	FZ_CHECK(ecf_edwards25519_equal(&R, &R2), "scalar_mult_base vs double_scalar_mult_base_vartime(0, P, s)");
	fz_tiers_reset();
}

static void fz_valid(fz_cursor *c, uint8_t tier)
{
	uint8_t s[32];
	pt P;
	fz_point_bytes(c, s);
	int want = crypto_core_ed25519_is_valid_point(s);
	ecfi_cpu_set_kernels(FZ_TIERS[tier % FZ_NTIERS]);
	int st = ecf_edwards25519_from_bytes(&P, s, 32);
	int got = st == ECF_OK && !ecf_edwards25519_is_small_order(&P) && ecf_edwards25519_is_torsion_free(&P);
	int tf = -1;
	if (ecf_edwards25519_from_bytes_zip215(&P, s, 32) == ECF_OK) {
		tf = ecf_edwards25519_is_torsion_free(&P);
		/* torsion-free iff l*P = O: compare with l*P computed by scalar_mult */
		pt R;
		ecf_edwards25519_scalar_mult(&R, FZ_L, &P);
		FZ_CHECK(tf == ecf_edwards25519_is_identity(&R), "is_torsion_free vs l*P = O");
	}
	fz_tiers_reset();
	FZ_CHECK(got == want,
	         "strict decode && !small order && torsion-free = %d, libsodium is_valid_point = %d (tf %d)", got, want,
	         tf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz_cursor c = {data, size};
	uint8_t b = fz_byte(&c) % 16;
	/* the scalar mults for 1 input in 16, is_valid_point for 1 in 8 */
	int heavy = fz_gate(data, size, b < 14 ? 4 : 3);
	if (b < 9 || (b >= 12 && !heavy)) {
		FZ_STAT(0, "decode");
		fz_decode(&c);
	} else if (b < 11) {
		FZ_STAT(1, "add/sub");
		fz_addsub(&c);
	} else if (b == 11) {
		FZ_STAT(2, "NULL and lengths");
		fz_null(&c);
	} else if (b < 14) {
		FZ_STAT(3, "scalar mults");
		fz_smul(&c, fz_byte(&c));
	} else {
		FZ_STAT(4, "is_valid_point");
		fz_valid(&c, fz_byte(&c));
	}
	return 0;
}
