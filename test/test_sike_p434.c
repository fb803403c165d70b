/* SIDH and SIKE on p434 (broken since 2022: research and benchmark code):
 * the KATs of sike/PQCkemKAT_374.rsp, agreement, malformed input. */
#define FIELD p434
#define UPPER P434
#define FIELD_BYTES 55
#define KAT_FILE "sike/PQCkemKAT_374.rsp"
#include "sike_tests.h"

int main(void)
{
	const struct CMUnitTest tests[] = {SIKE_TESTS};
	return cmocka_run_group_tests_name("sike_p434", tests, NULL, NULL);
}
