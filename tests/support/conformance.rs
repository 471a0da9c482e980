//! The shared conformance suite every rules plugin must pass through its
//! loaded `.so`. It only speaks `rules-api`, so a new game gets the same
//! checks for free.

use std::collections::HashMap;

use rules_api::{
    score, Move, MoveInfo, Notation, Piece, PositionBox, RulesBox, RVec,
};

use crate::rng::Rng;

/// How much work the suite does; tests pick larger values in release.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Number of random playouts.
    pub playouts: usize,
    /// Maximum plies per playout.
    pub max_plies: usize,
    /// How many positions per playout get the exhaustive per-move checks.
    pub deep_checks: usize,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { playouts: 12, max_plies: 200, deep_checks: 12 }
    }
}

/// Everything the suite learnt while walking, for the caller's own asserts.
#[derive(Debug, Default)]
pub struct Report {
    /// Positions visited along the playouts.
    pub positions: usize,
    /// Moves checked with make/unmake and both notations.
    pub moves_checked: usize,
    /// Playouts that ended with a decided status.
    pub finished_games: usize,
    /// Distinct position texts seen (for the hash-consistency check).
    pub distinct_texts: usize,
}

fn ok<T>(r: rules_api::RResult<T, rules_api::PluginError>, what: &str) -> T {
    match r.into_result() {
        Ok(v) => v,
        Err(e) => panic!("{what} failed: {e}"),
    }
}

fn text(pos: &PositionBox) -> String {
    ok(pos.to_text(), "to_text").into_string()
}

fn moves_of(pos: &PositionBox) -> Vec<Move> {
    let mut buf = RVec::new();
    ok(pos.legal_moves(&mut buf), "legal_moves");
    buf.to_vec()
}

/// Runs every check on `rules` and returns what was covered.
pub fn run(rules: &RulesBox, seed: u64, budget: Budget) -> Report {
    let info = ok(rules.info(), "info");
    let geometry = ok(rules.geometry(), "geometry");
    assert!(!info.players.is_empty(), "a game needs players");
    assert!(!geometry.cells.is_empty(), "a board needs cells");
    let mut names = std::collections::HashSet::new();
    for cell in geometry.cells.iter() {
        assert!(names.insert(cell.name.as_str()), "two cells are named {}", cell.name);
    }

    let start = ok(rules.start_position(), "start_position");
    let mut report = Report::default();
    let mut hash_of_text: HashMap<String, u64> = HashMap::new();
    let mut rng = Rng::new(seed);

    for _ in 0..budget.playouts {
        let mut pos = start.clone();
        let mut path = Vec::new();
        for ply in 0..budget.max_plies {
            let moves = check_position(rules, &pos, &info, geometry.cells.len(), &mut hash_of_text);
            report.positions += 1;
            if moves.is_empty() {
                report.finished_games += 1;
                break;
            }
            if ply < budget.deep_checks {
                report.moves_checked += check_every_move(&mut pos, &moves);
            }
            let m = moves[rng.below(moves.len())];
            ok(pos.make_move(m), "make_move");
            path.push((m, text(&pos), pos.hash()));
        }
        // Walk back the whole game: every unmake must restore the position
        // that stood before the move, far from where it was made.
        while let Some((m, after_text, after_hash)) = path.pop() {
            assert_eq!(text(&pos), after_text, "position drifted after {m:?}");
            assert_eq!(pos.hash(), after_hash, "hash drifted after {m:?}");
            ok(pos.unmake_move(), "unmake_move");
        }
        assert_eq!(text(&pos), text(&start), "unmaking a whole game must return to the start");
        assert_eq!(pos.hash(), start.hash());
    }
    check_clone_independence(&start);
    report.distinct_texts = hash_of_text.len();
    report
}

/// Checks one position and returns its legal moves.
fn check_position(
    rules: &RulesBox,
    pos: &PositionBox,
    info: &rules_api::GameInfo,
    cell_count: usize,
    hash_of_text: &mut HashMap<String, u64>,
) -> Vec<Move> {
    let moves = moves_of(pos);
    let status = ok(pos.status(), "status");
    let here = text(pos);
    assert_eq!(
        moves.is_empty(),
        !status.is_ongoing(),
        "status {:?} disagrees with {} legal moves in {here}",
        status,
        moves.len()
    );
    if !status.is_ongoing() {
        assert!(!status.reason.as_str().is_empty(), "a finished game needs a reason in {here}");
        if status.kind == rules_api::StatusKind::WIN {
            assert!((status.winner as usize) < info.players.len());
        }
    }
    assert!((pos.side_to_move() as usize) < info.players.len());
    let eval = pos.evaluate();
    assert!(eval.abs() <= score::MAX_EVAL, "evaluation {eval} out of range in {here}");

    // Same text must mean same hash, however the position was reached.
    let hash = pos.hash();
    let known = *hash_of_text.entry(here.clone()).or_insert(hash);
    assert_eq!(known, hash, "two hashes for one position text {here}");

    // Text round trip.
    let reread = ok(rules.position_from_text(here.as_str().into()), "position_from_text");
    assert_eq!(text(&reread), here, "text does not round-trip");
    assert_eq!(reread.hash(), hash, "hash changes when the text is read back: {here}");
    // A result that depends on history (repetition) is gone once the text is
    // read back without it; only compare move lists where history cannot matter.
    let history_decided = !status.is_ongoing() && ok(reread.status(), "status").is_ongoing();
    let mut reread_moves = if history_decided { moves.clone() } else { moves_of(&reread) };
    let mut sorted = moves.clone();
    let key = |m: &Move| m.to_bits();
    reread_moves.sort_by_key(key);
    sorted.sort_by_key(key);
    assert_eq!(reread_moves, sorted, "legal moves differ after reading the text back: {here}");

    for m in &moves {
        assert!(m.from == rules_api::CELL_NONE || (m.from as usize) < cell_count, "{m:?} leaves the board");
        assert!((m.to as usize) < cell_count, "{m:?} lands off the board");
        if m.extra > 0 {
            assert!((m.extra as usize) <= info.piece_types.len(), "{m:?} names no piece type");
        }
    }
    let mut pieces: RVec<Piece> = RVec::new();
    ok(pos.pieces(&mut pieces), "pieces");
    for p in pieces.iter() {
        assert!((p.cell as usize) < cell_count && (p.owner as usize) < info.players.len());
        assert!((p.kind as usize) < info.piece_types.len(), "{p:?} has no piece type");
    }
    let mut infos: RVec<MoveInfo> = RVec::new();
    ok(pos.move_infos(moves.as_slice().into(), &mut infos), "move_infos");
    assert_eq!(infos.len(), moves.len(), "one MoveInfo per move");
    let mut highlights = RVec::new();
    ok(pos.highlights(&mut highlights), "highlights");
    moves
}

/// Make/unmake and both notations for every move of a position.
fn check_every_move(pos: &mut PositionBox, moves: &[Move]) -> usize {
    let before_text = text(pos);
    let before_hash = pos.hash();
    for &m in moves {
        for notation in [Notation::STANDARD, Notation::COORDINATE] {
            let written = ok(pos.move_to_text(m, notation), "move_to_text").into_string();
            let parsed = ok(pos.parse_move(written.as_str().into(), notation), "parse_move");
            assert_eq!(parsed, m, "'{written}' parses to another move in {before_text}");
        }
        ok(pos.make_move(m), "make_move");
        ok(pos.unmake_move(), "unmake_move");
        assert_eq!(text(pos), before_text, "make/unmake of {m:?} changed the position");
        assert_eq!(pos.hash(), before_hash, "make/unmake of {m:?} changed the hash");
    }
    moves.len()
}

/// A clone is a separate position: moving on it leaves the original alone.
fn check_clone_independence(start: &PositionBox) {
    let mut copy = start.clone();
    let moves = moves_of(&copy);
    if let Some(&m) = moves.first() {
        ok(copy.make_move(m), "make_move on a clone");
        assert_ne!(text(&copy), text(start), "a move changed nothing");
        assert_eq!(moves_of(start), moves, "moving on a clone changed the original");
    }
}

/// Looks for two move orders that reach the same position text from the
/// start (A1 B A2 versus A2 B A1) and checks they hash alike. Returns how
/// many such transpositions were found.
pub fn transpositions(rules: &RulesBox, seed: u64, tries: usize) -> usize {
    let start = ok(rules.start_position(), "start_position");
    let first = moves_of(&start);
    let mut rng = Rng::new(seed);
    let mut found = 0;
    for _ in 0..tries {
        if first.len() < 2 {
            break;
        }
        let a1 = first[rng.below(first.len())];
        let a2 = first[rng.below(first.len())];
        let mut after_a1 = start.clone();
        ok(after_a1.make_move(a1), "make_move");
        let replies = moves_of(&after_a1);
        if a1 == a2 || replies.is_empty() {
            continue;
        }
        let b = replies[rng.below(replies.len())];
        let (Some(one), Some(two)) = (play(&start, &[a1, b, a2]), play(&start, &[a2, b, a1])) else {
            continue;
        };
        if one.0 == two.0 {
            assert_eq!(one.1, two.1, "transposition {} hashes differently", one.0);
            found += 1;
        }
    }
    found
}

/// Plays `line` from `start` if every move is legal in turn; returns the
/// final text and hash.
fn play(start: &PositionBox, line: &[Move]) -> Option<(String, u64)> {
    let mut pos = start.clone();
    for &m in line {
        if !moves_of(&pos).contains(&m) {
            return None;
        }
        ok(pos.make_move(m), "make_move");
    }
    Some((text(&pos), pos.hash()))
}
