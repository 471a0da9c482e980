//! Combinations of rules the plugin cannot play exactly, refused with the
//! key and the rule that is missing, so that no definition is played
//! differently from what it says; and the kinds some rules count, found
//! by their movement.

use crate::betza::NO_HOP;
use crate::def::Definition;
use crate::error::{Ctx, DefinitionError};
use crate::rules::{Counting, Enclosing};
use crate::variant::{Promotion, Variant, NO_KIND};

/// Refuses what cannot be played exactly; fills in the counted kinds.
pub fn supported(cx: &Ctx<'_>, def: &Definition, v: &mut Variant) -> Result<(), DefinitionError> {
    let r = &v.rules;
    if !v.has_royal() {
        if r.flying_royals {
            return Err(cx.key("rules.flying_royals", "facing royals need a royal piece (royal = true)"));
        }
        if r.bikjang {
            return Err(cx.key("rules.bikjang", "bikjang needs a royal piece (royal = true)"));
        }
        if r.makpong {
            return Err(cx.key("rules.makpong", "the makpong rule needs a royal piece (royal = true)"));
        }
    }
    for (i, k) in v.kinds.iter().enumerate() {
        if k.janggi_cannon && !k.legs.iter().any(|l| l.hop != NO_HOP) {
            return Err(cx.key(&format!("piece[{i}].janggi_cannon"), "a janggi cannon needs hopping legs ('p')"));
        }
        if !k.line_legs.is_empty() && v.diagonal_lines.is_empty() {
            return Err(cx.key(&format!("piece[{i}].line_betza"), "moves along lines need board.diagonal_lines"));
        }
        if k.royal && k.promotes(0) {
            return Err(cx.key(&format!("piece[{i}].promotes_to"), "the royal piece cannot promote"));
        }
        for p in 0..2 {
            if let Promotion::Choice(list) = &k.promotion[p] {
                if list.iter().any(|&t| v.kinds[t as usize].royal) {
                    return Err(
                        cx.key(&format!("piece[{i}].promotes_to"), "promotion to the royal piece is not played")
                    );
                }
            }
        }
    }
    if let Some(d) = &v.drops {
        if d.enclosing != Enclosing::None && v.has_royal() {
            return Err(cx.key("drops.enclosing", "reversi and ataxx drops are played in games without a royal piece"));
        }
        if d.must && !def.start.get_ref().contains('[') {
            return Err(cx.key("drops.must", "drops are compulsory, but the start position holds no hand"));
        }
    } else if def.start.get_ref().contains('[')
        && !def.start.get_ref().contains("[]")
        && !def.start.get_ref().contains("[-]")
        && !v.gating.is_some_and(|g| g.seirawan)
    {
        return Err(cx.key("start", "the start position holds pieces in hand, but there is no [drops] table"));
    }
    if let Some(g) = v.gating {
        if g.seirawan && v.drops.as_ref().is_some_and(|d| d.must) {
            return Err(cx.key("gating.rule", "gating with compulsory drops is not played"));
        }
        if g.cambodian && (!v.has_royal() || v.kind_of_letter("m").is_none()) {
            return Err(cx.key("gating.rule", "cambodian leaps need a royal king and a met ('m')"));
        }
    }
    if v.walls.is_some() && v.gating.is_some() {
        return Err(cx.key("walls", "walls and gating in one game are not played"));
    }
    if v.rules.atomic && v.walls.is_some() {
        return Err(cx.key("walls", "walls with atomic captures are not played"));
    }
    if v.end.counting != Counting::None {
        let find = |betza: &str| v.kinds.iter().position(|k| k.betza == betza).map_or(NO_KIND, |i| i as u8);
        let kinds = [find("R"), find("FfW"), find("N")];
        if kinds.contains(&NO_KIND) || !v.kinds.iter().any(|k| k.pawn) {
            return Err(cx.key(
                "end.counting",
                "the counting rules count pawns and the rook (R), khon (FfW) and knight (N); one is missing",
            ));
        }
        v.end.count_kinds = kinds;
    }
    if let Some(x) = v.end.extinction {
        if x.pseudo_royal && v.rules.atomic && v.has_royal() {
            return Err(
                cx.key("end.extinction.pseudo_royal", "pseudo-royal pieces beside a royal in atomic are not played")
            );
        }
    }
    Ok(())
}
