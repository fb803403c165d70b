/*
 * The P-256 group (ecfield/p256_point.h) on every kernel tier:
 *  - k*G for k = 1..20 and large k (table below, generated with OpenSSL 3.0
 *    EC_POINT_mul; 2G..20G and the large k are the published "NIST P-256
 *    point multiplication" test vectors of Chuck Batson, same values),
 *  - SEC1 decoding: every error code, and OpenSSL's EC_POINT_oct2point on
 *    random and corrupted encodings (its rejections matched),
 *  - the group law, scalar multiplications, key generation and ECDH against
 *    OpenSSL (libcrypto, an optional test-only dependency: without it those
 *    cases are reported as skipped), on random cases scaled by ECF_TEST_SCALE
 *    (ECF_TEST_SCALE=1000 runs 10,000 per operation and tier),
 *  - wide-seed key generation against GMP,
 *  - secrets wiped: the stack below the caller is searched for the private
 *    key after each secret-holding call.
 */
#include <stdlib.h>
#include <string.h>

#include "curves/p256/fe.h"
#include "curves/p256/group.h"
#include "curves/p256/point_ops.h"
#include "ecfield/p256_ecdh.h"
#include "ecfield/p256_point.h"
#include "testhooks/p256_hooks.h"
#include "testutil.h"

#ifdef HAVE_OPENSSL
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/ecdh.h>
#include <openssl/obj_mac.h>
#endif

static const char *const N_HEX = "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551";
static const char *const P_HEX = "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff";

static const struct {
	const char *k, *x, *y;
} KG[] = {
    {"1", "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296",
     "4FE342E2FE1A7F9B8EE7EB4A7C0F9E162BCE33576B315ECECBB6406837BF51F5"},
    {"2", "7CF27B188D034F7E8A52380304B51AC3C08969E277F21B35A60B48FC47669978",
     "07775510DB8ED040293D9AC69F7430DBBA7DADE63CE982299E04B79D227873D1"},
    {"3", "5ECBE4D1A6330A44C8F7EF951D4BF165E6C6B721EFADA985FB41661BC6E7FD6C",
     "8734640C4998FF7E374B06CE1A64A2ECD82AB036384FB83D9A79B127A27D5032"},
    {"4", "E2534A3532D08FBBA02DDE659EE62BD0031FE2DB785596EF509302446B030852",
     "E0F1575A4C633CC719DFEE5FDA862D764EFC96C3F30EE0055C42C23F184ED8C6"},
    {"5", "51590B7A515140D2D784C85608668FDFEF8C82FD1F5BE52421554A0DC3D033ED",
     "E0C17DA8904A727D8AE1BF36BF8A79260D012F00D4D80888D1D0BB44FDA16DA4"},
    {"6", "B01A172A76A4602C92D3242CB897DDE3024C740DEBB215B4C6B0AAE93C2291A9",
     "E85C10743237DAD56FEC0E2DFBA703791C00F7701C7E16BDFD7C48538FC77FE2"},
    {"7", "8E533B6FA0BF7B4625BB30667C01FB607EF9F8B8A80FEF5B300628703187B2A3",
     "73EB1DBDE03318366D069F83A6F5900053C73633CB041B21C55E1A86C1F400B4"},
    {"8", "62D9779DBEE9B0534042742D3AB54CADC1D238980FCE97DBB4DD9DC1DB6FB393",
     "AD5ACCBD91E9D8244FF15D771167CEE0A2ED51F6BBE76A78DA540A6A0F09957E"},
    {"9", "EA68D7B6FEDF0B71878938D51D71F8729E0ACB8C2C6DF8B3D79E8A4B90949EE0",
     "2A2744C972C9FCE787014A964A8EA0C84D714FEAA4DE823FE85A224A4DD048FA"},
    {"10", "CEF66D6B2A3A993E591214D1EA223FB545CA6C471C48306E4C36069404C5723F",
     "878662A229AAAE906E123CDD9D3B4C10590DED29FE751EEECA34BBAA44AF0773"},
    {"11", "3ED113B7883B4C590638379DB0C21CDA16742ED0255048BF433391D374BC21D1",
     "9099209ACCC4C8A224C843AFA4F4C68A090D04DA5E9889DAE2F8EEFCE82A3740"},
    {"12", "741DD5BDA817D95E4626537320E5D55179983028B2F82C99D500C5EE8624E3C4",
     "0770B46A9C385FDC567383554887B1548EEB912C35BA5CA71995FF22CD4481D3"},
    {"13", "177C837AE0AC495A61805DF2D85EE2FC792E284B65EAD58A98E15D9D46072C01",
     "63BB58CD4EBEA558A24091ADB40F4E7226EE14C3A1FB4DF39C43BBE2EFC7BFD8"},
    {"14", "54E77A001C3862B97A76647F4336DF3CF126ACBE7A069C5E5709277324D2920B",
     "F599F1BB29F4317542121F8C05A2E7C37171EA77735090081BA7C82F60D0B375"},
    {"15", "F0454DC6971ABAE7ADFB378999888265AE03AF92DE3A0EF163668C63E59B9D5F",
     "B5B93EE3592E2D1F4E6594E51F9643E62A3B21CE75B5FA3F47E59CDE0D034F36"},
    {"16", "76A94D138A6B41858B821C629836315FCD28392EFF6CA038A5EB4787E1277C6E",
     "A985FE61341F260E6CB0A1B5E11E87208599A0040FC78BAA0E9DDD724B8C5110"},
    {"17", "47776904C0F1CC3A9C0984B66F75301A5FA68678F0D64AF8BA1ABCE34738A73E",
     "AA005EE6B5B957286231856577648E8381B2804428D5733F32F787FF71F1FCDC"},
    {"18", "1057E0AB5780F470DEFC9378D1C7C87437BB4C6F9EA55C63D936266DBD781FDA",
     "F6F1645A15CBE5DC9FA9B7DFD96EE5A7DCC11B5C5EF4F1F78D83B3393C6A45A2"},
    {"19", "CB6D2861102C0C25CE39B7C17108C507782C452257884895C1FC7B74AB03ED83",
     "58D7614B24D9EF515C35E7100D6D6CE4A496716E30FA3E03E39150752BCECDAA"},
    {"20", "83A01A9378395BAB9BCD6A0AD03CC56D56E6B19250465A94A234DC4C6B28DA9A",
     "76E49B6DE2F73234AE6A5EB9D612B75C9F2202BB6923F54FF8240AAA86F640B8"},
    {"112233445566778899", "339150844EC15234807FE862A86BE77977DBFB3AE3D96F4C22795513AEAAB82F",
     "B1C14DDFDC8EC1B2583F51E85A5EB3A155840F2034730E9B5ADA38B674336A21"},
    {"112233445566778899112233445566778899", "1B7E046A076CC25E6D7FA5003F6729F665CC3241B5ADAB12B498CD32F2803264",
     "BFEA79BE2B666B073DB69A2A241ADAB0738FE9D2DD28B5604EB8C8CF097C457B"},
    {"29852220098221261079183923314599206100666902414330245206392788703677545185283",
     "9EACE8F4B071E677C5350B02F2BB2B384AAE89D58AA72CA97A170572E0FB222F",
     "1BBDAEC2430B09B93F7CB08678636CE12EAAFD58390699B5FD2F6E1188FC2A78"},
    {"57896042899961394862005778464643882389978449576758748073725983489954366354431",
     "878F22CC6DB6048D2B767268F22FFAD8E56AB8E2DC615F7BD89F1E350500DD8D",
     "714A5D7BB901C9C5853400D12341A892EF45D87FC553786756C4F0C9391D763E"},
    {"1766845392945710151501889105729049882997660004824848915955419660366636031",
     "659A379625AB122F2512B8DADA02C6348D53B54452DFF67AC7ACE4E8856295CA",
     "49D81AB97B648464D0B4A288BD7818FAB41A16426E943527C4FED8736C53D0F6"},
    {"28948025760307534517734791687894775804466072615242963443097661355606862201087",
     "CBCEAAA8A4DD44BBCE58E8DB7740A5510EC2CB7EA8DA8D8F036B3FB04CDA4DE4",
     "4BD7AA301A80D7F59FD983FEDBE59BB7B2863FE46494935E3745B360E32332FA"},
    {"113078210460870548944811695960290644973229224625838436424477095834645696384",
     "F0C4A0576154FF3A33A3460D42EAED806E854DFA37125221D37935124BA462A4",
     "5B392FA964434D29EEC6C9DBC261CF116796864AA2FAADB984A2DF38D1AEF7A3"},
    {"1780887044348545658131893014627212823449546366463434137549133082232537088",
     "4520B2B7F87EF59F215CDCB08A17C04FFA54B30CCE61D644587ABB6B49D29F9E",
     "57A8B3366A653FEC4EE53B724705A4519DCED20CDEDA348F64A8ABB0846F2074"},
    {"115792089210356248762697446949407573529996955224135760342422259061068512044368",
     "6B17D1F2E12C4247F8BCE6E563A440F277037D812DEB33A0F4A13945D898C296",
     "B01CBD1C01E58065711814B583F061E9D431CCA994CEA1313449BF97C840AE0A"},
    {"115792089210356248762697446949407573529996955224135760342422259061068512044350",
     "CB6D2861102C0C25CE39B7C17108C507782C452257884895C1FC7B74AB03ED83",
     "A7289EB3DB2610AFA3CA18EFF292931B5B698E92CF05C1FC1C6EAF8AD4313255"},
};

/* 32 big-endian bytes of a GMP value (mod 2^256). */
static void mpz_to_be32(uint8_t out[32], const mpz_t z)
{
	uint64_t l[4];
	test_mpz_to_limbs(l, 4, z);
	for (int i = 0; i < 32; i++)
		out[i] = (uint8_t)(l[3 - i / 8] >> (56 - 8 * (i % 8)));
}

static void hex_to_bytes(uint8_t *out, const char *hex, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned v;
		sscanf(hex + 2 * i, "%2x", &v);
		out[i] = (uint8_t)v;
	}
}

static void rand_bytes(test_rng *rng, uint8_t *out, size_t n)
{
	for (size_t i = 0; i < n; i++)
		out[i] = (uint8_t)(test_rng_next(rng) >> 56);
}

static void mpz_add_si(mpz_t z, const mpz_t a, long v)
{
	if (v >= 0)
		mpz_add_ui(z, a, (unsigned long)v);
	else
		mpz_sub_ui(z, a, (unsigned long)-v);
}

/* A random scalar: uniform 256-bit, or an edge value (0, 1, n-1, n, n+1, 2^256-1, small). */
static void rand_scalar(test_rng *rng, uint8_t k[32], long i)
{
	mpz_t z;
	mpz_init(z);
	switch (i % 16) {
	case 0:
		mpz_set_ui(z, (unsigned long)(i / 16) % 5);
		break;
	case 1:
		test_mpz_set_hex(z, N_HEX);
		mpz_add_si(z, z, (long)((i / 16) % 3) - 1);
		break;
	case 2:
		mpz_set_ui(z, 1);
		mpz_mul_2exp(z, z, 256);
		mpz_sub_ui(z, z, 1 + (unsigned long)(i / 16) % 2);
		break;
	default: {
		uint64_t l[4];
		test_rand_limbs(rng, l, 4, (int)(i & 1));
		test_limbs_to_mpz(z, l, 4);
	}
	}
	mpz_to_be32(k, z);
	mpz_clear(z);
}

/* 1 if the n bytes at p are all zero. */
static int all_zero(const uint8_t *p, size_t n)
{
	uint8_t acc = 0;
	for (size_t i = 0; i < n; i++)
		acc |= p[i];
	return acc == 0;
}

/* Encode r uncompressed; returns the status. */
static int enc65(uint8_t out[65], const ecf_p256_point *r) { return ecf_p256_point_to_bytes(out, 65, r); }

static void test_kg_vectors(void **s)
{
	(void)s;
	mpz_t z;
	mpz_init(z);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (size_t i = 0; i < sizeof KG / sizeof KG[0]; i++) {
			uint8_t k[32], want[65], got[65], zero[32] = {0};
			mpz_set_str(z, KG[i].k, 10);
			mpz_to_be32(k, z);
			want[0] = 0x04;
			hex_to_bytes(want + 1, KG[i].x, 32);
			hex_to_bytes(want + 33, KG[i].y, 32);
			ecf_p256_point r, g;
			ecf_p256_point_generator(&g);
			ecf_p256_point_scalar_mult_base(&r, k);
			test_expect(enc65(got, &r) == ECF_OK && memcmp(got, want, 65) == 0, "base k = %s", KG[i].k);
			ecf_p256_point_scalar_mult(&r, k, &g);
			test_expect(enc65(got, &r) == ECF_OK && memcmp(got, want, 65) == 0, "mult k = %s", KG[i].k);
			ecf_p256_point_double_scalar_mult_base_vartime(&r, zero, &g, k);
			test_expect(enc65(got, &r) == ECF_OK && memcmp(got, want, 65) == 0, "double(k, 0) k = %s",
			            KG[i].k);
			ecf_p256_point_double_scalar_mult_base_vartime(&r, k, &g, zero);
			test_expect(enc65(got, &r) == ECF_OK && memcmp(got, want, 65) == 0, "double(0, k) k = %s",
			            KG[i].k);
			/* Decoding the vector gives the same point, both forms. */
			ecf_p256_point d;
			test_expect(ecf_p256_point_from_bytes(&d, want, 65) == ECF_OK, "decode k = %s", KG[i].k);
			test_expect(ecf_p256_point_equal(&d, &r), "decode k = %s", KG[i].k);
			uint8_t c[33];
			test_expect(ecf_p256_point_to_bytes(c, 33, &r) == ECF_OK, "compress k = %s", KG[i].k);
			test_expect(c[0] == (0x02 | (want[64] & 1)) && memcmp(c + 1, want + 1, 32) == 0,
			            "compress k = %s", KG[i].k);
			test_expect(ecf_p256_point_from_bytes(&d, c, 33) == ECF_OK && ecf_p256_point_equal(&d, &r),
			            "decompress k = %s", KG[i].k);
		}
		/* 0, n and 2n - 2^256... give the identity; n + 1 gives G. */
		uint8_t k[32], got[65];
		ecf_p256_point r, g;
		ecf_p256_point_generator(&g);
		memset(k, 0, 32);
		ecf_p256_point_scalar_mult_base(&r, k);
		test_expect(ecf_p256_point_is_identity(&r), "0*G");
		test_expect(enc65(got, &r) == ECF_ERR_IDENTITY, "0*G encodes");
		ecf_p256_point_scalar_mult(&r, k, &g);
		test_expect(ecf_p256_point_is_identity(&r), "0*G (variable base)");
		test_mpz_set_hex(z, N_HEX);
		mpz_to_be32(k, z);
		ecf_p256_point_scalar_mult_base(&r, k);
		test_expect(ecf_p256_point_is_identity(&r), "n*G");
		ecf_p256_point_scalar_mult(&r, k, &g);
		test_expect(ecf_p256_point_is_identity(&r), "n*G (variable base)");
		ecf_p256_point_double_scalar_mult_base_vartime(&r, k, &g, k);
		test_expect(ecf_p256_point_is_identity(&r), "n*G + n*G (vartime)");
		mpz_add_ui(z, z, 1);
		mpz_to_be32(k, z);
		ecf_p256_point_scalar_mult_base(&r, k);
		test_expect(ecf_p256_point_equal(&r, &g), "(n+1)*G");
		/* The identity as the base of scalar_mult. */
		ecf_p256_point id;
		ecf_p256_point_identity(&id);
		memset(k, 0x5a, 32);
		ecf_p256_point_scalar_mult(&r, k, &id);
		test_expect(ecf_p256_point_is_identity(&r), "k*O");
	}
	test_tier_restore();
	mpz_clear(z);
}

/* A point from a test scalar. */
static void point_of(ecf_p256_point *r, unsigned long k)
{
	uint8_t kb[32] = {0};
	for (int i = 0; i < 8; i++)
		kb[31 - i] = (uint8_t)(k >> (8 * i));
	ecf_p256_point_scalar_mult_base(r, kb);
}

static void test_decode_errors(void **s)
{
	(void)s;
	ecf_p256_point r, g;
	uint8_t e[65], c[33], bad[65];
	ecf_p256_point_generator(&g);
	assert_int_equal(enc65(e, &g), ECF_OK);
	assert_int_equal(ecf_p256_point_to_bytes(c, 33, &g), ECF_OK);
	/* NULLs and lengths. */
	assert_int_equal(ecf_p256_point_from_bytes(NULL, e, 65), ECF_ERR_NULL);
	assert_int_equal(ecf_p256_point_from_bytes(&r, NULL, 65), ECF_ERR_NULL);
	test_expect(ecf_p256_point_is_identity(&r), "NULL input leaves the identity");
	const size_t lens[] = {0, 2, 32, 34, 64, 66, 97, 129};
	for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
		uint8_t buf[129] = {0x04};
		memcpy(buf, e, 65);
		test_expect(ecf_p256_point_from_bytes(&r, buf, lens[i]) == ECF_ERR_LENGTH, "length %zu", lens[i]);
		test_expect(ecf_p256_point_is_identity(&r), "length %zu leaves the identity", lens[i]);
	}
	/* The identity's encoding, and tags. */
	uint8_t zero = 0;
	assert_int_equal(ecf_p256_point_from_bytes(&r, &zero, 1), ECF_ERR_IDENTITY);
	uint8_t one4 = 4, one2 = 2, one5 = 5;
	assert_int_equal(ecf_p256_point_from_bytes(&r, &one4, 1), ECF_ERR_LENGTH);
	assert_int_equal(ecf_p256_point_from_bytes(&r, &one2, 1), ECF_ERR_LENGTH);
	assert_int_equal(ecf_p256_point_from_bytes(&r, &one5, 1), ECF_ERR_ENCODING);
	for (unsigned tag = 0; tag < 256; tag++) {
		memcpy(bad, e, 65);
		bad[0] = (uint8_t)tag;
		int st = ecf_p256_point_from_bytes(&r, bad, 65);
		test_expect(st == (tag == 4                 ? ECF_OK
		                   : (tag == 2 || tag == 3) ? ECF_ERR_LENGTH
		                                            : ECF_ERR_ENCODING),
		            "tag 0x%02x with 65 bytes: %d", tag, st);
		memcpy(bad, c, 33);
		bad[0] = (uint8_t)tag;
		st = ecf_p256_point_from_bytes(&r, bad, 33);
		test_expect(st == (tag == 2 || tag == 3 ? ECF_OK
		                   : tag == 4           ? ECF_ERR_LENGTH
		                                        : ECF_ERR_ENCODING),
		            "tag 0x%02x with 33 bytes: %d", tag, st);
	}
	/* Coordinates >= p: p itself, p + small, 2^256 - 1. */
	mpz_t z;
	mpz_init(z);
	for (int v = 0; v < 3; v++) {
		if (v < 2) {
			test_mpz_set_hex(z, P_HEX);
			mpz_add_ui(z, z, (unsigned long)(3 * v));
		} else {
			mpz_set_ui(z, 1);
			mpz_mul_2exp(z, z, 256);
			mpz_sub_ui(z, z, 1);
		}
		memcpy(bad, e, 65);
		mpz_to_be32(bad + 1, z);
		test_expect(ecf_p256_point_from_bytes(&r, bad, 65) == ECF_ERR_RANGE, "x >= p (%d)", v);
		test_expect(ecf_p256_point_is_identity(&r), "x >= p leaves the identity");
		memcpy(bad, e, 65);
		mpz_to_be32(bad + 33, z);
		test_expect(ecf_p256_point_from_bytes(&r, bad, 65) == ECF_ERR_RANGE, "y >= p (%d)", v);
		memcpy(bad, c, 33);
		mpz_to_be32(bad + 1, z);
		test_expect(ecf_p256_point_from_bytes(&r, bad, 33) == ECF_ERR_RANGE, "compressed x >= p (%d)", v);
	}
	/* y = p - y is -G: valid; y + 1 is off the curve; (0, 0) and x = 0 compressed. */
	mpz_clear(z);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		memcpy(bad, e, 65);
		bad[64] ^= 1;
		test_expect(ecf_p256_point_from_bytes(&r, bad, 65) == ECF_ERR_NOT_ON_CURVE, "y ^ 1");
		test_expect(ecf_p256_point_is_identity(&r), "off-curve leaves the identity");
		memset(bad, 0, 65);
		bad[0] = 4;
		test_expect(ecf_p256_point_from_bytes(&r, bad, 65) == ECF_ERR_NOT_ON_CURVE, "(0, 0)");
		/* Compressed x without a y: count both outcomes over small x. */
		int none = 0, some = 0;
		for (unsigned x = 0; x < 64; x++) {
			memset(bad, 0, 33);
			bad[0] = (uint8_t)(2 + (x & 1));
			bad[32] = (uint8_t)x;
			int st = ecf_p256_point_from_bytes(&r, bad, 33);
			if (st == ECF_OK) {
				some++;
				uint8_t back[33];
				test_expect(ecf_p256_point_to_bytes(back, 33, &r) == ECF_OK &&
				                memcmp(back, bad, 33) == 0,
				            "compressed round trip x = %u", x);
			} else {
				none++;
				test_expect(st == ECF_ERR_NOT_ON_CURVE, "compressed x = %u: %d", x, st);
			}
		}
		test_expect(none > 10 && some > 10, "compressed small x: %d on, %d off", some, none);
		/* Encoding errors. */
		ecf_p256_point id;
		ecf_p256_point_identity(&id);
		memset(bad, 0xa5, 65);
		test_expect(ecf_p256_point_to_bytes(bad, 65, &id) == ECF_ERR_IDENTITY, "encode identity");
		for (int i = 0; i < 65; i++)
			test_expect(bad[i] == 0, "encode identity zeroes the output");
		test_expect(ecf_p256_point_to_bytes(bad, 64, &g) == ECF_ERR_LENGTH, "encode length");
		test_expect(ecf_p256_point_to_bytes(NULL, 65, &g) == ECF_ERR_NULL, "encode NULL");
	}
	test_tier_restore();
}

/* The group law on edge cases: P + P, P + (-P), O + P, P + O, O + O, madd,
 * equal with different Z, batch_to_affine with identities. */
static void test_group_law(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0x9a11);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (long i = 0; i < test_iterations(200); i++) {
			ecf_p256_point p, q, r, r2, o, np;
			unsigned long a = (unsigned long)(test_rng_next(&rng) % 1000000) + 1;
			point_of(&p, a);
			point_of(&q, 2 * a);
			ecf_p256_point_identity(&o);
			ecf_p256_point_add(&r, &p, &p);
			ecf_p256_point_double(&r2, &p);
			test_expect(ecf_p256_point_equal(&r, &q) && ecf_p256_point_equal(&r2, &q),
			            "P + P = 2P, a = %lu", a);
			ecf_p256_point_neg(&np, &p);
			ecf_p256_point_add(&r, &p, &np);
			test_expect(ecf_p256_point_is_identity(&r), "P - P, a = %lu", a);
			ecf_p256_point_add(&r, &o, &p);
			test_expect(ecf_p256_point_equal(&r, &p), "O + P");
			ecf_p256_point_add(&r, &p, &o);
			test_expect(ecf_p256_point_equal(&r, &p), "P + O");
			ecf_p256_point_add(&r, &o, &o);
			test_expect(ecf_p256_point_is_identity(&r), "O + O");
			ecf_p256_point_double(&r, &o);
			test_expect(ecf_p256_point_is_identity(&r), "2 O");
			test_expect(!ecf_p256_point_equal(&o, &p) && !ecf_p256_point_equal(&p, &o), "O != P");
			test_expect(!ecf_p256_point_equal(&p, &q), "P != 2P");
			/* 3P three ways: add, madd, double + add; aliasing r = p. */
			ecf_p256_point p3, t3;
			point_of(&p3, 3 * a);
			ecf_p256_point_add(&t3, &q, &p);
			test_expect(ecf_p256_point_equal(&t3, &p3), "2P + P, a = %lu", a);
			ecf_p256_affine pa;
			ecf_p256_point_to_affine(&pa, &p);
			t3 = q;
			ecf_p256_point_add_affine(&t3, &t3, &pa);
			test_expect(ecf_p256_point_equal(&t3, &p3), "2P + affine P, a = %lu", a);
			t3 = p;
			ecf_p256_point_add_affine(&t3, &t3, &pa); /* madd doubling */
			test_expect(ecf_p256_point_equal(&t3, &q), "P + affine P, a = %lu", a);
			ecf_p256_point_add_affine(&t3, &o, &pa);
			test_expect(ecf_p256_point_equal(&t3, &p), "O + affine P");
			ecf_p256_point_neg(&np, &p);
			ecf_p256_point_add_affine(&t3, &np, &pa);
			test_expect(ecf_p256_point_is_identity(&t3), "-P + affine P");
			/* from_affine / to_affine round trip, and (0, 0). */
			ecf_p256_point_from_affine(&r, &pa);
			test_expect(ecf_p256_point_equal(&r, &p), "from_affine");
			ecf_p256_affine oa;
			ecf_p256_point_to_affine(&oa, &o);
			test_expect(ecf_p256_is_zero(&oa.x) && ecf_p256_is_zero(&oa.y), "to_affine(O) = (0, 0)");
			ecf_p256_point_from_affine(&r, &oa);
			test_expect(ecf_p256_point_is_identity(&r), "from_affine(0, 0) = O");
			/* cmov. */
			r = p;
			ecf_p256_point_cmov(&r, &q, 0);
			test_expect(ecf_p256_point_equal(&r, &p), "cmov 0");
			ecf_p256_point_cmov(&r, &q, 7);
			test_expect(ecf_p256_point_equal(&r, &q), "cmov 7");
		}
		/* Batch conversion with identities sprinkled in, against one by one. */
		ecf_p256_point pts[9];
		ecf_p256_affine a1[9], a2;
		for (int n = 0; n <= 9; n++) {
			for (int i = 0; i < n; i++) {
				if ((i * 7 + n) % 4 == 0)
					ecf_p256_point_identity(&pts[i]);
				else {
					point_of(&pts[i], (unsigned long)(i + 1) * 1234567u);
					ecf_p256_point_double(&pts[i], &pts[i]); /* Z != 1 */
				}
			}
			test_expect(ecf_p256_point_batch_to_affine(a1, pts, (size_t)n) == ECF_OK, "batch n = %d", n);
			for (int i = 0; i < n; i++) {
				ecf_p256_point_to_affine(&a2, &pts[i]);
				test_expect(ecf_p256_equal(&a1[i].x, &a2.x) && ecf_p256_equal(&a1[i].y, &a2.y),
				            "batch n = %d, i = %d", n, i);
			}
		}
		test_expect(ecf_p256_point_batch_to_affine(NULL, pts, 1) == ECF_ERR_NULL, "batch NULL");
		test_expect(ecf_p256_point_batch_to_affine(NULL, NULL, 0) == ECF_OK, "batch empty");
	}
	test_tier_restore();
}

/* Key generation: the 32-byte rule, the wide reduction against GMP. */
static void test_keygen(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0x6e7);
	mpz_t n, c, d;
	mpz_inits(n, c, d, NULL);
	test_mpz_set_hex(n, N_HEX);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		uint8_t seed[200], priv[32], pub[65], pub2[65], want[32];
		/* 32 bytes: 0, n, n + 1, 2^256 - 1 rejected; 1 and n - 1 accepted. */
		const long offs[] = {-1, 0, 1};
		for (int i = 0; i < 3; i++) {
			mpz_add_si(c, n, offs[i]);
			mpz_to_be32(seed, c);
			int st = ecf_p256_keypair(pub, priv, seed, 32);
			test_expect(st == (i == 0 ? ECF_OK : ECF_ERR_SCALAR), "keygen n%+ld: %d", offs[i], st);
			if (i == 0)
				test_expect(memcmp(priv, seed, 32) == 0, "keygen n - 1 keeps the key");
			else
				test_expect(all_zero(priv, 32) && all_zero(pub, 65), "keypair error zeroes");
		}
		memset(seed, 0, 32);
		test_expect(ecf_p256_keypair(pub, priv, seed, 32) == ECF_ERR_SCALAR, "keygen 0");
		test_expect(ecf_p256_public_key(pub, seed) == ECF_ERR_SCALAR, "public_key 0");
		memset(seed, 0xff, 32);
		test_expect(ecf_p256_keypair(pub, priv, seed, 32) == ECF_ERR_SCALAR, "keygen 2^256 - 1");
		test_expect(ecf_p256_public_key(pub, seed) == ECF_ERR_SCALAR, "public_key 2^256 - 1");
		for (size_t len = 0; len < 40; len++)
			if (len != 32) {
				memset(pub, 0xa5, 65);
				memset(priv, 0xa5, 32);
				test_expect(ecf_p256_keypair(pub, priv, seed, len) == ECF_ERR_LENGTH &&
				                all_zero(priv, 32) && all_zero(pub, 65),
				            "keypair length %zu", len);
			}
		/* NULL: ECF_ERR_NULL, and every output that is not NULL zeroed. */
		memset(seed, 0x11, 32);
		memset(pub, 0xa5, 65);
		test_expect(ecf_p256_keypair(pub, NULL, seed, 32) == ECF_ERR_NULL && all_zero(pub, 65),
		            "keypair NULL sk");
		memset(priv, 0xa5, 32);
		test_expect(ecf_p256_keypair(NULL, priv, seed, 32) == ECF_ERR_NULL && all_zero(priv, 32),
		            "keypair NULL pk");
		memset(pub, 0xa5, 65);
		memset(priv, 0xa5, 32);
		test_expect(ecf_p256_keypair(pub, priv, NULL, 32) == ECF_ERR_NULL && all_zero(priv, 32) &&
		                all_zero(pub, 65),
		            "keypair NULL seed");
		test_expect(ecf_p256_public_key(NULL, seed) == ECF_ERR_NULL, "public_key NULL pk");
		memset(pub, 0xa5, 65);
		test_expect(ecf_p256_public_key(pub, NULL) == ECF_ERR_NULL && all_zero(pub, 65), "public_key NULL sk");
		/* Random seeds of 32, 40, 48, 64 and 200 bytes (all-0xff and all-0 too). */
		const size_t wl[] = {32, 40, 48, 64, 200};
		for (long i = 0; i < test_iterations(300); i++) {
			size_t len = wl[i % 5];
			rand_bytes(&rng, seed, len);
			if (i % 50 == 1)
				memset(seed, 0xff, len);
			if (i % 50 == 2)
				memset(seed, 0, len);
			mpz_import(c, len, 1, 1, 1, 0, seed);
			int st = ecf_p256_keypair(pub, priv, seed, len);
			if (len == 32) {
				int ok = mpz_sgn(c) > 0 && mpz_cmp(c, n) < 0;
				test_expect(st == (ok ? ECF_OK : ECF_ERR_SCALAR), "keygen 32 bytes, case %ld", i);
				if (!ok)
					continue;
				mpz_set(d, c);
			} else {
				test_expect(st == ECF_OK, "keygen %zu bytes, case %ld", len, i);
				mpz_sub_ui(d, n, 1);
				mpz_mod(d, c, d);
				mpz_add_ui(d, d, 1);
			}
			mpz_to_be32(want, d);
			test_expect(memcmp(priv, want, 32) == 0, "keygen %zu bytes: private key, case %ld", len, i);
			ecf_p256_point r;
			ecf_p256_point_scalar_mult_base(&r, priv);
			test_expect(enc65(pub2, &r) == ECF_OK && memcmp(pub, pub2, 65) == 0,
			            "keygen public key, case %ld", i);
			test_expect(ecf_p256_public_key(pub2, priv) == ECF_OK && memcmp(pub, pub2, 65) == 0,
			            "public_key, case %ld", i);
		}
	}
	test_tier_restore();
	mpz_clears(n, c, d, NULL);
}

#ifdef HAVE_OPENSSL
static EC_GROUP *grp;
static BN_CTX *bnctx;

/* OpenSSL's k*G + l*P (P may be NULL), encoded uncompressed; 0 for the identity. */
static int ossl_enc(uint8_t out[65], const EC_POINT *pt)
{
	if (EC_POINT_is_at_infinity(grp, pt))
		return 0;
	return EC_POINT_point2oct(grp, pt, POINT_CONVERSION_UNCOMPRESSED, out, 65, bnctx) == 65;
}

static EC_POINT *ossl_point(const uint8_t *enc, size_t len)
{
	EC_POINT *pt = EC_POINT_new(grp);
	if (EC_POINT_oct2point(grp, pt, enc, len, bnctx) != 1) {
		EC_POINT_free(pt);
		return NULL;
	}
	return pt;
}

/* Compare our point with OpenSSL's (both identities agree too). */
static void expect_same(const ecf_p256_point *r, const EC_POINT *o, const char *what, long i)
{
	uint8_t a[65], b[65];
	int ours = enc65(a, r), theirs = ossl_enc(b, o);
	if (!theirs) {
		test_expect(ours == ECF_ERR_IDENTITY, "%s: OpenSSL has the identity, case %ld", what, i);
		return;
	}
	test_expect(ours == ECF_OK && memcmp(a, b, 65) == 0, "%s differs from OpenSSL, case %ld", what, i);
}
#endif

#define REQUIRE_OPENSSL()                                                                                              \
	do {                                                                                                           \
		if (!have_openssl()) {                                                                                 \
			print_message("OpenSSL (libcrypto) not found: skipped\n");                                     \
			skip();                                                                                        \
		}                                                                                                      \
	} while (0)

static int have_openssl(void)
{
#ifdef HAVE_OPENSSL
	return 1;
#else
	return 0;
#endif
}

/* Scalar multiplications and the group law against OpenSSL. */
static void test_openssl_mult(void **s)
{
	(void)s;
	REQUIRE_OPENSSL();
#ifdef HAVE_OPENSSL
	test_rng rng;
	test_rng_init(&rng, 0x0551);
	BIGNUM *k = BN_new(), *l = BN_new();
	EC_POINT *o = EC_POINT_new(grp), *o2 = EC_POINT_new(grp);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		long iters = test_iterations(1000);
		for (long i = 0; i < iters; i++) {
			uint8_t kb[32], lb[32], pe[65];
			rand_scalar(&rng, kb, i);
			rand_scalar(&rng, lb, i + 3);
			BN_bin2bn(kb, 32, k);
			BN_bin2bn(lb, 32, l);
			/* base */
			ecf_p256_point r, p, q;
			ecf_p256_point_scalar_mult_base(&r, kb);
			EC_POINT_mul(grp, o, k, NULL, NULL, bnctx);
			expect_same(&r, o, "scalar_mult_base", i);
			/* a random point P = l*G, then k*P */
			ecf_p256_point_scalar_mult_base(&p, lb);
			EC_POINT_mul(grp, o2, l, NULL, NULL, bnctx);
			ecf_p256_point_scalar_mult(&r, kb, &p);
			EC_POINT_mul(grp, o, NULL, o2, k, bnctx);
			expect_same(&r, o, "scalar_mult", i);
			/* l*G + k*P */
			ecf_p256_point_double_scalar_mult_base_vartime(&r, kb, &p, lb);
			EC_POINT_mul(grp, o, l, o2, k, bnctx);
			expect_same(&r, o, "double_scalar_mult_vartime", i);
			/* add, double: P + Q with Q = k*G, and 2P */
			ecf_p256_point_scalar_mult_base(&q, kb);
			ecf_p256_point_add(&r, &p, &q);
			EC_POINT_mul(grp, o, k, NULL, NULL, bnctx);
			EC_POINT_add(grp, o, o, o2, bnctx);
			expect_same(&r, o, "point_add", i);
			ecf_p256_point_double(&r, &p);
			EC_POINT_dbl(grp, o, o2, bnctx);
			expect_same(&r, o, "point_double", i);
			/* Decoding OpenSSL's encodings of P, both forms. */
			if (!EC_POINT_is_at_infinity(grp, o2)) {
				uint8_t c[33];
				EC_POINT_point2oct(grp, o2, POINT_CONVERSION_UNCOMPRESSED, pe, 65, bnctx);
				EC_POINT_point2oct(grp, o2, POINT_CONVERSION_COMPRESSED, c, 33, bnctx);
				ecf_p256_point d1, d2;
				test_expect(ecf_p256_point_from_bytes(&d1, pe, 65) == ECF_OK &&
				                ecf_p256_point_equal(&d1, &p),
				            "decode OpenSSL's point, case %ld", i);
				test_expect(ecf_p256_point_from_bytes(&d2, c, 33) == ECF_OK &&
				                ecf_p256_point_equal(&d2, &p),
				            "decode OpenSSL's compressed point, case %ld", i);
			}
		}
	}
	test_tier_restore();
	BN_free(k);
	BN_free(l);
	EC_POINT_free(o);
	EC_POINT_free(o2);
#endif
}

/* Decoding: random bytes, corrupted valid encodings: we accept exactly what
 * OpenSSL accepts (except the hybrid tags 0x06/0x07 and the single byte 0x00,
 * which OpenSSL takes and we refuse by design), with the same point. */
static void test_openssl_decode(void **s)
{
	(void)s;
	REQUIRE_OPENSSL();
#ifdef HAVE_OPENSSL
	test_rng rng;
	test_rng_init(&rng, 0xdec0);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		long iters = test_iterations(1000);
		for (long i = 0; i < iters; i++) {
			uint8_t kb[32], e[65];
			size_t len = (i & 1) ? 65 : 33;
			rand_scalar(&rng, kb, 3 + i % 13);
			ecf_p256_point p, r;
			ecf_p256_point_scalar_mult_base(&p, kb);
			if (ecf_p256_point_to_bytes(e, len, &p) != ECF_OK)
				continue;
			switch (i % 6) {
			case 0:
				break; /* valid */
			case 1:
				e[1 + test_rng_next(&rng) % (len - 1)] ^= (uint8_t)(1 + test_rng_next(&rng) % 255);
				break;
			case 2:
				rand_bytes(&rng, e + 1, len - 1);
				break; /* random coordinates */
			case 3:
				memset(e + 1, 0xff, 4 + test_rng_next(&rng) % 28);
				break; /* near or above p */
			case 4:
				e[0] = (uint8_t)(test_rng_next(&rng) & 7);
				break; /* tags */
			default:
				e[len - 1] ^= 1;
				break;
			}
			int ours = ecf_p256_point_from_bytes(&r, e, len);
			EC_POINT *o = ossl_point(e, len);
			int hybrid = e[0] == 6 || e[0] == 7;
			if (!hybrid)
				test_expect((ours == ECF_OK) == (o != NULL), "decode: ours %d, OpenSSL %s, case %ld",
				            ours, o ? "accepts" : "rejects", i);
			else
				test_expect(ours == ECF_ERR_ENCODING, "hybrid tag accepted, case %ld", i);
			if (ours == ECF_OK && o != NULL)
				expect_same(&r, o, "decoded point", i);
			EC_POINT_free(o);
		}
	}
	test_tier_restore();
#endif
}

/* The operations issue 19 added to the group, on every tier: point_sub and
 * point_select; add_affine with the affine identity (0, 0) in every position
 * (p = O, q = (0, 0), both) and with r aliasing p; compress and decompress
 * of both forms, both parities, with aliasing and every decoding error
 * (outputs zeroed); against OpenSSL where it has the operation (sub as an
 * inverse and an add, compress/decompress as oct2point then point2oct). */
static void test_issue19_group_ops(void **s)
{
	(void)s;
	test_rng rng;
	test_rng_init(&rng, 0x1919);
	int parity_seen[2] = {0, 0};
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (long i = 0; i < test_iterations(200); i++) {
			uint8_t kb[32], lb[32];
			rand_scalar(&rng, kb, 3 + i % 13);
			rand_scalar(&rng, lb, 4 + i % 13);
			ecf_p256_point p, q, r, want, o, np, nq;
			ecf_p256_point_scalar_mult_base(&p, kb);
			ecf_p256_point_scalar_mult_base(&q, lb);
			ecf_p256_point_identity(&o);
			/* sub: p - q = p + (-q); p - p = O; p - O = p; O - q = -q; aliasing. */
			ecf_p256_point_neg(&nq, &q);
			ecf_p256_point_add(&want, &p, &nq);
			ecf_p256_point_sub(&r, &p, &q);
			test_expect(ecf_p256_point_equal(&r, &want), "sub, case %ld", i);
			r = p;
			ecf_p256_point_sub(&r, &r, &q);
			test_expect(ecf_p256_point_equal(&r, &want), "sub r = p, case %ld", i);
			r = q;
			ecf_p256_point_sub(&r, &p, &r);
			test_expect(ecf_p256_point_equal(&r, &want), "sub r = q, case %ld", i);
			ecf_p256_point_sub(&r, &p, &p);
			test_expect(ecf_p256_point_is_identity(&r), "p - p, case %ld", i);
			ecf_p256_point_sub(&r, &p, &o);
			test_expect(ecf_p256_point_equal(&r, &p), "p - O, case %ld", i);
			ecf_p256_point_sub(&r, &o, &q);
			test_expect(ecf_p256_point_equal(&r, &nq), "O - q, case %ld", i);
			/* select, aliasing both ways. */
			ecf_p256_point_select(&r, &p, &q, 0);
			test_expect(ecf_p256_point_equal(&r, &q), "select 0");
			ecf_p256_point_select(&r, &p, &q, -5);
			test_expect(memcmp(&r, &p, sizeof r) == 0, "select -5");
			r = p;
			ecf_p256_point_select(&r, &r, &q, 0);
			test_expect(memcmp(&r, &q, sizeof r) == 0, "select r = a, cond 0");
			r = q;
			ecf_p256_point_select(&r, &p, &r, 1);
			test_expect(memcmp(&r, &p, sizeof r) == 0, "select r = b, cond 1");
			/* add_affine with the affine identity in every position. */
			ecf_p256_affine qa, oa;
			ecf_p256_point_to_affine(&qa, &q);
			ecf_p256_point_to_affine(&oa, &o);
			test_expect(ecf_p256_is_zero(&oa.x) && ecf_p256_is_zero(&oa.y), "to_affine(O) = (0, 0)");
			ecf_p256_point_add(&want, &p, &q);
			ecf_p256_point_add_affine(&r, &p, &qa);
			test_expect(ecf_p256_point_equal(&r, &want), "p + affine q, case %ld", i);
			ecf_p256_point_add_affine(&r, &p, &oa);
			test_expect(ecf_p256_point_equal(&r, &p) && !ecf_p256_point_is_identity(&r),
			            "p + (0, 0) = p, case %ld", i);
			r = p;
			ecf_p256_point_add_affine(&r, &r, &oa);
			test_expect(ecf_p256_point_equal(&r, &p), "p + (0, 0) = p with r = p, case %ld", i);
			ecf_p256_point_add_affine(&r, &o, &oa);
			test_expect(ecf_p256_point_is_identity(&r), "O + (0, 0) = O");
			ecf_p256_point_add_affine(&r, &o, &qa);
			test_expect(ecf_p256_point_equal(&r, &q), "O + affine q = q");
			ecf_p256_point_neg(&np, &q);
			ecf_p256_point_add_affine(&r, &np, &qa);
			test_expect(ecf_p256_point_is_identity(&r), "-q + affine q = O");
			/* The identity given by add_affine works in the complete formulas. */
			ecf_p256_point_add(&r, &r, &p);
			test_expect(ecf_p256_point_equal(&r, &p), "(O from add_affine) + p");
			/* batch_to_affine gives (0, 0) for O, which add_affine takes. */
			ecf_p256_point two[2] = {o, q};
			ecf_p256_affine ta[2];
			test_expect(ecf_p256_point_batch_to_affine(ta, two, 2) == ECF_OK, "batch");
			ecf_p256_point_add_affine(&r, &p, &ta[0]);
			test_expect(ecf_p256_point_equal(&r, &p), "p + batch_to_affine(O)");
			ecf_p256_point_from_affine(&r, &ta[0]);
			test_expect(ecf_p256_point_is_identity(&r), "from_affine(batch_to_affine(O))");
			/* compress / decompress, both directions, aliasing. */
			uint8_t u[65], c[33], out[65], buf[65];
			test_expect(enc65(u, &p) == ECF_OK && ecf_p256_point_to_bytes(c, 33, &p) == ECF_OK, "encode");
			parity_seen[c[0] & 1] = 1;
			test_expect(ecf_p256_point_compress(out, u, 65) == ECF_OK && memcmp(out, c, 33) == 0,
			            "compress, case %ld", i);
			test_expect(ecf_p256_point_compress(out, c, 33) == ECF_OK && memcmp(out, c, 33) == 0,
			            "compress of compressed, case %ld", i);
			test_expect(ecf_p256_point_decompress(out, c, 33) == ECF_OK && memcmp(out, u, 65) == 0,
			            "decompress, case %ld", i);
			test_expect(ecf_p256_point_decompress(out, u, 65) == ECF_OK && memcmp(out, u, 65) == 0,
			            "decompress of uncompressed, case %ld", i);
			memcpy(buf, c, 33);
			test_expect(ecf_p256_point_decompress(buf, buf, 33) == ECF_OK && memcmp(buf, u, 65) == 0,
			            "decompress in place, case %ld", i);
			memcpy(buf, u, 65);
			test_expect(ecf_p256_point_compress(buf, buf, 65) == ECF_OK && memcmp(buf, c, 33) == 0,
			            "compress in place, case %ld", i);
			/* Corrupted encodings: the status of from_bytes, the output zeroed. */
			size_t len = (i & 1) ? 65 : 33;
			memcpy(buf, (i & 1) ? u : c, len);
			buf[test_rng_next(&rng) % len] ^= (uint8_t)(1u << (test_rng_next(&rng) % 8));
			ecf_p256_point d;
			int want_st = ecf_p256_point_from_bytes(&d, buf, len);
			memset(out, 0xa5, 65);
			int st = ecf_p256_point_decompress(out, buf, len);
			test_expect(st == want_st && (st == ECF_OK || all_zero(out, 65)),
			            "decompress of a corrupted encoding: %d, from_bytes %d, case %ld", st, want_st, i);
			memset(out, 0xa5, 65);
			st = ecf_p256_point_compress(out, buf, len);
			test_expect(st == want_st && (st == ECF_OK || all_zero(out, 33)),
			            "compress of a corrupted encoding: %d, from_bytes %d, case %ld", st, want_st, i);
			if (st == ECF_OK) {
				uint8_t back[65];
				test_expect(ecf_p256_point_to_bytes(back, 33, &d) == ECF_OK &&
				                memcmp(back, out, 33) == 0,
				            "compress = to_bytes(from_bytes), case %ld", i);
			}
		}
		/* Every decoding error comes through, out zeroed; NULL. */
		uint8_t out[65], bad[65], zero = 0;
		ecf_p256_point g;
		ecf_p256_point_generator(&g);
		test_expect(enc65(bad, &g) == ECF_OK, "G");
		struct {
			size_t len;
			int tag, flip;
			int want;
		} cases[] = {{64, 4, 0, ECF_ERR_LENGTH},
		             {65, 5, 0, ECF_ERR_ENCODING},
		             {65, 2, 0, ECF_ERR_LENGTH},
		             {65, 4, 1, ECF_ERR_NOT_ON_CURVE},
		             {65, 4, 2, ECF_ERR_RANGE}};
		for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
			uint8_t e[65];
			memcpy(e, bad, 65);
			e[0] = (uint8_t)cases[ci].tag;
			if (cases[ci].flip == 1)
				e[64] ^= 1;
			if (cases[ci].flip == 2)
				memset(e + 1, 0xff, 32);
			memset(out, 0xa5, 65);
			test_expect(ecf_p256_point_decompress(out, e, cases[ci].len) == cases[ci].want &&
			                all_zero(out, 65),
			            "decompress error case %zu", ci);
			memset(out, 0xa5, 65);
			test_expect(ecf_p256_point_compress(out, e, cases[ci].len) == cases[ci].want &&
			                all_zero(out, 33),
			            "compress error case %zu", ci);
		}
		memset(out, 0xa5, 65);
		test_expect(ecf_p256_point_decompress(out, &zero, 1) == ECF_ERR_IDENTITY && all_zero(out, 65),
		            "decompress of the identity's encoding");
		memset(out, 0xa5, 65);
		test_expect(ecf_p256_point_compress(out, NULL, 65) == ECF_ERR_NULL && all_zero(out, 33),
		            "compress NULL in");
		test_expect(ecf_p256_point_compress(NULL, bad, 65) == ECF_ERR_NULL, "compress NULL out");
		memset(out, 0xa5, 65);
		test_expect(ecf_p256_point_decompress(out, NULL, 33) == ECF_ERR_NULL && all_zero(out, 65),
		            "decompress NULL in");
		test_expect(ecf_p256_point_decompress(NULL, bad, 65) == ECF_ERR_NULL, "decompress NULL out");
		/* to_bytes and batch_to_affine zero their outputs on ECF_ERR_NULL too. */
		memset(out, 0xa5, 65);
		test_expect(ecf_p256_point_to_bytes(out, 65, NULL) == ECF_ERR_NULL && all_zero(out, 65),
		            "to_bytes NULL p");
		memset(out, 0xa5, 65);
		test_expect(ecf_p256_point_to_bytes(out, 64, &g) == ECF_ERR_LENGTH && all_zero(out, 64),
		            "to_bytes length zeroes");
		ecf_p256_affine aa[2];
		memset(aa, 0xa5, sizeof aa);
		test_expect(ecf_p256_point_batch_to_affine(aa, NULL, 2) == ECF_ERR_NULL &&
		                all_zero((const uint8_t *)aa, sizeof aa),
		            "batch_to_affine NULL p zeroes r");
	}
	test_tier_restore();
	test_expect(parity_seen[0] && parity_seen[1], "both parities of y met");
}

#ifdef HAVE_OPENSSL
/* sub, compress and decompress against OpenSSL, with keys 1 and n - 1 (G
 * and -G, y of both parities) among random ones. */
static void openssl_issue19(void)
{
	test_rng rng;
	test_rng_init(&rng, 0x5019);
	BIGNUM *k = BN_new(), *l = BN_new();
	EC_POINT *op = EC_POINT_new(grp), *oq = EC_POINT_new(grp), *o = EC_POINT_new(grp);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (long i = 0; i < test_iterations(300); i++) {
			uint8_t kb[32], lb[32];
			rand_scalar(&rng, kb, 3 + i % 13);
			rand_scalar(&rng, lb, 4 + i % 13);
			if (i == 0 || i == 1) { /* 1 and n - 1 */
				mpz_t z;
				mpz_init(z);
				test_mpz_set_hex(z, N_HEX);
				if (i == 0)
					mpz_set_ui(z, 1);
				else
					mpz_sub_ui(z, z, 1);
				mpz_to_be32(kb, z);
				mpz_clear(z);
			}
			BN_bin2bn(kb, 32, k);
			BN_bin2bn(lb, 32, l);
			EC_POINT_mul(grp, op, k, NULL, NULL, bnctx);
			EC_POINT_mul(grp, oq, l, NULL, NULL, bnctx);
			ecf_p256_point p, q, r;
			ecf_p256_point_scalar_mult_base(&p, kb);
			ecf_p256_point_scalar_mult_base(&q, lb);
			ecf_p256_point_sub(&r, &p, &q);
			EC_POINT_copy(o, oq);
			EC_POINT_invert(grp, o, bnctx);
			EC_POINT_add(grp, o, op, o, bnctx);
			expect_same(&r, o, "point_sub", i);
			if (EC_POINT_is_at_infinity(grp, op))
				continue;
			uint8_t ou[65], oc[33], out[65];
			EC_POINT_point2oct(grp, op, POINT_CONVERSION_UNCOMPRESSED, ou, 65, bnctx);
			EC_POINT_point2oct(grp, op, POINT_CONVERSION_COMPRESSED, oc, 33, bnctx);
			test_expect(ecf_p256_point_compress(out, ou, 65) == ECF_OK && memcmp(out, oc, 33) == 0,
			            "compress differs from OpenSSL, case %ld", i);
			test_expect(ecf_p256_point_decompress(out, oc, 33) == ECF_OK && memcmp(out, ou, 65) == 0,
			            "decompress differs from OpenSSL, case %ld", i);
			/* a corrupted x: we decompress exactly when OpenSSL decodes */
			oc[1 + test_rng_next(&rng) % 32] ^= (uint8_t)(1 + test_rng_next(&rng) % 255);
			EC_POINT *d = ossl_point(oc, 33);
			int st = ecf_p256_point_decompress(out, oc, 33);
			test_expect((st == ECF_OK) == (d != NULL), "decompress of a corrupted x: %d, case %ld", st, i);
			if (d != NULL) {
				uint8_t want[65];
				EC_POINT_point2oct(grp, d, POINT_CONVERSION_UNCOMPRESSED, want, 65, bnctx);
				test_expect(memcmp(out, want, 65) == 0, "decompress of a corrupted x differs, case %ld",
				            i);
			}
			EC_POINT_free(d);
		}
	}
	test_tier_restore();
	BN_free(k);
	BN_free(l);
	EC_POINT_free(op);
	EC_POINT_free(oq);
	EC_POINT_free(o);
}
#endif

static void test_openssl_issue19(void **s)
{
	(void)s;
	REQUIRE_OPENSSL();
#ifdef HAVE_OPENSSL
	openssl_issue19();
#endif
}

/* ECDH and public keys against OpenSSL, and the peer rejections matched. */
static void test_openssl_ecdh(void **s)
{
	(void)s;
	REQUIRE_OPENSSL();
#ifdef HAVE_OPENSSL
	test_rng rng;
	test_rng_init(&rng, 0xecd4);
	BIGNUM *k = BN_new(), *l = BN_new();
	EC_POINT *o = EC_POINT_new(grp);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		long iters = test_iterations(1000);
		for (long i = 0; i < iters; i++) {
			uint8_t d[32], peer_d[32], peer[65], shared[32], want[32], pub[65], opub[65];
			rand_scalar(&rng, d, 3 + i % 13);
			rand_scalar(&rng, peer_d, 4 + i % 13);
			BN_bin2bn(d, 32, k);
			BN_bin2bn(peer_d, 32, l);
			int dvalid = !BN_is_zero(k) && BN_cmp(k, EC_GROUP_get0_order(grp)) < 0;
			/* public key */
			int st = ecf_p256_public_key(pub, d);
			if (!dvalid) {
				test_expect(st == ECF_ERR_SCALAR, "public_key of an invalid key, case %ld", i);
				continue;
			}
			EC_POINT_mul(grp, o, k, NULL, NULL, bnctx);
			ossl_enc(opub, o);
			test_expect(st == ECF_OK && memcmp(pub, opub, 65) == 0, "public_key, case %ld", i);
			/* peer point */
			EC_POINT_mul(grp, o, l, NULL, NULL, bnctx);
			if (!ossl_enc(peer, o))
				continue;
			size_t plen = 65;
			if (i % 3 == 1) {
				EC_POINT_point2oct(grp, o, POINT_CONVERSION_COMPRESSED, peer, 33, bnctx);
				plen = 33;
			}
			if (i % 5 == 2) /* corrupt it */
				peer[1 + test_rng_next(&rng) % (plen - 1)] ^= 0x10;
			EC_POINT *po = ossl_point(peer, plen);
			st = ecf_p256_ecdh(shared, d, peer, plen);
			if (po == NULL) {
				test_expect(st != ECF_OK, "ECDH accepted a point OpenSSL rejects, case %ld", i);
				continue;
			}
			EC_POINT_mul(grp, o, NULL, po, k, bnctx);
			BIGNUM *x = BN_new();
			EC_POINT_get_affine_coordinates(grp, o, x, NULL, bnctx);
			BN_bn2binpad(x, want, 32);
			BN_free(x);
			EC_POINT_free(po);
			test_expect(st == ECF_OK && memcmp(shared, want, 32) == 0,
			            "ECDH differs from OpenSSL, case %ld", i);
		}
	}
	/* Errors. */
	uint8_t d[32] = {0}, shared[32], g[65];
	ecf_p256_point gp;
	ecf_p256_point_generator(&gp);
	enc65(g, &gp);
	memset(shared, 0xa5, 32);
	test_expect(ecf_p256_ecdh(shared, d, g, 65) == ECF_ERR_SCALAR && shared[0] == 0, "ECDH with d = 0");
	d[31] = 1;
	test_expect(ecf_p256_ecdh(shared, d, g, 64) == ECF_ERR_LENGTH, "ECDH peer length");
	uint8_t zero = 0;
	test_expect(ecf_p256_ecdh(shared, d, &zero, 1) == ECF_ERR_IDENTITY, "ECDH peer identity");
	test_expect(ecf_p256_ecdh(shared, d, NULL, 65) == ECF_ERR_NULL, "ECDH NULL peer");
	test_expect(ecf_p256_ecdh(NULL, d, g, 65) == ECF_ERR_NULL, "ECDH NULL out");
	test_expect(ecf_p256_ecdh(shared, d, g, 65) == ECF_OK && memcmp(shared, g + 1, 32) == 0, "ECDH 1 * G");
	test_tier_restore();
	BN_free(k);
	BN_free(l);
	EC_POINT_free(o);
#endif
}

/* Secrets wiped: run an operation with a random private key, then look for
 * any 8-byte limb of the key (as the library holds it, little-endian limbs),
 * or the key bytes, in the stack area below this frame that the call used
 * (test_stack_paint / test_stack_count, test/common/testutil.h).
 * Op 2 was keygen without a public key (keypair always makes both): it is
 * ECDH with a compressed peer now.
 * Ops 5 and 6 (keygen with a public key, from a 32-byte key and from a wide
 * seed, whose derived key is searched) were added with the fix of the 32-bit
 * leak: before ecfi_wipe_stack(), op 2 left the key's spilled limbs on i386
 * and op 6 left them natively (x86-64, gcc 12). */
static void test_stack_wiped(void **s)
{
	(void)s;
	TEST_SKIP_UNDER_ASAN();
	test_rng rng;
	test_rng_init(&rng, 0x5ac);
	uint8_t g[65], gc[33];
	ecf_p256_point gp, r;
	ecf_p256_point_generator(&gp);
	assert_int_equal(enc65(g, &gp), ECF_OK);
	assert_int_equal(ecf_p256_point_to_bytes(gc, 33, &gp), ECF_OK);
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (int op = 0; op < 7; op++) {
			uint8_t d[32], out[65], seed[48], pub[65];
			do
				rand_bytes(&rng, d, 32);
			while (d[0] == 0xff); /* keep it below n */
			rand_bytes(&rng, seed, 48);
			if (op == 6) /* the key derived from the seed is the secret to look for */
				(void)!ecf_p256_keypair(pub, d, seed, 48);
			uint8_t pieces[8][8];
			test_key32_pieces(pieces, d);
			test_stack_paint(0);
			switch (op) {
			case 0:
				(void)!ecf_p256_ecdh(out, d, g, 65);
				break;
			case 1:
				(void)!ecf_p256_public_key(out, d);
				break;
			case 2: /* was keygen without a public key, which keypair does not have */
				(void)!ecf_p256_ecdh(out, d, gc, 33);
				break;
			case 3:
				ecf_p256_point_scalar_mult(&r, d, &gp);
				break;
			case 4:
				ecf_p256_point_scalar_mult_base(&r, d);
				break;
			case 5:
				(void)!ecf_p256_keypair(pub, out, d, 32);
				break;
			default: /* the key derived from a wide seed (d, computed above) */
				(void)!ecf_p256_keypair(pub, out, seed, 48);
				break;
			}
			test_expect(test_stack_count(pieces[0], 8, 8) == 0, "op %d left the private key on the stack",
			            op);
		}
	}
	test_tier_restore();
}

/* ECF_TEST_SKIP_EXHAUSTIVE set (the CI's asan job, for time): the three
 * exhaustive edge tests below report SKIPPED. They do not scale with
 * ECF_TEST_SCALE (every window edge, every tier); the README's command runs
 * them on the same commit, natively, and cross-i386 without __int128. */
static int skip_exhaustive(void)
{
	const char *e = getenv("ECF_TEST_SKIP_EXHAUSTIVE");
	if (!e || !*e || strcmp(e, "0") == 0)
		return 0;
	fprintf(stderr, "# ECF_TEST_SKIP_EXHAUSTIVE=%s: skipped\n", e);
	return 1;
}

/* scalar_mult_base (Jacobian, incomplete mixed additions: see the proof in
 * lib/curves/p256/scalar_mult.c) against scalar_mult on G for the scalars
 * that stress its W-bit windows: j 2^(Wi) + e and n - j 2^(Wi) + e for every
 * window i, j in {1, h/2, h - 1, h, h + 1, 2h - 1} (h = 2^(W-1)), e in
 * {-1, 0, 1} (reduced mod n as the API does), every tier, for W = 5, 6 and 7
 * (gen_tables.py can build any of them; the test does not depend on the
 * build's choice). */
static void test_base_edges(void **s)
{
	(void)s;
	if (skip_exhaustive())
		skip();
	ecf_p256_point g, r1, r2;
	ecf_p256_point_generator(&g);
	mpz_t n, z;
	mpz_inits(n, z, NULL);
	test_mpz_set_hex(n, N_HEX);
	long count = 0;
	for (size_t t = 0; t < test_tier_count(); t++) {
		test_tier_select(t);
		for (unsigned w = 5; w <= 7; w++) {
			const unsigned long h = 1ul << (w - 1);
			const unsigned long js[] = {1, h / 2, h - 1, h, h + 1, 2 * h - 1};
			for (unsigned i = 0; i < (257 + w - 1) / w; i++)
				for (size_t jj = 0; jj < sizeof js / sizeof js[0]; jj++)
					for (int from_n = 0; from_n < 2; from_n++)
						for (long e = -1; e <= 1; e++) {
							mpz_set_ui(z, js[jj]);
							mpz_mul_2exp(z, z, w * i);
							if (from_n)
								mpz_sub(z, n, z);
							mpz_add_si(z, z, e);
							mpz_mod(z, z, n);
							uint8_t kb[32];
							mpz_to_be32(kb, z);
							ecf_p256_point_scalar_mult_base(&r1, kb);
							ecf_p256_point_scalar_mult(&r2, kb, &g);
							test_expect(
							    ecf_p256_point_equal(&r1, &r2) == 1,
							    "scalar_mult_base != scalar_mult(G) for W=%u, j=%lu, "
							    "i=%u, from_n=%d, e=%ld",
							    w, js[jj], i, from_n, e);
							count++;
						}
		}
	}
	test_tier_restore();
	mpz_clears(n, z, NULL);
	test_expect(count > 0, "no case ran");
}

/* k*P by double-and-add with the complete formulas (ecf_p256_point_double /
 * add, RCB): the oracle of test_varbase_edges, independent of scalar_mult's
 * windows and incomplete Jacobian formulas. */
static void ref_mult(ecf_p256_point *r, const mpz_t k, const ecf_p256_point *p)
{
	ecf_p256_point_identity(r);
	for (long b = (long)mpz_sizeinbase(k, 2) - 1; b >= 0; b--) {
		ecf_p256_point_double(r, r);
		if (mpz_tstbit(k, (mp_bitcnt_t)b))
			ecf_p256_point_add(r, r, p);
	}
}

/* The edge scalars of the variable-base windows (5-bit Booth, 52 windows):
 * k = 0..64, n - 64 .. n - 1, j 2^(5i) + e and n - j 2^(5i) + e for every
 * window i, j in {1, 16, 17, 31}, e in {-1, 0, 1} (mod n), and scalars whose
 * top windows are zero (random below 2^(5m), and 2^(5m) - 1, m = 1..51).
 * Returns the count; z must hold VARBASE_EDGES values. */
#define VARBASE_EDGES (65 + 64 + 52 * 4 * 2 * 3 + 51 * 2)
static size_t varbase_edge_scalars(mpz_t *z, const mpz_t n, test_rng *rng)
{
	static const unsigned long js[] = {1, 16, 17, 31};
	size_t c = 0;
	for (unsigned long v = 0; v <= 64; v++)
		mpz_set_ui(z[c++], v);
	for (unsigned long v = 1; v <= 64; v++)
		mpz_sub_ui(z[c++], n, v);
	for (unsigned i = 0; i < 52; i++)
		for (size_t jj = 0; jj < sizeof js / sizeof js[0]; jj++)
			for (int from_n = 0; from_n < 2; from_n++)
				for (long e = -1; e <= 1; e++) {
					mpz_set_ui(z[c], js[jj]);
					mpz_mul_2exp(z[c], z[c], 5 * i);
					if (from_n)
						mpz_sub(z[c], n, z[c]);
					mpz_add_si(z[c], z[c], e);
					mpz_mod(z[c], z[c], n);
					c++;
				}
	for (unsigned m = 1; m <= 51; m++) {
		uint64_t l[4];
		test_rand_limbs(rng, l, 4, 0);
		test_limbs_to_mpz(z[c], l, 4);
		mpz_fdiv_r_2exp(z[c], z[c], 5 * m);
		c++;
		mpz_set_ui(z[c], 1);
		mpz_mul_2exp(z[c], z[c], 5 * m);
		mpz_sub_ui(z[c], z[c], 1);
		c++;
	}
	return c;
}

/* scalar_mult (Jacobian, incomplete additions: see the proof in
 * lib/curves/p256/scalar_mult.c) on the edge scalars above, for P = G, -G, a
 * random point and the identity, every tier, against ref_mult (and OpenSSL
 * for the random point when present). */
static void test_varbase_edges(void **s)
{
	(void)s;
	if (skip_exhaustive())
		skip();
	test_rng rng;
	test_rng_init(&rng, 0x5ca1ab1e);
	mpz_t n, *z = malloc(VARBASE_EDGES * sizeof *z);
	assert_non_null(z);
	mpz_init(n);
	test_mpz_set_hex(n, N_HEX);
	for (size_t i = 0; i < VARBASE_EDGES; i++)
		mpz_init(z[i]);
	size_t nk = varbase_edge_scalars(z, n, &rng);
	test_expect(nk == VARBASE_EDGES, "edge scalar count %zu", nk);
	ecf_p256_point pts[4];
	uint8_t lb[32];
	rand_bytes(&rng, lb, 32);
	ecf_p256_point_generator(&pts[0]);
	ecf_p256_point_neg(&pts[1], &pts[0]);
	ecf_p256_point_scalar_mult_base(&pts[2], lb);
	ecf_p256_point_identity(&pts[3]);
	static const char *const names[] = {"G", "-G", "random P", "O"};
#ifdef HAVE_OPENSSL
	BIGNUM *kb_bn = BN_new(), *l_bn = BN_bin2bn(lb, 32, NULL);
	EC_POINT *op = EC_POINT_new(grp), *o = EC_POINT_new(grp);
	EC_POINT_mul(grp, op, l_bn, NULL, NULL, bnctx);
#endif
	long count = 0, identities = 0;
	for (size_t pi = 0; pi < 4; pi++)
		for (size_t i = 0; i < nk; i++) {
			if (pi == 3 && i % 16 != 0)
				continue; /* P = O: every 16th scalar is enough */
			uint8_t kb[32];
			mpz_to_be32(kb, z[i]);
			ecf_p256_point want, got;
			ref_mult(&want, z[i], &pts[pi]);
			identities += ecf_p256_point_is_identity(&want);
#ifdef HAVE_OPENSSL
			if (pi == 2) {
				BN_bin2bn(kb, 32, kb_bn);
				EC_POINT_mul(grp, o, NULL, op, kb_bn, bnctx);
				expect_same(&want, o, "ref_mult (the oracle)", (long)i);
			}
#endif
			for (size_t t = 0; t < test_tier_count(); t++) {
				test_tier_select(t);
				ecf_p256_point_scalar_mult(&got, kb, &pts[pi]);
				test_expect(ecf_p256_point_equal(&got, &want) == 1 &&
				                ecf_p256_point_is_identity(&got) == ecf_p256_point_is_identity(&want),
				            "scalar_mult(k, %s) differs from double-and-add, scalar %zu, tier %s",
				            names[pi], i, test_tier_name(t));
				/* The result works in the complete formulas (an identity as (0 : Y : 0), Y != 0). */
				ecf_p256_point s1, s2;
				ecf_p256_point_add(&s1, &got, &pts[0]);
				ecf_p256_point_add(&s2, &want, &pts[0]);
				test_expect(ecf_p256_point_equal(&s1, &s2) == 1,
				            "scalar_mult(k, %s) + G differs, scalar %zu, tier %s", names[pi], i,
				            test_tier_name(t));
				count++;
			}
			test_tier_restore();
		}
	test_expect(count > 0, "no case ran");
	/* k = 0 for each point, and every k for O */
	long zeros = 0;
	for (size_t i = 0; i < nk; i++)
		zeros += mpz_sgn(z[i]) == 0;
	test_expect(identities == 3 * zeros + (long)((nk + 15) / 16), "identities: %ld (%ld zero scalars)", identities,
	            zeros);
#ifdef HAVE_OPENSSL
	BN_free(kb_bn);
	BN_free(l_bn);
	EC_POINT_free(op);
	EC_POINT_free(o);
#endif
	for (size_t i = 0; i < VARBASE_EDGES; i++)
		mpz_clear(z[i]);
	free(z);
	mpz_clear(n);
}

/* double_scalar_mult_vartime (Jacobian, incomplete formulas with explicit
 * variable-time branches) on its exceptional cases: u1 G + u2 Q for Q = c G,
 * c in {0 (Q = O), 1, -1, 2, -2, 3, (n + 1) / 2, (n - 1) / 2, random}, u1
 * and u2 in {0, 1, 2, 3, 5, 127, 128, 255, 256, n - 1, n - 2, (n + 1) / 2,
 * random, random}: Q = G, Q = -G, u2 Q = -u1 G, u1 = 0, u2 = 0, Q = 2G, 2Q =
 * +-G ..., every tier, against (u1 + c u2 mod n) G by scalar_mult_base (and
 * OpenSSL's EC_POINT_mul when present). Every reachable path of the
 * variable-time additions is counted and must have run: the counts come from
 * the test hook ecfi_test_p256_double_scalar_mult_vartime_jac (the library's
 * code compiled with counters, testhooks/p256_hooks.h), whose Jacobian result
 * must equal the library's bit for bit. */
static void test_dsm_edges(void **s)
{
	(void)s;
	if (skip_exhaustive())
		skip();
	test_rng rng;
	test_rng_init(&rng, 0xd5e0);
	mpz_t n, us[14], cs[9], e;
	mpz_inits(n, e, NULL);
	test_mpz_set_hex(n, N_HEX);
	static const unsigned long small_u[] = {0, 1, 2, 3, 5, 127, 128, 255, 256};
	for (size_t i = 0; i < 14; i++)
		mpz_init(us[i]);
	for (size_t i = 0; i < 9; i++) {
		mpz_set_ui(us[i], small_u[i]);
		mpz_init(cs[i]);
	}
	mpz_sub_ui(us[9], n, 1);
	mpz_sub_ui(us[10], n, 2);
	mpz_add_ui(us[11], n, 1);
	mpz_fdiv_q_2exp(us[11], us[11], 1);
	static const long small_c[] = {0, 1, -1, 2, -2, 3};
	for (size_t i = 0; i < 6; i++) {
		mpz_set_si(cs[i], small_c[i]);
		mpz_mod(cs[i], cs[i], n);
	}
	mpz_set(cs[6], us[11]);    /* (n + 1) / 2: 2Q = G */
	mpz_sub(cs[7], n, us[11]); /* (n - 1) / 2: 2Q = -G */
	for (size_t i = 12; i < 15; i++) {
		uint64_t l[4];
		test_rand_limbs(&rng, l, 4, 0);
		test_limbs_to_mpz(i < 14 ? us[i] : cs[8], l, 4);
		mpz_mod(i < 14 ? us[i] : cs[8], i < 14 ? us[i] : cs[8], n);
	}
	unsigned long *paths = ecfi_test_p256_dsm_paths;
	unsigned long tpaths[ECFI_TEST_P256_DSM_PATHS] = {0}; /* the prepared-table form */
	memset(ecfi_test_p256_dsm_paths, 0, sizeof ecfi_test_p256_dsm_paths);
#ifdef HAVE_OPENSSL
	BIGNUM *b1 = BN_new(), *b2 = BN_new(), *bc = BN_new();
	EC_POINT *oq = EC_POINT_new(grp), *o = EC_POINT_new(grp);
#endif
	long count = 0;
	for (size_t ci = 0; ci < 9; ci++) {
		uint8_t cb[32];
		mpz_to_be32(cb, cs[ci]);
		ecf_p256_point q;
		ecf_p256_point_scalar_mult_base(&q, cb);
#ifdef HAVE_OPENSSL
		BN_bin2bn(cb, 32, bc);
		EC_POINT_mul(grp, oq, bc, NULL, NULL, bnctx);
#endif
		/* The prepared-key form: Q's affine odd multiples (Q != O only). */
		ecf_p256_affine table[ECFI_P256_PREP_ENTRIES];
		if (ci != 0)
			ecfi_p256_odd_multiples_affine(table, &q, ecfi_tiers());
		for (size_t i = 0; i < 14; i++)
			for (size_t j = 0; j < 14; j++) {
				uint8_t u1b[32], u2b[32], eb[32];
				mpz_to_be32(u1b, us[i]);
				mpz_to_be32(u2b, us[j]);
				mpz_mul(e, us[j], cs[ci]);
				mpz_add(e, e, us[i]);
				mpz_mod(e, e, n);
				mpz_to_be32(eb, e);
				ecf_p256_point want, got, jac, jac_lib;
				ecf_p256_point_scalar_mult_base(&want, eb);
#ifdef HAVE_OPENSSL
				BN_bin2bn(u1b, 32, b1);
				BN_bin2bn(u2b, 32, b2);
				EC_POINT_mul(grp, o, b1, oq, b2, bnctx);
				expect_same(&want, o, "(u1 + c u2) G", (long)(ci * 196 + i * 14 + j));
#endif
				uint64_t l1[4], l2[4];
				test_mpz_to_limbs(l1, 4, us[i]);
				test_mpz_to_limbs(l2, 4, us[j]);
				for (size_t t = 0; t < test_tier_count(); t++) {
					test_tier_select(t);
					ecf_p256_point_double_scalar_mult_base_vartime(&got, u2b, &q, u1b);
					test_expect(ecf_p256_point_equal(&got, &want) == 1,
					            "double_scalar_mult_vartime: c %zu, u1 %zu, u2 %zu, tier %s", ci, i,
					            j, test_tier_name(t));
					ecf_p256_point s1, s2, g;
					ecf_p256_point_generator(&g);
					ecf_p256_point_add(&s1, &got, &g);
					ecf_p256_point_add(&s2, &want, &g);
					test_expect(ecf_p256_point_equal(&s1, &s2) == 1,
					            "double_scalar_mult_vartime + G: c %zu, u1 %zu, u2 %zu, tier %s",
					            ci, i, j, test_tier_name(t));
					ecfi_test_p256_double_scalar_mult_vartime_jac(&jac, l1, l2, &q, ecfi_tiers());
					ecfi_p256_double_scalar_mult_vartime_jac(&jac_lib, l1, l2, &q, ecfi_tiers());
					test_expect(memcmp(&jac, &jac_lib, sizeof jac) == 0,
					            "dsm_jac: hook != library: c %zu, u1 %zu, u2 %zu", ci, i, j);
					test_expect(
					    ecf_p256_point_is_identity(&jac) == ecf_p256_point_is_identity(&want),
					    "double_scalar_mult_vartime_jac identity: c %zu, u1 %zu, u2 %zu", ci, i, j);
					if (ci != 0) {
						/* The table form: its paths counted apart. */
						unsigned long before[ECFI_TEST_P256_DSM_PATHS];
						memcpy(before, paths, sizeof before);
						ecfi_test_p256_double_scalar_mult_vartime_jac_table(&jac, l1, l2, table,
						                                                    ecfi_tiers());
						for (int k = 0; k < ECFI_TEST_P256_DSM_PATHS; k++) {
							tpaths[k] += paths[k] - before[k];
							paths[k] = before[k];
						}
						ecfi_p256_double_scalar_mult_vartime_jac_table(&jac_lib, l1, l2, table,
						                                               ecfi_tiers());
						test_expect(memcmp(&jac, &jac_lib, sizeof jac) == 0,
						            "dsm table: hook != library: c %zu, u1 %zu, u2 %zu", ci, i,
						            j);
						ecf_p256_point pt, s3, s4, g3;
						jac_to_pt(&pt, &jac_lib, ecfi_tiers());
						test_expect(
						    ecf_p256_point_equal(&pt, &want) == 1,
						    "dsm with the prepared table: c %zu, u1 %zu, u2 %zu, tier %s", ci,
						    i, j, test_tier_name(t));
						ecf_p256_point_generator(&g3);
						ecf_p256_point_add(&s3, &pt, &g3);
						ecf_p256_point_add(&s4, &want, &g3);
						test_expect(ecf_p256_point_equal(&s3, &s4) == 1,
						            "dsm with the prepared table + G: c %zu, u1 %zu, u2 %zu",
						            ci, i, j);
					}
					count++;
				}
				test_tier_restore();
			}
	}
	/* paths[0..4]: the G digits (jac_madd_vartime: an affine entry is never
	 * O, so Q_INF cannot run); paths[5..9]: the Q digits (jac_add_vartime). */
	static const char *const pname[] = {"add", "acc = O", "entry = O", "double", "identity"};
	for (int k = 0; k < ECFI_TEST_P256_DSM_PATHS; k++) {
		print_message("# %s digits, path %s: %lu\n", k < 5 ? "G" : "Q", pname[k % 5], paths[k]);
		if (k == 2)
			test_expect(paths[k] == 0, "G digit path 'entry = O' ran");
		else
			test_expect(paths[k] > 0, "%s digits: path %s never ran", k < 5 ? "G" : "Q", pname[k % 5]);
	}
	/* The table form: its Q digits go through jac_madd_vartime (an affine
	 * entry is never O either). */
	for (int k = 0; k < ECFI_TEST_P256_DSM_PATHS; k++) {
		print_message("# prepared table: %s digits, path %s: %lu\n", k < 5 ? "G" : "Q", pname[k % 5],
		              tpaths[k]);
		if (k % 5 == 2)
			test_expect(tpaths[k] == 0, "prepared table: path 'entry = O' ran");
		else
			test_expect(tpaths[k] > 0, "prepared table: %s digits: path %s never ran", k < 5 ? "G" : "Q",
			            pname[k % 5]);
	}
	test_expect(count > 0, "no case ran");
#ifdef HAVE_OPENSSL
	BN_free(b1);
	BN_free(b2);
	BN_free(bc);
	EC_POINT_free(oq);
	EC_POINT_free(o);
#endif
	for (size_t i = 0; i < 14; i++)
		mpz_clear(us[i]);
	for (size_t i = 0; i < 9; i++)
		mpz_clear(cs[i]);
	mpz_clears(n, e, NULL);
}

static int group_setup(void **s)
{
	(void)s;
#ifdef HAVE_OPENSSL
	grp = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
	bnctx = BN_CTX_new();
#endif
	return 0;
}

static int group_teardown(void **s)
{
	(void)s;
#ifdef HAVE_OPENSSL
	EC_GROUP_free(grp);
	BN_CTX_free(bnctx);
#endif
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_kg_vectors),      cmocka_unit_test(test_decode_errors),
	    cmocka_unit_test(test_group_law),       cmocka_unit_test(test_keygen),
	    cmocka_unit_test(test_openssl_mult),    cmocka_unit_test(test_openssl_decode),
	    cmocka_unit_test(test_openssl_ecdh),    cmocka_unit_test(test_stack_wiped),
	    cmocka_unit_test(test_base_edges),      cmocka_unit_test(test_varbase_edges),
	    cmocka_unit_test(test_dsm_edges),       cmocka_unit_test(test_issue19_group_ops),
	    cmocka_unit_test(test_openssl_issue19),
	};
	return cmocka_run_group_tests_name("p256_group", tests, group_setup, group_teardown);
}
