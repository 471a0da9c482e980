//! The position text: the Go plugin's text of the referee's board, then
//! what the players know, after a bar:
//!
//! ```text
//! ........./......... ... b 0 - | E5 - C3
//! ```
//!
//! The three fields after the bar are the white stones Black has found, the
//! black stones White has found, and the empty points refused to the player
//! to move this turn: GTP points separated by commas, or `-`.

use std::sync::Arc;

use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::PluginError;
use tabula_go::GoRules;

use crate::points::{parse_point, point_name};
use crate::position::{PhantomGoPosition, Points, Told};

fn list(points: &Points, size: usize) -> String {
    let names: Vec<String> =
        points.iter().take_while(|&p| p < size * size).map(|p| point_name(size, p as u16)).collect();
    if names.is_empty() {
        "-".into()
    } else {
        names.join(",")
    }
}

/// The position as text.
pub fn write(pos: &PhantomGoPosition) -> String {
    format!(
        "{} | {} {} {}",
        pos.truth.to_text(),
        list(&pos.seen[0], pos.size),
        list(&pos.seen[1], pos.size),
        list(&pos.tried, pos.size)
    )
}

/// The Go plugin's text of a board (no ko point).
pub fn go_text(cells: &[u8], size: usize, side: u8, passes: u8) -> String {
    let mut out = String::with_capacity(size * (size + 1) + 8);
    for r in (0..size).rev() {
        if r + 1 < size {
            out.push('/');
        }
        for f in 0..size {
            out.push(['.', 'x', 'o'][cells[r * size + f] as usize]);
        }
    }
    format!("{out} {} {passes} -", if side == 0 { "b" } else { "w" })
}

/// Reads a position text; errors name the field.
pub fn read(go: &Arc<GoRules>, size: usize, text: &str) -> Result<PhantomGoPosition, PluginError> {
    let bad = |why: String| PluginError::invalid_input(format!("phantom go position: {why} in '{text}'"));
    let (board, known) = text.split_once('|').unwrap_or((text, "- - -"));
    let truth = go.position_from_text(board.trim())?;
    let fields: Vec<&str> = known.split_whitespace().collect();
    let [black, white, tried] = fields[..] else {
        return Err(bad(format!(
            "{} fields after the bar instead of 3 (seen-by-black seen-by-white tried)",
            fields.len()
        )));
    };
    let mut pos =
        PhantomGoPosition::new(Arc::clone(go), truth, size, Default::default(), Points::default(), Told::Nothing);
    let read_list = |field: &str, what: &str, want: u8| -> Result<Points, PluginError> {
        let mut set = Points::default();
        if field == "-" {
            return Ok(set);
        }
        for name in field.split(',') {
            let p = parse_point(size, name).ok_or_else(|| bad(format!("'{name}' in {what} is not a point")))?;
            if pos.cells[p] != want {
                return Err(bad(format!(
                    "{name} in {what} does not hold {}",
                    ["an empty point", "a black stone", "a white stone"][want as usize]
                )));
            }
            set.add(p);
        }
        Ok(set)
    };
    let seen = [read_list(black, "the stones black found", 2)?, read_list(white, "the stones white found", 1)?];
    let tried = read_list(tried, "the refused points", 0)?;
    pos.seen = seen;
    pos.tried = tried;
    if !pos.truth.status().is_ongoing() && !tried.is_empty() {
        return Err(bad("a finished game has no refused tries".into()));
    }
    Ok(pos)
}
