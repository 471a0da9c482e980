//! EPD and FEN in the window: a `.epd` (or `.fen`) file, or EPD pasted
//! from the clipboard, lists its positions in the game browser (or, with
//! one position, sets it up at once); a position picked is set up by the
//! rules plugin, which refuses a bad one (the line named); and the position
//! shown saves as `.epd` (with the operations of the position it was
//! opened from, while it is still that position) or `.fen`. Any game
//! whose positions are FEN reads them; another game on screen reads them
//! as config/protocols.toml's `uci_rules` game, as PGN does.

use std::path::Path;

use super::App;
use crate::controls::Focus;
use crate::dialogs::{Dialog, GamesForm, Listed};
use crate::game::Game;
use crate::tr;
use tabula_core::config::Record;
use tabula_core::outcome::GameResult;
use tabula_core::records::epd::{read_epd, write_epd, EpdPosition};
use tabula_core::records::RecordFormat;
use tabula_core::session::Session;

impl App {
    /// Opens the positions of an EPD text from `source` (a file's name,
    /// or the clipboard): one is set up at once, several are listed.
    pub(super) fn open_epd(&mut self, text: &str, source: &str) -> Result<(), String> {
        let config = self.fen_config()?;
        let rules = self.load_rules_for(&config)?;
        // The game's FEN has as many fields as its start position's text.
        let start = Session::new(rules, "").map_err(|e| e.to_string())?;
        let fields = start.position_text(start.start_position()).map_err(|e| e.to_string())?;
        let positions = read_epd(text, fields.split_whitespace().count())
            .map_err(|e| tr!("pgn-refused", source = source, reason = e.to_string()))?;
        if positions.is_empty() {
            return Err(tr!("epd-no-positions"));
        }
        if positions.len() == 1 {
            return self.load_epd_position(&positions[0], source);
        }
        self.replay = None;
        self.dialog = Some(Dialog::Games(Box::new(GamesForm::new(source, Listed::Positions(positions)))));
        self.set_focus(Some(Focus::PgnFilter));
        Ok(())
    }

    /// Sets `position` up as a new game with the players as they were.
    pub(super) fn load_epd_position(&mut self, position: &EpdPosition, source: &str) -> Result<(), String> {
        let mut config = self.fen_config()?;
        let refused = |reason: String| tr!("epd-refused", source = source, line = position.line, reason = reason);
        // The rules' own words for a position they refuse, before the
        // game is built around it.
        Session::new(self.load_rules_for(&config)?, &position.fen()).map_err(|e| refused(e.to_string()))?;
        config.record =
            Some(Record { start: position.fen(), result: GameResult::ONGOING.to_string(), ..Default::default() });
        let loaded = Game::open(config, source, self.game.extra_dirs()).map_err(refused)?;
        self.replace_game(loaded);
        self.epd_source = Some(position.clone());
        let id = position.id().map_or_else(|| position.number.to_string(), str::to_string);
        self.say(tr!("epd-loaded", id = id, operations = position.shown_operations()), false);
        Ok(())
    }

    /// A `.epd` or `.fen` file chosen in the Load dialog.
    pub(super) fn load_epd_file(&mut self, path: &Path) -> Result<(), String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        self.open_epd(&text, &name)
    }

    /// The position shown as FEN: the reviewed one, or the live one.
    fn shown_fen(&self) -> Result<String, String> {
        if RecordFormat::for_game(self.game.session.info()) != RecordFormat::Pgn {
            return Err(tr!("epd-unfit", game = self.game.session.info().name.as_str()));
        }
        let position = match self.view_ply {
            Some(ply) => self.game.position_at(ply),
            None => self.game.session.position().clone(),
        };
        Ok(position.to_text().into_result().map_err(|e| e.to_string())?.to_string())
    }

    /// Saves the position shown as one EPD line: the operations of the
    /// position it was opened from are kept while it is that position (a
    /// best move of another position would be wrong).
    pub(super) fn save_epd(&self, path: &Path) -> Result<(), String> {
        let fen = self.shown_fen()?;
        let operations = match &self.epd_source {
            Some(source) if same_position(&source.fen(), &fen) => source.operations.clone(),
            _ => Vec::new(),
        };
        let line = write_epd(&fen, &operations).map_err(|e| e.to_string())?;
        std::fs::write(path, line).map_err(|e| e.to_string())
    }

    /// Saves the position shown as one FEN line.
    pub(super) fn save_fen(&self, path: &Path) -> Result<(), String> {
        std::fs::write(path, format!("{}\n", self.shown_fen()?)).map_err(|e| e.to_string())
    }
}

/// Whether two FENs are one position: the same fields before the counters.
fn same_position(a: &str, b: &str) -> bool {
    let board = |f: &str| {
        let fields: Vec<&str> = f.split_whitespace().collect();
        fields[..fields.len().saturating_sub(2)].join(" ")
    };
    board(a) == board(b)
}

/// Whether clipboard text is EPD rather than one position: it has several
/// lines, or operations (`bm Qg6;`).
pub fn looks_like_epd(text: &str) -> bool {
    text.contains(';') || text.lines().filter(|l| !l.trim().is_empty()).count() > 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_is_told_from_one_position() {
        assert!(looks_like_epd("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;"));
        assert!(looks_like_epd("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/3K4 w - - 0 1\n"));
        assert!(!looks_like_epd("4k3/8/8/8/8/8/8/4K3 w - - 0 1\n"));
    }

    #[test]
    fn a_position_is_the_same_whatever_its_counters() {
        assert!(same_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 7 40"));
        assert!(!same_position("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"));
    }
}
