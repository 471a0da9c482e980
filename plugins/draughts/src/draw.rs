//! The counted draw rules: what is counted after each move, and when the
//! count draws the game. (Threefold repetition needs the position's
//! history and is decided in [`crate::position`].)
//!
//! * English draughts: 40 moves by each player (80 plies) with no man
//!   moved and no piece taken draw the game.
//! * International draughts (FMJD): 25 moves by each player (50 plies)
//!   with only kings moved and no piece taken; once one side is down to a
//!   lone king and the other has three pieces or fewer including a king,
//!   16 more moves each (32 plies); once the other side has two pieces or
//!   fewer including a king, 5 more moves each (10 plies). The 16-move
//!   count goes on when a capture turns such an ending into a smaller one
//!   (its limit stays), and neither endgame count restarts when a man
//!   moves or is crowned.

use crate::board::Board;
use crate::colour::Colour;
use crate::rule::Rule;

/// The counts the draw rules need, as they stand after the last move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Counters {
    /// Plies in a row in which only kings moved and nothing was taken.
    pub king_plies: u16,
    /// Plies played since the lone-king ending with three pieces or fewer
    /// began (international).
    pub ending_plies: u16,
    /// Plies played since the lone-king ending with two pieces or fewer
    /// began (international).
    pub short_ending_plies: u16,
}

/// A lone-king ending of the FMJD endgame rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Ending {
    /// One king against three pieces including a king: 16 moves each.
    Sixteen,
    /// One king against two pieces or one, including a king: 5 moves each.
    Five,
}

/// The ending `board` is in, if any.
pub fn ending(board: &Board) -> Option<Ending> {
    let count = |c: Colour| board.pieces(c).count_ones();
    let kings = |c: Colour| board.kings[c.index()].count_ones();
    [Colour::White, Colour::Black].into_iter().find_map(|lone| {
        let strong = lone.opponent();
        if count(lone) != 1 || kings(lone) != 1 || kings(strong) == 0 {
            return None;
        }
        match count(strong) {
            1 | 2 => Some(Ending::Five),
            3 => Some(Ending::Sixteen),
            _ => None,
        }
    })
}

impl Counters {
    /// The counts after a move from `before` to `after` that moved a king
    /// (`king_moved`) and took `taken` pieces.
    pub fn after_move(self, rule: Rule, before: &Board, after: &Board, king_moved: bool, taken: u32) -> Counters {
        let king_plies = if king_moved && taken == 0 { self.king_plies.saturating_add(1) } else { 0 };
        if rule != Rule::International {
            return Counters { king_plies, ..Counters::default() };
        }
        let (was, is) = (ending(before), ending(after));
        let ending_plies = match (was, is) {
            (Some(_), Some(_)) => self.ending_plies.saturating_add(1),
            _ => 0,
        };
        let short_ending_plies = match (was, is) {
            (Some(Ending::Five), Some(Ending::Five)) => self.short_ending_plies.saturating_add(1),
            _ => 0,
        };
        Counters { king_plies, ending_plies, short_ending_plies }
    }

    /// The counted draw `board` (with these counts) has reached, if any.
    pub fn draw(&self, rule: Rule, board: &Board) -> Option<&'static str> {
        if self.king_plies >= rule.king_move_draw_plies() {
            return Some(match rule {
                Rule::English => "40-move rule",
                Rule::International => "25-move rule",
            });
        }
        if rule != Rule::International {
            return None;
        }
        match ending(board) {
            Some(Ending::Five) if self.short_ending_plies >= 10 => Some("5-move endgame rule"),
            Some(_) if self.ending_plies >= 32 => Some("16-move endgame rule"),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(white_men: u64, white_kings: u64, black_men: u64, black_kings: u64) -> Board {
        Board { men: [white_men, black_men], kings: [white_kings, black_kings] }
    }

    #[test]
    fn endings_need_a_lone_king_and_a_king_on_the_other_side() {
        assert_eq!(ending(&board(0b110, 0b1, 0, 1 << 40)), Some(Ending::Sixteen));
        assert_eq!(ending(&board(0b10, 0b1, 0, 1 << 40)), Some(Ending::Five));
        assert_eq!(ending(&board(0, 0b1, 0, 1 << 40)), Some(Ending::Five), "king against king");
        assert_eq!(ending(&board(0b110, 0, 0, 1 << 40)), None, "two men, no king");
        assert_eq!(ending(&board(0b1110, 0b1, 0, 1 << 40)), None, "four pieces");
        assert_eq!(ending(&board(0b10, 0b1, 1 << 40, 0)), None, "the lone piece is a man");
    }

    #[test]
    fn a_capture_into_the_short_ending_keeps_the_sixteen_move_count() {
        let three = board(0b110, 0b1, 0, 1 << 40);
        let two = board(0b100, 0b1, 0, 1 << 40);
        let counts = Counters { king_plies: 0, ending_plies: 30, short_ending_plies: 0 };
        let next = counts.after_move(Rule::International, &three, &two, true, 1);
        assert_eq!((next.ending_plies, next.short_ending_plies), (31, 0));
        let next = next.after_move(Rule::International, &two, &two, false, 0);
        assert_eq!(next.draw(Rule::International, &two), Some("16-move endgame rule"));
    }
}
