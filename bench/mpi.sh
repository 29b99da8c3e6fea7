#!/usr/bin/env bash
# MPI against threads on one machine (issue 21's figures): the same
# computation by one process on 1 and on 2 threads, and by 1 and 2 MPI
# ranks of one thread each, wall time and the output checked identical.
#
#   bench/mpi.sh GRUNDY [N_SEQ] [N_SURVEY] [REPEATS]
#
# GRUNDY is a binary built with `--features mpi`. Defaults: Officers (0.6)
# to N_SEQ = 10^7 heaps, a survey of every 0.xyz code to N_SURVEY = 10^5,
# 3 repeats; the median wall time of each is printed. Runs as root need
# OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 (set here).
set -euo pipefail
g=${1:?usage: bench/mpi.sh GRUNDY [N_SEQ] [N_SURVEY] [REPEATS]}
nseq=${2:-10000000}
nsurvey=${3:-100000}
repeats=${4:-3}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# median of the numbers on stdin
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# time_run NAME COMMAND...: REPEATS runs, median wall seconds; the output
# (with survey times removed) must match the first configuration's.
time_run() {
    local name=$1; shift
    local times=()
    for _ in $(seq "$repeats"); do
        local t0 t1
        t0=$(date +%s.%N)
        "$@" > "$work/out" 2> "$work/err" || { cat "$work/err"; exit 1; }
        t1=$(date +%s.%N)
        times+=("$(echo "$t1 - $t0" | bc)")
    done
    sed 's/,"seconds":[^,}]*//' "$work/out" > "$work/$name.clean"
    printf '%-40s %8.2f s\n' "$name" "$(printf '%s\n' "${times[@]}" | median)"
}

check_same() {
    local first=$1; shift
    for other in "$@"; do
        cmp -s "$work/$first.clean" "$work/$other.clean" || { echo "output of $other differs from $first"; exit 1; }
    done
}

echo "== seq octal --code 0.6 -n $nseq --values (binary), median of $repeats"
v() { echo "$work/$1.bin"; }
time_run seq-1-thread  "$g" seq octal --code 0.6 -n "$nseq" --threads 1 --values "$(v a)"
time_run seq-2-threads "$g" seq octal --code 0.6 -n "$nseq" --threads 2 --values "$(v b)"
time_run seq-1-rank    mpirun -np 1 "$g" seq octal --code 0.6 -n "$nseq" --threads 1 --values "$(v c)" --mpi
time_run seq-2-ranks   mpirun -np 2 "$g" seq octal --code 0.6 -n "$nseq" --threads 1 --values "$(v d)" --mpi
for f in b c d; do cmp -s "$(v a)" "$(v $f)" || { echo "values $f differ"; exit 1; }; done

echo "== survey --codes 0.xyz -n $nsurvey --json, median of $repeats"
time_run survey-1-thread  "$g" survey --codes 0.xyz -n "$nsurvey" --json --threads 1
time_run survey-2-threads "$g" survey --codes 0.xyz -n "$nsurvey" --json --threads 2
time_run survey-1-rank    mpirun -np 1 "$g" survey --codes 0.xyz -n "$nsurvey" --json --threads 1 --mpi
time_run survey-2-ranks   mpirun -np 2 "$g" survey --codes 0.xyz -n "$nsurvey" --json --threads 1 --mpi
check_same survey-1-thread survey-2-threads survey-1-rank survey-2-ranks
echo "outputs identical"
