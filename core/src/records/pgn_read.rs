//! Reading PGN text into [`PgnGame`]s: any number of games, tag pairs,
//! comments `{…}` and `;…` (with `[%clk …]` commands kept as written),
//! NAGs `$n` and the `!`/`?` suffixes, variations `( … )` nested to any
//! depth, `%` escape lines. Errors name the game's number and the line.
//!
//! Hand-written rather than `pgn-reader`: that crate hands its visitor
//! moves already parsed as chess SAN (by shakmaty) and silently skips
//! tokens that are not chess SAN, and it keeps no line numbers; here
//! every move stays the text the file gave, for the rules plugin to read
//! in its own standard notation (xiangqi's, a variant's drops), and a
//! refused move can be shown with its line.

use super::pgn_tree::{is_result, Line, PgnGame, PgnMove};

/// The most variations open at once: deeper nesting is refused rather
/// than followed (the reader's stack grows with it).
pub const MAX_DEPTH: usize = 64;

/// A PGN text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("game {game}, line {line}: {problem}")]
pub struct PgnError {
    /// The game's number in the file, from 1.
    pub game: usize,
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// Reads every game of a PGN text.
pub fn read_games(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut reader = Reader { chars: text.char_indices().peekable(), text, line: 1, at_line_start: true };
    let mut games = Vec::new();
    while let Some(game) = reader.game(games.len() + 1)? {
        games.push(game);
    }
    Ok(games)
}

/// A cursor over the text that counts lines.
struct Reader<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    text: &'a str,
    line: usize,
    at_line_start: bool,
}

/// The `!`/`?` suffixes and the NAGs they stand for.
const SUFFIXES: [(&str, u16); 6] = [("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("!", 1), ("?", 2)];

impl Reader<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    fn bump(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        self.at_line_start = c == '\n';
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn offset(&mut self) -> usize {
        self.chars.peek().map_or(self.text.len(), |&(i, _)| i)
    }

    /// Skips white space and `%` escape lines.
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c == '%' && self.at_line_start {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else if c.is_whitespace() || c == '\u{feff}' {
                self.bump();
            } else {
                break;
            }
        }
    }

    /// The next game, or `None` at the end of the text.
    fn game(&mut self, number: usize) -> Result<Option<PgnGame>, PgnError> {
        self.skip_space();
        if self.peek().is_none() {
            return Ok(None);
        }
        let mut game = PgnGame { number, line: self.line, ..Default::default() };
        while self.peek() == Some('[') {
            let tag = self.tag(number)?;
            game.tags.push(tag);
            self.skip_space();
        }
        let mut stack: Vec<Line> = vec![Line::default()];
        let mut opened: Vec<usize> = Vec::new();
        loop {
            self.skip_space();
            let line = self.line;
            let err = |problem: String| PgnError { game: number, line, problem };
            let Some(c) = self.peek() else { break };
            match c {
                '[' if stack.len() == 1 => break,
                '{' => {
                    self.bump();
                    let start = self.offset();
                    while self.peek().is_some_and(|c| c != '}') {
                        self.bump();
                    }
                    if self.bump().is_none() {
                        return Err(err("a comment '{' is not closed by '}'".into()));
                    }
                    let end = self.offset() - 1;
                    attach_comment(stack.last_mut().expect("never empty"), self.text[start..end].trim());
                }
                ';' => {
                    self.bump();
                    let start = self.offset();
                    while self.peek().is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                    let end = self.offset();
                    attach_comment(stack.last_mut().expect("never empty"), self.text[start..end].trim());
                }
                '(' => {
                    self.bump();
                    if stack.last().is_some_and(|l| l.moves.is_empty()) {
                        return Err(err("a variation '(' comes before any move it could replace".into()));
                    }
                    if stack.len() > MAX_DEPTH {
                        return Err(err(format!("variations are nested more than {MAX_DEPTH} deep")));
                    }
                    stack.push(Line::default());
                    opened.push(line);
                }
                ')' => {
                    self.bump();
                    if stack.len() == 1 {
                        return Err(err("')' closes no variation".into()));
                    }
                    let variation = stack.pop().expect("checked above");
                    opened.pop();
                    if !variation.moves.is_empty() {
                        let parent = stack.last_mut().expect("checked above");
                        parent.moves.last_mut().expect("checked at '('").variations.push(variation);
                    }
                }
                _ => {
                    let token = self.token();
                    if token.is_empty() {
                        self.bump();
                        return Err(err(format!("'{c}' is not PGN here")));
                    }
                    if stack.len() == 1 && is_result(&token) {
                        game.result = token;
                        break;
                    }
                    read_token(stack.last_mut().expect("never empty"), &token, line).map_err(err)?;
                }
            }
        }
        if let Some(&line) = opened.last() {
            return Err(PgnError { game: number, line, problem: "a variation '(' is not closed by ')'".into() });
        }
        game.moves = stack.pop().expect("never empty");
        Ok(Some(game))
    }

    /// A tag pair `[Name "value"]`.
    fn tag(&mut self, number: usize) -> Result<(String, String), PgnError> {
        let line = self.line;
        let err = |problem: &str| PgnError { game: number, line, problem: problem.to_string() };
        self.bump();
        self.skip_inline_space();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(err("a tag has no name: write [Name \"value\"]"));
        }
        self.skip_inline_space();
        if self.bump() != Some('"') {
            return Err(err(&format!("tag {name}: its value must be in double quotes")));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => value.extend(self.bump()),
                Some('"') => break,
                Some('\n') | None => return Err(err(&format!("tag {name}: its value's quote is not closed"))),
                Some(c) => value.push(c),
            }
        }
        self.skip_inline_space();
        if self.bump() != Some(']') {
            return Err(err(&format!("tag {name}: ']' is missing after its value")));
        }
        Ok((name, value))
    }

    fn skip_inline_space(&mut self) {
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
    }

    /// A run of characters up to white space or PGN punctuation.
    fn token(&mut self) -> String {
        let mut token = String::new();
        while let Some(c) = self.peek().filter(|c| !c.is_whitespace() && !"{}()[];".contains(*c)) {
            token.push(c);
            self.bump();
        }
        token
    }
}

/// A comment after the line's last move, or before its first.
fn attach_comment(line: &mut Line, text: &str) {
    match line.moves.last_mut() {
        Some(m) => m.comments.push(text.to_string()),
        None => line.comments.push(text.to_string()),
    }
}

/// One movetext token: a move number (`12.`, `12...`, or glued to its move
/// as `12.e4`), a NAG, or a move with its `!`/`?` suffix.
fn read_token(line: &mut Line, token: &str, at: usize) -> Result<(), String> {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &token[digits..];
    if digits > 0 && rest.starts_with('.') {
        let rest = rest.trim_start_matches('.');
        return if rest.is_empty() { Ok(()) } else { read_token(line, rest, at) };
    }
    if let Some(n) = token.strip_prefix('$') {
        let nag = n.parse::<u16>().map_err(|_| format!("'{token}' is not a NAG ($ and a number up to 255)"))?;
        if nag > 255 {
            return Err(format!("'{token}' is not a NAG ($ and a number up to 255)"));
        }
        let m = line.moves.last_mut().ok_or_else(|| format!("the NAG '{token}' comes before any move"))?;
        m.nags.push(nag);
        return Ok(());
    }
    if is_result(token) {
        // A result inside a variation ends nothing: PGN allows none there.
        return Err(format!("the result '{token}' stands inside a variation"));
    }
    let mut text = token;
    let mut nag = None;
    for (suffix, code) in SUFFIXES {
        if let Some(head) = token.strip_suffix(suffix).filter(|h| !h.is_empty()) {
            text = head;
            nag = Some(code);
            break;
        }
    }
    line.moves.push(PgnMove {
        text: text.to_string(),
        line: at,
        nags: nag.into_iter().collect(),
        ..Default::default()
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_tags_comments_nags_and_variations_are_read() {
        let text = "[Event \"A \\\"b\\\"\"]\n[Result \"1-0\"]\n\n{intro} 1. e4 $1 {good [%clk 0:01:00]} e5?! \
                    (1... c5 ; Sicilian\n 2. Nf3 (2. c3)) 2.Nf3 1-0\n\n% escaped line\n[Event \"two\"]\n\n1. d4 *\n";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!(g.tag("Event"), Some("A \"b\""));
        assert_eq!(g.moves.comments, vec!["intro"]);
        assert_eq!(g.main_line(), vec!["e4", "e5", "Nf3"]);
        let e4 = &g.moves.moves[0];
        assert_eq!((e4.nags.clone(), e4.comments.clone()), (vec![1], vec!["good [%clk 0:01:00]".to_string()]));
        let e5 = &g.moves.moves[1];
        assert_eq!(e5.nags, vec![6]);
        let sicilian = &e5.variations[0];
        assert_eq!(sicilian.moves[0].comments, vec!["Sicilian"]);
        assert_eq!(sicilian.moves[1].variations[0].moves[0].text, "c3");
        assert_eq!((g.result.as_str(), games[1].number, games[1].line), ("1-0", 2, 8));
        assert_eq!(games[1].main_line(), vec!["d4"]);
    }

    #[test]
    fn broken_text_is_refused_with_its_game_and_line() {
        let cases = [
            ("1. e4 {open", 1, 1, "not closed by '}'"),
            ("1. e4 *\n\n[Event \"x]\n", 2, 3, "quote is not closed"),
            ("1. e4 (1. d4\n2. c4", 1, 1, "not closed by ')'"),
            ("1. e4 e5)\n", 1, 1, "closes no variation"),
            ("( 1. e4 )", 1, 1, "before any move"),
            ("1. e4 $300", 1, 1, "not a NAG"),
            ("[Event x]", 1, 1, "double quotes"),
        ];
        for (text, game, line, words) in cases {
            let e = read_games(text).unwrap_err();
            assert_eq!((e.game, e.line), (game, line), "{text}: {e}");
            assert!(e.problem.contains(words), "{text}: {e}");
        }
        let deep = format!("1. e4 {}", "(1. d4 ".repeat(MAX_DEPTH + 1));
        assert!(read_games(&deep).unwrap_err().problem.contains("nested"));
    }
}
