//! The conformance suite passes honest games and catches each kind of
//! fault in a deliberately broken one, naming the check that found it.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{
    GameInfo, Geometry, HandPiece, Highlight, HighlightKind, Move, MoveInfo, Notation, Piece, PluginError, RVec,
    RulesBox, Status,
};
use tabula_kit::conformance::{run, run_from, Budget, Check, Report};
use tabula_kit::testgames::{rules, Coins, Faulty, Mnk, TakeAway, TestGame, Walk};

fn quick() -> Budget {
    Budget { playouts: 6, max_plies: 60, deep_checks: 6, transposition_tries: 60, seed: 1 }
}

#[test]
fn honest_test_games_pass_every_check() {
    for game in [rules(Mnk::tic_tac_toe()), rules(Mnk::new(5, 5, 4)), rules(Mnk::new(4, 3, 3))] {
        let report = run(&game, &quick());
        report.assert_ok();
        assert!(report.positions > 30 && report.moves_checked > 30, "{report}");
        assert!(report.transpositions > 0, "placement games transpose: {report}");
        assert!(report.games_finished > 0, "{report}");
        for check in Check::ALL {
            assert!(report.check(check).runs > 0, "{} never ran:\n{report}", check.name());
        }
    }
    for game in [rules(TakeAway::new(12, 3)), rules(Coins::new(&[3, 1, 4, 1, 5, 9])), rules(Walk::new())] {
        run(&game, &quick()).assert_ok();
    }
}

/// One way a game can break its contract.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fault {
    None,
    HashIgnoresSide,
    HashFromHistory,
    UnmakeKeepsStone,
    UnmakeForgetsSide,
    TextDropsStones,
    NotationSwapsMoves,
    StatusEndsEarly,
    NoMovesButOngoing,
    CountOffByOne,
    InfosShort,
    PieceOffBoard,
    HighlightOffBoard,
    SideOutOfRange,
    EvaluationTooBig,
    PanicInMakeMove,
    MoveOffBoard,
    CloneSharesState,
}

/// A test game with one fault.
#[derive(Clone)]
struct Broken<G> {
    inner: G,
    fault: Fault,
    /// Moves made on this object and every clone of it.
    shared_makes: Arc<AtomicU32>,
    /// The moves made through this wrapper, for a history-dependent hash.
    line: Vec<u16>,
}

impl<G: TestGame> Broken<G> {
    fn new(inner: G, fault: Fault) -> Self {
        Broken { inner, fault, shared_makes: Default::default(), line: Vec::new() }
    }
    fn stones(&self) -> usize {
        let mut pieces = RVec::new();
        self.inner.pieces(&mut pieces);
        pieces.len()
    }
}

impl<G: TestGame> PositionImpl for Broken<G> {
    fn side_to_move(&self) -> u8 {
        if self.fault == Fault::SideOutOfRange && self.stones() == 3 {
            return 5;
        }
        self.inner.side_to_move()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.fault == Fault::NoMovesButOngoing && self.stones() == 4 {
            return;
        }
        if self.fault == Fault::MoveOffBoard && self.stones() == 2 {
            out.push(Move::place(40));
        }
        self.inner.legal_moves(out)
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if self.fault == Fault::PanicInMakeMove && self.stones() == 5 {
            panic!("deliberate panic in make_move");
        }
        self.shared_makes.fetch_add(1, Ordering::Relaxed);
        if m.to == 40 {
            return Ok(());
        }
        self.inner.make_move(m)?;
        self.line.push(m.to);
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        if self.fault == Fault::UnmakeKeepsStone && self.stones() == 3 {
            return Ok(());
        }
        self.line.pop();
        self.inner.unmake_move()?;
        if self.fault == Fault::UnmakeForgetsSide && self.stones() == 1 {
            let text = self.inner.to_text();
            let flipped = if text.ends_with('x') { "o" } else { "x" };
            self.inner = self.inner.read_text(&format!("{}{flipped}", &text[..text.len() - 1]))?;
        }
        Ok(())
    }
    fn status(&self) -> Status {
        if self.fault == Fault::StatusEndsEarly && self.stones() == 4 {
            return Status::draw("tired");
        }
        self.inner.status()
    }
    fn hash(&self) -> u64 {
        match self.fault {
            Fault::HashIgnoresSide => {
                let text = self.inner.to_text();
                let board = text.split(' ').next().unwrap_or("");
                board.bytes().fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64))
            }
            Fault::HashFromHistory => self.inner.hash() ^ self.line.first().map_or(0, |&c| c as u64 + 1),
            _ => self.inner.hash(),
        }
    }
    fn evaluate(&self) -> i32 {
        if self.fault == Fault::EvaluationTooBig {
            return 2 * rules_api::score::MAX_EVAL;
        }
        self.inner.evaluate()
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        self.inner.move_infos(moves, out);
        if self.fault == Fault::InfosShort {
            out.pop();
        }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        self.inner.pieces(out);
        if self.fault == Fault::PieceOffBoard && !out.is_empty() {
            out[0].cell = 99;
        }
    }
    fn highlights(&self, out: &mut RVec<Highlight>) {
        if self.fault == Fault::HighlightOffBoard && self.stones() == 1 {
            out.push(Highlight::new(12, HighlightKind::NOTE));
        }
    }
    fn hands(&self, _out: &mut RVec<HandPiece>) {}
    fn to_text(&self) -> String {
        let text = self.inner.to_text();
        if self.fault == Fault::TextDropsStones && self.stones() == 3 {
            return text.replacen('o', ".", 1);
        }
        if self.fault == Fault::CloneSharesState {
            // The text depends on moves made on any clone.
            return format!("{text}{}", "!".repeat(self.shared_makes.load(Ordering::Relaxed) as usize));
        }
        text
    }
    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        if m.to == 40 {
            return Ok("z9".into());
        }
        if self.fault == Fault::NotationSwapsMoves && notation == Notation::STANDARD && m.to == 4 {
            return self.inner.move_to_text(Move::place(0), notation);
        }
        self.inner.move_to_text(m, notation)
    }
    fn parse_move(&self, text: &str, notation: Notation) -> Result<Move, PluginError> {
        if text == "z9" {
            return Ok(Move::place(40));
        }
        self.inner.parse_move(text, notation)
    }
    fn count_legal_moves(&self, scratch: &mut RVec<Move>) -> u64 {
        scratch.clear();
        self.legal_moves(scratch);
        scratch.len() as u64 + (self.fault == Fault::CountOffByOne) as u64
    }
}

struct BrokenRules<G>(Broken<G>);

impl<G: TestGame> RulesImpl for BrokenRules<G> {
    type Position = Broken<G>;
    fn info(&self) -> GameInfo {
        self.0.inner.info()
    }
    fn geometry(&self) -> Geometry {
        self.0.inner.geometry()
    }
    fn start_position(&self) -> Result<Broken<G>, PluginError> {
        Ok(Broken::new(self.0.inner.clone(), self.0.fault))
    }
    fn position_from_text(&self, text: &str) -> Result<Broken<G>, PluginError> {
        let inner = self.0.inner.read_text(text.trim_end_matches('!'))?;
        Ok(Broken::new(inner, self.0.fault))
    }
}

/// Tic-tac-toe with `fault`; a pile of stones for a hash blind to the side
/// to move (tic-tac-toe's stones always tell whose turn it is, a pile of 9
/// can be reached with either player to move).
fn broken(fault: Fault) -> RulesBox {
    if fault == Fault::HashIgnoresSide {
        rules_box(BrokenRules(Broken::new(TakeAway::new(12, 3), fault)))
    } else {
        rules_box(BrokenRules(Broken::new(Mnk::tic_tac_toe(), fault)))
    }
}

fn failed(report: &Report) -> Vec<Check> {
    report.failed().map(|c| c.check).collect()
}

#[test]
fn each_fault_fails_the_check_that_guards_against_it() {
    let cases = [
        (Fault::HashIgnoresSide, Check::HashConsistency),
        (Fault::HashFromHistory, Check::Transpositions),
        (Fault::UnmakeKeepsStone, Check::MakeUnmake),
        (Fault::UnmakeForgetsSide, Check::MakeUnmake),
        (Fault::TextDropsStones, Check::TextRoundTrip),
        (Fault::NotationSwapsMoves, Check::Notation),
        (Fault::StatusEndsEarly, Check::Status),
        (Fault::NoMovesButOngoing, Check::Status),
        (Fault::CountOffByOne, Check::MoveCount),
        (Fault::InfosShort, Check::MoveInfos),
        (Fault::PieceOffBoard, Check::Pieces),
        (Fault::HighlightOffBoard, Check::Highlights),
        (Fault::SideOutOfRange, Check::SideToMove),
        (Fault::EvaluationTooBig, Check::Evaluation),
        (Fault::PanicInMakeMove, Check::MakeUnmake),
        (Fault::MoveOffBoard, Check::MoveCells),
        (Fault::CloneSharesState, Check::CloneIndependence),
    ];
    let honest = run(&broken(Fault::None), &quick());
    honest.assert_ok();
    for (fault, check) in cases {
        let report = run(&broken(fault), &quick());
        let failures = failed(&report);
        assert!(failures.contains(&check), "{fault:?} should fail '{}', failed {failures:?}:\n{report}", check.name());
        let first = report.check(check).first_failure.as_ref().expect("a failed check keeps its first failure");
        assert!(!first.message.is_empty());
        let text = report.to_string();
        assert!(text.contains("FAIL") && text.contains(check.name()), "{text}");
    }
}

#[test]
fn a_panicking_plugin_fails_a_check_without_crashing_the_suite() {
    let game = rules(Faulty { inner: Mnk::tic_tac_toe(), makes_left: 3 });
    let report = run(&game, &quick());
    assert!(!report.is_ok());
    let messages: Vec<&str> =
        report.failed().filter_map(|c| c.first_failure.as_ref()).map(|f| f.message.as_str()).collect();
    assert!(messages.iter().any(|m| m.contains("deliberate test panic")), "{report}");
    let outcome = std::panic::catch_unwind(|| report.assert_ok());
    let payload = outcome.expect_err("assert_ok panics on a failed report");
    let message = payload.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("FAIL") && message.contains("position:"), "{message}");
}

#[test]
fn reports_are_reproducible_from_the_seed() {
    let game = rules(Mnk::new(4, 4, 3));
    assert_eq!(run(&game, &quick()), run(&game, &quick()));
    let other = run(&game, &Budget { seed: 2, ..quick() });
    assert_ne!(run(&game, &quick()).positions + run(&game, &quick()).moves_checked, 0);
    assert!(other.is_ok());
}

#[test]
fn games_can_start_from_given_positions_and_bad_starts_are_named() {
    let game = rules(Mnk::tic_tac_toe());
    let starts = ["x../.o./... x", "xo./.x./..o x"];
    let report = run_from(&game, &starts, &quick());
    report.assert_ok();
    let refused = run_from(&game, &["x../.o./... x", "not a position"], &quick());
    assert_eq!(failed(&refused), [Check::Setup], "{refused}");
    let first = refused.check(Check::Setup).first_failure.clone().expect("a failure");
    assert_eq!(first.position.as_deref(), Some("not a position"));
    assert!(refused.positions > 0, "the good start is still walked");
}
