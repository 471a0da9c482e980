//! EPD (Extended Position Description): one position a line, its FEN
//! fields without the two move counters, then operations
//! (`opcode operand…;`, such as `bm Qd1+;` or `id "WAC.001";`), the
//! counters given by the `hmvc` and `fmvn` operations. Read for any game
//! whose rules plugin writes positions as FEN, whatever its number of
//! fields: the caller says how many fields the game's FEN has (its last
//! two are the counters), so xiangqi's or a variant's EPD reads as chess's
//! does. A full FEN line (counters included, operations or not) is read
//! too, so a `.fen` file of positions opens the same way.
//!
//! Operands stay as written (a move is the game's standard notation); the
//! rules plugin checks the position when one is picked.

/// An EPD text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct EpdError {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub problem: String,
}

/// One operation: an opcode and its operands (quotes removed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    /// The opcode (`bm`, `id`, `c0`, …).
    pub opcode: String,
    /// Its operands, in order.
    pub operands: Vec<String>,
}

/// One position of an EPD text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdPosition {
    /// Its number in the text, from 1.
    pub number: usize,
    /// The line it is on, from 1.
    pub line: usize,
    /// The position's FEN fields before the counters, as written.
    pub fields: Vec<String>,
    /// The counters (halfmove clock, fullmove number) when the line gave
    /// them as FEN fields rather than as `hmvc`/`fmvn`.
    pub counters: Option<(String, String)>,
    /// The operations, in order.
    pub operations: Vec<Operation>,
}

impl EpdPosition {
    /// The operands of the first operation `opcode`, if it has one.
    pub fn operands(&self, opcode: &str) -> Option<&[String]> {
        self.operations.iter().find(|o| o.opcode == opcode).map(|o| o.operands.as_slice())
    }

    /// The `id` operation's name.
    pub fn id(&self) -> Option<&str> {
        self.operands("id").and_then(|o| o.first()).map(String::as_str)
    }

    /// The position as FEN: the fields, then the counters from the line,
    /// else from `hmvc` and `fmvn`, else 0 and 1.
    pub fn fen(&self) -> String {
        let counter = |opcode: &str, missing: &str| {
            self.operands(opcode).and_then(|o| o.first()).cloned().unwrap_or_else(|| missing.to_string())
        };
        let (half, full) = self.counters.clone().unwrap_or_else(|| (counter("hmvc", "0"), counter("fmvn", "1")));
        format!("{} {half} {full}", self.fields.join(" "))
    }

    /// The operations other than `id` and the counters, as written
    /// (`bm Qd1+; am Qxb7;`): what a list shows beside the id.
    pub fn shown_operations(&self) -> String {
        let shown: Vec<&Operation> =
            self.operations.iter().filter(|o| !matches!(o.opcode.as_str(), "id" | "hmvc" | "fmvn")).collect();
        shown.iter().map(|o| operation_text(o)).collect::<Vec<_>>().join(" ")
    }

    /// Whether every word of `filter` (any case) is in the position's
    /// operations (its id, best moves, comments…).
    pub fn matches(&self, filter: &str) -> bool {
        let text: String = self.operations.iter().map(operation_text).collect::<Vec<_>>().join(" ").to_lowercase();
        filter.split_whitespace().map(str::to_lowercase).all(|w| text.contains(&w))
    }
}

/// An operation as EPD writes it: operands with spaces or `;` quoted.
fn operation_text(op: &Operation) -> String {
    let mut out = op.opcode.clone();
    for operand in &op.operands {
        out.push(' ');
        if operand.is_empty() || operand.contains(|c: char| c.is_whitespace() || c == ';') || op.opcode == "id" {
            out.push('"');
            out.push_str(&operand.replace('"', ""));
            out.push('"');
        } else {
            out.push_str(operand);
        }
    }
    out.push(';');
    out
}

/// Reads every position of an EPD text whose game's FEN has `fen_fields`
/// fields (6 for chess), the last two being the counters. Blank lines
/// are skipped.
pub fn read_epd(text: &str, fen_fields: usize) -> Result<Vec<EpdPosition>, EpdError> {
    if fen_fields < 3 {
        return Err(EpdError {
            line: 1,
            problem: format!("EPD needs a FEN of three fields or more, not {fen_fields}"),
        });
    }
    let mut positions = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let mut position = read_line(line, fen_fields).map_err(|problem| EpdError { line: i + 1, problem })?;
        position.line = i + 1;
        position.number = positions.len() + 1;
        positions.push(position);
    }
    Ok(positions)
}

/// The whitespace-separated words of `text` with where each starts.
fn words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                out.push((s, &text[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn read_line(line: &str, fen_fields: usize) -> Result<EpdPosition, String> {
    let words = words(line);
    let board = fen_fields - 2;
    if words.len() < board {
        return Err(format!("a position needs {board} fields, and this line has {}", words.len()));
    }
    let is_counter = |w: Option<&(usize, &str)>| w.is_some_and(|(_, w)| w.parse::<u32>().is_ok());
    let with_counters = is_counter(words.get(board)) && is_counter(words.get(board + 1));
    let used = if with_counters { fen_fields } else { board };
    let fields = words[..board].iter().map(|(_, w)| w.to_string()).collect();
    let counters = with_counters.then(|| (words[board].1.to_string(), words[board + 1].1.to_string()));
    let rest = words.get(used).map_or("", |(at, _)| &line[*at..]);
    Ok(EpdPosition { number: 0, line: 0, fields, counters, operations: read_operations(rest)? })
}

/// Reads `opcode operand…;` operations; the last `;` of a line may be
/// missing. Operands are words or `"quoted strings"`.
fn read_operations(text: &str) -> Result<Vec<Operation>, String> {
    let mut operations = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let Some(&first) = chars.peek() else { return Ok(operations) };
        if !first.is_ascii_alphabetic() {
            return Err(format!("an operation starts with an opcode (a letter), not {first:?}"));
        }
        let mut op = Operation { opcode: String::new(), operands: Vec::new() };
        while let Some(c) = chars.next_if(|c| c.is_ascii_alphanumeric() || *c == '_') {
            op.opcode.push(c);
        }
        loop {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            match chars.next() {
                None | Some(';') => break,
                Some('"') => {
                    let mut operand = String::new();
                    loop {
                        match chars.next() {
                            Some('"') => break,
                            Some(c) => operand.push(c),
                            None => return Err(format!("the string after {} is not closed", op.opcode)),
                        }
                    }
                    op.operands.push(operand);
                }
                Some(c) => {
                    let mut operand = c.to_string();
                    while let Some(c) = chars.next_if(|c| !c.is_whitespace() && *c != ';') {
                        operand.push(c);
                    }
                    op.operands.push(operand);
                }
            }
        }
        operations.push(op);
    }
}

/// The position `fen` (a FEN of the game's own fields, the counters last)
/// as an EPD line: its fields before the counters, the counters as
/// `hmvc`/`fmvn`, then `operations` (without counters of their own).
pub fn write_epd(fen: &str, operations: &[Operation]) -> Result<String, EpdError> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let bad = |problem: String| EpdError { line: 1, problem };
    if fields.len() < 3 {
        return Err(bad(format!("{fen:?} is not a FEN with move counters")));
    }
    let (board, counters) = fields.split_at(fields.len() - 2);
    if counters.iter().any(|c| c.parse::<u32>().is_err()) {
        return Err(bad(format!("{fen:?} does not end with its move counters")));
    }
    let mut out = board.join(" ");
    let own = operations.iter().filter(|o| o.opcode != "hmvc" && o.opcode != "fmvn");
    let counted = [("hmvc", counters[0]), ("fmvn", counters[1])]
        .map(|(opcode, n)| Operation { opcode: opcode.into(), operands: vec![n.to_string()] });
    for op in own.chain(counted.iter()) {
        out.push(' ');
        out.push_str(&operation_text(op));
    }
    out.push('\n');
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TACTICS: &str = include_str!("../../../tests/data/epd/tactics.epd");

    #[test]
    fn positions_their_operations_and_counters_are_read() {
        let positions = read_epd(TACTICS, 6).unwrap();
        let ids: Vec<_> = positions.iter().map(|p| p.id().unwrap()).collect();
        assert_eq!(ids, ["WAC.001", "WAC.002", "WAC.003", "castles", "bare kings"]);
        let lines: Vec<_> = positions.iter().map(|p| p.line).collect();
        assert_eq!(lines, [1, 2, 4, 5, 6], "the blank line is skipped, not counted as a position");
        assert_eq!(positions[0].fen(), "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
        assert_eq!(positions[0].operands("bm").unwrap(), ["Qg6"]);
        assert_eq!(positions[2].shown_operations(), "bm Rg3; c0 \"mate follows\";");
        assert_eq!(positions[3].fen(), "8/8/8/8/8/8/6k1/4K2R w K - 7 40", "hmvc and fmvn are the counters");
        assert_eq!(positions[3].shown_operations(), "am Kd1;");
        assert_eq!(positions[4].fen(), "4k3/8/8/8/8/8/8/4K3 w - - 12 61", "a FEN line keeps its counters");
        assert_eq!(positions[4].operations.len(), 1);
    }

    #[test]
    fn the_number_of_fields_comes_from_the_game() {
        // A game whose FEN has one field more (a variant's check counts).
        let positions = read_epd("8/8/8/8/8/8/8/K6k w - - 3+3 bm Ka2;\n", 7).unwrap();
        assert_eq!(positions[0].fen(), "8/8/8/8/8/8/8/K6k w - - 3+3 0 1");
        assert_eq!(positions[0].operands("bm").unwrap(), ["Ka2"]);
        let short = read_epd("8/8/8/8/8/8/8/K6k w\n", 6).unwrap_err();
        assert_eq!(short.to_string(), "line 1: a position needs 4 fields, and this line has 2");
    }

    #[test]
    fn a_broken_operation_names_its_line() {
        let text = include_str!("../../../tests/data/epd/unreadable.epd");
        assert_eq!(read_epd(text, 6).unwrap_err().to_string(), "line 2: the string after id is not closed");
        let e = read_epd("4k3/8/8/8/8/8/8/4K3 w - - 7x;\n", 6).unwrap_err();
        assert_eq!(e.to_string(), "line 1: an operation starts with an opcode (a letter), not '7'");
    }

    #[test]
    fn a_position_written_reads_back_with_its_operations() {
        let positions = read_epd(TACTICS, 6).unwrap();
        for p in &positions {
            let line = write_epd(&p.fen(), &p.operations).unwrap();
            let back = read_epd(&line, 6).unwrap();
            assert_eq!(back[0].fen(), p.fen(), "{line}");
            assert_eq!(back[0].shown_operations(), p.shown_operations(), "{line}");
            assert_eq!(back[0].id(), p.id(), "{line}");
        }
        let line = write_epd("8/8/8/8/8/8/6k1/4K2R w K - 7 40", &positions[3].operations).unwrap();
        assert_eq!(line, "8/8/8/8/8/8/6k1/4K2R w K - am Kd1; id \"castles\"; hmvc 7; fmvn 40;\n");
        assert!(write_epd("8/8/8/8/8/8/6k1/4K2R w K -", &[]).is_err(), "no counters: not a FEN");
    }

    #[test]
    fn the_filter_looks_in_the_operations() {
        let positions = read_epd(TACTICS, 6).unwrap();
        let found: Vec<usize> = positions.iter().filter(|p| p.matches("wac mate")).map(|p| p.number).collect();
        assert_eq!(found, [3]);
        assert!(positions.iter().all(|p| p.matches("")));
    }
}
