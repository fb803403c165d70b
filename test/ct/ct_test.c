/*
 * Dynamic constant-time test. Run under valgrind's memcheck (run_ct.sh):
 * every secret input is marked undefined with VALGRIND_MAKE_MEM_UNDEFINED,
 * so a branch or a memory address that depends on a secret is reported as a
 * use of uninitialised data and fails the run (--error-exitcode). Covers every
 * operation not named _vartime, of every field, on every kernel tier.
 *
 * Valgrind's virtual CPU hides ADX, so the probe would pick the portable
 * kernels only. The script first runs this program natively with --tiers to
 * learn which tiers the host CPU supports, and passes them as ECF_CT_TIERS;
 * the program then forces each one (valgrind executes MULX/ADCX/ADOX).
 *
 * Built with -DECF_CT_PLANTED_LEAK it also runs a deliberately leaky routine,
 * which the run must report (test 'ct_planted_leak').
 *
 * To add a field: include ct_mont_field.h (Montgomery fields) or
 * ct_sidh_field.h (isogeny fields, GF(p) and GF(p^2)) for it, or write its
 * function (as ct_p25519.h), and add a row to FIELDS below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/internal.h"
#include "common/limbs.h"
#include "dispatch/cpu.h"
#include "ct_common.h"
#include "ecfield/ecfield.h"

/* The library declassifies what it publishes with memcheck client requests
 * (lib/common/declassify.c); without them every signature would be reported. */
#if !ECFI_HAVE_MEMCHECK
#error "the library was configured without valgrind/memcheck.h: its declassification is a no-op"
#endif

/* Enough rounds to run each code path (every kernel is straight-line code,
 * so more rounds find nothing new), few enough for valgrind. Scaled by
 * ECF_TEST_SCALE. */
static int ct_rounds = 8;

static void ct_rand(ct_rng *rng, uint64_t *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		r[i] = ct_next(rng);
}

/* A secret condition: 0, 1, -1 or random. */
static int ct_cond(ct_rng *rng, int round)
{
	static const int conds[] = {0, 1, -1, 2};
	int c = round < 4 ? conds[round] : (int)ct_next(rng);
	CT_SECRET(&c, sizeof c);
	return c;
}

#define FIELD p256
#define NL 4
#define FIELD_BYTES 32
#include "ct_mont_field.h"
#undef FIELD
#undef NL
#undef FIELD_BYTES

#define FIELD p256n
#define NL 4
#define FIELD_BYTES 32
#include "ct_mont_field.h"
#undef FIELD
#undef NL
#undef FIELD_BYTES

#include "ct_p25519.h"
#include "ct_curve25519.h"
#include "ct_hash.h"
#include "ct_sc25519.h"
#include "ct_p256_group.h"
#include "ct_p256_kernels.h"

/* The isogeny fields: GF(p) and GF(p^2), one template. */
#define FIELD p434
#define NL 7
#define FIELD_BYTES 55
#define PA 216
#define PB 137
#include "ct_sidh_field.h"
#undef FIELD
#undef NL
#undef FIELD_BYTES
#undef PA
#undef PB

#define FIELD p503
#define NL 8
#define FIELD_BYTES 63
#define PA 250
#define PB 159
#include "ct_sidh_field.h"
#undef FIELD
#undef NL
#undef FIELD_BYTES
#undef PA
#undef PB

#define FIELD p610
#define NL 10
#define FIELD_BYTES 77
#define PA 305
#define PB 192
#include "ct_sidh_field.h"
#undef FIELD
#undef NL
#undef FIELD_BYTES
#undef PA
#undef PB

#define FIELD p751
#define NL 12
#define FIELD_BYTES 94
#define PA 372
#define PB 239
#include "ct_sidh_field.h"
#undef FIELD
#undef NL
#undef FIELD_BYTES
#undef PA
#undef PB

/* p256 extras: square root (status secret too) and the table lookup with a
 * secret index. */
static void ct_p256(ct_rng *rng)
{
	ct_mont_p256(rng);
	ecf_p256_fe table[9], a, r;
	for (int i = 0; i < ct_rounds; i++) {
		ct_operand_p256(rng, &a, i, 0);
		CT_SECRET(&a, sizeof a);
		ct_sink_int(ecf_p256_sqrt(&r, &a));
		ct_sink_bytes(&r, sizeof r);
		for (size_t k = 0; k < 9; k++)
			ct_rand(rng, table[k].limb, 4);
		size_t idx = (size_t)(ct_next(rng) % 11); /* 9 and 10 are out of range */
		CT_SECRET(&idx, sizeof idx);
		ct_sink_int(ecf_p256_lookup(&r, table, 9, idx));
		ct_sink_bytes(&r, sizeof r);
	}
}

/* p256n extras: the reducing decoders (32 and 64 secret bytes). */
static void ct_p256n(ct_rng *rng)
{
	ct_mont_p256n(rng);
	uint8_t buf[64];
	ecf_p256n_fe r;
	for (int i = 0; i < ct_rounds; i++) {
		for (size_t k = 0; k < sizeof buf; k++)
			buf[k] = (uint8_t)(i == 1 ? 0xff : ct_next(rng));
		CT_SECRET(buf, sizeof buf);
		ct_sink_int(ecf_p256n_from_bytes_reduce(&r, buf, 32));
		ct_sink_bytes(&r, sizeof r);
		ct_sink_int(ecf_p256n_from_bytes_reduce(&r, buf, 64));
		ct_sink_bytes(&r, sizeof r);
	}
}

/* The exported byte-string helpers: ecf_ct_equal on secret strings that
 * are equal, differ in one byte (first, middle, last) or everywhere. */
static void ct_util(ct_rng *rng)
{
	for (int round = 0; round < ct_rounds; round++) {
		uint8_t a[64], b[64];
		for (size_t i = 0; i < sizeof a; i += 8) {
			uint64_t v = ct_next(rng);
			memcpy(a + i, &v, 8);
		}
		memcpy(b, a, sizeof b);
		if (round % 4 != 0)
			b[(size_t)(round % 4 - 1) * 31 % sizeof b] ^= 1;
		CT_SECRET(a, sizeof a);
		CT_SECRET(b, sizeof b);
		ct_sink_int(ecf_ct_equal(a, b, sizeof a));
		ct_sink_int(ecf_ct_equal(a, b, (size_t)round));
		ecf_wipe(a, sizeof a);
		ct_sink_bytes(a, sizeof a);
	}
}

#ifdef ECF_CT_PLANTED_LEAK
/* Deliberately not constant time: a conditional subtraction written with a
 * branch on the secret comparison, and a table read at a secret index. The
 * run must report both. noinline keeps its name in valgrind's report. */
__attribute__((noinline)) static void ct_planted_leak(ct_rng *rng)
{
	static const uint64_t tab[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
	uint64_t a[4], m[4] = {~0ULL, 0xffffffffULL, 0, 0xffffffff00000001ULL};
	ct_rand(rng, a, 4);
	CT_SECRET(a, sizeof a);
	if (a[3] >= m[3]) /* leak: branch on a secret */
		a[3] -= m[3];
	ct_sink ^= tab[a[0] & 15]; /* leak: address from a secret */
	ct_sink_bytes(a, sizeof a);
}
#endif

static const struct ct_field {
	const char *name;
	void (*run)(ct_rng *rng);
} FIELDS[] = {
    {"p256", ct_p256},       {"p256n", ct_p256n},           {"p25519", ct_p25519},         {"p434", ct_sidh_p434},
    {"p503", ct_sidh_p503},  {"p610", ct_sidh_p610},        {"p751", ct_sidh_p751},        {"hash", ct_hash},
    {"sc25519", ct_sc25519}, {"p256_group", ct_p256_group}, {"curve25519", ct_curve25519}, {"p256_jac", ct_p256_jac},
    {"util", ct_util},
};

int main(int argc, char **argv)
{
	uint32_t native = ecfi_cpu_supported_kernels();
	if (argc > 1 && strcmp(argv[1], "--tiers") == 0) { /* run natively by run_ct.sh */
		printf("%u\n", native);
		return 0;
	}
	const char *scale = getenv("ECF_TEST_SCALE");
	if (scale && *scale) {
		long r = ct_rounds * strtol(scale, NULL, 10) / 100;
		ct_rounds = r < 4 ? 4 : (int)r;
	}
	const char *tiers_env = getenv("ECF_CT_TIERS");
	uint32_t tiers = tiers_env ? (uint32_t)strtoul(tiers_env, NULL, 0) : native;
#ifdef ECFI_NO_INT128
	fprintf(stderr, "# built without unsigned __int128: the 64x64 fallback of wide.h\n");
#endif
	if (!RUNNING_ON_VALGRIND)
		fprintf(stderr, "# not running under valgrind: the secrets are not tracked (use run_ct.sh)\n");
	/* Tier 0 (portable) always, then each kernel bit the host has. */
	uint32_t list[8] = {0};
	size_t nt = 1;
	for (uint32_t bit = 1; bit != 0; bit <<= 1)
		if (tiers & bit & ECFI_FIELD_TIERS)
			list[nt++] = bit;
	int fields = 0;
	for (size_t k = 0; k < nt; k++) {
		/* Force the tier (ecfi_cpu_set_kernels would mask it by what
		 * valgrind's virtual CPU claims). */
		ecfi_cpu_flags = list[k];
		for (size_t f = 0; f < sizeof FIELDS / sizeof FIELDS[0]; f++) {
			ct_rng rng = {0x63742d7465737421ULL ^ f};
			FIELDS[f].run(&rng);
			fprintf(stderr, "# ct %s on kernel %s: every operation on its edge inputs and %d rounds\n",
			        FIELDS[f].name, ecfi_kernel_name_of(list[k]), ct_rounds);
			fields++;
		}
	}
	/* The AVX2 table scans (ECFI_KERNEL_AVX2, not a field tier): the P-256
	 * group once more with them, on the host's top tier. */
	if (tiers & ECFI_KERNEL_AVX2) {
		ecfi_cpu_flags = (tiers & ECFI_FIELD_TIERS) | ECFI_KERNEL_AVX2;
		ct_rng rng = {0x63742d6176783221ULL};
		ct_p256_group(&rng);
		fprintf(stderr, "# ct p256_group on kernel %s with the AVX2 scans: %d rounds\n",
		        ecfi_kernel_name_of(ecfi_cpu_flags), ct_rounds);
		fields++;
		ct_p256_madd_scan(&rng);
		fprintf(stderr, "# ct p256 fused madd + AVX2 scan (kernel %s): every digit 0..65\n",
		        ecfi_kernel_name_of(ecfi_cpu_flags));
	}
#ifdef ECF_CT_PLANTED_LEAK
	ct_rng rng = {42};
	ct_planted_leak(&rng);
	fprintf(stderr, "# ran the planted leak: valgrind must report it\n");
#endif
	printf("# %d field/kernel runs done\n", fields);
	return 0;
}
