//! The m,n,k-game: `k` in a row on a `w`×`h` board, placements only.
//! Tic-tac-toe is 3,3,3; a 6×6 board with four in a row is big enough that
//! no test search ever finishes it.

use std::collections::HashMap;
use std::sync::LazyLock;

use rules_api::plugin::PositionImpl;
use rules_api::{GameInfo, Geometry, Highlight, Piece, Rgba};
use rules_api::{Move, MoveFlags, MoveInfo, Notation, PluginError, RVec, Status, CELL_NONE};

use super::TestGame;
use crate::grid::{Edge, Grid};

const EMPTY: u8 = 0;
const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
/// Most cells a board may have (the Zobrist table's size).
const MAX_CELLS: usize = 256;

/// One key per cell and player, then the side key.
static KEYS: LazyLock<Vec<u64>> = LazyLock::new(|| crate::rng::zobrist_keys(0x6D6E_6B00, 2 * MAX_CELLS + 1));

/// An m,n,k-game position with its history. Player 0 is `x`, player 1 `o`.
#[derive(Clone, Debug)]
pub struct Mnk {
    w: i32,
    h: i32,
    k: i32,
    /// 0 empty, `p + 1` a stone of player `p`; index `y * w + x`.
    board: Vec<u8>,
    history: Vec<(u16, Status)>,
    side: u8,
    status: Status,
    hash: u64,
    /// Flags moves far from every stone as prunable (big boards only, so
    /// tic-tac-toe stays an exact test of perfect play).
    prune_far: bool,
}

impl Mnk {
    /// An empty `w`×`h` board where `k` in a row wins.
    ///
    /// # Panics
    /// When the board has no cell or more than 256.
    pub fn new(w: i32, h: i32, k: i32) -> Self {
        assert!(w > 0 && h > 0 && (w * h) as usize <= MAX_CELLS, "a {w}×{h} board is not supported");
        let mut m = Mnk {
            w,
            h,
            k,
            board: vec![EMPTY; (w * h) as usize],
            history: Vec::new(),
            side: 0,
            status: Status::ONGOING,
            hash: 0,
            prune_far: w * h >= 25,
        };
        m.hash = m.side_key();
        m
    }

    /// Tic-tac-toe; cells 0..9 row by row, 4 is the centre.
    pub fn tic_tac_toe() -> Self {
        Mnk::new(3, 3, 3)
    }

    /// This position after placing stones on `cells` in turn.
    pub fn after(mut self, cells: &[u16]) -> Self {
        for &c in cells {
            self.make_move(Move::place(c)).expect("test setup plays a legal move");
        }
        self
    }

    /// The owner of `cell` plus one, or 0 when empty.
    pub fn at(&self, cell: u16) -> u8 {
        self.board[cell as usize]
    }

    fn side_key(&self) -> u64 {
        if self.side == 0 {
            0
        } else {
            KEYS[2 * MAX_CELLS]
        }
    }

    fn stone_key(cell: u16, player: u8) -> u64 {
        KEYS[player as usize * MAX_CELLS + cell as usize]
    }

    fn get(&self, x: i32, y: i32) -> Option<u8> {
        (x >= 0 && y >= 0 && x < self.w && y < self.h).then(|| self.board[(y * self.w + x) as usize])
    }

    /// The longest line of `stone` through `cell` if `stone` stood there.
    fn line_through(&self, cell: u16, stone: u8) -> i32 {
        let (x, y) = (cell as i32 % self.w, cell as i32 / self.w);
        let mut best = 0;
        for (dx, dy) in DIRECTIONS {
            let mut n = 1;
            for sign in [1, -1] {
                let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
                while self.get(cx, cy) == Some(stone) {
                    n += 1;
                    cx += sign * dx;
                    cy += sign * dy;
                }
            }
            best = best.max(n);
        }
        best
    }

    fn near_stone(&self, cell: u16) -> bool {
        let (x, y) = (cell as i32 % self.w, cell as i32 / self.w);
        (-1..=1).any(|dy| (-1..=1).any(|dx| matches!(self.get(x + dx, y + dy), Some(s) if s != EMPTY)))
    }

    fn cell_name(&self, cell: u16) -> String {
        format!("{}{}", (b'a' + (cell as i32 % self.w) as u8) as char, cell as i32 / self.w + 1)
    }
}

impl PositionImpl for Mnk {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.status.is_ongoing() {
            for (i, &s) in self.board.iter().enumerate() {
                if s == EMPTY {
                    out.push(Move::place(i as u16));
                }
            }
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let cell = m.to as usize;
        if !self.status.is_ongoing() || m.from != CELL_NONE || cell >= self.board.len() || self.board[cell] != EMPTY {
            return Err(PluginError::illegal_move(format!("{m:?} is not legal in {}", self.to_text())));
        }
        let stone = self.side + 1;
        let made_line = self.line_through(m.to, stone) >= self.k;
        self.board[cell] = stone;
        self.history.push((m.to, self.status));
        self.hash ^= Self::stone_key(m.to, self.side) ^ self.side_key();
        self.side ^= 1;
        self.hash ^= self.side_key();
        self.status = if made_line {
            Status::win(stone - 1, "line")
        } else if self.board.iter().all(|&s| s != EMPTY) {
            Status::draw("board full")
        } else {
            Status::ONGOING
        };
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let (cell, status) = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        self.hash ^= self.side_key();
        self.side ^= 1;
        self.hash ^= Self::stone_key(cell, self.side) ^ self.side_key();
        self.board[cell as usize] = EMPTY;
        self.status = status;
        Ok(())
    }

    fn status(&self) -> Status {
        self.status
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// Open lines: each window of `k` cells holding stones of one side only
    /// counts 4^stones for that side.
    fn evaluate(&self) -> i32 {
        let mut score = [0i32; 2];
        for y in 0..self.h {
            for x in 0..self.w {
                for (dx, dy) in DIRECTIONS {
                    let (ex, ey) = (x + dx * (self.k - 1), y + dy * (self.k - 1));
                    if self.get(ex, ey).is_none() {
                        continue;
                    }
                    let mut count = [0; 2];
                    for i in 0..self.k {
                        match self.get(x + dx * i, y + dy * i) {
                            Some(1) => count[0] += 1,
                            Some(2) => count[1] += 1,
                            _ => {}
                        }
                    }
                    for p in 0..2 {
                        if count[p] > 0 && count[1 - p] == 0 {
                            score[p] += 1 << (2 * count[p]);
                        }
                    }
                }
            }
        }
        let me = self.side as usize;
        score[me] - score[1 - me]
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        let me = self.side + 1;
        let them = 2 - self.side;
        let any_stone = self.board.iter().any(|&s| s != EMPTY);
        for m in moves {
            let wins = self.line_through(m.to, me) >= self.k;
            let blocks = self.line_through(m.to, them) >= self.k;
            let mut flags = MoveFlags::NONE;
            if wins || blocks {
                flags |= MoveFlags::TACTICAL;
            }
            if self.prune_far && any_stone && !self.near_stone(m.to) {
                flags |= MoveFlags::PRUNABLE;
            }
            let hint = 100 * wins as i32 + 50 * blocks as i32 + self.line_through(m.to, me);
            out.push(MoveInfo { hint, flags });
        }
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for (i, &s) in self.board.iter().enumerate() {
            if s != EMPTY {
                out.push(Piece { cell: i as u16, owner: s - 1, kind: 0 });
            }
        }
    }

    fn highlights(&self, _out: &mut RVec<Highlight>) {}

    fn to_text(&self) -> String {
        let rows: Vec<String> = (0..self.h)
            .rev()
            .map(|y| (0..self.w).map(|x| ['.', 'x', 'o'][self.get(x, y).unwrap_or(0) as usize]).collect())
            .collect();
        format!("{} {}", rows.join("/"), ['x', 'o'][self.side as usize])
    }

    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        Ok(self.cell_name(m.to))
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        (0..self.board.len() as u16)
            .find(|&c| self.cell_name(c) == text && self.board[c as usize] == EMPTY)
            .map(Move::place)
            .ok_or_else(|| PluginError::illegal_move(format!("'{text}' is not an empty cell")))
    }
}

impl TestGame for Mnk {
    fn info(&self) -> GameInfo {
        super::two_player_info(&format!("{},{},{}-game", self.w, self.h, self.k), "stone")
    }

    fn geometry(&self) -> Geometry {
        Grid::squares(self.w as u16, self.h as u16, Rgba::rgb(235, 220, 190), Rgba::rgb(200, 170, 120))
            .file_labels(Edge::Bottom, 0.8)
            .rank_labels(Edge::Left, 0.8)
            .build()
    }

    /// Reads `rows side`: rows from the top separated by `/`, each cell
    /// `.`, `x` or `o`, then `x` or `o` to move.
    fn read_text(&self, text: &str) -> Result<Self, PluginError> {
        let bad = |why: &str| PluginError::invalid_input(format!("'{text}': {why}"));
        let (rows, side) = text.trim().split_once(' ').ok_or_else(|| bad("expected rows, a space and a side"))?;
        let rows: Vec<&str> = rows.split('/').collect();
        if rows.len() != self.h as usize || rows.iter().any(|r| r.chars().count() != self.w as usize) {
            return Err(bad(&format!("expected {} rows of {} cells", self.h, self.w)));
        }
        let mut position = Mnk::new(self.w, self.h, self.k);
        position.prune_far = self.prune_far;
        for (top, row) in rows.iter().enumerate() {
            let y = self.h - 1 - top as i32;
            for (x, ch) in row.chars().enumerate() {
                let stone = match ch {
                    '.' => continue,
                    'x' => 1,
                    'o' => 2,
                    other => return Err(bad(&format!("unknown cell '{other}'"))),
                };
                let cell = (y * self.w + x as i32) as u16;
                position.board[cell as usize] = stone;
                position.hash ^= Self::stone_key(cell, stone - 1);
            }
        }
        position.hash ^= position.side_key();
        position.side = match side.trim() {
            "x" => 0,
            "o" => 1,
            other => return Err(bad(&format!("the side to move is x or o, not '{other}'"))),
        };
        position.hash ^= position.side_key();
        let cells = position.board.len() as u16;
        let winner = (0..cells).find(|&c| {
            let stone = position.board[c as usize];
            stone != EMPTY && position.line_through(c, stone) >= self.k
        });
        position.status = match winner {
            Some(c) => Status::win(position.board[c as usize] - 1, "line"),
            None if position.board.iter().all(|&s| s != EMPTY) => Status::draw("board full"),
            None => Status::ONGOING,
        };
        Ok(position)
    }
}

/// The exact score of the position for the side to move on the
/// [`rules_api::score`] scale, by plain minimax memoised on the hash: a win
/// in `n` plies is `WIN - n` (the winner hurries), a loss in `n` plies is
/// `-(WIN - n)` (the loser holds out), a draw 0. The reference the searches
/// are checked against.
pub fn solve(pos: &mut Mnk, memo: &mut HashMap<u64, i32>) -> i32 {
    if let Some(&v) = memo.get(&pos.hash()) {
        return v;
    }
    let value = match crate::score::status_score(&pos.status(), pos.side_to_move(), 0) {
        Some(decided) => decided,
        None => {
            let mut moves = RVec::new();
            pos.legal_moves(&mut moves);
            let mut best = -rules_api::score::WIN;
            for m in moves {
                pos.make_move(m).expect("solver plays legal moves");
                let child = solve(pos, memo);
                pos.unmake_move().expect("solver takes back its own move");
                // One ply further from the end, seen from the other side.
                best = best.max(-(child - child.signum()));
            }
            best
        }
    };
    memo.insert(pos.hash(), value);
    value
}
