#!/usr/bin/env bash
# Long fuzz runs for the execution counts of issue 19: runs each named
# target (default: every target) for SECONDS of wall time, niced, all at
# once, each from its committed seeds, the regressions and its own work
# corpus under WORK (kept between runs, so a later run goes on from what
# an earlier one found). A run that stops on a finding is restarted after
# its input is kept in WORK/findings/TARGET/; at the end one line per
# target gives the executions summed over its runs and the findings.
#
#   bash bench/fuzz-long.sh SECONDS WORK [TARGET...]
#
# Built as .ci/fuzz.sh builds (`-s none -O`) but without `-a`: debug
# assertions and overflow checks cost about a third of the speed, and the
# CI run and the regressions keep them.
#
# TRACE_COMPARES=0 builds and runs without comparison tracing
# (`--no-trace-compares`): the targets whose time goes to the engine run
# two to three times faster (the batch corpus replays in 27 s instead of
# 80), at the cost of guessing fewer magic values, which the committed
# seeds and corpora already hold.
#
# Inputs are cut at a length per target (-max_len): a checkpoint of 1,000
# values costs its extension a rescan of all of them (40 inputs a second
# against 2,000), a long rules file its compilation; the parsers' cases
# (headers, checksums, grammar) fit well within the cut. A checkpoint and
# a batch are cut at 256 bytes (128 values; a dozen lines or more): at
# 1,024 they ran at about 700 and 1,100 inputs a second on a core, a
# whole sequence rescanned or a dozen more answers an input. Logs are
# WORK/logs/TARGET.TAG.N.log, TAG from $RUN_TAG (default `run`).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:?seconds}
work=${2:?work directory}
shift 2
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || mapfile -t targets < <(cargo +nightly fuzz list)
trace=()
[[ ${TRACE_COMPARES:-1} == 0 ]] && trace=(--no-trace-compares)
cargo +nightly fuzz build -s none -O "${trace[@]}"
end=$(( $(date +%s) + seconds ))
run_target() {
    local t=$1 total=0 i=0
    mkdir -p "$work/$t" "$work/findings/$t" "$work/logs"
    while (( $(date +%s) < end - 5 )); do
        i=$((i + 1))
        local left=$(( end - $(date +%s) ))
        local log="$work/logs/$t.${RUN_TAG:-run}.$i.log"
        local max_len
        case $t in
            position|checkpoint|batch_lines) max_len=256 ;;
            rules_file) max_len=1024 ;;
            *) max_len=4096 ;;
        esac
        local seeds=("corpus/$t")
        [[ -d "regressions/$t" ]] && seeds+=("regressions/$t")
        ( ulimit -v 8000000
          nice -n 19 cargo +nightly fuzz run -s none -O "${trace[@]}" "$t" "$work/$t" "${seeds[@]}" -- \
            -max_total_time="$left" -max_len="$max_len" -rss_limit_mb=2048 -timeout=120 \
            -artifact_prefix="$work/findings/$t/" -print_final_stats=1 ) > "$log" 2>&1 || true
        local n
        n=$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#')
        total=$(( total + ${n:-0} ))
        grep -qE '==[0-9]+== ERROR|panicked|Test unit written' "$log" && \
            echo "$t: a finding in $log" >&2
    done
    echo "$t executions=$total runs=$i findings=$(ls "$work/findings/$t" | wc -l)"
}
for t in "${targets[@]}"; do
    run_target "$t" > "$work/$t.total" &
done
wait
cat "$work"/*.total
