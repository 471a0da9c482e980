//! The `[end]` table checked and compiled: how the game ends.

use toml::Spanned;

use crate::def::Definition;
use crate::error::{Ctx, DefinitionError};
use crate::region::tokens;
use crate::rules::{Counting, End, Extinction, Flag, Insufficient, Material, Outcome, Repetition};
use crate::tables::Shape;
use crate::variant::NO_KIND;

/// Finds a kind by its letter.
type LetterKind<'a> = &'a dyn Fn(&str) -> Option<u8>;

fn outcome(cx: &Ctx<'_>, s: &Spanned<String>, key: &str) -> Result<Outcome, DefinitionError> {
    match s.get_ref().trim() {
        "win" => Ok(Outcome::Win),
        "loss" => Ok(Outcome::Loss),
        "draw" => Ok(Outcome::Draw),
        other => Err(cx.at(s, key, format!("'{other}' is not win, loss or draw"))),
    }
}

/// The end rules; `royal` is the royal kind or [`NO_KIND`].
pub fn end_rules(
    cx: &Ctx<'_>,
    shape: Shape,
    def: &Definition,
    royal: u8,
    letter_kind: LetterKind<'_>,
) -> Result<End, DefinitionError> {
    let e = &def.end;
    let extinction = extinction(cx, def, letter_kind)?;
    let pseudo = extinction.is_some_and(|x| x.pseudo_royal);
    if royal == NO_KIND && !pseudo {
        if let Some(c) = &e.checkmate {
            return Err(cx.at(c, "end.checkmate", "checkmate needs a royal piece (royal = true)"));
        }
        if let Some(c) = &e.checks {
            return Err(cx.at(c, "end.checks", "counting checks needs a royal piece (royal = true)"));
        }
        if extinction.is_none() && e.flag.is_none() && e.stalemate.is_none() {
            return Err(cx.key(
                "end",
                "the game cannot be won: no royal piece (royal = true), no extinction, flag or stalemate rule",
            ));
        }
    }
    let checkmate = e.checkmate.as_ref().map_or(Ok(Outcome::Loss), |s| outcome(cx, s, "end.checkmate"))?;
    let stalemate = e.stalemate.as_ref().map_or(Ok(Outcome::Draw), |s| outcome(cx, s, "end.stalemate"))?;
    let checks = match &e.checks {
        None => 0,
        Some(c) if (1..=9).contains(c.get_ref()) => *c.get_ref() as u8,
        Some(c) => return Err(cx.at(c, "end.checks", "must be 1 to 9")),
    };
    let move_limit = match &e.move_limit {
        None => 0,
        Some(m) if (1..=10_000).contains(m.get_ref()) => *m.get_ref() as u32,
        Some(m) => return Err(cx.at(m, "end.move_limit", "must be 1 to 10000 plies")),
    };
    let counting = match e.counting.as_ref().map(|s| (s, s.get_ref().trim())) {
        None => Counting::None,
        Some((_, "makruk")) => Counting::Makruk,
        Some((_, "cambodian")) => Counting::Cambodian,
        Some((_, "asean")) => Counting::Asean,
        Some((s, other)) => {
            return Err(cx.at(s, "end.counting", format!("'{other}' is not makruk, cambodian or asean")));
        }
    };
    let material = match e.material.as_ref().map(|s| (s, s.get_ref().trim())) {
        None => Material::None,
        Some((_, "janggi")) => Material::Janggi,
        Some((_, "pieces")) => Material::Pieces,
        Some((_, "black")) => Material::BlackWins,
        Some((_, "white")) => Material::WhiteWins,
        Some((s, other)) => {
            return Err(cx.at(s, "end.material", format!("'{other}' is not janggi, pieces, black or white")));
        }
    };
    if material == Material::Janggi {
        for l in ["r", "c", "n", "b", "a", "p"] {
            if letter_kind(l).is_none() {
                return Err(cx.key("end.material", format!("janggi's points need the janggi pieces; no '{l}'")));
            }
        }
    }
    Ok(End {
        checkmate,
        stalemate,
        stalemate_piece_count: e.stalemate_piece_count,
        extinction,
        flag: flag(cx, shape, def, letter_kind)?,
        checks,
        repetition: repetition(cx, def)?,
        move_limit,
        insufficient: insufficient(cx, def, letter_kind)?,
        counting,
        material,
        full_board: e.full_board,
        count_kinds: [NO_KIND; 3],
    })
}

fn extinction(
    cx: &Ctx<'_>,
    def: &Definition,
    letter_kind: LetterKind<'_>,
) -> Result<Option<Extinction>, DefinitionError> {
    let Some(x) = &def.end.extinction else { return Ok(None) };
    let (mut kinds, mut all) = (0u32, false);
    for l in &x.pieces {
        if l.get_ref().trim() == "*" {
            all = true;
        } else {
            let k = letter_kind(l.get_ref()).ok_or_else(|| {
                cx.at(l, "end.extinction.pieces", format!("no piece has the letter '{}'", l.get_ref()))
            })?;
            kinds |= 1 << k;
        }
    }
    if !all && kinds == 0 {
        return Err(cx.key("end.extinction.pieces", "name at least one piece letter, or '*'"));
    }
    if x.pseudo_royal && all {
        return Err(cx.key("end.extinction.pseudo_royal", "pseudo-royal pieces must be named by letter, not '*'"));
    }
    if x.duple_check && !x.pseudo_royal {
        return Err(cx.key("end.extinction.duple_check", "duple check needs pseudo_royal = true"));
    }
    Ok(Some(Extinction {
        kinds,
        all,
        count: x.count.clamp(0, 1000) as u32,
        opponent_count: x.opponent_count.clamp(0, 1000) as u32,
        claim: x.claim,
        result: outcome(cx, &x.result, "end.extinction.result")?,
        pseudo_royal: x.pseudo_royal,
        duple_check: x.duple_check,
        together: x.together,
    }))
}

fn flag(
    cx: &Ctx<'_>,
    shape: Shape,
    def: &Definition,
    letter_kind: LetterKind<'_>,
) -> Result<Option<Flag>, DefinitionError> {
    let Some(f) = &def.end.flag else { return Ok(None) };
    let kind = |s: &Spanned<String>, key: &str| -> Result<u8, DefinitionError> {
        if s.get_ref().trim() == "*" {
            return Ok(NO_KIND);
        }
        letter_kind(s.get_ref()).ok_or_else(|| cx.at(s, key, format!("no piece has the letter '{}'", s.get_ref())))
    };
    let white = kind(&f.piece, "end.flag.piece")?;
    let black = match &f.black_piece {
        Some(b) => kind(b, "end.flag.black_piece")?,
        None => white,
    };
    let goal = [tokens(cx, shape, &f.white, "end.flag.white")?, tokens(cx, shape, &f.black, "end.flag.black")?];
    Ok(Some(Flag { kind: [white, black], goal, reply: f.reply, safe: f.safe }))
}

fn repetition(cx: &Ctx<'_>, def: &Definition) -> Result<Option<Repetition>, DefinitionError> {
    let Some(r) = &def.end.repetition else { return Ok(None) };
    let count = *r.count.get_ref();
    if !(2..=10).contains(&count) {
        return Err(cx.at(&r.count, "end.repetition.count", "must be 2 to 10"));
    }
    let (result, absolute) = match &r.result {
        None => (Outcome::Draw, false),
        Some(s) if s.get_ref().trim() == "first-player-loses" => (Outcome::Loss, true),
        Some(s) => (outcome(cx, s, "end.repetition.result")?, false),
    };
    Ok(Some(Repetition { count: count as u32, result, absolute, perpetual_check_loses: r.perpetual_check_loses }))
}

fn insufficient(
    cx: &Ctx<'_>,
    def: &Definition,
    letter_kind: LetterKind<'_>,
) -> Result<Option<Insufficient>, DefinitionError> {
    let Some(i) = &def.end.insufficient_material else { return Ok(None) };
    let mask = |list: &[String], key: &str| -> Result<u32, DefinitionError> {
        let mut m = 0;
        for l in list {
            m |= 1 << letter_kind(l).ok_or_else(|| cx.key(key, format!("no piece has the letter '{l}'")))?;
        }
        Ok(m)
    };
    Ok(Some(Insufficient {
        minors: mask(&i.minors, "end.insufficient_material.minors")?,
        colour_bound: mask(&i.colour_bound, "end.insufficient_material.colour_bound")?,
    }))
}
