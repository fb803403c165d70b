/*
 * Portable kernels for GF(2^255 - 19), saturated 4 x 64-bit limbs: the full
 * 512-bit product (operand scanning, every limb in a local so the compiler
 * keeps them in registers), then the fold of p25519_fold.h. Inputs are any
 * 256-bit values; outputs are below 2^256, congruent mod p, and equal bit for
 * bit to the MULX/ADX kernel's. Prototypes and contracts: kernels/kernels.h.
 */
#include "kernels/kernels.h"
#include "kernels/portable/p25519_fold.h"
#include "kernels/portable/sqr_4x64.h"

void ecfk_p25519_mul_portable(uint64_t z[4], const uint64_t x[4], const uint64_t y[4])
{
	uint64_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
	uint64_t t[8], c, y0 = y[0], y1 = y[1], y2 = y[2], y3 = y[3];
	uint64_t t0, t1, t2, t3, t4, t5, t6, t7;
	t0 = ecfi_mac(&c, x0, y0, 0, 0);
	t1 = ecfi_mac(&c, x1, y0, 0, c);
	t2 = ecfi_mac(&c, x2, y0, 0, c);
	t3 = ecfi_mac(&c, x3, y0, 0, c);
	t4 = c;
	t1 = ecfi_mac(&c, x0, y1, t1, 0);
	t2 = ecfi_mac(&c, x1, y1, t2, c);
	t3 = ecfi_mac(&c, x2, y1, t3, c);
	t4 = ecfi_mac(&c, x3, y1, t4, c);
	t5 = c;
	t2 = ecfi_mac(&c, x0, y2, t2, 0);
	t3 = ecfi_mac(&c, x1, y2, t3, c);
	t4 = ecfi_mac(&c, x2, y2, t4, c);
	t5 = ecfi_mac(&c, x3, y2, t5, c);
	t6 = c;
	t3 = ecfi_mac(&c, x0, y3, t3, 0);
	t4 = ecfi_mac(&c, x1, y3, t4, c);
	t5 = ecfi_mac(&c, x2, y3, t5, c);
	t6 = ecfi_mac(&c, x3, y3, t6, c);
	t7 = c;
	t[0] = t0, t[1] = t1, t[2] = t2, t[3] = t3, t[4] = t4, t[5] = t5, t[6] = t6, t[7] = t7;
	ecfi_p25519_fold(z, t);
}

void ecfk_p25519_sqr_portable(uint64_t z[4], const uint64_t x[4])
{
	uint64_t t[8];
	ecfi_sqr_4x64(t, x);
	ecfi_p25519_fold(z, t);
}
