/* Reader of "key = value" test-vector files (BoringSSL's *_tests.txt, NIST
 * .rsp): records are separated by blank lines; '#' lines are comments; CR is
 * ignored. Values are kept as text (hex strings are decoded by the caller). */
#ifndef ECF_VECTORS_H
#define ECF_VECTORS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define VEC_MAX_KEYS 12
#define VEC_MAX_VALUE 4096

typedef struct vec_record {
	size_t nkeys;
	char key[VEC_MAX_KEYS][32];
	char value[VEC_MAX_KEYS][VEC_MAX_VALUE];
	long line; /* line number of the record's first key */
} vec_record;

/* The path of a vector file below ECF_VECTORS_DIR (meson test sets it to the
 * tree's test/vectors); fails the test if the variable is unset. */
void vec_path(char *path, size_t size, const char *relpath);
/* Open a vector file (vec_path); fails the test if it cannot be opened. */
FILE *vec_open(const char *relpath);
/* Next record; 0 at end of file. */
int vec_next(FILE *f, vec_record *rec, long *line);
/* The value of key, or NULL. */
const char *vec_get(const vec_record *rec, const char *key);
/* Decode hex into out (exactly len bytes); returns 0 on a malformed string. */
int vec_hex(uint8_t *out, size_t len, const char *hex);
/* The value of key decoded into out (exactly len bytes); fails the test,
 * naming the record's line, if it is missing or malformed. */
void vec_get_hex(uint8_t *out, size_t len, const vec_record *rec, const char *key);

/* An X25519 under test: out = X25519(scalar, u) (RFC 7748 byte strings). */
typedef void (*vec_x25519_fn)(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32]);
/* The RFC 7748 X25519 vectors (rfc/rfc7748_x25519.txt) at every kernel tier:
 * each scalar/u/output record and the Diffie-Hellman record (both public keys
 * from u = 9, the shared secret both ways) through `x25519`; the iterated
 * records (the 1,000,000-iteration one only with ECF_TEST_SLOW=1) through
 * `chain`, which may be the same function or one without extra checks. Fails
 * the test on a mismatch or when too few records are found. */
void vec_rfc7748_x25519(vec_x25519_fn x25519, vec_x25519_fn chain);

#endif
