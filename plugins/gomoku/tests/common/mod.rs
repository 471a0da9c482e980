//! Helpers shared by the integration tests: everything goes through the
//! boundary objects (`RulesBox`, `PositionBox`) as the host would use them.
#![allow(dead_code)]

use rules_api::plugin::rules_box;
use rules_api::{Move, Notation, Options, PositionBox, RString, RulesBox, Status, Tuple2};
use tabula_gomoku::GomokuRules;

/// A configured game through the boundary.
pub fn rules(size: usize, rule: &str) -> RulesBox {
    let options: Options = vec![
        Tuple2(RString::from("size"), RString::from(size.to_string())),
        Tuple2(RString::from("rule"), RString::from(rule)),
    ]
    .into();
    rules_box(GomokuRules::from_options(&options).expect("valid options"))
}

/// White stones far from the action (on row 1, two points apart) used to
/// balance the stone counts of a test position.
const FILLERS: [&str; 16] =
    ["a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1", "a3", "c3", "e3", "g3", "i3", "k3", "m3", "o3"];

/// A 15×15 position with the given black and white stones (coordinates
/// separated by spaces); `side` is `'x'` or `'o'`. White filler stones are
/// added on rows 1 and 3 until the counts suit the side to move.
pub fn setup(rule: &str, black: &str, white: &str, side: char) -> PositionBox {
    let size = 15;
    let mut grid = vec![vec!['.'; size]; size];
    let mut put = |name: &str, ch: char| {
        let col = (name.as_bytes()[0] - b'a') as usize;
        let row: usize = name[1..].parse().unwrap();
        assert_eq!(grid[size - row][col], '.', "{name} used twice in a test position");
        grid[size - row][col] = ch;
    };
    let black: Vec<&str> = black.split_whitespace().collect();
    let mut white: Vec<&str> = white.split_whitespace().collect();
    let wanted_white = if side == 'x' { black.len() } else { black.len() - 1 };
    assert!(white.len() <= wanted_white, "too many white stones for the side to move");
    let mut fillers = FILLERS.iter();
    while white.len() < wanted_white {
        white.push(fillers.next().expect("enough filler points"));
    }
    for b in &black {
        put(b, 'x');
    }
    for w in &white {
        put(w, 'o');
    }
    let rows: Vec<String> = grid.into_iter().map(|r| r.into_iter().collect()).collect();
    let text = format!("{} {side}", rows.join("/"));
    position(&rules(size, rule), &text)
}

/// A position from text, panicking with the plugin's message on error.
pub fn position(rules: &RulesBox, text: &str) -> PositionBox {
    match rules.position_from_text(text.into()).into_result() {
        Ok(p) => p,
        Err(e) => panic!("position '{text}' refused: {}", e.message),
    }
}

/// The legal moves.
pub fn moves(pos: &PositionBox) -> Vec<Move> {
    let mut out = Default::default();
    pos.legal_moves(&mut out).unwrap();
    out.to_vec()
}

/// The legal moves as coordinates.
pub fn move_names(pos: &PositionBox) -> Vec<String> {
    moves(pos).into_iter().map(|m| name(pos, m)).collect()
}

/// A legal move's coordinate.
pub fn name(pos: &PositionBox, m: Move) -> String {
    pos.move_to_text(m, Notation::COORDINATE).unwrap().into()
}

/// Parses and plays `text`.
pub fn play(pos: &mut PositionBox, text: &str) {
    let m = match pos.parse_move(text.into(), Notation::COORDINATE).into_result() {
        Ok(m) => m,
        Err(e) => panic!("move {text} refused: {}", e.message),
    };
    pos.make_move(m).unwrap();
}

/// Plays moves given as space-separated coordinates.
pub fn play_all(pos: &mut PositionBox, moves: &str) {
    for m in moves.split_whitespace() {
        play(pos, m);
    }
}

/// The error message for `text` as a move, or `None` if it is legal.
pub fn refusal(pos: &PositionBox, text: &str) -> Option<String> {
    pos.parse_move(text.into(), Notation::COORDINATE).into_result().err().map(|e| e.message.into())
}

/// The status.
pub fn status(pos: &PositionBox) -> Status {
    pos.status().unwrap()
}

/// The position text.
pub fn text(pos: &PositionBox) -> String {
    pos.to_text().unwrap().into()
}

// Not every test file draws random moves.
#[allow(unused_imports)]
pub use tabula_kit::rng::{rng_from_seed, Rng};
