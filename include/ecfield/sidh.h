/*
 * The isogeny fields: GF(p) and GF(p^2) = GF(p)[i]/(i^2 + 1) for the primes
 * of SIDH/SIKE, p = 2^a * 3^b - 1:
 *
 *   header             prime               limbs  bytes (GF(p) / GF(p^2))
 *   ecfield/p434.h     2^216 * 3^137 - 1     7      55 / 110
 *   ecfield/p503.h     2^250 * 3^159 - 1     8      63 / 126
 *   ecfield/p610.h     2^305 * 3^192 - 1    10      77 / 154
 *   ecfield/p751.h     2^372 * 3^239 - 1    12      94 / 188
 *
 * SIDH and SIKE were broken in 2022 (Castryck-Decru; Maino-Martindale;
 * Robert): a secret key can be recovered from a public key in polynomial
 * time. These fields are offered for research and benchmarking (they remain
 * the standard benchmark fields of isogeny arithmetic), not as a
 * recommendation of SIDH or SIKE.
 *
 * Every prime has the same API, generated from one template
 * (sidh_field.h.in): GF(p) functions are ecf_<prime>_<op> on ecf_<prime>_fe,
 * GF(p^2) functions ecf_<prime>_fp2_<op> on ecf_<prime>_fp2. Elements are in
 * Montgomery form and lazily reduced: values live in [0, 2p) between
 * operations, and ecf_<prime>_reduce gives the canonical value. The
 * encodings are SIKE's: (bits + 7) / 8 bytes little-endian per GF(p) value,
 * re || im for GF(p^2). Each header states the range of every input and
 * output.
 */
#ifndef ECFIELD_SIDH_H
#define ECFIELD_SIDH_H

#include <ecfield/p434.h>
#include <ecfield/p503.h>
#include <ecfield/p610.h>
#include <ecfield/p751.h>

#endif
