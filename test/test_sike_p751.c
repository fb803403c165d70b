/* SIDH and SIKE on p751 (broken since 2022: research and benchmark code):
 * the KATs of sike/PQCkemKAT_644.rsp, agreement, malformed input. */
#define FIELD p751
#define UPPER P751
#define FIELD_BYTES 94
#define KAT_FILE "sike/PQCkemKAT_644.rsp"
#include "sike_tests.h"

int main(void)
{
	const struct CMUnitTest tests[] = {SIKE_TESTS};
	return cmocka_run_group_tests_name("sike_p751", tests, NULL, NULL);
}
