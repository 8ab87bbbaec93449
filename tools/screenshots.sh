#!/usr/bin/env bash
# Regenerates the README screenshots in docs/ with the game's own `shot` command, in a virtual
# display when there is no screen. Run from the repository root after `cargo build`.
set -euo pipefail
bin="${CARGO_TARGET_DIR:-target}/debug/ai-arcade"
run() {
  if [[ -n "${DISPLAY:-}" ]]; then "$bin" "$@"; else xvfb-run -a -s "-screen 0 1920x1080x24" "$bin" "$@"; fi
}
mkdir -p docs
run shot --mode menu --out docs/menu.png
run shot --mode explore --out docs/explore.png
run shot --mode runner --seed 7 --keys right,right,right,space --frames 30 --out docs/runner.png
run shot --mode runner --seed 3 --generator wilson --size 101 --keys right,enter,plus,plus,plus,plus \
  --frames 60 --out docs/runner-win.png
run shot --mode slide --seed 7 --keys t --frames 90 --out docs/slide.png
run shot --mode slide --seed 11 --keys rbracket,h --frames 150 --out docs/slide-15.png
run shot --mode mines --seed 3 --keys f2 --frames 60 --out docs/mines.png
run shot --mode mines --seed 3 --keys f2,plus,plus,plus,plus,plus,plus,plus --frames 400 --out docs/mines-win.png
