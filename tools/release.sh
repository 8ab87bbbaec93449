#!/usr/bin/env bash
# The release archives of ai-arcade, from a clean clone, in dist/release/:
#   ai-arcade-VERSION-windows-x86_64.zip   ai-arcade.exe (the game: a double-click opens it),
#                                          ai-arcade.com (its console twin: `ai-arcade …` in a
#                                          terminal), the READMEs and the licences
#   ai-arcade-VERSION-linux-x86_64.tar.gz  ai-arcade, the READMEs and the licences
#   ai-arcade-VERSION-web.zip              the browser bundle (tools/web.sh --release)
#   SHA256SUMS                             the SHA-256 sums of this version's archives there
#                                          (`sha256sum -c SHA256SUMS`)
# VERSION is Cargo.toml's. Windows is cross-built with Debian's mingw-w64; everything missing
# (the targets, mingw-w64, the web build's tools) is installed first. Three release builds of
# Bevy from nothing take a long time on two cores (an hour or more); CARGO_TARGET_DIR keeps
# them for the next run.
#   tools/release.sh [windows | linux | web]...   only those archives (default: all three)
set -euo pipefail
cd "$(dirname "$0")/.."

kinds=("$@")
if ((${#kinds[@]} == 0)); then
  kinds=(windows linux web)
fi
for kind in "${kinds[@]}"; do
  case "$kind" in
    windows | linux | web) ;;
    *)
      echo "usage: tools/release.sh [windows | linux | web]..." >&2
      exit 2
      ;;
  esac
done

if [[ -n "$(git status --porcelain 2>/dev/null)" ]]; then
  echo "note: the work tree has uncommitted changes; the archives are built from it as it is" >&2
fi

version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)
out=dist/release
mkdir -p "$out"
target_dir="${CARGO_TARGET_DIR:-target}"
export CARGO_TARGET_DIR="$target_dir"
docs=(README.md README.zh-CN.md LICENSE-MIT LICENSE-APACHE assets/fonts/OFL.txt)

# `pack ARCHIVE FOLDER FILE…`: FILE… into ARCHIVE (.zip or .tar.gz) under FOLDER/
pack() {
  python3 - "$@" <<'PY'
import os, sys, tarfile, zipfile
archive, folder, files = sys.argv[1], sys.argv[2], sys.argv[3:]
def name(f):
    # the Windows twin is built as ai-arcade-console.exe and shipped as ai-arcade.com
    base = os.path.basename(f)
    return "ai-arcade.com" if base == "ai-arcade-console.exe" else base
if archive.endswith(".zip"):
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for f in files:
            z.write(f, f"{folder}/{name(f)}")
else:
    with tarfile.open(archive, "w:gz", compresslevel=9) as t:
        for f in files:
            t.add(f, f"{folder}/{name(f)}")
print(f"  {archive}: {os.path.getsize(archive) / 1e6:.1f} MB")
PY
}

made=()
for kind in "${kinds[@]}"; do
  case "$kind" in
    linux)
      tools/deps.sh
      cargo build --release --locked --bin ai-arcade
      stage=$(mktemp -d)
      cp "$target_dir/release/ai-arcade" "$stage/"
      strip "$stage/ai-arcade"
      archive="$out/ai-arcade-$version-linux-x86_64.tar.gz"
      pack "$archive" "ai-arcade-$version" "$stage/ai-arcade" "${docs[@]}"
      rm -rf "$stage"
      ;;
    windows)
      tools/windows.sh build
      stage=$(mktemp -d)
      for exe in ai-arcade ai-arcade-console; do
        cp "$target_dir/x86_64-pc-windows-gnu/release/$exe.exe" "$stage/"
        x86_64-w64-mingw32-strip "$stage/$exe.exe"
      done
      archive="$out/ai-arcade-$version-windows-x86_64.zip"
      pack "$archive" "ai-arcade-$version" "$stage/ai-arcade.exe" "$stage/ai-arcade-console.exe" \
        "${docs[@]}"
      rm -rf "$stage"
      ;;
    web)
      tools/web.sh --release build
      archive="$out/ai-arcade-$version-web.zip"
      cp dist/ai-arcade-web.zip "$archive"
      ;;
  esac
  made+=("$(basename "$archive")")
done

# the sums of every archive of this version there (those made now and any made before)
(cd "$out" && sha256sum ai-arcade-"$version"-* > SHA256SUMS && cat SHA256SUMS)
echo "made: ${made[*]}"
echo "release $version: $out"
