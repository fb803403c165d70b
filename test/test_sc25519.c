/* Scalars mod l, the edwards25519 group order: every generic operation
 * against GMP on every kernel tier (mont_field_tests.h), the plain-domain
 * operations (from_bytes_reduce, muladd) and clamp against GMP on edge values
 * and random inputs with every aliasing, select/lookup/set_u64, and RFC 8032's
 * Ed25519 vectors: S = r + k*a recomputed with the library's SHA-512. */
#include <stdlib.h>

#include "ecfield/sc25519.h"

#include "common/internal.h"
#include "common/limbs.h"
#include "common/vectors.h"
#include "dispatch/cpu.h"
#include "hash/sha2.h"

#define FIELD sc25519
#define NL 4
#define MOD_HEX "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed"
#define FIELD_BYTES 32
#define FIELD_BIG_ENDIAN 0
#include "mont_field_tests.h"

/* Little-endian bytes <-> mpz. */
static void le_to_mpz(mpz_t z, const uint8_t *p, size_t n) { mpz_import(z, n, -1, 1, 0, 0, p); }

static void mpz_to_le(uint8_t *p, size_t n, const mpz_t z)
{
	memset(p, 0, n);
	if (mpz_sgn(z))
		mpz_export(p, NULL, -1, 1, 0, 0, z);
}

/* from_bytes_reduce: 64 and 32 bytes reduced mod l, against GMP. */
static void test_sc25519_from_bytes_reduce(void **s)
{
	(void)s;
	mpz_t top;
	mpz_init(top);
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, 0x31de + k);
		/* Edge values of 512 bits: 0, 1, l-1, l, l+1, 2l, 2^252, 2^253-1,
		 * 2^256-1, 2^256, 2^256 + l, multiples k*l and k*l - 1 up to 2^512,
		 * 2^512 - 1, every single bit. */
		enum { NFIX = 15 };
		long cases = NFIX + 512 + test_iterations(RANDOM_CASES);
		for (long i = 0; i < cases; i++) {
			uint8_t buf[64];
			size_t len = (i & 2) ? 32 : 64;
			if (i < NFIX) {
				mpz_set_ui(X_, 0);
				switch (i) {
				case 0:
					break;
				case 1:
					mpz_set_ui(X_, 1);
					break;
				case 2:
					mpz_sub_ui(X_, M_, 1);
					break;
				case 3:
					mpz_set(X_, M_);
					break;
				case 4:
					mpz_add_ui(X_, M_, 1);
					break;
				case 5:
					mpz_mul_ui(X_, M_, 2);
					break;
				case 6:
					mpz_setbit(X_, 252);
					break;
				case 7:
					mpz_setbit(X_, 253);
					mpz_sub_ui(X_, X_, 1);
					break;
				case 8:
					mpz_setbit(X_, 256);
					mpz_sub_ui(X_, X_, 1);
					break;
				case 9:
					mpz_setbit(X_, 256);
					break;
				case 10:
					mpz_setbit(X_, 256);
					mpz_add(X_, X_, M_);
					break;
				case 11: /* the largest multiple of l below 2^512 */
				case 12: /* ... minus 1 */
					mpz_setbit(X_, 512);
					mpz_fdiv_q(X_, X_, M_);
					mpz_mul(X_, X_, M_);
					if (i == 12)
						mpz_sub_ui(X_, X_, 1);
					break;
				case 13: /* the largest multiple of l below 2^256 */
					mpz_setbit(X_, 256);
					mpz_fdiv_q(X_, X_, M_);
					mpz_mul(X_, X_, M_);
					break;
				default:
					mpz_setbit(X_, 512);
					mpz_sub_ui(X_, X_, 1);
				}
				len = mpz_sizeinbase(X_, 2) > 256 ? 64 : ((i & 1) ? 32 : 64);
			} else if (i < NFIX + 512) {
				mpz_set_ui(X_, 0);
				mpz_setbit(X_, (mp_bitcnt_t)(i - NFIX));
				len = i - NFIX >= 256 ? 64 : ((i & 1) ? 32 : 64);
			} else {
				uint64_t l[8];
				test_rand_limbs(&rng, l, 8, (int)(i & 1));
				test_limbs_to_mpz(X_, l, len / 8);
				if (i % 7 == 0) { /* a random multiple of l, or one off it */
					mpz_set_ui(top, 0);
					mpz_setbit(top, 8 * len - 253);
					mpz_mod(X_, X_, top);
					mpz_mul(X_, X_, M_);
					if (i % 3 == 1)
						mpz_sub_ui(X_, X_, mpz_sgn(X_) ? 1 : 0);
				}
			}
			mpz_to_le(buf, len, X_);
			FE r, want;
			mpz_mod(Z_, X_, M_);
			test_mpz_to_limbs(want.limb, NL, Z_);
			memset(&r, 0xa5, sizeof r);
			test_expect(ecf_sc25519_from_bytes_reduce(&r, buf, len) == ECF_OK,
			            "from_bytes_reduce rejected %ld", i);
			test_expect_limbs(r.limb, want.limb, NL, "from_bytes_reduce(%zu bytes) case %ld", len, i);
		}
	}
	test_tier_restore();
	mpz_clear(top);
	/* Wrong lengths and NULL: distinct codes, output zeroed. */
	uint8_t buf[66] = {0};
	FE r;
	for (size_t len = 0; len <= sizeof buf; len++) {
		if (len == 32 || len == 64)
			continue;
		memset(&r, 0xa5, sizeof r);
		test_expect(ecf_sc25519_from_bytes_reduce(&r, buf, len) == ECF_ERR_LENGTH, "length %zu accepted", len);
		test_expect(ecf_sc25519_is_zero(&r), "length %zu left a partial output", len);
	}
	memset(&r, 0xa5, sizeof r);
	test_expect(ecf_sc25519_from_bytes_reduce(&r, buf, (size_t)-1) == ECF_ERR_LENGTH, "length SIZE_MAX accepted");
	test_expect(ecf_sc25519_is_zero(&r), "length SIZE_MAX left a partial output");
	memset(&r, 0xa5, sizeof r);
	test_expect(ecf_sc25519_from_bytes_reduce(&r, NULL, 64) == ECF_ERR_NULL, "NULL input accepted");
	test_expect(ecf_sc25519_is_zero(&r), "NULL input left a partial output");
	test_expect(ecf_sc25519_from_bytes_reduce(NULL, buf, 64) == ECF_ERR_NULL, "NULL output accepted");
	test_expect(ecf_sc25519_from_bytes_reduce(NULL, NULL, 5) == ECF_ERR_NULL, "NULL output and input accepted");
}

/* muladd: r = a*b + c mod l on plain values, every aliasing. */
static void test_sc25519_muladd(void **s)
{
	(void)s;
	for (size_t k = 0; k < test_tier_count(); k++) {
		test_tier_select(k);
		test_rng rng;
		test_rng_init(&rng, 0x3a0d + k);
		long cases = (long)(NEDGE * NEDGE) + test_iterations(RANDOM_CASES);
		for (long i = 0; i < cases; i++) {
			FE a, b, c, r, want;
			test_sc25519_operand(&rng, i, 0, &a);
			test_sc25519_operand(&rng, i, 1, &b);
			if (i < (long)(NEDGE * NEDGE))
				memcpy(c.limb, EDGE[(size_t)i % NEDGE == 0 ? 0 : ((size_t)i * 7) % NEDGE],
				       sizeof c.limb);
			else
				test_rand_below(&rng, c.limb, M_, NL, (int)(i & 2));
			test_limbs_to_mpz(X_, a.limb, NL);
			test_limbs_to_mpz(Y_, b.limb, NL);
			test_limbs_to_mpz(W_, c.limb, NL);
			mpz_mul(Z_, X_, Y_);
			mpz_add(Z_, Z_, W_);
			mpz_mod(Z_, Z_, M_);
			test_mpz_to_limbs(want.limb, NL, Z_);
			ecf_sc25519_muladd(&r, &a, &b, &c);
			test_expect_limbs(r.limb, want.limb, NL, "muladd case %ld", i);
			/* r aliasing a, b, c in turn. */
			FE t = a;
			ecf_sc25519_muladd(&t, &t, &b, &c);
			test_expect_limbs(t.limb, want.limb, NL, "muladd r == a, case %ld", i);
			t = b;
			ecf_sc25519_muladd(&t, &a, &t, &c);
			test_expect_limbs(t.limb, want.limb, NL, "muladd r == b, case %ld", i);
			t = c;
			ecf_sc25519_muladd(&t, &a, &b, &t);
			test_expect_limbs(t.limb, want.limb, NL, "muladd r == c, case %ld", i);
			/* All four the same: t = t*t + t. */
			mpz_mul(Z_, X_, X_);
			mpz_add(Z_, Z_, X_);
			mpz_mod(Z_, Z_, M_);
			test_mpz_to_limbs(want.limb, NL, Z_);
			t = a;
			ecf_sc25519_muladd(&t, &t, &t, &t);
			test_expect_limbs(t.limb, want.limb, NL, "muladd r == a == b == c, case %ld", i);
		}
	}
	test_tier_restore();
}

/* clamp: against the bit operations of RFC 7748 5 / RFC 8032 5.1.5, in place too. */
static void test_sc25519_clamp(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0xc1a3);
	for (long i = 0; i < test_iterations(10000); i++) {
		uint8_t in[32], out[32], want[32];
		for (int j = 0; j < 32; j++)
			in[j] = (uint8_t)(i < 2 ? (i ? 0xff : 0) : test_rng_next(&rng));
		mpz_t z;
		mpz_init(z);
		le_to_mpz(z, in, 32);
		for (int bit = 0; bit < 3; bit++)
			mpz_clrbit(z, (mp_bitcnt_t)bit);
		mpz_clrbit(z, 255);
		mpz_setbit(z, 254);
		mpz_to_le(want, 32, z);
		mpz_clear(z);
		ecf_sc25519_clamp(out, in);
		test_expect(memcmp(out, want, 32) == 0, "clamp case %ld", i);
		ecf_sc25519_clamp(in, in);
		test_expect(memcmp(in, want, 32) == 0, "clamp in place, case %ld", i);
	}
}

/* select, lookup and set_u64 (not covered by mont_field_tests.h). */
static void test_sc25519_select_lookup(void **s)
{
	(void)s;
	FE table[9], r, a, b;
	for (size_t i = 0; i < 9; i++)
		memcpy(table[i].limb, EDGE[i % NEDGE], sizeof table[i].limb);
	for (size_t idx = 0; idx < 12; idx++) {
		memset(&r, 0xa5, sizeof r);
		int st = ecf_sc25519_lookup(&r, table, 9, idx);
		if (idx < 9) {
			test_expect(st == ECF_OK, "lookup %zu status %d", idx, st);
			test_expect_limbs(r.limb, table[idx].limb, NL, "lookup %zu", idx);
		} else {
			test_expect(st == ECF_ERR_INDEX, "lookup %zu out of range: status %d", idx, st);
			test_expect(ecf_sc25519_is_zero(&r), "lookup %zu out of range left a value", idx);
		}
	}
	test_expect(ecf_sc25519_lookup(NULL, table, 9, 0) == ECF_ERR_NULL, "lookup NULL output");
	test_expect(ecf_sc25519_lookup(&r, NULL, 9, 0) == ECF_ERR_NULL, "lookup NULL table");
	memcpy(a.limb, EDGE[1], sizeof a.limb);
	memcpy(b.limb, EDGE[2], sizeof b.limb);
	for (int cond = -2; cond <= 2; cond++) {
		ecf_sc25519_select(&r, &a, &b, cond);
		test_expect_limbs(r.limb, cond ? a.limb : b.limb, NL, "select cond %d", cond);
		FE t = a;
		ecf_sc25519_select(&t, &t, &b, cond);
		test_expect_limbs(t.limb, cond ? a.limb : b.limb, NL, "select r == a, cond %d", cond);
		t = b;
		ecf_sc25519_select(&t, &a, &t, cond);
		test_expect_limbs(t.limb, cond ? a.limb : b.limb, NL, "select r == b, cond %d", cond);
		t = a;
		ecf_sc25519_cswap(&t, &t, cond);
		test_expect_limbs(t.limb, a.limb, NL, "cswap of an element with itself, cond %d", cond);
	}
	const uint64_t vals[] = {0, 1, 2, 8, 0xffffffffffffffffULL};
	for (size_t i = 0; i < 5; i++) {
		ecf_sc25519_set_u64(&r, vals[i]);
		mpz_set_ui(X_, 0);
		mpz_import(X_, 1, -1, 8, 0, 0, &vals[i]);
		mpz_mul(Z_, X_, R_);
		mpz_mod(Z_, Z_, M_);
		FE want;
		test_mpz_to_limbs(want.limb, NL, Z_);
		test_expect_limbs(r.limb, want.limb, NL, "set_u64(%llu)", (unsigned long long)vals[i]);
	}
}

/* RFC 8032 7.1: S = (r + k*a) mod l with r = SHA-512(prefix || M),
 * k = SHA-512(R || A || M), a = clamp(SHA-512(secret)[0..32)), all reduced
 * with from_bytes_reduce; S must equal the second half of the signature, and
 * S + l (non-canonical) must be rejected by from_bytes. */
static void test_sc25519_rfc8032(void **s)
{
	(void)s;
	FILE *f = vec_open("rfc/rfc8032_ed25519.txt");
	vec_record rec;
	long line = 0, count = 0;
	static uint8_t msg[VEC_MAX_VALUE / 2];
	while (vec_next(f, &rec, &line)) {
		uint8_t sk[32], pk[32], sig[64], h[64], az[32], enc[32];
		const char *mhex = vec_get(&rec, "message");
		size_t mlen = (size_t)strtoul(vec_get(&rec, "message_length"), NULL, 10);
		test_expect(vec_hex(sk, 32, vec_get(&rec, "secret_key")) &&
		                vec_hex(pk, 32, vec_get(&rec, "public_key")) &&
		                vec_hex(sig, 64, vec_get(&rec, "signature")) && vec_hex(msg, mlen, mhex ? mhex : ""),
		            "malformed record at line %ld", rec.line);
		ecfi_sha512(h, sk, 32);
		ecf_sc25519_clamp(az, h);
		FE a, r, k, S, S_sig;
		test_expect(ecf_sc25519_from_bytes_reduce(&a, az, 32) == ECF_OK, "a");
		ecfi_sha512_ctx c;
		ecfi_sha512_init(&c);
		ecfi_sha512_update(&c, h + 32, 32);
		ecfi_sha512_update(&c, msg, mlen);
		ecfi_sha512_final(&c, h);
		test_expect(ecf_sc25519_from_bytes_reduce(&r, h, 64) == ECF_OK, "r");
		ecfi_sha512_init(&c);
		ecfi_sha512_update(&c, sig, 32);
		ecfi_sha512_update(&c, pk, 32);
		ecfi_sha512_update(&c, msg, mlen);
		ecfi_sha512_final(&c, h);
		test_expect(ecf_sc25519_from_bytes_reduce(&k, h, 64) == ECF_OK, "k");
		ecf_sc25519_muladd(&S, &k, &a, &r);
		ecf_sc25519_to_bytes(enc, &S);
		test_expect(memcmp(enc, sig + 32, 32) == 0, "RFC 8032 S mismatch, record at line %ld", rec.line);
		test_expect(ecf_sc25519_from_bytes(&S_sig, sig + 32, 32) == ECF_OK && ecf_sc25519_equal(&S_sig, &S),
		            "RFC 8032 S not decoded, line %ld", rec.line);
		/* S + l is the classic malleated signature: from_bytes must refuse it. */
		le_to_mpz(X_, sig + 32, 32);
		mpz_add(X_, X_, M_);
		mpz_to_le(enc, 32, X_);
		test_expect(ecf_sc25519_from_bytes(&S_sig, enc, 32) == ECF_ERR_RANGE, "S + l accepted, line %ld",
		            rec.line);
		count++;
	}
	fclose(f);
	test_expect(count == 5, "expected the 5 RFC 8032 Ed25519 vectors, read %ld", count);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    MONT_FIELD_TESTS,
	    cmocka_unit_test(test_sc25519_from_bytes_reduce),
	    cmocka_unit_test(test_sc25519_muladd),
	    cmocka_unit_test(test_sc25519_clamp),
	    cmocka_unit_test(test_sc25519_select_lookup),
	    cmocka_unit_test(test_sc25519_rfc8032),
	};
	return cmocka_run_group_tests_name("sc25519", tests, test_sc25519_setup, test_sc25519_teardown);
}
