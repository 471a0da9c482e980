//! How a variant is drawn and written for people: its piece art, the
//! coordinates around its board and its standard notation, from the
//! definition's `[style]` table and the plugin's display options.

use toml::Spanned;

use crate::def::StyleDef;
use crate::error::{Ctx, DefinitionError};

/// Piece art.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceStyle {
    /// The glyphs on a disc (chess symbols, letters).
    Western,
    /// Wedge-shaped shogi pieces with kanji, pointing at the opponent.
    Shogi,
    /// Round xiangqi pieces with characters, red and black.
    Xiangqi,
    /// Octagonal janggi pieces, sized by rank, blue and red.
    Janggi,
    /// Makruk's pieces as drawn in Thailand's books: shapes, not letters.
    Makruk,
}

/// The notation players read ([`rules_api::Notation::STANDARD`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotationStyle {
    /// Algebraic (SAN).
    San,
    /// Shogi: Western (`P-7f`, `Bx2b+`) or Japanese (`７六歩`).
    Shogi,
}

/// Coordinates around the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coordinates {
    /// Files a, b, … from the left, ranks 1, 2, … from the bottom.
    Algebraic,
    /// Shogi: files 9–1 from the left, ranks 一–九 (or a–i) from the top.
    Shogi,
}

/// The whole style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Piece art.
    pub pieces: PieceStyle,
    /// Standard notation.
    pub notation: NotationStyle,
    /// Coordinates.
    pub coordinates: Coordinates,
    /// Display option: two-character kanji on shogi pieces.
    pub two_kanji: bool,
    /// Display option: Japanese shogi notation (`７六歩`) instead of Western.
    pub japanese: bool,
    /// Display option: shogi ranks as letters a–i instead of 一–九.
    pub letter_ranks: bool,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            pieces: PieceStyle::Western,
            notation: NotationStyle::San,
            coordinates: Coordinates::Algebraic,
            two_kanji: false,
            japanese: false,
            letter_ranks: false,
        }
    }
}

fn pick<T: Copy>(
    cx: &Ctx<'_>,
    s: &Option<Spanned<String>>,
    key: &str,
    choices: &[(&str, T)],
    default: T,
) -> Result<T, DefinitionError> {
    let Some(s) = s else { return Ok(default) };
    let v = s.get_ref().trim();
    choices.iter().find(|(name, _)| *name == v).map(|&(_, t)| t).ok_or_else(|| {
        let names: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
        cx.at(s, key, format!("'{v}' is not one of {}", names.join(", ")))
    })
}

/// The style a definition names.
pub fn style(cx: &Ctx<'_>, def: Option<&StyleDef>) -> Result<Style, DefinitionError> {
    let Some(d) = def else { return Ok(Style::default()) };
    let pieces = pick(
        cx,
        &d.pieces,
        "style.pieces",
        &[
            ("western", PieceStyle::Western),
            ("shogi", PieceStyle::Shogi),
            ("xiangqi", PieceStyle::Xiangqi),
            ("janggi", PieceStyle::Janggi),
            ("makruk", PieceStyle::Makruk),
        ],
        PieceStyle::Western,
    )?;
    let notation = pick(
        cx,
        &d.notation,
        "style.notation",
        &[("san", NotationStyle::San), ("shogi", NotationStyle::Shogi)],
        NotationStyle::San,
    )?;
    let coordinates = pick(
        cx,
        &d.coordinates,
        "style.coordinates",
        &[("algebraic", Coordinates::Algebraic), ("shogi", Coordinates::Shogi)],
        Coordinates::Algebraic,
    )?;
    Ok(Style { pieces, notation, coordinates, ..Style::default() })
}
