//! The boundary's view of a position: [`PositionImpl`] for
//! [`CcPosition`].

use rules_api::plugin::PositionImpl;
use rules_api::{
    ClickPath, Highlight, HighlightKind, Move, MoveInfo, Notation, Outcome, Piece, PluginError, RVec, Status,
};

use crate::board::{CELLS, STAR};
use crate::position::CcPosition;

/// The reason of a win.
pub const WIN_REASON: &str = "corner filled";
/// The reason of the move-limit draw.
pub const LIMIT_REASON: &str = "move limit";

impl PositionImpl for CcPosition {
    fn side_to_move(&self) -> u8 {
        self.side()
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.is_over() {
            return;
        }
        let scene = self.scene();
        let before = out.len();
        for from in self.own_marbles() {
            let mut found = scene.destinations(from);
            while found != 0 {
                let to = found.trailing_zeros() as u16;
                found &= found - 1;
                out.push(Move::new(from as u16, to));
            }
        }
        if out.len() == before {
            out.push(Move::PASS);
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if self.is_over() {
            return Err(PluginError::illegal_move("the game is over: no more moves"));
        }
        if !self.is_legal(m) {
            let name = crate::notation::describe(m);
            let why = match crate::notation::parse_move(self, &name) {
                Err(e) => e.message.to_string(),
                Ok(_) => format!("'{name}' is not a legal move here"),
            };
            return Err(PluginError::illegal_move(why));
        }
        self.play(m);
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.unplay()
    }

    fn status(&self) -> Status {
        match self.winner() {
            Some(w) => Status::win(w, WIN_REASON),
            None if self.limit_reached() => Status::draw(LIMIT_REASON),
            None => Status::ONGOING,
        }
    }

    /// The winner scores `n - 1` and everyone else -1 (all finish second:
    /// the game ends with the first corner filled); a draw is 0 for all.
    fn result(&self) -> Outcome {
        let status = self.status();
        let n = self.config().players as usize;
        let mut outcome = Outcome::from_status(status);
        match self.winner() {
            Some(w) => {
                outcome.payoffs = (0..n).map(|p| if p == w as usize { n as f64 - 1.0 } else { -1.0 }).collect();
                outcome.reason = format!("{} filled the opposite corner", crate::player_name(self.config(), w)).into();
            }
            None if self.limit_reached() => {
                outcome.payoffs = vec![0.0; n].into();
                outcome.reason = format!("draw after {} turns (the move limit)", self.turns()).into();
            }
            None => {}
        }
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
        for cell in 0..CELLS {
            if let Some(owner) = self.owner(cell) {
                out.push(Piece { cell: cell as u16, owner, kind: 0 });
            }
        }
    }

    /// The winner's filled corner.
    fn highlights(&self, out: &mut RVec<Highlight>) {
        if let Some(w) = self.winner() {
            for &c in &STAR.corner_holes[self.config().target(w) as usize] {
                out.push(Highlight::new(c as u16, HighlightKind::WIN).of(w));
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

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        if self.is_over() {
            return 0;
        }
        let scene = self.scene();
        let count: u64 = self.own_marbles().map(|c| scene.destinations(c).count_ones() as u64).sum();
        count.max(1)
    }

    /// The marble, then each hop's landing; a pass is a button.
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        if self.is_over() {
            return;
        }
        let scene = self.scene();
        let mut paths = Vec::new();
        for from in self.own_marbles() {
            scene.click_paths(from, &mut paths);
        }
        out.extend(paths);
    }
}
