/*
 * Planted for tools/check_cet.py (test 'cet_planted'): built without
 * -fcf-protection, so its functions have no endbr64, and linked with
 * -z ibt -z shstk anyway. ecft_planted_pick stores the address of an
 * unmarked function and calls through it: an indirect branch to a target
 * without endbr64, which the check must reject. Never installed.
 */
typedef int (*ecft_fn)(int);

static int ecft_twice(int x) { return 2 * x; }
static int ecft_thrice(int x) { return 3 * x; }

static ecft_fn volatile ecft_table[2] = {ecft_twice, ecft_thrice};

int ecft_planted_pick(int i, int x);
int ecft_planted_pick(int i, int x) { return ecft_table[i & 1](x); }
