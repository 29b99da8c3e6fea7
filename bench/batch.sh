#!/usr/bin/env bash
# Throughput of `grundy batch`: 10^5 random Wythoff positions (two heaps up
# to 10^12) and 10^5 random legal game31 prefixes, generated with a fixed
# seed, each answered by one batch run. Prints positions per second.
#
# Usage: bench/batch.sh [COUNT]   (default 100000)
# Env:   CARGO_TARGET_DIR (default: target), THREADS (passed as --threads),
#        RUNS (runs per game, default 5: the median run is printed, by wall
#        time, with the fastest and slowest wall times), OUT (where the
#        answers go: a file in a temporary directory by default, or
#        /dev/null)
set -euo pipefail

count=${1:-100000}
. "$(dirname "$0")/lib.sh"
make_work
build_grundy

python3 - "$count" "$work" "$root/bench" <<'PY'
import random, sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[3])
import batch_inputs
batch_inputs.write(sys.argv[2], int(sys.argv[1]), random.Random(20240531))
PY

threads=()
if [[ -n "${THREADS:-}" ]]; then threads=(--threads "$THREADS"); fi

# Wall time depends on what else the machine runs; CPU time (user + sys)
# is printed too, as the steadier figure on a shared machine.
run() {
    local game=$1 input=$2
    local status lines out
    out=${OUT:-$work/out.jsonl}
    : >"$work/times"
    for _ in $(seq "${RUNS:-5}"); do
        rm -f "$work/out.jsonl"
        set +e
        /usr/bin/time -f "%e %U %S" -o "$work/time" \
            "$grundy" batch "$game" "${threads[@]}" <"$input" >"$out"
        status=$?
        set -e
        if [[ $out != /dev/null ]]; then
            lines=$(wc -l <"$out")
        else
            lines=$count
        fi
        if [[ $status -ne 0 || $lines -ne $count ]]; then
            echo "grundy batch $game: exit $status, $lines of $count lines answered" >&2
            grep -m3 '"error"' "$out" >&2 || true
            exit 1
        fi
        cat "$work/time" >>"$work/times"
    done
    sort -g "$work/times" | awk -v g="$game" -v n="$count" '
        { wall[NR] = $1; cpu[NR] = $2 + $3 }
        END {
            m = int((NR + 1) / 2)
            printf "%-8s %d positions, median of %d runs: wall %.2f s (%.0f positions/s), cpu %.2f s (%.0f positions/s); wall %.2f-%.2f s\n",
                g, n, NR, wall[m], n / (wall[m] > 0 ? wall[m] : 0.01), cpu[m],
                n / (cpu[m] > 0 ? cpu[m] : 0.01), wall[1], wall[NR]
        }'
}

run wythoff "$work/wythoff.txt"
run game31 "$work/game31.txt"
