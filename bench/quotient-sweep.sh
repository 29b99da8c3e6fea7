#!/usr/bin/env bash
# The quotient sweep: `grundy quotient octal --code C --max-heap 40 --json
# --time-limit 2` over every code 0.x, 0.xy, 0.xyz and 4.x whose last digit
# is not 0 (518 codes: every octal code of those forms the parser accepts;
# 4 is the one digit other than 0 an octal code may have before the
# point), by two builds side by side, code by code, one process at a time
# and niced, so that both meet the same load.
#
#   bench/quotient-sweep.sh BEFORE [AFTER]
#
# BEFORE and AFTER are grundy binaries (AFTER defaults to this tree's
# release build, built first). TIME_LIMIT (default 2) and MAX_HEAP
# (default 40) change the command; OUT names the directory that keeps
# every answer (default a fresh temporary one, kept and printed).
#
# Prints the load average, then per build: codes answered (exit status 0),
# of them solved (the whole game's quotient), the wall and CPU seconds of
# the whole sweep (user + sys, from /usr/bin/time); then the codes
# answered by one build only, and those whose JSON differs between the
# two (the JSON has no timing field: answers must be byte-identical).
# Exit status 1 when a code answered before is not answered after, or
# answered differently; 2 on a usage error.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ ! -x "$1" ]; then
    echo "usage: bench/quotient-sweep.sh BEFORE [AFTER]  (grundy binaries)" >&2
    exit 2
fi
before=$(realpath "$1")
if [ $# -eq 2 ]; then
    after=$(realpath "$2")
else
    (cd "$root" && cargo build --release -q -p grundy-cli)
    after=${CARGO_TARGET_DIR:-$root/target}/release/grundy
fi
limit=${TIME_LIMIT:-2}
max_heap=${MAX_HEAP:-40}
out=${OUT:-$(mktemp -d)}
mkdir -p "$out/before" "$out/after"

codes=()
for x in 1 2 3 4 5 6 7; do codes+=("0.$x" "4.$x"); done
for x in 0 1 2 3 4 5 6 7; do
    for y in 1 2 3 4 5 6 7; do codes+=("0.$x$y"); done
    for y in 0 1 2 3 4 5 6 7; do
        for z in 1 2 3 4 5 6 7; do codes+=("0.$x$y$z"); done
    done
done

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "${#codes[@]} codes, --max-heap $max_heap --time-limit $limit; answers in $out"
# One line a code and build: code, exit status, wall, user, sys.
for side in before after; do : > "$out/$side.times"; done
for code in "${codes[@]}"; do
    for side in before after; do
        if [ $side = before ]; then bin=$before; else bin=$after; fi
        status=0
        nice -n 10 /usr/bin/time -o "$out/time" -f "%e %U %S" \
            "$bin" quotient octal --code "$code" --max-heap "$max_heap" --json \
            --time-limit "$limit" > "$out/$side/$code.json" 2> "$out/$side/$code.err" || status=$?
        echo "$code $status $(tail -n 1 "$out/time")" >> "$out/$side.times"
    done
done
rm -f "$out/time"

python3 - "$out" <<'EOF'
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
runs = {}
for side in ("before", "after"):
    rows = {}
    for line in (out / f"{side}.times").read_text().splitlines():
        code, status, wall, user, sys_ = line.split()
        rows[code] = (int(status), float(wall), float(user) + float(sys_))
    runs[side] = rows
answered = {s: {c for c, r in rows.items() if r[0] == 0} for s, rows in runs.items()}
for side, rows in runs.items():
    solved = sum(json.loads((out / side / f"{c}.json").read_text())["solved"] for c in answered[side])
    wall = sum(r[1] for r in rows.values())
    cpu = sum(r[2] for r in rows.values())
    print(f"{side}: {len(answered[side])} answered, {solved} solved; "
          f"{wall:.1f} s wall, {cpu:.1f} s CPU in all")
lost = sorted(answered["before"] - answered["after"])
gained = sorted(answered["after"] - answered["before"])
differ = sorted(c for c in answered["before"] & answered["after"]
                if (out / "before" / f"{c}.json").read_bytes() != (out / "after" / f"{c}.json").read_bytes())
print("answered before only:", " ".join(lost) or "none")
print("answered after only:", " ".join(gained) or "none")
print("answered by both, JSON differs:", " ".join(differ) or "none")
slower = sorted(((runs["after"][c][1] - runs["before"][c][1], c)
                 for c in answered["before"] & answered["after"]), reverse=True)[:5]
print("most slower after (wall s):", ", ".join(f"{c} {d:+.2f}" for d, c in slower))
sys.exit(1 if lost or differ else 0)
EOF
