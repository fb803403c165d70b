/*
 * p256_jac_madd_scan_mulx_adx_avx2.S - r = p + q on P-256 (p Jacobian, q
 * affine) AND the constant-time scan of the next fixed-base window, in one
 * routine: x86-64 with BMI2 (MULX), ADX (ADCX/ADOX) and AVX2. Caller checks
 * CPU support of both.
 *
 * void ecfk_p256_jac_madd_scan_mulx_adx_avx2(uint64_t r[12], const uint64_t p[12],
 *         const uint64_t q[8], uint64_t next[8], const uint64_t *table, uint64_t d);
 *
 * r, p, q: exactly ecfk_p256_jac_madd_mulx_adx (both routines expand
 * P256_JAC_MADD_BODY of p256_jac_madd_x86.S.inc, this one with the scan as its
 * hook: the same instructions in the same order, r the same bits as
 * jac_madd_c's; r may alias p).
 * next := table[d - 1] (8 words) for 1 <= d <= 64, all zeros otherwise
 * (d = 0 or d > 64): the same bits as ecfk_p256_lookup8_avx2(next, table,
 * 64, d) (p256_lookup_avx2.c), no negation. table holds 64 entries of 8
 * words (P256_BASE_ENTRIES of the W = 7 fixed-base table). next may alias q
 * (q is copied into the frame before next is written, at the end); next may
 * not overlap r, p or table.
 *
 * Why: the MULX/ADCX/ADOX chains of the madd leave the vector units idle;
 * the scan, 8 entries (4 AVX2 instructions each: count, compare, two
 * VPBLENDVB with the entry as memory operand) after each of the first eight
 * field multiplications, runs in their shadow (docs/p256.md, "Scan inside
 * the addition").
 *
 * Constant time: no branches; every address is a constant offset from rsp,
 * rdi, rbx or rip. d only enters ymm15 (broadcast) and the compare masks; the
 * entry number is counted in ymm13 (public). Secrets: VZEROALL clears every
 * vector register (the accumulators ymm11, ymm12 hold the selected entry),
 * then the frame and xmm0-xmm5 are zeroed before returning.
 */
#include "asm.S.inc"
#include "p256_jac_madd_x86.S.inc" /* the frame layout and the body */

/* Frame offsets of this routine beyond the madd's: next's and table's
 * pointers. */
#define NPTR 8
#define TPTR 400
#define FRAME 416

/* Entries first .. first + count - 1 of the scan: ymm13 counts the entry
 * number (j + 1), ymm15 holds d, ymm14 all-ones; acc ymm12 (words 0-3),
 * ymm11 (words 4-7) := entry where j + 1 == d. Uses rbx and ymm10. Call it
 * only where rbx is free (between the field operations). */
.macro SCAN first, count
        mov     TPTR(%rsp), %rbx
        .set    .Lscan_j, \first
        .rept   \count
        vpsubq  %ymm14, %ymm13, %ymm13          /* j + 1 */
        vpcmpeqq %ymm15, %ymm13, %ymm10
        vpblendvb %ymm10, .Lscan_j*64(%rbx), %ymm12, %ymm12
        vpblendvb %ymm10, .Lscan_j*64+32(%rbx), %ymm11, %ymm11
        .set    .Lscan_j, .Lscan_j + 1
        .endr
.endm
/* The hook of P256_JAC_MADD_BODY: 8 entries after each multiplication. */
.macro SCAN8 step
        SCAN    \step, 8
.endm

ECFK_FUNC_BEGIN(ecfk_p256_jac_madd_scan_mulx_adx_avx2)
        P256_PROLOGUE FRAME
        mov     %rdi, RPTR(%rsp)
        mov     %rcx, NPTR(%rsp)
        mov     %r8, TPTR(%rsp)
        mov     %rsi, %rdi                      /* p, read in place */
        P256_JAC_MADD_COPY_Q
        vmovq   %r9, %xmm15
        vpbroadcastq %xmm15, %ymm15             /* d in every lane */
        vpcmpeqq %ymm14, %ymm14, %ymm14         /* -1 in every lane */
        vpxor   %ymm13, %ymm13, %ymm13          /* the entry number */
        vpxor   %ymm12, %ymm12, %ymm12
        vpxor   %ymm11, %ymm11, %ymm11

        P256_JAC_MADD_BODY SCAN8

        mov     NPTR(%rsp), %rbx
        vmovdqu %ymm12, 0(%rbx)
        vmovdqu %ymm11, 32(%rbx)
        vzeroall
        P256_EPILOGUE FRAME
ECFK_FUNC_END(ecfk_p256_jac_madd_scan_mulx_adx_avx2)
