//! Region tokens: `e4` a square, `*4` a rank, `e*` a file, `c1-e3` a box,
//! several separated by spaces.

use toml::Spanned;

use crate::def_rules::RegionDef;
use crate::error::{Ctx, DefinitionError};
use crate::squares::Squares;
use crate::tables::Shape;

/// Every square of a board.
pub fn all_squares(shape: Shape) -> Squares {
    let mut s = Squares::EMPTY;
    for sq in 0..(shape.files * shape.ranks) as u16 {
        s.insert(sq);
    }
    s
}

/// The squares of the tokens of `list`, for `key`.
pub fn tokens(cx: &Ctx<'_>, shape: Shape, list: &[Spanned<String>], key: &str) -> Result<Squares, DefinitionError> {
    let mut set = Squares::EMPTY;
    for token in list {
        region(cx, shape, token, key, &mut set)?;
    }
    Ok(set)
}

/// The squares of a `{ white = [...], black = [...] }` table.
pub fn per_player(cx: &Ctx<'_>, shape: Shape, def: &RegionDef, key: &str) -> Result<[Squares; 2], DefinitionError> {
    Ok([
        tokens(cx, shape, &def.white, &format!("{key}.white"))?,
        tokens(cx, shape, &def.black, &format!("{key}.black"))?,
    ])
}

/// Adds the squares a region token names: `e4`, a rank `*4`, a file `e*`,
/// a box `c1-e3`, or several separated by spaces.
pub fn region(
    cx: &Ctx<'_>,
    shape: Shape,
    token: &Spanned<String>,
    key: &str,
    out: &mut Squares,
) -> Result<(), DefinitionError> {
    for word in token.get_ref().split_whitespace() {
        let bad = || {
            cx.at(
                token,
                key,
                format!("'{word}' is not a square (e4), rank (*4), file (e*) or box (c1-e3) of this board"),
            )
        };
        let sq = |t: &str| -> Option<(i32, i32)> {
            let f = t.chars().next().filter(char::is_ascii_lowercase)?;
            let r: i32 = t[1..].parse().ok()?;
            let f = f as i32 - 'a' as i32;
            (f >= 0 && f < shape.files && r >= 1 && r <= shape.ranks).then_some((f, r - 1))
        };
        let cells: Vec<(i32, i32)> = if let Some(rank) = word.strip_prefix('*') {
            let r: i32 = rank.parse().map_err(|_| bad())?;
            if r < 1 || r > shape.ranks {
                return Err(bad());
            }
            (0..shape.files).map(|f| (f, r - 1)).collect()
        } else if let Some(file) = word.strip_suffix('*') {
            let f = file.chars().next().ok_or_else(bad)? as i32 - 'a' as i32;
            if file.len() != 1 || f < 0 || f >= shape.files {
                return Err(bad());
            }
            (0..shape.ranks).map(|r| (f, r)).collect()
        } else if let Some((a, b)) = word.split_once('-') {
            let ((f1, r1), (f2, r2)) = (sq(a).ok_or_else(bad)?, sq(b).ok_or_else(bad)?);
            let mut v = Vec::new();
            for f in f1.min(f2)..=f1.max(f2) {
                for r in r1.min(r2)..=r1.max(r2) {
                    v.push((f, r));
                }
            }
            v
        } else {
            vec![sq(word).ok_or_else(bad)?]
        };
        for (f, r) in cells {
            out.insert((r * shape.files + f) as u16);
        }
    }
    Ok(())
}

/// The squares of the last `n` ranks of `player` (a promotion zone).
pub fn last_ranks(shape: Shape, player: u8, n: i32) -> Squares {
    let mut s = Squares::EMPTY;
    for r in 0..shape.ranks {
        let rel = if player == 0 { r } else { shape.ranks - 1 - r };
        if rel >= shape.ranks - n {
            for f in 0..shape.files {
                s.insert((r * shape.files + f) as u16);
            }
        }
    }
    s
}
