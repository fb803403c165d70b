/* Declassification: a value derived from secrets that an algorithm publishes
 * on purpose (ECDSA: "this RFC 6979 nonce candidate was rejected", which
 * happens with probability ~2^-32 and reveals nothing usable; r or s = 0; the
 * signature before its DER length; a point decoding's status), marked before
 * the code branches on it.
 *
 * ecfi_declassify marks the bytes defined for valgrind's memcheck with a
 * client request (VALGRIND_MAKE_MEM_DEFINED), compiled into the library when
 * <valgrind/memcheck.h> exists at configure time (ECFI_HAVE_MEMCHECK): a few
 * instructions that do nothing outside valgrind. So anyone who runs the
 * shipped library under memcheck with their secrets marked undefined sees no
 * report for these values, and every other branch on a secret is still
 * reported (test/ct: ct_valgrind on the static archive, ct_valgrind_shared on
 * libecfield.so). Without the header it is a no-op, and meson builds no ct
 * test (test/ct/meson.build asks for the same header). */
#ifndef ECFI_DECLASSIFY_H
#define ECFI_DECLASSIFY_H

#include <stddef.h>

#include "common/internal.h"

ECFI_HIDDEN void ecfi_declassify(const void *p, size_t len);

#endif
