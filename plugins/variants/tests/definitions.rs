//! Bad definitions are refused with the file, the key, the line and why;
//! user definitions are found by name in user directories and played
//! without building anything.

use rules_api::plugin::rules_box;
use rules_api::{Notation, Options, PositionExt, RString, RulesExt, Tuple2};
use tabula_variants::{compile, VariantRules};

const CHESS: &str = include_str!("../library/chess.toml");

/// The chess definition with `from` replaced by `to` (which must change it).
fn chess_with(from: &str, to: &str) -> String {
    assert!(CHESS.contains(from), "the chess definition has no '{from}'");
    CHESS.replacen(from, to, 1)
}

/// The error for `text`, as `file, line N: key: message`.
fn refused(text: &str) -> String {
    match compile("my.toml", text) {
        Ok(_) => panic!("accepted:\n{text}"),
        Err(e) => e.to_string(),
    }
}

fn assert_refused(text: &str, key: &str, why: &str) {
    let e = refused(text);
    assert!(e.starts_with("my.toml"), "no file in '{e}'");
    assert!(e.contains(key), "no key '{key}' in '{e}'");
    assert!(e.contains(why), "no '{why}' in '{e}'");
}

#[test]
fn toml_syntax_errors_name_the_line() {
    let e = refused("name = \"x\"\n[board\nfiles = 8\n");
    assert!(e.starts_with("my.toml, line 2: toml:"), "{e}");
}

#[test]
fn unknown_keys_are_refused() {
    let e = refused(&chess_with("[board]\n", "[board]\ncolour = \"red\"\n"));
    assert!(e.contains("unknown field `colour`") && e.contains("line"), "{e}");
    let e = refused(&chess_with("royal = true", "royal = true\nflies = true"));
    assert!(e.contains("unknown field `flies`"), "{e}");
}

#[test]
fn unknown_betza_atoms_and_modifiers_are_refused() {
    assert_refused(&chess_with("betza = \"N\"", "betza = \"X\""), "piece[1].betza", "unknown atom 'X'");
    assert_refused(&chess_with("betza = \"N\"", "betza = \"yN\""), "piece[1].betza", "unknown modifier 'y'");
    assert_refused(&chess_with("betza = \"N\"", "betza = \"fm\""), "piece[1].betza", "no atom");
    assert_refused(&chess_with("betza = \"N\"", "betza = \"pN\""), "piece[1].betza", "hopper");
    // The line of the culprit is given.
    let line = CHESS.lines().position(|l| l == "betza = \"N\"").expect("knight line") + 1;
    assert!(refused(&chess_with("betza = \"N\"", "betza = \"X\"")).contains(&format!("line {line}:")));
}

#[test]
fn board_sizes_out_of_range_are_refused() {
    assert_refused(&chess_with("files = 8", "files = 20"), "board.files", "20 is too large (at most 16)");
    assert_refused(&chess_with("ranks = 8", "ranks = 2"), "board.ranks", "2 is too small (at least 3)");
}

#[test]
fn checkmate_needs_a_royal_piece() {
    let no_royal = chess_with("royal = true", "royal = false")
        .replacen("[castling]\nrook = \"r\"\nkingside = \"g\"\nqueenside = \"c\"\n", "", 1)
        .replace(" KQkq ", " - ");
    let text = no_royal.replace("[end]\n", "[end]\ncheckmate = \"loss\"\n");
    assert_refused(&text, "end.checkmate", "checkmate needs a royal piece");
    assert_refused(&no_royal, "end", "the game cannot be won");
    assert_refused(&chess_with("royal = true", "royal = false"), "castling", "castling needs a royal piece");
}

#[test]
fn pieces_letters_and_promotions_are_checked() {
    assert_refused(&chess_with("letter = \"n\"", "letter = \"p\""), "piece[1].letter", "used by two pieces");
    assert_refused(&chess_with("letter = \"n\"", "letter = \"nn\""), "piece[1].letter", "must be one letter");
    assert_refused(
        &chess_with("[\"q\", \"r\", \"b\", \"n\"]", "[\"q\", \"x\"]"),
        "piece[0].promotes_to",
        "no piece has the letter 'x'",
    );
    assert_refused(&chess_with("[promotion]\nzone = 1\n", ""), "promotion.zone", "missing, but 'pawn' promotes");
    assert_refused(&chess_with("zone = 1", "zone = 9"), "promotion.zone", "must be 1 to 7");
    assert_refused(&chess_with("name = \"king\"", "name = \"king\"\nvalue = -3"), "piece[5].value", "0 to 100000");
    let two_royals = chess_with("name = \"queen\"", "name = \"queen\"\nroyal = true");
    assert_refused(&two_royals, "piece", "more than one royal");
    let orphan = format!("{CHESS}\n[[piece]]\nname = \"tokin\"\nletter = \"+p\"\nbetza = \"WfF\"\n");
    let e = refused(&orphan);
    assert!(e.contains("'+p' is a promoted form, but no piece has promotes_to"), "{e}");
}

#[test]
fn start_positions_are_checked_like_any_position() {
    assert_refused(&chess_with("RNBQKBNR w KQkq", "RNBQKBNR/8 w KQkq"), "start", "has 9 ranks");
    assert_refused(&chess_with("RNBQKBNR w KQkq", "RNBQKBNX w KQkq"), "start", "no piece has the letter 'X'");
    assert_refused(&chess_with("RNBQKBNR w KQkq", "RNBQQBNR w kq"), "start", "white must have exactly one 'K'");
    assert_refused(&chess_with("PPPPPPPP/RNBQKBNR", "PPPPPPP/RNBQKBNR"), "start", "has 7 squares");
    assert_refused(&chess_with("RNBQKBNR w KQkq", "RNBQKBNR x KQkq"), "start", "not a side to move");
}

#[test]
fn rules_sections_are_checked() {
    assert_refused(&chess_with("rook = \"r\"", "rook = \"z\""), "castling.rook", "no piece has the letter 'z'");
    assert_refused(
        &chess_with("kingside = \"g\"", "kingside = \"k\""),
        "castling.kingside",
        "not a file of this board",
    );
    assert_refused(&chess_with("[end]\n", "[end]\nstalemate = \"maybe\"\n"), "end.stalemate", "not win, loss or draw");
    assert_refused(&chess_with("[end]\n", "[end]\nchecks = 12\n"), "end.checks", "1 to 9");
    assert_refused(&chess_with("[board]\n", "[board]\nmarks = [\"z9\"]\n"), "board.marks", "'z9' is not a square");
    assert_refused(
        &chess_with("[end]\n", "[end]\nflag = { piece = \"w\", white = [\"*8\"], black = [\"*1\"] }\n"),
        "end.flag.piece",
        "no piece has the letter 'w'",
    );
    assert_refused(&chess_with("count = 3", "count = 1"), "end.repetition.count", "2 to 10");
    // Found by the coverage-guided campaign: a square whose file letter is
    // not ASCII was cut inside that letter (a panic).
    assert_refused(
        &chess_with("[board]\n", "[board]\nmarks = [\"\u{2da}7\"]\n"),
        "board.marks",
        "'\u{2da}7' is not a square",
    );
    assert_refused(&chess_with("[board]\n", "[board]\nmarks = [\"c1-\u{e9}3\"]\n"), "board.marks", "is not a square");
}

fn options(pairs: &[(&str, &str)]) -> Options {
    pairs.iter().map(|(k, v)| Tuple2(RString::from(*k), RString::from(*v))).collect()
}

/// The issue's "done when": copy a shipped definition, change a piece's
/// Betza string, and play the new game by name from a user directory.
#[test]
fn a_copied_definition_with_a_new_betza_string_plays_by_name() {
    let dir = std::env::temp_dir().join(format!("tabula-variants-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mine = CHESS
        .replace("name = \"chess\"", "name = \"knightmare\"")
        .replace("title = \"Chess\"", "title = \"Knightmare\"")
        .replacen("betza = \"N\"", "betza = \"NN\"", 1);
    std::fs::write(dir.join("knightmare.toml"), mine).expect("write");
    let dirs = dir.to_string_lossy().to_string();
    let rules = VariantRules::from_options(&options(&[("variant", "knightmare"), ("variant_dirs", &dirs)]))
        .unwrap_or_else(|e| panic!("{e}"));
    let rules = rules_box(rules);
    assert_eq!(rules.game_info().expect("info").name.as_str(), "Knightmare");
    let mut p = rules.start().expect("start");
    // The knight became a nightrider: it rides knight steps, b1-c3-d5.
    p.play(p.read_move("e2e4", Notation::COORDINATE).expect("e2e4")).expect("play");
    p.play(p.read_move("a7a6", Notation::COORDINATE).expect("a7a6")).expect("play");
    p.play(p.read_move("g1e2", Notation::COORDINATE).expect("knight")).expect("play");
    p.play(p.read_move("a6a5", Notation::COORDINATE).expect("a6a5")).expect("play");
    let rider = p.read_move("b1d5", Notation::COORDINATE);
    assert!(rider.is_ok(), "the nightrider rides b1-c3-d5: {rider:?}");
    // A broken user file is reported with its own error, by file name.
    std::fs::write(
        dir.join("broken.toml"),
        CHESS.replacen("betza = \"N\"", "betza = \"X\"", 1).replace("name = \"chess\"", "name = \"broken\""),
    )
    .expect("write");
    let e =
        VariantRules::from_options(&options(&[("variant", "broken"), ("variant_dirs", &dirs)])).err().expect("refused");
    assert!(e.message.contains("broken.toml") && e.message.contains("unknown atom 'X'"), "{}", e.message);
    // A definition file by path works too.
    let path = dir.join("knightmare.toml").to_string_lossy().to_string();
    assert!(VariantRules::from_options(&options(&[("variant", &path)])).is_ok());
    let e =
        VariantRules::from_options(&options(&[("variant", "nosuch"), ("variant_dirs", &dirs)])).err().expect("refused");
    assert!(e.message.contains("no variant named 'nosuch'") && e.message.contains("knightmare"), "{}", e.message);
    let e = VariantRules::from_options(&options(&[("colour", "red")])).err().expect("refused");
    assert!(e.message.contains("unknown option 'colour'"), "{}", e.message);
    std::fs::remove_dir_all(&dir).ok();
}

/// The worked example of docs/VARIANTS.md is a working definition.
#[test]
fn the_documented_example_plays() {
    let doc = include_str!("../../../docs/VARIANTS.md");
    let start = doc.find("```toml\nname = \"archchess\"").expect("the worked example") + "```toml\n".len();
    let end = start + doc[start..].find("```").expect("its end");
    let text = &doc[start..end];
    assert!(text.lines().count() <= 40, "the worked example has {} lines", text.lines().count());
    let rules = rules_box(VariantRules::new(compile("VARIANTS.md", text).unwrap_or_else(|e| panic!("{e}"))));
    let mut p = rules.start().expect("start");
    for m in ["e2e4", "e7e5", "d1h5", "b8c6", "h5f7"] {
        let mv = p.read_move(m, Notation::COORDINATE).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(mv).expect("play");
    }
    // The archbishop's bishop line d1-h5 and its knight leaps are both used.
    assert!(p.read_move("g8f6", Notation::COORDINATE).is_err(), "f7 is taken: black is in check");
    assert_eq!(p.outcome().expect("status").kind, rules_api::StatusKind::ONGOING);
}

/// Found by the coverage-guided `variant_definition` campaign: with pawns
/// that also move diagonally (`mF`), two pawns can go to the same empty
/// square, and a bare destination named both. Standard notation now names
/// the pawn's file (or square) then, and every text reads back as its move.
#[test]
fn two_pawns_that_reach_one_square_are_told_apart() {
    let text = chess_with("betza = \"fmWfcFifmnD\"", "betza = \"fmWmcFifmnD\"");
    let rules = rules_box(VariantRules::new(compile("diagonal-pawns.toml", &text).unwrap_or_else(|e| panic!("{e}"))));
    // From the start, b3 is reached by the pawns of a2 and c2 (diagonally)
    // and b2 (straight).
    let p = rules.start().expect("start");
    let mut texts = Vec::new();
    for m in p.moves().unwrap() {
        let san = p.notate(m, Notation::STANDARD).unwrap();
        assert_eq!(p.read_move(&san, Notation::STANDARD).ok(), Some(m), "'{san}' reads back");
        texts.push(san);
    }
    for san in ["ab3", "bb3", "cb3"] {
        assert!(texts.iter().any(|t| t == san), "{san} in {texts:?}");
    }
    // Plain chess keeps plain pawn moves.
    let chess = rules_box(VariantRules::new(compile("chess.toml", CHESS).unwrap()));
    let start = chess.start().unwrap();
    let sans: Vec<String> =
        start.moves().unwrap().iter().map(|&m| start.notate(m, Notation::STANDARD).unwrap()).collect();
    assert!(sans.contains(&"e4".to_string()) && sans.contains(&"b3".to_string()), "{sans:?}");
}

#[test]
fn the_variant_option_lists_every_variant_with_its_family_and_proper_name_and_titles_the_families() {
    let specs = tabula_variants::option_specs();
    let variant = specs.iter().find(|s| s.name.as_str() == "variant").expect("the variant option");
    let lines: Vec<Vec<&str>> =
        variant.description.lines().skip(1).map(|l| l.split('|').map(str::trim).collect()).collect();
    let listed: Vec<&Vec<&str>> = lines.iter().filter(|f| f.len() == 4).collect();
    assert_eq!(listed.len(), variant.choices.len(), "one line per choice");
    for f in &listed {
        assert!(variant.choices.iter().any(|c| c.as_str() == f[0]), "{f:?} is a choice");
        assert!(!f[2].is_empty() && f[2] != f[0], "{} has a proper name of its own", f[0]);
    }
    let titles: Vec<(&str, &str)> = lines.iter().filter(|f| f.len() == 2).map(|f| (f[0], f[1])).collect();
    for f in &listed {
        assert!(titles.iter().any(|(family, _)| *family == f[1]), "the family {} has a title", f[1]);
    }
    assert!(titles.contains(&("shogi", "Shogi family")), "{titles:?}");
}
