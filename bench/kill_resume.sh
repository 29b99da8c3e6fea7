#!/usr/bin/env bash
# kill -9 and Ctrl-C at random moments of `seq`, `quotient`, `survey` and
# `survey --misere` with --checkpoint, each followed by a resume.
#
#   bench/kill_resume.sh [TRIALS]      # default 20 of each signal per command
#
# For each command: one uninterrupted run gives the reference output.
# Then TRIALS times with SIGKILL and TRIALS times with SIGINT, in a fresh
# directory: the command with --checkpoint (saved every 0.2 s) gets the
# signal at a random moment between 20 ms and 90% of the reference's wall
# time; a SIGINT must end it with status 130 and one line saying how to
# go on (or it had finished: status 0); then the same command, run again
# to its end, must print the reference's output byte for byte (a
# survey's `seconds` made 0: they are each run's own). Prints one line a
# trial and the counts; exits 1 unless every resumed output is identical
# and every interrupted run said how to go on.
#
# The quotient's run reaches heap 31 of 0.07, whose heap 30 the learner
# proves layer by layer for about 2 s: a SIGINT there keeps its last
# layer, and the message says so ("with heap 30's sums of up to k copies
# learned"; counted as "within a heap").
#
# SEED (default 37) fixes the moments; GRUNDY_BIN is the binary (default:
# built here with cargo build --release); ONLY (a command's first word, or
# "survey --misere") runs that command alone.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
trials=${1:-20}
RANDOM=${SEED:-37}
if [[ -z "${GRUNDY_BIN:-}" ]]; then
    build_grundy
    GRUNDY_BIN=$grundy
fi
bin=$(realpath "$GRUNDY_BIN")
make_work

commands=(
    "seq octal --code 0.6 -n 400000 --threads 1"
    "quotient octal --code 0.07 --max-heap 31 --json"
    "survey --codes 0.xy -n 10000 --json --threads 2"
    "survey --misere --codes 0.75,0.07,0.77 --max-heap 26 --json --threads 2"
)
now_ms() { date +%s%3N; }
timeless() { sed -E 's/"seconds":[-+0-9.eE]+/"seconds":0/g'; }

total=0 identical=0 interrupted=0 told=0 killed=0 early=0 within=0
for cmd in "${commands[@]}"; do
    name=${cmd%% *}
    [[ $cmd == *--misere* ]] && name="survey --misere"
    [[ -z "${ONLY:-}" || "$ONLY" == "$name" ]] || continue
    read -ra words <<< "$cmd"
    # seq and quotient save every 0.2 s; a survey saves each line.
    every=()
    [[ $name == survey* ]] || every=(--checkpoint-every 0.2)
    mkdir -p "$work/ref"
    start=$(now_ms)
    "$bin" "${words[@]}" | timeless > "$work/ref/out"
    ref_ms=$(( $(now_ms) - start ))
    echo "== $name: reference $ref_ms ms ($cmd)"
    for signal in KILL INT; do
        for t in $(seq 1 "$trials"); do
            dir="$work/$name-$signal-$t"
            dir=${dir// /_}
            mkdir -p "$dir"
            cd "$dir"
            delay_ms=$(( 20 + RANDOM * (ref_ms * 9 / 10 - 20) / 32768 ))
            # exec: $! is grundy itself, not a subshell.
            (exec "$bin" "${words[@]}" --checkpoint run.ck "${every[@]}" > /dev/null 2> first.err) &
            pid=$!
            sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
            kill -"$signal" "$pid" 2> /dev/null || true
            status=0
            wait "$pid" 2> /dev/null || status=$?
            state="exit $status"
            case $status in
                0) early=$((early + 1)); state="finished first" ;;
                137) killed=$((killed + 1)); state="killed" ;;
                130)
                    interrupted=$((interrupted + 1))
                    state="interrupted"
                    if grep -qE "kept in the checkpoint run.ck( \(with heap [0-9]+'s sums of up to [0-9]+ cop(y|ies) learned\))?: the same command goes on from there: .*${words[*]}" first.err; then
                        told=$((told + 1))
                        if grep -qE "cop(y|ies) learned" first.err; then
                            within=$((within + 1))
                            state="interrupted within a heap"
                        fi
                    else
                        state="interrupted WITHOUT THE MESSAGE: $(head -c 300 first.err)"
                    fi
                    ;;
            esac
            resumed=0
            "$bin" "${words[@]}" --checkpoint run.ck "${every[@]}" 2> resume.err | timeless > out || resumed=$?
            verdict="DIFFERENT"
            if [[ $resumed -eq 0 ]] && cmp -s out "$work/ref/out"; then
                verdict="identical"
                identical=$((identical + 1))
            fi
            total=$((total + 1))
            printf '%-16s %-4s %2d: at %5d ms %s; resumed: exit %d, %s\n' \
                "$name" "$signal" "$t" "$delay_ms" "$state" "$resumed" "$verdict"
            [[ $resumed -eq 0 ]] || sed 's/^/    /' resume.err
            cd "$work"
        done
    done
done
echo "$identical of $total resumed outputs byte-identical; $killed killed by SIGKILL, $interrupted ended by SIGINT ($told said how to go on, $within of them keeping a layer within a heap), $early finished before the signal"
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
[[ $identical -eq $total && $told -eq $interrupted ]]
