/*
 * Every curve-level function that handles a key, a nonce or a scalar clears
 * ALL the stack its call tree used, whatever the compiler put there (spill
 * slots, callees' temporaries, copies): lib/common/wipe.h's pattern, a
 * noinline worker followed by ecfi_wipe_stack(). From one frame, the stack
 * below is painted with a byte v, the function is called, and every byte it
 * left that is neither v nor 0 must lie in the top TOP_BYTES below this
 * frame: the public function's own frame (which holds no secret), the return
 * addresses and saved registers above the wipe's buffer. The secret-specific
 * scans of test_p256_group, test_p256_ecdsa, test_ed25519 and test_curve25519
 * search that top part for the keys themselves. Independent of the secret's
 * form: a call tree deeper than ECFI_WIPE_STACK_BYTES in some build, or a
 * function without the wipe, fails here. Runs on every subset of the CPU's
 * kernel bits (MULX/ADX, AVX2, SHA-NI, AVX-512 IFMA): every code path of the functions.
 */
#include <string.h>

#include "common/wipe.h"
#include "dispatch/cpu.h"
#include "ecfield/ecfield.h"
#include "testutil.h"

/* The public function's frame, the wipe's return address and its alignment
 * gap: at most 248 bytes in the builds of docs/trust.md (sign_der's frame
 * holds the signature). On s390x every frame also carries the 160-byte
 * register save area its callee fills (the ELF ABI's back chain and r6-r15):
 * sign_der left 533 bytes there under qemu, so the bound is 512 + 2 * 160. */
#if defined(__s390x__)
#define TOP_BYTES (512 + 2 * 160)
#else
#define TOP_BYTES 512
#endif

static uint8_t KEY[32], SEED[48], MSG[3] = "abc", UNIFORM[64], SK[64], G65[65];
static uint8_t OUT[128], SIG[72];
static size_t DER_LEN;
static ecf_p256_point P256;
static ecf_edwards25519_point ED;
static ecf_ristretto255_point RIS;

/* A function that leaves 2 KiB of non-zero bytes below its caller, and the
 * same followed by the wipe: the check must catch the first and pass the
 * second. */
static __attribute__((noinline)) void leaky(void)
{
	volatile uint8_t buf[2048];
	for (size_t i = 0; i < sizeof buf; i++)
		buf[i] = (uint8_t)(i | 1);
	__asm__ __volatile__("" : : "r"(buf) : "memory");
}

static void leaky_wiped(void)
{
	leaky();
	ecfi_wipe_stack();
}

enum { OP_LEAKY, OP_LEAKY_WIPED, OP_FIRST };
static const char *const NAMES[] = {
    "planted leak (must be caught)",
    "planted leak + ecfi_wipe_stack",
    "p256_keypair (32-byte key)",
    "p256_keypair (48-byte seed)",
    "p256_ecdsa_sign_msg (extra entropy)",
    "p256_public_key",
    "p256_ecdh",
    "p256_point_scalar_mult",
    "p256_point_scalar_mult_base",
    "p256_ecdsa_sign",
    "p256_ecdsa_sign_der (extra entropy, low s)",
    "x25519",
    "x25519_public_key",
    "ed25519_keypair",
    "ed25519_sign",
    "edwards25519_scalar_mult_base",
    "edwards25519_scalar_mult",
    "ristretto255_scalar_mult_base",
    "ristretto255_scalar_mult",
    "x25519_keypair",
    "ed25519_public_key",
    "ed25519ctx_sign",
    "ed25519ph_sign",
    "ed25519_sk_to_x25519",
    "ristretto255_from_uniform_bytes",
    "x25519_batch (9: a group of 8 and one)",
    "x25519_public_key_batch (9)",
    "ed25519_sign_batch (9: a group of 8 and one)",
    "ed25519_public_key_batch (9)",
};
#define NOPS (sizeof NAMES / sizeof NAMES[0])

/* The statuses of the curve25519 calls (read, as ECF_WARN_UNUSED_RESULT asks). */
static volatile int ST25519;
/* The batch calls' arrays (9 elements: one group of 8 on the avx512_ifma tier, one single). */
static uint8_t BK[9][32], BU[9][32], BOUT[9][32];
static int BST[9];
static uint8_t BESK[9][64], BSIG[9][64];
static const uint8_t *BMSG[9];
static size_t BLEN[9];

/* No locals: its frame is a return address, the inputs are globals. */
static __attribute__((noinline)) void run_op(int op)
{
	switch (op) {
	case OP_LEAKY:
		leaky();
		break;
	case OP_LEAKY_WIPED:
		leaky_wiped();
		break;
	case OP_FIRST + 0:
		(void)!ecf_p256_keypair(OUT + 32, OUT, KEY, 32);
		break;
	case OP_FIRST + 1:
		(void)!ecf_p256_keypair(OUT + 32, OUT, SEED, 48);
		break;
	case OP_FIRST + 2:
		(void)!ecf_p256_ecdsa_sign_msg(SIG, KEY, MSG, 3, SEED, 32, 0);
		break;
	case OP_FIRST + 3:
		(void)!ecf_p256_public_key(OUT, KEY);
		break;
	case OP_FIRST + 4:
		(void)!ecf_p256_ecdh(OUT, KEY, G65, 65);
		break;
	case OP_FIRST + 5:
		ecf_p256_point_scalar_mult(&P256, KEY, &P256);
		break;
	case OP_FIRST + 6:
		ecf_p256_point_scalar_mult_base(&P256, KEY);
		break;
	case OP_FIRST + 7:
		(void)!ecf_p256_ecdsa_sign(SIG, KEY, MSG, 3, NULL, 0, 0);
		break;
	case OP_FIRST + 8:
		(void)!ecf_p256_ecdsa_sign_der(SIG, &DER_LEN, KEY, MSG, 3, SEED, 48, ECF_P256_ECDSA_LOW_S);
		break;
	case OP_FIRST + 9:
		ST25519 = ecf_x25519(OUT, KEY, G65 + 1);
		break;
	case OP_FIRST + 10:
		ST25519 = ecf_x25519_public_key(OUT, KEY);
		break;
	case OP_FIRST + 11:
		ST25519 = ecf_ed25519_keypair(OUT, SK, KEY);
		break;
	case OP_FIRST + 12:
		ST25519 = ecf_ed25519_sign(SIG, SK, MSG, 3);
		break;
	case OP_FIRST + 13:
		ecf_edwards25519_scalar_mult_base(&ED, KEY);
		break;
	case OP_FIRST + 14:
		ecf_edwards25519_scalar_mult(&ED, KEY, &ED);
		break;
	case OP_FIRST + 15:
		ecf_ristretto255_scalar_mult_base(&RIS, KEY);
		break;
	case OP_FIRST + 16:
		ecf_ristretto255_scalar_mult(&RIS, KEY, &RIS);
		break;
	case OP_FIRST + 17:
		ST25519 = ecf_x25519_keypair(OUT, OUT + 32, KEY);
		break;
	case OP_FIRST + 18:
		ST25519 = ecf_ed25519_public_key(OUT, KEY);
		break;
	case OP_FIRST + 19:
		ST25519 = ecf_ed25519ctx_sign(SIG, SK, MSG, 3, MSG, 3);
		break;
	case OP_FIRST + 20:
		ST25519 = ecf_ed25519ph_sign(SIG, SK, UNIFORM, MSG, 3);
		break;
	case OP_FIRST + 21:
		ST25519 = ecf_ed25519_sk_to_x25519(OUT, KEY);
		break;
	case OP_FIRST + 23:
		ST25519 = ecf_x25519_batch(BOUT, BST, (const uint8_t(*)[32])BK, (const uint8_t(*)[32])BU, 9);
		break;
	case OP_FIRST + 24:
		ST25519 = ecf_x25519_public_key_batch(BOUT, (const uint8_t(*)[32])BK, 9);
		break;
	case OP_FIRST + 25:
		for (int i = 0; i < 9; i++) /* messages of 3 bytes (public, set here: no locals) */
			BMSG[i] = MSG, BLEN[i] = 3;
		ST25519 = ecf_ed25519_sign_batch(BSIG, BST, (const uint8_t(*)[64])BESK, BMSG, BLEN, 9);
		break;
	case OP_FIRST + 26:
		ST25519 = ecf_ed25519_public_key_batch(BOUT, (const uint8_t(*)[32])BK, 9);
		break;
	default:
		ST25519 = ecf_ristretto255_from_uniform_bytes(&RIS, UNIFORM, 64);
		break;
	}
}

/* Paint, call and scan from this one frame. */
static __attribute__((noinline)) size_t probe(int op, uint8_t v, size_t *changed)
{
	test_stack_paint_deep(v);
	run_op(op);
	return test_stack_residue(v, changed);
}

static void test_whole_stack_wiped(void **s)
{
	(void)s;
	TEST_SKIP_UNDER_ASAN();
	test_rng rng;
	test_rng_init(&rng, 0x3170e);
	test_rand_bytes(&rng, KEY, 32);
	KEY[0] &= 0x7f; /* below the P-256 order */
	test_rand_bytes(&rng, SEED, sizeof SEED);
	test_rand_bytes(&rng, UNIFORM, sizeof UNIFORM);
	ecf_p256_point_generator(&P256);
	(void)!ecf_p256_point_to_bytes(G65, 65, &P256);
	ecf_edwards25519_generator(&ED);
	ecf_ristretto255_generator(&RIS);
	ST25519 = ecf_ed25519_keypair(OUT, SK, KEY);
	for (int j = 0; j < 9; j++) {
		test_rand_bytes(&rng, BK[j], 32);
		test_rand_bytes(&rng, BU[j], 32);
	}
	size_t worst = 0;
	int worst_op = OP_LEAKY_WIPED;
	/* Every subset of the kernel bits this CPU has, not only the tiers of
	 * test_tier_count(): MULX/ADX with and without AVX2 (the fused fixed-base
	 * addition or not), AVX2 alone (Haswell's tier), SHA-NI or not (signing). */
	const uint32_t have = ecfi_cpu_supported_kernels() &
	                      (ECFI_KERNEL_MULX_ADX | ECFI_KERNEL_AVX2 | ECFI_KERNEL_SHA_NI | ECFI_KERNEL_AVX512_IFMA);
	unsigned combos = 0;
	for (uint32_t f = 0; f <= have; f++) {
		if ((f & ~have) != 0)
			continue;
		combos++;
		test_use_tier(f);
		for (int op = 0; op < (int)NOPS; op++)
			for (int pass = 0; pass < 2; pass++) {
				uint8_t v = pass ? 0x5a : 0xa5;
				size_t changed, left = probe(op, v, &changed);
				test_expect(changed < TEST_STACK_DEEP_BYTES,
				            "kernels 0x%x: %s went below the %d-byte scan", f, NAMES[op],
				            TEST_STACK_DEEP_BYTES);
				if (op == OP_LEAKY) {
					test_expect(left > TOP_BYTES, "the planted leak was not found (%zu)", left);
					continue;
				}
				test_expect(changed >= ECFI_WIPE_STACK_BYTES,
				            "kernels 0x%x: %s: no wipe of %d bytes seen (%zu)", f, NAMES[op],
				            ECFI_WIPE_STACK_BYTES, changed);
				test_expect(
				    left <= TOP_BYTES,
				    "kernels 0x%x: %s left non-zero bytes %zu below its caller (the wipe covers %d)", f,
				    NAMES[op], left, ECFI_WIPE_STACK_BYTES);
				if (left > worst) {
					worst = left;
					worst_op = op;
				}
			}
	}
	test_tier_restore();
	fprintf(stderr,
	        "# %zu functions, %u kernel combinations (of 0x%x): the deepest non-zero byte left %zu bytes below "
	        "the caller (%s; bound %d)\n",
	        NOPS - OP_FIRST, combos, have, worst, NAMES[worst_op], TOP_BYTES);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(test_whole_stack_wiped)};
	return cmocka_run_group_tests_name("stack_wipe", tests, NULL, NULL);
}
