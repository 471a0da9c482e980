//! A material evaluation from the variant's piece values (board and hand),
//! with the variant's own goals: material counts against the player in
//! games won by losing everything, pieces are drawn towards a goal region,
//! and checks given count in n-check games.

use rules_api::score::MAX_EVAL;

use crate::position::Position;
use crate::rules::Outcome;
use crate::variant::{is_piece, owner_of, Variant, NO_KIND};

/// What one check given is worth in n-check games.
const CHECK_VALUE: i32 = 150;
/// What one step nearer the goal is worth for the best-placed goal piece.
const GOAL_STEP: i32 = 30;

impl Position {
    /// The evaluation from the mover's view.
    pub fn evaluate(&self) -> i32 {
        let v = &*self.v;
        let (us, them) = (self.side as usize, 1 - self.side as usize);
        let mut score = self.material[us] - self.material[them];
        if matches!(v.end.extinction, Some(x) if x.all && x.result == Outcome::Win) {
            score = -score;
        }
        if v.end.checks > 0 {
            score += (self.checks_left[them] as i32 - self.checks_left[us] as i32) * CHECK_VALUE;
        }
        if let Some(flag) = v.end.flag {
            let near = |p: usize| self.goal_distance(p as u8, flag.kind[p]);
            score += (near(them) - near(us)) * GOAL_STEP;
        }
        score.clamp(-MAX_EVAL, MAX_EVAL)
    }

    /// Steps (king moves) from `player`'s nearest `kind` (any piece for
    /// [`NO_KIND`]) to its goal.
    fn goal_distance(&self, player: u8, kind: u8) -> i32 {
        let v = &*self.v;
        let table = &v.goal_dist[player as usize];
        if table.is_empty() || v.end.flag.is_some_and(|f| f.goal[player as usize].is_empty()) {
            return 0;
        }
        let wanted = |c: u8| {
            if kind == NO_KIND {
                is_piece(c) && owner_of(c) == player
            } else {
                c == Variant::code(kind, player)
            }
        };
        (0..v.nsq())
            .filter(|&sq| wanted(self.board[sq].get()))
            .map(|sq| table[sq] as i32)
            .min()
            .unwrap_or(v.nsq() as i32)
    }
}
