/*
 * Ed25519 inside the library: the pieces of the strict verification of
 * ed25519.c that the batch call (ed25519_batch.c) shares, so that every
 * element of a batch is decided by the single call's own code.
 */
#ifndef ECFI_ED25519_INTERNAL_H
#define ECFI_ED25519_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "common/internal.h"

/* ecf_ed25519_verify(sig, pk, msg, msg_len) without the NULL checks (sig and
 * pk not NULL, msg not NULL unless msg_len is 0). */
ECFI_HIDDEN int ecfi_ed25519_verify_one(const uint8_t sig[64], const uint8_t pk[32], const uint8_t *msg,
                                        size_t msg_len);
/* k = SHA-512(R || A || M) mod l (pure Ed25519: no dom2 prefix), as 32
 * little-endian bytes (k < l). */
ECFI_HIDDEN void ecfi_ed25519_challenge(uint8_t k[32], const uint8_t R[32], const uint8_t A[32], const uint8_t *msg,
                                        size_t msg_len);

#endif
