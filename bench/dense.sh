#!/usr/bin/env bash
# The hard dense codes on both cores against ogsolve -m rc2 on one thread
# (issue 10, item 3): same n, identical values checked.
#
#   bench/dense.sh [N] [CODES...]   (N default 1000000; codes default
#                                    0.007 0.027 0.037 0.135 0.604)
#
# Prints per code: our wall seconds with --threads 2 (and the CPU seconds
# they took), ogsolve's wall and CPU seconds on one thread, and the ratio
# of our wall time to ogsolve's (the target is at most 0.5). Exit status 1
# if any values differ, 2 if ogsolve is not installed.
set -euo pipefail

n=${1:-1000000}
shift || true
. "$(dirname "$0")/lib.sh"
find_ogsolve
[ -x "$ogsolve" ] || { echo "ogsolve not found (cargo install ogsolve)" >&2; exit 2; }
build_seq_example
make_work
if [ $# -gt 0 ]; then codes=("$@"); else codes=(0.007 0.027 0.037 0.135 0.604); fi

# Runs the command, stdout to $1; prints "wall cpu" in seconds.
timed() {
    local out=$1
    shift
    local TIMEFORMAT='%R %U %S'
    { time "$@" >"$out" 2>/dev/null; } 2>"$work/t"
    awk '{ printf "%.2f %.2f\n", $1, $2 + $3 }' "$work/t"
}

printf 'n %s, ours --threads 2 against ogsolve -m rc2 (one thread); load average %s\n' \
    "$n" "$(cut -d' ' -f1 /proc/loadavg)"
printf '%-7s %10s %9s %10s %9s %7s\n' code 'ours wall' 'ours cpu' 'og wall' 'og cpu' ratio
status=0
for code in "${codes[@]}"; do
    read -r ow oc < <(timed "$work/ours.txt" "$seq_example" "$code" "$n" --threads 2 --no-period --print)
    read -r gw gc < <(timed "$work/og.raw" "$ogsolve" -m rc2 -n "$n" -p "$code")
    grep '^ *nimbers:' "$work/og.raw" | sed 's/^ *nimbers://' | tr -s ' ' '\n' | sed '/^$/d' >"$work/og.txt"
    if ! cmp -s "$work/ours.txt" "$work/og.txt"; then
        echo "VALUES DIFFER: $code" >&2
        status=1
    fi
    printf '%-7s %10s %9s %10s %9s %7s\n' "$code" "$ow" "$oc" "$gw" "$gc" \
        "$(awk -v a="$ow" -v b="$gc" 'BEGIN { printf "%.3f", a / b }')"
done
exit "$status"
