#!/usr/bin/env bash
# Makes assets/fonts/NotoSansSC-subset.otf: Noto Sans CJK SC (SIL Open Font License 1.1, from
# Debian's fonts-noto-cjk) cut down to the characters the game shows: every character of the
# Chinese texts in src/core/text/zh.rs, the glossary, and printable ASCII. Run it again after
# adding Chinese text (a test names any character the subset lacks). Installs fonts-noto-cjk
# (apt) and fonttools (pip) when they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."

source_font=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
font_number=2 # the collection's faces: JP, KR, SC, TC, HK, then the Mono ones
out=assets/fonts/NotoSansSC-subset.otf

if [[ ! -f "$source_font" ]]; then
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends fonts-noto-cjk
fi
if ! python3 -c "import fontTools" 2>/dev/null; then
  python3 -m pip install --quiet --user fonttools
fi

characters=$(mktemp)
trap 'rm -f "$characters"' EXIT
python3 - "$characters" <<'PY'
import sys
used = {chr(c) for c in range(0x20, 0x7f)}
for path in ["src/core/text/zh.rs", "docs/glossary.md"]:
    with open(path, encoding="utf-8") as f:
        used |= {c for c in f.read() if ord(c) > 0x7f and c.isprintable()}
with open(sys.argv[1], "w", encoding="utf-8") as f:
    f.write("".join(sorted(used)))
print(f"{len(used)} characters", file=sys.stderr)
PY

python3 -m fontTools.subset "$source_font" --font-number="$font_number" \
  --text-file="$characters" --output-file="$out" \
  --layout-features='*' --name-IDs='*' --name-languages='*' --notdef-outline \
  --no-hinting --desubroutinize
echo "wrote $out ($(stat -c %s "$out") bytes)"

# the licence travels with the font: Debian's copy of the OFL text and the copyright line
{
  echo "NotoSansSC-subset.otf is a subset of Noto Sans CJK SC (NotoSansCJK-Regular.ttc, face 2)"
  echo "made by tools/font-subset.sh from Debian's package fonts-noto-cjk."
  echo "Source: https://github.com/googlefonts/noto-cjk"
  echo "Copyright: © 2014-2021 Adobe (http://www.adobe.com/), as the font's own name table says."
  echo "Noto is a trademark of Google Inc."
  echo
  # the stand-alone "License: SIL-1.1" paragraph (after a blank line), up to the next licence
  awk 'prev == "" && $0 == "License: SIL-1.1" { on = 1; prev = $0; next }
       on && /^License:/ { exit }
       on { sub(/^ /, ""); if ($0 == ".") $0 = ""; print }
       { prev = $0 }' /usr/share/doc/fonts-noto-cjk/copyright
} > assets/fonts/OFL.txt
