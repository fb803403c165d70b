/*
 * The table of tiers: every CPU capability the probe reads, every kernel tier
 * (a bit of the flag word), and for every operation family the tiers that
 * have a kernel for it, preferred first. The probe (cpu.c), the kernel names,
 * ECFIELD_DISABLE, the kernel declarations of the fields (kernels.h) and every
 * dispatching call site are generated from these rows; docs/design.md
 * ("Dispatch") shows them and test/test_tiers_doc.py checks that it does.
 *
 * A call site reads the flag word once per public operation, into a local
 * named `tiers` (ecfi_tiers()), and asks the table with one of:
 *
 *   ECFI_DISPATCH(family, tiers, prefix, args);
 *       prefix##<tier> args on the first tier of the family that `tiers`
 *       has, else prefix##portable args (ecfk_p256_mul_ (r, a, b) runs
 *       ecfk_p256_mul_mulx_adx or ecfk_p256_mul_portable);
 *   ECFI_DISPATCH_OR(family, tiers, prefix, args) portable-statement
 *       the same, the portable tier being the C statement that follows;
 *   ECFI_DISPATCH_EACH(family, tiers, S, ...) portable-statement
 *       the same with S(<tier>, ...) as the statement of each tier;
 *   ECFI_DISPATCH_NAME(family, tiers)
 *       the name of the tier that family runs on ("portable" if none);
 *   ECFI_TIER_ON(tiers, TIER)
 *       one tier's test (tests and benchmarks).
 *
 * Each expands to one test of the flag word per tier the family has in this
 * build (none where the tier's architecture is not built), so adding a tier to
 * a family is a row here and its kernels, not an edit at the call sites.
 */
#ifndef ECFI_DISPATCH_TIERS_H
#define ECFI_DISPATCH_TIERS_H

#include <stdint.h>

#include "ecfield/ecfield.h" /* the ECF_CPU_* capability bits */

#include "common/internal.h"

/* clang-format off */

/* Architectures: ECFI_IF_BUILT_<arch>(code) keeps code where that
 * architecture's kernels are built, ECFI_IF_TARGET_<arch>(code) where the
 * library is compiled for it (built kernels or not); ECFI_IF_HOST_<host>(code)
 * where the probe reads that host's capabilities. */
#if ECFI_X86_64_KERNELS
#define ECFI_IF_BUILT_X86_64(...) __VA_ARGS__
#else
#define ECFI_IF_BUILT_X86_64(...)
#endif
#if ECFI_AARCH64_KERNELS
#define ECFI_IF_BUILT_AARCH64(...) __VA_ARGS__
#else
#define ECFI_IF_BUILT_AARCH64(...)
#endif
#if defined(__x86_64__)
#define ECFI_IF_TARGET_X86_64(...) __VA_ARGS__
#else
#define ECFI_IF_TARGET_X86_64(...)
#endif
#if defined(__aarch64__)
#define ECFI_IF_TARGET_AARCH64(...) __VA_ARGS__
#else
#define ECFI_IF_TARGET_AARCH64(...)
#endif
#if defined(__x86_64__) || defined(__i386__)
#define ECFI_IF_HOST_X86(...) __VA_ARGS__
#else
#define ECFI_IF_HOST_X86(...)
#endif
#if defined(__aarch64__)
#define ECFI_IF_HOST_AARCH64(...) __VA_ARGS__
#else
#define ECFI_IF_HOST_AARCH64(...)
#endif

/* Capabilities: X(bit, word, host). bit is the ECF_CPU_* bit of
 * ecf_cpu_detected(); word both the cpu_features field the probe reads
 * (X86Info / Aarch64Info .features.word) and the ECFIELD_DISABLE word that
 * clears it. cpu_features reports AVX2 only when the OS saves the ymm state
 * (XCR0), and the AVX-512 features only when it saves the zmm and opmask
 * state (cpu_features 0.7: os_preserves avx512_registers, from XCR0). */
#define ECFI_CAPS(X, ...) \
	X(ECF_CPU_X86_BMI2,   bmi2,   X86,     __VA_ARGS__) /* MULX */ \
	X(ECF_CPU_X86_ADX,    adx,    X86,     __VA_ARGS__) /* ADCX, ADOX */ \
	X(ECF_CPU_X86_SHA,    sha,    X86,     __VA_ARGS__) /* SHA256RNDS2, SHA256MSG1/2 */ \
	X(ECF_CPU_X86_SSSE3,  ssse3,  X86,     __VA_ARGS__) /* PSHUFB, PALIGNR */ \
	X(ECF_CPU_X86_SSE4_1, sse4_1, X86,     __VA_ARGS__) /* PBLENDW */ \
	X(ECF_CPU_X86_AVX2,   avx2,   X86,     __VA_ARGS__) /* 256-bit integer ops */ \
	X(ECF_CPU_X86_AVX512F,    avx512f,    X86, __VA_ARGS__) /* zmm registers, opmasks */ \
	X(ECF_CPU_X86_AVX512IFMA, avx512ifma, X86, __VA_ARGS__) /* VPMADD52LUQ, VPMADD52HUQ */ \
	X(ECF_CPU_X86_AVX512VL,   avx512vl,   X86, __VA_ARGS__) /* EVEX ops on xmm/ymm */ \
	X(ECF_CPU_ARM_ASIMD,  asimd,  AARCH64, __VA_ARGS__) \
	X(ECF_CPU_ARM_PMULL,  pmull,  AARCH64, __VA_ARGS__) \
	X(ECF_CPU_ARM_SHA2,   sha2,   AARCH64, __VA_ARGS__) /* SHA256H, SHA256H2, SHA256SU0/1 */ \
	X(ECF_CPU_ARM_SHA512, sha512, AARCH64, __VA_ARGS__) /* SHA512H, SHA512H2, SHA512SU0/1 */ \
	X(ECF_CPU_ARM_SHA3,   sha3,   AARCH64, __VA_ARGS__) /* EOR3, RAX1, XAR, BCAX */

/* Tiers: X(TIER, mask, name, arch, requires). mask is the tier's bit in the
 * flag word (ECFI_KERNEL_<TIER>); name its kernels' suffix, what
 * ecf_kernel_name() reports and an ECFIELD_DISABLE word (clearing the
 * capabilities it requires); arch where its kernels are built; requires the
 * capabilities the probe must find allowed to set the bit. */
#define ECFI_TIER_ROW_MULX_ADX(X, ...) X(MULX_ADX, 1u << 0, mulx_adx, X86_64, ECF_CPU_X86_BMI2 | ECF_CPU_X86_ADX, __VA_ARGS__)
#define ECFI_TIER_ROW_SHA_NI(X, ...)   X(SHA_NI,   1u << 1, sha_ni,   X86_64, ECF_CPU_X86_SHA | ECF_CPU_X86_SSSE3 | ECF_CPU_X86_SSE4_1, __VA_ARGS__)
#define ECFI_TIER_ROW_AVX2(X, ...)     X(AVX2,     1u << 2, avx2,     X86_64, ECF_CPU_X86_AVX2, __VA_ARGS__)
#define ECFI_TIER_ROW_AVX512_IFMA(X, ...) X(AVX512_IFMA, 1u << 3, avx512_ifma, X86_64, ECF_CPU_X86_AVX512F | ECF_CPU_X86_AVX512IFMA | ECF_CPU_X86_AVX512VL, __VA_ARGS__)
#define ECFI_TIER_ROW_AARCH64(X, ...)  X(AARCH64,  1u << 4, aarch64,  AARCH64, ECF_CPU_ARM_ASIMD, __VA_ARGS__) /* base ARMv8-A MUL/UMULH kernels */
#define ECFI_TIER_ROW_ARMV8_SHA2(X, ...)   X(ARMV8_SHA2,   1u << 5, armv8_sha2,   AARCH64, ECF_CPU_ARM_ASIMD | ECF_CPU_ARM_SHA2, __VA_ARGS__)
#define ECFI_TIER_ROW_ARMV8_SHA512(X, ...) X(ARMV8_SHA512, 1u << 6, armv8_sha512, AARCH64, ECF_CPU_ARM_ASIMD | ECF_CPU_ARM_SHA512, __VA_ARGS__)
#define ECFI_TIER_ROW_ARMV8_SHA3(X, ...)   X(ARMV8_SHA3,   1u << 7, armv8_sha3,   AARCH64, ECF_CPU_ARM_ASIMD | ECF_CPU_ARM_SHA3, __VA_ARGS__)
#define ECFI_TIERS(X, ...) \
	ECFI_TIER_ROW_MULX_ADX(X, __VA_ARGS__) \
	ECFI_TIER_ROW_SHA_NI(X, __VA_ARGS__) \
	ECFI_TIER_ROW_AVX2(X, __VA_ARGS__) \
	ECFI_TIER_ROW_AVX512_IFMA(X, __VA_ARGS__) \
	ECFI_TIER_ROW_AARCH64(X, __VA_ARGS__) \
	ECFI_TIER_ROW_ARMV8_SHA2(X, __VA_ARGS__) \
	ECFI_TIER_ROW_ARMV8_SHA512(X, __VA_ARGS__) \
	ECFI_TIER_ROW_ARMV8_SHA3(X, __VA_ARGS__)

/* Combined tiers: a kernel that needs several tiers at once (no bit of its
 * own, never named by the probe); same columns, requires unused. */
#define ECFI_TIER_ROW_MULX_ADX_AVX2(X, ...) X(MULX_ADX_AVX2, ECFI_KERNEL_MULX_ADX | ECFI_KERNEL_AVX2, mulx_adx_avx2, X86_64, 0, __VA_ARGS__)

/* Families: the tiers with a kernel for each operation family, preferred
 * first; the portable tier (C, every architecture) is always the last. */
#define ECFI_FAMILY_p256(X, ...)           X(MULX_ADX, __VA_ARGS__) X(AARCH64, __VA_ARGS__) /* field: mul, sqr, redc */
#define ECFI_FAMILY_p256n(X, ...)          X(MULX_ADX, __VA_ARGS__) X(AARCH64, __VA_ARGS__) /* field: mul, sqr, redc */
#define ECFI_FAMILY_sc25519(X, ...)                                 /* field: mul, sqr, redc */
#define ECFI_FAMILY_p25519(X, ...)         X(MULX_ADX, __VA_ARGS__) X(AARCH64, __VA_ARGS__) /* field: mul, sqr */
#define ECFI_FAMILY_p434(X, ...)           X(MULX_ADX, __VA_ARGS__) X(AARCH64, __VA_ARGS__) /* field: mul, sqr, mp_mul, redc */
#define ECFI_FAMILY_p503(X, ...)           X(MULX_ADX, __VA_ARGS__) X(AARCH64, __VA_ARGS__) /* field: mul, sqr, mp_mul, redc */
#define ECFI_FAMILY_p610(X, ...)           X(MULX_ADX, __VA_ARGS__) X(AARCH64, __VA_ARGS__) /* field: mul, sqr, mp_mul, redc */
#define ECFI_FAMILY_p751(X, ...)           X(MULX_ADX, __VA_ARGS__) X(AARCH64, __VA_ARGS__) /* field: mul, sqr, mp_mul, redc */
#define ECFI_FAMILY_p256_point(X, ...)     X(MULX_ADX, __VA_ARGS__) /* P-256 Jacobian jac_dbl, jac_dbl_n, jac_madd, jac_add */
#define ECFI_FAMILY_p256_scan(X, ...)      X(AVX2, __VA_ARGS__)     /* P-256 constant-time table scans lookup8, lookup12 */
#define ECFI_FAMILY_p256_madd_scan(X, ...) X(MULX_ADX_AVX2, __VA_ARGS__) /* P-256 fixed base: jac_madd fused with the next scan */
#define ECFI_FAMILY_ed25519_point(X, ...)  X(MULX_ADX, __VA_ARGS__) /* edwards25519 dbl, madd */
#define ECFI_FAMILY_x25519_ladder(X, ...)  X(MULX_ADX, __VA_ARGS__) /* X25519 ladder_step */
#define ECFI_FAMILY_sha256(X, ...)         X(SHA_NI, __VA_ARGS__) X(ARMV8_SHA2, __VA_ARGS__) /* SHA-256 compression: blocks */
#define ECFI_FAMILY_sha512(X, ...)         X(ARMV8_SHA512, __VA_ARGS__) /* SHA-512 compression: blocks */
#define ECFI_FAMILY_keccak(X, ...)         X(ARMV8_SHA3, __VA_ARGS__)   /* Keccak-f[1600] permutation */
#define ECFI_FAMILY_x25519_batch(X, ...)   X(AVX512_IFMA, __VA_ARGS__) /* X25519 8 lanes: ladder8, base8 */
#define ECFI_FAMILY_ed25519_verify_batch(X, ...) X(AVX512_IFMA, __VA_ARGS__) /* Ed25519 verify 8 lanes: verify8_vartime */
#define ECFI_FAMILY_ed25519_batch(X, ...)  X(AVX512_IFMA, __VA_ARGS__) /* edwards25519 8 lanes: fixed-base base8 and SHA-512 x8 (Ed25519 sign, public keys) */
#define ECFI_FAMILY_p256_batch(X, ...)     X(AVX512_IFMA, __VA_ARGS__) /* P-256 8-lane field mod p and n, batch scalar multiplications */

/* The field multiplication families: their tiers are ECFI_FIELD_TIERS (the
 * tiers the field tests, fuzzers and the valgrind ct test step through). */
#define ECFI_FIELD_FAMILIES(X, ...) \
	X(p256, __VA_ARGS__) X(p256n, __VA_ARGS__) X(sc25519, __VA_ARGS__) X(p25519, __VA_ARGS__) \
	X(p434, __VA_ARGS__) X(p503, __VA_ARGS__) X(p610, __VA_ARGS__) X(p751, __VA_ARGS__)

/* The family whose tier ecf_kernel_name() reports ("the multiplication
 * kernel"). */
#define ECFI_NAMED_FAMILY p256

/* ---- Generated from the rows above. ---- */

/* The bits: ECFI_KERNEL_MULX_ADX, ... */
#define ECFI_TIER_BIT_(T, mask, name, arch, req, ...) ECFI_KERNEL_##T = (mask),
enum { ECFI_TIERS(ECFI_TIER_BIT_, ~) };
#undef ECFI_TIER_BIT_

/* Row of a tier (or combined tier) by its name. */
#define ECFI_TIER_ROW_(T, X, ...) ECFI_TIER_ROW_##T(X, __VA_ARGS__)
/* Family by its name (pasted after expansion: FIELD in the templates). */
#define ECFI_TIER_FAMILY_(f) ECFI_TIER_FAMILY2_(f)
#define ECFI_TIER_FAMILY2_(f) ECFI_FAMILY_##f

#define ECFI_TIER_TEST_(tiers, mask) (((tiers) & (mask)) == (mask))

/* ECFI_TIER_ON(tiers, TIER): the flag word `tiers` selects TIER and this
 * build has its kernels (a constant 0 where it has not). */
#define ECFI_TIER_ON(tiers, T) ECFI_TIER_ROW_(T, ECFI_TIER_ON2_, tiers)
#define ECFI_TIER_ON2_(T, mask, name, arch, req, tiers) (0 ECFI_IF_BUILT_##arch(|| ECFI_TIER_TEST_(tiers, mask)))

/* The dispatch chain: `if (tier 1) { S(name 1, ...); } else if ... else`. */
#define ECFI_DISPATCH_ROW_(T, mask, name, arch, req, tiers, S, ...) \
	ECFI_IF_BUILT_##arch(if (ECFI_TIER_TEST_(tiers, mask)) { S(name, __VA_ARGS__); } else)
#define ECFI_DISPATCH_ENTRY_(T, tiers, S, ...) ECFI_TIER_ROW_(T, ECFI_DISPATCH_ROW_, tiers, S, __VA_ARGS__)
#define ECFI_DISPATCH_EACH(family, tiers, S, ...) ECFI_TIER_FAMILY_(family)(ECFI_DISPATCH_ENTRY_, tiers, S, __VA_ARGS__)

#define ECFI_DISPATCH_KCALL_(name, prefix, args) ECFI_CAT(prefix, name) args
#define ECFI_DISPATCH_OR(family, tiers, prefix, args) ECFI_DISPATCH_EACH(family, tiers, ECFI_DISPATCH_KCALL_, prefix, args)
#define ECFI_DISPATCH(family, tiers, prefix, args) \
	do { \
		const uint32_t ecfi_dispatch_tiers_ = (tiers); \
		(void)ecfi_dispatch_tiers_; \
		ECFI_DISPATCH_OR(family, ecfi_dispatch_tiers_, prefix, args) { ECFI_DISPATCH_KCALL_(portable, prefix, args); } \
	} while (0)

/* The name of the tier a family runs on under `tiers`. */
#define ECFI_DISPATCH_NAME_ROW_(T, mask, name, arch, req, tiers) ECFI_IF_BUILT_##arch(ECFI_TIER_TEST_(tiers, mask) ? #name :)
#define ECFI_DISPATCH_NAME_ENTRY_(T, tiers) ECFI_TIER_ROW_(T, ECFI_DISPATCH_NAME_ROW_, tiers)
#define ECFI_DISPATCH_NAME(family, tiers) (ECFI_TIER_FAMILY_(family)(ECFI_DISPATCH_NAME_ENTRY_, tiers) "portable")

/* Every tier of a family in this build: S(name, ...) for each. */
#define ECFI_FAMILY_BUILT_ROW_(T, mask, name, arch, req, S, ...) ECFI_IF_BUILT_##arch(S(name, __VA_ARGS__))
#define ECFI_FAMILY_BUILT_ENTRY_(T, S, ...) ECFI_TIER_ROW_(T, ECFI_FAMILY_BUILT_ROW_, S, __VA_ARGS__)
#define ECFI_FAMILY_BUILT(family, S, ...) ECFI_TIER_FAMILY_(family)(ECFI_FAMILY_BUILT_ENTRY_, S, __VA_ARGS__)

/* The flag bits a family's tiers use, and those of the field families. */
#define ECFI_FAMILY_MASK_ROW_(T, mask, name, arch, req, ...) | (mask)
#define ECFI_FAMILY_MASK_ENTRY_(T, ...) ECFI_TIER_ROW_(T, ECFI_FAMILY_MASK_ROW_, ~)
#define ECFI_FAMILY_TIERS(family) (0u ECFI_TIER_FAMILY_(family)(ECFI_FAMILY_MASK_ENTRY_, ~))
#define ECFI_FIELD_TIERS_ONE_(f, ...) | ECFI_FAMILY_TIERS(f)
#define ECFI_FIELD_TIERS (0u ECFI_FIELD_FAMILIES(ECFI_FIELD_TIERS_ONE_, ~))

/* clang-format on */

/* The flag word: kernel tiers allowed on this CPU (detected, minus
 * ECFIELD_DISABLE), written once by the probe (cpu.c). Read it with
 * ecfi_tiers(), once per public operation, into a local named `tiers` that the
 * operation passes down: the compiler must otherwise reload it after every
 * kernel call. */
ECFI_HIDDEN extern uint32_t ecfi_cpu_flags;
static inline uint32_t ecfi_tiers(void) { return ecfi_cpu_flags; }

#endif
