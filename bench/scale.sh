#!/usr/bin/env bash
# Time and peak memory of long `grundy seq` runs, for one build or two
# side by side: command, heaps, seconds, peak resident memory (RSS) and
# bytes a heap.
#
#   bench/scale.sh [GRUNDY] [OLD_GRUNDY]
#
# GRUNDY defaults to the release build of this checkout (built here);
# OLD_GRUNDY, if given, is run on the runs up to OLD_MAX heaps (default
# 10^8: a build at two bytes a heap and more needs 6 GB at 10^9). RUNS
# picks the runs by number (default "1 2 3 4"):
#   1  seq octal --code 0.6 -n 10000000 --threads 2
#   2  seq octal --code 0.6 -n 100000000 --threads 2
#   3  seq octal --code 0.6 -n 1000000000 --threads 2
#   4  seq octal --code 0.1777 -n 443200000 --threads 2   (proves the period)
#   5  seq octal --code 0.6 -n 2000000000 --threads 2
# Each run prints the summary (`--summary`); when both builds run, their
# summaries must be identical (status 1 if not). Peak RSS is GNU time's
# maximum resident set size; bytes a heap is that over n + 1. The load
# average is printed before each run: time is wall time on the cores given.
set -euo pipefail

. "$(dirname "$0")/lib.sh"
new=${1:-}
old=${2:-}
old_max=${OLD_MAX:-100000000}
if [ -z "$new" ]; then
    build_grundy
    new=$grundy
fi
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }
make_work

all=(
    ""
    "octal --code 0.6 -n 10000000 --threads 2"
    "octal --code 0.6 -n 100000000 --threads 2"
    "octal --code 0.6 -n 1000000000 --threads 2"
    "octal --code 0.1777 -n 443200000 --threads 2"
    "octal --code 0.6 -n 2000000000 --threads 2"
)

# Runs build $1 on arguments $2 (words), summary to file $3; prints
# "seconds peak_kb".
measure() {
    local bin=$1 args=$2 out=$3
    read -r -a words <<<"$args"
    /usr/bin/time -f '%e %M' -o "$work/time" "$bin" seq "${words[@]}" --summary >"$out"
    cat "$work/time"
}

printf '%-8s %-50s %12s %9s %10s %12s\n' build command heaps seconds 'peak MB' 'bytes/heap'
status=0
for r in ${RUNS:-1 2 3 4}; do
    args=${all[$r]}
    n=$(sed -E 's/.*-n ([0-9]+).*/\1/' <<<"$args")
    for side in new old; do
        bin=$new
        if [ "$side" = old ]; then
            [ -n "$old" ] && [ "$n" -le "$old_max" ] || continue
            bin=$old
        fi
        load=$(cut -d' ' -f1 /proc/loadavg)
        read -r secs kb < <(measure "$bin" "$args" "$work/$r.$side")
        awk -v b="$side" -v c="seq $args" -v n="$n" -v s="$secs" -v kb="$kb" -v l="$load" \
            'BEGIN { printf "%-8s %-50s %12d %9.1f %10.0f %12.3f  (load %s)\n", b, c, n, s, kb / 1024, kb * 1024 / (n + 1), l }'
    done
    if [ -f "$work/$r.old" ] && ! cmp -s "$work/$r.new" "$work/$r.old"; then
        echo "SUMMARIES DIFFER: seq $args" >&2
        diff "$work/$r.new" "$work/$r.old" >&2 || true
        status=1
    fi
done
exit $status
