//! The checks of one position: moves, pieces, hashes, text and notation.

use rules_api::{
    score, HandPiece, Move, MoveFlags, MoveInfo, Notation, Piece, PositionBox, PositionExt, RulesExt, StatusKind,
    CELL_NONE,
};

use super::report::Check;
use super::suite::{At, Seen, Suite};

impl Suite<'_> {
    /// Every check of one position; returns its legal moves, or `None`
    /// when the game cannot go on from here.
    pub(super) fn visit(&mut self, position: &PositionBox) -> Option<Vec<Move>> {
        self.report.positions += 1;
        let text = self.call(Check::Playouts, position.text(), At::nowhere(), "to_text")?;
        let here = At::position;
        let moves = self.call(Check::Playouts, position.moves(), here(&text), "legal_moves")?;
        let status = self.call(Check::Status, position.outcome(), here(&text), "status")?;
        let players = self.info.players.len();
        self.expect(Check::Status, moves.is_empty() != status.is_ongoing(), here(&text), || {
            format!("status {:?} with {} legal moves", status.kind, moves.len())
        });
        if !status.is_ongoing() {
            self.expect(Check::Status, !status.reason.is_empty(), here(&text), || {
                "a finished game has no reason".into()
            });
            let winner_ok = status.kind != StatusKind::WIN || (status.winner as usize) < players;
            self.expect(Check::Status, winner_ok, here(&text), || format!("player {} won", status.winner));
        }
        let side = position.side_to_move();
        self.expect(Check::SideToMove, (side as usize) < players, here(&text), || {
            format!("player {side} is to move in a game of {players}")
        });
        if let Some(count) = self.call(Check::MoveCount, position.move_count(), here(&text), "count_legal_moves") {
            self.expect(Check::MoveCount, count == moves.len() as u64, here(&text), || {
                format!("count_legal_moves says {count}, the move list has {}", moves.len())
            });
        }
        let eval = position.evaluate();
        self.expect(Check::Evaluation, eval.abs() <= score::MAX_EVAL, here(&text), || {
            format!("evaluation {eval} is beyond ±{}", score::MAX_EVAL)
        });
        self.check_moves(position, &text, &moves);
        self.check_growth(position, &text, &moves, &status);
        let pieces = self.check_pieces(position, &text)?;
        let hands = self.call(Check::Pieces, position.hand_list(), here(&text), "hands")?;
        self.check_hands(&text, &hands);
        self.check_hash(position, &text, &moves, status.is_ongoing(), pieces, hands);
        self.check_round_trip(position, &text, &moves, status.is_ongoing());
        Some(moves)
    }

    pub(super) fn check_moves(&mut self, position: &PositionBox, text: &str, moves: &[Move]) {
        let cells = self.geometry.cells.len();
        let kinds = self.info.piece_types.len();
        for &m in moves {
            let from_ok = m.from == CELL_NONE || (m.from as usize) < cells;
            let to_ok = (m.to as usize) < cells || (m.is_off_board() && m.from == CELL_NONE);
            let extra_ok = m.is_off_board() || (m.extra as usize) <= kinds;
            self.expect(Check::MoveCells, from_ok && to_ok && extra_ok, At::position(text), || {
                format!("{m:?} names a cell or piece type the game does not have ({cells} cells, {kinds} piece types)")
            });
        }
        if let Some(infos) = self.call(Check::MoveInfos, position.infos(moves), At::position(text), "move_infos") {
            self.expect(Check::MoveInfos, infos.len() == moves.len(), At::position(text), || {
                format!("{} move infos for {} moves", infos.len(), moves.len())
            });
            if infos.len() == moves.len() {
                self.check_passes(position, text, moves, &infos);
            }
        }
        if let Some(marks) = self.call(Check::Highlights, position.highlight_list(), At::position(text), "highlights") {
            let players = self.info.players.len();
            let bad = marks.iter().find(|h| (h.cell as usize) >= cells || (h.player as usize) >= players);
            self.expect(Check::Highlights, bad.is_none(), At::position(text), || {
                let h = bad.expect("a bad highlight");
                format!("a highlight on cell {} for player {} ({cells} cells, {players} players)", h.cell, h.player)
            });
        }
    }

    /// Passes are flagged [`MoveFlags::PASS`], since searches and windows
    /// treat them apart: [`Move::PASS`] and any move named "pass" must
    /// carry the flag, and a move that carries it names no cell and leaves
    /// the board and the hands as they were.
    fn check_passes(&mut self, position: &PositionBox, text: &str, moves: &[Move], infos: &[MoveInfo]) {
        if position.is_chance() {
            return;
        }
        for (&m, info) in moves.iter().zip(infos) {
            let flagged = info.flags.contains(MoveFlags::PASS);
            if !m.is_off_board() {
                self.expect(Check::MoveInfos, !flagged, At::position(text), || {
                    format!("{m:?} is flagged PASS but names a cell: a pass moves nothing")
                });
                continue;
            }
            // Off-board moves are few (a pass, a swap), so naming each is cheap.
            let name = Self::describe(position, m);
            let called_pass = m == Move::PASS
                || [Notation::STANDARD, Notation::COORDINATE]
                    .iter()
                    .any(|&n| position.notate(m, n).is_ok_and(|t| t.trim().eq_ignore_ascii_case("pass")));
            self.expect(Check::MoveInfos, flagged || !called_pass, At::position(text).with_move(name.clone()), || {
                "this pass is not flagged MoveFlags::PASS in move_infos (searches and the window need the flag)"
                    .to_string()
            });
            if flagged {
                self.check_pass_keeps_board(position, text, m, name);
            }
        }
    }

    /// A move flagged PASS changes neither the pieces nor the hands.
    fn check_pass_keeps_board(&mut self, position: &PositionBox, text: &str, m: Move, name: String) {
        let board = |p: &PositionBox| -> Option<(Vec<Piece>, Vec<HandPiece>)> {
            let mut pieces = p.piece_list().ok()?;
            pieces.sort_by_key(|p| (p.cell, p.owner, p.kind));
            let mut hands = p.hand_list().ok()?;
            hands.retain(|h| h.count > 0);
            hands.sort_by_key(|h| (h.owner, h.kind, h.count));
            Some((pieces, hands))
        };
        let mut after = position.clone();
        let at = || At::position(text).with_move(name.clone());
        if self.call(Check::MoveInfos, after.play(m), at(), "make_move of a pass").is_none() {
            return;
        }
        let unchanged = board(position) == board(&after);
        self.expect(Check::MoveInfos, unchanged, at(), || {
            "this move is flagged PASS but changes the pieces on the board or in hand".to_string()
        });
    }

    pub(super) fn check_pieces(&mut self, position: &PositionBox, text: &str) -> Option<Vec<Piece>> {
        let mut pieces = self.call(Check::Pieces, position.piece_list(), At::position(text), "pieces")?;
        let (cells, players, kinds) = (self.geometry.cells.len(), self.info.players.len(), self.info.piece_types.len());
        for p in &pieces {
            let ok = (p.cell as usize) < cells && (p.owner as usize) < players && (p.kind as usize) < kinds;
            self.expect(Check::Pieces, ok, At::position(text), || format!("{p:?} is not on the board or not owned"));
        }
        let mut occupied: Vec<u16> = pieces.iter().map(|p| p.cell).collect();
        occupied.sort_unstable();
        let stacked = occupied.windows(2).find(|w| w[0] == w[1]).map(|w| w[0]);
        self.expect(Check::Pieces, stacked.is_none(), At::position(text), || {
            format!("two pieces stand on cell {}", stacked.unwrap_or_default())
        });
        pieces.sort_by_key(|p| (p.cell, p.owner, p.kind));
        Some(pieces)
    }

    pub(super) fn check_hands(&mut self, text: &str, hands: &[HandPiece]) {
        let (players, kinds) = (self.info.players.len(), self.info.piece_types.len());
        for h in hands {
            let ok = (h.owner as usize) < players && (h.kind as usize) < kinds;
            self.expect(Check::Pieces, ok, At::position(text), || format!("{h:?} in hand is not a piece of a player"));
        }
    }

    /// One text, one hash; one hash, one position.
    pub(super) fn check_hash(
        &mut self,
        position: &PositionBox,
        text: &str,
        moves: &[Move],
        ongoing: bool,
        pieces: Vec<Piece>,
        mut hands: Vec<HandPiece>,
    ) {
        let hash = position.hash();
        let known = *self.hash_of_text.entry(text.to_string()).or_insert(hash);
        self.expect(Check::HashConsistency, known == hash, At::position(text), || {
            format!("this text hashed to {known:#x} before and to {hash:#x} now")
        });
        hands.retain(|h| h.count > 0);
        hands.sort_by_key(|h| (h.owner, h.kind, h.count));
        let mut bits: Vec<u64> = moves.iter().map(|m| m.to_bits()).collect();
        bits.sort_unstable();
        let side = position.side_to_move();
        let here = Seen { text: text.to_string(), side, pieces, hands, moves: ongoing.then_some(bits) };
        let Some(first) = self.seen.get(&hash) else {
            self.seen.insert(hash, here);
            return;
        };
        if first.text == here.text {
            return;
        }
        // Different texts may be one position (move counters differ); a
        // different mover, board, hand or move list is a different position.
        let what = if first.side != here.side {
            Some("side to move")
        } else if first.pieces != here.pieces {
            Some("pieces")
        } else if first.hands != here.hands {
            Some("pieces in hand")
        } else if matches!((&first.moves, &here.moves), (Some(a), Some(b)) if a != b) {
            Some("legal moves")
        } else {
            None
        };
        let other = first.text.clone();
        self.expect(Check::HashConsistency, what.is_none(), At::position(text), || {
            format!("shares hash {hash:#x} with '{other}', whose {} differ", what.unwrap_or_default())
        });
    }

    pub(super) fn check_round_trip(&mut self, position: &PositionBox, text: &str, moves: &[Move], ongoing: bool) {
        let Some(reread) = self.call(Check::TextRoundTrip, self.rules.position(text), At::position(text), "reading")
        else {
            return;
        };
        let Some(again) = self.call(Check::TextRoundTrip, reread.text(), At::position(text), "to_text") else {
            return;
        };
        self.expect(Check::TextRoundTrip, again == text, At::position(text), || format!("reads back as '{again}'"));
        let (hash, back) = (position.hash(), reread.hash());
        self.expect(Check::TextRoundTrip, hash == back, At::position(text), || {
            format!("hash {hash:#x} becomes {back:#x} when the text is read back")
        });
        let Some(reread_status) = self.call(Check::TextRoundTrip, reread.outcome(), At::position(text), "status")
        else {
            return;
        };
        // A result decided by history (repetition) is gone once the text is
        // read back without it; compare moves only where history cannot matter.
        if !ongoing && reread_status.is_ongoing() {
            return;
        }
        let Some(mut other) = self.call(Check::TextRoundTrip, reread.moves(), At::position(text), "legal_moves") else {
            return;
        };
        let mut mine = moves.to_vec();
        mine.sort_by_key(|m| m.to_bits());
        other.sort_by_key(|m| m.to_bits());
        self.expect(Check::TextRoundTrip, mine == other, At::position(text), || {
            format!("{} legal moves here, {} after reading the text back", mine.len(), other.len())
        });
    }

    /// Make/unmake and both notations for every legal move; `false` when
    /// the position can no longer be trusted.
    pub(super) fn check_every_move(&mut self, position: &mut PositionBox, moves: &[Move]) -> bool {
        let Some(before) = self.call(Check::MakeUnmake, position.text(), At::nowhere(), "to_text") else {
            return false;
        };
        let before_hash = position.hash();
        for &m in moves {
            let name = Self::describe(position, m);
            let at = || At::position(&before).with_move(name.clone());
            for notation in [Notation::STANDARD, Notation::COORDINATE] {
                let Some(written) = self.call(Check::Notation, position.notate(m, notation), at(), "move_to_text")
                else {
                    continue;
                };
                if let Some(parsed) = self.call(Check::Notation, position.read_move(&written, notation), at(), "parse")
                {
                    self.expect(Check::Notation, parsed == m, at(), || format!("'{written}' reads back as {parsed:?}"));
                }
            }
            self.report.moves_checked += 1;
            if self.call(Check::MakeUnmake, position.play(m), at(), "make_move").is_none() {
                return false;
            }
            if self.call(Check::MakeUnmake, position.undo(), at(), "unmake_move").is_none() {
                return false;
            }
            let Some(after) = self.call(Check::MakeUnmake, position.text(), at(), "to_text") else {
                return false;
            };
            self.expect(Check::MakeUnmake, after == before, at(), || format!("make and unmake leave '{after}'"));
            let hash = position.hash();
            self.expect(Check::MakeUnmake, hash == before_hash, at(), || {
                format!("make and unmake change the hash from {before_hash:#x} to {hash:#x}")
            });
            if after != before {
                return false;
            }
        }
        true
    }
}
