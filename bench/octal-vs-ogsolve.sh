#!/usr/bin/env bash
# Times grundy-sequence against ogsolve on one game and heap count, and
# checks that both give the same values.
#
#   bench/octal-vs-ogsolve.sh [CODE] [N] [METHOD] [THREADS] [REPEATS]
#   bench/octal-vs-ogsolve.sh 0.6 1000000            # rc, one thread, 5 runs
#   bench/octal-vs-ogsolve.sh 0.007 100000 rc 1
#   bench/octal-vs-ogsolve.sh 0.6 1000000 parallel 2
#
# Both tools compute heaps 0..=N with no shortcut from periods
# (seq --no-period), ogsolve with its fastest method (-m rc2). The two are
# run alternately REPEATS times (default 5) without printing; the medians
# of CPU time (user + sys) and wall time are reported, and the speed-up as
# ogsolve's time over ours. CPU time is the fair figure on a busy machine
# for one thread; for the parallel method look at wall time, on an idle
# machine (check `uptime`). The values are compared in one more, untimed
# run of each tool with printing on. Exit status 1 if they differ, 2 if
# ogsolve is missing.
#
# Needs ogsolve (`cargo install ogsolve`; or set OGSOLVE to its path).
set -euo pipefail

code=${1:-0.6}
n=${2:-1000000}
method=${3:-rc}
threads=${4:-1}
repeats=${5:-5}
. "$(dirname "$0")/lib.sh"
find_ogsolve
if [ ! -x "$ogsolve" ]; then
    echo "ogsolve not found: install it with 'cargo install ogsolve' or set OGSOLVE" >&2
    exit 2
fi

build_seq_example
make_work

og=("$ogsolve" -m rc2 -n "$n" "$code")
ours=("$seq_example" "$code" "$n" --method "$method" --threads "$threads" --no-period)

# Appends "cpu wall" (seconds) of one run of the command to file $1.
timed() {
    local out=$1
    shift
    local TIMEFORMAT='%U %S %R'
    { time "$@" >/dev/null 2>&1; } 2>"$work/t"
    awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$work/t" >>"$out"
}

# The median of column $2 of file $1.
median() {
    sort -g -k"$2","$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'
}

for _ in $(seq "$repeats"); do
    timed "$work/og.times" "${og[@]}"
    timed "$work/ours.times" "${ours[@]}"
done

"$ogsolve" -m rc2 -n "$n" -p "$code" >"$work/og.txt" 2>/dev/null
"${ours[@]}" --print >"$work/ours.txt" 2>/dev/null
# ogsolve prints " nimbers: v0 v1 ...": one value per line, like ours.
grep '^ *nimbers:' "$work/og.txt" | sed 's/^ *nimbers://' | tr -s ' ' '\n' | sed '/^$/d' >"$work/og-values.txt"

og_cpu=$(median "$work/og.times" 1)
og_wall=$(median "$work/og.times" 2)
our_cpu=$(median "$work/ours.times" 1)
our_wall=$(median "$work/ours.times" 2)
printf 'game %s  n %s  medians of %s runs (load average %s)\n' "$code" "$n" "$repeats" \
    "$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
printf '%-34s %9s %9s\n' '' 'cpu s' 'wall s'
printf '%-34s %9.3f %9.3f\n' 'ogsolve -m rc2' "$og_cpu" "$og_wall"
printf '%-34s %9.3f %9.3f\n' "grundy-sequence $method, $threads thread(s)" "$our_cpu" "$our_wall"
printf '%-34s %8.2fx %8.2fx\n' 'speed-up (ogsolve / ours)' \
    "$(echo "$og_cpu / $our_cpu" | bc -l)" "$(echo "$og_wall / $our_wall" | bc -l)"
if cmp -s "$work/og-values.txt" "$work/ours.txt"; then
    printf 'values agree: %s values, sha256 %s\n' "$(wc -l <"$work/ours.txt")" \
        "$(sha256sum "$work/ours.txt" | cut -c1-16)"
else
    echo "VALUES DIFFER" >&2
    diff "$work/og-values.txt" "$work/ours.txt" | head -5 >&2
    exit 1
fi
