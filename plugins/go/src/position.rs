//! The Go position: the board, the side to move, passes, the history that
//! positional superko and take-backs need, and the cached analysis.

use std::sync::Arc;

use rules_api::plugin::PositionImpl;
use rules_api::{
    Highlight, HighlightKind, Move, MoveInfo, Notation, Piece, PlayerScore, PluginError, PositionFlags, RVec, Status,
    CELL_NONE,
};

use crate::analysis::{Analysis, BoardView, Seen};
use crate::layout::{Layout, NO_POINT};
use crate::score::{self, Count};
use crate::{eval, text};

/// How a history entry changed the position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Stone,
    Pass,
    Null,
}

/// What taking a move back needs.
#[derive(Copy, Clone, Debug)]
struct Undo {
    kind: Kind,
    point: u16,
    /// Where this move's captured stones start in `GoPosition::captured`.
    captured_from: u32,
    passes: u8,
}

/// A Go position with its history.
#[derive(Clone)]
pub struct GoPosition {
    pub(crate) layout: Arc<Layout>,
    pub(crate) komi: f32,
    /// 0 empty, 1 black, 2 white.
    pub(crate) cells: Vec<u8>,
    pub(crate) side: u8,
    pub(crate) passes: u8,
    pub(crate) hash: u64,
    pub(crate) stones: usize,
    history: Vec<Undo>,
    captured: Vec<u16>,
    seen: Seen,
    pub(crate) analysis: Analysis,
    /// The area count once two passes ended the game.
    over: Option<Status>,
}

impl GoPosition {
    /// The parts the evaluation reads.
    fn board(&self) -> eval::Board<'_> {
        eval::Board {
            layout: &self.layout,
            cells: &self.cells,
            analysis: &self.analysis,
            side: self.side,
            komi: self.komi,
            stones: self.stones,
        }
    }

    /// A position with the given stones, side, passes and superko bans;
    /// errors name what no game could reach.
    pub(crate) fn new(
        layout: Arc<Layout>,
        komi: f32,
        cells: Vec<u8>,
        side: u8,
        passes: u8,
        bans: &[usize],
    ) -> Result<GoPosition, PluginError> {
        let mut hash = 0;
        let mut stones = 0;
        for (p, &c) in cells.iter().enumerate() {
            if c != 0 {
                hash ^= layout.key(p, c);
                stones += 1;
            }
        }
        let mut seen = Seen::new(layout.cells);
        seen.add(hash, stones);
        let mut pos = GoPosition {
            komi,
            cells,
            side,
            passes,
            hash,
            stones,
            history: Vec::new(),
            captured: Vec::new(),
            seen,
            analysis: Analysis::default(),
            over: None,
            layout,
        };
        pos.refresh();
        if let Some(chain) = pos.analysis.chains.iter().find(|c| c.libs == 0) {
            return Err(PluginError::invalid_input(format!(
                "go position: the {} chain at {} has no liberty, so it would have been captured",
                if chain.colour == 1 { "black" } else { "white" },
                pos.layout.name(chain.first as usize)
            )));
        }
        // A ko in the text stands for the earlier board it would repeat.
        for &p in bans {
            if pos.cells[p] != 0 || !pos.analysis.legal.has(p) {
                return Err(PluginError::invalid_input(format!(
                    "go position: {} cannot be a ko point: a stone there is {}",
                    pos.layout.name(p),
                    if pos.cells[p] != 0 { "already standing" } else { "suicide anyway" }
                )));
            }
            let colour = pos.side + 1;
            let effect = pos.analysis.effect(&pos.layout, &pos.cells, p, colour);
            let after = pos.hash ^ pos.layout.key(p, colour) ^ effect.captured_key;
            pos.seen.add(after, pos.stones + 1 - effect.captures as usize);
        }
        pos.refresh();
        Ok(pos)
    }

    /// Recomputes the analysis and the result after a change.
    fn refresh(&mut self) {
        let view = BoardView { cells: &self.cells, hash: self.hash, stones: self.stones };
        self.analysis.refresh(&self.layout, &view, self.side + 1, &self.seen);
        self.over = (self.passes >= 2).then(|| self.count(&[]).status(self.komi));
    }

    /// The area count with the stones on `dead` taken off.
    pub(crate) fn count(&self, dead: &[bool]) -> Count {
        if dead.is_empty() {
            score::count(&self.layout, &self.cells, &vec![false; self.layout.cells])
        } else {
            score::count(&self.layout, &self.cells, dead)
        }
    }

    /// The komi White receives.
    pub fn komi(&self) -> f32 {
        self.komi
    }

    /// Whether `m` is legal here; errors say why not.
    fn check(&self, m: Move) -> Result<Option<usize>, PluginError> {
        if let Some(status) = self.over {
            return Err(PluginError::illegal_move(format!(
                "the game is over ({}: two passes in a row)",
                status.reason
            )));
        }
        if m == Move::PASS {
            return Ok(None);
        }
        let layout = &self.layout;
        if m.from != CELL_NONE || m.extra != 0 || m.tag != 0 || m.to as usize >= layout.cells {
            return Err(PluginError::illegal_move(format!(
                "{m:?} is not a go move: a move places a stone on one of the {} points, or passes",
                layout.cells
            )));
        }
        let p = m.to as usize;
        let name = layout.name(p);
        if self.cells[p] != 0 {
            return Err(PluginError::illegal_move(format!("{name} is occupied")));
        }
        if self.analysis.banned.has(p) {
            return Err(PluginError::illegal_move(format!(
                "{name} would repeat an earlier board position (positional superko: take the ko back later)"
            )));
        }
        if !self.analysis.legal.has(p) {
            return Err(PluginError::illegal_move(format!("{name} is suicide: the stone would have no liberty")));
        }
        Ok(Some(p))
    }

    /// Puts a stone of the mover on `p` and takes off what it captures.
    fn place(&mut self, p: usize) {
        let colour = self.side + 1;
        let enemy = 3 - colour;
        self.cells[p] = colour;
        self.hash ^= self.layout.key(p, colour);
        self.stones += 1;
        let layout = Arc::clone(&self.layout);
        for q in layout.around(p) {
            if self.cells[q] != enemy || self.analysis.chain_at(q).map_or(true, |c| c.libs != 1) {
                continue;
            }
            // Take the whole chain off (its last liberty was p).
            let from = self.captured.len();
            self.captured.push(q as u16);
            self.cells[q] = 0;
            let mut i = from;
            while i < self.captured.len() {
                let s = self.captured[i] as usize;
                self.hash ^= layout.key(s, enemy);
                self.stones -= 1;
                for r in layout.around(s) {
                    if self.cells[r] == enemy {
                        self.cells[r] = 0;
                        self.captured.push(r as u16);
                    }
                }
                i += 1;
            }
        }
    }

    /// The points banned by superko now, in index order.
    fn bans(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.layout.cells).filter(|&p| self.analysis.banned.has(p))
    }

    /// Whether the game ended with two passes, so dead stones may be marked.
    pub fn is_counting(&self) -> bool {
        self.over.is_some()
    }
}

impl PositionImpl for GoPosition {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.over.is_some() {
            return;
        }
        for p in 0..self.layout.cells {
            if self.analysis.legal.has(p) {
                out.push(Move::place(p as u16));
            }
        }
        out.push(Move::PASS);
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let point = self.check(m)?;
        let undo = |kind, point| Undo { kind, point, captured_from: 0, passes: 0 };
        let mut entry = match point {
            Some(p) => undo(Kind::Stone, p as u16),
            None => undo(Kind::Pass, NO_POINT),
        };
        entry.captured_from = self.captured.len() as u32;
        entry.passes = self.passes;
        match point {
            Some(p) => {
                self.place(p);
                self.passes = 0;
                self.seen.add(self.hash, self.stones);
            }
            None => self.passes += 1,
        }
        self.history.push(entry);
        self.side = 1 - self.side;
        self.refresh();
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let entry = self.history.pop().ok_or_else(|| PluginError::unsupported("there is no move to take back"))?;
        self.side = 1 - self.side;
        self.passes = entry.passes;
        if entry.kind == Kind::Stone {
            self.seen.remove(self.hash, self.stones);
            let colour = self.side + 1;
            let enemy = 3 - colour;
            for i in entry.captured_from as usize..self.captured.len() {
                let s = self.captured[i] as usize;
                self.cells[s] = enemy;
                self.hash ^= self.layout.key(s, enemy);
                self.stones += 1;
            }
            self.captured.truncate(entry.captured_from as usize);
            let p = entry.point as usize;
            self.cells[p] = 0;
            self.hash ^= self.layout.key(p, colour);
            self.stones -= 1;
        }
        self.refresh();
        Ok(())
    }

    fn status(&self) -> Status {
        self.over.unwrap_or(Status::ONGOING)
    }

    fn hash(&self) -> u64 {
        let side = if self.side == 1 { self.layout.side_key } else { 0 };
        let passes = match self.passes {
            0 => 0,
            n => self.layout.pass_keys[n as usize - 1],
        };
        self.hash ^ side ^ passes ^ self.analysis.ban_hash
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(&self.board())
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        eval::move_infos(&self.board(), moves, out);
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for (p, &c) in self.cells.iter().enumerate() {
            if c != 0 {
                out.push(Piece { cell: p as u16, owner: c - 1, kind: 0 });
            }
        }
    }

    /// The ko (superko) points while the game goes on; the territory of
    /// the count with every stone alive once it is over.
    fn highlights(&self, out: &mut RVec<Highlight>) {
        if self.over.is_some() {
            out.extend(self.count(&[]).territory_marks());
            return;
        }
        for p in self.bans() {
            out.push(Highlight::new(p as u16, HighlightKind::FORBIDDEN).of(self.side).because("ko"));
        }
    }

    fn to_text(&self) -> String {
        text::write(&self.layout, &self.cells, self.side, self.passes, self.bans())
    }

    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        Ok(match self.check(m)? {
            Some(p) => self.layout.name(p),
            None => "pass".to_string(),
        })
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("pass") {
            self.check(Move::PASS)?;
            return Ok(Move::PASS);
        }
        let layout = &self.layout;
        let p = layout.parse(text).ok_or_else(|| {
            PluginError::invalid_input(format!(
                "'{text}' is not a point of the {size}×{size} board (write a column A–{} without I and a row \
                 1–{size}, like D4, or 'pass')",
                layout.last_column(),
                size = layout.size
            ))
        })?;
        let m = Move::place(p as u16);
        self.check(m)?;
        Ok(m)
    }

    /// In check when the mover has a chain of two or more stones in atari:
    /// passing (a null move) would lose it, so a search must answer.
    fn flags(&self) -> PositionFlags {
        let colour = self.side + 1;
        let mut flags = PositionFlags::NONE;
        if self.over.is_some() {
            return PositionFlags::MARK_DEAD;
        }
        if self.analysis.chains.iter().any(|c| c.colour == colour && c.libs == 1 && c.size >= 2) {
            flags |= PositionFlags::IN_CHECK;
        }
        flags
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        if self.over.is_some() {
            0
        } else {
            self.analysis.legal.count() as u64 + 1
        }
    }

    /// A turn passed without counting towards the two passes that end the
    /// game, for null-move pruning.
    fn make_null_move(&mut self) -> Result<(), PluginError> {
        if self.over.is_some() {
            return Err(PluginError::illegal_move("the game is over"));
        }
        let entry =
            Undo { kind: Kind::Null, point: NO_POINT, captured_from: self.captured.len() as u32, passes: self.passes };
        self.history.push(entry);
        self.side = 1 - self.side;
        self.refresh();
        Ok(())
    }

    /// The area count so far, every stone counted alive: Black's, then
    /// White's with komi.
    fn scores(&self, out: &mut RVec<PlayerScore>) {
        out.extend(self.count(&[]).player_scores(self.komi));
    }

    /// Each point of `dead` marks its whole chain dead.
    fn count_score(
        &self,
        dead: &[u16],
        marks: &mut RVec<Highlight>,
        scores: &mut RVec<PlayerScore>,
    ) -> Result<Status, PluginError> {
        let mut is_dead = vec![false; self.layout.cells];
        let mut chain = Vec::new();
        for &p in dead {
            let p = p as usize;
            if p >= self.layout.cells || self.cells[p] == 0 {
                let what = if p < self.layout.cells { self.layout.name(p) } else { format!("cell {p}") };
                return Err(PluginError::invalid_input(format!("{what} has no stone to mark dead")));
            }
            chain.clear();
            self.analysis.stones_of(p, &mut chain);
            for &s in &chain {
                is_dead[s as usize] = true;
            }
        }
        let count = self.count(&is_dead);
        for (p, &d) in is_dead.iter().enumerate() {
            if d {
                marks.push(Highlight::new(p as u16, HighlightKind::DEAD).of(self.cells[p] - 1));
            }
        }
        marks.extend(count.territory_marks());
        scores.extend(count.player_scores(self.komi));
        Ok(count.status(self.komi))
    }
}
