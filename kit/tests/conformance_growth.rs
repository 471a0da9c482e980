//! The checks of the 0.2.1 contract pass an honest dice race and catch each
//! kind of fault in a broken one: probabilities that do not sum to one,
//! outcomes that are not the legal moves, dice rolled in secret by
//! `make_move`, payoffs of the wrong length or naming the wrong winner,
//! moves without a click path or sharing one, a piece on a hidden cell, and
//! more players than a host seats.

use std::sync::atomic::{AtomicU64, Ordering};

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{
    CellChange, CellText, ChanceOutcome, ClickPath, GameInfo, Geometry, Move, Notation, Outcome, Piece, PieceType,
    PlayerInfo, PluginError, PositionFlags, RVec, Rgba, RulesBox, Status,
};
use tabula_kit::conformance::{run, Budget, Check, Report};
use tabula_kit::grid::Grid;

/// The last square of a track; reaching it wins.
const GOAL: u16 = 7;
/// Squares per track (0..=GOAL).
const TRACK: u16 = GOAL + 1;
/// The chance moves: rolling 1, 2 or 3.
const ROLL: u16 = 100;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fault {
    None,
    ProbabilitiesShort,
    OutcomeMissing,
    SecretDice,
    PayoffsShort,
    PayoffsWrongWinner,
    PathMissing,
    PathShared,
    PieceOnHiddenCell,
    SevenPlayers,
}

/// Each player has a token on a track of eight squares; a roll of one to
/// three (probabilities 1/2, 1/3, 1/6) lets the mover advance its token by
/// one square up to the roll. Reaching the last square wins.
#[derive(Clone)]
struct Race {
    at: Vec<u16>,
    side: u8,
    roll: Option<u16>,
    history: Vec<(u8, Option<u16>, Move)>,
    fault: Fault,
}

/// Draws of the secret dice (the `SecretDice` fault): state outside every
/// position, as a plugin that rolls its own dice would keep.
static SECRET_DRAWS: AtomicU64 = AtomicU64::new(0);

impl Race {
    fn new(fault: Fault) -> Self {
        let players = if fault == Fault::SevenPlayers { 7 } else { 2 };
        Race { at: vec![0; players], side: 0, roll: None, history: Vec::new(), fault }
    }
    fn cell(&self, player: u8, square: u16) -> u16 {
        player as u16 * TRACK + square
    }
    fn winner(&self) -> Option<u8> {
        self.at.iter().position(|&a| a == GOAL).map(|p| p as u8)
    }
}

impl PositionImpl for Race {
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.winner().is_some() {
            return;
        }
        match self.roll {
            None => out.extend((1..=3).map(|r| Move::off_board(ROLL + r))),
            Some(roll) => {
                let here = self.at[self.side as usize];
                for step in 1..=roll.min(GOAL - here) {
                    out.push(Move::new(self.cell(self.side, here), self.cell(self.side, here + step)));
                }
            }
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let mut legal = RVec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&m) {
            return Err(PluginError::illegal_move(format!("{m:?} is not legal here")));
        }
        self.history.push((self.side, self.roll, m));
        if self.roll.is_none() {
            let mut roll = m.extra - ROLL;
            if self.fault == Fault::SecretDice {
                roll = 1 + (SECRET_DRAWS.fetch_add(1, Ordering::Relaxed) % 3) as u16;
            }
            self.roll = Some(roll);
            return Ok(());
        }
        self.at[self.side as usize] = m.to - self.cell(self.side, 0);
        self.roll = None;
        self.side = (self.side + 1) % self.at.len() as u8;
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let (side, roll, m) = self.history.pop().ok_or_else(|| PluginError::unsupported("nothing to take back"))?;
        if roll.is_some() {
            self.at[side as usize] = m.from - self.cell(side, 0);
        }
        self.side = side;
        self.roll = roll;
        Ok(())
    }
    fn status(&self) -> Status {
        match self.winner() {
            Some(p) => Status::win(p, "reached the goal"),
            None => Status::ONGOING,
        }
    }
    fn flags(&self) -> PositionFlags {
        if self.roll.is_none() && self.winner().is_none() {
            PositionFlags::CHANCE
        } else {
            PositionFlags::NONE
        }
    }
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        if !self.flags().contains(PositionFlags::CHANCE) {
            return;
        }
        let mut weights = [(1, 0.5), (2, 1.0 / 3.0), (3, 1.0 / 6.0)].to_vec();
        match self.fault {
            Fault::ProbabilitiesShort => weights[2].1 = 0.1,
            Fault::OutcomeMissing => weights = vec![(1, 0.5), (2, 0.5)],
            _ => {}
        }
        out.extend(weights.into_iter().map(|(r, p)| ChanceOutcome { mv: Move::off_board(ROLL + r), probability: p }));
    }
    fn result(&self) -> Outcome {
        let mut outcome = Outcome::from_status(self.status());
        if let Some(winner) = self.winner() {
            let mut payoffs: Vec<f64> =
                (0..self.at.len()).map(|p| if p == winner as usize { 1.0 } else { -1.0 }).collect();
            match self.fault {
                Fault::PayoffsShort => {
                    payoffs.pop();
                }
                Fault::PayoffsWrongWinner => payoffs.iter_mut().for_each(|p| *p = -*p),
                _ => {}
            }
            outcome.payoffs = payoffs.into();
            outcome.reason = format!("player {} reached square {GOAL}", winner + 1).into();
        }
        outcome
    }
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        let mut moves = RVec::new();
        if self.roll.is_some() {
            self.legal_moves(&mut moves);
        }
        for (i, &m) in moves.iter().enumerate() {
            match self.fault {
                Fault::PathMissing if i == 0 => continue,
                // Every move chosen by its token alone: the clicks cannot tell them apart.
                Fault::PathShared => out.push(ClickPath::through(m, &[m.from])),
                _ => out.push(ClickPath::through(m, &[m.from, m.to])),
            }
        }
    }
    fn cell_changes(&self, out: &mut RVec<CellChange>) {
        if self.fault == Fault::PieceOnHiddenCell {
            let cell = self.cell(0, self.at[0]);
            out.push(CellChange { cell, shown: false, x: 0.0, y: 0.0, layer: 0, name: "".into() });
        }
    }
    fn cell_texts(&self, out: &mut RVec<CellText>) {
        if let Some(roll) = self.roll {
            out.push(CellText { cell: self.cell(self.side, GOAL), text: format!("{roll}").into() });
        }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        for (p, &square) in self.at.iter().enumerate() {
            out.push(Piece { cell: self.cell(p as u8, square), owner: p as u8, kind: 0 });
        }
    }
    fn to_text(&self) -> String {
        let squares: Vec<String> = self.at.iter().map(u16::to_string).collect();
        let roll = self.roll.map_or("-".to_string(), |r| r.to_string());
        format!("{} {} {roll}", squares.join(","), self.side)
    }
    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        Ok(if m.is_off_board() { format!("roll{}", m.extra - ROLL) } else { format!("{}-{}", m.from, m.to) })
    }
}

struct RaceRules(Fault);

impl RulesImpl for RaceRules {
    type Position = Race;
    fn info(&self) -> GameInfo {
        let start = Race::new(self.0);
        let player = |i: usize| PlayerInfo {
            name: format!("p{i}").into(),
            color: Rgba::rgb(200, 30, 30),
            ink: Rgba::rgb(0, 0, 0),
        };
        let glyphs: Vec<&str> = vec!["o"; start.at.len()];
        GameInfo {
            name: "Race".into(),
            players: (0..start.at.len()).map(player).collect(),
            piece_types: vec![PieceType::new("token", &glyphs, &glyphs, 0)].into(),
            position_format: "squares, side, roll".into(),
        }
    }
    fn geometry(&self) -> Geometry {
        let players = Race::new(self.0).at.len() as u16;
        Grid::squares(TRACK, players, Rgba::rgb(240, 230, 200), Rgba::rgb(200, 180, 150)).build()
    }
    fn start_position(&self) -> Result<Race, PluginError> {
        Ok(Race::new(self.0))
    }
    fn position_from_text(&self, text: &str) -> Result<Race, PluginError> {
        let bad = || PluginError::invalid_input(format!("'{text}' is not 'squares side roll'"));
        let parts: Vec<&str> = text.split(' ').collect();
        let [squares, side, roll] = parts[..] else { return Err(bad()) };
        let mut race = Race::new(self.0);
        let at: Result<Vec<u16>, _> = squares.split(',').map(str::parse).collect();
        race.at = at.map_err(|_| bad())?;
        race.side = side.parse().map_err(|_| bad())?;
        race.roll = if roll == "-" { None } else { Some(roll.parse().map_err(|_| bad())?) };
        Ok(race)
    }
}

fn race(fault: Fault) -> RulesBox {
    rules_box(RaceRules(fault))
}

fn quick() -> Budget {
    Budget { playouts: 8, max_plies: 80, deep_checks: 10, transposition_tries: 30, seed: 5 }
}

fn failing(fault: Fault) -> Report {
    let report = run(&race(fault), &quick());
    assert!(!report.is_ok(), "{fault:?} went unnoticed:\n{report}");
    report
}

fn assert_only(report: &Report, check: Check, words: &str) {
    let failed: Vec<Check> = report.failed().map(|c| c.check).collect();
    assert!(failed.contains(&check), "{} should fail:\n{report}", check.name());
    let message = &report.check(check).first_failure.as_ref().expect("a failure").message;
    assert!(message.contains(words), "'{message}' should say '{words}'");
}

#[test]
fn an_honest_dice_race_passes_and_its_dice_are_drawn() {
    let report = run(&race(Fault::None), &quick());
    report.assert_ok();
    assert!(report.chance_nodes > 20, "{report}");
    assert!(report.games_finished > 0, "{report}");
    for check in [Check::Chance, Check::Players, Check::ClickPaths, Check::BoardChanges, Check::Replay] {
        assert!(report.check(check).runs > 0, "{} never ran:\n{report}", check.name());
    }
}

#[test]
fn probabilities_that_do_not_sum_to_one_fail_chance() {
    assert_only(&failing(Fault::ProbabilitiesShort), Check::Chance, "sum to");
}

#[test]
fn outcomes_that_are_not_the_legal_moves_fail_chance() {
    assert_only(&failing(Fault::OutcomeMissing), Check::Chance, "not the 3 legal moves");
}

#[test]
fn dice_rolled_in_secret_fail_replay() {
    assert_only(&failing(Fault::SecretDice), Check::Replay, "same moves from the same start");
}

#[test]
fn payoffs_for_too_few_players_fail_players() {
    assert_only(&failing(Fault::PayoffsShort), Check::Players, "for each of 2 players");
}

#[test]
fn payoffs_that_put_the_loser_first_fail_players() {
    assert_only(&failing(Fault::PayoffsWrongWinner), Check::Players, "put someone above them");
}

#[test]
fn a_move_without_a_click_path_fails_click_paths() {
    assert_only(&failing(Fault::PathMissing), Check::ClickPaths, "has no click path");
}

#[test]
fn moves_sharing_their_clicks_fail_click_paths() {
    assert_only(&failing(Fault::PathShared), Check::ClickPaths, "complete both");
}

#[test]
fn a_piece_on_a_hidden_cell_fails_board_changes() {
    assert_only(&failing(Fault::PieceOnHiddenCell), Check::BoardChanges, "hidden cell");
}

#[test]
fn seven_players_fail_setup() {
    assert_only(&failing(Fault::SevenPlayers), Check::Setup, "7 players");
}
