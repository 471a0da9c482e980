//! What each player and a spectator see (snapshots drawn from the views
//! alone), what the record tells them, and samples of what they know.

mod common;

use common::{after_presets, battle, play, rules, view_diagram};
use rules_api::{Notation, PositionBox, PositionExt, RulesExt, SPECTATOR};
use tabula_stratego::rank::{ARMY, BOMB, FLAG, KINDS, UNKNOWN};
use tabula_stratego::Config;

fn all_views(position: &PositionBox) -> String {
    [0, 1, SPECTATOR].iter().map(|&v| view_diagram(position, v)).collect::<Vec<_>>().join("\n")
}

#[test]
fn during_reds_setup_only_red_sees_its_rows_and_tray() {
    let mut p = rules(Config::default()).start().unwrap();
    play(&mut p, "F@a1 B@b1 B@a2 M@e4");
    insta::assert_snapshot!(all_views(&p));
}

#[test]
fn during_blues_setup_red_stands_as_backs_and_blues_rows_are_out_of_sight() {
    let mut p = rules(Config::default()).start().unwrap();
    play(&mut p, "preset-1");
    common::deal(&mut p);
    play(&mut p, "f@j10 s@e7");
    insta::assert_snapshot!(all_views(&p));
}

#[test]
fn in_the_battle_each_side_sees_its_ranks_and_the_ranks_strikes_showed() {
    let rules = rules(Config::default());
    let mut p = after_presets(&rules, 1, 2);
    // Red's scout runs to a6 (showing itself) and strikes blue's captain,
    // which wins and stays known; red's j4 scout steps on unseen.
    play(&mut p, "a4a6 b7b6 a6b6 j7j6 j4j5");
    insta::assert_snapshot!(all_views(&p));
}

#[test]
fn when_the_game_ends_the_board_is_turned_round() {
    let text = battle(&["Fa1", "Oe4", "Ba2", "fe5", "oj7", "mj6"], "red", "-/-");
    let mut p = rules(Config::default()).position(&text).unwrap();
    assert!(p.view_piece_list(0).unwrap().iter().any(|x| x.kind == UNKNOWN as u16));
    play(&mut p, "e4e5");
    for viewer in [0, 1, SPECTATOR] {
        assert!(p.view_piece_list(viewer).unwrap().iter().all(|x| x.kind != UNKNOWN as u16));
        assert_eq!(p.view_string(viewer).unwrap(), p.text().unwrap());
    }
}

#[test]
fn the_record_hides_the_other_players_setup() {
    let mut p = rules(Config::default()).start().unwrap();
    let m = p.read_move("M@a1", Notation::COORDINATE).unwrap();
    assert_eq!(p.notate_for(m, Notation::STANDARD, 0).unwrap(), "M@a1");
    assert_eq!(p.notate_for(m, Notation::STANDARD, 1).unwrap(), "(setup)");
    assert_eq!(p.notate_for(m, Notation::STANDARD, SPECTATOR).unwrap(), "(setup)");
    play(&mut p, "preset-3");
    let deal = p.moves().unwrap()[0];
    assert_eq!(p.notate_for(deal, Notation::STANDARD, 1).unwrap(), "(setup)");
    // Which preset is being dealt is red's secret; blue sees a deal.
    assert!(p.view_string(1).unwrap().contains(" red-deal "));
    assert!(p.view_string(0).unwrap().contains(" red-preset-3 "));
}

/// Counts by rank of `player`'s pieces in a sample, and whether every
/// piece that moved is movable.
fn sample_counts(sample: &PositionBox, player: u8) -> [u8; KINDS] {
    let mut counts = [0u8; KINDS];
    for piece in sample.piece_list().unwrap() {
        if piece.owner == player && (piece.cell as usize) < 100 {
            counts[piece.kind as usize] += 1;
        }
    }
    counts
}

#[test]
fn samples_agree_with_everything_the_viewer_saw() {
    let rules = rules(Config::default());
    let mut p = after_presets(&rules, 4, 3);
    play(&mut p, "a4a6 a7a6 j4j5 j7j6 b4b5 b7b6");
    let mover = p.side_to_move();
    for viewer in [0u8, 1] {
        let view = p.view_string(viewer).unwrap();
        for seed in 0..100 {
            let sample = p.sample_for(viewer, seed).unwrap();
            assert_eq!(sample.view_string(viewer).unwrap(), view, "seed {seed}");
            if viewer == mover {
                assert_eq!(sample.moves().unwrap(), p.moves().unwrap(), "the mover keeps their moves (seed {seed})");
            }
            let text = sample.text().unwrap();
            assert!(!text.contains("B+") && !text.contains("F+"), "a piece that moved is no bomb or flag: {text}");
            let red: u8 = sample_counts(&sample, 0).iter().sum();
            assert_eq!(red, 39, "red lost its scout and has 39 pieces in every sample");
        }
    }
}

#[test]
fn a_viewer_reads_their_view_back_into_positions_that_look_the_same() {
    let rules = rules(Config::default());
    let mut p = after_presets(&rules, 2, 1);
    play(&mut p, "a4a5 a7a6");
    for viewer in [0, 1, SPECTATOR] {
        let view = p.view_string(viewer).unwrap();
        for seed in 0..20 {
            let read = rules.position_for_view(&view, seed).unwrap();
            assert_eq!(read.view_string(viewer).unwrap(), view);
        }
    }
}

#[test]
fn an_unknown_unmoved_piece_is_each_rank_about_as_often_as_the_army_holds_it() {
    let rules = rules(Config::default());
    let mut p = rules.start().unwrap();
    play(&mut p, "preset-1");
    common::deal(&mut p);
    // Blue, about to set up, knows nothing of red's 40 pieces: over many
    // samples the piece on a1 is a bomb about 6 times in 40.
    let a1 = 0u16;
    let mut counts = [0u32; KINDS];
    let n = 4000;
    for seed in 0..n {
        let sample = p.sample_for(1, seed).unwrap();
        let kind = sample.piece_list().unwrap().iter().find(|x| x.cell == a1).unwrap().kind;
        counts[kind as usize] += 1;
    }
    for rank in [BOMB, FLAG, tabula_stratego::rank::SCOUT] {
        let expected = n as f64 * ARMY[rank as usize] as f64 / 40.0;
        let got = counts[rank as usize] as f64;
        assert!((got - expected).abs() < 4.0 * expected.sqrt() + 2.0, "rank {rank}: {got} of {n}, expected {expected}");
    }
}
