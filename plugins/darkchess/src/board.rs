//! The dark chess board: bitboards from cozy-chess, pseudo-legal moves (no
//! check rule: a king may stand attacked and be captured) and copy-make.
//!
//! cozy-chess's own `Board` cannot hold a position without a king or with
//! the side not to move in check, both of which dark chess reaches, so only
//! its attack tables and bitboards are used here.

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_pawn_quiets, get_rook_moves, BitBoard,
    Color, File, Piece, Rank, Square,
};
use std::sync::LazyLock;

/// Castling right bits: White's short and long, Black's short and long.
pub const WHITE_SHORT: u8 = 1;
/// White may castle on the queen's side.
pub const WHITE_LONG: u8 = 2;
/// Black may castle on the king's side.
pub const BLACK_SHORT: u8 = 4;
/// Black may castle on the queen's side.
pub const BLACK_LONG: u8 = 8;

/// What a move does, derived from the board (never trusted from a caller).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// A move to an empty square (not a double push, castling or promotion).
    Quiet,
    /// A capture (not en passant, not a promotion).
    Capture,
    /// A pawn's two-square advance.
    Double,
    /// An en passant capture.
    EnPassant,
    /// Castling on the king's side.
    CastleShort,
    /// Castling on the queen's side.
    CastleLong,
    /// A promotion to an empty square.
    Promotion,
    /// A promotion that captures.
    PromotionCapture,
}

impl Kind {
    /// The code stored in `Move::tag`.
    pub fn tag(self) -> u16 {
        self as u16
    }

    /// Whether the move removes an enemy piece.
    pub fn is_capture(self) -> bool {
        matches!(self, Kind::Capture | Kind::EnPassant | Kind::PromotionCapture)
    }
}

/// A pseudo-legal move on a [`DarkBoard`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DarkMove {
    /// Where the piece starts.
    pub from: Square,
    /// Where it lands (the king's square for castling).
    pub to: Square,
    /// The piece a pawn becomes.
    pub promotion: Option<Piece>,
    /// What the move does.
    pub kind: Kind,
}

/// Zobrist keys: pieces (colour × piece × square), side, castling, en passant file.
struct Keys {
    pieces: [[[u64; 64]; 6]; 2],
    side: u64,
    castling: [u64; 16],
    ep: [u64; 8],
}

static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    // "darkches" as a seed, so the table is the same in every build.
    let raw = tabula_kit::rng::zobrist_keys(0x6461_726b_6368_6573, 2 * 6 * 64 + 1 + 16 + 8);
    let mut keys = Keys { pieces: [[[0; 64]; 6]; 2], side: raw[768], castling: [0; 16], ep: [0; 8] };
    for (i, key) in raw[..768].iter().enumerate() {
        keys.pieces[i / 384][(i / 64) % 6][i % 64] = *key;
    }
    keys.castling.copy_from_slice(&raw[769..785]);
    keys.ep.copy_from_slice(&raw[785..793]);
    keys
});

/// A dark chess board: where every piece stands and the game state FEN
/// carries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct DarkBoard {
    /// Each colour's pieces.
    pub colors: [BitBoard; 2],
    /// Each piece type's squares (cozy-chess order: pawn .. king).
    pub pieces: [BitBoard; 6],
    /// Who moves.
    pub side: Color,
    /// Castling right bits ([`WHITE_SHORT`] …).
    pub castling: u8,
    /// The square a pawn just passed with a double push, if any.
    pub ep: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmove: u16,
    /// The move number, from 1.
    pub fullmove: u16,
}

/// The squares castling needs empty and the king's destination, per right bit.
const CASTLES: [(u8, Color, Square, Square, Square, BitBoard); 4] = [
    (WHITE_SHORT, Color::White, Square::E1, Square::H1, Square::G1, BitBoard(0x60)),
    (WHITE_LONG, Color::White, Square::E1, Square::A1, Square::C1, BitBoard(0x0E)),
    (BLACK_SHORT, Color::Black, Square::E8, Square::H8, Square::G8, BitBoard(0x60 << 56)),
    (BLACK_LONG, Color::Black, Square::E8, Square::A8, Square::C8, BitBoard(0x0E << 56)),
];

impl DarkBoard {
    /// All pieces of both colours.
    pub fn occupied(&self) -> BitBoard {
        self.colors[0] | self.colors[1]
    }

    /// The colour and piece on `sq`, if any.
    pub fn piece_on(&self, sq: Square) -> Option<(Color, Piece)> {
        let color = if self.colors[0].has(sq) {
            Color::White
        } else if self.colors[1].has(sq) {
            Color::Black
        } else {
            return None;
        };
        let piece = Piece::ALL.into_iter().find(|&p| self.pieces[p as usize].has(sq))?;
        Some((color, piece))
    }

    /// `color`'s pieces of type `piece`.
    pub fn of(&self, color: Color, piece: Piece) -> BitBoard {
        self.colors[color as usize] & self.pieces[piece as usize]
    }

    /// Whether `color` still has its king.
    pub fn has_king(&self, color: Color) -> bool {
        !self.of(color, Piece::King).is_empty()
    }

    /// Puts a piece on an empty square.
    pub fn put(&mut self, sq: Square, color: Color, piece: Piece) {
        self.colors[color as usize] |= sq.bitboard();
        self.pieces[piece as usize] |= sq.bitboard();
    }

    fn remove(&mut self, sq: Square) {
        let bb = !sq.bitboard();
        self.colors[0] &= bb;
        self.colors[1] &= bb;
        for p in self.pieces.iter_mut() {
            *p &= bb;
        }
    }

    /// The en passant square when a pawn of the side to move could take
    /// on it (only then does it distinguish positions).
    pub fn ep_threatened(&self) -> Option<Square> {
        let ep = self.ep?;
        let attackers = get_pawn_attacks(ep, !self.side) & self.of(self.side, Piece::Pawn);
        (!attackers.is_empty()).then_some(ep)
    }

    /// The Zobrist key of everything that decides moves and repetitions.
    pub fn key(&self) -> u64 {
        let keys = &*KEYS;
        let mut key = 0;
        for color in Color::ALL {
            for piece in Piece::ALL {
                for sq in self.of(color, piece) {
                    key ^= keys.pieces[color as usize][piece as usize][sq as usize];
                }
            }
        }
        if self.side == Color::Black {
            key ^= keys.side;
        }
        key ^= keys.castling[self.castling as usize];
        if let Some(ep) = self.ep_threatened() {
            key ^= keys.ep[ep.file() as usize];
        }
        key
    }

    /// Every pseudo-legal move of `color` (its turn or not: a view is what
    /// the player could do were it their move). The en passant capture is
    /// only `color`'s when it is to move.
    pub fn generate(&self, color: Color, mut f: impl FnMut(DarkMove)) {
        let ours = self.colors[color as usize];
        let theirs = self.colors[!color as usize];
        let occupied = ours | theirs;
        let ep = if color == self.side { self.ep } else { None };
        let last_rank = Rank::Eighth.relative_to(color).bitboard();
        for from in self.of(color, Piece::Pawn) {
            let quiets = get_pawn_quiets(from, color, occupied);
            let captures = get_pawn_attacks(from, color) & theirs;
            for to in quiets | captures {
                let capture = theirs.has(to);
                if last_rank.has(to) {
                    let kind = if capture { Kind::PromotionCapture } else { Kind::Promotion };
                    for promotion in [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight] {
                        f(DarkMove { from, to, promotion: Some(promotion), kind });
                    }
                } else {
                    let double = (to as i8 - from as i8).abs() == 16;
                    let kind = if capture {
                        Kind::Capture
                    } else if double {
                        Kind::Double
                    } else {
                        Kind::Quiet
                    };
                    f(DarkMove { from, to, promotion: None, kind });
                }
            }
            if let Some(ep) = ep {
                if get_pawn_attacks(from, color).has(ep) {
                    f(DarkMove { from, to: ep, promotion: None, kind: Kind::EnPassant });
                }
            }
        }
        for piece in [Piece::Knight, Piece::Bishop, Piece::Rook, Piece::Queen, Piece::King] {
            for from in self.of(color, piece) {
                let targets = match piece {
                    Piece::Knight => get_knight_moves(from),
                    Piece::Bishop => get_bishop_moves(from, occupied),
                    Piece::Rook => get_rook_moves(from, occupied),
                    Piece::Queen => get_bishop_moves(from, occupied) | get_rook_moves(from, occupied),
                    _ => get_king_moves(from),
                } & !ours;
                for to in targets {
                    let kind = if theirs.has(to) { Kind::Capture } else { Kind::Quiet };
                    f(DarkMove { from, to, promotion: None, kind });
                }
            }
        }
        for (right, owner, king, rook, to, between) in CASTLES {
            if owner == color
                && self.castling & right != 0
                && self.of(color, Piece::King).has(king)
                && self.of(color, Piece::Rook).has(rook)
                && (between & occupied).is_empty()
            {
                let kind = if right & (WHITE_SHORT | BLACK_SHORT) != 0 { Kind::CastleShort } else { Kind::CastleLong };
                f(DarkMove { from: king, to, promotion: None, kind });
            }
        }
    }

    /// The pseudo-legal move of the side to move from `from` to `to` with
    /// `promotion`, if there is one.
    pub fn find(&self, from: Square, to: Square, promotion: Option<Piece>) -> Option<DarkMove> {
        let mut found = None;
        if self.colors[self.side as usize].has(from) {
            self.generate(self.side, |m| {
                if m.from == from && m.to == to && m.promotion == promotion {
                    found = Some(m);
                }
            });
        }
        found
    }

    /// Plays a pseudo-legal move of the side to move; returns the piece it
    /// captured.
    pub fn play(&mut self, m: DarkMove) -> Option<Piece> {
        let us = self.side;
        let (_, piece) = self.piece_on(m.from).expect("a generated move starts on a piece");
        let victim_square = if m.kind == Kind::EnPassant { Square::new(m.to.file(), m.from.rank()) } else { m.to };
        let victim = self.piece_on(victim_square).map(|(_, p)| p);
        if victim.is_some() {
            self.remove(victim_square);
        }
        self.remove(m.from);
        self.put(m.to, us, m.promotion.unwrap_or(piece));
        match m.kind {
            Kind::CastleShort | Kind::CastleLong => {
                let (rook_from, rook_to) = if m.kind == Kind::CastleShort {
                    (Square::new(File::H, m.from.rank()), Square::new(File::F, m.from.rank()))
                } else {
                    (Square::new(File::A, m.from.rank()), Square::new(File::D, m.from.rank()))
                };
                self.remove(rook_from);
                self.put(rook_to, us, Piece::Rook);
            }
            _ => {}
        }
        for (right, _, king, rook, _, _) in CASTLES {
            if [m.from, m.to].iter().any(|&s| s == king || s == rook) {
                self.castling &= !right;
            }
        }
        self.ep = (m.kind == Kind::Double).then(|| Square::new(m.from.file(), Rank::Third.relative_to(us)));
        self.halfmove = if piece == Piece::Pawn || victim.is_some() { 0 } else { self.halfmove.saturating_add(1) };
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = !us;
        victim
    }
}

/// A square's name (`e4`), `?` off the board.
pub fn square_name(index: u16) -> String {
    if index < 64 {
        Square::index(index as usize).to_string()
    } else {
        "?".into()
    }
}

/// A move in coordinates.
pub fn uci(from: u16, to: u16, extra: u16) -> String {
    let promotion = match extra {
        0 => String::new(),
        k => Piece::ALL.get(k as usize - 1).map_or("?".into(), |&p| char::from(p).to_string()),
    };
    format!("{}{}{promotion}", square_name(from), square_name(to))
}
