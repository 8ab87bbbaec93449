#!/usr/bin/env bash
# ai-arcade for Windows, built and tested here: cross-built for x86_64-pc-windows-gnu with
# Debian's mingw-w64, run under Wine on Xvfb with Mesa's software Vulkan.
#   tools/windows.sh build   the release .exe pair: ai-arcade.exe (the windowed game) and
#                            ai-arcade-console.exe (its console twin, shipped as ai-arcade.com)
#   tools/windows.sh core    the core and command-line tests (no Bevy), built for Windows and
#                            run under Wine (what .ci/run does)
#   tools/windows.sh test    build, core, then the game under Wine as a Windows user would
#                            meet it: started with DISPLAY cleared inside the Windows
#                            environment (Windows has none), it does not refuse to start; a
#                            shot of every mode, each compared with the Linux shot of the same
#                            mode; the menu in Chinese under a Chinese
#                            locale; the settings kept across restarts in the user's AppData;
#                            all of it run from a folder with a space and Chinese in its name,
#                            the user's folders under C:\users\张伟. Pictures and the
#                            comparison go to dist/windows/.
# It installs what is missing (the target, mingw-w64, Wine, Xvfb) and makes a Wine prefix of its
# own (WINEPREFIX, default ~/.cache/ai-arcade/wine) with a stand-in bcryptprimitives.dll built
# from tools/windows/ (Wine 8.0 lacks it; Rust's std needs it). A cold release build of Bevy
# for Windows takes as long as the Linux one (most of an hour on two cores): .ci/run runs only
# `core`; run `test` before a release.
set -euo pipefail
cd "$(dirname "$0")/.."

command="${1:-test}"
case "$command" in
  build | core | test) ;;
  *)
    echo "usage: tools/windows.sh [build | core | test]" >&2
    exit 2
    ;;
esac

target=x86_64-pc-windows-gnu
target_dir="${CARGO_TARGET_DIR:-target}"
export CARGO_TARGET_DIR="$target_dir"
export WINEPREFIX="${WINEPREFIX:-$HOME/.cache/ai-arcade/wine}"
export WINEDEBUG=-all
export LANG=C.UTF-8
# The Windows user's folders, under a Chinese name (Wine names the profile after the Linux
# account; the prefix's registry points the user's folders here instead)
user=张伟

source tools/apt-install.sh

toolchain() {
  install_missing mingw-w64
  rustup target list --installed | grep -qx "$target" || rustup target add "$target"
}

# The Wine prefix, made once, with the stand-in DLL (rebuilt when its source changes).
prefix() {
  install_missing wine wine64 xvfb xauth mesa-vulkan-drivers libvulkan1
  if [[ ! -f "$WINEPREFIX/system.reg" ]]; then
    echo "making the Wine prefix $WINEPREFIX"
    wineboot -i >/dev/null 2>&1 || true
    wineserver -w
  fi
  local folders='HKCU\Software\Microsoft\Windows\CurrentVersion\Explorer'
  local name folder
  for name in "AppData" "Local AppData"; do
    folder='AppData\Roaming'
    [[ "$name" == "Local AppData" ]] && folder='AppData\Local'
    mkdir -p "$WINEPREFIX/drive_c/users/$user/${folder//\\//}"
    wine reg add "$folders\User Shell Folders" /v "$name" /t REG_EXPAND_SZ \
      /d "C:\\users\\$user\\$folder" /f >/dev/null 2>&1
    wine reg add "$folders\Shell Folders" /v "$name" /t REG_SZ \
      /d "C:\\users\\$user\\$folder" /f >/dev/null 2>&1
  done
  # Xvfb's one screen mode has no refresh rate: through XRandR Wine reports modes without it,
  # which winit refuses (an assertion); without XRandR Wine reports the screen's mode whole
  local driver='HKCU\Software\Wine\X11 Driver'
  wine reg add "$driver" /v UseXRandR /t REG_SZ /d N /f >/dev/null 2>&1
  wine reg add "$driver" /v UseXVidMode /t REG_SZ /d N /f >/dev/null 2>&1
  local dll="$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
  if [[ ! -f "$dll" || tools/windows/bcryptprimitives.c -nt "$dll" ]]; then
    x86_64-w64-mingw32-gcc -O2 -shared -o "$dll" tools/windows/bcryptprimitives.c \
      tools/windows/bcryptprimitives.def -lbcrypt
  fi
}

build() {
  toolchain
  cargo build --release --locked --target "$target" --bin ai-arcade --bin ai-arcade-console
}

core() {
  toolchain
  prefix
  # the test binaries are Windows programs: cargo runs each under Wine
  CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER=wine \
    cargo test --locked --no-default-features --target "$target"
}

case "$command" in
  build)
    build
    exit 0
    ;;
  core)
    core
    exit 0
    ;;
esac

build
# WINDOWS_SKIP_CORE=1: the game's part alone (when only the game changed since the last run)
[[ -n "${WINDOWS_SKIP_CORE:-}" ]] || core

out=dist/windows
rm -rf "$out"
mkdir -p "$out"
# the game installed where a student might put it: a space and Chinese in the folder's name
install_dir="$WINEPREFIX/drive_c/Program Files/ai-arcade 游戏"
mkdir -p "$install_dir"
cp "$target_dir/$target/release/ai-arcade.exe" "$install_dir/"
cp "$target_dir/$target/release/ai-arcade-console.exe" "$install_dir/ai-arcade.com"
exe='C:\Program Files\ai-arcade 游戏\ai-arcade.exe'
appdata="$WINEPREFIX/drive_c/users/$user/AppData/Roaming/ai-arcade"
rm -rf "$appdata"

# The Linux game for the reference shots: the development build (it draws the same pictures).
linux_target="${LINUX_TARGET_DIR:-$HOME/.cache/ai-arcade/target}"
CARGO_TARGET_DIR="$linux_target" cargo build --locked --bin ai-arcade
linux="$linux_target/debug/ai-arcade"

screen=(xvfb-run -a -s "-screen 0 1920x1080x24")
# `windows_shot NAME LOCALE ARGS…`: a shot by the Windows game under Wine into
# $out/NAME-windows.png
windows_shot() {
  local name="$1" locale="$2"
  shift 2
  local png
  png="$(winepath -w "$PWD/$out/$name-windows.png")"
  # each shot has an X server of its own: Wine's server and desktop of the last one must go
  wineserver -k >/dev/null 2>&1 || true
  LANG="$locale" WGPU_BACKEND=vulkan "${screen[@]}" \
    wine "$exe" shot --out "$png" "$@" >"$out/$name-windows.log" 2>&1 || {
    echo "the Windows shot $name failed:" >&2
    cat "$out/$name-windows.log" >&2
    exit 1
  }
  [[ -f "$out/$name-windows.png" ]] || {
    echo "the Windows shot $name wrote no picture:" >&2
    cat "$out/$name-windows.log" >&2
    exit 1
  }
}
linux_shot() {
  local name="$1"
  shift
  AI_ARCADE_CONFIG_DIR="$(mktemp -d)" "${screen[@]}" "$linux" shot --out "$out/$name-linux.png" "$@" \
    >/dev/null
}

# `check LABEL A B`: A and B must be the same size and at most 2% of their pixels differ by more
# than 24 in a channel (the renderers are the same, Mesa's software Vulkan; the fonts and the
# frame pacing are the game's own); the figure goes to the report
failed=0
check() {
  local result
  if result=$(python3 tools/windows/compare.py "$2" "$3" 0.02); then
    printf '%-10s %s\n' "$1" "$result" | tee -a "$report"
  else
    printf '%-10s %s  FAILED\n' "$1" "$result" | tee -a "$report"
    failed=1
  fi
}

echo "no display check on Windows"
# Windows has no DISPLAY. Wine copies it into the Windows environment, and its X11 driver needs
# it there: a game started with it cleared cannot open its window under Wine. What it shows is
# that the game no longer refuses to start for want of it: it goes on to look for a GPU. (A batch
# file clears it: cmd reads a batch file in the console's code page, so the game's Chinese
# folder is passed through a variable.)
printf '@echo off\r\nset DISPLAY=\r\nset WAYLAND_DISPLAY=\r\n"%%AI_ARCADE_EXE%%" %%*\r\n' \
  >"$out/run.bat"
wineserver -k >/dev/null 2>&1 || true
said=$(AI_ARCADE_EXE="$exe" WGPU_BACKEND=vulkan "${screen[@]}" wine cmd /c \
  "$(winepath -w "$PWD/$out/run.bat")" shot --mode menu \
  --out "$(winepath -w "$PWD/$out/no-display.png")" 2>&1 | grep -v WARN || true)
if grep -q "no display" <<<"$said"; then
  echo "the Windows game refused to start without DISPLAY: $said" >&2
  exit 1
fi
echo "without DISPLAY: $(grep -m1 error <<<"$said" || echo "it ran")"

echo "every mode under Wine beside Linux"
report="$out/comparison.txt"
: >"$report"
for mode in menu explore runner slide mines showcase lab; do
  args="--mode $mode --seed 7 --lang en"
  if [[ "$mode" == menu ]]; then args="--lang en"; fi
  # shellcheck disable=SC2086
  linux_shot "$mode" $args
  # shellcheck disable=SC2086
  windows_shot "$mode" C.UTF-8 $args
  check "$mode" "$out/$mode-linux.png" "$out/$mode-windows.png"
done

echo "the menu under a Chinese locale"
# Wine takes Windows' locale from the Linux one, which must exist (Debian generates only the
# locales asked for)
if ! locale -a 2>/dev/null | grep -qix 'zh_CN.utf8'; then
  install_missing locales
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  $sudo sed -i 's/^# *\(zh_CN.UTF-8 UTF-8\)/\1/' /etc/locale.gen
  grep -q '^zh_CN.UTF-8 UTF-8' /etc/locale.gen || echo 'zh_CN.UTF-8 UTF-8' | $sudo tee -a /etc/locale.gen >/dev/null
  $sudo locale-gen >/dev/null
fi
linux_shot menu-zh --lang zh
windows_shot menu-zh-locale zh_CN.UTF-8 --as-player
check "zh locale" "$out/menu-zh-linux.png" "$out/menu-zh-locale-windows.png"
# and it is not the English menu
if python3 tools/windows/compare.py "$out/menu-linux.png" "$out/menu-zh-locale-windows.png" 0.02 \
  >/dev/null 2>&1; then
  echo "the menu under a Chinese locale looks like the English one" >&2
  exit 1
fi

echo "settings kept across restarts, in AppData"
rm -rf "$appdata"
# an English system; Right on the menu's Language entry switches it, and the choice is kept
windows_shot switch C.UTF-8 --as-player --keys down,down,down,down,down,down,down,down,right
ls "$appdata"/settings* >/dev/null || {
  echo "no settings file in $appdata" >&2
  exit 1
}
windows_shot restarted C.UTF-8 --as-player
check "restarted" "$out/menu-zh-linux.png" "$out/restarted-windows.png"
echo "settings: $(winepath -w "$(ls "$appdata"/settings*)")" | tee -a "$report"

echo "the command line through the console twin"
console_out=$(wine "${exe%\\*}\\ai-arcade.com" solve slide --algo astar-manhattan \
  "1 2 3 4 5 6 0 7 8" 2>&1)
grep -q "2 moves" <<<"$console_out" || {
  echo "ai-arcade.com printed: $console_out" >&2
  exit 1
}
echo "ai-arcade.com: $(grep "moves" <<<"$console_out")" | tee -a "$report"
if ((failed)); then
  echo "Windows under Wine: a picture differs from Linux's past its bound (see $report)" >&2
  exit 1
fi
echo "Windows under Wine: passed; pictures and $report in $out/"
