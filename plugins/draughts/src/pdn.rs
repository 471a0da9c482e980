//! PDN game records (Portable Draughts Notation, pdn.fmjd.org): read a
//! file of games, write one, replay a game on the rules, and make a record
//! of moves played.
//!
//! Reading follows PDN 3.0 with the leniency its reading grammar allows:
//! tag pairs `[Name "value"]`; move numbers `12.` and `12...`; moves
//! (`32-28`, `28x19`, `28x19x10`) with a strength `!`, `?`, `!?` …;
//! comments `{…}`, `;` to the end of the line and lines starting with
//! `%`; NAGs `$3`; variations `(…)`, which are skipped; and the game
//! ends at a result (`2-0`, `1-1`, `0-2`, `1-0`, `1/2-1/2`, `0-1`, `*`)
//! or where the next game's tags begin. A setup (`/…/`) inside the moves
//! is refused, since the moves after it could not be replayed.
//!
//! Writing gives the tags, then the moves numbered as PDN numbers them
//! (`1. 32-28 19-23`, or `1... 19-23` when the second player is to move
//! in the start position) in lines of at most 79 characters, then the
//! result.

use std::fmt;

use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{Move, Notation, StatusKind};

use crate::colour::Colour;
use crate::position::DraughtsPosition;
use crate::rule::Rule;
use crate::Draughts;

/// One game of a PDN file.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PdnGame {
    /// The tag pairs, in the order written.
    pub tags: Vec<(String, String)>,
    /// The moves of the main line as written, without move numbers,
    /// strengths, comments or variations.
    pub moves: Vec<String>,
    /// The result written after the moves (`2-0`, `1/2-1/2`, `*`), or
    /// empty when the game text gives none.
    pub result: String,
}

impl PdnGame {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` to `value`, replacing it or adding it at the end.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    /// The rule set the `GameType` tag names (20 international, 21
    /// English), if it names one of them.
    pub fn rule(&self) -> Option<Rule> {
        let number = self.tag("GameType")?.split(',').next()?.trim();
        match number {
            "20" => Some(Rule::International),
            "21" => Some(Rule::English),
            _ => None,
        }
    }
}

/// What is wrong with a PDN text or game, and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PdnError {
    /// The line of the text (from 1), or 0 when the game as a whole is
    /// concerned.
    pub line: usize,
    /// The problem, naming the culprit.
    pub message: String,
}

impl PdnError {
    fn at(line: usize, message: impl Into<String>) -> Self {
        PdnError { line, message: message.into() }
    }
}

impl fmt::Display for PdnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: {}", self.line, self.message)
        } else {
            f.write_str(&self.message)
        }
    }
}

impl std::error::Error for PdnError {}

const RESULTS: [&str; 7] = ["2-0", "1-1", "0-2", "1-0", "0-1", "1/2-1/2", "*"];

/// Reads every game of a PDN text.
pub fn read(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    let mut reader = Reader { chars: text.char_indices().peekable(), text, line: 1 };
    let mut games = Vec::new();
    let mut game = PdnGame::default();
    while let Some(token) = reader.token()? {
        match token {
            Token::Tag(name, value) => {
                if !game.moves.is_empty() {
                    games.push(std::mem::take(&mut game));
                }
                game.tags.push((name, value));
            }
            Token::Word(word) => {
                if RESULTS.contains(&word.as_str()) {
                    game.result = word;
                    games.push(std::mem::take(&mut game));
                } else if let Some(mv) = move_of(&word) {
                    game.moves.push(mv.to_string());
                }
            }
        }
    }
    if game != PdnGame::default() {
        games.push(game);
    }
    Ok(games)
}

/// The move in a word, its number and strength taken off; `None` for a
/// bare move number.
fn move_of(word: &str) -> Option<&str> {
    let after_number = match word.find('.') {
        Some(dot) if word[..dot].bytes().all(|b| b.is_ascii_digit()) => word[dot..].trim_start_matches('.'),
        _ => word,
    };
    let mv = after_number.trim_end_matches(['!', '?', '(', ')']);
    (!mv.is_empty()).then_some(mv)
}

enum Token {
    Tag(String, String),
    Word(String),
}

struct Reader<'a> {
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    text: &'a str,
    line: usize,
}

impl Reader<'_> {
    fn bump(&mut self) -> Option<char> {
        let (_, c) = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    fn peek(&mut self) -> Option<char> {
        self.chars.peek().map(|&(_, c)| c)
    }

    /// Skips up to and including `end`, failing at the end of the text.
    fn skip_past(&mut self, end: char, what: &str) -> Result<(), PdnError> {
        let start = self.line;
        while let Some(c) = self.bump() {
            if c == end {
                return Ok(());
            }
        }
        Err(PdnError::at(start, format!("{what} is not closed with '{end}'")))
    }

    fn skip_variation(&mut self) -> Result<(), PdnError> {
        let start = self.line;
        let mut depth = 1;
        while let Some(c) = self.bump() {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                '{' => self.skip_past('}', "a comment")?,
                _ => {}
            }
            if depth == 0 {
                return Ok(());
            }
        }
        Err(PdnError::at(start, "a variation '(' is not closed with ')'"))
    }

    fn at_line_start(&self, offset: usize) -> bool {
        self.text[..offset].rsplit('\n').next().is_some_and(|before| before.trim().is_empty())
    }

    fn token(&mut self) -> Result<Option<Token>, PdnError> {
        while let Some(&(offset, c)) = self.chars.peek() {
            match c {
                c if c.is_whitespace() => {
                    self.bump();
                }
                '%' if self.at_line_start(offset) => self.skip_line(),
                ';' => self.skip_line(),
                '{' => self.skip_past('}', "a comment '{'")?,
                '(' => {
                    self.bump();
                    self.skip_variation()?;
                }
                '$' => {
                    self.bump();
                    while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.bump();
                    }
                }
                '[' => return self.tag().map(Some),
                '/' => return Err(PdnError::at(self.line, "a setup ('/…/') inside the moves cannot be replayed")),
                ')' | ']' | '}' => return Err(PdnError::at(self.line, format!("'{c}' closes nothing"))),
                _ => return Ok(Some(Token::Word(self.word()))),
            }
        }
        Ok(None)
    }

    fn skip_line(&mut self) {
        while self.peek().is_some_and(|c| c != '\n') {
            self.bump();
        }
    }

    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}()[];$".contains(c) {
                break;
            }
            word.push(c);
            self.bump();
        }
        word
    }

    fn tag(&mut self) -> Result<Token, PdnError> {
        let line = self.line;
        self.bump();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_ascii_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(PdnError::at(line, "a tag '[' has no name"));
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some('"') {
            return Err(PdnError::at(line, format!("tag '{name}' has no value in double quotes")));
        }
        let mut value = String::new();
        loop {
            match self.bump() {
                Some('\\') => value.extend(self.bump()),
                Some('"') => break,
                Some('\n') | None => {
                    return Err(PdnError::at(line, format!("the value of tag '{name}' is not closed")))
                }
                Some(c) => value.push(c),
            }
        }
        while self.peek().is_some_and(|c| c == ' ' || c == '\t') {
            self.bump();
        }
        if self.bump() != Some(']') {
            return Err(PdnError::at(line, format!("tag '{name}' is not closed with ']'")));
        }
        Ok(Token::Tag(name, value))
    }
}

/// The game as PDN text.
pub fn write(game: &PdnGame) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        out += &format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\""));
    }
    if !game.tags.is_empty() {
        out.push('\n');
    }
    let second_starts = second_player_starts(game);
    let mut words = Vec::with_capacity(game.moves.len() * 3 / 2 + 2);
    for (i, mv) in game.moves.iter().enumerate() {
        let ply = i + usize::from(second_starts);
        if ply % 2 == 0 {
            words.push(format!("{}.", ply / 2 + 1));
        } else if i == 0 {
            words.push(format!("{}...", ply / 2 + 1));
        }
        words.push(mv.clone());
    }
    words.push(if game.result.is_empty() { "*".to_string() } else { game.result.clone() });
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out += &line;
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += &word;
    }
    out += &line;
    out.push('\n');
    out
}

/// Whether the start position has the second player to move: the FEN
/// tag's side differs from the side the game type starts with.
fn second_player_starts(game: &PdnGame) -> bool {
    let first = match game.tag("GameType").and_then(|t| t.split(',').nth(1)).map(str::trim) {
        Some("B") => 'B',
        Some("W") => 'W',
        _ if game.rule() == Some(Rule::English) => 'B',
        _ => 'W',
    };
    game.tag("FEN").and_then(|fen| fen.trim().chars().next()).is_some_and(|side| side != first)
}

/// A game replayed: the position it starts from, its moves and the
/// position they lead to.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The start position (the `FEN` tag's, or the usual one).
    pub start: DraughtsPosition,
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// The position after the last move.
    pub end: DraughtsPosition,
}

/// Replays `game` on `rules`: its `GameType` must be the rules' (when
/// given), its `FEN` (if any) a position of them, and every move legal.
pub fn replay(rules: &Draughts, game: &PdnGame) -> Result<Replay, PdnError> {
    let rule = rules.rule();
    if let Some(declared) = game.rule() {
        if declared != rule {
            return Err(PdnError::at(
                0,
                format!(
                    "the game is {} draughts (GameType {}), the rules are {}",
                    declared.name(),
                    declared.pdn_game_type(),
                    rule.name()
                ),
            ));
        }
    }
    let start = match game.tag("FEN") {
        Some(fen) => rules.position_from_text(fen),
        None => rules.start_position(),
    }
    .map_err(|e| PdnError::at(0, format!("FEN tag: {e}")))?;
    let mut end = start.clone();
    let mut moves = Vec::with_capacity(game.moves.len());
    for (i, text) in game.moves.iter().enumerate() {
        let mv = end
            .parse_move(text, Notation::STANDARD)
            .map_err(|e| PdnError::at(0, format!("move {} ('{text}', {} to move): {e}", i + 1, end.side().name())))?;
        end.make_move(mv).map_err(|e| PdnError::at(0, format!("move {} ('{text}'): {e}", i + 1)))?;
        moves.push(mv);
    }
    Ok(Replay { start, moves, end })
}

/// A record of `moves` played from `start` (the rules' start position
/// when `None`), with `tags` first, then `GameType`, the `FEN` of a set-up
/// start, and the `Result` the final position has reached; the moves in
/// standard notation.
pub fn record(
    rules: &Draughts,
    start: Option<&DraughtsPosition>,
    moves: &[Move],
    tags: &[(&str, &str)],
) -> Result<PdnGame, PdnError> {
    let rule = rules.rule();
    let usual = rules.start_position().map_err(|e| PdnError::at(0, e.to_string()))?;
    let mut position = start.cloned().unwrap_or_else(|| usual.clone());
    let mut game = PdnGame::default();
    for (name, value) in tags {
        game.set_tag(name, value);
    }
    let first = rule.first().letter();
    game.set_tag(
        "GameType",
        &format!(
            "{},{first},{size},{size},N{},0",
            rule.pdn_game_type(),
            notation_code(rule),
            size = rule.layout().size
        ),
    );
    if position.to_text() != usual.to_text() {
        game.set_tag("SetUp", "1");
        game.set_tag("FEN", &position.to_text());
    }
    for (i, &mv) in moves.iter().enumerate() {
        let text = position
            .move_to_text(mv, Notation::STANDARD)
            .and_then(|text| position.make_move(mv).map(|()| text))
            .map_err(|e| PdnError::at(0, format!("move {}: {e}", i + 1)))?;
        game.moves.push(text);
    }
    game.result = result_text(rule, &position);
    game.set_tag("Result", &game.result.clone());
    Ok(game)
}

/// PDN's numbering code: `N2` for the international board, `N1` for the
/// English one (GameType table of the PDN standard).
fn notation_code(rule: Rule) -> u8 {
    match rule {
        Rule::International => 2,
        Rule::English => 1,
    }
}

/// The result in the rule's PDN result style, White's score first:
/// `2-0`/`1-1`/`0-2` internationally, `1-0`/`1/2-1/2`/`0-1` in English
/// draughts; `*` while the game goes on.
pub fn result_text(rule: Rule, position: &DraughtsPosition) -> String {
    let status = position.status();
    let white_won = status.kind == StatusKind::WIN && rule.colour_of(status.winner) == Colour::White;
    let text = match (status.kind, rule) {
        (StatusKind::WIN, Rule::International) if white_won => "2-0",
        (StatusKind::WIN, Rule::International) => "0-2",
        (StatusKind::DRAW, Rule::International) => "1-1",
        (StatusKind::WIN, Rule::English) if white_won => "1-0",
        (StatusKind::WIN, Rule::English) => "0-1",
        (StatusKind::DRAW, Rule::English) => "1/2-1/2",
        _ => "*",
    };
    text.to_string()
}
