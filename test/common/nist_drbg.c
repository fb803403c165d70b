/* See nist_drbg.h. */
#include "nist_drbg.h"

#include <stdlib.h>
#include <string.h>

#ifdef ECF_HAVE_OPENSSL
#include <openssl/evp.h>

int nist_drbg_available(void) { return 1; }

static void aes256_ecb(const uint8_t key[32], const uint8_t in[16], uint8_t out[16])
{
	EVP_CIPHER_CTX *c = EVP_CIPHER_CTX_new();
	int len = 0;
	if (!c || EVP_EncryptInit_ex(c, EVP_aes_256_ecb(), NULL, key, NULL) != 1 ||
	    EVP_CIPHER_CTX_set_padding(c, 0) != 1 || EVP_EncryptUpdate(c, out, &len, in, 16) != 1 || len != 16)
		abort();
	EVP_CIPHER_CTX_free(c);
}
#else
int nist_drbg_available(void) { return 0; }

static void aes256_ecb(const uint8_t key[32], const uint8_t in[16], uint8_t out[16])
{
	(void)key, (void)in, (void)out;
	abort();
}
#endif

static void increment_v(uint8_t v[16])
{
	for (int j = 15; j >= 0; j--) {
		if (v[j] == 0xff) {
			v[j] = 0;
		} else {
			v[j]++;
			break;
		}
	}
}

static void update(nist_drbg *d, const uint8_t *provided)
{
	uint8_t temp[48];
	for (int i = 0; i < 3; i++) {
		increment_v(d->v);
		aes256_ecb(d->key, d->v, temp + 16 * i);
	}
	if (provided)
		for (int i = 0; i < 48; i++)
			temp[i] ^= provided[i];
	memcpy(d->key, temp, 32);
	memcpy(d->v, temp + 32, 16);
}

void nist_drbg_init(nist_drbg *d, const uint8_t seed[48])
{
	memset(d, 0, sizeof *d);
	update(d, seed);
}

void nist_drbg_bytes(nist_drbg *d, uint8_t *out, size_t len)
{
	uint8_t block[16];
	while (len > 0) {
		increment_v(d->v);
		aes256_ecb(d->key, d->v, block);
		size_t n = len > 16 ? 16 : len;
		memcpy(out, block, n);
		out += n;
		len -= n;
	}
	update(d, NULL);
}
