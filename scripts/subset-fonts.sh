#!/usr/bin/env bash
# Rebuilds the two CJK subsets in assets/fonts from Debian's Noto CJK:
#   TabulaCJK-UI-Subset.otf  Noto Sans CJK SC, the face of the Chinese
#       interface: the 3,755 hanzi of GB 2312 level 1 (the common characters
#       of names, saves and chat), the characters of gui/i18n/zh-CN.ftl,
#       those the bundled plugins write (code, translations in
#       plugins/*/i18n/*.ftl, variant definitions) and CJK punctuation;
#   TabulaCJK-Subset.otf     Noto Serif CJK Bold, the face of pieces: the
#       xiangqi characters and every CJK glyph a shipped variant definition
#       (plugins/variants/library/*.toml) draws a piece with.
# Run it after adding Chinese or Japanese words to the catalogue, a plugin
# or a variant; gui/src/fonts.rs and gui/tests/variant_glyphs.rs fail until
# you do.
# Needs: apt-get install fonts-noto-cjk python3-fonttools
set -euo pipefail
cd "$(dirname "$0")/.."
sans=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
serif=/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc
for font in "$sans" "$serif"; do
    [[ -f $font ]] || { echo "subset-fonts: $font is missing (apt-get install fonts-noto-cjk)" >&2; exit 1; }
done
ui_text=$(/usr/bin/python3 - <<'PY'
import pathlib
plugins = pathlib.Path("plugins")
files = [pathlib.Path("gui/i18n/zh-CN.ftl"), *sorted(plugins.rglob("*.rs")), *sorted(plugins.rglob("*.ftl")),
         *sorted(plugins.glob("variants/library/*.toml"))]
chars = {c for f in files for c in f.read_text(encoding="utf-8") if ord(c) >= 0x2E80}
# GB 2312 level 1: rows 16-55 (bytes 0xB0-0xD7, 0xA1-0xFE), 3,755 hanzi.
for hi in range(0xB0, 0xD8):
    for lo in range(0xA1, 0xFF):
        try:
            chars.add(bytes([hi, lo]).decode("gb2312"))
        except UnicodeDecodeError:
            pass
print("".join(sorted(chars)))
PY
)
piece_text=$(/usr/bin/python3 - <<'PY'
import pathlib
chars = set("帥仕相傌俥炮兵將士象馬車砲卒楚河漢界一二三四五六七八九十進退平前後と全圭杏桂歩玉王角金銀飛香龍")
for f in sorted(pathlib.Path("plugins/variants/library").glob("*.toml")):
    for line in f.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("glyph"):
            chars.update(c for c in line if ord(c) >= 0x2E80)
print("".join(sorted(chars)))
PY
)
# Index 2 of the Sans collection is Noto Sans CJK SC; index 0 of the Serif
# one is Noto Serif CJK JP, whose forms suit shogi and xiangqi pieces alike.
/usr/bin/python3 -m fontTools.subset "$sans" --font-number=2 --text="$ui_text" \
    --unicodes="U+3000-303F,U+FF01-FF5E" \
    --output-file=assets/fonts/TabulaCJK-UI-Subset.otf --layout-features='' --no-hinting --desubroutinize
/usr/bin/python3 -m fontTools.subset "$serif" --font-number=0 --text="$piece_text" \
    --output-file=assets/fonts/TabulaCJK-Subset.otf --layout-features='' --no-hinting --desubroutinize
echo "subset-fonts: $(printf %s "$ui_text" | wc -m) characters into TabulaCJK-UI-Subset.otf," \
    "$(printf %s "$piece_text" | wc -m) into TabulaCJK-Subset.otf" >&2
