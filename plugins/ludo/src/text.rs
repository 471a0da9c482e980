//! The position text.
//!
//! ```text
//! r.........b.........g.........y......... r3.... b3.... g3.... y3.... r - 1 -
//! ```
//!
//! Space-separated fields:
//!
//! 1. the track, fields 1 to 40 (field 1 is red's start field, 11 blue's,
//!    21 green's, 31 yellow's): `.` empty or the letter of the colour whose
//!    piece stands there (`r`, `b`, `g`, `y`);
//! 2. one word per player, in seat order: its colour's letter, how many
//!    pieces wait on its waiting fields (0–4), and its goal fields a to d,
//!    `x` taken and `.` free (`g1.x.x`);
//! 3. the colour to move (the die is rolled for it, or it moves);
//! 4. the die: `-` while it is still to be rolled, or the number rolled;
//! 5. which roll of the turn this is, 1 to 3 (a player with nothing to
//!    move rolls up to three times for a six);
//! 6. the colours that have all pieces home, first finisher first, or `-`.
//!
//! Two players sit at red and green, three at red, blue and green.

use rules_api::PluginError;

use crate::board::{seats, COLOURS, HOME, TRACK};
use crate::position::{Config, LudoPosition, ATTEMPTS, MAX_PLAYERS, PIECES};

fn letter(p: &LudoPosition, player: u8) -> char {
    COLOURS[p.config.colour(player) as usize].1
}

/// Writes a position.
pub fn write(p: &LudoPosition) -> String {
    let track: String = p.track.iter().map(|&o| if o == 0 { '.' } else { letter(p, o - 1) }).collect();
    let mut words = vec![track];
    for player in 0..p.config.players {
        let goal: String = (0..HOME).map(|j| if p.goal[player as usize] & (1 << j) != 0 { 'x' } else { '.' }).collect();
        words.push(format!("{}{}{goal}", letter(p, player), p.waiting[player as usize]));
    }
    words.push(letter(p, p.side).to_string());
    words.push(p.die().map_or("-".to_string(), |d| d.to_string()));
    words.push(p.attempt.to_string());
    let finished: String = p.finishers().iter().map(|&f| letter(p, f)).collect();
    words.push(if finished.is_empty() { "-".into() } else { finished });
    words.join(" ")
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("Mensch ärgere Dich nicht position '{}': {why}", text.trim()))
}

/// The player seated at the colour with letter `c`.
fn player_of(config: Config, c: char) -> Option<u8> {
    seats(config.players as usize).iter().position(|&colour| COLOURS[colour as usize].1 == c).map(|p| p as u8)
}

/// Reads a position and checks that it can occur in a game with `config`.
pub fn read(text: &str, config: Config) -> Result<LudoPosition, PluginError> {
    let n = config.players as usize;
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() != n + 5 {
        return Err(bad(
            text,
            format!(
                "it has {} fields; a game of {n} players has {} (track, {n} players, to move, die, roll, finished)",
                words.len(),
                n + 5
            ),
        ));
    }
    let letters: String = seats(n).iter().map(|&c| COLOURS[c as usize].1).collect();
    let mut p = LudoPosition::empty(config);
    read_track(text, words[0], config, &letters, &mut p)?;
    for (player, word) in words[1..=n].iter().enumerate() {
        read_player(text, word, player as u8, &letters, &mut p)?;
    }
    for player in 0..n {
        let on_track = p.track.iter().filter(|&&o| o == player as u8 + 1).count() as u8;
        let total = on_track + p.waiting[player] + p.goal[player].count_ones() as u8;
        if total != PIECES {
            let name = COLOURS[config.colour(player as u8) as usize].0;
            return Err(bad(text, format!("{name} has {total} pieces; each player has {PIECES}")));
        }
    }
    let side_word = words[n + 1];
    p.side = side_word
        .chars()
        .next()
        .filter(|_| side_word.len() == 1)
        .and_then(|c| player_of(config, c))
        .ok_or_else(|| bad(text, format!("the colour to move is '{side_word}'; write one of {letters}")))?;
    p.die = match words[n + 2] {
        "-" => 0,
        d => match d.parse::<u8>() {
            Ok(v) if (1..=6).contains(&v) => v,
            _ => return Err(bad(text, format!("the die shows '{d}'; write 1 to 6, or - before the roll"))),
        },
    };
    p.attempt = match words[n + 3].parse::<u8>() {
        Ok(a) if (1..=ATTEMPTS).contains(&a) => a,
        _ => return Err(bad(text, format!("the roll of the turn is '{}'; write 1 to {ATTEMPTS}", words[n + 3]))),
    };
    read_finished(text, words[n + 4], config, &letters, &mut p)?;
    check_turn(text, &p, &letters)?;
    p.rehash();
    Ok(p)
}

fn read_track(text: &str, word: &str, config: Config, letters: &str, p: &mut LudoPosition) -> Result<(), PluginError> {
    if word.chars().count() != TRACK {
        return Err(bad(text, format!("the track '{word}' has {} fields; it has {TRACK}", word.chars().count())));
    }
    for (field, c) in word.chars().enumerate() {
        p.track[field] = match c {
            '.' => 0,
            c => match player_of(config, c) {
                Some(player) => player + 1,
                None => {
                    return Err(bad(text, format!("track field {}: '{c}' is not '.' or one of {letters}", field + 1)))
                }
            },
        };
    }
    Ok(())
}

fn read_player(text: &str, word: &str, player: u8, letters: &str, p: &mut LudoPosition) -> Result<(), PluginError> {
    let expected = letters.chars().nth(player as usize).unwrap_or('?');
    let chars: Vec<char> = word.chars().collect();
    let shape_ok = chars.len() == 2 + HOME && chars[0] == expected && chars[1].is_ascii_digit();
    if !shape_ok || chars[2..].iter().any(|&c| c != '.' && c != 'x') {
        return Err(bad(
            text,
            format!("player {} is '{word}'; write '{expected}', the pieces waiting, and the goal fields a-d as x or . (like {expected}3....)", player + 1),
        ));
    }
    p.waiting[player as usize] = chars[1] as u8 - b'0';
    p.goal[player as usize] = chars[2..].iter().enumerate().filter(|(_, &c)| c == 'x').map(|(j, _)| 1u8 << j).sum();
    Ok(())
}

fn read_finished(
    text: &str,
    word: &str,
    config: Config,
    letters: &str,
    p: &mut LudoPosition,
) -> Result<(), PluginError> {
    if word != "-" {
        for c in word.chars() {
            let player =
                player_of(config, c).ok_or_else(|| bad(text, format!("finished: '{c}' is not one of {letters}")))?;
            if p.finishers().contains(&player) {
                return Err(bad(text, format!("finished: '{c}' is listed twice")));
            }
            if !p.has_finished(player) || p.finished as usize >= MAX_PLAYERS {
                return Err(bad(text, format!("finished: '{c}' does not have all four pieces home")));
            }
            p.places[p.finished as usize] = player;
            p.finished += 1;
        }
    }
    for player in 0..config.players {
        if p.has_finished(player) && !p.finishers().contains(&player) {
            let c = COLOURS[config.colour(player) as usize].1;
            return Err(bad(text, format!("'{c}' has all four pieces home but is not listed as finished")));
        }
    }
    let most = match config.finish {
        crate::position::Finish::First => 1,
        crate::position::Finish::All => config.players - 1,
    };
    if p.finished > most {
        return Err(bad(text, format!("{} players have finished, but the game ends after {most}", p.finished)));
    }
    Ok(())
}

/// The side, die and roll must fit together and with the board.
fn check_turn(text: &str, p: &LudoPosition, letters: &str) -> Result<(), PluginError> {
    let side = letters.chars().nth(p.side as usize).unwrap_or('?');
    if p.is_over() {
        if p.die != 0 {
            return Err(bad(text, "the game is over, so the die is not rolled ('-')"));
        }
    } else if p.has_finished(p.side) {
        return Err(bad(text, format!("'{side}' has finished and no longer moves")));
    }
    if p.attempt > 1 && !p.stuck(p.side) {
        return Err(bad(
            text,
            format!(
                "roll {} of the turn: only a player with nothing to move rolls more than once without a six",
                p.attempt
            ),
        ));
    }
    Ok(())
}
