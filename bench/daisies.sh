#!/usr/bin/env bash
# Daisies (code 4.7), whose misère quotient grows at every heap: how far
# `grundy quotient` gets in a time limit, and the order of Q_n at every
# heap reached, written to bench/daisies-orders.txt.
# Usage: bench/daisies.sh [TIME_LIMIT_SECS]  (default 600)
# Builds the release binary first (into $CARGO_TARGET_DIR, else target/).
# The growth runs with a checkpoint; once the time limit stops it, the
# same command resumed at the last heap proven prints that quotient, whose
# JSON field `orders` holds Q_0..Q_n. Prints the wall and CPU time of the
# timed run and the load average before and after it.
set -u
cd "$(dirname "$0")/.."
cargo build --release -q -p grundy-cli
bin=${CARGO_TARGET_DIR:-target}/release/grundy
limit=${1:-600}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ckpt=$dir/daisies.ckpt
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
/usr/bin/time -o "$dir/time" -f "%e %U %S" \
    "$bin" quotient octal --code 4.7 --max-heap 10000 --json \
    --time-limit "$limit" --checkpoint "$ckpt" > /dev/null 2> "$dir/err"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
read -r wall user sys < <(tail -n 1 "$dir/time")
proven=$(grep -o 'proven through heap [0-9]*' "$dir/err" | grep -o '[0-9]*$')
if [ -z "$proven" ]; then
    echo "no heap proven: $(cat "$dir/err")" >&2
    exit 1
fi
commit=$(git rev-parse --short HEAD)
"$bin" quotient octal --code 4.7 --max-heap "$proven" --json \
    --checkpoint "$ckpt" --time-limit 600 > "$dir/q.json" || exit 1
python3 - "$dir/q.json" "$limit" "$wall" "$user" "$sys" "$load_before" "$load_after" "$commit" \
    > bench/daisies-orders.txt <<'EOF'
import json, sys
path, limit, wall, user, sys_, before, after, commit = sys.argv[1:]
q = json.load(open(path))
n = q['max_heap']
print("# Daisies (code 4.7): the order of the bounded misère quotient Q_n")
print(f"# for n = 0..{n}: how far `grundy quotient octal --code 4.7` got in")
print(f"# {limit} s (bench/daisies.sh), release build at commit {commit},")
print(f"# 2-core machine shared with other work: {wall} s wall, {float(user) + float(sys_):.1f} s CPU")
print(f"# (user + sys), load average {before} before, {after} after.")
print(f"# Q_{n}: order {q['order']}, {len(q['p_portion'])} elements in the P-portion,"
      f" {len(q['generators'])} generators; solved: {q['solved']}.")
print("# heap order")
for h, o in enumerate(q['orders']):
    print(h, o)
EOF
tail -n 1 bench/daisies-orders.txt
echo "Q_$proven in $wall s wall, $user + $sys s CPU"
