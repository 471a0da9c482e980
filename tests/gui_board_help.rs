//! The chess help (the window's Help dialog shows the rules plugin's text)
//! says what the plugin does with the claimable draws: FIDE's fifty-move
//! rule and threefold repetition are claims, and Tabula ends the game as
//! soon as the position on the board allows the claim, as if it were
//! made. tests/reference/chess_reference.py checks the same draw points
//! against python-chess (`Board.is_fifty_moves()`, `Board.is_repetition(3)`,
//! the claim by the position reached, not by the next move).

use std::sync::Arc;

use tabula_core::outcome::GameResult;
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::session::Session;

fn chess(start: &str, moves: &str) -> Session {
    let plugin = find_plugin("chess", rules_api::PluginKind::RULES, &PluginDirs::new([]))
        .unwrap_or_else(|e| panic!("{e}\n(build the plugins first: cargo build --release --workspace)"));
    let rules = Arc::new(plugin.new_rules(&[]).expect("chess"));
    let mut session = Session::new(rules, start).expect("the start position");
    session.play_all(moves.split_whitespace()).expect("the moves are legal");
    session
}

fn draw_reason(session: &Session) -> Option<String> {
    match session.result().expect("the result") {
        Some(GameResult::Draw { reason }) => Some(reason),
        _ => None,
    }
}

#[test]
fn the_help_tells_the_claimed_draws_as_the_plugin_plays_them() {
    let session = chess("", "");
    let help = session.rules().help_text().into_result().expect("the help").to_string();
    let flat = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for words in
        ["are claimed", "75 moves or a fivefold repetition", "as soon as the position on the board allows the claim"]
    {
        assert!(flat.contains(words), "the help does not say '{words}':\n{help}");
    }
    assert!(!flat.contains("automatic here"), "the old wording:\n{help}");
    // The third occurrence ends the game: no one may play on to a fifth.
    let repeated = chess("", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1");
    assert_eq!(draw_reason(&repeated), None, "two occurrences of the start with Black to move");
    let third = chess("", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(draw_reason(&third).as_deref(), Some("threefold repetition"));
    // The hundredth quiet ply ends it too, not the hundred-and-fiftieth.
    let fifty = chess("8/8/8/4k3/8/8/8/R3K3 w - - 99 80", "a1a2");
    assert_eq!(draw_reason(&fifty).as_deref(), Some("fifty-move rule"));
}
