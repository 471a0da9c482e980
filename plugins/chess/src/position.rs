//! A chess position: cozy-chess boards on a copy-make stack with what the
//! result rules, the hash and the evaluation need, behind the boundary's
//! `PositionImpl`.

use cozy_chess::{Board, Color, File, Piece, Square};
use rules_api::plugin::PositionImpl;
use rules_api::{
    Highlight, HighlightKind, Move, MoveFlags, MoveInfo, Notation, PluginError, PositionFlags, RVec, Status,
};

use crate::board::{ep_capturable, insufficient_material, player, position_key};
use crate::eval::{self, EvalState};
use crate::fen::{parse_fen_clock, write_fen_clock, MAX_HALFMOVE_CLOCK};
use crate::moves::{decode_on, generate, tag, Decoded};
use crate::notation;

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
    /// Plies since the last capture or pawn move, up to
    /// [`MAX_HALFMOVE_CLOCK`] (the board's own clock stops at 100).
    clock: u8,
    /// Plies since the last null move (saturating; `u16::MAX` when there
    /// was none). Repetitions are only looked for after it: the positions
    /// before a null move belong to another line of play.
    since_null: u16,
}

impl Entry {
    fn root(board: Board, clock: u8) -> Self {
        let key = position_key(&board, ep_capturable(&board));
        let eval = EvalState::from_board(&board);
        Entry { board, key, eval, repeats: 0, clock, since_null: u16::MAX }
    }
}

/// Repetitions of a position (earlier occurrences) at which its player may
/// claim a draw: the third occurrence (FIDE Laws 9.2).
const CLAIM_REPEATS: u8 = 2;
/// Repetitions that end the game when draws are claimed: the fifth
/// occurrence (9.6.1).
const AUTOMATIC_REPEATS: u8 = 4;
/// Plies without capture or pawn move after which a draw may be claimed:
/// fifty moves by each player (9.3).
const CLAIM_CLOCK: u8 = 100;

/// When the drawing rules end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Draws {
    /// At the third occurrence and the hundredth quiet ply, as if every
    /// claim were made (the chess of kriegspiel, after OpenSpiel).
    Automatic,
    /// FIDE's Laws: those two are claimed ([`ChessPosition::draw_claim`]);
    /// the fifth occurrence and the hundred-and-fiftieth ply end the game.
    Claimed,
}

impl Draws {
    /// Earlier occurrences that end the game, and plies that do.
    #[inline(always)]
    const fn limits(self) -> (u8, u8) {
        match self {
            Draws::Automatic => (CLAIM_REPEATS, CLAIM_CLOCK),
            Draws::Claimed => (AUTOMATIC_REPEATS, MAX_HALFMOVE_CLOCK),
        }
    }
}

/// Initial capacity of the history stack: enough for any search and most
/// games, so make/unmake never allocates in practice.
const STACK_CAPACITY: usize = 512;

/// A chess position with its history (for unmake and repetitions).
///
/// A new position ends the game at a threefold repetition and fifty moves,
/// as if every claim were made; [`ChessPosition::with_claims`] makes it
/// follow FIDE's Laws, as the chess plugin's positions do.
#[derive(Debug)]
pub struct ChessPosition {
    stack: Vec<Entry>,
    draws: Draws,
}

impl Clone for ChessPosition {
    fn clone(&self) -> Self {
        let mut stack = Vec::with_capacity(STACK_CAPACITY.max(self.stack.len() + 64));
        stack.extend_from_slice(&self.stack);
        ChessPosition { stack, draws: self.draws }
    }
}

impl ChessPosition {
    /// The standard start position.
    pub fn start() -> Self {
        Self::from_board(Board::default())
    }

    /// A position from FEN; errors name the field and the problem.
    pub fn from_fen(fen: &str) -> Result<Self, PluginError> {
        let (board, clock) = parse_fen_clock(fen)?;
        let mut stack = Vec::with_capacity(STACK_CAPACITY);
        stack.push(Entry::root(board, clock));
        Ok(ChessPosition { stack, draws: Draws::Automatic })
    }

    /// The same position under FIDE's Laws (9.2, 9.3, 9.6): a threefold
    /// repetition and fifty moves are draws the player to move may claim
    /// ([`Self::draw_claim`]), and only a fivefold repetition and
    /// seventy-five moves (unless the last move mates) end the game.
    pub fn with_claims(mut self) -> Self {
        self.draws = Draws::Claimed;
        self
    }

    /// A position from a cozy-chess board. The board must be standard chess
    /// (castling rights only with the king on e1/e8 and rooks on a/h files).
    pub fn from_board(board: Board) -> Self {
        let clock = board.halfmove_clock();
        let mut stack = Vec::with_capacity(STACK_CAPACITY);
        stack.push(Entry::root(board, clock));
        ChessPosition { stack, draws: Draws::Automatic }
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

    /// The halfmove clock: plies since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u8 {
        self.top().clock
    }

    /// The position as FEN, with its own halfmove clock.
    pub fn fen(&self) -> String {
        let e = self.top();
        write_fen_clock(&e.board, e.clock)
    }

    /// Whether the game ended in a draw by rule that does not depend on the
    /// legal moves (repetition, material, the move count). Mate takes
    /// precedence over the move count, which [`Self::status`] handles.
    #[inline(always)]
    pub(crate) fn drawn_by_rule(&self) -> bool {
        let e = self.top();
        let (repeats, clock) = self.draws.limits();
        e.repeats >= repeats || e.clock >= clock || insufficient_material(&e.board)
    }

    /// The draw the player to move may claim here (FIDE Laws 9.2 and 9.3:
    /// the third occurrence of the position, or fifty moves by each side
    /// without capture or pawn move), if the game is still going on. A claim
    /// by writing down a move that would produce it is not offered. Cheap
    /// when there is nothing to claim: two comparisons.
    #[inline]
    pub fn draw_claim(&self) -> Option<&'static str> {
        if self.draws == Draws::Automatic {
            return None;
        }
        let e = self.top();
        let reason = if e.repeats >= CLAIM_REPEATS {
            "threefold repetition"
        } else if e.clock >= CLAIM_CLOCK {
            "fifty-move rule"
        } else {
            return None;
        };
        self.status().is_ongoing().then_some(reason)
    }

    /// Translates a plugin move into cozy-chess terms, if it is legal here.
    pub(crate) fn decode(&self, m: Move) -> Option<Decoded> {
        decode_on(self.board(), m)
    }

    /// The game status (see the crate docs for the rules).
    pub fn status(&self) -> Status {
        let e = self.top();
        let board = &e.board;
        let (repeats, clock) = self.draws.limits();
        if e.repeats >= repeats {
            return Status::draw(match self.draws {
                Draws::Automatic => "threefold repetition",
                Draws::Claimed => "fivefold repetition",
            });
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
        if e.clock >= clock {
            return Status::draw(match self.draws {
                Draws::Automatic => "fifty-move rule",
                Draws::Claimed => "seventy-five-move rule",
            });
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
                self.fen()
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
        let parent_clock = parent.clock;

        // Copy the parent entry straight into the stack's next slot and play
        // the move there (one copy of the board, no temporary).
        let n = self.stack.len(); // index of the new entry
        self.stack.extend_from_within(n - 1..);
        let top = &mut self.stack[n];
        top.board.play_unchecked(d.cozy);
        let board = &top.board;
        let ep = if board.en_passant().is_some() { ep_capturable(board) } else { None };
        let key = position_key(board, ep);
        // The board's clock is 0 exactly after a capture or pawn move.
        let clock = if board.halfmove_clock() == 0 { 0 } else { parent_clock.saturating_add(1) };
        let window = (clock as usize).min(since_null as usize);
        top.key = key;
        top.clock = clock;
        top.eval = eval;
        top.since_null = since_null;

        // Repetitions: same side to move, within the reversible window and
        // after the last null move. Two plies back is never the same
        // position (each side has moved a piece since), so the scan starts
        // four plies back.
        let mut repeats = 0u8;
        // (saturating: past the fifth occurrence the game is over anyway)
        let mut back = 4;
        while back <= window && back <= n {
            if self.stack[n - back].key == key {
                repeats = repeats.saturating_add(1);
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
                self.fen()
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
        let clock = parent.clock.saturating_add(1);
        self.stack.push(Entry { board, key, eval, repeats: 0, clock, since_null: 0 });
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
        generate(self.board(), out);
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
        self.fen()
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        notation::move_to_text(self.board(), m, notation)
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        notation::parse_move(self.board(), self.drawn_by_rule(), text)
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

    fn draw_claim(&self) -> Option<&'static str> {
        ChessPosition::draw_claim(self)
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
}
