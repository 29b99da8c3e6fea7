#!/usr/bin/env bash
# kill -9 at random moments of a checkpointed `grundy seq`, then resume.
#
#   bench/kill9.sh [TRIALS] [N]         # defaults 20 and 1000000
#
# One uninterrupted run writes the reference values file. Then, TRIALS
# times, in a fresh directory: the same command with --checkpoint (written
# every CHECKPOINT_EVERY seconds, default 0.2) is killed with SIGKILL at a
# random moment between 50 ms and 60% of the reference run's wall time,
# and run again to its end; its values file must be byte-identical to the
# reference and its summary identical. Last, a checkpoint with one byte
# changed, one cut short and one of another game must each be refused
# (exit status 2, the problem named) without touching the file.
#
# GAME (default grundy-game, which has no known period, so the whole run
# computes) and THREADS (default: every core) choose the run; SEED (default
# 19) fixes the kill moments. GRUNDY_BIN is the binary (default: built here
# with cargo build --release). Exits 1 unless every trial is identical and
# every damaged checkpoint is refused.
set -euo pipefail
cd "$(dirname "$0")/.."

trials=${1:-20}
n=${2:-1000000}
game=${GAME:-grundy-game}
every=${CHECKPOINT_EVERY:-0.2}
RANDOM=${SEED:-19}
if [[ -z "${GRUNDY_BIN:-}" ]]; then
    cargo build --release --quiet -p grundy-cli
    GRUNDY_BIN="${CARGO_TARGET_DIR:-$PWD/target}/release/grundy"
fi
bin=$(realpath "$GRUNDY_BIN")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

threads=()
[[ -n "${THREADS:-}" ]] && threads=(--threads "$THREADS")
run() { # the command every run gives, relative paths, in the current dir
    # exec: in a background job, $! is then grundy itself, not a subshell
    # (killing the subshell would leave grundy running beside the resume).
    exec "$bin" seq "$game" -n "$n" "${threads[@]}" --checkpoint seq.ckpt \
        --checkpoint-every "$every" --values values.bin "$@"
}
now_ms() { date +%s%3N; }

mkdir "$work/ref"
cd "$work/ref"
start=$(now_ms)
"$bin" seq "$game" -n "$n" "${threads[@]}" --values values.bin > summary.txt
ref_ms=$(( $(now_ms) - start ))
cd - > /dev/null
echo "reference: seq $game -n $n ${threads[*]}: $ref_ms ms, $(stat -c %s "$work/ref/values.bin") bytes"
[[ $ref_ms -ge 500 ]] || echo "note: the run is short; kills may come after its end (raise N)"

identical=0 killed=0 from_checkpoint=0 leftovers=0
for t in $(seq 1 "$trials"); do
    dir="$work/trial-$t"
    mkdir "$dir"
    cd "$dir"
    # 50 ms to 60% of the reference run, uniform over 32768 steps.
    delay_ms=$(( 50 + RANDOM * (ref_ms * 6 / 10 - 50) / 32768 ))
    run > /dev/null 2>&1 &
    pid=$!
    sleep "$(printf '%d.%03d' $((delay_ms / 1000)) $((delay_ms % 1000)))"
    state="finished before the kill"
    if kill -9 "$pid" 2> /dev/null; then
        killed=$((killed + 1))
        state="killed"
    fi
    wait "$pid" 2> /dev/null || true
    resumed_from=0
    if [[ -f seq.ckpt ]]; then
        from_checkpoint=$((from_checkpoint + 1))
        # heaps in the checkpoint: u64 count after the 26-byte header and name
        name_len=$(od -An -tu4 -j14 -N4 seq.ckpt | tr -d ' ')
        resumed_from=$(od -An -tu8 -j$((18 + name_len)) -N8 seq.ckpt | tr -d ' ')
    fi
    left=$(find . -name 'values.bin.partial*' | wc -l)
    leftovers=$((leftovers + left))
    status=0
    (run > summary.txt 2> stderr.txt) || status=$?
    verdict="DIFFERENT"
    if [[ $status -eq 0 ]] && cmp -s values.bin "$work/ref/values.bin" \
        && cmp -s summary.txt "$work/ref/summary.txt"; then
        verdict="identical"
        identical=$((identical + 1))
    fi
    printf 'trial %2d: %s at %5d ms, checkpoint of %8s heaps, %d partial file(s) left; resumed: exit %d, %s\n' \
        "$t" "$state" "$delay_ms" "$resumed_from" "$left" "$status" "$verdict"
    [[ $status -eq 0 ]] || sed 's/^/    /' stderr.txt
    cd - > /dev/null
done
echo "$identical of $trials resumed runs byte-identical ($killed killed mid-run, $from_checkpoint resumed from a checkpoint, $leftovers partial values files left by the kills)"

# Damaged checkpoints: each must be refused, exit 2, and left as it was.
refused=0
refuse() { # NAME EXPECTED-WORDS: runs on $work/bad/seq.ckpt
    local name=$1 words=$2 status=0 before after
    before=$(sha256sum "$work/bad/seq.ckpt")
    (cd "$work/bad" && run > /dev/null 2> stderr.txt) || status=$?
    after=$(sha256sum "$work/bad/seq.ckpt")
    if [[ $status -eq 2 ]] && grep -qiE "$words" "$work/bad/stderr.txt" && [[ $before == "$after" ]]; then
        refused=$((refused + 1))
        echo "$name checkpoint: refused: $(head -1 "$work/bad/stderr.txt")"
    else
        echo "$name checkpoint: NOT REFUSED (exit $status): $(head -1 "$work/bad/stderr.txt")"
    fi
}
good="$work/trial-$trials/seq.ckpt"
mkdir "$work/bad"
size=$(stat -c %s "$good")
cp "$good" "$work/bad/seq.ckpt"
# One byte of the values changed (the middle of the file).
byte=$(od -An -tu1 -j$((size / 2)) -N1 "$good" | tr -d ' ')
printf "$(printf '\\%03o' $(( (byte + 1) % 256 )))" \
    | dd of="$work/bad/seq.ckpt" bs=1 seek=$((size / 2)) conv=notrunc status=none
refuse "a changed" "corrupt|checksum"
head -c $((size - 1000)) "$good" > "$work/bad/seq.ckpt"
refuse "a truncated" "truncated|corrupt"
(cd "$work/bad" && rm -f seq.ckpt && "$bin" seq kayles -n 1000 --checkpoint seq.ckpt --summary > /dev/null)
refuse "another game's" "holds values of|not of"
echo "$refused of 3 damaged checkpoints refused"

[[ $identical -eq $trials && $refused -eq 3 ]]
