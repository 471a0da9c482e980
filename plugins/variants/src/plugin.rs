//! The boundary: [`Position`] as a `PositionImpl`, [`VariantRules`] as a
//! `RulesImpl`, and the board and pieces as the window draws them.

use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{
    ClickPath, GameInfo, Geometry, HandPiece, Highlight, HighlightKind, Line, Mark, MarkKind, Move, MoveFlags,
    MoveInfo, Notation, Piece, PieceType, PlayerInfo, PlayerScore, PluginError, PositionFlags, RVec, Rgba, Status,
    CELL_NONE,
};
use tabula_kit::grid::{Edge, Grid};

use crate::position::{tag, Position};
use crate::style::Coordinates;
use crate::variant::{is_piece, kind_of, owner_of, Variant, WALL};
use crate::VariantRules;

impl Position {
    fn hint(&self, m: Move) -> (i32, MoveFlags) {
        let v = &*self.v;
        let mut flags = MoveFlags::NONE;
        let mut hint = 0;
        let kind = tag::of(m);
        if kind == tag::PASS {
            return (-10_000, MoveFlags::PASS);
        }
        if kind == tag::DROP {
            flags |= MoveFlags::DROP;
            return (hint, flags);
        }
        let mover = v.kinds[kind_of(self.at(m.from)) as usize].value;
        if self.is_capture(m) {
            let victim_sq = if kind == tag::EN_PASSANT { self.ep_capture_square(m.to) } else { m.to };
            let victim =
                if is_piece(self.at(victim_sq)) { v.kinds[kind_of(self.at(victim_sq)) as usize].value } else { 100 };
            hint += 10_000 + victim * 16 - mover / 8;
            flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL;
        }
        if m.extra != 0 && m.tag & tag::GATE == 0 {
            hint += 5_000 + v.kinds[(m.extra - 1) as usize].value;
            flags |= MoveFlags::PROMOTION | MoveFlags::TACTICAL;
        }
        let pawn = v.kinds[kind_of(self.at(m.from)) as usize].pawn;
        let castling_touch = self.castling != 0
            && (self.castle_king.contains(&m.from)
                || self.rook_from.contains(&m.from)
                || self.rook_from.contains(&m.to));
        let to_hand = v.drops.as_ref().is_some_and(|d| d.to_hand);
        if !to_hand
            && (flags.contains(MoveFlags::CAPTURE)
                || pawn
                || m.extra != 0
                || kind != tag::NORMAL
                || castling_touch
                || v.walls.is_some()
                || m.tag & tag::GATE != 0)
        {
            flags |= MoveFlags::IRREVERSIBLE;
        }
        (hint, flags)
    }

    /// The ways a legal move is clicked: castling as the king then its
    /// destination or its rook, a wall as a third click.
    fn paths_of(&self, m: Move, out: &mut RVec<ClickPath>) {
        let kind = tag::of(m);
        if kind == tag::PASS {
            return;
        }
        let wall = tag::wall(m.tag);
        if kind == tag::CASTLE_LEFT || kind == tag::CASTLE_RIGHT {
            let (kfrom, kto, rfrom, _) = self.castling_squares(m);
            let by_rook = m.tag & tag::GATE_ROOK != 0;
            let king_gate = m.tag & tag::GATE != 0 && !by_rook;
            let mut ends: Vec<u16> = Vec::new();
            if !by_rook && kto != kfrom && !self.plain_king_move(kfrom, kto) {
                ends.push(kto);
            }
            if !king_gate || ends.is_empty() {
                ends.push(rfrom);
            }
            for end in ends {
                let mut cells = vec![kfrom, end];
                cells.extend(wall);
                out.push(ClickPath::through(m, &cells));
            }
            return;
        }
        let mut cells: Vec<u16> = Vec::with_capacity(3);
        if m.from != CELL_NONE {
            cells.push(m.from);
        }
        cells.push(m.to);
        cells.extend(wall);
        out.push(ClickPath::through(m, &cells));
    }

    /// Whether the king has a plain legal move from `from` to `to`.
    fn plain_king_move(&self, from: u16, to: u16) -> bool {
        let mut moves = RVec::new();
        self.piece_moves(from, self.at(from), &mut moves);
        moves.iter().any(|&m| m.to == to && tag::of(m) == tag::NORMAL && self.is_legal(m))
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
                "{}: the move (from {}, to {}, extra {}, tag {}) is not legal in {}",
                self.v.title,
                m.from,
                m.to,
                m.extra,
                m.tag,
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
        let wall_kind = self.v.nkinds() as u16;
        for sq in 0..self.v.nsq() as u16 {
            let c = self.at(sq);
            if c == WALL {
                out.push(Piece { cell: sq, owner: 0, kind: wall_kind });
            } else if c != 0 {
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
        let bare = |s: &str| s.trim_end_matches(['+', '#']).to_string();
        let found = moves.iter().copied().find(|&m| {
            if notation == Notation::COORDINATE {
                self.uci(m) == wanted || (m == Move::PASS && wanted == "pass")
            } else {
                let san = self.san(m);
                san == wanted || (!self.v.shogi_promotions && bare(&san) == bare(wanted))
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
        if self.checked() {
            flags |= PositionFlags::IN_CHECK;
        }
        let us = self.side as usize;
        let pieces_left = (0..v.nkinds()).any(|k| k as u8 != v.royal && !v.kinds[k].pawn && self.count[us][k] > 0);
        if v.rules.must_capture || !v.has_royal() || v.rules.no_checks || !pieces_left || v.walls.is_some() {
            flags |= PositionFlags::ZUGZWANG_RISK;
        }
        flags
    }

    fn make_null_move(&mut self) -> Result<(), PluginError> {
        if self.checked() {
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
        let v = &*self.v;
        let to_hand = v.drops.as_ref().is_some_and(|d| d.to_hand && !d.free);
        for owner in 0..2u8 {
            for kind in 0..v.nkinds() {
                let count = self.hand[owner as usize][kind];
                let k = &v.kinds[kind];
                let holdable = to_hand && !k.royal && k.base as usize == kind;
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
                let given = checks.saturating_sub(self.checks_left[player as usize]);
                out.push(PlayerScore { player, points: given as f32 });
            }
        }
    }

    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        let mut moves = RVec::new();
        self.legal_moves(&mut moves);
        for &m in moves.iter() {
            self.paths_of(m, out);
        }
    }
}

fn grid(v: &Variant) -> Grid {
    let base = if v.points {
        Grid::points(v.files as u16, v.ranks as u16).lines(0.04, Rgba::rgb(60, 40, 20)).background(v.light)
    } else {
        Grid::squares(v.files as u16, v.ranks as u16, v.light, v.dark)
    };
    match v.style.coordinates {
        Coordinates::Algebraic => base.file_labels(Edge::Bottom, 0.8).rank_labels(Edge::Left, 0.8),
        Coordinates::Shogi => base.file_labels(Edge::Top, 0.75).rank_labels(Edge::Right, 0.75),
    }
}

/// Shogi coordinates: files 9–1 from the left, ranks 一–九 (or a–i) from
/// the top.
fn shogi_labels(v: &Variant, geometry: &mut Geometry) {
    const KANJI: [&str; 16] =
        ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四", "十五", "十六"];
    let top = -0.75;
    for label in geometry.labels.iter_mut() {
        if label.y == top {
            let file = label.x.round() as u8;
            label.text = (v.files - file).to_string().into();
        } else {
            let row = label.y.round() as usize;
            label.text = if v.style.letter_ranks {
                ((b'a' + row as u8) as char).to_string().into()
            } else {
                KANJI[row.min(15)].into()
            };
        }
    }
}

impl RulesImpl for VariantRules {
    type Position = Position;

    fn info(&self) -> GameInfo {
        let v = &*self.v;
        let (light, dark) = crate::art::player_colours(v);
        let players = [
            PlayerInfo { name: v.players[0].as_str().into(), color: light, ink: Rgba::rgb(20, 20, 20) },
            PlayerInfo { name: v.players[1].as_str().into(), color: dark, ink: Rgba::rgb(245, 245, 245) },
        ];
        let mut piece_types: RVec<PieceType> = v
            .kinds
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let letters = [k.letter.to_ascii_uppercase(), k.letter.clone()];
                let glyphs = crate::art::glyphs(v, i as u8);
                let mut t = PieceType::new(
                    &k.name,
                    &[glyphs[0].as_str(), glyphs[1].as_str()],
                    &[letters[0].as_str(), letters[1].as_str()],
                    k.value,
                );
                t.art = crate::art::piece_art(v, i as u8).into_iter().map(Into::into).collect();
                t
            })
            .collect();
        let mut wall = PieceType::new(crate::art::wall_name(v), &["■", "■"], &["*", "*"], 0);
        wall.art = crate::art::wall_art(v).into_iter().map(Into::into).collect();
        piece_types.push(wall);
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
        if v.style.coordinates == Coordinates::Shogi {
            shogi_labels(v, &mut geometry);
        }
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
        diagonal_lines(v, &mut geometry);
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
        crate::library::help(&self.v)
    }
}

/// The board's diagonal lines (janggi palaces): every pair of line
/// squares one diagonal step apart is joined.
fn diagonal_lines(v: &Variant, geometry: &mut Geometry) {
    let lines = v.diagonal_lines;
    for a in lines.iter() {
        for b in lines.iter().filter(|&b| b > a) {
            let (fa, ra, fb, rb) = (v.file(a) as i32, v.rank(a) as i32, v.file(b) as i32, v.rank(b) as i32);
            if (fa - fb).abs() == 1 && (ra - rb).abs() == 1 {
                let (ca, cb) = (&geometry.cells[a as usize], &geometry.cells[b as usize]);
                geometry.lines.push(Line {
                    x1: ca.x,
                    y1: ca.y,
                    x2: cb.x,
                    y2: cb.y,
                    layer: 0,
                    width: 0.04,
                    color: Rgba::rgb(60, 40, 20),
                });
            }
        }
    }
}
