/*
 * p25519_aarch64.S - multiplication and squaring mod p = 2^255 - 19,
 * AArch64 (base ARMv8-A: MUL, UMULH, ADDS/ADCS, EXTR). Saturated 4 x 64-bit
 * limbs, little-endian uint64_t[4]. Caller checks CPU support.
 *
 * void ecfk_p25519_mul_aarch64(uint64_t z[4], const uint64_t x[4], const uint64_t y[4]);
 *     z = x*y mod p, lazily: x, y any 256-bit values; z < 2^255 + 1463, z = x*y (mod p).
 * void ecfk_p25519_sqr_aarch64(uint64_t z[4], const uint64_t x[4]);
 *     z = x*x mod p, same ranges.
 * z is the function defined in lib/kernels/portable/p25519_fold.h of the
 * 512-bit product, so it equals the portable kernel's output bit for bit.
 * z may alias x and/or y: every input is read before z is written.
 *
 * Constant time: no branches, no secret-dependent addresses. Leaf functions
 * using only x0-x17 (caller-saved, AAPCS64); no stack.
 */
#include "asm.S.inc"
#include "mul_4x64.S.inc"

/*
 * [x8..x15] = t = L + H*2^256. Stores z = fold(t) (p25519_fold.h) at [x0]:
 * T = L + 38*H (low halves of 38*h_i on one carry chain, high halves on a
 * second one word up; T's top word t4 <= 38), then q = T >> 255 =
 * 2*t4 + bit 255 (<= 77) and z = (T mod 2^255) + 19*q, which cannot carry
 * out. Clobbers x1, x7, x16, x17 and x8-x15.
 */
.macro P25519_FOLD
        mov     x7, #38
        mul     x16, x12, x7
        adds    x8, x8, x16
        mul     x16, x13, x7
        adcs    x9, x9, x16
        mul     x16, x14, x7
        adcs    x10, x10, x16
        mul     x16, x15, x7
        adcs    x11, x11, x16
        cset    x1, cs
        umulh   x17, x12, x7
        adds    x9, x9, x17
        umulh   x17, x13, x7
        adcs    x10, x10, x17
        umulh   x17, x14, x7
        adcs    x11, x11, x17
        umulh   x17, x15, x7
        adc     x1, x1, x17
        /* q = (t4 << 1) | (bit 255), 19*q = q + 18*q */
        extr    x1, x1, x11, #63
        add     x16, x1, x1, lsl #3
        add     x1, x1, x16, lsl #1
        and     x11, x11, #0x7fffffffffffffff
        adds    x8, x8, x1
        adcs    x9, x9, xzr
        adcs    x10, x10, xzr
        adc     x11, x11, xzr
        stp     x8, x9, [x0]
        stp     x10, x11, [x0, #16]
.endm

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p25519_mul_aarch64)
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        MUL_4X64                                /* [x8..x15] = x*y */
        P25519_FOLD
        ret
ECFK_FUNC_END(ecfk_p25519_mul_aarch64)

/* ------------------------------------------------------------------ */
ECFK_FUNC_BEGIN(ecfk_p25519_sqr_aarch64)
        ldp     x3, x4, [x1]
        ldp     x5, x6, [x1, #16]
        SQR_4X64                                /* [x8..x15] = x^2 */
        P25519_FOLD
        ret
ECFK_FUNC_END(ecfk_p25519_sqr_aarch64)
