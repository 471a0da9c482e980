//! From a definition file to a [`Variant`]: every key checked, every
//! refusal naming the file, the key, the line and why. The pieces, the
//! rule tables and the end of the game are compiled in their own modules;
//! here they are put together with the board, the start position, the
//! tables and the hash keys, and the combinations the plugin cannot play
//! exactly are refused.

use std::sync::Arc;

use rules_api::Rgba;

use crate::betza::{CAPTURE, MOVE};
use crate::compile_end::end_rules;
use crate::compile_piece::piece;
use crate::compile_rules::{castling, drops, gating, promotions, rules, walls};
use crate::def::Definition;
use crate::error::Ctx;
use crate::fen;
use crate::region::tokens;
use crate::style::style;
use crate::tables::{Shape, Tables};
use crate::variant::{Keys, PieceKind, Promotion, Squares, Variant, HAND_KEYS, MAX_KINDS, MAX_SIDE, MIN_SIDE, NO_KIND};

pub use crate::error::DefinitionError;

/// Reads and checks a definition; `file` names it in errors (and images
/// are read beside it).
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

/// The board: size, look, players.
struct BoardParts {
    files: u8,
    ranks: u8,
    points: bool,
    light: Rgba,
    dark: Rgba,
    marks: Squares,
    lines: Squares,
    players: [String; 2],
}

fn board(cx: &Ctx<'_>, def: &Definition) -> Result<BoardParts, DefinitionError> {
    let side = |v: &toml::Spanned<i64>, key: &str| -> Result<u8, DefinitionError> {
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
        Some((s, other)) => return Err(cx.at(s, "board.style", format!("'{other}' is not 'squares' or 'points'"))),
    };
    let colour = |c: &Option<toml::Spanned<String>>, key: &str, default: Rgba| match c {
        None => Ok(default),
        Some(s) => parse_colour(s.get_ref()).ok_or_else(|| cx.at(s, key, format!("'{}' is not #rrggbb", s.get_ref()))),
    };
    let players = match &def.players {
        None => ["white".to_string(), "black".to_string()],
        Some(p) if p.get_ref().len() == 2 && p.get_ref().iter().all(|n| !n.trim().is_empty()) => {
            [p.get_ref()[0].trim().to_lowercase(), p.get_ref()[1].trim().to_lowercase()]
        }
        Some(p) => return Err(cx.at(p, "players", "needs exactly two non-empty names")),
    };
    Ok(BoardParts {
        files,
        ranks,
        points,
        light: colour(&def.board.light, "board.light", Rgba::rgb(240, 217, 181))?,
        dark: colour(&def.board.dark, "board.dark", Rgba::rgb(181, 136, 99))?,
        marks: tokens(cx, shape, &def.board.marks, "board.marks")?,
        lines: tokens(cx, shape, &def.board.diagonal_lines, "board.diagonal_lines")?,
        players,
    })
}

/// The letters of the pieces, checked: one letter or `+` and a letter,
/// each used once.
fn letters(cx: &Ctx<'_>, def: &Definition) -> Result<Vec<String>, DefinitionError> {
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
    Ok(letters)
}

/// Promoted forms turn back into the piece that promotes to them.
fn link_promoted_forms(cx: &Ctx<'_>, def: &Definition, kinds: &mut [PieceKind]) -> Result<(), DefinitionError> {
    for i in 0..kinds.len() {
        for player in 0..2 {
            if let Promotion::To(t) = kinds[i].promotion[player] {
                if kinds[t as usize].base != t && kinds[t as usize].base != i as u8 {
                    let key = format!("piece[{i}].promotes_to");
                    return Err(
                        cx.key(&key, format!("'{}' is the promoted form of two pieces", kinds[t as usize].letter))
                    );
                }
                kinds[t as usize].base = i as u8;
            }
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
    Ok(())
}

fn build(cx: &Ctx<'_>, def: Definition) -> Result<Variant, DefinitionError> {
    let name = def.name.get_ref().trim().to_string();
    if name.is_empty() || !name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
    {
        return Err(cx.at(&def.name, "name", format!("'{name}' must be lowercase letters, digits, '-' or '_'")));
    }
    let b = board(cx, &def)?;
    let (files, ranks) = (b.files, b.ranks);
    let shape = Shape { files: files as i32, ranks: ranks as i32 };
    let letters = letters(cx, &def)?;
    let letter_kind = |s: &str| letters.iter().position(|l| *l == s.trim().to_ascii_lowercase()).map(|i| i as u8);
    let mut kinds = Vec::new();
    for (i, p) in def.pieces.iter().enumerate() {
        kinds.push(piece(cx, shape, i, p, &letter_kind)?);
    }
    link_promoted_forms(cx, &def, &mut kinds)?;
    let royals: Vec<usize> = (0..kinds.len()).filter(|&i| kinds[i].royal).collect();
    if royals.len() > 1 {
        return Err(cx.key("piece", "more than one royal piece kind (royal = true)"));
    }
    let royal = royals.first().map_or(NO_KIND, |&i| i as u8);
    let promotions = promotions(cx, shape, &def, &kinds, &letter_kind)?;
    let drops = drops(cx, shape, &def, &letter_kind)?;
    let castling = castling(cx, shape, &def, royal, &letter_kind)?;
    let gating = gating(cx, &def)?;
    let walls = walls(cx, shape, &def)?;
    let (mut rules, initial_region) = rules(cx, shape, &def, &letter_kind)?;
    let end = end_rules(cx, shape, &def, royal, &letter_kind)?;
    if def.chess960 && castling.is_none() {
        return Err(cx.key("chess960", "Chess960 needs [castling]"));
    }

    // The start position decides where first-move legs apply, unless the
    // rules name the squares.
    let start = def.start.get_ref().trim().to_string();
    let placed = fen::parse_board(files, ranks, &letters, &start).map_err(|e| cx.at(&def.start, "start", e))?;
    rules.initial = match initial_region {
        Some(r) => r,
        None => start_ranks(files, ranks, &kinds, &placed),
    };
    for k in &mut kinds {
        if k.value < 0 {
            k.value = derived_value(k, shape);
        }
    }
    let initial = rules.initial;
    let tables = Tables::build(shape, &kinds, b.lines, |player, _, sq| initial[player as usize].has(sq));
    let keys = keys(&name, files as usize * ranks as usize, files as usize, kinds.len());
    let en_passant = kinds.iter().any(|k| k.takes_ep || k.ep_mark != crate::variant::EpMark::None);
    let shogi_promotions = kinds.iter().any(|k| matches!(k.promotion[0], Promotion::To(_)));
    let variant = Variant {
        title: def.title.clone().unwrap_or_else(|| name.clone()),
        summary: def.summary.clone().unwrap_or_default().trim().to_string(),
        engine_name: def.engine_name.clone().unwrap_or_else(|| name.clone()),
        family: family(cx, &def)?,
        style: style(cx, def.style.as_ref())?,
        name,
        description: def.description.trim().to_string(),
        source: cx.file.to_string(),
        files,
        ranks,
        points: b.points,
        light: b.light,
        dark: b.dark,
        marks: b.marks,
        diagonal_lines: b.lines,
        players: b.players,
        kinds,
        start: start.clone(),
        chess960: def.chess960,
        promotions,
        drops,
        castling,
        gating,
        walls,
        rules,
        end,
        royal,
        en_passant,
        tables,
        keys,
        goal_dist: [Vec::new(), Vec::new()],
        shogi_promotions,
    };
    let mut variant = variant;
    variant.goal_dist = [goal_distances(&variant, 0), goal_distances(&variant, 1)];
    crate::compile_check::supported(cx, &def, &mut variant)?;
    // The whole start text, read as any position would be.
    let v = Arc::new(variant);
    crate::position::Position::from_fen(&v, &start).map_err(|e| cx.at(&def.start, "start", e))?;
    Ok(Arc::try_unwrap(v).unwrap_or_else(|v| (*v).clone()))
}

fn family(cx: &Ctx<'_>, def: &Definition) -> Result<String, DefinitionError> {
    const FAMILIES: [&str; 5] = ["chess", "shogi", "xiangqi", "makruk", "other"];
    match &def.family {
        None => Ok("chess".to_string()),
        Some(f) if FAMILIES.contains(&f.get_ref().trim()) => Ok(f.get_ref().trim().to_string()),
        Some(f) => Err(cx.at(f, "family", format!("'{}' is not one of {}", f.get_ref(), FAMILIES.join(", ")))),
    }
}

/// Where first-move legs apply by default: on the ranks each kind of each
/// player starts on (as ranks, so a pawn of the second rank double-steps
/// from any file).
fn start_ranks(files: u8, ranks: u8, kinds: &[PieceKind], placed: &[fen::Placed]) -> [Squares; 2] {
    let mut out = [Squares::EMPTY; 2];
    for p in placed.iter().filter(|p| p.kind != NO_KIND) {
        if !kinds[p.kind as usize].legs.iter().any(|l| l.initial) {
            continue;
        }
        let rank = p.square / files as u16;
        for f in 0..files as u16 {
            out[p.player as usize].insert(rank * files as u16 + f);
        }
    }
    let _ = ranks;
    out
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

fn keys(name: &str, nsq: usize, files: usize, nkinds: usize) -> Keys {
    let seed = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
    let codes = (nkinds + 1) * 2;
    let hand_n = 2 * nkinds * HAND_KEYS;
    let total = codes * nsq + hand_n + 16 + files + 1 + 2 * 16 + nsq + nsq;
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
    let ep = take(files);
    let side = take(1)[0];
    let checks = take(32);
    let promoted = take(nsq);
    let gates = take(nsq);
    Keys { piece, hand, castling, ep, side, checks, promoted, gates }
}

/// King steps from every square to `player`'s nearest goal square.
fn goal_distances(v: &Variant, player: usize) -> Vec<u8> {
    let n = v.nsq();
    let Some(flag) = v.end.flag else { return Vec::new() };
    let goals: Vec<u16> = flag.goal[player].iter().filter(|&g| (g as usize) < n).collect();
    let files = v.files as i32;
    (0..n as i32)
        .map(|sq| {
            let (f, r) = (sq % files, sq / files);
            goals
                .iter()
                .map(|&g| (f - g as i32 % files).abs().max((r - g as i32 / files).abs()))
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
