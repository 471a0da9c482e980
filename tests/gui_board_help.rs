//! The chess help (the window's Help dialog shows the rules plugin's text)
//! says what the plugin does with the claimable draws: FIDE's fifty-move
//! rule and threefold repetition are claimed by the player to move (the
//! window offers "Claim draw"), and only seventy-five moves or a fivefold
//! repetition end the game by themselves. tests/reference/chess_reference.py
//! checks the same points against python-chess (`Board.is_repetition(3)`,
//! `is_fifty_moves()`, `is_fivefold_repetition()`, `is_seventyfive_moves()`;
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
    for words in [
        "may claim a draw",
        "the game goes on if nobody claims",
        "Claim draw",
        "Seventy-five-move rule",
        "Fivefold repetition",
        "is not offered",
    ] {
        assert!(flat.contains(words), "the help does not say '{words}':\n{help}");
    }
    assert!(!flat.contains("as if it were always made"), "the old wording:\n{help}");
    // The third occurrence is a claim: the game goes on.
    let third = chess("", "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(draw_reason(&third), None);
    assert_eq!(third.draw_claim().unwrap().as_deref(), Some("threefold repetition"));
    // The fifth ends it.
    let fifth = chess("", &"g1f3 g8f6 f3g1 f6g8 ".repeat(4));
    assert_eq!(draw_reason(&fifth).as_deref(), Some("fivefold repetition"));
    // The hundredth quiet ply is a claim, the hundred-and-fiftieth the end.
    let fifty = chess("8/8/8/4k3/8/8/8/R3K3 w - - 99 80", "a1a2");
    assert_eq!((draw_reason(&fifty), fifty.draw_claim().unwrap().as_deref()), (None, Some("fifty-move rule")));
    let seventy_five = chess("8/8/8/4k3/8/8/8/R3K3 w - - 149 80", "a1a2");
    assert_eq!(draw_reason(&seventy_five).as_deref(), Some("seventy-five-move rule"));
}
