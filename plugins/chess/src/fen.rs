//! FEN in and out, with errors that name the field and the problem.
//!
//! cozy-chess parses FEN itself but reports only a coarse error kind, and it
//! accepts Chess960 castling (a king off e1 with `K` rights). This module
//! checks every field first, with a message for people, and only then hands a
//! normalised FEN to cozy-chess.

use cozy_chess::{
    get_bishop_moves, get_king_moves, get_knight_moves, get_pawn_attacks, get_rook_moves, BitBoard, Board, Color, File,
    Piece, Rank, Square,
};
use rules_api::PluginError;

use crate::board::ep_capturable;

const FIELD_NAMES: [&str; 6] =
    ["piece placement", "side to move", "castling rights", "en passant square", "halfmove clock", "fullmove number"];

fn err(message: String) -> PluginError {
    PluginError::invalid_input(message)
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn piece_name(p: Piece) -> &'static str {
    match p {
        Piece::Pawn => "pawn",
        Piece::Knight => "knight",
        Piece::Bishop => "bishop",
        Piece::Rook => "rook",
        Piece::Queen => "queen",
        Piece::King => "king",
    }
}

/// Square set attacked by `by` on a board given as bitboards.
fn attackers_of(sq: Square, by: Color, colors: &[BitBoard; 2], pieces: &[BitBoard; 6]) -> BitBoard {
    let occupied = colors[0] | colors[1];
    let theirs = colors[by as usize];
    let diag = pieces[Piece::Bishop as usize] | pieces[Piece::Queen as usize];
    let orth = pieces[Piece::Rook as usize] | pieces[Piece::Queen as usize];
    theirs
        & ((get_knight_moves(sq) & pieces[Piece::Knight as usize])
            | (get_king_moves(sq) & pieces[Piece::King as usize])
            | (get_pawn_attacks(sq, !by) & pieces[Piece::Pawn as usize])
            | (get_bishop_moves(sq, occupied) & diag)
            | (get_rook_moves(sq, occupied) & orth))
}

/// The largest halfmove clock a position can have: at 150 plies without a
/// capture or pawn move the game is drawn (FIDE Laws 9.6.2).
pub const MAX_HALFMOVE_CLOCK: u8 = 150;

/// Parses a FEN (six fields, or four without the clocks, which default to
/// `0 1`) into a cozy board, rejecting anything malformed or impossible.
/// The board's halfmove clock stops at 100 (cozy-chess's limit); see
/// [`parse_fen_clock`] for the clock as written.
pub fn parse_fen(text: &str) -> Result<Board, PluginError> {
    parse_fen_clock(text).map(|(board, _)| board)
}

/// Like [`parse_fen`], with the halfmove clock as written (0 to
/// [`MAX_HALFMOVE_CLOCK`]): FIDE's seventy-five-move rule counts past the
/// 100 plies a cozy-chess board holds.
pub fn parse_fen_clock(text: &str) -> Result<(Board, u8), PluginError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (fields, clocks) = match fields.len() {
        6 => (fields, true),
        4 => (fields, false),
        0 => return Err(err("empty FEN: expected 6 fields (piece placement, side to move, castling rights, en passant square, halfmove clock, fullmove number)".into())),
        n => {
            return Err(err(format!(
                "bad FEN '{}': wrong number of fields: found {n}, expected 6 (piece placement, side to move, castling rights, en passant square, halfmove clock, fullmove number) or 4 without the two clock fields",
                text.trim()
            )))
        }
    };

    // --- Field 1: piece placement.
    let ranks: Vec<&str> = fields[0].split('/').collect();
    if ranks.len() != 8 {
        return Err(err(format!(
            "bad FEN {} field '{}': wrong number of ranks: found {}, expected 8 separated by '/'",
            FIELD_NAMES[0],
            fields[0],
            ranks.len()
        )));
    }
    let mut colors = [BitBoard::EMPTY; 2];
    let mut pieces = [BitBoard::EMPTY; 6];
    for (i, row) in ranks.iter().enumerate() {
        let rank_number = 8 - i; // first row is rank 8
        let rank = Rank::index(rank_number - 1);
        let mut file = 0usize;
        let mut after_digit = false;
        for ch in row.chars() {
            if let Some(d) = ch.to_digit(10) {
                if after_digit {
                    return Err(err(format!(
                        "bad FEN {} field: two digits in a row in rank {rank_number} ('{row}'): write one count per run of empty squares",
                        FIELD_NAMES[0]
                    )));
                }
                after_digit = true;
                if !(1..=8).contains(&d) {
                    return Err(err(format!(
                        "bad FEN {} field: bad digit '{ch}' in rank {rank_number} ('{row}'): empty-square counts are 1 to 8",
                        FIELD_NAMES[0]
                    )));
                }
                file += d as usize;
            } else {
                after_digit = false;
                let piece = match ch.to_ascii_lowercase() {
                    'p' => Piece::Pawn,
                    'n' => Piece::Knight,
                    'b' => Piece::Bishop,
                    'r' => Piece::Rook,
                    'q' => Piece::Queen,
                    'k' => Piece::King,
                    _ => {
                        return Err(err(format!(
                            "bad FEN {} field: bad piece letter '{ch}' in rank {rank_number} ('{row}'): use PNBRQK for white and pnbrqk for black",
                            FIELD_NAMES[0]
                        )))
                    }
                };
                let color = if ch.is_ascii_uppercase() { Color::White } else { Color::Black };
                if file < 8 {
                    let sq = Square::new(File::index(file), rank);
                    colors[color as usize] |= sq.bitboard();
                    pieces[piece as usize] |= sq.bitboard();
                }
                file += 1;
            }
            if file > 8 {
                break;
            }
        }
        if file != 8 {
            return Err(err(format!(
                "bad FEN {} field: rank {rank_number} ('{row}') describes {} squares, expected 8",
                FIELD_NAMES[0],
                if file > 8 { "more than 8".to_string() } else { file.to_string() }
            )));
        }
    }

    for color in Color::ALL {
        let own = colors[color as usize];
        let kings = (own & pieces[Piece::King as usize]).len();
        if kings == 0 {
            return Err(err(format!("bad FEN {} field: missing {} king", FIELD_NAMES[0], color_name(color))));
        }
        if kings > 1 {
            return Err(err(format!(
                "bad FEN {} field: extra {} king ({kings} kings, exactly one allowed)",
                FIELD_NAMES[0],
                color_name(color)
            )));
        }
        let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
        if let Some(sq) = (own & pieces[Piece::Pawn as usize] & back_ranks).next_square() {
            return Err(err(format!(
                "bad FEN {} field: {} pawn on {sq}: pawns cannot stand on rank 1 or 8",
                FIELD_NAMES[0],
                color_name(color)
            )));
        }
        let pawns = (own & pieces[Piece::Pawn as usize]).len();
        if pawns > 8 {
            return Err(err(format!(
                "bad FEN {} field: {} has {pawns} pawns, at most 8 are possible",
                FIELD_NAMES[0],
                color_name(color)
            )));
        }
        if own.len() > 16 {
            return Err(err(format!(
                "bad FEN {} field: {} has {} pieces, at most 16 are possible",
                FIELD_NAMES[0],
                color_name(color),
                own.len()
            )));
        }
    }

    // --- Field 2: side to move.
    let side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => return Err(err(format!("bad FEN {} field '{other}': expected 'w' or 'b'", FIELD_NAMES[1]))),
    };
    let king_of = |c: Color| (colors[c as usize] & pieces[Piece::King as usize]).next_square().unwrap();
    let their_king = king_of(!side);
    if let Some(attacker) = attackers_of(their_king, side, &colors, &pieces).next_square() {
        let piece = Piece::ALL.into_iter().find(|p| pieces[*p as usize].has(attacker)).unwrap();
        return Err(err(format!(
            "impossible FEN: the side not to move ({}) is in check from the {} {} on {attacker}, so {} cannot be to move (check the {} field)",
            color_name(!side),
            color_name(side),
            piece_name(piece),
            color_name(side),
            FIELD_NAMES[1]
        )));
    }
    let our_king = king_of(side);
    let checkers = attackers_of(our_king, !side, &colors, &pieces).len();
    if checkers > 2 {
        return Err(err(format!(
            "impossible FEN: the {} king on {our_king} is in check from {checkers} pieces; at most 2 are possible",
            color_name(side)
        )));
    }

    // --- Field 3: castling rights (standard chess: king on e1/e8, rooks on a/h).
    let castling = fields[2];
    let mut rights = String::new();
    if castling != "-" {
        for ch in castling.chars() {
            let (color, rook_file) = match ch {
                'K' => (Color::White, File::H),
                'Q' => (Color::White, File::A),
                'k' => (Color::Black, File::H),
                'q' => (Color::Black, File::A),
                _ => {
                    return Err(err(format!(
                        "bad FEN {} field '{castling}': bad letter '{ch}' (use '-' or some of K, Q, k, q)",
                        FIELD_NAMES[2]
                    )))
                }
            };
            if rights.contains(ch) {
                return Err(err(format!("bad FEN {} field '{castling}': '{ch}' appears twice", FIELD_NAMES[2])));
            }
            let back = Rank::First.relative_to(color);
            let king_sq = Square::new(File::E, back);
            let rook_sq = Square::new(rook_file, back);
            let own = colors[color as usize];
            if !(own & pieces[Piece::King as usize]).has(king_sq) {
                return Err(err(format!(
                    "bad FEN {} field '{castling}': right '{ch}' needs the {} king on {king_sq}",
                    FIELD_NAMES[2],
                    color_name(color)
                )));
            }
            if !(own & pieces[Piece::Rook as usize]).has(rook_sq) {
                return Err(err(format!(
                    "bad FEN {} field '{castling}': right '{ch}' needs a {} rook on {rook_sq}",
                    FIELD_NAMES[2],
                    color_name(color)
                )));
            }
            rights.push(ch);
        }
        if rights.is_empty() {
            return Err(err(format!("bad FEN {} field: empty (use '-')", FIELD_NAMES[2])));
        }
    }
    // Canonical order KQkq.
    let rights: String = ['K', 'Q', 'k', 'q'].into_iter().filter(|c| rights.contains(*c)).collect();
    let rights = if rights.is_empty() { "-".to_string() } else { rights };

    // --- Field 4: en passant square.
    let ep = fields[3];
    if ep != "-" {
        let sq: Square = ep.parse().map_err(|_| {
            err(format!("bad FEN {} field '{ep}': not a square (use '-' or a square such as e3 or d6)", FIELD_NAMES[3]))
        })?;
        let expected_rank = Rank::Sixth.relative_to(side);
        if sq.rank() != expected_rank {
            return Err(err(format!(
                "bad FEN {} field '{ep}': with {} to move the en passant square must be on rank {}",
                FIELD_NAMES[3],
                color_name(side),
                expected_rank as usize + 1
            )));
        }
        let pawn_sq = Square::new(sq.file(), Rank::Fifth.relative_to(side));
        let from_sq = Square::new(sq.file(), Rank::Seventh.relative_to(side));
        let occupied = colors[0] | colors[1];
        if !(colors[!side as usize] & pieces[Piece::Pawn as usize]).has(pawn_sq) {
            return Err(err(format!(
                "bad FEN {} field '{ep}': there is no {} pawn on {pawn_sq} that could just have moved two squares",
                FIELD_NAMES[3],
                color_name(!side)
            )));
        }
        if occupied.has(sq) || occupied.has(from_sq) {
            return Err(err(format!(
                "bad FEN {} field '{ep}': {sq} and {from_sq} must be empty after a two-square pawn move",
                FIELD_NAMES[3]
            )));
        }
    }

    // --- Fields 5 and 6: clocks.
    let (halfmove, fullmove) = if clocks {
        let halfmove: u32 = fields[4]
            .parse()
            .map_err(|_| err(format!("bad FEN {} field '{}': not a non-negative number", FIELD_NAMES[4], fields[4])))?;
        if halfmove > MAX_HALFMOVE_CLOCK as u32 {
            return Err(err(format!(
                "bad FEN {} field '{halfmove}': out of range 0 to {MAX_HALFMOVE_CLOCK} (the game is drawn by the \
                 seventy-five-move rule at {MAX_HALFMOVE_CLOCK})",
                FIELD_NAMES[4]
            )));
        }
        let fullmove: u32 = fields[5]
            .parse()
            .map_err(|_| err(format!("bad FEN {} field '{}': not a positive number", FIELD_NAMES[5], fields[5])))?;
        if fullmove == 0 || fullmove > u16::MAX as u32 {
            return Err(err(format!("bad FEN {} field '{fullmove}': out of range 1 to {}", FIELD_NAMES[5], u16::MAX)));
        }
        (halfmove, fullmove)
    } else {
        (0, 1)
    };

    let board_clock = halfmove.min(100);
    let normalised = format!("{} {} {} {} {} {}", fields[0], fields[1], rights, ep, board_clock, fullmove);
    let board = Board::from_fen(&normalised, false).map_err(|e| {
        let detail = match e {
            cozy_chess::FenParseError::InvalidEnPassant => format!(
                "bad FEN {} field '{ep}': inconsistent with the check on the {} king",
                FIELD_NAMES[3],
                color_name(side)
            ),
            cozy_chess::FenParseError::InvalidBoard => format!(
                "impossible FEN {} field '{}': the checks on the board cannot arise in a game",
                FIELD_NAMES[0], fields[0]
            ),
            other => format!("bad FEN '{}': {other}", text.trim()),
        };
        err(detail)
    })?;
    Ok((board, halfmove as u8))
}

/// Writes the full FEN of a board. The en passant square is written only
/// when an en passant capture is legal, so that equal positions print equal
/// (the same normalisation as the hash and the repetition rule).
pub fn write_fen(board: &Board) -> String {
    write_fen_clock(board, board.halfmove_clock())
}

/// Writes the full FEN of a board with `clock` as its halfmove clock (the
/// position's own count, which goes past cozy-chess's 100).
pub fn write_fen_clock(board: &Board, clock: u8) -> String {
    let mut s = String::with_capacity(90);
    for rank in Rank::ALL.iter().rev() {
        let mut empty = 0;
        for file in File::ALL {
            let sq = Square::new(file, *rank);
            match board.piece_on(sq) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        s.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let ch: char = piece.into();
                    s.push(if board.colors(Color::White).has(sq) { ch.to_ascii_uppercase() } else { ch });
                }
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if *rank != Rank::First {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(if board.side_to_move() == Color::White { 'w' } else { 'b' });
    s.push(' ');
    let mut any = false;
    for (color, short, ch) in
        [(Color::White, true, 'K'), (Color::White, false, 'Q'), (Color::Black, true, 'k'), (Color::Black, false, 'q')]
    {
        let r = board.castle_rights(color);
        let has = if short { r.short.is_some() } else { r.long.is_some() };
        if has {
            s.push(ch);
            any = true;
        }
    }
    if !any {
        s.push('-');
    }
    s.push(' ');
    match ep_capturable(board) {
        Some(file) => {
            let sq = Square::new(file, Rank::Sixth.relative_to(board.side_to_move()));
            s.push_str(&sq.to_string());
        }
        None => s.push('-'),
    }
    s.push_str(&format!(" {} {}", clock, board.fullmove_number()));
    s
}
