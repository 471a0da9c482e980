//! Moves as text.
//!
//! A play in standard notation lists each checker's move from the mover's
//! side, farthest first: `24/18 13/11`, `bar/22`, `6/off`, a hit marked
//! `*` (`13/7*`), one checker moving on written once with the points where
//! it hit on the way (`24/13`, `8/5*/3`), and repeated moves counted
//! (`13/11(2)`), as GNU Backgammon writes them, except that the moves are
//! separated by a comma, not a space ([`SEPARATOR`]): `24/18,13/11`.
//! Coordinate notation, for machines, lists one `from/to` per die in an
//! order that can be played, separated by commas and without marks
//! (`24/18,18/13`).
//!
//! Reading accepts either, with spaces or commas between the moves, `b`,
//! `25` for the bar, `o`, `0` for off, points a checker passes written or
//! not (`24/18/13`), hits marked or not (a checker landing on a blot hits
//! it), and counts (`6/off(2)`). Rolls are `6-3`; the opening roll names
//! who starts with the higher die: `white:6-3` (`white 6-3` is read too);
//! the cube's moves are `double`, `roll`, `take` and `drop` (`pass`).

use rules_api::{Move, Notation, PluginError};

/// Between the checker moves of a play as written. Players write a space
/// (`24/18 13/11`), but the host keeps every move as one token of its
/// records and refuses a move text with a space in it, so plays are
/// written `24/18,13/11`; reading accepts both.
pub const SEPARATOR: &str = ",";

use crate::board::{Step, BAR, OFF};
use crate::play::{requirement, walk, Effect, PlayKey};
use crate::position::BgPosition;
use crate::state::{decode_dice, decode_opening, dice_move, opening_move, Phase, DOUBLE, DROP, ROLL, TAKE};
use crate::text::SIDES;

/// `m` (a legal move of `p`) in `notation`.
pub fn write(p: &BgPosition, m: Move, notation: Notation) -> Result<String, PluginError> {
    let s = p.state();
    let text = match s.phase {
        Phase::Opening => {
            decode_opening(m).map(|(w, b)| format!("{}:{}-{}", SIDES[(b > w) as usize], w.max(b), w.min(b)))
        }
        Phase::Dice => decode_dice(m).map(|(high, low)| format!("{high}-{low}")),
        Phase::Decide if m == DOUBLE => Some("double".into()),
        Phase::Decide if m == ROLL => Some("roll".into()),
        Phase::Doubled if m == TAKE => Some("take".into()),
        Phase::Doubled if m == DROP => Some("drop".into()),
        Phase::Play => p.key_of(m).and_then(|key| play_text(p, key, notation)),
        _ => None,
    };
    text.ok_or_else(|| PluginError::illegal_move(format!("{} is not a legal move here", describe(p, m))))
}

/// A move for an error message, legal or not.
pub fn describe(p: &BgPosition, m: Move) -> String {
    let named = [(DOUBLE, "double"), (ROLL, "roll"), (TAKE, "take"), (DROP, "drop")];
    if let Some((_, name)) = named.iter().find(|(n, _)| *n == m) {
        return format!("'{name}'");
    }
    if let Some((high, low)) = decode_dice(m) {
        return format!("the roll {high}-{low}");
    }
    if let Some((w, b)) = decode_opening(m) {
        return format!("the opening roll {w} (white) against {b} (black)");
    }
    match p.key_of(m).and_then(|key| play_text(p, key, Notation::STANDARD)) {
        Some(text) => format!("'{text}'"),
        None => format!("the move {m:?}"),
    }
}

/// The name of an index in the mover's numbering.
fn point_name(index: u8) -> String {
    match index as usize {
        BAR => "bar".into(),
        OFF => "off".into(),
        n => n.to_string(),
    }
}

/// Play `key` of the player on turn in `notation`.
pub fn play_text(p: &BgPosition, key: PlayKey, notation: Notation) -> Option<String> {
    let (steps, standard) = clearest_order(p, key)?;
    if notation == Notation::COORDINATE {
        let parts: Vec<String> = steps.iter().map(|s| format!("{}/{}", point_name(s.from), point_name(s.to))).collect();
        return Some(parts.join(","));
    }
    Some(standard)
}

/// The order of steps that plays `key` and reads best: the fewest
/// checker paths (13/7 7/5 is one checker, 13/5), then the first text.
///
/// The walk without every order of a double's steps is enough: there a
/// step from a point comes after every step that lands on it, so each
/// checker that moves on is joined to its path.
fn clearest_order(p: &BgPosition, key: PlayKey) -> Option<(Vec<Step>, String)> {
    let s = p.state();
    let side = s.turn as usize;
    let [a, b] = s.dice;
    let need = requirement(p.board(), side, a, b);
    let mut best: Option<(usize, String, Vec<Step>)> = None;
    walk(p.board(), side, a, b, false, &mut |steps: &[Step]| {
        if !need.accepts(steps) || Effect::of(steps).key() != key {
            return;
        }
        let (paths, text) = standard(steps);
        if best.as_ref().map_or(true, |(n, t, _)| (paths, &text) < (*n, t)) {
            best = Some((paths, text, steps.to_vec()));
        }
    });
    best.map(|(_, text, steps)| (steps, text))
}

/// One checker's way through a turn: where it started and each landing
/// (with whether it hit there).
struct Chain {
    start: u8,
    landings: Vec<(u8, bool)>,
}

impl Chain {
    fn end(&self) -> u8 {
        self.landings.last().map_or(self.start, |l| l.0)
    }

    fn text(&self) -> String {
        let mut out = point_name(self.start);
        let last = self.landings.len() - 1;
        for (i, &(point, hit)) in self.landings.iter().enumerate() {
            if i == last || hit {
                out.push('/');
                out.push_str(&point_name(point));
                if hit {
                    out.push('*');
                }
            }
        }
        out
    }
}

/// Standard notation of a sequence of steps (see the module
/// documentation), with the number of checker paths it names.
fn standard(steps: &[Step]) -> (usize, String) {
    let mut chains: Vec<Chain> = Vec::new();
    for s in steps {
        // A step from where a checker landed continues that checker.
        let open = chains.iter_mut().rev().find(|c| c.end() == s.from && c.end() as usize != OFF);
        match open {
            Some(chain) => chain.landings.push((s.to, s.hit)),
            None => chains.push(Chain { start: s.from, landings: vec![(s.to, s.hit)] }),
        }
    }
    chains.sort_by(|a, b| (b.start, b.end()).cmp(&(a.start, a.end())).then_with(|| a.text().cmp(&b.text())));
    let mut parts: Vec<(String, usize)> = Vec::new();
    for chain in &chains {
        let text = chain.text();
        match parts.last_mut() {
            Some((last, n)) if *last == text => *n += 1,
            _ => parts.push((text, 1)),
        }
    }
    let written: Vec<String> = parts.into_iter().map(|(t, n)| if n > 1 { format!("{t}({n})") } else { t }).collect();
    (chains.len(), written.join(SEPARATOR))
}

/// One checker's move as written: start, the points named on the way and
/// the end, each with whether a hit was marked, repeated `count` times.
struct Written {
    start: u8,
    landings: Vec<(u8, bool)>,
    count: usize,
}

fn parse_point(word: &str, first: bool) -> Option<u8> {
    match word {
        "bar" | "b" | "25" if first => Some(BAR as u8),
        "off" | "o" | "0" if !first => Some(OFF as u8),
        n => n.parse::<u8>().ok().filter(|p| (1..=24).contains(p)),
    }
}

fn parse_written(token: &str) -> Result<Written, String> {
    let (body, count) = match token.strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
        Some((body, n)) => (body, n.parse::<usize>().ok().filter(|n| (1..=4).contains(n)).ok_or("a count (1)-(4)")?),
        None => (token, 1),
    };
    let mut parts = body.split('/');
    let start = parts.next().and_then(|w| parse_point(w, true)).ok_or("a start point (24, bar)")?;
    let mut landings = Vec::new();
    for part in parts {
        let (word, hit) = match part.strip_suffix('*') {
            Some(w) => (w, true),
            None => (part, false),
        };
        landings.push((parse_point(word, false).ok_or("points 1-24 or off after '/'")?, hit));
    }
    if landings.is_empty() {
        return Err("FROM/TO".into());
    }
    Ok(Written { start, landings, count })
}

/// Reads any accepted spelling of a legal move of `p`; errors say why not.
pub fn read(p: &BgPosition, text: &str) -> Result<Move, PluginError> {
    let wanted = text.trim().to_ascii_lowercase();
    let refuse = |why: String| PluginError::illegal_move(format!("'{}': {why}", text.trim()));
    let s = p.state();
    let word = match wanted.as_str() {
        "double" => Some(DOUBLE),
        "roll" | "no double" => Some(ROLL),
        "take" | "accept" => Some(TAKE),
        "drop" | "pass" | "refuse" => Some(DROP),
        _ => None,
    };
    if let Some(m) = word {
        let ok = match s.phase {
            Phase::Decide => m == DOUBLE || m == ROLL,
            Phase::Doubled => m == TAKE || m == DROP,
            _ => false,
        };
        return if ok { Ok(m) } else { Err(refuse(format!("not a choice here ({})", crate::text::state_words(p)))) };
    }
    match s.phase {
        Phase::Opening => read_opening(&wanted).ok_or_else(|| {
            refuse("the opening roll is written with who starts and both dice, such as 'white:6-3'".into())
        }),
        Phase::Dice => read_dice(&wanted)
            .map(|(a, b)| dice_move(a, b))
            .ok_or_else(|| refuse(format!("{} is to roll: a roll is written such as '6-3'", SIDES[s.turn as usize]))),
        Phase::Play => read_play(p, &wanted).map_err(refuse),
        _ => Err(refuse(format!("no such move here ({})", crate::text::state_words(p)))),
    }
}

fn read_dice(text: &str) -> Option<(u8, u8)> {
    let digits: Vec<u8> =
        text.chars().filter(|c| *c != '-').map(|c| c.to_digit(10).map(|d| d as u8)).collect::<Option<_>>()?;
    match digits.as_slice() {
        [a, b] if (1..=6).contains(a) && (1..=6).contains(b) && text.len() <= 3 => Some((*a, *b)),
        _ => None,
    }
}

fn read_opening(text: &str) -> Option<Move> {
    let (side, dice) = text.split_once([' ', ':'])?;
    let side = SIDES.iter().position(|s| *s == side.trim())?;
    let (a, b) = read_dice(dice.trim())?;
    let (high, low) = (a.max(b), a.min(b));
    if high == low {
        return None;
    }
    Some(if side == 0 { opening_move(high, low) } else { opening_move(low, high) })
}

/// What a written play says: the points left and reached (net, highest
/// first) and the points where it hits, marked or landed on a blot.
struct Described {
    sources: Vec<u8>,
    dests: Vec<u8>,
    hits: Vec<u8>,
}

fn describe_play(p: &BgPosition, text: &str) -> Result<Described, String> {
    let side = p.state().turn as usize;
    let mut d = Described { sources: Vec::new(), dests: Vec::new(), hits: Vec::new() };
    for token in text.split([' ', ',']).filter(|t| !t.is_empty()) {
        let written = parse_written(token).map_err(|what| format!("'{token}' is not a checker move ({what})"))?;
        for _ in 0..written.count {
            d.sources.push(written.start);
            d.dests.push(written.landings.last().map_or(0, |l| l.0));
            for &(point, hit) in &written.landings {
                // A checker landing on a blot hits it, marked or not.
                let blot = point as usize != OFF && p.board().opponent_on(side, point as usize) == 1;
                if (hit || blot) && !d.hits.contains(&point) {
                    d.hits.push(point);
                }
            }
        }
    }
    // Net change, as the keys count it.
    let mut i = 0;
    while i < d.sources.len() {
        if let Some(j) = d.dests.iter().position(|&x| x == d.sources[i]) {
            d.dests.remove(j);
            d.sources.remove(i);
        } else {
            i += 1;
        }
    }
    d.sources.sort_unstable_by(|a, b| b.cmp(a));
    d.dests.sort_unstable_by(|a, b| b.cmp(a));
    Ok(d)
}

fn read_play(p: &BgPosition, text: &str) -> Result<Move, String> {
    let s = p.state();
    let side = SIDES[s.turn as usize];
    let d = describe_play(p, text)?;
    if d.sources.is_empty() && d.dests.is_empty() {
        return Err(format!(
            "{side} is to play {}-{}: write the checkers' moves, such as '13/7 8/7'",
            s.dice[0], s.dice[1]
        ));
    }
    let keys = p.play_keys();
    let matching: Vec<(usize, Effect)> = keys
        .iter()
        .enumerate()
        .map(|(i, &k)| (i, Effect::from_key(k)))
        .filter(|(_, e)| {
            e.sources.as_slice() == d.sources.as_slice()
                && e.dests.as_slice() == d.dests.as_slice()
                && d.hits.iter().all(|h| e.hits.as_slice().contains(h))
        })
        .collect();
    // Hits not written and not forced by a landing are not meant.
    let exact: Vec<&(usize, Effect)> =
        matching.iter().filter(|(_, e)| e.hits.as_slice().len() == d.hits.len()).collect();
    let chosen = match (matching.as_slice(), exact.as_slice()) {
        ([one], _) => one.0,
        (_, [one]) => one.0,
        ([], _) => {
            let all: Vec<String> = keys.iter().take(12).filter_map(|&k| play_text(p, k, Notation::STANDARD)).collect();
            let more = if keys.len() > 12 { format!(" and {} more", keys.len() - 12) } else { String::new() };
            let (high, low) = (s.dice[0], s.dice[1]);
            return Err(format!("not a legal play of {high}-{low} for {side} (legal: {}{more})", all.join(", ")));
        }
        (several, _) => {
            let names: Vec<String> =
                several.iter().filter_map(|(i, _)| play_text(p, keys[*i], Notation::STANDARD)).collect();
            return Err(format!("ambiguous: say which, one of {}", names.join(", ")));
        }
    };
    let mut moves = rules_api::RVec::new();
    rules_api::plugin::PositionImpl::legal_moves(p, &mut moves);
    moves.get(chosen).copied().ok_or_else(|| "internal: the plays changed".to_string())
}
