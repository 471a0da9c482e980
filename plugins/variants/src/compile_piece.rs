//! One `[[piece]]` table checked and compiled into a [`PieceKind`].

use std::path::Path;

use crate::betza::{self, CAPTURE, MOVE};
use crate::def::{PieceDef, PromotesTo};
use crate::error::{Ctx, DefinitionError};
use crate::region::{all_squares, per_player};
use crate::tables::Shape;
use crate::variant::{EpMark, PieceKind, Promotion};

/// Compiles piece `i`; `letter_kind` finds a kind by its letter.
pub fn piece(
    cx: &Ctx<'_>,
    shape: Shape,
    i: usize,
    p: &PieceDef,
    letter_kind: &impl Fn(&str) -> Option<u8>,
) -> Result<PieceKind, DefinitionError> {
    let key = |k: &str| format!("piece[{i}].{k}");
    let name = p.name.get_ref().trim().to_lowercase();
    if name.is_empty() {
        return Err(cx.at(&p.name, &key("name"), "is empty"));
    }
    let legs = betza::parse(p.betza.get_ref()).map_err(|e| cx.at(&p.betza, &key("betza"), e.message))?;
    let line_legs = match &p.line_betza {
        None => Vec::new(),
        Some(b) => betza::parse(b.get_ref()).map_err(|e| cx.at(b, &key("line_betza"), e.message))?,
    };
    let zone_legs = match &p.zone_moves {
        None => (Vec::new(), [crate::variant::Squares::EMPTY; 2]),
        Some(z) => {
            let legs =
                betza::parse(z.betza.get_ref()).map_err(|e| cx.at(&z.betza, &key("zone_moves.betza"), e.message))?;
            let def = crate::def_rules::RegionDef { white: z.white.clone(), black: z.black.clone() };
            (legs, per_player(cx, shape, &def, &key("zone_moves"))?)
        }
    };
    let letter = p.letter.get_ref().trim().to_ascii_lowercase();
    let glyphs = match (&p.glyphs, &p.glyph) {
        (Some(g), _) if g.get_ref().len() == 2 => [g.get_ref()[0].clone(), g.get_ref()[1].clone()],
        (Some(g), _) => return Err(cx.at(g, &key("glyphs"), "needs exactly two glyphs (one per player)")),
        (None, Some(g)) => [g.clone(), g.clone()],
        (None, None) => [letter.to_ascii_uppercase(), letter.clone()],
    };
    let kanji = match &p.kanji {
        None => [String::new(), String::new()],
        Some(k) => match k.get_ref().as_slice() {
            [one, two] if one.chars().count() == 1 && (1..=4).contains(&two.chars().count()) => {
                [one.clone(), two.clone()]
            }
            _ => {
                return Err(cx.at(
                    k,
                    &key("kanji"),
                    "needs two names: one character, then the full name (up to four characters)",
                ))
            }
        },
    };
    let art = images(cx, p, &key("images"))?;
    let promotion = match &p.promotes_to {
        None => [Promotion::Never, Promotion::Never],
        Some(s) => {
            let k = key("promotes_to");
            match s.get_ref() {
                PromotesTo::Each { white, black } => {
                    [promotion(cx, s, &k, white, letter_kind)?, promotion(cx, s, &k, black, letter_kind)?]
                }
                both => {
                    let one = promotion(cx, s, &k, both, letter_kind)?;
                    [one.clone(), one]
                }
            }
        }
    };
    let drop_ranks = match &p.drop_ranks {
        None => (0, shape.ranks as u8 - 1),
        Some(r) => match r.get_ref().as_slice() {
            [lo, hi] if *lo >= 1 && lo <= hi && *hi <= shape.ranks as i64 => ((*lo - 1) as u8, (*hi - 1) as u8),
            _ => {
                return Err(cx.at(
                    r,
                    &key("drop_ranks"),
                    format!("must be [lowest, highest] within 1 to {}", shape.ranks),
                ));
            }
        },
    };
    let region = match &p.region {
        None => [all_squares(shape), all_squares(shape)],
        Some(r) => per_player(cx, shape, r, &key("region"))?,
    };
    let value = match &p.value {
        Some(v) if (0..=100_000).contains(v.get_ref()) => *v.get_ref() as i32,
        Some(v) => return Err(cx.at(v, &key("value"), "must be 0 to 100000")),
        None if p.royal => 0,
        None => -1,
    };
    if p.pawn && p.fairy_pawn {
        return Err(cx.at(&p.letter, &key("fairy_pawn"), "a piece is either a chess pawn or a fairy pawn, not both"));
    }
    if p.pawn {
        pawn_legs_supported(cx, p, &legs, &key("betza"))?;
    }
    let has_initial = legs.iter().any(|l| l.initial);
    let ep_mark = if p.pawn {
        EpMark::Pawn
    } else if p.fairy_pawn && has_initial {
        EpMark::Path
    } else {
        EpMark::None
    };
    let special = p.pawn || p.fairy_pawn;
    Ok(PieceKind {
        name,
        letter,
        base: i as u8,
        glyphs,
        value,
        royal: p.royal,
        pawn: p.pawn,
        resets: p.resets_move_count.unwrap_or(special),
        backwards: legs
            .iter()
            .chain(&line_legs)
            .chain(&zone_legs.0)
            .any(|l| !l.initial && l.modes & MOVE != 0 && l.dy <= 0),
        ep_mark: if p.en_passant == Some(false) && !p.fairy_pawn { EpMark::None } else { ep_mark },
        takes_ep: p.en_passant.unwrap_or(special),
        promotion,
        drop_ranks,
        betza: p.betza.get_ref().trim().to_string(),
        legs,
        line_legs,
        zone_legs,
        janggi_cannon: p.janggi_cannon,
        region,
        kanji,
        art,
    })
}

/// A chess pawn's en passant is only played exactly for straight
/// double steps forward that may be blocked; anything else is refused so
/// that it is not played differently from Fairy-Stockfish.
fn pawn_legs_supported(cx: &Ctx<'_>, p: &PieceDef, legs: &[betza::Leg], key: &str) -> Result<(), DefinitionError> {
    for l in legs.iter().filter(|l| l.initial) {
        if !(l.dx == 0 && l.dy == 2 && l.range == 1 && l.lame && l.modes == MOVE) {
            return Err(cx.at(
                &p.betza,
                key,
                format!(
                    "pawn = true takes en passant after a straight double step forward ('ifmnD'); this first \
                     move ({}, {}) is not one: a chess pawn's en passant after it is not defined. Use \
                     fairy_pawn = true (Fairy-Stockfish's rule for fairy pawns) instead",
                    l.dx, l.dy
                ),
            ));
        }
    }
    if !legs.iter().any(|l| l.modes & CAPTURE != 0) {
        return Err(cx.at(&p.betza, key, "pawn = true needs a capturing move to take en passant with"));
    }
    Ok(())
}

fn promotion(
    cx: &Ctx<'_>,
    s: &toml::Spanned<PromotesTo>,
    key: &str,
    to: &PromotesTo,
    letter_kind: &impl Fn(&str) -> Option<u8>,
) -> Result<Promotion, DefinitionError> {
    let find = |l: &str| letter_kind(l).ok_or_else(|| cx.at(s, key, format!("no piece has the letter '{l}'")));
    Ok(match to {
        PromotesTo::One(l) if l.trim().is_empty() || l.trim() == "-" => Promotion::Never,
        PromotesTo::One(l) if l.trim().starts_with('+') => Promotion::To(find(l)?),
        PromotesTo::One(l) => Promotion::Choice(vec![find(l)?]),
        PromotesTo::Choice(list) if list.is_empty() => {
            return Err(cx.at(s, key, "an empty list: name at least one piece letter"));
        }
        PromotesTo::Choice(list) => {
            let mut out = Vec::new();
            for l in list {
                let k = find(l)?;
                if l.trim().starts_with('+') {
                    return Err(cx.at(s, key, format!("'{l}' is a promoted form: write promotes_to = \"{l}\"")));
                }
                out.push(k);
            }
            Promotion::Choice(out)
        }
        PromotesTo::Each { .. } => return Err(cx.at(s, key, "white and black may not be nested")),
    })
}

/// The SVG documents of `images`, read relative to the definition file.
fn images(cx: &Ctx<'_>, p: &PieceDef, key: &str) -> Result<[String; 2], DefinitionError> {
    let Some(list) = &p.images else { return Ok([String::new(), String::new()]) };
    let [white, black] = list.get_ref().as_slice() else {
        return Err(cx.at(list, key, "needs exactly two files (one per player)"));
    };
    let dir = Path::new(cx.file).parent().filter(|d| d.is_dir());
    let read = |name: &String| -> Result<String, DefinitionError> {
        let Some(dir) = dir else {
            return Err(cx.at(list, key, format!("'{name}': images are read beside a definition file")));
        };
        let path = dir.join(name);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| cx.at(list, key, format!("cannot read {}: {e}", path.display())))?;
        if !text.contains("<svg") {
            return Err(cx.at(list, key, format!("{} is not an SVG document", path.display())));
        }
        Ok(text)
    };
    Ok([read(white)?, read(black)?])
}
