/*
 * The moduli of the kernels as hex strings, for tests that build inputs
 * inside a kernel's contract with GMP (test_kernels.c, test_abi.c).
 */
#ifndef ECF_TEST_MODULI_H
#define ECF_TEST_MODULI_H

/* The isogeny primes p = 2^a * 3^b - 1. */
#define P434_HEX                                                                                                       \
	"2341f271773446cfc5fd681c520567bc65c783158aea3fdc1767ae2fffffffffffffffffffffffffffffffffffffffffffffffffffff" \
	"f"
#define P503_HEX                                                                                                       \
	"4066f541811e1e6045c6bdda77a4d01b9bf6c87b7e7daf13085bda2211e7a0abffffffffffffffffffffffffffffffffffffffffffff" \
	"ffffffffffffffffff"
#define P610_HEX                                                                                                       \
	"27bf6a768819010c251e7d88cb255b2fa10c4252a9ae7bf45048ff9abb1784de8aa5ab02e6e01fffffffffffffffffffffff"         \
	"fffffffffffffffffffffffffffffffffffffffffffffffffffff"
#define P751_HEX                                                                                                       \
	"6fe5d541f71c0e12909f97badc668562b5045cb25748084e9867d6ebe876da959b1a13f7cc76e3ec968549f878a8eeafffff"         \
	"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"

#define P256_HEX "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"
/* p25519 kernels accept any 256-bit input: draw inputs below 2^256. */
#define P25519_RANGE_HEX "10000000000000000000000000000000000000000000000000000000000000000"
#define P256N_HEX "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"

#endif
