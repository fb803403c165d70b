/*
 * Portable Montgomery kernels mod p = 2^256 - 2^224 + 2^192 + 2^96 - 1
 * (R = 2^256). p is Montgomery-friendly: -p^-1 = 1 mod 2^64, so the
 * reduction factor of each row is the row's low word itself, and with
 * p0 = 2^64 - 1, p2 = 0 adding m*p costs one multiply by p1 and one by p3.
 * Operand scanning, one reduction step per row (measured fastest here; see
 * docs/benchmarks.md). Prototypes and contracts: kernels/kernels.h.
 */
#include "kernels/kernels.h"
#include "kernels/portable/mont_generic.h"

static const uint64_t P[4] = {0xffffffffffffffff, 0x00000000ffffffff, 0, 0xffffffff00000001};
#define P1 0x00000000ffffffffULL
#define P3 0xffffffff00000001ULL

/* (t4:t3:t2:t1:t0 + m*p) / 2^64 with m = t0: m*p0 + t0 = m*2^64 exactly. */
#define P256_REDUCE_STEP(t0, t1, t2, t3, t4, t5)                                                                       \
	do {                                                                                                           \
		uint64_t m_ = t0, c_, k_ = 0;                                                                          \
		t0 = ecfi_mac(&c_, m_, P1, t1, m_);                                                                    \
		t1 = ecfi_adc(&k_, t2, c_);                                                                            \
		t2 = ecfi_mac(&c_, m_, P3, t3, k_);                                                                    \
		k_ = 0;                                                                                                \
		t3 = ecfi_adc(&k_, t4, c_);                                                                            \
		t4 = t5 + k_;                                                                                          \
	} while (0)

void ecfk_p256_mul_portable(uint64_t z[4], const uint64_t x[4], const uint64_t y[4])
{
	uint64_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
	uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5, c, k;
	for (int i = 0; i < 4; i++) {
		uint64_t yi = y[i];
		t0 = ecfi_mac(&c, x0, yi, t0, 0);
		t1 = ecfi_mac(&c, x1, yi, t1, c);
		t2 = ecfi_mac(&c, x2, yi, t2, c);
		t3 = ecfi_mac(&c, x3, yi, t3, c);
		k = 0;
		t4 = ecfi_adc(&k, t4, c);
		t5 = k;
		P256_REDUCE_STEP(t0, t1, t2, t3, t4, t5);
	}
	uint64_t t[4] = {t0, t1, t2, t3};
	ecfi_limbs_reduce_once(z, t, t4, P, 4);
}

void ecfk_p256_redc_portable(uint64_t z[4], const uint64_t t[8])
{
	uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = 0, k;
	uint64_t hi[4] = {t[4], t[5], t[6], t[7]};
	for (int i = 0; i < 4; i++) {
		P256_REDUCE_STEP(t0, t1, t2, t3, t4, 0);
		/* Bring in the next word of the upper half. */
		k = 0;
		t3 = ecfi_adc(&k, t3, hi[i]);
		t4 += k;
	}
	uint64_t r[4] = {t0, t1, t2, t3};
	ecfi_limbs_reduce_once(z, r, t4, P, 4);
}

void ecfk_p256_sqr_portable(uint64_t z[4], const uint64_t x[4])
{
	uint64_t t[8];
	ecfi_sqr_wide_generic(t, x, 4);
	ecfk_p256_redc_portable(z, t);
}
