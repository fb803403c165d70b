#include "vectors.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "testutil.h"

/* The vectors live in the tree (test/vectors, set by test/meson.build); a
 * missing directory is a failure, never a skip. */
void vec_path(char *path, size_t size, const char *relpath)
{
	const char *dir = getenv("ECF_VECTORS_DIR");
	if (!dir || !*dir) {
		fprintf(stderr, "# FAIL: ECF_VECTORS_DIR is not set (meson test sets it to test/vectors)\n");
		fail();
	}
	snprintf(path, size, "%s/%s", dir, relpath);
}

FILE *vec_open(const char *relpath)
{
	char path[4096];
	vec_path(path, sizeof path, relpath);
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "# FAIL: cannot open test vectors %s (the tree's test/vectors)\n", path);
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

void vec_get_hex(uint8_t *out, size_t len, const vec_record *rec, const char *key)
{
	const char *hex = vec_get(rec, key);
	test_expect(hex != NULL && vec_hex(out, len, hex), "vector at line %ld: bad or missing %s", rec->line, key);
}

static void expect32(const uint8_t got[32], const uint8_t want[32], const char *what, long line, const char *tier)
{
	if (memcmp(got, want, 32) == 0)
		return;
	char g[65], w[65];
	for (int i = 0; i < 32; i++) {
		snprintf(g + 2 * i, 3, "%02x", got[i]);
		snprintf(w + 2 * i, 3, "%02x", want[i]);
	}
	test_expect(0, "RFC 7748 %s, line %ld (%s):\n#   got  %s\n#   want %s", what, line, tier, g, w);
}

void vec_rfc7748_x25519(vec_x25519_fn x25519, vec_x25519_fn chain)
{
	int slow = getenv("ECF_TEST_SLOW") != NULL && strcmp(getenv("ECF_TEST_SLOW"), "1") == 0;
	for (size_t tk = 0; tk < test_tier_count(); tk++) {
		test_tier_select(tk);
		const char *tier = test_tier_name(tk);
		FILE *f = vec_open("rfc/rfc7748_x25519.txt");
		vec_record rec;
		long line = 0;
		int checked = 0;
		while (vec_next(f, &rec, &line)) {
			uint8_t k[32], u[32], want[32], got[32];
			if (vec_get(&rec, "scalar")) {
				vec_get_hex(k, 32, &rec, "scalar");
				vec_get_hex(u, 32, &rec, "u");
				vec_get_hex(want, 32, &rec, "output");
				x25519(got, k, u);
				expect32(got, want, "X25519", rec.line, tier);
				checked++;
			} else if (vec_get(&rec, "iterations")) {
				long iters = atol(vec_get(&rec, "iterations"));
				if (iters > 1000 && !slow) {
					fprintf(stderr,
					        "# %s: the %ld-iteration vector (line %ld) runs with ECF_TEST_SLOW=1\n",
					        tier, iters, rec.line);
					continue;
				}
				vec_get_hex(k, 32, &rec, "k");
				vec_get_hex(u, 32, &rec, "u");
				vec_get_hex(want, 32, &rec, "output");
				for (long i = 0; i < iters; i++) {
					chain(got, k, u);
					memcpy(u, k, 32);
					memcpy(k, got, 32);
				}
				expect32(k, want, "iterated X25519", rec.line, tier);
				checked++;
			} else if (vec_get(&rec, "alice_private")) {
				uint8_t a[32], b[32], apub[32], bpub[32], nine[32] = {9};
				vec_get_hex(a, 32, &rec, "alice_private");
				vec_get_hex(b, 32, &rec, "bob_private");
				vec_get_hex(apub, 32, &rec, "alice_public");
				vec_get_hex(bpub, 32, &rec, "bob_public");
				vec_get_hex(want, 32, &rec, "shared");
				x25519(got, a, nine);
				expect32(got, apub, "alice_public", rec.line, tier);
				x25519(got, b, nine);
				expect32(got, bpub, "bob_public", rec.line, tier);
				x25519(got, a, bpub);
				expect32(got, want, "shared (alice)", rec.line, tier);
				x25519(got, b, apub);
				expect32(got, want, "shared (bob)", rec.line, tier);
				checked++;
			}
		}
		fclose(f);
		fprintf(stderr, "# %s: %d RFC 7748 X25519 records reproduced\n", tier, checked);
		test_expect(checked >= (slow ? 6 : 5), "too few X25519 vectors found (%d)", checked);
	}
	test_tier_restore();
}
