#!/usr/bin/env python3
"""Emit the x86-64 MULX/ADCX/ADOX kernels of the Montgomery-friendly isogeny
primes p = 2^e * 3^f - 1 (GNU assembler syntax, preprocessed with asm.S.inc).

Usage:
    gen_mont_friendly.py --prime p503 [--op mp_mul|redc|mul|sqr|all]
                         [--mul schoolbook|karatsuba|auto] [--max-chunk W]

prints one .S file to stdout. Meson runs it once per prime at build time
(lib/kernels/x86_64/meson.build); the same code emits every limb count, so
there are no per-prime copies of the assembly.

Kernels (n limbs, R = 2^(64n)), System V ABI, hidden symbols:
  void ecfk_<P>_mp_mul_mulx_adx(uint64_t c[2n], const uint64_t a[n], const uint64_t b[n]);
      c = a*b, any a, b < R. c must not alias a or b.
  void ecfk_<P>_redc_mulx_adx(uint64_t z[n], const uint64_t t[2n]);
      z = t/R mod p in [0, 2p), for t < p*R. t is not modified; z must not
      alias t.
  void ecfk_<P>_mul_mulx_adx(uint64_t z[n], const uint64_t a[n], const uint64_t b[n]);
      z = a*b/R mod p in [0, 2p), for a, b < 4p (the bits of redc(mp_mul)).
      z may alias a or b.
  void ecfk_<P>_sqr_mulx_adx(uint64_t z[n], const uint64_t a[n]);
      z = mul(a, a): a dedicated squaring (n(n+1)/2 products) up to 12 limbs,
      the mul code with b = a above.

Both are straight-line code: no branches, every address is fixed, and the
only instructions are mov, mulx, adcx, adox, add, adc, sub, sbb, xor, neg,
push, pop, ret (and endbr64 from asm.S.inc).
"""
import argparse
import os
import sys

# The moduli come from the build's one list (lib/common/modinv_params.py,
# which field_params.py also reads for the C constants): nothing is typed here.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "common"))
from modinv_params import MODULI  # noqa: E402


def two_three(m):
    """(e, f) with m = 2^e * 3^f - 1, or None."""
    x, e, f = m + 1, 0, 0
    while x % 2 == 0:
        x, e = x // 2, e + 1
    while x % 3 == 0:
        x, f = x // 3, f + 1
    return (e, f) if x == 1 and e >= 64 else None


# Every isogeny prime of the list: p = 2^e * 3^f - 1 with p + 1 having zero low limbs.
PRIMES = {name: two_three(m) + ((m.bit_length() + 63) // 64,)
          for name, m in MODULI.items() if two_three(m)}

# General-purpose registers other than rsp; each kernel pins some (pointers,
# rdx for MULX) and hands the rest out from a Pool.
ALL_REGS = ["%rax", "%rbx", "%rcx", "%rdx", "%rsi", "%rdi", "%rbp",
            "%r8", "%r9", "%r10", "%r11", "%r12", "%r13", "%r14", "%r15"]
CALLEE_SAVED = ["%rbx", "%rbp", "%r12", "%r13", "%r14", "%r15"]

# The widest operand chunk the schoolbook core keeps in registers: the
# accumulator window is w + 1 words, plus lo, hi, rdx and three pointers.
MAX_CHUNK = 8

# mp_mul uses one level of Karatsuba from this many limbs on (even n only):
# measured, schoolbook is faster at 8 limbs and Karatsuba from 10 on
# (docs/benchmarks.md). The core is bound by MULX throughput (one per
# cycle); Karatsuba trades n^2/4 of them for about 20 instructions per limb
# of additions.
AUTO_KARATSUBA_MIN_LIMBS = 10


class Asm:
    def __init__(self):
        self.lines = []
        self.used = set()

    def op(self, ins, *args):
        for a in args:
            for r in ALL_REGS:
                if r in a:
                    self.used.add(r)
        if args:
            self.lines.append("        %-7s %s" % (ins, ", ".join(args)))
        else:
            self.lines.append("        " + ins)

    def comment(self, text):
        self.lines.append("        /* %s */" % text)


class Pool:
    """Free general-purpose registers, handed out and returned by name."""

    def __init__(self, regs):
        self.free = list(regs)

    def get(self):
        if not self.free:
            raise RuntimeError("register pool exhausted")
        return self.free.pop(0)

    def put(self, r):
        assert r not in self.free
        self.free.append(r)


def mem(base, word):
    off = 8 * word
    return "%d(%s)" % (off, base) if off else "(%s)" % base


def chunks_of(n):
    """Split n operand words into the fewest near-equal chunks of at most MAX_CHUNK."""
    k = -(-n // MAX_CHUNK)
    base, extra = divmod(n, k)
    return [base + (1 if i < extra else 0) for i in range(k)]


# --------------------------------------------------------------------------
# Schoolbook product, operand scanning with two carry chains per row.
#
# c[0 .. na+nb) = a[0 .. na) * b[0 .. nb). a is cut into chunks of w words; a
# chunk runs one row per word b[i]: the window of w+1 registers holds the
# running sum at positions o+i .. o+i+w, the row adds a_chunk*b[i] with the
# low products on OF (ADOX) and the high products on CF (ADCX), and its lowest
# word is final and leaves for memory. The first chunk writes c; each later
# chunk adds the earlier chunks' word into the word it drops with one more
# ADOX whose carry rides into the next row's OF chain (CF is zero there), so
# the window never overflows (its value stays below 2^(64(w+1))).
# --------------------------------------------------------------------------
def schoolbook(s, pool, aop, bop, cop, na, nb, store_hook=None, widths=None):
    """aop(j), bop(i), cop(k): memory operands. Uses rdx and pool registers.
    store_hook(reg), if given, runs before each store of a final word (only
    with a single chunk, since later chunks re-read c)."""
    widths = widths or chunks_of(na)
    assert store_hook is None or len(widths) == 1
    lo, hi = pool.get(), pool.get()
    o = 0
    for ci, w in enumerate(widths):
        s.comment("a[%d..%d) * b: %d rows" % (o, o + w, nb))
        acc = [pool.get() for _ in range(w + 1)]
        # Row 0: plain product into a fresh window, one add chain.
        s.op("mov", bop(0), "%rdx")
        s.op("mulx", aop(o), acc[0], acc[1])
        for j in range(1, w):
            s.op("mulx", aop(o + j), lo, acc[j + 1])
            s.op("add" if j == 1 else "adc", lo, acc[j])
        if w > 1:
            s.op("adc", "$0", acc[w])  # no carry out: the product fits
        if ci > 0:
            s.op("xor", lo, lo)  # CF is already 0; clear OF for the drop
        for i in range(nb):
            if i > 0:
                # acc[0..w-1] = positions o+i .. o+i+w-1, acc[w] = new top.
                s.op("mov", bop(i), "%rdx")
                if ci == 0:
                    s.op("xor", acc[w], acc[w])  # also clears CF and OF
                    muladd(s, lambda j: aop(o + j), acc, lo, hi)
                else:
                    s.op("mov", "$0", acc[w])  # keep OF: the drop's carry
                    for j in range(w):
                        s.op("mulx", aop(o + j), lo, hi)
                        s.op("adox", lo, acc[j])
                        s.op("adcx", hi, acc[j + 1])
                    s.op("mov", "$0", "%rdx")
                    s.op("adox", "%rdx", acc[w])
            # Drop the final word o+i.
            if ci > 0:
                s.op("adox", cop(o + i), acc[0])
            if store_hook:
                store_hook(acc[0])
            s.op("mov", acc[0], cop(o + i))
            r = acc.pop(0)
            if i < nb - 1:
                acc.append(r)
            else:
                pool.put(r)
        # Last row done: acc holds positions o+nb .. o+nb+w-1.
        if ci > 0:
            s.op("mov", "$0", "%rdx")
        for j, r in enumerate(acc):
            if ci > 0:
                s.op("adox", "%rdx", r)
            if store_hook:
                store_hook(r)
            s.op("mov", r, cop(o + nb + j))
        for r in acc:
            pool.put(r)
        o += w
    pool.put(lo)
    pool.put(hi)



def muladd(s, xop, acc, lo, hi):
    """acc[0 .. w] += rdx * x[0 .. w) with w = len(acc) - 1, xop(j) the
    operand of x[j]; acc[w] is the top word, and the caller guarantees that
    the sum fits (no carry out of it). CF and OF must be clear. High words ride
    on OF, low words on CF (the first low word on OF too), and the last CF
    enters the top with one ADC: no zero register is needed. Measured faster
    than the reverse assignment (low on OF, high on CF, then ADOX of a zeroed
    rdx into the top) for p503's fused mul (docs/benchmarks.md)."""
    w = len(acc) - 1
    for j in range(w):
        s.op("mulx", xop(j), lo, hi)
        s.op("adox" if j == 0 else "adcx", lo, acc[j])
        s.op("adox", hi, acc[j + 1])
    s.op("adc", "$0", acc[w])


def frame_open(s, body, stack_words):
    """Push the callee-saved registers the body uses, reserve stack."""
    saved = [r for r in CALLEE_SAVED if r in s.used]
    head = ["        push    %s" % r for r in saved]
    frame = 0
    if stack_words:
        # 8 bytes of return address + 8 per push: keep rsp 16-byte aligned.
        frame = 8 * stack_words
        if (8 + 8 * len(saved) + frame) % 16:
            frame += 8
        head.append("        sub     $%d, %%rsp" % frame)
    tail = []
    if frame:
        tail.append("        add     $%d, %%rsp" % frame)
    tail += ["        pop     %s" % r for r in reversed(saved)]
    tail.append("        ret")
    return head + body + tail


def gen_mp_mul(name, n, method):
    s = Asm()
    stack_words = mp_mul_body(s, n, method)
    return func(name, frame_open(s, s.lines, stack_words))


def mp_mul_body(s, n, method):
    """c (rdi) = a (rsi) * b (rdx); returns the stack words it uses from rsp."""
    fixed = {"%rdi", "%rsi", "%rcx", "%rdx"}
    stack_words = 0
    if method == "schoolbook":
        pool = Pool([r for r in ALL_REGS if r not in fixed])
        s.op("mov", "%rdx", "%rcx")  # b: rdx is MULX's implicit source
        schoolbook(s, pool, lambda j: mem("%rsi", j), lambda i: mem("%rcx", i),
                   lambda k: mem("%rdi", k), n, n)
    else:
        stack_words = karatsuba(s, n)
    return stack_words


# --------------------------------------------------------------------------
# One level of subtractive Karatsuba, h = n/2, X = 2^(64h):
#   a = a0 + a1 X, b = b0 + b1 X, L = a0 b0, H = a1 b1,
#   a0 b1 + a1 b0 = L + H + (a0 - a1)(b1 - b0) = L + H + (-1)^s |a0-a1| |b1-b0|
# with s the XOR of the two borrows. So
#   c = L + X (L + H + D'') + X^2 H  (mod 2^(128n)),
#   D'' = (D XOR mask) + s, mask = -s, D = |a0-a1| |b1-b0| (2h words).
# L goes to c[0..2h), H to c[2h..4h); pass 1 adds L + H at c[h..3h) with two
# carry chains, pass 2 adds D'' (sign-extended by mask) and pass 1's carries.
# --------------------------------------------------------------------------
def karatsuba(s, n):
    assert n % 2 == 0
    h = n // 2
    # Stack: |a0-a1| at 0, |b1-b0| at h, D XOR mask at 2h (2h words).
    DA, DB, DD = 0, h, 2 * h
    sp = lambda w: mem("%rsp", w)
    s.op("mov", "%rdx", "%rcx")
    mask = "%rbp"
    fixed = {"%rdi", "%rsi", "%rcx", "%rdx", mask}
    pool = Pool([r for r in ALL_REGS if r not in fixed])

    def absdiff(x, y, dst, m):
        """dst = |x - y| (h words), m = -1 if x < y else 0."""
        regs = [pool.get() for _ in range(h)]
        for j in range(h):
            s.op("mov", x(j), regs[j])
        for j in range(h):
            s.op("sub" if j == 0 else "sbb", y(j), regs[j])
        s.op("sbb", m, m)
        for j in range(h):
            s.op("xor", m, regs[j])
        for j in range(h):
            s.op("sub" if j == 0 else "sbb", m, regs[j])  # - m: +1 when negated
        for j in range(h):
            s.op("mov", regs[j], dst(j))
        for r in regs:
            pool.put(r)

    s.comment("|a0 - a1|, |b1 - b0| and the sign mask of their product")
    ma = pool.get()
    absdiff(lambda j: mem("%rsi", j), lambda j: mem("%rsi", h + j), lambda j: sp(DA + j), ma)
    absdiff(lambda j: mem("%rcx", h + j), lambda j: mem("%rcx", j), lambda j: sp(DB + j), mask)
    s.op("xor", ma, mask)
    pool.put(ma)

    s.comment("D XOR mask = |a0-a1| |b1-b0| XOR mask")
    schoolbook(s, pool, lambda j: sp(DA + j), lambda i: sp(DB + i), lambda k: sp(DD + k), h, h,
               store_hook=lambda r: s.op("xor", mask, r))
    s.comment("L = a0 b0")
    schoolbook(s, pool, lambda j: mem("%rsi", j), lambda i: mem("%rcx", i), lambda k: mem("%rdi", k), h, h)
    s.comment("H = a1 b1")
    schoolbook(s, pool, lambda j: mem("%rsi", h + j), lambda i: mem("%rcx", h + i),
               lambda k: mem("%rdi", 2 * h + k), h, h)

    c = lambda k: mem("%rdi", k)
    s.comment("pass 1: c[h..3h) += L + H (L on CF, H on OF)")
    l1 = [pool.get() for _ in range(h)]
    r, zero = pool.get(), pool.get()
    for j in range(h):
        s.op("mov", c(h + j), l1[j])
    s.op("xor", zero, zero)
    for j in range(h):  # position h+j: L1 + L0 + H0
        s.op("mov", l1[j], r)
        s.op("adcx", c(j), r)
        s.op("adox", c(2 * h + j), r)
        s.op("mov", r, c(h + j))
    for j in range(h):  # position 2h+j: H0 + L1 + H1
        s.op("mov", c(2 * h + j), r)
        s.op("adcx", l1[j], r)
        s.op("adox", c(3 * h + j), r)
        s.op("mov", r, c(2 * h + j))
    # The two carries out of position 3h-1 wait in a register (0..2): the
    # words above take them in pass 2, which is a single chain.
    cy = l1[0]
    s.op("mov", "$0", cy)
    s.op("adcx", zero, cy)
    s.op("adox", zero, cy)
    s.comment("pass 2: c[h..4h) += (D XOR mask) + s (mask sign-extends it), + carries")
    s.op("mov", mask, r)
    s.op("neg", r)  # CF = s, OF = 0; ADCX leaves OF alone until the ADOX
    for k in range(3 * h):
        s.op("mov", c(h + k), r)
        if k < 2 * h:
            s.op("adcx", sp(DD + k), r)
        else:
            s.op("adcx", mask, r)
            s.op("adox", cy if k == 2 * h else zero, r)
        s.op("mov", r, c(h + k))
    for x in l1 + [r, zero]:
        pool.put(x)
    return 4 * h


# --------------------------------------------------------------------------
# Montgomery reduction for p = 2^e 3^f - 1: -p^-1 = 1 mod 2^64, so the factor
# of step i is m_i = the current word i, and
#   u + m_i p 2^(64i) = u - m_i 2^(64i) + m_i (p+1) 2^(64i),
# where -m_i cancels word i exactly and p+1 has z zero low limbs: step i adds
# the k = n - z words P' = (p+1) >> 64z at position i+z. The words
# m_0 .. m_{z-1} are t's own; step i finalises word i+z, which is m_{i+z}
# while i+z < n, else a word of the result.
#
# Only the low half of t enters the steps: u = t_lo + M p < R (p+1), so the
# window (positions i+z .. i+n, k+1 registers, new top zero) never overflows.
# Then z = u/R + t_hi = (t + M p)/R < (pR + R p)/R = 2p with one add chain.
# Factors m waiting for their step, and result words waiting for the final
# chain, stay in registers while the pool has room, else in the red zone
# (the function is a leaf).
# --------------------------------------------------------------------------
def gen_redc(name, label, n, pp1_words):
    s = Asm()
    redc_body(s, label, n, pp1_words)
    return func(name, frame_open(s, s.lines, 0))


def redc_body(s, label, n, pp1_words):
    """z (rdi) = t (rsi) / R; parks values in the red zone below rsp."""
    z = next(i for i, w in enumerate(pp1_words) if w)
    k = n - z
    fixed = {"%rdi", "%rsi", "%rdx"}
    pool = Pool([r for r in ALL_REGS if r not in fixed])
    lo, hi = pool.get(), pool.get()
    T = lambda j: mem("%rsi", j)
    slots = {}  # value name -> register or red-zone operand
    nslot = [0]

    def park(key, reg):
        # Keep reg if the next row can still get its new top register.
        if len(pool.free) >= 1:
            slots[key] = reg
            return
        nslot[0] += 1
        where = "-%d(%%rsp)" % (8 * nslot[0])
        s.op("mov", reg, where)
        slots[key] = where
        pool.put(reg)

    def unpark(key, dst):
        where = slots.pop(key)
        s.op("mov", where, dst)
        if where.startswith("%"):
            pool.put(where)

    s.comment("step i: word i+%d.. += m_i * P' (%d words)" % (z, k))
    acc = [pool.get() for _ in range(k)]
    for j in range(k):
        s.op("mov", T(z + j), acc[j])
    for i in range(n):
        if i < z:
            s.op("mov", T(i), "%rdx")
        else:
            unpark(("m", i), "%rdx")
        top = pool.get()
        acc.append(top)
        s.op("xor", top, top)
        muladd(s, lambda j: "%s+%d(%%rip)" % (label, 8 * j) if j else "%s(%%rip)" % label, acc, lo, hi)
        w = acc.pop(0)  # position i+z, final
        if i + z < n:
            park(("m", i + z), w)
        else:
            park(("u", i + z - n), w)
    # acc: result words z .. n-1 of u/R.
    for j, r in enumerate(acc):
        slots[("u", z + j)] = r
    s.comment("z = u/R + t_hi < 2p")
    pool.put(lo)
    pool.put(hi)
    tmp = None
    for j in range(n):
        where = slots[("u", j)]
        if where.startswith("%"):
            r = where
        else:
            if tmp is None:
                tmp = pool.get()
            r = tmp
            s.op("mov", where, r)
        s.op("add" if j == 0 else "adc", T(n + j), r)
        s.op("mov", r, mem("%rdi", j))
    if 8 * nslot[0] > 128:
        raise RuntimeError("red zone overflow")


# --------------------------------------------------------------------------
# Montgomery multiplication in two passes inside one function, for limb
# counts whose interleaved window does not fit the registers: the product
# (mp_mul's method) goes to a stack buffer T, then the reduction reads it.
# Same result as mp_mul followed by redc, without the call and return.
# --------------------------------------------------------------------------
def gen_mul_twopass(name, label, n, pp1_words, method, square=False):
    s = Asm()
    if square:
        s.op("mov", "%rsi", "%rdx")  # b = a
    s.comment("two passes: T = a*b on the stack, then z = T/R")
    mp_words = 4 * (n // 2) if method == "karatsuba" else 0
    T, OUT = mp_words, mp_words + 2 * n
    s.op("mov", "%rdi", mem("%rsp", OUT))
    s.op("lea", mem("%rsp", T), "%rdi")
    assert mp_mul_body(s, n, method) == mp_words
    s.op("mov", mem("%rsp", OUT), "%rdi")
    s.op("lea", mem("%rsp", T), "%rsi")
    redc_body(s, label, n, pp1_words)
    return func(name, frame_open(s, s.lines, OUT + 1))


# --------------------------------------------------------------------------
# Fused Montgomery multiplication, product and reduction interleaved (CIOS):
# row i adds a*b[i] into a window of n+1 registers holding positions
# i .. i+n; word i is then final and is the reduction factor m_i (-p^-1 = 1
# mod 2^64), and adding m_i*p = m_i*(p+1) - m_i clears word i exactly, so the
# row adds m_i * P' at positions i+z .. i+n (P' = (p+1) >> 64z, k words) and
# drops word i. After row i the window holds (a*b_{<=i} + M_{<=i} p) /
# 2^(64(i+1)) < a + p, so with a, b < 2p nothing carries past position i+n;
# the n words left after the last row are (a*b + M p)/R < 4p^2/R + p < 2p.
# The window, lo and hi take n + 3 registers; the output and b pointers go to
# the stack when the pool is short (b[i] is then loaded through the saved
# pointer, one extra load per row, off the critical path).
# --------------------------------------------------------------------------
def fused_fits(n):
    """The interleaved window, lo and hi (n + 3 registers) fit beside rsi and
    rdx once the output and b pointers are on the stack."""
    return n + 3 <= len(ALL_REGS) - 2


def gen_mul_fused(name, label, n, pp1_words, square=False):
    z = next(i for i, w in enumerate(pp1_words) if w)
    k = n - z
    s = Asm()
    if square:
        s.op("mov", "%rsi", "%rdx")  # b = a
    base = [r for r in ALL_REGS if r not in ("%rdi", "%rsi", "%rcx", "%rdx")]
    need = n + 3
    spill_out = need > len(base)
    spill_b = need > len(base) + 1
    assert need <= len(base) + 2, "fused mul: window of %d words does not fit" % (n + 1)
    regs = list(base)
    stack_words = 0
    OUT, BPTR = 0, 1
    if spill_out:
        stack_words = 2 if spill_b else 1
        s.op("mov", "%rdi", mem("%rsp", OUT))
        regs.append("%rdi")
    if spill_b:
        s.op("mov", "%rdx", mem("%rsp", BPTR))
        regs.append("%rcx")
    else:
        s.op("mov", "%rdx", "%rcx")
    pool = Pool(regs)
    lo, hi = pool.get(), pool.get()
    A = lambda j: mem("%rsi", j)
    Pp = lambda j: "%s+%d(%%rip)" % (label, 8 * j) if j else "%s(%%rip)" % label

    def load_b(i):
        if spill_b:
            s.op("mov", mem("%rsp", BPTR), "%rdx")
            s.op("mov", mem("%rdx", i), "%rdx")
        else:
            s.op("mov", mem("%rcx", i), "%rdx")

    acc = [pool.get() for _ in range(n + 1)]

    def muladd_row(X, at, w):
        muladd(s, X, acc[at:at + w + 1], lo, hi)

    s.comment("row 0: window = a * b[0]")
    load_b(0)
    s.op("mulx", A(0), acc[0], acc[1])
    for j in range(1, n):
        s.op("mulx", A(j), lo, acc[j + 1])
        s.op("add" if j == 1 else "adc", lo, acc[j])
    s.op("adc", "$0", acc[n])
    for i in range(n):
        if i > 0:
            s.comment("row %d: window += a * b[%d]" % (i, i))
            load_b(i)
            s.op("xor", acc[n], acc[n])  # new top; clears CF and OF
            muladd_row(A, 0, n)
        s.comment("reduce: window += m_%d * P' at +%d, drop word %d" % (i, z, i))
        s.op("mov", acc[0], "%rdx")
        s.op("xor", lo, lo)  # clears CF and OF
        muladd_row(Pp, z, k)
        acc.append(acc.pop(0))  # word i (now zero) becomes the next row's top
    # acc[0 .. n-1] = result, acc[n] = the spare register.
    out = "%rdi"
    if spill_out:
        out = acc[n]
        s.op("mov", mem("%rsp", OUT), out)
    for j in range(n):
        s.op("mov", acc[j], mem(out, j))
    return func(name, frame_open(s, s.lines, stack_words))


# --------------------------------------------------------------------------
# Montgomery squaring: T = a^2 on the stack from the n(n-1)/2 products
# a[i]*a[j], i < j (one MULX row per word a[i], into a window of registers
# that loses its two lowest, final, words to T after each row), then one pass
# that doubles T (ADCX r, r on CF) and adds the squares a[i]^2 (ADOX on OF),
# then the reduction (redc's code) from T. Word 1 leaves row 0 at once, so
# the window peaks at n - 1 words plus lo and hi at row 1: n + 1 <= 13
# registers (up to 12 limbs).
# --------------------------------------------------------------------------
def sqr_fits(n):
    return n + 1 <= len(ALL_REGS) - 2


def gen_sqr_twopass(name, label, n, pp1_words):
    s = Asm()
    T, OUT = 0, 2 * n
    Tm = lambda k: mem("%rsp", T + k)
    A = lambda j: mem("%rsi", j)
    s.comment("T = off-diagonal products a[i]*a[j], i < j")
    s.op("mov", "%rdi", mem("%rsp", OUT))
    pool = Pool([r for r in ALL_REGS if r not in ("%rsi", "%rdx")])
    lo, hi = pool.get(), pool.get()
    pos = {}  # position -> register
    s.op("mov", A(0), "%rdx")
    pos[1], pos[2] = pool.get(), pool.get()
    s.op("mulx", A(1), pos[1], pos[2])
    s.op("mov", pos[1], Tm(1))  # word 1 is final at once: its register serves row 0
    pool.put(pos.pop(1))
    for j in range(2, n):
        pos[j + 1] = pool.get()
        s.op("mulx", A(j), lo, pos[j + 1])
        s.op("add" if j == 2 else "adc", lo, pos[j])
    if n > 2:
        s.op("adc", "$0", pos[n])
    for i in range(0, n - 1):
        if i > 0:
            s.op("mov", A(i), "%rdx")
            top = pool.get()
            pos[i + n] = top
            s.op("xor", top, top)  # also clears CF and OF
            muladd(s, lambda j: A(i + 1 + j), [pos[k] for k in range(2 * i + 1, i + n + 1)], lo, hi)
        for k in (2 * i + 1, 2 * i + 2):  # final now: no later row reaches them
            if k in pos and (i < n - 2 or k <= 2 * n - 2):
                s.op("mov", pos[k], Tm(k))
                pool.put(pos.pop(k))
    assert not pos, pos
    s.comment("T = 2T + sum a[i]^2 2^(128i): doubling on CF, squares on OF")
    zero = pool.get()
    r = pool.get()
    s.op("xor", zero, zero)
    for i in range(n):
        s.op("mov", A(i), "%rdx")
        s.op("mulx", "%rdx", lo, hi)
        k = 2 * i
        if k == 0:
            s.op("mov", lo, Tm(0))
        else:
            s.op("mov", Tm(k), r)
            s.op("adcx", r, r)
            s.op("adox", lo, r)
            s.op("mov", r, Tm(k))
        k = 2 * i + 1
        if k == 2 * n - 1:
            s.op("adcx", zero, hi)
            s.op("adox", zero, hi)
            s.op("mov", hi, Tm(k))
        else:
            s.op("mov", Tm(k), r)
            s.op("adcx", r, r)
            s.op("adox", hi, r)
            s.op("mov", r, Tm(k))
    s.comment("z = T/R")
    s.op("mov", mem("%rsp", OUT), "%rdi")
    s.op("lea", Tm(0), "%rsi")
    redc_body(s, label, n, pp1_words)
    return func(name, frame_open(s, s.lines, OUT + 1))


# ==========================================================================
# AArch64 back end (--arch aarch64): the same four kernels for base ARMv8-A
# (MUL/UMULH, ADDS/ADCS/ADC, AAPCS64), emitted into
# lib/kernels/aarch64/<p>_aarch64.S. AArch64 has one carry flag, so a row
# acc[0 .. w] += x * y[0 .. w) is two chains: the low halves (MUL) into
# acc[0 .. w) with the carry into the new top word, then the high halves
# (UMULH) into acc[1 .. w]. The 64 x 64 products are formed just before the
# ADCS that takes them (two scratch registers; register renaming keeps the
# multiplies ahead of the chains). 30 registers: x0-x17, x19-x30 (x18 is the
# platform register); callee-saved x19-x30 are saved in pairs when used.
# ==========================================================================
A64_REGS = ["x%d" % i for i in range(3, 18)] + ["x%d" % i for i in range(19, 31)]
A64_CALLEE = ["x%d" % i for i in range(19, 31)]


class A64:
    def __init__(self):
        self.lines = []
        self.used = set()

    def op(self, ins, *args):
        for a in args:
            for r in A64_CALLEE:
                if r == a or ("[%s" % r) in a:
                    self.used.add(r)
        self.lines.append("        %-7s %s" % (ins, ", ".join(args)) if args else "        " + ins)

    def comment(self, text):
        self.lines.append("        /* %s */" % text)


def a64_frame(s):
    """Save the callee-saved registers the body uses (pairs, 16-byte aligned)."""
    saved = [r for r in A64_CALLEE if r in s.used]
    if len(saved) % 2:
        saved.append(next(r for r in A64_CALLEE if r not in saved))
    pairs = [saved[i:i + 2] for i in range(0, len(saved), 2)]
    head, tail = [], []
    if pairs:
        size = 16 * len(pairs)
        head.append("        stp     %s, %s, [sp, #-%d]!" % (pairs[0][0], pairs[0][1], size))
        for k, (x, y) in enumerate(pairs[1:], 1):
            head.append("        stp     %s, %s, [sp, #%d]" % (x, y, 16 * k))
        for k, (x, y) in reversed(list(enumerate(pairs[1:], 1))):
            tail.append("        ldp     %s, %s, [sp, #%d]" % (x, y, 16 * k))
        tail.append("        ldp     %s, %s, [sp], #%d" % (pairs[0][0], pairs[0][1], size))
    tail.append("        ret")
    return head + s.lines + tail


class Operands:
    """The words of a fixed array (an input operand or the constant P'): in
    registers loaded once when the pool has room, else loaded in pairs (LDP)
    into two scratch registers where each row uses them."""

    def __init__(self, s, pool, base, n, keep):
        self.s, self.base, self.n = s, base, n
        self.regs = None
        if keep:
            self.regs = [pool.get() for _ in range(n)]
            for j in range(0, n - 1, 2):
                s.op("ldp", self.regs[j], self.regs[j + 1], a64_mem(base, j))
            if n % 2:
                s.op("ldr", self.regs[n - 1], a64_mem(base, n - 1))
        else:
            self.tmp = [pool.get(), pool.get()]

    def get(self, j):
        """The register holding word j (loading its pair first if need be)."""
        if self.regs:
            return self.regs[j]
        if j % 2 == 0 and j + 1 < self.n:
            self.s.op("ldp", self.tmp[0], self.tmp[1], a64_mem(self.base, j))
        elif j % 2 == 0:
            self.s.op("ldr", self.tmp[0], a64_mem(self.base, j))
        return self.tmp[j % 2]

    def rows(self):
        """The loaded form needs each row to run j = 0, 1, ... in order."""
        return self.regs is None


def a64_mem(base, word):
    return "[%s, #%d]" % (base, 8 * word) if word else "[%s]" % base


def a64_muladd(s, x, ops, acc, lo, hi, fresh_top):
    """acc[0 .. w] += x * y[0 .. w), w = len(acc) - 1, y[j] = ops.get(j). With
    fresh_top the old acc[w] is ignored (the row's new top word). The caller
    guarantees that the sum fits. The high-half chain reads y again in the
    loaded form (the LDPs are repeated: loads are cheap, registers are not)."""
    w = len(acc) - 1
    for j in range(w):
        s.op("mul", lo, ops.get(j), x)
        s.op("adds" if j == 0 else "adcs", acc[j], acc[j], lo)
    if fresh_top:
        s.op("cset", acc[w], "cs")
    else:
        s.op("adc", acc[w], acc[w], "xzr")  # the low chain's carry into the top
    for j in range(w):
        s.op("umulh", hi, ops.get(j), x)
        if j == w - 1:
            s.op("adc" if j else "add", acc[w], acc[w], hi)  # (one word: no carry in)
        else:
            s.op("adds" if j == 0 else "adcs", acc[j + 1], acc[j + 1], hi)


def a64_first_row(s, x, ops, acc, lo):
    """acc[0 .. w] = x * y[0 .. w) (fresh window)."""
    w = len(acc) - 1
    y0 = ops.get(0)
    s.op("mul", acc[0], y0, x)
    s.op("umulh", acc[1], y0, x)
    for j in range(1, w):
        yj = ops.get(j)
        s.op("mul", lo, yj, x)
        s.op("umulh", acc[j + 1], yj, x)
        s.op("adds" if j == 1 else "adcs", acc[j], acc[j], lo)
    if w > 1:
        s.op("adc", acc[w], acc[w], "xzr")


def a64_store(s, regs, base, first):
    """Store regs at words first, first + 1, ... of base (STP where paired)."""
    j = 0
    while j < len(regs):
        if j + 1 < len(regs) and (first + j) * 8 <= 504:
            s.op("stp", regs[j], regs[j + 1], a64_mem(base, first + j))
            j += 2
        else:
            s.op("str", regs[j], a64_mem(base, first + j))
            j += 1


def a64_pp1(s, pool, label, k, keep):
    ptr = pool.get()
    s.op("adrp", ptr, label)
    s.op("add", ptr, ptr, ":lo12:%s" % label)
    ops = Operands(s, pool, ptr, k, keep)
    if keep:
        pool.put(ptr)
    return ops


def a64_mp_mul(name, n):
    """c (x0) = a (x1) * b (x2): operand scanning, one row per word of b."""
    s = A64()
    pool = Pool(list(A64_REGS) + ["x1"])
    pool.free.remove("x1")
    # window n+1, lo, hi, b[i]: the rest may hold a
    keep_a = n + 1 + 3 + n <= len(pool.free) + 1  # x1 comes back once a is loaded
    A = Operands(s, pool, "x1", n, keep_a)
    if keep_a:
        pool.put("x1")
    lo, hi, bi = pool.get(), pool.get(), pool.get()
    acc = [pool.get() for _ in range(n + 1)]
    s.comment("a * b, one row per word b[i]; word i leaves the window after row i")
    for i in range(n):
        s.op("ldr", bi, a64_mem("x2", i))
        if i == 0:
            a64_first_row(s, bi, A, acc, lo)
        else:
            a64_muladd(s, bi, A, acc, lo, hi, True)
        s.op("str", acc[0], a64_mem("x0", i))
        acc.append(acc.pop(0))
    a64_store(s, acc[:n], "x0", n)
    return func(name, a64_frame(s))


def a64_redc_body(s, pool, label, n, pp1_words, tbase, zbase):
    """z (zbase) = t (tbase) / R, t not modified, z not aliasing t."""
    z = next(i for i, w in enumerate(pp1_words) if w)
    k = n - z
    lo, hi = pool.get(), pool.get()
    # window k+1, factors waiting (z), result words (n), t_hi pairs (2): P' if room
    need = k + 1 + z + n + 2
    P = a64_pp1(s, pool, label, k, need + k + 1 <= len(pool.free))
    acc = [pool.get() for _ in range(k)]
    s.comment("step i: words i+%d .. += m_i * P' (%d words), m_i = word i" % (z, k))
    for j in range(0, k - 1, 2):
        s.op("ldp", acc[j], acc[j + 1], a64_mem(tbase, z + j))
    if k % 2:
        s.op("ldr", acc[k - 1], a64_mem(tbase, z + k - 1))
    m = {}
    u = {}
    for i in range(n):
        if i < z:
            mi = pool.get()
            s.op("ldr", mi, a64_mem(tbase, i))
        else:
            mi = m.pop(i)
        acc.append(pool.get())
        a64_muladd(s, mi, P, acc, lo, hi, True)
        pool.put(mi)
        w = acc.pop(0)
        if i + z < n:
            m[i + z] = w
        else:
            u[i + z - n] = w
    for j, r in enumerate(acc):
        u[z + j] = r
    s.comment("z = u/R + t_hi < 2p")
    for j in range(0, n, 2):
        pair = [pool.get(), pool.get()] if j + 1 < n else [pool.get()]
        if len(pair) == 2:
            s.op("ldp", pair[0], pair[1], a64_mem(tbase, n + j))
        else:
            s.op("ldr", pair[0], a64_mem(tbase, n + j))
        for q, r in enumerate(pair):
            s.op("adds" if j + q == 0 else "adcs", u[j + q], u[j + q], r)
        for r in pair:
            pool.put(r)
    a64_store(s, [u[j] for j in range(n)], zbase, 0)


def a64_redc(name, label, n, pp1_words):
    s = A64()
    pool = Pool(A64_REGS)
    a64_redc_body(s, pool, label, n, pp1_words, "x1", "x0")
    return func(name, a64_frame(s))


def a64_mul_fused(name, label, n, pp1_words, square=False):
    """Product and reduction interleaved (CIOS), as gen_mul_fused: row i adds
    a*b[i] into the window of n+1 words, then m_i * P' at +z, and drops the
    (now zero) word i."""
    z = next(i for i, w in enumerate(pp1_words) if w)
    k = n - z
    s = A64()
    pool = Pool(A64_REGS)
    # window n+1, lo, hi, b[i] (mul), P' pointer or words: a in registers if room
    base = n + 1 + 2 + (0 if square else 1)
    keep_a = base + n + 2 <= len(pool.free) + 1
    keep_p = base + (n if keep_a else 2) + k <= len(pool.free) + (1 if keep_a else 0)
    A = Operands(s, pool, "x1", n, keep_a)
    if keep_a:
        pool.free.append("x1")
    P = a64_pp1(s, pool, label, k, keep_p)
    lo, hi = pool.get(), pool.get()
    bi = None if square and keep_a else pool.get()
    acc = [pool.get() for _ in range(n + 1)]
    for i in range(n):
        s.comment("row %d: window += a * b[%d], then m_%d * P' at +%d" % (i, i, i, z))
        if bi is None:
            x = A.get(i)
        else:
            x = bi
            s.op("ldr", bi, a64_mem("x1" if square else "x2", i))
        if i == 0:
            a64_first_row(s, x, A, acc, lo)
        else:
            a64_muladd(s, x, A, acc, lo, hi, True)
        a64_muladd(s, acc[0], P, acc[z:], lo, hi, False)
        acc.append(acc.pop(0))  # word i (now zero) becomes the next row's top
    a64_store(s, acc[:n], "x0", 0)
    return func(name, a64_frame(s))


def a64_sqr(name, label, n, pp1_words):
    """z = a^2/R: T = a^2 on the stack from the n(n-1)/2 products a[i]*a[j],
    i < j (row i adds a[i] * a[i+1 ..] at word 2i+1 into a window of
    registers whose words 2i+1 and 2i+2 are final afterwards and go to T),
    then one pass that doubles T (EXTR) and adds the squares a[i]^2 on one
    carry chain, then the reduction (redc's code) from T."""
    s = A64()
    pool = Pool(A64_REGS + ["x2"])
    s.op("sub", "sp", "sp", "#%d" % (16 * n))
    Tm = lambda k: a64_mem("sp", k)
    # a (n), the window (n), lo, hi: up to 12 limbs (a's words are multipliers
    # and multiplicands at once: they stay in registers)
    assert 2 * n + 2 <= len(pool.free) + 1, "sqr: a and the window do not fit"
    A = Operands(s, pool, "x1", n, True)
    pool.put("x1")
    lo, hi = pool.get(), pool.get()
    s.comment("T = off-diagonal products a[i]*a[j], i < j")
    pos = {k: pool.get() for k in range(1, n + 1)}
    a64_first_row(s, A.get(0), _Shifted(A, 1, n - 1), [pos[k] for k in range(1, n + 1)], lo)
    for i in range(0, n - 1):
        if i > 0:
            pos[i + n] = pool.get()
            a64_muladd(s, A.get(i), _Shifted(A, i + 1, n - 1 - i), [pos[k] for k in range(2 * i + 1, i + n + 1)],
                       lo, hi, True)
        for k in [k for k in (2 * i + 1, 2 * i + 2) if k in pos]:
            s.op("str", pos[k], Tm(k))
            pool.put(pos.pop(k))
    assert not pos, pos
    s.comment("T = 2T + sum a[i]^2 2^(128i): doubling by EXTR, the squares on one chain")
    prev, cur = pool.get(), pool.get()
    sq = pool.get()
    s.op("mov", prev, "xzr")  # T[0] = 0
    for k in range(2 * n):
        i = k // 2
        if k == 0:
            s.op("mul", cur, A.get(0), A.get(0))  # 2*T[0] = 0: the word is lo(a0^2)
            s.op("str", cur, Tm(0))
            continue
        if k < 2 * n - 1:
            s.op("ldr", cur, Tm(k))
            s.op("extr", sq, cur, prev, "#63")  # (T[k] << 1) | (T[k-1] >> 63)
        else:
            s.op("lsr", sq, prev, "#63")  # T[2n-1] = 0
        prev, cur = cur, prev
        xi = A.get(i)
        s.op("umulh" if k % 2 else "mul", lo, xi, xi)
        if k == 2 * n - 1:
            s.op("adc", sq, sq, lo)
        else:
            s.op("adds" if k == 1 else "adcs", sq, sq, lo)
        s.op("str", sq, Tm(k))
    for r in (prev, cur, sq, lo, hi):
        pool.put(r)
    for r in A.regs:
        pool.put(r)
    s.comment("z = T/R")
    a64_redc_body(s, pool, label, n, pp1_words, "sp", "x0")
    s.op("add", "sp", "sp", "#%d" % (16 * n))
    return func(name, a64_frame(s))


class _Shifted:
    """Words first .. first+count of an Operands, as words 0 .. count."""

    def __init__(self, ops, first, count):
        self.ops, self.first, self.count = ops, first, count

    def get(self, j):
        return self.ops.get(self.first + j)


def main_aarch64(P, e, f, n, pp1, z, label, p):
    out = ["""/*
 * %(P)s_aarch64.S - generated by gen_mont_friendly.py --arch aarch64 --prime %(P)s; do not edit.
 *
 * Multiprecision product and Montgomery reduction for
 * p = 2^%(e)d * 3^%(f)d - 1 (%(bits)d bits, n = %(n)d limbs), R = 2^%(R)d,
 * AArch64, base ARMv8-A (MUL, UMULH, ADDS/ADCS). Caller checks CPU support.
 *
 * void ecfk_%(P)s_mp_mul_aarch64(uint64_t c[%(n2)d], const uint64_t a[%(n)d], const uint64_t b[%(n)d]);
 *     c = a*b for any a, b < R. c must not alias a or b.
 *     Method: schoolbook, operand scanning, one row per word of b.
 * void ecfk_%(P)s_redc_aarch64(uint64_t z[%(n)d], const uint64_t t[%(n2)d]);
 *     z = t/R mod p, 0 <= z < 2p (no final subtraction). Requires t < p*R.
 *     t is not modified; z must not alias t.
 * void ecfk_%(P)s_mul_aarch64(uint64_t z[%(n)d], const uint64_t a[%(n)d], const uint64_t b[%(n)d]);
 *     z = a*b/R mod p, 0 <= z < 2p, for a, b < 4p: the bits of redc(mp_mul).
 *     Method: product and reduction interleaved, one row of each per word
 *     of b. z may alias a or b (written after the last read).
 * void ecfk_%(P)s_sqr_aarch64(uint64_t z[%(n)d], const uint64_t a[%(n)d]);
 *     z = mul(a, a) for a < 4p: a^2 from the n(n-1)/2 products a[i]*a[j],
 *     i < j, doubled, plus the squares, on the stack, then the reduction.
 *     z may alias a (written after the last read).
 *
 * Reduction: -p^-1 = 1 mod 2^64, so step i's factor m_i is the current word
 * i; u + m_i*p*2^(64i) = u - m_i*2^(64i) + m_i*(p+1)*2^(64i), the first
 * term cancels word i, and p+1 = 2^%(e)d * 3^%(f)d has %(z)d zero low limbs,
 * so each step multiplies only the %(k)d words of (p+1) >> %(zb)d. Result
 * (t + M*p)/R < (p*R + R*p)/R = 2p.
 *
 * Constant time: straight-line code, no branches, fixed addresses. AAPCS64:
 * the callee-saved registers used (x19-x30) are saved on the stack and
 * restored; x18 is never touched.
 */
#include "kernels/aarch64/asm.S.inc"

        .section .rodata
        .p2align 3
/* (p+1) >> %(zb)d, little-endian */
%(label)s:
""" % dict(P=P, e=e, f=f, bits=p.bit_length(), n=n, n2=2 * n, R=64 * n, z=z, k=n - z, zb=64 * z, label=label)]
    out += ["        .quad   0x%016x" % w for w in pp1[z:]]
    out.append("")
    out += a64_mp_mul("ecfk_%s_mp_mul_aarch64" % P, n)
    out += a64_redc("ecfk_%s_redc_aarch64" % P, label, n, pp1)
    out += a64_mul_fused("ecfk_%s_mul_aarch64" % P, label, n, pp1)
    out += a64_sqr("ecfk_%s_sqr_aarch64" % P, label, n, pp1)
    return out


def func(name, body):
    return ["ECFK_FUNC_BEGIN(%s)" % name] + body + ["ECFK_FUNC_END(%s)" % name, ""]


def limbs(x, n):
    return [(x >> (64 * i)) & (2**64 - 1) for i in range(n)]


def main():
    global MAX_CHUNK
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--prime", required=True, choices=sorted(PRIMES))
    ap.add_argument("--arch", default="x86_64", choices=["x86_64", "aarch64"],
                    help="x86_64: the MULX/ADX kernels; aarch64: the base ARMv8-A kernels")
    ap.add_argument("--op", default="all", choices=["mp_mul", "redc", "mul", "sqr", "all"])
    ap.add_argument("--mul", default="auto", choices=["auto", "schoolbook", "karatsuba"],
                    help="mp_mul method; auto = the faster one measured on Zen3")
    ap.add_argument("--max-chunk", type=int, default=MAX_CHUNK,
                    help="widest schoolbook operand chunk (experiments; 1..8)")
    ap.add_argument("--sqr-as-mul", action="store_true",
                    help="emit sqr as the mul code with b = a (experiments)")
    args = ap.parse_args()

    P = args.prime
    e, f, n = PRIMES[P]
    p = 2**e * 3**f - 1
    assert p.bit_length() < 64 * n and (-pow(p, -1, 2**64)) % 2**64 == 1
    if not 1 <= args.max_chunk <= 8:
        sys.exit("--max-chunk must be in 1..8")
    MAX_CHUNK = args.max_chunk
    method = args.mul
    if method == "auto":
        method = AUTO_KARATSUBA_MIN_LIMBS <= n and n % 2 == 0 and "karatsuba" or "schoolbook"
    if method == "karatsuba" and (n % 2 or n // 2 > MAX_CHUNK):
        sys.exit("karatsuba needs an even limb count of at most %d" % (2 * MAX_CHUNK))

    pp1 = limbs(p + 1, n)
    z = next(i for i, w in enumerate(pp1) if w)
    label = ".L%s_pp1" % P
    if args.arch == "aarch64":
        sys.stdout.write("\n".join(main_aarch64(P, e, f, n, pp1, z, label, p)) + "\n")
        return
    out = []
    out.append("""/*
 * %(P)s_mulx_adx.S - generated by gen_mont_friendly.py --prime %(P)s; do not edit.
 *
 * Multiprecision product and Montgomery reduction for
 * p = 2^%(e)d * 3^%(f)d - 1 (%(bits)d bits, n = %(n)d limbs), R = 2^%(R)d,
 * x86-64 with BMI2 (MULX) and ADX (ADCX/ADOX). Caller checks CPU support.
 *
 * void ecfk_%(P)s_mp_mul_mulx_adx(uint64_t c[%(n2)d], const uint64_t a[%(n)d], const uint64_t b[%(n)d]);
 *     c = a*b for any a, b < R. c must not alias a or b.
 *     Method: %(method)s.
 * void ecfk_%(P)s_redc_mulx_adx(uint64_t z[%(n)d], const uint64_t t[%(n2)d]);
 *     z = t/R mod p, 0 <= z < 2p (no final subtraction). Requires t < p*R.
 *     t is not modified; z must not alias t.
 * void ecfk_%(P)s_mul_mulx_adx(uint64_t z[%(n)d], const uint64_t a[%(n)d], const uint64_t b[%(n)d]);
 *     z = a*b/R mod p, 0 <= z < 2p, for a, b < 4p: the bits of redc(mp_mul).
 *     Method: %(mulmethod)s. z may alias a or b.
 * void ecfk_%(P)s_sqr_mulx_adx(uint64_t z[%(n)d], const uint64_t a[%(n)d]);
 *     z = mul(a, a) for a < 4p. Method: %(sqrmethod)s. z may alias a.
 *
 * Reduction: -p^-1 = 1 mod 2^64, so step i's factor m_i is the current word
 * i; u + m_i*p*2^(64i) = u - m_i*2^(64i) + m_i*(p+1)*2^(64i), the first
 * term cancels word i, and p+1 = 2^%(e)d * 3^%(f)d has %(z)d zero low limbs,
 * so each step multiplies only the %(k)d words of (p+1) >> %(zb)d. Result
 * (t + M*p)/R < (p*R + R*p)/R = 2p.
 *
 * Constant time: straight-line code, no branches, fixed addresses.
 */
#include "kernels/x86_64/asm.S.inc"

        .section .rodata
        .p2align 3
/* (p+1) >> %(zb)d, little-endian */
%(label)s:
""" % dict(sqrmethod="the n(n-1)/2 products a[i]*a[j], i < j, doubled, plus the squares, to the stack, "
           "then the reduction" if sqr_fits(n) and not args.sqr_as_mul else "the mul code with b = a",
           mulmethod="product and reduction interleaved, one row of each per word of b"
           if fused_fits(n) else "the product (as mp_mul) to the stack, then the reduction",
           P=P, e=e, f=f, bits=p.bit_length(), n=n, n2=2 * n, R=64 * n, z=z, k=n - z,
           zb=64 * z, label=label, method=("schoolbook, operand scanning in chunks of %s words"
                                            % "+".join(map(str, chunks_of(n))) if method == "schoolbook" else
                                            "one level of subtractive Karatsuba over %d-word schoolbook products" % (n // 2))))
    for w in pp1[z:]:
        out.append("        .quad   0x%016x" % w)
    out.append("")
    if args.op in ("mp_mul", "all"):
        out += gen_mp_mul("ecfk_%s_mp_mul_mulx_adx" % P, n, method)
    if args.op in ("redc", "all"):
        lines = gen_redc("ecfk_%s_redc_mulx_adx" % P, label, n, pp1)
        out += lines
    for op, square in (("mul", False), ("sqr", True)):
        if args.op not in (op, "all"):
            continue
        name = "ecfk_%s_%s_mulx_adx" % (P, op)
        if square and sqr_fits(n) and not args.sqr_as_mul:
            out += gen_sqr_twopass(name, label, n, pp1)
        elif fused_fits(n):
            out += gen_mul_fused(name, label, n, pp1, square)
        else:
            out += gen_mul_twopass(name, label, n, pp1, method, square)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
