//! The boundary: [`Position`] as a `PositionImpl`, [`VariantRules`] as a
//! `RulesImpl`, and the board and pieces as the window draws them.

use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{
    GameInfo, Geometry, HandPiece, Highlight, HighlightKind, Mark, MarkKind, Move, MoveFlags, MoveInfo, Notation,
    Piece, PieceType, PlayerInfo, PlayerScore, PluginError, PositionFlags, RVec, Rgba, Status, CELL_NONE,
};
use tabula_kit::grid::{Edge, Grid};

use crate::position::{tag, Position};
use crate::variant::{kind_of, owner_of, Variant, NO_KIND};
use crate::VariantRules;

impl Position {
    /// Whether `m` is one of the legal moves now.
    pub fn is_legal_move(&self, m: Move) -> bool {
        if self.ended_by_rule().is_some() {
            return false;
        }
        let mut candidates = RVec::new();
        if m.from == CELL_NONE {
            if m.tag != tag::DROP || !self.v.drops || m.to as usize >= self.v.nsq() {
                return false;
            }
            let kind = m.extra.wrapping_sub(1) as usize;
            if kind >= self.v.nkinds() || self.hand[self.side as usize][kind] == 0 {
                return false;
            }
            self.generate(&mut candidates);
            return candidates.contains(&m);
        }
        if m.from as usize >= self.v.nsq() || m.to as usize >= self.v.nsq() {
            return false;
        }
        let code = self.at(m.from);
        if code == 0 || owner_of(code) != self.side {
            return false;
        }
        if self.v.must_capture {
            self.generate(&mut candidates);
            return candidates.contains(&m);
        }
        self.piece_moves(m.from, code, &mut candidates);
        candidates.contains(&m) && self.is_legal(m)
    }

    fn hint(&self, m: Move) -> (i32, MoveFlags) {
        let v = &*self.v;
        let mut flags = MoveFlags::NONE;
        let mut hint = 0;
        if m.tag == tag::DROP {
            flags |= MoveFlags::DROP;
            return (hint, flags);
        }
        let mover = v.kinds[kind_of(self.at(m.from)) as usize].value;
        if self.is_capture(m) {
            let victim_sq = if m.tag == tag::EN_PASSANT { self.ep_victim } else { m.to };
            let victim = v.kinds[kind_of(self.at(victim_sq)) as usize].value;
            hint += 10_000 + victim * 16 - mover / 8;
            flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL;
        }
        if m.extra != 0 {
            hint += 5_000 + v.kinds[(m.extra - 1) as usize].value;
            flags |= MoveFlags::PROMOTION | MoveFlags::TACTICAL;
        }
        let pawn = v.kinds[kind_of(self.at(m.from)) as usize].pawn;
        let castling_touch = self.castling != 0
            && (m.from == self.royal_sq[self.side as usize]
                || self.rook_from.contains(&m.from)
                || self.rook_from.contains(&m.to));
        if !v.drops
            && (flags.contains(MoveFlags::CAPTURE) || pawn || m.extra != 0 || m.tag != tag::NORMAL || castling_touch)
        {
            flags |= MoveFlags::IRREVERSIBLE;
        }
        (hint, flags)
    }
}

impl PositionImpl for Position {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.ended_by_rule().is_none() {
            self.generate(out);
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if !self.is_legal_move(m) {
            return Err(PluginError::illegal_move(format!(
                "{}: the move (from {}, to {}, extra {}) is not legal in {}",
                self.v.title,
                m.from,
                m.to,
                m.extra,
                self.to_fen()
            )));
        }
        self.do_move(m);
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.undo_move()
    }

    fn status(&self) -> Status {
        Position::status(self)
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for sq in 0..self.v.nsq() as u16 {
            let c = self.at(sq);
            if c != 0 {
                out.push(Piece { cell: sq, owner: owner_of(c), kind: kind_of(c) as u16 });
            }
        }
    }

    fn to_text(&self) -> String {
        self.to_fen()
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        Ok(if notation == Notation::COORDINATE { self.uci(m) } else { self.san(m) })
    }

    fn parse_move(&self, text: &str, notation: Notation) -> Result<Move, PluginError> {
        let wanted = text.trim();
        let mut moves = RVec::new();
        self.legal_moves(&mut moves);
        let found = moves.iter().copied().find(|&m| {
            if notation == Notation::COORDINATE {
                self.uci(m) == wanted
            } else {
                let san = self.san(m);
                san == wanted || san.trim_end_matches(['+', '#']) == wanted.trim_end_matches(['+', '#'])
            }
        });
        found.ok_or_else(|| {
            let why = match self.ended_by_rule().map(|(_, r)| r) {
                Some(reason) => format!(" (the game is over: {reason})"),
                None if moves.is_empty() => " (the game is over)".to_string(),
                None => String::new(),
            };
            PluginError::illegal_move(format!("'{wanted}' is not a legal move here{why}"))
        })
    }

    fn hash(&self) -> u64 {
        self.key()
    }

    fn evaluate(&self) -> i32 {
        Position::evaluate(self)
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        for &m in moves {
            let (hint, flags) = self.hint(m);
            out.push(MoveInfo { hint, flags });
        }
    }

    fn highlights(&self, out: &mut RVec<Highlight>) {
        if let Some(sq) = self.checked_royal() {
            out.push(Highlight::new(sq, HighlightKind::CHECK).of(self.side));
        }
    }

    fn flags(&self) -> PositionFlags {
        let v = &*self.v;
        let mut flags = PositionFlags::NONE;
        if self.in_check {
            flags |= PositionFlags::IN_CHECK;
        }
        let us = self.side as usize;
        let pieces_left = (0..v.nkinds()).any(|k| k as u8 != v.royal && !v.kinds[k].pawn && self.count[us][k] > 0);
        if v.must_capture || v.royal == NO_KIND || v.no_checks || !pieces_left {
            flags |= PositionFlags::ZUGZWANG_RISK;
        }
        flags
    }

    fn make_null_move(&mut self) -> Result<(), PluginError> {
        if self.in_check {
            return Err(PluginError::illegal_move("no null move in check"));
        }
        if self.ended_by_rule().is_some() {
            return Err(PluginError::illegal_move("no null move: the game is over"));
        }
        self.do_null();
        Ok(())
    }

    /// In drop variants every kind a capture can put in hand is listed, with
    /// count 0 while none is held, so a window can set the hands out from the
    /// first move on instead of when the first capture happens.
    fn hands(&self, out: &mut RVec<HandPiece>) {
        for owner in 0..2u8 {
            for kind in 0..self.v.nkinds() {
                let count = self.hand[owner as usize][kind];
                let k = &self.v.kinds[kind];
                let holdable = self.v.drops && !k.royal && k.base as usize == kind;
                if count > 0 || holdable {
                    out.push(HandPiece { owner, kind: kind as u16, count: count as u16 });
                }
            }
        }
    }

    fn scores(&self, out: &mut RVec<PlayerScore>) {
        let checks = self.v.end.checks;
        if checks > 0 {
            for player in 0..2u8 {
                let given = checks - self.checks_left[player as usize];
                out.push(PlayerScore { player, points: given as f32 });
            }
        }
    }
}

fn grid(v: &Variant) -> Grid {
    let base = if v.points {
        Grid::points(v.files as u16, v.ranks as u16).lines(0.04, Rgba::rgb(60, 40, 20)).background(v.light)
    } else {
        Grid::squares(v.files as u16, v.ranks as u16, v.light, v.dark)
    };
    base.file_labels(Edge::Bottom, 0.8).rank_labels(Edge::Left, 0.8)
}

impl RulesImpl for VariantRules {
    type Position = Position;

    fn info(&self) -> GameInfo {
        let v = &*self.v;
        let players = [
            PlayerInfo {
                name: v.players[0].as_str().into(),
                color: Rgba::rgb(250, 248, 240),
                ink: Rgba::rgb(20, 20, 20),
            },
            PlayerInfo {
                name: v.players[1].as_str().into(),
                color: Rgba::rgb(40, 40, 40),
                ink: Rgba::rgb(245, 245, 245),
            },
        ];
        let piece_types = v
            .kinds
            .iter()
            .map(|k| {
                let letters = [k.letter.to_ascii_uppercase(), k.letter.clone()];
                PieceType::new(
                    &k.name,
                    &[k.glyphs[0].as_str(), k.glyphs[1].as_str()],
                    &[letters[0].as_str(), letters[1].as_str()],
                    k.value,
                )
            })
            .collect();
        GameInfo {
            name: v.title.as_str().into(),
            players: players.into_iter().collect(),
            piece_types,
            position_format: "FEN (Fairy-Stockfish)".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        let v = &*self.v;
        let g = grid(v);
        let mut geometry = g.build();
        for sq in v.marks.iter().filter(|&s| (s as usize) < v.nsq()) {
            let (x, y) = (geometry.cells[sq as usize].x, geometry.cells[sq as usize].y);
            geometry.marks.push(Mark {
                kind: MarkKind::DOT,
                x,
                y,
                layer: 0,
                size: 0.15,
                color: Rgba::rgb(90, 60, 30),
                text: "".into(),
            });
        }
        geometry
    }

    fn start_position(&self) -> Result<Position, PluginError> {
        Position::from_fen(&self.v, &self.v.start)
            .map_err(|e| PluginError::internal(format!("{}: start: {e}", self.v.title)))
    }

    fn position_from_text(&self, text: &str) -> Result<Position, PluginError> {
        if text.trim().is_empty() {
            return self.start_position();
        }
        Position::from_fen(&self.v, text)
            .map_err(|e| PluginError::invalid_input(format!("{}: '{}': {e}", self.v.title, text.trim())))
    }

    fn help_text(&self) -> String {
        let v = &*self.v;
        let mut s = format!("{}\n\n", v.title);
        if !v.description.is_empty() {
            s.push_str(&v.description);
            s.push_str("\n\n");
        }
        s.push_str(&format!("Board {}x{}. Pieces (letter, Betza movement):\n", v.files, v.ranks));
        for k in &v.kinds {
            s.push_str(&format!(
                "  {} {}: {}{}{}\n",
                k.letter.to_ascii_uppercase(),
                k.name,
                k.betza,
                if k.royal { " (royal)" } else { "" },
                if k.value > 0 { format!(", worth {}", k.value) } else { String::new() }
            ));
        }
        s.push_str(&format!("\nDefinition: {} (UCI_Variant {}).\n", v.source, v.engine_name));
        s
    }
}
