//! The small board in the New game dialog: the chosen game's start
//! position with the options chosen, drawn by the window's own board
//! painter. It is read from the rules plugin once per choice (game and
//! options) and kept, so drawing a frame never builds rules; a game that
//! hides information shows what a spectator sees.

use std::collections::HashMap;
use std::sync::Arc;

use rules_api::{GameInfo, Piece, PositionExt, PositionFlags, RulesBox, RulesExt, SPECTATOR};
use sdl2::render::RenderTarget;
use tabula_core::boundary::{check_pieces, describe, CallError, Faulty};
use tabula_core::watchdog::watch;

use crate::board::BoardScene;
use crate::layout::{Area, BoardLayout};
use crate::paint::Painter;
use crate::scene::draw_board;
use crate::shown::ShownBoard;
use crate::GuiError;

/// A start position ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardPreview {
    /// Players and piece types.
    pub info: GameInfo,
    /// The board as the start position shows it.
    pub board: ShownBoard,
    /// The pieces a spectator sees.
    pub pieces: Vec<Piece>,
    /// The cells a spectator cannot see into.
    pub fog: Vec<u16>,
}

impl BoardPreview {
    /// The start position of `rules`, each answer checked as the core
    /// checks a game's; hidden pieces stay hidden (the spectator's view).
    pub fn of(rules: &RulesBox) -> Result<BoardPreview, CallError> {
        let (info, geometry, shape) = describe(rules)?;
        let start = watch("start_position", || rules.start())?;
        let board = ShownBoard::of(&geometry, &start, &shape)?;
        let hidden = watch("flags", || start.flags()).contains(PositionFlags::HIDDEN);
        let (pieces, fog) = if hidden {
            let pieces = watch("view_pieces", || start.view_piece_list(SPECTATOR))?;
            let fog = watch("hidden_cells", || start.hidden_cell_list(SPECTATOR))?;
            if let Some(&cell) = fog.iter().find(|&&c| c as usize >= shape.cells) {
                let problem = format!("cell {cell} is not on the board ({} cells)", shape.cells);
                return Err(Faulty { call: "hidden_cells", problem }.into());
            }
            (pieces, fog)
        } else {
            (watch("pieces", || start.piece_list())?, Vec::new())
        };
        check_pieces(&pieces, &shape)?;
        Ok(BoardPreview { info, board, pieces, fog })
    }

    /// The cells drawn (those the start position does not hide).
    pub fn cells(&self) -> usize {
        self.board.hidden.iter().filter(|&&h| !h).count()
    }

    /// Draws the board scaled into `area`, centred.
    pub fn draw<T: RenderTarget>(&self, p: &mut Painter<T>, area: Area) -> Result<(), GuiError> {
        let layout = BoardLayout::new(&self.board.geometry, area, false);
        let mut scene = BoardScene::plain(&self.board, &self.info, &self.pieces, &[]);
        scene.fog = &self.fog;
        draw_board(p, &layout, &scene)
    }
}

/// A game's name and the options chosen for it.
type Choice = (String, Vec<(String, String)>);

/// The previews read so far, by game and options; `None` where the rules
/// would not build with those options (no preview is drawn).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Previews {
    read: HashMap<Choice, Option<Arc<BoardPreview>>>,
}

impl Previews {
    /// Whether the preview of `game` with `options` was read already.
    pub fn has(&self, game: &str, options: &[(String, String)]) -> bool {
        self.read.contains_key(&(game.to_string(), options.to_vec()))
    }

    /// Keeps what was read for `game` with `options`.
    pub fn keep(&mut self, game: &str, options: &[(String, String)], preview: Option<BoardPreview>) {
        self.read.insert((game.to_string(), options.to_vec()), preview.map(Arc::new));
    }

    /// The preview of `game` with `options`, when one was read and built.
    pub fn get(&self, game: &str, options: &[(String, String)]) -> Option<&BoardPreview> {
        self.read.get(&(game.to_string(), options.to_vec()))?.as_deref()
    }
}
