/*
 * The portable GF(2^255 - 19) kernels built without unsigned __int128
 * (ECFI_NO_INT128: the 32-bit-halves fallback of common/wide.h that 32-bit
 * targets use), compared bit for bit with the same kernels built normally,
 * on edge and random inputs below 2^256. The source is included here under
 * other names so both builds live in one program.
 */
#define ECFI_NO_INT128 1
#define ecfk_p25519_mul_portable ecfk_p25519_mul_noint128
#define ecfk_p25519_sqr_portable ecfk_p25519_sqr_noint128
#include "kernels/portable/p25519_portable.c"
#undef ecfk_p25519_mul_portable
#undef ecfk_p25519_sqr_portable

#include <string.h>

#include "common/testutil.h"

/* The library's kernels (kernels.h was read above under the other names). */
void ecfk_p25519_mul_portable(uint64_t z[4], const uint64_t x[4], const uint64_t y[4]);
void ecfk_p25519_sqr_portable(uint64_t z[4], const uint64_t x[4]);

static void test_noint128(void **s)
{
	(void)s;
	test_expect(ECFI_HAVE_INT128 == 0, "ECFI_NO_INT128 did not take effect");
	mpz_t m;
	mpz_init(m);
	mpz_ui_pow_ui(m, 2, 256);
	uint64_t edge[32][16];
	size_t nedge = test_edge_values(edge, 32, m, 4);
	mpz_clear(m);
	test_rng rng;
	test_rng_init(&rng, 0x128);
	long cases = (long)(nedge * nedge) + test_iterations(100000);
	for (long i = 0; i < cases; i++) {
		uint64_t x[4], y[4], a[4], b[4];
		if (i < (long)(nedge * nedge)) {
			memcpy(x, edge[i / (long)nedge], sizeof x);
			memcpy(y, edge[i % (long)nedge], sizeof y);
		} else {
			test_rand_limbs(&rng, x, 4, (int)(i & 1));
			test_rand_limbs(&rng, y, 4, (int)(i & 2));
		}
		ecfk_p25519_mul_noint128(a, x, y);
		ecfk_p25519_mul_portable(b, x, y);
		test_expect_limbs(a, b, 4, "mul without int128, case %ld", i);
		ecfk_p25519_sqr_noint128(a, x);
		ecfk_p25519_sqr_portable(b, x);
		test_expect_limbs(a, b, 4, "sqr without int128, case %ld", i);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_noint128)};
	return cmocka_run_group_tests_name("p25519_noint128", tests, NULL, NULL);
}
