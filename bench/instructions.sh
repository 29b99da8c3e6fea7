#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind) of a fixed set of grundy
# commands for two binaries, side by side. Instructions, unlike seconds, do
# not move when other work shares the machine, so this is how a refactor's
# "no slower" is checked here. Covers memoised normal-play search, misère
# search of whole sums, theory answers, the engine's mex tables (Wythoff's
# values, paint2xn's runs) and a batch.
#
# Usage: bench/instructions.sh OLD_BINARY NEW_BINARY
set -euo pipefail

old=$1
new=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import random, sys
rng = random.Random(7)
with open(f"{sys.argv[1]}/wythoff.txt", "w") as f:
    for _ in range(2000):
        f.write(f"{rng.randint(0, 300)} {rng.randint(0, 300)}\n")
PY

cases=(
  "analyze game31 -"
  "analyze multiplication --target 34012226"
  "analyze paint2xn --n 60"
  "analyze xo-row --misere ............"
  "analyze chessmen --misere 3 9 14 20"
  "analyze staircase --misere 3 2 4 1 2"
  "analyze lasker --misere 9 7 5"
  "analyze kayles-row --misere IIIIIIIIIIIIIIIIIII.IIIIIIIIIII"
  "analyze octal --code 0.137 --misere 22 13"
  "analyze treblecross --misere ............."
  "analyze wythoff 180 260 --max-states 1000000"
  "analyze wythoff 1000 1700"
  "analyze paint2xn --n 10000 -"
  "analyze treblecross --misere ..............."
  "analyze checkers --misere 15,16,17 13,14 11"
)

count() {
  local bin=$1; shift
  local out="$work/cg.out"
  valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$@" >/dev/null 2>"$work/err" || true
  grep -m1 -o 'Collected : [0-9]*' "$work/err" | grep -o '[0-9]*$'
}

printf '%-60s %15s %15s %8s\n' command old new new/old
for c in "${cases[@]}"; do
  # shellcheck disable=SC2086
  a=$(count "$old" $c)
  # shellcheck disable=SC2086
  b=$(count "$new" $c)
  printf '%-60s %15s %15s %8.3f\n' "$c" "$a" "$b" "$(echo "$b / $a" | bc -l)"
done
a=$(valgrind --tool=callgrind --callgrind-out-file="$work/o" "$old" batch wythoff <"$work/wythoff.txt" 2>&1 >/dev/null | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$')
b=$(valgrind --tool=callgrind --callgrind-out-file="$work/n" "$new" batch wythoff <"$work/wythoff.txt" 2>&1 >/dev/null | grep -o 'Collected : [0-9]*' | grep -o '[0-9]*$')
printf '%-60s %15s %15s %8.3f\n' "batch wythoff (2000 positions)" "$a" "$b" "$(echo "$b / $a" | bc -l)"
