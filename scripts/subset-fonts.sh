#!/usr/bin/env bash
# Rebuilds assets/fonts/TabulaCJK-UI-Subset.otf, the face of the Chinese
# interface: Noto Sans CJK SC (Debian `fonts-noto-cjk`) cut down to the
# characters of gui/i18n/zh-CN.ftl, those the bundled plugins write (help
# texts, notation) and CJK punctuation. Run it after adding Chinese words
# to the catalogue or a plugin; a test fails until you do.
# Needs: apt-get install fonts-noto-cjk fonttools
set -euo pipefail
cd "$(dirname "$0")/.."
source_font=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
[[ -f $source_font ]] || { echo "subset-fonts: $source_font is missing (apt-get install fonts-noto-cjk)" >&2; exit 1; }
text=$(/usr/bin/python3 - <<'PY'
import pathlib
files = [pathlib.Path("gui/i18n/zh-CN.ftl"), *sorted(pathlib.Path("plugins").rglob("*.rs"))]
chars = {c for f in files for c in f.read_text(encoding="utf-8") if ord(c) >= 0x2E80}
print("".join(sorted(chars)))
PY
)
# Index 2 of the collection is Noto Sans CJK SC.
/usr/bin/pyftsubset "$source_font" --font-number=2 --text="$text" \
    --unicodes="U+3000-303F,U+FF01-FF5E" \
    --output-file=assets/fonts/TabulaCJK-UI-Subset.otf --layout-features='' --no-hinting --desubroutinize
echo "subset-fonts: $(printf %s "$text" | wc -m) characters into assets/fonts/TabulaCJK-UI-Subset.otf" >&2
