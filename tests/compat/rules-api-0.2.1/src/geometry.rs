//! How a board looks: enough for a generic renderer to draw any game.
//!
//! Coordinates are in board units (neighbouring cells are 1 apart), x to the
//! right and y downwards as seen by player 0 sitting at the bottom. A board
//! with several layers (a 3D board) gives each cell its layer; renderers draw
//! layers side by side.

use abi_stable::std_types::{RString, RVec};
use abi_stable::StableAbi;

/// A colour as 8-bit red, green, blue and alpha.
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Rgba {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
    /// Alpha (255 = opaque).
    pub a: u8,
}

impl Rgba {
    /// An opaque colour.
    pub const fn rgb(r: u8, g: u8, b: u8) -> Self {
        Rgba { r, g, b, a: 255 }
    }
    /// Fully transparent: "draw nothing".
    pub const TRANSPARENT: Rgba = Rgba { r: 0, g: 0, b: 0, a: 0 };
}

/// How a cell is drawn and hit-tested.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct CellShape(pub u8);

impl CellShape {
    /// A filled unit square centred on the cell (chess).
    pub const SQUARE: CellShape = CellShape(0);
    /// A grid intersection: nothing filled, pieces sit on the crossing
    /// (xiangqi, gomoku); lines come from [`Geometry::lines`].
    pub const POINT: CellShape = CellShape(1);
    /// A filled hexagon of unit width, pointy side up.
    pub const HEX: CellShape = CellShape(2);
    /// A filled circle of unit diameter.
    pub const CIRCLE: CellShape = CellShape(3);
}

/// One place a piece can stand.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Debug)]
pub struct Cell {
    /// Centre, board units.
    pub x: f32,
    /// Centre, board units (downwards).
    pub y: f32,
    /// Layer of a stacked (3D) board; 0 for flat boards.
    pub layer: u16,
    /// How the cell is drawn.
    pub shape: CellShape,
    /// Fill colour (ignored for [`CellShape::POINT`]).
    pub color: Rgba,
    /// Coordinate name in the game's machine notation (`e4`, `h2`, `h8`).
    pub name: RString,
}

/// A straight segment drawn on the board (grid lines, palace diagonals).
#[repr(C)]
#[derive(StableAbi, Copy, Clone, PartialEq, Debug)]
pub struct Line {
    /// Start x.
    pub x1: f32,
    /// Start y.
    pub y1: f32,
    /// End x.
    pub x2: f32,
    /// End y.
    pub y2: f32,
    /// Layer.
    pub layer: u16,
    /// Width in board units.
    pub width: f32,
    /// Colour.
    pub color: Rgba,
}

/// What a [`Mark`] is.
#[repr(transparent)]
#[derive(StableAbi, Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct MarkKind(pub u8);

impl MarkKind {
    /// A filled dot of diameter `size` (star points).
    pub const DOT: MarkKind = MarkKind(0);
    /// Text centred at the point, `size` tall (the river's words).
    pub const TEXT: MarkKind = MarkKind(1);
    /// Small corner ticks around an intersection (xiangqi's soldier marks).
    pub const CORNERS: MarkKind = MarkKind(2);
}

/// A decoration on the board that is not a cell or a line.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Debug)]
pub struct Mark {
    /// What to draw.
    pub kind: MarkKind,
    /// Centre x.
    pub x: f32,
    /// Centre y.
    pub y: f32,
    /// Layer.
    pub layer: u16,
    /// Size in board units (dot diameter, text height, tick length).
    pub size: f32,
    /// Colour.
    pub color: Rgba,
    /// Text for [`MarkKind::TEXT`], empty otherwise.
    pub text: RString,
}

/// A coordinate label drawn beside the board.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Debug)]
pub struct Label {
    /// Centre x.
    pub x: f32,
    /// Centre y.
    pub y: f32,
    /// Layer.
    pub layer: u16,
    /// The text (`a`, `8`, `九`).
    pub text: RString,
}

/// Everything needed to draw the empty board.
#[repr(C)]
#[derive(StableAbi, Clone, PartialEq, Debug)]
pub struct Geometry {
    /// All cells; a cell's index is its id in [`crate::Move`] and [`crate::Piece`].
    pub cells: RVec<Cell>,
    /// Lines drawn under the pieces.
    pub lines: RVec<Line>,
    /// Dots and text drawn under the pieces.
    pub marks: RVec<Mark>,
    /// Coordinate labels around the board.
    pub labels: RVec<Label>,
    /// Board background colour (behind cells and lines).
    pub background: Rgba,
    /// Number of layers (1 for flat boards).
    pub layers: u16,
}
