//! Perft (counting move paths) and a harness for perft data files.
//!
//! [`perft`] walks every line of moves to a depth through the boundary
//! object, counting the last ply in bulk with `count_legal_moves`; it is
//! the standard test of a move generator, and a known count pins every
//! rule (castling, en passant, promotion, the flying general).
//!
//! # What is counted
//!
//! A path is a sequence of legal moves, each one ply, so:
//!
//! * a pass is a move like any other and uses a ply (Othello, Go);
//! * a finished game has no legal moves, so a line that ends the game
//!   counts **0** at every deeper depth (it is not a leaf of the deeper
//!   count): [`Finished::Stops`], the default. Some published tables
//!   (Othello's, for one, from depth 10) count a finished game as a leaf
//!   at every deeper depth instead; [`Finished::Leaf`] counts that way
//!   ([`perft_with`], the `finished leaf` field of a perft file, `tabula
//!   perft --finished leaf`), so such a table can be copied as it is;
//! * in a game with chance (dice), each outcome of a chance node is a move
//!   too: a roll uses a ply, and the count is of paths, not weighted by
//!   probability.
//!
//! # The perft file format
//!
//! One position per line, EPD-style: the position text in the game's own
//! format, then `;`-separated fields, each `D<depth> <count>`,
//! `id <name>` or `finished stops|leaf` (how that line's counts treat
//! finished games, see above; `stops` when absent):
//!
//! ```text
//! # The chess start position (chessprogramming wiki, "Perft Results").
//! rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;id start ;D1 20 ;D2 400 ;D3 8902
//! # Tic-tac-toe: 255,168 games in all, each a leaf of depth 9 when finished games count.
//! .../.../... x ;id games ;finished leaf ;D9 255168
//! ```
//!
//! * The position text runs up to the first `;` (so it must not contain
//!   one) and is trimmed; it is read with `Rules::position_from_text`.
//! * Counts may use `_` between digits (`4_865_609`).
//! * Blank lines and lines starting with `#` are ignored (`#` elsewhere is
//!   text: `;id illegal ep move #1`).
//!
//! [`check_file`] checks every count up to a node budget and names the
//! file, the line and the depth of the first mismatch.
//!
//! ```
//! use rules_api::RulesExt;
//! use tabula_kit::perft::{perft, perft_with, Finished};
//! use tabula_kit::testgames::{rules, Mnk};
//!
//! let game = rules(Mnk::tic_tac_toe());
//! let mut start = game.start()?;
//! assert_eq!(perft(&mut start, 2)?, 72);
//! // Games of exactly nine moves, and every game however short.
//! assert_eq!(perft(&mut start, 9)?, 127_872);
//! assert_eq!(perft_with(&mut start, 9, Finished::Leaf)?, 255_168);
//! # Ok::<(), rules_api::PluginError>(())
//! ```

use std::fmt;
use std::path::Path;

use rules_api::{Move, Notation, PluginError, PositionBox, PositionExt, RVec, RulesBox, RulesExt};

/// The deepest perft accepted: far beyond any that finishes, and a bound on
/// the buffers allocated up front (one per ply).
pub const MAX_DEPTH: u32 = 64;

fn check_depth(depth: u32) -> Result<(), PluginError> {
    if depth > MAX_DEPTH {
        return Err(PluginError::invalid_input(format!(
            "perft depth {depth} is more than {MAX_DEPTH}, the deepest accepted (no such perft would ever finish)"
        )));
    }
    Ok(())
}

/// How a game that ends above the last ply is counted: the one point on
/// which published perft tables differ (see the module docs).
#[non_exhaustive]
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Finished {
    /// The path stops: a finished game has no moves, so it counts 0 at
    /// every deeper depth. Tabula's convention, and most tables'.
    #[default]
    Stops,
    /// The finished game counts 1 at every deeper depth, as a leaf (some
    /// Othello tables). "Finished" is "no legal moves", which the position
    /// contract makes the same thing.
    Leaf,
}

impl Finished {
    /// The name used by perft files and `tabula perft --finished`.
    pub fn name(self) -> &'static str {
        match self {
            Finished::Stops => "stops",
            Finished::Leaf => "leaf",
        }
    }

    /// Reads [`Finished::name`] back.
    pub fn from_name(name: &str) -> Option<Finished> {
        [Finished::Stops, Finished::Leaf].into_iter().find(|f| f.name() == name)
    }
}

/// Counts the move paths of exactly `depth` plies from `position` (1 at
/// depth 0), leaving the position as it found it. A game that ends earlier
/// counts 0 deeper down ([`Finished::Stops`]). A depth beyond
/// [`MAX_DEPTH`] is refused.
pub fn perft(position: &mut PositionBox, depth: u32) -> Result<u64, PluginError> {
    perft_with(position, depth, Finished::Stops)
}

/// [`perft`] counting finished games as `finished` says.
pub fn perft_with(position: &mut PositionBox, depth: u32, finished: Finished) -> Result<u64, PluginError> {
    check_depth(depth)?;
    let mut buffers: Vec<RVec<Move>> = (0..depth.saturating_sub(1)).map(|_| RVec::with_capacity(128)).collect();
    walk(position, depth, finished, &mut buffers)
}

/// One move buffer per ply above the last, so the walk allocates nothing
/// once they have grown.
fn walk(
    position: &mut PositionBox,
    depth: u32,
    finished: Finished,
    buffers: &mut [RVec<Move>],
) -> Result<u64, PluginError> {
    let leaf = u64::from(finished == Finished::Leaf);
    match depth {
        0 => Ok(1),
        1 => position.move_count().map(|n| if n == 0 { leaf } else { n }),
        _ => {
            let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply above the last");
            position.moves_into(moves)?;
            if moves.is_empty() {
                return Ok(leaf);
            }
            let mut nodes = 0;
            for &m in moves.iter() {
                position.play(m)?;
                let below = walk(position, depth - 1, finished, rest);
                // Take the move back even when counting failed, so the
                // caller's position is never left changed.
                position.undo()?;
                nodes += below?;
            }
            Ok(nodes)
        }
    }
}

/// Perft split by first move: each legal move in coordinate notation with
/// the number of paths of `depth` plies that start with it (`depth` ≥ 1),
/// in the plugin's move order.
pub fn divide(position: &mut PositionBox, depth: u32) -> Result<Vec<(String, u64)>, PluginError> {
    divide_with(position, depth, Finished::Stops)
}

/// [`divide`] counting finished games as `finished` says.
pub fn divide_with(
    position: &mut PositionBox,
    depth: u32,
    finished: Finished,
) -> Result<Vec<(String, u64)>, PluginError> {
    check_depth(depth)?;
    let mut out = Vec::new();
    for m in position.moves()? {
        let name = position.notate(m, Notation::COORDINATE)?;
        position.play(m)?;
        let nodes = perft_with(position, depth.saturating_sub(1), finished);
        position.undo()?;
        out.push((name, nodes?));
    }
    Ok(out)
}

/// One line of a perft file.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PerftCase {
    /// The line number in the file (from 1).
    pub line: usize,
    /// The position text.
    pub position: String,
    /// The `id` field, if any.
    pub id: Option<String>,
    /// `(depth, count)` pairs in file order.
    pub counts: Vec<(u32, u64)>,
    /// How the counts treat finished games (the `finished` field).
    pub finished: Finished,
}

/// Reads perft cases from `text` (the file format above); `source` names
/// the file in errors.
pub fn parse(source: &str, text: &str) -> Result<Vec<PerftCase>, PerftError> {
    let mut cases = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let content = raw.trim();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        let error = |message: String| PerftError::new(source, line, None, PerftErrorKind::Syntax, message);
        let mut fields = content.split(';');
        let position = fields.next().unwrap_or("").trim().to_string();
        if position.is_empty() {
            return Err(error("the line has no position text before its first ';'".into()));
        }
        let mut case = PerftCase { line, position, id: None, counts: Vec::new(), finished: Finished::Stops };
        for field in fields.map(str::trim).filter(|f| !f.is_empty()) {
            if let Some(id) = field.strip_prefix("id ") {
                case.id = Some(id.trim().trim_matches('"').to_string());
                continue;
            }
            if let Some(name) = field.strip_prefix("finished ") {
                case.finished = Finished::from_name(name.trim())
                    .ok_or_else(|| error(format!("'{field}': finished games are counted 'stops' or 'leaf'")))?;
                continue;
            }
            let (key, value) = field.split_once(char::is_whitespace).unwrap_or((field, ""));
            let depth = key.strip_prefix('D').and_then(|d| d.parse::<u32>().ok());
            let count = value.trim().replace('_', "").parse::<u64>().ok();
            match (depth, count) {
                (Some(depth), Some(count)) => case.counts.push((depth, count)),
                _ => return Err(error(format!("'{field}' is not 'D<depth> <count>' or 'id <name>'"))),
            }
        }
        if case.counts.is_empty() {
            return Err(error("the line gives no 'D<depth> <count>' field".into()));
        }
        cases.push(case);
    }
    Ok(cases)
}

/// What [`check_file`] covered.
#[non_exhaustive]
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PerftSummary {
    /// Positions read.
    pub positions: usize,
    /// Counts checked.
    pub checked: usize,
    /// Counts left out because they exceed the node budget.
    pub skipped: usize,
    /// Paths counted in all.
    pub nodes: u64,
}

/// Checks every count of the perft file at `path` whose expected count is
/// at most `max_nodes`, and that perft leaves each position as it found it.
pub fn check_file(rules: &RulesBox, path: impl AsRef<Path>, max_nodes: u64) -> Result<PerftSummary, PerftError> {
    let path = path.as_ref();
    let source = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| PerftError::new(&source, 0, None, PerftErrorKind::Io, format!("cannot read the file: {e}")))?;
    check_cases(rules, &source, &parse(&source, &text)?, max_nodes)
}

/// [`check_file`] on cases already read; `source` names them in errors.
pub fn check_cases(
    rules: &RulesBox,
    source: &str,
    cases: &[PerftCase],
    max_nodes: u64,
) -> Result<PerftSummary, PerftError> {
    let mut summary = PerftSummary::default();
    for case in cases {
        let at = |depth: Option<u32>, kind: PerftErrorKind, message: String| {
            let named = match &case.id {
                Some(id) => format!("{message} ({id}: {})", case.position),
                None => format!("{message} ({})", case.position),
            };
            PerftError::new(source, case.line, depth, kind, named)
        };
        let plugin = |depth: Option<u32>| move |e: PluginError| at(depth, PerftErrorKind::Plugin, e.to_string());
        let mut position = rules.position(&case.position).map_err(plugin(None))?;
        let before = (position.text().map_err(plugin(None))?, position.hash());
        summary.positions += 1;
        for &(depth, expected) in &case.counts {
            if expected > max_nodes {
                summary.skipped += 1;
                continue;
            }
            let got = perft_with(&mut position, depth, case.finished).map_err(plugin(Some(depth)))?;
            if got != expected {
                return Err(at(
                    Some(depth),
                    PerftErrorKind::Mismatch,
                    format!("expected {expected} nodes, counted {got}"),
                ));
            }
            let after = (position.text().map_err(plugin(Some(depth)))?, position.hash());
            if after != before {
                return Err(at(
                    Some(depth),
                    PerftErrorKind::Changed,
                    format!("perft left the position as {}", after.0),
                ));
            }
            summary.checked += 1;
            summary.nodes += got;
        }
    }
    Ok(summary)
}

/// What went wrong in a perft file.
#[non_exhaustive]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum PerftErrorKind {
    /// The file could not be read.
    Io,
    /// A line is not in the format.
    Syntax,
    /// The plugin refused the position or failed during the walk.
    Plugin,
    /// A count differs from the file's.
    Mismatch,
    /// Perft did not leave the position as it found it.
    Changed,
}

/// A perft file problem, naming the file, the line and the depth.
#[non_exhaustive]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PerftError {
    /// The file (or other source) name.
    pub source: String,
    /// The line number (from 1; 0 when the whole file is concerned).
    pub line: usize,
    /// The depth being checked, if any.
    pub depth: Option<u32>,
    /// What went wrong.
    pub kind: PerftErrorKind,
    /// The details, position included.
    pub message: String,
}

impl PerftError {
    fn new(source: &str, line: usize, depth: Option<u32>, kind: PerftErrorKind, message: String) -> Self {
        PerftError { source: source.to_string(), line, depth, kind, message }
    }
}

impl fmt::Display for PerftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source)?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        if let Some(depth) = self.depth {
            write!(f, ": depth {depth}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for PerftError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_comments_ids_and_counts_are_read() {
        let text = "# a comment\n\n3 0 ;id small #1 ;D1 3 ;D2 1_0\n  5 1;D3 7\n";
        let cases = parse("t.epd", text).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].position, "3 0");
        assert_eq!(cases[0].id.as_deref(), Some("small #1"));
        assert_eq!(cases[0].counts, [(1, 3), (2, 10)]);
        assert_eq!((cases[1].line, cases[1].position.as_str(), cases[1].counts.as_slice()), (4, "5 1", &[(3, 7)][..]));
        assert_eq!((cases[0].finished, cases[1].finished), (Finished::Stops, Finished::Stops));
        let leaf = parse("t.epd", "3 0 ;finished leaf ;D2 4\n3 0 ;D1 1 ;finished stops").unwrap();
        assert_eq!((leaf[0].finished, leaf[1].finished), (Finished::Leaf, Finished::Stops));
    }

    #[test]
    fn malformed_lines_are_named() {
        for (text, needle) in [
            ("x ;D1", "'D1'"),
            ("x ;E1 5", "'E1 5'"),
            ("x", "no 'D<depth>"),
            (" ;D1 2", "no position"),
            ("x ;finished never ;D1 2", "'finished never'"),
        ] {
            let e = parse("f.epd", &format!("# c\n{text}\n")).unwrap_err();
            assert_eq!((e.line, e.kind), (2, PerftErrorKind::Syntax), "{text}");
            assert!(e.to_string().starts_with("f.epd:2: ") && e.message.contains(needle), "{e}");
        }
    }
}
