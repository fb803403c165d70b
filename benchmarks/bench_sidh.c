/* ecfield-bench rows for the isogeny fields p434, p503, p610 and p751 (one
 * template, bench_sidh.h). The Fp2 multiplication of p503 is also measured
 * public / direct / pointer, the comparison Cloudflare made for SIDH. */
#include "ecfield/sidh.h"

#include "common/internal.h"

#define FIELD p434
#define NL 7
#include "bench_sidh.h"
#undef FIELD
#undef NL

#define FIELD p503
#define NL 8
#include "bench_sidh.h"
#undef FIELD
#undef NL

#define FIELD p610
#define NL 10
#include "bench_sidh.h"
#undef FIELD
#undef NL

#define FIELD p751
#define NL 12
#include "bench_sidh.h"
#undef FIELD
#undef NL

void bench_sidh(void)
{
	bench_sidh_p434(0);
	bench_sidh_p503(1);
	bench_sidh_p610(0);
	bench_sidh_p751(0);
}
