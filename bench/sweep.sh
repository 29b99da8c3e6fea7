#!/usr/bin/env bash
# Every octal code 0.xyz (511 codes): grundy-sequence's rare/common method
# on one thread against a reference, same n, identical values checked.
#
#   bench/sweep.sh [N] [CODES...]        (N default 100000; codes default all)
#   bench/sweep.sh [N] extra             (a fixed sample of 48 codes 4.xyz
#                                         and 24 hexadecimal codes)
#
# Hexadecimal codes (a digit 8-F: a move may leave three heaps), which
# ogsolve does not read, are checked against our own naive method at
# HEX_N heaps (default 3000; the naive method is cubic there).
# The reference is ogsolve -m rc2 (the ogs crate; set OGSOLVE to its path)
# when it is installed, else another build of the sequence crate's `seq`
# example named by REF_SEQ (e.g. main before a change). Prints, per code,
# the CPU seconds (user + sys) of both and the ratio ours / reference, then
# the five worst ratios, the median ratio, and the median over the codes
# where the reference needs at least half a second. Times below 10 ms are
# counted as 10 ms (the clock's resolution); runs under FAST seconds are
# timed REPEAT times, the least counted (see cpu below), and a code where
# both take under FAST seconds at N is timed again at GROW * N heaps
# (default 10), where the methods' work, not process start, is measured. Exit status 1 if any values
# differ, 2 if there is no reference.
set -euo pipefail

n=${1:-100000}
shift || true
. "$(dirname "$0")/lib.sh"
find_ogsolve
if [ -x "$ogsolve" ]; then
    ref_name="ogsolve -m rc2"
elif [ -n "${REF_SEQ:-}" ] && [ -x "$REF_SEQ" ]; then
    ref_name="$REF_SEQ"
    ogsolve=""
else
    echo "no reference: install ogsolve (the ogs crate) or set REF_SEQ to a seq example" >&2
    exit 2
fi

build_seq_example
make_work

if [ "${1:-}" = extra ]; then
    codes=()
    # A fixed sample: 48 of the 512 codes 4.xyz, 24 hexadecimal codes,
    # each once.
    declare -A seen=()
    x=12345
    next() { x=$(((x * 1103515245 + 12345) % 2147483648)); }
    while [ ${#codes[@]} -lt 48 ]; do
        next
        d=$(((x >> 8) % 512))
        c="4.$((d >> 6))$(((d >> 3) & 7))$((d & 7))"
        [ -n "${seen[$c]:-}" ] || { seen[$c]=1; codes+=("$c"); }
    done
    hex=0123456789ABCDEF
    while [ ${#codes[@]} -lt 72 ]; do
        next
        c="0.${hex:$(((x >> 8) % 16)):1}${hex:$((8 + (x >> 12) % 8)):1}"
        [ -n "${seen[$c]:-}" ] || { seen[$c]=1; codes+=("$c"); }
    done
elif [ $# -gt 0 ]; then
    codes=("$@")
else
    codes=()
    for d in $(seq 1 511); do
        codes+=("0.$((d >> 6))$(((d >> 3) & 7))$((d & 7))")
    done
fi

# Prints the CPU seconds of one run of the command, its stdout to file $1;
# a run under FAST seconds (default 0.2: process start and printing the
# values are most of it) is repeated to REPEAT runs in all (default 5) and
# the least time is printed, so a ratio of two short runs is not the
# clock's noise.
# The CPU seconds of the run timed into $work/t, at least 0.01.
secs() { awk '{ t = $1 + $2; if (t < 0.01) t = 0.01; printf "%.3f\n", t }' "$work/t"; }

cpu() {
    local out=$1
    shift
    local TIMEFORMAT='%U %S' t best i
    { time "$@" >"$out" 2>/dev/null; } 2>"$work/t"
    best=$(secs)
    if awk -v t="$best" -v f="${FAST:-0.2}" 'BEGIN { exit !(t < f) }'; then
        for ((i = 1; i < ${REPEAT:-5}; i++)); do
            { time "$@" >/dev/null 2>&1; } 2>"$work/t"
            t=$(secs)
            best=$(awk -v a="$best" -v b="$t" 'BEGIN { print (b < a ? b : a) }')
        done
    fi
    echo "$best"
}

# Whether a code has a hexadecimal digit (8-F) after its point.
is_hex() { [[ ${1#*.} =~ [89A-Fa-f] ]]; }

# The values printed by the reference for heaps 0..$2, one per line.
reference() {
    local code=$1 m=$2
    if is_hex "$code"; then
        cpu "$work/ref.txt" "$seq_example" "$code" "$m" --method naive --threads 1 --no-period --print
    elif [ -n "$ogsolve" ]; then
        cpu "$work/ref.raw" "$ogsolve" -m rc2 -n "$m" -p "$code"
        grep '^ *nimbers:' "$work/ref.raw" | sed 's/^ *nimbers://' | tr -s ' ' '\n' |
            sed '/^$/d' >"$work/ref.txt"
    else
        cpu "$work/ref.txt" "$REF_SEQ" "$code" "$m" --method rc --threads 1 --no-period --print
    fi
}

# The heaps computed for a code: HEX_N for hexadecimal codes, else N.
size() { if is_hex "$1"; then echo "${HEX_N:-3000}"; else echo "$n"; fi; }

# Times both methods on code $1 to heap $2, sets ours and ref, and checks
# that the values are identical.
measure() {
    local code=$1 m=$2
    ours=$(cpu "$work/ours.txt" "$seq_example" "$code" "$m" --method rc --threads 1 --no-period --print)
    ref=$(reference "$code" "$m")
    if ! cmp -s "$work/ours.txt" "$work/ref.txt"; then
        echo "VALUES DIFFER: $code to heap $m" >&2
        status=1
    fi
}

printf 'n %s, one thread, reference %s (load average %s)\n' "$n" "$ref_name" \
    "$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
printf 'codes where both take under %s s at n are timed again at %s n\n' "${FAST:-0.2}" "${GROW:-10}"
printf '%-8s %9s %9s %8s\n' code 'ours s' 'ref s' ratio
status=0
: >"$work/ratios"
: >"$work/hexratios"
for code in "${codes[@]}"; do
    m=$(size "$code")
    measure "$code" "$m"
    note=""
    if is_hex "$code"; then
        note="  (naive, n $m)"
    elif awk -v a="$ours" -v b="$ref" -v f="${FAST:-0.2}" 'BEGIN { exit !(a < f && b < f) }'; then
        # Process start and printing are most of such a run: compare the
        # methods where the work shows.
        m=$((m * ${GROW:-10}))
        measure "$code" "$m"
        note="  (n $m)"
    fi
    ratio=$(awk -v a="$ours" -v b="$ref" 'BEGIN { printf "%.3f", a / b }')
    printf '%-8s %9.3f %9.3f %8s%s\n' "$code" "$ours" "$ref" "$ratio" "$note"
    if is_hex "$code"; then
        echo "$ratio $code $ours $ref" >>"$work/hexratios"
    else
        echo "$ratio $code $ours $ref" >>"$work/ratios"
    fi
done

echo "five worst ratios (ours / reference):"
sort -g -r "$work/ratios" | awk 'NR <= 5 { printf "  %-8s %8s  (%s s vs %s s)\n", $2, $1, $3, $4 }'
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
echo "median ratio: $(cut -d' ' -f1 "$work/ratios" | median) over $(wc -l <"$work/ratios") codes"
echo "median ratio where the reference needs >= 0.5 s: $(awk '$4 >= 0.5 { print $1 }' "$work/ratios" | median)" \
    "over $(awk '$4 >= 0.5' "$work/ratios" | wc -l) codes"
if [ -s "$work/hexratios" ]; then
    echo "hexadecimal codes against our naive method: median ratio" \
        "$(cut -d' ' -f1 "$work/hexratios" | median) over $(wc -l <"$work/hexratios") codes"
fi
exit "$status"
