//! Choosing a move by clicks, with no game knowledge: the position's click
//! paths ([`rules_api::ClickPath`]) are narrowed click by click.
//!
//! * A click that continues some path is taken; when every path it
//!   continues ends there, the move is made (or, when several moves share
//!   those clicks, the player is asked which).
//! * When the clicks so far complete a path that is also the beginning of
//!   a longer one (a jump that may stop or go on), clicking the last cell
//!   again ends the move there.
//! * A click no path continues starts over from that cell when a path
//!   begins there, and otherwise forgets the clicks.
//! * [`ClickState::back`] takes the last click back (Escape, a right click).
//!
//! Dragging a piece is its first two clicks (the press and the drop).

use rules_api::{ClickPath, Move};

/// What a click led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClickOutcome {
    /// More clicks are needed (the clicks so far are kept).
    Wait,
    /// The clicks chose this move.
    Play(Move),
    /// The clicks chose several moves that only differ off the board (a
    /// promotion piece, which pieces a capture takes): ask which.
    Choose(Vec<Move>),
    /// No path goes through this cell: the clicks were forgotten.
    Refused,
}

/// The paths of one position and the clicks made on it so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClickState {
    paths: Vec<ClickPath>,
    clicked: Vec<u16>,
}

impl ClickState {
    /// No clicks yet on a position whose moves are chosen by `paths`.
    pub fn new(paths: Vec<ClickPath>) -> ClickState {
        ClickState { paths, clicked: Vec::new() }
    }

    /// The cells clicked so far, in order.
    pub fn clicked(&self) -> &[u16] {
        &self.clicked
    }

    /// Whether a move is half made.
    pub fn is_empty(&self) -> bool {
        self.clicked.is_empty()
    }

    /// Forgets the clicks.
    pub fn clear(&mut self) {
        self.clicked.clear();
    }

    /// Takes the last click back; false when there was none.
    pub fn back(&mut self) -> bool {
        self.clicked.pop().is_some()
    }

    /// Puts the clicks back as they were (a drag dropped off the board).
    pub fn restore(&mut self, clicked: Vec<u16>) {
        self.clicked = clicked;
    }

    /// Whether some path begins with `cell` (a piece that can move, a
    /// point that can be played).
    pub fn begins_at(&self, cell: u16) -> bool {
        self.paths.iter().any(|p| p.steps.first().is_some_and(|s| s.contains(&cell)))
    }

    /// The paths the clicks so far are a beginning of.
    fn candidates<'a>(&'a self, clicked: &'a [u16]) -> impl Iterator<Item = &'a ClickPath> + 'a {
        self.paths.iter().filter(move |p| p.accepts(clicked))
    }

    /// The cells that continue the clicks so far (none before the first
    /// click), each once.
    pub fn targets(&self) -> Vec<u16> {
        if self.clicked.is_empty() {
            return Vec::new();
        }
        self.next_cells(&self.clicked)
    }

    /// The cells that may follow `clicked`, each once, in path order.
    pub fn next_cells(&self, clicked: &[u16]) -> Vec<u16> {
        let mut cells = Vec::new();
        for p in self.candidates(clicked) {
            if let Some(step) = p.steps.get(clicked.len()) {
                for &c in step.iter() {
                    if !cells.contains(&c) {
                        cells.push(c);
                    }
                }
            }
        }
        cells
    }

    /// The distinct moves whose paths the clicks so far complete.
    fn completed(&self, clicked: &[u16]) -> Vec<Move> {
        let mut moves: Vec<Move> = Vec::new();
        for p in self.candidates(clicked).filter(|p| p.steps.len() == clicked.len()) {
            if !moves.contains(&p.mv) {
                moves.push(p.mv);
            }
        }
        moves
    }

    /// Whether the clicks so far complete a move that could also go on:
    /// clicking the last cell again ends it here.
    pub fn can_end_here(&self) -> bool {
        !self.clicked.is_empty()
            && !self.completed(&self.clicked).is_empty()
            && self.candidates(&self.clicked).any(|p| p.steps.len() > self.clicked.len())
    }

    /// A click on `cell`.
    pub fn click(&mut self, cell: u16) -> ClickOutcome {
        if self.clicked.last() == Some(&cell) && self.can_end_here() {
            return self.finish(self.completed(&self.clicked));
        }
        let mut longer = self.clicked.clone();
        longer.push(cell);
        if self.candidates(&longer).next().is_some() {
            self.clicked = longer;
            return self.settle();
        }
        if self.begins_at(cell) {
            self.clicked = vec![cell];
            return self.settle();
        }
        self.clicked.clear();
        ClickOutcome::Refused
    }

    /// After a click was taken: a move when every path still possible
    /// ends here, else wait for more.
    fn settle(&mut self) -> ClickOutcome {
        let done = self.completed(&self.clicked);
        let goes_on = self.candidates(&self.clicked).any(|p| p.steps.len() > self.clicked.len());
        if done.is_empty() || goes_on {
            ClickOutcome::Wait
        } else {
            self.finish(done)
        }
    }

    /// The moves the clicks chose: one to play, or several to ask about.
    /// A move played forgets the clicks; a question keeps them, so that
    /// cancelling it leaves the move half made.
    fn finish(&mut self, moves: Vec<Move>) -> ClickOutcome {
        match moves.len() {
            0 => ClickOutcome::Wait,
            1 => {
                self.clicked.clear();
                ClickOutcome::Play(moves[0])
            }
            _ => ClickOutcome::Choose(moves),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::RVec;

    fn path(mv: Move, steps: &[&[u16]]) -> ClickPath {
        ClickPath { mv, steps: steps.iter().map(|s| RVec::from(s.to_vec())).collect() }
    }

    fn mv(from: u16, to: u16, extra: u16) -> Move {
        Move { from, to, extra, tag: 0 }
    }

    #[test]
    fn a_piece_then_its_target_and_a_new_piece_starts_over() {
        let mut s = ClickState::new(vec![
            ClickPath::through(mv(1, 2, 0), &[1, 2]),
            ClickPath::through(mv(1, 3, 0), &[1, 3]),
            ClickPath::through(mv(5, 6, 0), &[5, 6]),
        ]);
        assert_eq!(s.click(1), ClickOutcome::Wait);
        assert_eq!(s.targets(), vec![2, 3]);
        assert_eq!(s.click(5), ClickOutcome::Wait, "another piece starts over");
        assert_eq!(s.clicked(), &[5]);
        assert_eq!(s.click(9), ClickOutcome::Refused);
        assert!(s.is_empty());
        assert_eq!(s.click(1), ClickOutcome::Wait);
        assert_eq!(s.click(3), ClickOutcome::Play(mv(1, 3, 0)));
        assert!(s.is_empty(), "a played move forgets the clicks");
    }

    #[test]
    fn any_cell_of_a_column_drops_the_disc() {
        let column = |c: u16| [c, c + 7, c + 14];
        let mut s = ClickState::new((0..7).map(|c| path(Move::place(c + 14), &[&column(c)])).collect());
        assert_eq!(s.click(3), ClickOutcome::Play(Move::place(17)), "the top cell of the column");
        assert_eq!(s.click(15), ClickOutcome::Play(Move::place(15)));
    }

    #[test]
    fn three_clicks_for_an_amazon_and_backing_out_one_at_a_time() {
        let mut s = ClickState::new(vec![
            ClickPath::through(Move { from: 0, to: 5, extra: 0, tag: 9 }, &[0, 5, 9]),
            ClickPath::through(Move { from: 0, to: 5, extra: 0, tag: 8 }, &[0, 5, 8]),
            ClickPath::through(Move { from: 0, to: 6, extra: 0, tag: 9 }, &[0, 6, 9]),
        ]);
        assert_eq!(s.click(0), ClickOutcome::Wait);
        assert_eq!(s.click(5), ClickOutcome::Wait);
        assert_eq!(s.targets(), vec![9, 8]);
        assert!(s.back());
        assert_eq!(s.clicked(), &[0]);
        assert_eq!(s.targets(), vec![5, 6]);
        assert_eq!(s.click(6), ClickOutcome::Wait);
        assert_eq!(s.click(9), ClickOutcome::Play(Move { from: 0, to: 6, extra: 0, tag: 9 }));
        assert!(!s.back(), "nothing left to take back");
    }

    #[test]
    fn a_jump_that_may_go_on_ends_when_its_landing_is_clicked_again() {
        let short = ClickPath::through(mv(10, 12, 0), &[10, 12]);
        let long = ClickPath::through(mv(10, 14, 0), &[10, 12, 14]);
        let mut s = ClickState::new(vec![short, long]);
        s.click(10);
        assert_eq!(s.click(12), ClickOutcome::Wait, "it may go on");
        assert!(s.can_end_here());
        assert_eq!(s.targets(), vec![14]);
        assert_eq!(s.click(12), ClickOutcome::Play(mv(10, 12, 0)), "clicked again: it ends here");
        s.click(10);
        s.click(12);
        assert_eq!(s.click(14), ClickOutcome::Play(mv(10, 14, 0)));
    }

    #[test]
    fn moves_sharing_their_clicks_are_asked_about_and_the_clicks_stay() {
        let promotions: Vec<ClickPath> = (1..=4).map(|k| ClickPath::through(mv(8, 0, k), &[8, 0])).collect();
        let mut s = ClickState::new(promotions);
        s.click(8);
        let ClickOutcome::Choose(moves) = s.click(0) else { panic!("a question") };
        assert_eq!(moves.iter().map(|m| m.extra).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
        assert_eq!(s.clicked(), &[8, 0], "cancelling leaves the move half made");
    }

    #[test]
    fn a_placement_and_a_removal_and_several_orders_of_one_move() {
        // A mill: place on 3, then take 7 or 8; placing on 4 makes no mill.
        let mut s = ClickState::new(vec![
            path(Move { from: u16::MAX, to: 3, extra: 0, tag: 7 }, &[&[3], &[7]]),
            path(Move { from: u16::MAX, to: 3, extra: 0, tag: 8 }, &[&[3], &[8]]),
            path(Move::place(4), &[&[4]]),
        ]);
        assert_eq!(s.click(4), ClickOutcome::Play(Move::place(4)));
        assert_eq!(s.click(3), ClickOutcome::Wait);
        assert_eq!(s.click(8), ClickOutcome::Play(Move { from: u16::MAX, to: 3, extra: 0, tag: 8 }));
        // Two checkers moved in either order choose the same play.
        let play = mv(24, 13, 0);
        let mut s = ClickState::new(vec![
            ClickPath::through(play, &[24, 18, 13, 11]),
            ClickPath::through(play, &[13, 11, 24, 18]),
        ]);
        for cell in [13, 11, 24] {
            assert_eq!(s.click(cell), ClickOutcome::Wait);
        }
        assert_eq!(s.click(18), ClickOutcome::Play(play), "one move, even with two paths");
    }
}
