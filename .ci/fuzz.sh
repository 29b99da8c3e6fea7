#!/usr/bin/env bash
# CI: build every fuzz target of fuzz/ and run each for a short time
# (FUZZ_SECONDS each, default 20: about three minutes for the nine, after
# the build) from its seed corpus and the inputs that failed before
# (fuzz/regressions/TARGET/), failing on any crash, panic, timeout or
# memory blow-up. A failing input is kept in fuzz/artifacts/TARGET/ and
# printed in base64; `cargo +nightly fuzz run -s none -a -O TARGET FILE`
# replays it.
#
# Needs the nightly toolchain (installed with rustup when missing) and
# cargo-fuzz (installed from the Rust crate registry when missing). The targets are
# built without a sanitizer (`-s none`: the code is safe Rust, and what
# fuzzing finds there is panics, overflows, hangs and memory blow-ups),
# with debug assertions and overflow checks on (`-a`).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
export CARGO_TERM_COLOR=never
seconds=${FUZZ_SECONDS:-20}

if ! rustup run nightly rustc --version > /dev/null 2>&1; then
    rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version > /dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

flags=(-s none -a -O)
cargo +nightly fuzz build "${flags[@]}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for target in $(cargo +nightly fuzz list); do
    echo "== fuzz $target (${seconds} s)"
    mkdir "$work/$target"
    # New inputs go to the scratch directory; the committed seeds stay as
    # they are. A 2 GB cap on what the process holds, 8 GB on what it maps.
    # The inputs that once failed (regressions/TARGET) run first, with the seeds.
    seeds=("corpus/$target")
    [[ -d "regressions/$target" ]] && seeds+=("regressions/$target")
    status=0
    (
        ulimit -v 8000000
        cargo +nightly fuzz run "${flags[@]}" "$target" "$work/$target" "${seeds[@]}" -- \
            -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=60 -print_final_stats=1
    ) > "$work/$target.log" 2>&1 || status=$?
    grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|==[0-9]+== ERROR|SUMMARY|Base64)|panicked|^ +(left|right):' \
        "$work/$target.log" || true
    if [[ $status -ne 0 ]]; then
        tail -n 40 "$work/$target.log" >&2
        echo "fuzz target $target failed (status $status); the input is in fuzz/artifacts/$target/" >&2
        exit 1
    fi
done
