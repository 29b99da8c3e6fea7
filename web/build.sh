#!/usr/bin/env bash
# Builds the page's engine: crates/wasm for wasm32-unknown-unknown, then
# wasm-bindgen's JavaScript glue into web/pkg. Afterwards web/ is the whole
# site: serve it with any static file server, e.g.
#   python3 -m http.server -d web 8000 --bind 127.0.0.1
# Needs the wasm32-unknown-unknown target (rustup target add) and
# wasm-bindgen-cli of the same version as the wasm-bindgen crate; when it
# is not on PATH it is installed from crates.io into target/tools.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' Cargo.lock)
[ -n "$version" ] || { echo "web/build.sh: no wasm-bindgen in Cargo.lock" >&2; exit 1; }
bindgen=wasm-bindgen
if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version)" != "wasm-bindgen $version" ]; then
    bindgen="$PWD/target/tools/bin/wasm-bindgen"
    if [ ! -x "$bindgen" ] || [ "$("$bindgen" --version)" != "wasm-bindgen $version" ]; then
        cargo install --quiet wasm-bindgen-cli --version "$version" --root target/tools
    fi
fi
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
cargo build --release --locked -p grundy-wasm --target wasm32-unknown-unknown
rm -rf web/pkg
"$bindgen" --target web --no-typescript --out-dir web/pkg \
    target/wasm32-unknown-unknown/release/grundy_wasm.wasm
echo "web/build.sh: built web/pkg ($(du -k web/pkg/grundy_wasm_bg.wasm | cut -f1) KiB of wasm)"
