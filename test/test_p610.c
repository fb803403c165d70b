/* GF(p610) and GF(p610^2), p610 = 2^305 * 3^192 - 1: every operation against GMP
 * on every kernel tier, and the SIKE KAT public keys. */
#include "ecfield/p610.h"

#define FIELD p610
#define NL 10
#define PA 305
#define PB 192
#define FIELD_BYTES 77
#define KAT_FILE "sike/PQCkemKAT_524.rsp"
#include "sidh_field_tests.h"

int main(void)
{
	const struct CMUnitTest tests[] = {SIDH_FIELD_TESTS};
	return cmocka_run_group_tests_name("p610", tests, test_p610_setup, test_p610_teardown);
}
