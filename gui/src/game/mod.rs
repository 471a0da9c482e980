//! The game behind the window, without any drawing: the session, who sits
//! where, computer searches on worker threads, hints, clocks, captured
//! pieces and the undo rules of a GUI. Every call returns quickly.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rules_api::{Geometry, HighlightKind, Move, MoveFlags, PositionBox, PositionFlags, RVec, SearchInfo};

use super::clock::Clocks;
use tabula_core::config::Config;
use tabula_core::outcome::{ForfeitCause, GameResult};
use tabula_core::players::{ComputerPlayer, Search, StrategyPlayer};
use tabula_core::session::Session;
use tabula_core::turn::ComputerTurn;

/// The source of [`Game::generation`]s: shared by every game of the
/// process, so a game that replaces another never repeats its number.
static GENERATIONS: AtomicU64 = AtomicU64::new(1);

fn next_generation() -> u64 {
    GENERATIONS.fetch_add(1, Ordering::Relaxed)
}

/// The icon kind that stands for no piece type of the game: drawn as a
/// plain disc in the player's colour.
pub const SIDE_COLOUR: u16 = u16::MAX;

/// Who sits in a seat.
pub struct Seat {
    /// Display name from the config.
    pub name: String,
    /// The computer player (strategy, isolated strategy or external
    /// engine), for computer seats.
    pub player: Option<Box<dyn ComputerPlayer>>,
}

/// Something that happened that the window may want to sound or show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move was played.
    Moved {
        /// The move.
        mv: Move,
        /// The piece that moved (for the slide), if one did.
        piece: Option<rules_api::Piece>,
        /// It took a piece.
        capture: bool,
        /// It left the other side in check.
        check: bool,
    },
    /// The game ended.
    Ended,
    /// A computer failed (its forfeit is recorded).
    Failed(String),
    /// The computer answered a draw offer, with its score when it had one.
    DrawAnswer {
        /// It accepted: the game is drawn by agreement.
        accepted: bool,
        /// Its evaluation (its own view).
        score: Option<i32>,
    },
}

/// One game with its players.
pub struct Game {
    /// The configuration (the saved game's, or the one built by New game).
    pub config: Config,
    /// The game itself.
    pub session: Session,
    /// One per player.
    pub seats: Vec<Seat>,
    /// The board.
    pub geometry: Geometry,
    extra_dirs: Vec<PathBuf>,
    turn: Option<ComputerTurn>,
    /// The latest progress report of the running search.
    pub thinking: Option<SearchInfo>,
    /// The start of that report's principal variation in standard notation.
    pub thinking_line: String,
    hint_player: Option<StrategyPlayer>,
    hint_search: Option<(Search, usize)>,
    /// The suggested move for the position after `usize` plies.
    pub hint: Option<Move>,
    clocks: Vec<Duration>,
    /// The countdown clocks of the `[clock]` time control, if any.
    countdown: Option<Clocks>,
    /// The moment the countdown's "now" is measured from.
    epoch: Instant,
    turn_start: Instant,
    started: Instant,
    ended_after: Option<Duration>,
    /// Computer-vs-computer play is held.
    pub paused: bool,
    step: bool,
    /// The pieces each player has taken (their owner and kind), per player.
    pub captured: Vec<Vec<(u8, u16)>>,
    /// Every piece taken, in the order of the game: the ply that took it
    /// (counted from 1), who took it, and its owner and kind; what
    /// [`Game::captured_after`] rewinds when a position is reviewed.
    taken: Vec<(usize, u8, u8, u16)>,
    /// Per ply of the history, the player who made it or, for a chance
    /// move, the player it was drawn for (the side to move before it).
    pub actors: Vec<u8>,
    /// In a game with hidden information, the moves as the viewer
    /// ([`Game::viewer`]) may read them, for the move list.
    pub shown_texts: Option<Vec<String>>,
    /// Per player, the kind of piece that stands for it in the panel and
    /// the move list.
    icons: Vec<u16>,
    /// When the running search started and how long it may take.
    search_clock: Option<(Instant, u64)>,
    /// The count of a game scored by marking dead pieces.
    pub count: count::CountView,
    /// A number that changes whenever the game does (a move, an undo, a
    /// result) and is never the same in two games: what the window keys
    /// its views of the position by.
    pub generation: u64,
    /// The countdown is kept elsewhere (a network server): it is shown as
    /// told ([`Game::follow_clocks`]) and its flag falls there, not here.
    outside_clock: bool,
    /// A draw offer the computer is weighing.
    draw_offer: Option<draw_offer::DrawOffer>,
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

impl Game {
    /// How far the running search is into its time: (elapsed, budget).
    pub fn search_progress(&self) -> Option<(Duration, Duration)> {
        self.search_clock.filter(|_| self.turn.is_some()).map(|(t, ms)| (t.elapsed(), Duration::from_millis(ms)))
    }

    /// The plugin search directories given on the command line.
    pub fn extra_dirs(&self) -> &[PathBuf] {
        &self.extra_dirs
    }

    /// Whether seat `side` is a computer.
    pub fn is_computer(&self, side: usize) -> bool {
        self.seats.get(side).is_some_and(|s| s.player.is_some())
    }
    /// Whether every seat is a computer.
    pub fn all_computers(&self) -> bool {
        (0..self.seats.len()).all(|s| self.is_computer(s))
    }
    /// Whether a person may move now (never while a roll from outside is
    /// awaited).
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && !self.session.awaits_chance() && !self.is_computer(self.session.side_to_move() as usize)
    }
    /// Whether a computer is searching.
    pub fn is_thinking(&self) -> bool {
        self.turn.is_some()
    }
    /// The result, if the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.session.result().ok().flatten()
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }
    /// Whether a game is going on that leaving would lose.
    pub fn in_progress(&self) -> bool {
        !self.session.history().is_empty() && !self.is_over()
    }

    fn close_turn(&mut self) {
        let side = self.session.side_to_move() as usize;
        if !self.paused && self.ended_after.is_none() {
            if let Some(c) = self.clocks.get_mut(side) {
                *c += self.turn_start.elapsed();
            }
        }
        self.turn_start = Instant::now();
    }

    fn after_change(&mut self, events: &mut Vec<Event>) {
        self.generation = next_generation();
        self.refresh_history();
        self.refresh_count();
        self.hint = None;
        self.hint_search = None;
        if self.is_over() {
            if self.ended_after.is_none() {
                self.ended_after = Some(self.started.elapsed());
            }
            events.push(Event::Ended);
        } else {
            self.ended_after = None;
        }
        self.sync_clock();
    }

    /// Every legal move now (none while a computer is to move).
    pub fn legal_moves(&self) -> Vec<Move> {
        self.session.legal_moves().unwrap_or_default()
    }

    /// Plays a move for the side to move; `Err` says why it was refused.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Event>, String> {
        let before = self.session.position().clone();
        let mover = self.session.side_to_move() as usize;
        self.close_turn();
        self.session.play(mv).map_err(err)?;
        Ok(self.moved(&before, mv, mover))
    }

    /// Plays a roll of the dice that came from outside (a network server's),
    /// at the chance node the game waits at.
    pub fn play_roll(&mut self, mv: Move) -> Result<Vec<Event>, String> {
        self.session.play_chance(mv).map_err(err)?;
        let mut events = Vec::new();
        self.after_change(&mut events);
        Ok(events)
    }

    /// After `mover` played `mv` from the position `before`: the clock gets
    /// the move, and the events say whether it took a piece or gave check.
    fn moved(&mut self, before: &PositionBox, mv: Move, mover: usize) -> Vec<Event> {
        let mut infos = RVec::new();
        let _ = before.move_infos(rules_api::RSlice::from_slice(&[mv]), &mut infos);
        // A game that flags no captures still shows one: a piece of
        // another player left the board.
        let capture = infos.first().is_some_and(|i| i.flags.contains(MoveFlags::CAPTURE))
            || took_piece(before, self.session.position(), mover as u8);
        let mut pieces = RVec::new();
        let _ = before.pieces(&mut pieces);
        let piece = pieces.iter().find(|p| p.cell == mv.from).copied();
        let (ply, now) = (self.session.history().len(), self.epoch.elapsed());
        if let Some(c) = self.countdown.as_mut().filter(|_| !self.outside_clock) {
            c.moved(mover, ply, now);
        }
        let check = self.in_check();
        let mut events = vec![Event::Moved { mv, piece, capture, check }];
        self.after_change(&mut events);
        events
    }

    /// Whether the side to move is in check (a check mark on the board, or
    /// the game's own flag).
    pub fn in_check(&self) -> bool {
        if self.is_over() {
            return false;
        }
        let position = self.session.position();
        // In a game that hides, only a check the viewer is shown counts.
        let flagged = self.viewer().is_none() && position.flags().contains(PositionFlags::IN_CHECK);
        self.check_marked() || flagged
    }

    /// Whether the check is shown on the board (a king in check, as
    /// opposed to a threat the game flags).
    pub fn check_marked(&self) -> bool {
        self.shown_highlights().iter().any(|h| h.kind == HighlightKind::CHECK)
    }

    /// Cancels a running search (its answer is ignored).
    pub fn cancel_search(&mut self) {
        if let Some(turn) = self.turn.take() {
            turn.cancel();
        }
        self.thinking = None;
    }

    /// Whether the game ended by a player's resignation (which an undo
    /// withdraws before any move).
    pub fn resigned(&self) -> bool {
        matches!(self.result(), Some(GameResult::Forfeit { cause: ForfeitCause::Resignation, .. }))
    }

    /// Whether [`Game::undo`] has something to take back.
    pub fn can_undo(&self) -> bool {
        self.resigned() || self.session.can_undo()
    }

    /// Takes back a resignation alone (the game goes on from the same
    /// position); else one ply against a person, back to the person's last
    /// move against the computer, one ply (pausing) between computers.
    pub fn undo(&mut self) -> Result<bool, String> {
        self.cancel_search();
        self.close_turn();
        if self.resigned() && self.session.withdraw_forfeit() {
            self.after_change(&mut Vec::new());
            self.ended_after = None;
            return Ok(true);
        }
        if !self.session.undo().map_err(err)? {
            return Ok(false);
        }
        if self.all_computers() {
            self.paused = true;
        } else {
            while self.is_computer(self.session.side_to_move() as usize) && self.session.undo().map_err(err)? {}
        }
        self.restore_clock();
        self.after_change(&mut Vec::new());
        self.ended_after = None;
        Ok(true)
    }

    /// Replays undone moves, up to a person's turn.
    pub fn redo(&mut self) -> Result<bool, String> {
        self.cancel_search();
        self.close_turn();
        if !self.session.redo().map_err(err)? {
            return Ok(false);
        }
        if !self.all_computers() {
            while self.is_computer(self.session.side_to_move() as usize)
                && self.session.can_redo()
                && self.session.redo().map_err(err)?
            {}
        }
        self.restore_clock();
        let mut events = Vec::new();
        self.after_change(&mut events);
        Ok(true)
    }

    /// The side to move resigns (or the person, when a computer is to move).
    pub fn resign(&mut self) -> Vec<Event> {
        if self.is_over() {
            return Vec::new();
        }
        let side = self.session.side_to_move() as usize;
        let loser = if self.is_computer(side) {
            (0..self.seats.len()).find(|&s| !self.is_computer(s)).unwrap_or(side)
        } else {
            side
        };
        self.cancel_search();
        self.close_turn();
        let name = self.seats[loser].name.clone();
        self.session.forfeit(loser as u8, ForfeitCause::Resignation, format!("{name} resigned"));
        let mut events = Vec::new();
        self.after_change(&mut events);
        events
    }

    /// The kind of piece that stands for `player` in the panel and the
    /// move list; [`SIDE_COLOUR`] (no kind of the game) draws as a plain
    /// disc in the player's colour.
    pub fn icon_kind(&self, player: u8) -> u16 {
        self.icons.get(player as usize).copied().unwrap_or(SIDE_COLOUR)
    }

    /// The piece that stands for each player: of the kinds every player
    /// has on the start position's board, the most valuable (the queen of
    /// chess, the checker of backgammon); else the game's plain stone (a
    /// piece type without glyphs); else the side's colour alone. Never a
    /// kind only one side has: in a game that hides, one side's pieces
    /// show their ranks and the other's do not (Stratego's marshal "10"
    /// against a blank), and the icons must not differ for that.
    fn first_pieces(&self) -> Vec<u16> {
        let info = self.session.info();
        let players = info.players.len() as u8;
        let stone = info.piece_types.iter().position(|t| t.glyphs.iter().all(|g| g.is_empty())).map(|k| k as u16);
        let mut pieces = RVec::new();
        let _ = self.session.start_position().pieces(&mut pieces);
        let value = |kind: u16| info.piece_types.get(kind as usize).map_or(i32::MIN, |t| t.value);
        let shared = pieces
            .iter()
            .map(|p| p.kind)
            .filter(|&k| (k as usize) < info.piece_types.len())
            .filter(|&k| (0..players).all(|o| pieces.iter().any(|p| p.owner == o && p.kind == k)))
            .fold(None, |best: Option<u16>, k| match best {
                Some(b) if value(b) >= value(k) => Some(b),
                _ => Some(k),
            });
        vec![shared.or(stone).unwrap_or(SIDE_COLOUR); players as usize]
    }

    /// How this game's moves are numbered (from its start position and the
    /// shape of its moves).
    pub fn numbering(&self) -> crate::numbering::Numbering {
        let start = self.session.start_position();
        let text = start.to_text().into_result().map(|t| t.to_string()).unwrap_or_default();
        let mut moves = RVec::new();
        let _ = start.legal_moves(&mut moves);
        let sample = self.session.history().first().map(|m| m.mv).or_else(|| moves.first().copied());
        let info = self.session.info();
        crate::numbering::Numbering::new(
            info.players.len(),
            start.side_to_move(),
            &text,
            info.position_format.as_str(),
            sample,
        )
    }

    /// The position after the first `ply` moves (for reviewing).
    pub fn position_at(&self, ply: usize) -> PositionBox {
        let mut position = self.session.start_position().clone();
        for m in self.session.history().iter().take(ply) {
            if position.make_move(m.mv).into_result().is_err() {
                break;
            }
        }
        position
    }

    /// Replays the game to find who each ply was for and to recount the
    /// pieces taken (by comparing piece counts per owner and kind before
    /// and after every move).
    fn refresh_history(&mut self) {
        let players = self.seats.len().max(self.session.info().players.len());
        let mut taken = Vec::new();
        let mut actors = Vec::with_capacity(self.session.history().len());
        let mut position = self.session.start_position().clone();
        let mut before = piece_counts(&position);
        for (ply, m) in self.session.history().iter().enumerate() {
            let for_whom = position.side_to_move().min(players.saturating_sub(1) as u8);
            actors.push(if (m.player as usize) < players { m.player } else { for_whom });
            if position.make_move(m.mv).into_result().is_err() {
                break;
            }
            let after = piece_counts(&position);
            // An off-board move (a pass, Hex's swap) may change whose
            // stones stand where, but it takes nothing.
            // A chance move (a roll) is nobody's and takes nothing.
            let takes = !m.mv.is_off_board() && (m.player as usize) < players;
            for (&(owner, kind), &n) in before.iter().filter(|_| takes) {
                let left = after.get(&(owner, kind)).copied().unwrap_or(0);
                if owner != m.player {
                    taken.extend((left..n).map(|_| (ply + 1, m.player, owner, kind)));
                }
            }
            before = after;
        }
        // The pieces taken, counted from the whole truth, could tell a
        // player what they may not see: not shown in a game that hides.
        if self.is_hidden() {
            taken.clear();
        }
        self.taken = taken;
        self.captured = self.captured_after(None);
        // A ply the replay could not make still gets a column.
        actors.resize(self.session.history().len(), 0);
        self.actors = actors;
        self.shown_texts = self.viewer().and_then(|v| self.move_texts_for(v).ok());
    }
}

/// Whether a piece of a player other than `mover` is gone from `before` to `after`.
fn took_piece(before: &PositionBox, after: &PositionBox, mover: u8) -> bool {
    let after = piece_counts(after);
    piece_counts(before)
        .into_iter()
        .any(|((owner, kind), n)| owner != mover && after.get(&(owner, kind)).copied().unwrap_or(0) < n)
}

fn piece_counts(position: &PositionBox) -> std::collections::BTreeMap<(u8, u16), usize> {
    let mut pieces = RVec::new();
    let mut counts = std::collections::BTreeMap::new();
    if position.pieces(&mut pieces).into_result().is_ok() {
        for p in pieces.iter() {
            *counts.entry((p.owner, p.kind)).or_insert(0) += 1;
        }
    }
    counts
}

mod claim;
mod clocks;
mod count;
mod draw_offer;
mod open;
mod taken;
mod turns;
mod views;
pub use views::View;
#[cfg(test)]
mod tests;
