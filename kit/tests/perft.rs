//! The perft harness counts known trees and names the file, line and depth
//! of a wrong count.

use rules_api::plugin::position_box;
use rules_api::PositionExt;
use tabula_kit::perft::{check_file, divide, perft, PerftErrorKind};
use tabula_kit::testgames::{rules, Mnk};

/// Move paths of tic-tac-toe by length (finished games are not extended).
const TIC_TAC_TOE: [u64; 9] = [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];

#[test]
fn tic_tac_toe_counts_and_divide_agree() {
    let mut position = position_box(Mnk::tic_tac_toe());
    let before = position.text().unwrap();
    for (depth, &expected) in TIC_TAC_TOE.iter().enumerate() {
        assert_eq!(perft(&mut position, depth as u32 + 1).unwrap(), expected, "depth {}", depth + 1);
    }
    assert_eq!(perft(&mut position, 0).unwrap(), 1);
    assert_eq!(position.text().unwrap(), before, "perft leaves the position alone");
    let split = divide(&mut position, 3).unwrap();
    assert_eq!(split.len(), 9);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), TIC_TAC_TOE[2]);
    assert!(split.iter().any(|(name, n)| name == "b2" && *n == 56), "{split:?}");
}

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-kit-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn files_are_checked_within_the_node_budget() {
    let path = write(
        "ttt.epd",
        "# tic-tac-toe\n.../.../... x ;id empty ;D1 9 ;D2 72 ;D5 15_120 ;D9 127_872\nx../.o./... x ;D1 7 ;D2 42\n",
    );
    let game = rules(Mnk::tic_tac_toe());
    let summary = check_file(&game, &path, 20_000).unwrap();
    assert_eq!((summary.positions, summary.checked, summary.skipped), (2, 5, 1));
    assert_eq!(summary.nodes, 9 + 72 + 15_120 + 7 + 42);
}

#[test]
fn a_wrong_count_names_file_line_and_depth() {
    let path = write("wrong.epd", "\n.../.../... x ;D1 9\n\nx../.o./... x ;D1 7 ;D2 41\n");
    let err = check_file(&rules(Mnk::tic_tac_toe()), &path, u64::MAX).unwrap_err();
    assert_eq!((err.line, err.depth, err.kind), (4, Some(2), PerftErrorKind::Mismatch));
    let text = err.to_string();
    assert!(text.contains("wrong.epd:4: depth 2: expected 41 nodes, counted 42"), "{text}");
    assert!(text.contains("x../.o./... x"), "{text}");
    let refused = write("refused.epd", "xx/x x ;D1 3\n");
    let err = check_file(&rules(Mnk::tic_tac_toe()), &refused, u64::MAX).unwrap_err();
    assert_eq!((err.line, err.kind), (1, PerftErrorKind::Plugin), "{err}");
    let missing = check_file(&rules(Mnk::tic_tac_toe()), "/nonexistent/perft.epd", 1).unwrap_err();
    assert_eq!(missing.kind, PerftErrorKind::Io);
}

/// Tic-tac-toe's games by the move that ends them (1,440 end on the fifth,
/// 5,328 on the sixth, ... 255,168 in all): the published totals a table
/// that counts finished games as leaves is built from.
#[test]
fn finished_games_count_as_leaves_when_asked() {
    use tabula_kit::perft::{divide_with, perft_with, Finished};
    let mut position = position_box(Mnk::tic_tac_toe());
    for (depth, stops, leaf) in [(5, 15_120, 15_120), (6, 54_720, 54_720 + 1_440), (9, 127_872, 255_168)] {
        assert_eq!(perft_with(&mut position, depth, Finished::Stops).unwrap(), stops, "depth {depth}");
        assert_eq!(perft_with(&mut position, depth, Finished::Leaf).unwrap(), leaf, "depth {depth}");
    }
    let split = divide_with(&mut position, 9, Finished::Leaf).unwrap();
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 255_168);
    // A finished game is one leaf at every depth below it, itself included.
    let mut won = position_box(Mnk::tic_tac_toe().after(&[0, 3, 1, 4, 2]));
    assert_eq!(won.moves().unwrap(), []);
    assert_eq!([1, 2, 3].map(|d| perft_with(&mut won, d, Finished::Leaf).unwrap()), [1, 1, 1]);
    assert_eq!([1, 2, 3].map(|d| perft(&mut won, d).unwrap()), [0, 0, 0]);
    let path = write("leaf.epd", ".../.../... x ;finished leaf ;D6 56_160 ;D9 255_168\n");
    assert_eq!(check_file(&rules(Mnk::tic_tac_toe()), &path, u64::MAX).unwrap().checked, 2);
}
