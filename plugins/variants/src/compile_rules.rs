//! The rule tables of a definition checked and compiled: promotion, drops,
//! castling, gating, walls and move rules.

use toml::Spanned;

use crate::def::Definition;
use crate::error::{Ctx, DefinitionError};
use crate::region::{all_squares, last_ranks, per_player, tokens};
use crate::rules::{Castling, Drops, Enclosing, Gating, Promotions, Rules, WallRule, Walls};
use crate::tables::Shape;
use crate::variant::{PieceKind, Promotion, Squares, MAX_KINDS, NO_KIND};

/// Finds a kind by its letter.
pub type LetterKind<'a> = &'a dyn Fn(&str) -> Option<u8>;

fn look(cx: &Ctx<'_>, s: &Spanned<String>, key: &str, letter_kind: LetterKind<'_>) -> Result<u8, DefinitionError> {
    letter_kind(s.get_ref()).ok_or_else(|| cx.at(s, key, format!("no piece has the letter '{}'", s.get_ref())))
}

fn mask(cx: &Ctx<'_>, list: &[String], key: &str, letter_kind: LetterKind<'_>) -> Result<u32, DefinitionError> {
    let mut m = 0;
    for l in list {
        m |= 1 << letter_kind(l).ok_or_else(|| cx.key(key, format!("no piece has the letter '{l}'")))?;
    }
    Ok(m)
}

fn file_of(cx: &Ctx<'_>, s: &Spanned<String>, key: &str, files: u8) -> Result<u8, DefinitionError> {
    let t = s.get_ref().trim();
    match t.as_bytes() {
        [b] if b.is_ascii_lowercase() && b - b'a' < files => Ok(b - b'a'),
        _ => Err(cx.at(s, key, format!("'{t}' is not a file of this board (a to {})", (b'a' + files - 1) as char))),
    }
}

/// Promotion: the zone, whether it is compulsory, the limits.
pub fn promotions(
    cx: &Ctx<'_>,
    shape: Shape,
    def: &Definition,
    kinds: &[PieceKind],
    letter_kind: LetterKind<'_>,
) -> Result<Promotions, DefinitionError> {
    let p = &def.promotion;
    let promoting = kinds.iter().position(|k| k.promotes(0) || k.promotes(1));
    let zone = match (&p.zone, &p.region, promoting) {
        (Some(_), Some(_), _) => return Err(cx.key("promotion", "give either zone or region, not both")),
        (Some(z), None, _) => {
            let n = *z.get_ref();
            if n < 1 || n >= shape.ranks as i64 {
                return Err(cx.at(z, "promotion.zone", format!("{n} ranks: must be 1 to {}", shape.ranks - 1)));
            }
            [last_ranks(shape, 0, n as i32), last_ranks(shape, 1, n as i32)]
        }
        (None, Some(r), _) => per_player(cx, shape, r, "promotion.region")?,
        (None, None, Some(i)) => {
            return Err(cx.key("promotion.zone", format!("missing, but '{}' promotes", kinds[i].name)));
        }
        (None, None, None) => [Squares::EMPTY; 2],
    };
    let mut limit = [u8::MAX; MAX_KINDS];
    for (letter, n) in &p.limits {
        let key = format!("promotion.limits.{letter}");
        let k = letter_kind(letter).ok_or_else(|| cx.key(&key, format!("no piece has the letter '{letter}'")))?;
        limit[k as usize] = (*n).clamp(0, 254) as u8;
    }
    let main_pawn = |player: usize| {
        kinds.iter().position(|k| matches!(k.promotion[player], Promotion::Choice(_))).map_or(NO_KIND, |i| i as u8)
    };
    if (p.demotion || p.on_capture) && !kinds.iter().any(|k| matches!(k.promotion[0], Promotion::To(_))) {
        return Err(
            cx.key("promotion", "demotion and on_capture apply to shogi-style promotions, and no piece has one")
        );
    }
    Ok(Promotions {
        zone,
        mandatory: p.mandatory.unwrap_or(true),
        forced: p.forced,
        demotion: p.demotion,
        on_capture: p.on_capture,
        limit,
        main_pawn: [main_pawn(0), main_pawn(1)],
    })
}

/// Drops.
pub fn drops(
    cx: &Ctx<'_>,
    shape: Shape,
    def: &Definition,
    letter_kind: LetterKind<'_>,
) -> Result<Option<Drops>, DefinitionError> {
    let Some(d) = &def.drops else { return Ok(None) };
    if !d.enabled {
        return Ok(None);
    }
    let opt = |s: &Option<Spanned<String>>, key: &str| match s {
        None => Ok(NO_KIND),
        Some(s) => look(cx, s, key, letter_kind),
    };
    let enclosing = match d.enclosing.as_ref().map(|s| (s, s.get_ref().trim())) {
        None => Enclosing::None,
        Some((_, "reversi")) => Enclosing::Reversi,
        Some((_, "ataxx")) => Enclosing::Ataxx,
        Some((s, other)) => return Err(cx.at(s, "drops.enclosing", format!("'{other}' is not reversi or ataxx"))),
    };
    let no_doubled_count = match &d.no_doubled_count {
        None => 1,
        Some(n) if (1..=9).contains(n.get_ref()) => *n.get_ref() as u8,
        Some(n) => return Err(cx.at(n, "drops.no_doubled_count", "must be 1 to 9")),
    };
    Ok(Some(Drops {
        to_hand: d.captures_to_hand,
        keep_promoted: d.keep_promoted,
        region: match &d.region {
            None => [all_squares(shape); 2],
            Some(r) => per_player(cx, shape, r, "drops.region")?,
        },
        no_doubled: opt(&d.no_doubled, "drops.no_doubled")?,
        no_doubled_count,
        no_mate: opt(&d.no_mate, "drops.no_mate")?,
        promoted: d.promoted,
        must: d.must,
        opposite_bishops: opt(&d.opposite_bishops, "drops.opposite_bishops")?,
        enclosing,
        enclosing_start: tokens(cx, shape, &d.enclosing_start, "drops.enclosing_start")?,
        free: d.free,
    }))
}

/// Castling.
pub fn castling(
    cx: &Ctx<'_>,
    shape: Shape,
    def: &Definition,
    royal: u8,
    letter_kind: LetterKind<'_>,
) -> Result<Option<Castling>, DefinitionError> {
    let Some(c) = &def.castling else { return Ok(None) };
    let files = shape.files as u8;
    let king = match &c.king {
        Some(k) => look(cx, k, "castling.king", letter_kind)?,
        None if royal != NO_KIND => royal,
        None => return Err(cx.key("castling", "castling needs a royal piece (royal = true) or castling.king")),
    };
    let mut rooks = 0u32;
    for l in c.rook.get_ref().letters() {
        let k =
            letter_kind(&l).ok_or_else(|| cx.at(&c.rook, "castling.rook", format!("no piece has the letter '{l}'")))?;
        rooks |= 1 << k;
    }
    let rank = match &c.rank {
        None => 0,
        Some(r) if (1..=shape.ranks as i64).contains(r.get_ref()) => (*r.get_ref() - 1) as u8,
        Some(r) => return Err(cx.at(r, "castling.rank", format!("must be 1 to {}", shape.ranks))),
    };
    let opt_file = |s: &Option<Spanned<String>>, key: &str, default: u8| match s {
        None => Ok(default),
        Some(s) => file_of(cx, s, key, files),
    };
    Ok(Some(Castling {
        king,
        rooks,
        rank,
        king_file_right: file_of(cx, &c.kingside, "castling.kingside", files)?,
        king_file_left: file_of(cx, &c.queenside, "castling.queenside", files)?,
        rook_search_right: opt_file(&c.rook_kingside, "castling.rook_kingside", files - 1)?,
        rook_search_left: opt_file(&c.rook_queenside, "castling.rook_queenside", 0)?,
        king_file: opt_file(&c.king_file, "castling.king_file", 4.min(files - 1))?,
        dropped: c.dropped,
    }))
}

/// Gating.
pub fn gating(cx: &Ctx<'_>, def: &Definition) -> Result<Option<Gating>, DefinitionError> {
    let Some(g) = &def.gating else { return Ok(None) };
    match g.rule.get_ref().trim() {
        "seirawan" => {
            if def.castling.is_none() {
                return Err(cx.at(
                    &g.rule,
                    "gating.rule",
                    "seirawan gating reads its gates with the castling rights: add [castling]",
                ));
            }
            Ok(Some(Gating { seirawan: true, cambodian: false }))
        }
        "cambodian" => Ok(Some(Gating { seirawan: false, cambodian: true })),
        other => Err(cx.at(&g.rule, "gating.rule", format!("'{other}' is not seirawan or cambodian"))),
    }
}

/// Walls placed by moves.
pub fn walls(cx: &Ctx<'_>, shape: Shape, def: &Definition) -> Result<Option<Walls>, DefinitionError> {
    let Some(w) = &def.walls else { return Ok(None) };
    let rule = match w.rule.get_ref().trim() {
        "duck" => WallRule::Duck,
        "arrow" => WallRule::Arrow,
        "static" => WallRule::Static,
        "past" => WallRule::Past,
        other => return Err(cx.at(&w.rule, "walls.rule", format!("'{other}' is not duck, arrow, static or past"))),
    };
    let region = match &w.region {
        None => [all_squares(shape); 2],
        Some(r) => per_player(cx, shape, r, "walls.region")?,
    };
    Ok(Some(Walls { rule, region }))
}

/// Move rules; `initial` is the default first-move region (the ranks each
/// kind starts on is decided later, so this is `None` when not given).
pub fn rules(
    cx: &Ctx<'_>,
    shape: Shape,
    def: &Definition,
    letter_kind: LetterKind<'_>,
) -> Result<(Rules, Option<[Squares; 2]>), DefinitionError> {
    let r = &def.rules;
    let initial = match &r.initial {
        None => None,
        Some(i) => Some(per_player(cx, shape, i, "rules.initial")?),
    };
    let rules = Rules {
        immobility_illegal: r.immobility_illegal,
        must_capture: r.must_capture,
        no_checks: r.no_checks,
        flying_royals: r.flying_royals,
        atomic: r.atomic,
        atomic_immune: mask(cx, &r.atomic_immune, "rules.atomic_immune", letter_kind)?,
        blast_immune: mask(cx, &r.blast_immune, "rules.blast_immune", letter_kind)?,
        mutually_immune: mask(cx, &r.mutually_immune, "rules.mutually_immune", letter_kind)?,
        petrify: mask(cx, &r.petrify, "rules.petrify", letter_kind)?,
        initial: [Squares::EMPTY; 2],
        ep_region: match &r.en_passant {
            None => [all_squares(shape); 2],
            Some(e) => per_player(cx, shape, e, "rules.en_passant")?,
        },
        pass: r.pass,
        pass_on_stalemate: r.pass_on_stalemate,
        makpong: r.makpong,
        bikjang: r.bikjang,
    };
    Ok((rules, initial))
}
