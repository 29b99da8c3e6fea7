#!/usr/bin/env bash
# Builds the page's engine: crates/wasm for wasm32-unknown-unknown, then
# wasm-bindgen's JavaScript glue into web/pkg. Afterwards web/ is the whole
# site: serve it with any static file server, e.g.
#   python3 -m http.server -d web 8000 --bind 127.0.0.1
#
# What it installs, each only when missing, and says so before doing it:
# - the Rust target wasm32-unknown-unknown (`rustup target add`);
# - wasm-bindgen-cli of the version of the wasm-bindgen crate in
#   Cargo.lock, from the Rust crate registry (`cargo install`) into <target>/tools, when
#   no wasm-bindgen of that version is on PATH.
# <target> is cargo's target directory: CARGO_TARGET_DIR when set (a
# relative one is taken from the workspace root, where cargo runs), else
# target/ at the workspace root.
#
# web/pkg is replaced only once the new build is complete: a failed build
# leaves the last good one in place.
set -euo pipefail
cd "$(dirname "$0")/.."
say() { echo "web/build.sh: $*" >&2; }

version=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' Cargo.lock)
[ -n "$version" ] || { say "no wasm-bindgen in Cargo.lock"; exit 1; }

target_dir=${CARGO_TARGET_DIR:-$PWD/target}
# A relative CARGO_TARGET_DIR is relative to where cargo runs: here.
case $target_dir in /*) ;; *) target_dir="$PWD/$target_dir" ;; esac

bindgen=wasm-bindgen
if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version)" != "wasm-bindgen $version" ]; then
    bindgen="$target_dir/tools/bin/wasm-bindgen"
    if [ ! -x "$bindgen" ] || [ "$("$bindgen" --version)" != "wasm-bindgen $version" ]; then
        say "installing wasm-bindgen-cli $version from the Rust crate registry into $target_dir/tools (a few minutes, once)"
        cargo install --quiet wasm-bindgen-cli --version "$version" --root "$target_dir/tools"
    fi
fi
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "installing the Rust target wasm32-unknown-unknown (rustup target add)"
    rustup target add wasm32-unknown-unknown
fi

cargo build --release --locked -p grundy-wasm --target wasm32-unknown-unknown

# The glue goes to a fresh directory beside web/pkg, which it replaces
# only when complete.
new=$(mktemp -d web/.pkg.XXXXXX)
trap 'rm -rf "$new"' EXIT
"$bindgen" --target web --no-typescript --out-dir "$new" \
    "$target_dir/wasm32-unknown-unknown/release/grundy_wasm.wasm"
chmod 755 "$new"
rm -rf web/.pkg.old
[ ! -e web/pkg ] || mv web/pkg web/.pkg.old
mv "$new" web/pkg || { [ ! -e web/.pkg.old ] || mv web/.pkg.old web/pkg; exit 1; }
rm -rf web/.pkg.old
say "built web/pkg ($(du -k web/pkg/grundy_wasm_bg.wasm | cut -f1) KiB of wasm)"
