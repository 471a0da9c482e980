//! The umpire's announcement after a legal move, as the ICC's wild 16
//! rules word it: the capture (pawn or piece, and the square), the checks
//! by direction (rank, file, long or short diagonal — the longer or
//! shorter diagonal through the king's square — or knight), whose move it
//! is, and the number of pawn tries (legal pawn captures) of the player
//! now to move. An illegal try is answered "Illegal move" to its player
//! alone.

use cozy_chess::{Board, Color, Piece, Rank, Square};

/// What was captured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Capture {
    /// Nothing.
    None,
    /// A pawn, on the square.
    Pawn(Square),
    /// Another piece, on the square.
    Piece(Square),
}

/// A direction a check comes from, as the umpire names it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Check {
    /// Along the king's rank.
    Rank,
    /// Along the king's file.
    File,
    /// Along the longer of the two diagonals through the king's square.
    Long,
    /// Along the shorter one.
    Short,
    /// By a knight.
    Knight,
}

impl Check {
    /// The umpire's word.
    pub fn word(self) -> &'static str {
        match self {
            Check::Rank => "Rank",
            Check::File => "File",
            Check::Long => "Long-diagonal",
            Check::Short => "Short-diagonal",
            Check::Knight => "Knight",
        }
    }

    /// The token in view texts.
    pub fn token(self) -> &'static str {
        match self {
            Check::Rank => "rank",
            Check::File => "file",
            Check::Long => "long",
            Check::Short => "short",
            Check::Knight => "knight",
        }
    }

    /// The direction a token names.
    pub fn from_token(token: &str) -> Option<Check> {
        [Check::Rank, Check::File, Check::Long, Check::Short, Check::Knight].into_iter().find(|c| c.token() == token)
    }
}

/// The announcement after a legal move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Umpire {
    /// What the move took.
    pub capture: Capture,
    /// Up to two checks (a double check), in [`Check`] order.
    pub checks: [Option<Check>; 2],
    /// Legal pawn captures of the player now to move.
    pub pawn_tries: u8,
}

/// Whether the diagonal from `king` through `checker` is the longer one
/// through the king's square: the a1–h8 direction in the a1–d4 and e5–h8
/// quarters of the board, the a8–h1 direction in the other two (the two
/// diagonals through a square are never the same length).
pub fn is_long_diagonal(king: Square, checker: Square) -> bool {
    let (kx, ky) = (king.file() as i32, king.rank() as i32);
    let (cx, cy) = (checker.file() as i32, checker.rank() as i32);
    let rising = (cx - kx) == (cy - ky);
    let rising_is_long = (kx < 4) == (ky < 4);
    rising == rising_is_long
}

/// The checks against the side to move on `board`.
pub fn checks(board: &Board) -> [Option<Check>; 2] {
    let side = board.side_to_move();
    let king = board.king(side);
    let mut found = [None, None];
    for (slot, checker) in board.checkers().into_iter().take(2).enumerate() {
        let check = if board.piece_on(checker) == Some(Piece::Knight) {
            Check::Knight
        } else if checker.file() == king.file() {
            Check::File
        } else if checker.rank() == king.rank() {
            Check::Rank
        } else if is_long_diagonal(king, checker) {
            Check::Long
        } else {
            Check::Short
        };
        found[slot] = Some(check);
    }
    if let [Some(a), Some(b)] = found {
        if b < a {
            found = [Some(b), Some(a)];
        }
    }
    found
}

/// The number of legal pawn captures (en passant included) of the side to
/// move.
pub fn pawn_tries(board: &Board) -> u8 {
    let side = board.side_to_move();
    let theirs = board.colors(!side);
    let ep = board.en_passant().map(|f| Square::new(f, Rank::Sixth.relative_to(side)));
    let mut count = 0;
    board.generate_moves_for(board.pieces(Piece::Pawn), |moves| {
        for m in moves {
            if theirs.has(m.to) || Some(m.to) == ep && m.from.file() != m.to.file() {
                count += 1;
            }
        }
        false
    });
    count
}

impl Umpire {
    /// The announcement after a move that captured `capture`, on the
    /// board it led to.
    pub fn after(capture: Capture, board: &Board) -> Umpire {
        Umpire { capture, checks: checks(board), pawn_tries: pawn_tries(board) }
    }

    /// The words, ICC style (`Pawn at e4 captured. File check. Black's move. 1 pawn try.`).
    pub fn words(&self, to_move: Color) -> String {
        let mut parts: Vec<String> = Vec::with_capacity(4);
        match self.capture {
            Capture::None => {}
            Capture::Pawn(sq) => parts.push(format!("Pawn at {sq} captured")),
            Capture::Piece(sq) => parts.push(format!("Piece at {sq} captured")),
        }
        for check in self.checks.iter().flatten() {
            parts.push(format!("{} check", check.word()));
        }
        parts.push(if to_move == Color::White { "White's move".into() } else { "Black's move".into() });
        match self.pawn_tries {
            0 => {}
            1 => parts.push("1 pawn try".into()),
            n => parts.push(format!("{n} pawn tries")),
        }
        parts.join(". ") + "."
    }

    /// The compact token of view texts: comma-separated `pawn@e4`,
    /// `piece@e4`, check directions and `tries2`, or `.` for nothing.
    pub fn token(&self) -> String {
        let mut parts: Vec<String> = Vec::with_capacity(4);
        match self.capture {
            Capture::None => {}
            Capture::Pawn(sq) => parts.push(format!("pawn@{sq}")),
            Capture::Piece(sq) => parts.push(format!("piece@{sq}")),
        }
        parts.extend(self.checks.iter().flatten().map(|c| c.token().to_string()));
        if self.pawn_tries > 0 {
            parts.push(format!("tries{}", self.pawn_tries));
        }
        if parts.is_empty() {
            ".".into()
        } else {
            parts.join(",")
        }
    }

    /// Reads a token written by [`Umpire::token`].
    pub fn from_token(token: &str) -> Option<Umpire> {
        let mut umpire = Umpire { capture: Capture::None, checks: [None, None], pawn_tries: 0 };
        if token == "." {
            return Some(umpire);
        }
        let mut slot = 0;
        for part in token.split(',') {
            if let Some(sq) = part.strip_prefix("pawn@") {
                umpire.capture = Capture::Pawn(sq.parse().ok()?);
            } else if let Some(sq) = part.strip_prefix("piece@") {
                umpire.capture = Capture::Piece(sq.parse().ok()?);
            } else if let Some(n) = part.strip_prefix("tries") {
                umpire.pawn_tries = n.parse().ok()?;
            } else {
                *umpire.checks.get_mut(slot)? = Some(Check::from_token(part)?);
                slot += 1;
            }
        }
        Some(umpire)
    }
}
