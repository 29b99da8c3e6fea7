#!/usr/bin/env bash
# Times grundy-sequence against ogsolve on one game and heap count, and
# checks that both give the same values.
#
#   bench/octal-vs-ogsolve.sh [CODE] [N] [METHOD] [THREADS]
#   bench/octal-vs-ogsolve.sh 0.6 1000000            # rc, one thread
#   bench/octal-vs-ogsolve.sh 0.007 100000 rc 1
#   bench/octal-vs-ogsolve.sh 0.6 1000000 parallel 2
#
# Both tools compute heaps 0..=N with no shortcut from periods
# (seq --no-period), ogsolve with its fastest method (-m rc2). Times are
# wall clock of the whole process, measured here. Exit status 1 if the
# values differ.
set -euo pipefail

code=${1:-0.6}
n=${2:-1000000}
method=${3:-rc}
threads=${4:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/work/target-seq}
ogsolve=${OGSOLVE:-$(command -v ogsolve || echo "$HOME/.cargo/bin/ogsolve")}

(cd "$root" && cargo build --release -q -p grundy-sequence --example seq)
seq_bin=$CARGO_TARGET_DIR/release/examples/seq
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

now() { date +%s.%N; }

t0=$(now)
"$ogsolve" -m rc2 -n "$n" -p "$code" >"$work/og.txt"
t1=$(now)
"$seq_bin" "$code" "$n" --method "$method" --threads "$threads" --no-period --print \
    >"$work/ours.txt" 2>"$work/ours.err"
t2=$(now)

# ogsolve prints " nimbers: v0 v1 ...": one value per line, like ours.
grep '^ *nimbers:' "$work/og.txt" | sed 's/^ *nimbers://' | tr -s ' ' '\n' | sed '/^$/d' >"$work/og-values.txt"

og_time=$(echo "$t1 - $t0" | bc -l)
our_time=$(echo "$t2 - $t1" | bc -l)
printf 'game %s  n %s\n' "$code" "$n"
printf 'ogsolve -m rc2            %8.3f s\n' "$og_time"
printf 'grundy-sequence %-9s %8.3f s  (%s thread(s))\n' "$method" "$our_time" "$threads"
printf 'speed-up                  %8.2fx\n' "$(echo "$og_time / $our_time" | bc -l)"
if cmp -s "$work/og-values.txt" "$work/ours.txt"; then
    printf 'values agree: %s values, sha256 %s\n' "$(wc -l <"$work/ours.txt")" \
        "$(sha256sum "$work/ours.txt" | cut -c1-16)"
else
    echo "VALUES DIFFER" >&2
    diff "$work/og-values.txt" "$work/ours.txt" | head -5 >&2
    exit 1
fi
