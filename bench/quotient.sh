#!/usr/bin/env bash
# Misère quotients: the time `grundy quotient` takes on the codes the
# literature measures, and the order of Q_n heap by heap for each.
# Usage: bench/quotient.sh [TIME_LIMIT_SECS]  (default 60 per code)
# Builds the release binary first (into $CARGO_TARGET_DIR, else target/).
# Prints the load average, then one line a code: the code, the outcome
# (order, solved or the limit hit), the wall time and the CPU time
# (user + sys), max_heap; then the orders Q_0.. for the solved ones.
# Q_33 of Dawson's Kayles (0.07) is asked for as the literature states it
# (`--max-heap 33`); Daisies (4.7) never settles: bench/daisies.sh gives
# its orders as far as a time limit reaches.
set -u
cd "$(dirname "$0")/.."
cargo build --release -q -p grundy-cli
bin=${CARGO_TARGET_DIR:-target}/release/grundy
limit=${1:-60}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
times=$(mktemp)
trap 'rm -f "$times"' EXIT
for code in 0.77 0.75 0.34 0.15 0.144 0.71 0.07:33 4.7; do
    max=()
    case $code in
        *:*) max=(--max-heap "${code#*:}"); code=${code%%:*} ;;
    esac
    out=$(/usr/bin/time -o "$times" -f "%e %U %S" \
        "$bin" quotient octal --code "$code" "${max[@]}" --json --time-limit "$limit" 2>&1)
    status=$?
    read -r wall user sys < <(tail -n 1 "$times")
    cpu=$(echo "$user + $sys" | bc)
    if [ $status -eq 0 ]; then
        echo "$out" | python3 -c "
import json, sys
q = json.load(sys.stdin)
print(f\"$code order {q['order']} solved {q['solved']} max_heap {q['max_heap']} preperiod {q['preperiod']} period {q['period']} wall $wall s cpu $cpu s\")
print('  orders', q['orders'])"
    else
        echo "$code not settled: ${out#error: } wall $wall s cpu $cpu s"
    fi
done
