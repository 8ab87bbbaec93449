#!/usr/bin/env bash
# Installs what ai-arcade needs on Debian/Ubuntu, skipping what is already there.
#   tools/deps.sh          to build and play (compiler, pkg-config, libudev, ALSA for sound,
#                          X11 and Vulkan runtimes)
#   tools/deps.sh --test   also the virtual display and software Vulkan for the visual tests,
#                          bubblewrap and Python for the Lab's
#   tools/deps.sh --web    the browser build's test instead: Chromium and Node.js
set -euo pipefail

packages=(build-essential pkg-config libudev-dev libasound2-dev libx11-6 libx11-xcb1 libxcursor1 libxrandr2
          libxi6 libxkbcommon-x11-0 libvulkan1 mesa-vulkan-drivers)
if [[ "${1:-}" == "--test" ]]; then
  # the Lab's tests run student programs in Python (and C++), sandboxed by bubblewrap
  packages+=(xvfb xauth bubblewrap)
  command -v python3 >/dev/null 2>&1 || packages+=(python3)
elif [[ "${1:-}" == "--web" ]]; then
  # wasm32 needs no system libraries; build scripts still need a C compiler. Node.js may come
  # with its own npm (NodeSource's), so the commands are asked for, not Debian's packages.
  packages=(build-essential chromium)
  command -v node >/dev/null 2>&1 || packages+=(nodejs)
  command -v npm >/dev/null 2>&1 || packages+=(npm)
fi

source "$(dirname "$0")/apt-install.sh"
install_missing "${packages[@]}"

if ! command -v cargo >/dev/null 2>&1; then
  if [[ -x "$HOME/.cargo/bin/cargo" ]]; then
    echo "cargo is in ~/.cargo/bin: run 'source ~/.cargo/env' (or open a new shell) and try again" >&2
  else
    echo "installing Rust 1.95 with rustup" >&2
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --default-toolchain 1.95.0
    echo "now run 'source ~/.cargo/env' (or open a new shell) and the command again" >&2
  fi
  exit 1
fi
