//! The honest players of the campaign: two to a room, playing random legal
//! chess game after game (both ask for the next game when one ends, and
//! each accepts the other's request), timing each of their moves from
//! sending it to its acknowledgement.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rules_api::RulesBox;
use tabula_core::session::Session;

use super::{create, joined, CampaignConfig};
use crate::client::{ClientError, Connection};
use crate::protocol::{ClientMsg, ErrorCode, RequestKind, ServerMsg};

/// A move a player saw acknowledged.
pub(super) struct Acknowledged {
    /// The room's game it belongs to (from 1).
    pub game: u32,
    /// Its ply in that game.
    pub ply: u32,
    /// Its coordinate text.
    pub mv: String,
}

/// What one honest player saw.
pub(super) struct Honest {
    /// Its room.
    pub room: u64,
    /// Its seat.
    pub seat: u8,
    /// Every move it saw acknowledged, in every game.
    pub acknowledged: Vec<Acknowledged>,
    /// Its own moves' round trips.
    pub round_trips: Vec<Duration>,
    /// The games it saw end.
    pub finished: u32,
}

/// Starts two honest players per room; each thread returns what its
/// player saw, or why it failed.
pub(super) fn players(
    config: &CampaignConfig,
    rules: &Arc<RulesBox>,
    stop: &Arc<AtomicBool>,
) -> Vec<thread::JoinHandle<Result<Honest, String>>> {
    let mut out = Vec::new();
    let until = Instant::now() + config.duration;
    for index in 0..config.honest_rooms {
        let (tx, rx) = std::sync::mpsc::channel::<u64>();
        let mut pair = vec![(0u8, Some(tx), None), (1u8, None, Some(rx))];
        for (seat, tx, rx) in pair.drain(..) {
            let (config, rules, stop) = (config.clone(), Arc::clone(rules), Arc::clone(stop));
            let seed = (index as u64) << 8 | seat as u64;
            let player = Player { config, rules, seat, seed, until, stop };
            out.push(thread::spawn(move || player.play(tx, rx)));
        }
    }
    out
}

/// One honest player.
struct Player {
    config: CampaignConfig,
    rules: Arc<RulesBox>,
    seat: u8,
    seed: u64,
    until: Instant,
    stop: Arc<AtomicBool>,
}

/// Where a player stands in its room's games.
struct Table {
    session: Session,
    /// The room's current game.
    game: u32,
    /// The current game has ended: the player waits for the next.
    over: bool,
    /// Every seat is taken (only then do moves count).
    started: bool,
    /// When the player's move now waiting for its acknowledgement left.
    sent: Option<Instant>,
}

/// What a message from the server means for the player.
enum Step {
    /// Nothing to answer.
    Nothing,
    /// The current game ended.
    Ended,
    /// The other player asks for the next game.
    Asked,
    /// The server refused something the player sent.
    Refused(ErrorCode, String),
}

impl Table {
    /// Follows the room's games through one message.
    fn take(&mut self, got: ServerMsg, me: &mut Honest) -> Result<Step, String> {
        Ok(match got {
            ServerMsg::State { state } => {
                self.started = state.summary.seats.iter().all(|s| s.taken);
                if state.game != self.game {
                    // The next game began (both asked for it): a new board.
                    self.session = Session::new(Arc::clone(self.session.rules()), "").map_err(|e| e.to_string())?;
                    (self.game, self.over, self.sent) = (state.game, false, None);
                }
                if state.result.is_some() {
                    Step::Ended
                } else {
                    Step::Nothing
                }
            }
            ServerMsg::Offer { kind: RequestKind::NewGame, seat, .. } if seat != me.seat => Step::Asked,
            ServerMsg::Moved { ply, mv, result, .. } => {
                if mv.player == me.seat {
                    if let Some(at) = self.sent.take() {
                        me.round_trips.push(at.elapsed());
                    }
                }
                self.session.play_text(&mv.coordinate).map_err(|e| format!("room {}: {e}", me.room))?;
                me.acknowledged.push(Acknowledged { game: self.game, ply, mv: mv.coordinate });
                if result.is_some() {
                    Step::Ended
                } else {
                    Step::Nothing
                }
            }
            // Both asked for the next game at once: the other's request
            // stands, and this player answers it.
            ServerMsg::Error { code: ErrorCode::NoRequest, .. } => Step::Nothing,
            ServerMsg::Error { code, message, .. } => Step::Refused(code, message),
            _ => Step::Nothing,
        })
    }
}

impl Player {
    fn time_up(&self) -> bool {
        Instant::now() > self.until || self.stop.load(Ordering::Relaxed)
    }

    /// Seat 0 creates the room and tells seat 1 its number; then both play.
    fn play(self, room_tx: Option<Sender<u64>>, room_rx: Option<Receiver<u64>>) -> Result<Honest, String> {
        let seat = self.seat;
        let trail = RefCell::new(Trail::default());
        let fail = |e: ClientError| format!("honest seat {seat}: {e}; its last messages:{}", trail.borrow());
        let say = |conn: &mut Connection, msg: ClientMsg| {
            trail.borrow_mut().sent(&msg);
            conn.send(&msg).map_err(fail)
        };
        let mut conn = Connection::connect(&self.config.addr, "honest").map_err(fail)?;
        conn.set_timeout(Some(Duration::from_secs(30))).map_err(fail)?;
        match &room_rx {
            None => say(&mut conn, create("chess", Vec::new(), None, None))?,
            Some(rx) => {
                let room = rx.recv_timeout(Duration::from_secs(30)).map_err(|e| format!("no room: {e}"))?;
                say(&mut conn, ClientMsg::Join { room, seat: Some(1), name: "honest".into(), password: None })?
            }
        }
        let (room, token) = joined(&mut conn).ok_or("honest player not seated")?;
        if let Some(tx) = room_tx {
            let _ = tx.send(room);
        }
        let mut rng = tabula_kit::rng::rng_from_seed(self.seed);
        let mut me = Honest { room, seat, acknowledged: Vec::new(), round_trips: Vec::new(), finished: 0 };
        let mut t = Table {
            session: Session::new(Arc::clone(&self.rules), "").map_err(|e| e.to_string())?,
            game: 1,
            over: false,
            started: seat == 1,
            sent: None,
        };
        loop {
            if self.time_up() {
                return Ok(me);
            }
            if t.started && !t.over && t.sent.is_none() && t.session.side_to_move() == seat {
                thread::sleep(self.config.think);
                let moves = t.session.legal_moves().map_err(|e| e.to_string())?;
                let Some(mv) = moves.choose(&mut rng).copied() else {
                    let trail = trail.borrow();
                    return Err(format!(
                        "room {room} game {}: no legal move, yet no result from the server:{trail}",
                        t.game
                    ));
                };
                let (text, _) = t.session.move_texts(mv).map_err(|e| e.to_string())?;
                let ply = t.session.history().len() as u32;
                t.sent = Some(Instant::now());
                say(&mut conn, ClientMsg::Move { room, token: token.clone(), mv: text, ply })?;
            }
            let got = match conn.recv() {
                // The campaign is over while this seat waited for the other's
                // move, which will not come: the end, not an error.
                Err(_) if self.time_up() => return Ok(me),
                got => got.map_err(fail)?,
            };
            trail.borrow_mut().got(&got);
            let ended = match t.take(got, &mut me)? {
                Step::Nothing => false,
                Step::Ended => true,
                Step::Asked => {
                    let kind = RequestKind::NewGame;
                    say(&mut conn, ClientMsg::Answer { room, token: token.clone(), kind, accept: true })?;
                    false
                }
                Step::Refused(code, message) => {
                    let trail = trail.borrow();
                    return Err(format!(
                        "honest room {room} seat {seat}: {code:?}: {message}; its last messages:{trail}"
                    ));
                }
            };
            if ended && !t.over {
                // A finished game: no move until the next one begins.
                t.over = true;
                me.finished += 1;
                if self.config.games.is_some_and(|games| me.finished >= games) {
                    return Ok(me);
                }
                say(&mut conn, ClientMsg::Request { room, token: token.clone(), kind: RequestKind::NewGame })?;
            }
        }
    }
}

/// The last messages an honest player sent and received, shortened: a
/// player that fails reports them, so a lost step shows where it was lost.
#[derive(Default)]
struct Trail(VecDeque<String>);

impl Trail {
    const KEEP: usize = 12;

    fn note(&mut self, line: String) {
        if self.0.len() == Self::KEEP {
            self.0.pop_front();
        }
        self.0.push_back(line.chars().take(160).collect());
    }

    fn sent(&mut self, msg: &ClientMsg) {
        self.note(format!("-> {}", msg.to_line().trim_end()));
    }

    fn got(&mut self, msg: &ServerMsg) {
        self.note(format!("<- {}", serde_json::to_string(msg).unwrap_or_default()));
    }
}

impl std::fmt::Display for Trail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.iter().try_for_each(|line| write!(f, "\n    {line}"))
    }
}
