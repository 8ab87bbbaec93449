#!/usr/bin/env bash
# The browser build of ai-arcade.
#   tools/web.sh                 builds dist/web/ (index.html, ai-arcade.js, ai-arcade_bg.wasm,
#                                and the worker that runs the searches: worker.js,
#                                ai-arcade-worker.js, ai-arcade-worker_bg.wasm) and
#                                dist/ai-arcade-web.zip (index.html at its root, for itch.io)
#   tools/web.sh serve [PORT]    builds, then serves dist/web on http://127.0.0.1:PORT (8000)
#   tools/web.sh test            builds, then plays the bundle in headless Chromium
#                                (tests/web/browser.mjs; installs chromium, Node.js and
#                                playwright-core when missing)
#   tools/web.sh --release …     the published bundle: optimised for size (a much longer build)
# It adds the wasm32-unknown-unknown target and installs wasm-bindgen-cli at the version
# Cargo.lock pins when they are missing. Nothing in the bundle is fetched from another host.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=dev
worker_profile=dev
if [[ "${1:-}" == "--release" ]]; then
  # the game small (it is downloaded), the worker fast (it searches; it is small anyway)
  profile=web-release
  worker_profile=release
  shift
fi
command="${1:-build}"
port="${2:-8000}"
case "$command" in
  build | serve | test) ;;
  *)
    echo "usage: tools/web.sh [--release] [build | serve [PORT] | test]" >&2
    exit 2
    ;;
esac

target_dir="${CARGO_TARGET_DIR:-target}"
dist=dist/web

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  echo "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# wasm-bindgen-cli must be the very version the wasm-bindgen crate is locked at
wanted=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
have=$(wasm-bindgen --version 2>/dev/null | awk '{ print $2 }' || true)
if [[ "$have" != "$wanted" ]]; then
  echo "installing wasm-bindgen-cli $wanted (from crates.io)"
  # --locked fails: one of the CLI's locked dependencies is no longer in the registry
  cargo install wasm-bindgen-cli --version "=$wanted" --no-default-features
fi

# the game (Bevy), then the worker (the pure core: no Bevy)
cargo build --locked --target wasm32-unknown-unknown --features web --bin ai-arcade \
  --profile "$profile"
cargo build --locked --target wasm32-unknown-unknown --no-default-features --features worker \
  --bin ai-arcade-worker --profile "$worker_profile"
folder() { if [[ "$1" == "dev" ]]; then echo debug; else echo "$1"; fi; }
wasm="$target_dir/wasm32-unknown-unknown"

rm -rf "$dist"
mkdir -p "$dist"
wasm-bindgen --target web --no-typescript --out-dir "$dist" --out-name ai-arcade \
  "$wasm/$(folder "$profile")/ai-arcade.wasm"
wasm-bindgen --target web --no-typescript --out-dir "$dist" --out-name ai-arcade-worker \
  "$wasm/$(folder "$worker_profile")/ai-arcade-worker.wasm"
cp web/index.html web/worker.js "$dist/"

python3 - "$dist" dist/ai-arcade-web.zip <<'PY'
import gzip, os, sys, zipfile
src, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for name in sorted(os.listdir(src)):
        z.write(os.path.join(src, name), name)
total = raw = 0
for name in sorted(os.listdir(src)):
    data = open(os.path.join(src, name), "rb").read()
    packed = len(gzip.compress(data, 9))
    raw += len(data); total += packed
    print(f"  {name}: {len(data) / 1e6:.2f} MB, {packed / 1e6:.2f} MB gzipped")
print(f"bundle: {raw / 1e6:.2f} MB, {total / 1e6:.2f} MB gzipped; zip: {out}")
PY

if [[ "$command" == "test" ]]; then
  # Debian's chromium (WebGL2 from its SwiftShader) and Node.js for playwright-core
  tools/deps.sh --web
  if [[ ! -d tests/web/node_modules/playwright-core ]]; then
    (cd tests/web && npm ci --no-audit --no-fund)
  fi
  exec node tests/web/browser.mjs "$dist" --chromium "$(command -v chromium)"
fi

if [[ "$command" == "serve" ]]; then
  echo "serving on http://127.0.0.1:$port/ (Ctrl+C stops)"
  exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$dist"
fi
