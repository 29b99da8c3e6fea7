# Shared by the bench scripts, sourced after `set -euo pipefail`:
#
#   . "$(dirname "$0")/lib.sh"
#
# Sets `root` (the checkout) and `target` (CARGO_TARGET_DIR, exported,
# default $root/target), and gives the steps most scripts begin with.
# shellcheck shell=bash

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$root/target}
target=$CARGO_TARGET_DIR

# Sets `work` to a new scratch directory, removed when the script exits.
make_work() {
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
}

# Builds the release CLI; sets `grundy` to its path.
build_grundy() {
    cargo build --release -q -p grundy-cli --manifest-path "$root/Cargo.toml"
    grundy=$target/release/grundy
}

# Builds the sequence crate's `seq` example; sets `seq_example` to its path.
build_seq_example() {
    cargo build --release -q -p grundy-sequence --example seq --manifest-path "$root/Cargo.toml"
    seq_example=$target/release/examples/seq
}

# Sets `ogsolve` to OGSOLVE, else the one on PATH, else ~/.cargo/bin's
# (which may not exist: check with -x).
find_ogsolve() {
    ogsolve=${OGSOLVE:-$(command -v ogsolve || echo "$HOME/.cargo/bin/ogsolve")}
}
