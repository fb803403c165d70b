/*
 * Planted for tools/check_c_div.py: a secret divided in C, as a mul_small
 * that reduced with '%' would. Must be rejected (test 'c_div_planted').
 * Never linked into anything.
 */
#include <stdint.h>

uint64_t ecft_planted_c_div(uint64_t secret, uint64_t d);
uint64_t ecft_planted_c_div(uint64_t secret, uint64_t d) { return secret / d; }

unsigned __int128 ecft_planted_c_div128(unsigned __int128 secret, unsigned __int128 d);
unsigned __int128 ecft_planted_c_div128(unsigned __int128 secret, unsigned __int128 d) { return secret % d; }
