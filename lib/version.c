/* Library-wide entries: the version at run time and status strings. */
#include "ecfield/ecfield.h"

const char *ecf_version(void) { return ECF_VERSION_STRING; }

uint32_t ecf_version_number(void)
{
	return ((uint32_t)ECF_VERSION_MAJOR << 16) | ((uint32_t)ECF_VERSION_MINOR << 8) | (uint32_t)ECF_VERSION_PATCH;
}

const char *ecf_status_string(int status)
{
	switch (status) {
	case ECF_OK:
		return "ok";
	case ECF_ERR_NULL:
		return "required pointer is NULL";
	case ECF_ERR_LENGTH:
		return "wrong length";
	case ECF_ERR_RANGE:
		return "value out of range (non-canonical)";
	case ECF_ERR_NOT_SQUARE:
		return "not a square";
	case ECF_ERR_INDEX:
		return "table index out of range";
	case ECF_ERR_ENCODING:
		return "malformed encoding";
	case ECF_ERR_NOT_ON_CURVE:
		return "point not on the curve";
	case ECF_ERR_IDENTITY:
		return "point at infinity (identity)";
	case ECF_ERR_SMALL_ORDER:
		return "small-order point or all-zero shared secret";
	case ECF_ERR_SCALAR:
		return "secret scalar zero or out of range";
	case ECF_ERR_VERIFY:
		return "verification failed";
	default:
		return "unknown status";
	}
}
