#!/usr/bin/env bash
# Two builds of `grundy` side by side on the same inputs: for each case the
# least CPU time (user + sys) of RUNS runs of each binary, alternating, and
# the ratio new/old. For a refactoring that must be "no slower": build the
# old commit into one target directory, the new into another, and run
#
#   bench/ab.sh OLD/release/grundy NEW/release/grundy
#
# Cases: batch answers of 10^5 random Wythoff positions (heaps up to
# 10^12), 10^5 random game31 prefixes and 10^5 random kayles sums (1-5
# heaps up to 200); a misère analysis of 4 tokens on a random 150-node
# graph (2.3 million reachable sums, the retrograde path); ring with n =
# 7000 and 3500 steps a side; seq of Officers (0.6) to 10^5; a scripted
# play of a loopy graph game to its draw by repetition. Answers of both
# binaries are compared (batch outputs and analyses byte for byte).
#
# Env: RUNS (default 5). INSTRUCTIONS=1 counts instructions instead
# (valgrind --tool=callgrind, one run of each binary: steady under load;
# batch inputs cut to their first INSTR_LINES lines, default 20000).
set -euo pipefail

old=${1:?usage: bench/ab.sh OLD_BINARY NEW_BINARY}
new=${2:?usage: bench/ab.sh OLD_BINARY NEW_BINARY}
runs=${RUNS:-5}
. "$(dirname "$0")/lib.sh"
make_work

python3 - "$work" "$root/bench" <<'PY'
import random, sys
w = sys.argv[1]
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[2])
import batch_inputs
rng = random.Random(20240531)
batch_inputs.write(w, 100000, rng)
with open(f"{w}/kayles.txt", "w") as f:
    for _ in range(100000):
        f.write(" ".join(str(rng.randint(0, 200)) for _ in range(rng.randint(1, 5))) + "\n")
rng = random.Random(7)
edges = []
for a in range(150):
    for _ in range(rng.randint(0, 3)):
        b = rng.randrange(150)
        if b != a:
            edges.append(f"n{a}-n{b}")
open(f"{w}/edges", "w").write(",".join(edges))
rng = random.Random(20261123)
for name in ("a", "b"):
    open(f"{w}/ring_{name}", "w").write(",".join(map(str, rng.sample(range(1, 7000), 3500))))
# A 3-cycle: every position is drawn, the match goes round to its draw.
open(f"{w}/play.txt", "w").write("1\n" * 40)
PY

edges=$(cat "$work/edges")
ring_a=$(cat "$work/ring_a")
ring_b=$(cat "$work/ring_b")

# name|stdin file or -|arguments (word-split; no case needs a space)
cases=(
    "batch-wythoff|$work/wythoff.txt|batch wythoff --threads 1"
    "batch-game31|$work/game31.txt|batch game31 --threads 1"
    "batch-kayles|$work/kayles.txt|batch kayles --threads 1"
    "graph-misere|-|analyze graph --edges $edges n0,n38,n101,n4 --misere --json --threads 1"
    "ring-7000|-|analyze ring --n 7000 --a $ring_a --b $ring_b --json --threads 1"
    "seq-officers|-|seq octal --code 0.6 -n 100000 --threads 1 --summary"
    "play-loopy|$work/play.txt|play graph --edges a-b,b-c,c-a a"
)

cpu() { # binary stdin args... -> prints CPU seconds, output to $work/out
    local bin=$1 input=$2
    shift 2
    local src=/dev/null
    [[ $input != - ]] && src=$input
    if [[ ${INSTRUCTIONS:-0} == 1 ]]; then
        [[ $input != - ]] && head -n "${INSTR_LINES:-20000}" "$input" >"$work/in" && src=$work/in
        valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$bin" "$@" <"$src" >"$work/out" 2>/dev/null || true
        awk '/^summary:/ { printf "%.4f", $2 / 1e9 }' "$work/cg"
        return
    fi
    /usr/bin/time -f "%U %S" -o "$work/t" "$bin" "$@" <"$src" >"$work/out" 2>/dev/null || true
    awk '{ printf "%.3f", $1 + $2 }' "$work/t"
}

[[ ${INSTRUCTIONS:-0} == 1 ]] && runs=1
unit=cpu_s; [[ ${INSTRUCTIONS:-0} == 1 ]] && unit=G_instr
printf "%-14s %10s %10s %7s\n" case "old_$unit" "new_$unit" new/old
for c in "${cases[@]}"; do
    IFS='|' read -r name input args <<<"$c"
    read -ra words <<<"$args"
    best_old=999999 best_new=999999
    for _ in $(seq "$runs"); do
        t=$(cpu "$old" "$input" "${words[@]}"); cp "$work/out" "$work/out.old"
        best_old=$(awk -v a="$t" -v b="$best_old" 'BEGIN { print (a < b) ? a : b }')
        t=$(cpu "$new" "$input" "${words[@]}")
        best_new=$(awk -v a="$t" -v b="$best_new" 'BEGIN { print (a < b) ? a : b }')
    done
    same=""
    if ! cmp -s "$work/out" "$work/out.old"; then same="  (outputs differ)"; fi
    awk -v n="$name" -v o="$best_old" -v w="$best_new" -v s="$same" \
        'BEGIN { printf "%-14s %10.4f %10.4f %7.3f%s\n", n, o, w, (o > 0 ? w / o : 0), s }'
done
