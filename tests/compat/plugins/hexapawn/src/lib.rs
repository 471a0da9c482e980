//! Hexapawn (Martin Gardner, 1962) written against rules-api 0.2.0: three
//! pawns a side on a 3×3 board; a pawn steps forward onto an empty square
//! or captures diagonally forward. A player wins by reaching the far rank,
//! or when the opponent cannot move. Squares a1 (bottom left) to c3, row by
//! row; white moves up.

use rules_api::plugin::{check_options, PositionImpl, RulesImpl};
use rules_api::{
    Cell, CellShape, GameInfo, Geometry, Label, Move, MoveFlags, MoveInfo, Notation, Options, Piece,
    PieceType, PlayerInfo, PluginError, RVec, Rgba, Status,
};

const FILES: [char; 3] = ['a', 'b', 'c'];

/// The game; it has no options.
pub struct Hexapawn;

/// A position: the owner of each square, the side to move and the moves made.
#[derive(Clone)]
pub struct Board {
    squares: [Option<u8>; 9],
    side: u8,
    history: Vec<(Move, Option<u8>)>,
}

fn name(square: u16) -> String {
    format!("{}{}", FILES[square as usize % 3], square / 3 + 1)
}

impl Board {
    fn start() -> Self {
        let mut squares = [None; 9];
        for f in 0..3 {
            squares[f] = Some(0);
            squares[6 + f] = Some(1);
        }
        Board { squares, side: 0, history: Vec::new() }
    }
    fn pseudo_moves(&self, side: u8, out: &mut RVec<Move>) {
        let dir: i32 = if side == 0 { 1 } else { -1 };
        for from in 0..9i32 {
            if self.squares[from as usize] != Some(side) {
                continue;
            }
            let (file, rank) = (from % 3, from / 3);
            let rank2 = rank + dir;
            if !(0..3).contains(&rank2) {
                continue;
            }
            for df in [-1, 0, 1] {
                let file2 = file + df;
                if !(0..3).contains(&file2) {
                    continue;
                }
                let to = (rank2 * 3 + file2) as usize;
                let ok = if df == 0 { self.squares[to].is_none() } else { self.squares[to] == Some(1 - side) };
                if ok {
                    out.push(Move::new(from as u16, to as u16));
                }
            }
        }
    }
    fn promoted(&self) -> Option<u8> {
        if (6..9).any(|s| self.squares[s] == Some(0)) {
            Some(0)
        } else if (0..3).any(|s| self.squares[s] == Some(1)) {
            Some(1)
        } else {
            None
        }
    }
}

impl PositionImpl for Board {
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.promoted().is_none() {
            self.pseudo_moves(self.side, out);
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let mut legal = RVec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&m) {
            return Err(PluginError::illegal_move(format!("{}{} is not legal here", name(m.from), name(m.to))));
        }
        let captured = self.squares[m.to as usize];
        self.squares[m.to as usize] = self.squares[m.from as usize].take();
        self.side = 1 - self.side;
        self.history.push((m, captured));
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let (m, captured) = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        self.squares[m.from as usize] = self.squares[m.to as usize].take();
        self.squares[m.to as usize] = captured;
        self.side = 1 - self.side;
        Ok(())
    }
    fn status(&self) -> Status {
        if let Some(p) = self.promoted() {
            return Status::win(p, "reached the far rank");
        }
        let mut moves = RVec::new();
        self.pseudo_moves(self.side, &mut moves);
        if moves.is_empty() {
            return Status::win(1 - self.side, "no move left");
        }
        Status::ONGOING
    }
    fn evaluate(&self) -> i32 {
        let mut score = 0;
        for (s, owner) in self.squares.iter().enumerate() {
            let advance = match owner {
                Some(0) => 100 + 20 * (s as i32 / 3),
                Some(_) => -(100 + 20 * (2 - s as i32 / 3)),
                None => 0,
            };
            score += advance;
        }
        if self.side == 0 {
            score
        } else {
            -score
        }
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        for m in moves {
            let capture = self.squares[m.to as usize].is_some();
            let flags = if capture { MoveFlags::CAPTURE | MoveFlags::TACTICAL } else { MoveFlags::NONE };
            out.push(MoveInfo { hint: if capture { 100 } else { 0 }, flags: flags | MoveFlags::IRREVERSIBLE });
        }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        for (s, owner) in self.squares.iter().enumerate() {
            if let Some(owner) = owner {
                out.push(Piece { cell: s as u16, owner: *owner, kind: 0 });
            }
        }
    }
    /// Ranks from the top, `P` white, `p` black, then the side: `ppp/.../PPP w`.
    fn to_text(&self) -> String {
        let row = |r: usize| {
            (0..3)
                .map(|f| match self.squares[r * 3 + f] {
                    Some(0) => 'P',
                    Some(_) => 'p',
                    None => '.',
                })
                .collect::<String>()
        };
        format!("{} {}", [2, 1, 0].map(row).join("/"), if self.side == 0 { 'w' } else { 'b' })
    }
    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        let capture = self.squares[m.to as usize].is_some();
        Ok(match (notation, capture) {
            (Notation::STANDARD, true) => format!("{}x{}", name(m.from), name(m.to)),
            _ => format!("{}{}", name(m.from), name(m.to)),
        })
    }
}

impl RulesImpl for Hexapawn {
    type Position = Board;

    fn info(&self) -> GameInfo {
        let player = |n: &str, color, ink| PlayerInfo { name: n.into(), color, ink };
        GameInfo {
            name: "Hexapawn".into(),
            players: vec![
                player("white", Rgba::rgb(245, 245, 240), Rgba::rgb(20, 20, 20)),
                player("black", Rgba::rgb(30, 30, 30), Rgba::rgb(240, 240, 240)),
            ]
            .into(),
            piece_types: vec![PieceType::new("pawn", &["♙", "♟"], &["P", "p"], 100)].into(),
            position_format: "ranks from the top, P/p/. per square, then w or b (ppp/.../PPP w)".into(),
        }
    }
    fn geometry(&self) -> Geometry {
        let light = Rgba::rgb(238, 220, 180);
        let dark = Rgba::rgb(180, 135, 95);
        let cells = (0..9u16)
            .map(|s| Cell {
                x: (s % 3) as f32,
                y: (2 - s / 3) as f32,
                layer: 0,
                shape: CellShape::SQUARE,
                color: if (s % 3 + s / 3) % 2 == 0 { dark } else { light },
                name: name(s).into(),
            })
            .collect();
        let mut labels: Vec<Label> =
            (0..3).map(|f| Label { x: f as f32, y: 3.0, layer: 0, text: FILES[f].to_string().into() }).collect();
        labels.extend((0..3).map(|r| Label { x: -1.0, y: (2 - r) as f32, layer: 0, text: (r + 1).to_string().into() }));
        Geometry {
            cells,
            lines: RVec::new(),
            marks: RVec::new(),
            labels: labels.into(),
            background: Rgba::rgb(70, 50, 40),
            layers: 1,
        }
    }
    fn start_position(&self) -> Result<Board, PluginError> {
        Ok(Board::start())
    }
    fn position_from_text(&self, text: &str) -> Result<Board, PluginError> {
        let (rows, side) = text.trim().split_once(' ').ok_or_else(|| {
            PluginError::invalid_input(format!("'{text}': expected three ranks, a space and w or b"))
        })?;
        let side = match side.trim() {
            "w" => 0,
            "b" => 1,
            other => return Err(PluginError::invalid_input(format!("'{text}': side '{other}' is not w or b"))),
        };
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != 3 || rows.iter().any(|r| r.chars().count() != 3) {
            return Err(PluginError::invalid_input(format!("'{text}': expected three ranks of three squares")));
        }
        let mut squares = [None; 9];
        for (i, ch) in rows.iter().rev().flat_map(|r| r.chars()).enumerate() {
            squares[i] = match ch {
                'P' => Some(0),
                'p' => Some(1),
                '.' => None,
                other => return Err(PluginError::invalid_input(format!("'{text}': '{other}' is not P, p or ."))),
            };
        }
        Ok(Board { squares, side, history: Vec::new() })
    }
    fn help_text(&self) -> String {
        "HEXAPAWN\n\nThree pawns a side. A pawn steps forward onto an empty square or captures diagonally \
         forward. Reach the far rank, or leave the opponent without a move, to win.\n"
            .into()
    }
}

fn options() -> Vec<rules_api::OptionSpec> {
    Vec::new()
}

fn new(options: &Options) -> Result<Hexapawn, PluginError> {
    check_options("hexapawn", options, &[])?;
    Ok(Hexapawn)
}

rules_api::export_rules_plugin! {
    name: "hexapawn",
    description: "Hexapawn, built against rules-api 0.2.0 (compatibility fixture)",
    options: options,
    new: new,
}
