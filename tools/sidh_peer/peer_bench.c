/* Side-by-side harness for tools/sidh_peer/run.sh (see there): PQCrypto-SIDH's
 * fpmul/fp2sqr/fp2mul MULX/ADX asm against libecfield's public Fp mul, Fp2 sqr, Fp2 mul,
 * interleaved in one process. Not part of the build. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86intrin.h>
#include "ecfield/sidh.h"
#define W 12
/* peer asm */
#define DECL(P)                                                                                                        \
	void fpmul##P##_asm(const uint64_t *, const uint64_t *, uint64_t *);                                           \
	void fp2sqr##P##_c0_asm(const uint64_t *, uint64_t *);                                                         \
	void fp2sqr##P##_c1_asm(const uint64_t *, uint64_t *);                                                         \
	void fp2mul##P##_c0_asm(const uint64_t *, const uint64_t *, uint64_t *);                                       \
	void fp2mul##P##_c1_asm(const uint64_t *, const uint64_t *, uint64_t *);
DECL(434) DECL(503) DECL(610) void mul751_asm(const uint64_t *, const uint64_t *, uint64_t *);
void rdc751_asm(uint64_t *, uint64_t *);
void mp_add751_asm(const uint64_t *, const uint64_t *, uint64_t *);
void mp_sub751_p4_asm(const uint64_t *, const uint64_t *, uint64_t *);
void mp_subadd751x2_asm(const uint64_t *, const uint64_t *, uint64_t *);
void mp_dblsub751x2_asm(const uint64_t *, const uint64_t *, uint64_t *);
/* peer fp2 on contiguous [re|im] n-limb elements */
static uint64_t A[2 * W * 2], B[2 * W * 2], C[2 * W * 2];
#define PEER(P, N)                                                                                                     \
	static void pm##P(long n)                                                                                      \
	{                                                                                                              \
		for (long i = 0; i < n; i += 2) {                                                                      \
			fpmul##P##_asm(A, C, B);                                                                       \
			fpmul##P##_asm(B, C, A);                                                                       \
		}                                                                                                      \
	}                                                                                                              \
	static void ps##P(long n)                                                                                      \
	{                                                                                                              \
		uint64_t t[2 * N];                                                                                     \
		for (long i = 0; i < n; i += 2) {                                                                      \
			fp2sqr##P##_c0_asm(A, t);                                                                      \
			fp2sqr##P##_c1_asm(A, B + N);                                                                  \
			memcpy(B, t, 8 * N);                                                                           \
			fp2sqr##P##_c0_asm(B, t);                                                                      \
			fp2sqr##P##_c1_asm(B, A + N);                                                                  \
			memcpy(A, t, 8 * N);                                                                           \
		}                                                                                                      \
	}                                                                                                              \
	static void pf##P(long n)                                                                                      \
	{                                                                                                              \
		uint64_t t[N];                                                                                         \
		for (long i = 0; i < n; i += 2) {                                                                      \
			fp2mul##P##_c0_asm(A, C, t);                                                                   \
			fp2mul##P##_c1_asm(A, C, B + N);                                                               \
			memcpy(B, t, 8 * N);                                                                           \
			fp2mul##P##_c0_asm(B, C, t);                                                                   \
			fp2mul##P##_c1_asm(B, C, A + N);                                                               \
			memcpy(A, t, 8 * N);                                                                           \
		}                                                                                                      \
	}
PEER(434, 7) PEER(503, 8) PEER(610, 10) static void fpmul751(const uint64_t *a, const uint64_t *b, uint64_t *c)
{
	uint64_t t[24];
	mul751_asm(a, b, t);
	rdc751_asm(t, c);
}
static void pm751(long n)
{
	for (long i = 0; i < n; i += 2) {
		fpmul751(A, C, B);
		fpmul751(B, C, A);
	}
}
static void sq751(const uint64_t *a, uint64_t *c)
{
	uint64_t t1[12], t2[12], t3[12];
	mp_add751_asm(a, a + 12, t1);
	mp_sub751_p4_asm(a, a + 12, t2);
	mp_add751_asm(a, a, t3);
	fpmul751(t1, t2, c);
	fpmul751(t3, a + 12, c + 12);
}
static void ps751(long n)
{
	for (long i = 0; i < n; i += 2) {
		sq751(A, B);
		sq751(B, A);
	}
}
static void m2751(const uint64_t *a, const uint64_t *b, uint64_t *c)
{
	uint64_t t1[12], t2[12], tt1[24], tt2[24], tt3[24];
	mp_add751_asm(a, a + 12, t1);
	mp_add751_asm(b, b + 12, t2);
	mul751_asm(a, b, tt1);
	mul751_asm(a + 12, b + 12, tt2);
	mul751_asm(t1, t2, tt3);
	mp_dblsub751x2_asm(tt1, tt2, tt3);
	mp_subadd751x2_asm(tt1, tt2, tt1);
	rdc751_asm(tt3, c + 12);
	rdc751_asm(tt1, c);
}
static void pf751(long n)
{
	for (long i = 0; i < n; i += 2) {
		m2751(A, C, B);
		m2751(B, C, A);
	}
}
/* ours */
#define OURS(P)                                                                                                        \
	static ecf_p##P##_fp2 X##P, Y##P, Z##P;                                                                        \
	static void om##P(long n)                                                                                      \
	{                                                                                                              \
		for (long i = 0; i < n; i += 2) {                                                                      \
			ecf_p##P##_mul(&X##P.re, &Y##P.re, &Z##P.re);                                                  \
			ecf_p##P##_mul(&Y##P.re, &X##P.re, &Z##P.re);                                                  \
		}                                                                                                      \
	}                                                                                                              \
	static void os##P(long n)                                                                                      \
	{                                                                                                              \
		for (long i = 0; i < n; i += 2) {                                                                      \
			ecf_p##P##_fp2_sqr(&X##P, &Y##P);                                                              \
			ecf_p##P##_fp2_sqr(&Y##P, &X##P);                                                              \
		}                                                                                                      \
	}                                                                                                              \
	static void of##P(long n)                                                                                      \
	{                                                                                                              \
		for (long i = 0; i < n; i += 2) {                                                                      \
			ecf_p##P##_fp2_mul(&X##P, &Y##P, &Z##P);                                                       \
			ecf_p##P##_fp2_mul(&Y##P, &X##P, &Z##P);                                                       \
		}                                                                                                      \
	}                                                                                                              \
	static void init##P(void)                                                                                      \
	{                                                                                                              \
		ecf_p##P##_one(&Y##P.re);                                                                              \
		ecf_p##P##_mul_small(&Y##P.re, &Y##P.re, 0x9e3779b97f4a7c15ULL);                                       \
		ecf_p##P##_sqr(&Y##P.im, &Y##P.re);                                                                    \
		ecf_p##P##_mul(&Z##P.re, &Y##P.im, &Y##P.re);                                                          \
		ecf_p##P##_sqr(&Z##P.im, &Z##P.re);                                                                    \
	}
OURS(434) OURS(503) OURS(610) OURS(751) typedef void (*body)(long);
static int cmpd(const void *a, const void *b)
{
	double x = *(double *)a, y = *(double *)b;
	return x < y ? -1 : x > y;
}
static void group(const char *name, body *v, const char **lab, int nv, int P)
{
	enum { S = 201 };
	static double t[8][S];
	long n = 64;
	for (int s = 0; s < S; s++)
		for (int k = 0; k < nv; k++) { /* fresh, small, valid operands for peer: copy ours */
			uint64_t t0 = __rdtsc();
			v[k](n);
			t[k][s] = (double)(__rdtsc() - t0) / n;
		}
	printf("%-6s %-8s", name, "");
	double m[8];
	for (int k = 0; k < nv; k++) {
		qsort(t[k], S, sizeof(double), cmpd);
		m[k] = t[k][S / 2];
		printf("  %s %7.1f", lab[k], m[k]);
	}
	printf("   ratio ours/peer %.3f\n", m[1] / m[0]);
}
int main(void)
{
	init434();
	init503();
	init610();
	init751();
	/* peer operands: our Montgomery values are in [0,2p), fine for peer too */
#define SET(P, N)                                                                                                      \
	memcpy(A, &Y##P.re, 8 * N);                                                                                    \
	memcpy(A + N, &Y##P.im, 8 * N);                                                                                \
	memcpy(C, &Z##P.re, 8 * N);                                                                                    \
	memcpy(C + N, &Z##P.im, 8 * N);
	const char *lab[2] = {"peer", "ours"};
	for (int w = 0; w < 3; w++) { /* warm up */
		SET(503, 8);
		body v[2] = {pm503, om503};
		group("warm", v, lab, 2, 503);
	}
#define RUN(P, N)                                                                                                      \
	{                                                                                                              \
		SET(P, N);                                                                                             \
		body v1[2] = {pm##P, om##P};                                                                           \
		group("p" #P " mul", v1, lab, 2, P);                                                                   \
		SET(P, N);                                                                                             \
		body v2[2] = {ps##P, os##P};                                                                           \
		group("p" #P " f2sqr", v2, lab, 2, P);                                                                 \
		SET(P, N);                                                                                             \
		body v3[2] = {pf##P, of##P};                                                                           \
		group("p" #P " f2mul", v3, lab, 2, P);                                                                 \
	}
	RUN(434, 7) RUN(503, 8) RUN(610, 10) RUN(751, 12) return 0;
}
