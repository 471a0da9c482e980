//! The view checks pass an honest game with a secret and catch a sample
//! that shows the player something else, legal moves that depend on what
//! the player cannot see, and a piece shown on a cell the viewer cannot see.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{
    ChanceOutcome, GameInfo, Geometry, Move, Notation, Piece, PieceType, PlayerInfo, PluginError, PositionFlags, RVec,
    Rgba, RulesBox, Status,
};
use tabula_kit::conformance::{run, Budget, Check, Report};
use tabula_kit::grid::Grid;

/// Cells 0..PILE hold the stones; the card lies on the last cell.
const PILE: u16 = 9;
const CARD_CELL: u16 = PILE;
const DEAL: u16 = 50;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fault {
    None,
    SampleMovesStones,
    MovesDependOnSecret,
    PieceInFog,
}

/// Take-away with a secret: a card (0 or 1) is dealt face down to the
/// first player, who alone sees it; then the players take one or two
/// stones in turn, and whoever takes the last stone wins — unless the card
/// is 1, when the last stone loses.
#[derive(Clone)]
struct Secret {
    stones: u16,
    card: Option<u16>,
    side: u8,
    history: Vec<Move>,
    fault: Fault,
}

impl Secret {
    fn new(fault: Fault) -> Self {
        Secret { stones: PILE, card: None, side: 0, history: Vec::new(), fault }
    }
    fn card_kind(&self, viewer: u8) -> u16 {
        match self.card {
            Some(card) if viewer == 0 => 1 + card,
            _ => 0,
        }
    }
}

impl PositionImpl for Secret {
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if !self.status().is_ongoing() {
            return;
        }
        if self.card.is_none() {
            out.extend((0..2).map(|c| Move::off_board(DEAL + c)));
            return;
        }
        let most = if self.fault == Fault::MovesDependOnSecret && self.card == Some(1) { 3 } else { 2 };
        out.extend((1..=most.min(self.stones)).map(|take| Move::new(self.stones - 1, self.stones - take)));
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let mut legal = RVec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&m) {
            return Err(PluginError::illegal_move(format!("{m:?}")));
        }
        if self.card.is_none() {
            self.card = Some(m.extra - DEAL);
        } else {
            self.stones = m.to;
            self.side = 1 - self.side;
        }
        self.history.push(m);
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let m = self.history.pop().ok_or_else(|| PluginError::unsupported("nothing to take back"))?;
        if m.is_off_board() {
            self.card = None;
        } else {
            self.stones = m.from + 1;
            self.side = 1 - self.side;
        }
        Ok(())
    }
    fn status(&self) -> Status {
        if self.stones > 0 {
            return Status::ONGOING;
        }
        let took_last = 1 - self.side;
        let winner = if self.card == Some(1) { 1 - took_last } else { took_last };
        Status::win(winner, "last stone")
    }
    fn flags(&self) -> PositionFlags {
        let chance = if self.card.is_none() { PositionFlags::CHANCE } else { PositionFlags::NONE };
        chance | PositionFlags::HIDDEN
    }
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        if self.card.is_none() {
            out.extend((0..2).map(|c| ChanceOutcome { mv: Move::off_board(DEAL + c), probability: 0.5 }));
        }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        self.view_pieces(0, out);
    }
    fn view_pieces(&self, viewer: u8, out: &mut RVec<Piece>) {
        out.extend((0..self.stones).map(|cell| Piece { cell, owner: 0, kind: 3 }));
        if self.card.is_some() && !(self.fault == Fault::PieceInFog && viewer == 1) {
            out.push(Piece { cell: CARD_CELL, owner: 0, kind: self.card_kind(viewer) });
        }
        if self.fault == Fault::PieceInFog && viewer == 1 && self.card.is_some() {
            out.push(Piece { cell: CARD_CELL, owner: 0, kind: 0 });
        }
    }
    fn hidden_cells(&self, viewer: u8, out: &mut RVec<u16>) {
        if self.fault == Fault::PieceInFog && viewer == 1 {
            out.push(CARD_CELL);
        }
    }
    fn to_text(&self) -> String {
        let card = self.card.map_or("-".to_string(), |c| c.to_string());
        format!("{} {} {card}", self.stones, self.side)
    }
    fn view_text(&self, viewer: u8) -> String {
        let card = match self.card {
            None => "-".to_string(),
            Some(c) if viewer == 0 => c.to_string(),
            Some(_) => "?".to_string(),
        };
        format!("{} {} {card}", self.stones, self.side)
    }
    fn sample(&self, viewer: u8, seed: u64) -> Result<Self, PluginError> {
        let mut sample = self.clone();
        if viewer != 0 && self.card.is_some() {
            sample.card = Some((seed % 2) as u16);
        }
        if self.fault == Fault::SampleMovesStones && seed % 2 == 1 && sample.stones > 1 {
            sample.stones -= 1;
        }
        sample.history.clear();
        Ok(sample)
    }
    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        Ok(if m.is_off_board() { format!("deal{}", m.extra - DEAL) } else { format!("take{}", m.from + 1 - m.to) })
    }
}

struct SecretRules(Fault);

impl RulesImpl for SecretRules {
    type Position = Secret;
    fn info(&self) -> GameInfo {
        let player = |n: &str| PlayerInfo { name: n.into(), color: Rgba::rgb(90, 90, 200), ink: Rgba::rgb(0, 0, 0) };
        let kind = |name: &str, glyph: &str| PieceType::new(name, &[glyph, glyph], &[glyph, glyph], 0);
        GameInfo {
            name: "Secret".into(),
            players: vec![player("first"), player("second")].into(),
            piece_types: vec![kind("card", "?"), kind("zero", "0"), kind("one", "1"), kind("stone", "o")].into(),
            position_format: "stones side card".into(),
        }
    }
    fn geometry(&self) -> Geometry {
        Grid::squares(PILE + 1, 1, Rgba::rgb(230, 230, 230), Rgba::rgb(200, 200, 200)).build()
    }
    fn start_position(&self) -> Result<Secret, PluginError> {
        Ok(Secret::new(self.0))
    }
    fn position_from_text(&self, text: &str) -> Result<Secret, PluginError> {
        self.position_from_view(text, 0)
    }
    fn position_from_view(&self, text: &str, seed: u64) -> Result<Secret, PluginError> {
        let bad = || PluginError::invalid_input(format!("'{text}' is not 'stones side card'"));
        let parts: Vec<&str> = text.split(' ').collect();
        let [stones, side, card] = parts[..] else { return Err(bad()) };
        let mut secret = Secret::new(self.0);
        secret.stones = stones.parse().map_err(|_| bad())?;
        secret.side = side.parse().map_err(|_| bad())?;
        secret.card = match card {
            "-" => None,
            "?" => Some((seed % 2) as u16),
            c => Some(c.parse().map_err(|_| bad())?),
        };
        Ok(secret)
    }
}

fn quick() -> Budget {
    Budget { playouts: 10, max_plies: 40, deep_checks: 12, transposition_tries: 10, seed: 9 }
}

fn report(fault: Fault) -> Report {
    let rules: RulesBox = rules_box(SecretRules(fault));
    run(&rules, &quick())
}

fn assert_views_fail(fault: Fault, words: &str) {
    let report = report(fault);
    let views = report.check(Check::Views);
    let message = views.first_failure.as_ref().map(|f| f.message.clone()).unwrap_or_default();
    assert!(!views.passed() && message.contains(words), "{fault:?} should fail views saying '{words}':\n{report}");
}

#[test]
fn an_honest_game_with_a_secret_passes() {
    let report = report(Fault::None);
    report.assert_ok();
    assert!(report.hidden_positions > 10 && report.check(Check::Views).runs > 50, "{report}");
}

#[test]
fn a_sample_that_shows_the_player_something_else_fails() {
    assert_views_fail(Fault::SampleMovesStones, "other pieces");
}

#[test]
fn moves_that_depend_on_the_secret_fail() {
    assert_views_fail(Fault::MovesDependOnSecret, "depend on what they cannot see");
}

#[test]
fn a_piece_shown_in_the_fog_fails() {
    assert_views_fail(Fault::PieceInFog, "which they cannot see");
}
