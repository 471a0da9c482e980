//! The turn driver with any number of players and with chance: computer
//! players (in-process strategies) play the host's test games to the end,
//! never asked at a chance node; results per player.

mod games;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use rules_api::plugin::{strategy_box, StrategyImpl};
use rules_api::{ObserverMut, PluginError, PositionBox, PositionExt, PositionFlags, SearchLimits, SearchResult};
use tabula_core::headless::play_out;
use tabula_core::outcome::{ForfeitCause, GameResult};
use tabula_core::players::{StrategyFactory, StrategyPlayer};
use tabula_core::session::{Chance, Session, SessionError};
use tabula_core::turn::computer_turn;

/// Plays the last legal move; fails loudly if asked at a chance node.
struct Last {
    asked: Arc<AtomicUsize>,
}

impl StrategyImpl for Last {
    fn choose_move(
        &mut self,
        position: &mut PositionBox,
        _limits: SearchLimits,
        _stop: &AtomicBool,
        _observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        if position.flags().contains(PositionFlags::CHANCE) {
            return Err(PluginError::internal("asked to choose at a chance node"));
        }
        self.asked.fetch_add(1, Ordering::SeqCst);
        let best = *position.moves()?.last().ok_or_else(|| PluginError::internal("no move"))?;
        Ok(SearchResult { best, score: 0, depth: 1, nodes: 1, pv: Default::default() })
    }
}

fn seats(n: usize, asked: &Arc<AtomicUsize>) -> Vec<StrategyPlayer> {
    (0..n)
        .map(|_| {
            let asked = Arc::clone(asked);
            let factory: StrategyFactory = Arc::new(move || Ok(strategy_box(Last { asked: Arc::clone(&asked) })));
            StrategyPlayer::with_factory(
                "last",
                factory,
                SearchLimits { time_ms: 0, depth: 1, nodes: 0, max_time_ms: 0 },
            )
            .unwrap()
        })
        .collect()
}

#[test]
fn computers_play_a_dice_game_to_the_end_and_are_never_asked_to_roll() {
    for players in ["2", "3", "5"] {
        let rules = games::race(&[("players", players)]);
        let n: usize = players.parse().unwrap();
        let asked = Arc::new(AtomicUsize::new(0));
        let mut s = Session::with_chance(rules, "", Chance::Seeded(2024)).unwrap();
        let mut seen = Vec::new();
        let result = play_out(&mut s, &mut seats(n, &asked), 0, |_, m| seen.push(m.clone())).unwrap();
        assert!(!matches!(result, GameResult::Forfeit { .. }), "{players} players: {result:?}");
        let turns = s.history().iter().filter(|m| !m.is_chance()).count();
        assert_eq!(asked.load(Ordering::SeqCst), turns, "one question per player's move, none at a roll");
        assert_eq!(seen, s.history()[1..], "every move and roll after the opening roll is reported");
        assert!(s.history().iter().filter(|m| m.is_chance()).count() >= turns);
        assert_eq!(result.payoffs(n).len(), n);
        if n > 2 {
            assert!(matches!(result, GameResult::Scored { .. }), "{result:?}");
            let places = result.places(n);
            assert_eq!(places[result.winner(n).unwrap() as usize], 1);
        }
    }
}

#[test]
fn a_move_limit_counts_the_players_moves_not_the_rolls() {
    let asked = Arc::new(AtomicUsize::new(0));
    let mut s = Session::with_chance(games::race(&[("length", "24")]), "", Chance::Seeded(1)).unwrap();
    let result = play_out(&mut s, &mut seats(2, &asked), 4, |_, _| {}).unwrap();
    assert!(result.is_move_limit(), "{result:?}");
    assert_eq!(s.history().iter().filter(|m| !m.is_chance()).count(), 4);
}

#[test]
fn three_players_take_turns_and_are_placed_by_the_rules_payoffs() {
    let asked = Arc::new(AtomicUsize::new(0));
    let mut s = Session::new(games::takeaway(&[]), "").unwrap();
    assert_eq!(s.players(), 3);
    let result = play_out(&mut s, &mut seats(3, &asked), 0, |_, _| {}).unwrap();
    // Everyone takes 3: red 3+3, blue 3+3, green 3 and the last, 3 + 15.
    let players: Vec<u8> = s.history().iter().map(|m| m.player).collect();
    assert_eq!(players, [0, 1, 2, 0, 1]);
    assert_eq!(
        result,
        GameResult::Scored {
            winner: Some(1),
            payoffs: vec![6.0, 21.0, 3.0],
            reason: "blue took the last counter".into()
        }
    );
    assert_eq!(result.places(3), [2, 1, 3]);
    let line = result.describe(s.info());
    assert_eq!(line, "win blue scores red=6 blue=21 green=3 (blue took the last counter)");
    assert_eq!(GameResult::parse(&line, s.info()).unwrap(), Some(result));
}

#[test]
fn a_forfeit_with_three_players_puts_the_forfeiter_last() {
    let mut s = Session::new(games::takeaway(&[]), "").unwrap();
    s.play_text("1").unwrap();
    s.forfeit(1, ForfeitCause::Resignation, "blue resigned");
    let result = s.result().unwrap().unwrap();
    assert_eq!(result.winner(3), None, "nobody wins alone");
    assert_eq!(result.places(3), [1, 3, 1]);
    assert_eq!(result.payoffs(3), [0.5, -1.0, 0.5]);
    assert_eq!(result.describe(s.info()), "forfeit blue resignation (blue resigned)");
    assert!(s.legal_moves().unwrap().is_empty());
}

#[test]
fn no_turn_is_taken_at_a_chance_node() {
    let asked = Arc::new(AtomicUsize::new(0));
    let mut s = Session::with_chance(games::race(&[]), "", Chance::External).unwrap();
    let mut players = seats(2, &asked);
    let e = computer_turn(&mut s, &mut players[0], |_| {}).unwrap_err();
    assert!(matches!(e, SessionError::Chance(_)), "{e}");
    let e = play_out(&mut s, &mut players, 0, |_, _| {}).unwrap_err();
    assert!(e.to_string().contains("roll from outside"), "{e}");
    assert_eq!(asked.load(Ordering::SeqCst), 0);
}
