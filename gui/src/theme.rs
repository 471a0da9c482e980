//! The GUI's own colours (the board's come from the rules plugin).

use rules_api::Rgba;

/// Window background.
pub const WINDOW: Rgba = Rgba::rgb(34, 37, 43);
/// Side panel background.
pub const PANEL: Rgba = Rgba::rgb(45, 49, 57);
/// Ordinary text on the panel.
pub const TEXT: Rgba = Rgba::rgb(226, 229, 234);
/// Secondary text on the panel.
pub const TEXT_DIM: Rgba = Rgba::rgb(150, 157, 168);
/// Warnings (check).
pub const WARN: Rgba = Rgba::rgb(255, 196, 90);
/// Errors.
pub const ERROR: Rgba = Rgba::rgb(255, 120, 110);
/// Buttons.
pub const BUTTON: Rgba = Rgba::rgb(66, 72, 84);
/// Buttons under the pointer.
pub const BUTTON_HOT: Rgba = Rgba::rgb(86, 96, 112);
/// Disabled button text.
pub const BUTTON_OFF: Rgba = Rgba::rgb(100, 106, 116);
/// Accent (selection in lists, the side to move).
pub const ACCENT: Rgba = Rgba::rgb(96, 170, 255);
/// Text fields.
pub const FIELD: Rgba = Rgba::rgb(30, 33, 39);
/// The time bar of a thinking computer.
pub const PROGRESS: Rgba = Rgba::rgb(96, 170, 255);
/// Dialog backgrounds.
pub const DIALOG: Rgba = Rgba::rgb(52, 57, 66);
/// Dimming over the board behind a dialog.
pub const SHADE: Rgba = Rgba { r: 0, g: 0, b: 0, a: 130 };
/// The cells of the last move (filled cells).
pub const LAST_MOVE: Rgba = Rgba { r: 255, g: 226, b: 70, a: 105 };
/// The origin of the last move on intersection boards.
pub const LAST_MOVE_STRONG: Rgba = Rgba { r: 230, g: 150, b: 20, a: 200 };
/// The dot on the last piece placed or moved on intersection boards.
pub const LAST_MOVE_DOT: Rgba = Rgba { r: 225, g: 40, b: 40, a: 230 };
/// The selected cell.
/// The veil over cells the viewer cannot see into (hidden information).
pub const FOG: Rgba = Rgba { r: 40, g: 44, b: 52, a: 170 };
/// Cells clicked for the move being made.
pub const SELECTED: Rgba = Rgba { r: 90, g: 200, b: 120, a: 120 };
/// The ring around a selected piece on intersection boards.
pub const SELECTED_RING: Rgba = Rgba { r: 40, g: 170, b: 90, a: 230 };
/// Legal targets.
pub const TARGET: Rgba = Rgba { r: 30, g: 130, b: 70, a: 150 };
/// Where the piece under the pointer could go (layered boards).
pub const PREVIEW: Rgba = Rgba { r: 30, g: 130, b: 70, a: 80 };
/// The cell where a move that could go on may end (click it again).
pub const END_HERE: Rgba = Rgba { r: 245, g: 190, b: 40, a: 235 };
/// A piece in check.
pub const CHECK: Rgba = Rgba { r: 230, g: 30, b: 30, a: 150 };
/// The ring around a piece in check.
pub const CHECK_RING: Rgba = Rgba { r: 235, g: 35, b: 35, a: 240 };
/// The winning line.
pub const WIN: Rgba = Rgba { r: 40, g: 210, b: 90, a: 235 };
/// Forbidden points.
pub const FORBIDDEN: Rgba = Rgba { r: 210, g: 30, b: 30, a: 220 };
/// Plugin notes.
pub const NOTE: Rgba = Rgba { r: 60, g: 130, b: 240, a: 220 };
/// The hint arrow.
pub const HINT: Rgba = Rgba { r: 40, g: 110, b: 235, a: 170 };

/// Perceived brightness, 0..255.
pub fn luminance(c: Rgba) -> f32 {
    0.299 * c.r as f32 + 0.587 * c.g as f32 + 0.114 * c.b as f32
}

/// Text colour readable on `background`.
pub fn contrasting(background: Rgba) -> Rgba {
    if luminance(background) > 140.0 {
        Rgba::rgb(60, 45, 30)
    } else {
        Rgba::rgb(225, 215, 200)
    }
}

/// `c` scaled towards black by `factor` (1 = unchanged).
pub fn darker(c: Rgba, factor: f32) -> Rgba {
    let f = |v: u8| (v as f32 * factor) as u8;
    Rgba { r: f(c.r), g: f(c.g), b: f(c.b), a: c.a }
}

/// The rim of a plain disc: darker than light fills, lighter than dark ones,
/// so both stand out from the board.
pub fn rim_for(fill: Rgba) -> Rgba {
    if luminance(fill) > 128.0 {
        darker(fill, 0.62)
    } else {
        Rgba::rgb(70, 70, 70)
    }
}
