//! The game as a Tabula position: the boundary's methods on [`Game`].

use rules_api::plugin::PositionImpl;
use rules_api::{
    CellChange, ChanceOutcome, ClickPath, Highlight, HighlightKind, Move, MoveInfo, Notation, Piece, PluginError,
    PositionFlags, RVec, Status,
};

use crate::board::{tray_cells, tray_position, CELLS, TRAY};
use crate::rank::{Strike, FLAG, NAMES};
use crate::state::{Game, Mode, Phase, StrikeRecord, PLAYERS};
use crate::view::Viewer;

fn seat(viewer: u8) -> Viewer {
    Viewer::Seat(viewer)
}

impl Game {
    /// The last strike in words, for every viewer (a strike shows both
    /// ranks to everyone).
    pub fn strike_words(&self, record: StrikeRecord) -> String {
        let numbering = self.config.numbering;
        let piece = |s: crate::state::Square| {
            let rank = s.rank();
            let label = numbering.label(rank);
            let name = NAMES[rank as usize];
            let named = if label.len() > 1 || label.chars().all(|c| c.is_ascii_digit()) {
                format!("{name} ({label})")
            } else {
                name.to_string()
            };
            format!("{} {named}", PLAYERS[s.owner() as usize])
        };
        let (a, d, at) = (piece(record.attacker), piece(record.defender), crate::board::name(record.at));
        match crate::rank::strike(record.attacker.rank(), record.defender.rank()) {
            Strike::AttackerWins if record.defender.rank() == FLAG => format!("{a} captures the flag on {at}"),
            Strike::AttackerWins => format!("{a} takes {d} on {at}"),
            Strike::DefenderWins => format!("{d} on {at} beats {a}"),
            Strike::Both => format!("{a} and {d} remove each other on {at}"),
        }
    }
}

impl PositionImpl for Game {
    fn side_to_move(&self) -> u8 {
        self.side()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        Game::legal_moves(self, out)
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        self.make(m)
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.unmake()
    }
    fn status(&self) -> Status {
        Game::status(self)
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        Game::view_pieces(self, Viewer::All, out)
    }
    fn to_text(&self) -> String {
        crate::text::write(self, None)
    }
    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        self.move_text(m, notation)
    }
    fn hash(&self) -> u64 {
        Game::hash(self)
    }
    fn evaluate(&self) -> i32 {
        Game::evaluate(self)
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        Game::move_infos(self, moves, out)
    }
    fn highlights(&self, out: &mut RVec<Highlight>) {
        // The square of the last strike, so both players notice what it showed.
        if let Some(record) = self.last_strike() {
            out.push(Highlight::new(record.at, HighlightKind::NOTE).because("strike"));
        }
    }
    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        self.read_move(text)
    }
    fn flags(&self) -> PositionFlags {
        if self.is_chance() {
            PositionFlags::HIDDEN | PositionFlags::CHANCE
        } else {
            PositionFlags::HIDDEN
        }
    }
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        Game::chance_outcomes(self, out)
    }
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        if self.is_chance() {
            return;
        }
        let mut moves = RVec::new();
        Game::legal_moves(self, &mut moves);
        let Phase::Setup { player, mode: Mode::Place } = self.phase else {
            out.extend(moves.iter().filter_map(|&m| ClickPath::from_cells(m)));
            return;
        };
        // A placement is dragged from the rank's block of the tray.
        for &m in moves.iter().filter(|m| !m.is_off_board()) {
            let rank = (m.extra - 1) as u8;
            let tray: RVec<u16> = tray_cells(rank, self.reserve(player, rank)).collect();
            out.push(ClickPath { mv: m, steps: vec![tray, RVec::from(vec![m.to])].into() });
        }
    }
    fn cell_changes(&self, out: &mut RVec<CellChange>) {
        // The tray is put away once both armies stand on the board.
        if let Phase::Play { .. } = self.phase {
            for cell in TRAY..CELLS as u16 {
                let (x, y) = tray_position(cell - TRAY);
                out.push(CellChange { cell, shown: false, x, y, layer: 0, name: "".into() });
            }
        }
    }
    fn view_pieces(&self, viewer: u8, out: &mut RVec<Piece>) {
        Game::view_pieces(self, seat(viewer), out)
    }
    fn view_highlights(&self, _viewer: u8, out: &mut RVec<Highlight>) {
        self.highlights(out)
    }
    fn hidden_cells(&self, viewer: u8, out: &mut RVec<u16>) {
        Game::hidden_cells(self, seat(viewer), out)
    }
    fn view_text(&self, viewer: u8) -> String {
        match self.effective(seat(viewer)) {
            Viewer::All => crate::text::write(self, None),
            Viewer::Seat(v) => crate::text::write(self, Some(v)),
        }
    }
    fn move_text_for(&self, m: Move, notation: Notation, viewer: u8) -> Result<String, PluginError> {
        Game::move_text_for(self, m, notation, seat(viewer))
    }
    fn announcement(&self, _viewer: u8) -> String {
        self.last_strike().map(|r| self.strike_words(r)).unwrap_or_default()
    }
    fn sample(&self, viewer: u8, seed: u64) -> Result<Self, PluginError> {
        Game::sample(self, seat(viewer), seed)
    }
    fn player_count(&self) -> u8 {
        2
    }
}
