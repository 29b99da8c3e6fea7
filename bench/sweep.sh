#!/usr/bin/env bash
# Every octal code 0.xyz (511 codes): grundy-sequence's rare/common method
# on one thread against a reference, same n, identical values checked.
#
#   bench/sweep.sh [N] [CODES...]        (N default 100000; codes default all)
#
# The reference is ogsolve -m rc2 (the ogs crate; set OGSOLVE to its path)
# when it is installed, else another build of the sequence crate's `seq`
# example named by REF_SEQ (e.g. main before a change). Prints, per code,
# the CPU seconds (user + sys) of both and the ratio ours / reference, then
# the five worst ratios, the median ratio, and the median over the codes
# where the reference needs at least half a second. Times below 10 ms are
# counted as 10 ms (the clock's resolution). Exit status 1 if any values
# differ, 2 if there is no reference.
set -euo pipefail

n=${1:-100000}
shift || true
root=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
ogsolve=${OGSOLVE:-$(command -v ogsolve || echo "$HOME/.cargo/bin/ogsolve")}
if [ -x "$ogsolve" ]; then
    ref_name="ogsolve -m rc2"
elif [ -n "${REF_SEQ:-}" ] && [ -x "$REF_SEQ" ]; then
    ref_name="$REF_SEQ"
    ogsolve=""
else
    echo "no reference: install ogsolve (the ogs crate) or set REF_SEQ to a seq example" >&2
    exit 2
fi

(cd "$root" && cargo build --release -q -p grundy-sequence --example seq)
ours_bin=$CARGO_TARGET_DIR/release/examples/seq
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ $# -gt 0 ]; then
    codes=("$@")
else
    codes=()
    for d in $(seq 1 511); do
        codes+=("0.$((d >> 6))$(((d >> 3) & 7))$((d & 7))")
    done
fi

# Prints the CPU seconds of one run of the command, its stdout to file $1.
cpu() {
    local out=$1
    shift
    local TIMEFORMAT='%U %S'
    { time "$@" >"$out" 2>/dev/null; } 2>"$work/t"
    awk '{ t = $1 + $2; if (t < 0.01) t = 0.01; printf "%.3f\n", t }' "$work/t"
}

# The values printed by the reference, one per line.
reference() {
    local code=$1
    if [ -n "$ogsolve" ]; then
        cpu "$work/ref.raw" "$ogsolve" -m rc2 -n "$n" -p "$code"
        grep '^ *nimbers:' "$work/ref.raw" | sed 's/^ *nimbers://' | tr -s ' ' '\n' |
            sed '/^$/d' >"$work/ref.txt"
    else
        cpu "$work/ref.txt" "$REF_SEQ" "$code" "$n" --method rc --threads 1 --no-period --print
    fi
}

printf 'n %s, one thread, reference %s (load average %s)\n' "$n" "$ref_name" \
    "$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
printf '%-8s %9s %9s %8s\n' code 'ours s' 'ref s' ratio
status=0
: >"$work/ratios"
for code in "${codes[@]}"; do
    ours=$(cpu "$work/ours.txt" "$ours_bin" "$code" "$n" --method rc --threads 1 --no-period --print)
    ref=$(reference "$code")
    if ! cmp -s "$work/ours.txt" "$work/ref.txt"; then
        echo "VALUES DIFFER: $code" >&2
        status=1
    fi
    ratio=$(awk -v a="$ours" -v b="$ref" 'BEGIN { printf "%.3f", a / b }')
    printf '%-8s %9.3f %9.3f %8s\n' "$code" "$ours" "$ref" "$ratio"
    echo "$ratio $code $ours $ref" >>"$work/ratios"
done

echo "five worst ratios (ours / reference):"
sort -g -r "$work/ratios" | awk 'NR <= 5 { printf "  %-8s %8s  (%s s vs %s s)\n", $2, $1, $3, $4 }'
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "-" }'; }
echo "median ratio: $(cut -d' ' -f1 "$work/ratios" | median) over ${#codes[@]} codes"
echo "median ratio where the reference needs >= 0.5 s: $(awk '$4 >= 0.5 { print $1 }' "$work/ratios" | median)" \
    "over $(awk '$4 >= 0.5' "$work/ratios" | wc -l) codes"
exit "$status"
