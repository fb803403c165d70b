/*
 * Test hooks of the P-256 group (never in libecfield.so). lib/meson.build
 * compiles lib/curves/p256/scalar_mult.c and ecdsa.c a second time, with
 * -DECFI_TEST_HOOKS, into the archive ecfield_testhooks; built so, each file
 * defines only the functions below, from the same code as the library's, with
 * counters the library does not have. Every name is ecfi_test_*, none is a
 * library name: a program that links both archives gets one copy of each
 * library function, so the linker has no copy to choose between
 * (test/test_symbols.sh checks that the library has no ecfi_test_ symbol).
 */
#ifndef ECFI_TESTHOOKS_P256_HOOKS_H
#define ECFI_TESTHOOKS_P256_HOOKS_H

#include <stddef.h>
#include <stdint.h>

#include "curves/p256/group.h"

/* ecfi_p256_double_scalar_mult_vartime_jac, adding the count of each path of
 * its variable-time additions into ecfi_test_p256_dsm_paths: [JAC_VT_*] for
 * the G digits (jac_madd_vartime), [5 + JAC_VT_*] for the Q digits
 * (jac_add_vartime), with JAC_VT_ADD, P_INF, Q_INF, DBL, NEG = 0..4
 * (point_ops.h). */
#define ECFI_TEST_P256_DSM_PATHS 10
ECFI_HIDDEN extern unsigned long ecfi_test_p256_dsm_paths[ECFI_TEST_P256_DSM_PATHS];
ECFI_HIDDEN void ecfi_test_p256_double_scalar_mult_vartime_jac(ecf_p256_point *r, const uint64_t u1[4],
                                                               const uint64_t u2[4], const ecf_p256_point *q,
                                                               uint32_t tiers);

/* ecfi_p256_double_scalar_mult_vartime_jac_table with the same counters
 * (the Q digits' additions are jac_madd_vartime here: [5 + JAC_VT_*]). */
ECFI_HIDDEN void
ecfi_test_p256_double_scalar_mult_vartime_jac_table(ecf_p256_point *r, const uint64_t u1[4], const uint64_t u2[4],
                                                    const ecf_p256_affine table[ECFI_P256_PREP_ENTRIES],
                                                    uint32_t tiers);

/* ecfi_p256_lookup_affine and ecfi_p256_lookup_jac (curves/p256/lookup.h),
 * adding each scan run into ecfi_test_p256_scans: [0] the SSE2 (or plain C)
 * one, [1] the AVX2 kernel. The results are the same bits either way: only
 * these counts show which scan a flag word selects. */
ECFI_HIDDEN extern unsigned long ecfi_test_p256_scans[2];
ECFI_HIDDEN void ecfi_test_p256_lookup_affine(uint64_t r[8], const uint64_t *table, size_t n, uint64_t d, uint64_t neg,
                                              uint32_t tiers);
ECFI_HIDDEN void ecfi_test_p256_lookup_jac(uint64_t r[12], const uint64_t *table, size_t n, uint64_t d, uint64_t neg,
                                           uint32_t tiers);

/* ecfi_p256_rfc6979_init and _next (curves/p256/group.h) for any 256-bit
 * modulus q with the top bit set, where the library's use n: the tests take
 * q' = 2^255 + 1 to reach step h.3's retry and the reduction in bits2octets,
 * which n makes about 2^-32 likely. */
ECFI_HIDDEN void ecfi_test_p256_rfc6979_init(ecfi_p256_rfc6979 *g, const uint8_t x[32], const uint8_t *digest,
                                             size_t digest_len, const uint8_t *extra, size_t extra_len,
                                             const uint64_t q[4]);
ECFI_HIDDEN void ecfi_test_p256_rfc6979_next(ecfi_p256_rfc6979 *g, uint64_t k[4], const uint64_t q[4]);

#endif
