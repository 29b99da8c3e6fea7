#!/usr/bin/env bash
# Misère quotients: the time `grundy quotient` takes on the codes the
# literature measures, and the order of Q_n heap by heap for each.
# Usage: bench/quotient.sh [TIME_LIMIT_SECS]  (default 60 per code)
# Builds the release binary first. Prints one line a code: the code, the
# outcome (order, solved or the limit hit), the wall time, max_heap; then
# the orders Q_0.. for the solved ones.
set -u
cd "$(dirname "$0")/.."
cargo build --release -q -p grundy-cli
bin=target/release/grundy
limit=${1:-60}
for code in 0.77 0.75 0.34 0.15 0.144 0.71 0.07 4.7; do
    start=$(date +%s.%N)
    out=$("$bin" quotient octal --code "$code" --json --time-limit "$limit" 2>&1)
    status=$?
    end=$(date +%s.%N)
    secs=$(echo "$end - $start" | bc)
    if [ $status -eq 0 ]; then
        echo "$out" | python3 -c "
import json, sys
q = json.load(sys.stdin)
print(f\"$code order {q['order']} solved {q['solved']} max_heap {q['max_heap']} preperiod {q['preperiod']} period {q['period']} seconds $secs\")
print('  orders', q['orders'])"
    else
        echo "$code not settled: ${out#error: } seconds $secs"
    fi
done
