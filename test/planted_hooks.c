/* A fake library with test-only code in it, which test_symbols.sh must
 * reject (test 'symbols_planted'): a hidden hook (a local symbol once
 * linked, not in nm -D), a static counter and a static scan selector (local
 * symbols), and an ecfi_test_ hook, all reached from the one export. */
#include <stddef.h>
#include <stdint.h>

#define HIDDEN __attribute__((visibility("hidden")))

uint32_t ecfi_cpu_set_kernels(uint32_t mask);
void ecfi_test_p256_lookup_affine(uint64_t r[8]);
int ecf_planted(uint32_t mask);

static unsigned long ecfi_test_p256_scans[2];

HIDDEN uint32_t ecfi_cpu_set_kernels(uint32_t mask) { return mask & 1; }

HIDDEN void ecfi_test_p256_lookup_affine(uint64_t r[8])
{
	for (size_t i = 0; i < 8; i++)
		r[i] = i;
	ecfi_test_p256_scans[0]++;
}

typedef void scan_fn(uint64_t r[8]);
__attribute__((noinline)) static scan_fn *ecfi_p256_scan_for(uint32_t fast)
{
	return fast ? ecfi_test_p256_lookup_affine : NULL;
}

__attribute__((visibility("default"))) int ecf_planted(uint32_t mask)
{
	uint64_t r[8] = {0};
	scan_fn *f = ecfi_p256_scan_for(ecfi_cpu_set_kernels(mask));
	if (f)
		f(r);
	return (int)(r[7] + ecfi_test_p256_scans[0]);
}
