//! The position text: one line, fields separated by `|`.
//!
//! ```text
//! white 24:2 13:5 8:3 6:5 | black 24:2 13:5 8:3 6:5 | white to play 6-3 | cube 2 black
//! ```
//!
//! * Each player's checkers as `point:count`, points numbered from that
//!   player's own side (1–24, `bar`, `off`), farthest first. Points
//!   without checkers are left out, and so are the bar and the tray when
//!   empty; checkers not listed are borne off, so every player has 15.
//! * What happens next: `opening` (the opening roll), `white may double`
//!   (the cube decision before rolling), `white to roll`, `white to play
//!   6-3`, `white doubles` (black takes or drops), and for a finished game
//!   `white wins` (all borne off) or `black drops` (white wins at the
//!   cube's value).
//! * With the cube in play (option `cube=on`): `cube 1` in the middle, or
//!   `cube 4 white` owned by white. Without it the field is left out.

use rules_api::PluginError;

use crate::board::{Board, BAR, CHECKERS, OFF};
use crate::play::can_play;
use crate::position::BgPosition;
use crate::state::{Config, Phase, State, MAX_CUBE_LOG};

/// The players' names, in seat order.
pub const SIDES: [&str; 2] = ["white", "black"];

/// The position as text.
pub fn write(p: &BgPosition) -> String {
    let mut out = String::new();
    for (side, name) in SIDES.iter().enumerate() {
        out.push_str(name);
        for index in (0..=BAR).rev() {
            let count = p.board().count(side, index);
            if count > 0 {
                out.push_str(&format!(" {}:{count}", index_name(index)));
            }
        }
        out.push_str(" | ");
    }
    out.push_str(&state_words(p));
    if p.config().cube {
        let s = p.state();
        out.push_str(&format!(" | cube {}", s.cube_value()));
        if let Some(owner) = s.owner {
            out.push_str(&format!(" {}", SIDES[owner as usize]));
        }
    }
    out
}

fn index_name(index: usize) -> String {
    match index {
        BAR => "bar".into(),
        OFF => "off".into(),
        point => point.to_string(),
    }
}

/// What happens next, in the words of the position text.
pub fn state_words(p: &BgPosition) -> String {
    let s = p.state();
    let side = SIDES[s.turn as usize];
    match s.phase {
        Phase::Opening => "opening".into(),
        Phase::Decide => format!("{side} may double"),
        Phase::Dice => format!("{side} to roll"),
        Phase::Play => format!("{side} to play {}-{}", s.dice[0], s.dice[1]),
        Phase::Doubled => format!("{side} doubles"),
        Phase::Over if s.dropped => format!("{} drops", SIDES[1 - s.turn as usize]),
        Phase::Over => format!("{side} wins"),
    }
}

fn side_of(word: &str) -> Option<u8> {
    SIDES.iter().position(|&s| s == word).map(|s| s as u8)
}

/// Reads a position text (see the module documentation).
pub fn read(config: Config, text: &str) -> Result<BgPosition, PluginError> {
    let bad = |why: String| PluginError::invalid_input(format!("backgammon position '{}': {why}", text.trim()));
    let fields: Vec<&str> = text.split('|').map(str::trim).collect();
    if !(3..=4).contains(&fields.len()) {
        return Err(bad(format!(
            "expected 'white CHECKERS | black CHECKERS | STATE' and, with the cube, '| cube N [OWNER]' ({} fields \
             separated by '|' found)",
            fields.len()
        )));
    }
    let mut board = Board::empty();
    for (side, field) in fields[..2].iter().enumerate() {
        read_checkers(&mut board, side, field).map_err(&bad)?;
    }
    check_board(&board).map_err(&bad)?;
    let mut state = read_state(fields[2]).map_err(&bad)?;
    if let Some(cube) = fields.get(3) {
        read_cube(&mut state, config, cube).map_err(&bad)?;
    }
    check_state(&board, &state, config).map_err(&bad)?;
    Ok(BgPosition::new(config, board, state))
}

fn read_checkers(board: &mut Board, side: usize, field: &str) -> Result<(), String> {
    let mut words = field.split_whitespace();
    let name = SIDES[side];
    if words.next() != Some(name) {
        return Err(format!("field {} must start with '{name}' (found '{field}')", side + 1));
    }
    let mut off_given = None;
    for word in words {
        let (at, count) = word
            .split_once(':')
            .ok_or_else(|| format!("{name}: '{word}' is not POINT:COUNT (e.g. 13:5, bar:1, off:3)"))?;
        let index = match at {
            "bar" => BAR,
            "off" => OFF,
            n => match n.parse::<usize>() {
                Ok(p) if (1..=24).contains(&p) => p,
                _ => return Err(format!("{name}: '{at}' in '{word}' is not a point 1-24, 'bar' or 'off'")),
            },
        };
        let count = match count.parse::<u8>() {
            Ok(c) if (1..=CHECKERS).contains(&c) => c,
            _ => return Err(format!("{name}: '{count}' in '{word}' is not a number of checkers from 1 to 15")),
        };
        if board.count(side, index) > 0 || (index == OFF && off_given.is_some()) {
            return Err(format!("{name}: {} is listed twice", index_name(index)));
        }
        if index == OFF {
            off_given = Some(count);
        }
        board.set(side, index, count);
    }
    let total = board.total(side);
    match off_given {
        None if total <= CHECKERS as u32 => board.set(side, OFF, CHECKERS - total as u8),
        None => return Err(format!("{name} has {total} checkers; a player has 15")),
        Some(_) if total != CHECKERS as u32 => {
            return Err(format!("{name} has {total} checkers counting those borne off; a player has 15"))
        }
        Some(_) => {}
    }
    Ok(())
}

fn check_board(board: &Board) -> Result<(), String> {
    for point in 1..=24 {
        if board.count(0, point) > 0 && board.opponent_on(0, point) > 0 {
            return Err(format!(
                "white's {point} point is black's {} point: both players have checkers on it",
                25 - point
            ));
        }
    }
    Ok(())
}

fn read_state(field: &str) -> Result<State, String> {
    let words: Vec<&str> = field.split_whitespace().collect();
    let expected = "'opening', 'SIDE may double', 'SIDE to roll', 'SIDE to play H-L', 'SIDE doubles', 'SIDE wins' \
                    or 'SIDE drops'";
    let unknown = || format!("'{field}' is not one of {expected} (SIDE: white or black)");
    if words == ["opening"] {
        return Ok(State::OPENING);
    }
    let side = words.first().and_then(|w| side_of(w)).ok_or_else(unknown)?;
    let state = State { turn: side, ..State::OPENING };
    let phase = match &words[1..] {
        ["may", "double"] => Phase::Decide,
        ["to", "roll"] => Phase::Dice,
        ["doubles"] => Phase::Doubled,
        ["wins"] => Phase::Over,
        ["drops"] => return Ok(State { phase: Phase::Over, turn: 1 - side, dropped: true, ..state }),
        ["to", "play", dice] => {
            let parsed = dice.split_once('-').and_then(|(a, b)| Some((a.parse::<u8>().ok()?, b.parse::<u8>().ok()?)));
            match parsed {
                Some((a, b)) if (1..=6).contains(&a) && (1..=6).contains(&b) => {
                    return Ok(State { phase: Phase::Play, dice: [a.max(b), a.min(b)], ..state })
                }
                _ => return Err(format!("'{dice}' in '{field}' is not a roll such as 6-3")),
            }
        }
        _ => return Err(unknown()),
    };
    Ok(State { phase, ..state })
}

fn read_cube(state: &mut State, config: Config, field: &str) -> Result<(), String> {
    let words: Vec<&str> = field.split_whitespace().collect();
    let (value, owner) = match words.as_slice() {
        ["cube", value] => (*value, None),
        ["cube", value, owner] => (*value, Some(side_of(owner).ok_or(format!("'{owner}' owns no cube")))),
        _ => return Err(format!("'{field}' is not 'cube N' or 'cube N white|black'")),
    };
    let log = match value.parse::<u32>() {
        Ok(v) if v.is_power_of_two() && v.trailing_zeros() <= MAX_CUBE_LOG as u32 => v.trailing_zeros() as u8,
        _ => return Err(format!("the cube cannot show '{value}' (1, 2, 4, 8, 16, 32 or 64)")),
    };
    let owner = owner.transpose()?;
    if (log == 0) != owner.is_none() {
        return Err(format!("'{field}': the cube at 1 is in the middle; a doubled cube has an owner"));
    }
    if !config.cube && log > 0 {
        return Err(format!("'{field}': this game is played without the cube (option cube=off)"));
    }
    state.cube = log;
    state.owner = owner;
    Ok(())
}

fn check_state(board: &Board, state: &State, config: Config) -> Result<(), String> {
    let side = state.turn as usize;
    let name = SIDES[side];
    let finished = (0..2).find(|&s| board.count(s, OFF) == CHECKERS);
    let cube_phase = matches!(state.phase, Phase::Decide | Phase::Doubled) || state.dropped;
    if cube_phase && !config.cube {
        return Err("this game is played without the cube (option cube=off): nobody doubles".into());
    }
    match state.phase {
        Phase::Over if !state.dropped => {
            if finished != Some(side) {
                return Err(format!("{name} wins only with all 15 checkers borne off"));
            }
            return Ok(());
        }
        Phase::Opening if state.cube > 0 => return Err("the cube is at 1 before the opening roll".into()),
        Phase::Decide | Phase::Doubled if !state.may_double(state.turn) => {
            return Err(format!("{name} cannot double: the cube is at 64 or the opponent owns it"));
        }
        Phase::Over if !state.may_double(state.turn) => {
            return Err(format!("{name} cannot have doubled: the cube is at 64 or the opponent owns it"));
        }
        Phase::Play if !can_play(board, side, state.dice[0], state.dice[1]) => {
            return Err(format!(
                "{name} cannot use a {} or a {} here, so the turn is lost: write '{} to roll'",
                state.dice[0],
                state.dice[1],
                SIDES[1 - side]
            ));
        }
        _ => {}
    }
    if let Some(done) = finished {
        return Err(format!("{} has borne off all 15 checkers: the game is over ('{0} wins')", SIDES[done]));
    }
    Ok(())
}
