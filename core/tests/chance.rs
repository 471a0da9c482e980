//! Chance in a session: the host rolls (seeded, per ply), no player is
//! asked at a chance node, undo takes the rolls back with the move, saved
//! games replay their rolls and roll on identically; and a session driven
//! by rolls from outside.

mod games;

use rules_api::{Move, PositionExt, RulesBox};
use std::sync::Arc;
use tabula_core::config::Config;
use tabula_core::outcome::GameResult;
use tabula_core::session::{Chance, Session, SessionError, CHANCE_PLAYER};

fn race() -> Arc<RulesBox> {
    games::race(&[])
}

fn texts(s: &Session) -> Vec<String> {
    s.history().iter().map(|m| m.coordinate.clone()).collect()
}

/// Plays the first legal move `turns` times (the session rolls between).
fn play_firsts(s: &mut Session, turns: usize) {
    for _ in 0..turns {
        let mv = s.legal_moves().unwrap()[0];
        s.play(mv).unwrap();
    }
}

#[test]
fn the_test_games_keep_the_position_contract() {
    use tabula_kit::conformance::{run, Budget};
    for rules in
        [games::race(&[]), games::race(&[("players", "4")]), games::takeaway(&[]), games::takeaway(&[("players", "6")])]
    {
        run(&rules, &Budget::default()).assert_ok();
    }
}

#[test]
fn a_seeded_session_rolls_at_the_start_and_after_every_move() {
    let mut s = Session::with_chance(race(), "", Chance::Seeded(11)).unwrap();
    assert_eq!(s.history().len(), 1, "the start is a chance node: rolled at once");
    assert!(s.history()[0].is_chance() && s.history()[0].player == CHANCE_PLAYER);
    assert!(!s.awaits_chance() && !s.is_chance_node());
    assert_eq!(s.side_to_move(), 0);
    assert!(!s.can_undo(), "the opening roll is nobody's to take back");
    play_firsts(&mut s, 3);
    let players: Vec<u8> = s.history().iter().map(|m| m.player).collect();
    assert_eq!(players, [CHANCE_PLAYER, 0, CHANCE_PLAYER, 1, CHANCE_PLAYER, 0, CHANCE_PLAYER]);
    // The same seed and the same choices give the same dice; another seed others.
    let mut again = Session::with_chance(race(), "", Chance::Seeded(11)).unwrap();
    play_firsts(&mut again, 3);
    assert_eq!(texts(&again), texts(&s));
    let mut other = Session::with_chance(race(), "", Chance::Seeded(12)).unwrap();
    play_firsts(&mut other, 3);
    let rolls =
        |s: &Session| s.history().iter().filter(|m| m.is_chance()).map(|m| m.coordinate.clone()).collect::<Vec<_>>();
    assert_ne!(rolls(&other), rolls(&s));
}

#[test]
fn undo_takes_the_rolls_back_with_the_move_and_no_one_can_reroll() {
    let mut s = Session::with_chance(race(), "", Chance::Seeded(5)).unwrap();
    play_firsts(&mut s, 2);
    let before = texts(&s);
    let position = s.position().text().unwrap();
    assert!(s.undo().unwrap());
    assert_eq!(texts(&s), before[..3], "the move and the roll after it are gone");
    assert_eq!(s.side_to_move(), 1);
    assert!(s.redo().unwrap());
    assert_eq!(texts(&s), before, "redo plays the move and the same roll");
    assert_eq!(s.position().text().unwrap(), position);
    // Taking back and choosing another move: the next roll is the same.
    assert!(s.undo().unwrap());
    let moves = s.legal_moves().unwrap();
    let other = *moves.last().unwrap();
    assert_ne!(other, moves[0], "the roll offers a choice");
    s.play(other).unwrap();
    assert_eq!(s.history().last().unwrap().coordinate, before.last().unwrap().clone(), "the dice do not change");
    assert!(s.undo().unwrap() && s.undo().unwrap());
    assert!(!s.undo().unwrap(), "back at the opening roll");
    assert_eq!(s.history().len(), 1);
}

#[test]
fn a_chance_move_is_never_a_players_move() {
    let roll = Session::with_chance(race(), "", Chance::Seeded(3)).unwrap().history()[0].mv;
    let mut external = Session::with_chance(race(), "", Chance::External).unwrap();
    assert!(external.awaits_chance() && external.history().is_empty());
    let e = external.play(roll).unwrap_err();
    assert!(matches!(e, SessionError::Chance(_)), "{e}");
    assert!(e.to_string().contains("no player may choose it"), "{e}");
    let e = external.play_text("6-3").unwrap_err();
    assert!(matches!(e, SessionError::Chance(_)), "{e}");
    // From outside, the roll is accepted as a roll.
    let outcomes = external.chance_outcomes().unwrap();
    assert_eq!(outcomes.len(), 21);
    let total: f64 = outcomes.iter().map(|o| o.probability).sum();
    assert!((total - 1.0).abs() < 1e-9);
    external.play_chance_text("6-3").unwrap();
    assert!(!external.awaits_chance());
    assert!(external.play_chance_text("2-1").unwrap_err().to_string().contains("a player is to move"));
    assert!(matches!(external.play_chance(Move::PASS), Err(SessionError::Chance(_))));
}

#[test]
fn a_seeded_session_replays_its_rolls_and_refuses_other_dice() {
    let mut s = Session::with_chance(race(), "", Chance::Seeded(21)).unwrap();
    play_firsts(&mut s, 4);
    let moves = texts(&s);
    // The same list replays from outside...
    let mut replay = Session::with_chance(race(), "", Chance::External).unwrap();
    replay.play_all(moves.iter().map(String::as_str)).unwrap();
    assert_eq!(replay.position().text().unwrap(), s.position().text().unwrap());
    // ... and a list with another roll is refused by a seeded one.
    let mut changed = moves.clone();
    changed[2] = if changed[2] == "1-1" { "2-2".into() } else { "1-1".into() };
    let record = tabula_core::config::Record { moves: changed, seed: Some(21), ..Default::default() };
    let e = Session::from_record(race(), &record, "game.toml").map(|_| ()).unwrap_err().to_string();
    assert!(e.contains("game.toml") && e.contains("move 3") && e.contains("not the roll the game's seed gives"), "{e}");
}

#[test]
fn a_saved_game_replays_exactly_and_rolls_on_with_its_seed() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Session::with_chance(race(), "", Chance::Seeded(77)).unwrap();
    play_firsts(&mut s, 5);
    let text = "[game]\nrules = \"dicerace\"\n\
        [[players]]\nname = \"A\"\nkind = \"human\"\n[[players]]\nname = \"B\"\nkind = \"human\"\n";
    let config = Config::parse(text, "x", ".".into()).unwrap();
    let path = dir.path().join("race.toml");
    s.save(&path, &config).unwrap();
    let saved = std::fs::read_to_string(&path).unwrap();
    assert!(saved.contains("seed = 77"), "{saved}");
    let record = Config::load(&path).unwrap().record.unwrap();
    let mut loaded = Session::from_record(race(), &record, "race.toml").unwrap();
    assert_eq!(texts(&loaded), texts(&s));
    assert_eq!(loaded.seed(), Some(77));
    play_firsts(&mut s, 6);
    play_firsts(&mut loaded, 6);
    assert_eq!(texts(&loaded), texts(&s), "the same dice after the load");
}

#[test]
fn a_game_rolled_elsewhere_loads_and_rolls_on_from_a_seed_of_its_own() {
    // A network client's record: the server rolled, no seed.
    let mut server = Session::with_chance(race(), "", Chance::Seeded(8)).unwrap();
    play_firsts(&mut server, 3);
    let record = tabula_core::config::Record { moves: texts(&server), ..Default::default() };
    let mut loaded = Session::from_record(race(), &record, "client.toml").unwrap();
    assert_eq!(loaded.seeded_from(), record.moves.len());
    play_firsts(&mut loaded, 2);
    // Saved again, it names the seed and where it began, and loads again.
    let again = loaded.record().unwrap();
    assert_eq!((again.seed, again.seed_from), (loaded.seed(), record.moves.len()));
    let reloaded = Session::from_record(race(), &again, "client.toml").unwrap();
    assert_eq!(texts(&reloaded), texts(&loaded));
}

#[test]
fn results_carry_the_rules_reason_and_payoffs() {
    // Red home, blue far behind: a gammon with a reason composed by the rules.
    let mut s = Session::with_chance(race(), "18,3;0;6-5", Chance::Seeded(1)).unwrap();
    s.play_text("2").unwrap();
    let result = s.result().unwrap().unwrap();
    assert_eq!(
        result,
        GameResult::Scored {
            winner: Some(0),
            payoffs: vec![2.0, -2.0],
            reason: "gammon: blue still 17 from home".into()
        }
    );
    assert_eq!(result.describe(s.info()), "win red scores red=2 blue=-2 (gammon: blue still 17 from home)");
    assert_eq!(GameResult::parse(&result.describe(s.info()), s.info()).unwrap(), Some(result.clone()));
    assert_eq!(result.places(2), [1, 2]);
    assert!(s.history().last().is_some_and(|m| !m.is_chance()), "no roll after the end");
    // A plain win keeps its plain form.
    let mut s = Session::with_chance(race(), "18,15;0;6-5", Chance::Seeded(1)).unwrap();
    s.play_text("+2").unwrap();
    assert_eq!(s.result().unwrap(), Some(GameResult::Win { winner: 0, reason: "home first".into() }));
}
