//! Which moves are legal: placements and the setup buttons, the deals of
//! chance, and the battle's moves and strikes under the scout and
//! two-squares rules; and how the game ends.
//!
//! Every rule here reads only the mover's own ranks and what is public
//! (where pieces stand, what has moved, the moves made), so a sample of
//! the mover's knowledge has the same moves.

use rules_api::{ChanceOutcome, Move, RVec, Status, CELL_NONE};

use crate::board::{in_zone, line, step, zone_order, SQUARES};
use crate::rank::{movable, KINDS, SCOUT, TRAY_ORDER};
use crate::setup::{preset_outcome, presets};
use crate::state::{Game, Mode, Phase, PRESET, RANDOM};

impl Game {
    /// Whether the position is a chance node (chance deals the setup).
    pub fn is_chance(&self) -> bool {
        matches!(self.phase, Phase::Setup { mode: Mode::Random | Mode::Preset(_), .. })
    }

    /// Writes every legal move (at a chance node: every outcome).
    pub fn legal_moves(&self, out: &mut RVec<Move>) {
        match self.phase {
            Phase::Setup { player, mode: Mode::Place } => self.placements(player, out),
            Phase::Setup { player, mode: Mode::Random } => self.random_outcomes(player, |m, _| out.push(m)),
            Phase::Setup { player, mode: Mode::Preset(n) } => out.extend(preset_outcome(self, player, n)),
            Phase::Play { side } => {
                if self.decided() {
                    return;
                }
                self.for_each_play_move(side, |m| {
                    out.push(m);
                    false
                });
            }
        }
    }

    /// The placements of `player` (every reserve rank on every empty
    /// square of the zone), then the random and preset buttons.
    fn placements(&self, player: u8, out: &mut RVec<Move>) {
        let zone = zone_order(player);
        for rank in TRAY_ORDER {
            if self.reserve(player, rank) == 0 {
                continue;
            }
            for &square in &zone {
                if self.at(square).is_empty() {
                    out.push(Move::drop(rank as u16, square));
                }
            }
        }
        out.push(Move::off_board(RANDOM));
        out.extend((0..presets().len() as u16).map(|n| Move::off_board(PRESET + n)));
    }

    /// Calls `f` with each random deal of the next square and its chance
    /// (the share of the reserve of that rank).
    fn random_outcomes(&self, player: u8, mut f: impl FnMut(Move, f64)) {
        let Some(square) = self.first_empty(player) else { return };
        let left: u32 = (1..KINDS as u8).map(|r| self.reserve(player, r) as u32).sum();
        for rank in TRAY_ORDER {
            let n = self.reserve(player, rank);
            if n > 0 {
                f(Move::drop(rank as u16, square), n as f64 / left as f64);
            }
        }
    }

    /// Writes the outcomes of a chance node with their probabilities.
    pub fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        match self.phase {
            Phase::Setup { player, mode: Mode::Random } => {
                self.random_outcomes(player, |mv, probability| out.push(ChanceOutcome { mv, probability }))
            }
            Phase::Setup { player, mode: Mode::Preset(n) } => {
                out.extend(preset_outcome(self, player, n).map(|mv| ChanceOutcome { mv, probability: 1.0 }))
            }
            _ => {}
        }
    }

    /// Whether `m` is one of the legal moves, without listing them.
    pub fn is_legal(&self, m: Move) -> bool {
        match self.phase {
            Phase::Setup { player, mode: Mode::Place } => {
                if m.is_off_board() {
                    return m.tag == 0
                        && (m.extra == RANDOM || (PRESET..PRESET + presets().len() as u16).contains(&m.extra));
                }
                let rank = m.extra.wrapping_sub(1);
                m.from == CELL_NONE
                    && m.tag == 0
                    && (1..KINDS as u16).contains(&rank)
                    && (m.to as usize) < SQUARES
                    && in_zone(player, m.to)
                    && self.at(m.to).is_empty()
                    && self.reserve(player, rank as u8) > 0
            }
            Phase::Setup { player, mode: Mode::Random } => {
                let rank = m.extra.wrapping_sub(1);
                m.from == CELL_NONE
                    && m.tag == 0
                    && (1..KINDS as u16).contains(&rank)
                    && Some(m.to) == self.first_empty(player)
                    && self.reserve(player, rank as u8) > 0
            }
            Phase::Setup { player, mode: Mode::Preset(n) } => preset_outcome(self, player, n) == Some(m),
            Phase::Play { side } => {
                m.extra == 0
                    && m.tag == 0
                    && (m.from as usize) < SQUARES
                    && (m.to as usize) < SQUARES
                    && !self.decided()
                    && self.play_move_is_legal(side, m.from, m.to)
            }
        }
    }

    /// Whether `side` may move the piece on `from` to `to`.
    fn play_move_is_legal(&self, side: u8, from: u16, to: u16) -> bool {
        let piece = self.at(from);
        if !piece.is(side) || !movable(piece.rank()) {
            return false;
        }
        let Some((d, distance)) = line(from, to) else { return false };
        if self.series[side as usize].forbids(from, to, self.config.two_squares) {
            return false;
        }
        let target = self.at(to);
        if target.is(side) {
            return false;
        }
        let far_ok = piece.rank() == SCOUT && (target.is_empty() || self.config.scout_strikes);
        if distance > 1 && !far_ok {
            return false;
        }
        // Every square before the target must be free land.
        let mut at = from;
        for _ in 0..distance {
            match step(at, d) {
                Some(next) if next == to => return true,
                Some(next) if self.at(next).is_empty() => at = next,
                _ => return false,
            }
        }
        false
    }

    /// Calls `f` with each move of `side` in the battle; stops as soon as
    /// `f` returns true, and says whether it did.
    pub(crate) fn for_each_play_move(&self, side: u8, mut f: impl FnMut(Move) -> bool) -> bool {
        let series = self.series[side as usize];
        let limit = self.config.two_squares;
        for from in 0..SQUARES as u16 {
            let piece = self.at(from);
            if !piece.is(side) || !movable(piece.rank()) {
                continue;
            }
            let scout = piece.rank() == SCOUT;
            for d in 0..4 {
                let mut at = from;
                let mut distance = 0;
                while let Some(to) = step(at, d) {
                    distance += 1;
                    let target = self.at(to);
                    if target.is(side) {
                        break;
                    }
                    let strike_ok = distance == 1 || self.config.scout_strikes;
                    if (target.is_empty() || strike_ok) && !series.forbids(from, to, limit) && f(Move::new(from, to)) {
                        return true;
                    }
                    if !target.is_empty() || !scout {
                        break;
                    }
                    at = to;
                }
            }
        }
        false
    }

    /// Whether `side` has a legal move in the battle.
    pub fn can_move(&self, side: u8) -> bool {
        self.for_each_play_move(side, |_| true)
    }

    /// Whether the game ended by a captured flag or the no-strike limit.
    fn decided(&self) -> bool {
        self.flag_lost(0) || self.flag_lost(1) || self.quiet_limit_reached()
    }

    fn quiet_limit_reached(&self) -> bool {
        self.config.quiet_limit > 0 && self.quiet >= self.config.quiet_limit
    }

    /// Ongoing, or how the game ended.
    pub fn status(&self) -> Status {
        let Phase::Play { side } = self.phase else { return Status::ONGOING };
        for player in 0..2 {
            if self.flag_lost(player) {
                return Status::win(1 - player, "flag captured");
            }
        }
        if self.quiet_limit_reached() {
            return Status::draw("no strike for too long");
        }
        if self.can_move(side) {
            return Status::ONGOING;
        }
        if !self.can_move(1 - side) {
            return Status::draw("neither side can move");
        }
        let any_movable = (0..SQUARES as u16).any(|s| self.at(s).is(side) && movable(self.at(s).rank()));
        Status::win(1 - side, if any_movable { "no legal move" } else { "no movable pieces" })
    }
}
