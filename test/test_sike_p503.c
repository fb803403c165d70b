/* SIDH and SIKE on p503 (broken since 2022: research and benchmark code):
 * the KATs of sike/PQCkemKAT_434.rsp, agreement, malformed input. */
#define FIELD p503
#define UPPER P503
#define FIELD_BYTES 63
#define KAT_FILE "sike/PQCkemKAT_434.rsp"
#include "sike_tests.h"

int main(void)
{
	const struct CMUnitTest tests[] = {SIKE_TESTS};
	return cmocka_run_group_tests_name("sike_p503", tests, NULL, NULL);
}
