//! USI's coordinates and SFEN, translated to and from the coordinate
//! notation and position text of a rules plugin that writes shogi-family
//! games the way Fairy-Stockfish's UCI mode does (files `a`… from the first
//! player's left, ranks `1`… from the first player's side, drops `P@e5`,
//! promotions `+`, a position text `board[hand] side …`).
//!
//! USI numbers files from the first player's right (`1`…) and letters ranks
//! from the second player's side (`a`…); a drop is `P*5e`. So `a1` of a 9×9
//! board is `9i`, and `e5` is `5e`. USI defines its squares for up to nine
//! files; a wider board is refused.

use std::fmt;

/// A board size USI can name, and the translations over it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UsiBoard {
    width: u8,
    height: u8,
}

/// Text that is not a move or a position in the expected form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UsiError(pub String);

impl fmt::Display for UsiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsiError {}

fn error(text: impl Into<String>) -> UsiError {
    UsiError(text.into())
}

/// The order USI writes pieces in hand: rook, bishop, gold, silver, knight,
/// lance, pawn, then any other letter alphabetically (fairy pieces).
const HAND_ORDER: &str = "RBGSNLP";

impl UsiBoard {
    /// A board of `width` files and `height` ranks, if USI can name it.
    pub fn new(width: i32, height: i32) -> Result<UsiBoard, UsiError> {
        if !(1..=9).contains(&width) || !(1..=26).contains(&height) {
            return Err(error(format!(
                "USI names squares of boards of at most 9 files and 26 ranks; this board is {width}x{height}"
            )));
        }
        Ok(UsiBoard { width: width as u8, height: height as u8 })
    }

    /// The board of a position text: as many ranks as its board field has
    /// rows, as many files as its first row has squares.
    pub fn of_position(text: &str) -> Result<UsiBoard, UsiError> {
        let board = text.split_whitespace().next().unwrap_or("");
        let board = board.split('[').next().unwrap_or("");
        let rows: Vec<&str> = board.split('/').collect();
        let mut files = 0i32;
        let mut number = String::new();
        for c in rows[0].chars() {
            if c.is_ascii_digit() {
                number.push(c);
                continue;
            }
            files += number.parse::<i32>().unwrap_or(0);
            number.clear();
            if c.is_ascii_alphabetic() {
                files += 1;
            }
        }
        files += number.parse::<i32>().unwrap_or(0);
        if files == 0 {
            return Err(error(format!("'{text}' has no board field USI could describe")));
        }
        UsiBoard::new(files, rows.len() as i32)
    }

    /// `e5` (file letter, rank number from the first player) as USI's `5e`.
    fn square_to_usi(&self, file: u8, rank: u8) -> String {
        let usi_file = self.width - file;
        let usi_rank = (b'a' + (self.height - rank)) as char;
        format!("{usi_file}{usi_rank}")
    }

    /// Reads a square of ours at the start of `text`: (file 0-based, rank
    /// 1-based, bytes used).
    fn our_square(&self, text: &str) -> Option<(u8, u8, usize)> {
        let bytes = text.as_bytes();
        let file = bytes.first().filter(|b| b.is_ascii_lowercase())?.wrapping_sub(b'a');
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        let rank: u8 = text.get(1..1 + digits)?.parse().ok()?;
        (file < self.width && (1..=self.height).contains(&rank)).then_some((file, rank, 1 + digits))
    }

    /// Reads a USI square at the start of `text` as ours (`5e` → `e5`).
    fn usi_square(&self, text: &str) -> Option<String> {
        let bytes = text.as_bytes();
        let usi_file = bytes.first().filter(|b| b.is_ascii_digit())?.wrapping_sub(b'0');
        let usi_rank = bytes.get(1).filter(|b| b.is_ascii_lowercase())?.wrapping_sub(b'a');
        if !(1..=self.width).contains(&usi_file) || usi_rank >= self.height {
            return None;
        }
        let file = (b'a' + (self.width - usi_file)) as char;
        Some(format!("{file}{}", self.height - usi_rank))
    }

    /// Our coordinate move (`c3c4`, `b2h8+`, `B@e5`) in USI (`7g7f`,
    /// `8h2b+`, `B*5e`).
    pub fn move_to_usi(&self, ours: &str) -> Result<String, UsiError> {
        let refuse = || error(format!("'{ours}' is not a move USI can write"));
        if let Some((piece, square)) = ours.split_once('@') {
            let (file, rank, used) = self.our_square(square).ok_or_else(refuse)?;
            if piece.is_empty() || used != square.len() {
                return Err(refuse());
            }
            return Ok(format!("{}*{}", piece.to_ascii_uppercase(), self.square_to_usi(file, rank)));
        }
        let (from_file, from_rank, a) = self.our_square(ours).ok_or_else(refuse)?;
        let (to_file, to_rank, b) = self.our_square(&ours[a..]).ok_or_else(refuse)?;
        let suffix = &ours[a + b..];
        if !matches!(suffix, "" | "+" | "=") {
            return Err(refuse());
        }
        // USI has no mark for a move that could promote and does not.
        let suffix = if suffix == "+" { "+" } else { "" };
        Ok(format!("{}{}{suffix}", self.square_to_usi(from_file, from_rank), self.square_to_usi(to_file, to_rank)))
    }

    /// A USI move (`7g7f`, `8h2b+`, `P*5e`) in our coordinates.
    pub fn move_from_usi(&self, usi: &str) -> Result<String, UsiError> {
        let refuse = || error(format!("'{usi}' is not a USI move on a {}x{} board", self.width, self.height));
        if let Some((piece, square)) = usi.split_once('*') {
            let to = self.usi_square(square).filter(|_| square.len() == 2).ok_or_else(refuse)?;
            if piece.len() != 1 || !piece.bytes().all(|b| b.is_ascii_uppercase()) {
                return Err(refuse());
            }
            return Ok(format!("{piece}@{to}"));
        }
        let from = usi.get(..2).and_then(|s| self.usi_square(s)).ok_or_else(refuse)?;
        let to = usi.get(2..4).and_then(|s| self.usi_square(s)).ok_or_else(refuse)?;
        match &usi[4..] {
            "" => Ok(format!("{from}{to}")),
            "+" => Ok(format!("{from}{to}+")),
            _ => Err(refuse()),
        }
    }

    /// Our position text (`board[hand] side castling ep halfmove fullmove`,
    /// first player `w`) as SFEN (`board side hand ply`, first player `b`).
    pub fn sfen_from_position(&self, text: &str) -> Result<String, UsiError> {
        let refuse = |why: &str| error(format!("cannot write '{text}' as SFEN: {why}"));
        let mut fields = text.split_whitespace();
        let board_and_hand = fields.next().ok_or_else(|| refuse("it is empty"))?;
        let (board, hand) = match board_and_hand.split_once('[') {
            Some((board, rest)) => (board, rest.strip_suffix(']').ok_or_else(|| refuse("the hand has no ']'"))?),
            None => (board_and_hand, ""),
        };
        let side = match fields.next() {
            Some("w") => "b",
            Some("b") => "w",
            _ => return Err(refuse("the side to move is not w or b")),
        };
        let rest: Vec<&str> = fields.collect();
        let fullmove = rest.last().and_then(|n| n.parse::<u32>().ok()).unwrap_or(1).max(1);
        let ply = 2 * (fullmove - 1) + u32::from(side == "w") + 1;
        Ok(format!("{board} {side} {} {ply}", sfen_hand(hand)))
    }

    /// A SFEN (`board side hand ply`) as our position text.
    pub fn position_from_sfen(&self, sfen: &str) -> Result<String, UsiError> {
        let refuse = |why: &str| error(format!("'{sfen}' is not SFEN: {why}"));
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        let [board, side, hand, rest @ ..] = fields.as_slice() else {
            return Err(refuse("it needs a board, a side and a hand"));
        };
        if board.split('/').count() != usize::from(self.height) {
            return Err(refuse(&format!("the board needs {} ranks", self.height)));
        }
        let side = match *side {
            "b" => "w",
            "w" => "b",
            _ => return Err(refuse("the side to move is not b or w")),
        };
        let ply = match rest.first() {
            Some(n) => n.parse::<u32>().map_err(|_| refuse("the move number is not a number"))?.max(1),
            None => 1,
        };
        let hand = our_hand(hand).ok_or_else(|| refuse("the hand is not counts and piece letters"))?;
        let fullmove = (ply - 1) / 2 + 1;
        Ok(format!("{board}[{hand}] {side} - - 0 {fullmove}"))
    }
}

/// `RRp` (one letter per piece) as SFEN's `2Rp`, or `-` when empty.
fn sfen_hand(hand: &str) -> String {
    let letters: Vec<char> = hand.chars().filter(|c| c.is_ascii_alphabetic()).collect();
    if letters.is_empty() {
        return "-".to_string();
    }
    let rank = |c: char| HAND_ORDER.find(c.to_ascii_uppercase()).unwrap_or(HAND_ORDER.len());
    let mut kinds: Vec<char> = letters.clone();
    kinds.sort_by_key(|&c| (c.is_ascii_lowercase(), rank(c), c));
    kinds.dedup();
    let mut out = String::new();
    for kind in kinds {
        let count = letters.iter().filter(|&&c| c == kind).count();
        if count > 1 {
            out.push_str(&count.to_string());
        }
        out.push(kind);
    }
    out
}

/// SFEN's `2Rp` (or `-`) as one letter per piece, `RRp`.
fn our_hand(hand: &str) -> Option<String> {
    if hand == "-" {
        return Some(String::new());
    }
    let mut out = String::new();
    let mut count = String::new();
    for c in hand.chars() {
        if c.is_ascii_digit() {
            count.push(c);
        } else if c.is_ascii_alphabetic() {
            let n: usize = if count.is_empty() { 1 } else { count.parse().ok()? };
            out.extend(std::iter::repeat(c).take(n));
            count.clear();
        } else {
            return None;
        }
    }
    count.is_empty().then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shogi() -> UsiBoard {
        UsiBoard::new(9, 9).unwrap()
    }

    #[test]
    fn squares_run_from_the_first_players_right_and_the_second_players_side() {
        let b = shogi();
        assert_eq!(b.move_to_usi("c3c4").unwrap(), "7g7f");
        assert_eq!(b.move_to_usi("b2h8+").unwrap(), "8h2b+");
        assert_eq!(b.move_to_usi("a1a2").unwrap(), "9i9h");
        assert_eq!(b.move_to_usi("i9i8").unwrap(), "1a1b");
        assert_eq!(b.move_to_usi("P@e5").unwrap(), "P*5e");
        assert_eq!(b.move_to_usi("b2h8=").unwrap(), "8h2b");
        for usi in ["7g7f", "8h2b+", "9i9h", "1a1b", "P*5e"] {
            assert_eq!(b.move_to_usi(&b.move_from_usi(usi).unwrap()).unwrap(), usi);
        }
    }

    #[test]
    fn the_board_is_sized_by_the_position_text() {
        let start = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2";
        assert_eq!(UsiBoard::of_position(start).unwrap(), shogi());
        assert_eq!(UsiBoard::of_position("rbsgk/4p/5/P4/KGSBR[] w - - 0 1").unwrap(), UsiBoard::new(5, 5).unwrap());
        assert!(UsiBoard::of_position("rnbqkbnrcr/10/10/10/10/10/10/RNBQKBNRCR w").is_err());
        assert!(UsiBoard::of_position("").is_err());
    }

    #[test]
    fn smaller_boards_count_from_their_own_edges() {
        let mini = UsiBoard::new(5, 5).unwrap();
        assert_eq!(mini.move_to_usi("a1a2").unwrap(), "5e5d");
        assert_eq!(mini.move_from_usi("1a2b").unwrap(), "e5d4");
    }

    #[test]
    fn what_usi_cannot_name_is_refused() {
        assert!(UsiBoard::new(10, 10).is_err());
        let b = shogi();
        for bad in ["j1a1", "a0a1", "a1", "a1a2q", "@e5", "e5e6x"] {
            assert!(b.move_to_usi(bad).is_err(), "{bad}");
        }
        for bad in ["0a1a", "7g7", "7j7f", "p*5e", "P*5", "7g7f=", "PP*5e"] {
            assert!(b.move_from_usi(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn positions_go_both_ways() {
        let b = shogi();
        let ours = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2";
        let sfen = b.sfen_from_position(ours).unwrap();
        assert_eq!(sfen, "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
        assert_eq!(b.position_from_sfen(&sfen).unwrap(), ours);
        let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert_eq!(
            b.position_from_sfen(start).unwrap(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"
        );
    }

    #[test]
    fn hands_are_counted_in_usi_order() {
        assert_eq!(sfen_hand("PPpBrP"), "B3Prp");
        assert_eq!(sfen_hand(""), "-");
        assert_eq!(our_hand("B3Prp").unwrap(), "BPPPrp");
        assert_eq!(our_hand("10p").unwrap().len(), 10);
        assert!(our_hand("3").is_none());
        assert!(our_hand("P!").is_none());
    }
}
