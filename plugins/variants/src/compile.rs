//! From a definition file to a [`Variant`]: every key checked, every
//! refusal naming the file, the key, the line and why.

use std::fmt;
use std::sync::Arc;

use rules_api::Rgba;
use toml::Spanned;

use crate::betza::{self, CAPTURE, MOVE};
use crate::def::{Definition, PieceDef, PromotesTo};
use crate::fen;
use crate::tables::{Shape, Tables};
use crate::variant::{
    Castling, End, Extinction, Flag, Insufficient, Keys, Outcome, PieceKind, Promotion, Repetition, Squares, Variant,
    HAND_KEYS, MAX_KINDS, MAX_SIDE, MIN_SIDE, NO_KIND,
};

/// A definition that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DefinitionError {
    /// The file (or `built-in NAME`).
    pub file: String,
    /// The line, when known.
    pub line: Option<usize>,
    /// The key (`piece[2].betza`).
    pub key: String,
    /// Why.
    pub message: String,
}

impl fmt::Display for DefinitionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}, line {}: {}: {}", self.file, line, self.key, self.message),
            None => write!(f, "{}: {}: {}", self.file, self.key, self.message),
        }
    }
}

impl std::error::Error for DefinitionError {}

/// Where errors point.
struct Ctx<'a> {
    file: &'a str,
    text: &'a str,
}

impl Ctx<'_> {
    fn line_of(&self, offset: usize) -> usize {
        self.text[..offset.min(self.text.len())].bytes().filter(|&b| b == b'\n').count() + 1
    }
    fn at<T>(&self, spanned: &Spanned<T>, key: &str, message: impl Into<String>) -> DefinitionError {
        DefinitionError {
            file: self.file.to_string(),
            line: Some(self.line_of(spanned.span().start)),
            key: key.to_string(),
            message: message.into(),
        }
    }
    fn key(&self, key: &str, message: impl Into<String>) -> DefinitionError {
        DefinitionError { file: self.file.to_string(), line: None, key: key.to_string(), message: message.into() }
    }
}

/// Reads and checks a definition; `file` names it in errors.
pub fn compile(file: &str, text: &str) -> Result<Arc<Variant>, DefinitionError> {
    let cx = Ctx { file, text };
    let def: Definition = toml::from_str(text).map_err(|e| DefinitionError {
        file: file.to_string(),
        line: e.span().map(|s| cx.line_of(s.start)),
        key: "toml".to_string(),
        message: e.message().trim().to_string(),
    })?;
    build(&cx, def).map(Arc::new)
}

fn build(cx: &Ctx<'_>, def: Definition) -> Result<Variant, DefinitionError> {
    let name = def.name.get_ref().trim().to_string();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    {
        return Err(cx.at(&def.name, "name", format!("'{name}' must be lowercase letters, digits, '-' or '_'")));
    }
    let side = |v: &Spanned<i64>, key: &str| -> Result<u8, DefinitionError> {
        let n = *v.get_ref();
        if n < MIN_SIDE as i64 {
            Err(cx.at(v, key, format!("{n} is too small (at least {MIN_SIDE})")))
        } else if n > MAX_SIDE as i64 {
            Err(cx.at(v, key, format!("{n} is too large (at most {MAX_SIDE})")))
        } else {
            Ok(n as u8)
        }
    };
    let files = side(&def.board.files, "board.files")?;
    let ranks = side(&def.board.ranks, "board.ranks")?;
    let shape = Shape { files: files as i32, ranks: ranks as i32 };
    let points = match def.board.style.as_ref().map(|s| (s, s.get_ref().as_str())) {
        None | Some((_, "squares")) => false,
        Some((_, "points")) => true,
        Some((s, other)) => {
            return Err(cx.at(s, "board.style", format!("'{other}' is not 'squares' or 'points'")));
        }
    };
    let colour = |c: &Option<Spanned<String>>, key: &str, default: Rgba| match c {
        None => Ok(default),
        Some(s) => parse_colour(s.get_ref()).ok_or_else(|| cx.at(s, key, format!("'{}' is not #rrggbb", s.get_ref()))),
    };
    let light = colour(&def.board.light, "board.light", Rgba::rgb(240, 217, 181))?;
    let dark = colour(&def.board.dark, "board.dark", Rgba::rgb(181, 136, 99))?;
    let mut marks = Squares::EMPTY;
    for token in &def.board.marks {
        region(cx, shape, token, "board.marks", &mut marks)?;
    }
    let players = match &def.players {
        None => ["white".to_string(), "black".to_string()],
        Some(p) if p.get_ref().len() == 2 && p.get_ref().iter().all(|n| !n.trim().is_empty()) => {
            [p.get_ref()[0].trim().to_lowercase(), p.get_ref()[1].trim().to_lowercase()]
        }
        Some(p) => return Err(cx.at(p, "players", "needs exactly two non-empty names")),
    };

    // Pieces: letters first, so that promotions can refer to any of them.
    if def.pieces.is_empty() {
        return Err(cx.key("piece", "no [[piece]] defined"));
    }
    if def.pieces.len() > MAX_KINDS {
        return Err(cx.key("piece", format!("{} piece kinds, at most {MAX_KINDS}", def.pieces.len())));
    }
    let mut letters: Vec<String> = Vec::new();
    for (i, p) in def.pieces.iter().enumerate() {
        let key = format!("piece[{i}].letter");
        let l = p.letter.get_ref().trim().to_string();
        let body = l.strip_prefix('+').unwrap_or(&l);
        if body.len() != 1 || !body.as_bytes()[0].is_ascii_alphabetic() {
            return Err(cx.at(&p.letter, &key, format!("'{l}' must be one letter, or '+' and a letter")));
        }
        let lower = l.to_ascii_lowercase();
        if letters.contains(&lower) {
            return Err(cx.at(&p.letter, &key, format!("'{l}' is used by two pieces")));
        }
        letters.push(lower);
    }
    let letter_kind = |s: &str| letters.iter().position(|l| *l == s.trim().to_ascii_lowercase()).map(|i| i as u8);

    let mut kinds = Vec::new();
    for (i, p) in def.pieces.iter().enumerate() {
        kinds.push(piece(cx, shape, i, p, &letter_kind)?);
    }
    // Promoted forms turn back into the piece that promotes to them.
    for i in 0..kinds.len() {
        if let Promotion::To(t) = kinds[i].promotion {
            if kinds[t as usize].base != t {
                let key = format!("piece[{i}].promotes_to");
                return Err(cx.key(&key, format!("'{}' is the promoted form of two pieces", kinds[t as usize].letter)));
            }
            kinds[t as usize].base = i as u8;
        }
    }
    for (i, k) in kinds.iter().enumerate() {
        if k.letter.starts_with('+') && k.base == i as u8 {
            return Err(cx.at(
                &def.pieces[i].letter,
                &format!("piece[{i}].letter"),
                format!("'{}' is a promoted form, but no piece has promotes_to = \"{}\"", k.letter, k.letter),
            ));
        }
    }
    let royals: Vec<usize> = (0..kinds.len()).filter(|&i| kinds[i].royal).collect();
    if royals.len() > 1 {
        return Err(cx.key("piece", "more than one royal piece kind (royal = true)"));
    }
    let royal = royals.first().map_or(NO_KIND, |&i| i as u8);

    // Promotion.
    let promoting = kinds.iter().position(|k| k.promotion != Promotion::Never);
    let zone = match (&def.promotion.zone, promoting) {
        (Some(z), _) => {
            let n = *z.get_ref();
            if n < 1 || n >= ranks as i64 {
                return Err(cx.at(z, "promotion.zone", format!("{n} ranks: must be 1 to {}", ranks - 1)));
            }
            n as u8
        }
        (None, Some(i)) => {
            return Err(cx.key("promotion.zone", format!("missing, but '{}' promotes", kinds[i].name)));
        }
        (None, None) => 0,
    };
    let mut promotion_limit = [u8::MAX; MAX_KINDS];
    for (letter, n) in &def.promotion.limits {
        let key = format!("promotion.limits.{letter}");
        let k = letter_kind(letter).ok_or_else(|| cx.key(&key, format!("no piece has the letter '{letter}'")))?;
        promotion_limit[k as usize] = (*n).clamp(0, 254) as u8;
    }
    let main_pawn = kinds.iter().position(|k| matches!(k.promotion, Promotion::Choice(_))).map_or(NO_KIND, |i| i as u8);

    // Drops.
    let (drops, no_doubled, no_drop_mate) = match &def.drops {
        None => (false, NO_KIND, NO_KIND),
        Some(d) => {
            let look = |s: &Option<Spanned<String>>, key: &str| match s {
                None => Ok(NO_KIND),
                Some(s) => letter_kind(s.get_ref())
                    .ok_or_else(|| cx.at(s, key, format!("no piece has the letter '{}'", s.get_ref()))),
            };
            (d.enabled, look(&d.no_doubled, "drops.no_doubled")?, look(&d.no_mate, "drops.no_mate")?)
        }
    };

    let castling = match &def.castling {
        None => None,
        Some(c) => {
            if royal == NO_KIND {
                return Err(cx.key("castling", "castling needs a royal piece (royal = true)"));
            }
            let rook = letter_kind(c.rook.get_ref()).ok_or_else(|| {
                cx.at(&c.rook, "castling.rook", format!("no piece has the letter '{}'", c.rook.get_ref()))
            })?;
            let file = |s: &Spanned<String>, key: &str| -> Result<u8, DefinitionError> {
                let t = s.get_ref().trim();
                match t.as_bytes() {
                    [b] if b.is_ascii_lowercase() && b - b'a' < files => Ok(b - b'a'),
                    _ => Err(cx.at(
                        s,
                        key,
                        format!("'{t}' is not a file of this board (a to {})", (b'a' + files - 1) as char),
                    )),
                }
            };
            Some(Castling {
                rook,
                king_file_right: file(&c.kingside, "castling.kingside")?,
                king_file_left: file(&c.queenside, "castling.queenside")?,
            })
        }
    };

    let mut atomic_immune = 0u32;
    for l in &def.rules.atomic_immune {
        let k =
            letter_kind(l).ok_or_else(|| cx.key("rules.atomic_immune", format!("no piece has the letter '{l}'")))?;
        atomic_immune |= 1 << k;
    }
    let end = end_rules(cx, shape, &def, royal, &letter_kind)?;

    // The start position decides where first-move legs apply.
    let start = def.start.get_ref().trim().to_string();
    let placed = fen::parse_board(files, ranks, &letters, &start).map_err(|e| cx.at(&def.start, "start", e))?;
    let mut initial = vec![[0u32; 2]; kinds.len()];
    for p in &placed {
        let rank = (p.square / files as u16) as u8;
        let rel = if p.player == 0 { rank } else { ranks - 1 - rank };
        initial[p.kind as usize][p.player as usize] |= 1 << rel;
    }
    for k in &mut kinds {
        if k.value < 0 {
            k.value = derived_value(k, shape);
        }
    }
    let tables = Tables::build(shape, &kinds, |player, kind, sq| {
        let rank = (sq / files as u16) as u8;
        let rel = if player == 0 { rank } else { ranks - 1 - rank };
        initial[kind as usize][player as usize] >> rel & 1 != 0
    });
    let keys = keys(&name, files as usize * ranks as usize, kinds.len());
    let en_passant = kinds.iter().any(|k| k.pawn);
    let variant = Variant {
        title: def.title.clone().unwrap_or_else(|| name.clone()),
        engine_name: def.engine_name.clone().unwrap_or_else(|| name.clone()),
        name,
        description: def.description.trim().to_string(),
        source: cx.file.to_string(),
        files,
        ranks,
        points,
        light,
        dark,
        marks,
        players,
        kinds,
        start: start.clone(),
        zone,
        mandatory_promotion: def.promotion.mandatory.unwrap_or(true),
        promotion_limit,
        main_pawn,
        drops,
        no_doubled,
        no_drop_mate,
        castling,
        immobility_illegal: def.rules.immobility_illegal,
        must_capture: def.rules.must_capture,
        no_checks: def.rules.no_checks,
        flying_royals: def.rules.flying_royals,
        atomic: def.rules.atomic,
        atomic_immune,
        end,
        royal,
        en_passant,
        tables,
        keys,
        goal_dist: [goal_distances(shape, &end, 0), goal_distances(shape, &end, 1)],
    };
    // The whole start text, read as any position would be.
    let v = Arc::new(variant);
    crate::position::Position::from_fen(&v, &start).map_err(|e| cx.at(&def.start, "start", e))?;
    Ok(Arc::try_unwrap(v).unwrap_or_else(|v| (*v).clone()))
}

fn piece(
    cx: &Ctx<'_>,
    shape: Shape,
    i: usize,
    p: &PieceDef,
    letter_kind: &impl Fn(&str) -> Option<u8>,
) -> Result<PieceKind, DefinitionError> {
    let name = p.name.get_ref().trim().to_lowercase();
    if name.is_empty() {
        return Err(cx.at(&p.name, &format!("piece[{i}].name"), "is empty"));
    }
    let legs = betza::parse(p.betza.get_ref()).map_err(|e| cx.at(&p.betza, &format!("piece[{i}].betza"), e.message))?;
    let letter = p.letter.get_ref().trim().to_ascii_lowercase();
    let glyphs = match (&p.glyphs, &p.glyph) {
        (Some(g), _) if g.get_ref().len() == 2 => [g.get_ref()[0].clone(), g.get_ref()[1].clone()],
        (Some(g), _) => {
            return Err(cx.at(g, &format!("piece[{i}].glyphs"), "needs exactly two glyphs (one per player)"))
        }
        (None, Some(g)) => [g.clone(), g.clone()],
        (None, None) => [letter.to_ascii_uppercase(), letter.clone()],
    };
    let promotion = match &p.promotes_to {
        None => Promotion::Never,
        Some(s) => {
            let key = format!("piece[{i}].promotes_to");
            match s.get_ref() {
                PromotesTo::One(l) if l.trim().starts_with('+') => Promotion::To(
                    letter_kind(l).ok_or_else(|| cx.at(s, &key, format!("no piece has the letter '{l}'")))?,
                ),
                PromotesTo::One(l) => Promotion::Choice(vec![
                    letter_kind(l).ok_or_else(|| cx.at(s, &key, format!("no piece has the letter '{l}'")))?
                ]),
                PromotesTo::Choice(list) if list.is_empty() => {
                    return Err(cx.at(s, &key, "an empty list: name at least one piece letter"));
                }
                PromotesTo::Choice(list) => {
                    let mut out = Vec::new();
                    for l in list {
                        let k =
                            letter_kind(l).ok_or_else(|| cx.at(s, &key, format!("no piece has the letter '{l}'")))?;
                        if l.trim().starts_with('+') {
                            return Err(cx.at(
                                s,
                                &key,
                                format!("'{l}' is a promoted form: write promotes_to = \"{l}\""),
                            ));
                        }
                        out.push(k);
                    }
                    Promotion::Choice(out)
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
                    &format!("piece[{i}].drop_ranks"),
                    format!("must be [lowest, highest] within 1 to {}", shape.ranks),
                ));
            }
        },
    };
    let mut region_sets = [all_squares(shape), all_squares(shape)];
    if let Some(r) = &p.region {
        for (player, tokens) in [&r.white, &r.black].into_iter().enumerate() {
            let mut set = Squares::EMPTY;
            for t in tokens {
                region(cx, shape, t, &format!("piece[{i}].region"), &mut set)?;
            }
            region_sets[player] = set;
        }
    }
    let value = match &p.value {
        Some(v) if (0..=100_000).contains(v.get_ref()) => *v.get_ref() as i32,
        Some(v) => return Err(cx.at(v, &format!("piece[{i}].value"), "must be 0 to 100000")),
        None if p.royal => 0,
        None => -1,
    };
    Ok(PieceKind {
        name,
        letter,
        base: i as u8,
        glyphs,
        value,
        royal: p.royal,
        pawn: p.pawn,
        promotion,
        drop_ranks,
        betza: p.betza.get_ref().trim().to_string(),
        legs,
        region: region_sets,
    })
}

fn all_squares(shape: Shape) -> Squares {
    let mut s = Squares::EMPTY;
    for sq in 0..(shape.files * shape.ranks) as u16 {
        s.insert(sq);
    }
    s
}

/// Adds the squares a region token names: `e4`, a rank `*4`, a file `e*`,
/// a box `c1-e3`, or several separated by spaces.
fn region(
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

fn outcome(cx: &Ctx<'_>, s: &Spanned<String>, key: &str) -> Result<Outcome, DefinitionError> {
    match s.get_ref().trim() {
        "win" => Ok(Outcome::Win),
        "loss" => Ok(Outcome::Loss),
        "draw" => Ok(Outcome::Draw),
        other => Err(cx.at(s, key, format!("'{other}' is not win, loss or draw"))),
    }
}

fn end_rules(
    cx: &Ctx<'_>,
    shape: Shape,
    def: &Definition,
    royal: u8,
    letter_kind: &impl Fn(&str) -> Option<u8>,
) -> Result<End, DefinitionError> {
    let e = &def.end;
    if royal == NO_KIND {
        if let Some(c) = &e.checkmate {
            return Err(cx.at(c, "end.checkmate", "checkmate needs a royal piece (royal = true)"));
        }
        if let Some(c) = &e.checks {
            return Err(cx.at(c, "end.checks", "counting checks needs a royal piece (royal = true)"));
        }
        if e.extinction.is_none() && e.flag.is_none() && e.stalemate.is_none() {
            return Err(cx.key(
                "end",
                "the game cannot be won: no royal piece (royal = true), no extinction, flag or stalemate rule",
            ));
        }
    }
    let checkmate = e.checkmate.as_ref().map_or(Ok(Outcome::Loss), |s| outcome(cx, s, "end.checkmate"))?;
    let stalemate = e.stalemate.as_ref().map_or(Ok(Outcome::Draw), |s| outcome(cx, s, "end.stalemate"))?;
    let extinction = match &e.extinction {
        None => None,
        Some(x) => {
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
            Some(Extinction {
                kinds,
                all,
                count: x.count.clamp(0, 1000) as u32,
                opponent_count: x.opponent_count.clamp(0, 1000) as u32,
                claim: x.claim,
                result: outcome(cx, &x.result, "end.extinction.result")?,
            })
        }
    };
    let flag = match &e.flag {
        None => None,
        Some(f) => {
            let kind = letter_kind(f.piece.get_ref()).ok_or_else(|| {
                cx.at(&f.piece, "end.flag.piece", format!("no piece has the letter '{}'", f.piece.get_ref()))
            })?;
            let mut goal = [Squares::EMPTY; 2];
            for (player, tokens) in [&f.white, &f.black].into_iter().enumerate() {
                for t in tokens {
                    region(cx, shape, t, "end.flag", &mut goal[player])?;
                }
            }
            Some(Flag { kind, goal, reply: f.reply })
        }
    };
    let checks = match &e.checks {
        None => 0,
        Some(c) if (1..=9).contains(c.get_ref()) => *c.get_ref() as u8,
        Some(c) => return Err(cx.at(c, "end.checks", "must be 1 to 9")),
    };
    let repetition = match &e.repetition {
        None => None,
        Some(r) => {
            let count = *r.count.get_ref();
            if !(2..=10).contains(&count) {
                return Err(cx.at(&r.count, "end.repetition.count", "must be 2 to 10"));
            }
            let (result, absolute) = match &r.result {
                None => (Outcome::Draw, false),
                Some(s) if s.get_ref().trim() == "first-player-loses" => (Outcome::Loss, true),
                Some(s) => (outcome(cx, s, "end.repetition.result")?, false),
            };
            Some(Repetition { count: count as u32, result, absolute, perpetual_check_loses: r.perpetual_check_loses })
        }
    };
    let move_limit = match &e.move_limit {
        None => 0,
        Some(m) if (1..=10_000).contains(m.get_ref()) => *m.get_ref() as u32,
        Some(m) => return Err(cx.at(m, "end.move_limit", "must be 1 to 10000 plies")),
    };
    let insufficient = match &e.insufficient_material {
        None => None,
        Some(i) => {
            let mask = |list: &[String], key: &str| -> Result<u32, DefinitionError> {
                let mut m = 0;
                for l in list {
                    m |= 1 << letter_kind(l).ok_or_else(|| cx.key(key, format!("no piece has the letter '{l}'")))?;
                }
                Ok(m)
            };
            Some(Insufficient {
                minors: mask(&i.minors, "end.insufficient_material.minors")?,
                colour_bound: mask(&i.colour_bound, "end.insufficient_material.colour_bound")?,
            })
        }
    };
    Ok(End { checkmate, stalemate, extinction, flag, checks, repetition, move_limit, insufficient })
}

/// 100 × m^0.7, where m is the average number of squares the piece reaches
/// on the empty board (a move-only or capture-only leg counts half).
fn derived_value(kind: &PieceKind, shape: Shape) -> i32 {
    let mut total = 0.0;
    let n = (shape.files * shape.ranks) as f64;
    for sq in 0..shape.files * shape.ranks {
        let (f0, r0) = (sq % shape.files, sq / shape.files);
        for leg in &kind.legs {
            let weight = if leg.modes == MOVE | CAPTURE { 1.0 } else { 0.5 };
            let max = if leg.range == 0 { 64 } else { leg.range as i32 };
            for step in 1..=max {
                let (f, r) = (f0 + leg.dx as i32 * step, r0 + leg.dy as i32 * step);
                if f < 0 || r < 0 || f >= shape.files || r >= shape.ranks {
                    break;
                }
                total += weight;
            }
        }
    }
    let m: f64 = total / n;
    (100.0 * m.max(0.1).powf(0.7)).round() as i32
}

fn keys(name: &str, nsq: usize, nkinds: usize) -> Keys {
    let seed = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
    let codes = (nkinds + 1) * 2;
    let hand_n = 2 * nkinds * HAND_KEYS;
    let total = codes * nsq + hand_n + 16 + nsq + 1 + 2 * 16 + nsq;
    let k = tabula_kit::rng::zobrist_keys(seed, total);
    let mut at = 0;
    let mut take = |n: usize| {
        let v = k[at..at + n].to_vec();
        at += n;
        v
    };
    let piece = take(codes * nsq);
    let hand = take(hand_n);
    let castling: [u64; 16] = take(16).try_into().expect("16 keys");
    let ep = take(nsq);
    let side = take(1)[0];
    let checks = take(32);
    let promoted = take(nsq);
    Keys { piece, hand, castling, ep, side, checks, promoted }
}

/// King steps from every square to `player`'s nearest goal square.
fn goal_distances(shape: Shape, end: &End, player: usize) -> Vec<u8> {
    let n = (shape.files * shape.ranks) as usize;
    let Some(flag) = end.flag else { return Vec::new() };
    let goals: Vec<u16> = flag.goal[player].iter().filter(|&g| (g as usize) < n).collect();
    (0..n as i32)
        .map(|sq| {
            let (f, r) = (sq % shape.files, sq / shape.files);
            goals
                .iter()
                .map(|&g| (f - g as i32 % shape.files).abs().max((r - g as i32 / shape.files).abs()))
                .min()
                .unwrap_or(n as i32)
                .min(255) as u8
        })
        .collect()
}

fn parse_colour(text: &str) -> Option<Rgba> {
    let hex = text.trim().strip_prefix('#')?;
    if hex.len() != 6 {
        return None;
    }
    let v = u32::from_str_radix(hex, 16).ok()?;
    Some(Rgba::rgb((v >> 16) as u8, (v >> 8) as u8, v as u8))
}
