/* Internal conventions: every ecfi_ and ecfk_ symbol is hidden in the shared
 * object; declaring them hidden also lets the compiler address them directly
 * (no GOT or PLT) from inside the library. */
#ifndef ECFI_INTERNAL_H
#define ECFI_INTERNAL_H

#include "ecfi_config.h"

#if defined(__GNUC__)
#define ECFI_HIDDEN __attribute__((visibility("hidden")))
#else
#define ECFI_HIDDEN
#endif

#define ECFI_CAT2(a, b) a##b
#define ECFI_CAT(a, b) ECFI_CAT2(a, b)
#define ECFI_STR2(x) #x
#define ECFI_STR(x) ECFI_STR2(x)

/* Export `pub` (declared ECF_API in a public header) as a second name of the
 * hidden (or static, or static inline) function `internal`, defined earlier in
 * the same file: one body, reached directly (no PLT) from inside the library
 * through `internal`, and from outside through `pub`. Both names are written
 * out, never pasted: the line is where `git grep -n 'ecf_name\b'` and ctags
 * (.ctags.d/) find an exported function of a generic definition (test
 * names_findable). */
#if defined(__GNUC__)
#define ECFI_EXPORT_ALIAS(pub, internal) extern __typeof__(internal) pub __attribute__((alias(ECFI_STR(internal))))
#else
#error "libecfield needs a compiler with GNU function aliases (gcc, clang)"
#endif

/* -Drange_checks=true: a documented input contract was violated. Prints
 * "libecfield: <field>_<fn>: documented contract violated: <what>" and aborts. */
#if ECFI_RANGE_CHECKS
ECFI_HIDDEN void ecfi_range_fail(const char *field, const char *fn, const char *what) __attribute__((noreturn));
#endif

#endif
