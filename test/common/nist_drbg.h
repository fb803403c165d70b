/* The AES-256 CTR DRBG of the NIST PQC KAT generators (rng.c of the
 * submission packages: randombytes_init with a 48-byte seed, no
 * personalisation, then randombytes), in test code only, on OpenSSL's AES.
 * Each randombytes call ends with a state update, so the KAT's sequence of
 * calls (and their lengths) must be repeated exactly. */
#ifndef ECF_NIST_DRBG_H
#define ECF_NIST_DRBG_H

#include <stddef.h>
#include <stdint.h>

typedef struct nist_drbg {
	uint8_t key[32], v[16];
} nist_drbg;

/* Returns 0 when OpenSSL's AES is not available (the caller skips). */
int nist_drbg_available(void);
void nist_drbg_init(nist_drbg *d, const uint8_t seed[48]);
void nist_drbg_bytes(nist_drbg *d, uint8_t *out, size_t len);

#endif
