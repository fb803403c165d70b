#!/usr/bin/env python3
"""Print the public parameters of SIDH/SIKE for one isogeny prime as C, for
lib/curves/sidh/<prime>_sidh.c to include (the build runs this; nothing here
is typed into C by hand).

Usage:
    python3 sidh_params.py NAME          # p434, p503, p610 or p751
    python3 sidh_params.py --costs NAME  # report the strategy costs
    python3 sidh_params.py --meson NAME  # "prime;bytes;e2;e3;sk_b_bits;msg;ss" for include/ecfield/meson.build

SIDH and SIKE are broken (Castryck-Decru 2022): research and benchmark code.

Printed:
  E2, E3                 p = 2^E2 * 3^E3 - 1 (from the modulus of modinv_params.MODULI)
  ALICE_ISOGS            4-isogenies of Alice (floor(E2 / 2)); ALICE_ODD is 1
                         when E2 is odd (one 2-isogeny first, as in SIKE)
  BOB_ISOGS              3-isogenies of Bob (E3)
  SK_A_BITS / SK_A_BYTES / SK_A_MASK   Alice's key space [0, 2^E2)
  SK_B_BITS / SK_B_BYTES / SK_B_MASK   Bob's key space [0, 2^floor(log2 3^E3))
  MSG_BYTES, SS_BYTES    SIKE round 3 message and shared-secret lengths
  GEN_A, GEN_B           the torsion bases x(PA), x(QA), x(RA = PA - QA) and
                         x(PB), x(QB), x(RB) (re, im), in the Montgomery
                         domain (x * R mod p)
  INV4                   1/4 in the Montgomery domain
  LADDER_A, LADDER_B     x([2^i]QA) for i < SK_A_BITS and x([2^i]QB) for
                         i < SK_B_BITS on the base curve (A = 6), affine,
                         Montgomery domain: key generation's three-point
                         ladder runs on the fixed basis, so its doubling
                         chain does not depend on the key and is read from
                         these tables (one differential addition per bit)
  STRAT_A, STRAT_B       optimal strategies (splits in traversal order),
                         computed here by dynamic programming from the cost
                         model below; MAX_PTS_A/B the depth of their stacks

The torsion bases are the published constants of the SIKE specification
(round 3, section 1.6, plain x-coordinates; they also appear, in the
Montgomery domain, in PQCrypto-SIDH's src/P*/P*.c). The KATs check them:
a wrong basis cannot reproduce the KAT public keys (test/sike_tests.h, run by
test/test_sike_p*.c).

Strategy cost model (SIKE specification: the optimal strategy of De Feo,
Jao and Plut, Algorithm "compute optimal strategy" with costs p for one
step down the tree (one scalar multiplication by l) and q for one isogeny
evaluation). Costs here are those of this library's formulas in Fp2
multiplications, a squaring counted as 0.7 of a multiplication (the ratio
of fp2_sqr to fp2_mul measured in docs/benchmarks.md): xDBL 4M+2S, twice
for a 4-isogeny step; eval_4_isog 6M+2S; xTPL 7M+5S; eval_3_isog 4M+2S.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "common"))
from modinv_params import MODULI  # noqa: E402

SQR = 0.7
COST_A = (2 * (4 + 2 * SQR), 6 + 2 * SQR)  # (2 x xDBL, eval_4_isog)
COST_B = (7 + 5 * SQR, 4 + 2 * SQR)  # (xTPL, eval_3_isog)

PARAMS = {
    "p434": dict(msg=16, ss=16, gen={
        "xPA": (0x3CCFC5E1F050030363E6920A0F7A4C6C71E63DE63A0E6475AF621995705F7C84500CB2BB61E950E19EAB8661D25C4A50ED279646CB48, 0x1AD1C1CAE7840EDDA6D8A924520F60E573D3B9DFAC6D189941CB22326D284A8816CC4249410FE80D68047D823C97D705246F869E3EA50),
        "xQA": (0xC7461738340EFCF09CE388F666EB38F7F3AFD42DC0B664D9F461F31AA2EDC6B4AB71BD42F4D7C058E13F64B237EF7DDD2ABC0DEB0C6C, 0x25DE37157F50D75D320DD0682AB4A67E471586FBC2D31AA32E6957FA2B2614C4CD40A1E27283EAAF4272AE517847197432E2D61C85F5),
        "xRA": (0xF37AB34BA0CEAD94F43CDC50DE06AD19C67CE4928346E829CB92580DA84D7C36506A2516696BBE3AEB523AD7172A6D239513C5FD2516, 0x196CA2ED06A657E90A73543F3902C208F410895B49CF84CD89BE9ED6E4EE7E8DF90B05F3FDB8BDFE489D1B3558E987013F9806036C5AC),
        "xPB": (0x8664865EA7D816F03B31E223C26D406A2C6CD0C3D667466056AAE85895EC37368BFC009DFAFCB3D97E639F65E9E45F46573B0637B7A9, 0x0),
        "xQB": (0x12E84D7652558E694BF84C1FBDAAF99B83B4266C32EC65B10457BCAF94C63EB063681E8B1E7398C0B241C19B9665FDB9E1406DA3D3846, 0x0),
        "xRB": (0x1CD28597256D4FFE7E002E87870752A8F8A64A1CC78B5A2122074783F51B4FDE90E89C48ED91A8F4A0CCBACBFA7F51A89CE518A52B76C, 0x147073290D78DD0CC8420B1188187D1A49DBFA24F26AAD46B2D9BB547DBB6F63A760ECB0C2B20BE52FB77BD2776C3D14BCBC404736AE4),
    }),
    "p503": dict(msg=24, ss=24, gen={
        "xPA": (0x2ED31A03825FA14BC1D92C503C061D843223E611A92D7C5FBEC0F2C915EE7EEE73374DF6A1161EA00CDCB786155E21FD38220C3772CE670BC68274B851678, 0x1EE4E4E9448FBBAB4B5BAEF280A99B7BF86A1CE05D55BD603C3BA9D7C08FD8DE7968B49A78851FFBC6D0A17CB2FA1B57F3BABEF87720DD9A489B5581F915D2),
        "xQA": (0x325CF6A8E2C6183A8B9932198039A7F965BA8587B67925D08D809DBF9A69DE1B621F7F134FA2DAB82FF5A2615F92CC71419FFFAAF86A290D604AB167616461, 0x3E7B0494C8E60A8B72308AE09ED34845B34EA0911E356B77A11872CF7FEEFF745D98D0624097BC1AD7CD2ADF7FFC2C1AA5BA3C6684B964FA555A0715E57DB1),
        "xRA": (0x3D24CF1F347F1DA54C1696442E6AFC192CEE5E320905E0EAB3C9D3FB595CA26C154F39427A0416A9F36337354CF1E6E5AEDD73DF80C710026D49550AC8CE9F, 0x6869EA28E4CEE05DCEE8B08ACD59775D03DAA0DC8B094C85156C212C23C72CB2AB2D2D90D46375AA6D66E58E44F8F219431D3006FDED7993F51649C029498),
        "xPB": (0x32D03FD1E99ED0CB05C0707AF74617CBEA5AC6B75905B4B54B1B0C2D73697840155E7B1005EFB02B5D02797A8B66A5D258C76A3C9EF745CECE11E9A178BADF, 0x0),
        "xQB": (0x39014A74763076675D24CF3FA28318DAC75BCB04E54ADDC6494693F72EBB7DA7DC6A3BBCD188DAD5BECE9D6BB4ABDD05DB38C5FBE52D985DCAF74422C24D53, 0x0),
        "xRB": (0xC1465FD048FFB8BF2158ED57F0CFFF0C4D5A4397C7542D722567700FDBB8B2825CAB4B725764F5F528294B7F95C17D560E25660AD3D07AB011D95B2CB522, 0x288165466888BE1E78DB339034E2B8C7BDF0483BFA7AB943DFA05B2D1712317916690F5E713740E7C7D4838296E67357DC34E3460A95C330D5169721981758),
    }),
    "p610": dict(msg=24, ss=24, gen={
        "xPA": (0x1B368BC6019B46CD802129209B3E65B98BC64A92BC4DB2F9F3AC96B97A1B9C124DF549B528F18BEECB1666D27D47530435E84221272F3A97FB80527D8F8A359F8F1598D365744CA3070A5F26C, 0x1459685DCA7112D1F6030DBC98F2C9CBB41617B6AD913E6523416CCBD8ED9C7841D97DF83092B9B3F2AF00D62E08DAD8FA743CBCCCC1782BE0186A3432D3C97C37CA16873BEDE01F0637C1AA2),
        "xQA": (0x25DA39EC90CDFB9BC0F772CDA52CB8B5A9F478D7AF8DBBA0AEB3E52432822DD88C38F4E3AEC0746E56149F1FE89707C77F8BA4134568629724F4A8E34B06BFE5C5E66E0867EC38B283798B8A, 0x2250E1959256AE502428338CB4715399551AEC78D8935B2DC73FCDCFBDB1A0118A2D3EF03489BA6F637B1C7FEE7E5F31340A1A537B76B5B736B4CDD284918918E8C986FC02741FB8C98F0A0ED),
        "xRA": (0x1B36A006D05F9E370D5078CCA54A16845B2BFF737C865368707C0DBBE9F5A62A9B9C79ADF11932A9FA4806210E25C92DB019CC146706DFBC7FA2638ECC4343C1E390426FAA7F2F07FDA163FB5, 0x183C9ABF2297CA69699357F58FED92553436BBEBA2C3600D89522E7009D19EA5D6C18CFF993AA3AA33923ED93592B0637ED0B33ADF12388AE912BC4AE4749E2DF3C3292994DCF37747518A992),
        "xPB": (0x1587822E647707ED4313D3BE6A811A694FB201561111838A0816BFB5DEC625D23772DE48A26D78C04EEB26CA4A571C67CE4DC4C620282876B2F2FC2633CA548C3AB0C45CC991417A56F7FEFEB, 0x0),
        "xQB": (0x14E647CB19B7EAAAC640A9C26B9C26DB7DEDA8FC9399F4F8CE620D2B2200480F4338755AE16D0E090F15EA1882166836A478C6E161C938E4EB8C2DD779B45FFDD17DCDF158AF48DE126B3A047, 0x0),
        "xRB": (0x1DB73BC2DE666D24E59AF5E23B79251BA0D189629EF87E56C38778A448FACE312D08EDFB876C3FD45ECF3746D96E2CADBBA08B1A206C47DDD93137059E34C90E2E42E10F30F6E5F52DED74222, 0x1B2C30180DAF5D91871555CE8EFEC76A4D521F877B754311228C7180A3E2318B4E7A00341FF99F34E35BF7A1053CA76FD77C0AFAE38E2091862AB4F1DD4C8D9C83DE37ACBA6646EDB4C238B48),
    }),
    "p751": dict(msg=32, ss=32, gen={
        "xPA": (0x4514F8CC94B140F24874F8B87281FA6004CA5B3637C68AC0C0BDB29838051F385FBBCC300BBB24BFBBF6710D7DC8B29ACB81E429BD1BD5629AD0ECAD7C90622F6BB801D0337EE6BC78A7F12FDCB09DECFAE8BFD643C89C3BAC1D87F8B6FA, 0x158ABF500B5914B3A96CED5FDB37D6DD925F2D6E4F7FEA3CC16E1085754077737EA6F8CC74938D971DA289DCF2435BCAC1897D2627693F9BB167DC01BE34AC494C60B8A0F65A28D7A31EA0D54640653A8099CE5A84E4F0168D818AF02041),
        "xQA": (0x1723D2BFA01A78BF4E39E3A333F8A7E0B415A17F208D3419E7591D59D8ABDB7EE6D2B2DFCB21AC29A40F837983C0F057FD041AD93237704F1597D87F074F682961A38B5489D1019924F8A0EF5E4F1B2E64A7BA536E219F5090F76276290E, 0x2569D7EAFB6C60B244EF49E05B5E23F73C4F44169A7E02405E90CEB680CB0756054AC0E3DCE95E2950334262CC973235C2F87D89500BCD465B078BD0DEBDF322A2F86AEDFDCFEE65C09377EFBA0C5384DD837BEDB710209FBC8DDB8C35C7),
        "xRA": (0x6066E07F3C0D964E8BC963519FAC8397DF477AEA9A067F3BE343BC53C883AF29CCF008E5A30719A29357A8C33EB3600CD078AF1C40ED5792763A4D213EBDE44CC623195C387E0201E7231C529A15AF5AB743EE9E7C9C37AF3051167525BB, 0x50E30C2C06494249BC4A144EB5F31212BD05A2AF0CB3064C322FC3604FC5F5FE3A08FB3A02B05A48557E15C992254FFC8910B72B8E1328B4893CDCFBFC003878881CE390D909E39F83C5006E0AE979587775443483D13C65B107FADA5165),
        "xPB": (0x605D4697A245C394B98024A5554746DC12FF56D0C6F15D2F48123B6D9C498EEE98E8F7CD6E216E2F1FF7CE0C969CCA29CAA2FAA57174EF985AC0A504260018760E9FDF67467E20C13982FF5B49B8BEAB05F6023AF873F827400E453432FE, 0x0),
        "xQB": (0x5BF9544781803CBD7E0EA8B96D934C5CBCA970F9CC327A0A7E4DAD931EC29BAA8A854B8A9FDE5409AF96C5426FA375D99C68E9AE714172D7F04502D45307FA4839F39A28338BBAFD54A461A535408367D5132E6AA0D3DA6973360F8CD0F1, 0x0),
        "xRB": (0x55E5124A05D4809585F67FE9EA1F02A06CD411F38588BB631BF789C3F98D1C3325843BB53D9B011D8BD1F682C0E4D8A5E723364364E40DAD1B7A476716AC7D1BA705CCDD680BFD4FE4739CC21A9A59ED544B82566BF633E8950186A79FE3, 0x5AC57EAFD6CC7569E8B53A148721953262C5B404C143380ADCC184B6C21F0CAFE095B7E9C79CA88791F9A72F1B2F3121829B2622515B694A16875ED637F421B539E66F2FEF1CE8DCEFC8AEA608055E9C44077266AB64611BF851BA06C821),
    }),
}


def exponents(p):
    """(e2, e3) with p = 2^e2 * 3^e3 - 1: the modulus is typed once, in
    lib/common/modinv_params.py."""
    q, e2, e3 = p + 1, 0, 0
    while q % 2 == 0:
        q, e2 = q // 2, e2 + 1
    while q % 3 == 0:
        q, e3 = q // 3, e3 + 1
    assert q == 1, "not of the form 2^a 3^b - 1"
    return e2, e3


def optimal_strategy(n, p, q):
    """Splits of the optimal strategy for n leaves (De Feo-Jao-Plut): cost
    C(1) = 0, C(k) = min over b in [1, k) of C(k - b) + C(b) + b*p + (k - b)*q;
    S(k) = [b] + S(k - b) + S(b), the order in which the traversal reads them."""
    cost = [0.0, 0.0]
    best = [0, 0]
    for k in range(2, n + 1):
        c, b = min((cost[k - b] + cost[b] + b * p + (k - b) * q, b) for b in range(1, k))
        cost.append(c)
        best.append(b)

    def splits(k):
        if k == 1:
            return []
        b = best[k]
        return [b] + splits(k - b) + splits(b)

    return splits(n), cost[n]


def strategy_cost(strat, n, p, q):
    """Cost of a strategy in the same model (to compare with a published one)."""
    it = iter(strat)

    def walk(k):
        if k == 1:
            return 0.0
        b = next(it)
        return walk(k - b) + walk(b) + b * p + (k - b) * q

    return walk(n)


def max_points(strat, n):
    """Largest number of points on the traversal's stack (the C loop)."""
    pts, idx, ii, npts, most = [], 0, 0, 0, 0
    for row in range(1, n):
        while idx < n - row:
            pts.append(idx)
            npts += 1
            most = max(most, npts)
            idx += strat[ii]
            ii += 1
        idx = pts.pop()
        npts -= 1
    assert ii == len(strat) == n - 1
    return max(most, 1)


def fp2_mul(a, b, p):
    return ((a[0] * b[0] - a[1] * b[1]) % p, (a[0] * b[1] + a[1] * b[0]) % p)


def fp2_inv(a, p):
    n = pow((a[0] * a[0] + a[1] * a[1]) % p, p - 2, p)
    return (a[0] * n % p, -a[1] * n % p)


def doubling_chain(x, count, p, a_coef=6):
    """x([2^i]Q) for i < count from x = x(Q) on y^2 = x^3 + A x^2 + x over
    GF(p^2): x(2Q) = (x^2 - 1)^2 / (4x (x^2 + A x + 1)). Batched
    inversion would be faster; this is fast enough (a second per prime)."""
    out = []
    for _ in range(count):
        out.append(x)
        x2 = fp2_mul(x, x, p)
        num = ((x2[0] - 1) % p, x2[1])
        num = fp2_mul(num, num, p)
        den = ((x2[0] + a_coef * x[0] + 1) % p, (x2[1] + a_coef * x[1]) % p)
        den = fp2_mul(den, (4 * x[0] % p, 4 * x[1] % p), p)
        x = fp2_mul(num, fp2_inv(den, p), p)
    return out


def limbs(v, n):
    return ", ".join("0x%016x" % ((v >> (64 * i)) & (2**64 - 1)) for i in range(n))


def main(argv):
    costs = len(argv) == 3 and argv[1] == "--costs"
    name = argv[-1]
    if len(argv) not in (2, 3) or name not in PARAMS or (len(argv) == 3 and argv[1] not in ("--costs", "--meson")):
        sys.stderr.write(__doc__)
        return 2
    prm = PARAMS[name]
    p = MODULI[name]
    e2, e3 = exponents(p)
    if argv[1] == "--meson":  # the public header's facts, from the one modulus
        print("2^%d * 3^%d - 1;%d;%d;%d;%d;%d;%d" % (e2, e3, (p.bit_length() + 7) // 8, e2, e3,
                                                  (3**e3).bit_length() - 1, prm["msg"], prm["ss"]))
        return 0
    n = (p.bit_length() + 63) // 64
    r = 2**(64 * n)
    na, nb = e2 // 2, e3
    sa, ca = optimal_strategy(na, *COST_A)
    sb, cb = optimal_strategy(nb, *COST_B)
    if costs:
        print("%s: Alice %d leaves cost %.1f, Bob %d leaves cost %.1f" % (name, na, ca, nb, cb))
        return 0
    a_bits = e2
    b_bits = (3**e3).bit_length() - 1
    a_bytes, b_bytes = (a_bits + 7) // 8, (b_bits + 7) // 8
    a_mask = (1 << (a_bits - 8 * (a_bytes - 1))) - 1
    b_mask = (1 << (b_bits - 8 * (b_bytes - 1))) - 1
    out = ["/* Generated by lib/curves/sidh/sidh_params.py %s: do not edit. */" % name]
    for k, v in [("E2", e2), ("E3", e3), ("ALICE_ISOGS", na), ("ALICE_ODD", e2 % 2), ("BOB_ISOGS", nb),
                 ("SK_A_BITS", a_bits), ("SK_A_BYTES", a_bytes), ("SK_A_MASK", "0x%02x" % a_mask),
                 ("SK_B_BITS", b_bits), ("SK_B_BYTES", b_bytes), ("SK_B_MASK", "0x%02x" % b_mask),
                 ("MSG_BYTES", prm["msg"]), ("SS_BYTES", prm["ss"]),
                 ("MAX_PTS_A", max_points(sa, na)), ("MAX_PTS_B", max_points(sb, nb))]:
        out.append("#define %s %s" % (k, v))
    for g, names in [("GEN_A", ("xPA", "xQA", "xRA")), ("GEN_B", ("xPB", "xQB", "xRB"))]:
        rows = []
        for nm in names:
            re_, im = prm["gen"][nm]
            assert 0 <= re_ < p and 0 <= im < p
            rows.append("    /* %s */ {%s},\n    {%s}," % (nm, limbs(re_ * r % p, n), limbs(im * r % p, n)))
        out.append("static const uint64_t %s[6][%d] = {\n%s\n};" % (g, n, "\n".join(rows)))
    out.append("static const uint64_t INV4[%d] = {%s};" % (n, limbs(pow(4, -1, p) * r % p, n)))
    for tab, q, count in [("LADDER_A", prm["gen"]["xQA"], a_bits), ("LADDER_B", prm["gen"]["xQB"], b_bits)]:
        rows = ["    {{%s},\n     {%s}}," % (limbs(x[0] * r % p, n), limbs(x[1] * r % p, n))
                for x in doubling_chain(q, count, p)]
        out.append("static const uint64_t %s[%d][2][%d] = {\n%s\n};" % (tab, count, n, "\n".join(rows)))
    for s, v in [("STRAT_A", sa), ("STRAT_B", sb)]:
        out.append("static const uint16_t %s[%d] = {%s};" % (s, len(v), ", ".join(map(str, v))))
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
