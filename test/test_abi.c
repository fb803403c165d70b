/*
 * Kernel ABI (checkasm-style): every assembly kernel is called through a
 * trampoline (abi_trampoline_<arch>.S) that fills the callee-saved registers
 * with canaries and checks them, the stack pointer and the direction flag
 * after the call. A kernel that forgets to restore a register fails here even
 * when the compiler-generated caller happens not to notice. Guard words
 * around the output catch writes past it. Each kernel's
 * result is also compared with the portable kernel's, so the trampoline
 * passed the arguments right. A planted clobber shows the check can fail.
 *
 * To add kernels: one ABI_MONT (mul, sqr, redc) or ABI_SIDH (mp_mul, redc) row
 * per field and tier in KERNELS below, or ABI_ROW for a single kernel.
 */
#include <string.h>

#include "common/moduli.h"
#include "common/testutil.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

/* Set when the kernels' case skipped: main then exits 77, which meson reports
 * as SKIP instead of OK. */
static int all_skipped;

typedef void (*any_fn)(void);
uint32_t ecft_abi_call(any_fn fn, uint64_t a0, uint64_t a1, uint64_t a2);
void ecft_abi_planted_clobber(void);

#if defined(__aarch64__)
static const char *const REG_NAMES[] = {"x19", "x20", "x21", "x22", "x23", "x24",   "x25",
                                        "x26", "x27", "x28", "x29", "sp",  "d8-d15"};
#define KEPT "x19-x29, sp and d8-d15"
#else
static const char *const REG_NAMES[] = {"rbx", "rbp", "r12", "r13", "r14", "r15", "rsp", "direction flag"};
#define KEPT "rbx, rbp, r12-r15, rsp and DF"
#endif
#define NREGS (sizeof REG_NAMES / sizeof REG_NAMES[0])

typedef struct abi_kernel {
	const char *name;
	uint32_t tier; /* ECFI_KERNEL_* bit the kernel needs */
	size_t n;      /* limbs of an element */
	/* MUL: z = f(x, y), x, y < m; SQR: z = f(x), x < m; REDC: z = f(t), t of
	 * 2n limbs below m*R; MP_MUL: c (2n limbs) = x*y for any x, y < R. */
	enum { MUL, SQR, REDC, MP_MUL } kind;
	const char *mod_hex; /* m; "any" when every n-limb input is allowed */
	any_fn fn, ref;
} abi_kernel;

#define ABI_ROW(field, op, KIND, tier_name, tier_bit, n, hex)                                                          \
	{                                                                                                              \
#field "_" #op "_" #tier_name, tier_bit, n, KIND, hex, (any_fn)ecfk_##field##_##op##_##tier_name,      \
		    (any_fn)ecfk_##field##_##op##_portable                                                             \
	}
/* Montgomery fields: mul, sqr, redc. */
#define ABI_MONT(field, tier_name, tier_bit, n, hex)                                                                   \
	ABI_ROW(field, mul, MUL, tier_name, tier_bit, n, hex), ABI_ROW(field, sqr, SQR, tier_name, tier_bit, n, hex),  \
	    ABI_ROW(field, redc, REDC, tier_name, tier_bit, n, hex)
/* Isogeny fields: mp_mul (output 2n limbs, must not alias) and redc ([0, 2p)). */
#define ABI_SIDH(field, tier_name, tier_bit, n, hex)                                                                   \
	ABI_ROW(field, mp_mul, MP_MUL, tier_name, tier_bit, n, hex),                                                   \
	    ABI_ROW(field, redc, REDC, tier_name, tier_bit, n, hex)

static const abi_kernel KERNELS[] = {
#if ECFI_X86_64_KERNELS
    ABI_MONT(p256, mulx_adx, ECFI_KERNEL_MULX_ADX, 4, P256_HEX),
    ABI_MONT(p256n, mulx_adx, ECFI_KERNEL_MULX_ADX, 4, P256N_HEX),
    /* p25519 kernels take any 256-bit x, y. */
    ABI_ROW(p25519, mul, MUL, mulx_adx, ECFI_KERNEL_MULX_ADX, 4, "any"),
    ABI_ROW(p25519, sqr, SQR, mulx_adx, ECFI_KERNEL_MULX_ADX, 4, "any"),
    ABI_SIDH(p434, mulx_adx, ECFI_KERNEL_MULX_ADX, 7, P434_HEX),
    ABI_SIDH(p503, mulx_adx, ECFI_KERNEL_MULX_ADX, 8, P503_HEX),
    ABI_SIDH(p610, mulx_adx, ECFI_KERNEL_MULX_ADX, 10, P610_HEX),
    ABI_SIDH(p751, mulx_adx, ECFI_KERNEL_MULX_ADX, 12, P751_HEX),
    ABI_ROW(p434, mul, MUL, mulx_adx, ECFI_KERNEL_MULX_ADX, 7, P434_HEX),
    ABI_ROW(p503, mul, MUL, mulx_adx, ECFI_KERNEL_MULX_ADX, 8, P503_HEX),
    ABI_ROW(p610, mul, MUL, mulx_adx, ECFI_KERNEL_MULX_ADX, 10, P610_HEX),
    ABI_ROW(p751, mul, MUL, mulx_adx, ECFI_KERNEL_MULX_ADX, 12, P751_HEX),
    ABI_ROW(p434, sqr, SQR, mulx_adx, ECFI_KERNEL_MULX_ADX, 7, P434_HEX),
    ABI_ROW(p503, sqr, SQR, mulx_adx, ECFI_KERNEL_MULX_ADX, 8, P503_HEX),
    ABI_ROW(p610, sqr, SQR, mulx_adx, ECFI_KERNEL_MULX_ADX, 10, P610_HEX),
    ABI_ROW(p751, sqr, SQR, mulx_adx, ECFI_KERNEL_MULX_ADX, 12, P751_HEX),
#endif
#if ECFI_AARCH64_KERNELS
    ABI_MONT(p256, aarch64, ECFI_KERNEL_AARCH64, 4, P256_HEX),
    ABI_MONT(p256n, aarch64, ECFI_KERNEL_AARCH64, 4, P256N_HEX),
    ABI_ROW(p25519, mul, MUL, aarch64, ECFI_KERNEL_AARCH64, 4, "any"),
    ABI_ROW(p25519, sqr, SQR, aarch64, ECFI_KERNEL_AARCH64, 4, "any"),
    ABI_SIDH(p434, aarch64, ECFI_KERNEL_AARCH64, 7, P434_HEX),
    ABI_SIDH(p503, aarch64, ECFI_KERNEL_AARCH64, 8, P503_HEX),
    ABI_SIDH(p610, aarch64, ECFI_KERNEL_AARCH64, 10, P610_HEX),
    ABI_SIDH(p751, aarch64, ECFI_KERNEL_AARCH64, 12, P751_HEX),
    ABI_ROW(p434, mul, MUL, aarch64, ECFI_KERNEL_AARCH64, 7, P434_HEX),
    ABI_ROW(p503, mul, MUL, aarch64, ECFI_KERNEL_AARCH64, 8, P503_HEX),
    ABI_ROW(p610, mul, MUL, aarch64, ECFI_KERNEL_AARCH64, 10, P610_HEX),
    ABI_ROW(p751, mul, MUL, aarch64, ECFI_KERNEL_AARCH64, 12, P751_HEX),
    ABI_ROW(p434, sqr, SQR, aarch64, ECFI_KERNEL_AARCH64, 7, P434_HEX),
    ABI_ROW(p503, sqr, SQR, aarch64, ECFI_KERNEL_AARCH64, 8, P503_HEX),
    ABI_ROW(p610, sqr, SQR, aarch64, ECFI_KERNEL_AARCH64, 10, P610_HEX),
    ABI_ROW(p751, sqr, SQR, aarch64, ECFI_KERNEL_AARCH64, 12, P751_HEX),
#endif
    {NULL, 0, 0, MUL, NULL, NULL, NULL}, /* end; also keeps the array non-empty */
};
#define NKERNELS (sizeof KERNELS / sizeof KERNELS[0] - 1)

#define GUARD 0x6a6a6a6a6a6a6a6aULL

static void report(const char *name, uint32_t broken)
{
	for (unsigned b = 0; b < NREGS; b++)
		if (broken & (1u << b))
			fprintf(stderr, "# %s clobbered %s\n", name, REG_NAMES[b]);
}

/* Inputs inside the kernel's contract: below xlim (x, or t for redc) and
 * ylim. Round 0: the largest allowed values; round 1: zero; then random,
 * uniform or biased. */
static void abi_inputs(test_rng *rng, int round, const mpz_t xlim, const mpz_t ylim, uint64_t *x, size_t xn,
                       uint64_t *y, size_t yn)
{
	mpz_t v;
	mpz_init(v);
	if (round == 0) {
		mpz_sub_ui(v, xlim, 1);
		test_mpz_to_limbs(x, xn, v);
		mpz_sub_ui(v, ylim, 1);
		test_mpz_to_limbs(y, yn, v);
	} else if (round == 1) {
		memset(x, 0, xn * sizeof *x);
		memset(y, 0, yn * sizeof *y);
	} else {
		test_rand_below(rng, x, xlim, xn, round & 1);
		test_rand_below(rng, y, ylim, yn, round & 1);
	}
	mpz_clear(v);
}

static void check_kernel(const abi_kernel *k, test_rng *rng)
{
	mpz_t m, r, xlim, ylim;
	mpz_inits(m, r, xlim, ylim, NULL);
	mpz_set_ui(r, 0);
	mpz_setbit(r, 64 * k->n);
	if (strcmp(k->mod_hex, "any") == 0)
		mpz_set(m, r);
	else
		test_mpz_set_hex(m, k->mod_hex);
	size_t xn = k->kind == REDC ? 2 * k->n : k->n;
	size_t zn = k->kind == MP_MUL ? 2 * k->n : k->n;
	if (k->kind == REDC)
		mpz_mul(xlim, m, r); /* t < m*R */
	else if (k->kind == MP_MUL)
		mpz_set(xlim, r); /* any value below R */
	else
		mpz_set(xlim, m);
	mpz_set(ylim, k->kind == REDC ? r : xlim); /* redc has no y */
	for (int round = 0; round < 64; round++) {
		uint64_t x[32], y[16], zbuf[34], want[32];
		uint64_t *z = zbuf + 1; /* guard words around the output catch stray writes */
		for (size_t w = 0; w < 34; w++)
			zbuf[w] = GUARD;
		abi_inputs(rng, round, xlim, ylim, x, xn, y, k->n);
		uint32_t broken =
		    ecft_abi_call(k->fn, (uint64_t)(uintptr_t)z, (uint64_t)(uintptr_t)x, (uint64_t)(uintptr_t)y);
		report(k->name, broken);
		test_expect(broken == 0, "%s broke the ABI (mask 0x%x)", k->name, broken);
		if (k->kind == MUL || k->kind == MP_MUL)
			((void (*)(uint64_t *, const uint64_t *, const uint64_t *))k->ref)(want, x, y);
		else
			((void (*)(uint64_t *, const uint64_t *))k->ref)(want, x);
		test_expect_limbs(z, want, zn, "%s through the trampoline, round %d", k->name, round);
		test_expect(zbuf[0] == GUARD && zbuf[zn + 1] == GUARD, "%s wrote outside its output", k->name);
	}
	mpz_clears(m, r, xlim, ylim, NULL);
}

static void test_kernels_abi(void **s)
{
	(void)s;
	uint32_t supported = ecfi_cpu_supported_kernels();
	test_rng rng;
	test_rng_init(&rng, 0xab1);
	size_t ran = 0;
	for (size_t i = 0; i < NKERNELS; i++) {
		const abi_kernel *k = &KERNELS[i];
		if ((k->tier & supported) != k->tier) {
			fprintf(stderr, "# SKIP %s: this CPU lacks its instructions\n", k->name);
			continue;
		}
		check_kernel(k, &rng);
		fprintf(stderr, "# ok %s keeps " KEPT ", writes only its output\n", k->name);
		ran++;
	}
	fprintf(stderr, "# %zu of %zu assembly kernels checked\n", ran, NKERNELS);
	if (ECFI_X86_64_KERNELS && test_host_has_mulx_adx())
		test_expect(ran == NKERNELS, "BMI2+ADX host: only %zu of %zu kernels checked", ran, NKERNELS);
	if (ECFI_AARCH64_KERNELS && test_host_has_asimd())
		test_expect(ran == NKERNELS, "ASIMD host: only %zu of %zu kernels checked", ran, NKERNELS);
	if (ran == 0) {
		fprintf(stderr, "# SKIP: no assembly kernel this CPU can run\n");
		all_skipped = 1;
		skip();
	}
}

/* The trampoline must see a planted clobber of rbx and r13 (x19 and x22 on
 * aarch64). */
static void test_planted_clobber(void **s)
{
	(void)s;
	uint32_t broken = ecft_abi_call(ecft_abi_planted_clobber, 1, 2, 3);
	report("planted_clobber", broken);
	test_expect(broken == (1u << 0 | 1u << 3), "planted clobber reported as 0x%x, expected %s and %s (0x9)", broken,
	            REG_NAMES[0], REG_NAMES[3]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_planted_clobber), cmocka_unit_test(test_kernels_abi)};
	int rc = cmocka_run_group_tests_name("abi", tests, NULL, NULL);
	return rc == 0 && all_skipped ? 77 : rc;
}
