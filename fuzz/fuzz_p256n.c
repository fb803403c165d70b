/* Differential fuzzing of the P-256 scalar field against GMP: the generic
 * Montgomery-field operations plus the reducing decoder. */
#include "ecfield/p256n.h"

#define FIELD p256n
#define NL 4
#define MOD_HEX "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"
#define FIELD_BYTES 32
#define FIELD_BIG_ENDIAN 1
#define FIELD_EXTRA_OPS 1

#include "fuzz_common.h"
static void fz_extra(int op, fz_cursor *c);
#include "fuzz_mont_field.h"

static void fz_extra(int op, fz_cursor *c)
{
	(void)op;
	/* from_bytes_reduce: any string of 32 or 64 bytes; other lengths and NULL rejected. */
	uint8_t sel = fz_byte(c), buf[80];
	size_t len = (sel & 3) == 0 ? (size_t)(fz_byte(c) % 81) : (sel & 1) ? 32 : 64;
	fz_bytes(c, buf, len);
	if (sel & 4) /* all-ones strings: the largest values */
		memset(buf, 0xff, len);
	ecf_p256n_fe r, want;
	FZ_EACH_TIER(k)
	{
		memset(&r, 0xa5, sizeof r);
		int st = ecf_p256n_from_bytes_reduce(&r, (sel & 0x80) && len ? NULL : buf, len);
		if ((sel & 0x80) && len) {
			FZ_CHECK(st == ECF_ERR_NULL, "from_bytes_reduce(NULL) status %d", st);
			FZ_CHECK(ecf_p256n_is_zero(&r), "from_bytes_reduce(NULL) left a value");
		} else if (len != 32 && len != 64) {
			FZ_CHECK(st == ECF_ERR_LENGTH, "from_bytes_reduce accepted length %zu", len);
			FZ_CHECK(ecf_p256n_is_zero(&r), "from_bytes_reduce length error left a value");
		} else {
			FZ_CHECK(st == ECF_OK, "from_bytes_reduce status %d", st);
			mpz_import(X_, len, 1, 1, 0, 0, buf);
			fz_want(&want, X_);
			fz_expect_limbs(r.limb, want.limb, 4, "from_bytes_reduce value");
		}
	}
	fz_tiers_reset();
	FZ_CHECK(ecf_p256n_from_bytes_reduce(NULL, buf, 32) == ECF_ERR_NULL, "from_bytes_reduce(NULL output)");
}
