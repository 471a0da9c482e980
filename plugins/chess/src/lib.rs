//! International chess rules plugin for Tabula.
//!
//! Move generation is cozy-chess 0.3.4; this crate adds what a game needs on
//! top of it: the full FIDE result rules (checkmate, stalemate, fifty-move,
//! threefold repetition with the en-passant subtlety, insufficient material),
//! make/unmake on a preallocated copy-make stack, a normalised Zobrist hash,
//! FEN with precise errors, SAN and UCI both ways, a tapered evaluation and
//! move-ordering hints, the search facts a generic search needs (in check,
//! zugzwang risk, irreversible moves, null moves, bulk move counts).
//! Everything crosses the boundary through [`rules_api::plugin`]'s adapters.
//!
//! Cells are cozy square indices (a1 = 0, b1 = 1, ..., h8 = 63). Castling is
//! the king's two-square move (`e1g1`), translated to and from cozy-chess's
//! king-takes-rook encoding. Promotions carry `extra = piece index + 1`.

mod art;
mod eval;
mod fen;
mod info;
mod notation;

use std::sync::LazyLock;

use cozy_chess::{get_pawn_attacks, BitBoard, Board, Color, File, Piece, Rank, Square};
use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{
    GameInfo, Geometry, Highlight, HighlightKind, Move, MoveFlags, MoveInfo, Notation, OptionSpec, Options,
    PluginError, PositionFlags, RVec, Status,
};

pub use eval::EvalState;
pub use fen::{parse_fen, write_fen};

/// The FEN of the standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Move-kind codes stored in [`Move::tag`]. They are derived from the
/// position, so the same move always carries the same tag. `make_move`
/// recomputes the kind and does not trust the tag it is given.
pub mod tag {
    /// A quiet move of any piece (not a double pawn push).
    pub const QUIET: u16 = 0;
    /// A capture (not en passant, not a promotion).
    pub const CAPTURE: u16 = 1;
    /// A pawn's two-square advance.
    pub const DOUBLE_PUSH: u16 = 2;
    /// An en passant capture.
    pub const EN_PASSANT: u16 = 3;
    /// Castling on the king's side (`O-O`).
    pub const CASTLE_SHORT: u16 = 4;
    /// Castling on the queen's side (`O-O-O`).
    pub const CASTLE_LONG: u16 = 5;
    /// A non-capturing promotion.
    pub const PROMOTION: u16 = 6;
    /// A capturing promotion.
    pub const PROMOTION_CAPTURE: u16 = 7;
}

/// Player index of a colour.
#[inline(always)]
pub(crate) fn player(c: Color) -> u8 {
    c as u8
}

/// The en passant file, if an en passant capture is actually legal (FIDE:
/// only then does the en passant square distinguish positions).
pub(crate) fn ep_capturable(board: &Board) -> Option<File> {
    let file = board.en_passant()?;
    let stm = board.side_to_move();
    let target = Square::new(file, Rank::Sixth.relative_to(stm));
    let candidates = get_pawn_attacks(target, !stm) & board.colored_pieces(stm, Piece::Pawn);
    for from in candidates {
        if board.is_legal(cozy_chess::Move { from, to: target, promotion: None }) {
            return Some(file);
        }
    }
    None
}

/// Zobrist keys for the (normalised) en passant file. cozy-chess's own hash
/// includes an en passant file after every double push, capturable or not,
/// so the plugin hashes `hash_without_ep()` and adds these keys itself.
static EP_KEYS: LazyLock<[u64; 8]> = LazyLock::new(|| {
    let keys = tabula_kit::rng::zobrist_keys(0x7461_6275_6c61_6570, 8); // "tabulaep"
    keys.try_into().expect("eight keys")
});

/// The normalised position key: cozy's Zobrist hash without its en passant
/// term, plus our en passant key when a capture is legal.
fn position_key(board: &Board, ep: Option<File>) -> u64 {
    let mut key = board.hash_without_ep();
    if let Some(f) = ep {
        key ^= EP_KEYS[f as usize];
    }
    key
}

/// cozy-chess's own copy-make perft (`depth` ≥ 1, the last ply counted in
/// bulk from its piece-move sets): the native reference the plugin's counts
/// through the boundary are tested and benchmarked against.
pub fn native_perft(board: &Board, depth: usize) -> u64 {
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for m in moves {
                let mut child = board.clone();
                child.play_unchecked(m);
                nodes += native_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

/// Whether neither side can ever mate: K v K, K + minor v K, and kings with
/// bishops that all stand on squares of one colour.
pub fn insufficient_material(board: &Board) -> bool {
    if !(board.pieces(Piece::Pawn) | board.pieces(Piece::Rook) | board.pieces(Piece::Queen)).is_empty() {
        return false;
    }
    let knights = board.pieces(Piece::Knight);
    let bishops = board.pieces(Piece::Bishop);
    if (knights | bishops).len() <= 1 {
        return true;
    }
    knights.is_empty() && (bishops.is_subset(BitBoard::LIGHT_SQUARES) || bishops.is_subset(BitBoard::DARK_SQUARES))
}

/// One ply of history: the board after the move plus what is derived from it.
#[derive(Clone, Debug)]
struct Entry {
    board: Board,
    /// Normalised Zobrist key (see [`position_key`]).
    key: u64,
    /// Incremental evaluation terms.
    eval: EvalState,
    /// How many earlier positions in the reversible window share `key`.
    repeats: u8,
    /// Plies since the last null move (saturating; `u16::MAX` when there
    /// was none). Repetitions are only looked for after it: the positions
    /// before a null move belong to another line of play.
    since_null: u16,
}

impl Entry {
    fn root(board: Board) -> Self {
        let key = position_key(&board, ep_capturable(&board));
        let eval = EvalState::from_board(&board);
        Entry { board, key, eval, repeats: 0, since_null: u16::MAX }
    }
}

/// Ranks 1 and 8, where a pawn move is a promotion.
const PROMOTION_RANKS: u64 = 0xFF00_0000_0000_00FF;

/// More than the most legal moves any chess position has (218).
const MAX_MOVES: usize = 256;

/// Initial capacity of the history stack: enough for any search and most
/// games, so make/unmake never allocates in practice.
const STACK_CAPACITY: usize = 512;

/// A chess position with its history (for unmake and repetitions).
#[derive(Debug)]
pub struct ChessPosition {
    stack: Vec<Entry>,
}

impl Clone for ChessPosition {
    fn clone(&self) -> Self {
        let mut stack = Vec::with_capacity(STACK_CAPACITY.max(self.stack.len() + 64));
        stack.extend_from_slice(&self.stack);
        ChessPosition { stack }
    }
}

/// What a move of the plugin's encoding means on a cozy board.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Decoded {
    pub cozy: cozy_chess::Move,
    pub piece: Piece,
    pub victim: Option<Piece>,
    pub kind: u16,
}

impl ChessPosition {
    /// The standard start position.
    pub fn start() -> Self {
        Self::from_board(Board::default())
    }

    /// A position from FEN; errors name the field and the problem.
    pub fn from_fen(fen: &str) -> Result<Self, PluginError> {
        Ok(Self::from_board(parse_fen(fen)?))
    }

    /// A position from a cozy-chess board. The board must be standard chess
    /// (castling rights only with the king on e1/e8 and rooks on a/h files).
    pub fn from_board(board: Board) -> Self {
        let mut stack = Vec::with_capacity(STACK_CAPACITY);
        stack.push(Entry::root(board));
        ChessPosition { stack }
    }

    /// The current cozy-chess board.
    #[inline(always)]
    pub fn board(&self) -> &Board {
        &self.top().board
    }

    /// Number of moves made since this position was created (the number of
    /// moves `unmake_move` can take back).
    pub fn ply(&self) -> usize {
        self.stack.len() - 1
    }

    #[inline(always)]
    fn top(&self) -> &Entry {
        // The stack always holds the root entry.
        self.stack.last().unwrap()
    }

    /// Whether the game ended in a draw by rule that does not depend on the
    /// legal moves (repetition, material, fifty moves). Mate takes precedence
    /// over the fifty-move rule, which [`Self::status`] handles.
    #[inline(always)]
    pub(crate) fn drawn_by_rule(&self) -> bool {
        let e = self.top();
        e.repeats >= 2 || e.board.halfmove_clock() >= 100 || insufficient_material(&e.board)
    }

    /// Translates a plugin move into cozy-chess terms, if it is legal here.
    pub(crate) fn decode(&self, m: Move) -> Option<Decoded> {
        decode_on(self.board(), m)
    }

    /// Appends every legal move (in the plugin's encoding) to `out`,
    /// ignoring the draw rules. Used by `legal_moves` and by notation.
    ///
    /// Moves are written straight into reserved capacity, one piece at a
    /// time with a register-held count: no position has more than 218 legal
    /// moves, and each piece's batch is bound-checked before it is written,
    /// so nothing is ever written past the reservation.
    pub(crate) fn generate(board: &Board, out: &mut RVec<Move>) {
        let start = out.len();
        out.reserve(MAX_MOVES);
        let limit = start + MAX_MOVES;
        let base = out.as_mut_ptr();
        let mut count = start;

        let stm = board.side_to_move();
        let theirs = board.colors(!stm);
        let ours = board.colors(stm);
        // Square index of a possible en passant capture, or 64 (none).
        let ep_index = board.en_passant().map_or(64, |f| Square::new(f, Rank::Sixth.relative_to(stm)) as u16);
        board.generate_moves(|pm| {
            if count + pm.len() > limit {
                debug_assert!(false, "more than {MAX_MOVES} legal moves");
                return false;
            }
            let mut n = count;
            let mut put = |m: Move| {
                // SAFETY: n < count + pm.len() <= limit <= capacity (checked
                // above; each PieceMoves yields exactly pm.len() moves).
                unsafe { base.add(n).write(m) };
                n += 1;
            };
            let from = pm.from as u16;
            let theirs_bits = theirs.0;
            match pm.piece {
                Piece::Pawn => {
                    let mut quiet = pm.to.0 & !PROMOTION_RANKS;
                    while quiet != 0 {
                        let to = quiet.trailing_zeros() as u16;
                        quiet &= quiet - 1;
                        let kind = if theirs_bits & (1 << to) != 0 {
                            tag::CAPTURE
                        } else if to == ep_index {
                            tag::EN_PASSANT
                        } else if to.abs_diff(from) == 16 {
                            tag::DOUBLE_PUSH
                        } else {
                            tag::QUIET
                        };
                        put(Move { from, to, extra: 0, tag: kind });
                    }
                    let mut promos = pm.to.0 & PROMOTION_RANKS;
                    while promos != 0 {
                        let to = promos.trailing_zeros() as u16;
                        promos &= promos - 1;
                        let kind = if theirs_bits & (1 << to) != 0 { tag::PROMOTION_CAPTURE } else { tag::PROMOTION };
                        // Knight, bishop, rook, queen: extra = piece index + 1.
                        for extra in 2..=5 {
                            put(Move { from, to, extra, tag: kind });
                        }
                    }
                }
                Piece::King => {
                    for to in pm.to {
                        let m = if ours.has(to) {
                            // cozy-chess castling: king takes own rook.
                            if to.file() > pm.from.file() {
                                Move {
                                    from,
                                    to: Square::new(File::G, to.rank()) as u16,
                                    extra: 0,
                                    tag: tag::CASTLE_SHORT,
                                }
                            } else {
                                Move {
                                    from,
                                    to: Square::new(File::C, to.rank()) as u16,
                                    extra: 0,
                                    tag: tag::CASTLE_LONG,
                                }
                            }
                        } else {
                            let kind = if theirs.has(to) { tag::CAPTURE } else { tag::QUIET };
                            Move { from, to: to as u16, extra: 0, tag: kind }
                        };
                        put(m);
                    }
                }
                _ => {
                    let mut captures = pm.to.0 & theirs_bits;
                    while captures != 0 {
                        let to = captures.trailing_zeros() as u16;
                        captures &= captures - 1;
                        put(Move { from, to, extra: 0, tag: tag::CAPTURE });
                    }
                    let mut quiet = pm.to.0 & !theirs_bits;
                    while quiet != 0 {
                        let to = quiet.trailing_zeros() as u16;
                        quiet &= quiet - 1;
                        put(Move { from, to, extra: 0, tag: tag::QUIET });
                    }
                }
            }
            count = n;
            false
        });
        // SAFETY: elements start..count were initialised above.
        unsafe { out.set_len(count) };
    }

    /// The game status (see the crate docs for the rules).
    pub fn status(&self) -> Status {
        let e = self.top();
        let board = &e.board;
        if e.repeats >= 2 {
            return Status::draw("threefold repetition");
        }
        let has_moves = board.generate_moves(|_| true);
        if !has_moves {
            return if board.checkers().is_empty() {
                Status::draw("stalemate")
            } else {
                Status::win(player(!board.side_to_move()), "checkmate")
            };
        }
        if insufficient_material(board) {
            return Status::draw("insufficient material");
        }
        if board.halfmove_clock() >= 100 {
            return Status::draw("fifty-move rule");
        }
        Status::ONGOING
    }

    /// Plays a legal move (checked) and pushes it on the history.
    pub fn play(&mut self, m: Move) -> Result<(), PluginError> {
        if self.drawn_by_rule() {
            return Err(PluginError::illegal_move(format!(
                "move {} refused: the game is over ({})",
                notation::uci_text(m),
                self.status().reason.as_str()
            )));
        }
        let Some(d) = self.decode(m) else {
            return Err(PluginError::illegal_move(format!(
                "move {} is not legal in {}",
                notation::uci_text(m),
                write_fen(self.board())
            )));
        };
        self.push_decoded(d);
        Ok(())
    }

    /// Pushes an already validated move.
    fn push_decoded(&mut self, d: Decoded) {
        let parent = self.top();
        let old = &parent.board;
        let color = old.side_to_move();
        let mut eval = parent.eval;
        let (from, to) = (d.cozy.from, d.cozy.to);
        match d.kind {
            tag::CASTLE_SHORT | tag::CASTLE_LONG => {
                let rank = from.rank();
                let (king_to, rook_to) =
                    if d.kind == tag::CASTLE_SHORT { (File::G, File::F) } else { (File::C, File::D) };
                eval.shift(color, Piece::King, from, Square::new(king_to, rank));
                eval.shift(color, Piece::Rook, to, Square::new(rook_to, rank));
            }
            tag::EN_PASSANT => {
                eval.shift(color, Piece::Pawn, from, to);
                eval.remove(!color, Piece::Pawn, Square::new(to.file(), from.rank()));
            }
            _ => {
                if let Some(victim) = d.victim {
                    eval.remove(!color, victim, to);
                }
                match d.cozy.promotion {
                    Some(p) => {
                        eval.remove(color, Piece::Pawn, from);
                        eval.add(color, p, to);
                    }
                    None => eval.shift(color, d.piece, from, to),
                }
            }
        }

        let since_null = parent.since_null.saturating_add(1);

        // Copy the parent entry straight into the stack's next slot and play
        // the move there (one copy of the board, no temporary).
        let n = self.stack.len(); // index of the new entry
        self.stack.extend_from_within(n - 1..);
        let top = &mut self.stack[n];
        top.board.play_unchecked(d.cozy);
        let board = &top.board;
        let ep = if board.en_passant().is_some() { ep_capturable(board) } else { None };
        let key = position_key(board, ep);
        let window = (board.halfmove_clock() as usize).min(since_null as usize);
        top.key = key;
        top.eval = eval;
        top.since_null = since_null;

        // Repetitions: same side to move, within the reversible window and
        // after the last null move. Two plies back is never the same
        // position (each side has moved a piece since), so the scan starts
        // four plies back.
        let mut repeats = 0u8;
        let mut back = 4;
        while back <= window && back <= n {
            if self.stack[n - back].key == key {
                repeats += 1;
            }
            back += 2;
        }
        self.stack[n].repeats = repeats;
    }

    /// Passes the turn (for null-move pruning): refused in check and when
    /// the game is over. Like a quiet move, it advances the halfmove clock
    /// and the move number and clears the en passant square; it resets
    /// nothing, and repetitions are only counted among the positions after
    /// it. [`Self::take_back`] undoes it.
    pub fn play_null(&mut self) -> Result<(), PluginError> {
        let parent = self.top();
        let Some(board) = parent.board.null_move() else {
            return Err(PluginError::illegal_move(format!(
                "null move refused: the side to move is in check in {}",
                write_fen(self.board())
            )));
        };
        let status = self.status();
        if !status.is_ongoing() {
            return Err(PluginError::illegal_move(format!(
                "null move refused: the game is over ({})",
                status.reason.as_str()
            )));
        }
        let key = position_key(&board, None);
        let eval = parent.eval;
        self.stack.push(Entry { board, key, eval, repeats: 0, since_null: 0 });
        Ok(())
    }

    /// The number of legal moves (0 when the game is drawn by rule), counted
    /// from cozy-chess's piece-move sets without writing the moves out:
    /// promotions count four, castling one.
    pub fn count_moves(&self) -> u64 {
        if self.drawn_by_rule() {
            return 0;
        }
        let mut n = 0;
        self.board().generate_moves(|pm| {
            n += pm.len() as u64;
            false
        });
        n
    }

    /// Takes back the last move or null move.
    pub fn take_back(&mut self) -> Result<(), PluginError> {
        if self.stack.len() <= 1 {
            return Err(PluginError::unsupported("unmake_move: no move to take back"));
        }
        // (truncate, not pop: nothing is moved out of the stack)
        self.stack.truncate(self.stack.len() - 1);
        Ok(())
    }
}

/// Translates a plugin move into cozy-chess terms on `board`, if legal.
pub(crate) fn decode_on(board: &Board, m: Move) -> Option<Decoded> {
    if m.from >= 64 || m.to >= 64 {
        return None;
    }
    let from = Square::index(m.from as usize);
    let mut to = Square::index(m.to as usize);
    let stm = board.side_to_move();
    if !board.colors(stm).has(from) {
        return None;
    }
    let piece = board.piece_on(from)?;
    let promotion = match m.extra {
        0 => None,
        2..=5 => Some(Piece::index(m.extra as usize - 1)),
        _ => return None,
    };
    let mut kind;
    // (only an occupied square is looked up: a quiet move's empty target
    // would make `piece_on` test all six piece sets)
    let mut victim = if board.colors(!stm).has(to) { board.piece_on(to) } else { None };
    match piece {
        Piece::King if from.rank() == to.rank() && (from.file() as i32 - to.file() as i32).abs() == 2 => {
            // The king's two-square move is castling: cozy encodes it as
            // king takes own rook.
            let short = to.file() > from.file();
            to = Square::new(if short { File::H } else { File::A }, from.rank());
            kind = if short { tag::CASTLE_SHORT } else { tag::CASTLE_LONG };
            victim = None;
            if !board.colors(stm).has(to) {
                return None;
            }
        }
        Piece::King if board.colors(stm).has(to) => return None, // king-takes-rook is not our encoding
        _ => {
            kind = if victim.is_some() { tag::CAPTURE } else { tag::QUIET };
        }
    }
    if piece == Piece::Pawn {
        let ep_square = board.en_passant().map(|f| Square::new(f, Rank::Sixth.relative_to(stm)));
        if promotion.is_some() {
            kind = if victim.is_some() { tag::PROMOTION_CAPTURE } else { tag::PROMOTION };
        } else if victim.is_none() && Some(to) == ep_square && from.file() != to.file() {
            kind = tag::EN_PASSANT;
            victim = Some(Piece::Pawn);
        } else if (m.to as i32 - m.from as i32).abs() == 16 {
            kind = tag::DOUBLE_PUSH;
        }
    }
    let cozy = cozy_chess::Move { from, to, promotion };
    if !board.is_legal(cozy) {
        return None;
    }
    Some(Decoded { cozy, piece, victim, kind })
}

/// MVV-LVA attacker values (the king's captures are always safe, so it
/// counts as the cheapest attacker).
const ORDER_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];
/// Offset that puts every capture and promotion ahead of quiet moves.
const TACTICAL_BASE: i32 = 1_000_000;

impl PositionImpl for ChessPosition {
    fn side_to_move(&self) -> u8 {
        player(self.board().side_to_move())
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.drawn_by_rule() {
            return;
        }
        Self::generate(self.board(), out);
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        self.play(m)
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.take_back()
    }

    fn status(&self) -> Status {
        ChessPosition::status(self)
    }

    fn hash(&self) -> u64 {
        self.top().key
    }

    fn evaluate(&self) -> i32 {
        let e = self.top();
        e.eval.score(&e.board)
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        let board = self.board();
        let stm = board.side_to_move();
        // A position with a legal en passant capture only ever follows the
        // double push that allowed it, so no move made here can lead back
        // to it (and everything earlier lies behind that pawn move).
        let leaves_ep = board.en_passant().is_some() && ep_capturable(board).is_some();
        for &m in moves {
            let Some(d) = self.decode(m) else {
                out.push(MoveInfo::default());
                continue;
            };
            let mut flags = MoveFlags::NONE;
            let mut hint = 0;
            if let Some(victim) = d.victim {
                flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL;
                hint = TACTICAL_BASE + ORDER_VALUE[victim as usize] * 10 - ORDER_VALUE[d.piece as usize];
            }
            if let Some(p) = d.cozy.promotion {
                flags |= MoveFlags::PROMOTION | MoveFlags::TACTICAL;
                let victim = d.victim.map_or(0, |v| ORDER_VALUE[v as usize]);
                hint = TACTICAL_BASE + (ORDER_VALUE[p as usize] + victim) * 10 - ORDER_VALUE[Piece::Pawn as usize];
            }
            if hint == 0 {
                // Quiet: a tiny hint toward better squares (bounded well
                // below any tactical move).
                let (piece, from, to) = match d.kind {
                    tag::CASTLE_SHORT | tag::CASTLE_LONG => (Piece::King, d.cozy.from, Square::index(m.to as usize)),
                    _ => (d.piece, d.cozy.from, d.cozy.to),
                };
                hint = (eval::placement_mg(stm, piece, to) - eval::placement_mg(stm, piece, from)).clamp(-99, 99);
            }
            let mut after = board.clone();
            after.play_unchecked(d.cozy);
            if !after.checkers().is_empty() {
                flags |= MoveFlags::CHECK;
            }
            // Captures, pawn moves and castling can never be undone, nor
            // can a lost castling right.
            let castles = matches!(d.kind, tag::CASTLE_SHORT | tag::CASTLE_LONG);
            if leaves_ep
                || castles
                || d.victim.is_some()
                || d.piece == Piece::Pawn
                || Color::ALL.iter().any(|&c| after.castle_rights(c) != board.castle_rights(c))
            {
                flags |= MoveFlags::IRREVERSIBLE;
            }
            out.push(MoveInfo { hint, flags });
        }
    }

    fn pieces(&self, out: &mut RVec<rules_api::Piece>) {
        let board = self.board();
        for color in Color::ALL {
            for piece in Piece::ALL {
                for sq in board.colored_pieces(color, piece) {
                    out.push(rules_api::Piece { cell: sq as u16, owner: player(color), kind: piece as u16 });
                }
            }
        }
    }

    fn highlights(&self, out: &mut RVec<Highlight>) {
        let board = self.board();
        if !board.checkers().is_empty() {
            let king = board.king(board.side_to_move());
            out.push(Highlight::new(king as u16, HighlightKind::CHECK).of(player(board.side_to_move())));
        }
    }

    fn to_text(&self) -> String {
        write_fen(self.board())
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        notation::move_to_text(self, m, notation)
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        notation::parse_move(self, text)
    }

    fn flags(&self) -> PositionFlags {
        let board = self.board();
        let mut flags = PositionFlags::NONE;
        if !board.checkers().is_empty() {
            flags |= PositionFlags::IN_CHECK;
        }
        let pieces = board.colors(board.side_to_move()) & !(board.pieces(Piece::Pawn) | board.pieces(Piece::King));
        if pieces.is_empty() {
            flags |= PositionFlags::ZUGZWANG_RISK;
        }
        flags
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        self.count_moves()
    }

    fn make_null_move(&mut self) -> Result<(), PluginError> {
        self.play_null()
    }
}

/// The chess game (no options).
#[derive(Clone, Copy, Debug, Default)]
pub struct ChessRules;

impl ChessRules {
    /// The game.
    pub fn new() -> Self {
        ChessRules
    }

    /// Builds the game from plugin options; chess takes none, so any option
    /// is refused.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        rules_api::plugin::check_options("chess", options, &chess_options())?;
        Ok(ChessRules)
    }
}

/// The options chess understands: none.
pub fn chess_options() -> Vec<OptionSpec> {
    Vec::new()
}

impl RulesImpl for ChessRules {
    type Position = ChessPosition;

    fn info(&self) -> GameInfo {
        info::game_info()
    }

    fn geometry(&self) -> Geometry {
        info::geometry()
    }

    fn start_position(&self) -> Result<ChessPosition, PluginError> {
        Ok(ChessPosition::start())
    }

    fn position_from_text(&self, text: &str) -> Result<ChessPosition, PluginError> {
        ChessPosition::from_fen(text)
    }

    fn help_text(&self) -> String {
        info::HELP.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_has_twenty_moves_with_tags() {
        let p = ChessPosition::start();
        let mut v = RVec::new();
        p.legal_moves(&mut v);
        assert_eq!(v.len(), 20);
        assert_eq!(v.iter().filter(|m| m.tag == tag::DOUBLE_PUSH).count(), 8);
    }

    #[test]
    fn incremental_eval_matches_recompute_in_kiwipete() {
        let mut p =
            ChessPosition::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
        let mut v = RVec::new();
        p.legal_moves(&mut v);
        for m in v.iter().copied() {
            p.play(m).unwrap();
            assert_eq!(p.top().eval, EvalState::from_board(p.board()), "after {m:?}");
            let mut w = RVec::new();
            p.legal_moves(&mut w);
            for r in w.iter().copied() {
                p.play(r).unwrap();
                assert_eq!(p.top().eval, EvalState::from_board(p.board()));
                p.take_back().unwrap();
            }
            p.take_back().unwrap();
        }
    }

    #[test]
    fn ep_keys_are_distinct() {
        let mut keys = EP_KEYS.to_vec();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 8);
        assert!(!keys.contains(&0));
    }
}
