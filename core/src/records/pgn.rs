//! PGN export: the seven-tag roster plus Termination and TimeControl (and
//! Hidden for a game with hidden information, recorded whole), FEN
//! and SetUp for games from a non-standard start, movetext from the rules
//! plugin's standard notation, and the result's reason as a comment.
//!
//! The first seat is written as `White` and the second as `Black`, the
//! names PGN gives the player who moves first at the usual start and the
//! other one.

use super::GameRecord;

/// The longest movetext line written (PGN asks for fewer than 80 columns).
const LINE_WIDTH: usize = 79;

/// `1-0`, `0-1`, `1/2-1/2` (or `*` for games with more than two players).
pub fn result_token(game: &GameRecord) -> &'static str {
    if game.players.len() != 2 {
        return "*";
    }
    match game.result.winner(2) {
        Some(0) => "1-0",
        Some(_) => "0-1",
        None => "1/2-1/2",
    }
}

/// The `Hidden` tag of a game with hidden information: the record is the
/// whole game, not one player's view of it.
pub const HIDDEN_NOTE: &str = "full game: every player's moves, also those their opponents could not see";

/// A tag value with `\` and `"` escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// PGN's TimeControl for a fixed time per move: one move per so many
/// seconds (`1/0.5`), or `-` when there was no time limit.
pub fn time_control(time_ms: u64) -> String {
    if time_ms == 0 {
        return "-".into();
    }
    let secs = format!("{}.{:03}", time_ms / 1000, time_ms % 1000);
    let secs = secs.trim_end_matches('0').trim_end_matches('.');
    format!("1/{secs}")
}

/// One game as PGN text, with a blank line after it.
pub fn write_game(game: &GameRecord) -> String {
    let name = |i: usize| game.players.get(i).cloned().unwrap_or_else(|| "?".into());
    let mut tags = vec![
        ("Event", game.event.clone()),
        ("Site", game.site.clone()),
        ("Date", game.date.clone()),
        ("Round", game.round.to_string()),
        ("White", name(0)),
        ("Black", name(1)),
        ("Result", result_token(game).to_string()),
    ];
    if !game.start.is_empty() {
        tags.push(("SetUp", "1".into()));
        tags.push(("FEN", game.start.clone()));
    }
    tags.push(("Termination", game.termination().to_string()));
    if game.hidden {
        tags.push(("Hidden", HIDDEN_NOTE.into()));
    }
    tags.push(("TimeControl", time_control(game.time_ms)));
    let mut out = String::new();
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", escape(&v)));
    }
    out.push('\n');
    let mut tokens = Vec::new();
    // Move numbers follow the start text's fullmove field when it has one.
    let mut number: u32 = game.start_text.split_whitespace().nth(5).and_then(|f| f.parse().ok()).unwrap_or(1);
    for (i, san) in game.standard.iter().enumerate() {
        let mover = (game.first_mover as usize + i) % 2;
        if mover == 0 {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        tokens.push(san.clone());
        if mover == 1 {
            number += 1;
        }
    }
    let reason = game.result.reason().replace(['{', '}'], "");
    if !reason.is_empty() {
        tokens.push(format!("{{{reason}}}"));
    }
    tokens.push(result_token(game).to_string());
    out.push_str(&wrap(&tokens));
    out.push_str("\n\n");
    out
}

/// Joins tokens with spaces into lines of at most [`LINE_WIDTH`] columns.
pub(crate) fn wrap(tokens: &[String]) -> String {
    let mut out = String::new();
    let mut width = 0;
    for t in tokens {
        if width > 0 && width + 1 + t.len() > LINE_WIDTH {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(t);
        width += t.len();
    }
    out
}

/// The length of the longest start of `text` that holds whole games only:
/// a game whose write was cut short (a full disk, a kill during the write)
/// is left out with whatever follows it. A whole game's movetext ends with
/// its result token and a line end.
pub fn whole_games_len(text: &str) -> usize {
    let whole = |prefix: &str| {
        let last = prefix.trim_end().rsplit(char::is_whitespace).next().unwrap_or("");
        prefix.trim().is_empty() || (prefix.ends_with('\n') && matches!(last, "1-0" | "0-1" | "1/2-1/2" | "*"))
    };
    if whole(text) {
        return text.len();
    }
    let line_starts = text.match_indices('\n').map(|(i, _)| i + 1);
    let starts: Vec<usize> = std::iter::once(0).chain(line_starts).collect();
    starts.into_iter().rev().find(|&i| whole(&text[..i])).unwrap_or(0)
}

/// The highest `Round` tag in PGN text (0 when there is none).
pub fn last_round(text: &str) -> u32 {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("[Round \"")?.split('"').next()?.split('.').next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::{ForfeitCause, GameResult};

    fn game(result: GameResult, start: &str, first_mover: u8, moves: &[&str]) -> GameRecord {
        GameRecord {
            event: "Test".into(),
            site: "here".into(),
            date: "2024.01.02".into(),
            round: 3,
            game: "Board".into(),
            players: vec!["a \"x\"".into(), "b".into()],
            start: start.into(),
            start_text: if start.is_empty() { "s w - - 0 1".into() } else { start.into() },
            first_mover,
            standard: moves.iter().map(|m| m.to_string()).collect(),
            coordinate: moves.iter().map(|m| m.to_string()).collect(),
            result,
            result_text: String::new(),
            time_ms: 500,
            movers: (0..moves.len()).map(|i| ((first_mover as usize + i) % 2) as u8).collect(),
            seed: None,
            hidden: false,
        }
    }

    #[test]
    fn standard_game_has_the_roster_and_numbered_moves() {
        let g = game(GameResult::Win { winner: 1, reason: "mate".into() }, "", 0, &["f3", "e5", "g4", "Qh4#"]);
        let text = write_game(&g);
        assert!(
            text.starts_with("[Event \"Test\"]\n[Site \"here\"]\n[Date \"2024.01.02\"]\n[Round \"3\"]\n"),
            "{text}"
        );
        assert!(text.contains("[White \"a \\\"x\\\"\"]\n[Black \"b\"]\n[Result \"0-1\"]\n"), "{text}");
        assert!(text.contains("[Termination \"normal\"]\n[TimeControl \"1/0.5\"]\n"), "{text}");
        assert!(!text.contains("FEN"));
        assert!(text.ends_with("\n1. f3 e5 2. g4 Qh4# {mate} 0-1\n\n"), "{text}");
        assert_eq!(last_round(&text), 3);
    }

    #[test]
    fn a_game_with_hidden_information_says_it_is_recorded_whole() {
        let mut g = game(GameResult::Draw { reason: "board full".into() }, "", 0, &["b2", "a1"]);
        assert!(!write_game(&g).contains("[Hidden"));
        g.hidden = true;
        let text = write_game(&g);
        assert!(text.contains(&format!("[Hidden \"{HIDDEN_NOTE}\"]\n")), "{text}");
    }

    #[test]
    fn set_up_game_starts_with_the_second_player() {
        let fen = "k7/8/8/8/8/8/8/K7 b - - 0 12";
        let g = game(
            GameResult::Forfeit { loser: 0, cause: ForfeitCause::Time, reason: "slow".into() },
            fen,
            1,
            &["Kb7", "Kb1"],
        );
        let text = write_game(&g);
        assert!(text.contains("[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/K7 b - - 0 12\"]\n"), "{text}");
        assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
        assert!(text.contains("12... Kb7 13. Kb1 {slow} 0-1"), "{text}");
    }

    #[test]
    fn long_movetext_wraps_and_rounds_are_found() {
        let moves: Vec<String> = (0..60).map(|i| format!("m{i}")).collect();
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        let text = write_game(&game(GameResult::Draw { reason: String::new() }, "", 0, &refs));
        assert!(text.lines().all(|l| l.len() <= LINE_WIDTH), "{text}");
        assert!(text.trim_end().ends_with("1/2-1/2"));
        assert_eq!(last_round("[Round \"2\"]\n[Round \"11\"]\n[Round \"?\"]\n"), 11);
        assert_eq!(time_control(2000), "1/2");
        assert_eq!(time_control(0), "-");
    }
}
