/*
 * Portable Montgomery kernels mod n, the P-256 group order (R = 2^256,
 * n0 = -n^-1 mod 2^64). The generic CIOS code serves: n has no structure to
 * exploit. Prototypes and contracts: kernels/kernels.h.
 */
#include "kernels/kernels.h"
#include "kernels/portable/mont_generic.h"

static const uint64_t N[4] = {0xf3b9cac2fc632551, 0xbce6faada7179e84, 0xffffffffffffffff, 0xffffffff00000000};
#define N0 0xccd1c8aaee00bc4fULL

void ecfk_p256n_mul_portable(uint64_t z[4], const uint64_t x[4], const uint64_t y[4])
{
	ecfi_montmul_generic(z, x, y, N, N0, 4);
}

void ecfk_p256n_sqr_portable(uint64_t z[4], const uint64_t x[4])
{
	uint64_t t[8];
	ecfi_sqr_wide_generic(t, x, 4);
	ecfi_redc_generic(z, t, N, N0, 4);
}

void ecfk_p256n_redc_portable(uint64_t z[4], const uint64_t t[8]) { ecfi_redc_generic(z, t, N, N0, 4); }
