//! Move numbers as each kind of game writes them, decided from the game's
//! shape rather than its name:
//!
//! * games where pieces move (chess, xiangqi) number rounds: a number for
//!   the first player's move and its answer (`1. e4 e5`); a game that
//!   starts with the second player to move opens with `1... d5`, and a
//!   FEN start text's move-number field is followed, as PGN does;
//! * placement games (gomoku, Go) number every stone (`1 h8`, `2 i9`);
//! * a player's plies in a row are one turn, so a roll of the dice and the
//!   move it allows share a place in the list, and with three or more
//!   players a round has a column per player.

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

/// One player's turn in the move list: the plies it made in a row, with
/// the chance moves (rolls) that came for it (a roll and the move it
/// allows are one turn; a six that earns another roll extends it).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// The player whose turn it is.
    pub actor: u8,
    /// Its first ply (0-based).
    pub first: usize,
    /// Its last ply.
    pub last: usize,
}

impl Turn {
    /// Whether ply `i` belongs to this turn.
    pub fn holds(&self, i: usize) -> bool {
        (self.first..=self.last).contains(&i)
    }
}

/// The turns of a game whose plies were made by (or, for rolls, for)
/// `actors`, in order.
pub fn turns(actors: &[u8]) -> Vec<Turn> {
    let mut out: Vec<Turn> = Vec::new();
    for (i, &actor) in actors.iter().enumerate() {
        match out.last_mut() {
            Some(t) if t.actor == actor => t.last = i,
            _ => out.push(Turn { actor, first: i, last: i }),
        }
    }
    out
}

/// One row of the move list: its number and the turns in it, by column
/// (`None`: an empty column, before a game that starts with a later
/// player, or a player who did not move in that round).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// `12.`, or `12–13` for plies.
    pub label: String,
    /// The turn in each column.
    pub cells: Vec<Option<Turn>>,
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

    /// The turns of `actors` with the number of each: its round (a new
    /// round begins when a player moves who comes no later in the seats
    /// than the one before), or its ply for placement games.
    pub fn numbered(&self, actors: &[u8]) -> Vec<(Turn, u32)> {
        if self.per_ply {
            let one = |i: usize| Turn { actor: actors[i], first: i, last: i };
            return (0..actors.len()).map(|i| (one(i), self.first_number + i as u32)).collect();
        }
        let mut round = self.first_number;
        let mut before: Option<u8> = None;
        let mut out = Vec::new();
        for t in turns(actors) {
            if before.is_some_and(|b| t.actor <= b) {
                round += 1;
            }
            before = Some(t.actor);
            out.push((t, round));
        }
        out
    }

    /// Ply `i` with its number as in a record: `12. Nf3` (the first
    /// player's), `12... Nf6` (another's), `37 h8`.
    pub fn label(&self, actors: &[u8], i: usize, text: &str) -> String {
        let numbered = self.numbered(&actors[..(i + 1).min(actors.len())]);
        let Some(&(turn, n)) = numbered.last() else { return text.to_string() };
        if self.per_ply {
            format!("{n} {text}")
        } else if turn.actor == 0 {
            format!("{n}. {text}")
        } else {
            format!("{n}... {text}")
        }
    }

    /// How many moves the first `plies` plies make, as players count them:
    /// rounds begun, or stones placed.
    pub fn moves(&self, actors: &[u8], plies: usize) -> usize {
        let numbered = self.numbered(&actors[..plies.min(actors.len())]);
        numbered.last().map_or(0, |&(_, n)| (n - self.first_number + 1) as usize)
    }

    /// The rows of the move list: a round per row with a column per
    /// player, or (placement games) plies in pairs of columns.
    pub fn rows(&self, actors: &[u8]) -> Vec<Row> {
        let numbered = self.numbered(actors);
        if self.per_ply {
            return numbered
                .chunks(self.players)
                .map(|chunk| {
                    let (first, last) = (chunk[0].1, chunk[chunk.len() - 1].1);
                    let label = if last > first { format!("{first}–{last}") } else { first.to_string() };
                    let mut cells: Vec<Option<Turn>> = chunk.iter().map(|&(t, _)| Some(t)).collect();
                    cells.resize(self.players, None);
                    Row { label, cells }
                })
                .collect();
        }
        let mut rows: Vec<(u32, Row)> = Vec::new();
        for (turn, n) in numbered {
            if rows.last().map_or(true, |(m, _)| *m != n) {
                rows.push((n, Row { label: format!("{n}."), cells: vec![None; self.players] }));
            }
            let row = &mut rows.last_mut().expect("pushed above").1;
            if let Some(cell) = row.cells.get_mut(turn.actor as usize) {
                *cell = Some(turn);
            }
        }
        rows.into_iter().map(|(_, r)| r).collect()
    }

    /// The row holding ply `i` in [`Numbering::rows`].
    pub fn row_of(&self, actors: &[u8], i: usize) -> usize {
        self.rows(&actors[..(i + 1).min(actors.len())]).len().saturating_sub(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEN_BLACK: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

    fn turn(actor: u8, first: usize, last: usize) -> Option<Turn> {
        Some(Turn { actor, first, last })
    }

    #[test]
    fn black_to_move_opens_with_an_ellipsis() {
        let n = Numbering::new(2, 1, FEN_BLACK, "FEN", Some(Move::new(52, 36)));
        let actors = [1, 0, 1];
        assert_eq!(n.label(&actors, 0, "d5"), "1... d5");
        assert_eq!(n.label(&actors, 1, "exd6"), "2. exd6");
        let rows = n.rows(&actors);
        assert_eq!(rows[0], Row { label: "1.".into(), cells: vec![None, turn(1, 0, 0)] });
        assert_eq!(rows[1], Row { label: "2.".into(), cells: vec![turn(0, 1, 1), turn(1, 2, 2)] });
        assert_eq!(n.row_of(&actors, 1), 1);
        assert_eq!(n.moves(&actors, 3), 2);
    }

    #[test]
    fn the_fen_move_number_is_followed() {
        let fen = "4k3/8/8/8/8/8/8/4K3 w - - 10 23";
        let n = Numbering::new(2, 0, fen, "FEN", Some(Move::new(4, 12)));
        let actors = [0, 1, 0, 1];
        assert_eq!(n.label(&actors, 0, "Kd2"), "23. Kd2");
        assert_eq!(n.label(&actors, 1, "Kd7"), "23... Kd7");
        assert_eq!(n.label(&actors, 2, "Ke3"), "24. Ke3");
        assert_eq!(n.moves(&actors, 3), 2);
        let plain = Numbering::new(2, 0, "", "FEN", Some(Move::new(4, 12)));
        assert_eq!(plain.rows(&actors).iter().map(|r| r.label.as_str()).collect::<Vec<_>>(), vec!["1.", "2."]);
        assert_eq!(plain.moves(&actors, 4), 2);
        assert_eq!(plain.moves(&actors, 0), 0);
    }

    #[test]
    fn placement_games_number_every_stone() {
        let n = Numbering::new(2, 0, "15 ....", "text", Some(Move::place(112)));
        let actors = [0, 1, 0];
        assert_eq!(n.label(&actors, 0, "h8"), "1 h8");
        assert_eq!(n.label(&actors, 1, "i9"), "2 i9");
        assert_eq!(n.moves(&actors, 3), 3);
        let rows = n.rows(&actors);
        assert_eq!(rows[0].label, "1–2");
        assert_eq!(rows[1], Row { label: "3".into(), cells: vec![turn(0, 2, 2), None] });
    }

    #[test]
    fn a_roll_and_the_move_it_allows_are_one_turn_and_rounds_go_round_every_seat() {
        // Backgammon: white's roll and play, black's roll and play, white again.
        let n = Numbering::new(2, 0, "", "text", Some(Move::new(3, 5)));
        let actors = [0, 0, 1, 1, 0, 0];
        assert_eq!(turns(&actors), vec![turn(0, 0, 1).unwrap(), turn(1, 2, 3).unwrap(), turn(0, 4, 5).unwrap()]);
        let rows = n.rows(&actors);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].cells, vec![turn(0, 0, 1), turn(1, 2, 3)]);
        assert_eq!(n.label(&actors, 3, "24/18"), "1... 24/18");
        assert_eq!(n.moves(&actors, 6), 2);
        // Four players, the second skipped once, the third rolling a six twice.
        let n = Numbering::new(4, 0, "", "text", Some(Move::new(3, 5)));
        let actors = [0, 0, 1, 1, 2, 2, 2, 2, 3, 3, 0, 0, 2, 2];
        let rows = n.rows(&actors);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].cells, vec![turn(0, 0, 1), turn(1, 2, 3), turn(2, 4, 7), turn(3, 8, 9)]);
        assert_eq!(rows[1].cells, vec![turn(0, 10, 11), None, turn(2, 12, 13), None]);
        assert_eq!(n.row_of(&actors, 12), 1);
    }
}
