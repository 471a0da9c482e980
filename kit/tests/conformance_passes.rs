//! The conformance suite notices a pass that is not flagged `PASS`, and a
//! move flagged `PASS` that is no pass.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{
    GameInfo, Geometry, Move, MoveFlags, MoveInfo, Notation, Piece, PieceType, PlayerInfo, PluginError, RVec, Rgba,
    RulesBox, Status,
};
use tabula_kit::conformance::{run, Budget, Check};
use tabula_kit::grid::Grid;

/// How the game spells and flags its pass (and one move that is no pass).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Style {
    /// `Move::PASS`, flagged by the default `move_infos`.
    Standard,
    /// `Move::PASS` with `move_infos` that flag nothing.
    StandardUnflagged,
    /// A code of the game's own, written "pass", flagged.
    OwnCode,
    /// A code of the game's own, written "pass", not flagged.
    OwnCodeUnflagged,
    /// The placements flagged `PASS` as well.
    PlacementsFlagged,
    /// A "swap" (the first stone changes hands) flagged `PASS`.
    SwapFlagged,
}

const OWN_PASS: u16 = 7;
const SWAP: Move = Move::off_board(9);
const CELLS: usize = 6;

/// A row of six cells filled from the left, one stone a turn; a player may
/// pass instead, the game ends drawn on two passes in a row or a full row,
/// and after the first stone the second player may swap (take it over).
#[derive(Clone)]
struct Row {
    style: Style,
    owners: Vec<u8>,
    side: u8,
    passes: u8,
    swapped: bool,
    /// (passes in a row before the move, the move) for unmake.
    history: Vec<(u8, Move)>,
}

impl Row {
    fn new(style: Style) -> Self {
        Row { style, owners: Vec::new(), side: 0, passes: 0, swapped: false, history: Vec::new() }
    }
    fn pass(&self) -> Move {
        match self.style {
            Style::OwnCode | Style::OwnCodeUnflagged => Move::off_board(OWN_PASS),
            _ => Move::PASS,
        }
    }
    fn can_swap(&self) -> bool {
        self.owners.len() == 1 && !self.swapped && self.side == 1
    }
}

impl PositionImpl for Row {
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.passes >= 2 || self.owners.len() == CELLS {
            return;
        }
        out.push(Move::place(self.owners.len() as u16));
        out.push(self.pass());
        if self.can_swap() {
            out.push(SWAP);
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let mut legal = RVec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&m) {
            return Err(PluginError::illegal_move(format!("{m:?}")));
        }
        self.history.push((self.passes, m));
        if m == SWAP {
            self.owners[0] = 1 - self.owners[0];
            self.swapped = true;
            self.passes = 0;
        } else if m.is_off_board() {
            self.passes += 1;
        } else {
            self.owners.push(self.side);
            self.passes = 0;
        }
        self.side = 1 - self.side;
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let (passes, m) = self.history.pop().ok_or_else(|| PluginError::illegal_move("no move to take back"))?;
        if m == SWAP {
            self.owners[0] = 1 - self.owners[0];
            self.swapped = false;
        } else if !m.is_off_board() {
            self.owners.pop();
        }
        self.passes = passes;
        self.side = 1 - self.side;
        Ok(())
    }
    fn status(&self) -> Status {
        match (self.passes >= 2, self.owners.len() == CELLS) {
            (true, _) => Status::draw("two passes"),
            (_, true) => Status::draw("row full"),
            _ => Status::ONGOING,
        }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        out.extend(self.owners.iter().enumerate().map(|(cell, &owner)| Piece { cell: cell as u16, owner, kind: 0 }));
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        for &m in moves {
            let flagged = match self.style {
                Style::Standard | Style::OwnCode => m == self.pass(),
                Style::StandardUnflagged | Style::OwnCodeUnflagged => false,
                Style::PlacementsFlagged => true,
                Style::SwapFlagged => m == self.pass() || m == SWAP,
            };
            out.push(MoveInfo { hint: 0, flags: if flagged { MoveFlags::PASS } else { MoveFlags::NONE } });
        }
    }
    fn to_text(&self) -> String {
        let row: String =
            (0..CELLS).map(|c| self.owners.get(c).map_or('.', |&o| if o == 0 { 'x' } else { 'o' })).collect();
        format!("{row} {} {} {}", "xo".as_bytes()[self.side as usize] as char, self.passes, self.swapped as u8)
    }
    fn move_to_text(&self, m: Move, _: Notation) -> Result<String, PluginError> {
        Ok(match m {
            SWAP => "swap".into(),
            m if m.is_off_board() => "pass".into(),
            m => {
                let (file, rank) = grid().file_rank(m.to);
                grid().name(file, rank)
            }
        })
    }
}

fn grid() -> Grid {
    Grid::squares(CELLS as u16, 1, Rgba::rgb(200, 200, 200), Rgba::rgb(200, 200, 200))
}

struct RowRules(Style);

impl RulesImpl for RowRules {
    type Position = Row;
    fn info(&self) -> GameInfo {
        let player = |name: &str, color: Rgba, ink: Rgba| PlayerInfo { name: name.into(), color, ink };
        let (dark, light) = (Rgba::rgb(30, 30, 30), Rgba::rgb(240, 240, 240));
        GameInfo {
            name: "row".into(),
            players: vec![player("x", dark, light), player("o", light, dark)].into(),
            piece_types: vec![PieceType::new("stone", &["", ""], &["X", "O"], 100)].into(),
            position_format: "row text".into(),
        }
    }
    fn geometry(&self) -> Geometry {
        grid().build()
    }
    fn start_position(&self) -> Result<Row, PluginError> {
        Ok(Row::new(self.0))
    }
    fn position_from_text(&self, text: &str) -> Result<Row, PluginError> {
        let bad = || PluginError::invalid_input(format!("'{text}' is not a row position"));
        let fields: Vec<&str> = text.split(' ').collect();
        let [row, side, passes, swapped] = fields[..] else { return Err(bad()) };
        let mut position = Row::new(self.0);
        for c in row.chars().take_while(|&c| c != '.') {
            position.owners.push(if c == 'x' { 0 } else { 1 });
        }
        position.side = if side == "x" { 0 } else { 1 };
        position.passes = passes.parse().map_err(|_| bad())?;
        position.swapped = swapped == "1";
        Ok(position)
    }
}

fn game(style: Style) -> RulesBox {
    rules_box(RowRules(style))
}

fn budget() -> Budget {
    Budget { playouts: 20, max_plies: 40, deep_checks: 40, transposition_tries: 40, seed: 5 }
}

#[test]
fn flagged_passes_pass() {
    for style in [Style::Standard, Style::OwnCode] {
        let report = run(&game(style), &budget());
        report.assert_ok();
        assert!(report.games_finished > 0, "{report}");
    }
}

#[test]
fn an_unflagged_pass_or_a_flagged_move_that_is_no_pass_fails_move_infos() {
    for (style, says) in [
        (Style::StandardUnflagged, "not flagged MoveFlags::PASS"),
        (Style::OwnCodeUnflagged, "not flagged MoveFlags::PASS"),
        (Style::PlacementsFlagged, "names a cell"),
        (Style::SwapFlagged, "changes the pieces"),
    ] {
        let report = run(&game(style), &budget());
        let failed: Vec<Check> = report.failed().map(|c| c.check).collect();
        assert_eq!(failed, [Check::MoveInfos], "{style:?}:\n{report}");
        let first = report.check(Check::MoveInfos).first_failure.clone().expect("a failure");
        assert!(first.message.contains(says), "{style:?}: {}", first.message);
        if style != Style::PlacementsFlagged {
            assert!(matches!(first.mv.as_deref(), Some("pass" | "swap")), "{style:?}: {first:?}");
        }
    }
}
