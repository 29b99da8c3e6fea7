#!/usr/bin/env bash
# bench/scale.sh's runs side by side with ogsolve: for each run, grundy
# `seq` and ogsolve on the same code and heaps, each with its seconds
# (wall), CPU seconds (user + sys), peak resident memory and bytes a heap,
# and a check that their values agree.
#
#   OGSOLVE=/path/to/ogsolve bench/scale-ogsolve.sh [GRUNDY]
#
# GRUNDY defaults to the release build of this checkout (built here).
# OGSOLVE defaults to the one on PATH (`cargo install ogsolve`); without
# it the script stops (status 2). RUNS picks the runs by scale.sh's
# numbers (default "1 2 4"; 0 is a quick try of the script):
#   0  0.6 to 10^6       1  0.6 to 10^7       2  0.6 to 10^8       3  0.6 to 10^9
#   4  0.1777 to 4.432*10^8 (grundy proves the period)   5  0.6 to 2*10^9
# grundy runs `seq octal --code C -n N --threads T --summary` (T: THREADS,
# default 2); ogsolve runs `ogsolve -m rc2 -s -n N C`, its fastest method
# (it has no option for threads: it runs on one). Both compute every heap
# 0..=N (a period proven by grundy ends its run at the proof, past N for
# run 4 only by the few heaps N leaves over).
#
# Values: ogsolve -s prints how many heaps of 0..=N have each value (as
# `v:a+b`, a + b heaps); grundy's summary prints the same counts (`heaps
# per value`). The two lists must be identical (status 1 if not): a
# check of every value's count, not of each heap's value (bench/sweep.sh
# and bench/octal-vs-ogsolve.sh compare the values one by one at smaller
# N). Peak RSS is GNU time's maximum resident set size, bytes a heap that
# over N + 1; the load average is printed with each run.
set -euo pipefail

. "$(dirname "$0")/lib.sh"
find_ogsolve
if [ ! -x "$ogsolve" ]; then
    echo "ogsolve not found: install it with 'cargo install ogsolve' or set OGSOLVE" >&2
    exit 2
fi
new=${1:-}
if [ -z "$new" ]; then
    build_grundy
    new=$grundy
fi
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }
make_work

codes=(0.6 0.6 0.6 0.6 0.1777 0.6)
heaps=(1000000 10000000 100000000 1000000000 443200000 2000000000)
threads=${THREADS:-2}

# Runs command $2... under GNU time, its stdout to file $1; prints
# "seconds cpu_seconds peak_kb".
measure() {
    local out=$1
    shift
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$@" >"$out"
    awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }' "$work/time"
}

# Prints one row: tool $1, command $2, heaps $3, "seconds cpu peak_kb" $4,
# load $5.
row() {
    read -r secs cpu kb <<<"$4"
    awk -v t="$1" -v c="$2" -v n="$3" -v s="$secs" -v u="$cpu" -v kb="$kb" -v l="$5" \
        'BEGIN { printf "%-8s %-48s %11d %9.1f %9.1f %9.0f %10.3f  (load %s)\n", t, c, n, s, u, kb / 1024, kb * 1024 / (n + 1), l }'
}

# The value counts of grundy's summary $1 and of ogsolve's statistics $2,
# one "value count" a line, sorted by value.
our_counts() {
    sed -n '/heaps per value/,$p' "$1" | tail -n +2 | tr ',' '\n' |
        awk -F: 'NF == 2 { gsub(/ /, ""); print $1, $2 }' | sort -n
}
og_counts() {
    grep -E '^ *[0-9]+:[0-9]+\+[0-9]+' "$1" | tr '\t ' '\n\n' |
        awk -F'[:+]' 'NF == 3 { print $1, $2 + $3 }' | sort -n
}

printf '%-8s %-48s %11s %9s %9s %9s %10s\n' tool command heaps seconds 'cpu s' 'peak MB' 'bytes/heap'
status=0
for r in ${RUNS:-1 2 4}; do
    code=${codes[$r]}
    n=${heaps[$r]}
    cmd="seq octal --code $code -n $n --threads $threads"
    load=$(cut -d' ' -f1 /proc/loadavg)
    got=$(measure "$work/ours" "$new" seq octal --code "$code" -n "$n" --threads "$threads" --summary)
    row grundy "$cmd" "$n" "$got" "$load"
    load=$(cut -d' ' -f1 /proc/loadavg)
    got=$(measure "$work/og" "$ogsolve" -m rc2 -s -n "$n" "$code")
    row ogsolve "ogsolve -m rc2 -s -n $n $code" "$n" "$got" "$load"
    our_counts "$work/ours" >"$work/ours.counts"
    og_counts "$work/og" >"$work/og.counts"
    if [ -s "$work/ours.counts" ] && cmp -s "$work/ours.counts" "$work/og.counts"; then
        printf 'values agree: the counts of %s values over heaps 0..=%s are identical\n' \
            "$(wc -l <"$work/ours.counts")" "$n"
    else
        echo "VALUES DIFFER: $code to $n (value, heaps: grundy < > ogsolve)" >&2
        diff "$work/ours.counts" "$work/og.counts" | head -5 >&2 || true
        status=1
    fi
done
exit $status
