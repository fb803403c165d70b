/* Deliberately not constant time: tools/check_sha_ni_ct.py's AArch64 rules
 * must reject this object (test a64_hash_ct_planted_lane): its only fault is
 * a move of a message word from a vector lane into a general register (umov),
 * which then feeds an address. Never linked into anything. */
        .arch   armv8-a+crypto
        .text
        .globl  planted_a64_hash_lane
        .type   planted_a64_hash_lane, %function
planted_a64_hash_lane:
        ld1     {v0.4s}, [x1]
        ld1     {v1.4s}, [x0]
        sha256su0 v1.4s, v0.4s
        umov    w3, v0.s[0]             /* data leaves the vector registers */
        add     x4, x2, x3              /* ... and becomes an address */
        ld1     {v2.4s}, [x4]
        add     v1.4s, v1.4s, v2.4s
        st1     {v1.4s}, [x0]
        ret
        .size   planted_a64_hash_lane, .-planted_a64_hash_lane
        .section .note.GNU-stack,"",%progbits
