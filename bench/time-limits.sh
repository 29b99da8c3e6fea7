#!/usr/bin/env bash
# How long the commands of crates/cli/tests/cli/time_limits.rs (and the
# Python package's time-limit tests) take against their --time-limit: the
# tests check what each command answers (the time-limit error, a refusal,
# an answer), never a duration; the durations are measured here.
#
#   bench/time-limits.sh [GRUNDY]     (default: this tree's release build)
#
# Prints the load average, then one line a case: its name, the limit
# given, the wall and CPU seconds (user + sys, /usr/bin/time), the exit
# status and the start of the first line of stderr. A case whose wall time
# passes its limit by more than a second is marked SLOW (the bound the
# tests once asserted was the limit plus one to four seconds). The Python
# cases run when `python3 -c 'import grundy'` works (e.g. in a virtual
# environment where `maturin develop --release -m crates/python/Cargo.toml`
# installed the package); PYTHON names another interpreter.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -ge 1 ]; then
    bin=$(realpath "$1")
else
    (cd "$root" && cargo build --release -q -p grundy-cli)
    bin=${CARGO_TARGET_DIR:-$root/target}/release/grundy
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-34s %6s %8s %8s %4s  %s\n' case limit wall cpu exit stderr

# run NAME LIMIT INPUT ARGS...: one case (LIMIT in seconds, "-" if none).
run() {
    local name=$1 limit=$2 input=$3
    shift 3
    local status=0
    printf '%b' "$input" | /usr/bin/time -o "$work/time" -f "%e %U %S" \
        "$bin" "$@" > /dev/null 2> "$work/err" || status=$?
    read -r wall user sys < <(tail -n 1 "$work/time")
    local cpu mark=""
    cpu=$(printf "%.2f" "$(echo "$user + $sys" | bc)")
    if [ "$limit" != - ] && [ "$(echo "$wall > $limit + 1" | bc)" = 1 ]; then
        mark=" SLOW"
    fi
    printf '%-34s %6s %8s %8s %4s  %s%s\n' "$name" "$limit" "$wall" "$cpu" "$status" \
        "$(head -n 1 "$work/err" | cut -c1-70)" "$mark"
}

lasker=()
for _ in $(seq 1000); do lasker+=(100000); done
run lasker-misere-refused 0.5 "" analyze lasker "${lasker[@]}" --misere --time-limit 0.5
run heavy-code-clock 1 "" analyze octal --code "0.$(printf 'F%.0s' $(seq 1024))" 1000000 --time-limit 1
run grunt-coin-product 0.5 "" analyze coin-product --x grunt --y grunt 1000000,1000000 --time-limit 0.5
run grunt-coins 0.5 "" analyze coins --rule grunt 1000000:1000000 --time-limit 0.5
rows=()
for _ in $(seq 1000); do rows+=(1,2,3,4,5,6,7,8,9,10); done
run checkers-play-counted 0.5 'q\n' play checkers "${rows[@]}" --time-limit 0.5
run checkers-explain 0.5 "" analyze checkers "${rows[@]}" --explain --time-limit 0.5
star=()
for i in $(seq 100000); do star+=("0-$i"); done
run misere-star-100000 0.5 "" analyze hackenbush "${star[@]}" --misere --outcome-only --time-limit 0.5
mkfifo "$work/fifo"
run named-pipe-rules 1 "" analyze --rules "$work/fifo" 5 --time-limit 1
run staircase-play-fallback 1 '1\nq\n' play staircase 100000 --time-limit 1
run kayles-3000000-play 0.3 '2\nq\n' play kayles 3000000 --time-limit 0.3
run long-code-misere-quotient 0.25 "" analyze octal \
    --code .1300000000000000000000000000000000000000000000000000000012297829382473034410A53 \
    756 --misere --time-limit 0.25
run learner-0.06 1 "" quotient octal --code 0.06 --max-heap 40 --time-limit 1
run learner-0.4 1 "" quotient octal --code 0.4 --max-heap 40 --time-limit 1
run misere-staircase-100000 0.05 "" analyze staircase --misere 100000 --time-limit 0.05
run nim-1e8-summary-and-plot 1 "" seq nim -n 100000000 --summary --plot "$work/nim.svg" \
    --time-limit 1
run nim-1e8-density-png 1 "" seq nim -n 100000000 --summary --plot "$work/nim.png" \
    --plot-style density --time-limit 1

# Green Hackenbush lines of 10^6 edges (a path, a star, a random tree)
# through batch, each at 0.5 s and 1 s (issue 35).
python3 - "$work" <<'PY'
import sys
n, out = 1_000_000, sys.argv[1]
x, trees = 12345, []
for i in range(1, n + 1):
    x = (x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    trees.append(f"{(x >> 33) % i}-{i}")
shapes = {"path": (f"{i - 1}-{i}" for i in range(1, n + 1)),
          "star": (f"0-{i}" for i in range(1, n + 1)), "tree": trees}
for name, edges in shapes.items():
    with open(f"{out}/{name}", "w") as f:
        f.write(" ".join(edges) + "\n")
PY
for limit in 0.5 1; do
    for shape in path star tree; do
        run "hackenbush-$shape-1e6" $limit "$(cat "$work/$shape")" batch hackenbush --time-limit $limit
    done
done
run kayles-3000000-analyze 0.3 "" analyze kayles 3000000 --time-limit 0.3
run kayles-1e12-first-3e6-moves 2 "" analyze kayles 1000000000000 --max-moves 3000000 \
    --max-memory 200M --time-limit 2
run kayles-1e12-first-3e6-8G 0.3 "" analyze kayles 1000000000000 --max-moves 3000000 \
    --max-memory 8G --time-limit 0.3

python=${PYTHON:-python3}
if ! "$python" -c 'import grundy' 2> /dev/null; then
    echo "python: no grundy package for $python, its cases skipped"
    exit 0
fi
"$python" - <<'EOF'
import threading, time
import grundy


def take_134(n):
    return [n - k for k in (1, 3, 4) if k <= n]


def slow(n):
    time.sleep(0.002)
    return take_134(n)


def case(name, limit, call):
    start = time.perf_counter()
    try:
        call()
        outcome = "answered"
    except grundy.LimitError as e:
        outcome = str(e).splitlines()[0][:70]
    wall = time.perf_counter() - start
    mark = " SLOW" if wall > limit + 1 else ""
    print(f"{name:<34} {limit:>6} {wall:8.2f} {'':>8} {'':>4}  {outcome}{mark}")


g = grundy.Game(moves=slow)
case("python-slow-callable-seq", 0.3, lambda: g.seq(5000, time_limit=0.3))
case("python-slow-callable-analyze", 0.2, lambda: g.analyze(3000, time_limit=0.2))


def spin(n):
    end = time.perf_counter() + 10
    while time.perf_counter() < end:
        pass
    return []


case("python-one-call-of-10s", 0.2, lambda: grundy.Game(moves=spin).analyze(1, time_limit=0.2))
case("python-grundy-game-seq", 0.5,
     lambda: grundy.seq("grundy-game", 2_000_000, time_limit=0.5, threads=1))
EOF
