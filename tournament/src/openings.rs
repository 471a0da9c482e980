//! Opening files: positions one per line (FEN or EPD), or PGN games of
//! which the first N plies are played. Every opening is checked against
//! the rules here, so a broken file is refused before any game, with the
//! line or game that is wrong.

use std::path::Path;
use std::sync::Arc;

use rules_api::RulesBox;
use tabula_core::session::{Chance, Session};

use crate::plan::Opening;

/// Reads an opening file: PGN when its name ends in `.pgn` (the first
/// `plies` plies of each game, from its `FEN` tag when it has one),
/// otherwise one position per line.
pub fn read(path: &Path, plies: usize, rules: &Arc<RulesBox>) -> Result<Vec<Opening>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let pgn = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
    let out = if pgn { read_pgn(&text, plies, rules) } else { read_positions(&text, rules) }
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if out.is_empty() {
        return Err(format!("{}: no openings", path.display()));
    }
    Ok(out)
}

/// One position per line (blank lines and `#` comments skipped); a line
/// the rules refuse is retried as EPD: its first four fields plus ` 0 1`.
fn read_positions(text: &str, rules: &Arc<RulesBox>) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let epd = (fields.len() >= 4).then(|| format!("{} 0 1", fields[..4].join(" ")));
        let usable = [Some(line.to_string()), epd]
            .into_iter()
            .flatten()
            .find(|t| Session::with_chance(Arc::clone(rules), t, Chance::Seeded(1)).is_ok());
        match usable {
            Some(start) => out.push(Opening { start, moves: Vec::new() }),
            None => return Err(format!("line {} is not a position of this game: {line}", i + 1)),
        }
    }
    Ok(out)
}

/// One PGN game: its `FEN` tag (if any) and its main-line move texts.
struct PgnGame {
    fen: Option<String>,
    moves: Vec<String>,
    /// The line its movetext starts on, for errors.
    line: usize,
}

/// The first `plies` plies of every game of a PGN text.
fn read_pgn(text: &str, plies: usize, rules: &Arc<RulesBox>) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    for (n, game) in split_pgn(text).into_iter().enumerate() {
        let start = game.fen.clone().unwrap_or_default();
        let at = |what: String| format!("game {} (line {}): {what}", n + 1, game.line);
        let mut session = Session::with_chance(Arc::clone(rules), &start, Chance::Seeded(1))
            .map_err(|e| at(format!("FEN tag: {e}")))?;
        let mut moves = Vec::new();
        for text in game.moves.iter().take(plies) {
            let played = session.play_text(text).map_err(|e| at(format!("move {} '{text}': {e}", moves.len() + 1)))?;
            moves.push(played.coordinate.clone());
        }
        out.push(Opening { start, moves });
    }
    Ok(out)
}

/// Splits PGN text into games: tag pairs, then movetext without comments
/// (`{…}`, `;…`), variations (`(…)`), annotations (`$n`, `!`, `?`), move
/// numbers and the result.
fn split_pgn(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut current: Option<PgnGame> = None;
    let mut in_moves = false;
    let (mut brace, mut paren) = (false, 0u32);
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if !brace && trimmed.starts_with('[') {
            if in_moves {
                games.extend(current.take());
                in_moves = false;
            }
            let game = current.get_or_insert(PgnGame { fen: None, moves: Vec::new(), line: i + 1 });
            if let Some(rest) = trimmed.strip_prefix("[FEN ") {
                game.fen = Some(rest.trim_end_matches(']').trim().trim_matches('"').to_string());
            }
            continue;
        }
        if trimmed.is_empty() && !brace {
            continue;
        }
        let game = current.get_or_insert(PgnGame { fen: None, moves: Vec::new(), line: i + 1 });
        if !in_moves {
            game.line = i + 1;
            in_moves = true;
        }
        let mut token = String::new();
        let flush = |token: &mut String, game: &mut PgnGame| {
            let t = token.trim_matches(|c| c == '!' || c == '?');
            let t = t.rsplit_once('.').map_or(t, |(_, after)| after);
            let result = matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*");
            if !t.is_empty() && !t.starts_with('$') && !result {
                game.moves.push(t.to_string());
            }
            token.clear();
        };
        for c in line.chars() {
            match c {
                _ if brace => brace = c != '}',
                '{' => brace = true,
                ';' if paren == 0 => break,
                '(' => paren += 1,
                ')' => paren = paren.saturating_sub(1),
                _ if paren > 0 => {}
                c if c.is_whitespace() => flush(&mut token, game),
                c => token.push(c),
            }
        }
        flush(&mut token, game);
    }
    games.extend(current);
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pgn_movetext_is_read_without_comments_variations_or_numbers() {
        let text = "[Event \"x\"]\n[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) \
                    2. Nf3!? $1 Nc6 ; rest\n3. Bb5 a6 1-0\n\n[Event \"y\"]\n\n1. d4 d5 *\n";
        let games = split_pgn(text);
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].fen.as_deref(), Some("8/8/8/8/8/8/8/K6k w - - 0 1"));
        assert_eq!(games[0].moves, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        assert_eq!(games[0].line, 4);
        assert_eq!((games[1].fen.as_deref(), games[1].moves.clone()), (None, vec!["d4".to_string(), "d5".into()]));
    }
}
