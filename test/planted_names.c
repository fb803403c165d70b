/* Planted exports for test names_findable_planted (test/meson.build): the
 * check must find the first two names and report exactly the other two. */
#include "common/internal.h"

/* Found: a literal definition. */
int ecf_planted_literal(int x);
int ecf_planted_literal(int x) { return x + 1; }

/* Found: an alias line that spells the exported name. */
static int ecfi_planted_aliased(int x) { return x + 2; }
ECFI_EXPORT_ALIAS(ecf_planted_aliased, ecfi_planted_aliased);

/* Missing: pasted, as the field templates did (ecf_planted_pasted appears
 * only in this comment, which does not count). */
#define PLANTED(op) ECFI_CAT(ecf_planted_, op)
int PLANTED(pasted)(int x);
int PLANTED(pasted)(int x) { return x + 3; }

/* Missing: a prototype spells the name, the definition pastes it. */
int ecf_planted_declared_only(int x);
int PLANTED(declared_only)(int x) { return x + 4; }
