//! Move numbers as each kind of game writes them, decided from the game's
//! shape rather than its name:
//!
//! * games where pieces move (chess, xiangqi) number rounds: a number for
//!   the first player's move and its answer (`1. e4 e5`); a game that
//!   starts with the second player to move opens with `1... d5`, and a
//!   FEN start text's move-number field is followed, as PGN does;
//! * placement games (gomoku, Go) number every stone (`1 h8`, `2 i9`).

use rules_api::{Move, CELL_NONE};

/// How a game's moves are numbered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Numbering {
    /// Number every ply (placement games) rather than rounds.
    pub per_ply: bool,
    /// The players in a round.
    pub players: usize,
    /// The player to move at the start.
    pub first_mover: usize,
    /// The number of the first round (or ply).
    pub first_number: u32,
}

/// One row of the move list: its number and the plies in it, by column
/// (`None`: an empty column, before a game that starts with the second
/// player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// `12.`, or `12–13` for plies.
    pub label: String,
    /// Ply index (0-based) per column.
    pub plies: Vec<Option<usize>>,
}

impl Numbering {
    /// The numbering for a game whose start text is `start_text`, with
    /// `first_mover` to move, whose positions are written in
    /// `position_format`, given a legal first move (placements number plies).
    pub fn new(players: usize, first_mover: u8, start_text: &str, position_format: &str, sample: Option<Move>) -> Self {
        let per_ply = sample.is_some_and(|m| m.from == CELL_NONE && m.to != CELL_NONE);
        let fen = position_format.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case("fen"));
        let first_number = if fen && !per_ply {
            start_text.split_whitespace().nth(5).and_then(|f| f.parse().ok()).filter(|&n| n > 0).unwrap_or(1)
        } else {
            1
        };
        Numbering { per_ply, players: players.max(1), first_mover: first_mover as usize, first_number }
    }

    /// The round (or ply) number of ply `i` (0-based).
    pub fn number(&self, i: usize) -> u32 {
        if self.per_ply {
            self.first_number + i as u32
        } else {
            self.first_number + ((self.first_mover + i) / self.players) as u32
        }
    }

    /// Ply `i` with its number as in a record: `12. Nf3`, `12... Nf6`
    /// (the answer after the round's first move), `37 h8`.
    pub fn label(&self, i: usize, text: &str) -> String {
        let n = self.number(i);
        if self.per_ply {
            format!("{n} {text}")
        } else if (self.first_mover + i) % self.players == 0 {
            format!("{n}. {text}")
        } else {
            format!("{n}... {text}")
        }
    }

    /// How many moves `plies` plies make, as players count them: rounds
    /// begun, or stones placed.
    pub fn moves(&self, plies: usize) -> usize {
        if plies == 0 {
            0
        } else if self.per_ply {
            plies
        } else {
            (self.number(plies - 1) - self.first_number + 1) as usize
        }
    }

    /// The rows of a list of `plies` plies, `columns` plies per row.
    pub fn rows(&self, plies: usize) -> Vec<Row> {
        let columns = self.players;
        let offset = if self.per_ply { 0 } else { self.first_mover % columns };
        let mut rows = Vec::new();
        let mut slot = 0;
        while slot < plies + offset {
            let cells: Vec<Option<usize>> =
                (slot..slot + columns).map(|s| s.checked_sub(offset).filter(|&i| i < plies)).collect();
            let first = cells.iter().flatten().next().copied().unwrap_or(0);
            let label = if self.per_ply {
                let last = cells.iter().flatten().last().copied().unwrap_or(first);
                if last > first {
                    format!("{}–{}", self.number(first), self.number(last))
                } else {
                    format!("{}", self.number(first))
                }
            } else {
                format!("{}.", self.number(first))
            };
            rows.push(Row { label, plies: cells });
            slot += columns;
        }
        rows
    }

    /// The row holding ply `i`.
    pub fn row_of(&self, i: usize) -> usize {
        let offset = if self.per_ply { 0 } else { self.first_mover % self.players };
        (i + offset) / self.players
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN_BLACK: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

    #[test]
    fn black_to_move_opens_with_an_ellipsis() {
        let n = Numbering::new(2, 1, FEN_BLACK, "FEN", Some(Move::new(52, 36)));
        assert_eq!(n.label(0, "d5"), "1... d5");
        assert_eq!(n.label(1, "exd6"), "2. exd6");
        let rows = n.rows(3);
        assert_eq!(rows[0], Row { label: "1.".into(), plies: vec![None, Some(0)] });
        assert_eq!(rows[1], Row { label: "2.".into(), plies: vec![Some(1), Some(2)] });
        assert_eq!(n.row_of(1), 1);
        assert_eq!(n.moves(3), 2);
    }

    #[test]
    fn the_fen_move_number_is_followed() {
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 10 23";
        let n = Numbering::new(2, 0, fen, "FEN", Some(Move::new(4, 12)));
        assert_eq!(n.label(0, "Kd2"), "23. Kd2");
        assert_eq!(n.label(1, "Kd7"), "23... Kd7");
        assert_eq!(n.label(2, "Ke3"), "24. Ke3");
        assert_eq!(n.moves(3), 2);
        let plain = Numbering::new(2, 0, "", "FEN", Some(Move::new(4, 12)));
        assert_eq!(plain.rows(4).iter().map(|r| r.label.as_str()).collect::<Vec<_>>(), vec!["1.", "2."]);
        assert_eq!(plain.moves(4), 2);
        assert_eq!(plain.moves(0), 0);
    }

    #[test]
    fn placement_games_number_every_stone() {
        let n = Numbering::new(2, 0, "15 ....", "text", Some(Move::place(112)));
        assert_eq!(n.label(0, "h8"), "1 h8");
        assert_eq!(n.label(1, "i9"), "2 i9");
        assert_eq!(n.moves(3), 3);
        let rows = n.rows(3);
        assert_eq!(rows[0].label, "1–2");
        assert_eq!(rows[1], Row { label: "3".into(), plies: vec![Some(2), None] });
    }
}
