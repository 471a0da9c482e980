//! Whom the search plays for: the root player against everyone else.
//!
//! Alpha-beta needs two sides whose gains are each other's losses. In a
//! game of three or more players the search makes it so (*paranoid*
//! search, Sturtevant and Korf 2000): the player to move at the root is
//! one side, every other player together is the other, and the value of a
//! position is the root player's alone — their evaluation
//! (`evaluation_of(root)`, from the game's `evaluate_all`) at the horizon,
//! their standing among the payoffs at the end. The coalition minimises
//! it. Each node's score is from the view of its mover's side: a move is
//! negated only when it passes the turn to the other side, so several
//! coalition players in a row, or one player moving twice (another roll
//! after a six), are searched correctly. With two players this is exactly
//! negamax as before.
//!
//! Paranoid play is sound (a value it proves, the root player gets against
//! any play) but pessimistic: where the others could gang up and do not,
//! it may see no difference between moves that max^n would tell apart. It
//! was chosen over max^n because it keeps every pruning technique of the
//! two-player search (max^n allows only shallow pruning, and no null
//! windows) and because in play it is the stronger: "paranoid widely
//! outperforms max^n in Chinese checkers, by a lesser amount in Hearts"
//! (Sturtevant, *A Comparison of Algorithms for Multi-player Games*,
//! Computers and Games 2002).
//!
//! Because a paranoid score depends on who the root player is, the
//! transposition table keys positions by the root player too in games of
//! more than two players ([`Perspective::key_mix`]): the table lives on
//! from one move to the next, when the root player changes.

use rules_api::score::MAX_EVAL;

/// Keys mixed into every position's hash when the table must tell root
/// players apart (games of three or more); none is zero, so entries of a
/// search that took the game for a two-player one are never reused.
const ROOT_KEYS: [u64; 6] = [
    0x243F_6A88_85A3_08D3,
    0x1319_8A2E_0370_7344,
    0xA409_3822_299F_31D0,
    0x082E_FA98_EC4E_6C89,
    0x4528_21E6_38D0_1377,
    0xBE54_66CF_34E9_0C6C,
];

/// How a position's static evaluation is read.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum View {
    /// The mover's `evaluate`: in two-player games, and wherever the game
    /// gives no evaluation per player (then the root player's view is the
    /// mover's, negated for the other side, exactly what `evaluate` says).
    Mover,
    /// The root player's entry of `evaluate_all`, negated for the other
    /// side.
    Root,
}

/// What the search knows about the game it plays, learnt from the
/// positions it has seen in this game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Shape {
    /// Players seen (at least two).
    pub players: u8,
    /// Whether a chance node came up.
    pub chance: bool,
    /// Whether one side moved twice in a row.
    pub repeats_side: bool,
}

impl Default for Shape {
    fn default() -> Self {
        Shape { players: 2, chance: false, repeats_side: false }
    }
}

impl Shape {
    /// Whether the game looks like two players taking turns with no dice:
    /// the games null-move pruning and the forcing probe were made for.
    pub fn is_regular(&self) -> bool {
        self.players <= 2 && !self.chance && !self.repeats_side
    }
}

/// One search's side: who the root player is and how to read the game.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Perspective {
    /// The player to move at the root.
    pub root: u8,
    /// How evaluations are read.
    pub view: View,
    /// Mixed into every hash the search stores or looks up.
    pub key_mix: u64,
    /// Whether null moves and the forcing probe may be used.
    pub regular: bool,
}

impl Perspective {
    /// The perspective of a search from a root where `root` moves, in a
    /// game of `shape`, whose root gave `evaluations` evaluations per
    /// player (0 when it gives none).
    pub fn new(root: u8, shape: Shape, evaluations: usize) -> Self {
        let players = shape.players.max(root + 1).max(evaluations.min(6) as u8);
        Perspective {
            root,
            view: if evaluations > 0 { View::Root } else { View::Mover },
            key_mix: if players > 2 { ROOT_KEYS[root as usize % ROOT_KEYS.len()] } else { 0 },
            regular: Shape { players, ..shape }.is_regular(),
        }
    }

    /// Whether `a` and `b` play on the same side (both the root player, or
    /// both in the coalition).
    pub fn same_side(&self, a: u8, b: u8) -> bool {
        (a == self.root) == (b == self.root)
    }

    /// The root player's evaluation `of_root` (from `evaluate_all`) as
    /// seen by `mover`'s side.
    pub fn for_mover(&self, mover: u8, of_root: i32) -> i32 {
        let value = of_root.clamp(-MAX_EVAL, MAX_EVAL);
        if mover == self.root {
            value
        } else {
            -value
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_keep_the_plain_negamax_and_more_tell_roots_apart() {
        let two = Perspective::new(1, Shape::default(), 0);
        assert_eq!((two.view, two.key_mix, two.regular), (View::Mover, 0, true));
        assert!(!two.same_side(0, 1) && two.same_side(1, 1));
        let three = Perspective::new(0, Shape::default(), 3);
        assert_eq!(three.view, View::Root);
        assert!(three.key_mix != 0 && !three.regular);
        assert!(three.same_side(1, 2) && !three.same_side(0, 2));
        assert_ne!(three.key_mix, Perspective::new(1, Shape::default(), 3).key_mix);
        assert_eq!(three.for_mover(2, 150), -150);
        let seen = Shape { players: 4, ..Shape::default() };
        assert!(Perspective::new(2, seen, 0).key_mix != 0, "players seen earlier count");
        let dice = Shape { chance: true, ..Shape::default() };
        assert!(!Perspective::new(0, dice, 0).regular);
    }
}
