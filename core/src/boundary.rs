//! Everything a rules plugin returns, checked in one place.
//!
//! A rules plugin is as untrusted as a strategy: the host indexes arrays
//! with the player numbers it reports, draws the cells it names, writes its
//! texts into records and terminals. Each check here turns an impossible
//! value (a winner outside the players, a move to a cell the board does not
//! have, a geometry of 100,000 cells, a megabyte of "move text" or a
//! terminal escape) into a [`Faulty`] error that names the call and the
//! value, so the caller can end the game with a clear reason instead of
//! panicking on an index or drawing garbage.
//!
//! Every call made through here is also watched in time ([`crate::watchdog`]).

use std::fmt;

use rules_api::{
    ChanceOutcome, GameInfo, Geometry, Highlight, Move, Outcome, Piece, PositionBox, RVec, RulesBox, Status,
    StatusKind, CELL_NONE,
};

use crate::watchdog::watch;

/// Most players a game may have: six, as the boundary's conventions say
/// (seats, records and the window are sized for them).
pub const MAX_PLAYERS: usize = 6;
/// Most cells a board may have: every index below [`CELL_NONE`].
pub const MAX_CELLS: usize = CELL_NONE as usize;
/// Most piece types a game may have (`Move::extra` and `Piece::kind` are u16).
pub const MAX_PIECE_TYPES: usize = 4096;
/// Most lines, marks or labels of a geometry.
pub const MAX_DECORATIONS: usize = 100_000;
/// Most layers of a board.
pub const MAX_LAYERS: usize = 256;
/// Longest position text, bytes.
pub const MAX_POSITION_TEXT: usize = 64 * 1024;
/// Longest move text, names and reasons, bytes.
pub const MAX_SHORT_TEXT: usize = 256;
/// Most legal moves (or pieces, or highlights) in one position.
pub const MAX_LIST: usize = 1 << 20;

/// A rules plugin returned something impossible.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the rules plugin is faulty: {call} returned {problem}")]
pub struct Faulty {
    /// The boundary call (`status`, `legal_moves`, `geometry`).
    pub call: &'static str,
    /// What was wrong, with the value.
    pub problem: String,
}

fn faulty(call: &'static str, problem: impl fmt::Display) -> Faulty {
    Faulty { call, problem: problem.to_string() }
}

/// What the checks need to know about the game: taken once from the
/// plugin's description and board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Number of players.
    pub players: usize,
    /// Number of cells.
    pub cells: usize,
    /// Number of piece types.
    pub piece_types: usize,
}

impl Shape {
    /// The shape of a game whose description and board passed their checks.
    pub fn of(info: &GameInfo, geometry: &Geometry) -> Shape {
        Shape { players: info.players.len(), cells: geometry.cells.len(), piece_types: info.piece_types.len() }
    }
}

/// Whether `text` is at most `max` bytes without control characters
/// (`newline_ok`: line breaks and tabs allowed).
fn check_text(call: &'static str, what: &str, text: &str, max: usize, newline_ok: bool) -> Result<(), Faulty> {
    if text.len() > max {
        return Err(faulty(call, format!("a {what} of {} bytes (at most {max})", text.len())));
    }
    let bad = text.chars().find(|c| c.is_control() && !(newline_ok && matches!(c, '\n' | '\t' | '\r')));
    match bad {
        Some(c) => Err(faulty(call, format!("a {what} with the control character U+{:04X}", c as u32))),
        None => Ok(()),
    }
}

/// A position text fit for records, terminals and saved games.
pub fn position_text(call: &'static str, text: &str) -> Result<(), Faulty> {
    check_text(call, "position text", text, MAX_POSITION_TEXT, true)
}

/// A move text, name or reason fit for one line.
pub fn short_text(call: &'static str, what: &str, text: &str) -> Result<(), Faulty> {
    check_text(call, what, text, MAX_SHORT_TEXT, false)
}

/// The game's description: a sane number of players and piece types,
/// names that fit on a line.
pub fn check_info(info: &GameInfo) -> Result<(), Faulty> {
    let call = "info";
    if info.players.is_empty() || info.players.len() > MAX_PLAYERS {
        return Err(faulty(call, format!("{} players (1 to {MAX_PLAYERS})", info.players.len())));
    }
    if info.piece_types.len() > MAX_PIECE_TYPES {
        return Err(faulty(call, format!("{} piece types (at most {MAX_PIECE_TYPES})", info.piece_types.len())));
    }
    short_text(call, "game name", &info.name)?;
    short_text(call, "position format", &info.position_format)?;
    for p in info.players.iter() {
        short_text(call, "player name", &p.name)?;
        if p.name.trim().is_empty() {
            return Err(faulty(call, "a player without a name"));
        }
    }
    for t in info.piece_types.iter() {
        short_text(call, "piece name", &t.name)?;
        for g in t.glyphs.iter().chain(t.letters.iter()) {
            short_text(call, "piece glyph", g)?;
        }
        for art in t.art.iter() {
            check_text(call, "piece drawing", art, MAX_POSITION_TEXT * 16, true)?;
        }
    }
    Ok(())
}

/// The board: between 1 and [`MAX_CELLS`] cells at finite places on
/// existing layers, a bounded number of decorations.
pub fn check_geometry(geometry: &Geometry) -> Result<(), Faulty> {
    let call = "geometry";
    let cells = geometry.cells.len();
    if cells == 0 || cells > MAX_CELLS {
        return Err(faulty(call, format!("a board of {cells} cells (1 to {MAX_CELLS})")));
    }
    let layers = geometry.layers as usize;
    if layers == 0 || layers > MAX_LAYERS {
        return Err(faulty(call, format!("a board of {layers} layers (1 to {MAX_LAYERS})")));
    }
    for (name, n) in
        [("lines", geometry.lines.len()), ("marks", geometry.marks.len()), ("labels", geometry.labels.len())]
    {
        if n > MAX_DECORATIONS {
            return Err(faulty(call, format!("{n} {name} (at most {MAX_DECORATIONS})")));
        }
    }
    for (i, c) in geometry.cells.iter().enumerate() {
        if !(c.x.is_finite() && c.y.is_finite()) || c.x.abs() > 1e6 || c.y.abs() > 1e6 {
            return Err(faulty(call, format!("cell {i} at ({}, {})", c.x, c.y)));
        }
        if c.layer as usize >= layers {
            return Err(faulty(call, format!("cell {i} on layer {} of {layers}", c.layer)));
        }
        short_text(call, "cell name", &c.name)?;
    }
    let finite = |v: &[f32]| v.iter().all(|x| x.is_finite() && x.abs() <= 1e6);
    if !geometry.lines.iter().all(|l| finite(&[l.x1, l.y1, l.x2, l.y2, l.width])) {
        return Err(faulty(call, "a line with a coordinate that is not a number"));
    }
    for m in geometry.marks.iter() {
        if !finite(&[m.x, m.y, m.size]) {
            return Err(faulty(call, "a mark with a coordinate that is not a number"));
        }
        short_text(call, "mark text", &m.text)?;
    }
    for l in geometry.labels.iter() {
        if !finite(&[l.x, l.y]) {
            return Err(faulty(call, "a label with a coordinate that is not a number"));
        }
        short_text(call, "label", &l.text)?;
    }
    Ok(())
}

/// A player number the game has.
pub fn check_player(call: &'static str, what: &str, player: u8, shape: &Shape) -> Result<(), Faulty> {
    if (player as usize) < shape.players {
        Ok(())
    } else {
        Err(faulty(call, format!("{what} {player}, but the game has {} players", shape.players)))
    }
}

/// A status with a known kind, a winner among the players and a short reason.
pub fn check_status(status: &Status, shape: &Shape) -> Result<(), Faulty> {
    let call = "status";
    match status.kind {
        StatusKind::ONGOING | StatusKind::DRAW => {}
        StatusKind::WIN => check_player(call, "a win for player", status.winner, shape)?,
        other => return Err(faulty(call, format!("the unknown status kind {}", other.0))),
    }
    short_text(call, "reason", status.reason.as_str())
}

/// Largest payoff magnitude a result may state: far beyond any game's
/// points, small enough that sums over a long match stay exact.
pub const MAX_PAYOFF: f64 = 1e9;

/// A full result ([`rules_api::Position::result`]): a valid status and a
/// short reason, and once the game is over either no payoffs or one
/// finite payoff per player, the winner the status names among the best.
pub fn check_outcome(outcome: &Outcome, shape: &Shape) -> Result<(), Faulty> {
    let call = "result";
    match outcome.status.kind {
        StatusKind::ONGOING | StatusKind::DRAW => {}
        StatusKind::WIN => check_player(call, "a win for player", outcome.status.winner, shape)?,
        other => return Err(faulty(call, format!("the unknown status kind {}", other.0))),
    }
    short_text(call, "reason", outcome.status.reason.as_str())?;
    short_text(call, "reason", outcome.reason.as_str())?;
    let payoffs = &outcome.payoffs;
    if outcome.status.is_ongoing() || payoffs.is_empty() {
        return Ok(());
    }
    if payoffs.len() != shape.players {
        return Err(faulty(call, format!("{} payoffs for {} players", payoffs.len(), shape.players)));
    }
    if let Some(p) = payoffs.iter().position(|v| !v.is_finite() || v.abs() > MAX_PAYOFF) {
        return Err(faulty(call, format!("the payoff {} for player {p}", payoffs[p])));
    }
    if outcome.status.kind == StatusKind::WIN {
        let best = payoffs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let winner = outcome.status.winner;
        if payoffs[winner as usize] < best {
            return Err(faulty(call, format!("a win for player {winner} whose payoff is not the best ({payoffs:?})")));
        }
    }
    Ok(())
}

/// The full result says what the status says: the same kind of end and
/// the same winner (the reasons may differ: the full one says more).
pub fn check_agreement(status: &Status, outcome: &Outcome) -> Result<(), Faulty> {
    let (a, b) = (status, &outcome.status);
    if a.kind == b.kind && (a.kind != StatusKind::WIN || a.winner == b.winner) {
        return Ok(());
    }
    let says = |s: &Status| match s.kind {
        StatusKind::WIN => format!("a win for player {}", s.winner),
        StatusKind::DRAW => "a draw".to_string(),
        _ => "a game that goes on".to_string(),
    };
    Err(faulty("result", format!("{} where status says {}", says(b), says(a))))
}

/// How far the probabilities of a chance node may sum from 1.
pub const PROBABILITY_TOLERANCE: f64 = 1e-6;

/// The outcomes of a chance node: exactly its legal moves, each once,
/// each with a probability above 0, together 1.
pub fn check_chance(outcomes: &[ChanceOutcome], legal: &[Move]) -> Result<(), Faulty> {
    let call = "chance_outcomes";
    if outcomes.is_empty() {
        return Err(faulty(call, "no outcomes at a chance node"));
    }
    if outcomes.len() != legal.len() {
        return Err(faulty(call, format!("{} outcomes for {} legal moves", outcomes.len(), legal.len())));
    }
    for (i, o) in outcomes.iter().enumerate() {
        if !legal.contains(&o.mv) || outcomes[..i].iter().any(|earlier| earlier.mv == o.mv) {
            let m = o.mv;
            let problem =
                format!("an outcome (from {} to {}, extra {}) that is not one legal move", m.from, m.to, m.extra);
            return Err(faulty(call, problem));
        }
        if !(o.probability.is_finite() && o.probability > 0.0) {
            return Err(faulty(call, format!("the probability {} (must be above 0)", o.probability)));
        }
    }
    let sum: f64 = outcomes.iter().map(|o| o.probability).sum();
    if (sum - 1.0).abs() > PROBABILITY_TOLERANCE {
        return Err(faulty(call, format!("probabilities summing to {sum} (must be 1)")));
    }
    Ok(())
}

/// A cell of the board, or [`CELL_NONE`] where `none_ok`.
fn check_cell(call: &'static str, cell: u16, shape: &Shape) -> Result<(), Faulty> {
    if cell == CELL_NONE || (cell as usize) < shape.cells {
        Ok(())
    } else {
        Err(faulty(call, format!("cell {cell}, but the board has {} cells", shape.cells)))
    }
}

/// A move in the board's terms: cells of the board, an off-board move
/// only as `from = to = CELL_NONE` with a code, a piece choice among the
/// game's piece types.
pub fn check_move(call: &'static str, m: Move, shape: &Shape) -> Result<(), Faulty> {
    check_cell(call, m.from, shape)?;
    check_cell(call, m.to, shape)?;
    if m.to == CELL_NONE {
        if m.from != CELL_NONE || m.extra == 0 {
            return Err(faulty(call, format!("a move without a target (from {} to none, extra {})", m.from, m.extra)));
        }
    } else if m.extra as usize > shape.piece_types {
        return Err(faulty(
            call,
            format!("a move choosing piece type {} of {}", m.extra as usize - 1, shape.piece_types),
        ));
    }
    Ok(())
}

/// A list of at most [`MAX_LIST`] legal moves, each a move of the board.
pub fn check_moves(moves: &[Move], shape: &Shape) -> Result<(), Faulty> {
    if moves.len() > MAX_LIST {
        return Err(faulty("legal_moves", format!("{} moves (at most {MAX_LIST})", moves.len())));
    }
    moves.iter().try_for_each(|&m| check_move("legal_moves", m, shape))
}

/// Pieces on cells of the board, owned by players, of known types.
pub fn check_pieces(pieces: &[Piece], shape: &Shape) -> Result<(), Faulty> {
    let call = "pieces";
    if pieces.len() > MAX_LIST {
        return Err(faulty(call, format!("{} pieces (at most {MAX_LIST})", pieces.len())));
    }
    for p in pieces {
        if p.cell as usize >= shape.cells {
            return Err(faulty(call, format!("a piece on cell {}, but the board has {} cells", p.cell, shape.cells)));
        }
        check_player(call, "a piece of player", p.owner, shape)?;
        if p.kind as usize >= shape.piece_types {
            return Err(faulty(call, format!("a piece of type {} of {}", p.kind, shape.piece_types)));
        }
    }
    Ok(())
}

/// Highlights on cells of the board, for players of the game.
pub fn check_highlights(marks: &[Highlight], shape: &Shape) -> Result<(), Faulty> {
    let call = "highlights";
    if marks.len() > MAX_LIST {
        return Err(faulty(call, format!("{} highlights (at most {MAX_LIST})", marks.len())));
    }
    for h in marks {
        if h.cell as usize >= shape.cells {
            return Err(faulty(call, format!("a highlight on cell {} of {}", h.cell, shape.cells)));
        }
        check_player(call, "a highlight for player", h.player, shape)?;
        short_text(call, "note", h.note.as_str())?;
    }
    Ok(())
}

/// Why a checked call to a rules plugin failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CallError {
    /// The plugin reported an error (or panicked).
    #[error("{0}")]
    Plugin(#[from] rules_api::PluginError),
    /// The plugin returned something impossible.
    #[error(transparent)]
    Faulty(#[from] Faulty),
}

/// The game's description, checked.
pub fn info(rules: &RulesBox) -> Result<GameInfo, CallError> {
    let info = watch("info", || rules.info().into_result())?;
    check_info(&info)?;
    Ok(info)
}

/// The board, checked.
pub fn geometry(rules: &RulesBox) -> Result<Geometry, CallError> {
    let geometry = watch("geometry", || rules.geometry().into_result())?;
    check_geometry(&geometry)?;
    Ok(geometry)
}

/// The game's description and board, checked, with the shape the other
/// checks need.
pub fn describe(rules: &RulesBox) -> Result<(GameInfo, Geometry, Shape), CallError> {
    let info = info(rules)?;
    let geometry = geometry(rules)?;
    let shape = Shape::of(&info, &geometry);
    Ok((info, geometry, shape))
}

/// The draw the player to move may claim in `position`
/// ([`rules_api::Position::draw_claim`]), checked: UTF-8, one short line;
/// `None` when there is none.
pub fn draw_claim(position: &PositionBox) -> Result<Option<String>, CallError> {
    let claim = watch("draw_claim", || position.draw_claim().into_result())?;
    check_claim(claim.as_bytes())?;
    Ok((!claim.is_empty()).then(|| claim.into_string()))
}

/// A draw claim's reason: UTF-8 (the bytes as they crossed the boundary)
/// and fit for one line.
pub fn check_claim(bytes: &[u8]) -> Result<(), Faulty> {
    let call = "draw_claim";
    let text = std::str::from_utf8(bytes).map_err(|e| faulty(call, format!("a claim that is not UTF-8 ({e})")))?;
    short_text(call, "claim", text)
}

/// The pieces of `position`, checked against `shape`.
pub fn pieces(position: &PositionBox, shape: &Shape) -> Result<Vec<Piece>, CallError> {
    let mut out = RVec::new();
    watch("pieces", || position.pieces(&mut out).into_result())?;
    check_pieces(&out, shape)?;
    Ok(out.into_vec())
}

/// The highlights of `position`, checked against `shape`.
pub fn highlights(position: &PositionBox, shape: &Shape) -> Result<Vec<Highlight>, CallError> {
    let mut out = RVec::new();
    watch("highlights", || position.highlights(&mut out).into_result())?;
    check_highlights(&out, shape)?;
    Ok(out.into_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::{Cell, CellShape, PlayerInfo, Rgba};

    fn shape() -> Shape {
        Shape { players: 2, cells: 9, piece_types: 1 }
    }

    #[test]
    fn players_cells_and_piece_types_are_bounded() {
        let s = shape();
        assert!(check_status(&Status::win(1, "line"), &s).is_ok());
        let e = check_status(&Status::win(200, "line"), &s).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the rules plugin is faulty: status returned a win for player 200, but the game has 2 players"
        );
        assert!(check_status(&Status { kind: StatusKind(9), ..Status::ONGOING }, &s).is_err());
        assert!(check_move("legal_moves", Move::place(8), &s).is_ok());
        assert!(check_move("legal_moves", Move::PASS, &s).is_ok());
        assert!(check_move("legal_moves", Move::place(9), &s).unwrap_err().problem.contains("cell 9"));
        assert!(check_move("legal_moves", Move::new(3, CELL_NONE), &s).is_err());
        assert!(check_move("legal_moves", Move::NULL, &s).is_err());
        assert!(check_move("legal_moves", Move::drop(1, 4), &s).is_err());
        let piece = Piece { cell: 3, owner: 2, kind: 0 };
        assert!(check_pieces(&[piece], &s).unwrap_err().problem.contains("player 2"));
    }

    #[test]
    fn full_results_have_one_finite_payoff_per_player_and_the_winner_best() {
        let s = Shape { players: 3, cells: 9, piece_types: 1 };
        let outcome =
            |status: Status, payoffs: &[f64]| Outcome { status, reason: "".into(), payoffs: payoffs.to_vec().into() };
        assert!(check_outcome(&outcome(Status::win(1, "x"), &[0.0, 5.0, 5.0]), &s).is_ok());
        assert!(check_outcome(&outcome(Status::win(1, "x"), &[]), &s).is_ok());
        assert!(
            check_outcome(&outcome(Status::ONGOING, &[1.0]), &s).is_ok(),
            "payoffs of a game that goes on mean nothing"
        );
        let e = check_outcome(&outcome(Status::win(1, "x"), &[1.0, 2.0]), &s).unwrap_err();
        assert_eq!(e.problem, "2 payoffs for 3 players");
        assert!(check_outcome(&outcome(Status::draw("x"), &[0.0, f64::NAN, 0.0]), &s)
            .unwrap_err()
            .problem
            .contains("NaN"));
        assert!(check_outcome(&outcome(Status::draw("x"), &[0.0, 1e12, 0.0]), &s).is_err());
        let e = check_outcome(&outcome(Status::win(0, "x"), &[1.0, 2.0, 0.0]), &s).unwrap_err();
        assert!(e.problem.contains("not the best"), "{e}");
        assert!(check_outcome(&outcome(Status::win(5, "x"), &[]), &s).is_err());
        let long = Outcome { reason: "x".repeat(MAX_SHORT_TEXT + 1).into(), ..outcome(Status::draw("x"), &[]) };
        assert!(check_outcome(&long, &s).is_err());
    }

    #[test]
    fn the_full_result_agrees_with_the_status() {
        let full = |status: Status| Outcome::from_status(status);
        assert!(check_agreement(&Status::win(1, "a"), &full(Status::win(1, "b"))).is_ok());
        assert!(check_agreement(&Status::ONGOING, &full(Status::ONGOING)).is_ok());
        let e = check_agreement(&Status::win(1, "a"), &full(Status::win(0, "a"))).unwrap_err();
        assert_eq!(e.problem, "a win for player 0 where status says a win for player 1");
        assert!(check_agreement(&Status::ONGOING, &full(Status::draw("x"))).is_err());
    }

    #[test]
    fn chance_outcomes_are_the_legal_moves_with_probabilities_summing_to_one() {
        let (a, b) = (Move::place(1), Move::place(2));
        let o = |mv: Move, probability: f64| ChanceOutcome { mv, probability };
        assert!(check_chance(&[o(a, 0.25), o(b, 0.75)], &[a, b]).is_ok());
        assert!(check_chance(&[], &[a]).unwrap_err().problem.contains("no outcomes"));
        assert!(check_chance(&[o(a, 1.0)], &[a, b]).unwrap_err().problem.contains("1 outcomes for 2 legal moves"));
        assert!(check_chance(&[o(a, 0.5), o(a, 0.5)], &[a, b]).unwrap_err().problem.contains("not one legal move"));
        assert!(check_chance(&[o(a, 0.0), o(b, 1.0)], &[a, b]).unwrap_err().problem.contains("above 0"));
        assert!(check_chance(&[o(a, 0.5), o(b, 0.6)], &[a, b]).unwrap_err().problem.contains("summing to 1.1"));
        assert!(check_chance(&[o(a, f64::INFINITY), o(b, 0.5)], &[a, b]).is_err());
    }

    #[test]
    fn claims_are_short_lines_of_utf8() {
        assert!(check_claim(b"").is_ok());
        assert!(check_claim("threefold repetition".as_bytes()).is_ok());
        assert!(check_claim("三次重复".as_bytes()).is_ok());
        let e = check_claim(&[b'a', 0xff, 0xfe]).unwrap_err();
        assert!(e.to_string().contains("draw_claim") && e.to_string().contains("not UTF-8"), "{e}");
        let e = check_claim("x".repeat(MAX_SHORT_TEXT + 1).as_bytes()).unwrap_err();
        assert!(e.to_string().contains("bytes"), "{e}");
        let e = check_claim(b"two\nlines").unwrap_err();
        assert!(e.to_string().contains("U+000A"), "{e}");
    }

    #[test]
    fn texts_are_bounded_and_free_of_control_characters() {
        assert!(short_text("move_to_text", "move text", "e2e4").is_ok());
        let e = short_text("move_to_text", "move text", "\u{1b}[2J").unwrap_err();
        assert!(e.problem.contains("U+001B"), "{e}");
        assert!(position_text("to_text", &"x".repeat(MAX_POSITION_TEXT + 1)).is_err());
        assert!(position_text("to_text", "line one\nline two").is_ok());
    }

    #[test]
    fn empty_huge_and_nonsense_boards_are_refused() {
        let cell = |x: f32| Cell {
            x,
            y: 0.0,
            layer: 0,
            shape: CellShape::SQUARE,
            color: Rgba::rgb(1, 2, 3),
            name: "a1".into(),
        };
        let board = |cells: Vec<Cell>| Geometry {
            cells: cells.into(),
            lines: RVec::new(),
            marks: RVec::new(),
            labels: RVec::new(),
            background: Rgba::TRANSPARENT,
            layers: 1,
        };
        assert!(check_geometry(&board(vec![cell(0.0)])).is_ok());
        assert!(check_geometry(&board(vec![])).unwrap_err().problem.contains("0 cells"));
        let huge: Vec<Cell> = (0..100_000).map(|i| cell(i as f32 / 1000.0)).collect();
        assert!(check_geometry(&board(huge)).unwrap_err().problem.contains("100000 cells"));
        assert!(check_geometry(&board(vec![cell(f32::NAN)])).is_err());
        let mut layered = board(vec![cell(0.0)]);
        layered.cells[0].layer = 3;
        assert!(check_geometry(&layered).is_err());
        let player = PlayerInfo { name: "".into(), color: Rgba::TRANSPARENT, ink: Rgba::TRANSPARENT };
        let info = GameInfo {
            name: "G".into(),
            players: vec![player].into(),
            piece_types: RVec::new(),
            position_format: "text".into(),
        };
        assert!(check_info(&info).is_err(), "a nameless player");
        let named = PlayerInfo { name: "p".into(), color: Rgba::TRANSPARENT, ink: Rgba::TRANSPARENT };
        let seven = GameInfo { players: vec![named; 7].into(), ..info };
        assert!(check_info(&seven).unwrap_err().problem.contains("7 players (1 to 6)"));
    }
}
