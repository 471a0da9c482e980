//! The plugin as the host sees it: root module, options, board, players, help.

mod common;
use common::rules;
use rules_api::plugin::rules_box;
use rules_api::{ErrorKind, MarkKind, Options, RString, Tuple2};
use tabula_xiangqi::XiangqiRules;

#[test]
fn bad_options_are_refused_by_name() {
    let build = |k: &str, v: &str| {
        let o: Options = vec![Tuple2(RString::from(k), RString::from(v))].into();
        XiangqiRules::from_options(&o).err().expect("refused")
    };
    for (k, v, word) in [
        ("colour", "red", "colour"),
        ("notation", "pinyin", "pinyin"),
        ("no_capture_plies", "0", "no_capture_plies"),
        ("seed", "abc", "seed"),
    ] {
        let e = build(k, v);
        assert_eq!(e.kind, ErrorKind::BAD_OPTION);
        assert!(e.message.contains(word), "{e}");
    }
}

#[test]
fn geometry_describes_the_board() {
    let g = rules(&[]).geometry().into_result().expect("geometry");
    assert_eq!(g.cells.len(), 90);
    assert_eq!(g.cells[0].name.as_str(), "a0");
    assert_eq!((g.cells[0].x, g.cells[0].y), (0.0, 9.0));
    assert_eq!(g.cells[89].name.as_str(), "i9");
    assert_eq!((g.cells[89].x, g.cells[89].y), (8.0, 0.0));
    // 10 ranks, 2 edge files, 7 inner files broken at the river, 4 diagonals.
    assert_eq!(g.lines.len(), 10 + 2 + 14 + 4);
    let texts: Vec<&str> = g.marks.iter().filter(|m| m.kind == MarkKind::TEXT).map(|m| m.text.as_str()).collect();
    assert_eq!(texts, ["楚河", "漢界"]);
    assert_eq!(g.marks.iter().filter(|m| m.kind == MarkKind::CORNERS).count(), 14);
    let below: Vec<&str> = g.labels.iter().filter(|l| l.y > 9.0).map(|l| l.text.as_str()).collect();
    assert_eq!(below, ["九", "八", "七", "六", "五", "四", "三", "二", "一"]);
    let above: Vec<&str> = g.labels.iter().filter(|l| l.y < 0.0).map(|l| l.text.as_str()).collect();
    assert_eq!(above, ["1", "2", "3", "4", "5", "6", "7", "8", "9"]);
    // With Latin pieces Red's files are numbered in digits too, still from
    // Red's right.
    let g = rules(&[("pieces", "latin")]).geometry().into_result().expect("geometry");
    let below: Vec<&str> = g.labels.iter().filter(|l| l.y > 9.0).map(|l| l.text.as_str()).collect();
    assert_eq!(below, ["9", "8", "7", "6", "5", "4", "3", "2", "1"]);
}

#[test]
fn players_and_pieces() {
    let info = rules(&[]).info().into_result().expect("info");
    assert_eq!(info.players.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(), ["red", "black"]);
    assert_eq!(info.position_format.as_str(), "FEN");
    let glyphs: String = info.piece_types.iter().map(|t| t.glyphs[0].as_str()).collect();
    assert_eq!(glyphs, "帥仕相傌俥炮兵");
    let black: String = info.piece_types.iter().map(|t| t.glyphs[1].as_str()).collect();
    assert_eq!(black, "將士象馬車砲卒");
    let latin = rules(&[("pieces", "latin")]).info().into_result().expect("info");
    let letters: String = latin.piece_types.iter().map(|t| t.glyphs[0].as_str()).collect();
    assert_eq!(letters, "KABNRCP");
    // Black's pieces carry the same capitals (the ink tells the sides
    // apart); the notation's letters stay lower case.
    let black: String = latin.piece_types.iter().map(|t| t.glyphs[1].as_str()).collect();
    assert_eq!(black, "KABNRCP");
    let fen: String = latin.piece_types.iter().map(|t| t.letters[1].as_str()).collect();
    assert_eq!(fen, "kabnrcp");
    assert_eq!(latin.piece_types[4].name.as_str(), "chariot");
    assert_eq!(latin.piece_types[4].value, 900);
}

#[test]
fn help_names_the_leaders_when_flavour_is_on() {
    let help = |opts: &[(&str, &str)]| -> String { rules(opts).help_text().into_result().expect("help").into() };
    let on = help(&[("seed", "7")]);
    assert!(on.starts_with("Red is led by "), "{on}");
    assert!(tabula_xiangqi::flavour::HAN.iter().any(|f| on.contains(f.hanzi)));
    assert!(tabula_xiangqi::flavour::CHU.iter().any(|f| on.contains(f.hanzi)));
    assert_eq!(on, help(&[("seed", "7")]), "the same seed names the same figures");
    let off = help(&[("flavour", "off")]);
    assert!(off.starts_with("XIANGQI"), "{off}");
    assert!(off.contains("perpetual check") && off.contains("120 plies"));
    assert!(help(&[("flavour", "off"), ("no_capture_plies", "200")]).contains("200 plies (100 moves each)"));
    let default: String = rules_box(XiangqiRules::new()).help_text().into_result().expect("help").into();
    assert!(default.starts_with("Red is led by "));
}
