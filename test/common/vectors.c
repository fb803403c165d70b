#include "vectors.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

FILE *vec_open(const char *relpath)
{
	const char *dir = getenv("ECF_VECTORS_DIR");
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", dir && *dir ? dir : "../shared/vectors", relpath);
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "# cannot open test vectors %s (set ECF_VECTORS_DIR)\n", path);
		fail();
	}
	return f;
}

static void trim(char *s)
{
	size_t n = strlen(s);
	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
	size_t k = 0;
	while (s[k] == ' ' || s[k] == '\t')
		k++;
	memmove(s, s + k, n - k + 1);
}

int vec_next(FILE *f, vec_record *rec, long *line)
{
	static char buf[2 * VEC_MAX_VALUE];
	rec->nkeys = 0;
	while (fgets(buf, sizeof buf, f)) {
		(*line)++;
		trim(buf);
		if (buf[0] == '#' || buf[0] == '[')
			continue;
		if (buf[0] == '\0') {
			if (rec->nkeys)
				return 1;
			continue;
		}
		char *eq = strchr(buf, '=');
		if (!eq || rec->nkeys == VEC_MAX_KEYS)
			continue;
		*eq = '\0';
		char *k = buf, *v = eq + 1;
		trim(k);
		trim(v);
		if (rec->nkeys == 0)
			rec->line = *line;
		snprintf(rec->key[rec->nkeys], sizeof rec->key[0], "%.31s", k);
		snprintf(rec->value[rec->nkeys], sizeof rec->value[0], "%.4095s", v);
		rec->nkeys++;
	}
	return rec->nkeys > 0;
}

const char *vec_get(const vec_record *rec, const char *key)
{
	for (size_t i = 0; i < rec->nkeys; i++)
		if (strcmp(rec->key[i], key) == 0)
			return rec->value[i];
	return NULL;
}

static int nibble(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int vec_hex(uint8_t *out, size_t len, const char *hex)
{
	if (!hex || strlen(hex) != 2 * len)
		return 0;
	for (size_t i = 0; i < len; i++) {
		int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return 0;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return 1;
}
