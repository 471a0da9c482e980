//! A PGN game as read, whole: its tags in order, the main line with every
//! comment, NAG and variation, and the result; and its writer, which puts
//! the Seven Tag Roster first and keeps the rest, so that a game read and
//! written again keeps its moves, comments and variations.
//!
//! Moves are kept as the text the file gave (the rules plugin's standard
//! notation, SAN for chess): this module knows PGN's layout, no game.

use super::GameRecord;

/// The Seven Tag Roster, in the order PGN writes it, with the value a tag
/// gets when the game lacks it.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// One game of a PGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    /// Its number in the file, from 1.
    pub number: usize,
    /// The line it starts on, from 1.
    pub line: usize,
    /// Tag pairs in the order read.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Line,
    /// The game termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`).
    pub result: String,
}

/// A line of play: the main line, or a variation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    /// Comments before its first move.
    pub comments: Vec<String>,
    /// Its moves.
    pub moves: Vec<PgnMove>,
}

/// One move with what annotates it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written (without `!`/`?` suffixes, which become NAGs).
    pub text: String,
    /// The line of the file it is on, from 1.
    pub line: usize,
    /// Numeric annotation glyphs (`$1`, or `!` read as 1).
    pub nags: Vec<u16>,
    /// Comments after it (`{…}` and `;…`), `[%clk …]` commands included.
    pub comments: Vec<String>,
    /// Alternatives to this move, each from the position before it.
    pub variations: Vec<Line>,
}

impl PgnGame {
    /// The value of tag `name` (PGN tag names are case-sensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }

    /// Sets tag `name`, keeping its place when it is there already.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The start position given by the `FEN` tag, if any (PGN pairs it
    /// with `SetUp "1"`; a `FEN` tag alone is honoured too).
    pub fn start(&self) -> Option<&str> {
        self.tag("FEN").map(str::trim).filter(|f| !f.is_empty())
    }

    /// The main line's move texts.
    pub fn main_line(&self) -> Vec<&str> {
        self.moves.moves.iter().map(|m| m.text.as_str()).collect()
    }

    /// The number of the first move and whether the second player makes
    /// it, from the FEN tag's side-to-move and fullmove fields.
    pub fn first_number(&self) -> (u32, bool) {
        let fields: Vec<&str> = self.start().map(|f| f.split_whitespace().collect()).unwrap_or_default();
        let second = fields.get(1).is_some_and(|s| *s == "b");
        let number = fields.get(5).and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(1);
        (number, second)
    }

    /// A played game as PGN: the record's roster, start and moves (as
    /// [`super::pgn::write_game`] tags them); with `source`, the game it
    /// was loaded from, that game's other tags are kept, and so are the
    /// comments, NAGs and variations of every move still as it was there
    /// (the moves played the same way from the start).
    pub fn of_record(record: &GameRecord, source: Option<&PgnGame>, finished: bool) -> PgnGame {
        let name = |i: usize| record.players.get(i).cloned().unwrap_or_else(|| "?".into());
        let result = if finished { super::pgn::result_token(record) } else { "*" };
        let mut game = source.cloned().unwrap_or_default();
        game.result = result.to_string();
        for (k, v) in [
            ("Event", record.event.clone()),
            ("Site", record.site.clone()),
            ("Date", record.date.clone()),
            ("Round", record.round.to_string()),
            ("White", name(0)),
            ("Black", name(1)),
            ("Result", result.to_string()),
        ] {
            // A loaded game keeps the roster it came with.
            if source.is_none() || game.tag(k).is_none() || k == "Result" {
                game.set_tag(k, v);
            }
        }
        game.tags.retain(|(k, _)| k != "SetUp" && k != "FEN");
        if !record.start.is_empty() {
            game.set_tag("SetUp", "1");
            game.set_tag("FEN", record.start.clone());
        }
        let old = std::mem::take(&mut game.moves);
        let same_start = source.map(|s| s.start().unwrap_or("")).unwrap_or(&record.start) == record.start;
        let kept = if same_start { old.moves.len() } else { 0 };
        // The first move played otherwise ends what is kept: later
        // annotations were about another game.
        let prefix =
            (0..record.standard.len()).take_while(|&i| i < kept && old.moves[i].text == record.standard[i]).count();
        let moves =
            record
                .standard
                .iter()
                .enumerate()
                .map(|(i, text)| {
                    if i < prefix {
                        old.moves[i].clone()
                    } else {
                        PgnMove { text: text.clone(), ..Default::default() }
                    }
                })
                .collect();
        game.moves = Line { comments: if same_start { old.comments } else { Vec::new() }, moves };
        game
    }

    /// Whether every word of `filter` (any case) is in one of the tags a
    /// game list shows: White, Black, Result, Date, Event, Site, Round.
    pub fn matches(&self, filter: &str) -> bool {
        let shown: Vec<String> = ["White", "Black", "Result", "Date", "Event", "Site", "Round"]
            .iter()
            .filter_map(|t| self.tag(t))
            .map(str::to_lowercase)
            .collect();
        filter.split_whitespace().map(str::to_lowercase).all(|w| shown.iter().any(|s| s.contains(&w)))
    }

    /// The result this game gives: its termination marker, else its
    /// `Result` tag, else `*`.
    pub fn result_token(&self) -> &str {
        if !self.result.is_empty() {
            return &self.result;
        }
        self.tag("Result").filter(|r| is_result(r)).unwrap_or("*")
    }
}

/// Whether `token` is one of PGN's game termination markers, or one of
/// PDN's (`2-0`, `0-2`, `1-1`: draughts counts two points a game).
pub fn is_result(token: &str) -> bool {
    matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*" | "2-0" | "0-2" | "1-1")
}

/// A tag value with `\` and `"` escaped.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A game as PGN text: the Seven Tag Roster in its order (`?` for a tag
/// the game lacks, the result for `Result`), the other tags as read, then
/// the movetext with comments, NAGs and variations, and a blank line.
pub fn write(game: &PgnGame) -> String {
    let mut out = String::new();
    let result = game.result_token().to_string();
    for (name, missing) in SEVEN_TAG_ROSTER {
        let value = match name {
            "Result" => result.clone(),
            _ => game.tag(name).unwrap_or(missing).to_string(),
        };
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    for (name, value) in &game.tags {
        if !SEVEN_TAG_ROSTER.iter().any(|(n, _)| n == name) {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
    }
    out.push('\n');
    let (number, second) = game.first_number();
    let mut tokens = Vec::new();
    line_tokens(&game.moves, number, second, &mut tokens);
    hug_parentheses(&mut tokens);
    tokens.push(result);
    out.push_str(&super::pgn::wrap(&tokens));
    out.push_str("\n\n");
    out
}

/// A comment as a `{…}` token; a `}` inside would end it early, so it goes.
fn comment_token(text: &str) -> String {
    format!("{{{}}}", text.replace('}', ""))
}

/// The tokens of `line`, whose first move is number `number`, made by
/// the second player when `second`.
fn line_tokens(line: &Line, mut number: u32, mut second: bool, out: &mut Vec<String>) {
    out.extend(line.comments.iter().map(|c| comment_token(c)));
    // After a comment or a variation, a second player's move is numbered
    // again (`5... Nf6`) so the reader knows where it is.
    let mut renumber = true;
    for m in &line.moves {
        if !second {
            out.push(format!("{number}."));
        } else if renumber {
            out.push(format!("{number}..."));
        }
        out.push(m.text.clone());
        out.extend(m.nags.iter().map(|n| format!("${n}")));
        out.extend(m.comments.iter().map(|c| comment_token(c)));
        for variation in &m.variations {
            out.push("(".into());
            line_tokens(variation, number, second, out);
            out.push(")".into());
        }
        renumber = !m.comments.is_empty() || !m.variations.is_empty();
        if second {
            number += 1;
        }
        second = !second;
    }
}

/// `(` and `)` hug their contents: `(1... e5 2. Nf3)`.
fn hug_parentheses(tokens: &mut Vec<String>) {
    let mut i = 0;
    while i + 1 < tokens.len() {
        if tokens[i] == "(" {
            let next = tokens.remove(i + 1);
            tokens[i].push_str(&next);
        } else if tokens[i + 1] == ")" {
            tokens.remove(i + 1);
            tokens[i].push(')');
            continue;
        }
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(text: &str) -> PgnMove {
        PgnMove { text: text.into(), line: 1, ..Default::default() }
    }

    #[test]
    fn the_roster_comes_first_and_numbers_follow_the_fen() {
        let mut g = PgnGame { result: "0-1".into(), ..Default::default() };
        g.set_tag("Annotator", "me");
        g.set_tag("White", "A \"x\"");
        g.set_tag("FEN", "k7/8/8/8/8/8/8/K7 b - - 0 12");
        let mut reply = mv("Kb1");
        reply.comments.push("only move".into());
        g.moves.moves = vec![mv("Kb7"), reply, mv("Kc7")];
        let text = write(&g);
        assert!(text.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"), "{text}");
        assert!(text.contains("[White \"A \\\"x\\\"\"]\n[Black \"?\"]\n[Result \"0-1\"]\n[Annotator \"me\"]\n"));
        assert!(text.ends_with("\n12... Kb7 13. Kb1 {only move} 13... Kc7 0-1\n\n"), "{text}");
    }

    #[test]
    fn the_filter_looks_for_every_word_in_the_listed_tags() {
        let mut g = PgnGame::default();
        g.set_tag("White", "Paul Morphy");
        g.set_tag("Date", "1858.11.02");
        g.set_tag("Annotator", "Steinitz");
        assert!(g.matches("") && g.matches("morphy 1858") && g.matches("PAUL"));
        assert!(!g.matches("morphy 1859") && !g.matches("steinitz"), "only the listed tags count");
    }

    #[test]
    fn variations_nest_and_hug_their_parentheses() {
        let mut e4 = mv("e4");
        e4.nags.push(1);
        let mut d4 = mv("d4");
        d4.variations.push(Line { comments: vec!["or".into()], moves: vec![mv("c4")] });
        e4.variations.push(Line { comments: vec![], moves: vec![d4, mv("d5")] });
        let g =
            PgnGame { moves: Line { comments: vec!["start".into()], moves: vec![e4, mv("e5")] }, ..Default::default() };
        let text = write(&g);
        assert!(text.ends_with("\n{start} 1. e4 $1 (1. d4 ({or} 1. c4) 1... d5) 1... e5 *\n\n"), "{text}");
    }
}
