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

#endif
