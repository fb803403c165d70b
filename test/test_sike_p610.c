/* SIDH and SIKE on p610 (broken since 2022: research and benchmark code):
 * the KATs of sike/PQCkemKAT_524.rsp, agreement, malformed input. */
#define FIELD p610
#define UPPER P610
#define FIELD_BYTES 77
#define KAT_FILE "sike/PQCkemKAT_524.rsp"
#include "sike_tests.h"

int main(void)
{
	const struct CMUnitTest tests[] = {SIKE_TESTS};
	return cmocka_run_group_tests_name("sike_p610", tests, NULL, NULL);
}
