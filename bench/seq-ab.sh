#!/usr/bin/env bash
# Times `grundy seq` and the sequence crate's `seq` example on a fixed set
# of runs, for one build or two side by side (A/B, e.g. main before a change
# and the branch after it).
#
#   bench/seq-ab.sh DIR_A [DIR_B] [REPEATS]
#
# DIR_A and DIR_B each hold a `grundy` binary and the `seq` example
# (copy target/release/grundy and target/release/examples/seq there).
# Each run is repeated REPEATS times (default 5), A and B alternately, and
# the medians of CPU time (user + sys) and wall time are printed. CPU time
# is the fair figure for one thread on a busy machine; wall time for runs
# on both cores. Every run's output is checked to be identical between A
# and B.
set -euo pipefail

a=${1:?usage: bench/seq-ab.sh DIR_A [DIR_B] [REPEATS]}
b=${2:-}
repeats=${3:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

runs=(
    "grundy seq kayles -n 1000000"
    "grundy seq octal --code 0.6 -n 200000 --threads 1"
    "grundy seq octal --code 0.6 -n 200000 --threads 2"
    "seq 0.6 1000000 --method rc --threads 1 --no-period"
    "seq 0.6 1000000 --method parallel --threads 2 --no-period"
    "seq 0.007 100000 --method rc --threads 1 --no-period"
    "seq 0.106 100000 --method rc --threads 1 --no-period"
)

# Appends "cpu wall" (seconds) of one run to file $1, output to file $2.
timed() {
    local times=$1 out=$2
    shift 2
    local TIMEFORMAT='%U %S %R'
    { time "$@" >"$out" 2>/dev/null; } 2>"$work/t"
    awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$work/t" >>"$times"
}

# The median of column $2 of file $1.
median() {
    sort -g -k"$2","$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'
}

printf 'medians of %s runs (load average %s)\n' "$repeats" \
    "$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')"
printf '%-58s %9s %9s %9s %9s\n' 'run' 'A cpu s' 'A wall s' 'B cpu s' 'B wall s'
for i in "${!runs[@]}"; do
    read -r -a cmd <<<"${runs[$i]}"
    for _ in $(seq "$repeats"); do
        timed "$work/$i.a" "$work/$i.a.out" "$a/${cmd[0]}" "${cmd[@]:1}"
        if [ -n "$b" ]; then
            timed "$work/$i.b" "$work/$i.b.out" "$b/${cmd[0]}" "${cmd[@]:1}"
        fi
    done
    if [ -n "$b" ]; then
        if ! cmp -s "$work/$i.a.out" "$work/$i.b.out"; then
            echo "OUTPUT DIFFERS: ${runs[$i]}" >&2
            exit 1
        fi
        printf '%-58s %9.3f %9.3f %9.3f %9.3f\n' "${runs[$i]}" \
            "$(median "$work/$i.a" 1)" "$(median "$work/$i.a" 2)" \
            "$(median "$work/$i.b" 1)" "$(median "$work/$i.b" 2)"
    else
        printf '%-58s %9.3f %9.3f\n' "${runs[$i]}" \
            "$(median "$work/$i.a" 1)" "$(median "$work/$i.a" 2)"
    fi
done
