/*
 * SIDH AND SIKE ARE BROKEN (Castryck-Decru 2022; Maino-Martindale; Robert):
 * a secret key is recovered from a public key in polynomial time. Research
 * and benchmark code only; never use it to protect data.
 *
 * SIDH key agreement and the SIKE KEM (round 3, uncompressed) over the
 * isogeny fields, one header per prime generated from sike_prime.h.in:
 *
 *   header                 prefix          pk / sk / ct / ss bytes (SIKE)
 *   ecfield/sike_p434.h    ecf_p434_sidh_, ecf_p434_sike_   330 / 374 / 346 / 16
 *   ecfield/sike_p503.h    ecf_p503_...                     378 / 434 / 402 / 24
 *   ecfield/sike_p610.h    ecf_p610_...                     462 / 524 / 486 / 24
 *   ecfield/sike_p751.h    ecf_p751_...                     564 / 644 / 596 / 32
 *
 * See docs/sike.md.
 */
#ifndef ECFIELD_SIKE_H
#define ECFIELD_SIKE_H

#include <ecfield/sike_p434.h>
#include <ecfield/sike_p503.h>
#include <ecfield/sike_p610.h>
#include <ecfield/sike_p751.h>

#endif
