//! FEN for dark chess: the usual six fields, read with errors that name the
//! field. Unlike chess, a side may have lost its king (the game is then
//! over) and the side not to move may stand in check.

use cozy_chess::{Color, File, Piece, Rank, Square};
use rules_api::PluginError;

use crate::board::{DarkBoard, BLACK_LONG, BLACK_SHORT, WHITE_LONG, WHITE_SHORT};

fn err(message: String) -> PluginError {
    PluginError::invalid_input(format!("dark chess FEN: {message}"))
}

/// The FEN letter of a piece.
pub fn letter(color: Color, piece: Piece) -> char {
    let c: char = piece.into();
    if color == Color::White {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// Reads the piece placement field into `board` with `on_other` called for
/// each character that is neither a piece, a digit nor a slash (the fog
/// mark of a view); returns an error naming the rank.
pub fn parse_placement(
    field: &str,
    board: &mut DarkBoard,
    mut on_other: impl FnMut(char, Square) -> Result<(), PluginError>,
) -> Result<(), PluginError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(err(format!("the piece placement '{field}' has {} ranks, not 8", ranks.len())));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = Rank::index(7 - i);
        let mut file = 0usize;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
                continue;
            }
            if file >= 8 {
                return Err(err(format!("rank {} ('{text}') has more than 8 squares", rank as usize + 1)));
            }
            let sq = Square::new(File::index(file), rank);
            match Piece::try_from(c.to_ascii_lowercase()) {
                Ok(piece) => {
                    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                    board.put(sq, color, piece);
                }
                Err(_) => on_other(c, sq)?,
            }
            file += 1;
        }
        if file != 8 {
            return Err(err(format!("rank {} ('{text}') has {file} squares, not 8", rank as usize + 1)));
        }
    }
    Ok(())
}

/// Reads a dark chess FEN.
pub fn parse_fen(text: &str) -> Result<DarkBoard, PluginError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 6 {
        return Err(err(format!(
            "'{text}' has {} fields, not 6 (placement side castling en-passant halfmove fullmove)",
            fields.len()
        )));
    }
    let mut board = empty_board();
    parse_placement(fields[0], &mut board, |c, _| Err(err(format!("'{c}' in the piece placement is not a piece"))))?;
    board.side = parse_side(fields[1])?;
    board.castling = parse_castling(fields[2], &board)?;
    board.ep = parse_ep(fields[3], &board)?;
    board.halfmove =
        fields[4].parse().map_err(|_| err(format!("the halfmove clock '{}' is not a number", fields[4])))?;
    board.fullmove = fields[5]
        .parse()
        .ok()
        .filter(|&n| n >= 1)
        .ok_or_else(|| err(format!("the fullmove number '{}' is not a number from 1", fields[5])))?;
    check_material(&board)?;
    Ok(board)
}

/// A board with nothing on it, White to move.
pub fn empty_board() -> DarkBoard {
    DarkBoard {
        colors: [cozy_chess::BitBoard::EMPTY; 2],
        pieces: [cozy_chess::BitBoard::EMPTY; 6],
        side: Color::White,
        castling: 0,
        ep: None,
        halfmove: 0,
        fullmove: 1,
    }
}

/// Reads `w` or `b`.
pub fn parse_side(field: &str) -> Result<Color, PluginError> {
    match field {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(err(format!("the side to move '{field}' is not 'w' or 'b'"))),
    }
}

/// Reads castling rights, each of which needs its king and rook at home.
pub fn parse_castling(field: &str, board: &DarkBoard) -> Result<u8, PluginError> {
    if field == "-" {
        return Ok(0);
    }
    let mut rights = 0;
    for c in field.chars() {
        let (bit, color, king, rook) = match c {
            'K' => (WHITE_SHORT, Color::White, Square::E1, Square::H1),
            'Q' => (WHITE_LONG, Color::White, Square::E1, Square::A1),
            'k' => (BLACK_SHORT, Color::Black, Square::E8, Square::H8),
            'q' => (BLACK_LONG, Color::Black, Square::E8, Square::A8),
            _ => return Err(err(format!("'{c}' in the castling rights '{field}' is not one of KQkq"))),
        };
        if !board.of(color, Piece::King).has(king) || !board.of(color, Piece::Rook).has(rook) {
            return Err(err(format!("castling right '{c}' needs the king on {king} and a rook on {rook}")));
        }
        rights |= bit;
    }
    Ok(rights)
}

fn parse_ep(field: &str, board: &DarkBoard) -> Result<Option<Square>, PluginError> {
    if field == "-" {
        return Ok(None);
    }
    let sq: Square = field.parse().map_err(|_| err(format!("the en passant square '{field}' is not a square")))?;
    let pawn_rank = Rank::Fifth.relative_to(board.side);
    let pawn = Square::new(sq.file(), pawn_rank);
    if sq.rank() != Rank::Sixth.relative_to(board.side) || !board.of(!board.side, Piece::Pawn).has(pawn) {
        return Err(err(format!("en passant square {field} has no pawn that just passed it")));
    }
    Ok(Some(sq))
}

fn check_material(board: &DarkBoard) -> Result<(), PluginError> {
    for color in Color::ALL {
        if board.of(color, Piece::King).len() > 1 {
            return Err(err(format!("{} has more than one king", crate::color_name(color))));
        }
    }
    if !board.has_king(Color::White) && !board.has_king(Color::Black) {
        return Err(err("neither side has a king".into()));
    }
    let back_ranks = Rank::First.bitboard() | Rank::Eighth.bitboard();
    if !(board.pieces[Piece::Pawn as usize] & back_ranks).is_empty() {
        return Err(err("a pawn stands on the first or last rank".into()));
    }
    Ok(())
}

/// Writes the piece placement, with `fog(sq)` squares as `?`.
pub fn write_placement(board: &DarkBoard, fog: impl Fn(Square) -> bool) -> String {
    let mut out = String::with_capacity(72);
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            let sq = Square::new(File::index(file), Rank::index(rank));
            let shown = if fog(sq) { Some('?') } else { board.piece_on(sq).map(|(c, p)| letter(c, p)) };
            match shown {
                None => empty += 1,
                Some(ch) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(ch);
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// The castling rights of `colors` as FEN letters, `-` for none.
pub fn castling_text(rights: u8) -> String {
    let text: String = [(WHITE_SHORT, 'K'), (WHITE_LONG, 'Q'), (BLACK_SHORT, 'k'), (BLACK_LONG, 'q')]
        .iter()
        .filter(|(bit, _)| rights & bit != 0)
        .map(|&(_, c)| c)
        .collect();
    if text.is_empty() {
        "-".into()
    } else {
        text
    }
}

/// Writes a dark chess FEN (the en passant square only when a capture
/// there is possible, so equal positions read alike).
pub fn write_fen(board: &DarkBoard) -> String {
    format!(
        "{} {} {} {} {} {}",
        write_placement(board, |_| false),
        if board.side == Color::White { "w" } else { "b" },
        castling_text(board.castling),
        board.ep_threatened().map_or("-".to_string(), |s| s.to_string()),
        board.halfmove,
        board.fullmove
    )
}

impl DarkBoard {
    /// The standard start position.
    pub fn start() -> DarkBoard {
        parse_fen(tabula_chess::START_FEN).expect("the start FEN is valid")
    }
}
