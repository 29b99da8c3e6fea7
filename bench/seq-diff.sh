#!/usr/bin/env bash
# The values of two builds of `grundy seq`, compared byte for byte, code by
# code (a differential check, not a timing).
#
#   bench/seq-diff.sh OLD NEW N [CODES...]
#
# OLD and NEW are `grundy` binaries. CODES default to every 0.xy and 0.xyz
# code (8 * 8 + 8 * 8 * 8 = 576, the zero ones included). Each code's
# values to heap N (`seq octal --code C -n N --values -`, one per line) are
# hashed on both sides; JOBS codes run at once (default 2). Prints the
# codes whose values differ, then how many codes were compared (a code
# both builds refuse, such as 0.00, counts as agreeing); exit status 1 if
# any differ.
set -euo pipefail

old=${1:?usage: bench/seq-diff.sh OLD NEW N [CODES...]}
new=${2:?usage: bench/seq-diff.sh OLD NEW N [CODES...]}
n=${3:?usage: bench/seq-diff.sh OLD NEW N [CODES...]}
shift 3
codes=("$@")
if [ ${#codes[@]} -eq 0 ]; then
    for x in 0 1 2 3 4 5 6 7; do
        for y in 0 1 2 3 4 5 6 7; do
            codes+=("0.$x$y")
            for z in 0 1 2 3 4 5 6 7; do
                codes+=("0.$x$y$z")
            done
        done
    done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints "CODE same" or "CODE DIFFERS".
one() {
    local code=$1 a b
    a=$("$old" seq octal --code "$code" -n "$n" --threads 1 --values - 2>/dev/null | md5sum)
    b=$("$new" seq octal --code "$code" -n "$n" --threads 1 --values - 2>/dev/null | md5sum)
    if [ "$a" != "$b" ]; then
        echo "$code DIFFERS"
    elif [ "$a" = "$(printf '' | md5sum)" ]; then
        echo "$code refused by both"
    else
        echo "$code same"
    fi
}
export -f one
export old new n
printf '%s\n' "${codes[@]}" | xargs -P "${JOBS:-2}" -I{} bash -c 'one "$@"' _ {} >"$work/out"
grep DIFFERS "$work/out" || true
printf '%s codes compared to heap %s, %s differ\n' "$(wc -l <"$work/out")" "$n" \
    "$(grep -c DIFFERS "$work/out" || true)"
! grep -q DIFFERS "$work/out"
