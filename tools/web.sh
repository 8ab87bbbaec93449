#!/usr/bin/env bash
# The browser build of ai-arcade.
#   tools/web.sh                 builds dist/web/ (index.html, ai-arcade.js, ai-arcade_bg.wasm,
#                                the worker that runs the searches: worker.js,
#                                ai-arcade-worker.js, ai-arcade-worker_bg.wasm; the Lab's
#                                worker, lab-worker.js, on the same wasm; and pyodide/, the
#                                Python the Lab loads when a Python program first runs, from
#                                npm at the version web/package-lock.json pins) and
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

# Pyodide (the Lab's Python) from npm, at the locked version; Node.js and npm when missing
if [[ ! -f web/node_modules/pyodide/pyodide.mjs ]]; then
  command -v npm >/dev/null 2>&1 || tools/deps.sh --web
  (cd web && npm ci --no-audit --no-fund)
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
cp web/index.html web/worker.js web/lab-worker.js "$dist/"
# what loadPyodide fetches, and Pyodide's licence (MPL-2.0) in its package.json and README
mkdir -p "$dist/pyodide"
for file in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json \
  package.json README.md; do
  cp "web/node_modules/pyodide/$file" "$dist/pyodide/"
done

python3 - "$dist" dist/ai-arcade-web.zip <<'PY'
import gzip, os, sys, zipfile
src, out = sys.argv[1], sys.argv[2]
files = sorted(
    os.path.relpath(os.path.join(root, name), src)
    for root, _, names in os.walk(src)
    for name in names
)
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for name in files:
        z.write(os.path.join(src, name), name)
# the first load is the page, the game and the search worker; the Lab's worker comes when the
# Lab opens, Python when a Python program first runs there
sums = {"first": [0, 0], "lab": [0, 0], "python": [0, 0]}
for name in files:
    data = open(os.path.join(src, name), "rb").read()
    packed = len(gzip.compress(data, 9))
    part = "python" if name.startswith("pyodide") else "lab" if name == "lab-worker.js" else "first"
    sums[part][0] += len(data)
    sums[part][1] += packed
    print(f"  {name}: {len(data) / 1e6:.2f} MB, {packed / 1e6:.2f} MB gzipped")
first, lab, python = sums["first"], sums["lab"], sums["python"]
print(f"first load: {first[0] / 1e6:.2f} MB, {first[1] / 1e6:.2f} MB gzipped (the budget, for --release, is 8 MB)")
print(f"the Lab's worker script: {lab[1] / 1e3:.1f} kB gzipped; Python for the Lab (Pyodide, "
      f"loaded when a Python program first runs): {python[0] / 1e6:.2f} MB, {python[1] / 1e6:.2f} MB gzipped")
print(f"zip: {out}")
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
