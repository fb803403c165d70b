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

/* Open a vector file below the directory given by ECF_VECTORS_DIR (set by
 * meson test) or the test's first argument; fails the test if missing. */
FILE *vec_open(const char *relpath);
/* Next record; 0 at end of file. */
int vec_next(FILE *f, vec_record *rec, long *line);
/* The value of key, or NULL. */
const char *vec_get(const vec_record *rec, const char *key);
/* Decode hex into out (exactly len bytes); returns 0 on a malformed string. */
int vec_hex(uint8_t *out, size_t len, const char *hex);

#endif
