//! What the window says, as sentences a player reads: results, whose turn
//! it is, who plays a seat, what the computer thinks. Words come from the
//! message catalogue ([`crate::i18n`]); the game's own words (player names,
//! reasons) are looked up there too and shown as the plugin wrote them
//! when the catalogue does not know them.

use std::time::Duration;

use rules_api::GameInfo;
use tabula_core::outcome::{ForfeitCause, GameResult};
use tabula_core::source::{Level, PlayerSource, StrategyRef};
use tabula_net::protocol::ABORTED;

use crate::i18n;
use crate::tr;

/// `white` -> `White`: the first letter in upper case.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Lowercase ASCII letters and digits, other runs turned into one `-`:
/// how a plugin's word becomes part of a catalogue id (Fluent ids are
/// ASCII). Accented Latin letters lose their accent (`Dōbutsu` ->
/// `dobutsu`).
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for ch in text.chars().map(unaccented) {
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// `ch` without its accent, for the accented letters of Latin-script
/// game names (Misère, Dōbutsu shōgi, Mensch ärgere Dich nicht).
fn unaccented(ch: char) -> char {
    const FROM: &str = "àáâãäåāèéêëēìíîïīòóôõöøōùúûüūýÿñçÀÁÂÃÄÅĀÈÉÊËĒÌÍÎÏĪÒÓÔÕÖØŌÙÚÛÜŪÝÑÇ";
    const TO: &str = "aaaaaaaeeeeeiiiiiooooooouuuuuyyncAAAAAAAEEEEEIIIIIOOOOOOOUUUUUYNC";
    FROM.chars().position(|c| c == ch).and_then(|i| TO.chars().nth(i)).unwrap_or(ch)
}

/// A plugin's word through the catalogue (`prefix-<slug>`), or as written.
fn known_word(prefix: &str, word: &str) -> Option<String> {
    let id = format!("{prefix}-{}", slug(word));
    let text = i18n::tr(&id);
    (text != id).then_some(text)
}

/// Player `index`'s name as players read it (`White`, `红方`).
pub fn side_name(info: &GameInfo, index: u8) -> String {
    let raw = info.players.get(index as usize).map_or_else(|| format!("player {}", index + 1), |p| p.name.to_string());
    known_word("side", &raw).unwrap_or_else(|| capitalised(&raw))
}

/// A game's display name in this language (`Xiangqi` -> `中国象棋`), or as
/// the plugin wrote it.
pub fn game_name(name: &str) -> String {
    known_word("game", name).unwrap_or_else(|| name.to_string())
}

/// A family's title in the game list as players of this language read it
/// (`Shogi family` -> `将棋类`), or as the plugin wrote it.
pub fn family_title(title: &str) -> String {
    known_word("family", title).unwrap_or_else(|| title.to_string())
}

/// A move without cells (`pass`, `swap`) as players of this language say
/// it, or as the plugin wrote it.
pub fn move_word(word: &str) -> String {
    known_word("move", word).unwrap_or_else(|| word.to_string())
}

/// A plugin's reason (`checkmate`, `board full`) as a phrase of this
/// language; a claimed draw's (`draw claimed: threefold repetition`) with
/// the rules' reason translated.
pub fn reason_text(reason: &str) -> String {
    if let Some(rules) = reason.strip_prefix(tabula_core::session::CLAIMED) {
        return tr!("claimed-draw-reason", reason = reason_text(rules));
    }
    known_word("reason", reason).unwrap_or_else(|| reason.to_string())
}

/// The headline of a finished game: `White wins on time`, `Draw`.
pub fn result_headline(result: &GameResult, info: &GameInfo) -> String {
    let players = info.players.len();
    match (result, result.winner(players)) {
        // A network game aborted after a player left (see network/departed.rs).
        (GameResult::Draw { reason }, _) if reason.starts_with(ABORTED) => {
            tr!("result-aborted")
        }
        (GameResult::Forfeit { cause: ForfeitCause::Time, .. }, Some(w)) => {
            tr!("result-wins-on-time", side = side_name(info, w))
        }
        (_, Some(w)) => tr!("result-wins", side = side_name(info, w)),
        (GameResult::Forfeit { loser, .. }, None) => tr!("result-loses", side = side_name(info, *loser)),
        _ => tr!("result-draw"),
    }
}

/// Why the game ended, as a sentence: `Checkmate.`, `Black resigned.`.
pub fn result_reason(result: &GameResult, info: &GameInfo) -> String {
    match result {
        // A network game aborted (see network/departed.rs): why, said already.
        GameResult::Draw { reason } if reason.starts_with(ABORTED) => {
            let why = reason[ABORTED.len()..].trim_start_matches(':').trim();
            tr!("result-because", reason = capitalised(why))
        }
        GameResult::Win { reason, .. } | GameResult::Draw { reason } | GameResult::Scored { reason, .. } => {
            if reason.is_empty() {
                String::new()
            } else {
                tr!("result-because", reason = capitalised(&reason_text(reason)))
            }
        }
        GameResult::Forfeit { loser, cause, reason } => {
            let side = side_name(info, *loser);
            match cause {
                ForfeitCause::Resignation => tr!("forfeit-resigned", side = side),
                ForfeitCause::Time => tr!("forfeit-time", side = side),
                ForfeitCause::IllegalMove => tr!("forfeit-illegal", side = side, detail = reason.as_str()),
                ForfeitCause::Error => tr!("forfeit-error", side = side, detail = reason.as_str()),
            }
        }
    }
}

/// Whether a finished game's result says more than who won: three or more
/// players (each has a place), or the rules' own points (a gammon).
pub fn shows_standings(result: &GameResult, players: usize) -> bool {
    players > 2 || matches!(result, GameResult::Scored { .. })
}

/// Each player's place (1 for the best, shared by equal points) and
/// points, in seat order.
pub fn standings(result: &GameResult, players: usize) -> Vec<(u8, f64)> {
    result.places(players).into_iter().zip(result.payoffs(players)).collect()
}

/// A player's place and points as players read them: `1st · 2 points`.
pub fn standing_text(place: u8, points: f64) -> String {
    tr!("standing", place = place as usize, points = points)
}

/// The result in one line: `White wins on time. Black's time ran out.`
pub fn result_line(result: &GameResult, info: &GameInfo) -> String {
    let reason = result_reason(result, info);
    let headline = result_headline(result, info);
    if reason.is_empty() {
        tr!("sentence", text = headline)
    } else {
        tr!("two-sentences", first = headline, second = reason)
    }
}

/// Who plays a seat, as players read it: `Person`, `Computer (hard)`.
pub fn seat_label(source: &PlayerSource) -> String {
    match source {
        PlayerSource::Human => tr!("seat-person"),
        PlayerSource::Strategy(StrategyRef::Level(level)) => tr!("seat-computer-level", level = level_name(*level)),
        // A config naming the strategy a level stands for (the default
        // config says `strategy = "alphabeta"`) reads as that level.
        PlayerSource::Strategy(StrategyRef::Plugin(s)) => {
            match Level::ALL.into_iter().find(|l| l.strategy() == s.as_str()) {
                Some(level) => tr!("seat-computer-level", level = level_name(level)),
                None => tr!("seat-computer-named", name = plugin_label(s)),
            }
        }
        PlayerSource::Isolated(s) => tr!("seat-computer-isolated", name = plugin_label(s)),
        PlayerSource::Engine(spec) => tr!("seat-engine", name = spec.program_name()),
    }
}

/// A strategy reference (a name or a path) as a short name.
fn plugin_label(reference: &str) -> String {
    let file = reference.rsplit('/').next().unwrap_or(reference);
    let stem = file.strip_suffix(".so").unwrap_or(file);
    stem.strip_prefix("libtabula_plugin_").unwrap_or(stem).to_string()
}

/// A level's name in this language: `easy`, `medium`, `hard`, then the
/// calibrated `beginner` … `master`.
pub fn level_name(level: Level) -> String {
    tr(&format!("level-{}", level.word()))
}

/// A level's name for a button or a list, capitalised, with its measured
/// chess Elo when it has one: `Club (~1050 Elo)`.
pub fn level_label(level: Level) -> String {
    let name = capitalised(&level_name(level));
    let spec = level.spec();
    let label = match (spec.elo, spec.strategy, spec.options.iter().any(|(k, _)| *k == "strength")) {
        (Some(elo), ..) => tr!("level-with-elo", level = name, elo = elo.to_string()),
        (None, "random", _) => tr!("level-with-tag", level = name, tag = tr!("level-tag-random")),
        (None, "greedy", _) => tr!("level-with-tag", level = name, tag = tr!("level-tag-greedy")),
        (None, _, false) => tr!("level-with-tag", level = name, tag = tr!("level-tag-full")),
        (None, ..) => name,
    };
    // Its place on the ladder, weakest 1: strength reads at a glance.
    let rank = tabula_core::source::LEVELS.iter().position(|s| s.level == level).map_or(0, |i| i + 1);
    tr!("level-ranked", rank = rank.to_string(), label = label)
}

/// One line on what a level is, from the core's level table
/// (`tabula_core::source::LEVELS`): its strategy and strength, its time a
/// move and, when measured, its approximate chess Elo.
pub fn level_note(level: Level) -> String {
    let spec = level.spec();
    let strength = spec.options.iter().find(|(k, _)| *k == "strength").map(|(_, v)| *v);
    let who = match (spec.strategy, strength) {
        ("random", _) => tr!("level-who-random"),
        ("greedy", _) => tr!("level-who-greedy"),
        (_, Some(n)) => tr!("level-who-strength", strength = n),
        (_, None) => tr!("level-who-full"),
    };
    let name = capitalised(&level_name(level));
    let seconds = format!("{:.1}", spec.time_ms as f64 / 1000.0);
    match spec.elo {
        Some(elo) => tr!("level-note-elo", level = name, who = who, seconds = seconds, elo = elo.to_string()),
        None => tr!("level-note", level = name, who = who, seconds = seconds),
    }
}

fn tr(id: &str) -> String {
    i18n::tr(id)
}

/// `m:ss`, or `h:mm:ss` past an hour.
pub fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// `24 moves in 12:31`.
pub fn moves_in_time(moves: usize, duration: Duration) -> String {
    tr!("moves-in-time", n = moves, time = clock_text(duration))
}

/// An evaluation in plain words from the first player's point of view:
/// `score` is the search's, from the view of player `mover`.
pub fn evaluation_text(info: &GameInfo, score: i32, mover: u8) -> String {
    let first = if mover == 0 { score } else { -score };
    let leader = |ahead: bool| side_name(info, if ahead { 0 } else { 1 });
    if let Some(plies) = rules_api::score::plies_to_end(first) {
        let moves = plies.unsigned_abs().div_ceil(2).max(1) as usize;
        return tr!("eval-wins-in", side = leader(plies >= 0), n = moves);
    }
    let pawns = first as f64 / 100.0;
    let signed = format!("{pawns:+.1}");
    match pawns.abs() {
        a if a < 0.3 => tr!("eval-equal", score = signed),
        a if a < 1.5 => tr!("eval-better", side = leader(pawns > 0.0), score = signed),
        _ => tr!("eval-winning", side = leader(pawns > 0.0), score = signed),
    }
}

/// `123k`, `1.2M`.
pub fn count_text(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=9_999_999 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// A game's help in this language: `help-<game>` from its plugin's words,
/// given the game's options as arguments (`{ $size }`, `{ $komi }`), else
/// `own`, the plugin's help text.
pub fn help_text(game: &str, options: &[(String, String)], own: String) -> String {
    // `Go 9×9` finds `help-go-9-9`, else `help-go-9`, else `help-go`.
    let slug = slug(game);
    let mut ids = vec![format!("help-{slug}")];
    ids.extend(slug.match_indices('-').rev().map(|(i, _)| format!("help-{}", &slug[..i])));
    let Some(id) = ids.into_iter().find(|id| crate::i18n::has(id)) else { return own };
    let args: Vec<(&str, crate::i18n::Arg)> = options
        .iter()
        .map(|(k, v)| {
            let value = match v.parse::<f64>() {
                Ok(n) => crate::i18n::Arg::Num(n),
                Err(_) => crate::i18n::Arg::Text(v.clone()),
            };
            (k.as_str(), value)
        })
        .collect();
    crate::i18n::tr_args(&id, &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{set_language, Lang};
    use rules_api::{PlayerInfo, Rgba};

    fn info() -> GameInfo {
        let p = |n: &str| PlayerInfo { name: n.into(), color: Rgba::rgb(0, 0, 0), ink: Rgba::rgb(1, 1, 1) };
        GameInfo {
            name: "Test".into(),
            players: vec![p("white"), p("black")].into(),
            piece_types: Default::default(),
            position_format: "FEN".into(),
        }
    }

    #[test]
    fn results_read_as_sentences() {
        set_language(Lang::En);
        let info = info();
        let time = GameResult::Forfeit { loser: 0, cause: ForfeitCause::Time, reason: "time".into() };
        assert_eq!(result_line(&time, &info), "Black wins on time. White's time ran out.");
        let resigned = GameResult::Forfeit { loser: 1, cause: ForfeitCause::Resignation, reason: "x resigned".into() };
        assert_eq!(result_line(&resigned, &info), "White wins. Black resigned.");
        let mate = GameResult::Win { winner: 0, reason: "checkmate".into() };
        assert_eq!(result_line(&mate, &info), "White wins. Checkmate.");
        let draw = GameResult::Draw { reason: "threefold repetition".into() };
        assert_eq!(result_line(&draw, &info), "Draw. Threefold repetition.");
        let claimed = GameResult::Draw { reason: "draw claimed: threefold repetition".into() };
        assert_eq!(result_line(&claimed, &info), "Draw. Threefold repetition, claimed.");
        let odd = GameResult::Draw { reason: "the moon rose".into() };
        assert_eq!(result_line(&odd, &info), "Draw. The moon rose.");
        assert_eq!(moves_in_time(24, Duration::from_secs(751)), "24 moves in 12:31");
        assert_eq!(seat_label(&PlayerSource::Strategy(StrategyRef::Level(Level::Hard))), "Computer (hard)");
        assert_eq!(seat_label(&PlayerSource::Human), "Person");
        assert_eq!(
            seat_label(&PlayerSource::Strategy(StrategyRef::Plugin("/x/libtabula_plugin_mcts.so".into()))),
            "Computer (mcts)"
        );
        assert_eq!(seat_label(&PlayerSource::Strategy(StrategyRef::Plugin("alphabeta".into()))), "Computer (hard)");
    }

    #[test]
    fn chinese_results_use_the_catalogue() {
        // Reasons are the plugins' words, from the files they ship.
        crate::i18n::add_plugin_dirs(crate::plugin_words::source_tree_dirs());
        set_language(Lang::ZhCn);
        let info = info();
        let mate = GameResult::Win { winner: 1, reason: "checkmate".into() };
        assert_eq!(result_line(&mate, &info), "黑方胜。将死。");
        let claimed = GameResult::Draw { reason: "draw claimed: threefold repetition".into() };
        assert_eq!(result_line(&claimed, &info), "和棋。三次重复局面（已要求和棋）。");
        assert_eq!(seat_label(&PlayerSource::Strategy(StrategyRef::Level(Level::Easy))), "电脑（简单）");
        set_language(Lang::En);
    }

    #[test]
    fn every_level_has_a_name_and_a_note_in_every_language() {
        for lang in Lang::ALL {
            let catalog = crate::i18n::Catalog::new(lang);
            for spec in &tabula_core::source::LEVELS {
                let id = format!("level-{}", spec.word);
                assert!(catalog.has(&id), "{id} missing in {}", lang.tag());
            }
        }
        set_language(Lang::En);
        assert_eq!(level_label(Level::Hard), "9 · Hard (full strength)");
        assert_eq!(level_label(Level::Club), "6 · Club (~1050 Elo)");
        assert_eq!(level_note(Level::Easy), "Easy: random moves, 0.3 s a move.");
        assert_eq!(
            level_note(Level::Club),
            "Club: alpha-beta at strength 10 of 20, 1.0 s a move, about 1050 Elo in chess."
        );
        set_language(Lang::ZhCn);
        assert!(level_label(Level::Master).contains("1700"), "{}", level_label(Level::Master));
        assert!(level_note(Level::Beginner).contains("550"), "{}", level_note(Level::Beginner));
        set_language(Lang::En);
    }

    #[test]
    fn evaluations_are_from_the_first_players_view() {
        set_language(Lang::En);
        let info = info();
        assert_eq!(evaluation_text(&info, 80, 0), "White is better (+0.8)");
        assert_eq!(evaluation_text(&info, 80, 1), "Black is better (-0.8)");
        assert_eq!(evaluation_text(&info, -10, 1), "About equal (+0.1)");
        assert_eq!(evaluation_text(&info, -400, 0), "Black is winning (-4.0)");
        let mate_in_two = rules_api::score::WIN - 3;
        assert_eq!(evaluation_text(&info, mate_in_two, 1), "Black wins in 2 moves");
        assert_eq!(count_text(123_456), "123k");
        assert_eq!(clock_text(Duration::from_secs(3725)), "1:02:05");
    }
}
