#!/usr/bin/env bash
# Build the browser engine: crates/wasm for wasm32, then wasm-bindgen (--target web) into
# web/pkg/ (git-ignored), and the folder authors copy, web/dist/ (git-ignored). Installs what it needs once: the wasm32 target and a
# wasm-bindgen-cli of exactly the wasm-bindgen version in Cargo.lock (the two must match).
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    rustup target add wasm32-unknown-unknown
fi

version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ -z "$version" ]; then
    echo "build-web: wasm-bindgen is not in Cargo.lock" >&2
    exit 1
fi
if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$version" ]; then
    # --locked first (the tool's own tested dependency set); if a crate of that lock file
    # has since been yanked from crates.io, resolve afresh (same wasm-bindgen version).
    cargo install wasm-bindgen-cli --version "$version" --locked ||
        cargo install wasm-bindgen-cli --version "$version"
fi

cargo build -p fairyboard-wasm --release --target wasm32-unknown-unknown
rm -rf web/pkg
wasm-bindgen --target web --no-typescript --out-dir web/pkg \
    "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/fairyboard_wasm.wasm"
echo "build-web: web/pkg/ ($(wc -c < web/pkg/fairyboard_wasm_bg.wasm) bytes of wasm)"

# web/dist/: the folder an author copies to host diagrams on any site (git-ignored).
#   idiagram.js  the classic-script include (web/loader.js)
#   lib/         the diagram's modules, stylesheet and web/pkg/
#   art/         the piece images (lib/art.js looks in ../art/)
rm -rf web/dist
mkdir -p web/dist/lib
cp web/loader.js web/dist/idiagram.js
for f in web/*.js web/*.css; do
    case "$(basename "$f")" in
        loader.js | wizard.*) ;;
        *) cp "$f" web/dist/lib/ ;;
    esac
done
cp -r web/pkg web/dist/lib/pkg
cp -r art web/dist/art
echo "build-web: web/dist/ ($(du -sh web/dist | cut -f1)): <script src=\".../dist/idiagram.js\"></script>"
