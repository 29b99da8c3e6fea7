#!/usr/bin/env bash
# grundy's misère quotients against Siegel's MisereSolver, side by side.
#
#   MISERESOLVER="java -XX:+UseSerialGC -cp DIR MsDriver" \
#       bench/misere-solver.sh [JOB...]
#
# MisereSolver is not part of this repository: MISERESOLVER is the command
# that runs it through a driver taking `CODE heap N` (grow to heap N) or
# `CODE secs S heap N` (grow for S seconds of wall time, at most to heap
# N), stopping early when the misère periodicity test holds, and printing
# key=value lines: heap, order, p_portion, solved, preperiod, period,
# orders (the order of Q_k for every k, as [a, b, ...]).
#
# A JOB is CODE:HEAP (both grow Q_HEAP, or stop earlier when solved) or
# CODE@SECS (both grow for SECS seconds of wall time, to heap MAX_HEAP
# at most, default 300). Default jobs: 0.75:300 0.77:300 0.07:33 0.54@20.
# grundy runs `quotient octal --code C --json --threads 1` (built unless
# GRUNDY names a binary). RUNS (default 3) runs of each, alternating;
# for each side the least CPU time (user + sys, /usr/bin/time) and wall
# time, the peak resident size, and the heap and order reached. Then the
# answers are compared: the order of Q_k at every heap both reached, the
# P-portion's size at the last common heap when both stopped there, and
# the pre-period and period when both solved. Prints the load average
# before and after; exit status 1 on any disagreement.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
peer=${MISERESOLVER:?set MISERESOLVER to the command that runs the MisereSolver driver}
if [ -n "${GRUNDY:-}" ]; then grundy=$GRUNDY; else build_grundy; fi
jobs=("$@")
[ ${#jobs[@]} -gt 0 ] || jobs=(0.75:300 0.77:300 0.07:33 0.54@20)
runs=${RUNS:-3}
max_heap=${MAX_HEAP:-300}
make_work

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
bad=0
for job in "${jobs[@]}"; do
    case $job in
        *:*) code=${job%%:*}; heap=${job#*:}; secs= ;;
        *@*) code=${job%%@*}; secs=${job#*@}; heap=$max_heap ;;
        *) echo "bad job '$job': want CODE:HEAP or CODE@SECS" >&2; exit 2 ;;
    esac
    : > "$work/g.times"; : > "$work/m.times"
    for _ in $(seq "$runs"); do
        rm -f "$work/g.ck"
        if [ -z "$secs" ]; then
            glimit=(--time-limit 86400); mjob=(heap "$heap")
        else
            glimit=(--time-limit "$secs" --checkpoint "$work/g.ck" --checkpoint-every 86400)
            mjob=(secs "$secs" heap "$heap")
        fi
        /usr/bin/time -o "$work/time" -f "%e %U %S %M" "$grundy" quotient octal \
            --code "$code" --max-heap "$heap" --json --threads 1 "${glimit[@]}" \
            > "$work/g.json" 2> "$work/g.err" || true
        tail -n 1 "$work/time" >> "$work/g.times"
        # shellcheck disable=SC2086
        /usr/bin/time -o "$work/time" -f "%e %U %S %M" $peer "$code" "${mjob[@]}" \
            > "$work/m.out" 2> "$work/m.err" || true
        tail -n 1 "$work/time" >> "$work/m.times"
    done
    # A timed grundy run that stopped at its limit prints no JSON: the
    # quotient it proved is read back from its checkpoint.
    if [ ! -s "$work/g.json" ] && [ -f "$work/g.ck" ]; then
        reached=$(sed -n 's/.*proven through heap \([0-9]*\) .*/\1/p' "$work/g.err")
        if [ -n "$reached" ]; then
            "$grundy" quotient octal --code "$code" --max-heap "$reached" --json \
                --threads 1 --checkpoint "$work/g.ck" > "$work/g.json" 2>> "$work/g.err" || true
        fi
    fi
    python3 - "$work" "$job" <<'PY' || bad=1
import ast, json, pathlib, sys
work, job = pathlib.Path(sys.argv[1]), sys.argv[2]

def times(side):
    rows = [list(map(float, l.split())) for l in (work / f"{side}.times").read_text().splitlines()]
    return (min(r[1] + r[2] for r in rows), min(r[0] for r in rows), max(r[3] for r in rows) / 1024)

try:
    g = json.loads((work / "g.json").read_text())
except ValueError:
    g = None
m = {}
for line in (work / "m.out").read_text().splitlines():
    k, _, v = line.partition("=")
    m[k] = v
ok = True
for side, name, ans in (("g", "grundy", g), ("m", "MisereSolver", m if "heap" in m else None)):
    cpu, wall, rss = times(side)
    if ans is None:
        err = (work / f"{side}.err").read_text().strip().replace("\n", " ")[:160]
        print(f"{job} {name}: no answer ({err}); CPU {cpu:.2f} s, wall {wall:.2f} s, {rss:.0f} MB")
        ok = False
        continue
    if side == "g":
        heap, order, pp, solved = g["max_heap"], g["order"], len(g["p_portion"]), g["solved"]
        per = (g["preperiod"], g["period"])
    else:
        heap, order, pp, solved = int(m["heap"]), int(m["order"]), int(m["p_portion"]), m["solved"] == "true"
        per = (m["preperiod"], m["period"])
    what = f"Q_{heap} order {order} P-portion {pp}" + (f", solved (pre-period {per[0]}, period {per[1]})" if solved else "")
    print(f"{job} {name}: {what}; CPU {cpu:.2f} s, wall {wall:.2f} s, {rss:.0f} MB")
if ok:
    go, mo = g["orders"], ast.literal_eval(m["orders"])
    mp = ast.literal_eval(m["p_portions"])
    common = min(len(go), len(mo))
    diffs = [k for k in range(common) if go[k] != mo[k]]
    if diffs:
        k = diffs[0]
        print(f"  DISAGREE: order of Q_{k}: grundy {go[k]}, MisereSolver {mo[k]}")
        ok = False
    if g["max_heap"] == common - 1 and len(g["p_portion"]) != mp[common - 1]:
        print(f"  DISAGREE: P-portion of Q_{common - 1}: grundy {len(g['p_portion'])}, MisereSolver {mp[common - 1]}")
        ok = False
    ms_solved = m["solved"] == "true"
    if g["solved"] and ms_solved and (str(g["preperiod"]), str(g["period"])) != (m["preperiod"], m["period"]):
        print(f"  DISAGREE: periods: grundy {g['preperiod']}/{g['period']}, MisereSolver {m['preperiod']}/{m['period']}")
        ok = False
    if g["max_heap"] == int(m["heap"]) and g["solved"] != ms_solved:
        print(f"  DISAGREE: solved at Q_{g['max_heap']}: grundy {g['solved']}, MisereSolver {ms_solved}")
        ok = False
    if ok:
        print(f"  agree on Q_0..Q_{common - 1}")
sys.exit(0 if ok else 1)
PY
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $bad
