//! Whole games between strategies in any game: any number of players, and
//! chance nodes resolved as a host resolves them, by a seeded draw weighted
//! by the outcomes' probabilities. [`crate::testing::play_game`] is the
//! two-player, dice-free special case; [`play_views`] plays a game with
//! hidden information, each player handed only its view, and
//! [`tally_views`] a match of such games.
//!
//! Like the rest of the test helpers it panics with a readable message when
//! a player misbehaves (an error, an illegal move, a changed position, a
//! choice asked of a player at a chance node never happens here).

use std::sync::atomic::AtomicBool;

use rand::Rng as _;
use rules_api::abi_stable::sabi_trait::TD_Opaque;
use rules_api::plugin::{position_box, PositionImpl, StrategyImpl};
use rules_api::{
    ChanceOutcome, Move, Observer_TO, Outcome, PositionBox, PositionExt, RulesBox, RulesExt, SearchLimits, StatusKind,
};

use crate::rng::{rng_from_seed, Rng};
use crate::testing::{fingerprint, legal, Recorder};

/// How a game went.
#[derive(Clone, Debug)]
pub struct Played {
    /// The result (still ongoing when the ply limit came first).
    pub outcome: Outcome,
    /// Every move, chance outcomes included.
    pub moves: Vec<Move>,
    /// How many of them the dice chose.
    pub chance_moves: usize,
}

/// The outcome drawn from `outcomes` by `rng`, weighted by probability.
///
/// # Panics
/// When there is no outcome.
pub fn draw(outcomes: &[ChanceOutcome], rng: &mut Rng) -> Move {
    let total: f64 = outcomes.iter().map(|o| o.probability).sum();
    let mut x = rng.random::<f64>() * total;
    for o in outcomes {
        if x < o.probability {
            return o.mv;
        }
        x -= o.probability;
    }
    outcomes.last().expect("a chance node lists its outcomes").mv
}

/// Plays one game from `start`: player `p` of the game is `players[p]`,
/// each search within `limits`; chance nodes are drawn from `dice_seed`.
/// Stops after `max_plies` plies (chance moves count) if the game goes on.
///
/// # Panics
/// When a player fails, chooses an illegal move or leaves the position
/// changed, when the game names a player with no strategy, or when the
/// rules plugin fails.
pub fn play(
    players: &mut [&mut dyn StrategyImpl],
    start: impl PositionImpl,
    limits: SearchLimits,
    max_plies: usize,
    dice_seed: u64,
) -> Played {
    let mut position = position_box(start);
    let mut dice = rng_from_seed(dice_seed);
    let mut moves = Vec::new();
    let mut chance_moves = 0;
    for ply in 0..max_plies {
        let outcome = position.full_result().unwrap_or_else(|e| panic!("result failed: {e}"));
        if !outcome.status.is_ongoing() {
            return Played { outcome, moves, chance_moves };
        }
        let mv = if position.is_chance() {
            chance_moves += 1;
            let outcomes = position.chance_list().unwrap_or_else(|e| panic!("chance_outcomes failed: {e}"));
            draw(&outcomes, &mut dice)
        } else {
            let mover = position.side_to_move() as usize;
            let player = players.get_mut(mover).unwrap_or_else(|| panic!("no strategy for player {mover}"));
            choose_once(&mut **player, &mut position, limits, mover, ply)
        };
        position.play(mv).unwrap_or_else(|e| panic!("the legal move {mv:?} was refused at ply {ply}: {e}"));
        moves.push(mv);
    }
    let outcome = position.full_result().unwrap_or_else(|e| panic!("result failed: {e}"));
    Played { outcome, moves, chance_moves }
}

/// [`play`] for a game with hidden information, as a host plays it: each
/// player searches only the position the rules read from its view
/// (`rules.position_from_view(view_text(mover), seed)`, the seed drawn
/// from `seed` per ply), never the true position; the move is played in
/// the true position (the rules keep the mover's moves the same in both).
///
/// # Panics
/// As [`play`]; also when the rules cannot read a view back.
pub fn play_views(
    players: &mut [&mut dyn StrategyImpl],
    rules: &RulesBox,
    limits: SearchLimits,
    max_plies: usize,
    seed: u64,
) -> Played {
    let mut position = rules.start().unwrap_or_else(|e| panic!("start_position failed: {e}"));
    let mut draws = rng_from_seed(seed);
    let mut moves = Vec::new();
    let mut chance_moves = 0;
    for ply in 0..max_plies {
        let outcome = position.full_result().unwrap_or_else(|e| panic!("result failed: {e}"));
        if !outcome.status.is_ongoing() {
            return Played { outcome, moves, chance_moves };
        }
        let mv = if position.is_chance() {
            chance_moves += 1;
            let outcomes = position.chance_list().unwrap_or_else(|e| panic!("chance_outcomes failed: {e}"));
            draw(&outcomes, &mut draws)
        } else {
            let mover = position.side_to_move();
            let view = position.view_string(mover).unwrap_or_else(|e| panic!("view_text failed: {e}"));
            let mut seen = rules
                .position_for_view(&view, draws.random())
                .unwrap_or_else(|e| panic!("position_from_view failed on '{view}': {e}"));
            let player = players.get_mut(mover as usize).unwrap_or_else(|| panic!("no strategy for player {mover}"));
            let best = choose_once(&mut **player, &mut seen, limits, mover as usize, ply);
            assert!(
                legal(&position).contains(&best),
                "player {mover} chose {best:?}, not legal in the game at ply {ply}"
            );
            best
        };
        position.play(mv).unwrap_or_else(|e| panic!("the legal move {mv:?} was refused at ply {ply}: {e}"));
        moves.push(mv);
    }
    let outcome = position.full_result().unwrap_or_else(|e| panic!("result failed: {e}"));
    Played { outcome, moves, chance_moves }
}

/// How one strategy fared in a match: its wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games it won.
    pub won: u32,
    /// Games drawn.
    pub drawn: u32,
    /// Games it did not win or draw: lost, or still going at the ply limit.
    pub lost: u32,
}

impl Tally {
    /// Its points: one a win, a half a draw.
    pub fn points(&self) -> f64 {
        f64::from(self.won) + f64::from(self.drawn) / 2.0
    }
}

/// A two-player match of a game with hidden information: `games` games of
/// [`play_views`], `players(game)` giving the strategy scored and its
/// opponent for each; the strategy plays first in the even games and
/// second in the odd ones, and game `game` draws its samples from
/// `seed + game`.
///
/// # Panics
/// As [`play_views`].
pub fn tally_views<S: StrategyImpl, O: StrategyImpl>(
    rules: &RulesBox,
    games: u64,
    limits: SearchLimits,
    max_plies: usize,
    seed: u64,
    mut players: impl FnMut(u64) -> (S, O),
) -> Tally {
    let mut tally = Tally::default();
    for game in 0..games {
        let (mut scored, mut opponent) = players(game);
        let seat = (game % 2) as u8;
        let mut seats: [&mut dyn StrategyImpl; 2] =
            if seat == 0 { [&mut scored, &mut opponent] } else { [&mut opponent, &mut scored] };
        let status = play_views(&mut seats, rules, limits, max_plies, seed + game).outcome.status;
        match status.kind {
            StatusKind::WIN if status.winner == seat => tally.won += 1,
            StatusKind::DRAW => tally.drawn += 1,
            _ => tally.lost += 1,
        }
    }
    tally
}

/// One search by `player`, checked: a legal move, the position unchanged.
fn choose_once(
    player: &mut dyn StrategyImpl,
    position: &mut PositionBox,
    limits: SearchLimits,
    mover: usize,
    ply: usize,
) -> Move {
    let before = fingerprint(position);
    let mut recorder = Recorder::default();
    let result = {
        let mut observer = Observer_TO::from_ptr(&mut recorder, TD_Opaque);
        player.choose_move(position, limits, &AtomicBool::new(false), &mut observer)
    };
    let best = result.unwrap_or_else(|e| panic!("player {mover} failed at ply {ply}: {e}")).best;
    assert_eq!(fingerprint(position), before, "player {mover} left the position changed at ply {ply}");
    assert!(legal(position).contains(&best), "player {mover} chose the illegal move {best:?} at ply {ply}");
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgames::{Bust, LastStone};
    use crate::testing::RandomMover;

    #[test]
    fn draws_follow_the_probabilities() {
        let outcomes = [
            ChanceOutcome { mv: Move::off_board(10), probability: 0.75 },
            ChanceOutcome { mv: Move::off_board(11), probability: 0.25 },
        ];
        let mut rng = rng_from_seed(5);
        let first = (0..4000).filter(|_| draw(&outcomes, &mut rng) == Move::off_board(10)).count();
        assert!((2800..3200).contains(&first), "{first} of 4000 draws for a 3-in-4 outcome");
    }

    #[test]
    fn random_players_finish_dice_and_three_player_games_reproducibly() {
        let game = |seed: u64| {
            let (mut a, mut b, mut c) =
                (RandomMover::new(seed), RandomMover::new(seed + 1), RandomMover::new(seed + 2));
            let mut players: [&mut dyn StrategyImpl; 3] = [&mut a, &mut b, &mut c];
            play(&mut players, Bust::new(3, 6, 12), SearchLimits::default(), 200, seed)
        };
        let played = game(7);
        assert!(!played.outcome.status.is_ongoing() && played.chance_moves > 0);
        assert_eq!(played.moves, game(7).moves);
        let (mut a, mut b, mut c) = (RandomMover::new(1), RandomMover::new(2), RandomMover::new(3));
        let mut players: [&mut dyn StrategyImpl; 3] = [&mut a, &mut b, &mut c];
        let played = play(&mut players, LastStone::new(3, 20, 3), SearchLimits::default(), 100, 0);
        assert_eq!(played.outcome.payoffs.len(), 3);
    }
}
