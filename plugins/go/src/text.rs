//! The Go position text.
//!
//! Four fields separated by spaces:
//!
//! 1. the rows from the top (row `size`) down to row 1, one character per
//!    point (`.` empty, `x` black, `o` white; either case), rows separated
//!    by `/` (newlines are accepted too);
//! 2. the side to move, `b` or `w`;
//! 3. the number of passes just played in a row, `0`, `1` or `2` (two end
//!    the game);
//! 4. the points the side to move may not play because the stone would
//!    repeat an earlier board (positional superko; usually the one ko
//!    point), as GTP names separated by commas, or `-` for none.
//!
//! Fields 3 and 4 may be left out (no passes, no ko). A 5×5 example with a
//! ko for Black to answer elsewhere:
//!
//! ```text
//! .x.../xo.../.xo../...../..... b 0 -
//! ```
//!
//! A position read from text knows no earlier boards beyond those its
//! fourth field forbids.

use rules_api::PluginError;

use crate::layout::Layout;

/// A parsed position text.
pub struct Parsed {
    /// 0 empty, 1 black, 2 white, by point index.
    pub cells: Vec<u8>,
    /// 0 Black, 1 White.
    pub side: u8,
    /// Consecutive passes.
    pub passes: u8,
    /// Points forbidden by superko.
    pub bans: Vec<usize>,
}

fn bad(message: String) -> PluginError {
    PluginError::invalid_input(format!("go position: {message}"))
}

/// Reads a position text for `layout`'s board; errors name the row, the
/// point or the field and what is wrong.
pub fn parse(text: &str, layout: &Layout) -> Result<Parsed, PluginError> {
    let size = layout.size;
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let side_at = tokens
        .iter()
        .rposition(|t| matches!(*t, "b" | "w" | "B" | "W"))
        .ok_or_else(|| bad("expected the rows, then the side to move ('b' or 'w')".into()))?;
    let side = if tokens[side_at].eq_ignore_ascii_case("b") { 0 } else { 1 };
    let rest = &tokens[side_at + 1..];
    if rest.len() > 2 {
        return Err(bad(format!("unexpected '{}' after the ko field", rest[2..].join(" "))));
    }
    let passes = match rest.first() {
        None => 0,
        Some(t) => t
            .parse::<u8>()
            .ok()
            .filter(|&n| n <= 2)
            .ok_or_else(|| bad(format!("the passes field must be 0, 1 or 2, not '{t}'")))?,
    };
    let mut bans = Vec::new();
    if let Some(&field) = rest.get(1) {
        if field != "-" {
            for name in field.split(',') {
                let p = layout
                    .parse(name)
                    .ok_or_else(|| bad(format!("ko point '{name}' is not a point of the {size}×{size} board")))?;
                bans.push(p);
            }
        }
    }
    let rows: Vec<&str> = tokens[..side_at].iter().flat_map(|t| t.split('/')).filter(|r| !r.is_empty()).collect();
    if rows.len() != size {
        return Err(bad(format!("expected {size} rows for a {size}×{size} board, found {}", rows.len())));
    }
    let mut cells = vec![0u8; layout.cells];
    for (r, row) in rows.iter().enumerate() {
        let rank = size - 1 - r;
        let len = row.chars().count();
        if len != size {
            return Err(bad(format!("row {} has {len} points, expected {size}", rank + 1)));
        }
        for (file, ch) in row.chars().enumerate() {
            cells[layout.at(file, rank)] = match ch {
                '.' => 0,
                'x' | 'X' => 1,
                'o' | 'O' => 2,
                other => {
                    return Err(bad(format!(
                        "unknown character '{other}' at {} (use '.', 'x' or 'o')",
                        layout.name(layout.at(file, rank))
                    )))
                }
            };
        }
    }
    Ok(Parsed { cells, side, passes, bans })
}

/// Writes a position in the one-line form.
pub fn write(layout: &Layout, cells: &[u8], side: u8, passes: u8, bans: impl Iterator<Item = usize>) -> String {
    let size = layout.size;
    let mut out = String::with_capacity(layout.cells + size + 12);
    for r in 0..size {
        if r > 0 {
            out.push('/');
        }
        let rank = size - 1 - r;
        for file in 0..size {
            out.push(match cells[layout.at(file, rank)] {
                0 => '.',
                1 => 'x',
                _ => 'o',
            });
        }
    }
    out.push_str(if side == 0 { " b " } else { " w " });
    out.push_str(&passes.to_string());
    let bans: Vec<String> = bans.map(|p| layout.name(p)).collect();
    out.push(' ');
    if bans.is_empty() {
        out.push('-');
    } else {
        out.push_str(&bans.join(","));
    }
    out
}
