//! Who plays a seat, as a typed value: a person, a strategy plugin (by
//! name, path or level), a strategy isolated in a child `tabula uci`, or an
//! external engine program with its protocol.
//!
//! The textual forms users type — `--players` entries such as `alphabeta`,
//! `hard`, `isolate:random` or `uci:/usr/games/stockfish`, and the
//! `strategy` key of a `[[players]]` table — are read here once, at the
//! edge, and written back the same way ([`PlayerSource::strategy_text`]).
//! Nothing past the edge looks at prefixes.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A named strength, mapped onto a strategy plugin and its options.
///
/// Easy, medium and hard keep the meaning they had in the original games
/// (the random, greedy and alpha-beta players); beginner to master are
/// alpha-beta at calibrated `strength` settings, each with the approximate
/// chess Elo measured against Stockfish's `UCI_Elo` (see [`LEVELS`] and
/// docs/BENCHMARKS-engines.md).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// The random strategy.
    Easy,
    /// The greedy strategy.
    Medium,
    /// The alphabeta strategy at full strength.
    Hard,
    /// Alpha-beta, strength 1.
    Beginner,
    /// Alpha-beta, strength 4.
    Novice,
    /// Alpha-beta, strength 7.
    Casual,
    /// Alpha-beta, strength 10.
    Club,
    /// Alpha-beta, strength 13.
    Strong,
    /// Alpha-beta, strength 16.
    Expert,
    /// Alpha-beta, strength 20 (full), with more time than hard.
    Master,
}

/// What a [`Level`] stands for: the data the window's New game and Players
/// dialogs show (title, Elo) and the seat it leads to (strategy, options,
/// thinking time).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelSpec {
    /// The level.
    pub level: Level,
    /// The word written in configs and on the command line.
    pub word: &'static str,
    /// The name shown to people.
    pub title: &'static str,
    /// The strategy plugin.
    pub strategy: &'static str,
    /// Options given to the strategy (a player's own options win).
    pub options: &'static [(&'static str, &'static str)],
    /// Thinking time per move the dialogs give a seat at this level, ms.
    pub time_ms: u64,
    /// Approximate chess Elo (against Stockfish's `UCI_Elo` scale, at the
    /// level's time), when measured.
    pub elo: Option<u32>,
}

/// Every level, weakest first, as the dialogs list them: random and
/// greedy, the calibrated ladder up to expert, then the two full-strength
/// alpha-beta levels, hard (2 s a move) below master (5 s). Random is
/// below greedy (12-0-0 over 12 chess games) and greedy below beginner
/// (0-6-6 over 12; `tabula tournament --rules chess --player beginner
/// --player medium --player easy --rounds 6 --time-ms 1000 --max-moves 200
/// --seed 7 --openings scripts/openings/chess.fen`). The Elo
/// figures come from the matches in docs/BENCHMARKS-engines.md (chess, 10 s + 0.1 s a game against
/// Stockfish 15.1's `UCI_Elo` at 1350, 1600 and 2000, rounded to 50;
/// below 1350, Stockfish's floor, through matches between levels).
/// Levels up to expert are limited by their node caps, not their time;
/// master was measured at the match's clock (about 0.3 s a move), so
/// at its 5 s a move it plays above its figure.
pub const LEVELS: [LevelSpec; 10] = [
    LevelSpec {
        level: Level::Easy,
        word: "easy",
        title: "Easy",
        strategy: "random",
        options: &[],
        time_ms: 300,
        elo: None,
    },
    LevelSpec {
        level: Level::Medium,
        word: "medium",
        title: "Medium",
        strategy: "greedy",
        options: &[],
        time_ms: 300,
        elo: None,
    },
    LevelSpec {
        level: Level::Beginner,
        word: "beginner",
        title: "Beginner",
        strategy: "alphabeta",
        options: &[("strength", "1")],
        time_ms: 1000,
        elo: Some(550),
    },
    LevelSpec {
        level: Level::Novice,
        word: "novice",
        title: "Novice",
        strategy: "alphabeta",
        options: &[("strength", "4")],
        time_ms: 1000,
        elo: Some(650),
    },
    LevelSpec {
        level: Level::Casual,
        word: "casual",
        title: "Casual",
        strategy: "alphabeta",
        options: &[("strength", "7")],
        time_ms: 1000,
        elo: Some(900),
    },
    LevelSpec {
        level: Level::Club,
        word: "club",
        title: "Club",
        strategy: "alphabeta",
        options: &[("strength", "10")],
        time_ms: 1000,
        elo: Some(1050),
    },
    LevelSpec {
        level: Level::Strong,
        word: "strong",
        title: "Strong",
        strategy: "alphabeta",
        options: &[("strength", "13")],
        time_ms: 1000,
        elo: Some(1400),
    },
    LevelSpec {
        level: Level::Expert,
        word: "expert",
        title: "Expert",
        strategy: "alphabeta",
        options: &[("strength", "16")],
        time_ms: 1000,
        elo: Some(1650),
    },
    LevelSpec {
        level: Level::Hard,
        word: "hard",
        title: "Hard",
        strategy: "alphabeta",
        options: &[],
        time_ms: 2000,
        elo: None,
    },
    LevelSpec {
        level: Level::Master,
        word: "master",
        title: "Master",
        strategy: "alphabeta",
        options: &[("strength", "20")],
        time_ms: 5000,
        elo: Some(1700),
    },
];

impl Level {
    /// The three classic levels (random, greedy, alpha-beta), weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The calibrated alpha-beta ladder, weakest first.
    pub const LADDER: [Level; 7] =
        [Level::Beginner, Level::Novice, Level::Casual, Level::Club, Level::Strong, Level::Expert, Level::Master];

    /// What this level stands for.
    pub fn spec(self) -> &'static LevelSpec {
        LEVELS.iter().find(|s| s.level == self).expect("every level has a row in LEVELS")
    }
    /// The strategy plugin this level stands for.
    pub fn strategy(self) -> &'static str {
        self.spec().strategy
    }
    /// The word written in configs and shown in the window.
    pub fn word(self) -> &'static str {
        self.spec().word
    }
    /// The strategy options of this level.
    pub fn options(self) -> &'static [(&'static str, &'static str)] {
        self.spec().options
    }
    /// The name and, when measured, the approximate Elo, for people
    /// (`Club (≈1500)`).
    pub fn label(self) -> String {
        let spec = self.spec();
        match spec.elo {
            Some(elo) => format!("{} (≈{elo})", spec.title),
            None => spec.title.to_string(),
        }
    }
    /// One line for people about what this level is (the dialogs show it
    /// under the level buttons).
    pub fn describe(self) -> String {
        let spec = self.spec();
        let who = match (spec.strategy, spec.options.iter().find(|(k, _)| *k == "strength")) {
            ("random", _) => "random moves".to_string(),
            ("greedy", _) => "the best move one ply ahead".to_string(),
            (s, Some((_, n))) => format!("{s} at strength {n} of 20"),
            (s, None) => format!("{s} at full strength"),
        };
        let elo = spec.elo.map_or(String::new(), |e| format!(", about {e} Elo in chess"));
        format!("{}: {who}, {:.1} s a move{elo}", spec.title, spec.time_ms as f64 / 1000.0)
    }
    /// Reads any level's word.
    pub fn parse(text: &str) -> Option<Level> {
        LEVELS.iter().find(|s| s.word == text).map(|s| s.level)
    }
}

/// The protocol an external engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// UCI.
    Uci,
    /// UCCI, the UCI dialect with `ucci`/`ucciok` and `bye`.
    Ucci,
    /// Gomocup (Piskvork) brains.
    Gomocup,
    /// The Go Text Protocol.
    Gtp,
    /// USI, shogi's UCI: SFEN positions and squares from the right.
    Usi,
}

impl Protocol {
    /// The word used in configs and on the command line.
    pub fn word(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Ucci => "ucci",
            Protocol::Gomocup => "gomocup",
            Protocol::Gtp => "gtp",
            Protocol::Usi => "usi",
        }
    }
    /// Inverse of [`Protocol::word`].
    pub fn from_word(word: &str) -> Option<Protocol> {
        [Protocol::Uci, Protocol::Ucci, Protocol::Gomocup, Protocol::Gtp, Protocol::Usi]
            .into_iter()
            .find(|p| p.word() == word)
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

    /// The program's file name, without its directory.
    pub fn program_name(&self) -> &str {
        self.command.rsplit('/').next().unwrap_or(&self.command)
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

/// The strategy of a computer seat that runs a strategy plugin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrategyRef {
    /// A named strength (the config's `level` key).
    Level(Level),
    /// A plugin name or library path (the config's `strategy` key; a level
    /// word written there stays a name and is resolved when loading).
    Plugin(String),
}

impl StrategyRef {
    /// The plugin name or path to load.
    pub fn plugin_ref(&self) -> &str {
        match self {
            StrategyRef::Level(level) => level.strategy(),
            StrategyRef::Plugin(name) => name,
        }
    }
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSource {
    /// A person.
    Human,
    /// A strategy plugin searching on a worker thread of this process.
    Strategy(StrategyRef),
    /// A strategy plugin (name, path or level word) in a child `tabula uci`.
    Isolated(String),
    /// An external engine program.
    Engine(EngineSpec),
}

/// The prefix of an isolated strategy in `--players` entries and in the
/// `strategy` key.
pub const ISOLATE_PREFIX: &str = "isolate:";

impl PlayerSource {
    /// Reads a `--players` entry: an engine spec (`uci:PROGRAM`),
    /// `isolate:S`, or a strategy name, path or level. An isolated level
    /// names its strategy (`isolate:hard` is `isolate:alphabeta`).
    pub fn parse_entry(entry: &str) -> PlayerSource {
        if let Some(spec) = EngineSpec::parse(entry) {
            return PlayerSource::Engine(spec);
        }
        match entry.strip_prefix(ISOLATE_PREFIX) {
            Some(inner) => {
                PlayerSource::Isolated(Level::parse(inner).map_or(inner.to_string(), |l| l.strategy().to_string()))
            }
            None => PlayerSource::Strategy(match Level::parse(entry) {
                Some(level) => StrategyRef::Level(level),
                None => StrategyRef::Plugin(entry.to_string()),
            }),
        }
    }

    /// Reads the `strategy` key of a computer (`kind = "ai"`) seat:
    /// `isolate:S` or a plugin name or path.
    pub fn from_strategy_key(text: &str) -> PlayerSource {
        match text.strip_prefix(ISOLATE_PREFIX) {
            Some(inner) => PlayerSource::Isolated(inner.to_string()),
            None => PlayerSource::Strategy(StrategyRef::Plugin(text.to_string())),
        }
    }

    /// The `strategy` key this source is written with, if any (the
    /// inverse of [`PlayerSource::from_strategy_key`] and, for engines, of
    /// [`EngineSpec::parse`]).
    pub fn strategy_text(&self) -> Option<String> {
        match self {
            PlayerSource::Human | PlayerSource::Strategy(StrategyRef::Level(_)) => None,
            PlayerSource::Strategy(StrategyRef::Plugin(name)) => Some(name.clone()),
            PlayerSource::Isolated(name) => Some(format!("{ISOLATE_PREFIX}{name}")),
            PlayerSource::Engine(spec) => Some(spec.to_string()),
        }
    }

    /// The strategy plugin name or path of a strategy or isolated seat.
    pub fn strategy_ref(&self) -> Option<&str> {
        match self {
            PlayerSource::Strategy(s) => Some(s.plugin_ref()),
            PlayerSource::Isolated(name) => Some(name),
            PlayerSource::Human | PlayerSource::Engine(_) => None,
        }
    }

    /// The level, for a strategy seat chosen by strength.
    pub fn level(&self) -> Option<Level> {
        match self {
            PlayerSource::Strategy(StrategyRef::Level(level)) => Some(*level),
            _ => None,
        }
    }

    /// The engine program, for an engine seat.
    pub fn engine(&self) -> Option<&EngineSpec> {
        match self {
            PlayerSource::Engine(spec) => Some(spec),
            _ => None,
        }
    }

    /// Whether a person plays the seat.
    pub fn is_human(&self) -> bool {
        matches!(self, PlayerSource::Human)
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
        assert_eq!(s.program_name(), "stockfish");
        let s = EngineSpec::parse("gomocup:python3 \"my brain.py\" -q").unwrap();
        assert_eq!(s.args, vec!["my brain.py".to_string(), "-q".to_string()]);
        assert_eq!(EngineSpec::parse(&s.to_string()), Some(s));
        assert_eq!(EngineSpec::parse("alphabeta"), None);
        assert_eq!(EngineSpec::parse("tcp:host"), None);
        assert_eq!(EngineSpec::parse("uci:"), None);
    }

    #[test]
    fn entries_become_sources() {
        assert_eq!(PlayerSource::parse_entry("hard"), PlayerSource::Strategy(StrategyRef::Level(Level::Hard)));
        assert_eq!(PlayerSource::parse_entry("greedy"), PlayerSource::Strategy(StrategyRef::Plugin("greedy".into())));
        assert_eq!(PlayerSource::parse_entry("isolate:hard"), PlayerSource::Isolated("alphabeta".into()));
        assert_eq!(PlayerSource::parse_entry("isolate:./x.so"), PlayerSource::Isolated("./x.so".into()));
        let engine = PlayerSource::parse_entry("ucci:/usr/games/prog -q");
        assert_eq!(engine.engine().map(|s| s.protocol), Some(Protocol::Ucci));
        assert_eq!(engine.strategy_text().as_deref(), Some("ucci:/usr/games/prog -q"));
    }

    #[test]
    fn strategy_keys_round_trip() {
        for text in ["isolate:alphabeta", "random", "plugins/libx.so"] {
            let source = PlayerSource::from_strategy_key(text);
            assert_eq!(source.strategy_text().as_deref(), Some(text));
        }
        assert_eq!(PlayerSource::from_strategy_key("isolate:hard").strategy_ref(), Some("hard"));
        assert_eq!(PlayerSource::Strategy(StrategyRef::Level(Level::Medium)).strategy_ref(), Some("greedy"));
        assert_eq!(Level::parse("medium"), Some(Level::Medium));
        assert_eq!(Level::parse("Medium"), None);
    }

    #[test]
    fn the_levels_are_listed_weakest_first() {
        let words: Vec<&str> = LEVELS.iter().map(|s| s.word).collect();
        assert_eq!(
            words,
            ["easy", "medium", "beginner", "novice", "casual", "club", "strong", "expert", "hard", "master"]
        );
        // Random, then one ply, then searches by strength, then by time.
        let strength = |s: &LevelSpec| match s.strategy {
            "random" => 0,
            "greedy" => 1,
            _ => 2 + s.options.iter().find(|(k, _)| *k == "strength").map_or(20, |(_, v)| v.parse().unwrap()),
        };
        let keys: Vec<(u32, u64)> = LEVELS.iter().map(|s| (strength(s), s.time_ms)).collect();
        assert!(keys.windows(2).all(|w| w[0] < w[1]), "each level at least as strong as the one before: {keys:?}");
        let elos: Vec<u32> = LEVELS.iter().filter_map(|s| s.elo).collect();
        assert!(elos.windows(2).all(|w| w[0] < w[1]), "measured Elo rises down the list: {elos:?}");
    }

    #[test]
    fn the_level_table_is_complete_and_ordered() {
        for spec in &LEVELS {
            assert_eq!(spec.level.spec(), spec, "{} has one row", spec.word);
            assert_eq!(Level::parse(spec.word), Some(spec.level));
        }
        assert_eq!(
            [Level::Easy, Level::Medium, Level::Hard].map(Level::strategy),
            ["random", "greedy", "alphabeta"],
            "the classic levels keep their meaning"
        );
        let strength = |l: Level| -> u32 {
            l.options().iter().find(|(k, _)| *k == "strength").map_or(20, |(_, v)| v.parse().unwrap())
        };
        let ladder: Vec<u32> = Level::LADDER.iter().map(|&l| strength(l)).collect();
        assert!(ladder.windows(2).all(|w| w[0] < w[1]), "the ladder climbs: {ladder:?}");
        let elos: Vec<u32> = Level::LADDER.iter().filter_map(|l| l.spec().elo).collect();
        assert!(elos.windows(2).all(|w| w[0] < w[1]), "measured Elo rises with the level: {elos:?}");
    }
}
