//! External engines as players: a program speaking UCI, UCCI or the Gomocup
//! protocol on stdin/stdout sits in a seat like a strategy plugin. The host
//! starts it, handshakes, sends each position (start text or start position
//! plus the moves), enforces the time with the same grace period as for
//! strategies, and turns a crash, a hang, garbage or an illegal move into a
//! forfeit with the reason recorded. Isolation (`isolate:S`) is the same
//! machinery with a child `tabula uci` running the strategy plugin.

mod player;
mod process;

pub use player::{EngineContext, EnginePlayer};
pub use process::Process;

use std::fmt;

/// The protocol an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// UCI.
    Uci,
    /// UCCI, the UCI dialect with `ucci`/`ucciok` and `bye`.
    Ucci,
    /// Gomocup (Piskvork) brains.
    Gomocup,
}

impl Protocol {
    /// The word used in configs and on the command line.
    pub fn word(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Ucci => "ucci",
            Protocol::Gomocup => "gomocup",
        }
    }
    /// Inverse of [`Protocol::word`].
    pub fn from_word(word: &str) -> Option<Protocol> {
        [Protocol::Uci, Protocol::Ucci, Protocol::Gomocup].into_iter().find(|p| p.word() == word)
    }
}

/// A program to run and how to talk to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The protocol.
    pub protocol: Protocol,
    /// The program.
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
}

impl EngineSpec {
    /// Reads `PROTOCOL:COMMAND [ARG ...]` (the form of `--players` entries
    /// and of an engine player's `strategy` key); arguments are separated
    /// by spaces and may be double-quoted. `None` when the text does not
    /// start with a known protocol word and a colon.
    pub fn parse(text: &str) -> Option<EngineSpec> {
        let (word, rest) = text.split_once(':')?;
        let protocol = Protocol::from_word(word.trim())?;
        let mut words = split_words(rest.trim()).into_iter();
        let command = words.next().filter(|c| !c.is_empty())?;
        Some(EngineSpec { protocol, command, args: words.collect() })
    }
}

impl fmt::Display for EngineSpec {
    /// The form [`EngineSpec::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.protocol.word(), quote_word(&self.command))?;
        for a in &self.args {
            write!(f, " {}", quote_word(a))?;
        }
        Ok(())
    }
}

/// Splits on spaces; double quotes group words and `\"` is a literal quote.
pub fn split_words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let (mut quoted, mut any) = (false, false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if quoted && chars.peek() == Some(&'"') => {
                current.push('"');
                chars.next();
            }
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any || !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
                any = false;
            }
            c => current.push(c),
        }
    }
    if any || !current.is_empty() {
        out.push(current);
    }
    out
}

fn quote_word(word: &str) -> String {
    if word.is_empty() || word.contains(char::is_whitespace) || word.contains('"') {
        format!("\"{}\"", word.replace('"', "\\\""))
    } else {
        word.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        let s = EngineSpec::parse("uci:/usr/games/stockfish").unwrap();
        assert_eq!((s.protocol, s.command.as_str(), s.args.len()), (Protocol::Uci, "/usr/games/stockfish", 0));
        let s = EngineSpec::parse("gomocup:python3 \"my brain.py\" -q").unwrap();
        assert_eq!(s.args, vec!["my brain.py".to_string(), "-q".to_string()]);
        assert_eq!(EngineSpec::parse(&s.to_string()), Some(s));
        assert_eq!(EngineSpec::parse("alphabeta"), None);
        assert_eq!(EngineSpec::parse("tcp:host"), None);
        assert_eq!(EngineSpec::parse("uci:"), None);
    }
}
