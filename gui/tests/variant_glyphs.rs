//! Every glyph a shipped variant definition draws its pieces with (kanji
//! for shogi, chess symbols, letters) is in the bundled fonts, so no piece
//! of the library is drawn as a blank disc.

use std::path::Path;

#[test]
fn the_bundled_fonts_cover_every_shipped_variant_glyph() {
    let fonts = tabula_gui::fonts::fonts().expect("the bundled fonts");
    let library = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins/variants/library");
    let mut files = 0;
    for entry in std::fs::read_dir(&library).expect("the variants library") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        files += 1;
        let text = std::fs::read_to_string(&path).unwrap();
        for line in text.lines().filter(|l| l.trim_start().starts_with("glyph")) {
            let glyphs = line.split('"').skip(1).step_by(2);
            for g in glyphs {
                assert!(fonts.covers(g), "{}: the glyph '{g}' is not in assets/fonts", path.display());
            }
        }
    }
    assert!(files >= 17, "only {files} definitions in {}", library.display());
}
