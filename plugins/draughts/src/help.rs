//! The rules for people, shown by the window's Help. Lines are wrapped so
//! that every continuation starts in lowercase: the window joins such
//! lines again and wraps the text at its own width.

use crate::rule::Rule;

const INTERNATIONAL: &str = "\
INTERNATIONAL DRAUGHTS

The rules of the FMJD, the World Draughts Federation (\"Official FMJD
rules for international draughts\", annex 1 of its statutes).

The board has 10×10 squares; play is on the 50 dark squares, which are
numbered from 1 to 50 row by row, from Black's side, left to right.
Each player has 20 men: Black on 1–20, White on 31–50. White moves
first.

Moves: a man moves one square diagonally forward to a free square. A
king moves any distance along a diagonal over free squares (a flying
king).

Captures: capturing is compulsory. A man captures an opponent's piece
diagonally next to it, forwards or backwards, by jumping to the free
square just beyond it. A king captures a piece at any distance along a
diagonal, when the squares between are free, and lands on any free
square beyond it. A capture goes on from the landing square as long as
it can: the whole sequence is one move. Pieces taken stay on the board
until the sequence is complete: none may be jumped twice, and they
block the way. When there is a choice, the sequence that takes the most
pieces must be played (kings and men count the same); among those, any
may be chosen.

Crowning: a man that ends its move on the opponent's back row becomes a
king. A man that only passes over that row during a capture stays a
man.

The end: a player who cannot move, having no pieces left or all of
them blocked, loses. The game is drawn when the same position, with
the same player to move, appears for the third time. It is drawn too
when, during twenty-five moves by each player, only kings have moved
and nothing was taken. When one player has only a king and the other
has three pieces or fewer including a king, the game is drawn after
sixteen more moves by each player, or after five more once the other
has two pieces or fewer.
";

const ENGLISH: &str = "\
ENGLISH DRAUGHTS (CHECKERS)

The rules followed are those of the English Draughts Association
and the World Checkers/Draughts Federation.

The board has 8×8 squares; play is on the 32 dark squares, which are
numbered from 1 to 32 row by row, from Black's side, left to right.
Each player has 12 men: Black on 1–12, White on 21–32. Black moves
first.

Moves: a man moves one square diagonally forward to a free square. A
king moves one square diagonally in any direction.

Captures: capturing is compulsory. A man captures diagonally forward
only, a king in any direction, by jumping over the opponent's piece
next to it to the free square just beyond. A capture goes on from the
landing square as long as it can: the whole sequence is one move and
must be completed. When there is a choice, any capture may be played,
whichever pieces it takes.

Crowning: a man that reaches the opponent's back row becomes a king,
and its move ends there, even in the middle of a capture.

The end: a player who cannot move, having no pieces left or all of
them blocked, loses. The game is drawn when the same position, with
the same player to move, appears for the third time, and when, in the
last forty moves by each player, no man has moved and nothing was
taken (the 40-move rule). Over the board both are claimed; here they
are declared at once.
";

const NOTATION: &str = "
Notation: moves are written with the numbers of the squares: 32-28 for
a move, 28x19 for a capture, and 28x19x10 with every landing square
when two captures have the same start and end. Either form may be
typed. On the board, click the piece, then each square it lands on.

Positions are written as PDN FEN: the side to move, then each colour
and its squares, with K before a king and ranges allowed, for example:
W:W31-50:B1-20.
";

/// The help text of `rule`.
pub fn text(rule: Rule) -> String {
    let rules = match rule {
        Rule::International => INTERNATIONAL,
        Rule::English => ENGLISH,
    };
    format!("{rules}{NOTATION}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window joins a line that does not end a sentence with the next
    /// only when that one starts in lowercase; every hand-wrapped line
    /// must therefore be followed by a lowercase one.
    #[test]
    fn every_wrapped_line_continues_in_lowercase() {
        for rule in [Rule::International, Rule::English] {
            let text = text(rule);
            let lines: Vec<&str> = text.lines().collect();
            for pair in lines.windows(2) {
                let (line, next) = (pair[0].trim_end(), pair[1].trim_start());
                let heading = line.chars().all(|c| !c.is_lowercase());
                let ends = line.is_empty() || heading || line.ends_with(['.', ':', ';', '!', '?', ')']);
                assert!(ends || next.starts_with(char::is_lowercase), "'{line}' / '{next}'");
            }
        }
    }
}
