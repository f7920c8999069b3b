#!/usr/bin/env bash
# Cuts assets/fonts/NotoSansSC-subset.otf from Noto Sans CJK SC: every
# character the catalogues use, plus ASCII, Latin-1 and common CJK and
# general punctuation, so a translator's new sentence rarely needs a new cut.
#
# Needs Debian's fonts-noto-cjk and fonttools (`pip install fonttools`).
# Run it after changing assets/i18n/*.ftl; a test fails while the font
# lacks a character the Chinese catalogue uses. The build itself only
# reads the committed subset.
#
#   bash scripts/make-font-subset.sh [path/to/NotoSansCJK-Regular.ttc]
set -euo pipefail
cd "$(dirname "$0")/.."

source_font=${1:-/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc}
# In the Noto Sans CJK collection, face 2 is Simplified Chinese (SC).
face=2
out=assets/fonts/NotoSansSC-subset.otf

chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
cat assets/i18n/*.ftl >"$chars"

pyftsubset "$source_font" \
    --font-number="$face" \
    --text-file="$chars" \
    --unicodes="U+0020-007E,U+00A0-00FF,U+00D7,U+2010-2027,U+2030-203A,U+2190-2193,U+3000-303F,U+FF01-FF5E" \
    --layout-features='*' \
    --no-hinting \
    --desubroutinize \
    --name-IDs='*' \
    --output-file="$out"

ls -l "$out"
