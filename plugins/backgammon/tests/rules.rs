//! One test per rule (bkgm.com's "Rules of Backgammon"), on positions
//! read from text; the OpenSpiel comparison (tests/reference_backgammon.rs)
//! covers the same rules over random games.

use rules_api::plugin::{rules_box, PositionImpl};
use rules_api::{Notation, PositionExt, PositionFlags, RVec, RulesBox, RulesExt, StatusKind};
use tabula_backgammon::{Backgammon, BgPosition, Config, DOUBLE, DROP, ROLL, TAKE};

fn rules(config: Config) -> RulesBox {
    rules_box(Backgammon::with(config))
}

fn plain() -> RulesBox {
    rules(Config::default())
}

/// The legal moves of `text` in standard notation, sorted.
fn plays(rules: &RulesBox, text: &str) -> Vec<String> {
    let p = rules.position(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut out: Vec<String> = p.moves().unwrap().iter().map(|&m| p.notate(m, Notation::STANDARD).unwrap()).collect();
    out.sort();
    out
}

/// Plays `moves` (any notation) from `text` and returns the position.
fn after(rules: &RulesBox, text: &str, moves: &[&str]) -> rules_api::PositionBox {
    let mut p = if text.is_empty() { rules.start().unwrap() } else { rules.position(text).unwrap() };
    for m in moves {
        let mv = p.read_move(m, Notation::STANDARD).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(mv).unwrap();
    }
    p
}

#[test]
fn the_opening_roll_is_one_die_each_and_the_higher_starts_with_both() {
    let rules = plain();
    let p = rules.start().unwrap();
    assert!(p.flags().contains(PositionFlags::CHANCE));
    let mut outcomes = RVec::new();
    p.chance_outcomes(&mut outcomes).into_result().unwrap();
    assert_eq!(outcomes.len(), 30, "36 throws less 6 ties, which are rolled again");
    assert!(outcomes.iter().all(|o| (o.probability - 1.0 / 30.0).abs() < 1e-15));
    let p = after(&rules, "", &["black 6-3"]);
    assert_eq!(p.side_to_move(), 1);
    assert!(p.text().unwrap().ends_with("| black to play 6-3"), "{}", p.text().unwrap());
    let p = after(&rules, "", &["white:1-2"]);
    assert!(p.text().unwrap().ends_with("| white to play 2-1"));
    assert!(rules.start().unwrap().read_move("6-6", Notation::STANDARD).is_err(), "no double on the opening roll");
}

#[test]
fn a_roll_is_21_outcomes_doubles_one_in_36() {
    let rules = plain();
    let p = after(&rules, "", &["white 3-1", "8/5 6/5"]);
    assert!(p.flags().contains(PositionFlags::CHANCE));
    assert_eq!(p.side_to_move(), 1, "the roll is black's");
    let mut outcomes = RVec::new();
    p.chance_outcomes(&mut outcomes).into_result().unwrap();
    assert_eq!(outcomes.len(), 21);
    for o in outcomes.iter() {
        let name = p.notate(o.mv, Notation::STANDARD).unwrap();
        let double = name.as_bytes()[0] == name.as_bytes()[2];
        assert_eq!(o.probability, if double { 1.0 / 36.0 } else { 1.0 / 18.0 }, "{name}");
    }
    assert!((outcomes.iter().map(|o| o.probability).sum::<f64>() - 1.0).abs() < 1e-12);
}

#[test]
fn both_numbers_must_be_used_when_they_can_be() {
    // 13/8 alone is a move of the 5, but then no 6 can be played (8/2 and
    // 13/7/2 are closed by black's 23 point); 13/7 8/3 uses both.
    assert_eq!(plays(&plain(), "white 13:1 8:1 | black 23:2 | white to play 6-5"), ["13/7,8/3"]);
}

#[test]
fn when_only_one_number_can_be_used_it_is_the_larger() {
    // Either 13/7 or 13/8, never both (white's 2 point is closed): the 6.
    assert_eq!(plays(&plain(), "white 13:1 | black 23:2 | white to play 6-5"), ["13/7"]);
    // With the 6 closed too (black's 18 is white's 7), the 5 it is.
    assert_eq!(plays(&plain(), "white 13:1 | black 23:2 18:2 | white to play 6-5"), ["13/8"]);
}

#[test]
fn a_double_is_played_four_times_or_as_often_as_possible() {
    // 13/9/5, and 5/1 is closed by black's 24 point: two of the four 4s.
    assert_eq!(plays(&plain(), "white 13:1 | black 24:2 | white to play 4-4"), ["13/5"]);
    // 6-6 from the start: four checkers from 24, 13 and 8 (18/12 and 7/1
    // are closed), at most two from 24 and three from 8: 11 plays.
    let start = "white 24:2 13:5 8:3 6:5 | black 24:2 13:5 8:3 6:5 | white to play 6-6";
    let four = plays(&plain(), start);
    assert_eq!(four.len(), 11, "{four:?}");
    assert!(four.contains(&"24/18(2),13/7(2)".to_string()), "{four:?}");
    let dice = |m: &str| {
        m.split(',')
            .map(|c| {
                if c.ends_with("(2)") {
                    2
                } else if c.ends_with("(3)") {
                    3
                } else if c.ends_with("(4)") {
                    4
                } else {
                    1
                }
            })
            .sum::<usize>()
    };
    assert!(four.iter().all(|m| dice(m) == 4), "{four:?}");
}

#[test]
fn a_checker_on_the_bar_enters_first_and_a_closed_board_loses_the_turn() {
    // Black holds white's 19, 20, 21, 23 and 24 (its 6, 5, 4, 2 and 1
    // points): only a 3 enters (bar/22), and the other die moves after it.
    let text = "white bar:1 6:14 | black 6:2 5:2 4:2 2:2 1:2 | white to play 5-3";
    assert_eq!(plays(&plain(), text), ["bar/17", "bar/22,6/1"]);
    // A closed board: the roll passes to black at once.
    let closed = "white bar:1 6:14 | black 6:2 5:2 4:2 3:2 2:2 1:2 | white to roll";
    let p = after(&plain(), closed, &["6-5"]);
    assert!(p.text().unwrap().ends_with("| black to roll"), "{}", p.text().unwrap());
    assert!(plain().position("white bar:1 6:14 | black 6:2 5:2 4:2 3:2 2:2 1:2 | white to play 6-5").is_err());
}

#[test]
fn hitting_a_blot_sends_it_to_the_bar() {
    // Black's blot on its 7 point is white's 18.
    let p = after(&plain(), "white 24:1 6:14 | black 7:1 6:14 | white to play 6-1", &["24/18*/17"]);
    assert!(p.text().unwrap().starts_with("white 17:1 6:14 | black bar:1 6:14 |"), "{}", p.text().unwrap());
    let infos = {
        let q = plain().position("white 24:1 6:14 | black 7:1 6:14 | white to play 6-1").unwrap();
        let moves = q.moves().unwrap();
        let infos = q.infos(&moves).unwrap();
        moves.iter().zip(infos).map(|(&m, i)| (q.notate(m, Notation::STANDARD).unwrap(), i.flags)).collect::<Vec<_>>()
    };
    for (name, flags) in infos {
        assert_eq!(name.contains('*'), flags.contains(rules_api::MoveFlags::CAPTURE), "{name}");
    }
}

#[test]
fn bearing_off_takes_the_exact_point_or_the_highest_with_a_larger_number() {
    // A 6 bears off from 5, the highest point; the 2 then moves 3/1, or
    // comes first (5/3) and the 6 bears that checker off from 3.
    assert_eq!(plays(&plain(), "white 5:1 3:1 | black 6:15 | white to play 6-2"), ["5/off", "5/off,3/1"]);
    // With a checker on 6 a larger number may not bear off from 2: the 6
    // moves first (6/1 or 6/2), then a die bears off from the highest point.
    assert_eq!(plays(&plain(), "white 6:1 2:1 | black 6:15 | white to play 5-4"), ["6/1,2/off", "6/off"]);
    // No bearing off while a checker is outside the home board: the 1
    // cannot go first, so both dice carry the 7 off (7/1 1/off is 7/off).
    assert_eq!(plays(&plain(), "white 7:1 1:1 | black 6:15 | white to play 6-1"), ["7/off"]);
}

fn finish(config: Config, text: &str, play: &str) -> rules_api::Outcome {
    let p = after(&rules(config), text, &[play]);
    assert_eq!(p.outcome().unwrap().kind, StatusKind::WIN);
    let mut q: BgPosition = tabula_backgammon::text::read(config, text).unwrap();
    let m = q.parse_move(play, Notation::STANDARD).unwrap();
    q.make_move(m).unwrap();
    PositionImpl::result(&q)
}

#[test]
fn the_game_is_worth_one_two_or_three_times_the_cube() {
    let single = finish(Config::default(), "white 1:1 | black 6:14 | white to play 2-1", "1/off");
    assert_eq!((single.status.reason.as_str(), single.payoffs.to_vec()), ("single game", vec![1.0, -1.0]));
    let gammon = finish(Config::default(), "white 1:1 | black 6:15 | white to play 2-1", "1/off");
    assert_eq!((gammon.status.reason.as_str(), gammon.payoffs.to_vec()), ("gammon", vec![2.0, -2.0]));
    // Black still has a checker in white's home board (its 19 point).
    let bg = finish(Config::default(), "white 1:1 | black 19:1 6:14 | white to play 2-1", "1/off");
    assert_eq!((bg.status.reason.as_str(), bg.payoffs.to_vec()), ("backgammon", vec![3.0, -3.0]));
    let on_bar = finish(Config::default(), "white 1:1 | black bar:1 6:14 | white to play 2-1", "1/off");
    assert_eq!(on_bar.status.reason.as_str(), "backgammon");
    let cubed = Config { cube: true, jacoby: false };
    let g4 = finish(cubed, "white 1:1 | black 6:15 | white to play 2-1 | cube 4 black", "1/off");
    assert_eq!(g4.payoffs.to_vec(), vec![8.0, -8.0]);
    assert_eq!(g4.reason.as_str(), "gammon with the cube at 4: 8 points");
    // Black wins: payoffs per player.
    let black = finish(Config::default(), "white 6:15 | black 1:1 | black to play 2-1", "1/off");
    assert_eq!((black.status.winner, black.payoffs.to_vec()), (1, vec![-2.0, 2.0]));
}

#[test]
fn the_jacoby_rule_counts_gammons_single_while_the_cube_is_unturned() {
    let jacoby = Config { cube: true, jacoby: true };
    let centred = finish(jacoby, "white 1:1 | black 6:15 | white to play 2-1 | cube 1", "1/off");
    assert_eq!(centred.payoffs.to_vec(), vec![1.0, -1.0]);
    assert_eq!(centred.status.reason.as_str(), "gammon");
    let turned = finish(jacoby, "white 1:1 | black 6:15 | white to play 2-1 | cube 2 black", "1/off");
    assert_eq!(turned.payoffs.to_vec(), vec![4.0, -4.0]);
    assert!(
        Backgammon::from_options(&vec![rules_api::Tuple2("jacoby".into(), "on".into())].into()).is_err(),
        "Jacoby needs the cube"
    );
}

#[test]
fn the_cube_is_offered_before_rolling_and_taken_or_dropped() {
    let config = Config { cube: true, jacoby: false };
    let r = rules(config);
    // After white's opening play, black may double before rolling.
    let p = after(&r, "", &["white 3-1", "8/5 6/5"]);
    assert_eq!(p.moves().unwrap(), vec![DOUBLE, ROLL]);
    assert_eq!(p.side_to_move(), 1);
    assert!(!p.flags().contains(PositionFlags::CHANCE), "the cube decision is a choice");
    let doubled = after(&r, "", &["white 3-1", "8/5 6/5", "double"]);
    assert_eq!(doubled.moves().unwrap(), vec![TAKE, DROP]);
    assert_eq!(doubled.side_to_move(), 0, "white answers black's double");
    let taken = after(&r, "", &["white 3-1", "8/5 6/5", "double", "take"]);
    assert!(taken.text().unwrap().ends_with("| black to roll | cube 2 white"), "{}", taken.text().unwrap());
    assert!(taken.flags().contains(PositionFlags::CHANCE));
    // Only the owner redoubles: after black's roll and play, white may.
    let redouble = after(&r, "", &["white 3-1", "8/5 6/5", "double", "take", "2-1", "13/11 6/5"]);
    assert_eq!(redouble.moves().unwrap(), vec![DOUBLE, ROLL]);
    let again =
        after(&r, "", &["white 3-1", "8/5 6/5", "double", "take", "2-1", "13/11 6/5", "roll", "2-1", "13/11 6/5"]);
    assert!(again.flags().contains(PositionFlags::CHANCE), "black no longer owns the cube: {}", again.text().unwrap());
    let dropped = after(&r, "", &["white 3-1", "8/5 6/5", "double", "drop"]);
    let outcome = dropped.outcome().unwrap();
    assert_eq!((outcome.kind, outcome.winner, outcome.reason.as_str()), (StatusKind::WIN, 1, "double dropped"));
    assert!(dropped.text().unwrap().ends_with("| white drops | cube 1"), "{}", dropped.text().unwrap());
    // At 64 the cube stops.
    let top = r.position("white 6:15 | black 6:15 | white to roll | cube 64 white").unwrap();
    assert!(top.flags().contains(PositionFlags::CHANCE));
    assert!(r.position("white 6:15 | black 6:15 | white may double | cube 64 white").is_err());
    assert!(plain().position("white 6:15 | black 6:15 | white doubles").is_err(), "no cube, no double");
}

#[test]
fn the_evaluation_is_from_the_movers_view_and_hints_prefer_safe_points() {
    // A race white leads by 105 pips: good for white on roll, bad for black.
    let white = plain().position("white 6:5 5:5 4:5 | black 13:5 12:5 11:5 | white to roll").unwrap();
    let black = plain().position("white 6:5 5:5 4:5 | black 13:5 12:5 11:5 | black to roll").unwrap();
    assert!(white.evaluate() > 100 && black.evaluate() < -100, "{} {}", white.evaluate(), black.evaluate());
    // 3-1 at the start: making the 5 point (8/5 6/5) is the best-known
    // play; the hint ranks it first.
    let p = plain().position("white 24:2 13:5 8:3 6:5 | black 24:2 13:5 8:3 6:5 | white to play 3-1").unwrap();
    let moves = p.moves().unwrap();
    let infos = p.infos(&moves).unwrap();
    let best = moves.iter().zip(&infos).max_by_key(|(_, i)| i.hint).map(|(&m, _)| m).unwrap();
    assert_eq!(p.notate(best, Notation::STANDARD).unwrap(), "8/5,6/5");
}
