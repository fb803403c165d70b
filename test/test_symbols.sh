#!/bin/sh
# The shared library exports only ecf_ symbols (plus the version node) and no
# SIDH/SIKE one, has a versioned soname, imports no allocator, no function
# pointer is taken on the mul/redc path or the P-256 table scans (no indirect
# call or jump in the dispatched entries), and no test-only code ships.
# libecfield-sidh.so (second argument, when built) exports only
# ecf_p*_sidh_* and ecf_p*_sike_*, has its own soname, imports no allocator
# and nothing of the ecf_ API: its field calls bind inside it.
#
#   test_symbols.sh LIBECFIELD [LIBECFIELD_SIDH]
#   test_symbols.sh --expect-hooks 'NAME...' FILE   (test 'symbols_planted')
# The second form runs the test-only check alone on a planted FILE and passes
# only if it reports every NAME.
set -eu
# NM, OBJDUMP, READELF: the host machine's tools (set by meson in cross builds).
NM=${NM:-nm}
OBJDUMP=${OBJDUMP:-objdump}
READELF=${READELF:-readelf}
fail=0
say() { echo "# $*"; }

# Test-only code (lib/testhooks/, archive ecfield_testhooks): forcing a kernel
# tier, the isogeny fields' per-tier and function-pointer GF(p^2)
# multiplications, every ecfi_test_ hook and counter (the P-256 group's
# counted scans and verification loop, RFC 6979 over any q), and the names
# these replaced (the scan selector and its SSE2 scans). Read from .symtab
# with nm, local symbols included (a static counter or hidden hook is not in
# nm -D); a library without .symtab (stripped) cannot be checked and fails.
# Prints the names found.
hook_re='^ecfi_cpu_set_kernels$|_fp2_mul_(pointer|portable|mulx_adx)$|^ecfi_test_|scan_for$|^scan(8|12)_sse2$|dsm_paths|_scans$'
test_only_symbols() {
	if ! "$READELF" -S "$1" | grep -q '[[:space:]]\.symtab[[:space:]]'; then
		say "FAIL: $1 has no .symtab (stripped?): its local symbols cannot be checked" >&2
		return 1
	fi
	# local names may carry a compiler suffix (.constprop.0, .lto_priv.0)
	"$NM" "$1" | awk 'NF >= 2 {print $NF}' | sed 's/\..*//' | grep -E "$hook_re" | sort -u || true
}

if [ "${1:-}" = --expect-hooks ]; then
	want="$2"
	found=$(test_only_symbols "$3") || exit 1
	for name in $want; do
		if printf '%s\n' "$found" | grep -qx "$name"; then
			say "reported: $name"
		else
			say "FAIL: the planted $name was not reported"
			fail=1
		fi
	done
	dyn=$("$NM" -D "$3" | awk '{print $NF}' | grep -cE "$hook_re" || true)
	say "nm -D alone sees $dyn of them"
	[ $fail -eq 0 ] && say "every planted test-only symbol was reported"
	exit $fail
fi

lib="$1"
sidh_lib="${2:-}"
# SIDH and SIKE live in libecfield-sidh.so (the isogeny fields stay here).
sidh_re='^ecf_p(434|503|610|751)_(sidh|sike)_'

# The rules both libraries follow; WHO prefixes the messages ('' or 'sidh: ').
# check_soname LIB STEM WHO: a soname STEM.so.N.
check_soname() {
	soname=$("$READELF" -d "$1" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
	case "$soname" in
	"$2".so.[0-9]*) say "${3}soname $soname" ;;
	*) say "FAIL: ${3}soname is '$soname', expected $2.so.N"; fail=1 ;;
	esac
}
# check_exports LIB REGEX WHO: every defined dynamic symbol matches REGEX (or
# is a version node), and at least one does; the names are left in $exports.
check_exports() {
	exports=$("$NM" -D --defined-only "$1" | awk '{print $3}' | sed 's/@.*//')
	bad=$(printf '%s\n' "$exports" | grep -v -E -e "$2" -e '^ECFIELD_' -e '^$' || true)
	if [ -n "$bad" ]; then say "FAIL: ${3}exported symbols outside $2:"; printf '%s\n' "$bad"; fail=1; fi
	count=$(printf '%s\n' "$exports" | grep -c -E "$2" || true)
	say "${3}$count symbols exported, all $2"
	[ "$count" -gt 0 ] || { say "FAIL: ${3}no symbol exported"; fail=1; }
}
# imports_of LIB WHO: LIB's undefined dynamic symbols in $imports; fails if one
# is an allocator (the library never allocates).
imports_of() {
	imports=$("$NM" -D --undefined-only "$1" | awk '{print $2}' | sed 's/@.*//')
	for f in malloc calloc realloc free aligned_alloc posix_memalign memalign valloc pvalloc reallocarray; do
		if printf '%s\n' "$imports" | grep -qx "$f"; then say "FAIL: ${2}imports $f"; fail=1; fi
	done
	say "${2}imports: $(printf '%s ' $imports)"
}
# check_no_plt LIB WHO: every call to an ecf_/ecfi_ function binds directly,
# none goes through the PLT (calls inside a library use lib/fields/*_internal.h).
check_no_plt() {
	plt=$("$OBJDUMP" -d --no-show-raw-insn "$1" | grep -E '(call|jmp)[a-z]*[[:space:]].*<ecfi?_[a-z0-9_]*@plt>' || true)
	if [ -n "$plt" ]; then say "FAIL: ${2}calls to ecf_/ecfi_ functions through the PLT:"; printf '%s\n' "$plt"; fail=1; fi
	say "${2}$(printf '%s' "$plt" | grep -c . || true) calls to ecf_/ecfi_ functions through the PLT"
}
# check_no_test_only LIB WHO: nothing test-only ships (test_only_symbols above).
check_no_test_only() {
	if hooks=$(test_only_symbols "$1"); then
		if [ -n "$hooks" ]; then
			say "FAIL: ${2}test-only hooks or counters in the library:"
			printf '%s\n' "$hooks"
			fail=1
		else
			say "${2}no test-only symbol (.symtab, local ones included)"
		fi
	else
		fail=1
	fi
}
# check_cet LIB WHO: where the build marks the libraries (x86-64 Linux,
# ECF_EXPECT_CET set by meson), readelf -n must show both IBT and SHSTK (test
# 'cet' proves the mark true).
check_cet() {
	[ "${ECF_EXPECT_CET:-}" = 1 ] || return 0
	feat=$("$READELF" -n "$1" | sed -n 's/.*x86 feature: //p')
	case "$feat" in
	*IBT*SHSTK* | *SHSTK*IBT*) say "${2}CET property: $feat" ;;
	*) say "FAIL: ${2}readelf -n shows no IBT and SHSTK property ('$feat')"; fail=1 ;;
	esac
}

check_soname "$lib" libecfield ""
check_exports "$lib" '^ecf_' ""
n=$(printf '%s\n' "$exports" | grep -c -E "$sidh_re" || true)
say "$n SIDH/SIKE symbols exported"
[ "$n" -eq 0 ] || { say "FAIL: $lib exports SIDH/SIKE symbols"; fail=1; }
imports_of "$lib" ""

# Dispatched entries: no indirect call/jump (the flag branch jumps straight in).
sidh=""
for p in p434 p503 p610 p751; do
	for op in mul sqr mp_mul redc mul_small fp2_mul fp2_sqr fp2_inv fp2_mul_small; do sidh="$sidh ecf_${p}_$op"; done
done
# The P-256 table scans too (hidden: their names are in .symtab): a branch on
# the AVX2 bit, not a pointer to the scan.
for fn in ecf_p256_mul ecf_p256_sqr ecf_p256_redc ecf_p256n_mul ecf_p256n_sqr ecf_p256n_redc ecf_p25519_mul ecf_p25519_sqr $sidh \
	ecfi_p256_lookup_affine ecfi_p256_lookup_jac; do
	body=$("$OBJDUMP" -d --no-show-raw-insn "$lib" | awk -v f="<$fn>:" '$2==f{p=1;next} p&&/^$/{exit} p')
	[ -n "$body" ] || { say "FAIL: $fn not found"; fail=1; continue; }
	if printf '%s\n' "$body" | grep -Eq '(call|jmp)[a-z]*[[:space:]]+\*'; then
		say "FAIL: $fn has an indirect call or jump:"; printf '%s\n' "$body"; fail=1
	fi
done
check_no_plt "$lib" ""
check_no_test_only "$lib" ""
check_cet "$lib" ""

# libecfield-sidh.so: the same rules, on its own API, and nothing of libecfield.so.
if [ -n "$sidh_lib" ]; then
	w="sidh: "
	check_soname "$sidh_lib" libecfield-sidh "$w"
	needed=$("$READELF" -d "$sidh_lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
	if printf '%s\n' "$needed" | grep -q '^libecfield\.so'; then say "FAIL: ${w}needs libecfield.so"; fail=1; fi
	say "${w}needs $(printf '%s ' $needed)"
	check_exports "$sidh_lib" "$sidh_re" "$w"
	imports_of "$sidh_lib" "$w"
	ecf_imports=$(printf '%s\n' "$imports" | grep -E '^ecfi?_' || true)
	if [ -n "$ecf_imports" ]; then say "FAIL: ${w}imports library functions:"; printf '%s\n' "$ecf_imports"; fail=1; fi
	check_no_plt "$sidh_lib" "$w"
	check_no_test_only "$sidh_lib" "$w"
	# With kernel tiers to choose from (x86-64), its own copy of the probe
	# (set at load): the flag is local, not shared. Without (i386, aarch64,
	# s390x), nothing reads a flag and the probe is not linked in.
	probe=$("$NM" "$sidh_lib" | awk '$NF == "ecfi_cpu_flags" {print $2}')
	if "$NM" "$sidh_lib" | grep -q '_mulx_adx$'; then
		case "$probe" in
		[bdBD]) say "${w}has its own probe flag ecfi_cpu_flags ($probe)" ;;
		*) say "FAIL: ${w}MULX/ADX kernels but no ecfi_cpu_flags of its own ('$probe')"; fail=1 ;;
		esac
	else
		say "${w}no kernel tiers to choose from, probe ${probe:+present}${probe:-not linked}"
	fi
	check_cet "$sidh_lib" "$w"
fi
[ $fail -eq 0 ] && say "symbols, imports and dispatch entries are clean"
exit $fail
