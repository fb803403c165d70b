/* Differential fuzzing of GF(p256) against GMP: the generic Montgomery-field
 * operations plus sqrt and select. */
#include "ecfield/p256.h"

#define FIELD p256
#define NL 4
#define MOD_HEX "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"
#define FIELD_BYTES 32
#define FIELD_BIG_ENDIAN 1
#define FIELD_EXTRA_OPS 2

#include "fuzz_common.h"
static void fz_extra(int op, fz_cursor *c);
#include "fuzz_mont_field.h"

static void fz_extra(int op, fz_cursor *c)
{
	if (op == 0) { /* sqrt: status against the Legendre symbol, root checked by squaring */
		ecf_p256_fe a, r, r2;
		fz_elem(c, &a, X_);
		mpz_mul(Y_, X_, RINV_); /* plain value */
		mpz_mod(Y_, Y_, M_);
		int square = mpz_sgn(Y_) == 0 || mpz_legendre(Y_, M_) == 1;
		FZ_EACH_TIER(k)
		{
			int st = ecf_p256_sqrt(&r, &a);
			FZ_CHECK(st == (square ? ECF_OK : ECF_ERR_NOT_SQUARE), "sqrt status %d", st);
			if (square) {
				ecf_p256_sqr(&r2, &r);
				fz_expect_limbs(r2.limb, a.limb, 4, "sqrt(a)^2 != a");
				/* the documented root: a^((p+1)/4) in the plain domain */
				mpz_add_ui(Z_, M_, 1);
				mpz_fdiv_q_2exp(Z_, Z_, 2);
				mpz_powm(Z_, Y_, Z_, M_);
				mpz_mul(Z_, Z_, R_);
				ecf_p256_fe want;
				fz_want(&want, Z_);
				fz_expect_limbs(r.limb, want.limb, 4, "sqrt is not a^((p+1)/4)");
			} else {
				FZ_CHECK(ecf_p256_is_zero(&r), "sqrt of a non-square left a value");
			}
		}
		fz_tiers_reset();
		return;
	}
	/* select: a table of up to 16 entries, any index (often out of range), NULLs. */
	ecf_p256_fe table[16], r;
	size_t n = fz_byte(c) % 17;
	size_t idx = fz_byte(c);
	uint8_t flags = fz_byte(c);
	if (flags & 1)
		idx = (size_t)-1 - (idx & 3); /* huge indices */
	else
		idx %= 20;
	for (size_t i = 0; i < 16; i++)
		fz_limbs(c, table[i].limb, 4); /* any limbs: select copies, it does not interpret */
	memset(&r, 0xa5, sizeof r);
	if (flags & 2) {
		FZ_CHECK(ecf_p256_lookup(&r, NULL, n, idx) == ECF_ERR_NULL, "select(NULL table)");
		FZ_CHECK(ecf_p256_is_zero(&r), "select(NULL table) left a value");
		FZ_CHECK(ecf_p256_lookup(NULL, table, n, idx) == ECF_ERR_NULL, "select(NULL output)");
		return;
	}
	int st = ecf_p256_lookup(&r, table, n, idx);
	if (idx < n) {
		FZ_CHECK(st == ECF_OK, "select(%zu of %zu) status %d", idx, n, st);
		fz_expect_limbs(r.limb, table[idx].limb, 4, "select value");
	} else {
		FZ_CHECK(st == ECF_ERR_INDEX, "select(%zu of %zu) accepted (status %d)", idx, n, st);
		FZ_CHECK(ecf_p256_is_zero(&r), "select out of range left a value");
	}
}
