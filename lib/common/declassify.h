/* Declassification: a value derived from secrets that an algorithm publishes
 * on purpose (ECDSA: "this RFC 6979 nonce candidate was rejected", which
 * happens with probability ~2^-32 and reveals nothing usable), marked before
 * the code branches on it.
 *
 * ecfi_declassify does nothing in the library. It is alone in its object file
 * (declassify.c) so that the constant-time test, which links the static
 * archive, can define its own ecfi_declassify (VALGRIND_MAKE_MEM_DEFINED):
 * the linker then takes the test's and never pulls this one. Every other
 * branch on a secret is still reported by that test. */
#ifndef ECFI_DECLASSIFY_H
#define ECFI_DECLASSIFY_H

#include <stddef.h>

#include "common/internal.h"

ECFI_HIDDEN void ecfi_declassify(const void *p, size_t len);

#endif
