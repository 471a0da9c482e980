//! The two rule sets: everything that differs between English and
//! international draughts, in one place.

use crate::board::{Layout, ENGLISH_LAYOUT, INTERNATIONAL_LAYOUT};
use crate::colour::Colour;

/// Which draughts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rule {
    /// English draughts (American checkers): 8×8, 12 men each, Black
    /// first, men move and capture forward only, kings one square, any
    /// capture sequence may be chosen.
    English,
    /// International draughts (FMJD): 10×10, 20 men each, White first,
    /// men capture backwards too, flying kings, the majority capture.
    International,
}

impl Rule {
    /// The option value naming this rule set.
    pub fn name(self) -> &'static str {
        match self {
            Rule::English => "english",
            Rule::International => "international",
        }
    }

    /// The rule set an option value names.
    pub fn from_name(name: &str) -> Option<Rule> {
        match name {
            "english" => Some(Rule::English),
            "international" => Some(Rule::International),
            _ => None,
        }
    }

    /// The board.
    pub fn layout(self) -> &'static Layout {
        match self {
            Rule::English => &ENGLISH_LAYOUT,
            Rule::International => &INTERNATIONAL_LAYOUT,
        }
    }

    /// The colour that moves first (player 0): Black in English draughts,
    /// White in international draughts.
    pub fn first(self) -> Colour {
        match self {
            Rule::English => Colour::Black,
            Rule::International => Colour::White,
        }
    }

    /// The colour of player `player` (0 moves first).
    pub fn colour_of(self, player: u8) -> Colour {
        if player == 0 {
            self.first()
        } else {
            self.first().opponent()
        }
    }

    /// The player index of `colour`.
    pub fn player_of(self, colour: Colour) -> u8 {
        u8::from(colour != self.first())
    }

    /// Men each side starts with (and the most pieces a side can have).
    pub fn men_per_side(self) -> u32 {
        match self {
            Rule::English => 12,
            Rule::International => 20,
        }
    }

    /// Kings move any distance along a free diagonal and capture at a
    /// distance (international), or one square (English).
    pub fn flying_kings(self) -> bool {
        self == Rule::International
    }

    /// Men capture backwards as well as forwards (international).
    pub fn men_capture_backwards(self) -> bool {
        self == Rule::International
    }

    /// The capture that takes the most pieces is compulsory
    /// (international); in English draughts any capture may be chosen.
    pub fn majority_capture(self) -> bool {
        self == Rule::International
    }

    /// A man that reaches the crowning row during a capture is crowned and
    /// the move ends there (English); in international draughts it goes on
    /// capturing as a man if it can, and is crowned only where it stops.
    pub fn crowning_ends_capture(self) -> bool {
        self == Rule::English
    }

    /// Plies in a row with only king moves and no capture after which the
    /// game is drawn: 25 moves each (FMJD) or 40 moves each (English).
    pub fn king_move_draw_plies(self) -> u16 {
        match self {
            Rule::English => 80,
            Rule::International => 50,
        }
    }

    /// The PDN GameType number (20 international, 21 English).
    pub fn pdn_game_type(self) -> u32 {
        match self {
            Rule::English => 21,
            Rule::International => 20,
        }
    }

    /// The start position as PDN FEN.
    pub fn start_fen(self) -> &'static str {
        match self {
            Rule::English => "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
            Rule::International => {
                "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50\
                 :B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_and_colours_map_both_ways() {
        for rule in [Rule::English, Rule::International] {
            for player in 0..2 {
                assert_eq!(rule.player_of(rule.colour_of(player)), player);
            }
            assert_eq!(Rule::from_name(rule.name()), Some(rule));
        }
        assert_eq!(Rule::English.colour_of(0), Colour::Black);
        assert_eq!(Rule::International.colour_of(0), Colour::White);
    }
}
