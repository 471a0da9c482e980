//! The games behind the code of `docs/WRITING-PLUGINS.md`'s section on
//! dice, more players and moves of several clicks, in full: a race with a
//! die (chance nodes, a reason composed at run time) and a game of columns
//! (one click per column). The guide's blocks are excerpts of this file,
//! which Tabula's `tests/guide.rs` checks; here both games pass the
//! conformance suite and perft counts their rolls as plies.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{
    ChanceOutcome, ClickPath, GameInfo, Geometry, Move, Notation, Outcome, Piece, PieceType, PlayerInfo, PluginError,
    PositionFlags, RVec, Rgba, RulesBox, RulesExt, Status,
};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::grid::Grid;
use tabula_kit::perft::perft;

/// Squares of each player's track; a token reaching the last one wins.
const TRACK: u16 = 10;

fn players() -> RVec<PlayerInfo> {
    let player = |name: &str, color, ink| PlayerInfo { name: name.into(), color, ink };
    vec![
        player("red", Rgba::rgb(200, 40, 40), Rgba::rgb(255, 255, 255)),
        player("blue", Rgba::rgb(30, 60, 200), Rgba::rgb(255, 255, 255)),
    ]
    .into()
}

fn info(name: &str) -> GameInfo {
    GameInfo {
        name: name.into(),
        players: players(),
        piece_types: vec![PieceType::new("token", &["R", "B"], &["R", "B"], 0)].into(),
        position_format: format!("{name} text").into(),
    }
}

// --- A race with a die -----------------------------------------------------

const ROLL: u16 = 100; // off-board move codes 101..=106 are the rolls

/// Two tokens race along their own tracks (`side * TRACK + square`); each
/// turn starts with a roll of one die, then the token moves that far.
#[derive(Clone, Default)]
struct Race {
    squares: [u16; 2],
    side: u8,
    roll: Option<u16>,
    /// (the roll, the square moved from) of each token move, for unmake;
    /// `None` for a roll.
    history: Vec<Option<(u16, u16)>>,
}

impl Race {
    fn token_moves(&self, pips: u16, out: &mut RVec<Move>) {
        let from = self.squares[self.side as usize];
        let to = (from + pips).min(TRACK - 1);
        out.push(Move::new(self.cell(from), self.cell(to)));
    }
    fn cell(&self, square: u16) -> u16 {
        self.side as u16 * TRACK + square
    }
    fn token_move_text(&self, m: Move) -> String {
        format!("{}-{}", m.from % TRACK, m.to % TRACK)
    }
    fn winner(&self) -> Option<u8> {
        self.squares.iter().position(|&s| s == TRACK - 1).map(|p| p as u8)
    }
}

impl PositionImpl for Race {
    fn side_to_move(&self) -> u8 {
        self.side // at a chance node: the player the roll is for
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.winner().is_some() {
            return;
        }
        match self.roll {
            None => out.extend((1..=6).map(|pips| Move::off_board(ROLL + pips))),
            Some(pips) => self.token_moves(pips, out),
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
        if self.roll.is_none() && self.winner().is_none() {
            out.extend((1..=6).map(|pips| ChanceOutcome { mv: Move::off_board(ROLL + pips), probability: 1.0 / 6.0 }));
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let mut legal = RVec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&m) {
            return Err(PluginError::illegal_move(format!("{m:?} is not legal here")));
        }
        if self.roll.is_none() {
            self.roll = Some(m.extra - ROLL); // the host's draw, never a random number of our own
            self.history.push(None);
            return Ok(());
        }
        // Move the token, then the next player's roll.
        let pips = self.roll.take().expect("a roll before a token move");
        self.history.push(Some((pips, m.from % TRACK)));
        self.squares[self.side as usize] = m.to % TRACK;
        if self.winner().is_none() {
            self.side = 1 - self.side;
        }
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        match self.history.pop() {
            None => Err(PluginError::unsupported("no move to take back")),
            Some(None) => {
                self.roll = None;
                Ok(())
            }
            Some(Some((pips, from))) => {
                if self.winner().is_none() {
                    self.side = 1 - self.side;
                }
                self.squares[self.side as usize] = from;
                self.roll = Some(pips);
                Ok(())
            }
        }
    }
    fn status(&self) -> Status {
        match self.winner() {
            Some(p) => Status::win(p, "home first"),
            None => Status::ONGOING,
        }
    }
    fn result(&self) -> Outcome {
        let status = self.status();
        let Some(winner) = self.winner() else { return Outcome::from_status(status) };
        let behind = TRACK - 1 - self.squares[1 - winner as usize];
        let reason = format!("{} home first, {behind} squares ahead", players()[winner as usize].name);
        Outcome { reason: reason.into(), ..Outcome::from_status(status) }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        for (owner, &square) in self.squares.iter().enumerate() {
            out.push(Piece { cell: owner as u16 * TRACK + square, owner: owner as u8, kind: 0 });
        }
    }
    fn to_text(&self) -> String {
        let roll = self.roll.map_or("-".to_string(), |r| r.to_string());
        format!("{} {} {} {roll}", self.squares[0], self.squares[1], self.side)
    }
    fn move_to_text(&self, m: Move, _: Notation) -> Result<String, PluginError> {
        Ok(if m.is_off_board() { format!("roll {}", m.extra - ROLL) } else { self.token_move_text(m) })
    }
}

struct RaceRules;

impl RulesImpl for RaceRules {
    type Position = Race;
    fn info(&self) -> GameInfo {
        info("race")
    }
    fn geometry(&self) -> Geometry {
        Grid::squares(TRACK, 2, Rgba::rgb(240, 230, 200), Rgba::rgb(220, 210, 180)).build()
    }
    fn start_position(&self) -> Result<Race, PluginError> {
        Ok(Race::default())
    }
    fn position_from_text(&self, text: &str) -> Result<Race, PluginError> {
        let bad = || PluginError::invalid_input(format!("'{text}' is not 'RED BLUE SIDE ROLL' (ROLL a pip or -)"));
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [red, blue, side, roll] = fields[..] else { return Err(bad()) };
        let square = |s: &str| s.parse::<u16>().ok().filter(|&s| s < TRACK).ok_or_else(bad);
        let side = side.parse::<u8>().ok().filter(|&s| s < 2).ok_or_else(bad)?;
        let roll = match roll {
            "-" => None,
            pips => Some(pips.parse::<u16>().ok().filter(|p| (1..=6).contains(p)).ok_or_else(bad)?),
        };
        Ok(Race { squares: [square(red)?, square(blue)?], side, roll, history: Vec::new() })
    }
}

// --- A game of columns -----------------------------------------------------

const COLUMNS: u16 = 4;
const ROWS: u16 = 3;

/// Stones dropped into columns fall to the lowest empty cell (row 0 at the
/// bottom); the game ends when the board is full.
#[derive(Clone, Default)]
struct Columns {
    owners: Vec<Option<u8>>,
    stones: usize,
    history: Vec<u16>,
}

impl Columns {
    fn new() -> Self {
        Columns { owners: vec![None; (COLUMNS * ROWS) as usize], stones: 0, history: Vec::new() }
    }
    fn column_of(&self, cell: u16) -> u16 {
        cell % COLUMNS
    }
    fn cells_of_column(&self, column: u16) -> impl Iterator<Item = u16> {
        (0..ROWS).map(move |row| row * COLUMNS + column)
    }
    fn side(&self) -> u8 {
        (self.stones % 2) as u8
    }
}

impl PositionImpl for Columns {
    fn side_to_move(&self) -> u8 {
        self.side()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        for column in 0..COLUMNS {
            if let Some(cell) = self.cells_of_column(column).find(|&c| self.owners[c as usize].is_none()) {
                out.push(Move::place(cell));
            }
        }
    }
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        let mut moves = RVec::new();
        self.legal_moves(&mut moves);
        for &m in moves.iter() {
            // Connect four: a click anywhere in the column drops the stone.
            let column: RVec<u16> = self.cells_of_column(self.column_of(m.to)).collect();
            out.push(ClickPath { mv: m, steps: vec![column].into() });
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let mut legal = RVec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&m) {
            return Err(PluginError::illegal_move(format!("{m:?} is not legal here")));
        }
        self.owners[m.to as usize] = Some(self.side());
        self.stones += 1;
        self.history.push(m.to);
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let cell = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        self.owners[cell as usize] = None;
        self.stones -= 1;
        Ok(())
    }
    fn status(&self) -> Status {
        if self.owners.iter().all(Option::is_some) {
            Status::draw("board full")
        } else {
            Status::ONGOING
        }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        let owned = self.owners.iter().enumerate().filter_map(|(c, p)| p.map(|p| (c as u16, p)));
        out.extend(owned.map(|(cell, owner)| Piece { cell, owner, kind: 0 }));
    }
    fn to_text(&self) -> String {
        let cell = |c: u16| match self.owners[c as usize] {
            Some(0) => 'x',
            Some(_) => 'o',
            None => '.',
        };
        let row = |r: u16| (0..COLUMNS).map(|c| cell(r * COLUMNS + c)).collect::<String>();
        (0..ROWS).rev().map(row).collect::<Vec<_>>().join("/")
    }
    fn move_to_text(&self, m: Move, _: Notation) -> Result<String, PluginError> {
        Ok(self.column_of(m.to).to_string())
    }
}

struct ColumnsRules;

impl RulesImpl for ColumnsRules {
    type Position = Columns;
    fn info(&self) -> GameInfo {
        info("columns")
    }
    fn geometry(&self) -> Geometry {
        Grid::squares(COLUMNS, ROWS, Rgba::rgb(40, 60, 160), Rgba::rgb(40, 60, 160)).build()
    }
    fn start_position(&self) -> Result<Columns, PluginError> {
        Ok(Columns::new())
    }
    /// Rows from the top, `x`, `o` or `.` per cell: `..../.x../ox..`.
    fn position_from_text(&self, text: &str) -> Result<Columns, PluginError> {
        let refused = |why: &str| PluginError::invalid_input(format!("'{text}': {why}"));
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != ROWS as usize || rows.iter().any(|r| r.chars().count() != COLUMNS as usize) {
            return Err(refused("expected three rows of four cells"));
        }
        let mut position = Columns::new();
        for (i, ch) in rows.iter().rev().flat_map(|r| r.chars()).enumerate() {
            position.owners[i] = match ch {
                'x' => Some(0),
                'o' => Some(1),
                '.' => None,
                _ => return Err(refused("a cell is x, o or .")),
            };
        }
        let floating = (COLUMNS as usize..position.owners.len())
            .any(|c| position.owners[c].is_some() && position.owners[c - COLUMNS as usize].is_none());
        let count = |p| position.owners.iter().filter(|&&o| o == Some(p)).count();
        if floating || !(count(1)..=count(1) + 1).contains(&count(0)) {
            return Err(refused("stones fall to the bottom, and x plays first"));
        }
        position.stones = count(0) + count(1);
        Ok(position)
    }
}

fn race() -> RulesBox {
    rules_box(RaceRules)
}

#[test]
fn the_race_keeps_the_contract_and_perft_counts_each_roll_as_a_ply() {
    let report = run(&race(), &Budget::default());
    report.assert_ok();
    assert!(report.chance_nodes > 0 && report.games_finished > 0, "{report}");
    let mut start = race().start().unwrap();
    // A roll (6 outcomes), the one token move, the other player's roll.
    assert_eq!([1, 2, 3].map(|d| perft(&mut start, d).unwrap()), [6, 6, 36]);
}

#[test]
fn the_race_says_by_how_much_it_was_won() {
    use rules_api::PositionExt;
    let mut position = race().position("8 2 0 -").unwrap();
    for m in ["roll 3", "8-9"] {
        let mv = position.read_move(m, Notation::STANDARD).unwrap();
        position.play(mv).unwrap();
    }
    let result = position.full_result().unwrap();
    assert_eq!(result.reason(), "red home first, 7 squares ahead");
}

#[test]
fn columns_are_chosen_by_one_click_anywhere_in_them() {
    use rules_api::PositionExt;
    let game = rules_box(ColumnsRules);
    run(&game, &Budget::default()).assert_ok();
    let position = game.position("..../.o../.x..").unwrap();
    let paths = position.click_path_list().unwrap();
    assert_eq!(paths.len(), COLUMNS as usize);
    let second = paths.iter().find(|p| p.mv == Move::place(2 * COLUMNS + 1)).expect("the top of column 1");
    assert_eq!(second.steps.len(), 1);
    assert_eq!(second.steps[0].as_slice(), [1, COLUMNS + 1, 2 * COLUMNS + 1]);
}
