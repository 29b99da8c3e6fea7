#!/usr/bin/env bash
# `grundy analyze ring` end to end (process start, argument parsing, the
# solve, JSON output) against a plain C++ retrograde BFS (ring_bfs.cpp,
# built with g++ -O2) on the same ring: n objects, two random move sets of
# n/2 steps each drawn with a fixed seed. Checks both give the same table,
# then prints the best and median wall time of RUNS runs of each.
#
# Usage: bench/ring.sh [N] [RUNS]   (defaults 7000 and 11)
# Env:   CARGO_TARGET_DIR (default: target)
set -euo pipefail

n=${1:-7000}
runs=${2:-11}
. "$(dirname "$0")/lib.sh"
make_work
build_grundy
g++ -O2 -std=c++17 -o "$work/ring_bfs" "$root/bench/ring_bfs.cpp"

python3 - "$n" "$work" <<'PY'
import random, sys
n, work = int(sys.argv[1]), sys.argv[2]
rng = random.Random(20261123)
for name in ("a", "b"):
    steps = rng.sample(range(1, n), (n - 1) // 2 + 1 if n > 2 else 1)
    open(f"{work}/{name}", "w").write(",".join(map(str, steps)))
PY
a=$(cat "$work/a")
b=$(cat "$work/b")

"$grundy" analyze ring --n "$n" --a "$a" --b "$b" --json > "$work/grundy.json"
"$work/ring_bfs" "$n" "$a" "$b" > "$work/bfs.json"
python3 - "$work" <<'PY'
import json, sys
w = sys.argv[1]
g, c = json.load(open(f"{w}/grundy.json")), json.load(open(f"{w}/bfs.json"))
assert g["a_first"] == c["a_first"] and g["b_first"] == c["b_first"], "tables differ"
PY

time_runs() {
    python3 - "$runs" "$@" <<'PY'
import subprocess, sys, time
runs, cmd = int(sys.argv[1]), sys.argv[2:]
t = []
for _ in range(runs):
    s = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    t.append(time.perf_counter() - s)
t.sort()
print(f"best {t[0]:.3f} s, median {t[len(t) // 2]:.3f} s")
PY
}

echo "ring n=$n, two random sets of $(( (n - 1) / 2 + 1 )) steps; $runs runs each, wall time"
echo -n "grundy analyze ring --json: "
time_runs "$grundy" analyze ring --n "$n" --a "$a" --b "$b" --json
echo -n "C++ retrograde BFS (g++ -O2): "
time_runs "$work/ring_bfs" "$n" "$a" "$b"
