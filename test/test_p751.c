/* GF(p751) and GF(p751^2), p751 = 2^372 * 3^239 - 1: every operation against GMP
 * on every kernel tier, and the SIKE KAT public keys. */
#include "ecfield/p751.h"

#define FIELD p751
#define NL 12
#define PA 372
#define PB 239
#define FIELD_BYTES 94
#define KAT_FILE "sike/PQCkemKAT_644.rsp"
#include "sidh_field_tests.h"

int main(void)
{
	const struct CMUnitTest tests[] = {SIDH_FIELD_TESTS};
	return cmocka_run_group_tests_name("p751", tests, test_p751_setup, test_p751_teardown);
}
