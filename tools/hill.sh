#!/usr/bin/env bash
# The game's Mines robot and David Hill's JSMinesweeper solver (MIT licence) on the same expert
# boards, compared seed by seed (README, "The Mines robot": "Side by side with Hill's solver").
#
#   tools/hill.sh [safe|3,3] [GAMES] [FIRST-SEED] [--robot NAME=VALUE,…]
#
# safe: safe first click in the corner; 3,3: an opening at row 3, column 3. 2,000 games from
# seed 1 unless told. `bench mines --trace` writes the boards and the robot's guesses, Hill's
# solver (his repository at a pinned commit, cloned into ~/.cache/ai-arcade) plays the same
# boards in Node on every core, and `tools/hill/hill.js compare` pairs the two. Files are kept
# in target/hill/. JSMINESWEEPER=DIR uses a checkout of his repository already there (a machine
# without the network). Hill's solver takes about ten times the robot's time (some boards minutes).
set -euo pipefail
cd "$(dirname "$0")/.."

hill_repo=https://github.com/DavidNHill/JSMinesweeper.git
hill_commit=d8ff392543623c77e72b34e437ff30d68ca7178a
checkout="${JSMINESWEEPER:-${XDG_CACHE_HOME:-$HOME/.cache}/ai-arcade/jsminesweeper}"

usage() {
  echo "usage: tools/hill.sh [safe|3,3] [GAMES] [FIRST-SEED] [--robot NAME=VALUE,…]" >&2
  exit 2
}
start=${1:-safe}
games=${2:-2000}
seed=${3:-1}
robot=()
if [[ $# -ge 4 ]]; then
  [[ $4 == --robot && $# -eq 5 ]] || usage
  robot=(--robot "$5")
fi
case "$start" in
  safe) first=(--first-click safe) ;;
  3,3) first=(--first-click opening --first-cell 3,3) ;;
  *) usage ;;
esac
[[ $games =~ ^[1-9][0-9]*$ && $seed =~ ^[0-9]+$ ]] || usage
command -v node > /dev/null || { echo "tools/hill.sh: needs Node.js (apt install nodejs)" >&2; exit 2; }
command -v git > /dev/null || { echo "tools/hill.sh: needs git" >&2; exit 2; }

if [[ -n "${JSMINESWEEPER:-}" ]]; then
  [[ -f "$checkout/Minesweeper/client/solver_main.js" ]] ||
    { echo "tools/hill.sh: JSMINESWEEPER=$checkout is not a checkout of JSMinesweeper" >&2; exit 2; }
  if [[ "$(git -C "$checkout" rev-parse HEAD 2> /dev/null)" != "$hill_commit" ]]; then
    echo "tools/hill.sh: note: $checkout is not at commit $hill_commit, README's figures were" >&2
  fi
elif [[ "$(git -C "$checkout" rev-parse HEAD 2> /dev/null)" != "$hill_commit" ]]; then
  rm -rf "$checkout"
  mkdir -p "$(dirname "$checkout")"
  git clone --quiet "$hill_repo" "$checkout"
  git -C "$checkout" checkout --quiet "$hill_commit"
fi

cargo build --release --no-default-features --locked --bin ai-arcade
target_dir=${CARGO_TARGET_DIR:-target}
work=target/hill
mkdir -p "$work"
name="${start/,/-}-$seed-$games"
trace="$work/ours-$name.jsonl"
"$target_dir/release/ai-arcade" bench mines --width 30 --height 16 --mines 99 --lives 1 \
  "${first[@]}" --games "$games" --seed "$seed" "${robot[@]}" --trace "$trace"

parts=$(nproc)
pids=()
for ((k = 0; k < parts; k++)); do
  node tools/hill/hill.js play "$checkout" "$trace" "$work/hill-$name.part$k" "$k/$parts" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid"; done
{
  head -n 1 "$work/hill-$name.part0"
  for ((k = 0; k < parts; k++)); do tail -n +2 "$work/hill-$name.part$k"; done
} > "$work/hill-$name.jsonl"
rm -f "$work"/hill-"$name".part*
node tools/hill/hill.js compare "$trace" "$work/hill-$name.jsonl" --list 20
