//! The position text, for the whole truth and for what one viewer knows.
//!
//! ```text
//! <rows> <phase> lost=<red>/<blue> last=<red>/<blue> [quiet=N] [placed=N]
//! ```
//!
//! * `rows`: ranks 10 down to 1, `/` between them, ten squares each: `.`
//!   empty, `~` lake, or a piece: its letter (red upper case, blue lower:
//!   `M` marshal, `G` general, `C` colonel, `J` major, `P` captain, `L`
//!   lieutenant, `T` sergeant, `N` miner, `O` scout, `S` spy, `B` bomb,
//!   `F` flag), then `+` if it has moved and `*` if its rank has been
//!   shown. A view writes `X`/`x` for a piece whose rank the viewer does
//!   not know, and `#` for a square of a zone being set up out of sight.
//! * `phase`: `red` or `blue` to move in the battle; `red-setup` (placing
//!   by hand), `red-random` (chance deals the rest), `red-preset-N`
//!   (preset N fills the rest), and in a view `red-deal` (one of the two,
//!   the viewer cannot tell which); `blue-…` likewise.
//! * `lost`: each side's lost pieces as letters (`-` for none).
//! * `last`: each side's last move and how many moves in a row that piece
//!   has made between the same two squares (`e4e5:2`, `-` before any).
//! * `quiet`: moves since the last strike, with the option `draw_after`.
//! * `placed`: in a view, how many pieces stand in the zone out of sight.

use rules_api::PluginError;

use crate::board::{in_zone, is_lake, line, name, parse_square};
use crate::rank::{from_letter, movable, ARMY, LETTERS, TRAY_ORDER, UNKNOWN};
use crate::setup::presets;
use crate::state::{Config, Game, Mode, Phase, Series, Square, PLAYERS};

/// What a square is written as for a viewer (`None`: the whole truth).
fn token(game: &Game, square: u16, viewer: Option<u8>, out: &mut String) {
    if is_lake(square) {
        out.push('~');
        return;
    }
    let s = game.at(square);
    if let (Some(v), Phase::Setup { player, .. }) = (viewer, game.phase) {
        if v != player && in_zone(player, square) {
            out.push('#');
            return;
        }
    }
    if s.is_empty() {
        out.push('.');
        return;
    }
    let known = viewer.map_or(true, |v| v == s.owner()) || s.revealed();
    let letter = LETTERS[if known { s.rank() } else { UNKNOWN } as usize];
    out.push(if s.owner() == 0 { letter } else { letter.to_ascii_lowercase() });
    if s.moved() {
        out.push('+');
    }
    if s.revealed() {
        out.push('*');
    }
}

fn phase_word(game: &Game, viewer: Option<u8>) -> String {
    match game.phase {
        Phase::Play { side } => PLAYERS[side as usize].to_string(),
        Phase::Setup { player, mode } => {
            let who = PLAYERS[player as usize];
            let hidden = viewer.is_some_and(|v| v != player);
            match mode {
                Mode::Place => format!("{who}-setup"),
                _ if hidden => format!("{who}-deal"),
                Mode::Random => format!("{who}-random"),
                Mode::Preset(n) => format!("{who}-preset-{}", n + 1),
            }
        }
    }
}

fn lost_word(game: &Game, player: u8) -> String {
    let mut out = String::new();
    for rank in TRAY_ORDER {
        for _ in 0..game.lost[player as usize][rank as usize] {
            let l = LETTERS[rank as usize];
            out.push(if player == 0 { l } else { l.to_ascii_lowercase() });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

fn series_word(s: &Series) -> String {
    if s.count == 0 {
        "-".to_string()
    } else {
        format!("{}{}:{}", name(s.from), name(s.to), s.count)
    }
}

/// The position as `viewer` knows it (`None`: the whole truth).
pub fn write(game: &Game, viewer: Option<u8>) -> String {
    let mut out = String::with_capacity(200);
    for r in (0..10u16).rev() {
        for f in 0..10u16 {
            token(game, r * 10 + f, viewer, &mut out);
        }
        out.push(if r == 0 { ' ' } else { '/' });
    }
    out.push_str(&phase_word(game, viewer));
    out.push_str(&format!(" lost={}/{}", lost_word(game, 0), lost_word(game, 1)));
    out.push_str(&format!(" last={}/{}", series_word(&game.series[0]), series_word(&game.series[1])));
    if game.config.quiet_limit > 0 {
        out.push_str(&format!(" quiet={}", game.quiet));
    }
    if let (Some(v), Phase::Setup { player, .. }) = (viewer, game.phase) {
        if v != player {
            out.push_str(&format!(" placed={}", game.pieces_on_board(player)));
        }
    }
    out
}

/// A position text read and checked: unknown ranks (views only) are
/// [`UNKNOWN`], and a zone out of sight is empty with its count in `fog`.
pub struct Read {
    /// The state.
    pub game: Game,
    /// The player whose zone was out of sight, and how many pieces it holds.
    pub fog: Option<(u8, u8)>,
}

fn bad(text: &str, why: String) -> PluginError {
    PluginError::invalid_input(format!("stratego position '{text}': {why}"))
}

/// Reads a position text; `views` allows what only a view writes
/// (unknown ranks, a zone out of sight, `-deal`).
pub fn read(config: Config, text: &str, views: bool) -> Result<Read, PluginError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [rows, phase, rest @ ..] = fields.as_slice() else {
        return Err(bad(text, "expected the rows, the phase and the lost= and last= fields".into()));
    };
    let mut game = Game::new(config);
    let fog = read_rows(&mut game, rows).map_err(|why| bad(text, why))?;
    let (phase, dealing) = read_phase(phase).map_err(|why| bad(text, why))?;
    game.phase = phase;
    let mut placed = None;
    let mut seen = [false; 4];
    for field in rest {
        let (key, value) = field.split_once('=').ok_or_else(|| bad(text, format!("'{field}' is not key=value")))?;
        let Some(slot) = ["lost", "last", "quiet", "placed"].iter().position(|k| *k == key) else {
            return Err(bad(text, format!("unknown field '{key}' (lost, last, quiet, placed)")));
        };
        if std::mem::replace(&mut seen[slot], true) {
            return Err(bad(text, format!("field '{key}' is given twice")));
        }
        let result = match slot {
            0 => read_lost(&mut game, value),
            1 => read_last(&mut game, value),
            2 => value.parse().map(|q| game.quiet = q).map_err(|_| format!("quiet={value} is not a count")),
            _ => value.parse().map(|p| placed = Some(p)).map_err(|_| format!("placed={value} is not a count")),
        };
        result.map_err(|why| bad(text, why))?;
    }
    if !seen[0] || !seen[1] {
        return Err(bad(text, "the fields lost= and last= are required".into()));
    }
    let unknowns = game.board.iter().any(|s| !s.is_empty() && s.rank() == UNKNOWN);
    if (!fog.is_empty() || dealing || unknowns || placed.is_some()) && !views {
        return Err(bad(text, "this is a player's view (X, #, -deal or placed=), not a whole position".into()));
    }
    game.recount();
    let fog = crate::validate::check(&game, &fog, dealing, placed).map_err(|why| bad(text, why))?;
    Ok(Read { game, fog })
}

/// Reads the ten rows; the squares out of sight (`#`).
fn read_rows(game: &mut Game, rows: &str) -> Result<Vec<u16>, String> {
    let rows: Vec<&str> = rows.split('/').collect();
    if rows.len() != 10 {
        return Err(format!("{} rows instead of 10 (separated by '/')", rows.len()));
    }
    let mut fog = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let r = 9 - i as u16;
        let mut chars = row.chars().peekable();
        let mut f = 0u16;
        while let Some(c) = chars.next() {
            if f >= 10 {
                return Err(format!("rank {} has more than ten squares: '{row}'", r + 1));
            }
            let square = r * 10 + f;
            if (c == '~') != is_lake(square) {
                return Err(format!("{} {}", name(square), if c == '~' { "is no lake" } else { "is lake: write '~'" }));
            }
            game.board[square as usize] = match c {
                '.' | '~' => Square::EMPTY,
                '#' => {
                    fog.push(square);
                    Square::EMPTY
                }
                _ => read_piece(c, &mut chars).map_err(|why| format!("{why} on {}", name(square)))?,
            };
            f += 1;
        }
        if f != 10 {
            return Err(format!("rank {} has {f} squares, not ten: '{row}'", r + 1));
        }
    }
    Ok(fog)
}

/// A piece's letter and its `+` and `*` marks.
fn read_piece(c: char, marks: &mut std::iter::Peekable<std::str::Chars>) -> Result<Square, String> {
    let rank = from_letter(c).ok_or_else(|| format!("'{c}' names no piece"))?;
    let mut s = Square::piece(c.is_ascii_lowercase() as u8, rank);
    while let Some(&m) = marks.peek() {
        match m {
            '+' if !s.moved() => s = s.having_moved(),
            '*' if !s.revealed() && rank != UNKNOWN => s = s.shown(),
            '*' => return Err(format!("'{c}*': a shown piece is written with its rank")),
            _ => break,
        }
        marks.next();
    }
    if s.moved() && !may_have_moved(rank) {
        return Err(format!("'{c}+': bombs and flags never move"));
    }
    Ok(s)
}

/// The phase and whether it is a view's `-deal`.
fn read_phase(word: &str) -> Result<(Phase, bool), String> {
    let (who, what) = word.split_once('-').unwrap_or((word, ""));
    let player = PLAYERS.iter().position(|p| *p == who).ok_or_else(|| {
        format!("phase '{word}' is not red, blue, red-setup, red-random, red-preset-N or red-deal (or blue-…)")
    })? as u8;
    let mode = match what {
        "" => return Ok((Phase::Play { side: player }, false)),
        "setup" => Mode::Place,
        "random" | "deal" => Mode::Random,
        _ => {
            let n: usize = what.strip_prefix("preset-").and_then(|n| n.parse().ok()).unwrap_or(0);
            if n == 0 || n > presets().len() {
                return Err(format!("phase '{word}': the presets are 1 to {}", presets().len()));
            }
            Mode::Preset(n as u8 - 1)
        }
    };
    Ok((Phase::Setup { player, mode }, what == "deal"))
}

fn read_lost(game: &mut Game, value: &str) -> Result<(), String> {
    let (red, blue) = value.split_once('/').ok_or_else(|| format!("lost={value} is not RED/BLUE"))?;
    for (player, letters) in [red, blue].into_iter().enumerate() {
        if letters == "-" {
            continue;
        }
        for c in letters.chars() {
            let rank = from_letter(c).filter(|&r| r != UNKNOWN);
            let rank = rank.ok_or_else(|| format!("lost={value}: '{c}' names no rank"))?;
            if (c.is_ascii_lowercase() as usize) != player {
                return Err(format!("lost={value}: '{c}' is written in the other side's case"));
            }
            game.lost[player][rank as usize] += 1;
            if game.lost[player][rank as usize] > ARMY[rank as usize] {
                return Err(format!("lost={value}: more pieces of one rank than an army has"));
            }
        }
    }
    Ok(())
}

fn read_last(game: &mut Game, value: &str) -> Result<(), String> {
    let (red, blue) = value.split_once('/').ok_or_else(|| format!("last={value} is not RED/BLUE"))?;
    for (player, word) in [red, blue].into_iter().enumerate() {
        if word == "-" {
            continue;
        }
        let why = || format!("last={value}: '{word}' is not a move and a count (e4e5:2)");
        let (mv, count) = word.split_once(':').ok_or_else(why)?;
        let count: u8 = count.parse().map_err(|_| why())?;
        let split = mv.char_indices().skip(1).find(|(_, c)| c.is_ascii_alphabetic()).map(|(i, _)| i).ok_or_else(why)?;
        let (from, to) = (parse_square(&mv[..split]).ok_or_else(why)?, parse_square(&mv[split..]).ok_or_else(why)?);
        if line(from, to).is_none() || count == 0 || count > game.config.two_squares {
            return Err(format!(
                "last={value}: '{word}' must join two squares on a line, with a count from 1 to {}",
                game.config.two_squares
            ));
        }
        game.series[player] = Series { from, to, count };
    }
    Ok(())
}

/// Whether a piece of `rank` may have moved (bombs and the flag never do).
fn may_have_moved(rank: u8) -> bool {
    rank == UNKNOWN || movable(rank)
}
