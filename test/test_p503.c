/* GF(p503) and GF(p503^2), p503 = 2^250 * 3^159 - 1: every operation against GMP
 * on every kernel tier, and the SIKE KAT public keys. */
#include "ecfield/p503.h"

#define FIELD p503
#define NL 8
#define PA 250
#define PB 159
#define FIELD_BYTES 63
#define KAT_FILE "sike/PQCkemKAT_434.rsp"
#include "sidh_field_tests.h"

int main(void)
{
	const struct CMUnitTest tests[] = {SIDH_FIELD_TESTS};
	return cmocka_run_group_tests_name("p503", tests, test_p503_setup, test_p503_teardown);
}
