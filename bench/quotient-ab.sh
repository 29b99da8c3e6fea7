#!/usr/bin/env bash
# The large misère quotients of issue 36, two builds side by side:
# `grundy quotient octal --code C --max-heap N --json` for each case, RUNS
# runs of each binary alternating, and for each the least CPU time (user +
# sys, from /usr/bin/time), the least wall time, the peak resident size,
# the order reached, and whether the two answers are byte-identical.
#
#   bench/quotient-ab.sh OLD NEW [CASE...]
#
# OLD and NEW are grundy binaries. A CASE is CODE:MAX_HEAP (default: the
# issue's 0.07:33 0.54:40 0.35:12; 0.04:44 takes minutes). RUNS (default
# 3) and TIME_LIMIT (default 600 s a run) change the runs. Prints the load
# average before and after. Exit status 1 when the answers differ.
set -euo pipefail

old=${1:?usage: bench/quotient-ab.sh OLD NEW [CODE:MAX_HEAP...]}
new=${2:?usage: bench/quotient-ab.sh OLD NEW [CODE:MAX_HEAP...]}
shift 2
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(0.07:33 0.54:40 0.35:12)
runs=${RUNS:-3}
limit=${TIME_LIMIT:-600}
. "$(dirname "$0")/lib.sh"
make_work

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
differ=0
for case in "${cases[@]}"; do
    code=${case%%:*}
    heap=${case#*:}
    for side in old new; do : > "$work/$side.times"; done
    for _ in $(seq "$runs"); do
        for side in old new; do
            if [ $side = old ]; then bin=$old; else bin=$new; fi
            /usr/bin/time -o "$work/time" -f "%e %U %S %M" "$bin" quotient octal \
                --code "$code" --max-heap "$heap" --json --time-limit "$limit" \
                > "$work/$side.json" 2> "$work/$side.err" || true
            tail -n 1 "$work/time" >> "$work/$side.times"
        done
    done
    same=identical
    if ! cmp -s "$work/old.json" "$work/new.json"; then
        same=DIFFERENT
        differ=1
    fi
    for side in old new; do
        python3 - "$work" "$side" "$code" "$heap" <<'PY'
import json, sys, pathlib
work, side, code, heap = sys.argv[1:]
work = pathlib.Path(work)
rows = [list(map(float, l.split())) for l in (work / f"{side}.times").read_text().splitlines()]
cpu = min(r[1] + r[2] for r in rows)
wall = min(r[0] for r in rows)
rss = max(r[3] for r in rows) / 1024
try:
    q = json.loads((work / f"{side}.json").read_text())
    what = f"Q_{q['max_heap']} order {q['order']}"
except (ValueError, KeyError):
    what = "no answer: " + (work / f"{side}.err").read_text().strip()[:120]
print(f"{code} --max-heap {heap} {side}: {what}; CPU {cpu:.2f} s, wall {wall:.2f} s, {rss:.0f} MB")
PY
    done
    echo "  answers $same"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $differ
