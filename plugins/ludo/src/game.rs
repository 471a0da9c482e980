//! The boundary's view of a position: [`PositionImpl`] for
//! [`LudoPosition`].

use rules_api::plugin::PositionImpl;
use rules_api::{
    CellText, ChanceOutcome, ClickPath, Highlight, HighlightKind, Move, MoveInfo, Notation, Outcome, Piece,
    PluginError, PositionFlags, RVec, Status,
};

use crate::board::{goal_cell, wait_cell, DIE_CELL, HOME};
use crate::position::{roll, Action, LudoPosition};

/// The reason of a finished game.
pub const WIN_REASON: &str = "all pieces home";

impl PositionImpl for LudoPosition {
    fn side_to_move(&self) -> u8 {
        self.side()
    }

    /// At a chance node the six rolls; otherwise the moves the roll allows
    /// (a single `pass` when it allows none).
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.is_over() {
            return;
        }
        match self.die() {
            None => out.extend((1..=6).map(roll)),
            Some(d) => self.actions(self.side(), d, |a| out.push(self.action_move(a))),
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        self.play(m)
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.unplay()
    }

    fn status(&self) -> Status {
        match self.finishers().first() {
            Some(&w) if self.is_over() => Status::win(w, WIN_REASON),
            _ => Status::ONGOING,
        }
    }

    /// Places as payoffs, zero-sum: with the game ending at the first
    /// finisher, the winner `n - 1` and the others -1; playing on for
    /// places, place `k` of `n` scores `n + 1 - 2k` (4 players: 3, 1, -1,
    /// -3).
    fn result(&self) -> Outcome {
        let mut outcome = Outcome::from_status(self.status());
        let Some(places) = self.places() else { return outcome };
        let n = self.config().players as usize;
        let everyone_placed = self.finishers().len() + 1 >= n;
        outcome.payoffs = (0..n)
            .map(|p| {
                let place = places[p] as f64;
                if everyone_placed {
                    n as f64 + 1.0 - 2.0 * place
                } else if place == 1.0 {
                    n as f64 - 1.0
                } else {
                    -1.0
                }
            })
            .collect();
        let mut order: Vec<(u8, usize)> = (0..n).map(|p| (places[p], p)).collect();
        order.sort();
        let words: Vec<String> = order
            .iter()
            .map(|&(place, p)| format!("{} {}", crate::player_name(self.config(), p as u8), ordinal(place)))
            .collect();
        outcome.reason = words.join(", ").into();
        outcome
    }

    fn hash(&self) -> u64 {
        self.zobrist()
    }

    fn evaluate(&self) -> i32 {
        crate::eval::evaluate(self)
    }

    fn evaluate_all(&self, out: &mut RVec<i32>) {
        crate::eval::evaluate_all(self, out)
    }

    fn player_count(&self) -> u8 {
        self.config.players
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        crate::eval::move_infos(self, moves, out)
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for player in 0..self.config().players {
            let colour = self.config().colour(player);
            for j in 0..self.waiting[player as usize] as usize {
                out.push(Piece { cell: wait_cell(colour, j) as u16, owner: player, kind: 0 });
            }
            for j in 0..HOME {
                if self.goal[player as usize] & (1 << j) != 0 {
                    out.push(Piece { cell: goal_cell(colour, j) as u16, owner: player, kind: 0 });
                }
            }
        }
        for (field, &owner) in self.track.iter().enumerate() {
            if owner != 0 {
                out.push(Piece { cell: field as u16, owner: owner - 1, kind: 0 });
            }
        }
    }

    /// The winners' goal fields once the game is over.
    fn highlights(&self, out: &mut RVec<Highlight>) {
        if let Some(&w) = self.finishers().first().filter(|_| self.is_over()) {
            let colour = self.config().colour(w);
            for j in 0..HOME {
                out.push(Highlight::new(goal_cell(colour, j) as u16, HighlightKind::WIN).of(w));
            }
        }
    }

    fn to_text(&self) -> String {
        crate::text::write(self)
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        crate::notation::move_to_text(self, m, notation)
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        crate::notation::parse_move(self, text)
    }

    fn flags(&self) -> PositionFlags {
        if self.is_chance() {
            PositionFlags::CHANCE
        } else {
            PositionFlags::NONE
        }
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        if self.is_over() {
            return 0;
        }
        match self.die() {
            None => 6,
            Some(d) => {
                let mut count = 0;
                self.actions(self.side(), d, |_| count += 1);
                count
            }
        }
    }

    /// A fair die: each number 1/6.
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        if self.is_chance() {
            out.extend((1..=6).map(|d| ChanceOutcome { mv: roll(d), probability: 1.0 / 6.0 }));
        }
    }

    /// The piece, then where it lands; bringing a piece out starts on any
    /// waiting field that holds one. A pass is a button.
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        let Some(d) = self.die().filter(|_| !self.is_over()) else { return };
        let colour = self.config().colour(self.side());
        let waiting: RVec<u16> =
            (0..self.waiting[self.side() as usize] as usize).map(|j| wait_cell(colour, j) as u16).collect();
        self.actions(self.side(), d, |a| {
            let m = self.action_move(a);
            match a {
                Action::Pass => {}
                Action::BringOut => {
                    out.push(ClickPath { mv: m, steps: vec![waiting.clone(), RVec::from(vec![m.to])].into() })
                }
                Action::Advance(_) => out.push(ClickPath::through(m, &[m.from, m.to])),
            }
        });
    }

    /// The number rolled, on the die in the middle.
    fn cell_texts(&self, out: &mut RVec<CellText>) {
        if let Some(d) = self.die() {
            out.push(CellText { cell: DIE_CELL as u16, text: d.to_string().into() });
        }
    }
}

/// `1st`, `2nd`, `3rd`, `4th`.
fn ordinal(place: u8) -> String {
    let suffix = match place {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}
