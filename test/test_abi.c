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
 * To add kernels: one ABI_MONT row per field and tier in KERNELS below.
 */
#include <string.h>

#include "common/testutil.h"
#include "dispatch/cpu.h"
#include "kernels/kernels.h"

typedef void (*any_fn)(void);
uint32_t ecft_abi_call(any_fn fn, uint64_t a0, uint64_t a1, uint64_t a2);
void ecft_abi_planted_clobber(void);

static const char *const REG_NAMES[] = {"rbx", "rbp", "r12", "r13", "r14", "r15", "rsp", "direction flag"};

typedef struct abi_kernel {
	const char *name;
	uint32_t tier; /* ECFI_KERNEL_* bit the kernel needs */
	size_t n;      /* limbs of an element */
	int args;      /* 3: z, x, y (mul); 2: z, x (sqr, redc) */
	int redc;      /* x has 2n limbs */
	any_fn fn, ref;
} abi_kernel;

#define ABI_ROW(field, op, args, redc, tier_name, tier_bit, n)                                             \
	{#field "_" #op "_" #tier_name, tier_bit, n, args, redc, (any_fn)ecfk_##field##_##op##_##tier_name,      \
	 (any_fn)ecfk_##field##_##op##_portable}
#define ABI_MONT(field, tier_name, tier_bit, n)                                                             \
	ABI_ROW(field, mul, 3, 0, tier_name, tier_bit, n), ABI_ROW(field, sqr, 2, 0, tier_name, tier_bit, n),    \
	    ABI_ROW(field, redc, 2, 1, tier_name, tier_bit, n)

static const abi_kernel KERNELS[] = {
#if ECFI_X86_64_KERNELS
    ABI_MONT(p256, mulx_adx, ECFI_KERNEL_MULX_ADX, 4),
    ABI_MONT(p256n, mulx_adx, ECFI_KERNEL_MULX_ADX, 4),
#endif
};
#define NKERNELS (sizeof KERNELS / sizeof KERNELS[0])

static void report(const char *name, uint32_t broken)
{
	for (unsigned b = 0; b < 8; b++)
		if (broken & (1u << b))
			fprintf(stderr, "# %s clobbered %s\n", name, REG_NAMES[b]);
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
		for (int round = 0; round < 64; round++) {
			/* Small inputs are inside every contract (x, y < m; t < m*R). */
			uint64_t x[32] = {0}, y[16] = {0}, zbuf[18], want[16];
			uint64_t *z = zbuf + 1; /* guard words around the output catch stray writes */
			for (size_t w = 0; w < 18; w++)
				zbuf[w] = 0x6a6a6a6a6a6a6a6aULL;
			test_rand_limbs(&rng, x, k->redc ? 2 * k->n : k->n, round & 1);
			test_rand_limbs(&rng, y, k->n, round & 1);
			x[(k->redc ? 2 * k->n : k->n) - 1] >>= 4;
			y[k->n - 1] >>= 4;
			uint32_t broken = ecft_abi_call(k->fn, (uint64_t)(uintptr_t)z, (uint64_t)(uintptr_t)x,
			                                (uint64_t)(uintptr_t)y);
			report(k->name, broken);
			test_expect(broken == 0, "%s broke the ABI (mask 0x%x)", k->name, broken);
			if (k->args == 3)
				((void (*)(uint64_t *, const uint64_t *, const uint64_t *))k->ref)(want, x, y);
			else
				((void (*)(uint64_t *, const uint64_t *))k->ref)(want, x);
			test_expect_limbs(z, want, k->n, "%s through the trampoline, round %d", k->name, round);
			test_expect(zbuf[0] == 0x6a6a6a6a6a6a6a6aULL && zbuf[k->n + 1] == 0x6a6a6a6a6a6a6a6aULL,
			            "%s wrote outside its output", k->name);
		}
		fprintf(stderr, "# ok %s keeps rbx, rbp, r12-r15, rsp and DF, writes only its output\n", k->name);
		ran++;
	}
	fprintf(stderr, "# %zu of %zu assembly kernels checked\n", ran, NKERNELS);
}

/* The trampoline must see a planted clobber of rbx and r13. */
static void test_planted_clobber(void **s)
{
	(void)s;
	uint32_t broken = ecft_abi_call(ecft_abi_planted_clobber, 1, 2, 3);
	report("planted_clobber", broken);
	test_expect(broken == (1u << 0 | 1u << 3), "planted clobber reported as 0x%x, expected rbx and r13 (0x9)",
	            broken);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_planted_clobber), cmocka_unit_test(test_kernels_abi)};
	return cmocka_run_group_tests_name("abi", tests, NULL, NULL);
}
