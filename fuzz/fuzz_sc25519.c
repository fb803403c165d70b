/* Differential fuzzing of the edwards25519 scalar field (mod l) against GMP:
 * the generic Montgomery-field operations plus the plain-domain extras
 * (from_bytes_reduce, muladd) and clamp. */
#include "ecfield/sc25519.h"

#define FIELD sc25519
#define NL 4
#define MOD_HEX "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed"
#define FIELD_BYTES 32
#define FIELD_BIG_ENDIAN 0
#define FIELD_EXTRA_OPS 3

#include "fuzz_common.h"
static void fz_extra(int op, fz_cursor *c);
#include "fuzz_mont_field.h"

/* from_bytes_reduce: any 32- or 64-byte string (little-endian) mod l; other
 * lengths and NULL rejected with the output zeroed. */
static void fz_wide(fz_cursor *c)
{
	uint8_t sel = fz_byte(c), buf[80];
	size_t len = (sel & 3) == 0 ? (size_t)(fz_byte(c) % 81) : (sel & 1) ? 32 : 64;
	fz_bytes(c, buf, len);
	if (sel & 4) /* all-ones strings: the largest values */
		memset(buf, 0xff, len);
	ecf_sc25519_fe r, want;
	FZ_EACH_TIER(k)
	{
		memset(&r, 0xa5, sizeof r);
		int st = ecf_sc25519_from_bytes_reduce(&r, (sel & 0x80) && len ? NULL : buf, len);
		if ((sel & 0x80) && len) {
			FZ_CHECK(st == ECF_ERR_NULL, "from_bytes_reduce(NULL) status %d", st);
			FZ_CHECK(ecf_sc25519_is_zero(&r), "from_bytes_reduce(NULL) left a value");
		} else if (len != 32 && len != 64) {
			FZ_CHECK(st == ECF_ERR_LENGTH, "from_bytes_reduce accepted length %zu", len);
			FZ_CHECK(ecf_sc25519_is_zero(&r), "from_bytes_reduce length error left a value");
		} else {
			FZ_CHECK(st == ECF_OK, "from_bytes_reduce status %d", st);
			mpz_import(X_, len, -1, 1, 0, 0, buf);
			mpz_mod(X_, X_, M_);
			fz_want(&want, X_);
			fz_expect_limbs(r.limb, want.limb, 4, "from_bytes_reduce value");
		}
	}
	fz_tiers_reset();
	FZ_CHECK(ecf_sc25519_from_bytes_reduce(NULL, buf, 64) == ECF_ERR_NULL, "from_bytes_reduce(NULL output)");
}

/* muladd: r = a*b + c (plain), with r aliasing each input. */
static void fz_muladd(fz_cursor *c)
{
	ecf_sc25519_fe a, b, cc, r, t, want;
	fz_elem(c, &a, X_);
	fz_elem(c, &b, Y_);
	fz_elem(c, &cc, Z_);
	mpz_mul(X_, X_, Y_);
	mpz_add(X_, X_, Z_);
	mpz_mod(X_, X_, M_);
	fz_want(&want, X_);
	FZ_EACH_TIER(k)
	{
		ecf_sc25519_muladd(&r, &a, &b, &cc);
		fz_expect_limbs(r.limb, want.limb, 4, "muladd");
		t = a;
		ecf_sc25519_muladd(&t, &t, &b, &cc);
		fz_expect_limbs(t.limb, want.limb, 4, "muladd r == a");
		t = b;
		ecf_sc25519_muladd(&t, &a, &t, &cc);
		fz_expect_limbs(t.limb, want.limb, 4, "muladd r == b");
		t = cc;
		ecf_sc25519_muladd(&t, &a, &b, &t);
		fz_expect_limbs(t.limb, want.limb, 4, "muladd r == c");
	}
	fz_tiers_reset();
}

/* clamp: bits 0-2 and 255 cleared, 254 set, everything else kept. */
static void fz_clamp(fz_cursor *c)
{
	uint8_t in[32], out[32];
	fz_bytes(c, in, 32);
	ecf_sc25519_clamp(out, in);
	mpz_import(X_, 32, -1, 1, 0, 0, in);
	mpz_import(Y_, 32, -1, 1, 0, 0, out);
	for (mp_bitcnt_t bit = 0; bit < 256; bit++) {
		int want = bit < 3 || bit == 255 ? 0 : bit == 254 ? 1 : mpz_tstbit(X_, bit);
		FZ_CHECK(mpz_tstbit(Y_, bit) == want, "clamp bit %lu", (unsigned long)bit);
	}
	ecf_sc25519_clamp(in, in);
	FZ_CHECK(memcmp(in, out, 32) == 0, "clamp in place");
}

static void fz_extra(int op, fz_cursor *c)
{
	if (op == 0)
		fz_wide(c);
	else if (op == 1)
		fz_muladd(c);
	else
		fz_clamp(c);
}
