/* GF(p434) and GF(p434^2), p434 = 2^216 * 3^137 - 1: every operation against GMP
 * on every kernel tier, and the SIKE KAT public keys. */
#include "ecfield/p434.h"

#define FIELD p434
#define NL 7
#define PA 216
#define PB 137
#define FIELD_BYTES 55
#define KAT_FILE "sike/PQCkemKAT_374.rsp"
#include "sidh_field_tests.h"

int main(void)
{
	const struct CMUnitTest tests[] = {SIDH_FIELD_TESTS};
	return cmocka_run_group_tests_name("p434", tests, test_p434_setup, test_p434_teardown);
}
