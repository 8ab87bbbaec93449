#!/usr/bin/env bash
# Regenerates the README pictures in docs/ (and README.zh-CN.md's in docs/zh/) with the game's own `shot` command (every mode, every
# Showcase scene, the gamepad in the panels, and an animated GIF of the Showcase's race), in a
# virtual display when there is no screen. Run from the repository root after `cargo build`
# (or `cargo test --no-run`). Shots run at a fixed 1/30 s of game time per frame.
set -euo pipefail
bin="${CARGO_TARGET_DIR:-target}/debug/ai-arcade"
run() {
  if [[ -n "${DISPLAY:-}" ]]; then "$bin" "$@"; else xvfb-run -a -s "-screen 0 1920x1080x24" "$bin" "$@"; fi
}
mkdir -p docs docs/zh

# every mode in Chinese, for README.zh-CN.md (`tools/screenshots.sh zh` makes only these)
chinese() {
  run shot --lang zh --mode menu --out docs/zh/menu.png
  run shot --lang zh --mode explore --frames 120 --out docs/zh/explore.png
  run shot --lang zh --mode runner --seed 7 --keys right,right,right,space --frames 30 --out docs/zh/runner.png
  run shot --lang zh --mode slide --seed 7 --keys t --frames 90 --out docs/zh/slide.png
  run shot --lang zh --mode mines --seed 3 --keys f2 --frames 60 --out docs/zh/mines.png
  run shot --lang zh --mode showcase --seed 1 --keys right,right,right,right --frames 220 \
    --out docs/zh/showcase.png
}
# the Lab: the tests' Python programs with the starter's helper, run from the repository root
lab_python="env PYTHONPATH=src/core/lab/starters python3 tests/lab"
lab() {
  run shot --lang zh --mode lab --task slide-astar-manhattan \
    --program "$lab_python/best_first.py f fifo" --keys enter --frames 90 --out docs/zh/lab.png
  run shot --mode lab --task maze-astar --program "$lab_python/best_first.py f fifo" \
    --keys right,right,enter --frames 90 --out docs/lab-run.png
  run shot --mode lab --task explore-dfs --program "$lab_python/wrong_order_dfs.py" \
    --keys enter --frames 400 --out docs/lab-violation.png
  run shot --mode lab --task maze-astar --program "$lab_python/best_first.py f lifo" \
    --keys right,right,enter,f2 --frames 150 --out docs/lab-race.png
  run shot --mode lab --task mines-robot --program "$lab_python/mines_agent.py" \
    --keys enter --frames 200 --out docs/lab-mines.png
  # a student's IDA* mid-film: its branch in place of OPEN, its iteration's tree under the boards
  run shot --mode lab --task slide-idastar --program "$lab_python/idastar.py parent task" \
    --width 1400 --height 900 --keys right,enter --frames 150 --out docs/lab-tree.png
  # greedy best-first on Romania, drawn as the textbook's map: it goes by Fagaras (450, not 418)
  run shot --mode lab --task graph-greedy --program "$lab_python/best_first.py h fifo" \
    --width 1400 --height 900 --keys enter --frames 150 --out docs/lab-graph.png
}
chinese
lab
if [[ "${1:-}" == "zh" ]]; then exit 0; fi

run shot --mode menu --out docs/menu.png
run shot --mode explore --out docs/explore.png
# Learn: the ball's search at its 22nd step; A* on a Runner maze; "you are the algorithm" asking
# (pad-start and 14 pad-downs reach its box); the 8-puzzle's search tree
run shot --mode explore --width 1400 --height 860 --out docs/learn-explore.png \
  --keys "l$(printf ',period%.0s' $(seq 21))"
run shot --id runner-prim-21x21-7 --frames 120 --width 1400 --height 860 \
  --out docs/learn-runner-astar.png --keys "l$(printf ',period%.0s' $(seq 34))"
run shot --id runner-prim-21x21-7 --frames 150 --width 1400 --height 860 \
  --out docs/learn-you-are-the-algorithm.png \
  --keys "l,pad-start$(printf ',pad-down%.0s' $(seq 14)),pad-a,pad-b$(printf ',period%.0s' $(seq 30))"
# the textbook's 8-puzzle (2 8 3 / 1 6 4 / 7 0 5 to 1 2 3 / 8 0 4 / 7 6 5) by A* with misplaced
# tiles (five g's from Manhattan), its search tree at the last step
run shot --id slide-283164705-123804765 --frames 150 --width 1400 --height 900 \
  --out docs/learn-slide-tree.png --keys "g,g,g,g,g,l$(printf ',period%.0s' $(seq 30))"
# the robot's reasoning in Mines: the robot plays a while (40 idle keys), stops, Learn, 2 steps
run shot --mode mines --seed 3 --width 1400 --height 860 --frames 60 --out docs/learn-mines.png \
  --keys "f2$(printf ',z%.0s' $(seq 40)),f2,l$(printf ',period%.0s' $(seq 2))"
run shot --mode runner --seed 7 --keys right,right,right,space --frames 30 --out docs/runner.png
run shot --mode runner --seed 3 --generator wilson --size 101 --keys right,enter,plus,plus,plus,plus \
  --frames 260 --out docs/runner-win.png
run shot --mode slide --seed 7 --keys t --frames 90 --out docs/slide.png
run shot --mode slide --seed 11 --keys rbracket,h --frames 150 --out docs/slide-15.png
run shot --mode mines --seed 3 --keys f2 --frames 60 --out docs/mines.png
run shot --mode mines --seed 3 --keys f2,plus,plus,plus,plus,plus,plus,plus --frames 400 --out docs/mines-win.png
# the gamepad alone: Start into the panels, down to "expert", A
run shot --mode mines --seed 3 --keys pad-start,pad-down,pad-down,pad-down,pad-down,pad-down,pad-down,pad-down \
  --frames 10 --out docs/gamepad-panels.png
# every Showcase scene, partway through (scene k is k presses of "right" from the first)
scene() { # name, presses, frames
  local keys=""
  for ((i = 0; i < $2; i++)); do keys+="right,"; done
  run shot --mode showcase --seed 1 ${keys:+--keys "${keys%,}"} --frames "$3" --out "docs/showcase-$1.png"
}
scene prim 0 200
scene backtracker 1 200
scene kruskal 2 200
scene wilson 3 200
scene race 4 220
scene explore 5 200
scene heuristics 6 200
scene databases 7 260
scene robot 8 300
# the race as an animation: 36 pictures a third of a second apart, played three times as fast
rm -rf docs/.frames && mkdir -p docs/.frames
run shot --mode showcase --seed 1 --keys right,right,right,right --frames 20 --series 36 --every 10 \
  --out docs/.frames/race.png
python3 tools/make_gif.py docs/showcase-race.gif 11 docs/.frames/race-*.png
rm -rf docs/.frames
